//! The KRX trading clock in Korea Standard Time, the KRX holiday calendar,
//! and the always-open continuous mode used by the embedded default.
//!
//! KRX schedule as modelled (half-open intervals, KST):
//!
//! | time          | session                                   |
//! |---------------|-------------------------------------------|
//! | 08:00–08:30   | [`Session::PreMarket`] (off-hours)        |
//! | 08:30–09:00   | [`Session::OpeningAuction`]               |
//! | 09:00–15:20   | [`Session::Regular`]                      |
//! | 15:20–15:30   | [`Session::ClosingAuction`]               |
//! | 15:40–18:00   | [`Session::AfterHours`]                   |
//! | otherwise     | [`Session::Closed`]                       |
//!
//! Weekends and KRX holidays are closed all day. Not modelled: the late
//! 10:00 open on the first trading day of the year and the shifted hours on
//! the college-entrance-exam day.

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use chrono::{DateTime, Datelike, FixedOffset, NaiveDate, TimeDelta, TimeZone, Timelike, Weekday};
use serde::Serialize;

pub use sise_platform::time::KST;

const fn hm(hour: u32, minute: u32) -> u32 {
    hour * 3600 + minute * 60
}

/// Session boundaries in seconds after KST midnight.
pub const PRE_MARKET_START: u32 = hm(8, 0);
pub const OPENING_AUCTION_START: u32 = hm(8, 30);
pub const REGULAR_START: u32 = hm(9, 0);
pub const CLOSING_AUCTION_START: u32 = hm(15, 20);
pub const MARKET_CLOSE: u32 = hm(15, 30);
pub const AFTER_HOURS_START: u32 = hm(15, 40);
pub const AFTER_HOURS_END: u32 = hm(18, 0);

/// Length of the KRX continuous (regular) session, 09:00–15:20, in seconds.
pub const REGULAR_SECONDS: u32 = CLOSING_AUCTION_START - REGULAR_START;

/// Shortest simulated day accepted in [`Mode::Continuous`]; shorter values
/// (including zero) are raised to this.
pub const MIN_DAY_LENGTH: Duration = Duration::from_secs(1);

/// KRX holidays (weekdays only) for 2025–2027, sorted, as (year, month, day).
///
/// 2025 and 2026 follow the KRX announcements; 2027 is derived from the
/// public-holiday law (substitute holidays included) and should be checked
/// against the KRX notice published late in 2026.
const KRX_HOLIDAYS: &[(i32, u32, u32)] = &[
    // 2025
    (2025, 1, 1),   // 신정
    (2025, 1, 27),  // 임시공휴일
    (2025, 1, 28),  // 설날 연휴
    (2025, 1, 29),  // 설날
    (2025, 1, 30),  // 설날 연휴
    (2025, 3, 3),   // 삼일절 대체공휴일
    (2025, 5, 1),   // 근로자의 날
    (2025, 5, 5),   // 어린이날, 부처님오신날
    (2025, 5, 6),   // 대체공휴일
    (2025, 6, 3),   // 제21대 대통령 선거
    (2025, 6, 6),   // 현충일
    (2025, 8, 15),  // 광복절
    (2025, 10, 3),  // 개천절
    (2025, 10, 6),  // 추석
    (2025, 10, 7),  // 추석 연휴
    (2025, 10, 8),  // 추석 대체공휴일
    (2025, 10, 9),  // 한글날
    (2025, 12, 25), // 성탄절
    (2025, 12, 31), // 연말 휴장일
    // 2026
    (2026, 1, 1),   // 신정
    (2026, 2, 16),  // 설날 연휴
    (2026, 2, 17),  // 설날
    (2026, 2, 18),  // 설날 연휴
    (2026, 3, 2),   // 삼일절 대체공휴일
    (2026, 5, 1),   // 근로자의 날
    (2026, 5, 5),   // 어린이날
    (2026, 5, 25),  // 부처님오신날 대체공휴일
    (2026, 6, 3),   // 제9회 전국동시지방선거
    (2026, 8, 17),  // 광복절 대체공휴일
    (2026, 9, 24),  // 추석 연휴
    (2026, 9, 25),  // 추석
    (2026, 10, 5),  // 개천절 대체공휴일
    (2026, 10, 9),  // 한글날
    (2026, 12, 25), // 성탄절
    (2026, 12, 31), // 연말 휴장일
    // 2027 (derived)
    (2027, 1, 1),   // 신정
    (2027, 2, 8),   // 설날 연휴 (설날 2월 7일 일요일)
    (2027, 2, 9),   // 설날 대체공휴일
    (2027, 3, 1),   // 삼일절
    (2027, 5, 5),   // 어린이날
    (2027, 5, 13),  // 부처님오신날
    (2027, 8, 16),  // 광복절 대체공휴일
    (2027, 9, 14),  // 추석 연휴
    (2027, 9, 15),  // 추석
    (2027, 9, 16),  // 추석 연휴
    (2027, 10, 4),  // 개천절 대체공휴일
    (2027, 10, 11), // 한글날 대체공휴일
    (2027, 12, 27), // 성탄절 대체공휴일
    (2027, 12, 31), // 연말 휴장일
];

