//! Securities and their live quotes: the `securities` table seeded from the dataset,
//! `sise.market.v1.MarketService` (a security and quotes from the feed's board), and the
//! page-view counts behind the popularity ranking.
//!
//! - `store`: the `securities` and `security_views` tables.
//! - `grpc`: `sise.market.v1.MarketService`.
//! - `popularity`: the durable consumer counting page views.

mod grpc;
mod popularity;
mod store;

use sise_platform::db::Database;
use sise_proto::market::v1::market_service_server::MarketServiceServer;

use self::grpc::MarketGrpc;
pub use self::store::SecurityStore;
use crate::dataset::ListedStock;
use crate::feature::{Context, Feature};

/// Seed the securities of `listing` unless this dataset version is stored, then load them
/// as stored (ordered by id): the instruments of the feed.
pub async fn load(db: &Database, listing: &[ListedStock]) -> anyhow::Result<Vec<ListedStock>> {
    let store = SecurityStore::new(db.clone());
    if store.seed_securities(listing).await? {
        tracing::info!(
            securities = listing.len(),
            "seeded securities from the dataset"
        );
    }
    store.securities().await
}

/// `MarketService` on the feed's board, and the popularity consumer.
pub fn build(cx: &Context<'_>) -> Feature {
    let consumer = {
        let (bus, store, cancel) = (
            cx.bus.clone(),
            SecurityStore::new(cx.db.clone()),
            cx.cancel.clone(),
        );
        popularity::run(bus, store, cancel)
    };
    Feature::default()
        .serve(MarketServiceServer::new(MarketGrpc::new(
            cx.board.clone(),
            cx.bus.clone(),
        )))
        .run(consumer)
}
