//! Market simulator: a deterministic, KRX-rule-abiding stand-in for a live
//! quote feed, seeded from the real last closes of every listed stock.
//!
//! # Layout
//!
//! - [`rules`]: KRX price rules as pure functions — tick sizes, ±30% daily
//!   price limits, the `UPPER_LIMIT`/`RISE`/`EVEN`/`FALL`/`LOWER_LIMIT`
//!   classification.
//! - [`clock`]: the KRX trading clock in KST, the 2025–2027 holiday calendar,
//!   and [`Mode::Continuous`], which keeps the market open at any hour and
//!   runs a session of the real trading day every `day_length` (the same date
//!   replayed from its previous close until the calendar moves on); [`now_kst`],
//!   the one wall-clock reading of the crate, for the callers.
//! - `noise`: [`Noise`], the seeded uniforms and normals (also behind the simulated
//!   index and forex series).
//! - `settings`: the `services.market.simulator` configuration section
//!   ([`SimulatorSettings`], [`SimulatorMode`]).
//! - this module: [`Simulator`], which owns one [`QuoteState`] per
//!   [`Instrument`] and advances them when the caller calls
//!   [`Simulator::step`] with the current time.
//!
//! The simulator is pure logic: no I/O, no async, and it never reads the wall clock. The caller
//! passes `now` (monotonically non-decreasing; earlier values are treated as
//! the last one), publishes the quotes listed in [`StepOutcome::changed`],
//! and stores the [`DayClose`]s it returns. The same seed, instruments and
//! sequence of `now` values always produce the same outcomes: all randomness
//! comes from one `ChaCha8Rng` consumed in instrument order.
//!
//! # The day
//!
//! Each simulated day goes through four phases:
//!
//! 1. **Roll** (KRX: 08:00 KST of the trading day; continuous: the start of
//!    the session): the previous close becomes the last price, limits are
//!    recomputed, and the quote sits at its previous close with
//!    `open = high = low = 0` (0 means "no trade yet today") and no volume.
//!    A continuous-mode session of the same date as the one before it is a
//!    **replay**: the date's previous close, limits and hidden price come back
//!    and the day is traded again, so prices never drift away from the real
//!    calendar; its [`DayClose`] replaces the previous session's (same date).
//!    [`QuoteState::day_serial`] tells the sessions apart.
//! 2. **Opening single price** (KRX: 09:00; continuous: the start of the
//!    day): every instrument gets an open price with one jump that stands
//!    for the overnight move and the 08:30–09:00 call auction, plus an
//!    auction volume. Pre-market and opening-auction time never moves the
//!    price.
//! 3. **Continuous trading** (KRX: 09:00–15:20; continuous: the whole day):
//!    on each step every instrument trades with probability
//!    `1 - exp(-rate·Δt)`. A trade moves a hidden log-price by an
//!    Ornstein–Uhlenbeck step scaled by `volatility` and the time since its
//!    last move (so results hardly depend on the step frequency),
//!    mean-reverting towards the seed close with a 60-trading-day
//!    half-life, plus rare news jumps (6–40%, about one per 250
//!    instrument-days, 65% of them upwards). The traded price is that value
//!    rounded to the nearest tick and clamped to the day's limits. Volume
//!    spreads a per-day trading value over time with log-normal noise;
//!    trading value is the sum of volume × price.
//! 4. **Close** (KRX: 15:20–15:30 call auction, no trades, then one single
//!    price at 15:30; continuous: at the end of the day): one closing
//!    single price, a [`DayClose`] for every instrument.
//!
//! Time is measured in "market days": continuous-trading time divided by
//! the length of a day's continuous session (6 h 20 min for KRX,
//! `day_length` in continuous mode). A day's price variance is split 20%
//! overnight (the open), 78% continuous session, 2% closing auction, so
//! `volatility` is the close-to-close daily sigma in both modes.
//!
//! # Liquidity
//!
//! `liquidity` is a log-scale activity level in `0..=1`: trades per day
//! run from 300 at 0 to 200,000 at 1 (the most liquid names trade on
//! almost every one-second step) and trading value per day from 300
//! million to 1.5 trillion won, both log-linear in between. Deriving it
//! from the log of the market-cap rank, `1 − ln(1 + rank) / ln(1 + n)`
//! (rank 0 the largest), gives a power-law market of about 10 trillion won
//! a day over 2,770 stocks, close to the real KOSPI + KOSDAQ total.
//!
//! # Simplifications of KRX rules
//!
//! - Volatility interruption: only the static VI is modelled. If a trade
//!   would move the price 10% or more from the reference price (the open,
//!   or the price set by the last VI), it does not happen; the instrument
//!   shows `vi = true` and does not trade for 2 minutes of market time
//!   (about 3 seconds in a 10-minute continuous day), then resumes with a
//!   single price that becomes the new reference. The dynamic VI, the
//!   per-market thresholds, VI during auctions and the random end of the
//!   VI auction are not modelled; a VI still running at 15:20 ends there.
//! - Auctions are not order books: the opening and closing prices are one
//!   random move each, every instrument gets an open (even illiquid ones),
//!   and no expected price is shown during an auction.
//! - Pre-market and after-hours sessions are reported by the clock but
//!   never trade or move the day's price.
//! - The late open on the first trading day of a year, exam-day hours,
//!   trading halts, ex-rights price adjustments and newly listed stocks are
//!   not modelled.
//! - Catch-up: when the simulated day is behind `now` (KRX: the seed close
//!   is old, or the host slept; continuous: a long pause between steps), the
//!   missed days are simulated in one coarse pass each, but at most
//!   [`MAX_CATCH_UP_DAYS`] of them plus the current one; older missed days
//!   are skipped without trading and without a [`DayClose`].
//! - In KRX mode the quote of a finished day stays on display (with its
//!   change against the day's previous close) until 08:00 of the next
//!   trading day, when it rolls; the [`DayClose`] is emitted at 15:30.

