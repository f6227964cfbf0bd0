//! Reports of posts and comments (spec §5's reasons; one per member and target) and the
//! author's objection to the hiding of their own post or comment.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use sise_platform::error::ErrorCode;
use sise_proto::social::v1 as pb;

use super::models::{HiddenBody, NewObjection, NewReport, ReportBody, ReportType};
use super::{comment_ref, post_ref};
use crate::api::{ApiJson, ApiPath, private_json};
use crate::auth::SignedIn;
use crate::error::{ApiError, ApiErrorBody};
use crate::state::AppState;

#[utoipa::path(
    post,
    path = "/api/v1/reports",
    tag = "social",
    security(("bearer" = [])),
    request_body = NewReport,
    responses(
        (status = 201, description = "The report (five distinct members' reports hide the content pending review)", body = ReportBody),
        (status = 400, description = "`invalid_content_type`, `invalid_report_type`, `report_text_not_allowed` (a text with a reason other than `other`), `report_text_too_long` (500 characters), `cannot_report_own`; `invalid_request_body`", body = ApiErrorBody),
        (status = 401, description = "`login_required`, `invalid_token`", body = ApiErrorBody),
        (status = 404, description = "`post_not_found`, `comment_not_found`", body = ApiErrorBody),
        (status = 409, description = "`already_reported`", body = ApiErrorBody),
    )
)]
pub async fn report(
    State(state): State<AppState>,
    member: SignedIn,
    ApiJson(body): ApiJson<NewReport>,
) -> Result<Response, ApiError> {
    let target = match body.target_type.as_str() {
        "post" => post_ref(body.id),
        "comment" => comment_ref(body.id),
        _ => return Err(ErrorCode::InvalidContentType.into()),
    };
    let report_type = ReportType::parse(&body.report_type).ok_or(ErrorCode::InvalidReportType)?;
    let report = state
        .clients
        .social
        .clone()
        .report(member.request(pb::ReportRequest {
            target,
            report_type: report_type as i32,
            content: body.content,
        }))
        .await?
        .into_inner();
    Ok(private_json(
        StatusCode::CREATED,
        ReportBody {
            report: report.into(),
        },
    ))
}

async fn object(
    state: &AppState,
    member: &SignedIn,
    target: Option<pb::ContentRef>,
    text: String,
) -> Result<Response, ApiError> {
    let hidden = state
        .clients
        .social
        .clone()
        .object(member.request(pb::ObjectRequest { target, text }))
        .await?
        .into_inner();
    Ok(private_json(
        StatusCode::OK,
        HiddenBody {
            hidden: hidden.into(),
        },
    ))
}

#[utoipa::path(
    post,
    path = "/api/v1/posts/{id}/objection",
    tag = "social",
    security(("bearer" = ["own"])),
    params(("id" = i64, Path, minimum = 1, description = "The member's own hidden post")),
    request_body = NewObjection,
    responses(
        (status = 200, description = "The objection is in the operators' queue (once per hiding)", body = HiddenBody),
        (status = 400, description = "`invalid_objection` (1 to 1000 characters); `invalid_request_body`", body = ApiErrorBody),
        (status = 401, description = "`login_required`, `invalid_token`", body = ApiErrorBody),
        (status = 404, description = "`post_not_found` (or another member's)", body = ApiErrorBody),
        (status = 409, description = "`not_hidden` (also for a terminated member's content: that goes through customer support), `already_objected`", body = ApiErrorBody),
    )
)]
pub async fn object_to_post(
    State(state): State<AppState>,
    member: SignedIn,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<NewObjection>,
) -> Result<Response, ApiError> {
    object(&state, &member, post_ref(id), body.text).await
}

#[utoipa::path(
    post,
    path = "/api/v1/comments/{id}/objection",
    tag = "social",
    security(("bearer" = ["own"])),
    params(("id" = i64, Path, minimum = 1, description = "The member's own hidden comment")),
    request_body = NewObjection,
    responses(
        (status = 200, description = "The objection is in the operators' queue (once per hiding)", body = HiddenBody),
        (status = 400, description = "`invalid_objection` (1 to 1000 characters); `invalid_request_body`", body = ApiErrorBody),
        (status = 401, description = "`login_required`, `invalid_token`", body = ApiErrorBody),
        (status = 404, description = "`comment_not_found` (or another member's)", body = ApiErrorBody),
        (status = 409, description = "`not_hidden` (also for a terminated member's content: that goes through customer support), `already_objected`", body = ApiErrorBody),
    )
)]
pub async fn object_to_comment(
    State(state): State<AppState>,
    member: SignedIn,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<NewObjection>,
) -> Result<Response, ApiError> {
    object(&state, &member, comment_ref(id), body.text).await
}
