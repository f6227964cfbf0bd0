//! News, disclosures and both merged ("articles"), per security and over several securities
//! (spec §7; main host). Newest first, keyset pages: `limit` (default 20, at most 50) and
//! the opaque `cursor` of the previous page's `next_cursor` (null on the last page).

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sise_platform::request::PageLimit;
use sise_proto::market::v1 as pb;
use utoipa::ToSchema;

use crate::api::params::{
    ArticleCursor, DisclosureCursor, Limit50, NewsCursor, SecurityId, SecurityIdList50,
};
use crate::api::{ApiPath, ApiQuery, SecurityIdsQuery};
use crate::error::{ApiError, ApiErrorBody};
use crate::state::AppState;

/// Largest page (spec §9 asks for 20 by default).
pub const MAX_LIMIT: u32 = 50;
/// Most securities one multi-security call may name.
pub const MAX_SECURITIES: usize = 50;

/// A news item naming one or more stocks.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct NewsItem {
    pub id: i64,
    pub title: String,
    /// Plain text, at most 300 characters.
    pub summary: String,
    /// The article's address.
    pub url: String,
    pub publisher: String,
    /// Epoch milliseconds.
    pub published_at: i64,
    /// The stocks the item names.
    pub security_ids: Vec<String>,
}

/// An OpenDART filing.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Disclosure {
    /// The receipt number (rcept_no), 14 digits.
    pub id: String,
    /// The report name (report_nm).
    pub title: String,
    pub corp_name: String,
    /// Who filed it (flr_nm).
    pub filer: String,
    /// Null when the company is not a listed stock.
    pub security_id: Option<String>,
    /// Receipt date, `YYYY-MM-DD`.
    pub received_on: String,
    /// OpenDART remark flags (rm), e.g. `유` (KOSPI market filing), `정` (correction).
    pub remark: String,
    /// The filing in the DART viewer.
    pub url: String,
}

#[derive(Clone, Copy, Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ArticleKind {
    News,
    Disclosure,
}

