//! Page cursors: opaque to clients (base64url), each naming the list it belongs to, so a
//! cursor of one list (another board, sort, scope or category) given to another is
//! `invalid_cursor` rather than a page of something else. Inside: the list's tag and the
//! keyset position after the last row of a page (its order columns).

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sise_platform::error::{DomainError, ErrorCode};

/// Longest cursor taken (a few numbers and a tag).
const MAX_CHARS: usize = 256;

/// `values` after the last row of a page of the list `tag`.
pub fn encode(tag: &str, values: &[i64]) -> String {
    let mut text = tag.to_owned();
    for value in values {
        text.push('|');
        text.push_str(&value.to_string());
    }
    URL_SAFE_NO_PAD.encode(text)
}

/// The position a cursor of list `tag` holds (`n` values), `None` for an empty cursor (the
/// first page), `invalid_cursor` for anything else.
pub fn decode(cursor: &str, tag: &str, n: usize) -> Result<Option<Vec<i64>>, DomainError> {
    if cursor.is_empty() {
        return Ok(None);
    }
    let invalid = || DomainError::from(ErrorCode::InvalidCursor);
    if cursor.len() > MAX_CHARS {
        return Err(invalid());
    }
    let bytes = URL_SAFE_NO_PAD.decode(cursor).map_err(|_| invalid())?;
    let text = String::from_utf8(bytes).map_err(|_| invalid())?;
    let mut parts = text.split('|');
    if parts.next() != Some(tag) {
        return Err(invalid());
    }
    let values: Vec<i64> = parts
        .map(|p| p.parse::<i64>().map_err(|_| invalid()))
        .collect::<Result<_, _>>()?;
    if values.len() != n {
        return Err(invalid());
    }
    Ok(Some(values))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_within_its_list() {
        let cursor = encode("p:KOREA-A005930:all::rank", &[-1_234, 42]);
        assert_eq!(
            decode(&cursor, "p:KOREA-A005930:all::rank", 2),
            Ok(Some(vec![-1_234, 42]))
        );
        assert_eq!(decode("", "anything", 2), Ok(None));
    }

    #[test]
    fn another_lists_cursor_or_junk_is_invalid() {
        let cursor = encode("p:KOREA-A005930:all::recent", &[42]);
        for (text, tag, n) in [
            (cursor.as_str(), "p:KOREA-A000660:all::recent", 1),
            (cursor.as_str(), "p:KOREA-A005930:all::rank", 2),
            (cursor.as_str(), "p:KOREA-A005930:all::recent", 2),
            ("!!!", "p", 1),
            ("cA", "p", 1),
            (&"A".repeat(300), "p", 1),
        ] {
            let refused = decode(text, tag, n).expect_err(text);
            assert_eq!(refused.code, ErrorCode::InvalidCursor);
        }
        // A number that is not one.
        let forged = URL_SAFE_NO_PAD.encode("c|1e3");
        assert!(decode(&forged, "c", 1).is_err());
    }
}
