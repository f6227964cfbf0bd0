//! KOSPI, KOSDAQ and KOSPI 200 computed from the simulated quotes of their constituents.
//!
//! Members are the market's common stocks (KRX common-share codes end in 0) with their
//! listed shares; KOSPI 200 takes the 200 largest KOSPI members by market cap at start (the
//! real index is float-adjusted and sector-balanced; this is the simple cap ranking).
//! Levels are market-cap weighted against the previous close:
//!
//! `level = previous close level × Σ price × shares / Σ previous close × shares`
//!
//! [`CompositeFeed`] is a [`StepObserver`] of the quote feed: it sees every simulator step,
//! so each simulated close (including the days a catch-up step closes at once) gives the
//! index an exact close, `level × Σ close × shares / Σ previous close × shares`, and the
//! index rolls to a new day exactly when the quotes do. Minute bars follow the stocks'
//! market clock (09:00–15:20 KST of the trading date, the close at 15:30; a continuous-mode
//! day is stretched over it).

use std::sync::Mutex;
use std::time::Duration;

use chrono::{DateTime, FixedOffset, NaiveDate};

use super::catalog::{Catalog, Composite, KOSPI200_SIZE, Series};
use super::history::{Bar, Source};
use super::value::{LiveValue, MinuteBar};
use super::walk::round_to;
use crate::dataset::ListedStock;
use crate::domain::Market;
use crate::feed::StepObserver;
use crate::simulator::clock::{
    MARKET_CLOSE, REGULAR_SECONDS, REGULAR_START, continuous_day_index, continuous_day_start,
    kst_instant,
};
use crate::simulator::{DayClose, Mode, QuoteState, Session, Simulator, StepOutcome};

/// Members of a composite index: (instrument position, shares).
pub fn members(which: Composite, securities: &[ListedStock]) -> Vec<(usize, f64)> {
    let common = |s: &ListedStock, market: Market| {
        s.market == market && s.shares_outstanding > 0 && s.security_id.code().ends_with('0')
    };
    let mut members: Vec<(usize, f64)> = securities
        .iter()
        .enumerate()
        .filter(|(_, s)| match which {
            Composite::Kosdaq => common(s, Market::Kosdaq),
            Composite::Kospi | Composite::Kospi200 => common(s, Market::Kospi),
        })
        .map(|(i, s)| (i, s.shares_outstanding as f64))
        .collect();
    if which == Composite::Kospi200 {
        let cap = |&(i, shares): &(usize, f64)| securities[i].last_close as f64 * shares;
        members.sort_by(|a, b| cap(b).total_cmp(&cap(a)).then(a.0.cmp(&b.0)));
        members.truncate(KOSPI200_SIZE);
        members.sort_by_key(|m| m.0);
    }
    members
}

/// `previous_level × sum / base`, rounded to index points (2 decimals).
pub fn weighted_level(previous_level: f64, sum: f64, base: f64) -> f64 {
    if base > 0.0 && sum > 0.0 {
        round_to(previous_level * sum / base, 2)
    } else {
        previous_level
    }
}

/// Weighted sums over the members of one index.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sums {
    pub price: f64,
    pub previous: f64,
    /// Open, the previous close standing in for members not yet open.
    pub open: f64,
    pub opened: bool,
    pub volume: i64,
    pub trading_value: f64,
    pub latest: Option<DateTime<FixedOffset>>,
}

impl Sums {
    pub fn of_quotes(members: &[(usize, f64)], quotes: &[QuoteState]) -> Self {
        let mut sums = Self::default();
        for &(i, shares) in members {
            let Some(q) = quotes.get(i) else {
                continue;
            };
            sums.price += q.price as f64 * shares;
            sums.previous += q.previous_close as f64 * shares;
            let opened = q.open > 0;
            sums.open += if opened { q.open } else { q.previous_close } as f64 * shares;
            sums.opened |= opened;
            sums.volume = sums.volume.saturating_add(q.volume);
            sums.trading_value += q.trading_value as f64;
            sums.latest = Some(sums.latest.map_or(q.traded_at, |t| t.max(q.traded_at)));
        }
        sums
    }
}

