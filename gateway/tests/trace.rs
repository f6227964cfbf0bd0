//! One request's trace covers the gateway, the market service (over gRPC) and the bus
//! consumer, exported over OTLP to a collector this test runs itself; a page's error report
//! reaches the same collector as a log record with its page, app type and release.

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
    app.stop().await;
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