/// One entry of the merged list: `news` or `disclosure` is set, as `kind` says.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Article {
    pub kind: ArticleKind,
    pub news: Option<NewsItem>,
    pub disclosure: Option<Disclosure>,
    /// Epoch milliseconds; a disclosure's is 00:00 KST of its receipt date.
    pub published_at: i64,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct NewsPage {
    pub news: Vec<NewsItem>,
    /// Pass as `cursor` for the next page; null at the end.
    pub next_cursor: Option<String>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct DisclosurePage {
    pub disclosures: Vec<Disclosure>,
    /// Pass as `cursor` for the next page; null at the end.
    pub next_cursor: Option<String>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct ArticlePage {
    pub articles: Vec<Article>,
    /// Pass as `cursor` for the next page; null at the end.
    pub next_cursor: Option<String>,
}

/// `limit` and `cursor` of a page. The parameters are documented on each operation, since
/// each list has a cursor of its own.
#[derive(Debug, Deserialize)]
pub struct PageQuery {
    pub limit: Option<String>,
    pub cursor: Option<String>,
}

/// Several securities: `security_ids`, `limit`, `cursor`.
#[derive(Debug, Deserialize)]
pub struct MultiPageQuery {
    pub security_ids: Option<String>,
    pub limit: Option<String>,
    pub cursor: Option<String>,
}

/// `(limit, cursor)` for the market service, which checks the range.
fn page(limit: Option<String>, cursor: Option<String>) -> Result<(Option<i64>, String), ApiError> {
    let limit = PageLimit::from_query(limit.as_deref(), MAX_LIMIT)?;
    Ok((limit, cursor.unwrap_or_default()))
}

fn single(security_id: String, query: PageQuery) -> Result<pb::ListArticlesRequest, ApiError> {
    let (limit, cursor) = page(query.limit, query.cursor)?;
    Ok(pb::ListArticlesRequest {
        security_id,
        security_ids: Vec::new(),
        limit,
        cursor,
    })
}

fn multi(query: MultiPageQuery) -> Result<pb::ListArticlesRequest, ApiError> {
    let security_ids = SecurityIdsQuery {
        security_ids: query.security_ids,
    }
    .ids(MAX_SECURITIES)?;
    let (limit, cursor) = page(query.limit, query.cursor)?;
    Ok(pb::ListArticlesRequest {
        security_id: String::new(),
        security_ids,
        limit,
        cursor,
    })
}

impl From<pb::NewsItem> for NewsItem {
    fn from(n: pb::NewsItem) -> Self {
        Self {
            id: n.id,
            title: n.title,
            summary: n.summary,
            url: n.url,
            publisher: n.publisher,
            published_at: n.published_at_ms,
            security_ids: n.security_ids,
        }
    }
}

impl From<pb::Disclosure> for Disclosure {
    fn from(d: pb::Disclosure) -> Self {
        Self {
            url: format!(
                "https://dart.fss.or.kr/dsaf001/main.do?rcpNo={}",
                d.rcept_no
            ),
            id: d.rcept_no,
            title: d.report_nm,
            corp_name: d.corp_name,
            filer: d.flr_nm,
            security_id: d.security_id,
            received_on: d.rcept_dt,
            remark: d.rm,
        }
    }
}

impl Article {
    fn from_proto(article: pb::Article) -> Option<Self> {
        let published_at = article.published_at_ms;
        Some(match article.item? {
            pb::article::Item::News(n) => Self {
                kind: ArticleKind::News,
                news: Some(n.into()),
                disclosure: None,
                published_at,
            },
            pb::article::Item::Disclosure(d) => Self {
                kind: ArticleKind::Disclosure,
                news: None,
                disclosure: Some(d.into()),
                published_at,
            },
        })
    }
}

async fn news(state: &AppState, request: pb::ListArticlesRequest) -> Result<NewsPage, ApiError> {
    let response = state
        .clients
        .articles
        .clone()
        .list_news(request)
        .await?
        .into_inner();
    Ok(NewsPage {
        news: response.news.into_iter().map(NewsItem::from).collect(),
        next_cursor: response.next_cursor,
    })
}

async fn disclosures(
    state: &AppState,
    request: pb::ListArticlesRequest,
) -> Result<DisclosurePage, ApiError> {
    let response = state
        .clients
        .articles
        .clone()
        .list_disclosures(request)
        .await?
        .into_inner();
    Ok(DisclosurePage {
        disclosures: response
            .disclosures
            .into_iter()
            .map(Disclosure::from)
            .collect(),
        next_cursor: response.next_cursor,
    })
}

async fn articles(
    state: &AppState,
    request: pb::ListArticlesRequest,
) -> Result<ArticlePage, ApiError> {
    let response = state
        .clients
        .articles
        .clone()
        .list_articles(request)
        .await?
        .into_inner();
    Ok(ArticlePage {
        articles: response
            .articles
            .into_iter()
            .filter_map(Article::from_proto)
            .collect(),
        next_cursor: response.next_cursor,
    })
}

#[utoipa::path(
    get,
    path = "/api/v1/securities/{security_id}/news",
    tag = "main",
    security(()),
    params(
        ("security_id" = SecurityId, Path, description = "The stock, e.g. KOREA-A005930"),
        ("limit" = Option<Limit50>, Query, description = "Page size, 1 to 50 (default 20)"),
        ("cursor" = Option<NewsCursor>, Query, description = "`next_cursor` of the previous page; absent for the first page"),
    ),
    responses(
        (status = 200, description = "News naming the security, newest first", body = NewsPage, links(("next_page" = (operation_id = "security_news", parameters(("security_id" = "$request.path.security_id"), ("cursor" = "$response.body#/next_cursor")), description = "The next page")))),
        (status = 400, description = "Malformed id, limit or cursor", body = ApiErrorBody),
        (status = 404, description = "Unknown security", body = ApiErrorBody),
    )
)]
pub async fn security_news(
    State(state): State<AppState>,
    ApiPath(security_id): ApiPath<String>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<NewsPage>, ApiError> {
    Ok(Json(news(&state, single(security_id, query)?).await?))
}

#[utoipa::path(
    get,
    path = "/api/v1/securities/{security_id}/disclosures",
    tag = "main",
    security(()),
    params(
        ("security_id" = SecurityId, Path, description = "The stock, e.g. KOREA-A005930"),
        ("limit" = Option<Limit50>, Query, description = "Page size, 1 to 50 (default 20)"),
        ("cursor" = Option<DisclosureCursor>, Query, description = "`next_cursor` of the previous page; absent for the first page"),
    ),
    responses(
        (status = 200, description = "OpenDART filings of the security, newest first", body = DisclosurePage, links(("next_page" = (operation_id = "security_disclosures", parameters(("security_id" = "$request.path.security_id"), ("cursor" = "$response.body#/next_cursor")), description = "The next page")))),
        (status = 400, description = "Malformed id, limit or cursor", body = ApiErrorBody),
        (status = 404, description = "Unknown security", body = ApiErrorBody),
    )
)]
pub async fn security_disclosures(
    State(state): State<AppState>,
    ApiPath(security_id): ApiPath<String>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<DisclosurePage>, ApiError> {
    Ok(Json(
        disclosures(&state, single(security_id, query)?).await?,
    ))
}

#[utoipa::path(
    get,
    path = "/api/v1/securities/{security_id}/articles",
    tag = "main",
    security(()),
    params(
        ("security_id" = SecurityId, Path, description = "The stock, e.g. KOREA-A005930"),
        ("limit" = Option<Limit50>, Query, description = "Page size, 1 to 50 (default 20)"),
        ("cursor" = Option<ArticleCursor>, Query, description = "`next_cursor` of the previous page; absent for the first page"),
    ),
    responses(
        (status = 200, description = "News and disclosures of the security merged, newest first", body = ArticlePage, links(("next_page" = (operation_id = "security_articles", parameters(("security_id" = "$request.path.security_id"), ("cursor" = "$response.body#/next_cursor")), description = "The next page")))),
        (status = 400, description = "Malformed id, limit or cursor", body = ApiErrorBody),
        (status = 404, description = "Unknown security", body = ApiErrorBody),
    )
)]
pub async fn security_articles(
    State(state): State<AppState>,
    ApiPath(security_id): ApiPath<String>,
    ApiQuery(query): ApiQuery<PageQuery>,
) -> Result<Json<ArticlePage>, ApiError> {
    Ok(Json(articles(&state, single(security_id, query)?).await?))
}