#[derive(Clone, Debug)]
struct State {
    position: usize,
    members: Vec<(usize, f64)>,
    /// Trading date of the quotes shown, and the simulator's serial of their day (a
    /// continuous-mode replay of the same date has a new one).
    date: NaiveDate,
    serial: u64,
    /// Index close of the day before `date`, and Σ previous close × shares for `date`.
    previous_close: f64,
    base: f64,
    /// Level and base the next close is measured from (moves on at each close).
    chain_level: f64,
    chain_base: f64,
    open: Option<f64>,
    high: f64,
    low: f64,
    last: f64,
    volume: i64,
    trading_value: f64,
    traded_at: DateTime<FixedOffset>,
    closed: bool,
    minutes: Vec<MinuteBar>,
    /// Cumulative volume already counted in `minutes`.
    seen_volume: i64,
}

impl State {
    fn value(&self, session: Session) -> LiveValue {
        let opened = self.open.is_some();
        LiveValue {
            date: self.date,
            price: self.last,
            previous_close: self.previous_close,
            open: self.open.unwrap_or(0.0),
            high: if opened { self.high } else { 0.0 },
            low: if opened { self.low } else { 0.0 },
            volume: self.volume,
            trading_value: self.trading_value,
            traded_at: self.traded_at,
            session,
        }
    }

    /// Record `level` in the minute at `time_ms`, with the growth of the day's cumulative
    /// `volume` since the last call as the minute's volume.
    fn add_minute(&mut self, time_ms: i64, level: f64, volume: i64) {
        let traded = volume.saturating_sub(self.seen_volume).max(0);
        self.seen_volume = self.seen_volume.max(volume);
        match self.minutes.last_mut() {
            Some(m) if m.time_ms == time_ms => {
                m.high = m.high.max(level);
                m.low = m.low.min(level);
                m.close = level;
                m.volume = m.volume.saturating_add(traded);
            }
            _ => self.minutes.push(MinuteBar {
                time_ms,
                open: level,
                high: level,
                low: level,
                close: level,
                volume: traded,
            }),
        }
    }
}

#[derive(Debug)]
struct Book {
    states: Vec<State>,
    session: Session,
    /// Closed days not yet taken by the engine: (catalogue position, day).
    finished: Vec<(usize, Bar)>,
}

/// The composite indexes, fed by the quote feed (see the module documentation).
#[derive(Debug)]
pub struct CompositeFeed {
    mode: Mode,
    /// The simulator's start (continuous days are counted from it); a takeover replaces it.
    start: Mutex<DateTime<FixedOffset>>,
    book: Mutex<Book>,
}

impl CompositeFeed {
    /// Indexes of `catalog` over `securities` (in the simulator's order), starting from
    /// the simulator's initial quotes; `previous_closes[k]` is the stored close of the
    /// `k`-th composite (catalogue order) before the quotes' trading date.
    pub fn new(
        catalog: &Catalog,
        securities: &[ListedStock],
        quotes: &[QuoteState],
        session: Session,
        previous_closes: &[f64],
        mode: Mode,
        start: DateTime<FixedOffset>,
    ) -> Self {
        let (date, serial) = quotes
            .first()
            .map_or((start.date_naive(), 0), |q| (q.trading_date, q.day_serial));
        let mut states = Vec::new();
        for (position, entry) in catalog.entries.iter().enumerate() {
            let Series::Composite(which) = entry.series else {
                continue;
            };
            let members = members(which, securities);
            let sums = Sums::of_quotes(&members, quotes);
            let previous_close = previous_closes
                .get(states.len())
                .copied()
                .unwrap_or(1_000.0);
            states.push(State {
                position,
                members,
                date,
                serial,
                previous_close,
                base: sums.previous,
                chain_level: previous_close,
                chain_base: sums.previous,
                open: None,
                high: 0.0,
                low: 0.0,
                last: previous_close,
                volume: 0,
                trading_value: 0.0,
                traded_at: sums.latest.unwrap_or(start),
                closed: false,
                minutes: Vec::new(),
                seen_volume: 0,
            });
        }
        let feed = Self {
            mode,
            start: Mutex::new(start),
            book: Mutex::new(Book {
                states,
                session,
                finished: Vec::new(),
            }),
        };
        feed.apply(quotes, &[], session);
        feed
    }

