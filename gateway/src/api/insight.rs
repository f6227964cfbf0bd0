//! Insight articles (spec §2 /m/investing_strategies, §7 "Insight articles", "Search",
//! "Security") on the main host: every article or the featured ones (10 a page), the
//! featured few, one article with its neighbours and the caller's reaction, a security's,
//! a contributor and theirs, and the search. The social service keeps them; operators
//! publish them on its operators' listener (`sise articles`). Comments and reactions on an
//! article are the community's routes on the social host (`api::social::comments`,
//! `api::social::reactions`).

use axum::extract::State;
use axum::response::{IntoResponse as _, Response};
use serde::Deserialize;
use sise_platform::error::ErrorCode;
use sise_platform::request::PageLimit;
use sise_proto::social::v1 as pb;
use utoipa::IntoParams;

use super::insight_models::{ContributorBody, InsightArticleDetail, InsightArticlePage};
use super::params::{
    FeaturedLimit, InsightCursor, InsightLimit, InsightScope, Keyword, SecurityId,
};
use super::social::{answer, page};
use crate::api::{ApiPath, ApiQuery};
use crate::auth::Viewer;
use crate::error::{ApiError, ApiErrorBody};
use crate::state::AppState;

/// Largest page of every list of articles.
const MAX_LIMIT: u32 = 50;
const FEATURED_MAX: u32 = 20;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InsightPageQuery {
    /// Page size, 1 to 50 (default 10).
    #[param(value_type = Option<InsightLimit>)]
    pub limit: Option<String>,
    /// `next_cursor` of the previous page of the same list; absent for the first page.
    #[param(value_type = Option<InsightCursor>)]
    pub cursor: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InsightListQuery {
    /// `all` (default) or `featured`.
    #[param(value_type = Option<InsightScope>)]
    pub scope: Option<String>,
    /// Page size, 1 to 50 (default 10).
    #[param(value_type = Option<InsightLimit>)]
    pub limit: Option<String>,
    /// `next_cursor` of the previous page of the same list; absent for the first page.
    #[param(value_type = Option<InsightCursor>)]
    pub cursor: Option<String>,
}

/// `scope`: `all` (also empty or absent) or `featured`.
fn parse_scope(text: Option<&str>) -> Result<pb::InsightScope, ApiError> {
    match text.unwrap_or_default() {
        "" | "all" => Ok(pb::InsightScope::All),
        "featured" => Ok(pb::InsightScope::Featured),
        _ => Err(ErrorCode::InvalidScope.into()),
    }
}

#[utoipa::path(
    get,
    path = "/api/v1/insight_articles",
    tag = "main",
    security(()),
    params(InsightListQuery),
    responses(
        (status = 200, description = "A page of the insight articles (without their content), newest first", body = InsightArticlePage),
        (status = 400, description = "`invalid_scope`, `invalid_limit`, `invalid_cursor`", body = ApiErrorBody),
    )
)]
pub async fn list_insight_articles(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<InsightListQuery>,
) -> Result<Response, ApiError> {
    let scope = parse_scope(query.scope.as_deref())?;
    let limit = PageLimit::from_query(query.limit.as_deref(), MAX_LIMIT)?;
    let page = state
        .clients
        .insight
        .clone()
        .list_insight_articles(pb::ListInsightArticlesRequest {
            scope: scope as i32,
            limit,
            cursor: query.cursor.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(axum::Json(InsightArticlePage::from(page)).into_response())
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FeaturedQuery {
    /// How many, 1 to 20 (default 5).
    #[param(value_type = Option<FeaturedLimit>)]
    pub limit: Option<String>,
}

#[utoipa::path(
    get,
    path = "/api/v1/insight_articles/featured",
    tag = "main",
    security(()),
    params(FeaturedQuery),
    responses(
        (status = 200, description = "The newest featured articles (without content); `next_cursor` is null", body = InsightArticlePage),
        (status = 400, description = "`invalid_limit`", body = ApiErrorBody),
    )
)]
pub async fn featured_insight_articles(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<FeaturedQuery>,
) -> Result<Response, ApiError> {
    let limit = PageLimit::from_query(query.limit.as_deref(), FEATURED_MAX)?;
    let page = state
        .clients
        .insight
        .clone()
        .list_featured_insight_articles(pb::ListFeaturedInsightArticlesRequest { limit })
        .await?
        .into_inner();
    Ok(axum::Json(InsightArticlePage::from(page)).into_response())
}

#[utoipa::path(
    get,
    path = "/api/v1/insight_articles/{id}",
    tag = "main",
    security(()),
    params(("id" = i64, Path, minimum = 1, description = "The article")),
    responses(
        (status = 200, description = "The article with its content, its newer (`prev_article`) and older (`next_article`) neighbours and the caller's reaction (a member's answer is `no-store`)", body = InsightArticleDetail),
        (status = 400, description = "`invalid_path`: an id that is not a 64-bit integer", body = ApiErrorBody),
        (status = 404, description = "`insight_article_not_found` (withdrawn too)", body = ApiErrorBody),
    )
)]
pub async fn get_insight_article(
    State(state): State<AppState>,
    viewer: Viewer,
    ApiPath(id): ApiPath<i64>,
) -> Result<Response, ApiError> {
    let detail = state
        .clients
        .insight
        .clone()
        .get_insight_article(viewer.request(pb::GetInsightArticleRequest { id }))
        .await?
        .into_inner();
    Ok(answer(&viewer, InsightArticleDetail::from(detail)))
}

