//! Daily history of every stock: the real candles of the bundled dataset, and deterministic
//! generated candles where it has none.
//!
//! Real sources (provenance in `data/SOURCES.md`):
//! - `ohlcv_daily_kospi100_naver_20210421_20260317.csv` (Naver, KOSPI top 100, no trading
//!   value: estimated as volume × the mean of O/H/L/C; on suspension days Naver writes
//!   O/H/L as 0, which become the close);
//! - `ohlcv_daily_263_kis_20251010_20260615.csv` (KIS, 263 large caps, with trading
//!   value), which wins on dates both have;
//! - `krx_listing_fdr_20260508.csv`: one real candle of every stock on 2026-05-08, and its
//!   previous close (`Close - Changes`), used where the two histories do not reach.
//!
//! Generated candles (source `generated`) are a random walk on the KRX tick grid within the
//! daily price limits, seeded from the security id and the segment's first date (FNV-1a →
//! ChaCha8), so every run produces the same history:
//! - backwards before the first known candle, so every stock has at least
//!   `history_days` trading days (stocks with only the 2026-05-08 snapshot get about a
//!   year ending at their real close);
//! - a bridge through trading days missing between the real history and the snapshot
//!   (ending exactly at the snapshot's real previous close);
//! - forwards after the last known candle, up to the dataset's last day (2026-06-15) and at
//!   start-up up to the simulator's first day ([`forward`]).
//!
//! Daily sigma and trading value follow the market-cap rank as the simulator's do
//! (`feed::instruments`): 1.5%–4% and 3억–1.5조 won a day, log-scaled.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use anyhow::Context;
use chrono::NaiveDate;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::candle::{Candle, Source};
use crate::dataset::{DATASET_VERSION, ListedStock, activity_by_cap};
use crate::simulator::clock::{next_trading_day, previous_trading_day};
use crate::simulator::{Rounding, TickGrid};

const NAVER_DAILY: &str = "ohlcv_daily_kospi100_naver_20210421_20260317.csv";
const KIS_DAILY: &str = "ohlcv_daily_263_kis_20251010_20260615.csv";
const FDR_SNAPSHOT: &str = "krx_listing_fdr_20260508.csv";

/// Bump when the generation changes, so stored histories are re-seeded (2: ETFs on their
/// 5-won grid).
const GENERATOR_VERSION: u32 = 2;

/// Trading value per day at the smallest and the largest market cap (log-linear between).
const MIN_VALUE_PER_DAY: f64 = 3.0e8;
const MAX_VALUE_PER_DAY: f64 = 1.5e12;
/// Largest generated close-to-close move (log), inside the ±30% limits.
const MAX_DAILY_MOVE: f64 = 0.2;

/// The version string stored in `dataset_meta` for the seeded candles.
pub fn version(history_days: usize) -> String {
    format!("{DATASET_VERSION}+naver-20260317/candles-v{GENERATOR_VERSION}/{history_days}d")
}

/// The 2026-05-08 candle of the FDR listing snapshot and the close of the day before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub candle: Candle,
    pub previous_close: i64,
}

/// Real history of the dataset, by 6-character KRX code.
#[derive(Debug, Default)]
pub struct RealHistory {
    pub daily: HashMap<String, BTreeMap<NaiveDate, Candle>>,
    pub snapshots: HashMap<String, Snapshot>,
}

/// Columns read from each source, in the order the parsers expect them.
const NAVER_COLUMNS: [&str; 7] = ["종목코드", "날짜", "시가", "고가", "저가", "종가", "거래량"];
const KIS_COLUMNS: [&str; 8] = [
    "code", "date", "open", "high", "low", "close", "volume", "turnover",
];
const FDR_COLUMNS: [&str; 8] = [
    "Code", "Close", "Changes", "Open", "High", "Low", "Volume", "Amount",
];

/// The date of the FDR snapshot.
pub fn snapshot_date() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 5, 8).unwrap_or_default()
}

/// Read the KIS history and the FDR snapshot of `dir` (what start-up needs).
///
/// The files are parsed field by field from byte records (no per-row allocation but the
/// code): this runs at every start-up, debug builds included.
pub fn load_recent(dir: &Path) -> anyhow::Result<RealHistory> {
    let mut kis = Vec::new();
    for_each_record(&dir.join(KIS_DAILY), &KIS_COLUMNS, |fields| {
        if let (Some(code), Some(candle)) = (text(fields[0]), kis_candle(fields)) {
            kis.push((code.to_owned(), candle));
        }
    })?;
    let mut snapshots = HashMap::new();
    for_each_record(&dir.join(FDR_SNAPSHOT), &FDR_COLUMNS, |fields| {
        if let (Some(code), Some(snapshot)) = (text(fields[0]), fdr_snapshot(fields)) {
            snapshots.insert(code.to_owned(), snapshot);
        }
    })?;
    Ok(RealHistory {
        daily: merge(Vec::new(), kis),
        snapshots,
    })
}

/// Read the Naver history (2021-04 to 2026-03) of `dir`, by code.
pub fn load_naver(dir: &Path) -> anyhow::Result<HashMap<String, BTreeMap<NaiveDate, Candle>>> {
    let mut naver = Vec::new();
    for_each_record(&dir.join(NAVER_DAILY), &NAVER_COLUMNS, |fields| {
        if let (Some(code), Some(candle)) = (text(fields[0]), naver_candle(fields)) {
            naver.push((code.to_owned(), candle));
        }
    })?;
    Ok(merge(naver, Vec::new()))
}

/// The Naver history of `codes` only (the ETFs, whose history only Naver has: start-up
/// needs their last candles, which for the stocks come from KIS and the snapshot).
fn load_naver_of(
    dir: &Path,
    codes: &std::collections::HashSet<&str>,
) -> anyhow::Result<HashMap<String, BTreeMap<NaiveDate, Candle>>> {
    let mut naver = Vec::new();
    for_each_record(&dir.join(NAVER_DAILY), &NAVER_COLUMNS, |fields| {
        if let Some(code) = text(fields[0]).filter(|c| codes.contains(c))
            && let Some(candle) = naver_candle(fields)
        {
            naver.push((code.to_owned(), candle));
        }
    })?;
    Ok(merge(naver, Vec::new()))
}

