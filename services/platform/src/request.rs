//! Request rules every call shares, parsed once into types with one wording each: page
//! sizes ([`PageLimit`]) and dates ([`TradingDate`]). The gateway and the services both
//! use these, so a bad value gets the same code and message on every route.

use chrono::NaiveDate;

use crate::error::{DomainError, ErrorCode};

/// A page size within `1..=max`, or the call's default when absent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageLimit(u32);

impl PageLimit {
    /// `value` as a client sent it: absent means `default`; anything outside `1..=max` is
    /// `invalid_limit`. Never silently capped: a client asking for more learns the maximum.
    pub fn parse(value: Option<i64>, default: u32, max: u32) -> Result<Self, DomainError> {
        match value {
            None => Ok(Self(default.min(max))),
            Some(n) if n >= 1 && n <= i64::from(max) => Ok(Self(n as u32)),
            Some(_) => Err(DomainError::invalid_limit(max)),
        }
    }

    /// A `limit` query value as text: absent or empty is `None`; anything else must be a
    /// plain integer (no spaces, as the OpenAPI document says), else the same `invalid_limit`
    /// as an out-of-range number. The range is checked by [`Self::parse`].
    pub fn from_query(text: Option<&str>, max: u32) -> Result<Option<i64>, DomainError> {
        match text.filter(|t| !t.is_empty()) {
            None => Ok(None),
            Some(text) => text
                .parse::<i64>()
                .map(Some)
                .map_err(|_| DomainError::invalid_limit(max)),
        }
    }

    pub fn get(self) -> usize {
        self.0 as usize
    }

    pub fn as_i64(self) -> i64 {
        i64::from(self.0)
    }
}

/// A calendar date written strictly as `YYYY-MM-DD` (the `to` of every dated call).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TradingDate(NaiveDate);

impl TradingDate {
    pub fn parse(text: &str) -> Result<Self, DomainError> {
        let bytes = text.as_bytes();
        let shape = bytes.len() == 10
            && bytes.iter().enumerate().all(|(i, b)| match i {
                4 | 7 => *b == b'-',
                _ => b.is_ascii_digit(),
            });
        shape
            .then(|| NaiveDate::parse_from_str(text, "%Y-%m-%d").ok())
            .flatten()
            .map(Self)
            .ok_or_else(|| ErrorCode::InvalidDate.into())
    }

    /// An optional date: absent or empty (`to=`) is `None` on every dated call.
    pub fn parse_optional(text: Option<&str>) -> Result<Option<Self>, DomainError> {
        match text.filter(|t| !t.is_empty()) {
            None => Ok(None),
            Some(text) => Self::parse(text).map(Some),
        }
    }

    pub fn date(self) -> NaiveDate {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn limits_default_and_range() {
        assert_eq!(PageLimit::parse(None, 20, 100).map(PageLimit::get), Ok(20));
        assert_eq!(
            PageLimit::parse(Some(1), 20, 100).map(PageLimit::get),
            Ok(1)
        );
        assert_eq!(
            PageLimit::parse(Some(100), 20, 100).map(PageLimit::get),
            Ok(100)
        );
        for bad in [0, -1, 101, i64::MAX, i64::MIN] {
            let error = PageLimit::parse(Some(bad), 20, 100).expect_err("out of range");
            assert_eq!(error.code, "invalid_limit");
            assert_eq!(
                error.message,
                "조회 개수는 1부터 100까지 지정할 수 있습니다."
            );
        }
    }

    #[test]
    fn limits_from_query_text() {
        assert_eq!(PageLimit::from_query(None, 500), Ok(None));
        assert_eq!(PageLimit::from_query(Some(""), 500), Ok(None));
        assert_eq!(PageLimit::from_query(Some("20"), 500), Ok(Some(20)));
        // The range is the service's to check, with the same wording.
        assert_eq!(PageLimit::from_query(Some("0"), 500), Ok(Some(0)));
        for bad in [
            "abc",
            "1.5",
            "99999999999999999999",
            "1e3",
            " ",
            " 5",
            "\u{a0}",
        ] {
            let error = PageLimit::from_query(Some(bad), 500).expect_err(bad);
            assert_eq!(
                error.message,
                "조회 개수는 1부터 500까지 지정할 수 있습니다."
            );
        }
    }

    #[test]
    fn dates_are_strict() {
        let date = TradingDate::parse("2026-06-15").expect("date");
        assert_eq!(
            date.date(),
            NaiveDate::from_ymd_opt(2026, 6, 15).expect("date")
        );
        assert_eq!(TradingDate::parse_optional(Some("")), Ok(None));
        assert_eq!(TradingDate::parse_optional(None), Ok(None));
        for bad in [
            "2026-6-15",
            "2026-13-45",
            "2026-02-30",
            "20260615",
            "2026-06-15T00",
            "+2026-06-1",
            "２０２６-06-15",
            " 2026-06-15",
            "2026-06-15 ",
            "abcd-ef-gh",
        ] {
            let error = TradingDate::parse(bad).expect_err(bad);
            assert_eq!(error.code, "invalid_date");
            assert_eq!(error.message, "날짜 형식이 올바르지 않습니다. (YYYY-MM-DD)");
        }
    }

    proptest! {
        #[test]
        fn prop_limit_in_range_or_invalid(value in prop::option::of(any::<i64>()), default in 1u32..1_000, max in 1u32..1_000) {
            match PageLimit::parse(value, default, max) {
                Ok(limit) => {
                    prop_assert!((1..=max as usize).contains(&limit.get()));
                    prop_assert_eq!(limit.as_i64() as usize, limit.get());
                    match value {
                        None => prop_assert_eq!(limit.get(), default.min(max) as usize),
                        Some(n) => prop_assert_eq!(limit.as_i64(), n),
                    }
                }
                Err(error) => {
                    let n = value.expect("absent is never an error");
                    prop_assert!(n < 1 || n > i64::from(max));
                    prop_assert_eq!(error.code, "invalid_limit");
                }
            }
        }

        #[test]
        fn prop_limit_query_text_never_panics(text in prop_oneof![any::<String>(), "[ +-]?[0-9]{0,25} ?"], max in 1u32..1_000) {
            match PageLimit::from_query(Some(&text), max) {
                Ok(None) => prop_assert!(text.is_empty()),
                Ok(Some(n)) => prop_assert_eq!(Some(n), text.parse::<i64>().ok()),
                Err(error) => prop_assert_eq!(error.code, "invalid_limit"),
            }
        }

        #[test]
        fn prop_date_round_trips(days in 0i64..3_652_059) {
            // Every day of the years 0001 to 9999 parses back from its own text.
            let date = NaiveDate::from_ymd_opt(1, 1, 1).expect("date") + chrono::Duration::days(days);
            let text = date.format("%Y-%m-%d").to_string();
            prop_assert_eq!(TradingDate::parse(&text).map(TradingDate::date), Ok(date));
        }

        #[test]
        fn prop_date_accepts_only_yyyy_mm_dd(text in prop_oneof![any::<String>(), "[0-9-]{8,12}", "[0-9]{4}-[0-9]{2}-[0-9]{2}.?"]) {
            match TradingDate::parse(&text) {
                Ok(date) => prop_assert_eq!(date.date().format("%Y-%m-%d").to_string(), text),
                Err(error) => prop_assert_eq!(error.code, "invalid_date"),
            }
        }
    }
}