const TABLE_FIRST_YEAR: i32 = 2025;
const TABLE_LAST_YEAR: i32 = 2027;

/// Fixed-date holidays used outside the table's years (lunar holidays and
/// substitute days are not known there).
const FIXED_HOLIDAYS: &[(u32, u32)] = &[
    (1, 1),
    (3, 1),
    (5, 1),
    (5, 5),
    (6, 6),
    (8, 15),
    (10, 3),
    (10, 9),
    (12, 25),
];

/// A market session.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Session {
    PreMarket,
    OpeningAuction,
    Regular,
    ClosingAuction,
    AfterHours,
    Closed,
}

impl Session {
    /// The wire name: `PRE_MARKET`, `OPENING_AUCTION`, `REGULAR`,
    /// `CLOSING_AUCTION`, `AFTER_HOURS` or `CLOSED`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::PreMarket => "PRE_MARKET",
            Self::OpeningAuction => "OPENING_AUCTION",
            Self::Regular => "REGULAR",
            Self::ClosingAuction => "CLOSING_AUCTION",
            Self::AfterHours => "AFTER_HOURS",
            Self::Closed => "CLOSED",
        }
    }
}

/// How the simulator's clock maps real time to sessions and trading days.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The real KRX schedule and calendar in KST.
    Krx,
    /// Always [`Session::Regular`]; a session of the real trading day (see
    /// [`trading_date_at`]) runs every `day_length`, counted from the
    /// simulator's start instant.
    Continuous { day_length: Duration },
}

impl Mode {
    /// Length of one simulated day's continuous session in real time:
    /// 6 h 20 min for KRX, `day_length` (at least [`MIN_DAY_LENGTH`]) in
    /// continuous mode.
    #[must_use]
    pub fn regular_length(&self) -> Duration {
        match self {
            Self::Krx => Duration::from_secs(u64::from(REGULAR_SECONDS)),
            Self::Continuous { day_length } => (*day_length).max(MIN_DAY_LENGTH),
        }
    }
}

/// Milliseconds [`now_kst`] is ahead of the wall clock (`simulator.clock_offset_secs`).
static CLOCK_OFFSET_MS: AtomicI64 = AtomicI64::new(0);

/// Shifts [`now_kst`] by `secs` for this process: the market's sessions and trading dates
/// as if it were that much later (a demonstration of the close, the end-to-end test of the
/// daily recap). One market per process reads it (the `sise` binary, a market process);
/// 0, the wall clock, everywhere else.
pub fn set_clock_offset(secs: i64) {
    CLOCK_OFFSET_MS.store(secs.saturating_mul(1000), Ordering::Relaxed);
}

