//! Forex helpers: currency codes, the converter (`forex_calcs`), daily rows with bank
//! cash and transfer rates (`dayForexes`), and chart points.
//!
//! Base rates are won per quoting unit (per 100 for JPY, IDR and VND, as Korean banks
//! quote them). Cash rates apply the currency's cash spread to the base rate and transfer
//! rates the spreads of the bundled bank board (sample spreads where the board has none).

use chrono::{DateTime, FixedOffset, Months, NaiveDate, TimeDelta};
use sise_platform::error::{DomainError, ErrorCode};
use sise_proto::market::v1 as pb;

use super::catalog::{Currency, Entry};
use super::history::Bar;
use super::live::{AssetBoard, coarse_path, span_of};
use super::store::AssetStore;
use super::walk::round_to;
use crate::simulator::clock::kst_instant;

/// Largest amount the converter accepts.
pub const MAX_AMOUNT: f64 = 1e12;

pub fn invalid_currency() -> DomainError {
    DomainError::from(ErrorCode::InvalidCurrency)
}

/// A currency code as the converter reads it: three letters, any case (`usd` → `USD`).
pub fn parse_currency(text: &str) -> Result<String, DomainError> {
    let code = text.trim().to_ascii_uppercase();
    if code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase()) {
        Ok(code)
    } else {
        Err(invalid_currency())
    }
}

/// A positive finite amount up to [`MAX_AMOUNT`].
pub fn validate_amount(amount: f64) -> Result<f64, DomainError> {
    if amount.is_finite() && amount > 0.0 && amount <= MAX_AMOUNT {
        Ok(amount)
    } else {
        Err(DomainError::from(ErrorCode::InvalidAmount))
    }
}

/// Round to `digits` significant digits (results of any size stay readable).
pub fn round_significant(value: f64, digits: i32) -> f64 {
    if value == 0.0 || !value.is_finite() {
        return value;
    }
    let magnitude = value.abs().log10().floor() as i32;
    let scale = 10_f64.powi(digits - 1 - magnitude);
    if !scale.is_finite() {
        // Below about 1e-300 the scale overflows (and the result would be NaN): round
        // through the decimal exponent form instead.
        return format!("{value:.*e}", (digits - 1).max(0) as usize)
            .parse()
            .unwrap_or(value);
    }
    (value * scale).round() / scale
}

/// Money as the converter shows it: 2 decimals from 1 up, 6 significant digits below.
pub fn round_money(value: f64) -> f64 {
    if value.abs() >= 1.0 {
        round_to(value, 2)
    } else {
        round_significant(value, 6)
    }
}

/// Convert `amount` between currencies given each one's won per single unit (1 for KRW).
/// Returns the result and the rate (units of `to` per one unit of `from`, 8 significant
/// digits).
pub fn convert(amount: f64, from_won_per_unit: f64, to_won_per_unit: f64) -> (f64, f64) {
    let rate = from_won_per_unit / to_won_per_unit;
    (round_money(amount * rate), round_significant(rate, 8))
}

/// A day of a forex pair with the bank's cash and transfer rates.
pub fn day_forex(
    currency: &Currency,
    decimals: u32,
    bar: &Bar,
    previous_close: f64,
) -> pb::DayForex {
    let base = bar.close;
    let change = round_to(base - previous_close, decimals);
    let at = |spread: f64| round_to(base * (1.0 + spread), decimals);
    pb::DayForex {
        date: bar.date.to_string(),
        base_rate: base,
        change,
        change_rate: if previous_close > 0.0 {
            (base - previous_close) / previous_close
        } else {
            0.0
        },
        cash_buy: at(currency.cash_spread),
        cash_sell: at(-currency.cash_spread),
        transfer_send: at(currency.send_spread),
        transfer_receive: at(-currency.receive_spread),
    }
}

/// Chart periods of `forexes/{asset_id}/chart`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Period {
    /// The live day's minutes.
    Day,
    /// The last seven days at 30-minute points.
    Week,
    /// Daily closes of the last month.
    Month,
    /// Daily closes of the last year.
    Year,
}

impl Period {
    pub fn parse(text: &str) -> Result<Self, DomainError> {
        match text {
            "day" => Ok(Self::Day),
            "week" => Ok(Self::Week),
            "month" => Ok(Self::Month),
            "year" => Ok(Self::Year),
            _ => Err(DomainError::from(ErrorCode::InvalidPeriod)),
        }
    }
}

fn point(time: DateTime<FixedOffset>, value: f64) -> pb::ForexChartPoint {
    pb::ForexChartPoint {
        time_ms: time.timestamp_millis(),
        value,
    }
}

