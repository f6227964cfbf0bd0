//! Posts: a board's (one security), every board's, one post with its neighbours, writing
//! (JSON, or a form with pictures), deleting one's own, and who liked a post.

use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{StatusCode, header};
use axum::response::Response;
use serde::Deserialize;
use sise_platform::error::{DomainError, ErrorCode};
use sise_proto::social::v1 as pb;
use utoipa::IntoParams;

use super::models::{NewPost, NewPostForm, PostBody, PostDetail, PostPage, UserPage};
use super::{
    answer, next_cursor, page, parse_category, parse_category_filter, parse_scope, parse_sort,
};
use crate::api::params::{
    LikedUserCursor, Limit50, PostCategoryOrEmpty, PostCursor, PostScope, PostSort, SecurityId,
};
use crate::api::{ApiPath, ApiQuery, no_content, private_json};
use crate::auth::{SignedIn, Viewer};
use crate::error::{ApiError, ApiErrorBody};
use crate::state::AppState;

/// Most pictures a post carries.
pub const MAX_IMAGES: usize = 4;
/// Largest picture, as the image door counts it (`image_too_large` over it).
pub const MAX_IMAGE_BYTES: usize = 5 * 1024 * 1024;
/// Largest text field of the form (`content`, `category`): far above the longest post
/// (1,000 characters of at most 4 bytes), so only nonsense is refused here.
const MAX_TEXT_FIELD: usize = 64 * 1024;
/// Largest JSON body of a new post (no pictures).
const MAX_JSON_BODY: usize = 64 * 1024;
/// Largest body of a new post: four pictures and the form around them.
pub const POST_BODY_LIMIT: usize = MAX_IMAGES * MAX_IMAGE_BYTES + 1024 * 1024;
/// The path a post is written to (its body limit is [`POST_BODY_LIMIT`]).
pub const BOARD_PATH: &str = "/api/v1/securities/{security_id}/posts";

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PostListQuery {
    #[param(value_type = Option<PostScope>)]
    pub scope: Option<String>,
    #[param(value_type = Option<PostSort>)]
    pub sort: Option<String>,
    #[param(value_type = Option<PostCategoryOrEmpty>)]
    pub category: Option<String>,
    /// Page size, 1 to 50 (default 20).
    #[param(value_type = Option<Limit50>)]
    pub limit: Option<String>,
    /// `next_cursor` of the previous page of the same list; absent for the first page.
    #[param(value_type = Option<PostCursor>)]
    pub cursor: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ScopeQuery {
    /// The list the post was opened from, for its neighbours.
    #[param(value_type = Option<PostScope>)]
    pub scope: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LikedUsersQuery {
    /// Page size, 1 to 50 (default 20).
    #[param(value_type = Option<Limit50>)]
    pub limit: Option<String>,
    /// `next_cursor` of the previous page; absent for the first page.
    #[param(value_type = Option<LikedUserCursor>)]
    pub cursor: Option<String>,
}

/// The board of `security_id` (empty: every board) as the viewer sees it.
async fn list(
    state: &AppState,
    viewer: &Viewer,
    security_id: String,
    query: PostListQuery,
) -> Result<Response, ApiError> {
    let scope = parse_scope(query.scope.as_deref())?;
    let sort = parse_sort(query.sort.as_deref())?;
    let category = parse_category_filter(query.category.as_deref())?;
    let (limit, cursor) = page(query.limit.as_deref(), query.cursor)?;
    if scope == pb::Scope::Mine && !viewer.is_member() {
        return Err(ErrorCode::LoginRequired.into());
    }
    let page = state
        .clients
        .social
        .clone()
        .list_posts(viewer.request(pb::ListPostsRequest {
            security_id,
            scope: scope as i32,
            sort: sort as i32,
            category: category as i32,
            limit,
            cursor,
        }))
        .await?
        .into_inner();
    Ok(answer(
        viewer,
        PostPage {
            posts: page.posts.into_iter().map(Into::into).collect(),
            next_cursor: next_cursor(page.next_cursor),
        },
    ))
}

#[utoipa::path(
    get,
    path = "/api/v1/securities/{security_id}/posts",
    tag = "social",
    security(()),
    params(("security_id" = SecurityId, Path, description = "The board's stock"), PostListQuery),
    responses(
        (status = 200, description = "A page of the board. A visitor's pages are the same for everyone (kept by the gateway for a moment, `no-cache` with an `ETag`); a member's say which posts and reactions are theirs, include their own hidden posts with the reason, and are `no-store`", body = PostPage),
        (status = 400, description = "`invalid_security_id`, `invalid_scope`, `invalid_sort`, `invalid_category`, `invalid_limit`, `invalid_cursor`", body = ApiErrorBody),
        (status = 401, description = "`login_required`: `scope=mine` without a token; `invalid_token`", body = ApiErrorBody),
        (status = 404, description = "`security_not_found`", body = ApiErrorBody),
    )
)]
pub async fn board_posts(
    State(state): State<AppState>,
    viewer: Viewer,
    ApiPath(security_id): ApiPath<String>,
    ApiQuery(query): ApiQuery<PostListQuery>,
) -> Result<Response, ApiError> {
    list(&state, &viewer, security_id, query).await
}

