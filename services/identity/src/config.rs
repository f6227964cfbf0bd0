//! The `services.identity` configuration section: where to listen and which database to
//! use (default `sqlite://{data_dir}/identity.db`).

pub use sise_platform::config::ServiceConfig as IdentityConfig;
