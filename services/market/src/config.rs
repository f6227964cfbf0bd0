//! The `services.market` configuration section.

use std::net::SocketAddr;
use std::path::PathBuf;

use serde::Deserialize;

use crate::simulator::SimulatorSettings;

#[derive(Clone, Debug, Deserialize)]
pub struct MarketConfig {
    pub listen: SocketAddr,
    #[serde(default)]
    pub database_url: Option<String>,
    /// Folder holding the bundled KRX dataset (`services/market/data`).
    pub dataset_dir: PathBuf,
    pub simulator: SimulatorSettings,
    /// The OpenDART disclosure ingestor (`articles`).
    #[serde(default)]
    pub dart: crate::articles::config::DartSettings,
    /// The RSS/Atom news ingestor (`articles`).
    #[serde(default)]
    pub news: crate::articles::config::NewsSettings,
    /// Day and minute candles (`charts`).
    #[serde(default)]
    pub charts: crate::charts::ChartsConfig,
    /// Indexes and forex (`assets`).
    #[serde(default)]
    pub assets: crate::assets::AssetSettings,
}
