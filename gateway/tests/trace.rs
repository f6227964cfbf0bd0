//! One request's trace covers the gateway, the market service (over gRPC) and the bus
//! consumer, exported over OTLP to a collector this test runs itself; a page's error report
//! reaches the same collector as a log record with its page, app type and release; and the
//! metrics a running system emits (scraped from a service's `/metrics` and exported over
//! OTLP) carry every instrument docs/operations.md names, none labelled by a member, a
//! security or a raw path. One test: the telemetry is the process's, installed once.

#[path = "api/helpers.rs"]
#[allow(dead_code)]
mod helpers;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use opentelemetry_proto::tonic::collector::logs::v1::logs_service_server::{
    LogsService, LogsServiceServer,
};
use opentelemetry_proto::tonic::collector::logs::v1::{
    ExportLogsServiceRequest, ExportLogsServiceResponse,
};
use opentelemetry_proto::tonic::collector::metrics::v1::metrics_service_server::{
    MetricsService, MetricsServiceServer,
};
use opentelemetry_proto::tonic::collector::metrics::v1::{
    ExportMetricsServiceRequest, ExportMetricsServiceResponse,
};
use opentelemetry_proto::tonic::collector::trace::v1::trace_service_server::{
    TraceService, TraceServiceServer,
};
use opentelemetry_proto::tonic::collector::trace::v1::{
    ExportTraceServiceRequest, ExportTraceServiceResponse,
};
use opentelemetry_proto::tonic::logs::v1::LogRecord;
use opentelemetry_proto::tonic::trace::v1::Span;
use opentelemetry_proto::tonic::trace::v1::span::SpanKind;
use sise_platform::db::Backend;
use sise_platform::telemetry::{self, TelemetryConfig};

#[derive(Clone, Default)]
struct Collector {
    spans: Arc<Mutex<Vec<Span>>>,
    logs: Arc<Mutex<Vec<LogRecord>>>,
    /// The names of the metrics exported so far.
    metrics: Arc<Mutex<std::collections::BTreeSet<String>>>,
}

#[tonic::async_trait]
impl MetricsService for Collector {
    async fn export(
        &self,
        request: tonic::Request<ExportMetricsServiceRequest>,
    ) -> Result<tonic::Response<ExportMetricsServiceResponse>, tonic::Status> {
        let mut names = self.metrics.lock().expect("lock");
        for resource in request.into_inner().resource_metrics {
            for scope in resource.scope_metrics {
                names.extend(scope.metrics.into_iter().map(|m| m.name));
            }
        }
        Ok(tonic::Response::new(ExportMetricsServiceResponse {
            partial_success: None,
        }))
    }
}

#[tonic::async_trait]
impl LogsService for Collector {
    async fn export(
        &self,
        request: tonic::Request<ExportLogsServiceRequest>,
    ) -> Result<tonic::Response<ExportLogsServiceResponse>, tonic::Status> {
        let mut logs = self.logs.lock().expect("lock");
        for resource in request.into_inner().resource_logs {
            for scope in resource.scope_logs {
                logs.extend(scope.log_records);
            }
        }
        Ok(tonic::Response::new(ExportLogsServiceResponse {
            partial_success: None,
        }))
    }
}

#[tonic::async_trait]
impl TraceService for Collector {
    async fn export(
        &self,
        request: tonic::Request<ExportTraceServiceRequest>,
    ) -> Result<tonic::Response<ExportTraceServiceResponse>, tonic::Status> {
        let mut spans = self.spans.lock().expect("lock");
        for resource in request.into_inner().resource_spans {
            for scope in resource.scope_spans {
                spans.extend(scope.spans);
            }
        }
        Ok(tonic::Response::new(ExportTraceServiceResponse {
            partial_success: None,
        }))
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_is_traced_through_grpc_and_the_bus() {
    let collector = Collector::default();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let endpoint = format!("http://{}", listener.local_addr().expect("addr"));
    tokio::spawn(
        tonic::transport::Server::builder()
            .add_service(TraceServiceServer::new(collector.clone()))
            .add_service(LogsServiceServer::new(collector.clone()))
            .add_service(MetricsServiceServer::new(collector.clone()))
            .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener)),
    );
    let guard = telemetry::init_with_endpoint("sise", &TelemetryConfig::default(), Some(&endpoint))
        .expect("telemetry");
    let guard = Arc::new(guard);

    let app = helpers::spawn_app(Backend::Sqlite).await;
    let response = app
        .get(&format!("/main/api/v1/securities/{}", helpers::SAMSUNG))
        .await;
    assert_eq!(response.status(), 200);

