//! Who is calling: main and social carry `Authorization: Bearer <token>`, mobile-web an
//! `Access-Token` header (spec §7). The identity service resolves the token, once per
//! [`SessionCache`] lifetime: a signed-in request does not cost a database read each time.
//!
//! No token means a visitor. A token that identity rejects is a 401, so the client clears
//! its login and retries without it (spec §4, §8). Routes read the member with the
//! [`SignedIn`] extractor and call the services with [`SignedIn::request`], which signs the
//! member id with the key the services verify (`sise_platform::member`); nothing takes a
//! member id from a request body.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{FromRequestParts, Request};
use axum::response::{IntoResponse, Response};
use http::request::Parts;
use sise_platform::error::ErrorCode;
use sise_platform::member::MemberKey;
use sise_platform::time::now_ms;
use sise_proto::identity::v1::AuthenticateRequest;
use tower::{Service, ServiceExt as _};

use crate::config::SessionsConfig;
use crate::error::ApiError;
use crate::hosts::HostKind;
use crate::intercept::{Answer, Intercept};
use crate::state::AppState;
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

#[derive(Clone, Copy, Debug)]
struct Resolved {
    user_id: i64,
    /// Identity's deadline of the session (absolute expiry or idle deadline).
    expires_at_ms: i64,
}

/// Tokens identity has resolved, for `gateway.sessions.cache_ttl_ms`, at most
/// `cache_capacity`. A revocation (`events.identity.sessions_revoked` on the bus, or a
/// logout through this gateway) drops the member's entries at once.
#[derive(Clone)]
pub struct SessionCache(moka::sync::Cache<Arc<str>, Resolved>);

impl SessionCache {
    pub fn new(config: &SessionsConfig) -> Self {
        Self(
            moka::sync::Cache::builder()
                .max_capacity(config.cache_capacity)
                .time_to_live(Duration::from_millis(config.cache_ttl_ms))
                .support_invalidation_closures()
                .build(),
        )
    }

    fn get(&self, token: &str, now_ms: i64) -> Option<i64> {
        self.0
            .get(token)
            .filter(|resolved| resolved.expires_at_ms > now_ms)
            .map(|resolved| resolved.user_id)
    }

    /// Forget every token of `user_id` (its sessions ended).
    pub fn revoke_member(&self, user_id: i64) {
        if let Err(error) = self
            .0
            .invalidate_entries_if(move |_, resolved| resolved.user_id == user_id)
        {
            tracing::warn!(%error, "session cache revocation failed; clearing it");
            self.0.invalidate_all();
        }
    }

    /// Forget everything (revocations may have been missed while the bus was away).
    pub fn clear(&self) {
        self.0.invalidate_all();
    }
}

/// The layer on each host's API router ([`crate::intercept`]): resolves the request's
/// token, if any, to the [`Member`] extension before the route runs.
#[derive(Clone)]
pub struct Authenticate {
    pub kind: HostKind,
    pub clients: Clients,
    pub sessions: SessionCache,
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
        if let Some(user_id) = self.sessions.get(&token, now_ms()) {
            request.extensions_mut().insert(Member { user_id });
            return Box::pin(route.oneshot(request));
        }
        let mut identity = self.clients.identity.clone();
        let sessions = self.sessions.clone();
        Box::pin(async move {
            match identity
                .authenticate(AuthenticateRequest {
                    access_token: token.clone(),
                })
                .await
            {
                Ok(response) => {
                    let response = response.into_inner();
                    sessions.0.insert(
                        token.into(),
                        Resolved {
                            user_id: response.user_id,
                            expires_at_ms: response.expires_at_ms,
                        },
                    );
                    request.extensions_mut().insert(Member {
                        user_id: response.user_id,
                    });
                    route.oneshot(request).await
                }
                Err(status) => Ok(ApiError::from(status).into_response()),
            }
        })
    }
}

/// The member of a member-only route; a visitor gets 401 `login_required`. Holds the
/// gateway's member key, so that calls for the member are signed.
pub struct SignedIn(pub Member, MemberKey);

impl FromRequestParts<AppState> for SignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let member = parts
            .extensions
            .get::<Member>()
            .copied()
            .ok_or(ErrorCode::LoginRequired)?;
        Ok(SignedIn(member, state.member_key.clone()))
    }
}

impl SignedIn {
    /// `message` as a call made for this member (signed metadata).
    pub fn request<T>(&self, message: T) -> tonic::Request<T> {
        self.1.request(message, self.0.user_id)
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

    #[test]
    fn cached_sessions_end_with_their_deadline_or_a_revocation() {
        let cache = SessionCache::new(&SessionsConfig {
            cache_ttl_ms: 60_000,
            cache_capacity: 10,
        });
        let put = |token: &str, user_id, expires_at_ms| {
            cache.0.insert(
                token.into(),
                Resolved {
                    user_id,
                    expires_at_ms,
                },
            )
        };
        put("a", 1, 2_000);
        put("b", 1, 2_000);
        put("c", 2, 2_000);
        assert_eq!(cache.get("a", 1_000), Some(1));
        assert_eq!(cache.get("a", 2_000), None, "past the session's deadline");
        cache.revoke_member(1);
        assert_eq!(cache.get("b", 1_000), None);
        assert_eq!(cache.get("c", 1_000), Some(2));
    }
}