    /// The live value of the composite at catalogue `position`.
    pub fn value(&self, position: usize) -> Option<LiveValue> {
        let book = self.book.lock().ok()?;
        let session = book.session;
        book.states
            .iter()
            .find(|s| s.position == position)
            .map(|s| s.value(session))
    }

    pub fn minutes(&self, position: usize) -> Vec<MinuteBar> {
        self.book
            .lock()
            .ok()
            .and_then(|b| {
                b.states
                    .iter()
                    .find(|s| s.position == position)
                    .map(|s| s.minutes.clone())
            })
            .unwrap_or_default()
    }

    /// Continue from `fresh` (built over a resumed simulator by a new leader): its indexes,
    /// session and start replace these; closed days not yet taken are kept.
    pub fn replace_with(&self, fresh: CompositeFeed) {
        let (Ok(mut book), Ok(fresh_book), Ok(mut start)) =
            (self.book.lock(), fresh.book.into_inner(), self.start.lock())
        else {
            return;
        };
        let finished = std::mem::take(&mut book.finished);
        *book = fresh_book;
        book.finished.splice(0..0, finished);
        if let Ok(fresh_start) = fresh.start.into_inner() {
            *start = fresh_start;
        }
    }

    /// The trading date the quotes belong to.
    pub fn trading_date(&self) -> Option<NaiveDate> {
        let book = self.book.lock().ok()?;
        book.states.first().map(|s| s.date)
    }

    /// Closed days since the last call.
    pub fn take_finished(&self) -> Vec<(usize, Bar)> {
        self.book
            .lock()
            .map(|mut b| std::mem::take(&mut b.finished))
            .unwrap_or_default()
    }

    /// Minute (after 09:00 KST of `date`) of an instant on the market clock.
    fn minute_of(&self, at: DateTime<FixedOffset>, date: NaiveDate) -> u32 {
        let regular_minutes = REGULAR_SECONDS / 60;
        match self.mode {
            Mode::Continuous { day_length } => {
                let start = self.start.lock().map_or(at, |s| *s);
                let k = continuous_day_index(day_length, start, at);
                let begin = continuous_day_start(day_length, start, k);
                let length = day_length.max(Duration::from_secs(1)).as_secs_f64();
                let elapsed = at.signed_duration_since(begin).num_milliseconds() as f64 / 1_000.0;
                ((elapsed / length * f64::from(regular_minutes))
                    .floor()
                    .max(0.0) as u32)
                    .min(regular_minutes - 1)
            }
            Mode::Krx => {
                let seconds = at
                    .signed_duration_since(kst_instant(date, REGULAR_START))
                    .num_seconds()
                    .clamp(0, i64::from(REGULAR_SECONDS) - 1);
                u32::try_from(seconds / 60).unwrap_or(0)
            }
        }
    }

