//! Topics (테마; spec §3, §7) on the main host: curated themes of listed stocks that the
//! social service keeps. A topic's prices are not here: the webapp reads them from the quote
//! calls, live, as it does for favorites.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sise_platform::request::PageLimit;
use sise_proto::social::v1 as pb;
use utoipa::{IntoParams, ToSchema};

use crate::api::params::{Keyword, SearchCursor, SearchLimit, SecurityId};
use crate::api::{ApiPath, ApiQuery};
use crate::error::{ApiError, ApiErrorBody};
use crate::state::AppState;

/// Largest page of the featured topics and of a topic search.
const MAX_LIMIT: u32 = 50;

/// A stock of a topic (its price: `GET /main/api/v1/quotes?security_ids=…`).
#[derive(Debug, Serialize, ToSchema)]
pub struct TopicStock {
    /// `KOREA-A005930`.
    pub security_id: String,
    pub name: String,
}

/// A curated theme and its stocks, in the curators' order.
#[derive(Debug, Serialize, ToSchema)]
pub struct Topic {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub stocks: Vec<TopicStock>,
}

impl From<pb::Topic> for Topic {
    fn from(t: pb::Topic) -> Self {
        Self {
            id: t.id,
            name: t.name,
            description: t.description,
            stocks: t
                .stocks
                .into_iter()
                .map(|s| TopicStock {
                    security_id: s.security_id,
                    name: s.name,
                })
                .collect(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TopicBody {
    pub topic: Topic,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TopicList {
    pub topics: Vec<Topic>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TopicPage {
    pub topics: Vec<Topic>,
    /// Pass as `cursor` for the next page; null at the end.
    pub next_cursor: Option<String>,
}

fn topics(list: Vec<pb::Topic>) -> Vec<Topic> {
    list.into_iter().map(Topic::from).collect()
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FeaturedQuery {
    /// How many, 1 to 50 (default 10).
    #[param(value_type = Option<SearchLimit>)]
    pub limit: Option<String>,
}

/// `keyword`, `limit`, `cursor` (the social service checks all three).
#[derive(Debug, Deserialize)]
pub struct TopicSearchQuery {
    pub keyword: Option<String>,
    pub limit: Option<String>,
    pub cursor: Option<String>,
}

#[utoipa::path(
    get,
    path = "/api/v1/topics/{id}",
    tag = "main",
    security(()),
    params(("id" = i64, Path, minimum = 1, description = "The topic")),
    responses(
        (status = 200, description = "A topic with its stocks", body = TopicBody),
        (status = 400, description = "`invalid_path`: an id that is not a 64-bit integer", body = ApiErrorBody),
        (status = 404, description = "`topic_not_found`", body = ApiErrorBody),
    )
)]
pub async fn get_topic(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<TopicBody>, ApiError> {
    let topic = state
        .clients
        .topics
        .clone()
        .get_topic(pb::GetTopicRequest { id })
        .await?
        .into_inner();
    Ok(Json(TopicBody {
        topic: topic.into(),
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/topics/featured",
    tag = "main",
    security(()),
    params(FeaturedQuery),
    responses(
        (status = 200, description = "The featured topics in the curators' order", body = TopicList),
        (status = 400, description = "`invalid_limit`", body = ApiErrorBody),
    )
)]
pub async fn featured_topics(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<FeaturedQuery>,
) -> Result<Json<TopicList>, ApiError> {
    let limit = PageLimit::from_query(query.limit.as_deref(), MAX_LIMIT)?;
    let list = state
        .clients
        .topics
        .clone()
        .featured_topics(pb::FeaturedTopicsRequest { limit })
        .await?
        .into_inner();
    Ok(Json(TopicList {
        topics: topics(list.topics),
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/securities/{security_id}/topics",
    tag = "main",
    security(()),
    params(("security_id" = SecurityId, Path, description = "The stock, e.g. KOREA-A005930")),
    responses(
        (status = 200, description = "The topics that hold the stock (often none)", body = TopicList),
        (status = 400, description = "`invalid_security_id`", body = ApiErrorBody),
        (status = 404, description = "`security_not_found`", body = ApiErrorBody),
    )
)]
pub async fn security_topics(
    State(state): State<AppState>,
    ApiPath(security_id): ApiPath<String>,
) -> Result<Json<TopicList>, ApiError> {
    let list = state
        .clients
        .topics
        .clone()
        .topics_of_security(pb::TopicsOfSecurityRequest { security_id })
        .await?
        .into_inner();
    Ok(Json(TopicList {
        topics: topics(list.topics),
    }))
}

#[utoipa::path(
    get,
    path = "/api/v1/search/topics",
    tag = "main",
    security(()),
    params(
        ("keyword" = Keyword, Query, description = "A topic's name or a word for it, its 초성, or part of it"),
        ("limit" = Option<SearchLimit>, Query, description = "Page size, 1 to 50 (default 10)"),
        ("cursor" = Option<SearchCursor>, Query, description = "`next_cursor` of the previous page; absent for the first page"),
    ),
    responses(
        (status = 200, description = "Topics: the whole name or word first, then those it starts (초성 and half-typed syllables included), then those it is inside; featured first inside each", body = TopicPage, links(("next_page" = (operation_id = "search_topics", parameters(("keyword" = "$request.query.keyword"), ("cursor" = "$response.body#/next_cursor")), description = "The next page")))),
        (status = 400, description = "Missing (`missing_keyword`) or too long (`keyword_too_long`) keyword; malformed limit or cursor", body = ApiErrorBody),
    )
)]
pub async fn search_topics(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<TopicSearchQuery>,
) -> Result<Json<TopicPage>, ApiError> {
    let page = state
        .clients
        .topics
        .clone()
        .search_topics(pb::SearchTopicsRequest {
            keyword: query.keyword.unwrap_or_default(),
            limit: PageLimit::from_query(query.limit.as_deref(), MAX_LIMIT)?,
            cursor: query.cursor.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(Json(TopicPage {
        topics: topics(page.topics),
        next_cursor: (!page.next_cursor.is_empty()).then_some(page.next_cursor),
    }))
}