/// Read all three real sources of `dir`, merged (KIS wins over Naver).
#[cfg(test)]
pub fn load_real(dir: &Path) -> anyhow::Result<RealHistory> {
    let recent = load_recent(dir)?;
    let mut daily = load_naver(dir)?;
    for (code, days) in recent.daily {
        daily.entry(code).or_default().extend(days);
    }
    Ok(RealHistory {
        daily,
        snapshots: recent.snapshots,
    })
}

/// Most columns [`for_each_record`] reads.
const MAX_COLUMNS: usize = 8;

/// Calls `each` with the `columns` of every record of the CSV file at `path`.
fn for_each_record(
    path: &Path,
    columns: &[&str],
    mut each: impl FnMut(&[&[u8]]),
) -> anyhow::Result<()> {
    let mut reader =
        csv::Reader::from_path(path).with_context(|| format!("cannot open {}", path.display()))?;
    let headers = reader.byte_headers()?.clone();
    let positions = columns
        .iter()
        .map(|column| {
            headers
                .iter()
                .position(|h| h == column.as_bytes())
                .with_context(|| format!("no column {column} in {}", path.display()))
        })
        .collect::<anyhow::Result<Vec<usize>>>()?;
    anyhow::ensure!(columns.len() <= MAX_COLUMNS, "too many columns");
    let mut record = csv::ByteRecord::new();
    while reader
        .read_byte_record(&mut record)
        .with_context(|| format!("malformed row in {}", path.display()))?
    {
        let mut fields: [&[u8]; MAX_COLUMNS] = [&[]; MAX_COLUMNS];
        for (field, &p) in fields.iter_mut().zip(&positions) {
            *field = record.get(p).unwrap_or_default();
        }
        each(&fields[..positions.len()]);
    }
    Ok(())
}

/// Naver and KIS rows merged per code; KIS wins on a date both have.
fn merge(
    naver: Vec<(String, Candle)>,
    kis: Vec<(String, Candle)>,
) -> HashMap<String, BTreeMap<NaiveDate, Candle>> {
    let mut daily: HashMap<String, BTreeMap<NaiveDate, Candle>> = HashMap::new();
    for (code, candle) in naver.into_iter().chain(kis) {
        daily.entry(code).or_default().insert(candle.date, candle);
    }
    daily
}

/// `[code, date (YYYY-MM-DD), open, high, low, close, volume]`.
fn naver_candle(fields: &[&[u8]]) -> Option<Candle> {
    let date = date_of(fields[1])?;
    let close = int(fields[5]).filter(|&c| c > 0)?;
    let candle = normalized(Candle {
        date,
        open: int(fields[2]).unwrap_or(0),
        high: int(fields[3]).unwrap_or(0),
        low: int(fields[4]).unwrap_or(0),
        close,
        volume: int(fields[6]).unwrap_or(0).max(0),
        trading_value: 0,
    });
    Some(Candle {
        trading_value: estimated_value(&candle),
        ..candle
    })
}

/// `[code, date (YYYYMMDD), open, high, low, close, volume, turnover]`.
fn kis_candle(fields: &[&[u8]]) -> Option<Candle> {
    let date = date_of(fields[1])?;
    let close = int(fields[5]).filter(|&c| c > 0)?;
    Some(normalized(Candle {
        date,
        open: int(fields[2]).unwrap_or(0),
        high: int(fields[3]).unwrap_or(0),
        low: int(fields[4]).unwrap_or(0),
        close,
        volume: int(fields[6]).unwrap_or(0).max(0),
        trading_value: int(fields[7]).unwrap_or(0).max(0),
    }))
}

/// `[code, close, changes, open, high, low, volume, amount]`.
fn fdr_snapshot(fields: &[&[u8]]) -> Option<Snapshot> {
    let close = int(fields[1]).filter(|&c| c > 0)?;
    let previous_close = close - int(fields[2]).unwrap_or(0);
    let candle = normalized(Candle {
        date: snapshot_date(),
        open: int(fields[3]).unwrap_or(0),
        high: int(fields[4]).unwrap_or(0),
        low: int(fields[5]).unwrap_or(0),
        close,
        volume: int(fields[6]).unwrap_or(0).max(0),
        trading_value: int(fields[7]).unwrap_or(0).max(0),
    });
    Some(Snapshot {
        candle,
        previous_close: if previous_close > 0 {
            previous_close
        } else {
            close
        },
    })
}

/// Zero (missing) open/high/low become the close; high and low enclose open and close.
fn normalized(mut candle: Candle) -> Candle {
    for price in [&mut candle.open, &mut candle.high, &mut candle.low] {
        if *price <= 0 {
            *price = candle.close;
        }
    }
    candle.high = candle.high.max(candle.open).max(candle.close);
    candle.low = candle.low.min(candle.open).min(candle.close);
    candle
}

/// Volume × the mean of open, high, low and close.
fn estimated_value(candle: &Candle) -> i64 {
    let mean = (candle.open + candle.high + candle.low + candle.close) as f64 / 4.0;
    (candle.volume as f64 * mean).round() as i64
}

fn text(field: &[u8]) -> Option<&str> {
    std::str::from_utf8(field)
        .ok()
        .map(str::trim)
        .filter(|t| !t.is_empty())
}

/// An integer written as `-12`, `82600` or `82600.0` (the sources write some integers as
/// floats); a fraction is rounded half up. Anything else is `None`.
fn int(field: &[u8]) -> Option<i64> {
    let field = field.trim_ascii();
    let (negative, digits) = match field.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, field),
    };
    let (whole, fraction) = match digits.iter().position(|&b| b == b'.') {
        Some(dot) => (&digits[..dot], &digits[dot + 1..]),
        None => (digits, &digits[digits.len()..]),
    };
    if whole.is_empty() || !whole.iter().chain(fraction).all(u8::is_ascii_digit) {
        return None;
    }
    let mut value: i64 = 0;
    for &b in whole {
        value = value.checked_mul(10)?.checked_add(i64::from(b - b'0'))?;
    }
    if fraction.first().is_some_and(|&b| b >= b'5') {
        value = value.checked_add(1)?;
    }
    Some(if negative { -value } else { value })
}

/// `YYYY-MM-DD` or `YYYYMMDD`.
fn date_of(field: &[u8]) -> Option<NaiveDate> {
    let field = field.trim_ascii();
    let digits: Vec<u8> = match field.len() {
        8 => field.to_vec(),
        10 if field[4] == b'-' && field[7] == b'-' => {
            [&field[0..4], &field[5..7], &field[8..10]].concat()
        }
        _ => return None,
    };
    if !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let number = |range: std::ops::Range<usize>| {
        digits[range]
            .iter()
            .fold(0_u32, |n, d| n * 10 + u32::from(d - b'0'))
    };
    NaiveDate::from_ymd_opt(
        i32::try_from(number(0..4)).ok()?,
        number(4..6),
        number(6..8),
    )
}

