//! The API's error body: `{"error": "<snake_case code>", "message": "<Korean text>"}`.
//!
//! Every failure goes through [`ApiError`], including extractor rejections and unknown
//! paths, so clients never see an empty body or a plain-text error. An error that tells
//! the client when to come back (`DomainError::retry_after_secs`, carried from a service in
//! the gRPC status) answers with `Retry-After`.

use axum::Json;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use sise_platform::error::{DomainError, ErrorCode, ErrorKind};
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

impl From<ErrorCode> for ApiError {
    fn from(code: ErrorCode) -> Self {
        Self(code.into())
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
        // A refusal with a time to come back (a full queue) is the service shedding load as
        // designed, not a failure.
        if matches!(error.kind(), ErrorKind::Internal | ErrorKind::Unavailable)
            && error.retry_after_secs.is_none()
        {
            tracing::error!(code = ?status.code(), message = status.message(), "upstream failure");
        }
        Self(error)
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        tracing::debug!(%rejection, "query rejected");
        ErrorCode::InvalidQuery.into()
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        tracing::debug!(%rejection, "body rejected");
        // axum's body limit answers 413 through the same rejection as malformed JSON.
        if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
            ErrorCode::RequestBodyTooLarge.into()
        } else {
            ErrorCode::InvalidRequestBody.into()
        }
    }
}

impl From<PathRejection> for ApiError {
    /// Only a path that does not decode (invalid percent-encoding or UTF-8) gets here; it
    /// is the same JSON 400 as any other malformed id rather than axum's plain text.
    fn from(rejection: PathRejection) -> Self {
        tracing::debug!(%rejection, "path rejected");
        ErrorCode::InvalidPath.into()
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.0.kind().http_status();
        let retry_after = self.0.retry_after_secs;
        let body = ApiErrorBody {
            error: self.0.code.as_str().to_owned(),
            message: self.0.message.into_owned(),
        };
        let mut response = with_retry_after((status, Json(body)).into_response(), retry_after);
        // A body refused as too large was not read to its end: the connection cannot carry
        // another request, and a client must not send one on it.
        if status == http::StatusCode::PAYLOAD_TOO_LARGE {
            response.headers_mut().insert(
                http::header::CONNECTION,
                http::HeaderValue::from_static("close"),
            );
        }
        response
    }
}

/// `response` with `Retry-After: {secs}` when the error named a time.
pub fn with_retry_after(mut response: Response, secs: Option<u64>) -> Response {
    if let Some(secs) = secs {
        response
            .headers_mut()
            .insert(http::header::RETRY_AFTER, http::HeaderValue::from(secs));
    }
    response
}

/// Fallback for unknown paths under an API host.
pub async fn not_found() -> ApiError {
    ErrorCode::NotFound.into()
}

pub async fn method_not_allowed() -> ApiError {
    ErrorCode::MethodNotAllowed.into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_service_refusal_with_a_time_answers_retry_after() {
        let status: tonic::Status = DomainError::from(ErrorCode::ImageBusy)
            .retry_after(2)
            .into();
        let response = ApiError::from(status).into_response();
        assert_eq!(response.status(), http::StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(response.headers()[http::header::RETRY_AFTER], "2");
        let plain = ApiError::from(ErrorCode::InvalidImage).into_response();
        assert!(!plain.headers().contains_key(http::header::RETRY_AFTER));
    }
}
