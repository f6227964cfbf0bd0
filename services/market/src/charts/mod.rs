//! Stock charts: day candles and today's minute candles (spec §3 `dayCandles`, §7 "day
//! candles (limit, to)").
//!
//! - `candle` and `history`, from the crate `sise-market-model` (optimised in tests):
//!   - `candle`: a day candle and where a stored one comes from.
//!   - `history`: the real daily history of the bundled dataset (Naver 2021–2026-03 and KIS
//!     2025-10–2026-06, KIS winning), the 2026-05-08 snapshot of every stock, and
//!     deterministic generated candles where the dataset has none (see
//!     docs/architecture.md, "Market data: candles").
//! - `store`: the `day_candles` table (histories written on first read, simulated closes,
//!   pages).
//! - `minute`: today's live day candle and minute bars, in memory, fed by the quote feed.
//! - `grpc`: `sise.market.v1.ChartService`.
//!
//! [`run_writer`] (the leader's candle writer, supervised) stores simulated closes; a failed
//! insert keeps its rows and retries, with at most `writer_pending_max` rows pending.
//!
//! [`prepare`] runs at start-up before the simulator is built: it resets the table when the
//! dataset changed and returns each stock's last close before the simulator's first day
//! (its newest stored candle, or the end of its seeded history, walked forward over any
//! gap), which the simulator resumes from. A stock's seeded history and those gap days are
//! written on its first read ([`store::ChartStore::ensure`]). [`build`] then plugs the
//! charts into the feed and serves them.

mod grpc;
mod minute;
mod store;

use std::collections::{HashMap, VecDeque};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::{DateTime, FixedOffset, NaiveDate};
use serde::Deserialize;
use sise_proto::market::v1::chart_service_server::ChartServiceServer;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

pub use self::candle::{Candle, Source};
use self::grpc::ChartGrpc;
pub use self::grpc::read_days;
pub use self::history::DayOf;
pub use self::minute::IntradayBook;
pub use self::store::{ChartStore, DayRange};
use crate::dataset::ListedStock;
use crate::feature::{Context, Feature, Stage};
use crate::feed::StepObserver;
use crate::simulator::clock::{kst_date, previous_trading_day, session_date};
use crate::simulator::{Simulator, SimulatorMode, SimulatorSettings, StepOutcome};
// The candle and the seeded history live in `sise-market-model`, built optimised in tests.
pub(crate) use sise_market_model::{candle, history};

/// The `services.market.charts` configuration section.
#[derive(Clone, Debug, Deserialize)]
pub struct ChartsConfig {
    /// Least number of trading days of history every stock gets (generated before the
    /// first real candle where the dataset has fewer).
    #[serde(default = "default_history_days")]
    pub history_days: usize,
    /// Most simulated closes the candle writer keeps while the database refuses them (the
    /// oldest are dropped, counted in a warning, past it).
    #[serde(default = "default_writer_pending_max")]
    pub writer_pending_max: usize,
    /// Time between two tries of the candle writer while inserts fail.
    #[serde(default = "default_writer_retry_ms")]
    pub writer_retry_ms: u64,
}

fn default_history_days() -> usize {
    250
}

fn default_writer_pending_max() -> usize {
    100_000
}

fn default_writer_retry_ms() -> u64 {
    1_000
}

impl Default for ChartsConfig {
    fn default() -> Self {
        Self {
            history_days: default_history_days(),
            writer_pending_max: default_writer_pending_max(),
            writer_retry_ms: default_writer_retry_ms(),
        }
    }
}

/// What start-up hands to the simulator (where every stock's history ends) and to the
/// features that show candles (the store and the live candles).
pub struct Prepared {
    /// The store, materializing seeded histories on first read.
    pub store: ChartStore,
    /// Today's live candle and minute bars of every stock, fed by [`ChartFeed`].
    pub book: Arc<IntradayBook>,
    /// Security id → (date, close) of the last day of its history (stored, seeded or
    /// walked up to the simulator's first day): the simulator resumes from there.
    pub last_closes: HashMap<String, (NaiveDate, i64)>,
}