/// How a stock's generated candles move and trade.
#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    pub security_id: String,
    /// Close-to-close daily sigma (log).
    pub sigma: f64,
    /// Typical trading value in won per day.
    pub value_per_day: f64,
    /// The price grid of its candles (ETFs: 5 won).
    pub grid: TickGrid,
}

/// Profiles of every stock from its market-cap rank (real last close × shares).
pub fn profiles(securities: &[ListedStock]) -> HashMap<String, Profile> {
    securities
        .iter()
        .zip(activity_by_cap(securities))
        .map(|(stock, activity)| {
            let value_per_day = (MIN_VALUE_PER_DAY.ln()
                + activity.liquidity * (MAX_VALUE_PER_DAY / MIN_VALUE_PER_DAY).ln())
            .exp();
            let id = stock.security_id.as_str().to_owned();
            (
                id.clone(),
                Profile {
                    security_id: id,
                    sigma: activity.volatility,
                    value_per_day,
                    grid: TickGrid::of_etf(stock.is_etf()),
                },
            )
        })
        .collect()
}

/// Everything needed to produce any stock's seeded history on demand: the real history,
/// the profiles, the dataset's last day and the least history length.
///
/// A stock's full history is a pure function of these and of its stored simulated candles
/// (see [`Seeds::materialize`]), so nothing has to be written at start-up.
#[derive(Debug)]
pub struct Seeds {
    /// KIS history and the snapshots (or everything, for [`Seeds::new`]).
    real: RealHistory,
    /// The older Naver history, read on the first [`Seeds::history`] call: a stock's last
    /// candles never depend on it (it ends 2026-03-17, before the snapshot and KIS), so
    /// start-up does without it.
    older: OnceLock<HashMap<String, BTreeMap<NaiveDate, Candle>>>,
    older_dir: Option<PathBuf>,
    profiles: HashMap<String, Profile>,
    /// Security id → 6-character code.
    codes: HashMap<String, String>,
    /// The dataset's last day: every seeded history ends there.
    end: NaiveDate,
    history_days: usize,
}

impl Seeds {
    /// Seeds over `real` (complete: nothing is read later).
    pub fn new(securities: &[ListedStock], real: RealHistory, history_days: usize) -> Self {
        let end = real
            .daily
            .values()
            .filter_map(|days| days.keys().next_back().copied())
            .chain(real.snapshots.values().map(|s| s.candle.date))
            .max()
            .unwrap_or_else(snapshot_date);
        let codes = securities
            .iter()
            .map(|s| {
                (
                    s.security_id.as_str().to_owned(),
                    s.security_id.code().to_owned(),
                )
            })
            .collect();
        Self {
            profiles: profiles(securities),
            real,
            older: OnceLock::new(),
            older_dir: None,
            codes,
            end,
            history_days,
        }
    }

    /// Seeds over the dataset in `dir`: KIS and the snapshot now, Naver on first use.
    pub fn load(
        dir: &Path,
        securities: &[ListedStock],
        history_days: usize,
    ) -> anyhow::Result<Self> {
        let naver = dir.join(NAVER_DAILY);
        anyhow::ensure!(naver.is_file(), "missing {}", naver.display());
        let mut recent = load_recent(dir)?;
        let etfs: std::collections::HashSet<&str> = securities
            .iter()
            .filter(|s| s.is_etf())
            .map(|s| s.security_id.code())
            .collect();
        if !etfs.is_empty() {
            for (code, days) in load_naver_of(dir, &etfs)? {
                recent.daily.entry(code).or_default().extend(days);
            }
        }
        let mut seeds = Self::new(securities, recent, history_days);
        seeds.older_dir = Some(dir.to_path_buf());
        Ok(seeds)
    }

    fn older(&self) -> &HashMap<String, BTreeMap<NaiveDate, Candle>> {
        self.older.get_or_init(|| match &self.older_dir {
            None => HashMap::new(),
            Some(dir) => load_naver(dir).unwrap_or_else(|error| {
                tracing::error!(
                    error = format!("{error:#}"),
                    "cannot read the Naver history; histories start with KIS"
                );
                HashMap::new()
            }),
        })
    }

    /// The dataset's last day.
    pub fn end(&self) -> NaiveDate {
        self.end
    }

    pub fn profile(&self, security_id: &str) -> Option<&Profile> {
        self.profiles.get(security_id)
    }

    fn parts(&self, security_id: &str) -> Option<(&Profile, &str, Option<&Snapshot>)> {
        let code = self.codes.get(security_id)?;
        Some((
            self.profiles.get(security_id)?,
            code.as_str(),
            self.real.snapshots.get(code),
        ))
    }

    /// The seeded history of a listed stock, ascending, ending on [`Seeds::end`]. Reads the
    /// Naver history the first time (CPU and file work: call it off the async workers).
    pub fn history(&self, security_id: &str) -> Vec<(Candle, Source)> {
        let Some((profile, code, snapshot)) = self.parts(security_id) else {
            return Vec::new();
        };
        let mut daily = self.older().get(code).cloned().unwrap_or_default();
        if let Some(recent) = self.real.daily.get(code) {
            daily.extend(recent.iter().map(|(&date, &candle)| (date, candle)));
        }
        stock_history(profile, Some(&daily), snapshot, self.end, self.history_days)
    }

    /// Date and close of the last seeded candle, without generating the older history.
    pub fn tail(&self, security_id: &str) -> Option<(NaiveDate, i64)> {
        let (profile, code, snapshot) = self.parts(security_id)?;
        let known = known_history(profile, self.real.daily.get(code), snapshot);
        let (&date, &(last, _)) = known.range(..=self.end).next_back()?;
        match forward(profile, date, last.close, self.end).last() {
            Some(filled) => Some((filled.date, filled.close)),
            None => Some((date, last.close)),
        }
    }

