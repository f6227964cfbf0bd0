//! The social service: the community around securities: posts, comments, likes and
//! dislikes, reports, insight articles and notices.
//!
//! Layout:
//! - `store`: the social database (posts, comments, reactions, reports, notices), both
//!   backends.
//! - `config`, `startup`: configuration section and the `Application` that runs it. For
//!   now it serves gRPC health and `/healthz`, `/readyz` only; the gRPC service arrives
//!   with the features.

pub mod config;
pub mod startup;
pub mod store;

pub use config::SocialConfig;
pub use startup::Application;
