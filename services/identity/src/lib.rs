//! The identity service: members, their login sessions, consents, dormancy and sanctions.
//!
//! Layout (layers point down):
//! - `grpc`: `sise.identity.v1.IdentityService` (login, sign-up, profile, photo,
//!   secession, sessions for the gateway) and `OperatorService` (sanctions, objections).
//! - `membership`: the rules: login outcomes, sign-up, dormancy, profile edits, photos,
//!   secession, the periodic sweep.
//! - `profile`: nickname, birth year, gender and e-mail rules; `avatar`: photo decoding,
//!   re-encoding and resizing.
//! - `kakao`: the messenger login provider's REST protocol: the client that checks a
//!   messenger token, and the development provider of the embedded default.
//! - `store`: the identity database, both backends (members, sessions, sanctions,
//!   throttled failures).
//! - `config`, `startup`: configuration section and the `Application` that runs it.

pub mod avatar;
pub mod config;
pub mod grpc;
pub mod kakao;
pub mod membership;
pub mod profile;
pub mod startup;
pub mod store;

pub use config::IdentityConfig;
pub use startup::Application;
