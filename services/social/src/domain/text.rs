//! What members write, as it is stored and compared (docs/api.md, "Community", Content):
//! plain text in NFC, line breaks kept (CRLF, CR, NEL and the Unicode line and paragraph
//! separators become LF; at most two blank lines in a row), trailing spaces of each line
//! dropped, tabs as spaces, controls, format and bidirectional characters removed (a
//! zero-width joiner is kept between two emoji, where it joins them), trimmed; then
//! counted in characters against the limit of its kind.
//!
//! Input far beyond its limit is refused before any of that work ([`too_large`]): a
//! member's text is bounded by its size in bytes first, then by its characters.

use std::sync::LazyLock;

use regex::Regex;
use sise_platform::error::{DomainError, ErrorCode};
use unicode_normalization::UnicodeNormalization as _;

const ZWJ: char = '\u{200D}';

/// Invisible characters that are not whitespace: format characters (general category Cf:
/// zero-width spaces and joiners, direction marks, embeddings, overrides and isolates,
/// the byte-order mark, …) and the Hangul fillers, which show nothing but count as letters.
static INVISIBLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"[\p{Cf}\u{115F}\u{1160}\u{3164}\u{FFA0}]").expect("valid pattern")
});

/// Pictographs a zero-width joiner may join (👨‍👩‍👧, 🏳️‍🌈): symbols, and the
/// variation selector and skin tones that end an emoji.
static JOINABLE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[\p{So}\u{FE0F}\u{1F3FB}-\u{1F3FF}]$").expect("valid pattern"));

fn joinable(c: Option<char>) -> bool {
    c.is_some_and(|c| {
        let mut buf = [0u8; 4];
        JOINABLE.is_match(c.encode_utf8(&mut buf))
    })
}

/// Bytes of raw input allowed for each character of a limit. A character is at most 4 bytes
/// of UTF-8, and normalising may fold several bytes into one character or none (a Hangul
/// syllable written as three jamo is 9 bytes, CRLF is one line break, trailing spaces and
/// invisible characters go): 4 times 4 bytes leaves room for any text a member means to
/// write, while a megabyte sent as a 300-character comment is refused before normalising.
pub const RAW_BYTES_PER_CHAR: usize = 4 * 4;

/// Whether `raw` is too large to be within `max_chars` characters once normalised, checked
/// before [`normalize`] (whose work grows with the input): refuse it as too long.
pub fn too_large(raw: &str, max_chars: usize) -> bool {
    raw.len() > max_chars.saturating_mul(RAW_BYTES_PER_CHAR)
}

/// `raw` as it is stored (see the module note); may be empty.
pub fn normalize(raw: &str) -> String {
    let unified = raw
        .replace("\r\n", "\n")
        .replace(['\r', '\u{85}', '\u{2028}', '\u{2029}'], "\n");
    let nfc: Vec<char> = unified.nfc().collect();
    let mut kept = String::with_capacity(unified.len());
    for (i, &c) in nfc.iter().enumerate() {
        if c == '\n' {
            kept.push(c);
        } else if c == '\t' {
            kept.push(' ');
        } else if c.is_control() {
            continue;
        } else if c == ZWJ {
            if joinable(i.checked_sub(1).map(|p| nfc[p])) && joinable(nfc.get(i + 1).copied()) {
                kept.push(c);
            }
        } else {
            let mut buf = [0u8; 4];
            if !INVISIBLE.is_match(c.encode_utf8(&mut buf)) {
                kept.push(c);
            }
        }
    }
    let mut out = String::with_capacity(kept.len());
    let mut blank_run = 0;
    for line in kept.split('\n') {
        let line = line.trim_end();
        if line.is_empty() {
            blank_run += 1;
            if blank_run > 2 {
                continue;
            }
        } else {
            blank_run = 0;
        }
        out.push_str(line);
        out.push('\n');
    }
    out.trim().to_owned()
}

/// `raw` normalised and within `1..=max` characters: `content_required` when nothing is
/// left, `too_long` (with the limit) beyond it or when `raw` is [`too_large`] for it.
pub fn content(raw: &str, max: usize, too_long: ErrorCode) -> Result<String, DomainError> {
    if too_large(raw, max) {
        return Err(DomainError::with_max(too_long, max));
    }
    let text = normalize(raw);
    if text.is_empty() {
        return Err(ErrorCode::ContentRequired.into());
    }
    if text.chars().count() > max {
        return Err(DomainError::with_max(too_long, max));
    }
    Ok(text)
}

