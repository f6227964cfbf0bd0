//! The daily history of indexes and forex pairs as first stored: what is real, what is
//! derived from real data, and what is sample data (see docs/architecture.md, "Market data:
//! indexes, FX and assets").
//!
//! - KOSPI, KOSDAQ: real OHLC to 2026-06-01 (KOSPI volume and trading value from Naver to
//!   2026-03-17); 2026-06-02 to the stocks' last close (2026-06-15) derived day by day from
//!   the KIS daily bars of the index's common stocks in the bundle (Σ price × shares against
//!   the previous day's Σ close × shares).
//! - KOSPI 200: no real file; KOSPI × 0.135 × a slow tracking difference under 1%.
//! - Foreign indexes: sample series, a Brownian bridge on weekdays from a level near the
//!   real one on 2023-01-02 to a plausible level on 2026-06-12.
//! - Forex: USD from the Yahoo daily closes (2003-12 to 2026-05-02); EUR, JPY (per 100),
//!   CNY (CNH rates) and AED from the 5-currency base-rate file (2024-01 to 2025-08); every
//!   board currency on the board's five days (2026-02-09 to 02-13). Other days up to
//!   2026-05-02 are derived as USD/KRW × the currency's cross against the dollar,
//!   interpolated between its real points (held before the first and after the last),
//!   with a small tracking difference that fades out next to real points.
//!
//! Real forex files hold closes only: a day's open is the previous close and its high and
//! low the larger and smaller of the two.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use chrono::{Datelike, NaiveDate, Weekday};
use serde::Deserialize;

use super::catalog::{
    Catalog, Composite, Currency, ForeignIndex, KOSPI200_RATIO, KOSPI200_TRACKING, Series,
    foreign_anchor_date,
};
use super::clocks::{PathClock, next_weekday};
use super::ids::AssetId;
use super::walk::{DayPath, PathSpec, Walk, bridge_closes, round_to, tracking};
use crate::dataset::{ListedStock, read_csv};
use crate::domain::Market;

/// Identifies the bundled files and the derivation rules; the history is re-seeded when
/// it changes.
pub const ASSETS_DATASET_VERSION: &str = "assets-1:kospi+kosdaq-20260601,naver-20260317,kis-20260615,usd-20260502,5ccy-20250825,board-20260213";

const KOSPI_OHLC: &str = "index_kospi_ohlc_20230102_20260601.csv";
const KOSDAQ_OHLC: &str = "index_kosdaq_ohlc_20230102_20260601.csv";
const KOSPI_VOLUME: &str = "index_kospi_close_volume_naver_20220708_20260317.csv";
const KIS_DAILY: &str = "ohlcv_daily_263_kis_20251010_20260615.csv";
const USD_DAILY: &str = "fx_usdkrw_daily_20031201_20260502.csv";
const FIVE_CURRENCIES: &str = "fx_krw_5ccy_daily_20240102_20250825.csv";

/// Steps of the coarse intraday paths that give simulated days their open, high and low.
pub const COARSE_INDEX_STEPS: usize = 78;
pub const COARSE_FOREX_STEPS: usize = 48;
/// Share of an index day's variance in its opening gap.
pub const INDEX_GAP_SHARE: f64 = 0.2;

/// Where a stored day comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// A bundled real file.
    Real,
    /// Computed from real data of other series.
    Derived,
    /// Seeded sample series without real data (foreign indexes).
    Sample,
    /// Continuation from the last stored day up to the present, written at start.
    Generated,
    /// A day the running service simulated.
    Simulated,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Real => "real",
            Self::Derived => "derived",
            Self::Sample => "sample",
            Self::Generated => "generated",
            Self::Simulated => "simulated",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [
            Self::Real,
            Self::Derived,
            Self::Sample,
            Self::Generated,
            Self::Simulated,
        ]
        .into_iter()
        .find(|s| s.as_str() == text)
    }
}

/// One stored day of an index or forex pair.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    pub date: NaiveDate,
    pub open: f64,
    pub high: f64,
    pub low: f64,
    pub close: f64,
    pub volume: i64,
    pub trading_value: f64,
    pub source: Source,
}

impl Bar {
    fn close_only(date: NaiveDate, previous: Option<f64>, close: f64, source: Source) -> Self {
        let open = previous.unwrap_or(close);
        Self {
            date,
            open,
            high: open.max(close),
            low: open.min(close),
            close,
            volume: 0,
            trading_value: 0.0,
            source,
        }
    }

