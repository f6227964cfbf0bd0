//! `GET /api/v1/securities/{security_id}`: a security with its current quote.

use axum::Json;
use axum::extract::State;
use sise_proto::market::v1::GetSecurityRequest;

use crate::api::ApiPath;
use crate::api::params::SecurityId;
use crate::error::{ApiError, ApiErrorBody};
use crate::models::{Quote, Security, SecurityDetail};
use crate::state::AppState;

#[utoipa::path(
    get,
    path = "/api/v1/securities/{security_id}",
    tag = "main",
    security(()),
    params(("security_id" = SecurityId, Path, description = "The stock, e.g. KOREA-A005930")),
    responses(
        (status = 200, body = SecurityDetail),
        (status = 400, description = "Malformed id", body = ApiErrorBody),
        (status = 404, description = "Unknown security", body = ApiErrorBody),
    )
)]
pub async fn get_security(
    State(state): State<AppState>,
    ApiPath(security_id): ApiPath<String>,
) -> Result<Json<SecurityDetail>, ApiError> {
    let response = state
        .clients
        .market
        .clone()
        .get_security(GetSecurityRequest { security_id })
        .await?
        .into_inner();
    let (Some(security), Some(quote)) = (response.security, response.quote) else {
        return Err(sise_platform::error::DomainError::internal().into());
    };
    Ok(Json(SecurityDetail {
        security: Security::from(security),
        quote: Quote::from(quote),
    }))
}
