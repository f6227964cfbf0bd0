//! Live values of indexes and forex pairs: the [`AssetBoard`] the gRPC handlers read, the
//! [`Engine`] that updates it every tick, and [`run`], the task that drives the engine,
//! publishes `assets.{asset_id}` ticks and stores finished days.
//!
//! - KOSPI, KOSDAQ, KOSPI 200 come from [`CompositeFeed`] (`indexes`), which the quote
//!   feed updates at every simulator step; the engine copies their values and stores the
//!   days they close.
//! - Foreign indexes and forex pairs follow deterministic [`DayPath`]s: each day's close is
//!   [`Walk::next_close`](super::walk::Walk::next_close) of the previous close, the intraday path a bridge towards it,
//!   so values do not depend on tick timing and a restart replays the same day.
//!
//! Days a sleeping host missed are filled by each series' walk.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use chrono::{DateTime, FixedOffset, NaiveDate};
use prost::Message;
use sise_platform::bus::{Bus, Headers};
use sise_proto::market::v1 as pb;
use tokio_util::sync::CancellationToken;

use super::catalog::{Catalog, Composite, Entry, Series};
use super::clocks::{KrxClock, PathClock};
use super::history::{
    Bar, COARSE_FOREX_STEPS, COARSE_INDEX_STEPS, INDEX_GAP_SHARE, Source, kospi200_from_kospi,
};
use super::ids::AssetId;
use super::indexes::CompositeFeed;
use super::store::AssetStore;
use super::value::{LiveValue, MinuteBar, to_asset};
use super::walk::{DayPath, PathSpec};
use crate::feed::QuoteBoard;
use crate::simulator::clock::next_trading_day;
use crate::simulator::{Mode, Session, now_kst};

/// Most missing days filled in one go (a guard against a runaway loop).
const MAX_FILL_DAYS: usize = 8_000;
/// Fewest and most steps of a live intraday path.
const MIN_PATH_STEPS: u64 = 60;
const MAX_PATH_STEPS: u64 = 8_640;

#[derive(Clone, Debug)]
struct Slot {
    value: LiveValue,
    path: Option<Arc<DayPath>>,
}

/// What the gRPC handlers read: the catalogue, the clocks and the latest values.
pub struct AssetBoard {
    pub catalog: Catalog,
    pub krx: KrxClock,
    pub quotes: Arc<QuoteBoard>,
    pub composites: Arc<CompositeFeed>,
    /// Resolution of live intraday paths.
    pub step_secs: u64,
    pub seed: u64,
    slots: RwLock<Vec<Slot>>,
    /// Whether this replica runs the feed (the engine task runs while it leads): only then
    /// does the composite feed step with the quotes.
    feeding: AtomicBool,
}

impl AssetBoard {
    /// The trading date the live quotes belong to at `now`: the composite feed's while
    /// this replica runs the feed (it rolls with the quotes, step by step), otherwise the
    /// KRX clock's. A follower's composite feed is never stepped, so its date would stay
    /// the one it started on.
    pub fn trading_date(&self, now: DateTime<FixedOffset>) -> NaiveDate {
        self.feeding
            .load(Ordering::Acquire)
            .then(|| self.composites.trading_date())
            .flatten()
            .unwrap_or_else(|| self.krx.day_at(now).date)
    }

    /// Mark this replica as running the feed until the guard is dropped.
    fn feeding(self: &Arc<Self>) -> FeedingGuard {
        self.feeding.store(true, Ordering::Release);
        FeedingGuard(self.clone())
    }

    pub fn value(&self, position: usize) -> Option<LiveValue> {
        let slots = self.slots.read().ok()?;
        slots.get(position).map(|s| s.value.clone())
    }

    /// The live day's intraday path of a simulated series.
    pub fn path(&self, position: usize) -> Option<Arc<DayPath>> {
        let slots = self.slots.read().ok()?;
        slots.get(position).and_then(|s| s.path.clone())
    }

    /// Minute candles of the live day, oldest first. A foreign index on the simulator's
    /// continuous days is laid on the KRX market clock of its trading date, like stocks.
    pub fn minutes(&self, position: usize, now: DateTime<FixedOffset>) -> Vec<MinuteBar> {
        let Some(path) = self.path(position) else {
            return self.composites.minutes(position);
        };
        let seen = path.seen_at(now);
        let clock = self
            .catalog
            .entries
            .get(position)
            .and_then(|e| self.path_clock(e));
        let laid = match clock {
            Some(clock @ PathClock::Simulator(_)) => {
                let (begin, end) = nominal_span(&clock, path.date);
                let mut nominal = (*path).clone();
                nominal.begin = begin;
                nominal.end = end;
                nominal.minutes_of(seen)
            }
            _ => path.minutes_at(now),
        };
        laid.into_iter()
            .map(|(time_ms, open, high, low, close)| MinuteBar {
                time_ms,
                open,
                high,
                low,
                close,
                volume: 0,
            })
            .collect()
    }