pub mod clock;
mod noise;
pub mod rules;
mod settings;

use chrono::{DateTime, FixedOffset, NaiveDate};

pub use clock::{KST, Mode, Session, now_kst, session_at, trading_date_at};
pub use noise::Noise;
pub use rules::{
    PriceChange, Rounding, TickGrid, classify, price_limits, round_to_tick, tick_size,
};
pub use settings::{SimulatorMode, SimulatorSettings};

use clock::{
    CLOSING_AUCTION_START, MARKET_CLOSE, PRE_MARKET_START, REGULAR_SECONDS, REGULAR_START,
    continuous_day_index, continuous_day_start, is_trading_day, kst_date, kst_instant,
    next_trading_day, previous_trading_day,
};

/// Most missed days simulated by one catch-up before the current one (see
/// the module documentation).
pub const MAX_CATCH_UP_DAYS: u64 = 20;

/// Trades per market day at liquidity 0 and 1 (log-linear in between).
const MIN_TRADES_PER_DAY: f64 = 300.0;
const MAX_TRADES_PER_DAY: f64 = 200_000.0;
/// Trading value in won per market day at liquidity 0 and 1.
const MIN_VALUE_PER_DAY: f64 = 3.0e8;
const MAX_VALUE_PER_DAY: f64 = 1.5e12;
/// Highest accepted daily sigma.
const MAX_VOLATILITY: f64 = 0.5;
/// Shares of a day's price variance (and jump chance) carried by the
/// overnight gap at the open, the continuous session and the closing
/// auction; they add up to 1 so that `volatility` is the close-to-close
/// daily sigma.
const OVERNIGHT_SHARE: f64 = 0.2;
const CONTINUOUS_SHARE: f64 = 0.78;
const CLOSING_AUCTION_SHARE_OF_VARIANCE: f64 = 0.02;
/// Market-day length of a volatility interruption (2 minutes).
const VI_DAYS: f64 = 120.0 / REGULAR_SECONDS as f64;
/// Static VI threshold in percent of the reference price.
const VI_THRESHOLD_PERCENT: i64 = 10;
/// Half-life in market days of the pull back towards the seed close.
const REVERSION_HALF_LIFE_DAYS: f64 = 60.0;
/// News jumps per instrument per day, their size range (log) and the
/// chance that a jump is upwards (limit-ups are commoner than limit-downs).
const JUMPS_PER_DAY: f64 = 0.004;
const JUMP_MIN: f64 = 0.06;
const JUMP_MAX: f64 = 0.40;
const JUMP_UP: f64 = 0.65;
/// Auction volumes as shares of a day's trading value.
const OPENING_AUCTION_SHARE: f64 = 0.02;
const CLOSING_AUCTION_SHARE: f64 = 0.05;
/// Sigma of the log-normal noise on traded volume.
const VOLUME_NOISE_SIGMA: f64 = 0.6;
/// How far (log) the hidden price may run past a limit.
const LATENT_LIMIT_SLACK: f64 = 0.05;
/// Guard against a runaway phase loop in one step.
const MAX_PHASES_PER_STEP: u64 = 4 * (MAX_CATCH_UP_DAYS + 4);

