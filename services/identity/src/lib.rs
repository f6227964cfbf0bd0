//! The identity service: members (users) and their login sessions.
//!
//! Layout:
//! - `store`: the identity database (users, sessions), both backends; issues session
//!   tokens and resolves them.
//! - `grpc`: `sise.identity.v1.IdentityService` (`Authenticate`: token → member).
//! - `kakao`: the messenger login provider's REST protocol: the client that checks a
//!   messenger token, and the development provider of the embedded default.
//! - `config`, `startup`: configuration section and the `Application` that runs it.
//!
//! Later: sign-up and login from a Kakao token, profile and settings, dormancy, secession.

pub mod config;
pub mod grpc;
pub mod kakao;
pub mod startup;
pub mod store;

pub use config::IdentityConfig;
pub use startup::Application;
