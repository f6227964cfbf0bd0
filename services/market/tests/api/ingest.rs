//! Ingestor tests against local fake providers that speak the real formats: an OpenDART
//! `list.json` server (paging, statuses, outages) and RSS 2.0 / Atom feeds, each on
//! 127.0.0.1:0, with an in-process bus and fresh databases on every backend.

use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use bytes::Bytes;
use chrono::NaiveDate;
use futures::StreamExt;
use prost::Message;
use secrecy::SecretString;
use serde_json::{Value, json};
use sise_market::articles::config::{DartSettings, NewsSettings, RetrySettings};
use sise_market::articles::dart::{CorpMap, DartIngestor};
use sise_market::articles::news::NewsIngestor;
use sise_market::articles::store::ArticleStore;
use sise_market::articles::tagger::Tagger;
use sise_market::dataset::{ListedStock, load_listing};
use sise_platform::bus::{Bus, Event, Headers};
use sise_platform::db::Database;
use sise_platform::db::testing::TestDatabase;
use sise_platform::outbox;
use sise_proto::market::v1 as pb;
use tokio::net::TcpListener;

const KEY: &str = "test-crtfc-key-0123456789";
const SAMSUNG_CORP: &str = "00126380";
const HYNIX_CORP: &str = "00164779";
const MARKER: &str = "events.test.marker";

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
}

fn listing() -> &'static [ListedStock] {
    static LISTING: std::sync::OnceLock<Vec<ListedStock>> = std::sync::OnceLock::new();
    LISTING.get_or_init(|| load_listing(&data_dir()).expect("listing"))
}

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).expect("date")
}

fn fast_retry(max_attempts: u32) -> RetrySettings {
    RetrySettings {
        max_attempts,
        initial_backoff_ms: 5,
        max_backoff_ms: 40,
    }
}

struct Fixture {
    store: ArticleStore,
    bus: Bus,
    db: TestDatabase,
}

impl Fixture {
    async fn new(backend: sise_platform::db::Backend) -> Self {
        let db = TestDatabase::create(backend, "ingest").await.expect("db");
        let database = Database::connect(&db.url, &sise_market::store::MIGRATIONS)
            .await
            .expect("connect");
        Self {
            store: ArticleStore::new(database),
            bus: Bus::in_process(),
            db,
        }
    }

    async fn finish(self) {
        self.store.database().close().await;
        self.db.cleanup().await.expect("cleanup");
    }

    /// The events published since the last call (for this consumer name): the outbox is
    /// relayed (as the service's relay would), a marker is published after them and the
    /// durable log is read up to it, so nothing is guessed from timing.
    async fn events(&self, consumer: &str) -> Vec<Event> {
        outbox::drain(self.store.database(), &self.bus, "market")
            .await
            .expect("relay the outbox");
        self.bus
            .publish_durable(MARKER, Headers::new(), Bytes::from_static(b"marker"))
            .await
            .expect("marker");
        let mut stream = self
            .bus
            .consume_durable(consumer, "events.>")
            .await
            .expect("consume");
        let mut events = Vec::new();
        loop {
            let delivery = tokio::time::timeout(Duration::from_secs(5), stream.next())
                .await
                .expect("marker within 5 s")
                .expect("stream open");
            let event = delivery.event.clone();
            delivery.ack().await.expect("ack");
            if event.subject == MARKER {
                return events;
            }
            events.push(event);
        }
    }
}

/// Poll `condition` every 10 ms for up to 10 s (a wait for a state, never a timing bet).
async fn eventually(what: &str, condition: impl Fn() -> bool) {
    for _ in 0..1_000 {
        if condition() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("timed out waiting for {what}");
}

async fn serve(router: axum::Router, listener: TcpListener) -> String {
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        let _ = axum::serve(listener, router).await;
    });
    format!("http://{addr}")
}

// ---------------------------------------------------------------------------------------
// A fake OpenDART list.json.

