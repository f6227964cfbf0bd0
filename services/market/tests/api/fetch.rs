//! The ingestors' limits against hostile or broken providers, each a real server on port 0:
//! bodies over the cap (streamed, or declared by `Content-Length`), redirects to another
//! host or without end, loopback addresses when private addresses are not allowed, an
//! OpenDART that always announces another page, and a feed with an unstorable link.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::http::header;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use bytes::Bytes;
use chrono::NaiveDate;
use secrecy::SecretString;
use serde_json::json;
use sise_market::articles::config::{DartSettings, NewsSettings, RetrySettings};
use sise_market::articles::dart::{CorpMap, DartIngestor};
use sise_market::articles::http::HttpError;
use sise_market::articles::news::{FeedError, MAX_LINK_BYTES, NewsIngestor};
use sise_market::articles::store::ArticleStore;
use sise_market::articles::tagger::Tagger;
use sise_market::dataset::{ListedStock, load_listing};
use sise_platform::db::testing::TestDatabase;
use sise_platform::db::{Backend, Database};
use tokio::net::TcpListener;

const KEY: &str = "test-crtfc-key-0123456789";
const MIB: usize = 1024 * 1024;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
}

fn listing() -> &'static [ListedStock] {
    static LISTING: std::sync::OnceLock<Vec<ListedStock>> = std::sync::OnceLock::new();
    LISTING.get_or_init(|| load_listing(&data_dir()).expect("listing"))
}

fn retry() -> RetrySettings {
    RetrySettings {
        max_attempts: 3,
        initial_backoff_ms: 5,
        max_backoff_ms: 20,
    }
}

struct Fixture {
    store: ArticleStore,
    db: TestDatabase,
}

impl Fixture {
    async fn new(backend: Backend) -> Self {
        let db = TestDatabase::create(backend, "fetch").await.expect("db");
        let database = Database::connect(&db.url, &sise_market::store::MIGRATIONS)
            .await
            .expect("connect");
        Self {
            store: ArticleStore::new(database),
            db,
        }
    }

    async fn finish(self) {
        self.store.database().close().await;
        self.db.cleanup().await.expect("cleanup");
    }

    fn news(&self, feeds: Vec<String>, allow_private_addresses: bool) -> NewsIngestor {
        let settings = NewsSettings {
            feeds,
            request_timeout_secs: 10,
            allow_private_addresses,
            retry: retry(),
            ..NewsSettings::default()
        };
        let tagger = Arc::new(Tagger::new(listing()).expect("tagger"));
        NewsIngestor::new(settings, self.store.clone(), tagger)
            .expect("ingestor")
            .expect("enabled with feeds")
    }

    fn dart(&self, settings: DartSettings) -> DartIngestor {
        let corp_map = Arc::new(CorpMap::load(&data_dir(), listing()).expect("corp map"));
        DartIngestor::new(settings, self.store.clone(), corp_map)
            .expect("ingestor")
            .expect("enabled with a key")
    }
}

fn dart_settings(base_url: &str) -> DartSettings {
    DartSettings {
        base_url: base_url.to_owned(),
        api_key: Some(SecretString::from(KEY.to_owned())),
        request_timeout_secs: 10,
        allow_private_addresses: true,
        retry: retry(),
        ..DartSettings::default()
    }
}

/// Requests per path, as the fake saw them.
type Hits = Arc<Mutex<HashMap<String, u32>>>;

fn count(hits: &Hits, path: &str) -> u32 {
    hits.lock().expect("lock").get(path).copied().unwrap_or(0)
}

/// Serve `router` on `ip`:0, counting requests per path; returns the base address.
async fn serve(ip: &str, router: axum::Router, hits: Hits) -> String {
    let router = router.layer(axum::middleware::from_fn(
        move |request: axum::extract::Request, next: axum::middleware::Next| {
            let hits = hits.clone();
            async move {
                *hits
                    .lock()
                    .expect("lock")
                    .entry(request.uri().path().to_owned())
                    .or_default() += 1;
                next.run(request).await
            }
        },
    ));
    let listener = TcpListener::bind((ip, 0)).await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        let _ = axum::serve(listener, router).await;
    });
    format!("http://{addr}")
}

