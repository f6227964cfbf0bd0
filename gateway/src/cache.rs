//! Response cache for the read-mostly public GETs, with the HTTP validators browsers and
//! CDNs use (`ETag`, `If-None-Match` → `304`, `Cache-Control`).
//!
//! A route opts in with a [`Policy`] (see [`policies`]): how long an answer may be served
//! (its `ttl`), what invalidates it earlier (a [`Tag`]), and what `Cache-Control` says.
//! Entries are keyed by the request's path and query plus the current *generation* of the
//! route's tag: a quote tick of a security, an index or forex change, or a new article bumps
//! the generation (fed from the bus by subject alone, [`crate::feed`]), so the next request
//! misses and refills. Old keys simply age out. When the bus comes back after an outage
//! every generation moves, since what happened meanwhile is unknown.
//!
//! Concurrent misses of one key make one upstream call (`moka`'s `try_get_with`); its
//! answer, success or error, goes to all of them, and only a `200` is kept.
//!
//! A ticking security would otherwise stall every reader of its page once per tick while one
//! upstream call refills the entry (on a busy gateway that call waits behind the readers).
//! So an answer invalidated by a tick of its own security or asset ([`Tag::Security`],
//! [`Tag::Asset`]) is served once more while one background call fetches the new one
//! (stale-while-revalidate): it lags the latest tick by at most that one call, and is never
//! older than the route's `ttl`.
//!
//! A board's pages for visitors ([`Tag::Board`]) are kept for a moment only
//! (`gateway.cache.board_ttl_ms`: their counts move with every reaction and comment, which
//! no event tells the gateway), and a new, deleted or hidden post of that board moves its
//! generation at once. Answers to members are never kept: such a route is
//! [`Policy::visitors_only`], and a request with a member passes the cache untouched.
//!
//! The cache is bounded in bytes (`gateway.cache.max_bytes`); client-chosen keys cannot
//! push hot entries out, as `moka` admits by frequency (TinyLFU).

use std::collections::HashMap;
use std::convert::Infallible;
use std::hash::BuildHasher as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{FromRequestParts, MatchedPath, RawPathParams, Request};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use sise_platform::error::DomainError;
use tower::Service;
use tracing::Instrument as _;

use crate::auth::Member;
use crate::config::CacheConfig;
use crate::error::ApiError;
use crate::hosts;
use crate::intercept::{self, Intercept};

/// Largest answer the cache reads; the routes it covers answer far less.
const MAX_BODY: usize = 8 * 1024 * 1024;
/// Most tags (securities, assets) the invalidator tracks; they come from the bus only.
const MAX_TAGS: usize = 100_000;

/// What invalidates a route's answers before their `ttl`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tag {
    /// The path's `security_id`: every quote tick of that security.
    Security,
    /// The path's `asset_id`: every tick of that index or forex pair.
    Asset,
    /// Any index or forex tick (lists and market condition).
    AnyAsset,
    /// Any new news item or disclosure.
    Articles,
    /// The path's `security_id`: the new, deleted and hidden posts of that board.
    Board,
    /// Nothing but the ttl (and a bus outage).
    None,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Freshness {
    Live,
    Articles,
    /// Search rankings: their popularity moves every 10 s, their keyword lists every minute.
    Ranking,
    /// A board's posts: their counts move with every reaction and comment.
    Board,
    Static,
}

/// A route's caching.
#[derive(Clone, Copy, Debug)]
pub struct Policy {
    tag: Tag,
    freshness: Freshness,
    /// Only visitors' answers are kept (a member's carries their own reactions).
    visitors_only: bool,
}

