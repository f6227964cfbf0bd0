//! The analytics events the gateway takes in (`events.analytics.recorded`, one
//! `AnalyticsBatch` per accepted request), consumed durably (`social-analytics`) into the
//! table behind the operators' daily report (`SiteDeskService.AnalyticsReport`). A batch
//! delivered again stores nothing more (each event is keyed by its device and its id).
//! Days older than `keep_days` are forgotten, checked at most once an hour.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use serde::Deserialize;
use sise_platform::bus::{self, Bus, acl};
use sise_proto::social::v1 as pb;
use tokio_util::sync::CancellationToken;

use crate::domain::kst_day;
use crate::store::Store;
use crate::store::site::{EventSource, StoredEvent};

/// How often old days are looked for.
const RETENTION_EVERY_MS: i64 = 3_600_000;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalyticsSettings {
    /// KST days of events kept (today included); at least 1.
    #[serde(default = "default_keep_days")]
    pub keep_days: u32,
}

fn default_keep_days() -> u32 {
    90
}

impl Default for AnalyticsSettings {
    fn default() -> Self {
        Self {
            keep_days: default_keep_days(),
        }
    }
}

/// Stores one batch; forgets the days past `keep_days` when the last look is an hour old.
pub async fn record(
    store: &Store,
    batch: &pb::AnalyticsBatch,
    keep_days: u32,
    last_retention: &AtomicI64,
) -> anyhow::Result<u64> {
    let day = kst_day(batch.received_at_ms);
    let source = EventSource {
        user_id: batch.user_id.max(0),
        device_id: &batch.device_id,
        session_id: &batch.session_id,
        app_type: &batch.app_type,
        received_at_ms: batch.received_at_ms,
        day,
    };
    let events: Vec<StoredEvent<'_>> = batch
        .events
        .iter()
        .map(|e| StoredEvent {
            id: &e.id,
            name: &e.name,
            screen: &e.screen,
            time_ms: e.time_ms,
        })
        .collect();
    let stored = store.record_analytics(&source, &events).await?;
    let last = last_retention.load(Ordering::Relaxed);
    if batch.received_at_ms - last >= RETENTION_EVERY_MS
        && last_retention
            .compare_exchange(
                last,
                batch.received_at_ms,
                Ordering::Relaxed,
                Ordering::Relaxed,
            )
            .is_ok()
    {
        let first_kept = day - i64::from(keep_days.max(1)) + 1;
        let forgotten = store.forget_analytics_before(first_kept).await?;
        if forgotten > 0 {
            tracing::info!(forgotten, first_kept, "old analytics events forgotten");
        }
    }
    Ok(stored)
}

/// Consumes the gateway's analytics batches until `cancel`.
pub async fn run(bus: Bus, store: Store, settings: AnalyticsSettings, cancel: CancellationToken) {
    let last_retention = Arc::new(AtomicI64::new(0));
    let keep_days = settings.keep_days;
    bus::consume_messages(
        bus,
        acl::SOCIAL_ANALYTICS,
        cancel,
        move |batch: pb::AnalyticsBatch| {
            let store = store.clone();
            let last_retention = last_retention.clone();
            async move {
                if batch.device_id.is_empty() {
                    tracing::warn!("dropping an analytics batch without a device");
                    return Ok(());
                }
                let stored = record(&store, &batch, keep_days, &last_retention).await?;
                tracing::debug!(stored, sent = batch.events.len(), "analytics events stored");
                Ok(())
            }
        },
    )
    .await;
}
