//! The bundled real KRX dataset (`data/`, provenance in `data/SOURCES.md`).
//!
//! The listing comes from `krx_stock_master_derived.csv` (KRX/FDR 2026-05-08 joined with
//! KIND, DART and WICS); the last real close of each stock is the newest close among the
//! FDR snapshot (2026-05-08) and the KIS daily history (to 2026-06-15).

use std::collections::HashMap;
use std::path::Path;

use anyhow::Context;
use chrono::NaiveDate;
use serde::Deserialize;
use sise_proto::market::v1 as pb;

use crate::domain::{Market, SecurityId};

/// One listed stock as the dataset describes it.
#[derive(Clone, Debug, PartialEq)]
pub struct ListedStock {
    pub security_id: SecurityId,
    pub name: String,
    pub name_en: Option<String>,
    pub market: Market,
    pub shares_outstanding: i64,
    pub last_close: i64,
    pub last_close_date: NaiveDate,
}

impl From<&ListedStock> for pb::Security {
    fn from(stock: &ListedStock) -> Self {
        Self {
            security_id: stock.security_id.as_str().to_owned(),
            short_code: stock.security_id.short_code().to_owned(),
            code: stock.security_id.code().to_owned(),
            name: stock.name.clone(),
            name_en: stock.name_en.clone(),
            market: pb::Market::from(stock.market) as i32,
            shares_outstanding: stock.shares_outstanding,
        }
    }
}

const MASTER: &str = "krx_stock_master_derived.csv";
const FDR_SNAPSHOT: &str = "krx_listing_fdr_20260508.csv";
const KIS_DAILY: &str = "ohlcv_daily_263_kis_20251010_20260615.csv";

/// Identifies the dataset contents, so the database is re-seeded only when it changes.
pub const DATASET_VERSION: &str = "krx-20260508+kis-20260615";

#[derive(Deserialize)]
struct MasterRow {
    code: String,
    name_ko: String,
    name_en: String,
    market: String,
    shares_outstanding: String,
}

#[derive(Deserialize)]
struct FdrRow {
    #[serde(rename = "Code")]
    code: String,
    #[serde(rename = "Close")]
    close: String,
}

#[derive(Deserialize)]
struct KisRow {
    code: String,
    date: String,
    close: String,
}

/// Load every KOSPI and KOSDAQ stock with a positive last close, ordered by code.
pub fn load_listing(dir: &Path) -> anyhow::Result<Vec<ListedStock>> {
    let snapshot_date = NaiveDate::from_ymd_opt(2026, 5, 8).context("snapshot date")?;
    let mut closes: HashMap<String, (NaiveDate, i64)> = HashMap::new();
    for row in read_csv::<FdrRow>(&dir.join(FDR_SNAPSHOT))? {
        if let Some(close) = parse_int(&row.close) {
            closes.insert(row.code, (snapshot_date, close));
        }
    }
    for row in read_csv::<KisRow>(&dir.join(KIS_DAILY))? {
        let (Ok(date), Some(close)) = (
            NaiveDate::parse_from_str(&row.date, "%Y%m%d"),
            parse_int(&row.close),
        ) else {
            continue;
        };
        let entry = closes.entry(row.code).or_insert((date, close));
        if date > entry.0 {
            *entry = (date, close);
        }
    }
    let mut stocks = Vec::new();
    for row in read_csv::<MasterRow>(&dir.join(MASTER))? {
        let Some(market) = Market::from_listing(&row.market) else {
            continue; // KONEX and anything else is out of scope
        };
        let Ok(security_id) = SecurityId::from_code(&row.code) else {
            continue;
        };
        let Some(&(last_close_date, last_close)) = closes.get(&row.code) else {
            continue;
        };
        if last_close <= 0 {
            continue;
        }
        stocks.push(ListedStock {
            security_id,
            name: row.name_ko,
            name_en: Some(row.name_en.trim().to_owned()).filter(|s| !s.is_empty()),
            market,
            shares_outstanding: parse_int(&row.shares_outstanding).unwrap_or(0),
            last_close,
            last_close_date,
        });
    }
    stocks.sort_by(|a, b| a.security_id.cmp(&b.security_id));
    anyhow::ensure!(
        !stocks.is_empty(),
        "dataset in {} has no stocks",
        dir.display()
    );
    Ok(stocks)
}

/// How actively a stock trades and how much it moves, from its market-cap rank (real last
/// close × shares, rank 0 the largest), so the simulator and the generated history agree.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Activity {
    /// `1 − ln(1 + rank) / ln(1 + n)`: log scale, so the whole market trades about 10조 a
    /// day, as KRX does.
    pub liquidity: f64,
    /// Close-to-close daily sigma: near 1.5% for the largest, near 4% for the smallest.
    pub volatility: f64,
}

/// The [`Activity`] of each stock of `securities`, in its order.
pub(crate) fn activity_by_cap(securities: &[ListedStock]) -> Vec<Activity> {
    let mut by_cap: Vec<usize> = (0..securities.len()).collect();
    // A stable sort: equal caps keep their order.
    by_cap.sort_by_key(|&i| {
        std::cmp::Reverse(
            securities[i]
                .last_close
                .saturating_mul(securities[i].shares_outstanding),
        )
    });
    let n = securities.len().max(1) as f64;
    let mut activity = vec![Activity::default(); securities.len()];
    for (rank, &i) in by_cap.iter().enumerate() {
        let percentile = rank as f64 / n; // 0 for the largest
        activity[i] = Activity {
            liquidity: 1.0 - (1.0 + rank as f64).ln() / (1.0 + n).ln(),
            volatility: 0.015 + 0.025 * percentile,
        };
    }
    activity
}

/// Every row of the CSV file at `path`, naming the file on failure.
pub(crate) fn read_csv<T: serde::de::DeserializeOwned>(path: &Path) -> anyhow::Result<Vec<T>> {
    let mut reader =
        csv::Reader::from_path(path).with_context(|| format!("cannot open {}", path.display()))?;
    reader
        .deserialize()
        .collect::<Result<Vec<T>, _>>()
        .with_context(|| format!("malformed row in {}", path.display()))
}

/// Integers in the sources are sometimes written as floats ("82600.0").
fn parse_int(text: &str) -> Option<i64> {
    let text = text.trim();
    text.parse::<i64>()
        .ok()
        .or_else(|| text.parse::<f64>().ok().map(|v| v.round() as i64))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data_dir() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
    }

    #[test]
    fn loads_the_real_listing() {
        let stocks = load_listing(&data_dir()).expect("listing");
        assert!(stocks.len() > 2_500, "only {} stocks", stocks.len());
        let samsung = stocks
            .iter()
            .find(|s| s.security_id.code() == "005930")
            .expect("samsung");
        assert_eq!(samsung.name, "삼성전자");
        assert_eq!(samsung.market, Market::Kospi);
        assert_eq!(samsung.shares_outstanding, 5_846_278_608);
        // The KIS history (to 2026-06-15) is newer than the FDR snapshot.
        assert_eq!(
            samsung.last_close_date,
            NaiveDate::from_ymd_opt(2026, 6, 15).expect("date")
        );
        assert!(stocks.iter().any(|s| s.market == Market::Kosdaq));
    }

    #[test]
    fn parses_float_integers() {
        assert_eq!(parse_int("82600.0"), Some(82_600));
        assert_eq!(parse_int(" 15 "), Some(15));
        assert_eq!(parse_int(""), None);
    }
}
