//! Deterministic random series for the simulated parts of index and forex histories.
//!
//! Everything here is a pure function of a seed, an asset id, a date and the inputs: the
//! same stored history always continues the same way, and a restart reproduces the same
//! intraday path.
//!
//! - [`Walk::next_close`]: the close of a day from the previous close, an Ornstein–Uhlenbeck
//!   step in log space pulled towards an anchor level (so simulated levels stay plausible).
//! - [`DayPath`]: the intraday path of one day as a Brownian bridge from the previous
//!   close to the day's close over the day's span; a share of the day's variance can sit in
//!   the opening gap (indexes) or none (forex, which trades through the night).
//! - [`bridge_closes`]: closes between two known levels (filling days a sleeping host missed).
//! - [`tracking`]: a slow, smooth, stateless deviation (tracking difference of a derived
//!   series, cross-rate drift).

use chrono::{DateTime, Datelike, FixedOffset, NaiveDate, TimeDelta};

use crate::simulator::Noise;

/// FNV-1a over the parts: a stable hash (std's hasher may change between releases).
pub fn key_seed(seed: u64, asset: &str, tag: &str, date: NaiveDate) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
        hash ^= 0xff;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    };
    eat(&seed.to_le_bytes());
    eat(asset.as_bytes());
    eat(tag.as_bytes());
    eat(&date.num_days_from_ce().to_le_bytes());
    hash
}

/// Seeded standard normals for one series and day.
fn normals(seed: u64, asset: &str, tag: &str, date: NaiveDate) -> Noise {
    Noise::new(key_seed(seed, asset, tag, date))
}

/// Round to `decimals` places.
pub fn round_to(value: f64, decimals: u32) -> f64 {
    let scale = 10_f64.powi(decimals as i32);
    (value * scale).round() / scale
}

/// How a simulated series moves from day to day.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Walk {
    /// Daily sigma of log returns.
    pub sigma: f64,
    /// Half-life in days of the pull towards the anchor.
    pub half_life_days: f64,
    /// Decimal places of published values.
    pub decimals: u32,
}

impl Walk {
    /// The close of `date` after a day that closed at `previous`.
    pub fn next_close(
        &self,
        seed: u64,
        asset: &str,
        date: NaiveDate,
        previous: f64,
        anchor: f64,
    ) -> f64 {
        let kappa = std::f64::consts::LN_2 / self.half_life_days.max(1.0);
        let decay = (-kappa).exp();
        let sd = self.sigma * ((1.0 - decay * decay) / (2.0 * kappa)).sqrt();
        let (x, a) = (previous.max(1e-9).ln(), anchor.max(1e-9).ln());
        let z = normals(seed, asset, "close", date).normal();
        let close = (a + (x - a) * decay + sd * z).exp();
        let rounded = round_to(close, self.decimals);
        if rounded > 0.0 { rounded } else { close }
    }
}

/// The intraday path of one day: `values[i]` is current from `begin + i·step` on; the
/// first value is the open, the last the close.
#[derive(Clone, Debug, PartialEq)]
pub struct DayPath {
    pub date: NaiveDate,
    pub previous_close: f64,
    pub begin: DateTime<FixedOffset>,
    pub end: DateTime<FixedOffset>,
    pub values: Vec<f64>,
}

/// Inputs of [`DayPath::generate`].
#[derive(Clone, Copy, Debug)]
pub struct PathSpec<'a> {
    pub seed: u64,
    pub asset: &'a str,
    /// Distinguishes paths of the same day at different resolutions.
    pub tag: &'a str,
    pub sigma: f64,
    /// Share of the day's variance in the opening gap (0 for forex).
    pub gap_share: f64,
    pub steps: usize,
    pub decimals: u32,
}

impl DayPath {
    /// A Brownian bridge in log space from `previous_close` to `close`.
    pub fn generate(
        spec: &PathSpec<'_>,
        date: NaiveDate,
        span: (DateTime<FixedOffset>, DateTime<FixedOffset>),
        previous_close: f64,
        close: f64,
    ) -> Self {
        let steps = spec.steps.max(1);
        let variance = spec.sigma * spec.sigma;
        let gap = if steps == 1 {
            variance
        } else {
            variance * spec.gap_share.clamp(0.0, 1.0)
        };
        let per_step = if steps == 1 {
            0.0
        } else {
            (variance - gap) / (steps - 1) as f64
        };
        let mut normals = normals(spec.seed, spec.asset, spec.tag, date);
        let mut walk = Vec::with_capacity(steps);
        let mut times = Vec::with_capacity(steps);
        let (mut w, mut t) = (0.0, 0.0);
        for i in 0..steps {
            let v = if i == 0 { gap } else { per_step };
            w += v.sqrt() * normals.normal();
            t += v;
            walk.push(w);
            times.push(t);
        }
        let total = t.max(f64::MIN_POSITIVE);
        let drift = (close.max(1e-9) / previous_close.max(1e-9)).ln();
        let w_end = w_last(&walk);
        let mut values: Vec<f64> = walk
            .iter()
            .zip(&times)
            .map(|(&w, &t)| {
                let share = t / total;
                let level = previous_close * (w - share * w_end + share * drift).exp();
                round_to(level, spec.decimals)
            })
            .collect();
        if let Some(last) = values.last_mut() {
            *last = close;
        }
        Self {
            date,
            previous_close,
            begin: span.0,
            end: span.1,
            values,
        }
    }