/// A stock to simulate.
#[derive(Clone, Debug, PartialEq)]
pub struct Instrument {
    pub security_id: String,
    /// Last real close in won; values below 1 are treated as 1.
    pub previous_close: i64,
    /// Relative trading activity in `0..=1` on a log scale (see the module
    /// documentation; e.g. from the log of the market-cap rank);
    /// out-of-range values are clamped, NaN counts as 0.
    pub liquidity: f64,
    /// Daily sigma of log returns, e.g. 0.02; clamped to `0..=0.5`, NaN
    /// counts as 0.
    pub volatility: f64,
    /// Whether news jumps (6–40%) hit it: a company's stock, not a fund whose price
    /// follows a basket or a money-market rate (ETFs).
    pub jumps: bool,
    /// The price grid it trades on: ETFs on 5 won at every price.
    pub grid: TickGrid,
}

/// How the simulator runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimulatorConfig {
    pub seed: u64,
    pub mode: Mode,
    /// Start instant: the anchor of continuous-mode days, and the time of
    /// the initial quotes.
    pub start: DateTime<FixedOffset>,
    /// Date of the instruments' `previous_close`; the first simulated day is
    /// the next trading day after it.
    pub last_close_date: NaiveDate,
}

/// The current quote of one instrument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuoteState {
    /// Last price (the previous close before the day's first trade).
    pub price: i64,
    pub previous_close: i64,
    /// Day's open, high and low; 0 until the opening single price.
    pub open: i64,
    pub high: i64,
    pub low: i64,
    /// Day's cumulative volume in shares.
    pub volume: i64,
    /// Day's cumulative trading value in won (Σ volume × price).
    pub trading_value: i64,
    pub upper_limit: i64,
    pub lower_limit: i64,
    pub change: PriceChange,
    /// Market session as of the last step.
    pub session: Session,
    /// Instant of the last trade or single price; before the day's open,
    /// the instant the day rolled in (or the simulator's start).
    pub traded_at: DateTime<FixedOffset>,
    /// Volatility interruption in progress.
    pub vi: bool,
    /// The trading day this quote belongs to.
    pub trading_date: NaiveDate,
    /// Serial number of the simulated day the quote belongs to: it grows at every roll,
    /// also when continuous mode replays the same `trading_date`, so an observer tells a
    /// new session from the same date's previous one.
    pub day_serial: u64,
}

/// A day as another simulator published it, for [`Simulator::adopt`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Continued {
    pub price: i64,
    /// 0 before the day's first trade (then high and low are ignored).
    pub open: i64,
    pub high: i64,
    pub low: i64,
    pub volume: i64,
    pub trading_value: i64,
}

/// One instrument's finished trading day.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DayClose {
    /// Index of the instrument, as passed to [`Simulator::new`].
    pub index: usize,
    pub date: NaiveDate,
    pub open: i64,
    pub high: i64,
    pub low: i64,
    pub close: i64,
    pub volume: i64,
    pub trading_value: i64,
}

/// What one [`Simulator::step`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepOutcome {
    /// Indexes of instruments whose quote changed, ascending, no repeats.
    pub changed: Vec<usize>,
    /// Days that finished during the step, in date order, then index order.
    pub closed_days: Vec<DayClose>,
    /// Session at the step's `now`.
    pub session: Session,
}