#[utoipa::path(
    get,
    path = "/api/v1/posts",
    tag = "social",
    security(()),
    params(PostListQuery),
    responses(
        (status = 200, description = "A page of every board's posts; `scope=mine`: the member's own across boards (MY 내가 쓴 글, `no-store`)", body = PostPage),
        (status = 400, description = "`invalid_scope`, `invalid_sort`, `invalid_category`, `invalid_limit`, `invalid_cursor`", body = ApiErrorBody),
        (status = 401, description = "`login_required`: `scope=mine` without a token; `invalid_token`", body = ApiErrorBody),
    )
)]
pub async fn all_posts(
    State(state): State<AppState>,
    viewer: Viewer,
    ApiQuery(query): ApiQuery<PostListQuery>,
) -> Result<Response, ApiError> {
    list(&state, &viewer, String::new(), query).await
}

#[utoipa::path(
    get,
    path = "/api/v1/posts/{id}",
    tag = "social",
    security(()),
    params(("id" = i64, Path, minimum = 1, description = "The post"), ScopeQuery),
    responses(
        (status = 200, description = "The post and its neighbours in the list it was opened from (its board, newest first; `mine`: the member's own on that board)", body = PostDetail),
        (status = 400, description = "`invalid_scope`", body = ApiErrorBody),
        (status = 401, description = "`login_required`: `scope=mine` without a token; `invalid_token`", body = ApiErrorBody),
        (status = 404, description = "`post_not_found` (deleted too)", body = ApiErrorBody),
    )
)]
pub async fn get_post(
    State(state): State<AppState>,
    viewer: Viewer,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<ScopeQuery>,
) -> Result<Response, ApiError> {
    let scope = parse_scope(query.scope.as_deref())?;
    if scope == pb::Scope::Mine && !viewer.is_member() {
        return Err(ErrorCode::LoginRequired.into());
    }
    let detail = state
        .clients
        .social
        .clone()
        .get_post(viewer.request(pb::GetPostRequest {
            id,
            scope: scope as i32,
        }))
        .await?
        .into_inner();
    let post = detail.post.ok_or_else(DomainError::internal)?;
    Ok(answer(
        &viewer,
        PostDetail {
            post: post.into(),
            prev_post_id: (detail.prev_post_id != 0).then_some(detail.prev_post_id),
            next_post_id: (detail.next_post_id != 0).then_some(detail.next_post_id),
        },
    ))
}

/// What a new post says, from JSON or a form.
struct Draft {
    content: String,
    category: String,
    images: Vec<Vec<u8>>,
}

