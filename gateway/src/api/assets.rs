//! Assets on the mobile-web host: stocks, indexes and forex under one id scheme
//! (`KOREA-A005930`, `INDEX-KOSPI`, `FOREX-USDKRW`; the `BOARD::CODE` form is read too),
//! their day and minute candles, the forex calls (major ids, day and tick rates, converter,
//! charts) and the market condition. The market service's `AssetService` answers all of
//! them; see docs/architecture.md, "Market data: indexes, FX and assets".

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sise_platform::error::{DomainError, ErrorCode};
use sise_platform::request::PageLimit;
use sise_proto::market::v1 as pb;
use utoipa::{IntoParams, ToSchema};

use crate::api::params::{
    AssetId, AssetIdList, Currency, ForexAssetId, ForexPeriod, Limit500, PageDate,
    SecurityIdOrEmpty, SeriesAssetId,
};
use crate::api::{ApiPath, ApiQuery};
use crate::error::{ApiError, ApiErrorBody};
use crate::models::{PriceChange, Session};
use crate::state::AppState;

/// The market service's largest page of days.
const MAX_DAYS: u32 = 500;

/// What an asset is.
#[derive(Clone, Copy, Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum AssetKind {
    Stock,
    Index,
    Forex,
}

/// The current value of a stock, index or forex pair. Index levels in points, forex base
/// rates (매매기준율) in won per unit (per 100 for JPY, IDR, VND), stock prices in won.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Asset {
    /// `KOREA-A005930`, `INDEX-KOSPI`, `FOREX-USDKRW`.
    pub asset_id: String,
    /// The code part of the id: `A005930`, `KOSPI`, `USDKRW`.
    pub short_code: String,
    pub name: String,
    pub kind: AssetKind,
    pub price: f64,
    pub previous_close: f64,
    pub change: f64,
    /// Ratio: 0.0123 is 1.23%.
    pub change_rate: f64,
    pub change_type: PriceChange,
    /// 0 until the asset's day has opened.
    pub open: f64,
    pub high: f64,
    pub low: f64,
    /// Epoch milliseconds of the last change.
    pub traded_at: i64,
    pub session: Session,
}

/// Assets keyed by asset id; unknown ids are left out.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct AssetMap {
    pub assets: BTreeMap<String, Asset>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct AssetDetail {
    pub asset: Asset,
}

/// One day of an index or forex pair.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct AssetDayCandle {
    /// `YYYY-MM-DD`.
    pub date: String,
    pub open: f64,
    pub high: f64,
    pub low: f64,
    pub close: f64,
    /// Shares traded (indexes computed from the simulated stocks, KOSPI history); 0 where unknown.
    pub volume: i64,
    /// Won traded; 0 where unknown.
    pub trading_value: f64,
}

/// A page of day candles, newest first.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct AssetDayCandlePage {
    pub day_candles: Vec<AssetDayCandle>,
    /// Pass as `to` for the next older page; null at the end of the history.
    pub last_key: Option<String>,
}

/// One minute of an index or forex pair.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct AssetMinuteCandle {
    /// Epoch milliseconds of the start of the minute.
    pub time: i64,
    pub open: f64,
    pub high: f64,
    pub low: f64,
    pub close: f64,
    /// 0 for forex and foreign indexes.
    pub volume: i64,
}

/// The live day's minute candles, oldest first.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct AssetMinuteCandleList {
    pub minute_candles: Vec<AssetMinuteCandle>,
}

/// Asset ids of the major currencies.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ForexIds {
    pub ids: Vec<String>,
}

/// One day of a forex pair with the bank's cash and transfer rates.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct DayForex {
    /// `YYYY-MM-DD`.
    pub date: String,
    /// 매매기준율.
    pub base_rate: f64,
    /// Against the previous day.
    pub change: f64,
    /// Ratio.
    pub change_rate: f64,
    /// 현찰 사실 때.
    pub cash_buy: f64,
    /// 현찰 파실 때.
    pub cash_sell: f64,
    /// 송금 보내실 때.
    pub transfer_send: f64,
    /// 송금 받으실 때.
    pub transfer_receive: f64,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct DayForexPage {
    pub day_forexes: Vec<DayForex>,
    /// Pass as `to` for the next older page; null at the end.
    pub last_key: Option<String>,
}

/// The current base rate of a forex pair.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct TickForex {
    pub asset_id: String,
    pub base_rate: f64,
    pub change: f64,
    /// Ratio.
    pub change_rate: f64,
    pub change_type: PriceChange,
    /// Epoch milliseconds.
    pub traded_at: i64,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct TickForexList {
    pub tick_forexes: Vec<TickForex>,
}