    fn step(&self) -> TimeDelta {
        let total = self.end.signed_duration_since(self.begin);
        let n = i32::try_from(self.values.len().max(1)).unwrap_or(i32::MAX);
        total / n
    }

    /// When value `i` becomes current.
    pub fn time_of(&self, i: usize) -> DateTime<FixedOffset> {
        let i = i32::try_from(i).unwrap_or(i32::MAX);
        self.begin + self.step() * i
    }

    /// How many values are current or past at `now` (0 before the open).
    pub fn seen_at(&self, now: DateTime<FixedOffset>) -> usize {
        if now < self.begin {
            return 0;
        }
        if now >= self.end {
            return self.values.len();
        }
        let step = self.step().num_milliseconds().max(1);
        let elapsed = now.signed_duration_since(self.begin).num_milliseconds();
        usize::try_from(elapsed / step + 1)
            .unwrap_or(usize::MAX)
            .min(self.values.len())
    }

    pub fn close(&self) -> f64 {
        self.values.last().copied().unwrap_or(self.previous_close)
    }

    /// Open, high, low and last of the values seen at `now`; `None` before the open.
    pub fn ohlc_at(&self, now: DateTime<FixedOffset>) -> Option<(f64, f64, f64, f64)> {
        let seen = &self.values[..self.seen_at(now)];
        let (&open, &last) = (seen.first()?, seen.last()?);
        let high = seen.iter().copied().fold(f64::MIN, f64::max);
        let low = seen.iter().copied().fold(f64::MAX, f64::min);
        Some((open, high, low, last))
    }

    /// Minute candles (start of minute in epoch ms, open, high, low, close) up to `now`.
    pub fn minutes_at(&self, now: DateTime<FixedOffset>) -> Vec<(i64, f64, f64, f64, f64)> {
        self.minutes_of(self.seen_at(now))
    }

    /// Minute candles of the first `seen` values.
    pub fn minutes_of(&self, seen: usize) -> Vec<(i64, f64, f64, f64, f64)> {
        let mut minutes: Vec<(i64, f64, f64, f64, f64)> = Vec::new();
        let seen = seen.min(self.values.len());
        for (i, &value) in self.values[..seen].iter().enumerate() {
            let ms = self.time_of(i).timestamp_millis();
            let minute = ms - ms.rem_euclid(60_000);
            match minutes.last_mut() {
                Some(m) if m.0 == minute => {
                    m.2 = m.2.max(value);
                    m.3 = m.3.min(value);
                    m.4 = value;
                }
                _ => minutes.push((minute, value, value, value, value)),
            }
        }
        minutes
    }
}

fn w_last(walk: &[f64]) -> f64 {
    walk.last().copied().unwrap_or(0.0)
}

/// Closes for `dates` (ascending) on a Brownian bridge from `start` (the close before the
/// first date) to `end` (the close of the last date).
pub fn bridge_closes(
    seed: u64,
    asset: &str,
    dates: &[NaiveDate],
    start: f64,
    end: f64,
    walk: &Walk,
) -> Vec<f64> {
    let Some(&first) = dates.first() else {
        return Vec::new();
    };
    let mut normals = normals(seed, asset, "bridge", first);
    let mut w = 0.0;
    let path: Vec<f64> = dates
        .iter()
        .map(|_| {
            w += walk.sigma * normals.normal();
            w
        })
        .collect();
    let n = dates.len() as f64;
    let drift = (end.max(1e-9) / start.max(1e-9)).ln();
    let w_end = w_last(&path);
    let mut closes: Vec<f64> = path
        .iter()
        .enumerate()
        .map(|(i, &w)| {
            let share = (i + 1) as f64 / n;
            round_to(
                start * (w - share * w_end + share * drift).exp(),
                walk.decimals,
            )
        })
        .collect();
    if let Some(last) = closes.last_mut() {
        *last = end;
    }
    closes
}