    let found = tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            let flusher = guard.clone();
            tokio::task::spawn_blocking(move || flusher.flush())
                .await
                .expect("flush");
            if let Some(chain) = find_chain(&collector.spans.lock().expect("lock")) {
                return chain;
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
    })
    .await
    .unwrap_or_else(|_| {
        let spans = collector.spans.lock().expect("lock");
        let mut names: Vec<String> = spans
            .iter()
            .map(|s| format!("{} (kind {})", s.name, s.kind))
            .collect();
        names.sort();
        names.dedup();
        panic!(
            "no trace with gateway, gRPC server, producer and consumer spans among {} spans: {names:?}",
            spans.len()
        )
    });
    let [http, grpc, producer, consumer] = found;
    assert_eq!(
        int_attribute(&http, "http.response.status_code"),
        Some(200),
        "the HTTP span records the status: {:?}",
        http.attributes
    );
    assert_eq!(
        grpc.parent_span_id, http.span_id,
        "gRPC span is a child of the HTTP span"
    );
    assert_eq!(consumer.trace_id, http.trace_id);
    assert_eq!(producer.trace_id, http.trace_id);

    // A page's error report: a log record with what an operator needs to find it.
    let report = serde_json::json!({"kind": "chunk_load", "message": "Loading chunk 7 failed",
        "page": "/m/stocks/KOREA-A005930", "app_type": "trade-ios", "release": "2026.11.28-abc"});
    let response = reqwest::Client::new()
        .post(format!("{}/main/api/client-errors", app.base))
        .json(&report)
        .send()
        .await
        .expect("report");
    assert_eq!(response.status(), 204);
    let record = tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            let flusher = guard.clone();
            tokio::task::spawn_blocking(move || flusher.flush())
                .await
                .expect("flush");
            let found = collector
                .logs
                .lock()
                .expect("lock")
                .iter()
                .find(|r| {
                    string_attribute(&r.attributes, "page").as_deref()
                        == Some("/m/stocks/KOREA-A005930")
                })
                .cloned();
            if let Some(record) = found {
                return record;
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
    })
    .await
    .expect("the error report among the exported logs");
    assert_eq!(
        string_attribute(&record.attributes, "kind").as_deref(),
        Some("chunk_load")
    );
    assert_eq!(
        string_attribute(&record.attributes, "app_type").as_deref(),
        Some("trade-ios")
    );
    assert_eq!(
        string_attribute(&record.attributes, "release").as_deref(),
        Some("2026.11.28-abc")
    );
    assert_eq!(record.severity_text, "WARN");
    assert!(
        record.trace_id.iter().any(|b| *b != 0),
        "the log record carries its request's trace"
    );

    metrics_are_emitted_and_bounded(&app, &collector, &guard).await;
    a_post_is_traced_to_market(&collector, &guard).await;
    app.stop().await;
}

/// The member's post (written in [`metrics_are_emitted_and_bounded`]): one trace from the
/// gateway through social's `CreatePost` to market's `market-posts` consumer of its outbox
/// event.
async fn a_post_is_traced_to_market(collector: &Collector, guard: &Arc<telemetry::TelemetryGuard>) {
    tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            let flusher = guard.clone();
            tokio::task::spawn_blocking(move || flusher.flush())
                .await
                .expect("flush");
            {
                let spans = collector.spans.lock().expect("lock");
                let post = spans.iter().find(|s| {
                    s.kind == SpanKind::Server as i32
                        && s.name.starts_with("POST /social/api/v1/securities/")
                });
                if let Some(post) = post {
                    let in_trace = |kind: SpanKind, pick: &dyn Fn(&Span) -> bool| {
                        spans.iter().any(|s| {
                            s.trace_id == post.trace_id && s.kind == kind as i32 && pick(s)
                        })
                    };
                    if in_trace(SpanKind::Server, &|s| {
                        s.name.contains("SocialService/CreatePost")
                    }) && in_trace(SpanKind::Consumer, &|s| {
                        string_attribute(&s.attributes, "messaging.consumer.group.name").as_deref()
                            == Some("market-posts")
                    }) {
                        return;
                    }
                }
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
    })
    .await
    .expect("the post's trace through social and market's consumer");
}

