//! Consumer of identity's `events.identity.user_seceded` (durable consumer
//! `favorites-secession`): a member who leaves keeps no favorites. Supervised by
//! `sise_platform::bus::consume` (restarted with backoff, a failing event redelivered and
//! finally dead-lettered); idempotent, so a redelivered event finds nothing left to erase.

use sise_platform::bus::{self, Bus, acl};
use sise_platform::time::now_ms;
use sise_proto::identity::v1 as pb;
use tokio_util::sync::CancellationToken;

use crate::store::Store;

/// Consume until `cancel` (the consumer `acl::FAVORITES_SECESSION`).
pub async fn run(bus: Bus, store: Store, cancel: CancellationToken) {
    bus::consume_messages(
        bus,
        acl::FAVORITES_SECESSION,
        cancel,
        move |event: pb::UserSeceded| {
            let store = store.clone();
            async move {
                if event.user_id <= 0 {
                    // Nothing a retry could change: acked and dropped.
                    tracing::warn!("dropping a user_seceded without a member");
                    return Ok(());
                }
                let lists = store.erase_member(event.user_id, now_ms()).await?;
                tracing::info!(
                    user_id = event.user_id,
                    lists,
                    "favorites of a seceded member erased"
                );
                Ok(())
            }
        },
    )
    .await;
}
