//! The `services.market.simulator` configuration section: clock mode, seed and pace.

use std::time::Duration;

use serde::Deserialize;

use super::clock::Mode;

#[derive(Clone, Debug, Deserialize)]
pub struct SimulatorSettings {
    pub mode: SimulatorMode,
    pub seed: u64,
    /// How often the simulator steps and publishes changes.
    pub tick_interval_ms: u64,
    /// Length of one simulated trading day in continuous mode.
    #[serde(default = "default_day_length")]
    pub day_length_secs: u64,
    /// Seconds the market's clock runs ahead of the wall clock (negative: behind): its
    /// sessions and trading dates as if it were then. 0 (the wall clock) but for
    /// demonstrations and the end-to-end test of what happens after the close.
    #[serde(default)]
    pub clock_offset_secs: i64,
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