/// Reset the table when the dataset changed, read the real history, and work out each
/// stock's last close before the simulator's first day (`now` is its start instant). Writes
/// nothing else: histories are materialized on first read ([`ChartStore::ensure`]).
pub async fn prepare(
    store: ChartStore,
    dataset_dir: &Path,
    securities: &[ListedStock],
    simulator: &SimulatorSettings,
    config: &ChartsConfig,
    now: DateTime<FixedOffset>,
) -> anyhow::Result<Prepared> {
    let started = Instant::now();
    let version = history::version(config.history_days);
    if store.reset_unless(&version).await? {
        tracing::info!(%version, "day candles reset for a new dataset version");
    }
    let seeds = Arc::new(history::Seeds::load(
        dataset_dir,
        securities,
        config.history_days,
    )?);
    if simulator.mode == SimulatorMode::Continuous {
        // Today's sessions start again (and a database of the old continuous mode, whose
        // days ran ahead of the calendar, loses its future days).
        let today = session_date(kst_date(now));
        let dropped = store.drop_simulated_from(today).await?;
        if dropped > 0 {
            tracing::info!(dropped, %today, "simulated day candles from today on dropped");
        }
    }
    let stored = store.last_closes().await?;
    // Each stock's history ends at its newest stored candle or its seeded tail.
    let mut last_closes = HashMap::with_capacity(securities.len());
    for stock in securities {
        let id = stock.security_id.as_str();
        let tail = seeds.tail(id);
        let last = match (stored.get(id).copied(), tail) {
            (Some(stored), Some(tail)) => Some(if stored.0 >= tail.0 { stored } else { tail }),
            (stored, tail) => stored.or(tail),
        };
        if let Some(last) = last {
            last_closes.insert(id.to_owned(), last);
        }
    }
    let newest = last_closes.values().map(|(date, _)| *date).max();
    let until = fill_until(simulator.mode, newest, now);
    // Walk every history that ends earlier up to `until`, as `ensure` will store it.
    for (id, last) in &mut last_closes {
        if last.0 >= until {
            continue;
        }
        let Some(profile) = seeds.profile(id) else {
            continue;
        };
        if let Some(walked) = history::forward(profile, last.0, last.1, until).last() {
            *last = (walked.date, walked.close);
        }
    }
    tracing::info!(
        securities = last_closes.len(),
        %until,
        elapsed_ms = started.elapsed().as_millis() as u64,
        "day candle histories prepared"
    );
    let ids = securities
        .iter()
        .map(|s| s.security_id.as_str().to_owned())
        .collect();
    Ok(Prepared {
        store: store.with_seeds(seeds, Some(until)),
        book: Arc::new(IntradayBook::new(ids, simulator.mode(), now)),
        last_closes,
    })
}

/// The charts' part of the feed (minute bars and the live candle in memory, closed days to
/// the store) and `ChartService`.
pub fn build(cx: &Context<'_>, charts: &Prepared, config: &ChartsConfig) -> Feature {
    let (observer, closes) = ChartFeed::new(charts.book.clone());
    let writer: SharedWriter = Arc::new(tokio::sync::Mutex::new(Writer::new(
        charts.store.clone(),
        closes,
        config,
    )));
    Feature::default()
        .observe(Arc::new(observer))
        // After the feed: the closes of its last steps are stored too.
        .lead("candle_writer", Stage::AfterFeed, move |cancel| {
            run_writer(writer.clone(), cancel)
        })
        .serve(ChartServiceServer::new(ChartGrpc::new(
            charts.store.clone(),
            charts.book.clone(),
            cx.board.clone(),
        )))
}

/// The last day the stored history must reach before the simulator starts, so that the
/// simulated days continue it without a gap: the last trading day before today (KST). The
/// simulator runs today (continuous mode: today's trading day, or on a closed day the last
/// one, in sessions that replay it).
fn fill_until(
    mode: SimulatorMode,
    newest: Option<NaiveDate>,
    now: DateTime<FixedOffset>,
) -> NaiveDate {
    let today = kst_date(now);
    let before_today = match mode {
        SimulatorMode::Continuous => previous_trading_day(session_date(today)),
        SimulatorMode::Krx => previous_trading_day(today),
    };
    newest.map_or(before_today, |newest| newest.max(before_today))
}

/// Connects the feed to the charts: minute bars and the live candle in memory, closed days
/// to the store through [`run_writer`].
pub struct ChartFeed {
    book: Arc<IntradayBook>,
    closes: mpsc::UnboundedSender<Vec<(String, Candle)>>,
}

impl ChartFeed {
    pub fn new(book: Arc<IntradayBook>) -> (Self, mpsc::UnboundedReceiver<Vec<(String, Candle)>>) {
        let (closes, receiver) = mpsc::unbounded_channel();
        (Self { book, closes }, receiver)
    }
}

impl StepObserver for ChartFeed {
    fn observe(&self, simulator: &Simulator, outcome: &StepOutcome) {
        let closed = self.book.apply(simulator, outcome);
        if !closed.is_empty() && self.closes.send(closed).is_err() {
            tracing::warn!("day candle writer stopped; simulated closes are not stored");
        }
    }
}

