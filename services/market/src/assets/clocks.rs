//! The clocks that decide which day an asset's live value belongs to.
//!
//! - [`KrxClock`]: the market simulator's clock (KRX sessions and calendar, or continuous
//!   simulated days), for KOSPI, KOSDAQ, KOSPI 200 and the market condition.
//! - [`PathClock`]: the clocks of the simulated series: forex trades around the clock on
//!   KST weekdays; a foreign index follows its exchange's session in local time (US and
//!   European daylight saving included, holidays abroad not modelled) in `krx` mode, and
//!   the simulator's continuous days in `continuous` mode.

use chrono::{DateTime, Datelike, FixedOffset, NaiveDate, TimeDelta, TimeZone, Timelike, Weekday};

use crate::simulator::clock::{
    MARKET_CLOSE, PRE_MARKET_START, continuous_day_index, continuous_day_start, is_trading_day,
    kst_date, kst_instant, next_trading_day, previous_trading_day,
};
use crate::simulator::{KST, Mode, Session, session_at, trading_date_at};

/// The simulator's clock, rebuilt from the same inputs the feed gives the simulator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KrxClock {
    pub mode: Mode,
    /// The simulator's start instant (anchor of continuous days).
    pub start: DateTime<FixedOffset>,
}

/// The KRX day the quotes belong to at some instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KrxDay {
    pub date: NaiveDate,
    /// When the simulator rolls the quotes into this day (previous close reset).
    pub roll_at: DateTime<FixedOffset>,
    /// When the day's closing single price is set.
    pub close_at: DateTime<FixedOffset>,
}

impl KrxClock {
    pub fn session(&self, now: DateTime<FixedOffset>) -> Session {
        session_at(&self.mode, now)
    }

    /// The day the simulator's quotes belong to at `now`. In `krx` mode a finished day
    /// stays on display until 08:00 of the next trading day, as the simulator keeps it.
    pub fn day_at(&self, now: DateTime<FixedOffset>) -> KrxDay {
        match self.mode {
            Mode::Continuous { day_length } => {
                let k = continuous_day_index(day_length, self.start, now);
                KrxDay {
                    date: trading_date_at(&self.mode, self.start, now),
                    roll_at: continuous_day_start(day_length, self.start, k),
                    close_at: continuous_day_start(day_length, self.start, k.saturating_add(1)),
                }
            }
            Mode::Krx => {
                let today = kst_date(now);
                let date = if is_trading_day(today) && now >= kst_instant(today, PRE_MARKET_START) {
                    today
                } else {
                    previous_trading_day(today)
                };
                KrxDay {
                    date,
                    roll_at: kst_instant(date, PRE_MARKET_START),
                    close_at: kst_instant(date, MARKET_CLOSE),
                }
            }
        }
    }
}

/// Time zones of the foreign exchanges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zone {
    /// A fixed offset in hours (Shanghai, Hong Kong and Tokyo keep no daylight saving).
    Fixed(i32),
    /// US Eastern: UTC−5, UTC−4 from the second Sunday of March to the first of November.
    UsEastern,
    /// Central European: UTC+1, UTC+2 from the last Sunday of March to the last of October.
    CentralEurope,
    /// UK: UTC+0, UTC+1 over the same dates as Central Europe.
    Uk,
}

fn nth_sunday(year: i32, month: u32, n: u32) -> Option<NaiveDate> {
    NaiveDate::from_weekday_of_month_opt(year, month, Weekday::Sun, u8::try_from(n).ok()?)
}

fn last_sunday(year: i32, month: u32) -> Option<NaiveDate> {
    (1..=5).rev().find_map(|n| nth_sunday(year, month, n))
}

impl Zone {
    /// UTC offset in seconds on a local date (daylight saving decided by date; exchanges
    /// are closed on the Sundays it changes).
    pub fn offset_on(self, date: NaiveDate) -> i32 {
        let year = date.year();
        let in_range = |from: Option<NaiveDate>, to: Option<NaiveDate>| match (from, to) {
            (Some(from), Some(to)) => date >= from && date < to,
            _ => false,
        };
        match self {
            Self::Fixed(hours) => hours * 3600,
            Self::UsEastern => {
                let dst = in_range(nth_sunday(year, 3, 2), nth_sunday(year, 11, 1));
                if dst { -4 * 3600 } else { -5 * 3600 }
            }
            Self::CentralEurope | Self::Uk => {
                let base = if self == Self::Uk { 0 } else { 3600 };
                let dst = in_range(last_sunday(year, 3), last_sunday(year, 10));
                base + if dst { 3600 } else { 0 }
            }
        }
    }

