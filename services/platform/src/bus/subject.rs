//! Subject, pattern and name rules shared by both buses.
//!
//! The in-process bus must accept and reject exactly what NATS does, so that code
//! developed against the embedded default does not break when pointed at a server.

use anyhow::{Result, bail, ensure};

/// First token of every durable (JetStream) subject.
pub(super) const DURABLE_ROOT: &str = "events";

/// NATS wildcard matching: `*` matches exactly one token, `>` (last token only)
/// matches one or more trailing tokens. Both arguments are `.`-separated.
///
/// ```text
/// quotes.*  matches quotes.AAPL, not quotes.krx.005930
/// quotes.>  matches quotes.krx.005930, not quotes
/// ```
///
/// (The unit tests below check these; the workspace runs no doctests: scripts/run-rust-tests.py.)
pub fn subject_matches(pattern: &str, subject: &str) -> bool {
    let mut subject_tokens = subject.split('.');
    for p in pattern.split('.') {
        match (p, subject_tokens.next()) {
            (">", Some(_)) => return true,
            (_, None) => return false,
            ("*", Some(_)) => {}
            (p, Some(s)) if p == s => {}
            _ => return false,
        }
    }
    subject_tokens.next().is_none()
}

fn is_valid_token(token: &str) -> bool {
    !token.is_empty() && !token.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// A literal subject: non-empty tokens, no wildcards, no whitespace.
pub(super) fn validate_subject(subject: &str) -> Result<()> {
    for token in subject.split('.') {
        ensure!(
            is_valid_token(token) && !token.contains(['*', '>']),
            "invalid subject {subject:?}: tokens must be non-empty, without whitespace or wildcards"
        );
    }
    Ok(())
}

/// A subscription pattern: like a subject, but `*` may stand for a whole token and
/// `>` for the last one.
pub(super) fn validate_pattern(pattern: &str) -> Result<()> {
    let count = pattern.split('.').count();
    for (i, token) in pattern.split('.').enumerate() {
        let ok = match token {
            "*" => true,
            ">" => i + 1 == count,
            t => is_valid_token(t) && !t.contains(['*', '>']),
        };
        ensure!(
            ok,
            "invalid pattern {pattern:?}: `*` must be a whole token, `>` only the whole last token"
        );
    }
    Ok(())
}

fn is_durable(subject: &str) -> bool {
    subject.split('.').next() == Some(DURABLE_ROOT)
}

/// Subjects for best-effort `publish`: anything but `events.…`, which belongs to the
/// stream (a core publish there would be silently captured by JetStream).
pub(super) fn validate_live_subject(subject: &str) -> Result<()> {
    validate_subject(subject)?;
    if is_durable(subject) {
        bail!(
            "subject {subject:?} is reserved for durable events: use publish_durable, or a subject outside \"{DURABLE_ROOT}.>\""
        );
    }
    Ok(())
}

/// Subjects for `publish_durable`: `events.<at least one more token>`.
pub(super) fn validate_durable_subject(subject: &str) -> Result<()> {
    validate_subject(subject)?;
    if !is_durable(subject) || !subject.contains('.') {
        bail!(
            "durable subject {subject:?} must start with \"{DURABLE_ROOT}.\" (e.g. \"{DURABLE_ROOT}.market.security_viewed\")"
        );
    }
    Ok(())
}

/// Patterns for `consume_durable`: within `events.>`.
pub(super) fn validate_durable_pattern(pattern: &str) -> Result<()> {
    validate_pattern(pattern)?;
    if !is_durable(pattern) || !pattern.contains('.') {
        bail!(
            "durable consumer pattern {pattern:?} must lie within \"{DURABLE_ROOT}.>\" (e.g. \"{DURABLE_ROOT}.market.>\")"
        );
    }
    Ok(())
}

/// Durable consumer names become JetStream consumer names: `[A-Za-z0-9_-]`, at most 64.
pub(super) fn validate_consumer_name(name: &str) -> Result<()> {
    ensure!(
        !name.is_empty()
            && name.len() <= 64
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'),
        "invalid consumer name {name:?}: use 1 to 64 characters of [A-Za-z0-9_-]"
    );
    Ok(())
}

/// The namespace prefixes subjects and names the stream: a literal subject of
/// `[A-Za-z0-9_-]` tokens.
pub(super) fn validate_namespace(namespace: &str) -> Result<()> {
    ensure!(
        namespace.split('.').all(|t| !t.is_empty()
            && t.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')),
        "invalid bus namespace {namespace:?}: use `.`-separated tokens of [A-Za-z0-9_-]"
    );
    Ok(())
}

/// `sise` → `SISE_EVENTS`, `t-1.a` → `T_1_A_EVENTS` (stream names allow no `.`).
pub(super) fn stream_name(namespace: &str) -> String {
    let mut name: String = namespace
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .collect();
    name.push_str("_EVENTS");
    name
}

/// Header names and values must survive the NATS wire format (which would otherwise
/// panic in `async-nats`); the in-process bus checks the same so both behave alike.
pub(super) fn validate_headers(headers: &super::Headers) -> Result<()> {
    for (name, value) in headers {
        ensure!(
            !name.is_empty() && name.chars().all(|c| c.is_ascii_graphic() && c != ':'),
            "invalid header name {name:?}: printable ASCII without ':'"
        );
        ensure!(
            !value.contains(['\r', '\n']),
            "invalid value for header {name:?}: must not contain CR or LF"
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_patterns_match_only_themselves() {
        assert!(subject_matches("quotes.AAPL", "quotes.AAPL"));
        assert!(!subject_matches("quotes.AAPL", "quotes.MSFT"));
        assert!(!subject_matches("quotes.AAPL", "quotes.AAPL.x"));
        assert!(!subject_matches("quotes.AAPL.x", "quotes.AAPL"));
        assert!(!subject_matches("quotes", "quotesx"));
    }

    #[test]
    fn star_matches_exactly_one_token() {
        assert!(subject_matches("quotes.*", "quotes.AAPL"));
        assert!(!subject_matches("quotes.*", "quotes"));
        assert!(!subject_matches("quotes.*", "quotes.krx.005930"));
        assert!(subject_matches("*.krx.*", "quotes.krx.005930"));
        assert!(!subject_matches("*.krx.*", "quotes.nyse.AAPL"));
        assert!(subject_matches("*", "quotes"));
        assert!(!subject_matches("*", "quotes.AAPL"));
    }

    #[test]
    fn gt_matches_one_or_more_trailing_tokens() {
        assert!(subject_matches("quotes.>", "quotes.AAPL"));
        assert!(subject_matches("quotes.>", "quotes.krx.005930"));
        assert!(!subject_matches("quotes.>", "quotes"));
        assert!(!subject_matches("quotes.>", "news.AAPL"));
        assert!(subject_matches(">", "anything.at.all"));
        assert!(subject_matches("*.>", "a.b"));
        assert!(!subject_matches("*.>", "a"));
    }

    #[test]
    fn validation() {
        assert!(validate_subject("quotes.AAPL").is_ok());
        assert!(validate_subject("quotes..AAPL").is_err());
        assert!(validate_subject("quotes.*").is_err());
        assert!(validate_subject("quotes. x").is_err());
        assert!(validate_subject("").is_err());

        assert!(validate_pattern("quotes.>").is_ok());
        assert!(validate_pattern("*.krx.*").is_ok());
        assert!(validate_pattern("quotes.>.x").is_err());
        assert!(validate_pattern("quotes.a*").is_err());

        assert!(validate_live_subject("quotes.AAPL").is_ok());
        assert!(validate_live_subject("events.market.x").is_err());
        assert!(validate_live_subject("events").is_err());
        assert!(validate_live_subject("eventsx.a").is_ok());

        assert!(validate_durable_subject("events.market.security_viewed").is_ok());
        assert!(validate_durable_subject("events").is_err());
        assert!(validate_durable_subject("quotes.AAPL").is_err());
        assert!(validate_durable_subject("events.*").is_err());

        assert!(validate_durable_pattern("events.>").is_ok());
        assert!(validate_durable_pattern("events.market.*").is_ok());
        assert!(validate_durable_pattern("*.market.x").is_err());
        assert!(validate_durable_pattern(">").is_err());

        assert!(validate_consumer_name("market-indexer_1").is_ok());
        assert!(validate_consumer_name("a.b").is_err());
        assert!(validate_consumer_name("").is_err());

        assert!(validate_namespace("sise").is_ok());
        assert!(validate_namespace("t123.a-b").is_ok());
        assert!(validate_namespace("a.*").is_err());
        assert!(validate_namespace("").is_err());
    }

    #[test]
    fn stream_names() {
        assert_eq!(stream_name("sise"), "SISE_EVENTS");
        assert_eq!(stream_name("t-1.a"), "T_1_A_EVENTS");
    }

    #[test]
    fn headers() {
        let mut h = super::super::Headers::new();
        h.insert("traceparent".into(), "00-abc".into());
        assert!(validate_headers(&h).is_ok());
        h.insert("bad:name".into(), "x".into());
        assert!(validate_headers(&h).is_err());
        let mut h = super::super::Headers::new();
        h.insert("x".into(), "a\r\nb".into());
        assert!(validate_headers(&h).is_err());
    }
}