/// Every metric docs/operations.md names, in the Prometheus form a scrape shows (the
/// exporter adds the unit and `_total`; `{…}` units are annotations and add nothing).
const EMITTED: [&str; 28] = [
    "http_server_request_duration_seconds_bucket",
    "rpc_server_duration_milliseconds_bucket",
    "rpc_client_duration_milliseconds_bucket",
    "messaging_client_sent_messages_total",
    "messaging_client_consumed_messages_total",
    "messaging_process_duration_seconds_bucket",
    "sise_bus_consume_lag_seconds_bucket",
    "sise_bus_connected",
    "sise_outbox_depth",
    "sise_outbox_oldest_age_seconds",
    "db_client_connection_count",
    "db_client_connection_max",
    "db_client_operation_duration_seconds_bucket",
    "system_filesystem_usage_bytes",
    "system_filesystem_limit_bytes",
    "sise_login_outcomes_total",
    "sise_session_cache_lookups_total",
    "sise_social_writes_total",
    "sise_search_queries_total",
    "sise_analytics_batches_total",
    "sise_analytics_events_total",
    "sise_client_errors_total",
    "sise_sse_streams",
    "sise_sse_events_total",
    "sise_favorites_changes_total",
    "sise_moderation_queue_length",
    "sise_moderation_queue_oldest_age_seconds",
    "sise_simulator_tick_lag_seconds_bucket",
];

/// A member's writes, a search, a live stream and an analytics batch, then the scrape.
async fn metrics_are_emitted_and_bounded(
    app: &helpers::TestApp,
    collector: &Collector,
    guard: &Arc<telemetry::TelemetryGuard>,
) {
    use serde_json::json;
    let http = reqwest::Client::new();
    let url = |path: &str| format!("{}{path}", app.base);

    // A member: sign-up, login, a post, a comment, a like, a favorite.
    let kakao = app.kakao_token("지표").await;
    let agreements = json!({"service_age": true, "service": true, "private_collect": true});
    let signed = http
        .post(url("/main/api/users"))
        .json(&json!({"kakao_access_token": kakao, "agreements": agreements}))
        .send()
        .await
        .expect("sign up");
    assert_eq!(signed.status(), 201);
    let session: serde_json::Value = http
        .post(url("/main/api/session"))
        .json(&json!({"kakao_access_token": kakao}))
        .send()
        .await
        .expect("login")
        .json()
        .await
        .expect("json");
    let token = session["access_token"].as_str().expect("token").to_owned();
    let user_id = session["user"]["id"].as_i64().expect("id");
    let post: serde_json::Value = http
        .post(url(&format!(
            "/social/api/v1/securities/{}/posts",
            helpers::SAMSUNG
        )))
        .bearer_auth(&token)
        .json(&json!({"content": "지표를 보는 글", "category": "opinion"}))
        .send()
        .await
        .expect("post")
        .json()
        .await
        .expect("json");
    let post_id = post["post"]["id"].as_i64().expect("post id");
    for (path, body) in [
        (
            format!("/social/api/v1/posts/{post_id}/comments"),
            json!({"content": "댓글"}),
        ),
        (format!("/social/api/v1/posts/{post_id}/like"), json!({})),
    ] {
        let answer = http
            .post(url(&path))
            .bearer_auth(&token)
            .json(&body)
            .send()
            .await
            .expect("write");
        assert!(answer.status().is_success(), "{path}: {}", answer.status());
    }
    let favorite = http
        .post(url("/main/api/favorite_stocks"))
        .bearer_auth(&token)
        .json(&json!({"security_id": helpers::SAMSUNG}))
        .send()
        .await
        .expect("favorite");
    assert!(
        favorite.status().is_success(),
        "favorite: {}",
        favorite.status()
    );

    // A search, a live stream opened and read, an analytics batch.
    let search = app
        .get("/main/api/v1/search/autocomplete?keyword=삼성")
        .await;
    assert_eq!(search.status(), 200);
    let mut stream = http
        .get(url(&format!(
            "/main/api/v1/quotes/stream?security_ids={}",
            helpers::SAMSUNG
        )))
        .send()
        .await
        .expect("stream");
    assert_eq!(stream.status(), 200);
    let first = tokio::time::timeout(Duration::from_secs(10), stream.chunk())
        .await
        .expect("the snapshot in time")
        .expect("chunk");
    assert!(first.is_some());
    let batch = json!({"device_id": "device-1", "session_id": "session-1",
        "events": [{"id": "e-1", "name": "page_view", "time": 1_700_000_000_000_i64, "screen": "/m"}]});
    let answer = http
        .post(url("/main/api/analytics/events"))
        .json(&batch)
        .send()
        .await
        .expect("analytics");
    assert_eq!(answer.status(), 202);

    // The scrape: a service's internal port answers for the whole process.
    let (_, addr) = app.internal.services[0];
    let scrape = || async {
        http.get(format!("http://{addr}/metrics"))
            .send()
            .await
            .expect("scrape")
            .text()
            .await
            .expect("text")
    };
    let text = tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            let text = scrape().await;
            if EMITTED.iter().all(|name| text.contains(name)) {
                return text;
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
    })
    .await
    .unwrap_or_else(|_| {
        panic!(
            "missing from the scrape: {:?}",
            EMITTED
                .iter()
                .filter(|name| !futures::executor::block_on(scrape()).contains(*name))
                .collect::<Vec<_>>()
        )
    });
    drop(stream);

    // Bounded labels: only the keys the catalogue names; no security, device or raw path
    // among their values; numbers only where a number is the label's meaning (so no member
    // or post id can hide in one).
    const KEYS: [&str; 22] = [
        "le",
        "otel_scope_name",
        "otel_scope_version",
        "http_request_method",
        "http_route",
        "http_response_status_code",
        "rpc_system",
        "rpc_service",
        "rpc_method",
        "rpc_grpc_status_code",
        "messaging_destination_name",
        "messaging_consumer_group_name",
        "db_client_connection_pool_name",
        "db_client_connection_state",
        "db_operation_name",
        "system_filesystem_state",
        "service",
        "outcome",
        "kind",
        "result",
        "stream",
        "reason",
    ];
    const NUMERIC: [&str; 3] = ["le", "http_response_status_code", "rpc_grpc_status_code"];
    let forbidden = [helpers::SAMSUNG, "A005930", "device-1", "session-1"];
    let (user_id, post_id) = (user_id.to_string(), post_id.to_string());
    let mut series = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty() && !l.starts_with("target_info"))
    {
        series += 1;
        let Some((_, labels)) = line.split_once('{') else {
            continue;
        };
        let labels = labels.rsplit_once('}').map_or(labels, |(l, _)| l);
        for pair in labels.split("\",").filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once("=\"").expect("label");
            let value = value.trim_end_matches('"');
            assert!(KEYS.contains(&key), "label key {key}: {line}");
            for bad in forbidden {
                assert!(
                    !value.contains(bad),
                    "label {key}={value} holds {bad}: {line}"
                );
            }
            let parts: Vec<&str> = value.split(['/', '.', '-', '{', '}']).collect();
            assert!(
                !parts.contains(&user_id.as_str()) && !parts.contains(&post_id.as_str())
                    || NUMERIC.contains(&key),
                "label {key}={value} holds a member's or a post's id: {line}"
            );
            if !NUMERIC.contains(&key) {
                assert!(
                    value.parse::<f64>().is_err(),
                    "a number in label {key}={value}: {line}"
                );
            }
            assert!(!value.contains('?'), "a query in a label: {line}");
            if key == "http_route" {
                assert!(
                    value == "unmatched" || value.starts_with('/'),
                    "route label {value}"
                );
            }
        }
    }
    assert!(
        text.contains("http_route=\"/main/api/v1/securities/{security_id}\""),
        "the route template labels the request"
    );
    assert!(series < 5_000, "{series} series: unbounded labels?");

    // And the same instruments reach the collector over OTLP.
    tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            let flusher = guard.clone();
            tokio::task::spawn_blocking(move || flusher.flush())
                .await
                .expect("flush");
            let names = collector.metrics.lock().expect("lock").clone();
            if [
                "http.server.request.duration",
                "rpc.server.duration",
                "sise.social.writes",
            ]
            .iter()
            .all(|name| names.contains(*name))
            {
                return;
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
    })
    .await
    .expect("the metrics among the OTLP exports");
}

