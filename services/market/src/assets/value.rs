//! The values of indexes and forex pairs as the board holds them ([`LiveValue`], the
//! composite indexes' [`MinuteBar`]s) and their proto form.

use chrono::{DateTime, FixedOffset, NaiveDate};
use sise_proto::market::v1 as pb;

use super::catalog::Entry;
use super::history::{Bar, Source};
use super::walk::round_to;
use crate::simulator::Session;

/// The current value of an index or forex pair.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveValue {
    pub date: NaiveDate,
    pub price: f64,
    pub previous_close: f64,
    /// 0 until the day has opened, like stock quotes.
    pub open: f64,
    pub high: f64,
    pub low: f64,
    pub volume: i64,
    pub trading_value: f64,
    pub traded_at: DateTime<FixedOffset>,
    pub session: Session,
}

impl LiveValue {
    pub fn opened(&self) -> bool {
        self.open > 0.0
    }

    /// The day's candle so far, once the day has opened.
    pub fn bar(&self) -> Option<Bar> {
        self.opened().then_some(Bar {
            date: self.date,
            open: self.open,
            high: self.high,
            low: self.low,
            close: self.price,
            volume: self.volume,
            trading_value: self.trading_value,
            source: Source::Simulated,
        })
    }
}

/// One minute of a computed index (simulated series derive theirs from the path).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MinuteBar {
    pub time_ms: i64,
    pub open: f64,
    pub high: f64,
    pub low: f64,
    pub close: f64,
    pub volume: i64,
}

/// The proto form of a live value.
pub fn to_asset(entry: &Entry, value: &LiveValue) -> pb::Asset {
    let change = round_to(value.price - value.previous_close, entry.walk.decimals + 2);
    pb::Asset {
        asset_id: entry.id.as_str().to_owned(),
        short_code: entry.id.short_code().to_owned(),
        name: entry.name.clone(),
        kind: if entry.is_index() {
            pb::AssetKind::Index
        } else {
            pb::AssetKind::Forex
        } as i32,
        price: value.price,
        previous_close: value.previous_close,
        change,
        change_rate: if value.previous_close > 0.0 {
            (value.price - value.previous_close) / value.previous_close
        } else {
            0.0
        },
        change_type: change_type(value.price, value.previous_close) as i32,
        open: value.open,
        high: value.high,
        low: value.low,
        traded_at_ms: value.traded_at.timestamp_millis(),
        session: pb::Session::from(value.session) as i32,
    }
}

/// Indexes and forex have no price limits: rise, even or fall.
pub fn change_type(price: f64, previous_close: f64) -> pb::PriceChange {
    if price > previous_close {
        pb::PriceChange::Rise
    } else if price < previous_close {
        pb::PriceChange::Fall
    } else {
        pb::PriceChange::Even
    }
}
