//! Membership calls (spec §7 "Session", "User"; main host): login with a messenger token
//! and its outcomes (spec §4, §8), the app's token activation, logout, sign-up, dormancy
//! release, the member's profile, setting, photo, sanctions and secession, and photos.
//!
//! Member routes read the caller from [`SignedIn`] and call identity with the member id as
//! trusted metadata; answers about a member are `Cache-Control: no-store`.

use axum::Extension;
use axum::Json;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sise_platform::error::{DomainError, ErrorCode};
use sise_proto::identity::v1 as pb;
use utoipa::ToSchema;

use crate::api::{ApiJson, ApiPath, ApiQuery, no_content, no_store, private_json};
use crate::auth::{self, Member, SignedIn};
use crate::error::{ApiError, ApiErrorBody, with_retry_after};
use crate::hosts::HostKind;
use crate::limits::ClientIp;
use crate::state::AppState;

/// Largest photo upload body (the service refuses photos over 5 MB with its own message;
/// this leaves room for the multipart framing).
pub const AVATAR_BODY_LIMIT: usize = 6 * 1024 * 1024;
/// The photo upload's path (its body limit is raised to [`AVATAR_BODY_LIMIT`]).
pub const AVATAR_PATH: &str = "/api/users/me/avatar";
/// Dormant login (spec §8: "Code 1000: dormant account").
const DORMANT_CODE: i64 = 1000;
/// A refused nickname on profile save (spec §8: "Code -1 … restores the old nickname").
const NICKNAME_CODE: i64 = -1;

/// A member as the API shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct User {
    pub id: i64,
    /// The nickname.
    pub name: String,
    pub birth_year: Option<i32>,
    /// 1 male, 2 female, null unset.
    pub gender: Option<i32>,
    pub email: Option<String>,
    /// Path of the photo on the main host (`/api/avatars/{id}`), null without one.
    pub avatar_url: Option<String>,
    pub open_favorite_stocks: bool,
    pub is_edited_user_name: bool,
}

