//! Comments: a post's or an insight article's top-level comments and a comment's replies
//! (oldest first), writing either, deleting one's own, and the member's own comments across
//! boards (MY 내 댓글).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use sise_proto::social::v1 as pb;
use utoipa::IntoParams;

use super::models::{CommentBody, CommentPage, NewComment};
use super::{answer, article_ref, page, post_ref};
use crate::api::params::{CommentCursor, Limit50};
use crate::api::{ApiJson, ApiPath, ApiQuery, no_content, private_json};
use crate::auth::{SignedIn, Viewer};
use crate::error::{ApiError, ApiErrorBody};
use crate::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CommentPageQuery {
    /// Page size, 1 to 50 (default 20).
    #[param(value_type = Option<Limit50>)]
    pub limit: Option<String>,
    /// `next_cursor` of the previous page of the same list; absent for the first page.
    #[param(value_type = Option<CommentCursor>)]
    pub cursor: Option<String>,
}

async fn list(
    state: &AppState,
    viewer: &Viewer,
    request: pb::ListCommentsRequest,
) -> Result<Response, ApiError> {
    let page = state
        .clients
        .social
        .clone()
        .list_comments(viewer.request(request))
        .await?
        .into_inner();
    Ok(answer(viewer, CommentPage::from(page)))
}

#[utoipa::path(
    get,
    path = "/api/v1/posts/{id}/comments",
    tag = "social",
    security(()),
    params(("id" = i64, Path, minimum = 1, description = "The post"), CommentPageQuery),
    responses(
        (status = 200, description = "The post's top-level comments, oldest first, each with its `replies_count`; a member's page says which are theirs (`no-store`)", body = CommentPage),
        (status = 400, description = "`invalid_limit`, `invalid_cursor`", body = ApiErrorBody),
        (status = 404, description = "`post_not_found`", body = ApiErrorBody),
    )
)]
pub async fn post_comments(
    State(state): State<AppState>,
    viewer: Viewer,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<CommentPageQuery>,
) -> Result<Response, ApiError> {
    let (limit, cursor) = page(query.limit.as_deref(), query.cursor)?;
    let request = pb::ListCommentsRequest {
        commentable: post_ref(id),
        parent_id: 0,
        limit,
        cursor,
    };
    list(&state, &viewer, request).await
}

#[utoipa::path(
    get,
    path = "/api/v1/insight_articles/{id}/comments",
    tag = "social",
    security(()),
    params(("id" = i64, Path, minimum = 1, description = "The insight article"), CommentPageQuery),
    responses(
        (status = 200, description = "The article's top-level comments, oldest first, each with its `replies_count` (`commentable_type: insight_article`)", body = CommentPage),
        (status = 400, description = "`invalid_limit`, `invalid_cursor`", body = ApiErrorBody),
        (status = 404, description = "`insight_article_not_found`", body = ApiErrorBody),
    )
)]
pub async fn article_comments(
    State(state): State<AppState>,
    viewer: Viewer,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<CommentPageQuery>,
) -> Result<Response, ApiError> {
    let (limit, cursor) = page(query.limit.as_deref(), query.cursor)?;
    let request = pb::ListCommentsRequest {
        commentable: article_ref(id),
        parent_id: 0,
        limit,
        cursor,
    };
    list(&state, &viewer, request).await
}

#[utoipa::path(
    post,
    path = "/api/v1/insight_articles/{id}/comments",
    tag = "social",
    security(("bearer" = [])),
    params(("id" = i64, Path, minimum = 1, description = "The insight article")),
    request_body = NewComment,
    responses(
        (status = 201, description = "The comment; the article's `comments_count` went up by one with it", body = CommentBody),
        (status = 400, description = "`content_required`, `comment_too_long` (300 characters); `invalid_request_body`", body = ApiErrorBody),
        (status = 401, description = "`login_required`, `invalid_token`", body = ApiErrorBody),
        (status = 403, description = "`user_terminated`", body = ApiErrorBody),
        (status = 404, description = "`insight_article_not_found`", body = ApiErrorBody),
        (status = 409, description = "`duplicate_content`", body = ApiErrorBody),
        (status = 429, description = "`daily_comment_limit`", body = ApiErrorBody),
    )
)]
pub async fn comment_on_article(
    State(state): State<AppState>,
    member: SignedIn,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<NewComment>,
) -> Result<Response, ApiError> {
    let request = pb::CreateCommentRequest {
        commentable: article_ref(id),
        parent_id: 0,
        content: body.content,
    };
    create(&state, &member, request).await
}

#[utoipa::path(
    get,
    path = "/api/v1/comments/{id}/comments",
    tag = "social",
    security(()),
    params(("id" = i64, Path, minimum = 1, description = "The comment"), CommentPageQuery),
    responses(
        (status = 200, description = "The comment's replies, oldest first", body = CommentPage),
        (status = 400, description = "`invalid_limit`, `invalid_cursor`", body = ApiErrorBody),
        (status = 404, description = "`comment_not_found`", body = ApiErrorBody),
    )
)]
pub async fn replies(
    State(state): State<AppState>,
    viewer: Viewer,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<CommentPageQuery>,
) -> Result<Response, ApiError> {
    let (limit, cursor) = page(query.limit.as_deref(), query.cursor)?;
    let request = pb::ListCommentsRequest {
        commentable: None,
        parent_id: id,
        limit,
        cursor,
    };
    list(&state, &viewer, request).await
}

