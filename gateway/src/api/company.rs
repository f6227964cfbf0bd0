//! Company calls of the stock page (spec §7 "Security"; main host): the company profile,
//! SAMPLE quarterly and yearly statements, SAMPLE investors and brokerage traders (keyset
//! pages over trading days: `limit` and an inclusive `to` date, `last_key` for the next
//! older page), related stocks, and `GET /v13/security_firms`.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use sise_platform::error::DomainError;
use sise_platform::request::PageLimit;
use sise_proto::market::v1 as pb;
use utoipa::IntoParams;

use crate::api::company_models::{
    Company, CompanyDetail, DayTrader, DayTraderPage, Investor, InvestorPage, RecentTraderDetail,
    RelatedStock, RelatedStockList, SecurityFirm, SecurityFirmList, Statement, StatementList,
};
use crate::api::params::{ClientOs, Limit20, Limit100, MarketCode, PageDate, SecurityId};
use crate::api::{ApiPath, ApiQuery};
use crate::error::{ApiError, ApiErrorBody};
use crate::models::{Quote, Security};
use crate::state::AppState;

/// `limit` and `to` of a page of trading days.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DayPageQuery {
    /// Trading days per page, 1 to 100 (default 20).
    #[param(value_type = Option<Limit100>)]
    pub limit: Option<String>,
    /// Newest date to include, `YYYY-MM-DD` (the previous page's `last_key`); absent for the
    /// newest page.
    #[param(value_type = Option<PageDate>)]
    pub to: Option<String>,
}

/// The market service's largest page of trading days.
const MAX_DAYS: u32 = 100;
/// The market service's most related stocks.
const MAX_RELATED: u32 = 20;

impl DayPageQuery {
    fn into_proto(self) -> Result<pb::DayPage, ApiError> {
        Ok(pb::DayPage {
            limit: PageLimit::from_query(self.limit.as_deref(), MAX_DAYS)?,
            to: self.to,
        })
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RelatedQuery {
    /// How many, 1 to 20 (default 5).
    #[param(value_type = Option<Limit20>)]
    pub limit: Option<String>,
}

/// The client's description (all required; the web sends `os=web`,
/// `market_code=nomarket`, `version_code=-1`).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SecurityFirmsQuery {
    /// `web`, `android` or `ios`.
    #[param(value_type = ClientOs)]
    pub os: Option<String>,
    /// `nomarket` (web), `google`, `apple` or `onestore`.
    #[param(value_type = MarketCode)]
    pub market_code: Option<String>,
    /// The app's version code; `-1` for the web.
    #[param(value_type = i64, minimum = -1)]
    pub version_code: Option<String>,
}

fn unexpected() -> ApiError {
    DomainError::internal().into()
}

#[utoipa::path(
    get,
    path = "/api/v1/securities/{security_id}/company",
    tag = "main",
    security(()),
    params(("security_id" = SecurityId, Path, description = "The stock, e.g. KOREA-A005930")),
    responses(
        (status = 200, description = "The company profile (real listing data) with its market cap at the current price", body = CompanyDetail),
        (status = 400, description = "Malformed id", body = ApiErrorBody),
        (status = 404, description = "Unknown security", body = ApiErrorBody),
    )
)]
pub async fn get_company(
    State(state): State<AppState>,
    ApiPath(security_id): ApiPath<String>,
) -> Result<Json<CompanyDetail>, ApiError> {
    let response = state
        .clients
        .company
        .clone()
        .get_company(pb::GetCompanyRequest { security_id })
        .await?
        .into_inner();
    let company = response.company.ok_or_else(unexpected)?;
    Ok(Json(CompanyDetail {
        company: Company::from(company),
    }))
}