#[utoipa::path(
    post,
    path = "/api/v1/securities/{security_id}/posts",
    tag = "social",
    security(("bearer" = [])),
    params(("security_id" = SecurityId, Path, description = "The board's stock")),
    request_body(content(
        (NewPost = "application/json"),
        (NewPostForm = "multipart/form-data"),
    )),
    responses(
        (status = 201, description = "The post, at the top of its board", body = PostBody),
        (status = 400, description = "`content_required`, `post_too_long`, `invalid_category`, `too_many_images` (more than 4), `invalid_image` (not a picture by its content), `image_too_many_pixels`, `invalid_security_id`; `invalid_request_body` (not JSON or a form, or a text field over 64 KiB)", body = ApiErrorBody),
        (status = 401, description = "`login_required`, `invalid_token`", body = ApiErrorBody),
        (status = 403, description = "`user_terminated`: the member's contract ended (racing the end of their sessions)", body = ApiErrorBody),
        (status = 404, description = "`security_not_found`", body = ApiErrorBody),
        (status = 409, description = "`duplicate_content`: the same text again within 10 minutes", body = ApiErrorBody),
        (status = 413, description = "`image_too_large`: a picture over 5 MB", body = ApiErrorBody),
        (status = 429, description = "`daily_post_limit`: 30 posts a day (KST)", body = ApiErrorBody),
        (status = 503, description = "`image_busy`: too many pictures being received or decoded; `Retry-After` says when to retry", body = ApiErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
pub async fn create_post(
    State(state): State<AppState>,
    member: SignedIn,
    ApiPath(security_id): ApiPath<String>,
    request: Request,
) -> Result<Response, ApiError> {
    let content_type = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| {
            v.split(';')
                .next()
                .unwrap_or_default()
                .trim()
                .to_ascii_lowercase()
        })
        .unwrap_or_default();
    // A form holds up to four pictures while it is received and sent on: a bounded number
    // of them at once.
    let (draft, _upload) = if content_type == "multipart/form-data" {
        let upload = state.uploads.clone().try_acquire_owned().map_err(|_| {
            DomainError::from(ErrorCode::ImageBusy)
                .retry_after(crate::state::UPLOAD_RETRY_AFTER_SECS)
        })?;
        let form = Multipart::from_request(request, &state)
            .await
            .map_err(|_| ApiError::from(ErrorCode::InvalidRequestBody))?;
        (read_form(form).await?, Some(upload))
    } else if content_type == "application/json" || content_type.ends_with("+json") {
        let body = axum::body::to_bytes(request.into_body(), MAX_JSON_BODY)
            .await
            .map_err(|_| ApiError::from(ErrorCode::InvalidRequestBody))?;
        let axum::Json(post) = axum::Json::<NewPost>::from_bytes(&body)?;
        let draft = Draft {
            content: post.content,
            category: post.category,
            images: Vec::new(),
        };
        (draft, None)
    } else {
        return Err(ErrorCode::InvalidRequestBody.into());
    };
    let category = parse_category(&draft.category)?;
    let post = state
        .clients
        .social
        .clone()
        .create_post(member.request(pb::CreatePostRequest {
            security_id,
            category: category as i32,
            content: draft.content,
            images: draft.images,
        }))
        .await?
        .into_inner();
    // Visitors of this gateway see it at once; other gateways hear the event.
    state
        .cache
        .generations()
        .invalidate_board(&post.security_id);
    Ok(private_json(
        StatusCode::CREATED,
        PostBody { post: post.into() },
    ))
}

/// `content`, `category` and up to [`MAX_IMAGES`] `images` of a form; other fields are
/// read past. An empty file (a form's file input left empty) is no picture.
async fn read_form(mut form: Multipart) -> Result<Draft, ApiError> {
    let mut draft = Draft {
        content: String::new(),
        category: String::new(),
        images: Vec::new(),
    };
    while let Some(mut field) = form.next_field().await.map_err(form_error)? {
        match field.name() {
            Some("content") => draft.content = read_text(&mut field).await?,
            Some("category") => draft.category = read_text(&mut field).await?,
            Some("images") => {
                let image = read_bounded(&mut field, MAX_IMAGE_BYTES, || {
                    DomainError::with_max(ErrorCode::ImageTooLarge, MAX_IMAGE_BYTES >> 20).into()
                })
                .await?;
                if image.is_empty() {
                    continue;
                }
                if draft.images.len() == MAX_IMAGES {
                    return Err(DomainError::with_max(ErrorCode::TooManyImages, MAX_IMAGES).into());
                }
                draft.images.push(image);
            }
            _ => {}
        }
    }
    Ok(draft)
}

async fn read_text(field: &mut axum::extract::multipart::Field<'_>) -> Result<String, ApiError> {
    let bytes = read_bounded(field, MAX_TEXT_FIELD, || {
        ErrorCode::InvalidRequestBody.into()
    })
    .await?;
    String::from_utf8(bytes).map_err(|_| ErrorCode::InvalidRequestBody.into())
}

/// A field's bytes, refused with `too_long()` as soon as they pass `max`.
async fn read_bounded(
    field: &mut axum::extract::multipart::Field<'_>,
    max: usize,
    too_long: impl Fn() -> ApiError,
) -> Result<Vec<u8>, ApiError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(form_error)? {
        if bytes.len() + chunk.len() > max {
            return Err(too_long());
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

/// A form that breaks off: over the body limit (only a picture can take it there) or
/// malformed.
fn form_error(error: axum::extract::multipart::MultipartError) -> ApiError {
    if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
        DomainError::with_max(ErrorCode::ImageTooLarge, MAX_IMAGE_BYTES >> 20).into()
    } else {
        ErrorCode::InvalidRequestBody.into()
    }
}

/// The body limit of the post route (axum's default is 2 MB).
pub fn body_limit() -> axum::extract::DefaultBodyLimit {
    axum::extract::DefaultBodyLimit::max(POST_BODY_LIMIT)
}

#[utoipa::path(
    delete,
    path = "/api/v1/posts/{id}",
    tag = "social",
    security(("bearer" = ["own"])),
    params(("id" = i64, Path, minimum = 1, description = "The member's own post")),
    responses(
        (status = 204, description = "Deleted: it leaves every list, its comments with it"),
        (status = 401, description = "`login_required`, `invalid_token`", body = ApiErrorBody),
        (status = 404, description = "`post_not_found` (or another member's)", body = ApiErrorBody),
    )
)]
pub async fn delete_post(
    State(state): State<AppState>,
    member: SignedIn,
    ApiPath(id): ApiPath<i64>,
) -> Result<Response, ApiError> {
    state
        .clients
        .social
        .clone()
        .delete_post(member.request(pb::DeletePostRequest { id }))
        .await?;
    Ok(no_content())
}

#[utoipa::path(
    get,
    path = "/api/v1/posts/{id}/liked_users",
    tag = "social",
    security(()),
    params(("id" = i64, Path, minimum = 1, description = "The post"), LikedUsersQuery),
    responses(
        (status = 200, description = "The members who like the post, the latest like first", body = UserPage),
        (status = 400, description = "`invalid_limit`, `invalid_cursor`", body = ApiErrorBody),
        (status = 404, description = "`post_not_found`", body = ApiErrorBody),
    )
)]
pub async fn liked_users(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<LikedUsersQuery>,
) -> Result<axum::Json<UserPage>, ApiError> {
    let (limit, cursor) = page(query.limit.as_deref(), query.cursor)?;
    let page = state
        .clients
        .social
        .clone()
        .list_liked_users(pb::ListLikedUsersRequest {
            post_id: id,
            limit,
            cursor,
        })
        .await?
        .into_inner();
    Ok(axum::Json(page.into()))
}