/// The cached routes, by their path as declared (without the host prefix). Everything else
/// is not cached. Documented per route in docs/api.md, "Caching".
pub fn policies() -> Vec<(&'static str, Policy)> {
    use Freshness::*;
    let p = |tag, freshness| Policy {
        tag,
        freshness,
        visitors_only: false,
    };
    vec![
        // Each of these carries the current price (market cap, PER, today's candle).
        ("/api/v1/securities/{security_id}", p(Tag::Security, Live)),
        (
            "/api/v1/securities/{security_id}/day_candles",
            p(Tag::Security, Live),
        ),
        (
            "/api/v1/securities/{security_id}/minute_candles",
            p(Tag::Security, Live),
        ),
        (
            "/api/v1/securities/{security_id}/company",
            p(Tag::Security, Live),
        ),
        (
            "/api/v1/securities/{security_id}/financial_statements/quarterly",
            p(Tag::Security, Live),
        ),
        (
            "/api/v1/securities/{security_id}/financial_statements/yearly",
            p(Tag::Security, Live),
        ),
        (
            "/api/v1/securities/{security_id}/news",
            p(Tag::Articles, Articles),
        ),
        (
            "/api/v1/securities/{security_id}/disclosures",
            p(Tag::Articles, Articles),
        ),
        (
            "/api/v1/securities/{security_id}/articles",
            p(Tag::Articles, Articles),
        ),
        ("/api/v1/news", p(Tag::Articles, Articles)),
        ("/api/v1/disclosures", p(Tag::Articles, Articles)),
        ("/api/v1/articles", p(Tag::Articles, Articles)),
        // Not `search/assets`: its first page counts a search for the asset it found.
        ("/api/v1/search/autocomplete", p(Tag::None, Ranking)),
        ("/api/v1/search/news", p(Tag::Articles, Articles)),
        (
            "/api/v1/search/news_related_assets",
            p(Tag::Articles, Articles),
        ),
        ("/api/v1/search/issue_keywords", p(Tag::None, Ranking)),
        ("/api/v1/search/popular_keywords", p(Tag::None, Ranking)),
        // Trends move with every tick of any stock: the time to live alone.
        ("/api/v1/trends/special_stocks", p(Tag::None, Live)),
        ("/api/v1/trends/special_stocks/counts", p(Tag::None, Live)),
        ("/api/v1/trends/ordered_stocks", p(Tag::None, Live)),
        ("/api/v1/trends/foreign_indexes", p(Tag::AnyAsset, Live)),
        ("/api/v1/trends/wics_sectors", p(Tag::None, Live)),
        ("/api/v1/trends/top_sectors", p(Tag::None, Live)),
        (
            "/api/v1/trends/wics_sectors/{wics_sector_code}/securities",
            p(Tag::None, Live),
        ),
        ("/api/v1/popular_stocks/{by}", p(Tag::None, Live)),
        ("/api/v1/trends/discussion_surges", p(Tag::None, Live)),
        ("/v13/security_firms", p(Tag::None, Static)),
        ("/api/v1/assets", p(Tag::AnyAsset, Live)),
        ("/api/v1/assets/{asset_id}", p(Tag::Asset, Live)),
        ("/api/v1/assets/{asset_id}/day_candles", p(Tag::Asset, Live)),
        (
            "/api/v1/assets/{asset_id}/minute_candles",
            p(Tag::Asset, Live),
        ),
        ("/api/v1/forexes/major_ids", p(Tag::None, Static)),
        ("/api/v1/forexes/day", p(Tag::AnyAsset, Live)),
        ("/api/v1/forexes/{asset_id}/chart", p(Tag::Asset, Live)),
        ("/api/v1/market_condition", p(Tag::AnyAsset, Live)),
        // The social host's boards.
        (
            "/api/v1/securities/{security_id}/posts",
            Policy {
                visitors_only: true,
                ..p(Tag::Board, Board)
            },
        ),
    ]
}

/// Tag generations, bumped from the bus. Bounded: entries are made by bus subjects only.
#[derive(Default)]
pub struct Generations {
    /// Moves every generation at once (the bus came back).
    all: AtomicU64,
    articles: AtomicU64,
    any_asset: AtomicU64,
    /// Securities' and assets' ticks.
    by_id: IdGenerations,
    /// Boards' post events, by security.
    boards: IdGenerations,
}