#[utoipa::path(
    get,
    path = "/api/v1/news",
    tag = "main",
    security(()),
    params(
        ("security_ids" = SecurityIdList50, Query, description = "The stocks, e.g. `KOREA-A005930,KOREA-A000660` (unknown ids match nothing)"),
        ("limit" = Option<Limit50>, Query, description = "Page size, 1 to 50 (default 20)"),
        ("cursor" = Option<NewsCursor>, Query, description = "`next_cursor` of the previous page; absent for the first page"),
    ),
    responses(
        (status = 200, description = "News naming any of the securities (each item once), newest first; unknown ids match nothing", body = NewsPage, links(("next_page" = (operation_id = "list_news", parameters(("security_ids" = "$request.query.security_ids"), ("cursor" = "$response.body#/next_cursor")), description = "The next page")))),
        (status = 400, description = "Missing (`missing_security_ids`), malformed or too many ids; malformed limit or cursor", body = ApiErrorBody),
    )
)]
pub async fn list_news(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<MultiPageQuery>,
) -> Result<Json<NewsPage>, ApiError> {
    Ok(Json(news(&state, multi(query)?).await?))
}

#[utoipa::path(
    get,
    path = "/api/v1/disclosures",
    tag = "main",
    security(()),
    params(
        ("security_ids" = SecurityIdList50, Query, description = "The stocks, e.g. `KOREA-A005930,KOREA-A000660` (unknown ids match nothing)"),
        ("limit" = Option<Limit50>, Query, description = "Page size, 1 to 50 (default 20)"),
        ("cursor" = Option<DisclosureCursor>, Query, description = "`next_cursor` of the previous page; absent for the first page"),
    ),
    responses(
        (status = 200, description = "OpenDART filings of any of the securities, newest first; unknown ids match nothing", body = DisclosurePage, links(("next_page" = (operation_id = "list_disclosures", parameters(("security_ids" = "$request.query.security_ids"), ("cursor" = "$response.body#/next_cursor")), description = "The next page")))),
        (status = 400, description = "Missing (`missing_security_ids`), malformed or too many ids; malformed limit or cursor", body = ApiErrorBody),
    )
)]
pub async fn list_disclosures(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<MultiPageQuery>,
) -> Result<Json<DisclosurePage>, ApiError> {
    Ok(Json(disclosures(&state, multi(query)?).await?))
}

#[utoipa::path(
    get,
    path = "/api/v1/articles",
    tag = "main",
    security(()),
    params(
        ("security_ids" = SecurityIdList50, Query, description = "The stocks, e.g. `KOREA-A005930,KOREA-A000660` (unknown ids match nothing)"),
        ("limit" = Option<Limit50>, Query, description = "Page size, 1 to 50 (default 20)"),
        ("cursor" = Option<ArticleCursor>, Query, description = "`next_cursor` of the previous page; absent for the first page"),
    ),
    responses(
        (status = 200, description = "News and disclosures of any of the securities merged, newest first; unknown ids match nothing", body = ArticlePage, links(("next_page" = (operation_id = "list_articles", parameters(("security_ids" = "$request.query.security_ids"), ("cursor" = "$response.body#/next_cursor")), description = "The next page")))),
        (status = 400, description = "Missing (`missing_security_ids`), malformed or too many ids; malformed limit or cursor", body = ApiErrorBody),
    )
)]
pub async fn list_articles(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<MultiPageQuery>,
) -> Result<Json<ArticlePage>, ApiError> {
    Ok(Json(articles(&state, multi(query)?).await?))
}
