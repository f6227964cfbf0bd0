//! Consumer of `events.market.security_viewed`: counts page views per security and day,
//! the basis of the "popular stocks" trend. Durable, so no view is lost across restarts.

use futures::StreamExt;
use prost::Message;
use sise_platform::bus::Bus;
use sise_proto::market::v1 as pb;
use tracing::Instrument;
use tracing_opentelemetry::OpenTelemetrySpanExt;

use super::store::SecurityStore;
use crate::simulator::KST;

pub const CONSUMER: &str = "market-popularity";
pub const SUBJECT: &str = "events.market.security_viewed";

/// Consume until the bus closes the stream.
pub async fn run(bus: Bus, store: SecurityStore) -> anyhow::Result<()> {
    let mut deliveries = bus.consume_durable(CONSUMER, SUBJECT).await?;
    while let Some(delivery) = deliveries.next().await {
        let span = tracing::info_span!(
            "bus.consume",
            otel.kind = "consumer",
            messaging.destination.name = SUBJECT,
            messaging.consumer.group.name = CONSUMER,
        );
        let _ = span.set_parent(delivery.event.parent_context());
        async {
            match pb::SecurityViewed::decode(delivery.event.payload.clone()) {
                Ok(event) => {
                    let day = chrono::DateTime::from_timestamp_millis(event.viewed_at_ms)
                        .map(|t| t.with_timezone(&KST).date_naive())
                        .unwrap_or_default();
                    if let Err(error) = store.record_view(&event.security_id, day).await {
                        // Not acked: redelivered later.
                        tracing::warn!(error = format!("{error:#}"), "failed to record view");
                        return;
                    }
                }
                Err(error) => tracing::warn!(%error, "dropping malformed security_viewed"),
            }
            if let Err(error) = delivery.ack().await {
                tracing::warn!(error = format!("{error:#}"), "failed to ack");
            }
        }
        .instrument(span)
        .await;
    }
    Ok(())
}