/// What the candle writer owns across restarts and leadership terms: the channel from the
/// feed and the closes not stored yet.
pub struct Writer {
    store: ChartStore,
    closes: mpsc::UnboundedReceiver<Vec<(String, Candle)>>,
    /// Oldest first; at most `pending_max` rows.
    pending: VecDeque<(String, Candle)>,
    pending_max: usize,
    retry: Duration,
    /// Rows dropped because `pending` was full, since start.
    dropped: u64,
}

impl Writer {
    pub fn new(
        store: ChartStore,
        closes: mpsc::UnboundedReceiver<Vec<(String, Candle)>>,
        config: &ChartsConfig,
    ) -> Self {
        Self {
            store,
            closes,
            pending: VecDeque::new(),
            pending_max: config.writer_pending_max.max(1),
            retry: Duration::from_millis(config.writer_retry_ms.max(1)),
            dropped: 0,
        }
    }

    /// Queue a batch, dropping the oldest rows (counted, with a warning) past the cap.
    fn queue(&mut self, batch: Vec<(String, Candle)>) {
        self.pending.extend(batch);
        let excess = self.pending.len().saturating_sub(self.pending_max);
        if excess > 0 {
            self.pending.drain(..excess);
            self.dropped += excess as u64;
            tracing::warn!(
                dropped = excess,
                dropped_total = self.dropped,
                pending_max = self.pending_max,
                "day candle writer queue full; dropped the oldest simulated closes"
            );
        }
    }

    fn drain_channel(&mut self) {
        while let Ok(batch) = self.closes.try_recv() {
            self.queue(batch);
        }
    }

    /// Store every pending row; on failure they stay pending.
    async fn flush(&mut self) -> anyhow::Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let rows: Vec<(String, Vec<(Candle, Source)>)> = self
            .pending
            .iter()
            .map(|(id, candle)| (id.clone(), vec![(*candle, Source::Simulated)]))
            .collect();
        self.store.insert(&rows).await?;
        tracing::debug!(rows = rows.len(), "stored simulated day candles");
        self.pending.clear();
        Ok(())
    }
}

pub type SharedWriter = Arc<tokio::sync::Mutex<Writer>>;