    /// Apply one simulator step: its closed days, then the current quotes.
    pub fn apply(&self, quotes: &[QuoteState], closed_days: &[DayClose], session: Session) {
        let Ok(mut book) = self.book.lock() else {
            return;
        };
        let book = &mut *book;
        book.session = session;
        // Closed days arrive in date order, then instrument order.
        let mut by_index: Vec<Option<&DayClose>> = Vec::new();
        for group in closed_days.chunk_by(|a, b| a.date == b.date) {
            let Some(date) = group.first().map(|d| d.date) else {
                continue;
            };
            by_index.clear();
            by_index.resize(quotes.len().max(group.len()), None);
            for day in group {
                if let Some(slot) = by_index.get_mut(day.index) {
                    *slot = Some(day);
                }
            }
            for state in &mut book.states {
                let mut sums = [0.0_f64; 4];
                let (mut volume, mut value) = (0_i64, 0.0);
                for &(i, shares) in &state.members {
                    if let Some(Some(day)) = by_index.get(i) {
                        for (sum, price) in sums
                            .iter_mut()
                            .zip([day.open, day.high, day.low, day.close])
                        {
                            *sum += price as f64 * shares;
                        }
                        volume = volume.saturating_add(day.volume);
                        value += day.trading_value as f64;
                    }
                }
                let [o, h, l, c] =
                    sums.map(|s| weighted_level(state.chain_level, s, state.chain_base));
                let live = date == state.date && !state.closed;
                let bar = match state.open.filter(|_| live) {
                    Some(open) => Bar {
                        date,
                        open,
                        high: state.high.max(c),
                        low: state.low.min(c),
                        close: c,
                        volume,
                        trading_value: value,
                        source: Source::Simulated,
                    },
                    None => Bar {
                        date,
                        open: o,
                        high: h.max(o).max(c),
                        low: l.min(o).min(c),
                        close: c,
                        volume,
                        trading_value: value,
                        source: Source::Simulated,
                    },
                };
                if live {
                    state.last = c;
                    state.open.get_or_insert(bar.open);
                    state.high = bar.high;
                    state.low = bar.low;
                    state.volume = volume;
                    state.trading_value = value;
                    state.closed = true;
                    let close_ms = kst_instant(date, MARKET_CLOSE).timestamp_millis();
                    state.add_minute(close_ms, c, volume);
                }
                book.finished.push((state.position, bar));
                state.chain_level = c;
                state.chain_base = sums[3];
            }
        }
        let Some((date, serial)) = quotes.first().map(|q| (q.trading_date, q.day_serial)) else {
            return;
        };
        for state in &mut book.states {
            let sums = Sums::of_quotes(&state.members, quotes);
            if date != state.date || serial != state.serial {
                if date == state.date {
                    // A replay of the same date: measured from that date's previous close again.
                    state.chain_level = state.previous_close;
                } else {
                    // The quotes rolled: a new day measured from the last close.
                    state.previous_close = state.chain_level;
                }
                state.date = date;
                state.serial = serial;
                state.base = sums.previous;
                state.chain_base = sums.previous;
                state.open = None;
                state.high = 0.0;
                state.low = 0.0;
                state.volume = 0;
                state.trading_value = 0.0;
                state.closed = false;
                state.minutes.clear();
                state.seen_volume = 0;
            }
            if state.closed {
                continue;
            }
            let level = weighted_level(state.previous_close, sums.price, state.base);
            state.last = level;
            if let Some(latest) = sums.latest {
                state.traded_at = latest;
            }
            if !sums.opened {
                continue;
            }
            let open = *state
                .open
                .get_or_insert_with(|| weighted_level(state.previous_close, sums.open, state.base));
            state.high = state.high.max(level).max(open);
            state.low = if state.low > 0.0 { state.low } else { open }
                .min(level)
                .min(open);
            state.volume = sums.volume;
            state.trading_value = sums.trading_value;
            let minute = self.minute_of(state.traded_at, date);
            let time_ms = kst_instant(date, REGULAR_START + minute * 60).timestamp_millis();
            state.add_minute(time_ms, level, sums.volume);
        }
    }
}

