//! Today's live day candle and minute bars of every stock, in memory, updated from the
//! feed's step outcomes (only the instruments that changed in the step).
//!
//! Minute bars run on the simulated **market** clock of the trading day, so a chart always
//! spans 09:00–15:30 KST of the trading date whatever the simulator's speed:
//! - KRX mode: the wall-clock minute of the trade (09:00–15:19), the closing single price
//!   at 15:30;
//! - continuous mode: a day of `day_length` real seconds is stretched over the 380 minutes
//!   of the regular session (09:00–15:19), the closing single price at 15:30.
//!
//! A bar's volume is the growth of the day's cumulative volume since the previous step; the
//! closing auction's volume comes from the [`DayClose`]. The bars are reset when a quote of
//! a new simulated day appears (its `day_serial`; KRX: 08:00 of the next trading day;
//! continuous: at the roll right after the close, also when the session replays the same
//! date). Bars are not persisted: after a restart the current day's bars start again (KRX
//! mode catches up the day in one coarse step).

use std::collections::HashMap;
use std::sync::RwLock;
use std::time::Duration;

use chrono::{DateTime, FixedOffset, NaiveDate};

use super::candle::Candle;
use crate::simulator::clock::{
    REGULAR_SECONDS, REGULAR_START, continuous_day_index, continuous_day_start, kst_instant,
};
use crate::simulator::{DayClose, Mode, Simulator, StepOutcome};

/// Minute index (after 09:00) of the closing single price, 15:30.
pub const CLOSE_MINUTE: u16 = 390;
/// Minutes of the regular session, 09:00–15:20.
const REGULAR_MINUTES: u16 = (REGULAR_SECONDS / 60) as u16;

/// One market minute of one stock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MinuteBar {
    /// Minutes after 09:00 KST of the trading date (0..=390).
    pub minute: u16,
    pub open: i64,
    pub high: i64,
    pub low: i64,
    pub close: i64,
    pub volume: i64,
}

impl MinuteBar {
    /// Epoch milliseconds of the start of the bar's minute on `date`.
    pub fn time_ms(&self, date: NaiveDate) -> i64 {
        kst_instant(date, REGULAR_START + u32::from(self.minute) * 60).timestamp_millis()
    }
}

#[derive(Clone, Debug, Default)]
struct Intraday {
    /// Trading date of `bars` and `live`, and the simulator's serial of that day.
    date: Option<NaiveDate>,
    serial: Option<u64>,
    /// The serial of the newest closed day: its final quote is already counted.
    closed_serial: Option<u64>,
    /// Continuous mode: the real instant the day began.
    day_start: Option<DateTime<FixedOffset>>,
    bars: Vec<MinuteBar>,
    /// Cumulative volume already counted in `bars`.
    seen_volume: i64,
    /// The day's high and low already counted in `bars` (0 before the first trade).
    seen_high: i64,
    seen_low: i64,
    /// Today's candle once the stock has traded, until the day closes.
    live: Option<Candle>,
    /// The newest closed day (kept until the next close, so a read never misses a day that
    /// is on its way to the database).
    last_closed: Option<Candle>,
}

/// Live candles and minute bars of every instrument, in the simulator's order.
pub struct IntradayBook {
    mode: Mode,
    start: DateTime<FixedOffset>,
    ids: Vec<String>,
    index: HashMap<String, usize>,
    state: RwLock<Vec<Intraday>>,
}

impl IntradayBook {
    /// `ids` in the simulator's instrument order; `mode` and `start` as given to it.
    pub fn new(ids: Vec<String>, mode: Mode, start: DateTime<FixedOffset>) -> Self {
        let index = ids
            .iter()
            .enumerate()
            .map(|(i, id)| (id.clone(), i))
            .collect();
        let state = RwLock::new(vec![Intraday::default(); ids.len()]);
        Self {
            mode,
            start,
            ids,
            index,
            state,
        }
    }

