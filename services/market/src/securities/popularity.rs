//! Consumer of `events.market.security_viewed`: counts page views per security and day,
//! the basis of the "popular stocks" trend. Durable, so no view is lost across restarts;
//! supervised by `sise_platform::bus::consume` (restarted with backoff, a failing event
//! redelivered and finally dead-lettered).
//!
//! Not idempotent by design: a view has no id of its own, so a redelivered event counts
//! twice. A popularity count tolerates that; it would not tolerate losing the consumer.

use prost::Message;
use sise_platform::bus::{self, Bus, acl};
use sise_proto::market::v1 as pb;
use tokio_util::sync::CancellationToken;

use super::store::SecurityStore;
use crate::simulator::KST;

/// Its name and subject, in the list of who uses which (`sise_platform::bus::acl`).
pub const CONSUMER: &str = acl::POPULARITY.name;
pub const SUBJECT: &str = acl::POPULARITY.pattern;

/// Consume until `cancel`.
pub async fn run(bus: Bus, store: SecurityStore, cancel: CancellationToken) {
    bus::consume(bus, CONSUMER, SUBJECT, cancel, move |event| {
        let store = store.clone();
        async move {
            let event = match pb::SecurityViewed::decode(event.payload) {
                Ok(event) => event,
                Err(error) => {
                    // Nothing a retry could change: acked and dropped.
                    tracing::warn!(%error, "dropping malformed security_viewed");
                    return Ok(());
                }
            };
            let day = chrono::DateTime::from_timestamp_millis(event.viewed_at_ms)
                .map(|t| t.with_timezone(&KST).date_naive())
                .unwrap_or_default();
            store.record_view(&event.security_id, day).await
        }
    })
    .await;
}
