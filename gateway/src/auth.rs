//! Who is calling: main and social carry `Authorization: Bearer <token>`, mobile-web an
//! `Access-Token` header (spec §7). The identity service resolves the token.
//!
//! No token means a visitor. A token that identity rejects is a 401, so the client clears
//! its login and retries without it (spec §4, §8).

use std::convert::Infallible;
use std::task::{Context, Poll};

use axum::extract::Request;
use axum::response::{IntoResponse, Response};
use futures::future::{BoxFuture, Either};
use sise_proto::identity::v1::AuthenticateRequest;
use tower::{Layer, Service};

use crate::error::ApiError;
use crate::hosts::HostKind;
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

/// The layer on each host's API router: resolves the request's token, if any, to the
/// [`Member`] extension before the handler runs.
#[derive(Clone)]
pub struct AuthLayer {
    pub kind: HostKind,
    pub clients: Clients,
}

impl<S> Layer<S> for AuthLayer {
    type Service = Authenticate<S>;

    fn layer(&self, inner: S) -> Self::Service {
        Authenticate {
            inner,
            kind: self.kind,
            clients: self.clients.clone(),
        }
    }
}

#[derive(Clone)]
pub struct Authenticate<S> {
    inner: S,
    kind: HostKind,
    clients: Clients,
}

impl<S> Service<Request> for Authenticate<S>
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Either<S::Future, BoxFuture<'static, Result<Response, Infallible>>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: Request) -> Self::Future {
        let Some(token) = token(self.kind, request.headers()) else {
            // A visitor: nothing to resolve, and nothing boxed on the hottest path.
            return Either::Left(self.inner.call(request));
        };
        // The service made ready is the one called later; a fresh clone stays here.
        let fresh = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, fresh);
        let mut identity = self.clients.identity.clone();
        Either::Right(Box::pin(async move {
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
                    inner.call(request).await
                }
                Err(status) => Ok(ApiError::from(status).into_response()),
            }
        }))
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
