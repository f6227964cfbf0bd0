//! 52-week highs and lows: per stock, the highest high and the lowest low of its day
//! candles of the last 52 weeks before the live trading date, computed at start from the
//! candles as they are or will be materialized (`ChartStore::ranges`, nothing written) and
//! kept current as days close: every replica reads the closes the leader's candle writer
//! stores, so leader and followers roll alike.
//!
//! A day enters once the live trading date has moved past it, so it enters once, with its
//! final candle: in continuous mode every session replays the live date and stores its
//! candle again, and only the last session's is the day's.
//!
//! Each stock keeps two monotonic queues (a sliding-window maximum and minimum): a day
//! enters at the back after dropping the days it dominates (an older day with a high no
//! higher can never be the maximum again), and days older than the window leave at the
//! front, so the front is the window's extreme and a stock holds only a few days.

use std::collections::{HashMap, VecDeque};
use std::sync::RwLock;
use std::time::Duration;

use chrono::{Days, NaiveDate};
use sise_platform::db::Database;
use sqlx::Row as _;
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

use crate::charts::{ChartStore, DayRange};

/// 52 weeks of calendar days.
pub const WINDOW_DAYS: u64 = 364;
/// How often the stored closes are read for new days.
pub const REFRESH: Duration = Duration::from_secs(5);

/// One stock's window.
#[derive(Clone, Debug, Default)]
pub struct Window {
    highs: VecDeque<(NaiveDate, i64)>,
    lows: VecDeque<(NaiveDate, i64)>,
    last: Option<NaiveDate>,
}

impl Window {
    /// Take a day newer than every day taken before (older or repeated days are ignored).
    pub fn push(&mut self, day: DayRange) {
        if self.last.is_some_and(|last| day.date <= last) || day.high <= 0 || day.low <= 0 {
            return;
        }
        self.last = Some(day.date);
        while self.highs.back().is_some_and(|&(_, high)| high <= day.high) {
            self.highs.pop_back();
        }
        self.highs.push_back((day.date, day.high));
        while self.lows.back().is_some_and(|&(_, low)| low >= day.low) {
            self.lows.pop_back();
        }
        self.lows.push_back((day.date, day.low));
    }

    /// Drop the days before `from`.
    pub fn expire(&mut self, from: NaiveDate) {
        while self.highs.front().is_some_and(|&(date, _)| date < from) {
            self.highs.pop_front();
        }
        while self.lows.front().is_some_and(|&(date, _)| date < from) {
            self.lows.pop_front();
        }
    }

    pub fn high(&self) -> Option<i64> {
        self.highs.front().map(|&(_, high)| high)
    }

    pub fn low(&self) -> Option<i64> {
        self.lows.front().map(|&(_, low)| low)
    }
}

/// The first day of the window that ends on `newest`.
pub fn window_start(newest: NaiveDate) -> NaiveDate {
    newest
        .checked_sub_days(Days::new(WINDOW_DAYS - 1))
        .unwrap_or(newest)
}

/// Every stock's window and the newest day seen.
#[derive(Default)]
struct Windows {
    by_id: HashMap<String, Window>,
    newest: Option<NaiveDate>,
}

impl Windows {
    fn take(&mut self, id: &str, day: DayRange) {
        self.newest = self.newest.max(Some(day.date));
        self.by_id.entry(id.to_owned()).or_default().push(day);
    }

    fn expire(&mut self) {
        if let Some(newest) = self.newest {
            let from = window_start(newest);
            for window in self.by_id.values_mut() {
                window.expire(from);
            }
        }
    }
}

/// The 52-week high and low of every stock, shared with the gRPC handlers.
pub struct YearRanges {
    windows: RwLock<Windows>,
    ready: watch::Sender<bool>,
}

impl Default for YearRanges {
    fn default() -> Self {
        Self {
            windows: RwLock::default(),
            ready: watch::Sender::new(false),
        }
    }
}

impl YearRanges {
    /// (52-week high, 52-week low) of a stock, once computed.
    pub fn extremes(&self, security_id: &str) -> Option<(i64, i64)> {
        let windows = self.windows.read().ok()?;
        let window = windows.by_id.get(security_id)?;
        Some((window.high()?, window.low()?))
    }