    /// The rows to store so that the history of `security_id` has no gap: its seeded
    /// history, and generated candles for every trading day missing between the seed's
    /// last day and `stored` (the stored candles after [`Seeds::end`], ascending: date and
    /// close) and after them up to `until`. Each gap is walked [`forward`] from the candle
    /// before it, exactly as start-up walked it to find the simulator's previous close.
    pub fn materialize(
        &self,
        security_id: &str,
        stored: &[(NaiveDate, i64)],
        until: Option<NaiveDate>,
    ) -> Vec<(Candle, Source)> {
        let mut rows = self.history(security_id);
        let (Some(profile), Some(&(seed_last, _))) = (self.profile(security_id), rows.last())
        else {
            return rows;
        };
        let mut anchor = (seed_last.date, seed_last.close);
        let after: Vec<(NaiveDate, i64)> = stored
            .iter()
            .copied()
            .filter(|(date, _)| *date > seed_last.date)
            .collect();
        for &(date, close) in &after {
            let last_gap_day = previous_trading_day(date);
            if last_gap_day > anchor.0 {
                rows.extend(
                    forward(profile, anchor.0, anchor.1, last_gap_day)
                        .into_iter()
                        .map(|c| (c, Source::Generated)),
                );
            }
            anchor = (date, close);
        }
        if let Some(until) = until
            && until > anchor.0
        {
            rows.extend(
                forward(profile, anchor.0, anchor.1, until)
                    .into_iter()
                    .map(|c| (c, Source::Generated)),
            );
        }
        rows
    }

    /// The candle of `date` and the previous trading day's close of `security_id`, by the
    /// rule of [`Seeds::materialize`] without generating the older history: `stored` are
    /// the stored candles of the previous day and of `date`, `before` the newest stored
    /// candle after [`Seeds::end`] and before the previous day, `later_stored` whether a
    /// candle after `date` is stored, `until` the last day the history is walked to. A day
    /// not stored is walked [`forward`] from the candle before its gap (or the seeded
    /// history's last) when it lies in a gap before a stored day or up to `until`.
    pub fn day_of(
        &self,
        security_id: &str,
        date: NaiveDate,
        stored: (Option<Candle>, Option<Candle>),
        before: Option<(NaiveDate, i64)>,
        later_stored: bool,
        until: Option<NaiveDate>,
    ) -> DayLookup {
        let (Some(profile), Some(tail)) = (self.profile(security_id), self.tail(security_id))
        else {
            return DayLookup::NoHistory;
        };
        match self.day_in_history(profile, tail, date, stored, before, later_stored, until) {
            Some(day) => DayLookup::Day(day),
            None => DayLookup::NotYet,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn day_in_history(
        &self,
        profile: &Profile,
        tail: (NaiveDate, i64),
        date: NaiveDate,
        stored: (Option<Candle>, Option<Candle>),
        before: Option<(NaiveDate, i64)>,
        later_stored: bool,
        until: Option<NaiveDate>,
    ) -> Option<DayOf> {
        let previous = previous_trading_day(date);
        let (stored_previous, stored_on) = stored;
        if date <= self.end {
            // Inside the seeded history (stored as generated, never replaced).
            let history = self.history(&profile.security_id);
            let candle = stored_on.or_else(|| {
                history
                    .iter()
                    .find(|(c, _)| c.date == date)
                    .map(|(c, _)| *c)
            })?;
            let previous_close = stored_previous.map(|c| c.close).or_else(|| {
                history
                    .iter()
                    .rev()
                    .find(|(c, _)| c.date < date)
                    .map(|(c, _)| c.close)
            })?;
            return Some(DayOf {
                candle,
                previous_close,
            });
        }
        let start = before.unwrap_or(tail);
        let walked = |from: (NaiveDate, i64), day: NaiveDate, in_gap: bool| -> Option<Candle> {
            if !(in_gap || until.is_some_and(|until| day <= until)) {
                return None;
            }
            forward(profile, from.0, from.1, day)
                .last()
                .copied()
                .filter(|c| c.date == day)
        };
        let previous_close = match stored_previous {
            Some(candle) => candle.close,
            None if previous == start.0 => start.1,
            None => walked(start, previous, stored_on.is_some() || later_stored)?.close,
        };
        let candle = match stored_on {
            Some(candle) => candle,
            None => {
                let from = stored_previous.map_or(start, |c| (c.date, c.close));
                walked(from, date, later_stored)?
            }
        };
        Some(DayOf {
            candle,
            previous_close,
        })
    }
}

/// What [`Seeds::day_of`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DayLookup {
    Day(DayOf),
    /// The stock has no history at all.
    NoHistory,
    /// The date is after its history: a simulated close not stored yet.
    NotYet,
}

/// One stock's day: its candle and the close of the trading day before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DayOf {
    pub candle: Candle,
    pub previous_close: i64,
}

/// Real candles, and where the real history ends before the 2026-05-08 snapshot (or is
/// empty), the snapshot with generated days leading to its real previous close.
fn known_history(
    profile: &Profile,
    daily: Option<&BTreeMap<NaiveDate, Candle>>,
    snapshot: Option<&Snapshot>,
) -> BTreeMap<NaiveDate, (Candle, Source)> {
    let mut known: BTreeMap<NaiveDate, (Candle, Source)> = daily
        .into_iter()
        .flatten()
        .map(|(&date, &candle)| (date, (candle, Source::Krx)))
        .collect();
    if let Some(snapshot) = snapshot
        && known.range(snapshot.candle.date..).next().is_none()
    {
        let date = snapshot.candle.date;
        let last_gap_day = previous_trading_day(date);
        match known.values().next_back().map(|(c, _)| *c) {
            // Bridge the trading days between the real history and the snapshot.
            Some(before) => {
                if last_gap_day > before.date {
                    for candle in bridge(profile, &before, snapshot.previous_close, last_gap_day) {
                        known.insert(candle.date, (candle, Source::Generated));
                    }
                }
            }
            // Only the snapshot: the day before closes at its real previous close.
            None => {
                let first = backward(
                    profile,
                    date,
                    snapshot.candle.open,
                    1,
                    Some(snapshot.previous_close),
                );
                for candle in first {
                    known.insert(candle.date, (candle, Source::Generated));
                }
            }
        }
        known.insert(date, (snapshot.candle, Source::Krx));
    }
    known
}

