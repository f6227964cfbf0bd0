//! The `services.favorites` configuration section: where to listen and which database to
//! use (default `sqlite://{data_dir}/favorites.db`).

pub use sise_platform::config::ServiceConfig as FavoritesConfig;
