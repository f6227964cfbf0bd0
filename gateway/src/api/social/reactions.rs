//! Reactions to a post or an insight article (spec §4): like, dislike and unlike, each
//! answered with its counts and the member's reaction after it. `like` on a disliked post moves it; `like`
//! on a liked post changes nothing (a second tap sends `unlike`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use sise_proto::social::v1 as pb;

use super::models::Reactions;
use super::{article_ref, post_ref};
use crate::api::{ApiPath, private_json};
use crate::auth::SignedIn;
use crate::error::{ApiError, ApiErrorBody};
use crate::state::AppState;

async fn react(
    state: &AppState,
    member: &SignedIn,
    target: Option<pb::ContentRef>,
    emotion: pb::Emotion,
) -> Result<Response, ApiError> {
    let reactions = state
        .clients
        .social
        .clone()
        .react(member.request(pb::ReactRequest {
            target,
            emotion: emotion as i32,
        }))
        .await?
        .into_inner();
    Ok(private_json(StatusCode::OK, Reactions::from(reactions)))
}

#[utoipa::path(
    post,
    path = "/api/v1/posts/{id}/like",
    tag = "social",
    security(("bearer" = [])),
    params(("id" = i64, Path, minimum = 1, description = "The post")),
    responses(
        (status = 200, description = "Liked (a dislike moves to a like; liked already: unchanged)", body = Reactions),
        (status = 401, description = "`login_required`, `invalid_token`", body = ApiErrorBody),
        (status = 404, description = "`post_not_found`", body = ApiErrorBody),
        (status = 409, description = "`content_hidden`", body = ApiErrorBody),
    )
)]
pub async fn like(
    State(state): State<AppState>,
    member: SignedIn,
    ApiPath(id): ApiPath<i64>,
) -> Result<Response, ApiError> {
    react(&state, &member, post_ref(id), pb::Emotion::Like).await
}

#[utoipa::path(
    post,
    path = "/api/v1/posts/{id}/dislike",
    tag = "social",
    security(("bearer" = [])),
    params(("id" = i64, Path, minimum = 1, description = "The post")),
    responses(
        (status = 200, description = "Disliked (a like moves to a dislike; disliked already: unchanged)", body = Reactions),
        (status = 401, description = "`login_required`, `invalid_token`", body = ApiErrorBody),
        (status = 404, description = "`post_not_found`", body = ApiErrorBody),
        (status = 409, description = "`content_hidden`", body = ApiErrorBody),
    )
)]
pub async fn dislike(
    State(state): State<AppState>,
    member: SignedIn,
    ApiPath(id): ApiPath<i64>,
) -> Result<Response, ApiError> {
    react(&state, &member, post_ref(id), pb::Emotion::Dislike).await
}

#[utoipa::path(
    post,
    path = "/api/v1/posts/{id}/unlike",
    tag = "social",
    security(("bearer" = [])),
    params(("id" = i64, Path, minimum = 1, description = "The post")),
    responses(
        (status = 200, description = "No reaction of the member's any more (a like or a dislike is taken back, of a hidden post too)", body = Reactions),
        (status = 401, description = "`login_required`, `invalid_token`", body = ApiErrorBody),
        (status = 404, description = "`post_not_found`", body = ApiErrorBody),
    )
)]
pub async fn unlike(
    State(state): State<AppState>,
    member: SignedIn,
    ApiPath(id): ApiPath<i64>,
) -> Result<Response, ApiError> {
    react(&state, &member, post_ref(id), pb::Emotion::Unspecified).await
}

#[utoipa::path(
    post,
    path = "/api/v1/insight_articles/{id}/like",
    tag = "social",
    security(("bearer" = [])),
    params(("id" = i64, Path, minimum = 1, description = "The insight article")),
    responses(
        (status = 200, description = "Liked (a dislike moves to a like; liked already: unchanged)", body = Reactions),
        (status = 401, description = "`login_required`, `invalid_token`", body = ApiErrorBody),
        (status = 404, description = "`insight_article_not_found`", body = ApiErrorBody),
    )
)]
pub async fn like_article(
    State(state): State<AppState>,
    member: SignedIn,
    ApiPath(id): ApiPath<i64>,
) -> Result<Response, ApiError> {
    react(&state, &member, article_ref(id), pb::Emotion::Like).await
}

#[utoipa::path(
    post,
    path = "/api/v1/insight_articles/{id}/dislike",
    tag = "social",
    security(("bearer" = [])),
    params(("id" = i64, Path, minimum = 1, description = "The insight article")),
    responses(
        (status = 200, description = "Disliked (a like moves to a dislike; disliked already: unchanged)", body = Reactions),
        (status = 401, description = "`login_required`, `invalid_token`", body = ApiErrorBody),
        (status = 404, description = "`insight_article_not_found`", body = ApiErrorBody),
    )
)]
pub async fn dislike_article(
    State(state): State<AppState>,
    member: SignedIn,
    ApiPath(id): ApiPath<i64>,
) -> Result<Response, ApiError> {
    react(&state, &member, article_ref(id), pb::Emotion::Dislike).await
}

#[utoipa::path(
    post,
    path = "/api/v1/insight_articles/{id}/unlike",
    tag = "social",
    security(("bearer" = [])),
    params(("id" = i64, Path, minimum = 1, description = "The insight article")),
    responses(
        (status = 200, description = "No reaction of the member's any more", body = Reactions),
        (status = 401, description = "`login_required`, `invalid_token`", body = ApiErrorBody),
        (status = 404, description = "`insight_article_not_found`", body = ApiErrorBody),
    )
)]
pub async fn unlike_article(
    State(state): State<AppState>,
    member: SignedIn,
    ApiPath(id): ApiPath<i64>,
) -> Result<Response, ApiError> {
    react(&state, &member, article_ref(id), pb::Emotion::Unspecified).await
}