impl From<pb::User> for User {
    fn from(user: pb::User) -> Self {
        Self {
            id: user.id,
            name: user.name,
            birth_year: user.birth_year,
            gender: user.gender.filter(|g| *g != 0),
            email: user.email,
            avatar_url: Some(user.avatar_url)
                .filter(|url| !url.is_empty())
                .map(|url| url.trim_start_matches("/main").to_owned()),
            open_favorite_stocks: user.open_favorite_stocks,
            is_edited_user_name: user.is_edited_user_name,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserBody {
    pub user: User,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SessionBody {
    /// The bearer token of the session (64 hex characters).
    pub access_token: String,
    /// Seconds until the session ends at the latest (an idle one ends sooner).
    pub expires_in: i64,
    pub user: User,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginBody {
    /// The messenger's access token (Kakao Login).
    #[schema(pattern = r"^[A-Za-z0-9_.~+/=-]{1,512}$")]
    pub kakao_access_token: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ActivateBody {
    /// The messenger token the app's bridge handed over.
    #[schema(pattern = r"^[A-Za-z0-9_.~+/=-]{1,512}$")]
    pub token: String,
}

/// Each agreement of a sign-up must be given (`agreements_required` otherwise).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct AgreementsBody {
    #[serde(default)]
    #[schema(schema_with = agreed, required = true)]
    pub service_age: bool,
    #[serde(default)]
    #[schema(schema_with = agreed, required = true)]
    pub service: bool,
    #[serde(default)]
    #[schema(schema_with = agreed, required = true)]
    pub private_collect: bool,
}

/// `true` only: a sign-up without an agreement is refused (spec §5).
fn agreed() -> utoipa::openapi::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::Boolean)
        .enum_values(Some([true]))
        .build()
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SignUpBody {
    #[schema(pattern = r"^[A-Za-z0-9_.~+/=-]{1,512}$")]
    pub kakao_access_token: String,
    pub agreements: AgreementsBody,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ReleaseBody {
    /// The `release_token` of the dormant login's answer.
    #[schema(pattern = "^[0-9a-f]{64}$")]
    pub release_token: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MessageBody {
    pub message: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ProfileBody {
    #[serde(default)]
    pub name: String,
    pub birth_year: Option<i32>,
    pub gender: Option<i32>,
    pub email: Option<String>,
}

#[derive(Debug, Deserialize, Serialize, ToSchema)]
pub struct SettingBody {
    pub open_favorite_stocks: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ObjectionBody {
    #[serde(default)]
    pub text: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Sanction {
    pub id: i64,
    /// `warning` or `termination`.
    pub kind: String,
    pub reason: String,
    pub created_at_ms: i64,
    /// End of the suspension this warning started (epoch ms), if it did.
    pub suspended_until_ms: Option<i64>,
    pub terminated: bool,
    pub objection: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SanctionList {
    pub sanctions: Vec<Sanction>,
}

impl From<pb::Sanction> for Sanction {
    fn from(s: pb::Sanction) -> Self {
        Self {
            id: s.id,
            kind: match pb::SanctionKind::try_from(s.kind) {
                Ok(pb::SanctionKind::Termination) => "termination",
                _ => "warning",
            }
            .to_owned(),
            reason: s.reason,
            created_at_ms: s.created_at_ms,
            suspended_until_ms: Some(s.suspended_until_ms).filter(|v| *v != 0),
            terminated: s.terminated,
            objection: Some(s.objection).filter(|o| !o.is_empty()),
        }
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AvatarQuery {
    /// Edge in pixels wanted; the nearest stored size at or above it (96 or 240).
    #[param(nullable = false, minimum = 1, maximum = 4096)]
    pub size: Option<u32>,
}

/// An error with the fields some membership answers add to `{error, message}`.
pub struct MemberError {
    error: ApiError,
    extra: Option<Value>,
}

impl From<ApiError> for MemberError {
    fn from(error: ApiError) -> Self {
        Self { error, extra: None }
    }
}

impl From<ErrorCode> for MemberError {
    fn from(code: ErrorCode) -> Self {
        ApiError::from(code).into()
    }
}

impl From<tonic::Status> for MemberError {
    fn from(status: tonic::Status) -> Self {
        Self::from(ApiError::from(status))
    }
}

impl MemberError {
    fn with(domain: DomainError, extra: Value) -> Self {
        Self {
            error: ApiError(domain),
            extra: Some(extra),
        }
    }
}

impl IntoResponse for MemberError {
    fn into_response(self) -> Response {
        let domain = self.error.0;
        let mut body = json!({"error": domain.code.as_str(), "message": domain.message});
        if let (Some(Value::Object(extra)), Value::Object(map)) = (self.extra, &mut body) {
            map.extend(extra);
        }
        let retry_after = domain.retry_after_secs;
        let response = (domain.kind().http_status(), Json(body)).into_response();
        no_store(with_retry_after(response, retry_after))
    }
}

/// The client as the edge counts it ([`ClientIp::key`]: an IPv6 /64 is one client), for
/// identity's throttle of failed logins per address.
fn address(client: Option<Extension<ClientIp>>) -> String {
    client
        .map(|Extension(ip)| ip.key().to_string())
        .unwrap_or_default()
}

fn user_of(user: Option<pb::User>) -> Result<User, MemberError> {
    user.map(User::from)
        .ok_or_else(|| ApiError::from(DomainError::internal()).into())
}

async fn login(
    state: &AppState,
    token: String,
    client: Option<Extension<ClientIp>>,
) -> Result<Response, MemberError> {
    let outcome = state
        .clients
        .identity
        .clone()
        .login(pb::LoginRequest {
            kakao_access_token: token,
            client_address: address(client),
        })
        .await?
        .into_inner()
        .outcome;
    match outcome {
        Some(pb::login_response::Outcome::Session(session)) => Ok(private_json(
            StatusCode::OK,
            SessionBody {
                access_token: session.access_token,
                expires_in: session.expires_in_secs,
                user: user_of(session.user)?,
            },
        )),
        Some(pb::login_response::Outcome::Dormant(dormant)) => Err(MemberError::with(
            ErrorCode::DormantUser.into(),
            json!({"code": DORMANT_CODE, "release_token": dormant.release_token}),
        )),
        Some(pb::login_response::Outcome::Suspended(suspended)) => Err(MemberError::with(
            DomainError::with_message(ErrorCode::UserSuspended, suspended.message),
            json!({"suspended_until": suspended.until}),
        )),
        None => Err(ApiError::from(DomainError::internal()).into()),
    }
}

#[utoipa::path(
    post,
    path = "/api/session",
    tag = "main",
    security(()),
    request_body = LoginBody,
    responses(
        (status = 200, description = "Signed in: a new session", body = SessionBody),
        (status = 400, description = "No messenger token (`missing_kakao_token`) or a body that does not parse", body = ApiErrorBody),
        (status = 401, description = "`invalid_kakao_token`; or `dormant_user` with `code: 1000` and `release_token`", body = ApiErrorBody),
        (status = 403, description = "`signup_in_app` (회원가입은 증권플러스 앱에서 진행해주세요.), `user_suspended` with `suspended_until` (YYYY-MM-DD), `user_terminated`, `kakao_account_restricted`", body = ApiErrorBody),
        (status = 404, description = "`user_not_found`: no member for this messenger account; the web sign-up starts", body = ApiErrorBody),
        (status = 429, description = "`too_many_login_attempts`, with `Retry-After`", body = ApiErrorBody),
        (status = 503, description = "`login_provider_unavailable`", body = ApiErrorBody),
    )
)]
pub async fn create_session(
    State(state): State<AppState>,
    client: Option<Extension<ClientIp>>,
    ApiJson(body): ApiJson<LoginBody>,
) -> Result<Response, MemberError> {
    login(&state, body.kakao_access_token, client).await
}

#[utoipa::path(
    post,
    path = "/api/session/activate",
    tag = "main",
    security(()),
    request_body = ActivateBody,
    responses(
        (status = 200, description = "Signed in with the app's messenger token (app web views); the same answers as `POST /api/session`", body = SessionBody),
        (status = 400, description = "No token", body = ApiErrorBody),
        (status = 401, description = "Invalid token, or dormant", body = ApiErrorBody),
        (status = 403, description = "Sign-up in the app, suspended or terminated", body = ApiErrorBody),
        (status = 404, description = "No member", body = ApiErrorBody),
        (status = 429, description = "Too many attempts", body = ApiErrorBody),
        (status = 503, description = "Provider unavailable", body = ApiErrorBody),
    )
)]
pub async fn activate_session(
    State(state): State<AppState>,
    client: Option<Extension<ClientIp>>,
    ApiJson(body): ApiJson<ActivateBody>,
) -> Result<Response, MemberError> {
    login(&state, body.token, client).await
}

#[utoipa::path(
    delete,
    path = "/api/session",
    tag = "main",
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Logged out: every session of the member ended"),
        (status = 401, description = "No or an invalid session", body = ApiErrorBody),
    )
)]
pub async fn delete_session(
    State(state): State<AppState>,
    member: SignedIn,
) -> Result<Response, MemberError> {
    state
        .clients
        .identity
        .clone()
        .logout(member.request(pb::LogoutRequest {}))
        .await?;
    // Other replicas learn it from the bus; this one at once.
    state.sessions.revoke_member(member.0.user_id);
    Ok(no_content())
}

#[utoipa::path(
    post,
    path = "/api/users",
    tag = "main",
    security(()),
    request_body = SignUpBody,
    responses(
        (status = 201, description = "Signed up; log in next (`POST /api/session`)", body = UserBody),
        (status = 400, description = "`agreements_required` (필수사항 전체 동의가 필요합니다.) or no token", body = ApiErrorBody),
        (status = 401, description = "`invalid_kakao_token`", body = ApiErrorBody),
        (status = 403, description = "`signup_in_app`", body = ApiErrorBody),
        (status = 409, description = "`user_exists`", body = ApiErrorBody),
        (status = 429, description = "Too many attempts", body = ApiErrorBody),
        (status = 503, description = "Provider unavailable", body = ApiErrorBody),
    )
)]
pub async fn sign_up(
    State(state): State<AppState>,
    client: Option<Extension<ClientIp>>,
    ApiJson(body): ApiJson<SignUpBody>,
) -> Result<Response, MemberError> {
    let user = state
        .clients
        .identity
        .clone()
        .sign_up(pb::SignUpRequest {
            kakao_access_token: body.kakao_access_token,
            service_age: body.agreements.service_age,
            service: body.agreements.service,
            private_collect: body.agreements.private_collect,
            client_address: address(client),
        })
        .await?
        .into_inner();
    Ok(private_json(
        StatusCode::CREATED,
        UserBody { user: user.into() },
    ))
}

#[utoipa::path(
    post,
    path = "/api/users/dormancy/release",
    tag = "main",
    security(()),
    request_body = ReleaseBody,
    responses(
        (status = 200, description = "Released (휴면 상태가 해제되었습니다.); log in again", body = MessageBody),
        (status = 400, description = "`invalid_request_body`: no or a malformed body", body = ApiErrorBody),
        (status = 401, description = "`invalid_release_token` (unknown, used or expired)", body = ApiErrorBody),
    )
)]
pub async fn release_dormancy(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<ReleaseBody>,
) -> Result<Response, MemberError> {
    let released = state
        .clients
        .identity
        .clone()
        .release_dormancy(pb::ReleaseDormancyRequest {
            release_token: body.release_token,
        })
        .await?
        .into_inner();
    Ok(private_json(
        StatusCode::OK,
        MessageBody {
            message: released.message,
        },
    ))
}

#[utoipa::path(
    get,
    path = "/api/users/me",
    tag = "main",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The signed-in member", body = UserBody),
        (status = 401, description = "Not signed in", body = ApiErrorBody),
    )
)]
pub async fn get_me(
    State(state): State<AppState>,
    member: SignedIn,
) -> Result<Response, MemberError> {
    let user = state
        .clients
        .identity
        .clone()
        .get_me(member.request(pb::GetMeRequest {}))
        .await?
        .into_inner();
    Ok(private_json(StatusCode::OK, UserBody { user: user.into() }))
}

