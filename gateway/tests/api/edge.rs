//! The public edge under abuse and outage: the quote hub's bound, time limits, caps, rate
//! limit, readiness and shutdown, and the browser policy.
//!
//! Storage plays no part here, so the fresh systems run on SQLite only; each test that
//! needs one says why. What the gateway does by itself runs on [`GatewayApp`] (the gateway
//! without services), with upstreams that hang or are gone.

use std::time::Duration;

use futures::StreamExt;
use sise_platform::bus::{Bus, BusConfig};
use sise_platform::db::Backend;
use sise_platform::testing::PrivateNats;
use sise_platform::testing::run_on;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use crate::helpers::{GatewayApp, SAMSUNG, shared, spawn_app_with_settings};

/// Reads an SSE response until its `snapshot` event; the parsed snapshot.
async fn snapshot(response: reqwest::Response) -> (serde_json::Value, reqwest::Response) {
    let mut body = String::new();
    let mut response = response;
    loop {
        let chunk = response.chunk().await.expect("chunk").expect("stream open");
        body.push_str(&String::from_utf8_lossy(&chunk));
        if let Some(at) = body.find("event: snapshot") {
            let rest = &body[at..];
            if let Some(end) = rest.find("\n\n") {
                let data: String = rest[..end]
                    .lines()
                    .filter_map(|l| l.strip_prefix("data: "))
                    .collect();
                return (serde_json::from_str(&data).expect("json"), response);
            }
        }
    }
}

/// Polls `condition` every 50 ms for up to `secs` seconds.
async fn eventually(secs: u64, mut condition: impl AsyncFnMut() -> bool) -> bool {
    for _ in 0..secs * 20 {
        if condition().await {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

/// A gRPC "upstream" that accepts connections and never answers.
async fn hanging_upstream() -> (String, tokio::task::JoinHandle<()>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("addr"));
    let task = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((stream, _)) = listener.accept().await {
            held.push(stream);
        }
    });
    (url, task)
}

/// An address nothing listens on.
pub(crate) async fn closed_address() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    format!("http://{}", listener.local_addr().expect("addr"))
}

pub(crate) async fn upstreams_at(url: &str) -> Vec<(&'static str, String)> {
    ["identity", "social", "market", "favorites"]
        .into_iter()
        .map(|name| (name, url.to_owned()))
        .collect()
}

pub(crate) fn settings<'a>(
    upstreams: &'a [(&'static str, String)],
    keys: &'a [String],
    extra: &[(&'a str, &'a str)],
) -> Vec<(&'a str, &'a str)> {
    let mut all: Vec<(&str, &str)> = keys
        .iter()
        .zip(upstreams)
        .map(|(key, (_, url))| (key.as_str(), url.as_str()))
        .collect();
    all.extend_from_slice(extra);
    all
}

pub(crate) fn upstream_keys() -> Vec<String> {
    ["identity", "social", "market", "favorites"]
        .iter()
        .map(|name| format!("gateway.upstreams.{name}"))
        .collect()
}

// ---- Finding 1: the quote hub ----------------------------------------------------------