/// Store the simulated closes the feed sends, until `cancel` fires (after the feed stopped):
/// then take what is left in the channel and try once more. A failed insert keeps its rows
/// and is retried every `writer_retry_ms`.
pub async fn run_writer(writer: SharedWriter, cancel: CancellationToken) -> anyhow::Result<()> {
    let mut writer = writer.lock().await;
    loop {
        let retry = writer.retry;
        let waiting = !writer.pending.is_empty();
        tokio::select! {
            biased;
            () = cancel.cancelled() => break,
            batch = writer.closes.recv() => match batch {
                Some(batch) => writer.queue(batch),
                // Every sender gone: nothing more will come.
                None => break,
            },
            () = tokio::time::sleep(retry), if waiting => {}
        }
        writer.drain_channel();
        if let Err(error) = writer.flush().await {
            tracing::error!(
                error = format!("{error:#}"),
                pending = writer.pending.len(),
                retry_ms = retry.as_millis() as u64,
                "failed to store simulated day candles; keeping them to retry"
            );
        }
    }
    writer.drain_channel();
    if let Err(error) = writer.flush().await {
        tracing::error!(
            error = format!("{error:#}"),
            lost = writer.pending.len(),
            "failed to store simulated day candles at shutdown"
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simulator::clock::{kst_instant, next_trading_day};
    use crate::store::MIGRATIONS;
    use sise_platform::db::Database;
    use sise_platform::db::testing::TestDatabase;

    fn settings(mode: &str) -> SimulatorSettings {
        serde_json::from_value(serde_json::json!({
            "mode": mode, "seed": 1, "tick_interval_ms": 500
        }))
        .expect("settings")
    }

    sise_platform::per_backend! {
        /// Start-up on the real dataset, a simulated close, a restart in continuous mode and
        /// one in KRX mode months later: the simulator always resumes where the history ends,
        /// and the materialized histories have no gap.
        async fn prepare_resumes_where_the_history_ends(backend) {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
            let listing = crate::dataset::load_listing(&dir).expect("listing");
            let config = ChartsConfig::default();
            let samsung = "KOREA-A005930";
            let sample = "KOREA-A000040"; // only the 2026-05-08 snapshot is real
            let start = kst_instant(date(2026, 11, 22), 10 * 3600);
            let test_db = TestDatabase::create(backend, "market").await.expect("db");
            let db = Database::connect(&test_db.url, &MIGRATIONS)
                .await
                .expect("connect");
            let timer = Instant::now();
            let prepared = prepare(
                ChartStore::new(db.clone()),
                &dir,
                &listing,
                &settings("continuous"),
                &config,
                start,
            )
            .await
            .expect("prepare");
            // Measured, not asserted.
            println!(
                "{backend:?}: prepare on a fresh database {:?}",
                timer.elapsed()
            );
            assert_eq!(prepared.last_closes.len(), listing.len());
            // Continuous mode on Sunday replays Friday the 20th: every history is walked on
            // from the dataset's end (2026-06-15) to Thursday the 19th.
            let end = date(2026, 6, 15);
            let thursday = date(2026, 11, 19);
            assert!(prepared.last_closes.values().all(|(d, _)| *d == thursday));
            let samsung_listing = listing
                .iter()
                .find(|s| s.security_id.as_str() == samsung)
                .expect("samsung");
            // Nothing written but the version.
            assert!(
                prepared
                    .store
                    .last_closes()
                    .await
                    .expect("stored")
                    .is_empty()
            );
            let timer = Instant::now();
            let page = prepared.store.page(samsung, None, 500).await.expect("page");
            println!("{backend:?}: first read of {samsung} {:?}", timer.elapsed());
            assert_eq!(page.len(), 500);
            assert_eq!((page[0].date, page[0].close), prepared.last_closes[samsung]);
            let real_end = page.iter().find(|c| c.date == end).expect("the real end");
            assert_eq!(real_end.close, samsung_listing.last_close, "real KIS close");
            for pair in page.windows(2) {
                assert_eq!(next_trading_day(pair[1].date), pair[0].date);
            }

            // A session of Friday the 20th closes for every stock.
            let day = date(2026, 11, 20);
            let closes: Vec<(String, Vec<(Candle, Source)>)> = prepared
                .last_closes
                .iter()
                .map(|(id, (_, close))| {
                    let candle = Candle {
                        date: day,
                        open: *close,
                        high: *close,
                        low: *close,
                        close: *close,
                        volume: 1,
                        trading_value: *close,
                    };
                    (id.clone(), vec![(candle, Source::Simulated)])
                })
                .collect();
            prepared.store.insert(&closes).await.expect("closes");

            // Restart in continuous mode the same day: Friday is traded again from
            // Thursday's closes, so its stored session goes.
            let again = prepare(
                ChartStore::new(db.clone()),
                &dir,
                &listing,
                &settings("continuous"),
                &config,
                start,
            )
            .await
            .expect("prepare again");
            assert_eq!(again.last_closes, prepared.last_closes);
            let stored = again.store.last_closes().await.expect("stored");
            assert!(stored.values().all(|(d, _)| *d < day), "{stored:?}");
            prepared.store.insert(&closes).await.expect("closes again");

            // Restart in KRX mode on Sunday 2026-11-22: histories walk on to Friday the
            // 20th, and the first read stores that walk, ending at the resumed close.
            let krx = prepare(
                ChartStore::new(db.clone()),
                &dir,
                &listing,
                &settings("krx"),
                &config,
                start,
            )
            .await
            .expect("prepare krx");
            let friday = date(2026, 11, 20);
            assert!(krx.last_closes.values().all(|(d, _)| *d == friday));
            for id in [samsung, sample] {
                let page = krx.store.page(id, None, 500).await.expect("page");
                assert_eq!(
                    (page[0].date, page[0].close),
                    krx.last_closes[id],
                    "{id} on {backend:?}"
                );
                for pair in page.windows(2) {
                    assert_eq!(next_trading_day(pair[1].date), pair[0].date, "{id}");
                }
                assert_eq!(page[0].date, day);
            }
            db.close().await;
            test_db.cleanup().await.expect("cleanup");
        }
    }

    sise_platform::per_backend! {
        /// A failed insert (the table is gone for a while) keeps its batch, retries, and the
        /// rows land once the table is back.
        async fn a_failed_candle_insert_keeps_the_batch(backend) {
            let test_db = TestDatabase::create(backend, "market").await.expect("db");
            let db = Database::connect(&test_db.url, &MIGRATIONS)
                .await
                .expect("connect");
            let store = ChartStore::new(db.clone());
            let config = ChartsConfig {
                writer_retry_ms: 50,
                ..ChartsConfig::default()
            };
            let (sender, closes) = mpsc::unbounded_channel();
            let writer = Arc::new(tokio::sync::Mutex::new(Writer::new(
                store.clone(),
                closes,
                &config,
            )));
            let cancel = CancellationToken::new();
            let task = tokio::spawn(run_writer(writer, cancel.clone()));
            let rename = |from: &str, to: &str| format!("ALTER TABLE {from} RENAME TO {to}");
            sqlx::query(sqlx::AssertSqlSafe(rename("day_candles", "day_candles_away")))
                .execute(db.writer())
                .await
                .expect("rename");
            let day = date(2026, 6, 16);
            let candle = Candle {
                date: day,
                open: 100,
                high: 110,
                low: 90,
                close: 105,
                volume: 7,
                trading_value: 700,
            };
            sender
                .send(vec![("KOREA-A005930".to_owned(), candle)])
                .expect("send");
            // Several failed tries.
            tokio::time::sleep(Duration::from_millis(300)).await;
            sqlx::query(sqlx::AssertSqlSafe(rename("day_candles_away", "day_candles")))
                .execute(db.writer())
                .await
                .expect("rename back");
            let mut stored = HashMap::new();
            for _ in 0..100 {
                stored = store.last_closes().await.expect("closes");
                if !stored.is_empty() {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            assert_eq!(stored.get("KOREA-A005930"), Some(&(day, 105)), "{backend:?}");
            cancel.cancel();
            task.await.expect("task").expect("writer");
            db.close().await;
            test_db.cleanup().await.expect("cleanup");
        }
    }

    sise_platform::per_backend! {
        /// Closes sent after the writer last ran are stored when it stops at shutdown.
        async fn the_writer_stores_what_is_left_at_shutdown(backend) {
            let test_db = TestDatabase::create(backend, "market").await.expect("db");
            let db = Database::connect(&test_db.url, &MIGRATIONS)
                .await
                .expect("connect");
            let store = ChartStore::new(db.clone());
            let (sender, closes) = mpsc::unbounded_channel();
            let writer = Arc::new(tokio::sync::Mutex::new(Writer::new(
                store.clone(),
                closes,
                &ChartsConfig::default(),
            )));
            let cancel = CancellationToken::new();
            cancel.cancel();
            let candle = Candle {
                date: date(2026, 6, 16),
                open: 1,
                high: 1,
                low: 1,
                close: 1,
                volume: 1,
                trading_value: 1,
            };
            sender.send(vec![("KOREA-A000040".to_owned(), candle)]).expect("send");
            run_writer(writer, cancel).await.expect("writer");
            assert_eq!(store.last_closes().await.expect("closes").len(), 1);
            db.close().await;
            test_db.cleanup().await.expect("cleanup");
        }
    }

    #[tokio::test]
    async fn the_pending_batch_is_capped_dropping_the_oldest() {
        let db = Database::connect("sqlite::memory:", &MIGRATIONS)
            .await
            .expect("db");
        let (_sender, closes) = mpsc::unbounded_channel();
        let config = ChartsConfig {
            writer_pending_max: 3,
            ..ChartsConfig::default()
        };
        let mut writer = Writer::new(ChartStore::new(db), closes, &config);
        let candle = |close| Candle {
            date: date(2026, 6, 16),
            open: close,
            high: close,
            low: close,
            close,
            volume: 1,
            trading_value: close,
        };
        writer.queue((1..=2).map(|c| (format!("S{c}"), candle(c))).collect());
        writer.queue((3..=5).map(|c| (format!("S{c}"), candle(c))).collect());
        let kept: Vec<&str> = writer.pending.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(kept, ["S3", "S4", "S5"]);
        assert_eq!(writer.dropped, 2);
    }

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    #[test]
    fn fill_until_per_mode() {
        // Sunday 2026-11-22: KRX mode fills through Friday the 20th, the day before it runs
        // next (Monday); continuous mode replays Friday, so it fills through Thursday.
        let sunday = kst_instant(date(2026, 11, 22), 10 * 3600);
        let newest = Some(date(2026, 6, 15));
        assert_eq!(
            fill_until(SimulatorMode::Krx, newest, sunday),
            date(2026, 11, 20)
        );
        assert_eq!(
            fill_until(SimulatorMode::Continuous, newest, sunday),
            date(2026, 11, 19)
        );
        assert_eq!(
            fill_until(SimulatorMode::Continuous, None, sunday),
            date(2026, 11, 19)
        );
        // A trading day: through the previous one, whatever the hour.
        let monday = kst_instant(date(2026, 11, 23), 16 * 3600);
        for mode in [SimulatorMode::Krx, SimulatorMode::Continuous] {
            assert_eq!(fill_until(mode, newest, monday), date(2026, 11, 20));
        }
        // Already stored further (a simulated close today): nothing older is needed.
        assert_eq!(
            fill_until(SimulatorMode::Krx, Some(date(2026, 11, 23)), monday),
            date(2026, 11, 23)
        );
    }
}