/// The first `chars` characters of `text` on one line (a post's excerpt).
pub fn excerpt(text: &str, chars: usize) -> String {
    let one_line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut cut: String = one_line.chars().take(chars).collect();
    if one_line.chars().count() > chars {
        cut.push('…');
    }
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_breaks_are_kept_and_blank_runs_capped() {
        assert_eq!(
            normalize("  가즈아\r\n\r\n\r\n\r\n\r\n내일  \r떡상  "),
            "가즈아\n\n\n내일\n떡상"
        );
        assert_eq!(normalize("a\n\n\nb"), "a\n\n\nb");
        assert_eq!(normalize("a\n \n\t\n  \nb"), "a\n\n\nb");
        assert_eq!(normalize("탭\t구분"), "탭 구분");
        assert_eq!(normalize("a\u{2028}b\u{85}c"), "a\nb\nc");
    }

    #[test]
    fn nfc_and_invisible_characters() {
        // 한 written as jamo (NFD) is stored as the syllable.
        assert_eq!(normalize("\u{1112}\u{1161}\u{11AB}"), "한");
        // Direction overrides, zero-width spaces, BOM, controls, Hangul fillers: gone.
        assert_eq!(
            normalize("\u{202E}abc\u{202C}\u{200B}d\u{FEFF}e\u{0007}f\u{3164}"),
            "abcdef"
        );
        assert_eq!(normalize("\u{200B}\u{3164}\u{2066}  "), "");
        // A joiner between two emoji stays (a family); elsewhere it goes.
        assert_eq!(
            normalize("👨\u{200D}👩\u{200D}👧"),
            "👨\u{200D}👩\u{200D}👧"
        );
        assert_eq!(normalize("가\u{200D}나"), "가나");
        assert_eq!(normalize("❤\u{FE0F}"), "❤\u{FE0F}");
    }

    #[test]
    fn limits_count_characters() {
        let post = |s: &str| content(s, 1000, ErrorCode::PostTooLong);
        assert_eq!(
            post(&"가".repeat(1000)).map(|t| t.chars().count()),
            Ok(1000)
        );
        let refused = post(&"가".repeat(1001)).expect_err("too long");
        assert_eq!(refused.code, ErrorCode::PostTooLong);
        assert_eq!(refused.message, "글은 1000자까지 쓸 수 있습니다.");
        // Whitespace and invisibles around it do not count.
        assert!(post(&format!("  {}\u{200B}\n\n", "가".repeat(1000))).is_ok());
        assert_eq!(
            post(" \n\u{200B} ").map_err(|e| e.code),
            Err(ErrorCode::ContentRequired)
        );
        let comment = content(&"a".repeat(301), 300, ErrorCode::CommentTooLong);
        assert_eq!(
            comment.map_err(|e| e.message.into_owned()),
            Err("댓글은 300자까지 쓸 수 있습니다.".to_owned())
        );
    }

    #[test]
    fn input_far_beyond_the_limit_is_refused_before_normalising() {
        let comment = |s: &str| content(s, 300, ErrorCode::CommentTooLong);
        // Two megabytes that would normalise to nothing: refused as too long, not as empty.
        let huge = format!("가{}", " ".repeat(2 * 1024 * 1024));
        let refused = comment(&huge).expect_err("too large");
        assert_eq!(refused.code, ErrorCode::CommentTooLong);
        assert_eq!(refused.message, "댓글은 300자까지 쓸 수 있습니다.");
        assert!(too_large(&huge, 300));
        // The bound is generous: 300 syllables written as jamo (9 bytes each), each with a
        // zero-width space, and trailing blank lines still pass.
        let jamo = format!(
            "{}  \r\n\r\n",
            "\u{1112}\u{1161}\u{11AB}\u{200B}".repeat(300)
        );
        assert!(!too_large(&jamo, 300));
        assert_eq!(comment(&jamo).map(|t| t.chars().count()), Ok(300));
        // At the bound and one byte past it.
        let at = "a".repeat(300 * RAW_BYTES_PER_CHAR);
        assert!(!too_large(&at, 300));
        assert!(too_large(&format!("{at}a"), 300));
    }

    #[test]
    fn excerpts_are_one_line() {
        assert_eq!(excerpt("가나\n\n다라", 10), "가나 다라");
        assert_eq!(excerpt("가나다라마", 3), "가나다…");
    }
}