#[derive(Clone, Debug)]
enum Failure {
    Http(StatusCode),
    Status(&'static str),
    Garbage,
}

#[derive(Default)]
struct FakeDart {
    /// Newest first, as OpenDART answers (sort=date, sort_mth=desc).
    rows: Vec<Value>,
    /// Failures to answer, per page, before answering normally.
    failures: HashMap<u32, VecDeque<Failure>>,
    /// Rows filed "while" the client pages: added on top after this page is served.
    file_after_page: Option<(u32, Vec<Value>)>,
    /// Every request: (page_no, bgn_de, end_de).
    log: Vec<(u32, String, String)>,
}

type SharedDart = Arc<Mutex<FakeDart>>;

fn dart_status(status: &str, message: &str) -> Response {
    axum::Json(json!({"status": status, "message": message})).into_response()
}

async fn list_json(
    State(fake): State<SharedDart>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let mut fake = fake.lock().expect("lock");
    let param = |k: &str| query.get(k).cloned().unwrap_or_default();
    let page_no: u32 = param("page_no").parse().unwrap_or(1);
    fake.log.push((page_no, param("bgn_de"), param("end_de")));
    if param("crtfc_key") != KEY {
        return dart_status("010", "등록되지 않은 키입니다.");
    }
    if let Some(failure) = fake
        .failures
        .get_mut(&page_no)
        .and_then(VecDeque::pop_front)
    {
        return match failure {
            Failure::Http(status) => (status, "upstream unavailable").into_response(),
            Failure::Status(code) => dart_status(code, "오류"),
            Failure::Garbage => (StatusCode::OK, "<html>점검 중</html>").into_response(),
        };
    }
    let page_count: usize = param("page_count").parse().unwrap_or(10);
    let (bgn, end) = (param("bgn_de"), param("end_de"));
    let rows: Vec<Value> = fake
        .rows
        .iter()
        .filter(|r| {
            let dt = r["rcept_dt"].as_str().unwrap_or_default();
            dt >= bgn.as_str() && dt <= end.as_str()
        })
        .cloned()
        .collect();
    if rows.is_empty() {
        return dart_status("013", "조회된 데이타가 없습니다.");
    }
    let total_page = rows.len().div_ceil(page_count);
    let list: Vec<Value> = rows
        .iter()
        .skip((page_no as usize - 1) * page_count)
        .take(page_count)
        .cloned()
        .collect();
    if let Some((after, new_rows)) = fake.file_after_page.take() {
        if after == page_no {
            let mut rows = new_rows;
            rows.append(&mut fake.rows);
            fake.rows = rows;
        } else {
            fake.file_after_page = Some((after, new_rows));
        }
    }
    axum::Json(json!({
        "status": "000",
        "message": "정상",
        "page_no": page_no,
        "page_count": page_count,
        "total_count": rows.len(),
        "total_page": total_page,
        "list": list,
    }))
    .into_response()
}

async fn start_dart(fake: SharedDart, listener: TcpListener) -> String {
    let router = axum::Router::new()
        .route("/api/list.json", get(list_json))
        .with_state(fake);
    serve(router, listener).await
}

/// A list.json row as OpenDART writes it (report_nm padded, as the raw API often does).
fn row(corp_code: &str, day: &str, seq: u32) -> Value {
    let (name, stock) = match corp_code {
        SAMSUNG_CORP => ("삼성전자", "005930"),
        HYNIX_CORP => ("SK하이닉스", "000660"),
        _ => ("비상장테스트", ""),
    };
    json!({
        "corp_code": corp_code,
        "corp_name": name,
        "stock_code": stock,
        "corp_cls": if stock.is_empty() { "E" } else { "Y" },
        "report_nm": format!("기타경영사항(자율공시) {seq}   "),
        "rcept_no": format!("{day}{seq:06}"),
        "flr_nm": name,
        "rcept_dt": day,
        "rm": "유",
    })
}

/// `count` rows on `day`, newest (largest rcept_no) first, cycling three companies.
fn rows(day: &str, from_seq: u32, count: u32) -> Vec<Value> {
    (from_seq..from_seq + count)
        .rev()
        .map(|seq| {
            let corp = [SAMSUNG_CORP, HYNIX_CORP, "00999999"][seq as usize % 3];
            row(corp, day, seq)
        })
        .collect()
}

fn dart_settings(base_url: &str, retry: RetrySettings) -> DartSettings {
    DartSettings {
        base_url: base_url.to_owned(),
        api_key: Some(SecretString::from(KEY.to_owned())),
        lookback_days: 2,
        page_count: 100,
        request_timeout_secs: 5,
        // The fake listens on loopback.
        allow_private_addresses: true,
        retry,
        ..DartSettings::default()
    }
}

fn dart_ingestor(fixture: &Fixture, settings: DartSettings) -> DartIngestor {
    let corp_map = Arc::new(CorpMap::load(&data_dir(), listing()).expect("corp map"));
    DartIngestor::new(settings, fixture.store.clone(), corp_map)
        .expect("ingestor")
        .expect("enabled with a key")
}

fn published_rcept_nos(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .map(|e| {
            assert_eq!(e.subject, "events.market.disclosure_published");
            pb::DisclosurePublished::decode(e.payload.clone())
                .expect("decode")
                .disclosure
                .expect("disclosure")
                .rcept_no
        })
        .collect()
}

async fn fake_dart(fake: FakeDart) -> (SharedDart, String) {
    let fake = Arc::new(Mutex::new(fake));
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = start_dart(fake.clone(), listener).await;
    (fake, base)
}

fn pages_requested(fake: &SharedDart) -> Vec<u32> {
    fake.lock().expect("lock").log.iter().map(|l| l.0).collect()
}

sise_platform::per_backend! {
    async fn dart_pages_dedupes_maps_stocks_and_publishes_new_rows_only(backend) {
        let fixture = Fixture::new(backend).await;
        // 250 filings over three days (three pages of 100), newest first.
        let mut all = rows("20260821", 1, 90);
        all.extend(rows("20260820", 1, 100));
        all.extend(rows("20260819", 1, 60));
        let (fake, base) = fake_dart(FakeDart {
            rows: all,
            ..FakeDart::default()
        })
        .await;
        let ingestor = dart_ingestor(&fixture, dart_settings(&base, fast_retry(3)));
        let today = date(2026, 8, 21);

        let report = ingestor.run_once(today).await.expect("run");
        assert_eq!(
            (report.bgn_de, report.end_de),
            (date(2026, 8, 19), today),
            "lookback 2 days"
        );
        assert_eq!((report.pages, report.rows, report.inserted), (3, 250, 250));
        // Each new row's event committed with it, waiting for the relay (the outbox).
        let pending = outbox::pending(fixture.store.database()).await.expect("pending");
        assert_eq!(pending, 250);
        assert_eq!(pages_requested(&fake), [1, 2, 3]);
        let log = fake.lock().expect("lock").log.clone();
        assert!(log.iter().all(|l| l.1 == "20260819" && l.2 == "20260821"));
        let events = fixture.events("t1").await;
        assert_eq!(events.len(), 250, "one event per new row");
        let numbers = published_rcept_nos(&events);
        let unique: std::collections::HashSet<_> = numbers.iter().collect();
        assert_eq!(unique.len(), 250);

        // Stocks mapped from corp_code; unlisted companies stored without one; titles trimmed.
        let samsung = fixture
            .store
            .list_disclosures(&["KOREA-A005930".to_owned()], None, 500)
            .await
            .expect("list");
        assert_eq!(samsung.len(), 83, "every third of 250 rows");
        assert!(samsung.iter().all(|d| d.corp_code == SAMSUNG_CORP));
        assert!(samsung[0].report_nm.ends_with(|c: char| c.is_ascii_digit()));
        assert_eq!(samsung[0].rcept_no, "20260821000090");
        let hynix = fixture
            .store
            .list_disclosures(&["KOREA-A000660".to_owned()], None, 500)
            .await
            .expect("list");
        assert_eq!(samsung.len() + hynix.len(), 167);
        assert_eq!(fixture.store.disclosure_count().await.expect("count"), 250);

        // Second run: 5 new filings on top, and 3 more filed while page 1 is being read,
        // which pushes rows of page 1 onto page 2 (duplicates across pages).
        {
            let mut fake = fake.lock().expect("lock");
            let mut newer = rows("20260821", 91, 5);
            newer.append(&mut fake.rows);
            fake.rows = newer;
            fake.file_after_page = Some((1, rows("20260821", 96, 3)));
            fake.log.clear();
        }
        let report = ingestor.run_once(today).await.expect("run");
        assert_eq!(report.inserted, 5, "{report:?}");
        assert_eq!(report.rows, 258, "255 rows + 3 seen twice");
        let events = fixture.events("t1").await;
        let mut numbers = published_rcept_nos(&events);
        numbers.sort();
        let expected: Vec<String> = (91..=95).map(|s| format!("20260821{s:06}")).collect();
        assert_eq!(numbers, expected, "events for the new rows only");
        assert_eq!(fixture.store.disclosure_count().await.expect("count"), 255);
        // The filings that arrived during that run come with the next one.
        let report = ingestor.run_once(today).await.expect("run");
        assert_eq!((report.rows, report.inserted), (258, 3));
        let mut numbers = published_rcept_nos(&fixture.events("t1").await);
        numbers.sort();
        let expected: Vec<String> = (96..=98).map(|s| format!("20260821{s:06}")).collect();
        assert_eq!(numbers, expected);
        assert_eq!(fixture.store.disclosure_count().await.expect("count"), 258);

        // Nothing new: no events at all.
        let report = ingestor.run_once(today).await.expect("run");
        assert_eq!(report.inserted, 0);
        assert!(fixture.events("t1").await.is_empty());
        fixture.finish().await;
    }
}

#[tokio::test]
async fn dart_no_data_is_a_successful_empty_run() {
    let fixture = Fixture::new(sise_platform::db::Backend::Sqlite).await;
    let (fake, base) = fake_dart(FakeDart::default()).await;
    let ingestor = dart_ingestor(&fixture, dart_settings(&base, fast_retry(3)));
    let report = ingestor
        .run_once(date(2026, 8, 21))
        .await
        .expect("013 is no error");
    assert_eq!((report.pages, report.rows, report.inserted), (1, 0, 0));
    assert_eq!(pages_requested(&fake), [1], "not retried");
    assert_eq!(ingestor.stats().retries.load(Ordering::Relaxed), 0);
    assert!(fixture.events("t").await.is_empty());
    fixture.finish().await;
}

#[tokio::test]
async fn dart_error_statuses_stop_the_run_without_retries() {
    let fixture = Fixture::new(sise_platform::db::Backend::Sqlite).await;
    for status in ["011", "012", "100", "101", "901"] {
        let (fake, base) = fake_dart(FakeDart {
            rows: rows("20260821", 1, 10),
            failures: HashMap::from([(1, VecDeque::from([Failure::Status(status)]))]),
            ..FakeDart::default()
        })
        .await;
        let ingestor = dart_ingestor(&fixture, dart_settings(&base, fast_retry(5)));
        let error = ingestor
            .run_once(date(2026, 8, 21))
            .await
            .expect_err(status);
        let text = format!("{error:#}");
        assert!(
            text.contains(&format!("OpenDART status {status}")),
            "{text}"
        );
        assert_eq!(pages_requested(&fake), [1], "{status} is not retried");
        assert_eq!(ingestor.stats().failed_runs.load(Ordering::Relaxed), 1);
    }
    // A wrong key: the provider's own "010".
    let (_, base) = fake_dart(FakeDart {
        rows: rows("20260821", 1, 10),
        ..FakeDart::default()
    })
    .await;
    let mut settings = dart_settings(&base, fast_retry(5));
    settings.api_key = Some(SecretString::from("wrong".to_owned()));
    let error = dart_ingestor(&fixture, settings)
        .run_once(date(2026, 8, 21))
        .await
        .expect_err("010");
    assert!(format!("{error:#}").contains("010"), "{error:#}");
    assert!(format!("{error:#}").contains("등록되지 않은 키입니다"));
    assert_eq!(fixture.store.disclosure_count().await.expect("count"), 0);
    // Without a key the ingestor is disabled.
    let mut settings = dart_settings(&base, fast_retry(5));
    settings.api_key = None;
    let corp_map = Arc::new(CorpMap::default());
    assert!(
        DartIngestor::new(settings, fixture.store.clone(), corp_map)
            .expect("new")
            .is_none()
    );
    fixture.finish().await;
}

#[tokio::test]
async fn dart_transient_failures_retry_the_same_page_with_backoff() {
    let fixture = Fixture::new(sise_platform::db::Backend::Sqlite).await;
    let mut all = rows("20260821", 1, 100);
    all.extend(rows("20260820", 1, 100));
    all.extend(rows("20260819", 1, 30));
    let (fake, base) = fake_dart(FakeDart {
        rows: all,
        failures: HashMap::from([
            (
                2,
                VecDeque::from([
                    Failure::Status("020"),
                    Failure::Http(StatusCode::SERVICE_UNAVAILABLE),
                    Failure::Garbage,
                ]),
            ),
            (3, VecDeque::from([Failure::Status("800")])),
        ]),
        ..FakeDart::default()
    })
    .await;
    let ingestor = dart_ingestor(&fixture, dart_settings(&base, fast_retry(5)));
    let report = ingestor.run_once(date(2026, 8, 21)).await.expect("run");
    assert_eq!(report.inserted, 230);
    // Page 1 is never fetched again: the run resumes from the page that failed.
    assert_eq!(pages_requested(&fake), [1, 2, 2, 2, 2, 3, 3]);
    assert_eq!(ingestor.stats().retries.load(Ordering::Relaxed), 4);
    assert_eq!(fixture.events("t").await.len(), 230);
    fixture.finish().await;
}

sise_platform::per_backend! {
    async fn dart_provider_down_then_back_loses_nothing(backend) {
        let fixture = Fixture::new(backend).await;
        // The provider is down (connection refused) when the run starts.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .expect("bind")
            .local_addr()
            .expect("addr")
            .port();
        let base = format!("http://127.0.0.1:{port}");
        let ingestor = Arc::new(dart_ingestor(
            &fixture,
            dart_settings(&base, fast_retry(1_000)),
        ));
        let stats = ingestor.stats();
        let run = {
            let ingestor = ingestor.clone();
            tokio::spawn(async move { ingestor.run_once(date(2026, 8, 21)).await })
        };
        eventually("two failed attempts", || {
            stats.retries.load(Ordering::Relaxed) >= 2
        })
        .await;
        assert!(!run.is_finished(), "still retrying");
        // The provider comes back on the same address.
        let mut all = rows("20260821", 1, 150);
        all.extend(rows("20260820", 1, 20));
        let fake = Arc::new(Mutex::new(FakeDart {
            rows: all,
            ..FakeDart::default()
        }));
        let listener = TcpListener::bind(("127.0.0.1", port))
            .await
            .expect("rebind");
        start_dart(fake.clone(), listener).await;
        let report = run.await.expect("join").expect("run recovers");
        assert_eq!((report.pages, report.inserted), (2, 170));
        assert_eq!(fixture.store.disclosure_count().await.expect("count"), 170);
        assert_eq!(fixture.events("t").await.len(), 170);
        fixture.finish().await;
    }
}

#[tokio::test]
async fn dart_run_that_gives_up_is_covered_by_the_next_run() {
    let fixture = Fixture::new(sise_platform::db::Backend::Sqlite).await;
    let mut all = rows("20260810", 1, 100);
    all.extend(rows("20260809", 1, 50));
    // Page 2 fails more often than a run retries.
    let (fake, base) = fake_dart(FakeDart {
        rows: all,
        failures: HashMap::from([(
            2,
            VecDeque::from(vec![Failure::Http(StatusCode::BAD_GATEWAY); 3]),
        )]),
        ..FakeDart::default()
    })
    .await;
    let ingestor = dart_ingestor(&fixture, dart_settings(&base, fast_retry(3)));

    // First a complete run on 08-10 sets the mark ...
    fixture
        .store
        .set_meta("dart_synced_through", "2026-08-08")
        .await
        .expect("mark");
    // ... then, ten days later, the window reaches back to the mark, not just 2 days.
    let today = date(2026, 8, 18);
    assert_eq!(
        ingestor.window(today).await.expect("window"),
        (date(2026, 8, 8), today)
    );
    let error = ingestor.run_once(today).await.expect_err("gives up");
    assert!(format!("{error:#}").contains("502"), "{error:#}");
    assert_eq!(pages_requested(&fake), [1, 2, 2, 2]);
    assert_eq!(
        fixture
            .store
            .meta("dart_synced_through")
            .await
            .expect("mark")
            .as_deref(),
        Some("2026-08-08"),
        "a failed run does not move the mark"
    );
    assert_eq!(fixture.store.disclosure_count().await.expect("count"), 100);
    assert_eq!(fixture.events("t").await.len(), 100);

    let report = ingestor.run_once(today).await.expect("next run");
    assert_eq!((report.bgn_de, report.inserted), (date(2026, 8, 8), 50));
    assert_eq!(fixture.store.disclosure_count().await.expect("count"), 150);
    assert_eq!(fixture.events("t").await.len(), 50);
    assert_eq!(
        fixture
            .store
            .meta("dart_synced_through")
            .await
            .expect("mark")
            .as_deref(),
        Some("2026-08-18")
    );
    assert_eq!(
        ingestor.window(today).await.expect("window"),
        (date(2026, 8, 16), today),
        "back to the lookback once caught up"
    );
    fixture.finish().await;
}

/// After a long outage more filings lie between the mark and today than a run reads: the
/// window is read in sub-windows, oldest first, each moving the mark once read whole, so the
/// runs catch up instead of reading the newest pages again and again without moving the mark.
#[tokio::test]
async fn dart_a_backlog_over_the_page_cap_is_caught_up_oldest_first() {
    let fixture = Fixture::new(sise_platform::db::Backend::Sqlite).await;
    // 15 filings on each day from 08-08 to 08-18 (165, 17 pages of 10), newest first.
    let all: Vec<Value> = (8..=18)
        .rev()
        .flat_map(|day| rows(&format!("202608{day:02}"), 1, 15))
        .collect();
    let (fake, base) = fake_dart(FakeDart {
        rows: all,
        ..FakeDart::default()
    })
    .await;
    let settings = DartSettings {
        page_count: 10,
        max_pages: 10,
        ..dart_settings(&base, fast_retry(3))
    };
    let ingestor = dart_ingestor(&fixture, settings);
    let mark = || async {
        fixture
            .store
            .meta("dart_synced_through")
            .await
            .expect("mark")
    };
    fixture
        .store
        .set_meta("dart_synced_through", "2026-08-08")
        .await
        .expect("mark");
    let today = date(2026, 8, 18);

    // The window's first page announces 17 pages, 9 more than the run has left: the run
    // reads the days 9 pages cover (08-08 to 08-13, 90 filings) whole, then stops.
    let error = ingestor.run_once(today).await.expect_err("pages spent");
    assert!(format!("{error:#}").contains("dart.max_pages"), "{error:#}");
    let log = std::mem::take(&mut fake.lock().expect("lock").log);
    let span = |bgn: &str, end: &str| (bgn.to_owned(), end.to_owned());
    assert_eq!(log.len(), 10, "at most max_pages requests");
    assert_eq!(
        (log[0].0, span(&log[0].1, &log[0].2)),
        (1, span("20260808", "20260818"))
    );
    let sub: Vec<(u32, (String, String))> = log[1..]
        .iter()
        .map(|(page, bgn, end)| (*page, span(bgn, end)))
        .collect();
    let expected: Vec<(u32, (String, String))> = (1..=9)
        .map(|page| (page, span("20260808", "20260813")))
        .collect();
    assert_eq!(sub, expected);
    assert_eq!(
        mark().await.as_deref(),
        Some("2026-08-13"),
        "the mark moved"
    );
    // The 90 and the window's first page (the newest 10 of 08-18).
    assert_eq!(fixture.store.disclosure_count().await.expect("count"), 100);
    assert_eq!(fixture.events("t").await.len(), 100);

    // The next run starts at the mark and completes.
    let report = ingestor.run_once(today).await.expect("caught up");
    assert_eq!(
        (report.bgn_de, report.pages, report.inserted),
        (date(2026, 8, 13), 9, 65)
    );
    assert_eq!(mark().await.as_deref(), Some("2026-08-18"));
    assert_eq!(fixture.store.disclosure_count().await.expect("count"), 165);
    assert_eq!(
        fixture.events("t").await.len(),
        65,
        "each filing published once"
    );
    assert_eq!(
        ingestor.window(today).await.expect("window"),
        (date(2026, 8, 16), today),
        "back to the lookback"
    );
    fixture.finish().await;
}

// ---------------------------------------------------------------------------------------
// Fake RSS 2.0 and Atom feeds.

const RSS: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
  <channel>
    <title>테스트 경제신문</title>
    <link>https://news.test/</link>
    <description>증권 뉴스</description>
    <item>
      <title>삼성전자, 2분기 영업이익 시장 예상 웃돌아</title>
      <link>https://news.test/articles/1</link>
      <description><![CDATA[<p>삼성전자가 <b>잠정 실적</b>을 발표했다. SK하이닉스도 강세.</p>]]></description>
      <pubDate>Fri, 21 Aug 2026 09:00:00 +0900</pubDate>
      <guid>https://news.test/articles/1</guid>
    </item>
    <item>
      <title>LG전자 &amp; LG화학, 나란히 신제품 발표</title>
      <link>https://news.test/articles/2</link>
      <description>LG그룹 계열사 소식</description>
      <pubDate>Fri, 21 Aug 2026 08:00:00 +0900</pubDate>
    </item>
    <item>
      <title>오늘의 날씨: 맑음</title>
      <link>https://news.test/articles/3</link>
      <description>종목과 무관한 기사</description>
      <pubDate>Thu, 20 Aug 2026 18:00:00 +0900</pubDate>
    </item>
    <item>
      <title>링크 없는 항목</title>
      <description>건너뜀</description>
    </item>
  </channel>
</rss>"#;

const ATOM: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Atom 증권 속보</title>
  <id>urn:uuid:60a76c80-d399-11d9-b91C-0003939e0af6</id>
  <updated>2026-08-21T10:30:00+09:00</updated>
  <entry>
    <title>SK하이닉스, HBM 생산라인 증설</title>
    <link rel="alternate" href="https://atom.test/e/1"/>
    <id>urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a</id>
    <published>2026-08-21T10:30:00+09:00</published>
    <updated>2026-08-21T10:30:00+09:00</updated>
    <summary>SK하이닉스가 청주 공장에 라인을 늘린다.</summary>
  </entry>
  <entry>
    <title>삼성전자 실적 (재송고)</title>
    <link href="https://news.test/articles/1"/>
    <id>urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6b</id>
    <updated>2026-08-21T09:05:00+09:00</updated>
    <content type="html">&lt;p&gt;같은 기사, 같은 링크&lt;/p&gt;</content>
  </entry>
</feed>"#;

/// Malformed XML: an unclosed element and a bare ampersand.
const BROKEN: &str = r#"<?xml version="1.0"?><rss version="2.0"><channel><title>깨진 피드</title>
<item><title>삼성전자 & 기아</title><link>https://broken.test/1</link></item></channel></rss>"#;

#[derive(Default)]
struct FakeFeeds {
    rss: String,
    /// Failures before /flaky answers with the RSS document.
    flaky_failures: u32,
    requests: HashMap<String, u32>,
}

type SharedFeeds = Arc<Mutex<FakeFeeds>>;

async fn feed(
    State(fake): State<SharedFeeds>,
    axum::extract::Path(name): axum::extract::Path<String>,
) -> Response {
    let mut fake = fake.lock().expect("lock");
    *fake.requests.entry(name.clone()).or_default() += 1;
    let xml = |body: String, kind: &'static str| {
        ([(axum::http::header::CONTENT_TYPE, kind)], body).into_response()
    };
    match name.as_str() {
        "rss.xml" => xml(fake.rss.clone(), "application/rss+xml; charset=utf-8"),
        "atom.xml" => xml(ATOM.to_owned(), "application/atom+xml"),
        "broken.xml" => xml(BROKEN.to_owned(), "application/rss+xml"),
        "truncated.xml" => xml(
            fake.rss[..fake.rss.len() / 2].to_owned(),
            "application/rss+xml",
        ),
        "html" => xml("<html><body>점검 중</body></html>".to_owned(), "text/html"),
        "flaky.xml" if fake.flaky_failures > 0 => {
            fake.flaky_failures -= 1;
            StatusCode::SERVICE_UNAVAILABLE.into_response()
        }
        "flaky.xml" => xml(fake.rss.clone(), "application/rss+xml"),
        _ => StatusCode::NOT_FOUND.into_response(),
    }
}

