//! REST routes per API host. Each host's router is an `OpenApiRouter`, so the OpenAPI
//! document is generated from the routes themselves.

pub mod articles;
pub mod assets;
pub mod charts;
pub mod company;
pub mod company_models;
pub mod params;
pub mod quotes;
pub mod securities;

use axum::extract::FromRequestParts;
use serde::Deserialize;
use sise_platform::error::{DomainError, ErrorCode};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::ApiError;
use crate::state::AppState;

/// `Query` whose rejection is the API's JSON error.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct ApiQuery<T>(pub T);

/// `Path` whose rejection is the API's JSON error.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct ApiPath<T>(pub T);

/// `security_ids=ID1,ID2` (comma-joined, spec §7).
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SecurityIdsQuery {
    /// Comma-joined security ids, e.g. `KOREA-A005930,KOREA-A000660`.
    #[param(value_type = params::SecurityIdList50Stream)]
    pub security_ids: Option<String>,
}

impl SecurityIdsQuery {
    /// Split, trim and drop empties; an absent or empty list is an error.
    pub fn ids(&self, max: usize) -> Result<Vec<String>, ApiError> {
        let ids: Vec<String> = self
            .security_ids
            .as_deref()
            .unwrap_or_default()
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect();
        if ids.is_empty() {
            return Err(ErrorCode::MissingSecurityIds.into());
        }
        if ids.len() > max {
            return Err(DomainError::with_max(ErrorCode::TooManySecurities, max).into());
        }
        Ok(ids)
    }
}

/// The main API host.
pub fn main_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(securities::get_security))
        .routes(routes!(quotes::get_quotes))
        .routes(routes!(quotes::stream_quotes))
        .routes(routes!(charts::get_day_candles))
        .routes(routes!(charts::get_minute_candles))
        .routes(routes!(company::get_company))
        .routes(routes!(company::quarterly_statements))
        .routes(routes!(company::yearly_statements))
        .routes(routes!(company::get_investors))
        .routes(routes!(company::get_day_traders))
        .routes(routes!(company::get_recent_trader))
        .routes(routes!(company::get_related_stocks))
        .routes(routes!(company::list_security_firms))
        .routes(routes!(articles::security_news))
        .routes(routes!(articles::security_disclosures))
        .routes(routes!(articles::security_articles))
        .routes(routes!(articles::list_news))
        .routes(routes!(articles::list_disclosures))
        .routes(routes!(articles::list_articles))
}

/// The social API host (posts, comments, reactions, reports come with the social issue).
pub fn social_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
}

/// The mobile-web API host: assets (stocks, indexes, forex), forex calls, market condition.
pub fn mobile_web_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(assets::get_assets))
        .routes(routes!(assets::get_asset))
        .routes(routes!(assets::get_asset_day_candles))
        .routes(routes!(assets::get_asset_minute_candles))
        .routes(routes!(assets::get_major_forex_ids))
        .routes(routes!(assets::get_day_forexes))
        .routes(routes!(assets::get_tick_forexes))
        .routes(routes!(assets::get_forex_calc))
        .routes(routes!(assets::get_forex_chart))
        .routes(routes!(assets::get_market_condition))
}
