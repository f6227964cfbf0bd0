//! Keyset cursors of the article lists, and the order they encode.
//!
//! Every list is newest first. A cursor is the position of the last item of a page; the
//! next page holds the items strictly after it in the list's order, so items inserted
//! meanwhile (newer ones at the top, or anywhere else) never shift a page: no duplicates,
//! no gaps. On the wire a cursor is URL-safe base64 (no padding) of
//! - news: `{published_at_ms}:{id}`,
//! - disclosures: `{rcept_dt}:{rcept_no}` (`2026-08-21:20260821800837`),
//! - merged articles: `n:{published_at_ms}:{id}` or `d:{rcept_dt}:{rcept_no}`.
//!
//! The merged order is `(published_at_ms DESC, kind, tie-break DESC)`: a disclosure's time
//! is the start of its receipt date in KST (OpenDART gives a date only), news sort before
//! disclosures at the same instant, and items of one kind break ties by id / rcept_no.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{Datelike, Days, NaiveDate};
use sise_platform::error::{DomainError, ErrorCode};

use crate::simulator::KST;

/// Longest cursor accepted (a real one is well under 60 characters).
const MAX_CURSOR_LEN: usize = 128;

/// Position in a news list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewsKey {
    pub published_at_ms: i64,
    pub id: i64,
}

/// Position in a disclosure list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DisclosureKey {
    pub rcept_dt: NaiveDate,
    pub rcept_no: String,
}

/// Position in a merged article list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArticleKey {
    News(NewsKey),
    Disclosure(DisclosureKey),
}

pub fn invalid_cursor() -> DomainError {
    DomainError::from(ErrorCode::InvalidCursor)
}

fn encode(text: &str) -> String {
    URL_SAFE_NO_PAD.encode(text.as_bytes())
}

fn decode(cursor: &str) -> Result<String, DomainError> {
    if cursor.is_empty() || cursor.len() > MAX_CURSOR_LEN {
        return Err(invalid_cursor());
    }
    let bytes = URL_SAFE_NO_PAD
        .decode(cursor.as_bytes())
        .map_err(|_| invalid_cursor())?;
    String::from_utf8(bytes).map_err(|_| invalid_cursor())
}

/// A receipt number: OpenDART's are 14 digits.
pub fn is_rcept_no(text: &str) -> bool {
    (1..=20).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit())
}

/// The instant a disclosure is listed at: 00:00 KST of its receipt date.
pub fn start_of_day_ms(date: NaiveDate) -> i64 {
    date.and_hms_opt(0, 0, 0)
        .and_then(|t| t.and_local_timezone(KST).single())
        .map(|t| t.timestamp_millis())
        .unwrap_or_default()
}

/// The KST date an instant falls on, if chrono can represent it.
pub fn kst_date(ms: i64) -> Option<NaiveDate> {
    chrono::DateTime::from_timestamp_millis(ms).map(|t| t.with_timezone(&KST).date_naive())
}

impl NewsKey {
    /// Before every item: the first page.
    pub const START: NewsKey = NewsKey {
        published_at_ms: i64::MAX,
        id: i64::MAX,
    };

    pub fn encode(&self) -> String {
        encode(&self.text())
    }

    fn text(&self) -> String {
        format!("{}:{}", self.published_at_ms, self.id)
    }

    pub fn decode(cursor: &str) -> Result<Self, DomainError> {
        Self::parse(&decode(cursor)?)
    }

    fn parse(text: &str) -> Result<Self, DomainError> {
        let (at, id) = text.split_once(':').ok_or_else(invalid_cursor)?;
        Ok(Self {
            published_at_ms: parse_i64(at)?,
            id: parse_i64(id)?,
        })
    }
}

impl DisclosureKey {
    pub fn encode(&self) -> String {
        encode(&self.text())
    }

    fn text(&self) -> String {
        format!("{}:{}", self.rcept_dt.format("%Y-%m-%d"), self.rcept_no)
    }

    pub fn decode(cursor: &str) -> Result<Self, DomainError> {
        Self::parse(&decode(cursor)?)
    }

    fn parse(text: &str) -> Result<Self, DomainError> {
        let (date, rcept_no) = text.split_once(':').ok_or_else(invalid_cursor)?;
        if date.len() != 10 || !is_rcept_no(rcept_no) {
            return Err(invalid_cursor());
        }
        Ok(Self {
            rcept_dt: NaiveDate::parse_from_str(date, "%Y-%m-%d").map_err(|_| invalid_cursor())?,
            rcept_no: rcept_no.to_owned(),
        })
    }
}

impl ArticleKey {
    pub fn encode(&self) -> String {
        match self {
            Self::News(key) => encode(&format!("n:{}", key.text())),
            Self::Disclosure(key) => encode(&format!("d:{}", key.text())),
        }
    }

