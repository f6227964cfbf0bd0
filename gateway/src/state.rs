//! Shared state of the gateway's handlers.

use tokio_util::sync::CancellationToken;

use crate::limits::{RateLimit, StreamSlots};
use crate::realtime::QuoteHub;
use crate::upstream::Clients;

#[derive(Clone)]
pub struct AppState {
    pub clients: Clients,
    pub quotes: QuoteHub,
    /// Open live streams, in all and per client.
    pub streams: StreamSlots,
    pub rate_limit: RateLimit,
    /// Cancelled when the gateway starts shutting down, so long-lived streams end and the
    /// graceful shutdown can complete.
    pub shutdown: CancellationToken,
}
