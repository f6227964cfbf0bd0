//! News: the RSS 2.0 / Atom ingestor (`feed-rs` over the hardened client of
//! [`super::http`]) and the labelled demo samples.
//!
//! Each run fetches every configured feed (retrying network errors and HTTP 5xx/429 with
//! exponential backoff; a body over `max_body_bytes`, a refused address or redirect is not
//! retried), parses it whole, tags each entry with the stocks its title and summary name
//! ([`Tagger`]) and stores the entries whose link is new, each with its
//! `events.market.news_published` event in the same transaction (the outbox; the service's
//! relay publishes it). Consumers key the event by the item's link. A feed that cannot be
//! parsed is logged and counted and contributes nothing; the other feeds go on. An entry
//! that cannot be stored (no title, no http(s) link, a link over [`MAX_LINK_BYTES`]) is
//! skipped with a warning; the other entries of its feed are kept.
//!
//! Items are kept for `retention_days` from their publication ([`prune`], on the leader): an
//! entry older than that is left out, or a feed that still lists it would store it again
//! after each prune, with a new event.

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
use super::http::{HttpClient, HttpError};
use super::store::{ArticleStore, NewNewsItem};
use super::tagger::Tagger;
use super::text::{plain_text, truncate_chars};

pub const SUBJECT: &str = sise_platform::bus::acl::subjects::NEWS_PUBLISHED;
pub const SAMPLES_FILE: &str = "sample_news_ko.json";
pub const SAMPLE_PUBLISHER: &str = "Sise 샘플 뉴스";
const SAMPLES_META_KEY: &str = "sample_news";
/// Longest stored summary, title and publisher name, in characters.
const SUMMARY_CHARS: usize = 300;
const TITLE_CHARS: usize = 200;
const PUBLISHER_CHARS: usize = 100;
/// Time between two prunes of old items.
const PRUNE_EVERY: Duration = Duration::from_secs(3_600);
/// Longest stored link, in bytes. Real article links are far shorter; PostgreSQL's unique
/// index on the link refuses keys over about 2.7 kB, which used to fail the whole feed.
pub const MAX_LINK_BYTES: usize = 2_048;