    pub fn decode(cursor: &str) -> Result<Self, DomainError> {
        let text = decode(cursor)?;
        match text.split_once(':') {
            Some(("n", rest)) => Ok(Self::News(NewsKey::parse(rest)?)),
            Some(("d", rest)) => Ok(Self::Disclosure(DisclosureKey::parse(rest)?)),
            _ => Err(invalid_cursor()),
        }
    }

    /// Where the news part of a merged page resumes: after this news item, or before the
    /// disclosure's instant (news at that instant sort before it and were already shown).
    pub fn news_after(&self) -> NewsKey {
        match self {
            Self::News(key) => key.clone(),
            Self::Disclosure(key) => NewsKey {
                published_at_ms: start_of_day_ms(key.rcept_dt),
                id: i64::MIN,
            },
        }
    }

    /// Where the disclosure part resumes: after this disclosure, or with every disclosure
    /// listed at or before the news item's instant (they sort after it), i.e. received on
    /// or before its KST date.
    pub fn disclosures_after(&self) -> Option<DisclosureKey> {
        match self {
            Self::Disclosure(key) => Some(key.clone()),
            Self::News(key) => {
                let Some(day) = kst_date(key.published_at_ms) else {
                    // Beyond chrono's range: after every disclosure's instant (all follow),
                    // or before every one (none follows).
                    return (key.published_at_ms < 0).then_some(DisclosureKey {
                        rcept_dt: NaiveDate::MIN,
                        rcept_no: String::new(),
                    });
                };
                let next_day = day
                    .checked_add_days(Days::new(1))
                    // The store compares `YYYY-MM-DD` text: a later year cannot be written
                    // so, and every disclosure follows such an instant anyway.
                    .filter(|d| d.year() <= 9999)?;
                Some(DisclosureKey {
                    rcept_dt: next_day,
                    rcept_no: String::new(),
                })
            }
        }
    }
}

