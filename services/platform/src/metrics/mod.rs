//! Metrics: OpenTelemetry instruments, readable as Prometheus text on every process's
//! internal port (`GET /metrics` beside `/healthz`) and exported over OTLP when a collector is
//! configured (`OTEL_EXPORTER_OTLP_ENDPOINT`, the traces' and logs' collector).
//!
//! Instruments come from [`meter`] once [`init`] has installed the provider (each binary does
//! it first thing, through `telemetry::init`); made before, they record nothing, which is what
//! the tests that do not look at metrics want.
//!
//! Labels are bounded by construction: route templates, the gRPC services a process serves
//! and their method names, subjects' templates, consumers' names and small enumerations;
//! never a member id, a security id or a raw path (`gateway/tests/metrics.rs` scrapes a
//! running system and fails on one). docs/operations.md lists every metric and its meaning.

pub mod db;
pub mod grpc;

use std::sync::Mutex;
use std::time::Duration;

use opentelemetry::global;
use opentelemetry::metrics::Meter;
use opentelemetry_otlp::WithExportConfig;
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::metrics::{PeriodicReader, SdkMeterProvider};
use prometheus::{Encoder, TextEncoder};

/// The registry `/metrics` reads: the one of the latest [`init`].
static REGISTRY: Mutex<Option<prometheus::Registry>> = Mutex::new(None);

/// Every instrument's scope.
const SCOPE: &str = "sise";

/// How often the OTLP exporter sends (the collector's Prometheus sees the same resolution
/// as a 15 s scrape).
const EXPORT_INTERVAL: Duration = Duration::from_secs(15);

/// Buckets of request durations in seconds: 5 ms to 10 s, dense where the SLOs sit (quote
/// reads under 50 ms, pages under 300 ms).
pub const SECONDS_BUCKETS: [f64; 12] = [
    0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// The same buckets in milliseconds (the gRPC conventions' unit).
pub const MILLISECONDS_BUCKETS: [f64; 12] = [
    5.0, 10.0, 25.0, 50.0, 75.0, 100.0, 250.0, 500.0, 1000.0, 2500.0, 5000.0, 10000.0,
];

/// Flushes the OTLP exporter on drop; keep it alive for the life of the process.
#[must_use = "dropping the guard stops metric export"]
pub struct MetricsGuard {
    provider: SdkMeterProvider,
}

impl MetricsGuard {
    /// Export what was recorded now (tests; the exporter sends every 15 s by itself).
    pub fn flush(&self) {
        if let Err(error) = self.provider.force_flush() {
            eprintln!("metrics flush failed: {error}");
        }
    }
}

impl Drop for MetricsGuard {
    fn drop(&mut self) {
        if let Err(error) = self.provider.shutdown() {
            eprintln!("metrics shutdown failed: {error}");
        }
    }
}

/// Install the process's meter provider: a Prometheus reader always, an OTLP exporter when
/// `endpoint` is set. Must run inside a Tokio runtime when `endpoint` is set.
pub fn init(service_name: &str, endpoint: Option<&str>) -> anyhow::Result<MetricsGuard> {
    let registry = prometheus::Registry::new();
    let prometheus = opentelemetry_prometheus::exporter()
        .with_registry(registry.clone())
        .build()?;
    let mut builder = SdkMeterProvider::builder()
        .with_reader(prometheus)
        .with_resource(
            Resource::builder()
                .with_service_name(service_name.to_owned())
                .build(),
        );
    if let Some(endpoint) = endpoint {
        let exporter = opentelemetry_otlp::MetricExporter::builder()
            .with_tonic()
            .with_endpoint(endpoint)
            .build()?;
        builder = builder.with_reader(
            PeriodicReader::builder(exporter)
                .with_interval(EXPORT_INTERVAL)
                .build(),
        );
    }
    let provider = builder.build();
    global::set_meter_provider(provider.clone());
    *REGISTRY.lock().unwrap_or_else(|e| e.into_inner()) = Some(registry);
    Ok(MetricsGuard { provider })
}

/// The meter every instrument of ours comes from.
pub fn meter() -> Meter {
    global::meter(SCOPE)
}

/// The process's metrics in Prometheus's text format (empty before [`init`]).
pub fn render() -> String {
    let Some(registry) = REGISTRY.lock().unwrap_or_else(|e| e.into_inner()).clone() else {
        return String::new();
    };
    let mut text = Vec::new();
    if let Err(error) = TextEncoder::new().encode(&registry.gather(), &mut text) {
        tracing::warn!(%error, "metrics not encoded");
    }
    String::from_utf8(text).unwrap_or_default()
}

/// The Prometheus text format's content type.
pub const CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";