    /// Take a value the leader published (a follower's board): price, previous close, open,
    /// high, low, session and time; the date is the asset's day at the value's time on its
    /// clock ([`live_date`]), as the leader dates it: a foreign index's session date, not
    /// the KST date of its trades (a New York session trades after midnight in Seoul), and
    /// the last weekday or trading day over a weekend. Older values than the one held,
    /// stocks and unknown ids are ignored.
    pub fn follow(&self, asset: &pb::Asset) {
        let Some(position) = AssetId::parse(&asset.asset_id)
            .ok()
            .and_then(|id| self.catalog.position(&id))
        else {
            return;
        };
        let Some(traded_at) = chrono::DateTime::from_timestamp_millis(asset.traded_at_ms)
            .map(|t| t.with_timezone(&crate::simulator::KST))
        else {
            return;
        };
        let Ok(mut slots) = self.slots.write() else {
            return;
        };
        let Some(slot) = slots.get_mut(position) else {
            return;
        };
        if slot.value.traded_at > traded_at {
            return;
        }
        let Some(entry) = self.catalog.entries.get(position) else {
            return;
        };
        let date = live_date(entry, &self.krx, traded_at);
        slot.value = LiveValue {
            date,
            price: asset.price,
            previous_close: asset.previous_close,
            open: asset.open,
            high: asset.high,
            low: asset.low,
            volume: slot.value.volume,
            trading_value: slot.value.trading_value,
            traded_at,
            session: session_of(asset.session),
        };
    }

    /// The previous closes of the composite indexes as held (catalogue order), for a
    /// composite feed that restarts from a followed board.
    pub fn composite_previous_closes(&self) -> Vec<f64> {
        let Ok(slots) = self.slots.read() else {
            return Vec::new();
        };
        self.catalog
            .entries
            .iter()
            .zip(slots.iter())
            .filter(|(entry, _)| matches!(entry.series, Series::Composite(_)))
            .map(|(_, slot)| slot.value.previous_close)
            .collect()
    }

    /// The clock of a simulated series.
    pub fn path_clock(&self, entry: &Entry) -> Option<PathClock> {
        path_clock(entry, &self.krx)
    }

    /// The asset as the API shows it; stocks come from the quote board.
    pub fn asset(&self, id: &AssetId) -> Option<pb::Asset> {
        if let Some(security_id) = id.security_id() {
            let stock = self.quotes.security(security_id.as_str())?;
            let quote = self.quotes.quote(security_id.as_str())?;
            return Some(pb::Asset {
                asset_id: id.as_str().to_owned(),
                short_code: id.short_code().to_owned(),
                name: stock.name.clone(),
                kind: pb::AssetKind::Stock as i32,
                price: quote.price,
                previous_close: quote.previous_close,
                change: quote.change,
                change_rate: quote.change_rate,
                change_type: quote.change_type,
                open: quote.open,
                high: quote.high,
                low: quote.low,
                traded_at_ms: quote.traded_at_ms,
                session: quote.session,
            });
        }
        let position = self.catalog.position(id)?;
        let entry = &self.catalog.entries[position];
        Some(to_asset(entry, &self.value(position)?))
    }
}

/// Clears [`AssetBoard::trading_date`]'s feed flag when the engine task ends (the term is
/// over, or the attempt failed and the supervisor starts another, which sets it again).
struct FeedingGuard(Arc<AssetBoard>);

impl Drop for FeedingGuard {
    fn drop(&mut self) {
        self.0.feeding.store(false, Ordering::Release);
    }
}

fn session_of(wire: i32) -> Session {
    match pb::Session::try_from(wire) {
        Ok(pb::Session::PreMarket) => Session::PreMarket,
        Ok(pb::Session::OpeningAuction) => Session::OpeningAuction,
        Ok(pb::Session::Regular) => Session::Regular,
        Ok(pb::Session::ClosingAuction) => Session::ClosingAuction,
        Ok(pb::Session::AfterHours) => Session::AfterHours,
        _ => Session::Closed,
    }
}

/// The clock of a simulated series: forex keeps its own; foreign indexes follow their
/// exchange in `krx` mode and the simulator's days in `continuous` mode.
pub fn path_clock(entry: &Entry, krx: &KrxClock) -> Option<PathClock> {
    match &entry.series {
        Series::Composite(_) => None,
        Series::Forex(_) => Some(PathClock::Forex),
        Series::Foreign(index) => Some(match krx.mode {
            Mode::Krx => PathClock::Exchange {
                zone: index.zone,
                open: index.open,
                close: index.close,
            },
            Mode::Continuous { .. } => PathClock::Simulator(*krx),
        }),
    }
}

