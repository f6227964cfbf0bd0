//! News: the RSS 2.0 / Atom ingestor (`feed-rs` over `reqwest`) and the labelled demo samples.
//!
//! Each run fetches every configured feed (retrying network errors and HTTP 5xx/429 with
//! exponential backoff), parses it whole, tags each entry with the stocks its title and
//! summary name ([`Tagger`]) and stores the entries whose link is new, each with its
//! `events.market.news_published` event in the same transaction (the outbox; the service's
//! relay publishes it). Consumers key the event by the item's link. A feed that cannot be parsed is
//! logged and counted and contributes nothing; the other feeds go on.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use anyhow::Context;
use prost::Message;
use serde::Deserialize;
use sise_platform::bus::Headers;
use sise_platform::outbox;
use sise_proto::market::v1 as pb;

use super::config::NewsSettings;
use super::store::{ArticleStore, NewNewsItem};
use super::tagger::Tagger;

pub const SUBJECT: &str = "events.market.news_published";
pub const SAMPLES_FILE: &str = "sample_news_ko.json";
pub const SAMPLE_PUBLISHER: &str = "Sise 샘플 뉴스";
const SAMPLES_META_KEY: &str = "sample_news";
/// Longest stored summary, in characters.
const SUMMARY_CHARS: usize = 300;

