//! What social measures for operators besides its writes (docs/operations.md, "Metrics"):
//! the moderation queue, every 15 s. `sise.moderation.queue.length` (open cases) and
//! `sise.moderation.queue.oldest_age` (seconds since the case waiting longest last changed;
//! 0 when none): a queue that grows, or a case left for hours, pages an operator.

use std::time::Duration;

use opentelemetry::metrics::Gauge;
use sise_platform::time::now_ms;
use tokio_util::sync::CancellationToken;

use crate::store::Store;

const EVERY: Duration = Duration::from_secs(15);

pub async fn run(store: Store, cancel: CancellationToken) {
    let meter = sise_platform::metrics::meter();
    let length: Gauge<u64> = meter
        .u64_gauge("sise.moderation.queue.length")
        .with_unit("{case}")
        .with_description("Open moderation cases")
        .build();
    let oldest: Gauge<f64> = meter
        .f64_gauge("sise.moderation.queue.oldest_age")
        .with_unit("s")
        .with_description("How long the case waiting longest has waited")
        .build();
    loop {
        match store.queue_stats().await {
            Ok((open, since)) => {
                length.record(u64::try_from(open).unwrap_or(0), &[]);
                let waited_ms = since.map_or(0, |at| (now_ms() - at).max(0));
                #[allow(clippy::cast_precision_loss)] // far below 2^52 ms
                oldest.record(waited_ms as f64 / 1000.0, &[]);
            }
            Err(error) => tracing::debug!(%error, "moderation queue not measured"),
        }
        tokio::select! {
            () = tokio::time::sleep(EVERY) => {}
            () = cancel.cancelled() => return,
        }
    }
}