    /// Apply one step; returns the closed days as candles to store.
    pub fn apply(&self, simulator: &Simulator, outcome: &StepOutcome) -> Vec<(String, Candle)> {
        let Ok(mut state) = self.state.write() else {
            return Vec::new();
        };
        let mut closed = Vec::with_capacity(outcome.closed_days.len());
        for day in &outcome.closed_days {
            let (Some(entry), Some(id)) = (state.get_mut(day.index), self.ids.get(day.index))
            else {
                continue;
            };
            let candle = closed_candle(day);
            if entry.date == Some(day.date) {
                let delta = day.volume - entry.seen_volume;
                let trade = Trade::at(day.close, delta.max(0));
                add_trade(&mut entry.bars, CLOSE_MINUTE, trade);
                entry.seen_volume = day.volume;
                entry.closed_serial = entry.serial;
            }
            entry.live = None;
            entry.last_closed = Some(candle);
            closed.push((id.clone(), candle));
        }
        for &index in &outcome.changed {
            let (Some(entry), Some(quote)) = (state.get_mut(index), simulator.quotes().get(index))
            else {
                continue;
            };
            if entry.date != Some(quote.trading_date) || entry.serial != Some(quote.day_serial) {
                entry.date = Some(quote.trading_date);
                entry.serial = Some(quote.day_serial);
                entry.day_start = self.day_start(quote.traded_at);
                entry.bars.clear();
                entry.seen_volume = 0;
                entry.seen_high = 0;
                entry.seen_low = 0;
                entry.live = None;
            }
            if quote.open <= 0 || quote.volume <= entry.seen_volume {
                continue;
            }
            if entry.closed_serial == Some(quote.day_serial)
                || entry
                    .last_closed
                    .is_some_and(|c| c.date > quote.trading_date)
            {
                // The closed day's final quote: already counted by the close.
                continue;
            }
            let minute = self.minute(quote.traded_at, quote.trading_date, entry.day_start);
            // Everything since the last step happened in this step: a new day high or low
            // (or the opening price, for the day's first bar) belongs to this bar.
            let first = entry.bars.is_empty();
            let trade = Trade {
                open: if first { quote.open } else { quote.price },
                high: if first || quote.high > entry.seen_high {
                    quote.high
                } else {
                    quote.price
                },
                low: if first || quote.low < entry.seen_low {
                    quote.low
                } else {
                    quote.price
                },
                close: quote.price,
                volume: quote.volume - entry.seen_volume,
            };
            add_trade(&mut entry.bars, minute, trade);
            entry.seen_high = quote.high;
            entry.seen_low = quote.low;
            entry.seen_volume = quote.volume;
            entry.live = Some(Candle {
                date: quote.trading_date,
                open: quote.open,
                high: quote.high,
                low: quote.low,
                close: quote.price,
                volume: quote.volume,
                trading_value: quote.trading_value,
            });
        }
        closed
    }

    pub fn contains(&self, security_id: &str) -> bool {
        self.index.contains_key(security_id)
    }

    /// The day's minute bars of `security_id`, oldest first, with their trading date.
    pub fn minute_bars(&self, security_id: &str) -> Option<(Option<NaiveDate>, Vec<MinuteBar>)> {
        let i = *self.index.get(security_id)?;
        let state = self.state.read().ok()?;
        let entry = state.get(i)?;
        Some((entry.date, entry.bars.clone()))
    }

    /// The day's minute bars of `security_id` with the real instant (epoch ms) each bar's
    /// market minute stands for: the minute itself in KRX mode; in continuous mode the point
    /// of the session's real span the minute was traded in (the closing price at its end).
    pub fn minute_bars_at(&self, security_id: &str) -> Option<(NaiveDate, Vec<(MinuteBar, i64)>)> {
        let i = *self.index.get(security_id)?;
        let state = self.state.read().ok()?;
        let entry = state.get(i)?;
        let date = entry.date?;
        let bars = entry
            .bars
            .iter()
            .map(|bar| (*bar, self.real_ms(date, entry.day_start, bar.minute)))
            .collect();
        Some((date, bars))
    }

    fn real_ms(
        &self,
        date: NaiveDate,
        day_start: Option<DateTime<FixedOffset>>,
        minute: u16,
    ) -> i64 {
        match (self.mode, day_start) {
            (Mode::Continuous { day_length }, Some(begin)) => {
                let length = day_length.max(crate::simulator::clock::MIN_DAY_LENGTH);
                let share = f64::from(minute.min(REGULAR_MINUTES)) / f64::from(REGULAR_MINUTES);
                begin.timestamp_millis() + (length.as_secs_f64() * share * 1000.0) as i64
            }
            _ => kst_instant(date, REGULAR_START + u32::from(minute) * 60).timestamp_millis(),
        }
    }

    /// Candles not (yet) in the database, newest first: today's live candle once traded,
    /// then the last closed day.
    pub fn recent(&self, security_id: &str) -> Vec<Candle> {
        let Some(&i) = self.index.get(security_id) else {
            return Vec::new();
        };
        let Ok(state) = self.state.read() else {
            return Vec::new();
        };
        let Some(entry) = state.get(i) else {
            return Vec::new();
        };
        let mut candles = Vec::with_capacity(2);
        candles.extend(entry.live);
        // A closed session of the date being replayed is superseded by the live one.
        candles.extend(
            entry
                .last_closed
                .filter(|closed| entry.live.is_none_or(|live| closed.date < live.date)),
        );
        candles
    }