/// A generation per id, made by its first bump (at most [`MAX_TAGS`]).
#[derive(Default)]
struct IdGenerations(RwLock<HashMap<Box<str>, Arc<AtomicU64>>>);

impl IdGenerations {
    fn of(&self, id: &str) -> u64 {
        self.0
            .read()
            .ok()
            .and_then(|map| map.get(id).map(|g| g.load(Ordering::Acquire)))
            .unwrap_or(0)
    }

    fn bump(&self, id: &str) {
        if let Some(generation) = self.0.read().ok().and_then(|map| map.get(id).cloned()) {
            generation.fetch_add(1, Ordering::AcqRel);
            return;
        }
        if let Ok(mut map) = self.0.write()
            && map.len() < MAX_TAGS
        {
            map.entry(id.into())
                .or_default()
                .fetch_add(1, Ordering::AcqRel);
        }
    }
}

impl Generations {
    /// The generation a key is made with: it changes whenever the tag's answers may have.
    fn current(&self, tag: Tag, id: Option<&str>) -> u64 {
        let all = self.all.load(Ordering::Acquire);
        let own = match (tag, id) {
            (Tag::Security | Tag::Asset, Some(id)) => self.by_id.of(id),
            (Tag::Board, Some(id)) => self.boards.of(id),
            (Tag::AnyAsset, _) => self.any_asset.load(Ordering::Acquire),
            (Tag::Articles, _) => self.articles.load(Ordering::Acquire),
            _ => 0,
        };
        // Both only grow, so a change of either changes the sum.
        all.wrapping_add(own)
    }

    /// Applies one bus subject (without the namespace).
    pub fn invalidate(&self, subject: &str) {
        if let Some(id) = subject.strip_prefix("quotes.") {
            self.by_id.bump(id);
        } else if let Some(id) = subject.strip_prefix("assets.") {
            self.by_id.bump(id);
            self.any_asset.fetch_add(1, Ordering::AcqRel);
        } else if matches!(
            subject,
            "events.market.news_published" | "events.market.disclosure_published"
        ) {
            self.articles.fetch_add(1, Ordering::AcqRel);
        }
    }

    /// A post of the board of `security_id` was created, deleted or hidden (the social
    /// events carry their board in the payload, not the subject).
    pub fn invalidate_board(&self, security_id: &str) {
        self.boards.bump(security_id);
    }

    pub fn invalidate_all(&self) {
        self.all.fetch_add(1, Ordering::AcqRel);
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    uri: Box<str>,
    generation: u64,
}

/// A buffered answer: the `200`s kept, or what concurrent callers of a miss all get.
#[derive(Debug)]
pub struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    body: Bytes,
    etag: Option<HeaderValue>,
    ttl: Duration,
}

/// The newest kept answer of a tick-invalidated URI, served while its refresh runs.
struct Latest {
    generation: u64,
    answer: Arc<Answer>,
    /// The newest generation a refresh was started for (one refresh per generation).
    refreshing: AtomicU64,
}

/// Most URIs whose previous answer is kept for revalidation (each shares its body with the
/// main cache; the bound is on entries because keys come from clients).
const MAX_LATEST: u64 = 10_000;

struct Expiry;

impl moka::Expiry<Key, Arc<Answer>> for Expiry {
    fn expire_after_create(&self, _: &Key, answer: &Arc<Answer>, _: Instant) -> Option<Duration> {
        Some(answer.ttl)
    }
}

impl moka::Expiry<Box<str>, Arc<Latest>> for Expiry {
    fn expire_after_create(
        &self,
        _: &Box<str>,
        latest: &Arc<Latest>,
        _: Instant,
    ) -> Option<Duration> {
        Some(latest.answer.ttl)
    }
}

/// Cheap to clone (one reference count): the route layer clones it for every request.
#[derive(Clone)]
pub struct ResponseCache(Arc<Inner>);

impl std::ops::Deref for ResponseCache {
    type Target = Inner;