    /// A day whose open, high and low come from its intraday path.
    pub fn from_path(path: &DayPath, source: Source) -> Self {
        let (open, high, low, close) = path.ohlc_at(path.end).unwrap_or((
            path.close(),
            path.close(),
            path.close(),
            path.close(),
        ));
        Self {
            date: path.date,
            open,
            high,
            low,
            close,
            volume: 0,
            trading_value: 0.0,
            source,
        }
    }
}

fn ymd(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text.trim(), "%Y%m%d")
        .or_else(|_| NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d"))
        .ok()
}

fn number(text: &str) -> Option<f64> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && *v > 0.0)
}

fn is_weekday(date: NaiveDate) -> bool {
    !matches!(date.weekday(), Weekday::Sat | Weekday::Sun)
}

#[derive(Deserialize)]
struct OhlcRow {
    date: String,
    open: String,
    high: String,
    low: String,
    close: String,
}

#[derive(Deserialize)]
struct NaverRow {
    #[serde(rename = "날짜")]
    date: String,
    #[serde(rename = "거래량(천주)")]
    volume_thousands: String,
    #[serde(rename = "거래대금(백만)")]
    value_millions: String,
}

fn read_index(dir: &Path, file: &str) -> anyhow::Result<Vec<Bar>> {
    let mut bars: Vec<Bar> = read_csv::<OhlcRow>(&dir.join(file))?
        .into_iter()
        .filter_map(|row| {
            Some(Bar {
                date: ymd(&row.date)?,
                open: number(&row.open)?,
                high: number(&row.high)?,
                low: number(&row.low)?,
                close: number(&row.close)?,
                volume: 0,
                trading_value: 0.0,
                source: Source::Real,
            })
        })
        .collect();
    bars.sort_by_key(|b| b.date);
    bars.dedup_by_key(|b| b.date);
    anyhow::ensure!(!bars.is_empty(), "{file} has no rows");
    Ok(bars)
}

fn add_kospi_volume(dir: &Path, bars: &mut [Bar]) -> anyhow::Result<()> {
    let volumes: HashMap<NaiveDate, (i64, f64)> = read_csv::<NaverRow>(&dir.join(KOSPI_VOLUME))?
        .into_iter()
        .filter_map(|row| {
            let volume = number(&row.volume_thousands)? * 1_000.0;
            let value = number(&row.value_millions)? * 1_000_000.0;
            Some((ymd(&row.date)?, (volume.round() as i64, value)))
        })
        .collect();
    for bar in bars {
        if let Some(&(volume, value)) = volumes.get(&bar.date) {
            bar.volume = volume;
            bar.trading_value = value;
        }
    }
    Ok(())
}

#[derive(Deserialize)]
struct KisRow {
    code: String,
    date: String,
    open: String,
    high: String,
    low: String,
    close: String,
}

type DayBars = BTreeMap<NaiveDate, HashMap<String, [f64; 4]>>;

fn read_kis(dir: &Path) -> anyhow::Result<DayBars> {
    let mut days: DayBars = BTreeMap::new();
    for row in read_csv::<KisRow>(&dir.join(KIS_DAILY))? {
        let (Some(date), Some(o), Some(h), Some(l), Some(c)) = (
            ymd(&row.date),
            number(&row.open),
            number(&row.high),
            number(&row.low),
            number(&row.close),
        ) else {
            continue;
        };
        days.entry(date).or_default().insert(row.code, [o, h, l, c]);
    }
    Ok(days)
}

/// Common shares of a market with their share counts (KRX common-share codes end in 0).
pub fn common_shares(listing: &[ListedStock], market: Market) -> HashMap<String, f64> {
    listing
        .iter()
        .filter(|s| s.market == market && s.shares_outstanding > 0)
        .filter(|s| s.security_id.code().ends_with('0'))
        .map(|s| (s.security_id.code().to_owned(), s.shares_outstanding as f64))
        .collect()
}

/// Extend `bars` (real, ascending) day by day from the constituents' daily bars.
fn extend_from_constituents(bars: &mut Vec<Bar>, days: &DayBars, members: &HashMap<String, f64>) {
    let Some(last) = bars.last().map(|b| (b.date, b.close)) else {
        return;
    };
    let (mut previous_date, mut level) = last;
    for (&date, today) in days.range(last.0.succ_opt().unwrap_or(last.0)..) {
        let Some(yesterday) = days.get(&previous_date) else {
            break;
        };
        let mut sums = [0.0_f64; 4];
        let mut base = 0.0;
        for (code, shares) in members {
            if let (Some(t), Some(y)) = (today.get(code), yesterday.get(code)) {
                for (sum, price) in sums.iter_mut().zip(t) {
                    *sum += price * shares;
                }
                base += y[3] * shares;
            }
        }
        if base <= 0.0 {
            break;
        }
        let [o, h, l, c] = sums.map(|s| round_to(level * s / base, 2));
        bars.push(Bar {
            date,
            open: o,
            high: h.max(o).max(c),
            low: l.min(o).min(c),
            close: c,
            volume: 0,
            trading_value: 0.0,
            source: Source::Derived,
        });
        previous_date = date;
        level = c;
    }
}