async fn statements(
    state: &AppState,
    security_id: String,
    period: pb::StatementPeriod,
) -> Result<Json<StatementList>, ApiError> {
    let response = state
        .clients
        .company
        .clone()
        .get_financial_statements(pb::GetFinancialStatementsRequest {
            security_id,
            period: period as i32,
        })
        .await?
        .into_inner();
    Ok(Json(StatementList {
        statements: response
            .statements
            .into_iter()
            .map(Statement::from)
            .collect(),
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/securities/{security_id}/financial_statements/quarterly",
    tag = "main",
    security(()),
    params(("security_id" = SecurityId, Path, description = "The stock, e.g. KOREA-A005930")),
    responses(
        (status = 200, description = "SAMPLE data: the last 8 reported quarters, newest first", body = StatementList),
        (status = 400, description = "Malformed id", body = ApiErrorBody),
        (status = 404, description = "Unknown security", body = ApiErrorBody),
    )
)]
pub async fn quarterly_statements(
    State(state): State<AppState>,
    ApiPath(security_id): ApiPath<String>,
) -> Result<Json<StatementList>, ApiError> {
    statements(&state, security_id, pb::StatementPeriod::Quarterly).await
}

#[utoipa::path(
    get,
    path = "/api/v1/securities/{security_id}/financial_statements/yearly",
    tag = "main",
    security(()),
    params(("security_id" = SecurityId, Path, description = "The stock, e.g. KOREA-A005930")),
    responses(
        (status = 200, description = "SAMPLE data: the last 5 reported years, newest first; a year's flows are the sums of its quarters", body = StatementList),
        (status = 400, description = "Malformed id", body = ApiErrorBody),
        (status = 404, description = "Unknown security", body = ApiErrorBody),
    )
)]
pub async fn yearly_statements(
    State(state): State<AppState>,
    ApiPath(security_id): ApiPath<String>,
) -> Result<Json<StatementList>, ApiError> {
    statements(&state, security_id, pb::StatementPeriod::Yearly).await
}