async fn fake_feeds(fake: FakeFeeds) -> (SharedFeeds, String) {
    let fake = Arc::new(Mutex::new(fake));
    let router = axum::Router::new()
        .route("/feeds/{name}", get(feed))
        .with_state(fake.clone());
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    (fake, serve(router, listener).await)
}

fn news_settings(feeds: Vec<String>, retry: RetrySettings) -> NewsSettings {
    NewsSettings {
        feeds,
        request_timeout_secs: 5,
        // The fake listens on loopback.
        allow_private_addresses: true,
        retry,
        // The fixtures are dated August 2026: kept whenever the tests run.
        retention_days: 36_500,
        ..NewsSettings::default()
    }
}

fn news_ingestor(fixture: &Fixture, feeds: Vec<String>, retry: RetrySettings) -> NewsIngestor {
    news_ingestor_with(fixture, news_settings(feeds, retry))
}

fn news_ingestor_with(fixture: &Fixture, settings: NewsSettings) -> NewsIngestor {
    let tagger = Arc::new(Tagger::new(listing()).expect("tagger"));
    NewsIngestor::new(settings, fixture.store.clone(), tagger)
        .expect("ingestor")
        .expect("enabled with feeds")
}

fn published_news(events: &[Event]) -> Vec<pb::NewsItem> {
    events
        .iter()
        .map(|e| {
            assert_eq!(e.subject, "events.market.news_published");
            pb::NewsPublished::decode(e.payload.clone())
                .expect("decode")
                .news
                .expect("news")
        })
        .collect()
}

