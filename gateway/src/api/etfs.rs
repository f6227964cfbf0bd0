//! ETF calls of the stock page (spec §3 `exchangeTradedAnalyses`, `exchangeTradedAssets`,
//! `exchangeTradedValues`; main host), for the 9 ETFs of the dataset: published facts with
//! the tracking error, components with weights, and NAV against the close. Components and
//! NAV are computed by Sise (docs/architecture.md, "Market data: ETFs"), which the answers
//! say (`computed`, `method`).

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sise_platform::error::DomainError;
use sise_platform::request::PageLimit;
use sise_proto::market::v1 as pb;
use utoipa::{IntoParams, ToSchema};

use crate::api::params::{Limit200, NavDays, SecurityId};
use crate::api::{ApiPath, ApiQuery};
use crate::error::{ApiError, ApiErrorBody};
use crate::state::AppState;

/// The market service's most components per answer.
const MAX_COMPONENTS: u32 = 200;
/// The market service's most NAV days (its NAV window).
const MAX_VALUES: u32 = 100;

/// What an ETF holds.
#[derive(Clone, Copy, Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum EtfClass {
    /// A domestic market index (KOSPI 200, KOSDAQ 150).
    DomesticIndex,
    /// A domestic sector index.
    Sector,
    /// A foreign index.
    ForeignIndex,
    /// Money-market / short-term rates.
    MoneyMarket,
}

/// The published facts of an ETF (`exchangeTradedAnalyses`).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ExchangeTradedAnalysis {
    pub security_id: String,
    pub name: String,
    pub class: EtfClass,
    /// e.g. `삼성자산운용`.
    pub issuer: String,
    /// e.g. `코스피 200`.
    pub tracking_index: String,
    /// Total expense ratio, percent a year (0.15 is 0.15%).
    pub total_expense_ratio: f64,
    /// e.g. `분기 분배`.
    pub distribution: String,
    /// `YYYY-MM-DD`.
    pub listing_date: String,
    /// The facts filled in without a stored source (shown as sample): any of `issuer`,
    /// `tracking_index`, `total_expense_ratio`, `distribution`, `listing_date`.
    pub unsourced: Vec<String>,
    /// Where the other facts come from.
    pub source: String,
    /// Annualised tracking error in percent against the computed NAV; null without one
    /// (foreign and money-market ETFs).
    pub tracking_error: Option<f64>,
    /// Trading days the tracking error is measured over.
    pub tracking_days: u32,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ExchangeTradedAnalysisDetail {
    pub exchange_traded_analysis: ExchangeTradedAnalysis,
}

/// One component of an ETF's basket (`exchangeTradedAssets`).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ExchangeTradedAsset {
    /// The component's security id (a listed stock).
    pub security_id: String,
    pub name: String,
    /// Percent of the basket.
    pub weight: f64,
    /// Market cap on 2026-05-08, in won.
    pub market_cap: i64,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ExchangeTradedAssetList {
    /// Largest weight first; empty for ETFs whose holdings have no prices in the data.
    pub exchange_traded_assets: Vec<ExchangeTradedAsset>,
    /// Components of the whole basket.
    pub total: u32,
    /// How the basket was made, or why there is none (Korean, for the page).
    pub method: String,
    /// Always true: the basket is Sise's approximation, not the issuer's PDF (labelled 샘플).
    pub computed: bool,
}