const ABUSE_STREAMS: u32 = 5_000;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quote_streams_keep_hub_entries_only_for_watched_known_securities() {
    run_on(Backend::Sqlite, |backend| async move {
        // Fresh: the hub of a system to itself, and a rate and stream cap high enough for
        // 5,000 streams from one client.
        let app = spawn_app_with_settings(
            backend,
            &[
                ("gateway.limits.rate_per_second", "1000000"),
                ("gateway.limits.rate_burst", "1000000"),
                ("gateway.limits.max_streams_per_client", "1000"),
            ],
        )
        .await;
        // Rejected streams (malformed ids) and streams of made-up ids leave nothing.
        let (status, _) = app
            .json("/main/api/v1/quotes/stream?security_ids=nonsense")
            .await;
        assert_eq!(status, 400);
        let response = app
            .get("/main/api/v1/quotes/stream?security_ids=KOREA-AZ99999")
            .await;
        assert_eq!(response.status(), 200);
        let (snap, response) = snapshot(response).await;
        assert_eq!(snap["quotes"], serde_json::json!([]));
        drop(response);
        assert_eq!(app.quote_hub.len(), 0);

        // Abuse: 5,000 streams, 10 made-up ids each, leave the hub empty.
        let statuses: Vec<u16> = futures::stream::iter(0..ABUSE_STREAMS)
            .map(|i| {
                let ids: Vec<String> = (0..10)
                    // Well-formed, and no KRX code starts with Z.
                    .map(|j| format!("KOREA-AZ{:05}", (i * 10 + j) % 100_000))
                    .collect();
                let path = format!("/main/api/v1/quotes/stream?security_ids={}", ids.join(","));
                let app = &app;
                async move {
                    let response = app.get(&path).await;
                    let status = response.status().as_u16();
                    let _ = response.bytes().await; // the stream ends after its snapshot
                    status
                }
            })
            .buffer_unordered(32)
            .collect()
            .await;
        assert!(statuses.iter().all(|s| *s == 200), "{:?}", &statuses[..10]);
        assert_eq!(app.quote_hub.len(), 0, "made-up ids left hub entries");

        // A known security is an entry while watched, and gone with its last watcher.
        let response = app
            .get(&format!(
                "/main/api/v1/quotes/stream?security_ids={SAMSUNG},KOREA-AZ99999"
            ))
            .await;
        let (snap, response) = snapshot(response).await;
        assert_eq!(snap["quotes"].as_array().map(Vec::len), Some(1));
        assert_eq!(app.quote_hub.len(), 1);
        drop(response);
        // The server notices the closed stream at its next write (quotes flow every 250 ms).
        let hub = app.quote_hub.clone();
        assert!(
            eventually(10, async || hub.is_empty()).await,
            "the last watcher's entry stayed"
        );
        app.stop().await;
    })
    .await;
}

// ---- Finding 2: time limits and caps ---------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_header_connections_are_closed_by_the_header_timeout() {
    let closed = closed_address().await;
    let upstreams = upstreams_at(&closed).await;
    let keys = upstream_keys();
    let gateway = GatewayApp::start(
        Bus::in_process(),
        &settings(
            &upstreams,
            &keys,
            &[("gateway.limits.header_read_timeout_ms", "1000")],
        ),
    )
    .await;
    // 1,000 slow-loris connections: half send part of a head, half nothing at all.
    let mut slow = Vec::new();
    for i in 0..1_000 {
        let mut stream = TcpStream::connect(gateway.addr).await.expect("connect");
        if i % 2 == 0 {
            stream
                .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
                .await
                .expect("write");
        }
        slow.push(stream);
    }
    for mut stream in slow {
        let mut rest = Vec::new();
        // An error (reset) is a close too.
        let _ = tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut rest))
            .await
            .expect("closed by the header timeout");
        assert!(
            !String::from_utf8_lossy(&rest).contains("200 OK"),
            "a partial head was served"
        );
    }
    // And the gateway still serves.
    assert_eq!(gateway.get("/healthz").await.status(), 200);
    gateway.stop().await;
}

