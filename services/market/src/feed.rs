//! The live quote feed: drives the simulator on a timer, keeps the latest quote of every
//! security in a [`QuoteBoard`] for gRPC reads, and publishes each change on the bus
//! (`quotes.{security_id}`, best effort: a newer tick supersedes a lost one).
//!
//! Only the leader replica runs the feed ([`run`]); a follower's board follows the leader's
//! ticks ([`QuoteBoard::follow`]), and a follower that takes over resumes the simulator from
//! its board ([`resume`]), so prices continue rather than jump.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use chrono::{DateTime, FixedOffset, NaiveDate};
use prost::Message;
use sise_platform::bus::{Bus, Headers};
use sise_proto::market::v1 as pb;
use tokio_util::sync::CancellationToken;

use crate::dataset::{ListedStock, activity_by_cap};
use crate::simulator::{
    Continued, Instrument, Mode, QuoteState, Simulator, SimulatorConfig, SimulatorSettings,
    StepOutcome, TickGrid, now_kst, trading_date_at,
};

/// Latest quotes of every security, shared between the feed and the gRPC handlers.
pub struct QuoteBoard {
    securities: Vec<ListedStock>,
    index: HashMap<String, usize>,
    quotes: RwLock<Vec<pb::Quote>>,
}

impl QuoteBoard {
    pub fn security(&self, id: &str) -> Option<&ListedStock> {
        self.index.get(id).map(|&i| &self.securities[i])
    }

    pub fn quote(&self, id: &str) -> Option<pb::Quote> {
        let i = *self.index.get(id)?;
        self.quotes.read().ok().map(|q| q[i].clone())
    }

    /// A listed security and its latest quote.
    pub fn security_with_quote(&self, id: &str) -> Option<(&ListedStock, pb::Quote)> {
        Some((self.security(id)?, self.quote(id)?))
    }

    pub fn len(&self) -> usize {
        self.securities.len()
    }

    /// Take a quote the leader published (a follower's board). An older tick than the one
    /// held (out of order on the wire) and an unknown security are ignored.
    pub fn follow(&self, quote: pb::Quote) {
        let Some(&i) = self.index.get(&quote.security_id) else {
            return;
        };
        if let Ok(mut quotes) = self.quotes.write()
            && quotes[i].traded_at_ms <= quote.traded_at_ms
        {
            quotes[i] = quote;
        }
    }

    /// Every quote, in the simulator's instrument order.
    pub fn quotes(&self) -> Vec<pb::Quote> {
        self.quotes.read().map(|q| q.clone()).unwrap_or_default()
    }

    pub fn is_empty(&self) -> bool {
        self.securities.is_empty()
    }
}

/// Sees every step of the feed with the simulator state after it, right after the board is
/// updated. Runs on the feed's task: it must be quick and must not block.
pub(crate) trait StepObserver: Send + Sync {
    fn observe(&self, simulator: &Simulator, outcome: &StepOutcome);
}

/// Build the simulator and the board from the listing, at `start`.
///
/// `last_closes` (security id → date and close of the last day of its history, see
/// `charts::prepare`) is where the simulator resumes: each stock's previous close is that
/// close, and the first simulated day is the trading day after the newest date. Stocks
/// without one start from the listing's last real close.
pub fn build(
    securities: Vec<ListedStock>,
    settings: &SimulatorSettings,
    start: DateTime<FixedOffset>,
    last_closes: &HashMap<String, (NaiveDate, i64)>,
) -> (Simulator, Arc<QuoteBoard>) {
    let mut instruments = instruments(&securities);
    for instrument in &mut instruments {
        if let Some(&(_, close)) = last_closes.get(&instrument.security_id) {
            instrument.previous_close = close;
        }
    }
    let last_close_date = last_closes
        .values()
        .map(|(date, _)| *date)
        .max()
        .or_else(|| securities.iter().map(|s| s.last_close_date).max())
        .unwrap_or_else(|| start.date_naive());
    let simulator = Simulator::new(
        SimulatorConfig {
            seed: settings.seed,
            mode: settings.mode(),
            start,
            last_close_date,
        },
        instruments,
    );
    let quotes = securities
        .iter()
        .enumerate()
        .map(|(i, s)| to_proto(s.security_id.as_str(), simulator.quote(i)))
        .collect();
    let index = securities
        .iter()
        .enumerate()
        .map(|(i, s)| (s.security_id.as_str().to_owned(), i))
        .collect();
    let board = Arc::new(QuoteBoard {
        securities,
        index,
        quotes: RwLock::new(quotes),
    });
    (simulator, board)
}

