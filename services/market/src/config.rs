//! The `services.market` configuration section: the service's listen address and database,
//! the dataset, and each feature's own section.

use std::path::PathBuf;

use serde::Deserialize;
use sise_platform::config::ServiceConfig;
use sise_platform::task::Backoff;

pub use crate::articles::config::{DartSettings, NewsSettings};
pub use crate::assets::AssetSettings;
pub use crate::charts::ChartsConfig;
pub use crate::leader::LeaderSettings;
pub use crate::simulator::{SimulatorMode, SimulatorSettings};
pub use crate::trends::TrendsSettings;

#[derive(Clone, Debug, Deserialize)]
pub struct MarketConfig {
    /// `listen` and `database_url` (default: `market.db` in the data directory).
    #[serde(flatten)]
    pub service: ServiceConfig,
    /// Folder holding the bundled KRX dataset (`services/market/data`).
    pub dataset_dir: PathBuf,
    pub simulator: SimulatorSettings,
    /// The OpenDART disclosure ingestor (`articles`).
    #[serde(default)]
    pub dart: DartSettings,
    /// The RSS/Atom news ingestor (`articles`).
    #[serde(default)]
    pub news: NewsSettings,
    /// Day and minute candles (`charts`).
    #[serde(default)]
    pub charts: ChartsConfig,
    /// Indexes and forex (`assets`).
    #[serde(default)]
    pub assets: AssetSettings,
    /// The 토론 급증 thresholds (`trends`).
    #[serde(default)]
    pub trends: TrendsSettings,
    /// Leader election among replicas (`leader`).
    #[serde(default)]
    pub leader: LeaderSettings,
    /// Restart backoff of the supervised background tasks (feed, asset engine, candle
    /// writer, ingestors, follower).
    #[serde(default)]
    pub tasks: Backoff,
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use sise_platform::config::Config;

    use super::*;

    /// The repository's own configuration, through the platform loader: the flattened
    /// service section and the feature sections next to it.
    #[test]
    fn reads_the_repository_configuration() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config");
        let mut config = Config::load_from(&dir, "local").expect("load");
        config
            .set("services.market.listen", "127.0.0.1:0")
            .expect("set");
        let market: MarketConfig = config.section("services.market").expect("section");
        assert_eq!(market.service.listen.port(), 0);
        assert_eq!(market.simulator.mode, SimulatorMode::Continuous);
        assert_eq!(market.charts.history_days, 250);
        assert_eq!(market.assets.path_step_secs, 10);
        assert_eq!(market.trends.surge_min_posts, 5);
    }
}
