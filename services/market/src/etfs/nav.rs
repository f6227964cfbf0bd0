//! NAV over time, computed by Sise from the real closes of an ETF's basket (not the
//! issuer's published NAV), against the ETF's real close, and the tracking error of the two
//! (docs/architecture.md, "Market data: ETFs"):
//!
//! - the window is the ETF's last [`WINDOW_DAYS`] real trading days (the Naver history,
//!   to 2026-03-17); a component counts when it has a real close (Naver, or KIS where both
//!   have the day) on every day of the window and no day-to-day move beyond the ±30% price
//!   limit (the prices are unadjusted: such a move is a split or a spin-off);
//! - `NAV_t = close_0 × Σ w_i · P_i,t / P_i,0`, the weights renormalised over the counted
//!   components and the NAV anchored at the ETF's close on the window's first day;
//! - premium (discount below 0) `= (close_t / NAV_t − 1) × 100`;
//! - tracking error `= stdev(r_ETF − r_NAV) × √252 × 100`, daily log returns, sample
//!   standard deviation (n − 1), in percent a year.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;

use anyhow::Context;
use chrono::NaiveDate;

use super::basket::Basket;
use crate::dataset::{naver_daily, parse_int};

const KIS_DAILY: &str = "ohlcv_daily_263_kis_20251010_20260615.csv";
/// Trading days of the NAV window (the KIS history, which alone has the KOSDAQ names,
/// starts 2025-10-10: about 105 trading days before the last ETF close).
pub const WINDOW_DAYS: usize = 100;
/// Largest day-to-day close ratio a listed share can make (the ±30% limit).
const LIMIT_RATIO: f64 = 1.3;
const TRADING_DAYS_A_YEAR: f64 = 252.0;

#[derive(Clone, Debug, PartialEq)]
pub struct Value {
    pub date: NaiveDate,
    pub close: i64,
    pub nav: f64,
    pub premium: f64,
}

/// The NAV series of one ETF, oldest first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Series {
    pub values: Vec<Value>,
    /// Percent of the basket's weight counted.
    pub coverage: f64,
    /// Annualised, in percent; `None` without a series.
    pub tracking_error: Option<f64>,
}

type Closes = BTreeMap<NaiveDate, i64>;

/// The series of every ETF with a basket (by code), from the real histories in `dir`.
pub fn compute(
    dir: &Path,
    baskets: &HashMap<String, Basket>,
) -> anyhow::Result<HashMap<String, Series>> {
    let mut codes: HashSet<&str> = baskets.keys().map(String::as_str).collect();
    for basket in baskets.values() {
        codes.extend(basket.components.iter().map(|c| c.code.as_str()));
    }
    let mut closes: HashMap<String, Closes> = naver_daily(dir, codes.iter().copied())?
        .into_iter()
        .map(|(code, days)| (code, days.into_iter().map(|(d, c, _)| (d, c)).collect()))
        .collect();
    for (code, date, close) in kis_closes(dir, &codes)? {
        closes.entry(code).or_default().insert(date, close);
    }
    Ok(baskets
        .iter()
        .filter(|(_, b)| !b.components.is_empty())
        .map(|(code, basket)| {
            let empty = Closes::new();
            let own = closes.get(code).unwrap_or(&empty);
            (code.clone(), series(own, basket, &closes))
        })
        .collect())
}

/// (code, date, close) of the KIS rows of `codes`.
fn kis_closes(dir: &Path, codes: &HashSet<&str>) -> anyhow::Result<Vec<(String, NaiveDate, i64)>> {
    let path = dir.join(KIS_DAILY);
    let mut reader =
        csv::Reader::from_path(&path).with_context(|| format!("cannot open {}", path.display()))?;
    let mut rows = Vec::new();
    let mut record = csv::StringRecord::new();
    // Columns: code,name,date,open,high,low,close,volume,turnover.
    while reader.read_record(&mut record)? {
        let code = record.get(0).unwrap_or_default();
        if !codes.contains(code) {
            continue;
        }
        if let (Some(date), Some(close)) = (
            record
                .get(2)
                .and_then(|d| NaiveDate::parse_from_str(d, "%Y%m%d").ok()),
            record.get(6).and_then(parse_int).filter(|&c| c > 0),
        ) {
            rows.push((code.to_owned(), date, close));
        }
    }
    Ok(rows)
}

fn series(own: &Closes, basket: &Basket, closes: &HashMap<String, Closes>) -> Series {
    let window: Vec<(NaiveDate, i64)> = own
        .iter()
        .rev()
        .take(WINDOW_DAYS)
        .rev()
        .map(|(&d, &c)| (d, c))
        .collect();
    if window.len() < 2 {
        return Series::default();
    }
    // Each counted component's weight and its closes on the window's days.
    let counted: Vec<(f64, Vec<f64>)> = basket
        .components
        .iter()
        .filter_map(|c| {
            let days = closes.get(&c.code)?;
            let prices: Vec<f64> = window
                .iter()
                .map(|(d, _)| days.get(d).map(|&p| p as f64))
                .collect::<Option<_>>()?;
            let within_limits = prices.windows(2).all(|w| {
                let ratio = w[1] / w[0];
                (2.0 - LIMIT_RATIO..=LIMIT_RATIO).contains(&ratio)
            });
            within_limits.then_some((c.weight, prices))
        })
        .collect();
    let covered: f64 = counted.iter().map(|(w, _)| w).sum();
    if covered <= 0.0 {
        return Series::default();
    }
    let anchor = window[0].1 as f64;
    let values: Vec<Value> = window
        .iter()
        .enumerate()
        .map(|(t, &(date, close))| {
            let level: f64 = counted
                .iter()
                .map(|(w, prices)| w / covered * prices[t] / prices[0])
                .sum();
            let nav = anchor * level;
            Value {
                date,
                close,
                nav: (nav * 100.0).round() / 100.0,
                premium: (close as f64 / nav - 1.0) * 100.0,
            }
        })
        .collect();
    Series {
        tracking_error: tracking_error(&values),
        coverage: covered * 100.0,
        values,
    }
}