    fn deref(&self) -> &Inner {
        &self.0
    }
}

pub struct Inner {
    entries: moka::future::Cache<Key, Arc<Answer>>,
    /// Tick-invalidated URIs' newest answers, by URI (see the module note).
    latest: moka::sync::Cache<Box<str>, Arc<Latest>>,
    generations: Generations,
    policies: HashMap<&'static str, Policy>,
    config: CacheConfig,
}

impl ResponseCache {
    /// A small cache with every kind of answer kept a minute (unit tests of its callers).
    #[cfg(test)]
    pub(crate) fn for_tests() -> Self {
        Self::new(&CacheConfig {
            enabled: true,
            max_bytes: 1 << 20,
            live_ttl_ms: 60_000,
            ranking_ttl_ms: 60_000,
            articles_ttl_ms: 60_000,
            static_ttl_ms: 60_000,
            board_ttl_ms: 60_000,
        })
    }

    pub fn new(config: &CacheConfig) -> Self {
        let entries = moka::future::Cache::builder()
            .max_capacity(config.max_bytes)
            .weigher(|key: &Key, answer: &Arc<Answer>| {
                let bytes = key.uri.len() + answer.body.len() + 256;
                u32::try_from(bytes).unwrap_or(u32::MAX)
            })
            .expire_after(Expiry)
            .build();
        let latest = moka::sync::Cache::builder()
            .max_capacity(MAX_LATEST)
            .expire_after(Expiry)
            .build();
        Self(Arc::new(Inner {
            entries,
            latest,
            generations: Generations::default(),
            policies: policies().into_iter().collect(),
            config: config.clone(),
        }))
    }

    pub fn generations(&self) -> &Generations {
        &self.generations
    }

    /// The newest answer of the key's URI if it is of an older generation (and so may
    /// stand in while the key is refilled).
    fn stale(&self, key: &Key) -> Option<Arc<Latest>> {
        self.latest
            .get(&key.uri)
            .filter(|latest| latest.generation < key.generation)
    }

    /// Fills `key` with one upstream call however many wait for it; only a `200` is kept,
    /// and (with `remember`) becomes the URI's newest answer unless a newer one is there.
    async fn fill(
        &self,
        key: Key,
        fill: impl Future<Output = Result<Answer, Answer>>,
        remember: bool,
    ) -> Result<Arc<Answer>, Arc<Answer>> {
        let (uri, generation) = (key.uri.clone(), key.generation);
        let answer = self
            .entries
            .try_get_with(key, async move {
                // Only a success is kept; every caller of this miss gets the error.
                match fill.await {
                    Ok(answer) if answer.status == StatusCode::OK => Ok(Arc::new(answer)),
                    Ok(answer) | Err(answer) => Err(answer),
                }
            })
            .await?;
        if remember
            && self
                .latest
                .get(&uri)
                .is_none_or(|l| l.generation < generation)
        {
            self.latest.insert(
                uri,
                Arc::new(Latest {
                    generation,
                    answer: answer.clone(),
                    refreshing: AtomicU64::new(generation),
                }),
            );
        }
        Ok(answer)
    }

    fn ttl(&self, freshness: Freshness) -> Duration {
        Duration::from_millis(match freshness {
            Freshness::Live => self.config.live_ttl_ms,
            Freshness::Articles => self.config.articles_ttl_ms,
            Freshness::Ranking => self.config.ranking_ttl_ms,
            Freshness::Board => self.config.board_ttl_ms,
            Freshness::Static => self.config.static_ttl_ms,
        })
    }
}

/// The route layer on every host's API router ([`crate::intercept`]): answers a cached
/// route's GET from the cache (or a `304`), else lets it through untouched. After routing:
/// it needs the matched route.
#[derive(Clone)]
pub struct Cache(pub ResponseCache);

impl Intercept for Cache {
    type Plan = Policy;

