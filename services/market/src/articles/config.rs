//! Configuration of the article ingestors: `services.market.dart` (OpenDART) and
//! `services.market.news` (RSS/Atom feeds). Documented in docs/configuration.md.

use std::time::Duration;

use secrecy::SecretString;
use serde::{Deserialize, Deserializer};

use super::http::Limits;

/// `services.market.dart`: the OpenDART disclosure ingestor. Without `api_key` the
/// ingestor is disabled (the bundled seed is still loaded).
#[derive(Clone, Debug, Deserialize)]
#[serde(default)]
pub struct DartSettings {
    /// OpenDART base address, e.g. `https://opendart.fss.or.kr` (the client calls
    /// `{base_url}/api/list.json`).
    pub base_url: String,
    /// The 40-character OpenDART key (`crtfc_key`); secret, set it through
    /// `SISE__SERVICES__MARKET__DART__API_KEY`.
    pub api_key: Option<SecretString>,
    /// Time between two ingestion runs.
    pub poll_interval_secs: u64,
    /// Receipt dates a run covers, counted back from today (KST); a run after an outage
    /// also covers every day since the last complete run (at most 90 days, the
    /// OpenDART limit for a search without a company).
    pub lookback_days: u32,
    /// `page_count` of each `list.json` request (OpenDART allows 1 to 100).
    pub page_count: u32,
    /// Timeout of one HTTP request.
    pub request_timeout_secs: u64,
    /// Pages one run reads at most: a window with more is read in sub-windows, oldest
    /// first, and the mark moves past each one read whole; the run then fails with the rest
    /// left to the next run (a single day with more pages fails every run: raise this).
    pub max_pages: u32,
    /// Longest response body read; a longer one fails the request.
    pub max_body_bytes: u64,
    /// Redirects followed per request, each to the same host and never from https to http.
    pub max_redirects: usize,
    /// Allow loopback, private, link-local and other non-public addresses (local fakes in
    /// development and tests); off by default and in production.
    pub allow_private_addresses: bool,
    pub retry: RetrySettings,
    /// Load the bundled real filings (`data/dart_list_sample_*.json`) once per dataset version.
    pub seed: bool,
}

impl Default for DartSettings {
    fn default() -> Self {
        Self {
            base_url: "https://opendart.fss.or.kr".to_owned(),
            api_key: None,
            poll_interval_secs: 900,
            lookback_days: 2,
            page_count: 100,
            request_timeout_secs: 20,
            max_pages: 200,
            max_body_bytes: 2 * MIB,
            max_redirects: 3,
            allow_private_addresses: false,
            retry: RetrySettings::default(),
            seed: true,
        }
    }
}

/// `services.market.news`: the RSS/Atom news ingestor. With no feeds it is disabled.
#[derive(Clone, Debug, Deserialize)]
#[serde(default)]
pub struct NewsSettings {
    /// Feed addresses (RSS 2.0 or Atom). In the environment: a comma-separated list.
    #[serde(deserialize_with = "list_or_comma_separated")]
    pub feeds: Vec<String>,
    pub poll_interval_secs: u64,
    /// Where the `/m/news` pages send the browser (spec §2).
    pub external_news_url: String,
    pub request_timeout_secs: u64,
    /// Longest response body read; a longer one fails the request.
    pub max_body_bytes: u64,
    /// Redirects followed per request, each to the same host and never from https to http.
    pub max_redirects: usize,
    /// Allow loopback, private, link-local and other non-public addresses (local fakes in
    /// development and tests); off by default and in production.
    pub allow_private_addresses: bool,
    pub retry: RetrySettings,
    /// Seed the clearly labelled sample news (`data/sample_news_ko.json`) once.
    pub seed_samples: bool,
    /// Days a feed item is kept, counted from its publication: older ones are pruned every
    /// hour and left out when a feed still lists them (the labelled samples are kept). The
    /// default covers the news windows of the 1-year chart's moves.
    pub retention_days: u32,
}

impl Default for NewsSettings {
    fn default() -> Self {
        Self {
            feeds: Vec::new(),
            poll_interval_secs: 600,
            external_news_url: "https://news.naver.com/section/101".to_owned(),
            request_timeout_secs: 20,
            max_body_bytes: 5 * MIB,
            max_redirects: 3,
            allow_private_addresses: false,
            retry: RetrySettings::default(),
            seed_samples: true,
            retention_days: 400,
        }
    }
}

