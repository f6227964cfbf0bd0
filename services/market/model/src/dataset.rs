//! The bundled real KRX dataset (`data/`, provenance in `data/SOURCES.md`).
//!
//! The listing comes from `krx_stock_master_derived.csv` (KRX/FDR 2026-05-08 joined with
//! KIND, DART and WICS); the last real close of each stock is the newest close among the
//! FDR snapshot (2026-05-08) and the KIS daily history (to 2026-06-15).
//!
//! The 9 ETFs of the Naver history (`etf_facts.csv` names them, with their published facts)
//! are listed too, as KOSPI securities of kind [`SecurityKind::Etf`]: their last real close is
//! the Naver one (2026-03-17), and they trade in the simulator with the daily sigma and the
//! trading value of their own last year of real candles (no listed units in the data, so
//! `shares_outstanding` is 0 and they stay out of every market-cap computation).

use std::collections::HashMap;
use std::path::Path;

use anyhow::Context;
use chrono::NaiveDate;
use serde::Deserialize;
use sise_proto::market::v1 as pb;

use crate::domain::{Market, SecurityId};

/// One listed security as the dataset describes it: a company's stock or an ETF.
#[derive(Clone, Debug, PartialEq)]
pub struct ListedStock {
    pub security_id: SecurityId,
    pub name: String,
    pub name_en: Option<String>,
    pub market: Market,
    pub shares_outstanding: i64,
    pub last_close: i64,
    pub last_close_date: NaiveDate,
    pub kind: SecurityKind,
}

impl ListedStock {
    pub fn is_etf(&self) -> bool {
        matches!(self.kind, SecurityKind::Etf { .. })
    }
}

/// What a listed security is. An ETF carries how it trades, measured on its real candles,
/// since its market cap (which ranks the stocks' activity) is unknown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SecurityKind {
    Stock,
    Etf {
        /// Standard deviation of the daily log returns of its last real year.
        daily_sigma: f64,
        /// Mean daily trading value in won over the same days (volume × close).
        value_per_day: f64,
    },
}

impl SecurityKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Stock => "stock",
            Self::Etf { .. } => "etf",
        }
    }
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
            etf: stock.is_etf(),
        }
    }
}

const MASTER: &str = "krx_stock_master_derived.csv";
const FDR_SNAPSHOT: &str = "krx_listing_fdr_20260508.csv";
const KIS_DAILY: &str = "ohlcv_daily_263_kis_20251010_20260615.csv";
const NAVER_DAILY: &str = "ohlcv_daily_kospi100_naver_20210421_20260317.csv";
pub const ETF_FACTS: &str = "etf_facts.csv";

/// Identifies the dataset contents, so the database is re-seeded only when it changes.
pub const DATASET_VERSION: &str = "krx-20260508+kis-20260615+etf-20260317";

/// Real trading days an ETF's sigma and trading value are measured over.
const ETF_ACTIVITY_DAYS: usize = 250;
/// The bounds of the simulator's liquidity scale (won per day at liquidity 0 and 1).
const MIN_VALUE_PER_DAY: f64 = 3.0e8;
const MAX_VALUE_PER_DAY: f64 = 1.5e12;

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
            kind: SecurityKind::Stock,
        });
    }
    stocks.extend(load_etfs(dir)?);
    stocks.sort_by(|a, b| a.security_id.cmp(&b.security_id));
    anyhow::ensure!(
        !stocks.is_empty(),
        "dataset in {} has no stocks",
        dir.display()
    );
    Ok(stocks)
}

#[derive(Deserialize)]
struct EtfNameRow {
    code: String,
    name: String,
    name_en: String,
}

/// The ETFs of `etf_facts.csv` with their last real close and their activity, from the
/// Naver history (the only source with ETF candles).
fn load_etfs(dir: &Path) -> anyhow::Result<Vec<ListedStock>> {
    let facts = read_csv::<EtfNameRow>(&dir.join(ETF_FACTS))?;
    let closes = naver_daily(dir, facts.iter().map(|f| f.code.as_str()))?;
    let mut etfs = Vec::with_capacity(facts.len());
    for fact in facts {
        let days = closes
            .get(&fact.code)
            .with_context(|| format!("ETF {} has no candles in {NAVER_DAILY}", fact.code))?;
        let &(last_close_date, last_close, _) = days.last().context("no candles")?;
        let (daily_sigma, value_per_day) = measured_activity(days);
        etfs.push(ListedStock {
            security_id: SecurityId::from_code(&fact.code)
                .map_err(|e| anyhow::anyhow!("ETF code {}: {e}", fact.code))?,
            name: fact.name,
            name_en: Some(fact.name_en.trim().to_owned()).filter(|s| !s.is_empty()),
            // Every ETF is listed on the KRX securities market (유가증권시장).
            market: Market::Kospi,
            shares_outstanding: 0,
            last_close,
            last_close_date,
            kind: SecurityKind::Etf {
                daily_sigma,
                value_per_day,
            },
        });
    }
    Ok(etfs)
}

/// A day of the Naver history: date, close, volume.
pub type DailyRow = (NaiveDate, i64, i64);

