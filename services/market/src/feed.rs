//! The live quote feed: drives the simulator on a timer, keeps the latest quote of every
//! security in a [`QuoteBoard`] for gRPC reads, and publishes each change on the bus
//! (`quotes.{security_id}`, best effort: a newer tick supersedes a lost one).

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use chrono::{DateTime, FixedOffset, NaiveDate};
use prost::Message;
use sise_platform::bus::{Bus, Headers};
use sise_proto::market::v1 as pb;
use tokio_util::sync::CancellationToken;

use crate::dataset::{ListedStock, activity_by_cap};
use crate::simulator::{
    Instrument, PriceChange, QuoteState, Session, Simulator, SimulatorConfig, SimulatorSettings,
    StepOutcome, now_kst,
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

/// Liquidity and volatility from market-cap rank: the largest names trade on almost
/// every step with a daily sigma near 1.5%, the smallest rarely and near 4%.
fn instruments(securities: &[ListedStock]) -> Vec<Instrument> {
    securities
        .iter()
        .zip(activity_by_cap(securities))
        .map(|(s, activity)| Instrument {
            security_id: s.security_id.as_str().to_owned(),
            previous_close: s.last_close,
            liquidity: activity.liquidity,
            volatility: activity.volatility,
        })
        .collect()
}

/// Step the simulator every tick until cancelled; publish every changed quote.
pub(crate) async fn run(
    mut simulator: Simulator,
    board: Arc<QuoteBoard>,
    bus: Bus,
    settings: SimulatorSettings,
    observers: Vec<Arc<dyn StepObserver>>,
    cancel: CancellationToken,
) {
    let mut interval = tokio::time::interval(settings.tick_interval());
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        tokio::select! {
            _ = interval.tick() => {}
            () = cancel.cancelled() => return,
        }
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
        for observer in &observers {
            observer.observe(&simulator, &outcome);
        }
        for quote in changed {
            let subject = format!("quotes.{}", quote.security_id);
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

impl From<PriceChange> for pb::PriceChange {
    fn from(change: PriceChange) -> Self {
        match change {
            PriceChange::UpperLimit => Self::UpperLimit,
            PriceChange::Rise => Self::Rise,
            PriceChange::Even => Self::Even,
            PriceChange::Fall => Self::Fall,
            PriceChange::LowerLimit => Self::LowerLimit,
        }
    }
}

/// The one mapping of sessions to the wire, for quotes and assets alike.
impl From<Session> for pb::Session {
    fn from(session: Session) -> Self {
        match session {
            Session::PreMarket => Self::PreMarket,
            Session::OpeningAuction => Self::OpeningAuction,
            Session::Regular => Self::Regular,
            Session::ClosingAuction => Self::ClosingAuction,
            Session::AfterHours => Self::AfterHours,
            Session::Closed => Self::Closed,
        }
    }
}