#[utoipa::path(
    get,
    path = "/api/v1/securities/{security_id}/investors",
    tag = "main",
    security(()),
    params(
        ("security_id" = SecurityId, Path, description = "The stock, e.g. KOREA-A005930"),
        DayPageQuery,
    ),
    responses(
        (status = 200, description = "SAMPLE data following each trading day's candle, newest first", body = InvestorPage, links(("next_page" = (operation_id = "get_investors", parameters(("security_id" = "$request.path.security_id"), ("to" = "$response.body#/last_key")), description = "The next page")))),
        (status = 400, description = "Malformed id, limit or date", body = ApiErrorBody),
        (status = 404, description = "Unknown security", body = ApiErrorBody),
    )
)]
pub async fn get_investors(
    State(state): State<AppState>,
    ApiPath(security_id): ApiPath<String>,
    ApiQuery(query): ApiQuery<DayPageQuery>,
) -> Result<Json<InvestorPage>, ApiError> {
    let response = state
        .clients
        .company
        .clone()
        .get_investors(pb::GetInvestorsRequest {
            security_id,
            page: Some(query.into_proto()?),
        })
        .await?
        .into_inner();
    Ok(Json(InvestorPage {
        investors: response.investors.into_iter().map(Investor::from).collect(),
        last_key: response.last_key,
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/securities/{security_id}/day_traders",
    tag = "main",
    security(()),
    params(
        ("security_id" = SecurityId, Path, description = "The stock, e.g. KOREA-A005930"),
        DayPageQuery,
    ),
    responses(
        (status = 200, description = "SAMPLE data: the top five brokerages by sell and buy volume per trading day, newest first", body = DayTraderPage, links(("next_page" = (operation_id = "get_day_traders", parameters(("security_id" = "$request.path.security_id"), ("to" = "$response.body#/last_key")), description = "The next page")))),
        (status = 400, description = "Malformed id, limit or date", body = ApiErrorBody),
        (status = 404, description = "Unknown security", body = ApiErrorBody),
    )
)]
pub async fn get_day_traders(
    State(state): State<AppState>,
    ApiPath(security_id): ApiPath<String>,
    ApiQuery(query): ApiQuery<DayPageQuery>,
) -> Result<Json<DayTraderPage>, ApiError> {
    let response = state
        .clients
        .company
        .clone()
        .get_day_traders(pb::GetDayTradersRequest {
            security_id,
            page: Some(query.into_proto()?),
        })
        .await?
        .into_inner();
    Ok(Json(DayTraderPage {
        day_traders: response
            .day_traders
            .into_iter()
            .map(DayTrader::from)
            .collect(),
        last_key: response.last_key,
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/securities/{security_id}/recent_trader",
    tag = "main",
    security(()),
    params(("security_id" = SecurityId, Path, description = "The stock, e.g. KOREA-A005930")),
    responses(
        (status = 200, description = "SAMPLE data: the brokerages of the latest trading day", body = RecentTraderDetail),
        (status = 400, description = "Malformed id", body = ApiErrorBody),
        (status = 404, description = "Unknown security, or no trading day yet (`trader_not_found`)", body = ApiErrorBody),
    )
)]
pub async fn get_recent_trader(
    State(state): State<AppState>,
    ApiPath(security_id): ApiPath<String>,
) -> Result<Json<RecentTraderDetail>, ApiError> {
    let response = state
        .clients
        .company
        .clone()
        .get_recent_trader(pb::GetRecentTraderRequest { security_id })
        .await?
        .into_inner();
    let day = response.recent_trader.ok_or_else(unexpected)?;
    Ok(Json(RecentTraderDetail {
        recent_trader: DayTrader::from(day),
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/securities/{security_id}/related_stocks",
    tag = "main",
    security(()),
    params(
        ("security_id" = SecurityId, Path, description = "The stock, e.g. KOREA-A005930"),
        RelatedQuery,
    ),
    responses(
        (status = 200, description = "Other stocks of the same WICS industry group, largest market cap first (empty without a group)", body = RelatedStockList),
        (status = 400, description = "Malformed id or limit", body = ApiErrorBody),
        (status = 404, description = "Unknown security", body = ApiErrorBody),
    )
)]
pub async fn get_related_stocks(
    State(state): State<AppState>,
    ApiPath(security_id): ApiPath<String>,
    ApiQuery(query): ApiQuery<RelatedQuery>,
) -> Result<Json<RelatedStockList>, ApiError> {
    let response = state
        .clients
        .company
        .clone()
        .get_related_stocks(pb::GetRelatedStocksRequest {
            security_id,
            limit: PageLimit::from_query(query.limit.as_deref(), MAX_RELATED)?,
        })
        .await?
        .into_inner();
    let related_stocks = response
        .related_stocks
        .into_iter()
        .map(|r| match (r.security, r.quote) {
            (Some(security), Some(quote)) => Ok(RelatedStock {
                security: Security::from(security),
                quote: Quote::from(quote),
            }),
            _ => Err(unexpected()),
        })
        .collect::<Result<_, _>>()?;
    Ok(Json(RelatedStockList { related_stocks }))
}

#[utoipa::path(
    get,
    path = "/v13/security_firms",
    tag = "main",
    security(()),
    params(SecurityFirmsQuery),
    responses(
        (status = 200, description = "Securities firms with their trading flag, in display order", body = SecurityFirmList),
        (status = 400, description = "Missing or invalid `os`, `market_code` or `version_code`", body = ApiErrorBody),
    )
)]
pub async fn list_security_firms(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<SecurityFirmsQuery>,
) -> Result<Json<SecurityFirmList>, ApiError> {
    let response = state
        .clients
        .company
        .clone()
        .list_security_firms(pb::ListSecurityFirmsRequest {
            os: query.os.unwrap_or_default(),
            market_code: query.market_code.unwrap_or_default(),
            version_code: query.version_code.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(Json(SecurityFirmList {
        security_firms: response
            .security_firms
            .into_iter()
            .map(SecurityFirm::from)
            .collect(),
    }))
}
