//! The database's measures beyond its pool (the pool's are the outbox relay's, in
//! `crate::outbox`):
//! - `db.client.operation.duration` by operation (`SELECT`, `INSERT`, …), taken from the
//!   event sqlx logs for every statement it runs (target `sqlx::query`, at debug, or at warn
//!   past a second), so that no query of ours needs wrapping. [`query_durations`] is a
//!   tracing layer with its own filter: the statements reach it whatever the log level, and
//!   never reach the logs below it.
//! - `system.filesystem.usage` and `.limit` of an embedded database's directory
//!   ([`observe_filesystem`]): an SQLite file that fills its disk stops every write.

use std::path::PathBuf;
use std::sync::Mutex;

use opentelemetry::KeyValue;
use opentelemetry::metrics::Histogram;
use tracing::field::{Field, Visit};
use tracing::{Event, Subscriber};
use tracing_subscriber::Layer;
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::layer::Context;

/// Buckets of statement durations in seconds: 0.5 ms to 5 s (an indexed read is well under a
/// millisecond; sqlx logs anything over a second as slow).
const BUCKETS: [f64; 12] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0,
];

/// The operations named as such; any other first word is `OTHER` (the label stays bounded
/// whatever SQL runs).
const OPERATIONS: [&str; 13] = [
    "SELECT",
    "INSERT",
    "UPDATE",
    "DELETE",
    "WITH",
    "BEGIN",
    "COMMIT",
    "ROLLBACK",
    "SAVEPOINT",
    "RELEASE",
    "PRAGMA",
    "CREATE",
    "ALTER",
];

/// The layer that records every statement's duration. Build it after `metrics::init` (an
/// instrument made before the provider records nothing).
pub fn query_durations<S>() -> impl Layer<S>
where
    S: Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
{
    let histogram = super::meter()
        .f64_histogram("db.client.operation.duration")
        .with_unit("s")
        .with_description("Database statements, from sending to the last row")
        .with_boundaries(BUCKETS.to_vec())
        .build();
    QueryDurations { histogram }
        .with_filter(Targets::new().with_target("sqlx::query", LevelFilter::DEBUG))
}

struct QueryDurations {
    histogram: Histogram<f64>,
}

impl<S: Subscriber> Layer<S> for QueryDurations {
    fn on_event(&self, event: &Event<'_>, _: Context<'_, S>) {
        let mut statement = Statement::default();
        event.record(&mut statement);
        if let Some(seconds) = statement.seconds {
            self.histogram.record(
                seconds,
                &[KeyValue::new("db.operation.name", statement.operation)],
            );
        }
    }
}

/// The two fields of sqlx's event that matter here.
#[derive(Default)]
struct Statement {
    operation: &'static str,
    seconds: Option<f64>,
}

impl Visit for Statement {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "summary" {
            self.operation = operation(value);
        }
    }

    fn record_f64(&mut self, field: &Field, value: f64) {
        if field.name() == "elapsed_secs" {
            self.seconds = Some(value);
        }
    }

    fn record_debug(&mut self, _: &Field, _: &dyn std::fmt::Debug) {}
}

/// The operation a statement's summary (its first words) starts with.
fn operation(summary: &str) -> &'static str {
    let first = summary.split_whitespace().next().unwrap_or_default();
    OPERATIONS
        .iter()
        .find(|name| name.eq_ignore_ascii_case(first))
        .copied()
        .unwrap_or("OTHER")
}

/// The directories already observed: the one-process server's four services share one.
static OBSERVED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// `system.filesystem.usage` (by `system.filesystem.state`: `free`, what an unprivileged
/// writer may still use, and `used`) and `system.filesystem.limit` of the filesystem holding
/// `dir`, read at each collection. Once per directory and process.
pub fn observe_filesystem(dir: PathBuf) {
    {
        let mut observed = OBSERVED.lock().unwrap_or_else(|e| e.into_inner());
        if observed.contains(&dir) {
            return;
        }
        observed.push(dir.clone());
    }
    let meter = super::meter();
    let usage_dir = dir.clone();
    meter
        .u64_observable_gauge("system.filesystem.usage")
        .with_unit("By")
        .with_description("The embedded database's filesystem, free and used")
        .with_callback(move |observer| {
            if let Some(space) = Space::of(&usage_dir) {
                observer.observe(
                    space.free,
                    &[KeyValue::new("system.filesystem.state", "free")],
                );
                observer.observe(
                    space.used,
                    &[KeyValue::new("system.filesystem.state", "used")],
                );
            }
        })
        .build();
    meter
        .u64_observable_gauge("system.filesystem.limit")
        .with_unit("By")
        .with_description("The embedded database's filesystem, its size")
        .with_callback(move |observer| {
            if let Some(space) = Space::of(&dir) {
                observer.observe(space.limit, &[]);
            }
        })
        .build();
}