    fn day_start(&self, at: DateTime<FixedOffset>) -> Option<DateTime<FixedOffset>> {
        match self.mode {
            Mode::Krx => None,
            Mode::Continuous { day_length } => {
                let index = continuous_day_index(day_length, self.start, at);
                Some(continuous_day_start(day_length, self.start, index))
            }
        }
    }

    /// The market minute (after 09:00) of a trade at `at` on `date`, within the regular
    /// session.
    fn minute(
        &self,
        at: DateTime<FixedOffset>,
        date: NaiveDate,
        day_start: Option<DateTime<FixedOffset>>,
    ) -> u16 {
        match (self.mode, day_start) {
            (Mode::Continuous { day_length }, Some(begin)) => {
                continuous_minute(day_length, begin, at)
            }
            _ => {
                let seconds = at
                    .signed_duration_since(kst_instant(date, REGULAR_START))
                    .num_seconds();
                // Trades stamped at 15:20 (the end of the continuous session) stay in the
                // session's last minute; only the closing price is at 15:30.
                let last = i64::from(REGULAR_MINUTES) - 1;
                u16::try_from((seconds / 60).clamp(0, last)).unwrap_or(0)
            }
        }
    }
}

/// Minute of the regular session for a trade `at` in a continuous-mode day that began at
/// `begin`: the day's share elapsed, stretched over 380 minutes.
fn continuous_minute(
    day_length: Duration,
    begin: DateTime<FixedOffset>,
    at: DateTime<FixedOffset>,
) -> u16 {
    let length = day_length
        .max(crate::simulator::clock::MIN_DAY_LENGTH)
        .as_secs_f64();
    let elapsed = at
        .signed_duration_since(begin)
        .to_std()
        .map_or(0.0, |elapsed| elapsed.as_secs_f64());
    let minute = (elapsed / length * f64::from(REGULAR_MINUTES)).floor();
    (minute as u16).min(REGULAR_MINUTES - 1)
}

fn closed_candle(day: &DayClose) -> Candle {
    Candle {
        date: day.date,
        open: day.open,
        high: day.high,
        low: day.low,
        close: day.close,
        volume: day.volume,
        trading_value: day.trading_value,
    }
}

/// What happened to a stock's price since the previous step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Trade {
    open: i64,
    high: i64,
    low: i64,
    close: i64,
    volume: i64,
}

impl Trade {
    fn at(price: i64, volume: i64) -> Self {
        Self {
            open: price,
            high: price,
            low: price,
            close: price,
            volume,
        }
    }
}