#[tokio::test]
async fn clients_over_the_connection_cap_wait_for_a_free_slot() {
    let closed = closed_address().await;
    let upstreams = upstreams_at(&closed).await;
    let keys = upstream_keys();
    let gateway = GatewayApp::start(
        Bus::in_process(),
        &settings(
            &upstreams,
            &keys,
            &[("gateway.limits.max_connections", "3")],
        ),
    )
    .await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(TcpStream::connect(gateway.addr).await.expect("connect"));
    }
    let client = reqwest::Client::new();
    let url = format!("{}/healthz", gateway.base);
    let waiting = tokio::spawn(async move { client.get(url).send().await });
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(!waiting.is_finished(), "served past the connection cap");
    drop(held.pop());
    let response = waiting
        .await
        .expect("join")
        .expect("served once a slot freed");
    assert_eq!(response.status(), 200);
    drop(held);
    gateway.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_over_its_rate_gets_429_with_retry_after() {
    run_on(Backend::Sqlite, |backend| async move {
        // Fresh: a tiny rate, and clients told apart by X-Forwarded-For (one trusted proxy).
        let app = spawn_app_with_settings(
            backend,
            &[
                ("gateway.limits.rate_per_second", "1"),
                ("gateway.limits.rate_burst", "3"),
                ("gateway.limits.trusted_proxy_hops", "1"),
            ],
        )
        .await;
        let path = format!("/main/api/v1/securities/{SAMSUNG}");
        let as_client = |ip: &'static str| {
            let app = &app;
            let path = path.clone();
            async move { app.get_with_header(&path, "x-forwarded-for", ip).await }
        };
        let mut refused = None;
        for _ in 0..10 {
            let response = as_client("203.0.113.7").await;
            if response.status() == 429 {
                refused = Some(response);
                break;
            }
            assert_eq!(response.status(), 200);
        }
        let response = refused.expect("429 within 10 requests at a burst of 3");
        let retry_after: u64 = response.headers()["retry-after"]
            .to_str()
            .expect("header")
            .parse()
            .expect("seconds");
        assert!((1..=2).contains(&retry_after), "{retry_after}");
        let body: serde_json::Value = response.json().await.expect("json");
        assert_eq!(body["error"], "too_many_requests");
        assert_eq!(
            body["message"],
            "요청이 너무 많습니다. 잠시 후 다시 시도해주세요."
        );
        // Another client is not affected; the probes are never limited.
        assert_eq!(as_client("203.0.113.8").await.status(), 200);
        for _ in 0..10 {
            assert_eq!(app.get("/healthz").await.status(), 200);
        }
        app.stop().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn live_streams_are_capped_per_client_and_in_all() {
    run_on(Backend::Sqlite, |backend| async move {
        // Fresh: small stream caps, and clients told apart by X-Forwarded-For.
        let app = spawn_app_with_settings(
            backend,
            &[
                ("gateway.limits.max_streams", "3"),
                ("gateway.limits.max_streams_per_client", "2"),
                ("gateway.limits.trusted_proxy_hops", "1"),
            ],
        )
        .await;
        let path = format!("/main/api/v1/quotes/stream?security_ids={SAMSUNG}");
        let open = |ip: &'static str| {
            let app = &app;
            let path = path.clone();
            async move { app.get_with_header(&path, "x-forwarded-for", ip).await }
        };
        let a1 = open("198.51.100.1").await;
        let a2 = open("198.51.100.1").await;
        assert_eq!((a1.status().as_u16(), a2.status().as_u16()), (200, 200));
        let refused = open("198.51.100.1").await;
        assert_eq!(refused.status(), 429, "per client");
        assert!(refused.headers().contains_key("retry-after"));
        let body: serde_json::Value = refused.json().await.expect("json");
        assert_eq!(body["error"], "too_many_streams");

        let b = open("198.51.100.2").await;
        assert_eq!(b.status(), 200);
        let refused = open("198.51.100.3").await;
        assert_eq!(refused.status(), 429, "in all");
        assert_eq!(
            refused.json::<serde_json::Value>().await.expect("json")["error"],
            "too_many_streams"
        );

        // A closed stream frees its slot (noticed at its next write).
        drop(a1);
        let freed = eventually(10, async || {
            let response = open("198.51.100.3").await;
            response.status() == 200
        })
        .await;
        assert!(freed, "the closed stream's slot was not freed");
        drop((a2, b));
        app.stop().await;
    })
    .await;
}

#[tokio::test]
async fn a_request_over_the_timeout_gets_the_json_error() {
    let (hanging, _task) = hanging_upstream().await;
    let upstreams = upstreams_at(&hanging).await;
    let keys = upstream_keys();
    let gateway = GatewayApp::start(
        Bus::in_process(),
        &settings(
            &upstreams,
            &keys,
            &[("gateway.limits.request_timeout_ms", "300")],
        ),
    )
    .await;
    let response = gateway
        .get(&format!("/main/api/v1/securities/{SAMSUNG}"))
        .await;
    assert_eq!(response.status(), 504);
    let body: serde_json::Value = response.json().await.expect("json body");
    assert_eq!(body["error"], "request_timeout");
    assert_eq!(
        body["message"],
        "응답 시간이 초과되었습니다. 잠시 후 다시 시도해주세요."
    );
    gateway.stop().await;
}

// ---- Finding 3: readiness and shutdown -------------------------------------------------

#[tokio::test]
async fn readiness_reports_down_upstreams_without_failing() {
    let closed = closed_address().await;
    let upstreams = upstreams_at(&closed).await;
    let keys = upstream_keys();
    let gateway = GatewayApp::start(Bus::in_process(), &settings(&upstreams, &keys, &[])).await;
    let response = gateway.get("/readyz").await;
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.expect("json");
    assert_eq!(body["status"], "degraded");
    assert_eq!(body["bus"], "up");
    for name in ["identity", "social", "market", "favorites"] {
        assert_eq!(body["upstreams"][name], "unreachable", "{body}");
    }
    gateway.stop().await;
}

#[tokio::test]
async fn readiness_stays_up_while_nats_is_down() {
    let mut nats = PrivateNats::start().await;
    let bus = Bus::connect(&BusConfig {
        url: nats.url().to_owned(),
        namespace: "edge_readiness".into(),
        ..BusConfig::default()
    })
    .await
    .expect("connect to the private NATS");
    let closed = closed_address().await;
    let upstreams = upstreams_at(&closed).await;
    let keys = upstream_keys();
    let gateway = GatewayApp::start(bus, &settings(&upstreams, &keys, &[])).await;
    let body: serde_json::Value = gateway.get("/readyz").await.json().await.expect("json");
    assert_eq!(body["bus"], "up");

    nats.kill();
    let mut last = serde_json::Value::Null;
    let down = eventually(15, async || {
        let response = gateway.get("/readyz").await;
        assert_eq!(response.status(), 200, "readiness failed with the bus down");
        last = response.json().await.expect("json");
        last["bus"] == "down"
    })
    .await;
    assert!(down, "the bus outage was not reported: {last}");
    assert_eq!(last["status"], "degraded");
    gateway.stop().await;
}

#[tokio::test]
async fn shutdown_turns_readiness_off_first_and_drains_with_a_deadline() {
    let (hanging, _task) = hanging_upstream().await;
    let upstreams = upstreams_at(&hanging).await;
    let keys = upstream_keys();
    let gateway = GatewayApp::start(
        Bus::in_process(),
        &settings(
            &upstreams,
            &keys,
            &[
                ("gateway.limits.request_timeout_ms", "60000"),
                ("gateway.limits.shutdown_delay_ms", "3000"),
                ("gateway.limits.drain_timeout_ms", "300"),
            ],
        ),
    )
    .await;
    assert_eq!(gateway.get("/readyz").await.status(), 200);
    // A request that will still be running when the drain deadline comes.
    let in_flight = {
        let client = reqwest::Client::new();
        let url = format!("{}/main/api/v1/securities/{SAMSUNG}", gateway.base);
        tokio::spawn(async move { client.get(url).send().await })
    };
    tokio::time::sleep(Duration::from_millis(200)).await;

    gateway.signal_stop();
    // At once: not ready, while still serving everything else.
    let not_ready = eventually(2, async || gateway.get("/readyz").await.status() == 503).await;
    assert!(not_ready, "readiness stayed on after the shutdown signal");
    let body: serde_json::Value = gateway.get("/readyz").await.json().await.expect("json");
    assert_eq!(body["error"], "service_unavailable");
    assert_eq!(gateway.get("/healthz").await.status(), 200);

    // The drain deadline cuts the hanging request off (otherwise it would get an answer
    // once the upstream call times out).
    let outcome = in_flight.await.expect("join");
    assert!(
        outcome.is_err(),
        "the in-flight request was answered: {outcome:?}"
    );
    gateway.stop().await;
}

// ---- Finding 8: browser policy ---------------------------------------------------------

sise_platform::per_backend! {
    async fn every_response_carries_the_security_headers(backend) {
        let app = shared(backend).await;
        for path in [
            "/healthz".to_owned(),
            "/m/".to_owned(),
            format!("/main/api/v1/securities/{SAMSUNG}"),
            "/main/api/v1/no_such_route".to_owned(),
        ] {
            let response = app.get(&path).await;
            let headers = response.headers();
            assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
            assert_eq!(headers["referrer-policy"], "strict-origin-when-cross-origin");
            let csp = headers["content-security-policy"].to_str().expect("csp");
            assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
            assert!(csp.contains("script-src 'self';"), "{csp}");
            // HSTS only where configured (production).
            assert!(!headers.contains_key("strict-transport-security"));
        }
        // One origin: the page is told the prefixed bases.
        let html = app.get("/m/stocks/KOREA-A005930").await.text().await.expect("html");
        assert!(html.contains(r#"<meta name="sise-api-main" content="/main" />"#), "{html}");
        // And where the messenger login is: the development provider, which the page may
        // call (token, logout).
        let kakao = format!(r#"<meta name="sise-kakao-auth" content="{}" />"#, app.kakao);
        assert!(html.contains(&kakao), "{html}");
        assert!(html.contains(r#"<meta name="sise-kakao-app-key" content="sise-dev-app-key" />"#));
        let csp = app.get("/m/").await.headers()["content-security-policy"].to_str().expect("csp").to_owned();
        assert!(csp.contains(&format!("connect-src 'self' {}", app.kakao)), "{csp}");
    }
}

#[tokio::test]
async fn hsts_is_sent_when_configured() {
    let closed = closed_address().await;
    let upstreams = upstreams_at(&closed).await;
    let keys = upstream_keys();
    let gateway = GatewayApp::start(
        Bus::in_process(),
        &settings(&upstreams, &keys, &[("gateway.browser.hsts", "true")]),
    )
    .await;
    let response = gateway.get("/healthz").await;
    assert_eq!(
        response.headers()["strict-transport-security"],
        "max-age=31536000"
    );
    gateway.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn distributed_mode_serves_a_webapp_that_can_call_the_api_hosts() {
    run_on(Backend::Sqlite, |backend| async move {
        // Fresh: the distributed host mapping (no prefixed paths).
        let app = spawn_app_with_settings(
            backend,
            &[
                ("gateway.single_origin", "false"),
                ("gateway.hosts.main", "api.sise.test"),
                ("gateway.hosts.social", "social.sise.test"),
                ("gateway.hosts.mobile_web", "m.sise.test"),
            ],
        )
        .await;
        // The page, from the mobile-web host, names the main API's base.
        let html = app
            .get_on_host("m.sise.test", "/m/stocks/KOREA-A005930")
            .await
            .text()
            .await
            .expect("html");
        let marker = r#"<meta name="sise-api-main" content=""#;
        let start = html.find(marker).expect("main API base in the page") + marker.len();
        let base = &html[start..start + html[start..].find('"').expect("end")];
        assert_eq!(base, "//api.sise.test");
        let main_host = base.trim_start_matches("//");
        let csp = app.get_on_host("m.sise.test", "/m/").await.headers()["content-security-policy"]
            .to_str()
            .expect("csp")
            .to_owned();
        assert!(csp.contains("connect-src 'self' api.sise.test"), "{csp}");

        // The prefixed single-origin path is gone here (what the old webapp called).
        let old = app
            .get_on_host("m.sise.test", &format!("/main/api/v1/securities/{SAMSUNG}"))
            .await;
        assert_eq!(old.status(), 404);

        // The call the page makes: the main host, with the page's origin.
        let client = reqwest::Client::new();
        let url = format!("{}/api/v1/securities/{SAMSUNG}", app.base);
        let response = client
            .get(&url)
            .header("host", main_host)
            .header("origin", "http://m.sise.test")
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), 200);
        assert_eq!(
            response.headers()["access-control-allow-origin"],
            "http://m.sise.test"
        );
        let body: serde_json::Value = response.json().await.expect("json");
        assert_eq!(body["security"]["code"], "005930");

        // A signed-in call's preflight: Authorization (main, social) and Access-Token
        // (mobile-web) are allowed.
        let preflight = client
            .request(reqwest::Method::OPTIONS, &url)
            .header("host", main_host)
            .header("origin", "https://m.sise.test")
            .header("access-control-request-method", "GET")
            .header(
                "access-control-request-headers",
                "authorization,access-token",
            )
            .send()
            .await
            .expect("preflight");
        assert!(preflight.status().is_success(), "{}", preflight.status());
        let allowed = preflight.headers()["access-control-allow-headers"]
            .to_str()
            .expect("header")
            .to_owned();
        assert!(
            allowed.contains("authorization") && allowed.contains("access-token"),
            "{allowed}"
        );

        // Another origin gets no CORS grant.
        let response = client
            .get(&url)
            .header("host", main_host)
            .header("origin", "https://evil.example")
            .send()
            .await
            .expect("request");
        assert!(
            !response
                .headers()
                .contains_key("access-control-allow-origin")
        );
        app.stop().await;
    })
    .await;
}
