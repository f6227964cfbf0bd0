//! Telemetry: structured logs, optional OTLP trace and log export and W3C context
//! propagation; the process's metrics (`crate::metrics`) are installed with them.
//!
//! Logs are JSON (or pretty for local work). Traces and logs are exported over OTLP/gRPC only
//! when `OTEL_EXPORTER_OTLP_ENDPOINT` is set: without a collector, export would fail quietly
//! and slow shutdown. Logs reach the collector through the tracing bridge (every event the
//! filter lets through, with its fields as attributes), except the exporters' own transport
//! (`hyper`, `h2`, `tonic`, `tower`, `opentelemetry`), which would otherwise log about itself
//! in a loop. The W3C trace-context propagator is always installed, so a trace crosses
//! the gateway → gRPC (metadata) → service → bus (headers) → consumer path. The database's
//! statements reach the metrics whatever the log level (`crate::metrics::db`).

use opentelemetry::propagation::{Extractor, Injector};
use opentelemetry::trace::TracerProvider as _;
use opentelemetry::{Context, global};
use opentelemetry_appender_tracing::layer::OpenTelemetryTracingBridge;
use opentelemetry_otlp::WithExportConfig;
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::logs::SdkLoggerProvider;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::SdkTracerProvider;
use serde::Deserialize;
use tracing::Span;
use tracing_opentelemetry::OpenTelemetrySpanExt;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer};

#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    #[default]
    Json,
    Pretty,
}

#[derive(Clone, Debug, Deserialize)]
pub struct TelemetryConfig {
    #[serde(default)]
    pub log_format: LogFormat,
    /// Default filter when `RUST_LOG` is not set.
    #[serde(default = "default_level")]
    pub log_level: String,
}

fn default_level() -> String {
    "info".into()
}

impl Default for TelemetryConfig {
    fn default() -> Self {
        Self {
            log_format: LogFormat::Json,
            log_level: default_level(),
        }
    }
}

/// Flushes spans and logs on drop; keep it alive for the life of the process.
#[must_use = "dropping the guard stops trace and log export"]
pub struct TelemetryGuard {
    provider: Option<SdkTracerProvider>,
    logs: Option<SdkLoggerProvider>,
    metrics: crate::metrics::MetricsGuard,
}

impl Drop for TelemetryGuard {
    fn drop(&mut self) {
        if let Some(provider) = self.provider.take()
            && let Err(error) = provider.shutdown()
        {
            eprintln!("telemetry shutdown failed: {error}");
        }
        if let Some(logs) = self.logs.take()
            && let Err(error) = logs.shutdown()
        {
            eprintln!("log export shutdown failed: {error}");
        }
    }
}

/// Targets whose events never go to the log exporter: its own transport.
const NOT_EXPORTED: [&str; 5] = ["hyper", "h2", "tonic", "tower", "opentelemetry"];

/// Install the global subscriber. Must run inside a Tokio runtime (the batch exporter
/// spawns onto it). Exports to `OTEL_EXPORTER_OTLP_ENDPOINT` when set; `OTEL_SERVICE_NAME`
/// overrides `service_name`.
pub fn init(service_name: &str, config: &TelemetryConfig) -> anyhow::Result<TelemetryGuard> {
    let endpoint = std::env::var("OTEL_EXPORTER_OTLP_ENDPOINT")
        .ok()
        .filter(|s| !s.is_empty());
    let service_name = std::env::var("OTEL_SERVICE_NAME").unwrap_or_else(|_| service_name.into());
    init_with_endpoint(&service_name, config, endpoint.as_deref())
}

/// [`init`] with an explicit OTLP endpoint (tests point it at their own collector).
pub fn init_with_endpoint(
    service_name: &str,
    config: &TelemetryConfig,
    endpoint: Option<&str>,
) -> anyhow::Result<TelemetryGuard> {
    global::set_text_map_propagator(TraceContextPropagator::new());
    let filter = EnvFilter::try_from_default_env()
        .or_else(|_| EnvFilter::try_new(&config.log_level))
        .unwrap_or_else(|_| EnvFilter::new("info"));
    let fmt_layer = match config.log_format {
        LogFormat::Json => tracing_subscriber::fmt::layer()
            .json()
            .with_current_span(true)
            .boxed(),
        LogFormat::Pretty => tracing_subscriber::fmt::layer().compact().boxed(),
    };
    let provider = endpoint
        .map(|endpoint| otlp_provider(service_name, endpoint))
        .transpose()?;
    let otel_layer = provider.as_ref().map(|provider| {
        tracing_opentelemetry::layer().with_tracer(provider.tracer(service_name.to_owned()))
    });
    let logs = endpoint
        .map(|endpoint| otlp_logs(service_name, endpoint))
        .transpose()?;
    let logs_layer = logs.as_ref().map(|logs| {
        OpenTelemetryTracingBridge::new(logs).with_filter(tracing_subscriber::filter::filter_fn(
            |metadata| {
                !NOT_EXPORTED
                    .iter()
                    .any(|target| metadata.target().starts_with(target))
            },
        ))
    });
    // The metrics first: the statements' layer needs the provider for its instrument.
    let metrics = crate::metrics::init(service_name, endpoint)?;
    // The level filter is the logs' and spans' own, not the subscriber's: the statements'
    // layer takes sqlx's debug events whatever the level.
    tracing_subscriber::registry()
        .with(
            fmt_layer
                .and_then(otel_layer)
                .and_then(logs_layer)
                .with_filter(filter),
        )
        .with(crate::metrics::db::query_durations())
        .try_init()?;
    if let Some(provider) = &provider {
        global::set_tracer_provider(provider.clone());
    }
    Ok(TelemetryGuard {
        provider,
        logs,
        metrics,
    })
}