/// Add `trade` to the bar of `minute` (bars stay sorted by minute).
fn add_trade(bars: &mut Vec<MinuteBar>, minute: u16, trade: Trade) {
    match bars.last_mut() {
        // The same minute, or (with a clock that never goes back, impossible) an earlier
        // one: the last bar takes it rather than breaking the order.
        Some(bar) if bar.minute >= minute => {
            bar.high = bar.high.max(trade.high);
            bar.low = bar.low.min(trade.low);
            bar.close = trade.close;
            bar.volume += trade.volume;
        }
        _ => bars.push(MinuteBar {
            minute,
            open: trade.open,
            high: trade.high,
            low: trade.low,
            close: trade.close,
            volume: trade.volume,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::simulator::{Instrument, SimulatorConfig, TickGrid};
    use chrono::TimeDelta;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    fn instruments() -> Vec<Instrument> {
        (0..3)
            .map(|i| Instrument {
                security_id: format!("KOREA-A00000{i}"),
                previous_close: 10_000 * (i + 1),
                liquidity: 1.0 - 0.4 * i as f64,
                volatility: 0.02,
                jumps: true,
                grid: TickGrid::Stock,
            })
            .collect()
    }

    #[test]
    fn continuous_minutes_span_the_session() {
        let begin = kst_instant(date(2026, 6, 16), 0);
        let day = Duration::from_secs(600);
        assert_eq!(continuous_minute(day, begin, begin), 0);
        assert_eq!(
            continuous_minute(day, begin, begin + TimeDelta::seconds(300)),
            190
        );
        assert_eq!(
            continuous_minute(day, begin, begin + TimeDelta::seconds(600)),
            379
        );
        let bar = MinuteBar {
            minute: CLOSE_MINUTE,
            open: 1,
            high: 1,
            low: 1,
            close: 1,
            volume: 1,
        };
        assert_eq!(
            bar.time_ms(date(2026, 6, 16)),
            kst_instant(date(2026, 6, 16), 15 * 3600 + 30 * 60).timestamp_millis()
        );
    }

    /// Drive a continuous-mode simulator through two sessions of one date and check the
    /// bars add up to the day's volume and prices, and reset with the replay.
    #[test]
    fn bars_follow_the_simulated_day() {
        let start = kst_instant(date(2026, 6, 16), 3600);
        let day_length = Duration::from_secs(60);
        let mode = Mode::Continuous { day_length };
        let mut simulator = Simulator::new(
            SimulatorConfig {
                seed: 7,
                mode,
                start,
                last_close_date: date(2026, 6, 15),
            },
            instruments(),
        );
        let ids: Vec<String> = instruments().into_iter().map(|i| i.security_id).collect();
        let book = IntradayBook::new(ids.clone(), mode, start);
        let mut closed = Vec::new();
        for step in 0..=100 {
            let now = start + TimeDelta::milliseconds(step * 1_000);
            let outcome = simulator.step(now);
            closed.extend(book.apply(&simulator, &outcome));
            if step == 30 {
                // Mid-day: the live candle is the quote, the bars sum to its volume.
                for (i, id) in ids.iter().enumerate() {
                    let quote = simulator.quote(i);
                    let (day, bars) = book.minute_bars(id).expect("bars");
                    assert_eq!(day, Some(date(2026, 6, 16)));
                    assert_eq!(bars.iter().map(|b| b.volume).sum::<i64>(), quote.volume);
                    assert!(bars.windows(2).all(|w| w[0].minute < w[1].minute));
                    assert_eq!(bars.first().map(|b| b.open), Some(quote.open));
                    assert_eq!(bars.last().map(|b| b.close), Some(quote.price));
                    assert_eq!(bars.iter().map(|b| b.high).max(), Some(quote.high));
                    assert_eq!(bars.iter().map(|b| b.low).min(), Some(quote.low));
                    assert!(bars.iter().all(|b| b.minute < CLOSE_MINUTE));
                    let recent = book.recent(id);
                    assert_eq!(recent.len(), 1);
                    assert_eq!(recent[0].close, quote.price);
                    assert_eq!(recent[0].volume, quote.volume);
                }
            }
        }
        // The first session closed at 60 s: one candle per instrument. The next session
        // replays the same date: its live candle supersedes the closed one, and the bars
        // started again.
        assert_eq!(closed.len(), ids.len());
        for (id, candle) in &closed {
            assert_eq!(candle.date, date(2026, 6, 16));
            let recent = book.recent(id);
            let index = ids.iter().position(|i| i == id).expect("id");
            let quote = simulator.quote(index);
            assert_eq!(recent.len(), 1, "{id}");
            assert_eq!(recent[0].date, date(2026, 6, 16));
            assert_eq!(recent[0].volume, quote.volume);
            let (day, bars) = book.minute_bars(id).expect("bars");
            assert_eq!(day, Some(date(2026, 6, 16)));
            assert_eq!(
                bars.iter().map(|b| b.volume).sum::<i64>(),
                quote.volume,
                "reset"
            );
            assert!(bars.iter().all(|b| b.minute < CLOSE_MINUTE));
        }
        assert!(book.minute_bars("KOREA-A999999").is_none());
        assert!(book.recent("KOREA-A999999").is_empty());
    }

    #[test]
    fn krx_close_gets_the_closing_bar_and_ends_the_live_candle() {
        // A KRX trading day from 09:00 to 15:30, stepped every 10 minutes.
        let day = date(2026, 6, 16);
        let start = kst_instant(day, 8 * 3600);
        let mut simulator = Simulator::new(
            SimulatorConfig {
                seed: 3,
                mode: Mode::Krx,
                start,
                last_close_date: date(2026, 6, 15),
            },
            instruments(),
        );
        let ids: Vec<String> = instruments().into_iter().map(|i| i.security_id).collect();
        let book = IntradayBook::new(ids.clone(), Mode::Krx, start);
        let mut closed = Vec::new();
        let mut now = start;
        while now <= kst_instant(day, 16 * 3600) {
            let outcome = simulator.step(now);
            closed.extend(book.apply(&simulator, &outcome));
            now += TimeDelta::minutes(10);
        }
        assert_eq!(closed.len(), ids.len());
        for (id, candle) in &closed {
            let (date, bars) = book.minute_bars(id).expect("bars");
            assert_eq!(date, Some(day));
            assert_eq!(
                bars.first().map(|b| b.minute),
                Some(0),
                "opening price at 09:00"
            );
            assert_eq!(
                bars.last().map(|b| (b.minute, b.close)),
                Some((CLOSE_MINUTE, candle.close))
            );
            assert_eq!(bars.iter().map(|b| b.volume).sum::<i64>(), candle.volume);
            assert_eq!(bars.first().map(|b| b.open), Some(candle.open));
            assert_eq!(bars.iter().map(|b| b.high).max(), Some(candle.high));
            assert_eq!(bars.iter().map(|b| b.low).min(), Some(candle.low));
            // After the close only the closed candle remains in memory.
            assert_eq!(book.recent(id), vec![*candle]);
        }
    }
}