/// The current instant in KST: the wall clock (shifted by `simulator.clock_offset_secs`,
/// 0 unless set) the feed, the tasks and the handlers pass to the simulator and the clocks
/// (which never read it themselves).
pub fn now_kst() -> DateTime<FixedOffset> {
    let offset = TimeDelta::milliseconds(CLOCK_OFFSET_MS.load(Ordering::Relaxed));
    (chrono::Utc::now() + offset).with_timezone(&KST)
}

/// The KST calendar date of an instant.
#[must_use]
pub fn kst_date(now: DateTime<FixedOffset>) -> NaiveDate {
    now.with_timezone(&KST).date_naive()
}

/// The instant `seconds` after KST midnight of `date`.
#[must_use]
pub fn kst_instant(date: NaiveDate, seconds: u32) -> DateTime<FixedOffset> {
    let midnight_utc = date.and_time(chrono::NaiveTime::MIN) - TimeDelta::hours(9);
    KST.from_utc_datetime(&midnight_utc) + TimeDelta::seconds(i64::from(seconds))
}

fn is_weekend(date: NaiveDate) -> bool {
    matches!(date.weekday(), Weekday::Sat | Weekday::Sun)
}

/// Whether the KRX is closed on `date` for a holiday (weekends excluded).
///
/// Uses the 2025–2027 table; other years fall back to the fixed-date public
/// holidays plus the year-end closing day (the last weekday of December).
#[must_use]
pub fn is_holiday(date: NaiveDate) -> bool {
    let key = (date.year(), date.month(), date.day());
    if (TABLE_FIRST_YEAR..=TABLE_LAST_YEAR).contains(&date.year()) {
        return KRX_HOLIDAYS.binary_search(&key).is_ok();
    }
    if FIXED_HOLIDAYS.contains(&(key.1, key.2)) {
        return true;
    }
    is_year_end_closing(date)
}

/// The last weekday of December, which the KRX keeps closed for year-end
/// settlement.
fn is_year_end_closing(date: NaiveDate) -> bool {
    if date.month() != 12 || is_weekend(date) {
        return false;
    }
    let mut later = date;
    while let Some(next) = later.succ_opt() {
        if next.year() != date.year() {
            return true;
        }
        if !is_weekend(next) {
            return false;
        }
        later = next;
    }
    true
}

/// Whether the KRX trades on `date`.
#[must_use]
pub fn is_trading_day(date: NaiveDate) -> bool {
    !is_weekend(date) && !is_holiday(date)
}

/// The first trading day strictly after `date`.
#[must_use]
pub fn next_trading_day(date: NaiveDate) -> NaiveDate {
    let mut day = date;
    while let Some(next) = day.succ_opt() {
        day = next;
        if is_trading_day(day) {
            break;
        }
    }
    day
}

/// The last trading day strictly before `date`.
#[must_use]
pub fn previous_trading_day(date: NaiveDate) -> NaiveDate {
    let mut day = date;
    while let Some(previous) = day.pred_opt() {
        day = previous;
        if is_trading_day(day) {
            break;
        }
    }
    day
}

/// The KRX session at `now`, whatever the offset of `now`.
#[must_use]
pub fn krx_session_at(now: DateTime<FixedOffset>) -> Session {
    let local = now.with_timezone(&KST);
    if !is_trading_day(local.date_naive()) {
        return Session::Closed;
    }
    let seconds = local.num_seconds_from_midnight();
    match seconds {
        s if s < PRE_MARKET_START => Session::Closed,
        s if s < OPENING_AUCTION_START => Session::PreMarket,
        s if s < REGULAR_START => Session::OpeningAuction,
        s if s < CLOSING_AUCTION_START => Session::Regular,
        s if s < MARKET_CLOSE => Session::ClosingAuction,
        s if s < AFTER_HOURS_START => Session::Closed,
        s if s < AFTER_HOURS_END => Session::AfterHours,
        _ => Session::Closed,
    }
}

