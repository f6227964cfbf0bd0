//! The `services.market` configuration section.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use serde::Deserialize;

use crate::simulator::Mode;

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

#[derive(Clone, Debug, Deserialize)]
pub struct SimulatorSettings {
    pub mode: SimulatorMode,
    pub seed: u64,
    /// How often the simulator steps and publishes changes.
    pub tick_interval_ms: u64,
    /// Length of one simulated trading day in continuous mode.
    #[serde(default = "default_day_length")]
    pub day_length_secs: u64,
}

fn default_day_length() -> u64 {
    600
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SimulatorMode {
    /// The real KRX clock and calendar.
    Krx,
    /// Always trading, a simulated day every `day_length_secs`.
    Continuous,
}

impl SimulatorSettings {
    pub fn mode(&self) -> Mode {
        match self.mode {
            SimulatorMode::Krx => Mode::Krx,
            SimulatorMode::Continuous => Mode::Continuous {
                day_length: Duration::from_secs(self.day_length_secs),
            },
        }
    }

    pub fn tick_interval(&self) -> Duration {
        Duration::from_millis(self.tick_interval_ms.max(10))
    }
}
