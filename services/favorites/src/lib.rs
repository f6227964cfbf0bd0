//! The favorites service: members' favorite groups ("관심그룹") of stocks.
//!
//! Layout (layers point down):
//! - `grpc`: `sise.favorites.v1.FavoritesService`: the member from trusted metadata, group
//!   names, security ids checked with market, refusals as catalogue errors.
//! - `store`: the favorites database (groups and their stocks), both backends; one
//!   member's changes serialised, limits, all-or-nothing reorders, outbox events.
//! - `secession`: identity's `user_seceded` consumed; the member's favorites erased.
//! - `config`, `startup`: configuration section and the `Application` that runs it.

pub mod config;
pub mod grpc;
pub mod secession;
pub mod startup;
pub mod store;

pub use config::FavoritesConfig;
pub use startup::Application;