/// The coarse path that gives a non-live day its open, high and low.
pub fn coarse_path(
    seed: u64,
    entry: &Entry,
    span: (DateTime<FixedOffset>, DateTime<FixedOffset>),
    date: NaiveDate,
    previous: f64,
    close: f64,
) -> DayPath {
    let forex = !entry.is_index();
    let spec = PathSpec {
        seed,
        asset: entry.id.as_str(),
        tag: "coarse",
        sigma: entry.walk.sigma,
        gap_share: if forex { 0.0 } else { INDEX_GAP_SHARE },
        steps: if forex {
            COARSE_FOREX_STEPS
        } else {
            COARSE_INDEX_STEPS
        },
        decimals: entry.walk.decimals,
    };
    DayPath::generate(&spec, date, span, previous, close)
}

fn nominal_span(
    clock: &PathClock,
    date: NaiveDate,
) -> (DateTime<FixedOffset>, DateTime<FixedOffset>) {
    let span = clock.span_of(date);
    (span.begin, span.end)
}

struct PathDriver {
    clock: PathClock,
    anchor: f64,
    day: Arc<DayPath>,
    persisted: bool,
    /// Values of `day` already seen, and their high and low (kept as ticks go by, so a
    /// tick does not rescan a day of thousands of points).
    seen: usize,
    high: f64,
    low: f64,
}

impl PathDriver {
    fn live_path(
        entry: &Entry,
        seed: u64,
        step_secs: u64,
        span: (DateTime<FixedOffset>, DateTime<FixedOffset>),
        date: NaiveDate,
        previous: f64,
        anchor: f64,
    ) -> DayPath {
        let seconds = span.1.signed_duration_since(span.0).num_seconds().max(1) as u64;
        let steps = (seconds / step_secs.max(1)).clamp(MIN_PATH_STEPS, MAX_PATH_STEPS);
        let close = entry
            .walk
            .next_close(seed, entry.id.as_str(), date, previous, anchor);
        let spec = PathSpec {
            seed,
            asset: entry.id.as_str(),
            tag: "live",
            sigma: entry.walk.sigma,
            gap_share: if entry.is_index() {
                INDEX_GAP_SHARE
            } else {
                0.0
            },
            steps: usize::try_from(steps).unwrap_or(usize::MAX),
            decimals: entry.walk.decimals,
        };
        DayPath::generate(&spec, date, span, previous, close)
    }

    fn tick(
        &mut self,
        entry: &Entry,
        seed: u64,
        step_secs: u64,
        now: DateTime<FixedOffset>,
        finished: &mut Vec<Bar>,
    ) -> LiveValue {
        let span = self.clock.day_at(now);
        // The simulator clock's next session of the same date replays it (continuous mode).
        let replay = span.date == self.day.date && span.begin != self.day.begin;
        if span.date != self.day.date || replay {
            if !self.persisted {
                finished.push(Bar::from_path(&self.day, Source::Simulated));
            }
            let mut previous = if replay {
                self.day.previous_close
            } else {
                self.day.close()
            };
            let mut date = self.clock.next_date(self.day.date);
            let mut filled = 0;
            while date < span.date && filled < MAX_FILL_DAYS {
                let close =
                    entry
                        .walk
                        .next_close(seed, entry.id.as_str(), date, previous, self.anchor);
                let path = coarse_path(
                    seed,
                    entry,
                    nominal_span(&self.clock, date),
                    date,
                    previous,
                    close,
                );
                finished.push(Bar::from_path(&path, Source::Simulated));
                previous = close;
                date = self.clock.next_date(date);
                filled += 1;
            }
            self.day = Arc::new(Self::live_path(
                entry,
                seed,
                step_secs,
                (span.begin, span.end),
                span.date,
                previous,
                self.anchor,
            ));
            self.persisted = false;
            self.seen = 0;
        }
        if now >= self.day.end && !self.persisted {
            finished.push(Bar::from_path(&self.day, Source::Simulated));
            self.persisted = true;
        }
        let seen = self.day.seen_at(now);
        if seen < self.seen || self.seen == 0 {
            self.seen = 0;
            self.high = f64::MIN;
            self.low = f64::MAX;
        }
        for &value in &self.day.values[self.seen..seen] {
            self.high = self.high.max(value);
            self.low = self.low.min(value);
        }
        self.seen = seen;
        let (open, high, low, price) = match (self.day.values.first(), seen) {
            (Some(&open), 1..) => (open, self.high, self.low, self.day.values[seen - 1]),
            _ => (0.0, 0.0, 0.0, self.day.previous_close),
        };
        LiveValue {
            date: self.day.date,
            price,
            previous_close: self.day.previous_close,
            open,
            high,
            low,
            volume: 0,
            trading_value: 0.0,
            traded_at: if seen > 0 {
                self.day.time_of(seen - 1)
            } else {
                self.day.begin
            },
            session: span.session(now),
        }
    }
}