/// The session at `now`: the KRX clock, or always `Regular` in continuous
/// mode.
#[must_use]
pub fn session_at(mode: &Mode, now: DateTime<FixedOffset>) -> Session {
    match mode {
        Mode::Krx => krx_session_at(now),
        Mode::Continuous { .. } => Session::Regular,
    }
}

/// Index of the continuous-mode day containing `now`: day `k` spans
/// `[start + k·day_length, start + (k+1)·day_length)`. Instants before
/// `start` belong to day 0.
#[must_use]
pub fn continuous_day_index(
    day_length: Duration,
    start: DateTime<FixedOffset>,
    now: DateTime<FixedOffset>,
) -> u64 {
    let day = day_length.max(MIN_DAY_LENGTH).as_nanos();
    let elapsed = now
        .signed_duration_since(start)
        .to_std()
        .map_or(0, |elapsed| elapsed.as_nanos());
    u64::try_from(elapsed / day).unwrap_or(u64::MAX)
}

/// Start of continuous-mode day `index` (see [`continuous_day_index`]).
#[must_use]
pub fn continuous_day_start(
    day_length: Duration,
    start: DateTime<FixedOffset>,
    index: u64,
) -> DateTime<FixedOffset> {
    let nanos = day_length
        .max(MIN_DAY_LENGTH)
        .as_nanos()
        .saturating_mul(u128::from(index));
    let offset = TimeDelta::nanoseconds(i64::try_from(nanos).unwrap_or(i64::MAX));
    start.checked_add_signed(offset).unwrap_or(start)
}

/// The trading day a calendar date shows: the date itself on a trading day, otherwise the
/// trading day before it (a weekend or holiday shows the last session).
#[must_use]
pub fn session_date(date: NaiveDate) -> NaiveDate {
    if is_trading_day(date) {
        date
    } else {
        previous_trading_day(date)
    }
}