fn item(n: usize, link: &str) -> String {
    format!(
        "<item><title>삼성전자 뉴스 {n}</title><link>{link}</link>\
         <description>본문 {n}</description>\
         <pubDate>Fri, 21 Aug 2026 09:0{n}:00 +0900</pubDate></item>"
    )
}

fn rss(items: &str) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss version=\"2.0\"><channel>\
         <title>테스트 경제신문</title><link>https://news.test/</link>{items}</channel></rss>"
    )
}

fn xml(body: impl Into<Body>) -> Response {
    ([(header::CONTENT_TYPE, "application/rss+xml")], body.into()).into_response()
}

/// A well-formed feed of 8 MiB: its items after 8 MiB of whitespace between elements.
fn padded_feed_chunks() -> Vec<Result<Bytes, std::io::Error>> {
    let (head, tail) = {
        let whole = rss("@");
        let (head, tail) = whole.split_once('@').expect("split");
        (head.to_owned(), tail.to_owned())
    };
    let mut chunks = vec![Ok(Bytes::from(head))];
    chunks.extend((0..128).map(|_| Ok(Bytes::from(vec![b' '; 64 * 1024]))));
    chunks.push(Ok(Bytes::from(format!(
        "{}{}{tail}",
        item(1, "https://news.test/1"),
        item(2, "https://news.test/2")
    ))));
    chunks
}

/// A good feed, an 8 MiB feed streamed without a length and one declaring 6 MiB.
async fn feed_server(ip: &str) -> (Hits, String) {
    let router = axum::Router::new()
        .route(
            "/rss.xml",
            get(|| async { xml(rss(&item(1, "https://news.test/1"))) }),
        )
        .route(
            "/streamed.xml",
            get(|| async {
                xml(Body::from_stream(futures::stream::iter(
                    padded_feed_chunks(),
                )))
            }),
        )
        .route(
            "/declared.xml",
            get(|| async { xml(rss(&" ".repeat(6 * MIB))) }),
        );
    let hits = Hits::default();
    let base = serve(ip, router, hits.clone()).await;
    (hits, base)
}

#[tokio::test]
async fn a_feed_over_the_body_cap_is_refused_and_not_retried() {
    let fixture = Fixture::new(Backend::Sqlite).await;
    let (hits, base) = feed_server("127.0.0.1").await;
    // The default cap (5 MiB): a feed of 8 MiB, streamed without a length ...
    let ingestor = fixture.news(vec![format!("{base}/streamed.xml")], true);
    let error = ingestor
        .ingest_feed(&format!("{base}/streamed.xml"))
        .await
        .expect_err("over the cap");
    assert!(
        matches!(
            error,
            FeedError::Fetch(HttpError::TooLarge { limit }) if limit == 5 * MIB as u64
        ),
        "{error}"
    );
    assert_eq!(count(&hits, "/streamed.xml"), 1, "not retried");
    // ... or declaring 6 MiB up front.
    let error = ingestor
        .ingest_feed(&format!("{base}/declared.xml"))
        .await
        .expect_err("over the cap");
    assert!(
        matches!(error, FeedError::Fetch(HttpError::TooLarge { .. })),
        "{error}"
    );
    assert_eq!(fixture.store.news_count().await.expect("count"), 0);
    // The same streamed feed within a larger cap is read whole: the cap is what refused it.
    let mut settings = NewsSettings {
        feeds: vec![format!("{base}/streamed.xml")],
        allow_private_addresses: true,
        retry: retry(),
        ..NewsSettings::default()
    };
    settings.max_body_bytes = 16 * MIB as u64;
    let tagger = Arc::new(Tagger::new(listing()).expect("tagger"));
    let ingestor = NewsIngestor::new(settings, fixture.store.clone(), tagger)
        .expect("ingestor")
        .expect("enabled");
    let report = ingestor.run_once().await;
    assert_eq!((report.failed_feeds, report.inserted), (0, 2), "{report:?}");
    fixture.finish().await;
}