    fn standard(self) -> i32 {
        match self {
            Self::Fixed(hours) => hours * 3600,
            Self::UsEastern => -5 * 3600,
            Self::CentralEurope => 3600,
            Self::Uk => 0,
        }
    }

    /// The local wall-clock time of an instant.
    pub fn local(self, now: DateTime<FixedOffset>) -> DateTime<FixedOffset> {
        let guess = now.with_timezone(&fixed(self.standard())).date_naive();
        now.with_timezone(&fixed(self.offset_on(guess)))
    }

    /// The instant of `seconds` after local midnight of `date`.
    pub fn instant(self, date: NaiveDate, seconds: u32) -> DateTime<FixedOffset> {
        let offset = fixed(self.offset_on(date));
        let midnight = date.and_time(chrono::NaiveTime::MIN);
        offset
            .from_local_datetime(&midnight)
            .single()
            .unwrap_or_else(|| offset.from_utc_datetime(&midnight))
            + TimeDelta::seconds(i64::from(seconds))
    }
}

fn fixed(seconds: i32) -> FixedOffset {
    FixedOffset::east_opt(seconds).unwrap_or(KST)
}

fn is_weekday(date: NaiveDate) -> bool {
    !matches!(date.weekday(), Weekday::Sat | Weekday::Sun)
}

/// The weekday before `date`.
pub fn previous_weekday(date: NaiveDate) -> NaiveDate {
    let mut day = date;
    while let Some(previous) = day.pred_opt() {
        day = previous;
        if is_weekday(day) {
            break;
        }
    }
    day
}

/// The weekday after `date`.
pub fn next_weekday(date: NaiveDate) -> NaiveDate {
    let mut day = date;
    while let Some(next) = day.succ_opt() {
        day = next;
        if is_weekday(day) {
            break;
        }
    }
    day
}

/// One day of a simulated series: its date and the span its intraday path covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DaySpan {
    pub date: NaiveDate,
    pub begin: DateTime<FixedOffset>,
    pub end: DateTime<FixedOffset>,
}

impl DaySpan {
    pub fn session(&self, now: DateTime<FixedOffset>) -> Session {
        if now >= self.begin && now < self.end {
            Session::Regular
        } else {
            Session::Closed
        }
    }
}

/// The clock of a simulated series.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathClock {
    /// Around the clock on KST weekdays; a weekend shows Friday's close.
    Forex,
    /// A foreign exchange's session (local seconds after midnight).
    Exchange { zone: Zone, open: u32, close: u32 },
    /// The simulator's continuous days.
    Simulator(KrxClock),
}

impl PathClock {
    /// The live day at `now`: the day in progress, or the last finished one when the
    /// series is closed (before the open, weekends).
    pub fn day_at(&self, now: DateTime<FixedOffset>) -> DaySpan {
        match *self {
            Self::Forex => {
                let today = kst_date(now);
                let date = if is_weekday(today) {
                    today
                } else {
                    previous_weekday(today)
                };
                self.span_of(date)
            }
            Self::Exchange { zone, open, .. } => {
                let local = zone.local(now);
                let today = local.date_naive();
                let date = if is_weekday(today) && local.num_seconds_from_midnight() >= open {
                    today
                } else {
                    previous_weekday(today)
                };
                self.span_of(date)
            }
            Self::Simulator(krx) => {
                let day = krx.day_at(now);
                DaySpan {
                    date: day.date,
                    begin: day.roll_at,
                    end: day.close_at,
                }
            }
        }
    }

    /// The span of the day `date` (for the simulator clock, a nominal KST trading day: its
    /// days have no fixed place on the calendar).
    pub fn span_of(&self, date: NaiveDate) -> DaySpan {
        match *self {
            Self::Forex => DaySpan {
                date,
                begin: kst_instant(date, 0),
                end: kst_instant(date, 0) + TimeDelta::days(1),
            },
            Self::Exchange { zone, open, close } => DaySpan {
                date,
                begin: zone.instant(date, open),
                end: zone.instant(date, close),
            },
            Self::Simulator(_) => DaySpan {
                date,
                begin: kst_instant(date, crate::simulator::clock::REGULAR_START),
                end: kst_instant(date, crate::simulator::clock::CLOSING_AUCTION_START),
            },
        }
    }