    /// Waits until the start-up computation is done (at most `timeout`); whether it is.
    pub async fn wait_ready(&self, timeout: Duration) -> bool {
        let mut ready = self.ready.subscribe();
        tokio::time::timeout(timeout, ready.wait_for(|ready| *ready))
            .await
            .is_ok_and(|r| r.is_ok())
    }

    fn apply(&self, days: impl IntoIterator<Item = (String, DayRange)>) {
        if let Ok(mut windows) = self.windows.write() {
            for (id, day) in days {
                windows.take(&id, day);
            }
            windows.expire();
        }
    }

    fn newest(&self) -> Option<NaiveDate> {
        self.windows.read().ok().and_then(|w| w.newest)
    }

    /// Compute every stock's window from the candles ending on `newest` (the newest day of
    /// every history at start), then read newly stored days every `refresh` until
    /// `cancel`. Only days before `live_date()` (the trading date the live quotes belong
    /// to) are taken; a refresh reads up to the live date of the refresh before, so a day
    /// the live date has just left is read once the candle writer has stored its last
    /// close.
    pub async fn run(
        self: std::sync::Arc<Self>,
        charts: ChartStore,
        ids: Vec<String>,
        newest: NaiveDate,
        live_date: impl Fn() -> NaiveDate + Send + 'static,
        refresh: Duration,
        cancel: CancellationToken,
    ) {
        let started = std::time::Instant::now();
        let from = window_start(newest);
        loop {
            let until = live_date();
            match charts.ranges(&ids, from, &cancel).await {
                Ok(ranges) => {
                    self.apply(ranges.into_iter().flat_map(|(id, days)| {
                        days.into_iter()
                            .filter(move |d| d.date < until)
                            .map(move |d| (id.clone(), d))
                    }));
                    break;
                }
                Err(_) if cancel.is_cancelled() => return,
                Err(error) => {
                    tracing::warn!(
                        error = format!("{error:#}"),
                        "52-week ranges unavailable; retrying"
                    );
                    tokio::select! {
                        () = tokio::time::sleep(refresh) => {}
                        () = cancel.cancelled() => return,
                    }
                }
            }
        }
        self.ready.send_replace(true);
        tracing::info!(
            securities = ids.len(),
            elapsed_ms = started.elapsed().as_millis() as u64,
            "computed the 52-week highs and lows"
        );
        let mut until = live_date();
        loop {
            tokio::select! {
                () = tokio::time::sleep(refresh) => {}
                () = cancel.cancelled() => return,
            }
            // Before the window when no day is in it yet.
            let seen = self
                .newest()
                .unwrap_or_else(|| from.pred_opt().unwrap_or(from));
            match newer_days(charts.database(), seen, until).await {
                Ok(days) => self.apply(days),
                Err(error) => {
                    tracing::warn!(error = format!("{error:#}"), "cannot read new day candles")
                }
            }
            until = live_date();
        }
    }
}

