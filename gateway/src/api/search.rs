//! Search (spec §7; main host): assets, autocomplete, news, news-related assets, and the
//! issue and popular keywords. Each result kind is its own call, so topics and insight
//! articles (social) slot in beside them. Ranked lists page by the opaque `cursor` of the
//! previous page's `next_cursor` (null on the last page).

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sise_platform::request::PageLimit;
use sise_proto::market::v1 as pb;
use utoipa::ToSchema;

use crate::api::ApiQuery;
use crate::api::articles::{NewsItem, NewsPage};
use crate::api::params::{Keyword, NewsCursor, RelatedLimit, SearchCursor, SearchLimit};
use crate::error::{ApiError, ApiErrorBody};
use crate::state::AppState;

/// Largest page of every search list.
const MAX_LIMIT: u32 = 50;

#[derive(Clone, Copy, Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum FoundKind {
    Stock,
    Index,
    Forex,
}

/// An asset a search found (its price comes from `GET /mweb/api/v1/assets?ids=…`).
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct FoundAsset {
    /// `KOREA-A005930`, `INDEX-KOSPI`, `FOREX-USDKRW`.
    pub asset_id: String,
    /// `A005930`, `KOSPI`, `USDKRW`.
    pub short_code: String,
    pub name: String,
    pub kind: FoundKind,
    /// `kospi` or `kosdaq` for a stock; null otherwise.
    pub market: Option<String>,
}

