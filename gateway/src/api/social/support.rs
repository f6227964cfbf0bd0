//! Customer support (/m/customer_support) on the main host: a member's messages to the
//! operators and the answers, kept by the social service; operators list and answer them
//! on its operators' listener (`sise support`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use sise_platform::error::ErrorCode;
use sise_proto::social::v1 as pb;
use utoipa::IntoParams;

use super::models::{NewSupportMessage, SupportCategory, SupportMessageBody, SupportMessagePage};
use super::{next_cursor, page};
use crate::api::params::{Limit50, SupportCursor};
use crate::api::{ApiJson, ApiQuery, private_json};
use crate::auth::SignedIn;
use crate::error::{ApiError, ApiErrorBody};
use crate::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SupportListQuery {
    /// Page size, 1 to 50 (default 10).
    #[param(value_type = Option<Limit50>)]
    pub limit: Option<String>,
    /// `next_cursor` of the previous page; absent for the first page.
    #[param(value_type = Option<SupportCursor>)]
    pub cursor: Option<String>,
}

#[utoipa::path(
    get,
    path = "/api/v1/support/messages",
    tag = "main",
    security(("bearer" = [])),
    params(SupportListQuery),
    responses(
        (status = 200, description = "A page of the member's own messages with their answers, newest first", body = SupportMessagePage),
        (status = 400, description = "`invalid_limit`, `invalid_cursor`", body = ApiErrorBody),
        (status = 401, description = "`login_required`, `invalid_token`", body = ApiErrorBody),
    )
)]
pub async fn list_support_messages(
    State(state): State<AppState>,
    member: SignedIn,
    ApiQuery(query): ApiQuery<SupportListQuery>,
) -> Result<Response, ApiError> {
    let (limit, cursor) = page(query.limit.as_deref(), query.cursor)?;
    let page = state
        .clients
        .support
        .clone()
        .list_my_support_messages(member.request(pb::ListSupportMessagesRequest {
            limit,
            cursor,
            unanswered: false,
        }))
        .await?
        .into_inner();
    Ok(private_json(
        StatusCode::OK,
        SupportMessagePage {
            messages: page.messages.into_iter().map(Into::into).collect(),
            next_cursor: next_cursor(page.next_cursor),
        },
    ))
}

#[utoipa::path(
    post,
    path = "/api/v1/support/messages",
    tag = "main",
    security(("bearer" = [])),
    request_body = NewSupportMessage,
    responses(
        (status = 201, description = "The message, sent to the operators", body = SupportMessageBody),
        (status = 400, description = "`invalid_support_category`, `content_required`, `support_message_too_long` (2,000 characters); `invalid_request_body`", body = ApiErrorBody),
        (status = 401, description = "`login_required`, `invalid_token`", body = ApiErrorBody),
        (status = 429, description = "`daily_support_limit` (5 a day, KST)", body = ApiErrorBody),
    )
)]
pub async fn send_support_message(
    State(state): State<AppState>,
    member: SignedIn,
    ApiJson(body): ApiJson<NewSupportMessage>,
) -> Result<Response, ApiError> {
    let category =
        SupportCategory::parse(&body.category).ok_or(ErrorCode::InvalidSupportCategory)?;
    let message = state
        .clients
        .support
        .clone()
        .send_support_message(member.request(pb::SendSupportMessageRequest {
            category: category as i32,
            body: body.body,
        }))
        .await?
        .into_inner();
    Ok(private_json(
        StatusCode::CREATED,
        SupportMessageBody {
            message: message.into(),
        },
    ))
}
