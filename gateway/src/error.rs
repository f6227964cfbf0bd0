//! The API's error body: `{"error": "<snake_case code>", "message": "<Korean text>"}`.
//!
//! Every failure goes through [`ApiError`], including extractor rejections and unknown
//! paths, so clients never see an empty body or a plain-text error.

use axum::Json;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use sise_platform::error::{DomainError, ErrorKind};
use utoipa::ToSchema;

/// JSON error body.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ApiError)]
pub struct ApiErrorBody {
    /// Stable snake_case code for programs.
    pub error: String,
    /// Korean message for people.
    pub message: String,
}

#[derive(Debug)]
pub struct ApiError(pub DomainError);

impl ApiError {
    pub fn not_found_path() -> Self {
        Self(DomainError::not_found(
            "not_found",
            "요청한 주소를 찾을 수 없습니다.",
        ))
    }

    pub fn method_not_allowed() -> Self {
        Self(DomainError::new(
            ErrorKind::InvalidArgument,
            "method_not_allowed",
            "허용되지 않는 요청 방식입니다.",
        ))
    }
}

impl From<DomainError> for ApiError {
    fn from(error: DomainError) -> Self {
        Self(error)
    }
}

impl From<tonic::Status> for ApiError {
    fn from(status: tonic::Status) -> Self {
        let error = DomainError::from_status(&status);
        if matches!(error.kind, ErrorKind::Internal | ErrorKind::Unavailable) {
            tracing::error!(code = ?status.code(), message = status.message(), "upstream failure");
        }
        Self(error)
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        tracing::debug!(%rejection, "query rejected");
        Self(DomainError::invalid(
            "invalid_query",
            "요청 값이 올바르지 않습니다.",
        ))
    }
}

impl From<PathRejection> for ApiError {
    /// Only a path that does not decode (invalid percent-encoding or UTF-8) gets here; it
    /// is the same JSON 400 as any other malformed id rather than axum's plain text.
    fn from(rejection: PathRejection) -> Self {
        tracing::debug!(%rejection, "path rejected");
        Self(DomainError::invalid(
            "invalid_path",
            "요청 주소가 올바르지 않습니다.",
        ))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = if self.0.code == "method_not_allowed" {
            StatusCode::METHOD_NOT_ALLOWED
        } else {
            self.0.kind.http_status()
        };
        let body = ApiErrorBody {
            error: self.0.code.into_owned(),
            message: self.0.message.into_owned(),
        };
        (status, Json(body)).into_response()
    }
}

/// Fallback for unknown paths under an API host.
pub async fn not_found() -> ApiError {
    ApiError::not_found_path()
}

pub async fn method_not_allowed() -> ApiError {
    ApiError::method_not_allowed()
}