impl From<pb::FoundAsset> for FoundAsset {
    fn from(found: pb::FoundAsset) -> Self {
        Self {
            kind: match pb::AssetKind::try_from(found.kind) {
                Ok(pb::AssetKind::Index) => FoundKind::Index,
                Ok(pb::AssetKind::Forex) => FoundKind::Forex,
                _ => FoundKind::Stock,
            },
            market: (!found.market.is_empty()).then_some(found.market),
            asset_id: found.asset_id,
            short_code: found.short_code,
            name: found.name,
        }
    }
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct FoundAssetPage {
    pub assets: Vec<FoundAsset>,
    /// Pass as `cursor` for the next page; null at the end.
    pub next_cursor: Option<String>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Suggestions {
    /// At most ten, best first.
    pub assets: Vec<FoundAsset>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct KeywordEntry {
    pub keyword: String,
    /// What the list is ranked by (searches, or how sharply mentions rose).
    pub score: f64,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct KeywordList {
    pub keywords: Vec<KeywordEntry>,
}

/// `keyword`, `limit`, `cursor` (the market service checks all three).
#[derive(Debug, Deserialize)]
pub struct SearchQuery {
    pub keyword: Option<String>,
    pub limit: Option<String>,
    pub cursor: Option<String>,
}

impl SearchQuery {
    fn request(self) -> Result<pb::SearchRequest, ApiError> {
        Ok(pb::SearchRequest {
            keyword: self.keyword.unwrap_or_default(),
            limit: PageLimit::from_query(self.limit.as_deref(), MAX_LIMIT)?,
            cursor: self.cursor.unwrap_or_default(),
        })
    }
}

#[derive(Debug, Deserialize)]
pub struct KeywordQuery {
    pub keyword: Option<String>,
}

#[derive(Debug, Deserialize)]
pub struct LimitQuery {
    pub limit: Option<String>,
}

impl LimitQuery {
    fn request(self) -> Result<pb::KeywordsRequest, ApiError> {
        let limit = PageLimit::from_query(self.limit.as_deref(), MAX_LIMIT)?;
        Ok(pb::KeywordsRequest { limit })
    }
}

fn page(response: pb::SearchAssetsResponse) -> FoundAssetPage {
    FoundAssetPage {
        assets: response.assets.into_iter().map(FoundAsset::from).collect(),
        next_cursor: response.next_cursor,
    }
}

impl From<pb::KeywordsResponse> for KeywordList {
    fn from(response: pb::KeywordsResponse) -> Self {
        Self {
            keywords: response
                .keywords
                .into_iter()
                .map(|k| KeywordEntry {
                    keyword: k.keyword,
                    score: k.score,
                })
                .collect(),
        }
    }
}

#[utoipa::path(
    get,
    path = "/api/v1/search/assets",
    tag = "main",
    security(()),
    params(
        ("keyword" = Keyword, Query, description = "A name, code, English name or 초성"),
        ("limit" = Option<SearchLimit>, Query, description = "Page size, 1 to 50 (default 10)"),
        ("cursor" = Option<SearchCursor>, Query, description = "`next_cursor` of the previous page; absent for the first page"),
    ),
    responses(
        (status = 200, description = "Stocks, indexes and forex pairs: exact code or name first, then prefixes (초성 included), then the rest; inside each, the more traded and viewed first", body = FoundAssetPage, links(("next_page" = (operation_id = "search_assets", parameters(("keyword" = "$request.query.keyword"), ("cursor" = "$response.body#/next_cursor")), description = "The next page")))),
        (status = 400, description = "Missing (`missing_keyword`) or too long (`keyword_too_long`) keyword; malformed limit or cursor", body = ApiErrorBody),
    )
)]
pub async fn search_assets(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<SearchQuery>,
) -> Result<Json<FoundAssetPage>, ApiError> {
    let response = state
        .clients
        .search
        .clone()
        .search_assets(query.request()?)
        .await?
        .into_inner();
    Ok(Json(page(response)))
}

#[utoipa::path(
    get,
    path = "/api/v1/search/autocomplete",
    tag = "main",
    security(()),
    params(("keyword" = Keyword, Query, description = "What has been typed so far")),
    responses(
        (status = 200, description = "The first ten assets of the same ranking as `search/assets`", body = Suggestions),
        (status = 400, description = "Missing (`missing_keyword`) or too long (`keyword_too_long`) keyword", body = ApiErrorBody),
    )
)]
pub async fn autocomplete(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<KeywordQuery>,
) -> Result<Json<Suggestions>, ApiError> {
    let response = state
        .clients
        .search
        .clone()
        .autocomplete(pb::AutocompleteRequest {
            keyword: query.keyword.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(Json(Suggestions {
        assets: response.assets.into_iter().map(FoundAsset::from).collect(),
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/search/news",
    tag = "main",
    security(()),
    params(
        ("keyword" = Keyword, Query, description = "Looked for in titles and summaries"),
        ("limit" = Option<SearchLimit>, Query, description = "Page size, 1 to 50 (default 10)"),
        ("cursor" = Option<NewsCursor>, Query, description = "`next_cursor` of the previous page; absent for the first page"),
    ),
    responses(
        (status = 200, description = "News holding the keyword, newest first", body = NewsPage, links(("next_page" = (operation_id = "search_news", parameters(("keyword" = "$request.query.keyword"), ("cursor" = "$response.body#/next_cursor")), description = "The next page")))),
        (status = 400, description = "Missing or too long keyword; malformed limit or cursor", body = ApiErrorBody),
    )
)]
pub async fn search_news(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<SearchQuery>,
) -> Result<Json<NewsPage>, ApiError> {
    let response = state
        .clients
        .search
        .clone()
        .search_news(query.request()?)
        .await?
        .into_inner();
    Ok(Json(NewsPage {
        news: response.news.into_iter().map(NewsItem::from).collect(),
        next_cursor: response.next_cursor,
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/search/news_related_assets",
    tag = "main",
    security(()),
    params(
        ("keyword" = Keyword, Query, description = "Looked for in news titles and summaries"),
        ("limit" = Option<RelatedLimit>, Query, description = "Page size, 1 to 50 (default 5)"),
        ("cursor" = Option<SearchCursor>, Query, description = "`next_cursor` of the previous page; absent for the first page"),
    ),
    responses(
        (status = 200, description = "The stocks that news holding the keyword names, the most named first", body = FoundAssetPage, links(("next_page" = (operation_id = "search_news_related_assets", parameters(("keyword" = "$request.query.keyword"), ("cursor" = "$response.body#/next_cursor")), description = "The next page")))),
        (status = 400, description = "Missing or too long keyword; malformed limit or cursor", body = ApiErrorBody),
    )
)]
pub async fn search_news_related_assets(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<SearchQuery>,
) -> Result<Json<FoundAssetPage>, ApiError> {
    let response = state
        .clients
        .search
        .clone()
        .search_news_related_assets(query.request()?)
        .await?
        .into_inner();
    Ok(Json(page(response)))
}

#[utoipa::path(
    get,
    path = "/api/v1/search/issue_keywords",
    tag = "main",
    security(()),
    params(("limit" = Option<SearchLimit>, Query, description = "How many, 1 to 50 (default 10)")),
    responses(
        (status = 200, description = "The names rising in the last day's news and searches against the six days before, sharpest rise first (computed at most once a minute)", body = KeywordList),
        (status = 400, description = "Malformed limit", body = ApiErrorBody),
    )
)]
pub async fn issue_keywords(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<LimitQuery>,
) -> Result<Json<KeywordList>, ApiError> {
    let mut search = state.clients.search.clone();
    Ok(Json(
        search
            .issue_keywords(query.request()?)
            .await?
            .into_inner()
            .into(),
    ))
}

#[utoipa::path(
    get,
    path = "/api/v1/search/popular_keywords",
    tag = "main",
    security(()),
    params(("limit" = Option<SearchLimit>, Query, description = "How many, 1 to 50 (default 10)")),
    responses(
        (status = 200, description = "The assets searched most in the last day, by name (a search counts for the asset it found; computed at most once a minute)", body = KeywordList),
        (status = 400, description = "Malformed limit", body = ApiErrorBody),
    )
)]
pub async fn popular_keywords(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<LimitQuery>,
) -> Result<Json<KeywordList>, ApiError> {
    let mut search = state.clients.search.clone();
    Ok(Json(
        search
            .popular_keywords(query.request()?)
            .await?
            .into_inner()
            .into(),
    ))
}