#[tokio::test]
async fn redirects_stay_on_the_same_host_within_the_hop_limit() {
    let fixture = Fixture::new(Backend::Sqlite).await;
    // Another host: the same loopback machine under another address.
    let (other_hits, other) = feed_server("127.0.0.2").await;
    let (hits, base) = {
        let router = axum::Router::new()
            .route(
                "/rss.xml",
                get(|| async { xml(rss(&item(1, "https://news.test/1"))) }),
            )
            .route("/hop", get(|| async { Redirect::to("/rss.xml") }))
            .route(
                "/loop/{n}",
                get(
                    |axum::extract::Path(n): axum::extract::Path<u32>| async move {
                        Redirect::to(&format!("/loop/{}", n + 1))
                    },
                ),
            )
            .route(
                "/elsewhere",
                get(move || async move { Redirect::to(&format!("{other}/rss.xml")) }),
            );
        let hits = Hits::default();
        let base = serve("127.0.0.1", router, hits.clone()).await;
        (hits, base)
    };
    let ingestor = fixture.news(vec![format!("{base}/hop")], true);

    // Same host: followed.
    let (items, inserted) = ingestor
        .ingest_feed(&format!("{base}/hop"))
        .await
        .expect("same-host redirect");
    assert_eq!((items, inserted), (1, 1));

    // Another host: refused before any request reaches it, and not retried.
    let error = ingestor
        .ingest_feed(&format!("{base}/elsewhere"))
        .await
        .expect_err("cross-host redirect");
    assert!(
        matches!(&error, FeedError::Fetch(HttpError::Refused(why)) if why.contains("another host")),
        "{error}"
    );
    assert_eq!(count(&other_hits, "/rss.xml"), 0);
    assert_eq!(count(&hits, "/elsewhere"), 1);

    // Without end: the first request and 3 redirects, then refused.
    let error = ingestor
        .ingest_feed(&format!("{base}/loop/0"))
        .await
        .expect_err("redirect loop");
    assert!(
        matches!(&error, FeedError::Fetch(HttpError::Refused(why)) if why.contains("more than 3")),
        "{error}"
    );
    let loops: u32 = (0..10).map(|n| count(&hits, &format!("/loop/{n}"))).sum();
    assert_eq!(loops, 4);
    fixture.finish().await;
}

#[tokio::test]
async fn loopback_addresses_are_refused_unless_allowed() {
    let fixture = Fixture::new(Backend::Sqlite).await;
    let (hits, base) = feed_server("127.0.0.1").await;
    let port = base.rsplit(':').next().expect("port");
    // An address in the URL, and a name that resolves to loopback (the resolver's check).
    for url in [
        format!("{base}/rss.xml"),
        format!("http://localhost:{port}/rss.xml"),
    ] {
        let ingestor = fixture.news(vec![url.clone()], false);
        let error = ingestor.ingest_feed(&url).await.expect_err("loopback");
        assert!(
            matches!(&error, FeedError::Fetch(HttpError::Refused(why)) if why.contains("non-public")),
            "{url}: {error}"
        );
        assert_eq!(ingestor.stats().retries.load(Ordering::Relaxed), 0, "{url}");
    }
    assert_eq!(count(&hits, "/rss.xml"), 0, "no request reached the server");

    // Allowed (development and tests): fetched.
    let url = format!("http://localhost:{port}/rss.xml");
    let ingestor = fixture.news(vec![url.clone()], true);
    assert_eq!(ingestor.ingest_feed(&url).await.expect("allowed"), (1, 1));

    // OpenDART alike.
    let mut settings = dart_settings(&base);
    settings.allow_private_addresses = false;
    let dart = fixture.dart(settings);
    let error = dart
        .run_once(NaiveDate::from_ymd_opt(2026, 8, 21).expect("date"))
        .await
        .expect_err("loopback");
    assert!(format!("{error:#}").contains("non-public"), "{error:#}");
    assert_eq!(
        dart.stats().requests.load(Ordering::Relaxed),
        1,
        "not retried"
    );
    assert_eq!(count(&hits, "/api/list.json"), 0);
    fixture.finish().await;
}