/// (date, close, volume) of each of `codes` in the Naver history (KOSPI top 100 and the
/// ETFs, 2021-04 to 2026-03), oldest first. Only the
/// rows of those codes are parsed (the file has 114k rows of 100 codes).
pub fn naver_daily<'a>(
    dir: &Path,
    codes: impl IntoIterator<Item = &'a str>,
) -> anyhow::Result<HashMap<String, Vec<DailyRow>>> {
    let wanted: std::collections::HashSet<&str> = codes.into_iter().collect();
    let path = dir.join(NAVER_DAILY);
    let mut reader =
        csv::Reader::from_path(&path).with_context(|| format!("cannot open {}", path.display()))?;
    let mut days: HashMap<String, Vec<DailyRow>> = HashMap::new();
    let mut record = csv::StringRecord::new();
    // Columns: 종목코드,종목명,날짜,종가,시가,고가,저가,거래량.
    while reader.read_record(&mut record)? {
        let code = record.get(0).unwrap_or_default();
        if !wanted.contains(code) {
            continue;
        }
        let (Some(date), Some(close), Some(volume)) = (
            record
                .get(2)
                .and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok()),
            record.get(3).and_then(parse_int).filter(|&c| c > 0),
            record.get(7).and_then(parse_int),
        ) else {
            continue;
        };
        days.entry(code.to_owned())
            .or_default()
            .push((date, close, volume.max(0)));
    }
    for series in days.values_mut() {
        series.sort_by_key(|d| d.0);
    }
    Ok(days)
}

/// Daily sigma of log returns and mean trading value of the last [`ETF_ACTIVITY_DAYS`].
fn measured_activity(days: &[DailyRow]) -> (f64, f64) {
    let recent = &days[days.len().saturating_sub(ETF_ACTIVITY_DAYS + 1)..];
    let returns: Vec<f64> = recent
        .windows(2)
        .map(|w| (w[1].1 as f64 / w[0].1 as f64).ln())
        .collect();
    let n = returns.len().max(1) as f64;
    let mean = returns.iter().sum::<f64>() / n;
    let sigma = (returns.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / n).sqrt();
    let value = recent
        .iter()
        .map(|&(_, close, volume)| close as f64 * volume as f64)
        .sum::<f64>()
        / recent.len().max(1) as f64;
    (sigma, value)
}

/// How actively a stock trades and how much it moves, from its market-cap rank (real last
/// close × shares, rank 0 the largest), so the simulator and the generated history agree.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Activity {
    /// `1 − ln(1 + rank) / ln(1 + n)`: log scale, so the whole market trades about 10조 a
    /// day, as KRX does.
    pub liquidity: f64,
    /// Close-to-close daily sigma: near 1.5% for the largest, near 4% for the smallest.
    pub volatility: f64,
}

/// The [`Activity`] of each security of `securities`, in its order: a stock's from its
/// market-cap rank among the stocks, an ETF's as measured on its real candles.
pub fn activity_by_cap(securities: &[ListedStock]) -> Vec<Activity> {
    let mut by_cap: Vec<usize> = (0..securities.len())
        .filter(|&i| !securities[i].is_etf())
        .collect();
    // A stable sort: equal caps keep their order.
    by_cap.sort_by_key(|&i| {
        std::cmp::Reverse(
            securities[i]
                .last_close
                .saturating_mul(securities[i].shares_outstanding),
        )
    });
    let n = by_cap.len().max(1) as f64;
    let mut activity: Vec<Activity> = securities
        .iter()
        .map(|s| match s.kind {
            SecurityKind::Etf {
                daily_sigma,
                value_per_day,
            } => Activity {
                liquidity: ((value_per_day.max(1.0) / MIN_VALUE_PER_DAY).ln()
                    / (MAX_VALUE_PER_DAY / MIN_VALUE_PER_DAY).ln())
                .clamp(0.0, 1.0),
                volatility: daily_sigma,
            },
            SecurityKind::Stock => Activity::default(),
        })
        .collect();
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
pub fn read_csv<T: serde::de::DeserializeOwned>(path: &Path) -> anyhow::Result<Vec<T>> {
    let mut reader =
        csv::Reader::from_path(path).with_context(|| format!("cannot open {}", path.display()))?;
    reader
        .deserialize()
        .collect::<Result<Vec<T>, _>>()
        .with_context(|| format!("malformed row in {}", path.display()))
}

/// Integers in the sources are sometimes written as floats ("82600.0").
pub fn parse_int(text: &str) -> Option<i64> {
    let text = text.trim();
    text.parse::<i64>()
        .ok()
        .or_else(|| text.parse::<f64>().ok().map(|v| v.round() as i64))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data_dir() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../data")
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
    fn lists_the_nine_etfs_with_their_measured_activity() {
        let stocks = load_listing(&data_dir()).expect("listing");
        let etfs: Vec<&ListedStock> = stocks.iter().filter(|s| s.is_etf()).collect();
        assert_eq!(etfs.len(), 9);
        let kodex = etfs
            .iter()
            .find(|s| s.security_id.code() == "069500")
            .expect("KODEX 200");
        assert_eq!(kodex.name, "KODEX 200");
        assert_eq!(kodex.last_close, 84_635);
        assert_eq!(kodex.last_close_date.to_string(), "2026-03-17");
        let sigma = |code: &str| match etfs
            .iter()
            .find(|s| s.security_id.code() == code)
            .expect("etf")
            .kind
        {
            SecurityKind::Etf { daily_sigma, .. } => daily_sigma,
            SecurityKind::Stock => f64::NAN,
        };
        // An index ETF moves about 1% a day, a money-market one almost not at all.
        assert!(
            (0.005..0.04).contains(&sigma("069500")),
            "{}",
            sigma("069500")
        );
        assert!(sigma("459580") < 0.001, "{}", sigma("459580"));
        let activity = activity_by_cap(&stocks);
        let i = stocks
            .iter()
            .position(|s| s.security_id.code() == "069500")
            .expect("i");
        assert!(activity[i].liquidity > 0.5, "KODEX 200 trades a lot");
    }

    #[test]
    fn parses_float_integers() {
        assert_eq!(parse_int("82600.0"), Some(82_600));
        assert_eq!(parse_int(" 15 "), Some(15));
        assert_eq!(parse_int(""), None);
    }
}
