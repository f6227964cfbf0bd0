//! Who is calling: main and social carry `Authorization: Bearer <token>`, mobile-web an
//! `Access-Token` header (spec §7). The identity service resolves the token.
//!
//! No token means a visitor. A token that identity rejects is a 401, so the client clears
//! its login and retries without it (spec §4, §8).

use std::convert::Infallible;

use axum::extract::Request;
use axum::response::{IntoResponse, Response};
use sise_proto::identity::v1::AuthenticateRequest;
use tower::{Service, ServiceExt as _};

use crate::error::ApiError;
use crate::hosts::HostKind;
use crate::intercept::{Answer, Intercept};
use crate::upstream::Clients;

/// The signed-in member, inserted as a request extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Member {
    pub user_id: i64,
}

pub const ACCESS_TOKEN_HEADER: &str = "access-token";

/// The token as the host carries it, if any.
pub fn token(kind: HostKind, headers: &http::HeaderMap) -> Option<String> {
    let token = match kind {
        HostKind::Main | HostKind::Social => headers
            .get(http::header::AUTHORIZATION)?
            .to_str()
            .ok()?
            .strip_prefix("Bearer ")?
            .trim(),
        HostKind::MobileWeb => headers.get(ACCESS_TOKEN_HEADER)?.to_str().ok()?.trim(),
    };
    (!token.is_empty()).then(|| token.to_owned())
}

/// The layer on each host's API router ([`crate::intercept`]): resolves the request's
/// token, if any, to the [`Member`] extension before the route runs.
#[derive(Clone)]
pub struct Authenticate {
    pub kind: HostKind,
    pub clients: Clients,
}

impl Intercept for Authenticate {
    type Plan = String;

    /// A visitor (no token) passes straight through.
    fn plan(&self, request: &Request) -> Option<String> {
        token(self.kind, request.headers())
    }

    fn answer<S>(&self, token: String, mut request: Request, route: S) -> Answer
    where
        S: Service<Request, Response = Response, Error = Infallible> + Send + 'static,
        S::Future: Send + 'static,
    {
        let mut identity = self.clients.identity.clone();
        Box::pin(async move {
            match identity
                .authenticate(AuthenticateRequest {
                    access_token: token,
                })
                .await
            {
                Ok(response) => {
                    request.extensions_mut().insert(Member {
                        user_id: response.get_ref().user_id,
                    });
                    route.oneshot(request).await
                }
                Err(status) => Ok(ApiError::from(status).into_response()),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_token_each_host_carries() {
        let mut headers = http::HeaderMap::new();
        headers.insert(
            http::header::AUTHORIZATION,
            "Bearer abc".parse().expect("h"),
        );
        assert_eq!(token(HostKind::Main, &headers).as_deref(), Some("abc"));
        assert_eq!(token(HostKind::MobileWeb, &headers), None);
        headers.insert(ACCESS_TOKEN_HEADER, "xyz".parse().expect("h"));
        assert_eq!(token(HostKind::MobileWeb, &headers).as_deref(), Some("xyz"));
        headers.insert(http::header::AUTHORIZATION, "Basic abc".parse().expect("h"));
        assert_eq!(token(HostKind::Social, &headers), None);
        headers.insert(http::header::AUTHORIZATION, "Bearer  ".parse().expect("h"));
        assert_eq!(token(HostKind::Main, &headers), None);
    }
}