    fn plan(&self, request: &Request) -> Option<Policy> {
        if request.method() != Method::GET {
            return None;
        }
        let matched = request.extensions().get::<MatchedPath>()?.as_str();
        let route = hosts::strip_host_prefix(matched).unwrap_or(matched);
        let policy = self.0.policies.get(route).copied()?;
        // Authentication runs first: a member's request carries the member.
        let member = request.extensions().get::<Member>().is_some();
        (!(policy.visitors_only && member)).then_some(policy)
    }

    fn answer<S>(&self, policy: Policy, request: Request, route: S) -> intercept::Answer
    where
        S: Service<Request, Response = Response, Error = Infallible> + Send + 'static,
        S::Future: Send + 'static,
    {
        let cache = self.0.clone();
        Box::pin(async move { Ok(serve(cache, policy, request, route).await) })
    }
}

async fn serve<S>(cache: ResponseCache, policy: Policy, request: Request, mut inner: S) -> Response
where
    S: Service<Request, Response = Response, Error = Infallible> + Send + 'static,
    S::Future: Send + 'static,
{
    let (mut parts, body) = request.into_parts();
    let id = match policy.tag {
        Tag::Security | Tag::Asset | Tag::Board => {
            RawPathParams::from_request_parts(&mut parts, &())
                .await
                .ok()
                .and_then(|params| params.iter().next().map(|(_, value)| value.to_owned()))
        }
        _ => None,
    };
    let if_none_match = parts.headers.get(header::IF_NONE_MATCH).cloned();
    let uri: Box<str> = parts
        .uri
        .path_and_query()
        .map_or(parts.uri.path(), |pq| pq.as_str())
        .into();
    let request = Request::from_parts(parts, body);
    let ttl = cache.ttl(policy.freshness);
    let fill = async move {
        let Ok(response) = inner.call(request).await;
        Answer::read(response, ttl).await
    };
    let answer = if cache.config.enabled {
        let key = Key {
            uri,
            generation: cache.generations.current(policy.tag, id.as_deref()),
        };
        if let Some(answer) = cache.entries.get(&key).await {
            return answer.respond(if_none_match.as_ref(), policy.freshness);
        }
        let revalidates = matches!(policy.tag, Tag::Security | Tag::Asset);
        if revalidates && let Some(stale) = cache.stale(&key) {
            // The first reader of a new generation starts its one refresh; everyone gets
            // the previous answer meanwhile.
            if stale.refreshing.fetch_max(key.generation, Ordering::AcqRel) < key.generation {
                let cache = cache.clone();
                let refresh = async move { cache.fill(key, fill, true).await };
                tokio::spawn(refresh.in_current_span());
            }
            return stale
                .answer
                .respond(if_none_match.as_ref(), policy.freshness);
        }
        match cache.fill(key, fill, revalidates).await {
            Ok(answer) => answer,
            Err(error) => return error.respond(if_none_match.as_ref(), policy.freshness),
        }
    } else {
        match fill.await {
            Ok(answer) | Err(answer) => Arc::new(answer),
        }
    };
    answer.respond(if_none_match.as_ref(), policy.freshness)
}

fn cache_control(freshness: Freshness) -> HeaderValue {
    match freshness {
        // Browsers and CDNs keep it but ask again each time (a 304 when unchanged).
        Freshness::Live | Freshness::Articles | Freshness::Ranking | Freshness::Board => {
            HeaderValue::from_static("no-cache")
        }
        Freshness::Static => HeaderValue::from_static("public, max-age=300"),
    }
}

impl Answer {
    /// Buffers an upstream answer. An unreadable or oversized body is the internal error.
    async fn read(response: Response, ttl: Duration) -> Result<Answer, Answer> {
        let (parts, body) = response.into_parts();
        let body = match axum::body::to_bytes(body, MAX_BODY).await {
            Ok(body) => body,
            Err(error) => {
                tracing::error!(%error, "cannot buffer an answer for the cache");
                return Err(Answer::from_response(
                    ApiError(DomainError::internal()).into_response(),
                    ttl,
                )
                .await);
            }
        };
        let etag = (parts.status == StatusCode::OK).then(|| etag_of(&body));
        Ok(Answer {
            status: parts.status,
            headers: parts.headers,
            body,
            etag,
            ttl,
        })
    }