sise_platform::per_backend! {
    async fn news_reads_rss_and_atom_tags_stocks_and_dedupes_by_link(backend) {
        let fixture = Fixture::new(backend).await;
        let (_, base) = fake_feeds(FakeFeeds {
            rss: RSS.to_owned(),
            ..FakeFeeds::default()
        })
        .await;
        let ingestor = news_ingestor(
            &fixture,
            vec![
                format!("{base}/feeds/rss.xml"),
                format!("{base}/feeds/atom.xml"),
            ],
            fast_retry(3),
        );
        let report = ingestor.run_once().await;
        assert_eq!((report.feeds, report.failed_feeds), (2, 0));
        // RSS: 3 items with links (one skipped); Atom: 2 entries, one repeating an RSS link.
        assert_eq!((report.items, report.inserted), (5, 4), "{report:?}");
        assert_eq!(ingestor.stats().skipped_entries.load(Ordering::Relaxed), 1);

        let events = published_news(&fixture.events("n").await);
        assert_eq!(events.len(), 4);
        let by_url: HashMap<&str, &pb::NewsItem> =
            events.iter().map(|n| (n.url.as_str(), n)).collect();
        let samsung = by_url["https://news.test/articles/1"];
        assert_eq!(samsung.title, "삼성전자, 2분기 영업이익 시장 예상 웃돌아");
        assert_eq!(
            samsung.summary,
            "삼성전자가 잠정 실적을 발표했다. SK하이닉스도 강세."
        );
        assert_eq!(samsung.publisher, "테스트 경제신문");
        assert_eq!(samsung.security_ids, ["KOREA-A000660", "KOREA-A005930"]);
        // 2026-08-21 09:00 KST.
        assert_eq!(samsung.published_at_ms, 1_787_270_400_000);
        let lg = by_url["https://news.test/articles/2"];
        assert_eq!(lg.title, "LG전자 & LG화학, 나란히 신제품 발표");
        assert_eq!(
            lg.security_ids,
            ["KOREA-A051910", "KOREA-A066570"],
            "not LG (LG그룹)"
        );
        assert!(
            by_url["https://news.test/articles/3"]
                .security_ids
                .is_empty()
        );
        let atom = by_url["https://atom.test/e/1"];
        assert_eq!(atom.publisher, "Atom 증권 속보");
        assert_eq!(atom.security_ids, ["KOREA-A000660"]);
        assert_eq!(atom.published_at_ms, 1_787_275_800_000);

        let hynix = fixture
            .store
            .list_news(&["KOREA-A000660".to_owned()], None, 10)
            .await
            .expect("list");
        let urls: Vec<_> = hynix.iter().map(|n| n.url.as_str()).collect();
        assert_eq!(
            urls,
            ["https://atom.test/e/1", "https://news.test/articles/1"]
        );

        // The same feeds again: nothing new, no events.
        let report = ingestor.run_once().await;
        assert_eq!(report.inserted, 0);
        assert!(fixture.events("n").await.is_empty());
        assert_eq!(fixture.store.news_count().await.expect("count"), 4);
        fixture.finish().await;
    }
}