/// Stored days after `seen` and before `until`, oldest first.
async fn newer_days(
    db: &Database,
    seen: NaiveDate,
    until: NaiveDate,
) -> anyhow::Result<Vec<(String, DayRange)>> {
    let rows = sqlx::query(
        "SELECT security_id, date, high, low FROM day_candles WHERE date > $1 AND date < $2 \
         ORDER BY date",
    )
    .bind(seen.to_string())
    .bind(until.to_string())
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            let date: String = row.try_get("date")?;
            Ok((
                row.try_get("security_id")?,
                DayRange {
                    date: NaiveDate::parse_from_str(&date, "%Y-%m-%d")?,
                    high: row.try_get("high")?,
                    low: row.try_get("low")?,
                },
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use proptest::prelude::*;
    use sise_platform::db::testing::TestDatabase;

    use super::*;
    use crate::charts::{Candle, Source};

    fn day(n: u64, high: i64, low: i64) -> DayRange {
        let start = NaiveDate::from_ymd_opt(2025, 1, 1).expect("date");
        DayRange {
            date: start.checked_add_days(Days::new(n)).expect("date"),
            high,
            low,
        }
    }

    #[test]
    fn trends_the_window_keeps_the_extremes_of_its_days() {
        let mut window = Window::default();
        window.push(day(0, 100, 90));
        window.push(day(1, 120, 95));
        window.push(day(2, 110, 80));
        assert_eq!((window.high(), window.low()), (Some(120), Some(80)));
        // A repeated or older day changes nothing.
        window.push(day(2, 500, 1));
        assert_eq!((window.high(), window.low()), (Some(120), Some(80)));
        window.expire(day(2, 0, 0).date);
        assert_eq!((window.high(), window.low()), (Some(110), Some(80)));
        window.expire(day(3, 0, 0).date);
        assert_eq!((window.high(), window.low()), (None, None));
    }

    proptest! {
        /// After any days and any expiry, the extremes are those of the days in the window.
        #[test]
        fn trends_prop_window_matches_brute_force(
            days in prop::collection::vec((1i64..1_000, 0i64..500), 1..200),
            cut in 0u64..200,
        ) {
            let mut window = Window::default();
            let mut all = Vec::new();
            for (n, (high, spread)) in days.iter().enumerate() {
                let range = day(n as u64, high + spread, *high);
                window.push(range);
                all.push(range);
            }
            let from = day(cut, 0, 0).date;
            window.expire(from);
            let kept: Vec<&DayRange> = all.iter().filter(|d| d.date >= from).collect();
            prop_assert_eq!(window.high(), kept.iter().map(|d| d.high).max());
            prop_assert_eq!(window.low(), kept.iter().map(|d| d.low).min());
        }
    }

    fn candle(date: NaiveDate, high: i64, low: i64) -> (Candle, Source) {
        let candle = Candle {
            date,
            open: low,
            high,
            low,
            close: high,
            volume: 1,
            trading_value: high,
        };
        (candle, Source::Simulated)
    }

    sise_platform::per_backend! {
        /// Continuous mode replays the live date session after session, each storing the
        /// date's candle again: a day enters the window once the live date has left it, with
        /// its last session's candle (the first one's high and low are not the day's).
        async fn trends_a_replayed_day_enters_the_window_with_its_last_candle(backend) {
            let test_db = TestDatabase::create(backend, "market").await.expect("db");
            let db = Database::connect(&test_db.url, &crate::store::MIGRATIONS)
                .await
                .expect("connect");
            let charts = ChartStore::new(db);
            let id = "KOREA-A005930";
            let date = |d: u32| NaiveDate::from_ymd_opt(2026, 11, d).expect("date");
            let (thursday, friday, monday) = (date(19), date(20), date(23));
            let store = |rows: Vec<(Candle, Source)>| {
                let charts = charts.clone();
                async move { charts.insert(&[(id.to_owned(), rows)]).await.expect("insert") }
            };
            // Friday's first session is stored, and Friday is still live.
            store(vec![candle(thursday, 100, 90), candle(friday, 200, 50)]).await;
            let live = Arc::new(Mutex::new(friday));
            let year = Arc::new(YearRanges::default());
            let cancel = CancellationToken::new();
            let task = tokio::spawn(year.clone().run(
                charts.clone(),
                vec![id.to_owned()],
                friday,
                {
                    let live = live.clone();
                    move || *live.lock().expect("live date")
                },
                Duration::from_millis(20),
                cancel.clone(),
            ));
            assert!(year.wait_ready(Duration::from_secs(10)).await);
            assert_eq!(year.extremes(id), Some((100, 90)), "{backend:?}: the live day is out");
            // Another session replays Friday; nothing moves while it is live.
            store(vec![candle(friday, 150, 70)]).await;
            tokio::time::sleep(Duration::from_millis(100)).await;
            assert_eq!(year.extremes(id), Some((100, 90)));
            // The last session, then the date moves on: Friday enters with its last candle.
            store(vec![candle(friday, 120, 80)]).await;
            *live.lock().expect("live date") = monday;
            tokio::time::timeout(Duration::from_secs(10), async {
                while year.extremes(id) != Some((120, 80)) {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            })
            .await
            .expect("friday's last candle in the window");
            cancel.cancel();
            task.await.expect("task");
            test_db.cleanup().await.expect("cleanup");
        }
    }
}
