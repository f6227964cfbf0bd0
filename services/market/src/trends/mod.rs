//! Trends (spec §2 `/m/trend`, §3 Trend, §7 "Trends", "Popular stocks"):
//! `sise.market.v1.TrendService`, computed from the running state, never a fixed list
//! (docs/architecture.md, "Trends").
//!
//! - `rank`: markets, keys, special categories and orders (pure, over a board snapshot);
//! - `year`: the 52-week highs and lows, from the day candles, kept current as days close;
//! - `sectors`: the WICS industry groups and the market-cap-weighted sector change;
//! - `posts`: post counts per stock, kept by the consumer of social's post events;
//! - `surges`: the 토론 급증 rule over them, and its thresholds (the `trends` section);
//! - `grpc`: `TrendService`.
//!
//! The closed days (`crate::closed_days`) rank and sum a past day as `rank` and `sectors`
//! do the live one.

mod grpc;
pub mod posts;
pub(crate) mod rank;
pub(crate) mod sectors;
mod surges;
mod year;

use std::collections::HashMap;
use std::sync::Arc;

use sise_proto::market::v1::trend_service_server::TrendServiceServer;

use self::grpc::TrendGrpc;
pub(crate) use self::grpc::sector_of;
use self::posts::PostStore;
pub use self::surges::TrendsSettings;
use self::year::YearRanges;
use crate::articles::store::ArticleStore;
use crate::assets::{ForeignIndexes, MarketDays};
use crate::charts;
use crate::company::flows;
use crate::feature::{Context, Feature};
use crate::search::store::SearchStore;
use crate::securities::SecurityStore;

/// `TrendService` on the feed's board, the task that keeps the 52-week ranges and the
/// consumer of post events.
pub(crate) fn build(
    cx: &Context<'_>,
    charts: &charts::Prepared,
    foreign: ForeignIndexes,
    days: MarketDays,
    sectors: Arc<Vec<sectors::Sector>>,
    settings: &TrendsSettings,
) -> anyhow::Result<Feature> {
    settings.validate()?;
    // The sample investor flows scale from the dataset's market cap, as the investors call.
    let participation: HashMap<String, flows::Participation> = cx
        .listing
        .iter()
        .map(|s| {
            let id = s.security_id.as_str();
            let cap = s.last_close as f64 * s.shares_outstanding as f64;
            (id.to_owned(), flows::participation(id, cap))
        })
        .collect();
    let year = Arc::new(YearRanges::default());
    let newest = charts
        .last_closes
        .values()
        .map(|(date, _)| *date)
        .max()
        .unwrap_or_else(|| cx.simulator.trading_date());
    let ids = cx
        .securities
        .iter()
        .map(|s| s.security_id.as_str().to_owned())
        .collect();
    let ranges = year.clone().run(
        charts.store.clone(),
        ids,
        newest,
        move || days.live_date(crate::simulator::now_kst()),
        year::REFRESH,
        cx.cancel.clone(),
    );
    let service = TrendGrpc {
        board: cx.board.clone(),
        year,
        sectors,
        participation: Arc::new(participation),
        book: charts.book.clone(),
        views: SecurityStore::new(cx.db.clone()),
        searches: SearchStore::new(cx.db.clone()),
        articles: ArticleStore::new(cx.db.clone()),
        posts: PostStore::new(cx.db.clone()),
        surge: settings.clone(),
        foreign,
    };
    let posts = posts::run(
        cx.bus.clone(),
        PostStore::new(cx.db.clone()),
        settings.posts_batch_max,
        cx.cancel.clone(),
    );
    Ok(Feature::default()
        .serve(TrendServiceServer::new(service))
        .run(ranges)
        .run(posts))
}