#[utoipa::path(
    put,
    path = "/api/users/me",
    tag = "main",
    security(("bearer" = [])),
    request_body = ProfileBody,
    responses(
        (status = 200, description = "Saved", body = UserBody),
        (status = 400, description = "A refused field with its message; a refused nickname (`nickname_required`, `nickname_too_long`, `nickname_taken`, `nickname_restricted`) also carries `code: -1`", body = ApiErrorBody),
        (status = 401, description = "Not signed in", body = ApiErrorBody),
    )
)]
pub async fn update_me(
    State(state): State<AppState>,
    member: SignedIn,
    ApiJson(body): ApiJson<ProfileBody>,
) -> Result<Response, MemberError> {
    let saved = state
        .clients
        .identity
        .clone()
        .update_profile(member.request(pb::UpdateProfileRequest {
            name: body.name,
            birth_year: body.birth_year,
            gender: body.gender,
            email: body.email.unwrap_or_default(),
        }))
        .await;
    match saved {
        Ok(user) => Ok(private_json(
            StatusCode::OK,
            UserBody {
                user: user.into_inner().into(),
            },
        )),
        Err(status) => {
            let domain = DomainError::from_status(&status);
            let nickname = matches!(
                domain.code,
                ErrorCode::NicknameRequired
                    | ErrorCode::NicknameTooLong
                    | ErrorCode::NicknameTaken
                    | ErrorCode::NicknameRestricted
            );
            if nickname {
                Err(MemberError::with(domain, json!({"code": NICKNAME_CODE})))
            } else {
                Err(status.into())
            }
        }
    }
}