/// What one [`Engine::tick`] did.
#[derive(Debug, Default)]
pub struct TickOutcome {
    /// Catalogue positions whose value changed.
    pub changed: Vec<usize>,
    /// Finished days to store.
    pub finished: Vec<(AssetId, Bar)>,
}

/// Where an asset starts: the close before its live day, and the level its walk is
/// pulled towards.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Start {
    pub previous_close: f64,
    pub anchor: f64,
}

/// Advances every index and forex pair; owned by the [`run`] task.
pub struct Engine {
    board: Arc<AssetBoard>,
    /// One per catalogue entry; `None` for the composite indexes.
    drivers: Vec<Option<PathDriver>>,
    /// Days finished by the first tick (in [`Engine::new`]), stored by [`run`].
    initial: Vec<(AssetId, Bar)>,
}

impl Engine {
    /// An engine and its board at `now`, each simulated series starting from its
    /// `starts` entry (catalogue order).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        catalog: Catalog,
        krx: KrxClock,
        quotes: Arc<QuoteBoard>,
        composites: Arc<CompositeFeed>,
        seed: u64,
        step_secs: u64,
        starts: &[Start],
        now: DateTime<FixedOffset>,
    ) -> (Self, Arc<AssetBoard>) {
        let mut drivers = Vec::with_capacity(catalog.entries.len());
        let mut slots = Vec::with_capacity(catalog.entries.len());
        for (position, entry) in catalog.entries.iter().enumerate() {
            let start = starts.get(position).copied().unwrap_or(Start {
                previous_close: 1.0,
                anchor: 1.0,
            });
            drivers.push(path_clock(entry, &krx).map(|clock| {
                let span = clock.day_at(now);
                let day = PathDriver::live_path(
                    entry,
                    seed,
                    step_secs,
                    (span.begin, span.end),
                    span.date,
                    start.previous_close,
                    start.anchor,
                );
                PathDriver {
                    clock,
                    anchor: start.anchor,
                    day: Arc::new(day),
                    persisted: false,
                    seen: 0,
                    high: f64::MIN,
                    low: f64::MAX,
                }
            }));
            slots.push(Slot {
                value: LiveValue {
                    date: now.date_naive(),
                    price: start.previous_close,
                    previous_close: start.previous_close,
                    open: 0.0,
                    high: 0.0,
                    low: 0.0,
                    volume: 0,
                    trading_value: 0.0,
                    traded_at: now,
                    session: Session::Closed,
                },
                path: None,
            });
        }
        let board = Arc::new(AssetBoard {
            catalog,
            krx,
            quotes,
            composites,
            step_secs,
            seed,
            slots: RwLock::new(slots),
            feeding: AtomicBool::new(false),
        });
        let mut engine = Self {
            board: board.clone(),
            drivers,
            initial: Vec::new(),
        };
        // First values at once, so the board never shows placeholders.
        engine.initial = engine.tick(now).finished;
        (engine, board)
    }

    pub fn board(&self) -> &Arc<AssetBoard> {
        &self.board
    }

    /// One step at `now`.
    pub fn tick(&mut self, now: DateTime<FixedOffset>) -> TickOutcome {
        let board = self.board.clone();
        let catalog = &board.catalog;
        let mut outcome = TickOutcome::default();
        outcome.finished.extend(
            board
                .composites
                .take_finished()
                .into_iter()
                .filter_map(|(p, bar)| Some((catalog.entries.get(p)?.id.clone(), bar))),
        );
        let mut values = Vec::with_capacity(self.drivers.len());
        for (position, driver) in self.drivers.iter_mut().enumerate() {
            let entry = &catalog.entries[position];
            let next = match driver {
                Some(driver) => {
                    let mut finished = Vec::new();
                    let value = driver.tick(entry, board.seed, board.step_secs, now, &mut finished);
                    outcome
                        .finished
                        .extend(finished.into_iter().map(|b| (entry.id.clone(), b)));
                    Some((value, Some(driver.day.clone())))
                }
                None => board.composites.value(position).map(|v| (v, None)),
            };
            values.push(next);
        }
        if let Ok(mut slots) = board.slots.write() {
            for (position, next) in values.into_iter().enumerate() {
                let (Some((value, path)), Some(slot)) = (next, slots.get_mut(position)) else {
                    continue;
                };
                if slot.value != value {
                    outcome.changed.push(position);
                }
                *slot = Slot { value, path };
            }
        }
        outcome
    }
}

/// What the engine task owns across restarts and leadership terms: the engine and the
/// finished days not stored yet.
pub struct EngineState {
    pub engine: Engine,
    pub pending: Vec<(AssetId, Bar)>,
}

impl EngineState {
    pub fn new(mut engine: Engine) -> Self {
        let pending = std::mem::take(&mut engine.initial);
        Self { engine, pending }
    }
}