/// A simulator that continues `board` at `now`, for a replica taking over the feed.
///
/// Each stock's previous close is its stored close of the newest stored day
/// (`stored_closes`, see `ChartStore::last_closes`; the old leader stored every day it
/// closed) or else the board's previous close, and the first simulated day is the one after
/// the newest stored day (never before `last_close_date`, the start-up simulator's). A stock
/// whose board quote belongs to that same day (same previous close, already traded) keeps
/// its day: price, open, high, low, volume and value ([`Simulator::adopt`]).
pub(crate) fn resume(
    board: &QuoteBoard,
    settings: &SimulatorSettings,
    now: DateTime<FixedOffset>,
    stored_closes: &HashMap<String, (NaiveDate, i64)>,
    last_close_date: NaiveDate,
) -> Simulator {
    // Continuous mode trades today's date again in every session: the old leader's close
    // of an earlier session today is not a previous close.
    let today = match settings.mode() {
        Mode::Continuous { .. } => Some(trading_date_at(&settings.mode(), now, now)),
        Mode::Krx => None,
    };
    let before_today = |date: NaiveDate| today.is_none_or(|today| date < today);
    let newest = stored_closes
        .values()
        .map(|(date, _)| *date)
        .filter(|date| before_today(*date))
        .max()
        .map_or(last_close_date, |d| d.max(last_close_date));
    let quotes = board.quotes();
    let mut closes = HashMap::with_capacity(quotes.len());
    for quote in &quotes {
        let close = match stored_closes.get(&quote.security_id) {
            // `newest` is before today: a close of today never matches.
            Some(&(date, close)) if date == newest => close,
            _ => quote.previous_close.round() as i64,
        };
        closes.insert(quote.security_id.clone(), (newest, close));
    }
    let (mut simulator, _) = build(board.securities.clone(), settings, now, &closes);
    // The first step opens the day (and in KRX mode trades up to `now`); the board's day
    // then replaces what that step made up.
    simulator.step(now);
    for (i, quote) in quotes.iter().enumerate() {
        let same_day = closes
            .get(&quote.security_id)
            .is_some_and(|&(_, close)| close == quote.previous_close.round() as i64);
        if same_day && quote.open > 0.0 {
            simulator.adopt(
                i,
                &Continued {
                    price: quote.price.round() as i64,
                    open: quote.open.round() as i64,
                    high: quote.high.round() as i64,
                    low: quote.low.round() as i64,
                    volume: quote.volume,
                    trading_value: quote.trading_value.round() as i64,
                },
            );
        }
    }
    simulator
}

/// Liquidity and volatility from market-cap rank: the largest names trade on almost
/// every step with a daily sigma near 1.5%, the smallest rarely and near 4%. ETFs trade
/// as their real candles did, without a company's news jumps.
fn instruments(securities: &[ListedStock]) -> Vec<Instrument> {
    securities
        .iter()
        .zip(activity_by_cap(securities))
        .map(|(s, activity)| Instrument {
            security_id: s.security_id.as_str().to_owned(),
            previous_close: s.last_close,
            liquidity: activity.liquidity,
            volatility: activity.volatility,
            jumps: !s.is_etf(),
            grid: TickGrid::of_etf(s.is_etf()),
        })
        .collect()
}

/// What the feed task owns across restarts and leadership terms: the simulator and the
/// observers of its steps.
pub(crate) struct FeedState {
    pub simulator: Simulator,
    pub observers: Vec<Arc<dyn StepObserver>>,
}

/// The feed state, shared between the attempts of the supervised feed task.
pub(crate) type SharedFeed = Arc<tokio::sync::Mutex<FeedState>>;