/// Hidden per-instrument model state, kept apart from the published quote.
#[derive(Clone, Debug)]
struct Model {
    /// Trades per market day.
    rate: f64,
    /// Won traded per market day.
    value_per_day: f64,
    /// Daily sigma.
    sigma: f64,
    /// Whether news jumps apply ([`Instrument::jumps`]).
    jumps: bool,
    /// Its price grid ([`Instrument::grid`]).
    grid: TickGrid,
    /// Log of the seed close: the mean-reversion target.
    anchor: f64,
    /// Hidden log price.
    latent: f64,
    /// Log of today's limits.
    ln_lower: f64,
    ln_upper: f64,
    /// Market time of the last move of `latent`.
    last_move: f64,
    /// Market time of the last trade (for volume).
    last_trade: f64,
    /// Static VI reference price.
    reference: i64,
    /// Market time at which the current VI ends.
    vi_until: f64,
    /// Step epoch in which the instrument was last marked changed.
    stamp: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// The previous day is over; waiting for `roll_at`.
    Closed,
    /// Quotes sit at the previous close; waiting for `open_at`.
    Rolled,
    /// Continuous trading until `auction_at`.
    Continuous,
    /// Closing call auction until `close_at`.
    ClosingAuction,
}

/// Schedule of one simulated trading day.
#[derive(Clone, Copy, Debug)]
struct Day {
    /// Continuous mode: index of the day since the start (0 in KRX mode is
    /// meaningless but harmless).
    ordinal: u64,
    date: NaiveDate,
    roll_at: DateTime<FixedOffset>,
    open_at: DateTime<FixedOffset>,
    auction_at: DateTime<FixedOffset>,
    close_at: DateTime<FixedOffset>,
}

/// The market simulator. See the module documentation.
#[derive(Clone, Debug)]
pub struct Simulator {
    mode: Mode,
    start: DateTime<FixedOffset>,
    /// Real seconds of one market day's continuous session.
    regular_seconds: f64,
    rng: Noise,
    quotes: Vec<QuoteState>,
    models: Vec<Model>,
    day: Day,
    phase: Phase,
    /// Time up to which the simulation has run.
    cursor: DateTime<FixedOffset>,
    /// Market days of continuous trading elapsed since the start.
    market_time: f64,
    session: Session,
    epoch: u64,
}

fn sanitize(value: f64, max: f64) -> f64 {
    if value.is_nan() {
        0.0
    } else {
        value.clamp(0.0, max)
    }
}

/// `min · (max/min)^t`.
fn log_lerp(min: f64, max: f64, t: f64) -> f64 {
    (min.ln() + t * (max / min).ln()).exp()
}

/// Moves the hidden log price by `dt` days of variance time (a whole
/// trading day is 1): an exact Ornstein–Uhlenbeck step towards the anchor
/// plus a possible news jump.
fn evolve(model: &mut Model, dt: f64, rng: &mut Noise) {
    let dt = dt.max(0.0);
    let kappa = std::f64::consts::LN_2 / REVERSION_HALF_LIFE_DAYS;
    let decay = (-kappa * dt).exp();
    let sd = model.sigma * ((1.0 - decay * decay) / (2.0 * kappa)).sqrt();
    let mut latent = model.anchor + (model.latent - model.anchor) * decay + sd * rng.normal();
    // λ·dt rather than 1 - e^(-λ·dt): the same to 0.1% for a day or less.
    if model.jumps && rng.uniform() < JUMPS_PER_DAY * dt {
        let size = JUMP_MIN + (JUMP_MAX - JUMP_MIN) * rng.uniform();
        latent += if rng.uniform() < JUMP_UP { size } else { -size };
    }
    model.latent = latent.clamp(
        model.ln_lower - LATENT_LIMIT_SLACK,
        model.ln_upper + LATENT_LIMIT_SLACK,
    );
}

/// The hidden price rounded to the nearest tick, within the day's limits.
fn price_of(model: &Model, quote: &QuoteState) -> i64 {
    // `as` saturates; NaN becomes 0 and is clamped to the lower limit.
    let raw = model.latent.exp().round() as i64;
    model
        .grid
        .round(raw, Rounding::Nearest)
        .clamp(quote.lower_limit, quote.upper_limit)
}

/// Shares for `value` won at `price`, with log-normal noise and stochastic
/// rounding; at least 1.
fn draw_volume(value: f64, price: i64, rng: &mut Noise) -> i64 {
    let sigma = VOLUME_NOISE_SIGMA;
    let noise = (sigma * rng.normal() - 0.5 * sigma * sigma).exp();
    let shares = value.max(0.0) * noise / price.max(1) as f64;
    let whole = shares.floor();
    let extra = if rng.uniform() < shares - whole {
        1.0
    } else {
        0.0
    };
    ((whole + extra) as i64).max(1)
}