/// Chart points, oldest first, ending with the live value.
pub async fn chart(
    board: &AssetBoard,
    store: &AssetStore,
    position: usize,
    entry: &Entry,
    period: Period,
    now: DateTime<FixedOffset>,
) -> anyhow::Result<Vec<pb::ForexChartPoint>> {
    let Some(live) = board.value(position) else {
        return Ok(Vec::new());
    };
    let mut points = Vec::new();
    match period {
        Period::Day => {
            points.extend(board.minutes(position, now).into_iter().filter_map(|m| {
                Some(point(
                    DateTime::from_timestamp_millis(m.time_ms)?.fixed_offset(),
                    m.close,
                ))
            }));
        }
        Period::Week => {
            let from = live.date - TimeDelta::days(7);
            let days = store
                .range(&entry.id, from, live.date - TimeDelta::days(1))
                .await?;
            for bar in days {
                // Real forex days hold closes only; their open is the previous close.
                let path = coarse_path(
                    board.seed,
                    entry,
                    span_of(board, entry, bar.date),
                    bar.date,
                    bar.open,
                    bar.close,
                );
                points.extend(
                    path.values
                        .iter()
                        .enumerate()
                        .map(|(i, &v)| point(path.time_of(i), v)),
                );
            }
            if let Some(path) = board.path(position) {
                let seen = path.seen_at(now);
                let stride = (path.values.len() / 48).max(1);
                points.extend(
                    path.values[..seen]
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| i % stride == 0)
                        .map(|(i, &v)| point(path.time_of(i), v)),
                );
            }
        }
        Period::Month | Period::Year => {
            let from = match period {
                Period::Month => live.date.checked_sub_months(Months::new(1)),
                _ => live.date.checked_sub_months(Months::new(12)),
            }
            .unwrap_or(NaiveDate::MIN);
            let days = store
                .range(&entry.id, from, live.date - TimeDelta::days(1))
                .await?;
            points.extend(days.iter().map(|b| point(kst_instant(b.date, 0), b.close)));
        }
    }
    let last = point(live.traded_at, live.price);
    if points.last().is_none_or(|p| p.time_ms < last.time_ms) {
        points.push(last);
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The smallest amounts the converter accepts gave a NaN result (`null` in JSON).
    #[test]
    fn tiny_amounts_convert_to_numbers() {
        for amount in [5e-324, 1e-310, 1e-300] {
            let (result, rate) = convert(amount, 1.0, 9.38 / 100.0);
            assert!(result.is_finite() && result > 0.0, "{amount}: {result}");
            assert!(rate.is_finite());
        }
        assert_eq!(round_significant(1.234_567e-320, 3), 1.23e-320);
    }

    #[test]
    fn converts_with_jpy_per_100() {
        // 1,000 yen at 943.44 won per 100 yen is 9,434.4 won.
        let jpy = 943.44 / 100.0;
        let (result, rate) = convert(1_000.0, jpy, 1.0);
        assert_eq!(result, 9_434.4);
        assert_eq!(rate, 9.4344);
        // And back: 9,434.4 won buy 1,000 yen.
        let (result, _) = convert(9_434.4, 1.0, jpy);
        assert!((result - 1_000.0).abs() < 1e-6, "{result}");
        // A cross: 100 dollars at 1,441.90 won into yen.
        let (result, rate) = convert(100.0, 1_441.9, jpy);
        assert!((result - 15_283.43).abs() < 0.005, "{result}");
        assert_eq!(rate, 152.83431);
        // Small results keep six significant digits.
        assert_eq!(convert(1.0, 1.0, 1_441.9).0, 0.000693529);
        // Same currency.
        assert_eq!(convert(5.5, 1_441.9, 1_441.9), (5.5, 1.0));
    }

    #[test]
    fn validates_amounts_and_codes() {
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY, 1e12 + 1.0] {
            assert_eq!(
                validate_amount(bad).map_err(|e| e.code),
                Err(ErrorCode::InvalidAmount),
                "{bad}"
            );
        }
        assert_eq!(validate_amount(1e12), Ok(1e12));
        assert_eq!(parse_currency(" usd "), Ok("USD".to_owned()));
        for bad in ["", "US", "USDD", "U$D", "원화"] {
            assert!(parse_currency(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn day_rows_apply_spreads() {
        let usd = Currency {
            code: "USD".into(),
            country: "미국".into(),
            unit: 1.0,
            cash_spread: 0.0175,
            send_spread: 0.01,
            receive_spread: 0.01,
            board: vec![],
            sigma: 0.005,
        };
        let bar = Bar {
            date: NaiveDate::from_ymd_opt(2026, 2, 13).expect("date"),
            open: 1_440.0,
            high: 1_445.0,
            low: 1_439.0,
            close: 1_441.9,
            volume: 0,
            trading_value: 0.0,
            source: super::super::history::Source::Real,
        };
        let row = day_forex(&usd, 2, &bar, 1_450.0);
        assert_eq!(row.base_rate, 1_441.9);
        assert_eq!(row.change, -8.1);
        assert_eq!(row.cash_buy, 1_467.13);
        assert_eq!(row.cash_sell, 1_416.67);
        assert_eq!(row.transfer_send, 1_456.32);
        assert_eq!(row.transfer_receive, 1_427.48);
        assert!(row.change_rate < 0.0);
    }

    #[test]
    fn periods_parse() {
        assert_eq!(Period::parse("week"), Ok(Period::Week));
        assert!(Period::parse("WEEK").is_err());
        assert!(Period::parse("").is_err());
    }
}