/// A smooth deterministic deviation in log terms, at most about `amplitude`: two slow
/// sines with seeded phases (periods 97 and 29 days).
pub fn tracking(seed: u64, asset: &str, date: NaiveDate, amplitude: f64) -> f64 {
    let anchor = NaiveDate::MIN;
    let mut normals = normals(seed, asset, "tracking", anchor);
    let (p1, p2) = (
        normals.uniform() * std::f64::consts::TAU,
        normals.uniform() * std::f64::consts::TAU,
    );
    let day = f64::from(date.num_days_from_ce());
    let tau = std::f64::consts::TAU;
    amplitude * (0.6 * (tau * day / 97.0 + p1).sin() + 0.4 * (tau * day / 29.0 + p2).sin())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simulator::KST;
    use chrono::TimeZone;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    fn span() -> (DateTime<FixedOffset>, DateTime<FixedOffset>) {
        let begin = KST
            .with_ymd_and_hms(2026, 6, 16, 0, 0, 0)
            .single()
            .expect("time");
        (begin, begin + TimeDelta::hours(24))
    }

    const WALK: Walk = Walk {
        sigma: 0.005,
        half_life_days: 250.0,
        decimals: 2,
    };

    #[test]
    fn next_close_is_deterministic_and_seed_dependent() {
        let day = date(2026, 6, 16);
        let a = WALK.next_close(7, "FOREX-USDKRW", day, 1_470.0, 1_470.0);
        let b = WALK.next_close(7, "FOREX-USDKRW", day, 1_470.0, 1_470.0);
        assert_eq!(a, b);
        assert_ne!(a, WALK.next_close(8, "FOREX-USDKRW", day, 1_470.0, 1_470.0));
        assert_ne!(a, WALK.next_close(7, "FOREX-EURKRW", day, 1_470.0, 1_470.0));
        assert!((a / 1_470.0 - 1.0).abs() < 0.05, "{a}");
        assert_eq!(a, round_to(a, 2));
    }

    #[test]
    fn walk_stays_near_its_anchor() {
        let mut level = 1_000.0;
        let mut day = date(2026, 1, 1);
        for _ in 0..2_000 {
            day = day.succ_opt().expect("date");
            level = WALK.next_close(1, "X", day, level, 1_000.0);
        }
        assert!((level / 1_000.0).ln().abs() < 0.5, "{level}");
    }

    #[test]
    fn day_path_bridges_to_the_close() {
        let spec = PathSpec {
            seed: 3,
            asset: "INDEX-DJI",
            tag: "live",
            sigma: 0.01,
            gap_share: 0.2,
            steps: 600,
            decimals: 2,
        };
        let path = DayPath::generate(&spec, date(2026, 6, 16), span(), 48_000.0, 48_500.0);
        assert_eq!(path.values.len(), 600);
        assert_eq!(path.close(), 48_500.0);
        assert_eq!(
            path,
            DayPath::generate(&spec, date(2026, 6, 16), span(), 48_000.0, 48_500.0)
        );
        let (begin, end) = span();
        assert_eq!(path.ohlc_at(begin - TimeDelta::seconds(1)), None);
        let (open, high, low, last) = path.ohlc_at(end).expect("whole day");
        assert_eq!(open, path.values[0]);
        assert_eq!(last, 48_500.0);
        assert!(low <= open.min(last) && high >= open.max(last));
        assert_eq!(path.seen_at(begin), 1);
        assert_eq!(path.seen_at(begin + TimeDelta::hours(12)), 301);
        let minutes = path.minutes_at(end);
        // One value every 144 s: each in its own minute.
        assert_eq!(minutes.len(), 600);
        assert_eq!(minutes[0].0, begin.timestamp_millis());
        assert_eq!(minutes.last().map(|m| m.4), Some(48_500.0));
    }

    #[test]
    fn forex_paths_open_at_the_previous_close() {
        let spec = PathSpec {
            seed: 3,
            asset: "FOREX-USDKRW",
            tag: "live",
            sigma: 0.004,
            gap_share: 0.0,
            steps: 100,
            decimals: 2,
        };
        let path = DayPath::generate(&spec, date(2026, 6, 16), span(), 1_470.0, 1_475.5);
        assert_eq!(path.values[0], 1_470.0);
    }

    #[test]
    fn bridge_ends_at_the_known_close() {
        let dates = [date(2026, 6, 16), date(2026, 6, 17), date(2026, 6, 18)];
        let closes = bridge_closes(1, "INDEX-KOSPI", &dates, 8_500.0, 8_600.0, &WALK);
        assert_eq!(closes.len(), 3);
        assert_eq!(closes[2], 8_600.0);
        assert!(closes.iter().all(|c| (c / 8_550.0 - 1.0).abs() < 0.1));
    }

    #[test]
    fn tracking_is_small_smooth_and_stateless() {
        let day = date(2026, 3, 2);
        let a = tracking(1, "INDEX-KPI200", day, 0.01);
        assert_eq!(a, tracking(1, "INDEX-KPI200", day, 0.01));
        assert!(a.abs() <= 0.01);
        let next = tracking(1, "INDEX-KPI200", day.succ_opt().expect("date"), 0.01);
        assert!((a - next).abs() < 0.003);
    }
}