    async fn from_response(response: Response, ttl: Duration) -> Answer {
        let (parts, body) = response.into_parts();
        let body = axum::body::to_bytes(body, MAX_BODY)
            .await
            .unwrap_or_default();
        Answer {
            status: parts.status,
            headers: parts.headers,
            body,
            etag: None,
            ttl,
        }
    }

    fn respond(&self, if_none_match: Option<&HeaderValue>, freshness: Freshness) -> Response {
        let mut headers = self.headers.clone();
        if let Some(etag) = &self.etag {
            headers.insert(header::ETAG, etag.clone());
            headers.insert(header::CACHE_CONTROL, cache_control(freshness));
            if if_none_match.is_some_and(|value| matches_etag(value, etag)) {
                headers.remove(header::CONTENT_TYPE);
                headers.remove(header::CONTENT_LENGTH);
                let mut response = StatusCode::NOT_MODIFIED.into_response();
                *response.headers_mut() = headers;
                return response;
            }
        }
        let mut response = Response::new(Body::from(self.body.clone()));
        *response.status_mut() = self.status;
        *response.headers_mut() = headers;
        response
    }
}

/// The request's `If-None-Match`, if any: only that header (axum's `HeaderMap` extractor
/// would copy them all on every request).
pub struct IfNoneMatch(pub Option<HeaderValue>);

impl<S: Send + Sync> FromRequestParts<S> for IfNoneMatch {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, Self::Rejection> {
        Ok(Self(parts.headers.get(header::IF_NONE_MATCH).cloned()))
    }
}

/// A JSON body that changes with every tick (`no-cache`) with its validator, or `304` when
/// the client holds it already.
pub fn validated(body: Bytes, if_none_match: Option<&HeaderValue>) -> Response {
    let mut headers = HeaderMap::new();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    Answer {
        status: StatusCode::OK,
        headers,
        etag: Some(etag_of(&body)),
        body,
        ttl: Duration::ZERO,
    }
    .respond(if_none_match, Freshness::Live)
}

/// A strong validator from the body: equal bodies, equal tags, on every replica of a build
/// (a fixed seed). foldhash rather than the standard SipHash: this runs on every live read.
pub fn etag_of(body: &[u8]) -> HeaderValue {
    let hash = foldhash::quality::FixedState::with_seed(0).hash_one(body);
    let mut tag = *b"\"0000000000000000\"";
    for (slot, nibble) in tag[1..17].iter_mut().zip((0..16).rev()) {
        *slot = b"0123456789abcdef"[((hash >> (nibble * 4)) & 0xf) as usize];
    }
    HeaderValue::from_bytes(&tag).unwrap_or_else(|_| HeaderValue::from_static("\"0\""))
}