/// One stock's seeded history: real candles, the snapshot where the real history does not
/// cover its date, generated candles before, between and after, up to `end`.
pub fn stock_history(
    profile: &Profile,
    daily: Option<&BTreeMap<NaiveDate, Candle>>,
    snapshot: Option<&Snapshot>,
    end: NaiveDate,
    history_days: usize,
) -> Vec<(Candle, Source)> {
    let mut known = known_history(profile, daily, snapshot);
    let Some((&first_date, &(first, _))) = known.iter().next() else {
        return Vec::new();
    };
    // Backwards to at least `history_days` candles.
    let missing = history_days.saturating_sub(known.len());
    if missing > 0 {
        for candle in backward(profile, first_date, first.open, missing, None) {
            known.insert(candle.date, (candle, Source::Generated));
        }
    }
    // Forwards to `end`.
    if let Some((&last_date, &(last, _))) = known.range(..=end).next_back()
        && last_date < end
    {
        for candle in forward(profile, last_date, last.close, end) {
            known.insert(candle.date, (candle, Source::Generated));
        }
    }
    known.into_values().filter(|(c, _)| c.date <= end).collect()
}

/// FNV-1a over the parts, so seeds do not depend on the standard library's hasher.
fn seed_of(parts: &[&str]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for byte in part.bytes().chain(std::iter::once(0xff)) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

fn rng_for(profile: &Profile, kind: &str, date: NaiveDate) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed_of(&[&profile.security_id, kind, &date.to_string()]))
}

