//! Trends (spec §2 `/m/trend`, §3 Trend, §7 "Trends" and "Popular stocks"; main host):
//! special stocks per market and their counts, ranked stock lists (the collections
//! included), foreign indexes by region, WICS sectors, popular stocks, and discussion surges
//! (토론 급증). Everything is computed from the live quotes and what people did
//! (docs/architecture.md, "Trends").
//! Ranked lists page by the opaque `cursor` of the previous page's `next_cursor` (the
//! position of the next page; null on the last page).

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sise_platform::error::DomainError;
use sise_platform::request::PageLimit;
use sise_proto::market::v1 as pb;
use utoipa::{IntoParams, ToSchema};

use crate::api::assets::{Asset, price_change};
use crate::api::params::{
    Limit20, Limit50, PopularBy, RankCursor, TopSectorsLimit, TrendKey, TrendMarket,
    TrendMarketOrEmpty, WicsSectorCode,
};
use crate::api::{ApiPath, ApiQuery};
use crate::error::{ApiError, ApiErrorBody};
use crate::models::{Market, PriceChange};
use crate::state::AppState;

/// Largest page of the ranked lists (`TrendService`'s `MAX_LIMIT`).
const MAX_LIMIT: u32 = 50;
/// Largest popular-stock list (`MAX_POPULAR`).
const MAX_POPULAR: u32 = 20;

/// A stock with its live quote, as every trend list shows it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct TrendStock {
    /// `KOREA-A005930`.
    pub security_id: String,
    pub name: String,
    pub market: Market,
    pub price: f64,
    pub change: f64,
    /// Ratio: 0.0123 is 1.23%.
    pub change_rate: f64,
    pub change_type: PriceChange,
    pub volume: i64,
    /// Won, today.
    pub trading_value: f64,
    /// Price × shares outstanding, won.
    pub market_cap: f64,
    /// What the list ranks by where no other field is: foreign net buying in won (SAMPLE
    /// data), page views, news items, searches, posts, or the trading value of the
    /// `trading_value` popular stocks; 0 otherwise.
    pub score: f64,
}

impl From<pb::TrendStock> for TrendStock {
    fn from(s: pb::TrendStock) -> Self {
        Self {
            market: match s.market() {
                pb::Market::Kosdaq => Market::Kosdaq,
                _ => Market::Kospi,
            },
            change_type: price_change(s.change_type),
            security_id: s.security_id,
            name: s.name,
            price: s.price,
            change: s.change,
            change_rate: s.change_rate,
            volume: s.volume,
            trading_value: s.trading_value,
            market_cap: s.market_cap,
            score: s.score,
        }
    }
}

fn stocks(stocks: Vec<pb::TrendStock>) -> Vec<TrendStock> {
    stocks.into_iter().map(TrendStock::from).collect()
}

/// One special category: how many stocks and all of them.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct SpecialCategory {
    /// The length of `stocks`.
    pub stocks_count: i64,
    pub stocks: Vec<TrendStock>,
}

impl From<Option<pb::SpecialCategory>> for SpecialCategory {
    fn from(c: Option<pb::SpecialCategory>) -> Self {
        let c = c.unwrap_or_default();
        Self {
            stocks_count: c.stocks_count,
            stocks: stocks(c.stocks),
        }
    }
}

/// Spec §3 `specialStocksByMarket[market]`: every category of one market.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct SpecialStocks {
    /// 상한가: at the upper limit price (`change_type` `UPPER_LIMIT`), largest trading value
    /// first.
    pub top_limit: SpecialCategory,
    /// 하한가: at the lower limit price, largest trading value first.
    pub bottom_limit: SpecialCategory,
    /// 52주 신고가: today's high at or above the highest high of the 52 weeks before,
    /// highest change first.
    pub high_52week: SpecialCategory,
    /// 52주 신저가: today's low at or below the lowest low of the 52 weeks before, lowest
    /// change first.
    pub low_52week: SpecialCategory,
    /// VI 발동: a volatility interruption in force, largest trading value first.
    pub vi: SpecialCategory,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct SpecialStocksAnswer {
    /// `kospi` or `kosdaq`, as asked.
    pub market: String,
    pub special_stocks: SpecialStocks,
}

