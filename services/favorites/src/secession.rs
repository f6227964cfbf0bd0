//! Consumer of identity's `events.identity.user_seceded` (durable consumer
//! `favorites-secession`): a member who leaves keeps no favorites. Supervised by
//! `sise_platform::bus::consume` (restarted with backoff, a failing event redelivered and
//! finally dead-lettered); idempotent, so a redelivered event finds nothing left to erase.

use prost::Message as _;
use sise_platform::bus::{self, Bus, acl};
use sise_platform::time::now_ms;
use sise_proto::identity::v1 as pb;
use tokio_util::sync::CancellationToken;

use crate::store::Store;

pub const CONSUMER: &str = acl::FAVORITES_SECESSION.name;
pub const SUBJECT: &str = acl::FAVORITES_SECESSION.pattern;

/// Consume until `cancel`.
pub async fn run(bus: Bus, store: Store, cancel: CancellationToken) {
    bus::consume(bus, CONSUMER, SUBJECT, cancel, move |event| {
        let store = store.clone();
        async move {
            let event = match pb::UserSeceded::decode(event.payload) {
                Ok(event) if event.user_id > 0 => event,
                Ok(_) | Err(_) => {
                    // Nothing a retry could change: acked and dropped.
                    tracing::warn!("dropping malformed user_seceded");
                    return Ok(());
                }
            };
            let lists = store.erase_member(event.user_id, now_ms()).await?;
            tracing::info!(
                user_id = event.user_id,
                lists,
                "favorites of a seceded member erased"
            );
            Ok(())
        }
    })
    .await;
}