/// Standard normal (Box–Muller).
fn normal(rng: &mut ChaCha8Rng) -> f64 {
    let u: f64 = rng.random::<f64>().max(f64::MIN_POSITIVE);
    let v: f64 = rng.random::<f64>();
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// A daily log return: normal with fat tails (one day in twenty is 2.5× as wide).
fn daily_move(rng: &mut ChaCha8Rng, sigma: f64) -> f64 {
    let wide = if rng.random::<f64>() < 0.05 { 2.5 } else { 1.0 };
    (normal(rng) * sigma * wide).clamp(-MAX_DAILY_MOVE, MAX_DAILY_MOVE)
}

fn on_tick(grid: TickGrid, price: f64) -> i64 {
    let raw = if price.is_finite() {
        price.round() as i64
    } else {
        1
    };
    grid.round(raw.max(1), Rounding::Nearest).max(grid.lowest())
}

/// `close` clamped into the daily limits of `previous_close`.
fn within_limits(grid: TickGrid, close: i64, previous_close: i64) -> i64 {
    let (upper, lower) = grid.price_limits(previous_close);
    close.clamp(lower, upper)
}

/// The candle of a day that closes at `close` after `previous_close`: an overnight gap to
/// the open, a range around open and close, all on ticks and within the limits; volume
/// from the profile's value per day, larger on larger moves.
fn day_candle(
    rng: &mut ChaCha8Rng,
    profile: &Profile,
    date: NaiveDate,
    previous_close: i64,
    close: i64,
) -> Candle {
    let (sigma, grid) = (profile.sigma, profile.grid);
    let (upper, lower) = grid.price_limits(previous_close);
    let close = close.clamp(lower, upper);
    let open = on_tick(
        grid,
        previous_close as f64 * (normal(rng) * sigma * 0.4).exp(),
    )
    .clamp(lower, upper);
    let top = open.max(close) as f64 * (normal(rng) * sigma * 0.5).abs().exp();
    let bottom = open.min(close) as f64 * (-(normal(rng) * sigma * 0.5).abs()).exp();
    let high = grid
        .round(top.round() as i64, Rounding::Up)
        .clamp(open.max(close), upper.max(open.max(close)));
    let low = grid
        .round((bottom.round() as i64).max(1), Rounding::Down)
        .max(grid.lowest())
        .clamp(lower.min(open.min(close)), open.min(close));
    let size = ((close as f64) / (previous_close.max(1) as f64)).ln().abs() / sigma.max(1e-6);
    let activity = (0.45 * normal(rng) - 0.1).exp() * (0.7 + 0.3 * size.min(5.0));
    let mean_price = (open + high + low + close) as f64 / 4.0;
    let volume = ((profile.value_per_day * activity / mean_price.max(1.0)).round() as i64).max(1);
    Candle {
        date,
        open,
        high,
        low,
        close,
        volume,
        trading_value: (volume as f64 * mean_price).round() as i64,
    }
}

/// Generated candles on the trading days after `date` (whose close was `close`) up to
/// `until`, inclusive. Seeded by the security id and `date`, so the same gap always fills
/// the same way.
pub fn forward(profile: &Profile, date: NaiveDate, close: i64, until: NaiveDate) -> Vec<Candle> {
    let mut rng = rng_for(profile, "forward", date);
    let mut candles = Vec::new();
    let mut previous = close.max(1);
    let mut day = next_trading_day(date);
    while day <= until && day > date {
        let target = on_tick(
            profile.grid,
            previous as f64 * daily_move(&mut rng, profile.sigma).exp(),
        );
        let candle = day_candle(
            &mut rng,
            profile,
            day,
            previous,
            within_limits(profile.grid, target, previous),
        );
        previous = candle.close;
        candles.push(candle);
        day = next_trading_day(day);
    }
    candles
}

/// `count` generated candles on the trading days before `date`, ascending. The day before
/// `date` closes near `open` (an overnight gap), or exactly at `last_close` when given.
pub fn backward(
    profile: &Profile,
    date: NaiveDate,
    open: i64,
    count: usize,
    last_close: Option<i64>,
) -> Vec<Candle> {
    let mut rng = rng_for(profile, "backward", date);
    // Closes from the newest day back, one more than the candles (the oldest is only the
    // previous close of the first candle).
    let mut closes = Vec::with_capacity(count + 1);
    let newest = last_close.unwrap_or_else(|| {
        on_tick(
            profile.grid,
            open.max(1) as f64 * (normal(&mut rng) * profile.sigma * 0.4).exp(),
        )
    });
    closes.push(newest.max(1));
    for _ in 0..count {
        let later = closes[closes.len() - 1];
        let mut earlier = on_tick(
            profile.grid,
            later as f64 / daily_move(&mut rng, profile.sigma).exp(),
        );
        earlier = fit_previous(profile.grid, later, earlier);
        closes.push(earlier);
    }
    let mut days = Vec::with_capacity(count);
    let mut day = date;
    for _ in 0..count {
        day = previous_trading_day(day);
        days.push(day);
    }
    let mut candles: Vec<Candle> = days
        .iter()
        .enumerate()
        .map(|(k, &day)| day_candle(&mut rng, profile, day, closes[k + 1], closes[k]))
        .collect();
    candles.reverse();
    candles
}

/// A previous close near `guess` from whose limits `close` is reachable.
fn fit_previous(grid: TickGrid, close: i64, guess: i64) -> i64 {
    let mut previous = guess.max(grid.lowest());
    for _ in 0..1_000 {
        let (upper, lower) = grid.price_limits(previous);
        if close > upper {
            previous = grid.round(previous + grid.tick_size(previous), Rounding::Up);
        } else if close < lower {
            previous = grid
                .round((previous - grid.tick_size(previous)).max(1), Rounding::Down)
                .max(grid.lowest());
        } else {
            break;
        }
    }
    previous
}

/// Generated candles on the trading days after `from` up to `last_day` (inclusive), a
/// Brownian bridge in log price from `from.close` that closes exactly at `last_close` on
/// `last_day`.
fn bridge(profile: &Profile, from: &Candle, last_close: i64, last_day: NaiveDate) -> Vec<Candle> {
    let mut days = Vec::new();
    let mut day = next_trading_day(from.date);
    while day <= last_day && day > from.date {
        days.push(day);
        day = next_trading_day(day);
    }
    let Some(n) = std::num::NonZeroUsize::new(days.len()) else {
        return Vec::new();
    };
    let n = n.get();
    let mut rng = rng_for(profile, "bridge", from.date);
    let mut walk = Vec::with_capacity(n);
    let mut w = 0.0;
    for _ in 0..n {
        w += normal(&mut rng) * profile.sigma;
        walk.push(w);
    }
    let start = (from.close.max(1) as f64).ln();
    let target = (last_close.max(1) as f64).ln() - start;
    let total = walk[n - 1];
    let mut previous = from.close.max(1);
    let mut candles = Vec::with_capacity(n);
    for (k, &day) in days.iter().enumerate() {
        let share = (k + 1) as f64 / n as f64;
        let log = start + walk[k] - share * (total - target);
        let close = if k + 1 == n {
            last_close.max(1)
        } else {
            within_limits(profile.grid, on_tick(profile.grid, log.exp()), previous)
        };
        let candle = day_candle(&mut rng, profile, day, previous, close);
        previous = candle.close;
        candles.push(candle);
    }
    candles
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Market, SecurityId};
    use crate::simulator::clock::is_trading_day;
    use crate::simulator::price_limits;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    fn profile(id: &str) -> Profile {
        Profile {
            security_id: id.to_owned(),
            sigma: 0.03,
            value_per_day: 5.0e9,
            grid: TickGrid::Stock,
        }
    }

    fn data_dir() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../data")
    }

    fn candle(d: NaiveDate, open: i64, high: i64, low: i64, close: i64) -> Candle {
        Candle {
            date: d,
            open,
            high,
            low,
            close,
            volume: 10,
            trading_value: 10 * close,
        }
    }

    fn assert_plausible(candles: &[Candle]) {
        assert_plausible_on(TickGrid::Stock, candles);
    }

    fn assert_plausible_on(grid: TickGrid, candles: &[Candle]) {
        for pair in candles.windows(2) {
            assert!(pair[0].date < pair[1].date, "ascending: {pair:?}");
            assert_eq!(
                next_trading_day(pair[0].date),
                pair[1].date,
                "no gap: {pair:?}"
            );
            let (upper, lower) = grid.price_limits(pair[0].close);
            let c = pair[1];
            assert!(
                c.close <= upper && c.close >= lower,
                "within limits: {pair:?}"
            );
            assert!(
                c.high <= upper.max(c.open) && c.low >= lower.min(c.open),
                "{pair:?}"
            );
        }
        for c in candles {
            assert!(is_trading_day(c.date), "{c:?} on a trading day");
            for price in [c.open, c.high, c.low, c.close] {
                assert!(grid.is_on_tick(price), "{price} on tick in {c:?}");
            }
            assert!(
                c.low <= c.open.min(c.close) && c.high >= c.open.max(c.close),
                "{c:?}"
            );
            assert!(c.volume > 0 && c.trading_value > 0, "{c:?}");
        }
    }

    #[test]
    fn forward_is_deterministic_continuous_and_on_tick() {
        let p = profile("KOREA-A123456");
        let a = forward(&p, date(2026, 6, 15), 55_500, date(2026, 11, 20));
        let b = forward(&p, date(2026, 6, 15), 55_500, date(2026, 11, 20));
        assert_eq!(a, b);
        assert_eq!(a.first().map(|c| c.date), Some(date(2026, 6, 16)));
        assert_eq!(a.last().map(|c| c.date), Some(date(2026, 11, 20)));
        let (upper, lower) = price_limits(55_500);
        assert!(a[0].close <= upper && a[0].close >= lower);
        assert_plausible(&a);
        // Another security walks differently.
        let other = forward(
            &profile("KOREA-A654321"),
            date(2026, 6, 15),
            55_500,
            date(2026, 11, 20),
        );
        assert_ne!(a, other);
        // Nothing to fill.
        assert!(forward(&p, date(2026, 6, 15), 55_500, date(2026, 6, 15)).is_empty());
    }

    #[test]
    fn etf_candles_are_on_the_five_won_grid() {
        let etf = Profile {
            grid: TickGrid::Etf,
            sigma: 0.01,
            ..profile("KOREA-A459580")
        };
        let walked = forward(&etf, date(2026, 3, 17), 1_235, date(2026, 11, 20));
        assert_plausible_on(TickGrid::Etf, &walked);
        // The stocks' grid would have used 1-won steps at this price.
        let as_stock = forward(
            &profile("KOREA-A459580"),
            date(2026, 3, 17),
            1_235,
            date(2026, 11, 20),
        );
        assert!(as_stock.iter().any(|c| c.close % 5 != 0));
        let before = backward(&etf, date(2026, 5, 8), 1_990, 250, Some(2_005));
        assert_plausible_on(TickGrid::Etf, &before);
        let from = candle(date(2026, 3, 17), 105_000, 105_050, 104_950, 105_015);
        let bridged = bridge(&etf, &from, 105_500, date(2026, 5, 7));
        let mut all = vec![from];
        all.extend(bridged);
        assert_plausible_on(TickGrid::Etf, &all[1..]);
    }

    #[test]
    fn backward_ends_at_the_given_close() {
        let p = profile("KOREA-A000001");
        let candles = backward(&p, date(2026, 5, 8), 1_990, 250, Some(2_005));
        assert_eq!(candles.len(), 250);
        assert_eq!(
            candles.last().map(|c| (c.date, c.close)),
            Some((date(2026, 5, 7), 2_005))
        );
        assert_plausible(&candles);
        assert_eq!(
            candles,
            backward(&p, date(2026, 5, 8), 1_990, 250, Some(2_005))
        );
        // Tiny prices stay positive and on the 1-won grid.
        let tiny = backward(&p, date(2026, 5, 8), 3, 250, None);
        assert!(tiny.iter().all(|c| c.low >= 1));
        assert_plausible(&tiny);
    }

    #[test]
    fn bridge_reaches_the_snapshot_close() {
        let p = profile("KOREA-A005385");
        let from = candle(date(2026, 3, 17), 100_000, 101_000, 99_000, 100_000);
        let candles = bridge(&p, &from, 123_400, date(2026, 5, 7));
        assert_eq!(candles.first().map(|c| c.date), Some(date(2026, 3, 18)));
        assert_eq!(
            candles.last().map(|c| (c.date, c.close)),
            Some((date(2026, 5, 7), 123_400))
        );
        let mut all = vec![from];
        all.extend(candles.iter().copied());
        assert_plausible(&all);
    }

    fn fields(text: &str) -> Vec<&[u8]> {
        text.split(',').map(str::as_bytes).collect()
    }

    #[test]
    fn parses_source_numbers_and_dates() {
        assert_eq!(int(b"82600.0"), Some(82_600));
        assert_eq!(int(b" 15 "), Some(15));
        assert_eq!(int(b"-3000"), Some(-3_000));
        assert_eq!(int(b"2.5"), Some(3));
        assert_eq!(int(b"2.49"), Some(2));
        for bad in [
            &b""[..],
            b"abc",
            b"1e5",
            b".5",
            b"--1",
            b"99999999999999999999",
        ] {
            assert_eq!(int(bad), None, "{bad:?}");
        }
        assert_eq!(date_of(b"2026-03-16"), Some(date(2026, 3, 16)));
        assert_eq!(date_of(b"20260316"), Some(date(2026, 3, 16)));
        for bad in [
            &b"2026-3-16"[..],
            b"2026/03/16",
            b"20260230",
            b"",
            b"2026031",
        ] {
            assert_eq!(date_of(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn merge_prefers_kis_and_fixes_naver_suspension_days() {
        // Naver columns: code, date, open, high, low, close, volume.
        let suspended =
            naver_candle(&fields("207940,2025-11-03,0.0,0.0,0.0,1000000.0,0.0")).expect("naver");
        assert_eq!(
            (
                suspended.open,
                suspended.high,
                suspended.low,
                suspended.close,
                suspended.volume
            ),
            (1_000_000, 1_000_000, 1_000_000, 1_000_000, 0)
        );
        let naver_day =
            naver_candle(&fields("005930,2026-03-16,90.0,110.0,80.0,100.0,10.0")).expect("naver");
        // No trading value in Naver: volume × mean of O/H/L/C.
        assert_eq!(naver_day.trading_value, 950);
        // KIS columns: code, date, open, high, low, close, volume, turnover.
        let kis_day = kis_candle(&fields("005930,20260316,91,111,81,101,11,1111")).expect("kis");
        assert_eq!(kis_day.trading_value, 1_111);
        let only_naver =
            naver_candle(&fields("005930,2026-03-13,99.0,99.0,99.0,99.0,1.0")).expect("naver");
        assert!(
            naver_candle(&fields("005930,2026-03-13,1,1,1,0,1")).is_none(),
            "no close"
        );
        let merged = merge(
            vec![("005930".into(), naver_day), ("005930".into(), only_naver)],
            vec![("005930".into(), kis_day)],
        );
        let days = &merged["005930"];
        assert_eq!(days.len(), 2);
        assert_eq!(days[&date(2026, 3, 16)], kis_day);
        assert_eq!(days[&date(2026, 3, 13)], only_naver);
        // FDR columns: code, close, changes, open, high, low, volume, amount.
        let snapshot = fdr_snapshot(&fields(
            "005930,268500,-3000,260000,270000,260000,25875880,6856898737478",
        ))
        .expect("fdr");
        assert_eq!(snapshot.previous_close, 271_500);
        assert_eq!(snapshot.candle.date, date(2026, 5, 8));
    }

    fn listed(code: &str, close: i64) -> ListedStock {
        ListedStock {
            security_id: SecurityId::from_code(code).expect("code"),
            name: code.to_owned(),
            name_en: None,
            market: Market::Kosdaq,
            shares_outstanding: 10_000_000,
            last_close: close,
            last_close_date: date(2026, 5, 8),
            kind: crate::dataset::SecurityKind::Stock,
        }
    }

    #[test]
    fn snapshot_only_stock_gets_a_year_ending_at_its_real_close() {
        let p = profile("KOREA-A900000");
        let snapshot = Snapshot {
            candle: candle(date(2026, 5, 8), 10_050, 10_200, 9_900, 10_100),
            previous_close: 10_000,
        };
        let end = date(2026, 6, 15);
        let history = stock_history(&p, None, Some(&snapshot), end, 250);
        let candles: Vec<Candle> = history.iter().map(|(c, _)| *c).collect();
        assert_plausible(&candles);
        let real: Vec<_> = history.iter().filter(|(_, s)| *s == Source::Krx).collect();
        assert_eq!(real, vec![&(snapshot.candle, Source::Krx)]);
        let before: Vec<_> = candles
            .iter()
            .filter(|c| c.date < date(2026, 5, 8))
            .collect();
        assert!(before.len() >= 249, "{} days before", before.len());
        assert_eq!(
            before.last().map(|c| c.close),
            Some(10_000),
            "real previous close"
        );
        assert_eq!(candles.last().map(|c| c.date), Some(end));
        assert_eq!(history, stock_history(&p, None, Some(&snapshot), end, 250));
    }

    #[test]
    fn real_dataset_merges_into_continuous_histories() {
        let real = load_real(&data_dir()).expect("real history");
        let samsung = &real.daily["005930"];
        // KIS (to 2026-06-15) extends Naver (to 2026-03-17), Naver starts 2021-04-21.
        assert_eq!(samsung.keys().next(), Some(&date(2021, 4, 21)));
        assert_eq!(samsung.keys().next_back(), Some(&date(2026, 6, 15)));
        assert!(
            real.daily["207940"]
                .values()
                .all(|c| c.open > 0 && c.low > 0)
        );
        let listing = crate::dataset::load_listing(&data_dir()).expect("listing");
        let snapshot = real.snapshots["000040"];
        let has_000040 = real.daily.contains_key("000040");
        let seeds = Seeds::new(&listing, real, 250);
        assert_eq!(seeds.end(), date(2026, 6, 15));
        // What start-up uses: KIS and the snapshot now, Naver when a history is read.
        let lazy = Seeds::load(&data_dir(), &listing, 250).expect("seeds");
        assert_eq!(lazy.end(), seeds.end());
        let seeded: Vec<(String, Vec<(Candle, Source)>)> = listing
            .iter()
            .map(|s| {
                (
                    s.security_id.as_str().to_owned(),
                    seeds.history(s.security_id.as_str()),
                )
            })
            .collect();
        for (id, candles) in &seeded {
            assert!(candles.len() >= 250, "{id}: {} candles", candles.len());
            let last = candles.last().map(|(c, _)| (c.date, c.close));
            assert_eq!(last.map(|l| l.0), Some(date(2026, 6, 15)), "{id}");
            // The cheap tail (without Naver) is the last seeded candle.
            assert_eq!(lazy.tail(id), last, "{id}");
            // From 2025 on the calendar is exact: no day missing, none extra.
            let recent: Vec<Candle> = candles
                .iter()
                .map(|(c, _)| *c)
                .filter(|c| c.date >= date(2025, 1, 2))
                .collect();
            for pair in recent.windows(2) {
                assert_eq!(next_trading_day(pair[0].date), pair[1].date, "{id}");
            }
        }
        let history_of = |wanted: &str| {
            seeded
                .iter()
                .find(|(id, _)| id == wanted)
                .map(|(_, h)| h.clone())
                .unwrap_or_default()
        };
        for id in [
            "KOREA-A005930",
            "KOREA-A005935",
            "KOREA-A000040",
            "KOREA-A247540",
        ] {
            assert_eq!(lazy.history(id), history_of(id), "{id}");
        }
        // A snapshot-only stock ends its real part at its FDR close.
        assert!(history_of("KOREA-A000040").contains(&(snapshot.candle, Source::Krx)));
        assert!(!has_000040);
        // A Naver-only stock (삼성전자우): real from 2021, a bridge from 2026-03-17 to the
        // snapshot's real previous close, the snapshot, then generated days to 2026-06-15.
        let preferred = history_of("KOREA-A005935");
        assert_eq!(
            preferred.first().map(|(c, s)| (c.date, *s)),
            Some((date(2021, 4, 21), Source::Krx))
        );
        let bridge: Vec<_> = preferred
            .iter()
            .filter(|(c, _)| c.date > date(2026, 3, 17) && c.date < date(2026, 5, 8))
            .collect();
        assert!(!bridge.is_empty() && bridge.iter().all(|(_, s)| *s == Source::Generated));
        let fdr = lazy.real.snapshots["005935"];
        assert_eq!(
            bridge.last().map(|(c, _)| c.close),
            Some(fdr.previous_close)
        );
        // The ETFs are listed: their real Naver candles to 2026-03-17, then generated ones,
        // and start-up (which reads only their rows of Naver) sees the same tail.
        let kodex = seeds.history("KOREA-A069500");
        let real_end = kodex
            .iter()
            .rev()
            .find(|(_, s)| *s == Source::Krx)
            .map(|(c, _)| (c.date, c.close));
        assert_eq!(real_end, Some((date(2026, 3, 17), 84_635)));
        assert_eq!(
            lazy.tail("KOREA-A069500"),
            kodex.last().map(|(c, _)| (c.date, c.close))
        );
        // Codes outside the listing have none.
        assert!(seeds.history("KOREA-A999999").is_empty());
        assert!(lazy.tail("KOREA-A999999").is_none());
    }

    #[test]
    fn materialize_fills_every_gap_like_start_up_did() {
        let stock = listed("900000", 10_100);
        let mut real = RealHistory::default();
        real.snapshots.insert(
            "900000".into(),
            Snapshot {
                candle: candle(date(2026, 5, 8), 10_050, 10_200, 9_900, 10_100),
                previous_close: 10_000,
            },
        );
        let seeds = Seeds::new(std::slice::from_ref(&stock), real, 250);
        let id = "KOREA-A900000";
        assert_eq!(seeds.end(), date(2026, 5, 8));
        let seed = seeds.history(id);
        assert_eq!(seeds.materialize(id, &[], None), seed);
        // Start-up 1 (KRX mode) walked from the seed's tail to 06-15 and the simulator
        // closed 06-16; start-up 2 walked from 06-16 to 06-19 and closed 06-22; now the
        // simulator runs 06-26 after a walk to 06-25.
        let profile = seeds.profile(id).expect("profile").clone();
        let tail = seeds.tail(id).expect("tail");
        let walk1 = forward(&profile, tail.0, tail.1, date(2026, 6, 15));
        let stored = [(date(2026, 6, 16), 11_000), (date(2026, 6, 22), 12_000)];
        let walk2 = forward(&profile, date(2026, 6, 16), 11_000, date(2026, 6, 19));
        let walk3 = forward(&profile, date(2026, 6, 22), 12_000, date(2026, 6, 25));
        let rows = seeds.materialize(id, &stored, Some(date(2026, 6, 25)));
        let mut expected = seed.clone();
        for walk in [walk1, walk2, walk3] {
            expected.extend(walk.into_iter().map(|c| (c, Source::Generated)));
        }
        assert_eq!(rows, expected);
        // With the stored candles, every trading day from the first to 06-25 is there once.
        let mut dates: Vec<NaiveDate> = rows.iter().map(|(c, _)| c.date).collect();
        dates.extend(stored.iter().map(|(d, _)| *d));
        dates.sort();
        for pair in dates.windows(2) {
            assert_eq!(next_trading_day(pair[0]), pair[1]);
        }
        assert_eq!(dates.last(), Some(&date(2026, 6, 25)));
        assert!(
            seeds.materialize("KOREA-A123123", &[], None).is_empty(),
            "unknown id"
        );
    }

    #[test]
    fn profiles_follow_market_cap() {
        let stocks = vec![
            listed("000001", 1_000),
            listed("000002", 100_000),
            listed("000003", 10),
        ];
        let profiles = profiles(&stocks);
        let big = &profiles["KOREA-A000002"];
        let small = &profiles["KOREA-A000003"];
        assert!(big.sigma < small.sigma);
        assert!(big.value_per_day > small.value_per_day);
    }

    #[test]
    fn seeds_differ_by_part() {
        assert_ne!(seed_of(&["a", "bc"]), seed_of(&["ab", "c"]));
        assert_eq!(seed_of(&["KOREA-A005930"]), seed_of(&["KOREA-A005930"]));
    }
}
