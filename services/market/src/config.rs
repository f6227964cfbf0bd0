//! The `services.market` configuration section: the service's listen address and database,
//! the dataset, and each feature's own section.

use std::path::PathBuf;

use serde::Deserialize;
use sise_platform::config::ServiceConfig;

pub use crate::articles::config::{DartSettings, NewsSettings};
pub use crate::assets::AssetSettings;
pub use crate::charts::ChartsConfig;
pub use crate::simulator::{SimulatorMode, SimulatorSettings};

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
}
