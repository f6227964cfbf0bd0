//! The edge: what every request passes before routing, as one service instead of a stack
//! of layers (each `from_fn` layer boxed a future and cloned the router per request; the
//! read-path bench measured the stack at about a fifth of a cached read's CPU).
//!
//! In order:
//! 1. host mapping ([`HostMap::map`]): an API host's path moves under its internal prefix;
//! 2. the probes (`/healthz`, `/readyz`) go straight to the router: a kubelet or load
//!    balancer calls them from one address, so they are neither rate-limited nor timed;
//! 3. everything else: the per-client rate limit (429), then the request timeout around
//!    routing and the handler (until the response head; a stream's body is not timed);
//! 4. CORS only for a request that carries `Origin` (a same-origin or non-browser request
//!    has nothing to negotiate; the CORS layer would still add `Vary` headers);
//! 5. the security headers on every response, refusals included.

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};
use std::time::Duration;

use axum::extract::Request;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use pin_project_lite::pin_project;
use sise_platform::error::ErrorCode;
use tokio::time::Sleep;
use tower::Service;
use tower_http::cors::{Cors, CorsLayer};

use crate::browser::SecurityHeaders;
use crate::error::ApiError;
use crate::hosts::HostMap;
use crate::limits::{self, ClientIp, RateLimit};

/// Liveness and readiness (the router's routes too): never rate-limited or timed.
pub const HEALTHZ: &str = "/healthz";
pub const READYZ: &str = "/readyz";
const PROBES: [&str; 2] = [HEALTHZ, READYZ];

/// The edge around the gateway's router (see the module note).
#[derive(Clone)]
pub struct Edge<S> {
    router: S,
    cors: Cors<S>,
    hosts: Arc<HostMap>,
    rate_limit: RateLimit,
    timeout: Duration,
    headers: SecurityHeaders,
}

impl<S: Clone> Edge<S> {
    pub fn new(
        router: S,
        cors: CorsLayer,
        hosts: HostMap,
        rate_limit: RateLimit,
        timeout: Duration,
        headers: SecurityHeaders,
    ) -> Self {
        Self {
            cors: tower::Layer::layer(&cors, router.clone()),
            router,
            hosts: Arc::new(hosts),
            rate_limit,
            timeout,
            headers,
        }
    }
}

impl<S> Service<Request> for Edge<S>
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone,
{
    type Response = Response;
    type Error = Infallible;
    type Future = EdgeFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        ready!(self.router.poll_ready(cx))?;
        self.cors.poll_ready(cx)
    }

    fn call(&mut self, mut request: Request) -> Self::Future {
        let headers = self.headers.clone();
        if let Err(code) = self.hosts.map(&mut request) {
            return EdgeFuture::answered(ApiError::from(code).into_response(), headers);
        }
        let probe = PROBES.contains(&request.uri().path());
        if !probe {
            let client = request
                .extensions()
                .get::<ClientIp>()
                .copied()
                .unwrap_or(ClientIp(std::net::Ipv4Addr::UNSPECIFIED.into()));
            if let Err(wait) = self.rate_limit.check(client) {
                tracing::debug!(client = %client.0, ?wait, "rate limited");
                let refusal = limits::too_many(ErrorCode::TooManyRequests, wait);
                return EdgeFuture::answered(refusal, headers);
            }
        }
        let inner = if request.headers().contains_key(header::ORIGIN) {
            Inner::Cors {
                future: self.cors.call(request),
            }
        } else {
            Inner::Plain {
                future: self.router.call(request),
            }
        };
        EdgeFuture {
            inner,
            deadline: (!probe).then(|| tokio::time::sleep(self.timeout)),
            headers,
        }
    }
}

pin_project! {
    /// The routed request (or the edge's own answer), under the timeout, then the headers.
    pub struct EdgeFuture<F> {
        #[pin]
        inner: Inner<F>,
        #[pin]
        deadline: Option<Sleep>,
        headers: SecurityHeaders,
    }
}

pin_project! {
    #[project = InnerProj]
    enum Inner<F> {
        Plain { #[pin] future: F },
        Cors { #[pin] future: tower_http::cors::ResponseFuture<F> },
        Answered { response: Option<Response> },
    }
}

impl<F> EdgeFuture<F> {
    fn answered(response: Response, headers: SecurityHeaders) -> Self {
        Self {
            inner: Inner::Answered {
                response: Some(response),
            },
            deadline: None,
            headers,
        }
    }
}

impl<F> Future for EdgeFuture<F>
where
    F: Future<Output = Result<Response, Infallible>>,
{
    type Output = Result<Response, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let answer = match this.inner.project() {
            InnerProj::Plain { future } => future.poll(cx),
            InnerProj::Cors { future } => future.poll(cx),
            InnerProj::Answered { response } => Poll::Ready(Ok(response
                .take()
                .unwrap_or_else(|| ApiError::from(ErrorCode::Internal).into_response()))),
        };
        let mut response = match answer {
            Poll::Ready(Ok(response)) => response,
            Poll::Ready(Err(never)) => match never {},
            Poll::Pending => {
                let timed_out = this
                    .deadline
                    .as_pin_mut()
                    .is_some_and(|deadline| deadline.poll(cx).is_ready());
                if !timed_out {
                    return Poll::Pending;
                }
                tracing::warn!("request timed out");
                ApiError::from(ErrorCode::RequestTimeout).into_response()
            }
        };
        this.headers.apply(&mut response);
        Poll::Ready(Ok(response))
    }
}