/// A currency conversion on the current base rates.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ForexCalc {
    pub from: String,
    pub to: String,
    pub amount: f64,
    pub result: f64,
    /// Units of `to` per one unit of `from`.
    pub rate: f64,
    /// Epoch milliseconds of the rates used.
    pub rates_at: i64,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ForexCalcResult {
    pub forex_calc: ForexCalc,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ForexChartPoint {
    /// Epoch milliseconds.
    pub time: i64,
    pub value: f64,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ForexChart {
    pub points: Vec<ForexChartPoint>,
}

/// The KRX market condition.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct MarketCondition {
    /// Session on the KRX clock.
    pub session: Session,
    pub kospi: Asset,
    pub kosdaq: Asset,
    /// The trading day the quotes belong to, `YYYY-MM-DD`.
    pub trading_date: String,
    /// Volatility interruption of the requested stock; null without `security_id`.
    pub vi: Option<bool>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct MarketConditionResult {
    pub market_condition: MarketCondition,
}

pub(crate) fn price_change(value: i32) -> PriceChange {
    match pb::PriceChange::try_from(value).unwrap_or(pb::PriceChange::Even) {
        pb::PriceChange::UpperLimit => PriceChange::UpperLimit,
        pb::PriceChange::Rise => PriceChange::Rise,
        pb::PriceChange::Fall => PriceChange::Fall,
        pb::PriceChange::LowerLimit => PriceChange::LowerLimit,
        pb::PriceChange::Even | pb::PriceChange::Unspecified => PriceChange::Even,
    }
}

fn session(value: i32) -> Session {
    match pb::Session::try_from(value).unwrap_or(pb::Session::Closed) {
        pb::Session::PreMarket => Session::PreMarket,
        pb::Session::OpeningAuction => Session::OpeningAuction,
        pb::Session::Regular => Session::Regular,
        pb::Session::ClosingAuction => Session::ClosingAuction,
        pb::Session::AfterHours => Session::AfterHours,
        pb::Session::Closed | pb::Session::Unspecified => Session::Closed,
    }
}

impl From<pb::Asset> for Asset {
    fn from(a: pb::Asset) -> Self {
        Self {
            kind: match a.kind() {
                pb::AssetKind::Stock => AssetKind::Stock,
                pb::AssetKind::Forex => AssetKind::Forex,
                pb::AssetKind::Index | pb::AssetKind::Unspecified => AssetKind::Index,
            },
            change_type: price_change(a.change_type),
            session: session(a.session),
            asset_id: a.asset_id,
            short_code: a.short_code,
            name: a.name,
            price: a.price,
            previous_close: a.previous_close,
            change: a.change,
            change_rate: a.change_rate,
            open: a.open,
            high: a.high,
            low: a.low,
            traded_at: a.traded_at_ms,
        }
    }
}

/// Comma-joined ids: split, trimmed, empties dropped.
fn split_ids(text: Option<&str>) -> Vec<String> {
    text.unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

fn internal() -> ApiError {
    DomainError::internal().into()
}

/// `ids=ID1,ID2`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AssetIdsQuery {
    /// Comma-joined asset ids (1 to 100), e.g. `INDEX-KOSPI,FOREX-USDKRW,KOREA-A005930`.
    #[param(value_type = AssetIdList)]
    pub ids: Option<String>,
}

/// `limit` and `to` of a page of days.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AssetPageQuery {
    /// Days per page, 1 to 500 (default 60).
    #[param(value_type = Option<Limit500>)]
    pub limit: Option<String>,
    /// Newest date to include, `YYYY-MM-DD` (the previous page's `last_key`).
    #[param(value_type = Option<PageDate>)]
    pub to: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DayForexQuery {
    /// Forex asset id, e.g. `FOREX-USDKRW`.
    #[param(value_type = ForexAssetId)]
    pub asset_id: Option<String>,
    /// Days per page, 1 to 500 (default 60).
    #[param(value_type = Option<Limit500>)]
    pub limit: Option<String>,
    /// Newest date to include, `YYYY-MM-DD`.
    #[param(value_type = Option<PageDate>)]
    pub to: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TickForexQuery {
    /// Comma-joined asset ids (1 to 100); only forex pairs are answered, other ids are left
    /// out.
    #[param(value_type = AssetIdList)]
    pub asset_ids: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ForexCalcQuery {
    /// Currency code, e.g. `USD` (`KRW` for the won).
    #[param(value_type = Currency)]
    pub from: Option<String>,
    /// Currency code, e.g. `KRW`.
    #[param(value_type = Currency)]
    pub to: Option<String>,
    /// Amount of `from`: a number above 0, at most 1e12.
    #[param(value_type = f64, exclusive_minimum = 0, maximum = 1e12)]
    pub amount: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ForexChartQuery {
    /// `day` (the live day's minutes), `week` (30-minute points), `month` or `year` (daily closes).
    #[param(value_type = ForexPeriod)]
    pub period: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MarketConditionQuery {
    /// Optional stock whose VI state to report, e.g. `KOREA-A005930`.
    #[param(value_type = Option<SecurityIdOrEmpty>)]
    pub security_id: Option<String>,
}

#[utoipa::path(
    get,
    path = "/api/v1/assets",
    tag = "mobile-web",
    security(()),
    params(AssetIdsQuery),
    responses(
        (status = 200, description = "Assets keyed by asset id (answers use the dash form); unknown ids are left out", body = AssetMap),
        (status = 400, description = "No ids (`missing_asset_ids`), a malformed id (`invalid_asset_id`) or more than 100 (`too_many_assets`)", body = ApiErrorBody),
    )
)]
pub async fn get_assets(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<AssetIdsQuery>,
) -> Result<Json<AssetMap>, ApiError> {
    let asset_ids = split_ids(query.ids.as_deref());
    let response = state
        .clients
        .assets
        .clone()
        .get_assets(pb::GetAssetsRequest { asset_ids })
        .await?
        .into_inner();
    Ok(Json(AssetMap {
        assets: response
            .assets
            .into_iter()
            .map(|(id, asset)| (id, Asset::from(asset)))
            .collect(),
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/assets/{asset_id}",
    tag = "mobile-web",
    security(()),
    params(("asset_id" = AssetId, Path, description = "Asset id, e.g. INDEX-KOSPI, FOREX-USDKRW, KOREA-A005930 (or INDEX::KOSPI)")),
    responses(
        (status = 200, body = AssetDetail),
        (status = 400, description = "Malformed id (`invalid_asset_id`)", body = ApiErrorBody),
        (status = 404, description = "Unknown asset (`asset_not_found`)", body = ApiErrorBody),
    )
)]
pub async fn get_asset(
    State(state): State<AppState>,
    ApiPath(asset_id): ApiPath<String>,
) -> Result<Json<AssetDetail>, ApiError> {
    let response = state
        .clients
        .assets
        .clone()
        .get_asset(pb::GetAssetRequest { asset_id })
        .await?
        .into_inner();
    let asset = response.asset.ok_or_else(internal)?;
    Ok(Json(AssetDetail {
        asset: Asset::from(asset),
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/assets/{asset_id}/day_candles",
    tag = "mobile-web",
    security(()),
    params(
        ("asset_id" = SeriesAssetId, Path, description = "Index or forex asset id, e.g. INDEX-KOSPI"),
        AssetPageQuery,
    ),
    responses(
        (status = 200, description = "Day candles newest first: the live day's candle once it has traded, then the stored history (real data, derived and sample series, simulated days)", body = AssetDayCandlePage, links(("next_page" = (operation_id = "get_asset_day_candles", parameters(("asset_id" = "$request.path.asset_id"), ("to" = "$response.body#/last_key")), description = "The next page")))),
        (status = 400, description = "Malformed id (`invalid_asset_id`), a stock id (`unsupported_asset`), `to` (`invalid_date`) or `limit` (`invalid_limit`)", body = ApiErrorBody),
        (status = 404, description = "Unknown asset (`asset_not_found`)", body = ApiErrorBody),
    )
)]
pub async fn get_asset_day_candles(
    State(state): State<AppState>,
    ApiPath(asset_id): ApiPath<String>,
    ApiQuery(query): ApiQuery<AssetPageQuery>,
) -> Result<Json<AssetDayCandlePage>, ApiError> {
    let limit = PageLimit::from_query(query.limit.as_deref(), MAX_DAYS)?;
    let to = query.to.filter(|to| !to.is_empty());
    let response = state
        .clients
        .assets
        .clone()
        .get_asset_day_candles(pb::GetAssetDayCandlesRequest {
            asset_id,
            limit,
            to,
        })
        .await?
        .into_inner();
    Ok(Json(AssetDayCandlePage {
        day_candles: response
            .day_candles
            .into_iter()
            .map(|c| AssetDayCandle {
                date: c.date,
                open: c.open,
                high: c.high,
                low: c.low,
                close: c.close,
                volume: c.volume,
                trading_value: c.trading_value,
            })
            .collect(),
        last_key: response.last_key,
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/assets/{asset_id}/minute_candles",
    tag = "mobile-web",
    security(()),
    params(("asset_id" = SeriesAssetId, Path, description = "Index or forex asset id, e.g. FOREX-USDKRW")),
    responses(
        (status = 200, description = "Minute candles of the live day, oldest first", body = AssetMinuteCandleList),
        (status = 400, description = "Malformed id (`invalid_asset_id`) or a stock id (`unsupported_asset`)", body = ApiErrorBody),
        (status = 404, description = "Unknown asset (`asset_not_found`)", body = ApiErrorBody),
    )
)]
pub async fn get_asset_minute_candles(
    State(state): State<AppState>,
    ApiPath(asset_id): ApiPath<String>,
) -> Result<Json<AssetMinuteCandleList>, ApiError> {
    let response = state
        .clients
        .assets
        .clone()
        .get_asset_minute_candles(pb::GetAssetMinuteCandlesRequest { asset_id })
        .await?
        .into_inner();
    Ok(Json(AssetMinuteCandleList {
        minute_candles: response
            .minute_candles
            .into_iter()
            .map(|m| AssetMinuteCandle {
                time: m.time_ms,
                open: m.open,
                high: m.high,
                low: m.low,
                close: m.close,
                volume: m.volume,
            })
            .collect(),
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/forexes/major_ids",
    tag = "mobile-web",
    security(()),
    responses((status = 200, description = "Forex asset ids of USD, EUR, JPY and CNY", body = ForexIds))
)]
pub async fn get_major_forex_ids(
    State(state): State<AppState>,
) -> Result<Json<ForexIds>, ApiError> {
    let response = state
        .clients
        .assets
        .clone()
        .get_major_forex_ids(pb::GetMajorForexIdsRequest {})
        .await?
        .into_inner();
    Ok(Json(ForexIds {
        ids: response.asset_ids,
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/forexes/day",
    tag = "mobile-web",
    security(()),
    params(DayForexQuery),
    responses(
        (status = 200, description = "Daily base rates with cash and transfer rates, newest first (the live day first)", body = DayForexPage, links(("next_page" = (operation_id = "get_day_forexes", parameters(("asset_id" = "$request.query.asset_id"), ("to" = "$response.body#/last_key")), description = "The next page")))),
        (status = 400, description = "Malformed or missing id (`invalid_asset_id`), `to` (`invalid_date`), `limit` (`invalid_limit`)", body = ApiErrorBody),
        (status = 404, description = "Unknown forex pair (`asset_not_found`)", body = ApiErrorBody),
    )
)]
pub async fn get_day_forexes(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<DayForexQuery>,
) -> Result<Json<DayForexPage>, ApiError> {
    let limit = PageLimit::from_query(query.limit.as_deref(), MAX_DAYS)?;
    let response = state
        .clients
        .assets
        .clone()
        .get_day_forexes(pb::GetDayForexesRequest {
            asset_id: query.asset_id.unwrap_or_default(),
            limit,
            to: query.to.filter(|to| !to.is_empty()),
        })
        .await?
        .into_inner();
    Ok(Json(DayForexPage {
        day_forexes: response
            .day_forexes
            .into_iter()
            .map(|d| DayForex {
                date: d.date,
                base_rate: d.base_rate,
                change: d.change,
                change_rate: d.change_rate,
                cash_buy: d.cash_buy,
                cash_sell: d.cash_sell,
                transfer_send: d.transfer_send,
                transfer_receive: d.transfer_receive,
            })
            .collect(),
        last_key: response.last_key,
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/forexes/tick",
    tag = "mobile-web",
    security(()),
    params(TickForexQuery),
    responses(
        (status = 200, description = "Current base rates of the known forex pairs among the ids", body = TickForexList),
        (status = 400, description = "No ids (`missing_asset_ids`), a malformed id (`invalid_asset_id`) or more than 100 (`too_many_assets`)", body = ApiErrorBody),
    )
)]
pub async fn get_tick_forexes(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<TickForexQuery>,
) -> Result<Json<TickForexList>, ApiError> {
    let response = state
        .clients
        .assets
        .clone()
        .get_tick_forexes(pb::GetTickForexesRequest {
            asset_ids: split_ids(query.asset_ids.as_deref()),
        })
        .await?
        .into_inner();
    Ok(Json(TickForexList {
        tick_forexes: response
            .tick_forexes
            .into_iter()
            .map(|t| TickForex {
                change_type: price_change(t.change_type),
                asset_id: t.asset_id,
                base_rate: t.base_rate,
                change: t.change,
                change_rate: t.change_rate,
                traded_at: t.traded_at_ms,
            })
            .collect(),
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/forex_calcs",
    tag = "mobile-web",
    security(()),
    params(ForexCalcQuery),
    responses(
        (status = 200, description = "The conversion on the current base rates (JPY, IDR and VND rates are per 100 units; the converter works per unit)", body = ForexCalcResult),
        (status = 400, description = "Unknown currency (`invalid_currency`) or an amount that is not a number above 0 and at most 1e12 (`invalid_amount`)", body = ApiErrorBody),
    )
)]
pub async fn get_forex_calc(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<ForexCalcQuery>,
) -> Result<Json<ForexCalcResult>, ApiError> {
    let amount = query
        .amount
        .as_deref()
        .map(str::trim)
        .and_then(|a| a.parse::<f64>().ok())
        .ok_or(ErrorCode::InvalidAmount)?;
    let response = state
        .clients
        .assets
        .clone()
        .calculate_forex(pb::CalculateForexRequest {
            from: query.from.unwrap_or_default(),
            to: query.to.unwrap_or_default(),
            amount,
        })
        .await?
        .into_inner();
    let calc = response.forex_calc.ok_or_else(internal)?;
    Ok(Json(ForexCalcResult {
        forex_calc: ForexCalc {
            from: calc.from,
            to: calc.to,
            amount: calc.amount,
            result: calc.result,
            rate: calc.rate,
            rates_at: calc.rates_at_ms,
        },
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/forexes/{asset_id}/chart",
    tag = "mobile-web",
    security(()),
    params(
        ("asset_id" = ForexAssetId, Path, description = "Forex asset id, e.g. FOREX-USDKRW"),
        ForexChartQuery,
    ),
    responses(
        (status = 200, description = "Chart points oldest first, ending with the live rate", body = ForexChart),
        (status = 400, description = "Malformed id (`invalid_asset_id`) or period (`invalid_period`)", body = ApiErrorBody),
        (status = 404, description = "Unknown forex pair (`asset_not_found`)", body = ApiErrorBody),
    )
)]
pub async fn get_forex_chart(
    State(state): State<AppState>,
    ApiPath(asset_id): ApiPath<String>,
    ApiQuery(query): ApiQuery<ForexChartQuery>,
) -> Result<Json<ForexChart>, ApiError> {
    let response = state
        .clients
        .assets
        .clone()
        .get_forex_chart(pb::GetForexChartRequest {
            asset_id,
            period: query.period.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(Json(ForexChart {
        points: response
            .points
            .into_iter()
            .map(|p| ForexChartPoint {
                time: p.time_ms,
                value: p.value,
            })
            .collect(),
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/market_condition",
    tag = "mobile-web",
    security(()),
    params(MarketConditionQuery),
    responses(
        (status = 200, description = "Session (PRE_MARKET, OPENING_AUCTION, REGULAR, CLOSING_AUCTION, AFTER_HOURS or CLOSED), KOSPI, KOSDAQ, the trading date and the stock's VI state", body = MarketConditionResult),
        (status = 400, description = "Malformed `security_id` (`invalid_security_id`)", body = ApiErrorBody),
        (status = 404, description = "Unknown stock (`security_not_found`)", body = ApiErrorBody),
    )
)]
pub async fn get_market_condition(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<MarketConditionQuery>,
) -> Result<Json<MarketConditionResult>, ApiError> {
    let response = state
        .clients
        .assets
        .clone()
        .get_market_condition(pb::GetMarketConditionRequest {
            security_id: query.security_id,
        })
        .await?
        .into_inner();
    let condition = response.market_condition.ok_or_else(internal)?;
    let (Some(kospi), Some(kosdaq)) = (condition.kospi, condition.kosdaq) else {
        return Err(internal());
    };
    Ok(Json(MarketConditionResult {
        market_condition: MarketCondition {
            session: session(condition.session),
            kospi: Asset::from(kospi),
            kosdaq: Asset::from(kosdaq),
            trading_date: condition.trading_date,
            vi: condition.vi,
        },
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_id_lists() {
        assert_eq!(
            split_ids(Some(" INDEX-KOSPI, ,FOREX-USDKRW,")),
            vec!["INDEX-KOSPI".to_owned(), "FOREX-USDKRW".to_owned()]
        );
        assert!(split_ids(None).is_empty());
    }
}
