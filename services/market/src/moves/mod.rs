//! "Why it moved" (docs/architecture.md, "Why it moved"): the largest moves of a stock's
//! chart period, each with the disclosures, news and board activity around it, from what
//! market already holds (candles, articles, `counted_posts`). Nothing is stored.
//!
//! - `finder`: the largest non-overlapping moves of a series of candles (pure);
//! - `grpc`: `sise.market.v1.MoveService`: the periods, the windows around a move, the
//!   reads; [`DayExplainer`], the same for one day's move outside a chart (a closed day's
//!   movers).

mod finder;
mod grpc;

pub(crate) use self::grpc::DayExplainer;

use sise_proto::market::v1::move_service_server::MoveServiceServer;

use self::grpc::MoveGrpc;
use crate::articles::store::ArticleStore;
use crate::charts;
use crate::feature::{Context, Feature};
use crate::trends::posts::PostStore;

/// `MoveService` over the charts, the articles and the counted posts.
pub(crate) fn build(cx: &Context<'_>, charts: &charts::Prepared) -> Feature {
    Feature::default().serve(MoveServiceServer::new(MoveGrpc {
        board: cx.board.clone(),
        store: charts.store.clone(),
        book: charts.book.clone(),
        articles: ArticleStore::new(cx.db.clone()),
        posts: PostStore::new(cx.db.clone()),
    }))
}