/// A filesystem's space in bytes.
#[derive(Debug, PartialEq, Eq)]
struct Space {
    free: u64,
    used: u64,
    limit: u64,
}

impl Space {
    /// `None` when the directory cannot be read (it is logged where it is opened).
    fn of(dir: &std::path::Path) -> Option<Self> {
        let stat = rustix::fs::statvfs(dir).ok()?;
        let unit = stat.f_frsize;
        Some(Self {
            free: stat.f_bavail.saturating_mul(unit),
            used: stat
                .f_blocks
                .saturating_sub(stat.f_bfree)
                .saturating_mul(unit),
            limit: stat.f_blocks.saturating_mul(unit),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_operation_is_the_summary_first_word_or_other() {
        assert_eq!(operation("SELECT id, name FROM"), "SELECT");
        assert_eq!(operation("insert into posts (user_id,"), "INSERT");
        assert_eq!(operation("  with ranked AS (SELECT"), "WITH");
        assert_eq!(operation("VACUUM"), "OTHER");
        assert_eq!(operation(""), "OTHER");
    }

    #[test]
    fn a_directory_space_is_read() {
        let dir = tempfile::tempdir().expect("temp dir");
        let space = Space::of(dir.path()).expect("a directory's space");
        assert!(space.limit > 0);
        assert!(space.free <= space.limit && space.used <= space.limit);
        assert_eq!(Space::of(&dir.path().join("missing")), None);
    }

    #[test]
    fn the_layer_records_what_sqlx_logs() {
        use opentelemetry::metrics::MeterProvider as _;
        use opentelemetry_sdk::metrics::SdkMeterProvider;
        use prometheus::{Encoder, TextEncoder};
        use tracing_subscriber::layer::SubscriberExt as _;

        let registry = prometheus::Registry::new();
        let exporter = opentelemetry_prometheus::exporter()
            .with_registry(registry.clone())
            .build()
            .expect("exporter");
        let provider = SdkMeterProvider::builder().with_reader(exporter).build();
        let layer = QueryDurations {
            histogram: provider
                .meter("test")
                .f64_histogram("db.client.operation.duration")
                .with_unit("s")
                .build(),
        }
        .with_filter(Targets::new().with_target("sqlx::query", LevelFilter::DEBUG));
        let subscriber = tracing_subscriber::registry().with(layer);
        tracing::subscriber::with_default(subscriber, || {
            // The fields of sqlx's `QueryLogger::finish`, at its default levels.
            let summary = String::from("SELECT id FROM posts WHERE");
            tracing::debug!(target: "sqlx::query", summary, elapsed_secs = 0.002_f64);
            tracing::warn!(target: "sqlx::query", summary = "update authors SET", elapsed_secs = 1.5_f64, "slow statement");
            // Another target's event, and an event without a duration: neither counts.
            tracing::debug!(target: "sise", summary = "SELECT 1", elapsed_secs = 0.1_f64);
            tracing::debug!(target: "sqlx::query", summary = "SELECT 1");
        });
        let mut text = Vec::new();
        TextEncoder::new()
            .encode(&registry.gather(), &mut text)
            .expect("text format");
        let text = String::from_utf8(text).expect("UTF-8");
        let count = |operation: &str| {
            text.lines()
                .find(|line| {
                    line.starts_with("db_client_operation_duration_seconds_count")
                        && line.contains(&format!("db_operation_name=\"{operation}\""))
                })
                .and_then(|line| line.rsplit(' ').next())
                .map(str::to_owned)
        };
        assert_eq!(count("SELECT").as_deref(), Some("1"), "{text}");
        assert_eq!(count("UPDATE").as_deref(), Some("1"), "{text}");
        assert_eq!(count("OTHER"), None, "{text}");
    }
}