#[tokio::test]
async fn malformed_feeds_are_counted_and_the_others_go_on() {
    let fixture = Fixture::new(sise_platform::db::Backend::Sqlite).await;
    let (fake, base) = fake_feeds(FakeFeeds {
        rss: RSS.to_owned(),
        ..FakeFeeds::default()
    })
    .await;
    let ingestor = news_ingestor(
        &fixture,
        vec![
            format!("{base}/feeds/broken.xml"),
            format!("{base}/feeds/truncated.xml"),
            format!("{base}/feeds/html"),
            format!("{base}/feeds/missing.xml"),
            format!("{base}/feeds/rss.xml"),
        ],
        fast_retry(3),
    );
    let report = ingestor.run_once().await;
    assert_eq!((report.feeds, report.failed_feeds), (5, 4));
    assert_eq!(report.inserted, 3, "the good feed still counts");
    let stats = ingestor.stats();
    assert_eq!(stats.malformed_feeds.load(Ordering::Relaxed), 3);
    assert_eq!(stats.failed_feeds.load(Ordering::Relaxed), 4);
    assert_eq!(
        fake.lock().expect("lock").requests["missing.xml"],
        1,
        "a 404 is not retried"
    );
    // Nothing from the broken feeds was stored (broken.test and the truncated copy).
    let stored = fixture
        .store
        .list_news(&["KOREA-A005930".to_owned()], None, 50)
        .await
        .expect("list");
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].url, "https://news.test/articles/1");
    assert_eq!(fixture.store.news_count().await.expect("count"), 3);
    assert_eq!(published_news(&fixture.events("n").await).len(), 3);
    fixture.finish().await;
}

