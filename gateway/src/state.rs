//! Shared state of the gateway's handlers.

use tokio_util::sync::CancellationToken;

use crate::realtime::QuoteHub;
use crate::upstream::Clients;

#[derive(Clone)]
pub struct AppState {
    pub clients: Clients,
    pub quotes: QuoteHub,
    /// Cancelled when the gateway starts shutting down, so long-lived streams end and the
    /// graceful shutdown can complete.
    pub shutdown: CancellationToken,
}