/// Step the simulator every tick until cancelled; publish every changed quote. Restartable:
/// the state stays in `state`, so an attempt after a panic continues where the last one was.
pub(crate) async fn run(
    state: SharedFeed,
    board: Arc<QuoteBoard>,
    bus: Bus,
    settings: SimulatorSettings,
    cancel: CancellationToken,
) -> anyhow::Result<()> {
    let mut guard = state.lock().await;
    let FeedState {
        simulator,
        observers,
    } = &mut *guard;
    let mut interval = tokio::time::interval(settings.tick_interval());
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let lag = sise_platform::metrics::meter()
        .f64_histogram("sise.simulator.tick.lag")
        .with_unit("s")
        .with_description("How late the simulator's steps start against their schedule")
        .with_boundaries(sise_platform::metrics::SECONDS_BUCKETS.to_vec())
        .build();
    loop {
        // Biased: once cancelled, no further step produces closes nobody stores.
        let scheduled = tokio::select! {
            biased;
            () = cancel.cancelled() => return Ok(()),
            scheduled = interval.tick() => scheduled,
        };
        lag.record(scheduled.elapsed().as_secs_f64(), &[]);
        let outcome = simulator.step(now_kst());
        if !outcome.closed_days.is_empty() {
            tracing::info!(
                days = outcome.closed_days.len(),
                date = %outcome.closed_days[0].date,
                "simulated trading day closed"
            );
        }
        let changed: Vec<pb::Quote> = outcome
            .changed
            .iter()
            .map(|&i| to_proto(board.securities[i].security_id.as_str(), simulator.quote(i)))
            .collect();
        if let Ok(mut quotes) = board.quotes.write() {
            for (&i, quote) in outcome.changed.iter().zip(&changed) {
                quotes[i] = quote.clone();
            }
        }
        for observer in observers.iter() {
            observer.observe(simulator, &outcome);
        }
        for quote in changed {
            let subject = sise_platform::bus::acl::subjects::quote(&quote.security_id);
            let payload = pb::QuoteTicked { quote: Some(quote) }.encode_to_vec();
            // Never waits: with NATS away the tick is dropped and counted, prices go on.
            if let Err(error) = bus.publish(&subject, Headers::new(), payload.into()) {
                tracing::warn!(error = format!("{error:#}"), "failed to publish quote");
            }
        }
    }
}