/// How many stocks each category holds.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct SpecialCounts {
    pub top_limit: i64,
    pub bottom_limit: i64,
    pub high_52week: i64,
    pub low_52week: i64,
    pub vi: i64,
}

impl From<Option<pb::SpecialCounts>> for SpecialCounts {
    fn from(c: Option<pb::SpecialCounts>) -> Self {
        let c = c.unwrap_or_default();
        Self {
            top_limit: c.top_limit,
            bottom_limit: c.bottom_limit,
            high_52week: c.high_52week,
            low_52week: c.low_52week,
            vi: c.vi,
        }
    }
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct SpecialCountsByMarket {
    pub kospi: SpecialCounts,
    pub kosdaq: SpecialCounts,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct SpecialCountsAnswer {
    pub special_stock_counts: SpecialCountsByMarket,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct OrderedStockPage {
    /// The key asked for.
    pub key: String,
    /// The list's Korean title, e.g. `거래대금 상위`.
    pub title: String,
    pub stocks: Vec<TrendStock>,
    /// Pass as `cursor` for the next page; null at the end.
    pub next_cursor: Option<String>,
}

/// Spec §3 foreign indexes grouped (live values; SAMPLE data).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ForeignIndexes {
    /// 다우존스, 나스닥 종합, 니케이 225, 상해종합.
    pub major_indexes: Vec<Asset>,
    /// 상해종합, 항셍, 니케이 225, 일본 TOPIX.
    pub asia_indexes: Vec<Asset>,
    /// 다우존스, 나스닥 종합.
    pub america_indexes: Vec<Asset>,
    /// 독일 DAX, 영국 FTSE 100.
    pub europe_indexes: Vec<Asset>,
}

/// A WICS industry group (spec §3 `wicsSectors`, id `wics_sector_code`).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct WicsSector {
    /// Industry group code, e.g. `G4530`.
    pub wics_sector_code: String,
    /// e.g. `반도체와반도체장비`.
    pub name: String,
    /// The WICS sector it belongs to, e.g. `G45`.
    pub parent_code: String,
    /// e.g. `IT`.
    pub parent_name: String,
    /// Market-cap-weighted change of the components: Σ price·shares / Σ previous
    /// close·shares − 1.
    pub change_rate: f64,
    /// Σ price × shares of the components, won.
    pub market_cap: f64,
    pub trading_value: f64,
    pub components_count: i64,
    pub rising_count: i64,
    pub falling_count: i64,
    /// The five largest components by market cap (empty in the sector securities answer,
    /// which pages through all of them).
    pub components: Vec<TrendStock>,
}

impl From<pb::Sector> for WicsSector {
    fn from(s: pb::Sector) -> Self {
        Self {
            wics_sector_code: s.wics_sector_code,
            name: s.name,
            parent_code: s.parent_code,
            parent_name: s.parent_name,
            change_rate: s.change_rate,
            market_cap: s.market_cap,
            trading_value: s.trading_value,
            components_count: s.components_count,
            rising_count: s.rising_count,
            falling_count: s.falling_count,
            components: stocks(s.components),
        }
    }
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct WicsSectorList {
    pub wics_sectors: Vec<WicsSector>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct SectorSecurityPage {
    pub wics_sector: WicsSector,
    /// Largest market cap first.
    pub stocks: Vec<TrendStock>,
    /// Pass as `cursor` for the next page; null at the end.
    pub next_cursor: Option<String>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct PopularStocks {
    /// What they are counted by, as asked.
    pub by: String,
    /// The most first; `score` is the count (the trading value for `trading_value`).
    pub stocks: Vec<TrendStock>,
}

/// 토론 급증: a stock whose board is far busier than usual (docs/architecture.md, "Trends").
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct DiscussionSurge {
    /// The stock with its live quote; `score` is `posts_last_hour`.
    pub stock: TrendStock,
    /// Posts about it in the last 60 minutes.
    pub posts_last_hour: i64,
    /// Its posts per hour over the week before the last hour (167 hours).
    pub usual_hourly_posts: f64,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct DiscussionSurges {
    /// The largest surge (posts of the last hour ÷ the usual hourly rate) first; empty when
    /// no board surges.
    pub discussion_surges: Vec<DiscussionSurge>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MarketQuery {
    /// `kospi` or `kosdaq` (required).
    #[param(value_type = TrendMarket)]
    pub market: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrderedQuery {
    /// What the list ranks by (required).
    #[param(value_type = TrendKey)]
    pub key: Option<String>,
    /// `kospi`, `kosdaq`, or empty or absent for both.
    #[param(value_type = Option<TrendMarketOrEmpty>)]
    pub market: Option<String>,
    /// Page size, 1 to 50 (default 20).
    #[param(value_type = Option<Limit50>)]
    pub limit: Option<String>,
    /// `next_cursor` of the previous page; absent for the first page.
    #[param(value_type = Option<RankCursor>)]
    pub cursor: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TopSectorsQuery {
    /// How many, 1 to 50 (default 5).
    #[param(value_type = Option<TopSectorsLimit>)]
    pub limit: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SectorPageQuery {
    /// Page size, 1 to 50 (default 20).
    #[param(value_type = Option<Limit50>)]
    pub limit: Option<String>,
    /// `next_cursor` of the previous page; absent for the first page.
    #[param(value_type = Option<RankCursor>)]
    pub cursor: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PopularQuery {
    /// How many, 1 to 20 (default 5).
    #[param(value_type = Option<Limit20>)]
    pub limit: Option<String>,
}

fn unexpected() -> ApiError {
    DomainError::internal().into()
}

#[utoipa::path(
    get,
    path = "/api/v1/trends/special_stocks",
    tag = "main",
    security(()),
    params(MarketQuery),
    responses(
        (status = 200, description = "Every special category of the market with its count and all its stocks (live)", body = SpecialStocksAnswer),
        (status = 400, description = "Missing or unknown market (`invalid_market`)", body = ApiErrorBody),
    )
)]
pub async fn special_stocks(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<MarketQuery>,
) -> Result<Json<SpecialStocksAnswer>, ApiError> {
    let market = query.market.unwrap_or_default();
    let response = state
        .clients
        .trends
        .clone()
        .get_special_stocks(pb::GetSpecialStocksRequest {
            market: market.clone(),
        })
        .await?
        .into_inner();
    let s = response.special_stocks.ok_or_else(unexpected)?;
    Ok(Json(SpecialStocksAnswer {
        market,
        special_stocks: SpecialStocks {
            top_limit: s.top_limit.into(),
            bottom_limit: s.bottom_limit.into(),
            high_52week: s.high_52week.into(),
            low_52week: s.low_52week.into(),
            vi: s.vi.into(),
        },
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/trends/special_stocks/counts",
    tag = "main",
    security(()),
    responses(
        (status = 200, description = "How many stocks each special category holds, in both markets (the home page)", body = SpecialCountsAnswer),
    )
)]
pub async fn special_stock_counts(
    State(state): State<AppState>,
) -> Result<Json<SpecialCountsAnswer>, ApiError> {
    let response = state
        .clients
        .trends
        .clone()
        .get_special_stock_counts(pb::GetSpecialStockCountsRequest {})
        .await?
        .into_inner();
    Ok(Json(SpecialCountsAnswer {
        special_stock_counts: SpecialCountsByMarket {
            kospi: response.kospi.into(),
            kosdaq: response.kosdaq.into(),
        },
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/trends/ordered_stocks",
    tag = "main",
    security(()),
    params(OrderedQuery),
    responses(
        (status = 200, description = "Stocks ranked by the key (ties: larger trading value, then security id); `rising` and `falling` hold only rising / falling stocks", body = OrderedStockPage, links(("next_page" = (operation_id = "ordered_stocks", parameters(("key" = "$request.query.key"), ("cursor" = "$response.body#/next_cursor")), description = "The next page")))),
        (status = 400, description = "Missing or unknown key (`invalid_trend_key`), unknown market (`invalid_market`), malformed limit or cursor", body = ApiErrorBody),
    )
)]
pub async fn ordered_stocks(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<OrderedQuery>,
) -> Result<Json<OrderedStockPage>, ApiError> {
    let key = query.key.unwrap_or_default();
    let response = state
        .clients
        .trends
        .clone()
        .list_ordered_stocks(pb::ListOrderedStocksRequest {
            key: key.clone(),
            market: query.market.unwrap_or_default(),
            limit: PageLimit::from_query(query.limit.as_deref(), MAX_LIMIT)?,
            cursor: query.cursor.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(Json(OrderedStockPage {
        key,
        title: response.title,
        stocks: stocks(response.stocks),
        next_cursor: response.next_cursor,
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/trends/foreign_indexes",
    tag = "main",
    security(()),
    responses(
        (status = 200, description = "The foreign indexes of spec §9 by group, live (SAMPLE data)", body = ForeignIndexes),
    )
)]
pub async fn foreign_indexes(
    State(state): State<AppState>,
) -> Result<Json<ForeignIndexes>, ApiError> {
    let r = state
        .clients
        .trends
        .clone()
        .get_foreign_indexes(pb::GetForeignIndexesRequest {})
        .await?
        .into_inner();
    let assets = |list: Vec<pb::Asset>| list.into_iter().map(Asset::from).collect();
    Ok(Json(ForeignIndexes {
        major_indexes: assets(r.major_indexes),
        asia_indexes: assets(r.asia_indexes),
        america_indexes: assets(r.america_indexes),
        europe_indexes: assets(r.europe_indexes),
    }))
}

fn sector_list(response: pb::ListSectorsResponse) -> WicsSectorList {
    WicsSectorList {
        wics_sectors: response.sectors.into_iter().map(WicsSector::from).collect(),
    }
}

#[utoipa::path(
    get,
    path = "/api/v1/trends/wics_sectors",
    tag = "main",
    security(()),
    responses(
        (status = 200, description = "Every WICS industry group with listed components, largest market cap first (a heatmap: size `market_cap`, colour `change_rate`)", body = WicsSectorList),
    )
)]
pub async fn wics_sectors(State(state): State<AppState>) -> Result<Json<WicsSectorList>, ApiError> {
    let response = state
        .clients
        .trends
        .clone()
        .list_sectors(pb::ListSectorsRequest {})
        .await?
        .into_inner();
    Ok(Json(sector_list(response)))
}

#[utoipa::path(
    get,
    path = "/api/v1/trends/top_sectors",
    tag = "main",
    security(()),
    params(TopSectorsQuery),
    responses(
        (status = 200, description = "The industry groups rising most first (ties by code)", body = WicsSectorList),
        (status = 400, description = "Malformed limit", body = ApiErrorBody),
    )
)]
pub async fn top_sectors(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<TopSectorsQuery>,
) -> Result<Json<WicsSectorList>, ApiError> {
    let response = state
        .clients
        .trends
        .clone()
        .top_sectors(pb::TopSectorsRequest {
            limit: PageLimit::from_query(query.limit.as_deref(), MAX_LIMIT)?,
        })
        .await?
        .into_inner();
    Ok(Json(sector_list(response)))
}

#[utoipa::path(
    get,
    path = "/api/v1/trends/wics_sectors/{wics_sector_code}/securities",
    tag = "main",
    security(()),
    params(
        ("wics_sector_code" = WicsSectorCode, Path, description = "An industry group code from the sector list, e.g. G4530"),
        SectorPageQuery,
    ),
    responses(
        (status = 200, description = "The group and its stocks, largest market cap first", body = SectorSecurityPage, links(("next_page" = (operation_id = "sector_securities", parameters(("wics_sector_code" = "$request.path.wics_sector_code"), ("cursor" = "$response.body#/next_cursor")), description = "The next page")))),
        (status = 400, description = "Malformed limit or cursor", body = ApiErrorBody),
        (status = 404, description = "Unknown industry group (`sector_not_found`)", body = ApiErrorBody),
    )
)]
pub async fn sector_securities(
    State(state): State<AppState>,
    ApiPath(code): ApiPath<String>,
    ApiQuery(query): ApiQuery<SectorPageQuery>,
) -> Result<Json<SectorSecurityPage>, ApiError> {
    let response = state
        .clients
        .trends
        .clone()
        .list_sector_securities(pb::ListSectorSecuritiesRequest {
            wics_sector_code: code,
            limit: PageLimit::from_query(query.limit.as_deref(), MAX_LIMIT)?,
            cursor: query.cursor.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(Json(SectorSecurityPage {
        wics_sector: response
            .sector
            .map(WicsSector::from)
            .ok_or_else(unexpected)?,
        stocks: stocks(response.stocks),
        next_cursor: response.next_cursor,
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/popular_stocks/{by}",
    tag = "main",
    security(()),
    params(
        ("by" = PopularBy, Path, description = "What the stocks are counted by"),
        PopularQuery,
    ),
    responses(
        (status = 200, description = "The most named in news, posted about, searched (each in the last 24 hours; only stocks counted at least once, so possibly fewer than asked) or traded today", body = PopularStocks),
        (status = 400, description = "Unknown `by` (`invalid_popular_by`) or malformed limit", body = ApiErrorBody),
    )
)]
pub async fn popular_stocks(
    State(state): State<AppState>,
    ApiPath(by): ApiPath<String>,
    ApiQuery(query): ApiQuery<PopularQuery>,
) -> Result<Json<PopularStocks>, ApiError> {
    let response = state
        .clients
        .trends
        .clone()
        .list_popular_stocks(pb::ListPopularStocksRequest {
            by: by.clone(),
            limit: PageLimit::from_query(query.limit.as_deref(), MAX_POPULAR)?,
        })
        .await?
        .into_inner();
    Ok(Json(PopularStocks {
        by,
        stocks: stocks(response.stocks),
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/trends/discussion_surges",
    tag = "main",
    security(()),
    params(PopularQuery),
    responses(
        (status = 200, description = "토론 급증: stocks with at least 5 posts in the last hour and at least 3 times their usual hourly rate (posts of the week before over 167 hours, counted as at least 0.5; the thresholds are settings, these are the defaults), the largest ratio first; only stocks that surge, so possibly fewer than asked, or none", body = DiscussionSurges),
        (status = 400, description = "Malformed limit (`invalid_limit`)", body = ApiErrorBody),
    )
)]
pub async fn discussion_surges(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<PopularQuery>,
) -> Result<Json<DiscussionSurges>, ApiError> {
    let response = state
        .clients
        .trends
        .clone()
        .list_discussion_surges(pb::ListDiscussionSurgesRequest {
            limit: PageLimit::from_query(query.limit.as_deref(), MAX_POPULAR)?,
        })
        .await?
        .into_inner();
    let discussion_surges = response
        .surges
        .into_iter()
        .map(|surge| {
            Ok(DiscussionSurge {
                stock: surge.stock.map(TrendStock::from).ok_or_else(unexpected)?,
                posts_last_hour: surge.posts_last_hour,
                usual_hourly_posts: surge.usual_hourly_posts,
            })
        })
        .collect::<Result<_, ApiError>>()?;
    Ok(Json(DiscussionSurges { discussion_surges }))
}
