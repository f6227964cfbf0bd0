//! Notices (spec §7: newest first, 10 a page with a cursor), on the main host: the social
//! service keeps them, operators publish them on its operators' listener (`sise notices`).

use axum::extract::State;
use axum::response::{IntoResponse as _, Response};
use serde::Deserialize;
use sise_proto::social::v1 as pb;
use utoipa::IntoParams;

use super::models::{NoticeBody, NoticePage};
use super::{next_cursor, page};
use crate::api::params::{Limit50, NoticeCursor};
use crate::api::{ApiPath, ApiQuery};
use crate::error::{ApiError, ApiErrorBody};
use crate::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct NoticeListQuery {
    /// Page size, 1 to 50 (default 10).
    #[param(value_type = Option<Limit50>)]
    pub limit: Option<String>,
    /// `next_cursor` of the previous page; absent for the first page.
    #[param(value_type = Option<NoticeCursor>)]
    pub cursor: Option<String>,
}

#[utoipa::path(
    get,
    path = "/api/v1/notices",
    tag = "main",
    security(()),
    params(NoticeListQuery),
    responses(
        (status = 200, description = "A page of the notices shown, newest first", body = NoticePage),
        (status = 400, description = "`invalid_limit`, `invalid_cursor`", body = ApiErrorBody),
    )
)]
pub async fn list_notices(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<NoticeListQuery>,
) -> Result<Response, ApiError> {
    let (limit, cursor) = page(query.limit.as_deref(), query.cursor)?;
    let page = state
        .clients
        .notices
        .clone()
        .list_notices(pb::ListNoticesRequest { limit, cursor })
        .await?
        .into_inner();
    Ok(axum::Json(NoticePage {
        notices: page.notices.into_iter().map(Into::into).collect(),
        next_cursor: next_cursor(page.next_cursor),
    })
    .into_response())
}

#[utoipa::path(
    get,
    path = "/api/v1/notices/{id}",
    tag = "main",
    security(()),
    params(("id" = i64, Path, minimum = 1, description = "The notice")),
    responses(
        (status = 200, description = "One notice", body = NoticeBody),
        (status = 400, description = "`invalid_path`: an id that is not a 64-bit integer", body = ApiErrorBody),
        (status = 404, description = "`notice_not_found` (withdrawn too)", body = ApiErrorBody),
    )
)]
pub async fn get_notice(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> Result<Response, ApiError> {
    let notice = state
        .clients
        .notices
        .clone()
        .get_notice(pb::GetNoticeRequest { id })
        .await?
        .into_inner();
    Ok(axum::Json(NoticeBody {
        notice: notice.into(),
    })
    .into_response())
}
