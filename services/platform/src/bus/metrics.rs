//! The bus's instruments (OTel's messaging conventions). Labels: durable subjects (the
//! catalogue's, never an id), consumers' names and outcomes. Live ticks are not counted per
//! subject (`quotes.{security_id}` would make one series per stock).

use std::sync::LazyLock;

use opentelemetry::metrics::{Counter, Histogram};

use crate::metrics::{SECONDS_BUCKETS, meter};

/// Durable events published, by subject and outcome (`stored`, `refused`).
pub(crate) static SENT: LazyLock<Counter<u64>> = LazyLock::new(|| {
    meter()
        .u64_counter("messaging.client.sent.messages")
        .with_description("Durable events published, by subject and outcome")
        .build()
});

/// Durable events handled, by consumer and outcome (`acked`, `redelivered`, `dead`).
pub(crate) static CONSUMED: LazyLock<Counter<u64>> = LazyLock::new(|| {
    meter()
        .u64_counter("messaging.client.consumed.messages")
        .with_description("Durable events handled, by consumer and outcome")
        .build()
});

/// How long a consumer's handler took, by consumer.
pub(crate) static PROCESS_DURATION: LazyLock<Histogram<f64>> = LazyLock::new(|| {
    meter()
        .f64_histogram("messaging.process.duration")
        .with_unit("s")
        .with_description("Durable events' handling time, by consumer")
        .with_boundaries(SECONDS_BUCKETS.to_vec())
        .build()
});

/// How long a durable event waited between its publication and its handling, by consumer:
/// a consumer's lag behind its subject (docs/operations.md).
pub(crate) static CONSUME_LAG: LazyLock<Histogram<f64>> = LazyLock::new(|| {
    meter()
        .f64_histogram("sise.bus.consume.lag")
        .with_unit("s")
        .with_description("Durable events' wait from publication to handling, by consumer")
        .with_boundaries(LAG_BUCKETS.to_vec())
        .build()
});

/// Seconds: a consumer keeping up is under a second; one that fell behind is minutes late.
const LAG_BUCKETS: [f64; 12] = [
    0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0,
];