/// The trading date at `now`.
///
/// - [`Mode::Krx`]: the KST calendar date of `now` (which may be a weekend
///   or holiday).
/// - [`Mode::Continuous`]: the real trading day of the KST date on which the
///   current `day_length` session began ([`session_date`]). Every session of
///   the same date replays that date from its previous close; the date moves
///   on with the calendar, one trading day per real trading day.
#[must_use]
pub fn trading_date_at(
    mode: &Mode,
    start: DateTime<FixedOffset>,
    now: DateTime<FixedOffset>,
) -> NaiveDate {
    match mode {
        Mode::Krx => kst_date(now),
        Mode::Continuous { day_length } => {
            let index = continuous_day_index(*day_length, start, now);
            session_date(kst_date(continuous_day_start(*day_length, start, index)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
    }

    fn at(y: i32, m: u32, d: u32, hour: u32, minute: u32, second: u32) -> DateTime<FixedOffset> {
        kst_instant(date(y, m, d), hour * 3600 + minute * 60 + second)
    }

    #[test]
    fn holiday_table_is_sorted_weekdays() {
        assert!(KRX_HOLIDAYS.windows(2).all(|w| w[0] < w[1]));
        for &(y, m, d) in KRX_HOLIDAYS {
            let day = NaiveDate::from_ymd_opt(y, m, d);
            assert!(day.is_some(), "{y}-{m}-{d}");
            assert!(!is_weekend(date(y, m, d)), "{y}-{m}-{d} is a weekend");
        }
    }

    #[test]
    fn session_names() {
        let names: Vec<_> = [
            Session::PreMarket,
            Session::OpeningAuction,
            Session::Regular,
            Session::ClosingAuction,
            Session::AfterHours,
            Session::Closed,
        ]
        .iter()
        .map(|s| s.as_str())
        .collect();
        assert_eq!(
            names,
            [
                "PRE_MARKET",
                "OPENING_AUCTION",
                "REGULAR",
                "CLOSING_AUCTION",
                "AFTER_HOURS",
                "CLOSED"
            ]
        );
    }

    #[test]
    fn weekday_session_boundaries() {
        // Wednesday 2025-07-02, an ordinary trading day.
        let cases = [
            ((0, 0, 0), Session::Closed),
            ((7, 59, 59), Session::Closed),
            ((8, 0, 0), Session::PreMarket),
            ((8, 29, 59), Session::PreMarket),
            ((8, 30, 0), Session::OpeningAuction),
            ((8, 59, 59), Session::OpeningAuction),
            ((9, 0, 0), Session::Regular),
            ((12, 0, 0), Session::Regular),
            ((15, 19, 59), Session::Regular),
            ((15, 20, 0), Session::ClosingAuction),
            ((15, 29, 59), Session::ClosingAuction),
            ((15, 30, 0), Session::Closed),
            ((15, 39, 59), Session::Closed),
            ((15, 40, 0), Session::AfterHours),
            ((17, 59, 59), Session::AfterHours),
            ((18, 0, 0), Session::Closed),
            ((23, 59, 59), Session::Closed),
        ];
        for ((h, m, s), expected) in cases {
            let now = at(2025, 7, 2, h, m, s);
            assert_eq!(krx_session_at(now), expected, "{h}:{m}:{s}");
            assert_eq!(session_at(&Mode::Krx, now), expected);
        }
    }

    #[test]
    fn offsets_other_than_kst_are_converted() {
        // 00:00 UTC is 09:00 KST.
        let utc = FixedOffset::east_opt(0).unwrap_or(KST);
        let now = utc.with_ymd_and_hms(2025, 7, 2, 0, 0, 0).single();
        assert_eq!(now.map(krx_session_at), Some(Session::Regular));
        let before = utc.with_ymd_and_hms(2025, 7, 1, 23, 59, 59).single();
        assert_eq!(before.map(krx_session_at), Some(Session::OpeningAuction));
    }

    #[test]
    fn weekends_and_holidays_are_closed_all_day() {
        for (y, m, d) in [
            (2025, 7, 5),
            (2025, 7, 6),
            (2025, 10, 6),
            (2026, 2, 17),
            (2025, 12, 31),
        ] {
            for hour in [8, 9, 12, 15, 16] {
                assert_eq!(
                    krx_session_at(at(y, m, d, hour, 10, 0)),
                    Session::Closed,
                    "{y}-{m}-{d} {hour}h"
                );
            }
        }
    }

    #[test]
    fn trading_days_and_holidays() {
        assert!(is_trading_day(date(2025, 7, 2)));
        assert!(!is_trading_day(date(2025, 7, 5)), "saturday");
        assert!(!is_trading_day(date(2025, 7, 6)), "sunday");
        assert!(!is_trading_day(date(2025, 1, 27)), "temporary holiday");
        assert!(!is_trading_day(date(2025, 6, 3)), "election");
        assert!(!is_trading_day(date(2025, 12, 31)), "year-end closing");
        assert!(is_trading_day(date(2025, 12, 30)));
        assert!(!is_trading_day(date(2026, 6, 3)), "local election");
        assert!(!is_trading_day(date(2026, 9, 25)), "chuseok");
        assert!(is_trading_day(date(2026, 1, 2)));
        assert!(!is_trading_day(date(2027, 2, 9)), "seollal substitute");
        assert!(!is_trading_day(date(2027, 12, 27)), "christmas substitute");
    }

    #[test]
    fn fallback_calendar_outside_table() {
        assert!(is_holiday(date(2028, 3, 1)));
        assert!(is_holiday(date(2024, 12, 25)));
        // 2028-12-31 is a Sunday, so the year-end closing is Friday the 29th.
        assert!(is_holiday(date(2028, 12, 29)));
        assert!(!is_holiday(date(2028, 12, 28)));
        // 2024-12-31 is a Tuesday.
        assert!(is_holiday(date(2024, 12, 31)));
        assert!(!is_holiday(date(2024, 12, 30)));
    }

    #[test]
    fn next_and_previous_trading_days() {
        // Friday → Monday.
        assert_eq!(next_trading_day(date(2025, 7, 4)), date(2025, 7, 7));
        // Before Chuseok 2025: Thursday 2 Oct → Friday 3 Oct is a holiday, then
        // 6–9 Oct: next is Friday 10 Oct.
        assert_eq!(next_trading_day(date(2025, 10, 2)), date(2025, 10, 10));
        // Year end: 30 Dec 2025 → 2 Jan 2026.
        assert_eq!(next_trading_day(date(2025, 12, 30)), date(2026, 1, 2));
        assert_eq!(previous_trading_day(date(2026, 1, 2)), date(2025, 12, 30));
        assert_eq!(previous_trading_day(date(2025, 7, 7)), date(2025, 7, 4));
    }

    #[test]
    fn continuous_mode_is_always_regular() {
        let mode = Mode::Continuous {
            day_length: Duration::from_secs(600),
        };
        for (y, m, d, h) in [(2025, 7, 5, 3), (2025, 10, 6, 12), (2025, 7, 2, 23)] {
            assert_eq!(session_at(&mode, at(y, m, d, h, 0, 0)), Session::Regular);
        }
    }

    #[test]
    fn continuous_mode_replays_the_real_trading_day() {
        let day_length = Duration::from_secs(600);
        let mode = Mode::Continuous { day_length };
        // Thursday 2 Oct 2025 at 23:45 KST, before the Chuseok break (3–9 Oct closed).
        let start = at(2025, 10, 2, 23, 45, 0);
        let date_at = |secs: i64| trading_date_at(&mode, start, start + TimeDelta::seconds(secs));
        assert_eq!(date_at(-5), date(2025, 10, 2));
        assert_eq!(date_at(0), date(2025, 10, 2));
        // The session that began at 23:55 still trades the 2nd after midnight.
        assert_eq!(date_at(900), date(2025, 10, 2));
        // The first session begun on the 3rd (a holiday) shows the last trading day.
        assert_eq!(date_at(1_200), date(2025, 10, 2));
        // Monday 13 Oct: a new day.
        let monday = kst_instant(date(2025, 10, 13), 0).signed_duration_since(start);
        assert_eq!(date_at(monday.num_seconds() + 600), date(2025, 10, 13));
        assert_eq!(session_date(date(2025, 10, 12)), date(2025, 10, 10));
        assert_eq!(session_date(date(2025, 10, 13)), date(2025, 10, 13));
        assert_eq!(
            continuous_day_index(day_length, start, start + TimeDelta::seconds(1_799)),
            2
        );
        assert_eq!(
            continuous_day_start(day_length, start, 2),
            start + TimeDelta::seconds(1_200)
        );
        // A zero day length is raised to the minimum instead of dividing by zero.
        assert_eq!(
            continuous_day_index(Duration::ZERO, start, start + TimeDelta::seconds(5)),
            5
        );
    }

    #[test]
    fn krx_trading_date_is_kst_calendar_date() {
        let start = at(2025, 7, 1, 10, 0, 0);
        // 23:30 UTC on 1 July is 08:30 KST on 2 July.
        let utc = FixedOffset::east_opt(0).unwrap_or(KST);
        let now = utc.with_ymd_and_hms(2025, 7, 1, 23, 30, 0).single();
        let got = now.map(|now| trading_date_at(&Mode::Krx, start, now));
        assert_eq!(got, Some(date(2025, 7, 2)));
    }

    #[test]
    fn regular_length() {
        assert_eq!(Mode::Krx.regular_length(), Duration::from_secs(22_800));
        let mode = Mode::Continuous {
            day_length: Duration::ZERO,
        };
        assert_eq!(mode.regular_length(), MIN_DAY_LENGTH);
    }
}
