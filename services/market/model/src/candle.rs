//! A day candle of a stock and where a stored one comes from.

use chrono::NaiveDate;

/// One trading day of one stock. Prices in won, volume in shares, value in won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candle {
    pub date: NaiveDate,
    pub open: i64,
    pub high: i64,
    pub low: i64,
    pub close: i64,
    pub volume: i64,
    pub trading_value: i64,
}

/// Where a stored candle comes from (`day_candles.source`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// Real KRX history from the bundled dataset.
    Krx,
    /// Deterministic sample history (no real data for that day).
    Generated,
    /// A day closed by the market simulator.
    Simulated,
}

impl Source {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Krx => "krx",
            Self::Generated => "generated",
            Self::Simulated => "simulated",
        }
    }
}
