//! Consumer of `events.market.security_viewed`: counts page views per security and day,
//! the basis of the "popular stocks" trend. Durable, so no view is lost across restarts;
//! supervised by `sise_platform::bus::consume` (restarted with backoff, a failing event
//! redelivered and finally dead-lettered).
//!
//! Not idempotent by design: a view has no id of its own, so a redelivered event counts
//! twice. A popularity count tolerates that; it would not tolerate losing the consumer.

use sise_platform::bus::{self, Bus, acl};
use sise_proto::market::v1 as pb;
use tokio_util::sync::CancellationToken;

use super::store::SecurityStore;
use crate::simulator::KST;

/// Consume until `cancel` (the consumer `acl::POPULARITY`).
pub async fn run(bus: Bus, store: SecurityStore, cancel: CancellationToken) {
    bus::consume_messages(
        bus,
        acl::POPULARITY,
        cancel,
        move |event: pb::SecurityViewed| {
            let store = store.clone();
            async move {
                let day = chrono::DateTime::from_timestamp_millis(event.viewed_at_ms)
                    .map(|t| t.with_timezone(&KST).date_naive())
                    .unwrap_or_default();
                store.record_view(&event.security_id, day).await
            }
        },
    )
    .await;
}
