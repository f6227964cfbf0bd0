//! Contests and rankers on the main host (docs/api.md, "Contests"): the contests, one with
//! the member's own entry, entering with 1–5 stocks, a contest's ranking and one ranker.
//! The social service keeps them and ranks from the simulator's prices; operators create
//! contests on its operators' listener (`sise contests`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse as _, Response};
use serde::{Deserialize, Serialize};
use sise_platform::error::ErrorCode;
use sise_platform::request::PageLimit;
use sise_proto::social::v1 as pb;
use utoipa::{IntoParams, ToSchema};

use super::answer;
use crate::api::params::Limit50;
use crate::api::{ApiJson, ApiPath, ApiQuery, private_json};
use crate::auth::{SignedIn, Viewer};
use crate::error::{ApiError, ApiErrorBody};
use crate::state::AppState;

/// Entries a contest takes (the social service's cap): the ranking's last offset.
const MAX_OFFSET: u32 = 1_000;

/// Upcoming before its start, running until its end, ended afterwards.
#[derive(Clone, Copy, Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ContestState {
    Upcoming,
    Running,
    Ended,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Contest {
    pub id: i64,
    pub title: String,
    pub description: String,
    pub starts_at_ms: i64,
    pub ends_at_ms: i64,
    pub state: ContestState,
    /// Seeded by the embedded default: shown as 샘플.
    pub sample: bool,
    /// Members who entered.
    pub entries: i64,
}

impl From<pb::Contest> for Contest {
    fn from(c: pb::Contest) -> Self {
        let state = match c.state() {
            pb::ContestState::Upcoming => ContestState::Upcoming,
            pb::ContestState::Running => ContestState::Running,
            pb::ContestState::Ended | pb::ContestState::Unspecified => ContestState::Ended,
        };
        Self {
            id: c.id,
            title: c.title,
            description: c.description,
            starts_at_ms: c.starts_at_ms,
            ends_at_ms: c.ends_at_ms,
            state,
            sample: c.sample,
            entries: c.entries,
        }
    }
}

/// A stock a ranker picked. Returns are ratios: 0.0123 is 1.23%.
#[derive(Debug, Serialize, ToSchema)]
pub struct Pick {
    pub security_id: String,
    pub name: String,
    /// The simulator's price when the member entered.
    pub entry_price: f64,
    /// The live price while the contest runs; the price at its end afterwards.
    pub price: f64,
    pub return_rate: f64,
}

/// An entry of a contest and its place in the ranking.
#[derive(Debug, Serialize, ToSchema)]
pub struct Ranker {
    pub id: i64,
    pub contest_id: i64,
    pub nickname: String,
    pub entered_at_ms: i64,
    /// 1 = best: by return, ties by earlier entry.
    pub rank: i64,
    /// The equal-weighted mean of the picks' returns.
    pub return_rate: f64,
    pub picks: Vec<Pick>,
}

