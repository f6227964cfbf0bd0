//! Who is calling: main and social carry `Authorization: Bearer <token>`, mobile-web an
//! `Access-Token` header (spec §7). The identity service resolves the token, once per
//! [`SessionCache`] lifetime: a signed-in request does not cost a database read each time.
//! The cache is only as good as the revocations it hears: while the gateway cannot hear
//! them (the bus away, the subscription refused) it holds nothing and every signed-in
//! request asks identity.
//!
//! No token means a visitor. A token that identity rejects is a 401, so the client clears
//! its login and retries without it (spec §4, §8). Routes read the member with the
//! [`SignedIn`] extractor and call the services with [`SignedIn::request`], which signs the
//! member id with the key the services verify (`sise_platform::member`); nothing takes a
//! member id from a request body.

use std::convert::Infallible;
use std::sync::{Arc, LazyLock, Mutex, MutexGuard};
use std::time::Duration;

use axum::extract::{FromRef, FromRequestParts, Request};
use axum::response::{IntoResponse, Response};
use http::request::Parts;
use opentelemetry::KeyValue;
use opentelemetry::metrics::Counter;
use sise_platform::error::ErrorCode;
use sise_platform::member::MemberKey;
use sise_platform::time::now_ms;
use sise_proto::identity::v1::AuthenticateRequest;
use tower::{Service, ServiceExt as _};

use crate::config::SessionsConfig;
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

#[derive(Clone, Copy, Debug)]
struct Resolved {
    user_id: i64,
    /// Identity's deadline of the session (absolute expiry or idle deadline).
    expires_at_ms: i64,
}

/// Tokens identity has resolved, for `gateway.sessions.cache_ttl_ms`, at most
/// `cache_capacity`. A revocation (`events.identity.sessions_revoked` on the bus, or a
/// logout through this gateway) drops the member's entries at once.
///
/// Two rules keep a revoked token from being served:
/// - it caches only while it hears revocations ([`SessionCache::set_listening`], driven by
///   the bus feed): not listening, it is empty and takes nothing;
/// - an answer of identity is cached only if no revocation came while it was asked
///   ([`SessionCache::ticket`] before the call, [`SessionCache::admit`] after): else a
///   revocation between identity's answer and the insert would be lost. One epoch counts
///   every revocation (of any member: a per-member count would need a bound of its own),
///   so such a coincidence costs one more call to identity, never a revoked session.
#[derive(Clone)]
pub struct SessionCache {
    entries: moka::sync::Cache<Arc<str>, Resolved>,
    /// Taken by every change that could make a cached answer wrong, and by [`admit`].
    ///
    /// [`admit`]: SessionCache::admit
    state: Arc<Mutex<CacheState>>,
}

struct CacheState {
    /// Revocations so far (and every clear).
    epoch: u64,
    /// Revocations can be heard: entries may be kept.
    listening: bool,
}

/// The cache's revocation epoch before identity was asked (see [`SessionCache`]).
#[derive(Clone, Copy, Debug)]
pub struct Ticket(u64);

/// `sise.session.cache.lookups`: signed requests' tokens looked up in the gateway's session
/// cache, by `result` (`hit`, `miss`: identity asked); the hit rate is `hit / all`.
static LOOKUPS: LazyLock<Counter<u64>> = LazyLock::new(|| {
    sise_platform::metrics::meter()
        .u64_counter("sise.session.cache.lookups")
        .with_description("Session tokens looked up in the gateway's cache, by result")
        .build()
});

impl SessionCache {
    /// Not listening until the bus feed says it hears revocations.
    pub fn new(config: &SessionsConfig) -> Self {
        Self {
            entries: moka::sync::Cache::builder()
                .max_capacity(config.cache_capacity)
                .time_to_live(Duration::from_millis(config.cache_ttl_ms))
                .support_invalidation_closures()
                .build(),
            state: Arc::new(Mutex::new(CacheState {
                epoch: 0,
                listening: false,
            })),
        }
    }