fn string_attribute(
    attributes: &[opentelemetry_proto::tonic::common::v1::KeyValue],
    key: &str,
) -> Option<String> {
    use opentelemetry_proto::tonic::common::v1::any_value::Value;
    attributes
        .iter()
        .find(|attribute| attribute.key == key)
        .and_then(|attribute| attribute.value.as_ref()?.value.as_ref())
        .and_then(|value| match value {
            Value::StringValue(text) => Some(text.clone()),
            _ => None,
        })
}

fn int_attribute(span: &Span, key: &str) -> Option<i64> {
    use opentelemetry_proto::tonic::common::v1::any_value::Value;
    span.attributes
        .iter()
        .find(|attribute| attribute.key == key)
        .and_then(|attribute| attribute.value.as_ref()?.value.as_ref())
        .and_then(|value| match value {
            Value::IntValue(int) => Some(*int),
            _ => None,
        })
}

/// `[http server, grpc server, producer, consumer]` spans sharing one trace id.
fn find_chain(spans: &[Span]) -> Option<[Span; 4]> {
    let http = spans.iter().find(|s| {
        s.kind == SpanKind::Server as i32 && s.name.starts_with("GET /main/api/v1/securities/")
    })?;
    let in_trace = |kind: SpanKind, name: &str| {
        spans
            .iter()
            .find(|s| s.trace_id == http.trace_id && s.kind == kind as i32 && s.name.contains(name))
            .cloned()
    };
    Some([
        http.clone(),
        in_trace(SpanKind::Server, "MarketService/GetSecurity")?,
        in_trace(SpanKind::Producer, "")?,
        in_trace(SpanKind::Consumer, "")?,
    ])
}