/// KOSPI 200 from KOSPI: the ratio times a slow tracking difference.
pub fn kospi200_from_kospi(seed: u64, kospi: &Bar, source: Source) -> Bar {
    let factor =
        KOSPI200_RATIO * tracking(seed, "INDEX-KPI200", kospi.date, KOSPI200_TRACKING).exp();
    let scale = |v: f64| round_to(v * factor, 2);
    Bar {
        date: kospi.date,
        open: scale(kospi.open),
        high: scale(kospi.high),
        low: scale(kospi.low),
        close: scale(kospi.close),
        volume: 0,
        trading_value: 0.0,
        source,
    }
}

fn foreign_history(seed: u64, id: &AssetId, index: &ForeignIndex, walk: &Walk) -> Vec<Bar> {
    let first = NaiveDate::from_ymd_opt(2023, 1, 2).unwrap_or_default();
    let mut dates = Vec::new();
    let mut date = first;
    while date <= foreign_anchor_date() {
        dates.push(date);
        date = next_weekday(date);
    }
    let closes = bridge_closes(
        seed,
        id.as_str(),
        dates.get(1..).unwrap_or_default(),
        index.start_level,
        index.anchor_level,
        walk,
    );
    let clock = PathClock::Exchange {
        zone: index.zone,
        open: index.open,
        close: index.close,
    };
    let spec = PathSpec {
        seed,
        asset: id.as_str(),
        tag: "coarse",
        sigma: walk.sigma,
        gap_share: INDEX_GAP_SHARE,
        steps: COARSE_INDEX_STEPS,
        decimals: walk.decimals,
    };
    let mut bars = vec![Bar::close_only(
        first,
        None,
        index.start_level,
        Source::Sample,
    )];
    let mut previous = index.start_level;
    for (&date, &close) in dates.iter().skip(1).zip(&closes) {
        let span = clock.span_of(date);
        let path = DayPath::generate(&spec, date, (span.begin, span.end), previous, close);
        bars.push(Bar::from_path(&path, Source::Sample));
        previous = close;
    }
    bars
}

#[derive(Deserialize)]
struct UsdRow {
    #[serde(rename = "Date")]
    date: String,
    #[serde(rename = "Rate")]
    rate: String,
}

#[derive(Deserialize)]
struct FiveRow {
    #[serde(rename = "Date")]
    date: String,
    #[serde(rename = "Currency")]
    currency: String,
    #[serde(rename = "Rate")]
    rate: String,
}

/// Real forex closes per currency code, ascending.
fn read_forex(
    dir: &Path,
    currencies: &[&Currency],
) -> anyhow::Result<HashMap<String, BTreeMap<NaiveDate, f64>>> {
    let mut real: HashMap<String, BTreeMap<NaiveDate, f64>> = HashMap::new();
    for row in read_csv::<UsdRow>(&dir.join(USD_DAILY))? {
        if let (Some(date), Some(rate)) = (ymd(&row.date), number(&row.rate))
            && is_weekday(date)
        {
            real.entry("USD".into())
                .or_default()
                .insert(date, round_to(rate, 2));
        }
    }
    for row in read_csv::<FiveRow>(&dir.join(FIVE_CURRENCIES))? {
        let code = match row.currency.as_str() {
            "JPY(100)" => "JPY",
            "CNH" => "CNY",
            other => other,
        };
        if code == "USD" {
            continue; // one USD source: the long Yahoo series
        }
        if let (Some(date), Some(rate)) = (ymd(&row.date), number(&row.rate))
            && is_weekday(date)
        {
            real.entry(code.into()).or_default().insert(date, rate);
        }
    }
    for currency in currencies {
        if currency.code == "USD" {
            continue;
        }
        let series = real.entry(currency.code.clone()).or_default();
        for &(date, rate) in &currency.board {
            series.insert(date, rate);
        }
    }
    Ok(real)
}

/// The value on `date` or the latest before it.
fn on_or_before(series: &BTreeMap<NaiveDate, f64>, date: NaiveDate) -> Option<f64> {
    series.range(..=date).next_back().map(|(_, &v)| v)
}