#[utoipa::path(
    delete,
    path = "/api/users/me",
    tag = "main",
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Left: sessions ended, personal data erased (favorites too), content kept as 탈퇴한 회원"),
        (status = 401, description = "Not signed in", body = ApiErrorBody),
        (status = 403, description = "`reauthentication_required` (보안을 위해 다시 로그인한 뒤 탈퇴해 주세요.): the session is older than `services.identity.sessions.reauthentication_secs` (5 minutes); log in again and retry", body = ApiErrorBody),
    )
)]
pub async fn delete_me(
    State(state): State<AppState>,
    member: SignedIn,
    headers: HeaderMap,
) -> Result<Response, MemberError> {
    // The request's own session: identity checks it is the member's, and fresh.
    let access_token = auth::token(HostKind::Main, &headers).unwrap_or_default();
    state
        .clients
        .identity
        .clone()
        .secede(member.request(pb::SecedeRequest { access_token }))
        .await?;
    state.sessions.revoke_member(member.0.user_id);
    Ok(no_content())
}

#[utoipa::path(
    get,
    path = "/api/users/me/setting",
    tag = "main",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The member's setting", body = SettingBody),
        (status = 401, description = "Not signed in", body = ApiErrorBody),
    )
)]
pub async fn get_setting(
    State(state): State<AppState>,
    member: SignedIn,
) -> Result<Response, MemberError> {
    let user = state
        .clients
        .identity
        .clone()
        .get_me(member.request(pb::GetMeRequest {}))
        .await?
        .into_inner();
    Ok(private_json(
        StatusCode::OK,
        SettingBody {
            open_favorite_stocks: user.open_favorite_stocks,
        },
    ))
}