/// `stdev(r_ETF − r_NAV) × √252 × 100` over daily log returns (n − 1).
pub fn tracking_error(values: &[Value]) -> Option<f64> {
    let differences: Vec<f64> = values
        .windows(2)
        .map(|w| (w[1].close as f64 / w[0].close as f64).ln() - (w[1].nav / w[0].nav).ln())
        .collect();
    if differences.len() < 2 {
        return None;
    }
    let n = differences.len() as f64;
    let mean = differences.iter().sum::<f64>() / n;
    let variance = differences.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0);
    Some(variance.sqrt() * TRADING_DAYS_A_YEAR.sqrt() * 100.0)
}

#[cfg(test)]
mod tests {
    use super::super::basket::Component;
    use super::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 3, d).expect("date")
    }

    fn closes(prices: &[i64]) -> Closes {
        prices
            .iter()
            .enumerate()
            .map(|(i, &p)| (day(i as u32 + 1), p))
            .collect()
    }

    fn component(code: &str, weight: f64) -> Component {
        Component {
            code: code.to_owned(),
            name: code.to_owned(),
            weight,
            market_cap: 1,
        }
    }

    #[test]
    fn the_nav_follows_the_weighted_basket_from_the_first_close() {
        let basket = Basket {
            components: vec![component("A", 0.75), component("B", 0.25)],
            method: String::new(),
        };
        let all = HashMap::from([
            ("A".to_owned(), closes(&[100, 110, 121])),
            ("B".to_owned(), closes(&[50, 50, 45])),
        ]);
        let own = closes(&[1_000, 1_080, 1_150]);
        let series = series(&own, &basket, &all);
        let navs: Vec<f64> = series.values.iter().map(|v| v.nav).collect();
        // 0.75 × 1.1 + 0.25 × 1 = 1.075; 0.75 × 1.21 + 0.25 × 0.9 = 1.1325.
        assert_eq!(navs, [1_000.0, 1_075.0, 1_132.5]);
        assert!((series.values[1].premium - (1_080.0 / 1_075.0 - 1.0) * 100.0).abs() < 1e-9);
        assert!((series.coverage - 100.0).abs() < 1e-9);
        assert!(series.tracking_error.expect("te") > 0.0);
    }

    #[test]
    fn components_without_every_close_or_with_a_corporate_action_are_left_out() {
        let basket = Basket {
            components: vec![
                component("A", 0.5),
                component("B", 0.3),
                component("C", 0.2),
            ],
            method: String::new(),
        };
        let mut gappy = closes(&[10, 10, 10]);
        gappy.remove(&day(2));
        let all = HashMap::from([
            ("A".to_owned(), closes(&[100, 101, 102])),
            ("B".to_owned(), gappy),
            ("C".to_owned(), closes(&[100, 50, 50])), // a 1:2 split
        ]);
        let series = series(&closes(&[1_000, 1_010, 1_020]), &basket, &all);
        assert!((series.coverage - 50.0).abs() < 1e-9);
        assert_eq!(series.values[2].nav, 1_020.0);
        assert!(series.values.iter().all(|v| v.premium.abs() < 1e-9));
    }

    #[test]
    fn a_perfect_tracker_has_no_tracking_error() {
        let values: Vec<Value> = [100.0, 103.0, 99.0, 104.0]
            .iter()
            .enumerate()
            .map(|(i, &p)| Value {
                date: day(i as u32 + 1),
                close: (p * 10.0) as i64,
                nav: p * 10.0,
                premium: 0.0,
            })
            .collect();
        assert!(tracking_error(&values).expect("te") < 1e-9);
    }

    #[test]
    fn the_real_kodex_200_tracks_its_approximated_basket_closely() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
        let facts = super::super::facts::load(&dir).expect("facts");
        let baskets = super::super::basket::load(&dir, &facts).expect("baskets");
        let all = compute(&dir, &baskets).expect("series");
        let kodex = &all["069500"];
        assert_eq!(kodex.values.len(), WINDOW_DAYS);
        assert_eq!(
            kodex.values.last().expect("last").date.to_string(),
            "2026-03-17"
        );
        assert!(kodex.coverage > 80.0, "coverage {}", kodex.coverage);
        // An approximated basket still follows KOSPI 200 within a few percent.
        let worst = kodex
            .values
            .iter()
            .map(|v| v.premium.abs())
            .fold(0.0, f64::max);
        assert!(worst < 10.0, "premium up to {worst}%");
        assert!(!all.contains_key("133690"), "no basket, no NAV");
    }
}