    fn state(&self) -> MutexGuard<'_, CacheState> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn get(&self, token: &str, now_ms: i64) -> Option<i64> {
        let user_id = self
            .entries
            .get(token)
            .filter(|resolved| resolved.expires_at_ms > now_ms)
            .map(|resolved| resolved.user_id);
        LOOKUPS.add(
            1,
            &[KeyValue::new(
                "result",
                if user_id.is_some() { "hit" } else { "miss" },
            )],
        );
        user_id
    }

    /// To take before asking identity about a token.
    pub fn ticket(&self) -> Ticket {
        Ticket(self.state().epoch)
    }

    /// Keeps identity's answer, unless a revocation came since `ticket` or revocations
    /// cannot be heard; whether it was kept.
    fn admit(&self, ticket: Ticket, token: Arc<str>, resolved: Resolved) -> bool {
        let state = self.state();
        let keep = state.listening && state.epoch == ticket.0;
        if keep {
            self.entries.insert(token, resolved);
        }
        keep
    }

    /// Forget every token of `user_id` (its sessions ended).
    pub fn revoke_member(&self, user_id: i64) {
        let mut state = self.state();
        state.epoch += 1;
        if let Err(error) = self
            .entries
            .invalidate_entries_if(move |_, resolved| resolved.user_id == user_id)
        {
            tracing::warn!(%error, "session cache revocation failed; clearing it");
            self.entries.invalidate_all();
        }
    }

    /// Forget everything (revocations may have been missed while the bus was away).
    pub fn clear(&self) {
        let mut state = self.state();
        state.epoch += 1;
        self.entries.invalidate_all();
    }

    /// Whether revocations reach this gateway (`hears`, asked under the cache's lock, so
    /// that a caller reading the bus's state cannot set an answer older than another
    /// caller's). While they do not, the cache is empty and keeps nothing: every signed-in
    /// request asks identity.
    pub fn set_listening(&self, hears: impl FnOnce() -> bool) {
        let mut state = self.state();
        let listening = hears();
        if !listening {
            state.epoch += 1;
            self.entries.invalidate_all();
        }
        if state.listening != listening {
            if listening {
                tracing::info!("session revocations heard again: the session cache is on");
            } else {
                tracing::warn!(
                    "session revocations cannot be heard: the session cache is off, every \
                     signed-in request asks identity"
                );
            }
        }
        state.listening = listening;
    }

    /// Whether it keeps sessions (it hears revocations).
    pub fn is_listening(&self) -> bool {
        self.state().listening
    }

    /// Whether an answer of identity asked now would be kept (and then kept it is, under
    /// a token no request can carry): for tests.
    #[cfg(test)]
    pub(crate) fn admits_now(&self) -> bool {
        self.admit(
            self.ticket(),
            " test".into(),
            Resolved {
                user_id: -1,
                expires_at_ms: i64::MAX,
            },
        ) && self.get(" test", 0).is_some()
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
        // Before the call: a revocation while identity answers keeps the answer uncached.
        let ticket = sessions.ticket();
        Box::pin(async move {
            match identity
                .authenticate(AuthenticateRequest {
                    access_token: token.clone(),
                })
                .await
            {
                Ok(response) => {
                    let response = response.into_inner();
                    sessions.admit(
                        ticket,
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

/// Any state the member key can be taken from (`AppState`, in `state`), so this layer does
/// not point up at the handlers' state.
impl<S: Send + Sync> FromRequestParts<S> for SignedIn
where
    MemberKey: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let member = parts
            .extensions
            .get::<Member>()
            .copied()
            .ok_or(ErrorCode::LoginRequired)?;
        Ok(SignedIn(member, MemberKey::from_ref(state)))
    }
}

impl SignedIn {
    /// `message` as a call made for this member (signed metadata).
    pub fn request<T>(&self, message: T) -> tonic::Request<T> {
        self.1.request(message, self.0.user_id)
    }
}

/// Whoever calls a public route: the member when the request carries a valid token (the
/// answer then says what is theirs), else a visitor.
pub struct Viewer(pub Option<Member>, MemberKey);

impl<S: Send + Sync> FromRequestParts<S> for Viewer
where
    MemberKey: FromRef<S>,
{
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Infallible> {
        Ok(Viewer(
            parts.extensions.get::<Member>().copied(),
            MemberKey::from_ref(state),
        ))
    }
}

impl Viewer {
    /// `message` as a call for the member (signed metadata), or a visitor's unsigned one.
    pub fn request<T>(&self, message: T) -> tonic::Request<T> {
        match self.0 {
            Some(member) => self.1.request(message, member.user_id),
            None => tonic::Request::new(message),
        }
    }

    pub fn is_member(&self) -> bool {
        self.0.is_some()
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
        cache.set_listening(|| true);
        let put = |token: &str, user_id, expires_at_ms| {
            assert!(cache.admit(
                cache.ticket(),
                token.into(),
                Resolved {
                    user_id,
                    expires_at_ms,
                },
            ));
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

    #[test]
    fn nothing_is_kept_while_revocations_cannot_be_heard() {
        let cache = SessionCache::new(&SessionsConfig {
            cache_ttl_ms: 60_000,
            cache_capacity: 10,
        });
        let resolved = Resolved {
            user_id: 1,
            expires_at_ms: i64::MAX,
        };
        assert!(
            !cache.admit(cache.ticket(), "a".into(), resolved),
            "not listening yet"
        );
        assert_eq!(cache.get("a", 0), None);
        cache.set_listening(|| true);
        assert!(cache.admit(cache.ticket(), "a".into(), resolved));
        assert_eq!(cache.get("a", 0), Some(1));
        cache.set_listening(|| false);
        assert_eq!(cache.get("a", 0), None, "emptied when it stops hearing");
        assert!(!cache.admit(cache.ticket(), "b".into(), resolved));
        assert_eq!(cache.get("b", 0), None);
    }

    #[test]
    fn an_answer_asked_before_a_revocation_is_not_kept() {
        let cache = SessionCache::new(&SessionsConfig {
            cache_ttl_ms: 60_000,
            cache_capacity: 10,
        });
        cache.set_listening(|| true);
        let resolved = Resolved {
            user_id: 1,
            expires_at_ms: i64::MAX,
        };
        for revoke in [
            &(|cache: &SessionCache| cache.revoke_member(1)) as &dyn Fn(&SessionCache),
            &|cache| cache.revoke_member(2),
            &|cache| cache.clear(),
        ] {
            let ticket = cache.ticket();
            revoke(&cache);
            assert!(!cache.admit(ticket, "a".into(), resolved));
            assert_eq!(cache.get("a", 0), None);
        }
    }

    /// A fake identity whose `Authenticate` hands each call to the test, which answers it
    /// when it likes: the test revokes while a lookup is in flight, deterministically.
    mod in_flight {
        use std::convert::Infallible;

        use axum::body::Body;
        use sise_platform::error::{DomainError, ErrorCode};
        use sise_proto::identity::v1::{AuthenticateRequest, AuthenticateResponse};
        use tokio::sync::{mpsc, oneshot};
        use tonic::Status;

        use super::super::*;
        use crate::config::Upstreams;

        type Reply = oneshot::Sender<Result<AuthenticateResponse, Status>>;

        #[derive(Clone)]
        struct Identity(mpsc::Sender<Reply>);

        impl tonic::server::UnaryService<AuthenticateRequest> for Identity {
            type Response = AuthenticateResponse;
            type Future = futures::future::BoxFuture<
                'static,
                Result<tonic::Response<AuthenticateResponse>, Status>,
            >;

            fn call(&mut self, _: tonic::Request<AuthenticateRequest>) -> Self::Future {
                let calls = self.0.clone();
                Box::pin(async move {
                    let (reply, answer) = oneshot::channel();
                    calls
                        .send(reply)
                        .await
                        .map_err(|_| Status::internal("test gone"))?;
                    let answer = answer.await.map_err(|_| Status::internal("no answer"))?;
                    answer.map(tonic::Response::new)
                })
            }
        }

        async fn fake_identity() -> (String, mpsc::Receiver<Reply>) {
            let (calls, received) = mpsc::channel(4);
            let identity = Identity(calls);
            let service = tower::service_fn(move |request: http::Request<Body>| {
                let identity = identity.clone();
                async move {
                    let mut grpc = tonic::server::Grpc::new(tonic_prost::ProstCodec::default());
                    Ok::<_, Infallible>(grpc.unary(identity, request).await)
                }
            });
            let app = axum::Router::new()
                .route_service("/sise.identity.v1.IdentityService/Authenticate", service);
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                .await
                .expect("listener");
            let addr = listener.local_addr().expect("addr");
            tokio::spawn(async move { axum::serve(listener, app).await });
            (format!("http://{addr}"), received)
        }

        #[tokio::test]
        async fn a_revocation_while_identity_answers_keeps_the_token_out_of_the_cache() {
            let (identity, mut calls) = fake_identity().await;
            let unused = "http://127.0.0.1:9".to_owned();
            let clients = Clients::connect(&Upstreams {
                identity,
                social: unused.clone(),
                market: unused.clone(),
                favorites: unused,
            })
            .expect("clients");
            let sessions = SessionCache::new(&SessionsConfig {
                cache_ttl_ms: 600_000,
                cache_capacity: 10,
            });
            sessions.set_listening(|| true);
            let auth = Authenticate {
                kind: HostKind::Main,
                clients,
                sessions: sessions.clone(),
            };
            // The route answers 200 with the member it was given.
            let route = tower::service_fn(|request: Request| async move {
                let member = request.extensions().get::<Member>().copied();
                Ok::<_, Infallible>(match member {
                    Some(member) => member.user_id.to_string().into_response(),
                    None => http::StatusCode::IM_A_TEAPOT.into_response(),
                })
            });
            let request = || {
                Request::builder()
                    .header(http::header::AUTHORIZATION, "Bearer token-7")
                    .body(Body::empty())
                    .expect("request")
            };
            let token = || token(HostKind::Main, request().headers()).expect("token");

            // Identity has the lookup in hand when the member's sessions are revoked; its
            // answer (the session was valid when it looked) then comes back.
            let first = tokio::spawn(auth.answer(token(), request(), route));
            let reply = calls.recv().await.expect("identity asked");
            sessions.revoke_member(7);
            reply
                .send(Ok(AuthenticateResponse {
                    user_id: 7,
                    expires_at_ms: i64::MAX,
                }))
                .expect("answered");
            let response = first.await.expect("task").expect("infallible");
            assert_eq!(response.status(), 200, "identity vouched for it when asked");

            // The next request is not served from the cache: identity is asked, and refuses.
            let mut second = tokio::spawn(auth.answer(token(), request(), route));
            let reply = tokio::select! {
                reply = calls.recv() => reply.expect("identity asked again"),
                served = &mut second => panic!(
                    "a revoked token was served from the cache: {:?}",
                    served.map(|r| r.map(|r| r.status()))
                ),
            };
            reply
                .send(Err(DomainError::from(ErrorCode::InvalidToken).into()))
                .expect("answered");
            let response = second.await.expect("task").expect("infallible");
            assert_eq!(response.status(), 401);
            assert_eq!(sessions.get("token-7", 0), None);
        }
    }
}