fn parse_i64(text: &str) -> Result<i64, DomainError> {
    if text.is_empty() || text.len() > 20 {
        return Err(invalid_cursor());
    }
    text.parse().map_err(|_| invalid_cursor())
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    #[test]
    fn news_cursor_round_trips_and_is_opaque() {
        let key = NewsKey {
            published_at_ms: 1_787_000_000_123,
            id: 42,
        };
        let cursor = key.encode();
        assert!(!cursor.contains(':'), "{cursor}");
        assert!(
            cursor
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        );
        assert_eq!(NewsKey::decode(&cursor).expect("decode"), key);
        let negative = NewsKey {
            published_at_ms: -5,
            id: 1,
        };
        assert_eq!(
            NewsKey::decode(&negative.encode()).expect("decode"),
            negative
        );
    }

    #[test]
    fn disclosure_and_article_cursors_round_trip() {
        let key = DisclosureKey {
            rcept_dt: date(2026, 8, 21),
            rcept_no: "20260821800837".into(),
        };
        assert_eq!(DisclosureKey::decode(&key.encode()).expect("decode"), key);
        for article in [
            ArticleKey::Disclosure(key.clone()),
            ArticleKey::News(NewsKey {
                published_at_ms: 7,
                id: 9,
            }),
        ] {
            assert_eq!(
                ArticleKey::decode(&article.encode()).expect("decode"),
                article
            );
        }
    }

    #[test]
    fn malformed_cursors_are_invalid() {
        let news = NewsKey {
            published_at_ms: 1,
            id: 2,
        }
        .encode();
        let disclosure = DisclosureKey {
            rcept_dt: date(2026, 1, 2),
            rcept_no: "20260102000001".into(),
        }
        .encode();
        let bad = [
            String::new(),
            "!!!".into(),
            "a".repeat(500),
            encode("1"),
            encode("x:1"),
            encode("1:"),
            encode("1:2:3"),
            encode("99999999999999999999999:1"),
            URL_SAFE_NO_PAD.encode([0xff, 0xfe, b':', b'1']),
        ];
        for cursor in &bad {
            assert_eq!(
                NewsKey::decode(cursor).expect_err(cursor).code,
                "invalid_cursor"
            );
        }
        for cursor in [
            news.clone(),
            encode("2026-13-01:20260102000001"),
            encode("2026-01-02:abc"),
            encode("20260102:20260102000001"),
        ] {
            assert!(DisclosureKey::decode(&cursor).is_err(), "{cursor}");
        }
        // A cursor of one list is not a cursor of another.
        assert!(NewsKey::decode(&disclosure).is_err());
        assert!(ArticleKey::decode(&news).is_err());
        assert!(ArticleKey::decode(&disclosure).is_err());
        assert!(ArticleKey::decode(&encode("x:1:2")).is_err());
    }

    #[test]
    fn merged_positions_translate_to_each_list() {
        // 2026-08-21 00:00 KST is 2026-08-20 15:00 UTC.
        let midnight = start_of_day_ms(date(2026, 8, 21));
        assert_eq!(midnight, 1_787_238_000_000);
        assert_eq!(kst_date(midnight), Some(date(2026, 8, 21)));
        assert_eq!(kst_date(midnight - 1), Some(date(2026, 8, 20)));

        let at_disclosure = ArticleKey::Disclosure(DisclosureKey {
            rcept_dt: date(2026, 8, 21),
            rcept_no: "20260821000001".into(),
        });
        assert_eq!(
            at_disclosure.news_after(),
            NewsKey {
                published_at_ms: midnight,
                id: i64::MIN
            }
        );
        // After news at 10:00 KST on 08-21 come all disclosures received on or before 08-21.
        let at_news = ArticleKey::News(NewsKey {
            published_at_ms: midnight + 10 * 3_600_000,
            id: 3,
        });
        assert_eq!(
            at_news.disclosures_after(),
            Some(DisclosureKey {
                rcept_dt: date(2026, 8, 22),
                rcept_no: String::new()
            })
        );
    }

    /// Dates a cursor can carry: years 0 to 9999 (`%Y` writes four digits there).
    fn any_date() -> impl Strategy<Value = NaiveDate> {
        (0i32..=9999, 1u32..=366)
            .prop_filter_map("a day of that year", |(y, d)| NaiveDate::from_yo_opt(y, d))
    }

    fn news_key() -> impl Strategy<Value = NewsKey> {
        // Any instant, the years 0 to 9999, and around now.
        let at = prop_oneof![
            any::<i64>(),
            -62_200_000_000_000i64..253_500_000_000_000,
            1_700_000_000_000i64..1_800_000_000_000,
        ];
        (at, any::<i64>()).prop_map(|(published_at_ms, id)| NewsKey {
            published_at_ms,
            id,
        })
    }

    fn disclosure_key() -> impl Strategy<Value = DisclosureKey> {
        (any_date(), "[0-9]{1,20}")
            .prop_map(|(rcept_dt, rcept_no)| DisclosureKey { rcept_dt, rcept_no })
    }

    /// Cursors as clients might send them: base64 of anything, of near-valid texts, and any
    /// string at all.
    fn cursor_text() -> impl Strategy<Value = String> {
        prop_oneof![
            any::<String>(),
            "[A-Za-z0-9_=+/-]{0,140}",
            prop::collection::vec(any::<u8>(), 0..100).prop_map(|b| URL_SAFE_NO_PAD.encode(b)),
            "[nd]?:?-?[0-9]{0,22}:-?[0-9:-]{0,22}".prop_map(|t| encode(&t)),
        ]
    }

    proptest! {
        #[test]
        fn prop_cursor_news_round_trips(key in news_key()) {
            let cursor = key.encode();
            prop_assert!(cursor.len() <= MAX_CURSOR_LEN);
            prop_assert_eq!(NewsKey::decode(&cursor).expect("decode"), key.clone());
            let article = ArticleKey::News(key);
            prop_assert_eq!(ArticleKey::decode(&article.encode()).expect("decode"), article);
        }

        #[test]
        fn prop_cursor_disclosure_round_trips(key in disclosure_key()) {
            prop_assert_eq!(DisclosureKey::decode(&key.encode()).expect("decode"), key.clone());
            let article = ArticleKey::Disclosure(key);
            prop_assert_eq!(ArticleKey::decode(&article.encode()).expect("decode"), article);
        }

        #[test]
        fn prop_cursor_arbitrary_text_never_panics(cursor in cursor_text()) {
            // Whatever decodes re-encodes to the same position, and every decoded position
            // translates to both lists.
            if let Ok(key) = NewsKey::decode(&cursor) {
                prop_assert_eq!(NewsKey::decode(&key.encode()).expect("again"), key);
            }
            if let Ok(key) = DisclosureKey::decode(&cursor) {
                prop_assert!(is_rcept_no(&key.rcept_no));
                prop_assert_eq!(DisclosureKey::decode(&key.encode()).expect("again"), key);
            }
            match ArticleKey::decode(&cursor) {
                Ok(key) => {
                    let _ = key.news_after();
                    let _ = key.disclosures_after();
                    prop_assert_eq!(ArticleKey::decode(&key.encode()).expect("again"), key);
                }
                Err(error) => prop_assert_eq!(error.code, "invalid_cursor"),
            }
        }

        #[test]
        fn prop_cursor_after_news_come_the_disclosures_of_its_day_and_before(
            key in news_key(),
            day in any_date(),
        ) {
            // A disclosure follows a news item in the merged order when its instant (00:00
            // KST of its day) is at or before the item's: news sort first at one instant.
            let follows = start_of_day_ms(day) <= key.published_at_ms;
            // The store's test: (rcept_dt, rcept_no) < the key's, as `YYYY-MM-DD` text.
            let listed = match ArticleKey::News(key).disclosures_after() {
                None => true,
                Some(after) => {
                    let text = |d: NaiveDate| d.format("%Y-%m-%d").to_string();
                    (text(day), "20260821000001") < (text(after.rcept_dt), after.rcept_no.as_str())
                }
            };
            prop_assert_eq!(listed, follows);
        }
    }
}