    /// The series' next day after `date`: weekdays, or KRX trading days for the simulator.
    pub fn next_date(&self, date: NaiveDate) -> NaiveDate {
        match self {
            Self::Simulator(_) => next_trading_day(date),
            _ => next_weekday(date),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    fn utc(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<FixedOffset> {
        fixed(0)
            .with_ymd_and_hms(y, m, d, h, min, 0)
            .single()
            .expect("time")
    }

    #[test]
    fn daylight_saving_rules() {
        assert_eq!(Zone::UsEastern.offset_on(date(2026, 1, 15)), -5 * 3600);
        assert_eq!(Zone::UsEastern.offset_on(date(2026, 3, 8)), -4 * 3600);
        assert_eq!(Zone::UsEastern.offset_on(date(2026, 3, 7)), -5 * 3600);
        assert_eq!(Zone::UsEastern.offset_on(date(2026, 10, 31)), -4 * 3600);
        assert_eq!(Zone::UsEastern.offset_on(date(2026, 11, 1)), -5 * 3600);
        assert_eq!(Zone::CentralEurope.offset_on(date(2026, 3, 29)), 7_200);
        assert_eq!(Zone::CentralEurope.offset_on(date(2026, 3, 28)), 3_600);
        assert_eq!(Zone::Uk.offset_on(date(2026, 10, 25)), 0);
        assert_eq!(Zone::Uk.offset_on(date(2026, 7, 1)), 3_600);
    }

    #[test]
    fn us_session_in_korean_time() {
        let nyse = PathClock::Exchange {
            zone: Zone::UsEastern,
            open: 9 * 3600 + 1800,
            close: 16 * 3600,
        };
        // Monday 2026-06-15 10:00 EDT is 14:00 UTC.
        let now = utc(2026, 6, 15, 14, 0);
        let day = nyse.day_at(now);
        assert_eq!(day.date, date(2026, 6, 15));
        assert_eq!(day.begin, utc(2026, 6, 15, 13, 30));
        assert_eq!(day.end, utc(2026, 6, 15, 20, 0));
        assert_eq!(day.session(now), Session::Regular);
        // Before Monday's open the live day is Friday's, closed.
        let early = utc(2026, 6, 15, 12, 0);
        assert_eq!(nyse.day_at(early).date, date(2026, 6, 12));
        assert_eq!(nyse.day_at(early).session(early), Session::Closed);
    }

    #[test]
    fn forex_days_are_kst_weekdays() {
        // Sunday 2026-11-22 12:00 KST shows Friday's complete day.
        let sunday = kst_instant(date(2026, 11, 22), 12 * 3600);
        let day = PathClock::Forex.day_at(sunday);
        assert_eq!(day.date, date(2026, 11, 20));
        assert_eq!(day.session(sunday), Session::Closed);
        let monday = kst_instant(date(2026, 11, 23), 60);
        assert_eq!(PathClock::Forex.day_at(monday).date, date(2026, 11, 23));
        assert_eq!(
            PathClock::Forex.day_at(monday).session(monday),
            Session::Regular
        );
        assert_eq!(
            PathClock::Forex.next_date(date(2026, 11, 20)),
            date(2026, 11, 23)
        );
    }

    #[test]
    fn krx_day_follows_the_simulator() {
        let start = kst_instant(date(2026, 11, 22), 3600);
        let continuous = KrxClock {
            mode: Mode::Continuous {
                day_length: Duration::from_secs(600),
            },
            start,
        };
        // Sunday 22 Nov, 01:00: its sessions replay Friday the 20th.
        let day = continuous.day_at(start + TimeDelta::seconds(700));
        assert_eq!(day.date, date(2026, 11, 20));
        assert_eq!(day.roll_at, start + TimeDelta::seconds(600));
        assert_eq!(day.close_at, start + TimeDelta::seconds(1_200));
        let krx = KrxClock {
            mode: Mode::Krx,
            ..continuous
        };
        // Sunday: the last trading day (Friday) stays on display.
        assert_eq!(krx.day_at(start).date, date(2026, 11, 20));
        let monday_early = kst_instant(date(2026, 11, 23), 7 * 3600);
        assert_eq!(krx.day_at(monday_early).date, date(2026, 11, 20));
        let monday = kst_instant(date(2026, 11, 23), 8 * 3600);
        assert_eq!(krx.day_at(monday).date, date(2026, 11, 23));
        assert_eq!(krx.session(monday), Session::PreMarket);
    }
}
