//! Plain text from what feeds and APIs send: markup dropped, entities decoded, control
//! characters removed, whitespace collapsed, length capped. Every step is one pass over the
//! input, so the cost is linear in its length whatever it holds.

/// Elements that separate text (a tag of any other element is dropped without a space).
const BLOCK_TAGS: &[&str] = &[
    "p",
    "br",
    "div",
    "li",
    "ul",
    "ol",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "tr",
    "td",
    "th",
    "table",
    "blockquote",
    "hr",
    "section",
    "article",
];

/// Text without markup: tags dropped (block elements leave a space), entities decoded,
/// control characters dropped, whitespace collapsed.
pub fn plain_text(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        text.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('>') else {
            // A lone '<' is text.
            text.push_str(&rest[open..]);
            rest = "";
            break;
        };
        let tag = &rest[open + 1..open + close];
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        if BLOCK_TAGS.contains(&name.as_str()) {
            text.push(' ');
        }
        rest = &rest[open + close + 1..];
    }
    text.push_str(rest);
    collapse(&decode_entities(&text))
}

/// Every named (HTML5) and numeric character reference decoded, by the WHATWG rules for
/// attribute values: a name without its `;` followed by a letter, a digit or `=` stays
/// text (`&notice` is not `¬ice`), as in prose that uses `&` loosely.
pub fn decode_entities(text: &str) -> String {
    htmlize::unescape_attribute(text).into_owned()
}

/// Whitespace runs become one space, control characters (which PostgreSQL cannot store, in
/// the case of NUL) are dropped, the ends trimmed.
pub fn collapse(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().filter(|c| !c.is_control()));
    }
    out
}

/// At most `max` characters; a cut text ends in `…`.
pub fn truncate_chars(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn strips_markup_and_entities() {
        assert_eq!(
            plain_text(
                "<p>삼성전자 &amp; SK하이닉스</p><br/>&lt;속보&gt;&#44592;&#xAE30; &nbsp; 끝"
            ),
            "삼성전자 & SK하이닉스 <속보>기기 끝"
        );
        assert_eq!(
            plain_text("<P>삼성전자가 <b>잠정 실적</b>을 발표</P>다음<br>줄 1 < 2"),
            "삼성전자가 잠정 실적을 발표 다음 줄 1 < 2"
        );
        assert_eq!(plain_text("a &unknown; b & c"), "a &unknown; b & c");
        assert_eq!(
            plain_text("R&D, M&A, AT&T &notice"),
            "R&D, M&A, AT&T &notice"
        );
        assert_eq!(plain_text("&copy; 2026 &mdash; &hellip;"), "© 2026 — …");
        assert_eq!(
            plain_text("a&#0;b\u{0}c\u{7}d"),
            "a\u{fffd}bcd",
            "no NUL survives"
        );
        assert_eq!(truncate_chars("가나다라", 3), "가나…");
        assert_eq!(truncate_chars("가나", 3), "가나");
        assert_eq!(truncate_chars("가나", 0), "…");
    }

    #[test]
    fn ampersand_floods_decode() {
        // The old decoder searched the rest of the text for a ';' after every '&': a feed of
        // ampersands took quadratic time. Decoding is now one pass.
        let flood = "&".repeat(1_000_000);
        assert_eq!(decode_entities(&flood), flood);
        let semicolon_at_the_end = format!("{}x;", "&".repeat(1_000_000));
        assert_eq!(plain_text(&semicolon_at_the_end).len(), 1_000_002);
        let unterminated = "&#1234567".repeat(100_000);
        assert_eq!(decode_entities(&unterminated).chars().count(), 100_000);
    }

    /// The decoder this module replaced: the five XML entities, `&nbsp;` and numeric
    /// references, each within 10 bytes of its `&`. Kept as the reference for normal text.
    fn old_decode_entities(text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(amp) = rest.find('&') {
            out.push_str(&rest[..amp]);
            rest = &rest[amp..];
            let decoded = rest.find(';').filter(|&end| end <= 10).and_then(|end| {
                let entity = &rest[1..end];
                let c = match entity {
                    "amp" => Some('&'),
                    "lt" => Some('<'),
                    "gt" => Some('>'),
                    "quot" => Some('"'),
                    "apos" => Some('\''),
                    "nbsp" => Some(' '),
                    _ => entity
                        .strip_prefix("#x")
                        .or_else(|| entity.strip_prefix("#X"))
                        .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                        .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                        .and_then(char::from_u32),
                }?;
                Some((c, end + 1))
            });
            match decoded {
                Some((c, len)) => {
                    out.push(c);
                    rest = &rest[len..];
                }
                None => {
                    out.push('&');
                    rest = &rest[1..];
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// Text as feeds write it: words (Hangul, Latin, digits, punctuation), whitespace, the
    /// entities the old decoder knew, numeric references to printable characters, a loose
    /// `&` before a space, and unknown `&name;`s.
    fn normal_text() -> impl Strategy<Value = String> {
        let token = prop_oneof![
            "[가-힣a-zA-Z0-9.,:()%-]{1,8}",
            Just(" ".to_owned()),
            Just("\n\t".to_owned()),
            prop::sample::select(vec!["&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&nbsp;"])
                .prop_map(str::to_owned),
            (0x20u32..0x7f).prop_map(|c| format!("&#{c};")),
            (0xac00u32..0xd7a4).prop_map(|c| format!("&#x{c:X};")),
            Just("& ".to_owned()),
            "&[a-z]{6,12}q;",
            "</?(p|b|br|div|span)>",
        ];
        prop::collection::vec(token, 0..40).prop_map(|tokens| tokens.concat())
    }

    proptest! {
        #[test]
        fn prop_text_same_as_the_old_decoder_on_normal_text(text in normal_text()) {
            let old = collapse(&old_decode_entities(&text));
            prop_assert_eq!(collapse(&decode_entities(&text)), old);
        }

        #[test]
        fn prop_text_any_input_decodes_without_control_characters(text in any::<String>()) {
            let plain = plain_text(&text);
            prop_assert!(!plain.chars().any(char::is_control), "{:?}", plain);
            prop_assert_eq!(plain.trim(), plain.as_str());
            prop_assert!(!plain.contains("  "));
            prop_assert_eq!(truncate_chars(&plain, 5).chars().count(), plain.chars().count().min(5));
        }

        #[test]
        fn prop_text_ampersand_heavy_input(text in "[&;#xa-f0-9<>]{0,400}") {
            let plain = plain_text(&text);
            prop_assert!(!plain.chars().any(char::is_control));
        }
    }
}