/// Records a trade (or single price) of `volume` shares at `price`.
fn fill(quote: &mut QuoteState, price: i64, volume: i64, at: DateTime<FixedOffset>) {
    quote.price = price;
    if quote.open == 0 {
        quote.open = price;
        quote.high = price;
        quote.low = price;
    } else {
        quote.high = quote.high.max(price);
        quote.low = quote.low.min(price);
    }
    quote.volume = quote.volume.saturating_add(volume);
    quote.trading_value = quote
        .trading_value
        .saturating_add(volume.saturating_mul(price));
    quote.change = classify(
        price,
        quote.previous_close,
        quote.upper_limit,
        quote.lower_limit,
    );
    quote.traded_at = at;
}

/// Adds `index` to `changed` once per step.
fn mark(model: &mut Model, epoch: u64, index: usize, changed: &mut Vec<usize>) {
    if model.stamp != epoch {
        model.stamp = epoch;
        changed.push(index);
    }
}

impl Simulator {
    /// Creates a simulator whose quotes sit at each instrument's previous
    /// close, on the first trading day after `config.last_close_date`.
    #[must_use]
    pub fn new(config: SimulatorConfig, instruments: Vec<Instrument>) -> Self {
        let SimulatorConfig {
            seed,
            mode,
            start,
            last_close_date,
        } = config;
        let session = session_at(&mode, start);
        let first_date = match mode {
            Mode::Krx => next_trading_day(last_close_date),
            Mode::Continuous { .. } => trading_date_at(&mode, start, start),
        };
        let mut simulator = Self {
            mode,
            start,
            regular_seconds: mode.regular_length().as_secs_f64(),
            rng: Noise::new(seed),
            quotes: Vec::with_capacity(instruments.len()),
            models: Vec::with_capacity(instruments.len()),
            day: Day {
                ordinal: 0,
                date: first_date,
                roll_at: start,
                open_at: start,
                auction_at: start,
                close_at: start,
            },
            phase: Phase::Rolled,
            cursor: start,
            market_time: 0.0,
            session,
            epoch: 0,
        };
        simulator.day = simulator.schedule(0, first_date);
        for instrument in instruments {
            let previous_close = instrument.previous_close.max(1);
            let (upper_limit, lower_limit) = instrument.grid.price_limits(previous_close);
            let liquidity = sanitize(instrument.liquidity, 1.0);
            let anchor = (previous_close as f64).ln();
            simulator.models.push(Model {
                rate: log_lerp(MIN_TRADES_PER_DAY, MAX_TRADES_PER_DAY, liquidity),
                value_per_day: log_lerp(MIN_VALUE_PER_DAY, MAX_VALUE_PER_DAY, liquidity),
                sigma: sanitize(instrument.volatility, MAX_VOLATILITY),
                jumps: instrument.jumps,
                grid: instrument.grid,
                anchor,
                latent: anchor,
                ln_lower: (lower_limit as f64).ln(),
                ln_upper: (upper_limit as f64).ln(),
                last_move: 0.0,
                last_trade: 0.0,
                reference: previous_close,
                vi_until: 0.0,
                stamp: 0,
            });
            simulator.quotes.push(QuoteState {
                price: previous_close,
                previous_close,
                open: 0,
                high: 0,
                low: 0,
                volume: 0,
                trading_value: 0,
                upper_limit,
                lower_limit,
                change: PriceChange::Even,
                session,
                traded_at: start,
                vi: false,
                trading_date: first_date,
                day_serial: 0,
            });
        }
        simulator
    }