/// NAV against the close on one trading day (`exchangeTradedValues`).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ExchangeTradedValue {
    /// `YYYY-MM-DD`.
    pub date: String,
    /// The ETF's real close.
    pub close: i64,
    /// NAV per share computed from the basket's real closes (not the issuer's).
    pub nav: f64,
    /// `(close / nav − 1) × 100`: a premium above 0, a discount below.
    pub premium: f64,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ExchangeTradedValueList {
    /// Newest first; empty without a basket.
    pub exchange_traded_values: Vec<ExchangeTradedValue>,
    /// How the NAV is computed, or why there is none (Korean, for the page).
    pub method: String,
    /// Percent of the basket's weight with real closes over the window.
    pub coverage: f64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ComponentsQuery {
    /// How many, 1 to 200 (default 20).
    #[param(value_type = Option<Limit200>)]
    pub limit: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ValuesQuery {
    /// Trading days, 1 to 100 (default 60).
    #[param(value_type = Option<NavDays>)]
    pub limit: Option<String>,
}

fn unexpected() -> ApiError {
    DomainError::internal().into()
}

#[utoipa::path(
    get,
    path = "/api/v1/securities/{security_id}/exchange_traded_analysis",
    tag = "main",
    security(()),
    params(("security_id" = SecurityId, Path, description = "The ETF, e.g. KOREA-A069500")),
    responses(
        (status = 200, description = "The ETF's published facts and tracking error", body = ExchangeTradedAnalysisDetail),
        (status = 400, description = "Malformed id (`invalid_security_id`)", body = ApiErrorBody),
        (status = 404, description = "Unknown security (`security_not_found`) or not an ETF (`etf_not_found`)", body = ApiErrorBody),
    )
)]
pub async fn get_analysis(
    State(state): State<AppState>,
    ApiPath(security_id): ApiPath<String>,
) -> Result<Json<ExchangeTradedAnalysisDetail>, ApiError> {
    let analysis = state
        .clients
        .etfs
        .clone()
        .get_etf_analysis(pb::GetEtfAnalysisRequest { security_id })
        .await?
        .into_inner()
        .analysis
        .ok_or_else(unexpected)?;
    let class = match analysis.class() {
        pb::EtfClass::DomesticIndex => EtfClass::DomesticIndex,
        pb::EtfClass::Sector => EtfClass::Sector,
        pb::EtfClass::ForeignIndex => EtfClass::ForeignIndex,
        pb::EtfClass::MoneyMarket => EtfClass::MoneyMarket,
        pb::EtfClass::Unspecified => return Err(unexpected()),
    };
    Ok(Json(ExchangeTradedAnalysisDetail {
        exchange_traded_analysis: ExchangeTradedAnalysis {
            security_id: analysis.security_id,
            name: analysis.name,
            class,
            issuer: analysis.issuer,
            tracking_index: analysis.tracking_index,
            total_expense_ratio: analysis.total_expense_ratio,
            distribution: analysis.distribution,
            listing_date: analysis.listing_date,
            unsourced: analysis.unsourced,
            source: analysis.source,
            tracking_error: analysis.tracking_error,
            tracking_days: analysis.tracking_days,
        },
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/securities/{security_id}/exchange_traded_assets",
    tag = "main",
    security(()),
    params(
        ("security_id" = SecurityId, Path, description = "The ETF, e.g. KOREA-A069500"),
        ComponentsQuery,
    ),
    responses(
        (status = 200, description = "The ETF's components, largest weight first (computed)", body = ExchangeTradedAssetList),
        (status = 400, description = "Malformed id or limit", body = ApiErrorBody),
        (status = 404, description = "Unknown security (`security_not_found`) or not an ETF (`etf_not_found`)", body = ApiErrorBody),
    )
)]
pub async fn get_components(
    State(state): State<AppState>,
    ApiPath(security_id): ApiPath<String>,
    ApiQuery(query): ApiQuery<ComponentsQuery>,
) -> Result<Json<ExchangeTradedAssetList>, ApiError> {
    let response = state
        .clients
        .etfs
        .clone()
        .get_etf_components(pb::GetEtfComponentsRequest {
            security_id,
            limit: PageLimit::from_query(query.limit.as_deref(), MAX_COMPONENTS)?,
        })
        .await?
        .into_inner();
    Ok(Json(ExchangeTradedAssetList {
        exchange_traded_assets: response
            .components
            .into_iter()
            .map(|c| ExchangeTradedAsset {
                security_id: c.security_id,
                name: c.name,
                weight: c.weight,
                market_cap: c.market_cap,
            })
            .collect(),
        total: response.total,
        method: response.method,
        computed: response.computed,
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/securities/{security_id}/exchange_traded_values",
    tag = "main",
    security(()),
    params(
        ("security_id" = SecurityId, Path, description = "The ETF, e.g. KOREA-A069500"),
        ValuesQuery,
    ),
    responses(
        (status = 200, description = "NAV computed from the components against the ETF's close, newest first", body = ExchangeTradedValueList),
        (status = 400, description = "Malformed id or limit", body = ApiErrorBody),
        (status = 404, description = "Unknown security (`security_not_found`) or not an ETF (`etf_not_found`)", body = ApiErrorBody),
    )
)]
pub async fn get_values(
    State(state): State<AppState>,
    ApiPath(security_id): ApiPath<String>,
    ApiQuery(query): ApiQuery<ValuesQuery>,
) -> Result<Json<ExchangeTradedValueList>, ApiError> {
    let response = state
        .clients
        .etfs
        .clone()
        .get_etf_values(pb::GetEtfValuesRequest {
            security_id,
            limit: PageLimit::from_query(query.limit.as_deref(), MAX_VALUES)?,
        })
        .await?
        .into_inner();
    Ok(Json(ExchangeTradedValueList {
        exchange_traded_values: response
            .values
            .into_iter()
            .map(|v| ExchangeTradedValue {
                date: v.date,
                close: v.close,
                nav: v.nav,
                premium: v.premium,
            })
            .collect(),
        method: response.method,
        coverage: response.coverage,
    }))
}