pub type SharedEngine = Arc<tokio::sync::Mutex<EngineState>>;

/// Step the engine every `interval` until cancelled: publish changed values on
/// `assets.{asset_id}` (best effort) and store finished days (retried on failure). Once
/// cancelled (after the feed stopped), a last tick takes the composite days the feed's last
/// steps closed and every pending day is stored.
pub async fn run(
    state: SharedEngine,
    store: AssetStore,
    bus: Bus,
    interval: Duration,
    cancel: CancellationToken,
) -> anyhow::Result<()> {
    let mut guard = state.lock().await;
    let EngineState { engine, pending } = &mut *guard;
    // The engine runs on the leader, for the whole term, with the feed.
    let _feeding = engine.board().feeding();
    let mut timer = tokio::time::interval(interval);
    timer.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        tokio::select! {
            biased;
            () = cancel.cancelled() => {
                let outcome = engine.tick(now_kst());
                pending.extend(outcome.finished);
                if pending.is_empty() {
                    return Ok(());
                }
                match store.upsert(pending).await {
                    Ok(()) => pending.clear(),
                    Err(error) => tracing::error!(
                        error = format!("{error:#}"),
                        lost = pending.len(),
                        "failed to store finished asset days at shutdown"
                    ),
                }
                return Ok(());
            }
            _ = timer.tick() => {}
        }
        let outcome = engine.tick(now_kst());
        let board = engine.board().clone();
        for position in outcome.changed {
            let entry = &board.catalog.entries[position];
            let Some(value) = board.value(position) else {
                continue;
            };
            let subject = sise_platform::bus::acl::subjects::asset(&entry.id);
            let payload = pb::AssetTicked {
                asset: Some(to_asset(entry, &value)),
            }
            .encode_to_vec();
            // Never waits (see `Bus::publish`).
            if let Err(error) = bus.publish(&subject, Headers::new(), payload.into()) {
                tracing::warn!(error = format!("{error:#}"), "failed to publish asset tick");
            }
        }
        pending.extend(outcome.finished);
        if !pending.is_empty() {
            match store.upsert(pending).await {
                Ok(()) => {
                    tracing::debug!(days = pending.len(), "stored finished asset days");
                    pending.clear();
                }
                Err(error) => {
                    tracing::warn!(error = format!("{error:#}"), "failed to store asset days");
                }
            }
        }
    }
}

/// Generated days from the day after `last` up to (not including) `live`, for the start.
pub fn continuation(
    seed: u64,
    entry: &Entry,
    krx: &KrxClock,
    last: &Bar,
    live: NaiveDate,
    anchor: f64,
    kospi: &[Bar],
) -> Vec<Bar> {
    let clock = path_clock(entry, krx).unwrap_or(PathClock::Simulator(*krx));
    let next = |date: NaiveDate| match entry.series {
        Series::Composite(_) => next_trading_day(date),
        _ => clock.next_date(date),
    };
    let mut bars = Vec::new();
    let mut previous = last.close;
    let mut date = next(last.date);
    while date < live && bars.len() < MAX_FILL_DAYS {
        let bar = match (&entry.series, kospi.iter().find(|b| b.date == date)) {
            (Series::Composite(Composite::Kospi200), Some(kospi)) => {
                kospi200_from_kospi(seed, kospi, Source::Generated)
            }
            _ => {
                let close = entry
                    .walk
                    .next_close(seed, entry.id.as_str(), date, previous, anchor);
                let path = coarse_path(
                    seed,
                    entry,
                    nominal_span(&clock, date),
                    date,
                    previous,
                    close,
                );
                Bar::from_path(&path, Source::Generated)
            }
        };
        previous = bar.close;
        bars.push(bar);
        date = next(date);
    }
    bars
}

/// The live date of an asset at `now`.
pub fn live_date(entry: &Entry, krx: &KrxClock, now: DateTime<FixedOffset>) -> NaiveDate {
    match path_clock(entry, krx) {
        Some(clock) => clock.day_at(now).date,
        None => krx.day_at(now).date,
    }
}