/// A `list.json` that always announces more pages, one row on each; or, at `/big`, a page
/// over the default 2 MiB cap.
async fn endless_dart() -> (Hits, String) {
    async fn list_json(
        axum::extract::Query(query): axum::extract::Query<HashMap<String, String>>,
    ) -> Response {
        let page_no: u32 = query
            .get("page_no")
            .and_then(|p| p.parse().ok())
            .unwrap_or(1);
        let day = "20260821";
        axum::Json(json!({
            "status": "000",
            "message": "정상",
            "page_no": page_no,
            "page_count": 100,
            "total_count": 100_000,
            "total_page": 1_000,
            "list": [{
                "corp_code": "00126380",
                "corp_name": "삼성전자",
                "stock_code": "005930",
                "corp_cls": "Y",
                "report_nm": "기타경영사항(자율공시)",
                "rcept_no": format!("{day}{page_no:06}"),
                "flr_nm": "삼성전자",
                "rcept_dt": day,
                "rm": "",
            }],
        }))
        .into_response()
    }
    async fn big() -> Response {
        let padding = "가".repeat(MIB);
        axum::Json(json!({"status": "000", "message": padding, "list": []})).into_response()
    }
    let router = axum::Router::new()
        .route("/api/list.json", get(list_json))
        .route("/big/api/list.json", get(big));
    let hits = Hits::default();
    let base = serve("127.0.0.1", router, hits.clone()).await;
    (hits, base)
}

#[tokio::test]
async fn dart_paging_stops_at_max_pages_and_pages_over_the_cap_fail() {
    let fixture = Fixture::new(Backend::Sqlite).await;
    let (hits, base) = endless_dart().await;
    let today = NaiveDate::from_ymd_opt(2026, 8, 21).expect("date");
    let mut settings = dart_settings(&base);
    settings.max_pages = 5;
    let dart = fixture.dart(settings);
    let error = dart.run_once(today).await.expect_err("page cap");
    assert!(format!("{error:#}").contains("max_pages"), "{error:#}");
    // The window's first page, then its oldest day (the only one left to shrink to) read
    // as far as the cap.
    assert_eq!(count(&hits, "/api/list.json"), 5);
    assert_eq!(
        fixture.store.disclosure_count().await.expect("count"),
        4,
        "the pages read are kept (this server's page 1 is the same in every window)"
    );
    assert_eq!(
        fixture
            .store
            .meta("dart_synced_through")
            .await
            .expect("mark"),
        None,
        "the run did not complete"
    );

    // A page over the default 2 MiB cap (3 MiB of text) fails without retries.
    let dart = fixture.dart(dart_settings(&format!("{base}/big")));
    let error = dart.run_once(today).await.expect_err("body cap");
    assert!(
        format!("{error:#}").contains("2097152-byte cap"),
        "{error:#}"
    );
    assert_eq!(count(&hits, "/big/api/list.json"), 1);
    fixture.finish().await;
}

async fn one_long_link_feed() -> String {
    // Incompressible, as real tokens in links are: PostgreSQL compresses an index key
    // before it checks the ~2.7 kB limit, so a run of one letter would fit.
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let noise: String = (0..3_000)
        .map(|_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
            char::from(alphabet[(state >> 33) as usize % alphabet.len()])
        })
        .collect();
    let long = format!("https://news.test/long?q={noise}");
    assert!(long.len() > MAX_LINK_BYTES);
    let feed = rss(&[
        item(1, "https://news.test/1"),
        item(2, &long),
        item(3, "https://news.test/3"),
    ]
    .concat());
    let router = axum::Router::new().route(
        "/rss.xml",
        get(move || {
            let feed = feed.clone();
            async move { xml(feed) }
        }),
    );
    serve("127.0.0.1", router, Hits::default()).await
}

sise_platform::per_backend! {
    async fn a_feed_with_a_3_kb_link_stores_its_other_items(backend) {
        let fixture = Fixture::new(backend).await;
        let base = one_long_link_feed().await;
        let ingestor = fixture.news(vec![format!("{base}/rss.xml")], true);
        let report = ingestor.run_once().await;
        assert_eq!(
            (report.failed_feeds, report.items, report.inserted),
            (0, 2, 2),
            "{report:?}"
        );
        assert_eq!(ingestor.stats().skipped_entries.load(Ordering::Relaxed), 1);
        let stored = fixture
            .store
            .list_news(&["KOREA-A005930".to_owned()], None, 10)
            .await
            .expect("list");
        let urls: Vec<&str> = stored.iter().map(|n| n.url.as_str()).collect();
        assert_eq!(urls, ["https://news.test/3", "https://news.test/1"]);
        // The next run is the same: the bad item does not block the feed.
        let report = ingestor.run_once().await;
        assert_eq!((report.failed_feeds, report.inserted), (0, 0));
        fixture.finish().await;
    }
}
