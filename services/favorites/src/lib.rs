//! The favorites service: members' favorite groups ("관심그룹") of stocks.
//!
//! Layout:
//! - `store`: the favorites database (favorite stock lists and their stocks), both
//!   backends.
//! - `config`, `startup`: configuration section and the `Application` that runs it. For
//!   now it serves gRPC health and `/healthz`, `/readyz` only; the gRPC service arrives
//!   with the features.

pub mod config;
pub mod startup;
pub mod store;

pub use config::FavoritesConfig;
pub use startup::Application;