impl From<pb::Ranker> for Ranker {
    fn from(r: pb::Ranker) -> Self {
        Self {
            id: r.id,
            contest_id: r.contest_id,
            nickname: r.nickname,
            entered_at_ms: r.entered_at_ms,
            rank: r.rank,
            return_rate: r.return_rate,
            picks: r
                .picks
                .into_iter()
                .map(|p| Pick {
                    security_id: p.security_id,
                    name: p.name,
                    entry_price: p.entry_price,
                    price: p.price,
                    return_rate: p.return_rate,
                })
                .collect(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContestList {
    /// Newest start first, at most 50.
    pub contests: Vec<Contest>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContestDetail {
    pub contest: Contest,
    /// The signed-in member's entry; null for a visitor or a member who has not entered.
    pub mine: Option<Ranker>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RankerPage {
    pub rankers: Vec<Ranker>,
    /// Entries in the contest.
    pub total: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RankerBody {
    pub ranker: Ranker,
}

/// A ranker's return at a trading day's close.
#[derive(Debug, Serialize, ToSchema)]
pub struct DayReturn {
    /// "YYYY-MM-DD"
    pub date: String,
    pub return_rate: f64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RankerDetail {
    pub ranker: Ranker,
    pub contest: Contest,
    /// Since entry, oldest first (today's from the latest price).
    pub history: Vec<DayReturn>,
}

/// A member's entry.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewEntry {
    /// 1 to 5 distinct security ids ("KOREA-A005930"), in the order picked.
    #[serde(default)]
    #[schema(value_type = std::collections::BTreeSet<crate::api::params::SecurityId>, min_items = 1, max_items = 5)]
    pub security_ids: Vec<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RankerListQuery {
    /// Page size, 1 to 50 (default 20).
    #[param(value_type = Option<Limit50>)]
    pub limit: Option<String>,
    /// Rankers to skip, 0 to 1,000 (default 0).
    #[param(minimum = 0, maximum = 1000)]
    pub offset: Option<u32>,
}

#[utoipa::path(
    get,
    path = "/api/v1/contests",
    tag = "main",
    security(()),
    responses(
        (status = 200, description = "The contests, newest start first", body = ContestList),
    )
)]
pub async fn list_contests(State(state): State<AppState>) -> Result<Response, ApiError> {
    let list = state
        .clients
        .contests
        .clone()
        .list_contests(pb::ListContestsRequest {})
        .await?
        .into_inner();
    Ok(axum::Json(ContestList {
        contests: list.contests.into_iter().map(Into::into).collect(),
    })
    .into_response())
}

#[utoipa::path(
    get,
    path = "/api/v1/contests/{id}",
    tag = "main",
    security(()),
    params(("id" = i64, Path, minimum = 1, description = "The contest")),
    responses(
        (status = 200, description = "One contest, with the signed-in member's entry", body = ContestDetail),
        (status = 400, description = "`invalid_path`: an id that is not a 64-bit integer", body = ApiErrorBody),
        (status = 404, description = "`contest_not_found`", body = ApiErrorBody),
    )
)]
pub async fn get_contest(
    State(state): State<AppState>,
    viewer: Viewer,
    ApiPath(id): ApiPath<i64>,
) -> Result<Response, ApiError> {
    let detail = state
        .clients
        .contests
        .clone()
        .get_contest(viewer.request(pb::GetContestRequest { id }))
        .await?
        .into_inner();
    let contest = detail.contest.ok_or(ErrorCode::Internal)?;
    Ok(answer(
        &viewer,
        ContestDetail {
            contest: contest.into(),
            mine: detail.mine.map(Into::into),
        },
    ))
}

#[utoipa::path(
    post,
    path = "/api/v1/contests/{id}/entries",
    tag = "main",
    security(("bearer" = [])),
    params(("id" = i64, Path, minimum = 1, description = "The contest")),
    request_body = NewEntry,
    responses(
        (status = 201, description = "The member's entry, ranked", body = RankerBody),
        (status = 400, description = "`invalid_picks` (1 to 5 distinct stocks), `invalid_security_id`; `invalid_request_body`, `invalid_path`", body = ApiErrorBody),
        (status = 401, description = "`login_required`, `invalid_token`", body = ApiErrorBody),
        (status = 404, description = "`contest_not_found`, `security_not_found`", body = ApiErrorBody),
        (status = 409, description = "`contest_not_running`, `already_entered`, `contest_full` (1,000 entries)", body = ApiErrorBody),
    )
)]
pub async fn enter_contest(
    State(state): State<AppState>,
    member: SignedIn,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<NewEntry>,
) -> Result<Response, ApiError> {
    let ranker = state
        .clients
        .contests
        .clone()
        .enter_contest(member.request(pb::EnterContestRequest {
            contest_id: id,
            security_ids: body.security_ids,
        }))
        .await?
        .into_inner();
    Ok(private_json(
        StatusCode::CREATED,
        RankerBody {
            ranker: ranker.into(),
        },
    ))
}

#[utoipa::path(
    get,
    path = "/api/v1/contests/{id}/rankers",
    tag = "main",
    security(()),
    params(("id" = i64, Path, minimum = 1, description = "The contest"), RankerListQuery),
    responses(
        (status = 200, description = "A page of the contest's ranking, best first", body = RankerPage),
        (status = 400, description = "`invalid_limit`, `invalid_query` (offset), `invalid_path`", body = ApiErrorBody),
        (status = 404, description = "`contest_not_found`", body = ApiErrorBody),
    )
)]
pub async fn list_contest_rankers(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<RankerListQuery>,
) -> Result<Response, ApiError> {
    let limit = PageLimit::from_query(query.limit.as_deref(), super::MAX_LIMIT)?;
    let offset = query.offset.unwrap_or(0);
    if offset > MAX_OFFSET {
        return Err(ErrorCode::InvalidQuery.into());
    }
    let page = state
        .clients
        .contests
        .clone()
        .list_contest_rankers(pb::ListContestRankersRequest {
            contest_id: id,
            limit,
            offset: i64::from(offset),
        })
        .await?
        .into_inner();
    Ok(axum::Json(RankerPage {
        rankers: page.rankers.into_iter().map(Into::into).collect(),
        total: page.total,
    })
    .into_response())
}

#[utoipa::path(
    get,
    path = "/api/v1/rankers/{id}",
    tag = "main",
    security(()),
    params(("id" = i64, Path, minimum = 1, description = "The ranker (a contest entry)")),
    responses(
        (status = 200, description = "One ranker: picks, return, daily history", body = RankerDetail),
        (status = 400, description = "`invalid_path`: an id that is not a 64-bit integer", body = ApiErrorBody),
        (status = 404, description = "`ranker_not_found`", body = ApiErrorBody),
    )
)]
pub async fn get_ranker(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Response, ApiError> {
    let detail = state
        .clients
        .contests
        .clone()
        .get_ranker(pb::GetRankerRequest { id })
        .await?
        .into_inner();
    let (Some(ranker), Some(contest)) = (detail.ranker, detail.contest) else {
        return Err(ErrorCode::Internal.into());
    };
    Ok(axum::Json(RankerDetail {
        ranker: ranker.into(),
        contest: contest.into(),
        history: detail
            .history
            .into_iter()
            .map(|d| DayReturn {
                date: d.date,
                return_rate: d.return_rate,
            })
            .collect(),
    })
    .into_response())
}