const MIB: u64 = 1024 * 1024;

impl DartSettings {
    /// The limits of the `list.json` client.
    pub fn limits(&self) -> Limits {
        Limits {
            timeout: Duration::from_secs(self.request_timeout_secs.max(1)),
            max_body_bytes: self.max_body_bytes,
            max_redirects: self.max_redirects,
            allow_private_addresses: self.allow_private_addresses,
            user_agent: "sise-market/0.1 (OpenDART list.json)",
        }
    }
}

impl NewsSettings {
    /// The limits of the feed client.
    pub fn limits(&self) -> Limits {
        Limits {
            timeout: Duration::from_secs(self.request_timeout_secs.max(1)),
            max_body_bytes: self.max_body_bytes,
            max_redirects: self.max_redirects,
            allow_private_addresses: self.allow_private_addresses,
            user_agent: "sise-market/0.1 (news feeds)",
        }
    }

    /// [`Self::retention_days`] in milliseconds (at least a day).
    pub fn retention_ms(&self) -> i64 {
        i64::from(self.retention_days.max(1)) * 86_400_000
    }
}

/// Retry with exponential backoff: attempt `n` (1-based) that fails waits
/// `min(initial_backoff_ms * 2^(n-1), max_backoff_ms)` before attempt `n + 1`.
#[derive(Clone, Debug, Deserialize)]
#[serde(default)]
pub struct RetrySettings {
    /// Attempts per request (the first included) before the run gives up.
    pub max_attempts: u32,
    pub initial_backoff_ms: u64,
    pub max_backoff_ms: u64,
}

impl Default for RetrySettings {
    fn default() -> Self {
        Self {
            max_attempts: 6,
            initial_backoff_ms: 1_000,
            max_backoff_ms: 60_000,
        }
    }
}

impl RetrySettings {
    /// The wait after failed attempt `attempt` (1-based).
    pub fn backoff(&self, attempt: u32) -> Duration {
        let factor = 1u64 << attempt.saturating_sub(1).min(30);
        Duration::from_millis(
            self.initial_backoff_ms
                .saturating_mul(factor)
                .min(self.max_backoff_ms),
        )
    }

    pub fn attempts(&self) -> u32 {
        self.max_attempts.max(1)
    }
}

fn list_or_comma_separated<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Feeds {
        List(Vec<String>),
        Text(String),
    }
    let feeds = match Feeds::deserialize(d)? {
        Feeds::List(list) => list,
        Feeds::Text(text) => text.split(',').map(str::to_owned).collect(),
    };
    Ok(feeds
        .into_iter()
        .map(|f| f.trim().to_owned())
        .filter(|f| !f.is_empty())
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_the_cap() {
        let retry = RetrySettings {
            max_attempts: 5,
            initial_backoff_ms: 100,
            max_backoff_ms: 500,
        };
        let waits: Vec<u128> = (1..=5).map(|n| retry.backoff(n).as_millis()).collect();
        assert_eq!(waits, [100, 200, 400, 500, 500]);
        assert_eq!(retry.backoff(200).as_millis(), 500);
    }

    #[test]
    fn feeds_from_a_list_or_a_comma_separated_string() {
        let from_list: NewsSettings =
            serde_json::from_str(r#"{"feeds": ["https://a/rss", " https://b/atom "]}"#)
                .expect("list");
        assert_eq!(from_list.feeds, ["https://a/rss", "https://b/atom"]);
        let from_text: NewsSettings =
            serde_json::from_str(r#"{"feeds": "https://a/rss, ,https://b/atom"}"#).expect("text");
        assert_eq!(from_text.feeds, ["https://a/rss", "https://b/atom"]);
        let default: NewsSettings = serde_json::from_str("{}").expect("default");
        assert!(default.feeds.is_empty() && default.seed_samples);
        assert!(
            !default.allow_private_addresses,
            "public addresses only by default"
        );
        assert_eq!(default.limits().max_body_bytes, 5 * MIB);
        assert_eq!(default.retention_ms(), 400 * 86_400_000);
        let dart: DartSettings = serde_json::from_str("{}").expect("default");
        assert!(!dart.allow_private_addresses);
        assert_eq!((dart.max_body_bytes, dart.max_pages), (2 * MIB, 200));
    }
}