    /// Advances the simulation to `now` and reports what changed.
    ///
    /// `now` should never decrease; an earlier value is treated as the
    /// latest one seen.
    pub fn step(&mut self, now: DateTime<FixedOffset>) -> StepOutcome {
        let now = now.max(self.cursor);
        self.epoch = self.epoch.wrapping_add(1);
        let mut changed = Vec::new();
        let mut closed_days = Vec::new();
        let mut phases = 0;
        loop {
            phases += 1;
            if phases > MAX_PHASES_PER_STEP {
                tracing::warn!(
                    date = %self.day.date,
                    "market simulator step stopped after too many phases"
                );
                break;
            }
            match self.phase {
                Phase::Closed | Phase::Rolled => {
                    self.fast_forward(now);
                    if self.phase == Phase::Closed {
                        if now < self.day.roll_at {
                            break;
                        }
                        self.roll(&mut changed);
                    }
                    if now < self.day.open_at {
                        break;
                    }
                    self.open(&mut changed);
                }
                Phase::Continuous => {
                    let until = now.min(self.day.auction_at);
                    self.trade_until(until, &mut changed);
                    if now < self.day.auction_at {
                        break;
                    }
                    self.begin_closing_auction(&mut changed);
                }
                Phase::ClosingAuction => {
                    if now < self.day.close_at {
                        break;
                    }
                    self.close(&mut closed_days, &mut changed);
                }
            }
        }
        self.cursor = now;
        let session = session_at(&self.mode, now);
        if session != self.session {
            self.session = session;
            for (index, (quote, model)) in self
                .quotes
                .iter_mut()
                .zip(self.models.iter_mut())
                .enumerate()
            {
                quote.session = session;
                mark(model, self.epoch, index, &mut changed);
            }
        }
        changed.sort_unstable();
        StepOutcome {
            changed,
            closed_days,
            session,
        }
    }

    /// Continues instrument `index`'s current day from a quote another simulator published
    /// (a new leader taking over from a failed one): the day's price, open, high, low,
    /// volume and trading value become `day`'s, and the hidden price moves to that price, so
    /// the next trades start from it. Limits and the previous close stay this simulator's;
    /// prices are clamped to the limits. An index out of range is ignored.
    pub fn adopt(&mut self, index: usize, day: &Continued) {
        let (Some(quote), Some(model)) = (self.quotes.get_mut(index), self.models.get_mut(index))
        else {
            return;
        };
        let clamp = |p: i64| p.clamp(quote.lower_limit, quote.upper_limit);
        quote.price = clamp(day.price);
        quote.open = if day.open > 0 { clamp(day.open) } else { 0 };
        quote.high = if day.open > 0 { clamp(day.high) } else { 0 };
        quote.low = if day.open > 0 { clamp(day.low) } else { 0 };
        quote.volume = day.volume.max(0);
        quote.trading_value = day.trading_value.max(0);
        quote.change = classify(
            quote.price,
            quote.previous_close,
            quote.upper_limit,
            quote.lower_limit,
        );
        model.latent = (quote.price.max(1) as f64).ln();
    }

    /// The quote of instrument `index`.
    ///
    /// # Panics
    ///
    /// If `index` is not below [`Simulator::len`].
    #[must_use]
    pub fn quote(&self, index: usize) -> &QuoteState {
        &self.quotes[index]
    }

    /// All quotes, in instrument order.
    #[must_use]
    pub fn quotes(&self) -> &[QuoteState] {
        &self.quotes
    }

    /// Number of instruments.
    #[must_use]
    pub fn len(&self) -> usize {
        self.quotes.len()
    }