#[utoipa::path(
    put,
    path = "/api/users/me/setting",
    tag = "main",
    security(("bearer" = [])),
    request_body = SettingBody,
    responses(
        (status = 200, description = "Saved", body = SettingBody),
        (status = 400, description = "A body that does not parse", body = ApiErrorBody),
        (status = 401, description = "Not signed in", body = ApiErrorBody),
    )
)]
pub async fn put_setting(
    State(state): State<AppState>,
    member: SignedIn,
    ApiJson(body): ApiJson<SettingBody>,
) -> Result<Response, MemberError> {
    let user = state
        .clients
        .identity
        .clone()
        .update_setting(member.request(pb::UpdateSettingRequest {
            open_favorite_stocks: body.open_favorite_stocks,
        }))
        .await?
        .into_inner();
    Ok(private_json(
        StatusCode::OK,
        SettingBody {
            open_favorite_stocks: user.open_favorite_stocks,
        },
    ))
}

/// The multipart upload of spec §7: `access_token` (when the request carries no
/// `Authorization`, before `file`: a photo that arrives before anyone is known is refused
/// unread) and `file`.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct AvatarUpload {
    /// The session token, when the request carries no `Authorization` header; it must come
    /// before `file`.
    access_token: Option<String>,
    /// The photo: JPEG, PNG, GIF or WebP, at most 5 MB.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

#[utoipa::path(
    post,
    path = "/api/users/me/avatar",
    tag = "main",
    security(("bearer" = [])),
    request_body(content = AvatarUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The photo is stored (re-encoded, resized, without metadata)", body = UserBody),
        (status = 400, description = "`invalid_image` (not an image by its content) or no file; `image_too_many_pixels` (over 16,000,000 pixels by its header)", body = ApiErrorBody),
        (status = 401, description = "Not signed in", body = ApiErrorBody),
        (status = 413, description = "`image_too_large`", body = ApiErrorBody),
        (status = 503, description = "`image_busy`: every upload place (`gateway.limits.max_uploads`), or every decode slot and waiting place, is taken; `Retry-After` says when to retry; or `service_unavailable`", body = ApiErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
pub async fn upload_avatar(
    State(state): State<AppState>,
    member: Option<Extension<Member>>,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Result<Response, MemberError> {
    let mut multipart = match multipart {
        Ok(multipart) => multipart,
        // Not a form at all: a visitor learns to sign in first.
        Err(_) if member.is_none() => return Err(ErrorCode::LoginRequired.into()),
        Err(_) => return Err(ErrorCode::InvalidImage.into()),
    };
    // The photo is held in memory while it is received and sent on: it takes one of the
    // bounded upload places that posts with pictures use.
    let _upload = state.uploads.clone().try_acquire_owned().map_err(|_| {
        MemberError::from(ApiError(
            DomainError::from(ErrorCode::ImageBusy)
                .retry_after(crate::state::UPLOAD_RETRY_AFTER_SECS),
        ))
    })?;
    let (mut form_token, mut file) = (None, None);
    // A form that breaks before anyone is known is a visitor's: sign in first.
    let refuse = |error, known: bool| {
        if known {
            upload_error(error)
        } else {
            MemberError::from(ErrorCode::LoginRequired)
        }
    };
    loop {
        let known = member.is_some() || form_token.is_some();
        let field = match multipart.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => break,
            Err(error) => return Err(refuse(error, known)),
        };
        match field.name() {
            Some("access_token") => {
                form_token = Some(field.text().await.map_err(|e| refuse(e, known))?);
            }
            // Nobody is known before the photo (no bearer token, no `access_token` field
            // ahead of it): refused before its bytes are read.
            Some("file") if !known => return Err(ErrorCode::LoginRequired.into()),
            Some("file") => file = Some(field.bytes().await.map_err(|e| refuse(e, known))?),
            _ => {}
        }
    }
    let user_id = match (member, form_token) {
        (Some(Extension(member)), _) => member.user_id,
        (None, Some(token)) if !token.trim().is_empty() => {
            state
                .clients
                .identity
                .clone()
                .authenticate(pb::AuthenticateRequest {
                    access_token: token.trim().to_owned(),
                })
                .await?
                .into_inner()
                .user_id
        }
        _ => return Err(ErrorCode::LoginRequired.into()),
    };
    let file = file.ok_or(ErrorCode::InvalidImage)?;
    let user = state
        .clients
        .identity
        .clone()
        .set_avatar(
            state
                .member_key
                .request(pb::SetAvatarRequest { image: file.into() }, user_id),
        )
        .await?
        .into_inner();
    Ok(private_json(StatusCode::OK, UserBody { user: user.into() }))
}

fn upload_error(error: axum::extract::multipart::MultipartError) -> MemberError {
    if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError(DomainError::with_max(ErrorCode::ImageTooLarge, 5)).into()
    } else {
        ErrorCode::InvalidImage.into()
    }
}

/// The body limit of the photo upload route (axum's default is 2 MB).
pub fn avatar_body_limit() -> DefaultBodyLimit {
    DefaultBodyLimit::max(AVATAR_BODY_LIMIT)
}

#[utoipa::path(
    get,
    path = "/api/avatars/{id}",
    tag = "main",
    security(()),
    params(("id" = String, Path, pattern = "^[0-9a-f]{1,64}$", description = "The photo's id (from a member's `avatar_url`)"), AvatarQuery),
    responses(
        (status = 200, description = "The photo, JPEG; immutable (the id is a hash of the member and the stored bytes: a new photo gets a new id, and a replaced or erased photo's id answers 404)", content_type = "image/jpeg"),
        (status = 400, description = "A `size` that is not a number", body = ApiErrorBody),
        (status = 404, description = "`avatar_not_found`", body = ApiErrorBody),
    )
)]
pub async fn get_avatar(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<AvatarQuery>,
) -> Result<Response, ApiError> {
    if id.len() > 64 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(ErrorCode::AvatarNotFound.into());
    }
    let avatar = state
        .clients
        .identity
        .clone()
        .get_avatar(pb::GetAvatarRequest {
            id,
            size: query.size.unwrap_or(96).min(4096),
        })
        .await?
        .into_inner();
    Ok(crate::api::immutable_image(
        &avatar.content_type,
        avatar.image,
    ))
}