/// A currency's closes: real where known, derived from USD/KRW and the interpolated cross
/// elsewhere, from `start` to the end of the USD series.
fn forex_closes(
    seed: u64,
    id: &AssetId,
    currency: &Currency,
    real: &BTreeMap<NaiveDate, f64>,
    usd: &BTreeMap<NaiveDate, f64>,
    start: NaiveDate,
) -> Vec<(NaiveDate, f64, Source)> {
    let Some(usd_end) = usd.keys().next_back().copied() else {
        return Vec::new();
    };
    // Log of the cross against the dollar at each real point.
    let crosses: BTreeMap<NaiveDate, f64> = real
        .iter()
        .filter_map(|(&d, &rate)| Some((d, (rate / on_or_before(usd, d)?).ln())))
        .collect();
    let mut dates: Vec<NaiveDate> = usd.range(start..).map(|(&d, _)| d).collect();
    dates.extend(real.range(start..).map(|(&d, _)| d));
    dates.sort_unstable();
    dates.dedup();
    let decimals = currency.decimals();
    dates
        .into_iter()
        .filter_map(|date| {
            if let Some(&rate) = real.get(&date) {
                return Some((date, rate, Source::Real));
            }
            if date > usd_end {
                return None;
            }
            let before = crosses.range(..date).next_back();
            let after = crosses.range(date..).next();
            let (cross, distance) = match (before, after) {
                (Some((&d0, &c0)), Some((&d1, &c1))) => {
                    let span = (d1 - d0).num_days().max(1) as f64;
                    let t = (date - d0).num_days() as f64 / span;
                    let distance = (date - d0).num_days().min((d1 - date).num_days());
                    (c0 + (c1 - c0) * t, distance)
                }
                (Some((&d0, &c0)), None) => (c0, (date - d0).num_days()),
                (None, Some((&d1, &c1))) => (c1, (d1 - date).num_days()),
                (None, None) => return None,
            };
            let taper = (distance as f64 / 10.0).min(1.0);
            let deviation = tracking(seed, id.as_str(), date, 0.01) * taper;
            let rate = on_or_before(usd, date)? * (cross + deviation).exp();
            Some((date, round_to(rate, decimals), Source::Derived))
        })
        .collect()
}

