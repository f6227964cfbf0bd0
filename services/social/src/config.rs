//! The `services.social` configuration section: where to listen and which database to
//! use (default `sqlite://{data_dir}/social.db`).

pub use sise_platform::config::ServiceConfig as SocialConfig;