async fn create(
    state: &AppState,
    member: &SignedIn,
    request: pb::CreateCommentRequest,
) -> Result<Response, ApiError> {
    let comment = state
        .clients
        .social
        .clone()
        .create_comment(member.request(request))
        .await?
        .into_inner();
    Ok(private_json(
        StatusCode::CREATED,
        CommentBody {
            comment: comment.into(),
        },
    ))
}

#[utoipa::path(
    post,
    path = "/api/v1/posts/{id}/comments",
    tag = "social",
    security(("bearer" = [])),
    params(("id" = i64, Path, minimum = 1, description = "The post")),
    request_body = NewComment,
    responses(
        (status = 201, description = "The comment; the post's `comments_count` went up by one with it", body = CommentBody),
        (status = 400, description = "`content_required`, `comment_too_long` (300 characters); `invalid_request_body`", body = ApiErrorBody),
        (status = 401, description = "`login_required`, `invalid_token`", body = ApiErrorBody),
        (status = 403, description = "`user_terminated`: the member's contract ended (racing the end of their sessions)", body = ApiErrorBody),
        (status = 404, description = "`post_not_found`", body = ApiErrorBody),
        (status = 409, description = "`content_hidden` (the post is hidden), `duplicate_content`", body = ApiErrorBody),
        (status = 429, description = "`daily_comment_limit`: 50 comments a day (KST)", body = ApiErrorBody),
    )
)]
pub async fn comment_on_post(
    State(state): State<AppState>,
    member: SignedIn,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<NewComment>,
) -> Result<Response, ApiError> {
    let request = pb::CreateCommentRequest {
        commentable: post_ref(id),
        parent_id: 0,
        content: body.content,
    };
    create(&state, &member, request).await
}

#[utoipa::path(
    post,
    path = "/api/v1/comments/{id}/comments",
    tag = "social",
    security(("bearer" = [])),
    params(("id" = i64, Path, minimum = 1, description = "The comment replied to (a reply to a reply joins its parent: one level of replies)")),
    request_body = NewComment,
    responses(
        (status = 201, description = "The reply; its post's `comments_count` went up by one with it", body = CommentBody),
        (status = 400, description = "`content_required`, `comment_too_long` (300 characters); `invalid_request_body`", body = ApiErrorBody),
        (status = 401, description = "`login_required`, `invalid_token`", body = ApiErrorBody),
        (status = 403, description = "`user_terminated`: the member's contract ended (racing the end of their sessions)", body = ApiErrorBody),
        (status = 404, description = "`comment_not_found` (also a deleted one), `post_not_found`", body = ApiErrorBody),
        (status = 409, description = "`content_hidden` (the comment or its post is hidden), `duplicate_content`", body = ApiErrorBody),
        (status = 429, description = "`daily_comment_limit`", body = ApiErrorBody),
    )
)]
pub async fn reply(
    State(state): State<AppState>,
    member: SignedIn,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<NewComment>,
) -> Result<Response, ApiError> {
    let request = pb::CreateCommentRequest {
        commentable: None,
        parent_id: id,
        content: body.content,
    };
    create(&state, &member, request).await
}

#[utoipa::path(
    delete,
    path = "/api/v1/comments/{id}",
    tag = "social",
    security(("bearer" = ["own"])),
    params(("id" = i64, Path, minimum = 1, description = "The member's own comment")),
    responses(
        (status = 204, description = "Deleted; its post's `comments_count` went down by one with it. A comment with replies stays under them as 삭제된 댓글입니다 (`deleted: true`)"),
        (status = 401, description = "`login_required`, `invalid_token`", body = ApiErrorBody),
        (status = 404, description = "`comment_not_found` (or another member's)", body = ApiErrorBody),
    )
)]
pub async fn delete_comment(
    State(state): State<AppState>,
    member: SignedIn,
    ApiPath(id): ApiPath<i64>,
) -> Result<Response, ApiError> {
    state
        .clients
        .social
        .clone()
        .delete_comment(member.request(pb::DeleteCommentRequest { id }))
        .await?;
    Ok(no_content())
}

#[utoipa::path(
    get,
    path = "/api/v1/users/me/comments",
    tag = "social",
    security(("bearer" = [])),
    params(CommentPageQuery),
    responses(
        (status = 200, description = "The member's comments across boards, newest first, each with its `post` (MY 내 댓글)", body = CommentPage),
        (status = 400, description = "`invalid_limit`, `invalid_cursor`", body = ApiErrorBody),
        (status = 401, description = "`login_required`, `invalid_token`", body = ApiErrorBody),
    )
)]
pub async fn my_comments(
    State(state): State<AppState>,
    member: SignedIn,
    ApiQuery(query): ApiQuery<CommentPageQuery>,
) -> Result<Response, ApiError> {
    let (limit, cursor) = page(query.limit.as_deref(), query.cursor)?;
    let page = state
        .clients
        .social
        .clone()
        .list_my_comments(member.request(pb::ListMyCommentsRequest { limit, cursor }))
        .await?
        .into_inner();
    Ok(private_json(StatusCode::OK, CommentPage::from(page)))
}