#[derive(Debug, thiserror::Error)]
pub enum FeedError {
    #[error(transparent)]
    Fetch(#[from] HttpError),
    #[error("malformed feed: {0}")]
    Malformed(String),
    #[error(transparent)]
    Store(#[from] anyhow::Error),
}

impl FeedError {
    fn is_retryable(&self) -> bool {
        match self {
            Self::Fetch(error) => error.is_retryable(),
            Self::Malformed(_) | Self::Store(_) => false,
        }
    }
}

/// Why an entry of a feed that parsed is left out (the other entries are kept).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SkipReason {
    NoTitle,
    /// No link, or not an absolute http(s) address.
    NoLink,
    /// Longer than [`MAX_LINK_BYTES`]: it could not be stored (PostgreSQL's unique index
    /// takes at most about 2.7 kB per key).
    LinkTooLong,
}

/// One entry as stored, or why it is skipped. Every text is plain, free of control
/// characters and capped; the link is an absolute http(s) address of at most
/// [`MAX_LINK_BYTES`] without whitespace or control characters.
pub fn parse_entry(
    entry: &feed_rs::model::Entry,
    publisher: &str,
    feed_url: &str,
    tagger: &Tagger,
    now_ms: i64,
) -> Result<NewNewsItem, SkipReason> {
    let title = entry
        .title
        .as_ref()
        .map(|t| plain_text(&t.content))
        .unwrap_or_default();
    if title.is_empty() {
        return Err(SkipReason::NoTitle);
    }
    let href = entry
        .links
        .iter()
        .find(|l| l.rel.as_deref().is_none_or(|r| r == "alternate"))
        .or(entry.links.first())
        .map(|l| l.href.trim())
        .unwrap_or_else(|| entry.id.trim());
    let url = valid_link(href)?;
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
    Ok(NewNewsItem {
        url,
        title: truncate_chars(&title, TITLE_CHARS),
        summary,
        publisher: truncate_chars(publisher, PUBLISHER_CHARS),
        published_at_ms,
        source: feed_url.to_owned(),
        sample: false,
        security_ids,
    })
}

/// The link as written, if it is a storable absolute http(s) address.
fn valid_link(href: &str) -> Result<String, SkipReason> {
    if href.len() > MAX_LINK_BYTES {
        return Err(SkipReason::LinkTooLong);
    }
    let lower = href.get(..8).unwrap_or(href).to_ascii_lowercase();
    let http = lower.starts_with("https://") || lower.starts_with("http://");
    let clean = !href.chars().any(|c| c.is_whitespace() || c.is_control());
    let parsed = url::Url::parse(href)
        .ok()
        .filter(|u| matches!(u.scheme(), "http" | "https") && u.host_str().is_some());
    if http && clean && parsed.is_some() {
        Ok(href.to_owned())
    } else {
        Err(SkipReason::NoLink)
    }
}

/// Parse one feed document into items. A document that does not parse is an error; an
/// entry that cannot be stored ([`SkipReason`]) is skipped with a warning and counted, and
/// the other entries are kept. A missing date is `now_ms`, a date in the future is clamped
/// to `now_ms`.
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
    for entry in &feed.entries {
        match parse_entry(entry, &publisher, feed_url, tagger, now_ms) {
            Ok(item) => items.push(item),
            Err(reason) => {
                skipped += 1;
                tracing::warn!(
                    feed = feed_url,
                    entry = truncate_chars(&entry.id, 200),
                    ?reason,
                    "news entry skipped"
                );
            }
        }
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
    /// Entries published before the retention, left out.
    pub expired_entries: AtomicU64,
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
    http: HttpClient,
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
        let http = HttpClient::new(settings.limits())?;
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
        let kept_from = now - self.settings.retention_ms();
        let mut inserted = 0;
        for item in &items {
            if item.published_at_ms < kept_from {
                self.stats.expired_entries.fetch_add(1, Ordering::Relaxed);
                continue;
            }
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
        let request = self.http.get(feed_url).header(
            reqwest::header::ACCEPT,
            "application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.8",
        );
        Ok(self.http.fetch(request).await?)
    }

    /// Stores `item` unless its link is known, with its event in the same transaction;
    /// returns whether it was new.
    async fn store_with_event(&self, item: &NewNewsItem, now: i64) -> anyhow::Result<bool> {
        let db = self.store.database();
        let mut tx = db.begin().await?;
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

/// Forget the feed items published more than `retention_ms` ago ([`ArticleStore::prune_news`]):
/// at once, then every hour until cancelled. A failed prune is logged and tried again at the
/// next.
pub async fn prune(
    store: ArticleStore,
    retention_ms: i64,
    cancel: tokio_util::sync::CancellationToken,
) -> anyhow::Result<()> {
    let mut every = tokio::time::interval(PRUNE_EVERY);
    loop {
        tokio::select! {
            _ = every.tick() => {}
            () = cancel.cancelled() => return Ok(()),
        }
        let before = chrono::Utc::now().timestamp_millis() - retention_ms;
        match store.prune_news(before).await {
            Ok(0) => {}
            Ok(pruned) => tracing::info!(pruned, "old news items pruned"),
            Err(error) => {
                tracing::warn!(error = format!("{error:#}"), "failed to prune news items")
            }
        }
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
    use proptest::prelude::*;

    use super::*;

    fn data_dir() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
    }

    fn tagger() -> &'static Tagger {
        static TAGGER: std::sync::OnceLock<Tagger> = std::sync::OnceLock::new();
        TAGGER.get_or_init(|| {
            let listing = crate::dataset::load_listing(&data_dir()).expect("listing");
            Tagger::new(&listing).expect("tagger")
        })
    }

    const NOW: i64 = 1_790_000_000_000;

    fn escape_xml(text: &str) -> String {
        text.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
    }

    #[derive(Debug)]
    struct Entry {
        title: String,
        link: String,
        description: String,
        date: String,
    }

    fn rss(entries: &[Entry]) -> String {
        let items: String = entries
            .iter()
            .map(|e| {
                format!(
                    "<item><title>{}</title><link>{}</link><description>{}</description>\
                     <pubDate>{}</pubDate></item>",
                    escape_xml(&e.title),
                    escape_xml(&e.link),
                    escape_xml(&e.description),
                    escape_xml(&e.date)
                )
            })
            .collect();
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss version=\"2.0\"><channel>\
             <title>테스트</title><link>https://news.test/</link>{items}</channel></rss>"
        )
    }

    fn entry(title: &str, link: &str) -> Entry {
        Entry {
            title: title.to_owned(),
            link: link.to_owned(),
            description: "본문".to_owned(),
            date: "Fri, 21 Aug 2026 09:00:00 +0900".to_owned(),
        }
    }

    #[test]
    fn a_bad_entry_is_skipped_and_the_others_kept() {
        let long_link = format!("https://news.test/a?{}", "x".repeat(3_000));
        let feed = rss(&[
            entry("삼성전자 실적", "https://news.test/1"),
            entry("너무 긴 링크", &long_link),
            entry("링크가 아님", "javascript:alert(1)"),
            entry("메일 링크", "mailto:news@news.test"),
            entry("", "https://news.test/no-title"),
            entry("제목에 NUL &#0; 문자", "https://news.test/2"),
            entry(
                "SK하이닉스 소식",
                &format!("https://news.test/{}", "y".repeat(2_000)),
            ),
        ]);
        let (items, skipped) =
            parse_feed(feed.as_bytes(), "https://news.test/rss", tagger(), NOW).expect("parse");
        let urls: Vec<&str> = items.iter().map(|i| i.url.as_str()).collect();
        assert_eq!(skipped, 4, "{urls:?}");
        assert_eq!(urls.len(), 3);
        assert_eq!(urls[..2], ["https://news.test/1", "https://news.test/2"]);
        assert_eq!(urls[2].len(), 2_018, "a long link within the limit is kept");
        assert_eq!(items[1].title, "제목에 NUL \u{fffd} 문자");
        assert_eq!(items[0].security_ids, ["KOREA-A005930"]);
        assert_eq!(valid_link(&long_link), Err(SkipReason::LinkTooLong));
        assert_eq!(valid_link("ftp://news.test/1"), Err(SkipReason::NoLink));
        assert_eq!(valid_link("https://"), Err(SkipReason::NoLink));
        assert!(valid_link("HTTPS://news.test/1").is_ok());
    }

    /// Strings as a hostile or broken feed might carry them: any printable text, markup,
    /// entities, very long runs, and links of every length around the limit.
    fn feed_text() -> impl Strategy<Value = String> {
        prop_oneof![
            "\\PC{0,60}",
            "[<>&;#a-z0-9 /]{0,80}",
            (0usize..3_000).prop_map(|n| format!("https://news.test/{}", "a".repeat(n))),
            Just("&".repeat(5_000)),
            Just(String::new()),
        ]
    }

    fn feed_entry() -> impl Strategy<Value = Entry> {
        (feed_text(), feed_text(), feed_text(), feed_text()).prop_map(
            |(title, link, description, date)| Entry {
                title,
                link,
                description,
                date,
            },
        )
    }

    fn check_item(item: &NewNewsItem) -> Result<(), TestCaseError> {
        prop_assert!(!item.title.is_empty() && item.title.chars().count() <= TITLE_CHARS);
        prop_assert!(item.summary.chars().count() <= SUMMARY_CHARS);
        prop_assert!(item.publisher.chars().count() <= PUBLISHER_CHARS);
        prop_assert!(item.url.len() <= MAX_LINK_BYTES);
        prop_assert!(item.url.starts_with("http"), "{}", item.url);
        prop_assert!(item.published_at_ms <= NOW);
        for text in [&item.title, &item.summary, &item.publisher, &item.url] {
            prop_assert!(!text.chars().any(char::is_control), "{:?}", text);
        }
        for id in &item.security_ids {
            prop_assert!(crate::domain::SecurityId::parse(id).is_ok());
        }
        Ok(())
    }

    proptest! {
        #[test]
        fn prop_feed_arbitrary_bytes_never_panic(body in prop::collection::vec(any::<u8>(), 0..2_000)) {
            if let Ok((items, _)) = parse_feed(&body, "https://news.test/rss", tagger(), NOW) {
                for item in &items {
                    check_item(item)?;
                }
            }
        }

        #[test]
        fn prop_feed_entries_are_stored_clean_or_skipped(entries in prop::collection::vec(feed_entry(), 0..8)) {
            let feed = rss(&entries);
            let (items, skipped) = parse_feed(feed.as_bytes(), "https://news.test/rss", tagger(), NOW)
                .expect("a well-formed feed parses");
            prop_assert_eq!(items.len() + skipped, entries.len());
            for item in &items {
                check_item(item)?;
            }
        }

        #[test]
        fn prop_feed_atom_with_arbitrary_text(title in feed_text(), link in feed_text(), updated in feed_text()) {
            let atom = format!(
                "<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"><title>{}</title>\
                 <entry><title type=\"html\">{}</title><link href=\"{}\"/><id>{}</id>\
                 <updated>{}</updated><content type=\"html\">{}</content></entry></feed>",
                escape_xml(&title), escape_xml(&title), escape_xml(&link), escape_xml(&link),
                escape_xml(&updated), escape_xml(&title)
            );
            if let Ok((items, _)) = parse_feed(atom.as_bytes(), "https://atom.test/", tagger(), NOW) {
                for item in &items {
                    check_item(item)?;
                }
            }
        }
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