#[tokio::test]
async fn feed_down_then_back_is_retried_with_backoff() {
    let fixture = Fixture::new(sise_platform::db::Backend::Sqlite).await;
    let (fake, base) = fake_feeds(FakeFeeds {
        rss: RSS.to_owned(),
        flaky_failures: 2,
        ..FakeFeeds::default()
    })
    .await;
    let ingestor = news_ingestor(
        &fixture,
        vec![format!("{base}/feeds/flaky.xml")],
        fast_retry(5),
    );
    let report = ingestor.run_once().await;
    assert_eq!((report.failed_feeds, report.inserted), (0, 3));
    assert_eq!(fake.lock().expect("lock").requests["flaky.xml"], 3);
    assert_eq!(ingestor.stats().retries.load(Ordering::Relaxed), 2);

    // Down for longer than a run retries: the run reports it, the next run picks it up.
    fake.lock().expect("lock").flaky_failures = 10;
    let ingestor = news_ingestor(
        &fixture,
        vec![format!("{base}/feeds/flaky.xml")],
        fast_retry(2),
    );
    let report = ingestor.run_once().await;
    assert_eq!(report.failed_feeds, 1);
    assert_eq!(ingestor.stats().malformed_feeds.load(Ordering::Relaxed), 0);
    fixture.finish().await;
}

