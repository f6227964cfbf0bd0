//! Stock charts on the main host: day candles in keyset pages (`limit`, inclusive `to`,
//! `last_key` for the next older page) and today's minute candles. The market service's
//! `ChartService` answers both; see docs/architecture.md, "Market data: candles".

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sise_platform::request::PageLimit;
use sise_proto::market::v1 as pb;
use utoipa::{IntoParams, ToSchema};

use crate::api::assets::price_change;
use crate::api::params::{Limit500, PageDate, SecurityId};
use crate::api::{ApiPath, ApiQuery};
use crate::error::{ApiError, ApiErrorBody};
use crate::models::PriceChange;
use crate::state::AppState;

/// The market service's largest day-candle page.
const MAX_DAY_CANDLES: u32 = 500;

/// One trading day of a stock (KRX-rule prices in won).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct DayCandle {
    /// KST trading date, `YYYY-MM-DD`.
    pub date: String,
    pub open: i64,
    pub high: i64,
    pub low: i64,
    pub close: i64,
    /// Shares traded.
    pub volume: i64,
    /// Won traded.
    pub trading_value: i64,
    /// Against the previous trading day's close, `UPPER_LIMIT`/`LOWER_LIMIT` at the KRX
    /// limit prices of that close; null for the oldest day of the history.
    pub change_type: Option<PriceChange>,
}

/// A page of day candles, newest first.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct DayCandlePage {
    pub day_candles: Vec<DayCandle>,
    /// Pass as `to` for the next older page; null at the end of the history.
    pub last_key: Option<String>,
}

/// One market minute of the current simulated trading day.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct MinuteCandle {
    /// Epoch milliseconds of the start of the minute (09:00–15:19 KST, closing price 15:30).
    pub time: i64,
    pub open: i64,
    pub high: i64,
    pub low: i64,
    pub close: i64,
    pub volume: i64,
}

/// Today's minute candles, oldest first.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct MinuteCandleList {
    pub minute_candles: Vec<MinuteCandle>,
}

/// `limit` and `to` of a page of day candles.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DayCandleQuery {
    /// Candles per page, 1 to 500 (default 60).
    #[param(value_type = Option<Limit500>)]
    pub limit: Option<String>,
    /// Newest date to include, `YYYY-MM-DD` (the previous page's `last_key`); absent for the
    /// newest page.
    #[param(value_type = Option<PageDate>)]
    pub to: Option<String>,
}

#[utoipa::path(
    get,
    path = "/api/v1/securities/{security_id}/day_candles",
    tag = "main",
    security(()),
    params(
        ("security_id" = SecurityId, Path, description = "The stock, e.g. KOREA-A005930"),
        DayCandleQuery,
    ),
    responses(
        (status = 200, description = "Day candles newest first: today's in-progress candle first once the stock has traded today, then the stored history (real KRX data, generated sample data where the dataset has none, simulated days)", body = DayCandlePage, links(("next_page" = (operation_id = "get_day_candles", parameters(("security_id" = "$request.path.security_id"), ("to" = "$response.body#/last_key")), description = "The next page")))),
        (status = 400, description = "Malformed id (`invalid_security_id`), `to` (`invalid_date`) or `limit` (`invalid_limit`)", body = ApiErrorBody),
        (status = 404, description = "Unknown security (`security_not_found`)", body = ApiErrorBody),
    )
)]
pub async fn get_day_candles(
    State(state): State<AppState>,
    ApiPath(security_id): ApiPath<String>,
    ApiQuery(query): ApiQuery<DayCandleQuery>,
) -> Result<Json<DayCandlePage>, ApiError> {
    let limit = PageLimit::from_query(query.limit.as_deref(), MAX_DAY_CANDLES)?;
    let to = query.to.filter(|to| !to.is_empty());
    let response = state
        .clients
        .charts
        .clone()
        .get_day_candles(pb::GetDayCandlesRequest {
            security_id,
            limit,
            to,
        })
        .await?
        .into_inner();
    Ok(Json(DayCandlePage {
        day_candles: response
            .day_candles
            .into_iter()
            .map(|c| DayCandle {
                date: c.date,
                open: c.open,
                high: c.high,
                low: c.low,
                close: c.close,
                volume: c.volume,
                trading_value: c.trading_value,
                change_type: (c.change_type != pb::PriceChange::Unspecified as i32)
                    .then(|| price_change(c.change_type)),
            })
            .collect(),
        last_key: response.last_key,
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/securities/{security_id}/minute_candles",
    tag = "main",
    security(()),
    params(("security_id" = SecurityId, Path, description = "The stock, e.g. KOREA-A005930")),
    responses(
        (status = 200, description = "Minute candles of the current simulated trading day, oldest first (empty before the first trade)", body = MinuteCandleList),
        (status = 400, description = "Malformed id (`invalid_security_id`)", body = ApiErrorBody),
        (status = 404, description = "Unknown security (`security_not_found`)", body = ApiErrorBody),
    )
)]
pub async fn get_minute_candles(
    State(state): State<AppState>,
    ApiPath(security_id): ApiPath<String>,
) -> Result<Json<MinuteCandleList>, ApiError> {
    let response = state
        .clients
        .charts
        .clone()
        .get_minute_candles(pb::GetMinuteCandlesRequest { security_id })
        .await?
        .into_inner();
    Ok(Json(MinuteCandleList {
        minute_candles: response
            .minute_candles
            .into_iter()
            .map(|c| MinuteCandle {
                time: c.time_ms,
                open: c.open,
                high: c.high,
                low: c.low,
                close: c.close,
                volume: c.volume,
            })
            .collect(),
    }))
}
