//! The `services.favorites` configuration section: where to listen, which database (default
//! `sqlite://{data_dir}/favorites.db`), where market is (security ids are checked there),
//! where identity is (whether a member keeps their groups public) and the limits.

use serde::Deserialize;
use sise_platform::config::ServiceConfig;

#[derive(Clone, Debug, Deserialize)]
pub struct FavoritesConfig {
    #[serde(flatten)]
    pub service: ServiceConfig,
    /// Market's gRPC address (the one-process server sets it to market's own).
    pub market_url: String,
    /// Identity's gRPC address (the members' API), asked whether another member keeps
    /// their groups public (the one-process server sets it to identity's own).
    pub identity_url: String,
    /// Groups per member (docs/api.md, "Favorites").
    #[serde(default = "default_max_lists")]
    pub max_lists: u32,
    /// Stocks per group.
    #[serde(default = "default_max_stocks_per_list")]
    pub max_stocks_per_list: u32,
}

fn default_max_lists() -> u32 {
    20
}

fn default_max_stocks_per_list() -> u32 {
    100
}