    /// Whether there are no instruments.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.quotes.is_empty()
    }

    /// Session as of the last step (or the start).
    #[must_use]
    pub fn session(&self) -> Session {
        self.session
    }

    /// The simulated trading day the quotes belong to or are waiting for.
    #[must_use]
    pub fn trading_date(&self) -> NaiveDate {
        self.day.date
    }

    /// The date of the day after the current one: the next trading day in KRX mode; in
    /// continuous mode the date of session `ordinal` ([`trading_date_at`]), the same date
    /// again while the calendar has not moved on.
    fn date_of(&self, ordinal: u64) -> NaiveDate {
        match self.mode {
            Mode::Krx => next_trading_day(self.day.date),
            Mode::Continuous { day_length } => trading_date_at(
                &self.mode,
                self.start,
                continuous_day_start(day_length, self.start, ordinal),
            ),
        }
    }

    fn schedule(&self, ordinal: u64, date: NaiveDate) -> Day {
        match self.mode {
            Mode::Krx => Day {
                ordinal,
                date,
                roll_at: kst_instant(date, PRE_MARKET_START),
                open_at: kst_instant(date, REGULAR_START),
                auction_at: kst_instant(date, CLOSING_AUCTION_START),
                close_at: kst_instant(date, MARKET_CLOSE),
            },
            Mode::Continuous { day_length } => {
                let begin = continuous_day_start(day_length, self.start, ordinal);
                let end = continuous_day_start(day_length, self.start, ordinal.saturating_add(1));
                Day {
                    ordinal,
                    date,
                    roll_at: begin,
                    open_at: begin,
                    auction_at: end,
                    close_at: end,
                }
            }
        }
    }

    /// Skips whole days without trading when the simulated day is more than
    /// [`MAX_CATCH_UP_DAYS`] behind `now`. Only called before a day opens.
    fn fast_forward(&mut self, now: DateTime<FixedOffset>) {
        let target = match self.mode {
            Mode::Continuous { day_length } => {
                let latest = continuous_day_index(day_length, self.start, now);
                let behind = latest.saturating_sub(self.day.ordinal);
                if behind <= MAX_CATCH_UP_DAYS {
                    return;
                }
                let ordinal = self.day.ordinal + (behind - MAX_CATCH_UP_DAYS);
                (ordinal, self.date_of(ordinal))
            }
            Mode::Krx => {
                let today = kst_date(now);
                let latest = if is_trading_day(today) && now >= kst_instant(today, PRE_MARKET_START)
                {
                    today
                } else {
                    previous_trading_day(today)
                };
                let mut behind = 0_u64;
                let mut date = self.day.date;
                while date < latest && behind <= MAX_CATCH_UP_DAYS {
                    date = next_trading_day(date);
                    behind += 1;
                }
                if behind <= MAX_CATCH_UP_DAYS {
                    return;
                }
                let mut date = latest;
                for _ in 0..MAX_CATCH_UP_DAYS {
                    date = previous_trading_day(date);
                }
                (0, date)
            }
        };
        tracing::debug!(
            from = %self.day.date,
            to = %target.1,
            "market simulator skipped days without trading"
        );
        self.day = self.schedule(target.0, target.1);
        // Roll again so the quotes carry the new date.
        self.phase = Phase::Closed;
    }

    /// Starts the day: the last price becomes the previous close. A continuous-mode session
    /// that replays its date starts again from that date's previous close instead.
    fn roll(&mut self, changed: &mut Vec<usize>) {
        let Self {
            quotes,
            models,
            day,
            epoch,
            ..
        } = self;
        for (index, (quote, model)) in quotes.iter_mut().zip(models.iter_mut()).enumerate() {
            let replay = quote.trading_date == day.date;
            let previous_close = if replay {
                quote.previous_close
            } else {
                quote.price
            };
            if replay {
                model.latent = (previous_close.max(1) as f64).ln();
            }
            let (upper_limit, lower_limit) = model.grid.price_limits(previous_close);
            *quote = QuoteState {
                price: previous_close,
                previous_close,
                open: 0,
                high: 0,
                low: 0,
                volume: 0,
                trading_value: 0,
                upper_limit,
                lower_limit,
                change: PriceChange::Even,
                session: quote.session,
                traded_at: day.roll_at,
                vi: false,
                trading_date: day.date,
                day_serial: quote.day_serial.wrapping_add(1),
            };
            model.ln_lower = (lower_limit as f64).ln();
            model.ln_upper = (upper_limit as f64).ln();
            model.reference = previous_close;
            model.vi_until = 0.0;
            mark(model, *epoch, index, changed);
        }
        self.phase = Phase::Rolled;
    }

    /// The opening single price.
    fn open(&mut self, changed: &mut Vec<usize>) {
        let Self {
            quotes,
            models,
            day,
            rng,
            market_time,
            epoch,
            ..
        } = self;
        for (index, (quote, model)) in quotes.iter_mut().zip(models.iter_mut()).enumerate() {
            evolve(model, OVERNIGHT_SHARE, rng);
            let price = price_of(model, quote);
            let volume = draw_volume(model.value_per_day * OPENING_AUCTION_SHARE, price, rng);
            fill(quote, price, volume, day.open_at);
            quote.vi = false;
            model.reference = price;
            model.last_move = *market_time;
            model.last_trade = *market_time;
            mark(model, *epoch, index, changed);
        }
        // Trading runs from the open even if the simulator started later.
        self.cursor = self.day.open_at;
        self.phase = Phase::Continuous;
    }

    /// Continuous trading from the cursor to `until`.
    fn trade_until(&mut self, until: DateTime<FixedOffset>, changed: &mut Vec<usize>) {
        let elapsed = until
            .signed_duration_since(self.cursor)
            .to_std()
            .map_or(0.0, |elapsed| elapsed.as_secs_f64());
        self.cursor = self.cursor.max(until);
        if elapsed <= 0.0 {
            return;
        }
        let dt = elapsed / self.regular_seconds;
        self.market_time += dt;
        let Self {
            quotes,
            models,
            rng,
            market_time,
            epoch,
            ..
        } = self;
        let now = *market_time;
        for (index, (quote, model)) in quotes.iter_mut().zip(models.iter_mut()).enumerate() {
            if quote.vi {
                if now >= model.vi_until {
                    // The VI's single price, which becomes the new reference.
                    evolve(model, (now - model.last_move) * CONTINUOUS_SHARE, rng);
                    model.last_move = now;
                    let price = price_of(model, quote);
                    let volume =
                        draw_volume(model.value_per_day * (now - model.last_trade), price, rng);
                    model.last_trade = now;
                    fill(quote, price, volume, until);
                    quote.vi = false;
                    model.reference = price;
                    mark(model, *epoch, index, changed);
                }
                continue;
            }
            let probability = -(-model.rate * dt).exp_m1();
            if rng.uniform() >= probability {
                continue;
            }
            evolve(model, (now - model.last_move) * CONTINUOUS_SHARE, rng);
            model.last_move = now;
            let price = price_of(model, quote);
            if (price - model.reference).abs() * 100 >= VI_THRESHOLD_PERCENT * model.reference {
                quote.vi = true;
                model.vi_until = now + VI_DAYS;
                mark(model, *epoch, index, changed);
                continue;
            }
            let volume = draw_volume(model.value_per_day * (now - model.last_trade), price, rng);
            model.last_trade = now;
            fill(quote, price, volume, until);
            mark(model, *epoch, index, changed);
        }
    }

    /// 15:20: continuous trading stops; running VIs end.
    fn begin_closing_auction(&mut self, changed: &mut Vec<usize>) {
        let Self {
            quotes,
            models,
            epoch,
            ..
        } = self;
        for (index, (quote, model)) in quotes.iter_mut().zip(models.iter_mut()).enumerate() {
            if quote.vi {
                quote.vi = false;
                mark(model, *epoch, index, changed);
            }
        }
        self.phase = Phase::ClosingAuction;
    }

    /// The closing single price; emits a [`DayClose`] per instrument and
    /// moves on to the next trading day.
    fn close(&mut self, closed_days: &mut Vec<DayClose>, changed: &mut Vec<usize>) {
        closed_days.reserve(self.quotes.len());
        let Self {
            quotes,
            models,
            day,
            rng,
            market_time,
            epoch,
            ..
        } = self;
        let now = *market_time;
        for (index, (quote, model)) in quotes.iter_mut().zip(models.iter_mut()).enumerate() {
            evolve(
                model,
                (now - model.last_move) * CONTINUOUS_SHARE + CLOSING_AUCTION_SHARE_OF_VARIANCE,
                rng,
            );
            model.last_move = now;
            let price = price_of(model, quote);
            let volume = draw_volume(model.value_per_day * CLOSING_AUCTION_SHARE, price, rng);
            model.last_trade = now;
            fill(quote, price, volume, day.close_at);
            quote.vi = false;
            closed_days.push(DayClose {
                index,
                date: day.date,
                open: quote.open,
                high: quote.high,
                low: quote.low,
                close: quote.price,
                volume: quote.volume,
                trading_value: quote.trading_value,
            });
            mark(model, *epoch, index, changed);
        }
        let ordinal = self.day.ordinal.saturating_add(1);
        self.day = self.schedule(ordinal, self.date_of(ordinal));
        self.phase = Phase::Closed;
    }
}

// The wire forms of the simulator's enums (sise.market.v1).

impl From<PriceChange> for sise_proto::market::v1::PriceChange {
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
impl From<Session> for sise_proto::market::v1::Session {
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

#[cfg(test)]
mod tests;