fn to_proto(security_id: &str, q: &QuoteState) -> pb::Quote {
    let change = q.price - q.previous_close;
    pb::Quote {
        security_id: security_id.to_owned(),
        price: q.price as f64,
        previous_close: q.previous_close as f64,
        change: change as f64,
        change_rate: if q.previous_close > 0 {
            change as f64 / q.previous_close as f64
        } else {
            0.0
        },
        change_type: pb::PriceChange::from(q.change) as i32,
        open: q.open as f64,
        high: q.high as f64,
        low: q.low as f64,
        volume: q.volume,
        trading_value: q.trading_value as f64,
        upper_limit: q.upper_limit as f64,
        lower_limit: q.lower_limit as f64,
        session: pb::Session::from(q.session) as i32,
        traded_at_ms: q.traded_at.timestamp_millis(),
        vi: q.vi,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use chrono::{TimeDelta, TimeZone};
    use sise_platform::task::{Backoff, TaskMonitor, TaskStatus, supervise};

    use super::*;
    use crate::domain::{Market, SecurityId};
    use crate::simulator::{KST, SimulatorMode};

    fn stock(code: &str, close: i64) -> ListedStock {
        ListedStock {
            security_id: SecurityId::from_code(code).expect("code"),
            name: format!("종목{code}"),
            name_en: None,
            market: Market::Kospi,
            shares_outstanding: 1_000_000,
            last_close: close,
            last_close_date: NaiveDate::from_ymd_opt(2026, 6, 15).expect("date"),
            kind: crate::dataset::SecurityKind::Stock,
        }
    }

    fn settings(mode: SimulatorMode) -> SimulatorSettings {
        SimulatorSettings {
            mode,
            seed: 3,
            tick_interval_ms: 10,
            day_length_secs: 600,
            clock_offset_secs: 0,
        }
    }

    /// Panics on its second call, then counts.
    struct PanicOnce(AtomicUsize);

    impl StepObserver for PanicOnce {
        fn observe(&self, _: &Simulator, _: &StepOutcome) {
            if self.0.fetch_add(1, Ordering::SeqCst) == 1 {
                panic!("observer bug");
            }
        }
    }

    /// A panic inside a step ends that attempt of the feed; the supervisor starts it again on
    /// the same simulator, and the feed keeps stepping.
    #[tokio::test]
    async fn a_panicking_feed_is_restarted() {
        let settings = settings(SimulatorMode::Continuous);
        let securities = vec![stock("005930", 50_000), stock("000660", 200_000)];
        let (simulator, board) = build(securities, &settings, now_kst(), &HashMap::new());
        let observer = Arc::new(PanicOnce(AtomicUsize::new(0)));
        let state: SharedFeed = Arc::new(tokio::sync::Mutex::new(FeedState {
            simulator,
            observers: vec![observer.clone()],
        }));
        let monitor = TaskMonitor::new("feed");
        let cancel = CancellationToken::new();
        let backoff = Backoff {
            initial_ms: 10,
            max_ms: 100,
        };
        let bus = Bus::in_process();
        let handle = supervise(monitor.clone(), backoff, cancel.clone(), move |cancel| {
            run(
                state.clone(),
                board.clone(),
                bus.clone(),
                settings.clone(),
                cancel,
            )
        });
        tokio::time::timeout(Duration::from_secs(10), async {
            while observer.0.load(Ordering::SeqCst) < 10 {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
        .await
        .expect("the feed steps on after the panic");
        let state = monitor.state();
        assert_eq!(state.restarts, 1);
        assert_eq!(state.status, TaskStatus::Running);
        assert!(
            state
                .last_error
                .is_some_and(|e| e.contains("panicked: observer bug"))
        );
        cancel.cancel();
        handle.await.expect("supervisor");
        assert_eq!(monitor.state().status, TaskStatus::Stopped);
    }

    /// A follower's board takes newer ticks only; a resumed simulator continues the board's
    /// day: same prices, open, high, low and volume, and trading goes on from there.
    #[test]
    fn a_resumed_simulator_continues_the_followed_board() {
        let settings = settings(SimulatorMode::Krx);
        let securities = vec![stock("005930", 50_000), stock("000660", 200_000)];
        // The old leader started at the open on a Monday and traded until 11:00.
        let open = KST
            .with_ymd_and_hms(2026, 11, 23, 9, 0, 0)
            .single()
            .expect("time");
        let (mut leader, _) = build(securities.clone(), &settings, open, &HashMap::new());
        let now = open + TimeDelta::hours(2);
        let mut at = open;
        while at < now {
            at += TimeDelta::seconds(30);
            leader.step(at);
        }
        // A follower built at the same start follows the leader's ticks.
        let (_, board) = build(securities.clone(), &settings, open, &HashMap::new());
        for (i, stock) in securities.iter().enumerate() {
            let mut quote = to_proto(stock.security_id.as_str(), leader.quote(i));
            board.follow(quote.clone());
            // An older tick arriving late changes nothing.
            quote.traded_at_ms -= 1;
            quote.price += 1.0;
            board.follow(quote);
        }
        let followed = board.quotes();
        assert_eq!(followed[0].price, leader.quote(0).price as f64);

        let last_close_date = NaiveDate::from_ymd_opt(2026, 11, 20).expect("date");
        let mut resumed = resume(&board, &settings, now, &HashMap::new(), last_close_date);
        for i in 0..securities.len() {
            let (old, new) = (leader.quote(i), resumed.quote(i));
            assert_eq!(new.trading_date, old.trading_date);
            assert_eq!(
                (
                    new.price,
                    new.open,
                    new.high,
                    new.low,
                    new.volume,
                    new.previous_close
                ),
                (
                    old.price,
                    old.open,
                    old.high,
                    old.low,
                    old.volume,
                    old.previous_close
                ),
                "stock {i}"
            );
        }
        let before = resumed.quote(0).volume;
        resumed.step(now + TimeDelta::minutes(5));
        assert!(resumed.quote(0).volume >= before, "the day goes on");
    }

    /// Continuous mode: the old leader stored the close of an earlier session of today; the
    /// resumed day keeps yesterday's close as its previous close, not that session's.
    #[test]
    fn a_resumed_continuous_session_keeps_the_days_previous_close() {
        let settings = settings(SimulatorMode::Continuous);
        let securities = vec![stock("005930", 50_000), stock("000660", 200_000)];
        let start = KST
            .with_ymd_and_hms(2026, 11, 23, 10, 0, 0)
            .single()
            .expect("time");
        let (mut leader, board) = build(securities.clone(), &settings, start, &HashMap::new());
        let today = leader.trading_date();
        assert_eq!(today, NaiveDate::from_ymd_opt(2026, 11, 23).expect("date"));
        let now = start + TimeDelta::seconds(900);
        let outcome = leader.step(now);
        assert!(!outcome.closed_days.is_empty(), "a session of today closed");
        for (i, stock) in securities.iter().enumerate() {
            board.follow(to_proto(stock.security_id.as_str(), leader.quote(i)));
        }
        let yesterday = NaiveDate::from_ymd_opt(2026, 11, 20).expect("date");
        let mut stored = HashMap::new();
        for close in &outcome.closed_days {
            let id = securities[close.index].security_id.as_str().to_owned();
            stored.insert(id, (today, close.close));
        }
        let resumed = resume(&board, &settings, now, &stored, yesterday);
        for i in 0..securities.len() {
            assert_eq!(resumed.quote(i).trading_date, today);
            assert_eq!(
                resumed.quote(i).previous_close,
                leader.quote(i).previous_close
            );
            assert_eq!(resumed.quote(i).price, leader.quote(i).price);
        }
    }
}
