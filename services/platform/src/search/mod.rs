//! Search of names as Korean readers type them, shared by every service that searches a
//! list of names (market's assets, social's topics):
//! - `text`: the folded, jamo and 초성 forms that queries and keys share;
//! - `keys`: an index of the keys a person may type for each entry (finite-state
//!   transducers), answering each match with its [`keys::Tier`]; the order inside a tier is
//!   the caller's;
//! - here: the request rules every ranked search shares (a required, bounded keyword; pages
//!   by position in the ranking).

use crate::error::{DomainError, ErrorCode};

use self::keys::MAX_QUERY_CHARS;

pub mod keys;
pub mod text;

/// The keyword, trimmed: required, at most [`MAX_QUERY_CHARS`] characters.
pub fn keyword(text: &str) -> Result<&str, DomainError> {
    let keyword = text.trim();
    if keyword.is_empty() {
        return Err(ErrorCode::MissingKeyword.into());
    }
    if keyword.chars().count() > MAX_QUERY_CHARS {
        return Err(DomainError::with_max(
            ErrorCode::KeywordTooLong,
            MAX_QUERY_CHARS,
        ));
    }
    Ok(keyword)
}

/// A page of a ranked list: the offset `cursor` names, `limit` items, and the next cursor
/// (the position of the next page: market's asset search and trends, social's topics). A position past
/// the end (the list shrank since the previous page) is an empty last page; only a cursor
/// that is not a position is refused.
pub fn offset_page<T>(
    items: Vec<T>,
    cursor: &str,
    limit: usize,
) -> Result<(Vec<T>, Option<String>), DomainError> {
    let start = if cursor.is_empty() {
        0
    } else {
        cursor
            .parse::<usize>()
            .ok()
            .filter(|&start| start > 0)
            .ok_or(ErrorCode::InvalidCursor)?
            .min(items.len())
    };
    let end = start.saturating_add(limit).min(items.len());
    let next = (end < items.len()).then(|| end.to_string());
    Ok((
        items.into_iter().skip(start).take(end - start).collect(),
        next,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_by_offset_to_the_end() {
        let items: Vec<u32> = (0..25).collect();
        let (first, next) = offset_page(items.clone(), "", 10).expect("first");
        assert_eq!(first, (0..10).collect::<Vec<_>>());
        assert_eq!(next.as_deref(), Some("10"));
        let (last, next) = offset_page(items.clone(), "20", 10).expect("last");
        assert_eq!(last, (20..25).collect::<Vec<_>>());
        assert_eq!(next, None);
        let (past, next) = offset_page(items.clone(), "26", 10).expect("past the end");
        assert!(past.is_empty() && next.is_none());
        for bad in ["0", "-1", "x", "99999999999999999999"] {
            assert!(offset_page(items.clone(), bad, 10).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_keyword_is_required_and_bounded() {
        assert!(keyword("  ").is_err());
        assert_eq!(keyword(" 삼성 ").ok(), Some("삼성"));
        assert!(keyword(&"가".repeat(MAX_QUERY_CHARS + 1)).is_err());
    }
}