/// Items are kept `retention_days`: an entry a feed still lists past that is left out (were
/// it stored, the next prune would forget it and the run after would store it again, with a
/// new event each time), and the pruning task forgets the older items stored before.
#[tokio::test]
async fn news_older_than_the_retention_is_left_out_and_pruned() {
    let fixture = Fixture::new(sise_platform::db::Backend::Sqlite).await;
    let now = chrono::Utc::now();
    let item = |title: &str, link: &str, at: chrono::DateTime<chrono::Utc>| {
        format!(
            "<item><title>{title}</title><link>{link}</link><pubDate>{}</pubDate></item>",
            at.to_rfc2822()
        )
    };
    let rss = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>보존 테스트</title>{}{}</channel></rss>"#,
        item(
            "삼성전자 오늘 기사",
            "https://news.test/fresh",
            now - chrono::TimeDelta::hours(1)
        ),
        item(
            "삼성전자 지난 기사",
            "https://news.test/expired",
            now - chrono::TimeDelta::days(40)
        ),
    );
    let (_, base) = fake_feeds(FakeFeeds {
        rss,
        ..FakeFeeds::default()
    })
    .await;
    let settings = NewsSettings {
        retention_days: 30,
        ..news_settings(vec![format!("{base}/feeds/rss.xml")], fast_retry(3))
    };
    let ingestor = news_ingestor_with(&fixture, settings.clone());
    for run in 0..2 {
        let report = ingestor.run_once().await;
        assert_eq!((report.items, report.inserted), (2, 1 - run), "run {run}");
    }
    assert_eq!(ingestor.stats().expired_entries.load(Ordering::Relaxed), 2);
    let events = published_news(&fixture.events("n").await);
    let urls: Vec<_> = events.iter().map(|n| n.url.as_str()).collect();
    assert_eq!(urls, ["https://news.test/fresh"]);

    // An item stored while the retention was longer goes at the first prune.
    let stored_before = sise_market::articles::store::NewNewsItem {
        url: "https://news.test/stored-before".to_owned(),
        title: "삼성전자 예전 기사".to_owned(),
        summary: String::new(),
        publisher: "보존 테스트".to_owned(),
        published_at_ms: (now - chrono::TimeDelta::days(31)).timestamp_millis(),
        source: format!("{base}/feeds/rss.xml"),
        sample: false,
        security_ids: vec!["KOREA-A005930".to_owned()],
    };
    fixture
        .store
        .insert_news(&stored_before, now.timestamp_millis())
        .await
        .expect("insert")
        .expect("new");
    assert_eq!(fixture.store.news_count().await.expect("count"), 2);
    let cancel = tokio_util::sync::CancellationToken::new();
    let pruner = tokio::spawn(sise_market::articles::news::prune(
        fixture.store.clone(),
        settings.retention_ms(),
        cancel.clone(),
    ));
    tokio::time::timeout(Duration::from_secs(10), async {
        while fixture.store.news_count().await.expect("count") != 1 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await
    .expect("pruned within 10 s");
    let left = fixture
        .store
        .list_news(&["KOREA-A005930".to_owned()], None, 10)
        .await
        .expect("list");
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].url, "https://news.test/fresh");
    cancel.cancel();
    pruner.await.expect("task").expect("prune");
    fixture.finish().await;
}