impl StepObserver for CompositeFeed {
    fn observe(&self, simulator: &Simulator, outcome: &StepOutcome) {
        self.apply(simulator.quotes(), &outcome.closed_days, outcome.session);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::catalog::Catalog;
    use crate::domain::SecurityId;
    use crate::simulator::{KST, PriceChange};
    use chrono::TimeZone;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    fn stock(code: &str, market: Market, shares: i64, close: i64) -> ListedStock {
        ListedStock {
            security_id: SecurityId::from_code(code).expect("code"),
            name: code.into(),
            name_en: None,
            market,
            shares_outstanding: shares,
            last_close: close,
            last_close_date: date(2026, 6, 15),
            kind: crate::dataset::SecurityKind::Stock,
        }
    }

    fn quote(previous: i64, price: i64, open: i64, day: NaiveDate) -> QuoteState {
        QuoteState {
            price,
            previous_close: previous,
            open,
            high: price.max(open),
            low: if open > 0 { price.min(open) } else { 0 },
            volume: if open > 0 { 100 } else { 0 },
            trading_value: if open > 0 { 100 * price } else { 0 },
            upper_limit: previous * 13 / 10,
            lower_limit: previous * 7 / 10,
            change: PriceChange::Even,
            session: Session::Regular,
            traded_at: KST
                .with_ymd_and_hms(2026, 6, 16, 10, 0, 0)
                .single()
                .expect("time"),
            vi: false,
            trading_date: day,
            day_serial: 0,
        }
    }

    fn catalog() -> Catalog {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
        Catalog::new(crate::assets::catalog::load_currencies(&dir).expect("board"))
            .expect("catalog")
    }

    #[test]
    fn members_are_common_shares_and_kospi200_is_the_largest() {
        let mut securities = vec![
            stock("005930", Market::Kospi, 100, 50_000),
            stock("005935", Market::Kospi, 100, 40_000), // preferred share
            stock("035720", Market::Kosdaq, 10, 30_000),
        ];
        for i in 0..210 {
            securities.push(stock(&format!("9{i:04}0"), Market::Kospi, 1 + i, 1_000));
        }
        assert_eq!(members(Composite::Kosdaq, &securities), vec![(2, 10.0)]);
        let kospi = members(Composite::Kospi, &securities);
        assert_eq!(kospi.len(), 211);
        assert!(!kospi.iter().any(|&(i, _)| i == 1));
        let top = members(Composite::Kospi200, &securities);
        assert_eq!(top.len(), 200);
        assert!(top.contains(&(0, 100.0)), "the largest is in");
        // The smallest eleven (shares 1..=10 at 1,000 won, and 11) are out.
        assert!(!top.iter().any(|&(i, _)| i == 3));
    }

    /// Hand-computed: two KOSPI members, A (100 shares, 10,000 → 11,000 won) and B
    /// (50 shares, 20,000 → 19,000 won), previous KOSPI close 2,500.00.
    /// Σ previous × shares = 1,000,000 + 1,000,000 = 2,000,000;
    /// Σ price × shares = 1,100,000 + 950,000 = 2,050,000;
    /// level = 2,500 × 2,050,000 / 2,000,000 = 2,562.50.
    /// The close at A 10,500 / B 19,600: Σ = 1,050,000 + 980,000 = 2,030,000 → 2,537.50.
    #[test]
    fn computes_a_hand_checked_level_and_close() {
        let catalog = catalog();
        let securities = vec![
            stock("000010", Market::Kospi, 100, 10_000),
            stock("000020", Market::Kospi, 50, 20_000),
            stock("100010", Market::Kosdaq, 10, 5_000),
        ];
        let day = date(2026, 6, 16);
        let start = KST
            .with_ymd_and_hms(2026, 6, 16, 8, 0, 0)
            .single()
            .expect("time");
        let initial = vec![
            quote(10_000, 10_000, 0, day),
            quote(20_000, 20_000, 0, day),
            quote(5_000, 5_000, 0, day),
        ];
        let feed = CompositeFeed::new(
            &catalog,
            &securities,
            &initial,
            Session::PreMarket,
            &[2_500.0, 900.0, 337.5],
            Mode::Krx,
            start,
        );
        let kospi = catalog.composite(Composite::Kospi).expect("kospi");
        let before = feed.value(kospi).expect("value");
        assert_eq!(
            (before.price, before.open, before.previous_close),
            (2_500.0, 0.0, 2_500.0)
        );

        let trading = vec![
            quote(10_000, 11_000, 10_000, day),
            quote(20_000, 19_000, 20_000, day),
            quote(5_000, 5_500, 5_000, day),
        ];
        feed.apply(&trading, &[], Session::Regular);
        let value = feed.value(kospi).expect("value");
        assert_eq!(value.price, 2_562.5);
        assert_eq!(value.open, 2_500.0);
        assert_eq!((value.high, value.low), (2_562.5, 2_500.0));
        assert_eq!(value.session, Session::Regular);
        assert_eq!(value.volume, 200);
        let kosdaq = catalog.composite(Composite::Kosdaq).expect("kosdaq");
        assert_eq!(feed.value(kosdaq).map(|v| v.price), Some(990.0));

        // The close: A 10,500, B 19,600, C 5,000.
        let close = |index: usize, price: i64| DayClose {
            index,
            date: day,
            open: [10_000, 20_000, 5_000][index],
            high: price.max([10_000, 20_000, 5_000][index]),
            low: price.min([10_000, 20_000, 5_000][index]),
            close: price,
            volume: 150,
            trading_value: 150 * price,
        };
        let closes = vec![close(0, 10_500), close(1, 19_600), close(2, 5_000)];
        let mut closing = trading.clone();
        closing[0].price = 10_500;
        closing[1].price = 19_600;
        closing[2].price = 5_000;
        feed.apply(&closing, &closes, Session::Closed);
        let finished = feed.take_finished();
        let (_, bar) = finished
            .iter()
            .find(|(p, _)| *p == kospi)
            .expect("kospi closed");
        assert_eq!(bar.date, day);
        assert_eq!((bar.open, bar.close), (2_500.0, 2_537.5));
        assert_eq!((bar.high, bar.low), (2_562.5, 2_500.0));
        assert_eq!(bar.volume, 300);
        assert!(feed.take_finished().is_empty(), "taken once");
        // Minute volumes are the growth of the day's volume; the close is the 15:30 bar.
        let minutes = feed.minutes(kospi);
        let volumes: Vec<i64> = minutes.iter().map(|m| m.volume).collect();
        assert_eq!(volumes, vec![200, 100]);
        assert_eq!(
            minutes.last().map(|m| (m.time_ms, m.close)),
            Some((kst_instant(day, MARKET_CLOSE).timestamp_millis(), 2_537.5))
        );

        // The next morning the quotes roll; the index is measured from 2,537.50.
        let next = date(2026, 6, 17);
        let rolled = vec![
            quote(10_500, 10_500, 0, next),
            quote(19_600, 19_600, 0, next),
            quote(5_000, 5_000, 0, next),
        ];
        feed.apply(&rolled, &[], Session::PreMarket);
        let value = feed.value(kospi).expect("value");
        assert_eq!(
            (value.date, value.previous_close, value.price),
            (next, 2_537.5, 2_537.5)
        );
        assert_eq!(value.open, 0.0);
        assert_eq!(feed.trading_date(), Some(next));
    }

    #[test]
    fn days_closed_in_one_step_chain_their_closes() {
        let catalog = catalog();
        let securities = vec![stock("000010", Market::Kospi, 100, 10_000)];
        let day = date(2026, 6, 16);
        let start = KST
            .with_ymd_and_hms(2026, 6, 16, 8, 0, 0)
            .single()
            .expect("time");
        let feed = CompositeFeed::new(
            &catalog,
            &securities,
            &[quote(10_000, 10_000, 0, day)],
            Session::Closed,
            &[2_000.0, 1_000.0, 270.0],
            Mode::Krx,
            start,
        );
        let close = |d: NaiveDate, price: i64| DayClose {
            index: 0,
            date: d,
            open: price,
            high: price,
            low: price,
            close: price,
            volume: 1,
            trading_value: price,
        };
        let next = date(2026, 6, 17);
        let after = date(2026, 6, 18);
        feed.apply(
            &[quote(11_000, 11_000, 0, after)],
            &[close(day, 10_500), close(next, 11_000)],
            Session::PreMarket,
        );
        let kospi = catalog.composite(Composite::Kospi).expect("kospi");
        let closes: Vec<(NaiveDate, f64)> = feed
            .take_finished()
            .into_iter()
            .filter(|(p, _)| *p == kospi)
            .map(|(_, b)| (b.date, b.close))
            .collect();
        assert_eq!(closes, vec![(day, 2_100.0), (next, 2_200.0)]);
        let value = feed.value(kospi).expect("value");
        assert_eq!((value.date, value.previous_close), (after, 2_200.0));
    }
}