#[utoipa::path(
    get,
    path = "/api/users/me/sanctions",
    tag = "main",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The member's sanctions, newest first", body = SanctionList),
        (status = 401, description = "Not signed in", body = ApiErrorBody),
    )
)]
pub async fn my_sanctions(
    State(state): State<AppState>,
    member: SignedIn,
) -> Result<Response, MemberError> {
    let list = state
        .clients
        .identity
        .clone()
        .list_my_sanctions(member.request(pb::ListMySanctionsRequest {}))
        .await?
        .into_inner();
    Ok(private_json(
        StatusCode::OK,
        SanctionList {
            sanctions: list.sanctions.into_iter().map(Sanction::from).collect(),
        },
    ))
}

#[utoipa::path(
    post,
    path = "/api/users/me/sanctions/{id}/objection",
    tag = "main",
    security(("bearer" = [])),
    params(("id" = i64, Path, minimum = 1, description = "The member's own sanction")),
    request_body = ObjectionBody,
    responses(
        (status = 200, description = "The objection is stored for the operators", body = Sanction),
        (status = 400, description = "`invalid_objection` (1 to 1000 characters)", body = ApiErrorBody),
        (status = 401, description = "Not signed in", body = ApiErrorBody),
        (status = 404, description = "`sanction_not_found` (or another member's)", body = ApiErrorBody),
    )
)]
pub async fn object(
    State(state): State<AppState>,
    member: SignedIn,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<ObjectionBody>,
) -> Result<Response, MemberError> {
    let sanction = state
        .clients
        .identity
        .clone()
        .file_objection(member.request(pb::FileObjectionRequest {
            sanction_id: id,
            text: body.text,
        }))
        .await?
        .into_inner();
    Ok(private_json(StatusCode::OK, Sanction::from(sanction)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn address_of(ip: &str) -> String {
        address(Some(Extension(ClientIp(ip.parse().expect("ip")))))
    }

    #[test]
    fn failed_logins_are_counted_per_ipv4_address_and_ipv6_64() {
        assert_eq!(address_of("203.0.113.7"), "203.0.113.7");
        // Every address of one /64 is one client, as for the rate limiter.
        assert_eq!(address_of("2001:db8:1:2:3:4:5:6"), "2001:db8:1:2::");
        assert_eq!(address_of("2001:db8:1:2:ffff::1"), "2001:db8:1:2::");
        assert_ne!(address_of("2001:db8:1:3::1"), address_of("2001:db8:1:2::1"));
        assert_eq!(address(None), "");
    }
}