#[utoipa::path(
    get,
    path = "/api/v1/securities/{security_id}/insight_articles",
    tag = "main",
    security(()),
    params(
        ("security_id" = SecurityId, Path, description = "The stock, e.g. KOREA-A005930"),
        InsightPageQuery,
    ),
    responses(
        (status = 200, description = "The articles about the security, newest first", body = InsightArticlePage),
        (status = 400, description = "`invalid_security_id`, `invalid_limit`, `invalid_cursor`", body = ApiErrorBody),
    )
)]
pub async fn security_insight_articles(
    State(state): State<AppState>,
    ApiPath(security_id): ApiPath<String>,
    ApiQuery(query): ApiQuery<InsightPageQuery>,
) -> Result<Response, ApiError> {
    let (limit, cursor) = page(query.limit.as_deref(), query.cursor)?;
    let page = state
        .clients
        .insight
        .clone()
        .list_security_insight_articles(pb::ListSecurityInsightArticlesRequest {
            security_id,
            limit,
            cursor,
        })
        .await?
        .into_inner();
    Ok(axum::Json(InsightArticlePage::from(page)).into_response())
}

#[utoipa::path(
    get,
    path = "/api/v1/contributors/{id}",
    tag = "main",
    security(()),
    params(("id" = i64, Path, minimum = -1000, description = "The contributor: a member's id, or a sample contributor's (negative)")),
    responses(
        (status = 200, description = "The contributor's page data", body = ContributorBody),
        (status = 400, description = "`invalid_path`", body = ApiErrorBody),
        (status = 404, description = "`contributor_not_found` (a former contributor too)", body = ApiErrorBody),
    )
)]
pub async fn get_contributor(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Response, ApiError> {
    let contributor = state
        .clients
        .insight
        .clone()
        .get_contributor(pb::GetContributorRequest { id })
        .await?
        .into_inner();
    Ok(axum::Json(ContributorBody {
        contributor: contributor.into(),
    })
    .into_response())
}

#[utoipa::path(
    get,
    path = "/api/v1/contributors/{id}/insight_articles",
    tag = "main",
    security(()),
    params(
        ("id" = i64, Path, minimum = -1000, description = "The contributor: a member's id, or a sample contributor's (negative)"),
        InsightPageQuery,
    ),
    responses(
        (status = 200, description = "The contributor's articles, newest first", body = InsightArticlePage),
        (status = 400, description = "`invalid_path`, `invalid_limit`, `invalid_cursor`", body = ApiErrorBody),
        (status = 404, description = "`contributor_not_found`", body = ApiErrorBody),
    )
)]
pub async fn contributor_insight_articles(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<InsightPageQuery>,
) -> Result<Response, ApiError> {
    let (limit, cursor) = page(query.limit.as_deref(), query.cursor)?;
    let page = state
        .clients
        .insight
        .clone()
        .list_contributor_insight_articles(pb::ListContributorInsightArticlesRequest {
            contributor_id: id,
            limit,
            cursor,
        })
        .await?
        .into_inner();
    Ok(axum::Json(InsightArticlePage::from(page)).into_response())
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InsightSearchQuery {
    /// 1 to 40 characters.
    #[param(value_type = Keyword)]
    pub keyword: Option<String>,
    /// Page size, 1 to 50 (default 10).
    #[param(value_type = Option<InsightLimit>)]
    pub limit: Option<String>,
    /// `next_cursor` of the previous page of the same search; absent for the first page.
    #[param(value_type = Option<InsightCursor>)]
    pub cursor: Option<String>,
}

#[utoipa::path(
    get,
    path = "/api/v1/search/insight_articles",
    tag = "main",
    security(()),
    params(InsightSearchQuery),
    responses(
        (status = 200, description = "Articles whose title or text holds the keyword (case folded): the title's matches first, then the text's, each newest first", body = InsightArticlePage),
        (status = 400, description = "`missing_keyword`, `keyword_too_long`, `invalid_limit`, `invalid_cursor`", body = ApiErrorBody),
    )
)]
pub async fn search_insight_articles(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<InsightSearchQuery>,
) -> Result<Response, ApiError> {
    let limit = PageLimit::from_query(query.limit.as_deref(), MAX_LIMIT)?;
    let page = state
        .clients
        .insight
        .clone()
        .search_insight_articles(pb::SearchInsightArticlesRequest {
            keyword: query.keyword.unwrap_or_default(),
            limit,
            cursor: query.cursor.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(axum::Json(InsightArticlePage::from(page)).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes() {
        assert_eq!(parse_scope(None).ok(), Some(pb::InsightScope::All));
        assert_eq!(parse_scope(Some("")).ok(), Some(pb::InsightScope::All));
        assert_eq!(
            parse_scope(Some("featured")).ok(),
            Some(pb::InsightScope::Featured)
        );
        assert_eq!(
            parse_scope(Some("mine")).err().map(|e| e.0.code),
            Some(ErrorCode::InvalidScope)
        );
    }
}