impl TelemetryGuard {
    /// Export every finished span now (blocking: call from `spawn_blocking` in async code).
    pub fn flush(&self) {
        if let Some(provider) = &self.provider
            && let Err(error) = provider.force_flush()
        {
            eprintln!("telemetry flush failed: {error}");
        }
        if let Some(logs) = &self.logs
            && let Err(error) = logs.force_flush()
        {
            eprintln!("log export flush failed: {error}");
        }
        self.metrics.flush();
    }
}

fn otlp_provider(service_name: &str, endpoint: &str) -> anyhow::Result<SdkTracerProvider> {
    let exporter = opentelemetry_otlp::SpanExporter::builder()
        .with_tonic()
        .with_endpoint(endpoint)
        .build()?;
    Ok(SdkTracerProvider::builder()
        .with_batch_exporter(exporter)
        .with_resource(
            Resource::builder()
                .with_service_name(service_name.to_owned())
                .build(),
        )
        .build())
}

fn otlp_logs(service_name: &str, endpoint: &str) -> anyhow::Result<SdkLoggerProvider> {
    let exporter = opentelemetry_otlp::LogExporter::builder()
        .with_tonic()
        .with_endpoint(endpoint)
        .build()?;
    Ok(SdkLoggerProvider::builder()
        .with_batch_exporter(exporter)
        .with_resource(
            Resource::builder()
                .with_service_name(service_name.to_owned())
                .build(),
        )
        .build())
}

/// Inject the current span's context into outgoing gRPC metadata.
#[derive(Clone, Copy, Debug, Default)]
pub struct TraceInterceptor;

impl tonic::service::Interceptor for TraceInterceptor {
    fn call(
        &mut self,
        mut request: tonic::Request<()>,
    ) -> Result<tonic::Request<()>, tonic::Status> {
        let cx = Span::current().context();
        global::get_text_map_propagator(|p| {
            p.inject_context(&cx, &mut MetadataInjector(request.metadata_mut()))
        });
        Ok(request)
    }
}

struct MetadataInjector<'a>(&'a mut tonic::metadata::MetadataMap);

impl Injector for MetadataInjector<'_> {
    fn set(&mut self, key: &str, value: String) {
        if let (Ok(key), Ok(value)) = (
            tonic::metadata::MetadataKey::from_bytes(key.as_bytes()),
            value.parse(),
        ) {
            self.0.insert(key, value);
        }
    }
}

struct HeaderExtractor<'a>(&'a http::HeaderMap);

impl Extractor for HeaderExtractor<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(|v| v.to_str().ok())
    }
    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(|k| k.as_str()).collect()
    }
}

/// The remote parent carried by incoming HTTP/gRPC headers, if any.
pub fn extract_context(headers: &http::HeaderMap) -> Context {
    global::get_text_map_propagator(|p| p.extract(&HeaderExtractor(headers)))
}

/// Server span for an incoming gRPC request, parented on the caller's trace.
pub fn grpc_server_span<B>(request: &http::Request<B>) -> Span {
    let path = request.uri().path();
    let span = tracing::info_span!(
        "grpc.server",
        otel.kind = "server",
        otel.name = %path,
        rpc.system = "grpc",
        rpc.method = %path,
        trace_id = tracing::field::Empty,
        span_id = tracing::field::Empty,
    );
    let _ = span.set_parent(extract_context(request.headers()));
    record_ids(&span);
    span
}

/// Records a span's OpenTelemetry trace and span ids as its `trace_id` and `span_id` fields
/// (declared `Empty` by the span), so that the JSON log lines of everything inside it carry
/// them (their `spans` list) and a log line leads to its trace. Only an exported span has
/// ids: without a collector there is nothing to record.
pub fn record_ids(span: &Span) {
    use opentelemetry::trace::TraceContextExt as _;
    if span.is_disabled() {
        return;
    }
    let context = span.context();
    let otel = context.span();
    let ids = otel.span_context();
    if ids.is_valid() {
        span.record("trace_id", ids.trace_id().to_string());
        span.record("span_id", ids.span_id().to_string());
    }
}
