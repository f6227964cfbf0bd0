//! Shared state of the gateway's handlers.

use std::sync::Arc;

use sise_platform::bus::Bus;
use sise_platform::member::MemberKey;
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;

use crate::auth::SessionCache;
use crate::boards::BoardHub;
use crate::cache::ResponseCache;
use crate::limits::{RateLimit, StreamSlots};
use crate::realtime::QuoteHub;
use crate::upstream::Clients;

/// `Retry-After` of a refused upload (every place of [`Shared::uploads`] taken).
pub const UPLOAD_RETRY_AFTER_SECS: u64 = 2;

/// Cloned for every request (axum's `State`), so one reference count.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl AppState {
    pub fn new(shared: Shared) -> Self {
        Self(Arc::new(shared))
    }
}

/// What `auth::SignedIn` signs with.
impl axum::extract::FromRef<AppState> for MemberKey {
    fn from_ref(state: &AppState) -> Self {
        state.member_key.clone()
    }
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

pub struct Shared {
    pub clients: Clients,
    pub quotes: QuoteHub,
    /// The community's post events for open boards.
    pub boards: BoardHub,
    /// Cached answers of the read-mostly routes.
    pub cache: ResponseCache,
    /// Session tokens identity has resolved.
    pub sessions: SessionCache,
    /// Signs the member of each internal call (`sise_platform::member`).
    pub member_key: MemberKey,
    /// Open live streams (quotes and boards), in all and per client.
    pub streams: StreamSlots,
    /// Posts with pictures and profile photos being received (`gateway.limits.max_uploads`).
    pub uploads: Arc<Semaphore>,
    pub rate_limit: RateLimit,
    /// Analytics batches and error reports per client.
    pub telemetry_limit: RateLimit,
    /// Time their bodies have to arrive.
    pub telemetry_body_timeout: std::time::Duration,
    /// Where accepted analytics batches go (durably).
    pub bus: Bus,
    /// Cancelled when the gateway starts shutting down, so long-lived streams end and the
    /// graceful shutdown can complete.
    pub shutdown: CancellationToken,
}