#[derive(Debug, thiserror::Error)]
pub enum FeedError {
    #[error("request failed: {0}")]
    Network(#[source] reqwest::Error),
    #[error("HTTP status {0}")]
    Http(reqwest::StatusCode),
    #[error("malformed feed: {0}")]
    Malformed(String),
    #[error(transparent)]
    Store(#[from] anyhow::Error),
}

impl FeedError {
    fn is_retryable(&self) -> bool {
        match self {
            Self::Network(_) => true,
            Self::Http(status) => status.is_server_error() || status.as_u16() == 429,
            Self::Malformed(_) | Self::Store(_) => false,
        }
    }
}

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

/// Text without markup: tags dropped (block elements leave a space), common entities
/// decoded, whitespace collapsed.
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
    let decoded = decode_entities(&text);
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn decode_entities(text: &str) -> String {
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

fn truncate_chars(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(max - 1).collect();
    cut.push('…');
    cut
}

/// Parse one feed document into items (nothing for a feed that does not parse). Entries
/// without an http(s) link or a title are skipped; a missing date is `now_ms`, a date in
/// the future is clamped to `now_ms`.
pub fn parse_feed(
    body: &[u8],
    feed_url: &str,
    tagger: &Tagger,
    now_ms: i64,
) -> Result<(Vec<NewNewsItem>, usize), FeedError> {
    let feed = feed_rs::parser::parse(body).map_err(|e| FeedError::Malformed(e.to_string()))?;
    let publisher = feed
        .title
        .as_ref()
        .map(|t| plain_text(&t.content))
        .filter(|t| !t.is_empty())
        .or_else(|| {
            url::Url::parse(feed_url)
                .ok()
                .and_then(|u| u.host_str().map(str::to_owned))
        })
        .unwrap_or_else(|| feed_url.to_owned());
    let mut items = Vec::with_capacity(feed.entries.len());
    let mut skipped = 0;
    for entry in feed.entries {
        let link = entry
            .links
            .iter()
            .find(|l| l.rel.as_deref().is_none_or(|r| r == "alternate"))
            .or(entry.links.first())
            .map(|l| l.href.trim().to_owned())
            .or_else(|| Some(entry.id.trim().to_owned()))
            .filter(|href| href.starts_with("https://") || href.starts_with("http://"));
        let title = entry
            .title
            .as_ref()
            .map(|t| plain_text(&t.content))
            .unwrap_or_default();
        let (Some(url), false) = (link, title.is_empty()) else {
            skipped += 1;
            continue;
        };
        let summary = entry
            .summary
            .as_ref()
            .map(|t| plain_text(&t.content))
            .or_else(|| {
                entry
                    .content
                    .as_ref()
                    .and_then(|c| c.body.as_deref())
                    .map(plain_text)
            })
            .unwrap_or_default();
        let summary = truncate_chars(&summary, SUMMARY_CHARS);
        let published_at_ms = entry
            .published
            .or(entry.updated)
            .map(|t| t.timestamp_millis())
            .unwrap_or(now_ms)
            .min(now_ms);
        let security_ids = tagger.tag(&format!("{title}\n{summary}"));
        items.push(NewNewsItem {
            url,
            title: truncate_chars(&title, 200),
            summary,
            publisher: truncate_chars(&publisher, 100),
            published_at_ms,
            source: feed_url.to_owned(),
            sample: false,
            security_ids,
        });
    }
    Ok((items, skipped))
}

/// Counters of the ingestor, for logs and tests.
#[derive(Debug, Default)]
pub struct NewsStats {
    pub requests: AtomicU64,
    pub retries: AtomicU64,
    pub malformed_feeds: AtomicU64,
    pub failed_feeds: AtomicU64,
    pub inserted: AtomicU64,
    pub skipped_entries: AtomicU64,
}

/// The result of one run over every feed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunReport {
    pub feeds: usize,
    pub failed_feeds: usize,
    pub items: usize,
    pub inserted: usize,
}

pub struct NewsIngestor {
    http: reqwest::Client,
    store: ArticleStore,
    tagger: Arc<Tagger>,
    settings: NewsSettings,
    stats: Arc<NewsStats>,
}

impl NewsIngestor {
    /// `None` when no feed is configured (the ingestor is disabled).
    pub fn new(
        settings: NewsSettings,
        store: ArticleStore,
        tagger: Arc<Tagger>,
    ) -> anyhow::Result<Option<Self>> {
        if settings.feeds.is_empty() {
            return Ok(None);
        }
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(settings.request_timeout_secs.max(1)))
            .user_agent("sise-market/0.1 (news feeds)")
            .build()?;
        Ok(Some(Self {
            http,
            store,
            tagger,
            settings,
            stats: Arc::default(),
        }))
    }

    pub fn stats(&self) -> Arc<NewsStats> {
        self.stats.clone()
    }

    /// Poll until cancelled: one run at once, then one every `poll_interval_secs`.
    pub async fn run(self, cancel: tokio_util::sync::CancellationToken) {
        let interval = Duration::from_secs(self.settings.poll_interval_secs.max(1));
        loop {
            tokio::select! {
                report = self.run_once() => tracing::info!(
                    feeds = report.feeds, failed = report.failed_feeds,
                    items = report.items, inserted = report.inserted,
                    "news ingestion run complete"
                ),
                () = cancel.cancelled() => return,
            }
            tokio::select! {
                () = tokio::time::sleep(interval) => {}
                () = cancel.cancelled() => return,
            }
        }
    }

    /// Every feed once; a failing feed does not stop the others.
    pub async fn run_once(&self) -> RunReport {
        let mut report = RunReport::default();
        for feed in &self.settings.feeds {
            report.feeds += 1;
            match self.ingest_feed(feed).await {
                Ok((items, inserted)) => {
                    report.items += items;
                    report.inserted += inserted;
                }
                Err(error) => {
                    report.failed_feeds += 1;
                    self.stats.failed_feeds.fetch_add(1, Ordering::Relaxed);
                    if matches!(error, FeedError::Malformed(_)) {
                        self.stats.malformed_feeds.fetch_add(1, Ordering::Relaxed);
                    }
                    tracing::warn!(feed, %error, "news feed skipped this run");
                }
            }
        }
        report
    }

    /// One feed: returns (entries read, entries new).
    pub async fn ingest_feed(&self, feed_url: &str) -> Result<(usize, usize), FeedError> {
        let body = self.fetch_with_retry(feed_url).await?;
        let now = chrono::Utc::now().timestamp_millis();
        let (items, skipped) = parse_feed(&body, feed_url, &self.tagger, now)?;
        self.stats
            .skipped_entries
            .fetch_add(skipped as u64, Ordering::Relaxed);
        let mut inserted = 0;
        for item in &items {
            if !self.store_with_event(item, now).await? {
                continue;
            }
            inserted += 1;
            self.stats.inserted.fetch_add(1, Ordering::Relaxed);
        }
        Ok((items.len(), inserted))
    }

    async fn fetch_with_retry(&self, feed_url: &str) -> Result<bytes::Bytes, FeedError> {
        let retry = &self.settings.retry;
        let mut attempt = 1;
        loop {
            self.stats.requests.fetch_add(1, Ordering::Relaxed);
            match self.fetch(feed_url).await {
                Ok(body) => return Ok(body),
                Err(error) if error.is_retryable() && attempt < retry.attempts() => {
                    let wait = retry.backoff(attempt);
                    tracing::warn!(feed = feed_url, %error, attempt, "news feed request failed; retrying");
                    self.stats.retries.fetch_add(1, Ordering::Relaxed);
                    tokio::time::sleep(wait).await;
                    attempt += 1;
                }
                Err(error) => return Err(error),
            }
        }
    }

    async fn fetch(&self, feed_url: &str) -> Result<bytes::Bytes, FeedError> {
        let response = self
            .http
            .get(feed_url)
            .header(
                reqwest::header::ACCEPT,
                "application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.8",
            )
            .send()
            .await
            .map_err(FeedError::Network)?;
        if !response.status().is_success() {
            return Err(FeedError::Http(response.status()));
        }
        response.bytes().await.map_err(FeedError::Network)
    }

    /// Stores `item` unless its link is known, with its event in the same transaction;
    /// returns whether it was new.
    async fn store_with_event(&self, item: &NewNewsItem, now: i64) -> anyhow::Result<bool> {
        let db = self.store.database();
        let mut tx = db.pool.begin().await?;
        let Some(stored) = ArticleStore::insert_news_in(&mut tx, item, now).await? else {
            return Ok(false);
        };
        let event = pb::NewsPublished {
            news: Some(super::grpc::news_to_proto(stored)),
        };
        outbox::enqueue(&mut tx, SUBJECT, Headers::new(), &event.encode_to_vec()).await?;
        outbox::commit(db, tx).await?;
        Ok(true)
    }
}

#[derive(Deserialize)]
struct SampleFile {
    version: String,
    publisher: String,
    items: Vec<SampleItem>,
}

#[derive(Deserialize)]
struct SampleItem {
    key: String,
    hours_ago: i64,
    title: String,
    summary: String,
    security_codes: Vec<String>,
}

/// The labelled demo samples, dated `hours_ago` before `now_ms`. Each links to its first
/// stock's news tab in the app (there is no article behind a sample).
pub fn sample_items(dataset_dir: &Path, now_ms: i64) -> anyhow::Result<(String, Vec<NewNewsItem>)> {
    let path = dataset_dir.join(SAMPLES_FILE);
    let file: SampleFile = serde_json::from_slice(
        &std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?,
    )
    .with_context(|| format!("malformed {}", path.display()))?;
    anyhow::ensure!(
        file.publisher == SAMPLE_PUBLISHER,
        "sample news must be published as {SAMPLE_PUBLISHER}"
    );
    let items = file
        .items
        .into_iter()
        .map(|item| {
            let security_ids = item
                .security_codes
                .iter()
                .map(|code| {
                    crate::domain::SecurityId::from_code(code)
                        .map(|id| id.as_str().to_owned())
                        .map_err(|e| anyhow::anyhow!("sample {}: {e}", item.key))
                })
                .collect::<anyhow::Result<Vec<_>>>()?;
            let first = security_ids
                .first()
                .with_context(|| format!("sample {} names no stock", item.key))?;
            Ok(NewNewsItem {
                url: format!("/m/stocks/{first}/articles/news#sample-news-{}", item.key),
                title: item.title,
                summary: item.summary,
                publisher: file.publisher.clone(),
                published_at_ms: now_ms - item.hours_ago * 3_600_000,
                source: "sample".to_owned(),
                sample: true,
                security_ids,
            })
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok((file.version, items))
}

/// Seed the samples once per sample-file version (no events: they are not news).
/// Returns how many were new, `None` when this version was seeded before.
pub async fn seed_samples(
    store: &ArticleStore,
    dataset_dir: &Path,
    now_ms: i64,
) -> anyhow::Result<Option<usize>> {
    let (version, items) = sample_items(dataset_dir, now_ms)?;
    if store.meta(SAMPLES_META_KEY).await?.as_deref() == Some(version.as_str()) {
        return Ok(None);
    }
    let mut inserted = 0;
    for item in &items {
        if store.insert_news(item, now_ms).await?.is_some() {
            inserted += 1;
        }
    }
    store.set_meta(SAMPLES_META_KEY, &version).await?;
    Ok(Some(inserted))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data_dir() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
    }

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
        assert_eq!(truncate_chars("가나다라", 3), "가나…");
        assert_eq!(truncate_chars("가나", 3), "가나");
    }

    #[test]
    fn samples_are_labelled_recent_and_tagged_as_the_tagger_would() {
        let now = 1_790_000_000_000;
        let (version, items) = sample_items(&data_dir(), now).expect("samples");
        assert!(!version.is_empty());
        assert!((15..=30).contains(&items.len()), "{}", items.len());
        let listing = crate::dataset::load_listing(&data_dir()).expect("listing");
        let tagger = Tagger::new(&listing).expect("tagger");
        let mut urls = std::collections::HashSet::new();
        for item in &items {
            assert!(item.sample);
            assert_eq!(item.publisher, SAMPLE_PUBLISHER);
            assert!(item.title.contains("샘플"), "{}", item.title);
            assert!(
                item.summary.contains("실제 뉴스가 아닙니다"),
                "{}",
                item.summary
            );
            assert!(item.published_at_ms < now);
            assert!(item.published_at_ms > now - 8 * 86_400_000, "within a week");
            assert!(urls.insert(item.url.clone()), "unique links");
            let mut expected = item.security_ids.clone();
            expected.sort();
            assert_eq!(
                tagger.tag(&format!("{}\n{}", item.title, item.summary)),
                expected,
                "{}",
                item.title
            );
        }
    }
}
