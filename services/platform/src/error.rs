//! Error codes shared by services and the gateway.
//!
//! A [`DomainError`] carries a stable snake_case `code` (for programs), a Korean `message`
//! (for people) and a [`ErrorKind`] that knows both its gRPC and HTTP status. Services
//! turn it into a `tonic::Status` (code in the `x-sise-error` metadata); the gateway turns
//! the status back into the JSON body `{error, message}`.

use std::borrow::Cow;

use http::StatusCode;
use tonic::{Code, Status};

const ERROR_METADATA: &str = "x-sise-error";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    InvalidArgument,
    NotFound,
    Unauthenticated,
    PermissionDenied,
    Conflict,
    Unavailable,
    Internal,
}

impl ErrorKind {
    pub fn grpc_code(self) -> Code {
        match self {
            Self::InvalidArgument => Code::InvalidArgument,
            Self::NotFound => Code::NotFound,
            Self::Unauthenticated => Code::Unauthenticated,
            Self::PermissionDenied => Code::PermissionDenied,
            Self::Conflict => Code::AlreadyExists,
            Self::Unavailable => Code::Unavailable,
            Self::Internal => Code::Internal,
        }
    }

    pub fn http_status(self) -> StatusCode {
        match self {
            Self::InvalidArgument => StatusCode::BAD_REQUEST,
            Self::NotFound => StatusCode::NOT_FOUND,
            Self::Unauthenticated => StatusCode::UNAUTHORIZED,
            Self::PermissionDenied => StatusCode::FORBIDDEN,
            Self::Conflict => StatusCode::CONFLICT,
            Self::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn from_grpc(code: Code) -> Self {
        match code {
            Code::InvalidArgument | Code::OutOfRange => Self::InvalidArgument,
            Code::NotFound => Self::NotFound,
            Code::Unauthenticated => Self::Unauthenticated,
            Code::PermissionDenied => Self::PermissionDenied,
            Code::AlreadyExists | Code::Aborted | Code::FailedPrecondition => Self::Conflict,
            Code::Unavailable | Code::DeadlineExceeded => Self::Unavailable,
            _ => Self::Internal,
        }
    }
}

/// An error a user or client can act on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{code}: {message}")]
pub struct DomainError {
    pub kind: ErrorKind,
    pub code: Cow<'static, str>,
    pub message: Cow<'static, str>,
}

impl DomainError {
    pub fn new(
        kind: ErrorKind,
        code: impl Into<Cow<'static, str>>,
        message: impl Into<Cow<'static, str>>,
    ) -> Self {
        Self {
            kind,
            code: code.into(),
            message: message.into(),
        }
    }

    pub fn invalid(
        code: impl Into<Cow<'static, str>>,
        message: impl Into<Cow<'static, str>>,
    ) -> Self {
        Self::new(ErrorKind::InvalidArgument, code, message)
    }

    /// A page size outside `1..=max` (or not a number): one code and wording everywhere.
    pub fn invalid_limit(max: i64) -> Self {
        Self::invalid(
            "invalid_limit",
            format!("조회 개수는 1부터 {max}까지 지정할 수 있습니다."),
        )
    }

    pub fn not_found(
        code: impl Into<Cow<'static, str>>,
        message: impl Into<Cow<'static, str>>,
    ) -> Self {
        Self::new(ErrorKind::NotFound, code, message)
    }

    /// An opaque server error: the details go to the log, never to the client.
    pub fn internal() -> Self {
        Self::new(
            ErrorKind::Internal,
            "internal_error",
            "일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요.",
        )
    }

    pub fn unavailable() -> Self {
        Self::new(
            ErrorKind::Unavailable,
            "service_unavailable",
            "서비스에 연결할 수 없습니다. 잠시 후 다시 시도해주세요.",
        )
    }

    /// Read an error back from a gRPC status produced by [`From<DomainError> for Status`].
    /// Statuses without our metadata (transport failures, panics) become opaque errors.
    pub fn from_status(status: &Status) -> Self {
        let kind = ErrorKind::from_grpc(status.code());
        match status
            .metadata()
            .get(ERROR_METADATA)
            .and_then(|v| v.to_str().ok())
        {
            Some(code) => Self::new(kind, code.to_owned(), status.message().to_owned()),
            None if kind == ErrorKind::Unavailable => Self::unavailable(),
            None => Self::internal(),
        }
    }
}

impl From<DomainError> for Status {
    fn from(error: DomainError) -> Self {
        let mut status = Status::new(error.kind.grpc_code(), error.message.into_owned());
        if let Ok(value) = error.code.parse() {
            status.metadata_mut().insert(ERROR_METADATA, value);
        }
        status
    }
}

/// Log an unexpected failure and answer with an opaque internal status.
pub fn internal_status(error: anyhow::Error) -> Status {
    tracing::error!(error = format!("{error:#}"), "unexpected error");
    DomainError::internal().into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_through_grpc_status() {
        let error = DomainError::not_found("security_not_found", "종목을 찾을 수 없습니다.");
        let status: Status = error.clone().into();
        assert_eq!(status.code(), Code::NotFound);
        let back = DomainError::from_status(&status);
        assert_eq!(back, error);
        assert_eq!(back.kind.http_status(), StatusCode::NOT_FOUND);
    }

    #[test]
    fn foreign_statuses_are_opaque() {
        let back = DomainError::from_status(&Status::internal("db password wrong"));
        assert_eq!(back.code, "internal_error");
        assert!(!back.message.contains("password"));
        let back = DomainError::from_status(&Status::unavailable("connection refused"));
        assert_eq!(back.kind, ErrorKind::Unavailable);
    }
}