/// `If-None-Match` (a list, `*`, weak tags compared weakly as RFC 9110 says for GET).
pub fn matches_etag(if_none_match: &HeaderValue, etag: &HeaderValue) -> bool {
    let Ok(list) = if_none_match.to_str() else {
        return false;
    };
    let ours = etag.to_str().unwrap_or_default();
    let ours = ours.strip_prefix("W/").unwrap_or(ours);
    list.split(',').map(str::trim).any(|candidate| {
        candidate == "*" || candidate.strip_prefix("W/").unwrap_or(candidate) == ours
    })
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicUsize;

    use axum::Router;
    use axum::routing::get;
    use tower::ServiceExt as _;

    use super::*;
    use crate::intercept::InterceptLayer;

    /// A router with two cached routes whose handlers count their calls.
    fn app(cache: &ResponseCache, calls: Arc<AtomicUsize>) -> Router {
        let day_calls = calls.clone();
        let day = move || {
            let n = day_calls.fetch_add(1, Ordering::SeqCst) + 1;
            async move { axum::Json(serde_json::json!({"call": n})) }
        };
        let handler = move |axum::extract::Path(id): axum::extract::Path<String>| {
            let calls = calls.clone();
            async move {
                let n = calls.fetch_add(1, Ordering::SeqCst) + 1;
                tokio::time::sleep(Duration::from_millis(20)).await;
                if id == "KOREA-A999999" {
                    return (StatusCode::NOT_FOUND, "{\"error\":\"security_not_found\"}")
                        .into_response();
                }
                axum::Json(serde_json::json!({"id": id, "call": n})).into_response()
            }
        };
        Router::new()
            .route("/api/v1/securities/{security_id}", get(handler))
            .route("/api/v1/forexes/day", get(day))
            .route_layer(InterceptLayer(Cache(cache.clone())))
    }

    fn cache() -> ResponseCache {
        ResponseCache::for_tests()
    }

    async fn get_path(app: &Router, path: &str, if_none_match: Option<&str>) -> Response {
        let mut request = Request::get(path);
        if let Some(tag) = if_none_match {
            request = request.header(header::IF_NONE_MATCH, tag);
        }
        app.clone()
            .oneshot(request.body(Body::empty()).expect("request"))
            .await
            .expect("infallible")
    }

    #[tokio::test]
    async fn a_tick_of_the_security_and_nothing_else_invalidates_it() {
        let (cache, calls) = (cache(), Arc::new(AtomicUsize::new(0)));
        let app = app(&cache, calls.clone());
        let samsung = "/api/v1/securities/KOREA-A005930";
        let first = get_path(&app, samsung, None).await;
        let etag = first.headers()[header::ETAG].clone();
        get_path(&app, samsung, None).await;
        assert_eq!(calls.load(Ordering::SeqCst), 1, "the second read is cached");
        let unchanged = get_path(&app, samsung, etag.to_str().ok()).await;
        assert_eq!(unchanged.status(), StatusCode::NOT_MODIFIED);

        cache.generations().invalidate("quotes.KOREA-A000660");
        cache
            .generations()
            .invalidate("events.market.news_published");
        get_path(&app, samsung, None).await;
        assert_eq!(calls.load(Ordering::SeqCst), 1, "other ticks leave it");

        // A tick: the previous answer once more (so still a 304 for its holder) while one
        // call fetches the new one in the background; then the new one.
        cache.generations().invalidate("quotes.KOREA-A005930");
        let during =
            futures::future::join_all((0..5).map(|_| get_path(&app, samsung, etag.to_str().ok())))
                .await;
        assert!(
            during
                .iter()
                .all(|a| a.status() == StatusCode::NOT_MODIFIED)
        );
        let refreshed = until_refreshed(&app, samsung, &etag).await;
        assert_eq!(
            refreshed.status(),
            StatusCode::OK,
            "a new answer, a new tag"
        );
        assert_eq!(
            calls.load(Ordering::SeqCst),
            2,
            "one refresh for all of them"
        );

        let etag = refreshed.headers()[header::ETAG].clone();
        cache.generations().invalidate_all();
        until_refreshed(&app, samsung, &etag).await;
        assert_eq!(
            calls.load(Ordering::SeqCst),
            3,
            "a bus outage moves everything"
        );
    }

    /// Reads `path` with `etag` until the answer is no longer that one (a refresh ran).
    async fn until_refreshed(app: &Router, path: &str, etag: &HeaderValue) -> Response {
        for _ in 0..500 {
            let response = get_path(app, path, etag.to_str().ok()).await;
            if response.status() != StatusCode::NOT_MODIFIED {
                return response;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("{path} was not refreshed within 5 s");
    }

    #[tokio::test]
    async fn without_a_previous_answer_a_tick_waits_for_the_new_one() {
        let (cache, calls) = (cache(), Arc::new(AtomicUsize::new(0)));
        let app = app(&cache, calls.clone());
        let forex = "/api/v1/forexes/day";
        let first = get_path(&app, forex, None).await;
        cache.generations().invalidate("assets.FX-USDKRW");
        // Tagged by every asset, not by its own: nothing stale stands in.
        let second = get_path(&app, forex, None).await;
        assert_ne!(
            first.headers()[header::ETAG],
            second.headers()[header::ETAG]
        );
        assert_eq!(calls.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn concurrent_misses_make_one_call_and_errors_are_not_kept() {
        let (cache, calls) = (cache(), Arc::new(AtomicUsize::new(0)));
        let app = app(&cache, calls.clone());
        let answers = futures::future::join_all(
            (0..20).map(|_| get_path(&app, "/api/v1/securities/KOREA-A005930", None)),
        )
        .await;
        assert!(answers.iter().all(|a| a.status() == StatusCode::OK));
        assert_eq!(calls.load(Ordering::SeqCst), 1);

        let missing = "/api/v1/securities/KOREA-A999999";
        let answers =
            futures::future::join_all((0..5).map(|_| get_path(&app, missing, None))).await;
        assert!(answers.iter().all(|a| a.status() == StatusCode::NOT_FOUND));
        assert_eq!(
            calls.load(Ordering::SeqCst),
            2,
            "one call for the five at once"
        );
        let body = axum::body::to_bytes(get_path(&app, missing, None).await.into_body(), 1024)
            .await
            .expect("body");
        assert_eq!(&body[..], b"{\"error\":\"security_not_found\"}");
        assert_eq!(calls.load(Ordering::SeqCst), 3, "and not kept afterwards");
    }

    /// A board's pages: kept for visitors until a post event of that board (quote ticks
    /// leave them), never kept for members.
    #[tokio::test]
    async fn board_pages_are_kept_for_visitors_until_a_post_of_the_board() {
        let (cache, calls) = (cache(), Arc::new(AtomicUsize::new(0)));
        let counted = calls.clone();
        let board = move || {
            let n = counted.fetch_add(1, Ordering::SeqCst) + 1;
            async move { axum::Json(serde_json::json!({"call": n})) }
        };
        let app = Router::new()
            .route("/api/v1/securities/{security_id}/posts", get(board))
            .route_layer(InterceptLayer(Cache(cache.clone())));
        let path = "/api/v1/securities/KOREA-A005930/posts";
        let read = |member: Option<i64>| {
            let mut request = Request::get(path).body(Body::empty()).expect("request");
            if let Some(user_id) = member {
                request.extensions_mut().insert(Member { user_id });
            }
            app.clone().oneshot(request)
        };
        let first = read(None).await.expect("infallible");
        assert_eq!(first.headers()[header::CACHE_CONTROL], "no-cache");
        read(None).await.expect("infallible");
        assert_eq!(calls.load(Ordering::SeqCst), 1, "a visitor's page is kept");
        for _ in 0..2 {
            let mine = read(Some(7)).await.expect("infallible");
            assert!(!mine.headers().contains_key(header::ETAG), "untouched");
        }
        assert_eq!(calls.load(Ordering::SeqCst), 3, "a member's never is");
        cache.generations().invalidate("quotes.KOREA-A005930");
        cache.generations().invalidate_board("KOREA-A000660");
        read(None).await.expect("infallible");
        assert_eq!(
            calls.load(Ordering::SeqCst),
            3,
            "ticks and other boards leave it"
        );
        cache.generations().invalidate_board("KOREA-A005930");
        read(None).await.expect("infallible");
        assert_eq!(
            calls.load(Ordering::SeqCst),
            4,
            "a post of its board: at once"
        );
    }

    #[test]
    fn if_none_match_lists_and_weak_tags() {
        let etag = HeaderValue::from_static("\"abc\"");
        let matches = |value: &'static str| matches_etag(&HeaderValue::from_static(value), &etag);
        assert!(matches("\"abc\""));
        assert!(matches("\"x\", W/\"abc\""));
        assert!(matches("*"));
        assert!(!matches("\"abcd\""));
    }
}