/// The history every asset is seeded with, per catalogue entry.
pub fn seed_history(
    dir: &Path,
    listing: &[ListedStock],
    catalog: &Catalog,
    seed: u64,
) -> anyhow::Result<Vec<(AssetId, Vec<Bar>)>> {
    let kis = read_kis(dir)?;
    let mut kospi = read_index(dir, KOSPI_OHLC)?;
    add_kospi_volume(dir, &mut kospi)?;
    extend_from_constituents(&mut kospi, &kis, &common_shares(listing, Market::Kospi));
    let mut kosdaq = read_index(dir, KOSDAQ_OHLC)?;
    extend_from_constituents(&mut kosdaq, &kis, &common_shares(listing, Market::Kosdaq));
    let kospi200: Vec<Bar> = kospi
        .iter()
        .map(|b| kospi200_from_kospi(seed, b, Source::Derived))
        .collect();

    let currencies: Vec<&Currency> = catalog
        .entries
        .iter()
        .filter_map(|e| e.currency())
        .collect();
    let real_fx = read_forex(dir, &currencies)?;
    let usd = real_fx.get("USD").cloned().unwrap_or_default();
    let empty = BTreeMap::new();

    let mut out = Vec::with_capacity(catalog.entries.len());
    for entry in &catalog.entries {
        let bars = match &entry.series {
            Series::Composite(Composite::Kospi) => kospi.clone(),
            Series::Composite(Composite::Kosdaq) => kosdaq.clone(),
            Series::Composite(Composite::Kospi200) => kospi200.clone(),
            Series::Foreign(index) => foreign_history(seed, &entry.id, index, &entry.walk),
            Series::Forex(currency) => {
                let real = real_fx.get(&currency.code).unwrap_or(&empty);
                let closes = if currency.code == "USD" {
                    usd.iter().map(|(&d, &r)| (d, r, Source::Real)).collect()
                } else {
                    // Two years where a real history exists, one otherwise.
                    let start = if real.len() > currency.board.len() {
                        NaiveDate::from_ymd_opt(2024, 1, 2)
                    } else {
                        NaiveDate::from_ymd_opt(2025, 1, 2)
                    }
                    .unwrap_or_default();
                    forex_closes(seed, &entry.id, currency, real, &usd, start)
                };
                let mut previous = None;
                closes
                    .into_iter()
                    .map(|(date, close, source)| {
                        let bar = Bar::close_only(date, previous, close, source);
                        previous = Some(close);
                        bar
                    })
                    .collect()
            }
        };
        out.push((entry.id.clone(), bars));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::catalog::load_currencies;

    fn data_dir() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
    }

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    fn seeded() -> (Catalog, Vec<(AssetId, Vec<Bar>)>) {
        let listing = crate::dataset::load_listing(&data_dir()).expect("listing");
        let catalog = Catalog::new(load_currencies(&data_dir()).expect("board")).expect("catalog");
        let history = seed_history(&data_dir(), &listing, &catalog, 20_260_615).expect("history");
        (catalog, history)
    }

    fn bars<'a>(history: &'a [(AssetId, Vec<Bar>)], id: &str) -> &'a [Bar] {
        history
            .iter()
            .find(|(a, _)| a.as_str() == id)
            .map(|(_, b)| b.as_slice())
            .expect(id)
    }

    #[test]
    fn seeds_real_and_derived_history() {
        let (catalog, history) = seeded();
        assert_eq!(history.len(), catalog.entries.len());
        let kospi = bars(&history, "INDEX-KOSPI");
        let real_end = kospi
            .iter()
            .find(|b| b.date == date(2026, 6, 1))
            .expect("2026-06-01");
        assert_eq!((real_end.close, real_end.source), (8_788.38, Source::Real));
        // Naver volume (thousands of shares) on 2026-03-17.
        let with_volume = kospi
            .iter()
            .find(|b| b.date == date(2026, 3, 17))
            .expect("2026-03-17");
        assert_eq!(with_volume.volume, 1_121_605_000);
        let last = kospi.last().expect("last");
        assert_eq!(
            (last.date, last.source),
            (date(2026, 6, 15), Source::Derived)
        );
        assert!((last.close / 8_788.38 - 1.0).abs() < 0.1, "{}", last.close);
        assert!(kospi.windows(2).all(|w| w[0].date < w[1].date));
        for bar in kospi {
            assert!(bar.low <= bar.open.min(bar.close) && bar.high >= bar.open.max(bar.close));
        }
        let kpi200 = bars(&history, "INDEX-KPI200");
        let ratio = kpi200.last().expect("kpi").close / last.close;
        assert!((ratio - KOSPI200_RATIO).abs() < 0.002, "{ratio}");
        let kosdaq = bars(&history, "INDEX-KOSDAQ");
        assert_eq!(kosdaq.last().map(|b| b.date), Some(date(2026, 6, 15)));
    }

    #[test]
    fn foreign_indexes_end_at_their_anchor() {
        let (_, history) = seeded();
        let dji = bars(&history, "INDEX-DJI");
        assert_eq!(dji[0].close, 33_136.0);
        let last = dji.last().expect("last");
        assert_eq!((last.date, last.close), (foreign_anchor_date(), 48_600.0));
        assert!(
            dji.iter()
                .all(|b| b.source == Source::Sample && b.close > 0.0)
        );
        assert!(dji.iter().all(|b| is_weekday(b.date)));
    }

    #[test]
    fn forex_history_keeps_real_rates_and_derives_the_rest() {
        let (_, history) = seeded();
        let usd = bars(&history, "FOREX-USDKRW");
        assert_eq!(usd.first().map(|b| b.date), Some(date(2003, 12, 1)));
        // The file's last row (2026-05-02) is a Saturday and is left out.
        assert_eq!(usd.last().map(|b| b.date), Some(date(2026, 4, 30)));
        assert!(usd.iter().all(|b| b.source == Source::Real));
        let jpy = bars(&history, "FOREX-JPYKRW");
        let real = jpy
            .iter()
            .find(|b| b.date == date(2025, 8, 25))
            .expect("real");
        assert_eq!((real.close, real.source), (948.65, Source::Real));
        let board = jpy
            .iter()
            .find(|b| b.date == date(2026, 2, 13))
            .expect("board");
        assert_eq!((board.close, board.source), (943.44, Source::Real));
        let derived = jpy
            .iter()
            .find(|b| b.date == date(2025, 11, 14))
            .expect("derived");
        assert_eq!(derived.source, Source::Derived);
        assert!(
            (derived.close / 945.0 - 1.0).abs() < 0.1,
            "{}",
            derived.close
        );
        let gbp = bars(&history, "FOREX-GBPKRW");
        assert_eq!(gbp.first().map(|b| b.date), Some(date(2025, 1, 2)));
        assert!(gbp.iter().all(|b| b.close > 1_500.0 && b.close < 2_400.0));
        // Open is the previous close on close-only history.
        assert!(gbp.windows(2).all(|w| w[1].open == w[0].close));
    }
}