/// Span of a day of a simulated series, for charts.
pub fn span_of(
    board: &AssetBoard,
    entry: &Entry,
    date: NaiveDate,
) -> (DateTime<FixedOffset>, DateTime<FixedOffset>) {
    let clock = board
        .path_clock(entry)
        .unwrap_or(PathClock::Simulator(board.krx));
    nominal_span(&clock, date)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use chrono::{TimeDelta, TimeZone};

    use super::*;
    use crate::assets::catalog::load_currencies;
    use crate::dataset::ListedStock;
    use crate::domain::{Market, SecurityId};
    use crate::simulator::{KST, SimulatorMode, SimulatorSettings};

    fn at(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<FixedOffset> {
        KST.with_ymd_and_hms(y, m, d, h, min, 0)
            .single()
            .expect("time")
    }

    fn stock(code: &str, market: Market) -> ListedStock {
        ListedStock {
            security_id: SecurityId::from_code(code).expect("code"),
            name: format!("종목{code}"),
            name_en: None,
            market,
            shares_outstanding: 1_000_000,
            last_close: 50_000,
            last_close_date: NaiveDate::from_ymd_opt(2026, 6, 15).expect("date"),
            kind: crate::dataset::SecurityKind::Stock,
        }
    }

    fn engine(start: DateTime<FixedOffset>) -> (Engine, Arc<AssetBoard>) {
        engine_in(SimulatorMode::Continuous, start)
    }

    fn engine_in(mode: SimulatorMode, start: DateTime<FixedOffset>) -> (Engine, Arc<AssetBoard>) {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
        let catalog = Catalog::new(load_currencies(&dir).expect("board")).expect("catalog");
        let securities = vec![
            stock("005930", Market::Kospi),
            stock("035720", Market::Kosdaq),
        ];
        let settings = SimulatorSettings {
            mode,
            seed: 7,
            tick_interval_ms: 500,
            day_length_secs: 600,
            clock_offset_secs: 0,
        };
        let (simulator, quotes) =
            crate::feed::build(securities.clone(), &settings, start, &HashMap::new());
        let krx = KrxClock {
            mode: settings.mode(),
            start,
        };
        let composites = Arc::new(CompositeFeed::new(
            &catalog,
            &securities,
            simulator.quotes(),
            simulator.session(),
            &[8_500.0, 1_100.0, 1_150.0],
            settings.mode(),
            start,
        ));
        let starts: Vec<Start> = catalog
            .entries
            .iter()
            .map(|e| {
                let level = match &e.series {
                    Series::Forex(c) => c.board.last().map_or(1.0, |b| b.1),
                    Series::Foreign(i) => i.anchor_level,
                    Series::Composite(_) => 1_000.0,
                };
                Start {
                    previous_close: level,
                    anchor: level,
                }
            })
            .collect();
        Engine::new(catalog, krx, quotes, composites, 7, 10, &starts, start)
    }

    fn usd(board: &AssetBoard) -> LiveValue {
        let id = AssetId::parse("FOREX-USDKRW").expect("id");
        board
            .value(board.catalog.position(&id).expect("usd"))
            .expect("value")
    }

    #[test]
    fn forex_values_depend_on_time_not_on_ticks() {
        let start = at(2026, 11, 20, 9, 0);
        let (mut busy, busy_board) = engine(start);
        let (mut idle, idle_board) = engine(start);
        assert_eq!(usd(&busy_board), usd(&idle_board));
        for minute in 1..=120 {
            busy.tick(start + TimeDelta::minutes(minute));
        }
        idle.tick(start + TimeDelta::minutes(120));
        let (a, b) = (usd(&busy_board), usd(&idle_board));
        assert_eq!(a, b);
        assert_eq!(a.session, Session::Regular);
        assert_eq!(a.previous_close, 1_441.9);
        assert!(a.opened() && a.low <= a.price && a.price <= a.high);
        assert!((a.price / 1_441.9 - 1.0).abs() < 0.05, "{}", a.price);
    }

    #[test]
    fn forex_days_roll_into_stored_days_and_rest_on_weekends() {
        let friday = at(2026, 11, 20, 23, 0);
        let (mut engine, board) = engine(friday);
        let friday_close = usd(&board);
        let saturday = engine.tick(at(2026, 11, 21, 12, 0));
        let usd_id = AssetId::parse("FOREX-USDKRW").expect("id");
        let stored: Vec<&Bar> = saturday
            .finished
            .iter()
            .filter(|(id, _)| *id == usd_id)
            .map(|(_, b)| b)
            .collect();
        assert_eq!(stored.len(), 1, "friday is stored once it ends");
        assert_eq!(stored[0].date, friday_close.date);
        let weekend = usd(&board);
        assert_eq!(weekend.session, Session::Closed);
        assert_eq!(weekend.price, stored[0].close);
        let sunday = engine.tick(at(2026, 11, 22, 12, 0));
        assert!(!sunday.finished.iter().any(|(id, _)| *id == usd_id));
        let monday = engine.tick(at(2026, 11, 23, 0, 30));
        assert!(!monday.finished.iter().any(|(id, _)| *id == usd_id));
        let value = usd(&board);
        assert_eq!(
            value.date,
            NaiveDate::from_ymd_opt(2026, 11, 23).expect("date")
        );
        assert_eq!(value.previous_close, stored[0].close);
        assert_eq!(value.session, Session::Regular);
    }

    #[test]
    fn continuation_is_deterministic() {
        let start = at(2026, 11, 20, 9, 0);
        let (_, board) = engine(start);
        let id = AssetId::parse("FOREX-EURKRW").expect("id");
        let entry = board.catalog.get(&id).expect("eur");
        let last = Bar {
            date: NaiveDate::from_ymd_opt(2026, 4, 30).expect("date"),
            open: 1_700.0,
            high: 1_705.0,
            low: 1_695.0,
            close: 1_702.5,
            volume: 0,
            trading_value: 0.0,
            source: Source::Derived,
        };
        let live = NaiveDate::from_ymd_opt(2026, 11, 20).expect("date");
        let a = continuation(7, entry, &board.krx, &last, live, 1_702.5, &[]);
        let b = continuation(7, entry, &board.krx, &last, live, 1_702.5, &[]);
        assert_eq!(a, b);
        assert_eq!(
            a.first().map(|b| b.date),
            NaiveDate::from_ymd_opt(2026, 5, 1)
        );
        assert_eq!(
            a.last().map(|b| b.date),
            NaiveDate::from_ymd_opt(2026, 11, 19)
        );
        assert!(a.iter().all(|b| b.source == Source::Generated));
        assert!(
            a.windows(2).all(|w| w[1].open == w[0].close),
            "forex opens at the previous close"
        );
        let c = continuation(8, entry, &board.krx, &last, live, 1_702.5, &[]);
        assert_ne!(a, c, "the seed matters");
    }

    async fn asset_store() -> (
        sise_platform::db::testing::TestDatabase,
        AssetStore,
        sise_platform::db::Database,
    ) {
        use sise_platform::db::testing::TestDatabase;
        use sise_platform::db::{Backend, Database};

        let test_db = TestDatabase::create(Backend::Sqlite, "market")
            .await
            .expect("db");
        let db = Database::connect(&test_db.url, &crate::store::MIGRATIONS)
            .await
            .expect("connect");
        (test_db, AssetStore::new(db.clone()), db)
    }

    fn shared(engine: Engine) -> SharedEngine {
        Arc::new(tokio::sync::Mutex::new(EngineState::new(engine)))
    }

    #[tokio::test]
    async fn the_task_publishes_changes_and_stores_finished_days() {
        use futures::StreamExt;

        let (test_db, store, _) = asset_store().await;
        // Started two days ago: the first tick moves every series and finishes days.
        let (engine, _board) = engine(now_kst() - TimeDelta::days(2));
        let bus = Bus::in_process();
        let mut ticks = bus.subscribe("assets.>").await.expect("subscribe");
        let cancel = CancellationToken::new();
        let task = tokio::spawn(run(
            shared(engine),
            store.clone(),
            bus.clone(),
            Duration::from_millis(10),
            cancel.clone(),
        ));
        let event = tokio::time::timeout(Duration::from_secs(10), ticks.next())
            .await
            .expect("a tick within 10 s")
            .expect("event");
        let tick = pb::AssetTicked::decode(event.payload).expect("payload");
        let asset = tick.asset.expect("asset");
        assert_eq!(event.subject, format!("assets.{}", asset.asset_id));
        assert!(asset.asset_id.starts_with("FOREX-") || asset.asset_id.starts_with("INDEX-"));
        let usd = AssetId::parse("FOREX-USDKRW").expect("id");
        let mut stored = Vec::new();
        for _ in 0..100 {
            stored = store.page(&usd, None, 5).await.expect("page");
            if !stored.is_empty() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(!stored.is_empty(), "finished forex days are stored");
        assert!(stored.iter().all(|b| b.source == Source::Simulated));
        cancel.cancel();
        task.await.expect("task").expect("run");
        test_db.cleanup().await.expect("cleanup");
    }

    /// Finished days the database refused stay pending and are stored at shutdown, not lost.
    #[tokio::test]
    async fn shutdown_stores_pending_asset_days() {
        let (test_db, store, db) = asset_store().await;
        let (engine, _board) = engine(now_kst() - TimeDelta::days(2));
        let rename = |from: &str, to: &str| format!("ALTER TABLE {from} RENAME TO {to}");
        let pool = db.writer();
        sqlx::query(sqlx::AssertSqlSafe(rename("asset_day_candles", "away")))
            .execute(pool)
            .await
            .expect("rename");
        let state = shared(engine);
        let cancel = CancellationToken::new();
        // One tick (at once), then none for an hour: only shutdown can store the days.
        let task = tokio::spawn(run(
            state.clone(),
            store.clone(),
            Bus::in_process(),
            Duration::from_secs(3_600),
            cancel.clone(),
        ));
        tokio::time::timeout(Duration::from_secs(10), async {
            loop {
                tokio::time::sleep(Duration::from_millis(20)).await;
                if let Ok(guard) = state.try_lock() {
                    drop(guard);
                    continue;
                }
                // The task holds the state: its first tick is done once the insert failed.
                tokio::time::sleep(Duration::from_millis(200)).await;
                return;
            }
        })
        .await
        .expect("first tick");
        sqlx::query(sqlx::AssertSqlSafe(rename("away", "asset_day_candles")))
            .execute(pool)
            .await
            .expect("rename back");
        let usd = AssetId::parse("FOREX-USDKRW").expect("id");
        assert!(store.page(&usd, None, 5).await.expect("page").is_empty());
        cancel.cancel();
        task.await.expect("task").expect("run");
        let stored = store.page(&usd, None, 5).await.expect("page");
        assert!(!stored.is_empty(), "pending days stored at shutdown");
        test_db.cleanup().await.expect("cleanup");
    }

    /// A follower's composite feed never steps (the feed runs on the leader only): its
    /// trading date, and the closed days from it, follow the KRX clock; while the engine
    /// task runs (on the leader, with the feed) the composite feed's date is the one.
    #[tokio::test]
    async fn the_trading_date_follows_the_clock_unless_this_replica_runs_the_feed() {
        let date = |d: u32| NaiveDate::from_ymd_opt(2026, 11, d).expect("date");
        // Started on Friday 2026-11-20; read on Tuesday 2026-11-24.
        let (engine, board) = engine(at(2026, 11, 20, 9, 0));
        let tuesday = at(2026, 11, 24, 10, 0);
        assert_eq!(board.composites.trading_date(), Some(date(20)));
        assert_eq!(board.trading_date(tuesday), date(24));
        let condition =
            crate::assets::condition::market_condition(&board, None, tuesday).expect("condition");
        assert_eq!(condition.trading_date, "2026-11-24");
        assert_eq!(
            crate::assets::condition::closed_days(&condition, 2),
            [date(23), date(20)]
        );

        let (test_db, store, _) = asset_store().await;
        let cancel = CancellationToken::new();
        let task = tokio::spawn(run(
            shared(engine),
            store,
            Bus::in_process(),
            Duration::from_secs(3_600),
            cancel.clone(),
        ));
        tokio::time::timeout(Duration::from_secs(10), async {
            while board.trading_date(tuesday) != date(20) {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
        .await
        .expect("the engine task's board shows the composite feed's date");
        cancel.cancel();
        task.await.expect("task").expect("run");
        assert_eq!(board.trading_date(tuesday), date(24), "the term is over");
        test_db.cleanup().await.expect("cleanup");
    }

    /// A follower dates a followed value as the leader does, on the asset's own clock. With
    /// the real calendar, the Dow's Friday session trades until Saturday 06:00 KST: a value
    /// at Saturday 03:00 KST is Friday's. On the simulator's continuous days a Saturday
    /// replays Friday, the last trading day.
    #[test]
    fn a_follower_dates_followed_values_as_the_leader_does() {
        let friday = NaiveDate::from_ymd_opt(2026, 11, 20).expect("date");
        let dji = AssetId::parse("INDEX-DJI").expect("id");
        for (mode, followed_at) in [
            (SimulatorMode::Krx, at(2026, 11, 21, 3, 0)),
            (SimulatorMode::Continuous, at(2026, 11, 21, 12, 0)),
        ] {
            let (_, leader) = engine_in(mode, followed_at);
            let position = leader.catalog.position(&dji).expect("dji");
            let published = leader.value(position).expect("value");
            assert_eq!(published.date, friday, "{mode:?}: the leader's date");
            assert!(
                published.traded_at.with_timezone(&KST).date_naive() > friday,
                "{mode:?}: traded on Saturday in Seoul"
            );
            let (_, follower) = engine_in(mode, at(2026, 11, 20, 8, 0));
            follower.follow(&leader.asset(&dji).expect("asset"));
            let followed = follower.value(position).expect("value");
            assert_eq!(followed.traded_at, published.traded_at, "{mode:?}");
            assert_eq!(followed.date, friday, "{mode:?}: the follower's date");
        }
    }

    #[test]
    fn stocks_are_assets_too() {
        let (_, board) = engine(at(2026, 11, 20, 9, 0));
        let asset = board
            .asset(&AssetId::parse("KOREA-A005930").expect("id"))
            .expect("stock");
        assert_eq!(asset.kind, pb::AssetKind::Stock as i32);
        assert_eq!(
            (asset.short_code.as_str(), asset.name.as_str()),
            ("A005930", "종목005930")
        );
        assert_eq!(asset.previous_close, 50_000.0);
        assert!(
            board
                .asset(&AssetId::parse("KOREA-A000001").expect("id"))
                .is_none()
        );
        let kospi = board
            .asset(&AssetId::parse("INDEX-KOSPI").expect("id"))
            .expect("kospi");
        assert_eq!(
            (kospi.kind, kospi.previous_close),
            (pb::AssetKind::Index as i32, 8_500.0)
        );
    }
}
