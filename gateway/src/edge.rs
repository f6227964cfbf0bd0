//! The edge: what every request passes before routing, as one service instead of a stack
//! of layers (each `from_fn` layer boxed a future and cloned the router per request; the
//! read-path bench measured the stack at about a fifth of a cached read's CPU).
//!
//! In order:
//! 0. the request's trace span (`http.request`, a child of the caller's W3C context), entered
//!    while the request is routed and handled and closed with the response head (a stream's
//!    body is not timed), its status code recorded and a 5xx logged;
//! 1. host mapping ([`HostMap::map`]): an API host's path moves under its internal prefix;
//! 2. the probes (`/healthz`, `/readyz`) go straight to the router: a kubelet or load
//!    balancer calls them from one address, so they are neither rate-limited nor timed;
//! 3. everything else: the per-client rate limit (429), then the request timeout around
//!    routing and the handler (until the response head; a stream's body is not timed);
//! 4. CORS only for a request that carries `Origin` (a same-origin or non-browser request
//!    has nothing to negotiate; the CORS layer would still add `Vary` headers);
//! 5. the security headers on every response, refusals included;
//! 6. the request's duration (`http.server.request.duration`, to the response head) by
//!    method, route template and status code. The template is the one the router matched,
//!    which [`MatchedRoute`] (a route layer on every route) hands back on the response;
//!    anything the router did not match (a 404, the edge's own refusals) is `unmatched`, so
//!    no raw path becomes a label.

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::extract::{MatchedPath, Request};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use opentelemetry::KeyValue;
use opentelemetry::metrics::Histogram;
use pin_project_lite::pin_project;
use sise_platform::error::ErrorCode;
use sise_platform::metrics::{self, SECONDS_BUCKETS};
use sise_platform::telemetry::{extract_context, record_ids};
use tokio::time::Sleep;
use tower::Service;
use tower_http::cors::CorsLayer;
use tracing::Span;
use tracing::field::Empty;
use tracing_opentelemetry::OpenTelemetrySpanExt;

use crate::browser::SecurityHeaders;
use crate::error::ApiError;
use crate::hosts::HostMap;
use crate::limits::{self, ClientIp, RateLimit};

/// Liveness and readiness (the router's routes too): never rate-limited or timed.
pub const HEALTHZ: &str = "/healthz";
pub const READYZ: &str = "/readyz";
const PROBES: [&str; 2] = [HEALTHZ, READYZ];

/// The edge around the gateway's router (see the module note). The server clones it for
/// every request, so everything but the router sits behind one reference count.
#[derive(Clone)]
pub struct Edge<S> {
    router: S,
    shared: Arc<Shared>,
}

struct Shared {
    cors: CorsLayer,
    hosts: HostMap,
    rate_limit: RateLimit,
    timeout: Duration,
    headers: SecurityHeaders,
    duration: Histogram<f64>,
}

impl<S> Edge<S> {
    pub fn new(
        router: S,
        cors: CorsLayer,
        hosts: HostMap,
        rate_limit: RateLimit,
        timeout: Duration,
        headers: SecurityHeaders,
    ) -> Self {
        Self {
            router,
            shared: Arc::new(Shared {
                cors,
                hosts,
                rate_limit,
                timeout,
                headers,
                duration: metrics::meter()
                    .f64_histogram("http.server.request.duration")
                    .with_unit("s")
                    .with_description("HTTP requests served, to the response head")
                    .with_boundaries(SECONDS_BUCKETS.to_vec())
                    .build(),
            }),
        }
    }
}

/// The request's span. A span nobody records (log level above info, no exporter) is
/// disabled and costs nothing more.
fn http_span(request: &Request) -> Span {
    let span = tracing::info_span!(
        "http.request",
        otel.kind = "server",
        otel.name = %format!("{} {}", request.method(), request.uri().path()),
        otel.status_code = Empty,
        http.request.method = %request.method(),
        url.path = %request.uri().path(),
        http.response.status_code = Empty,
        trace_id = Empty,
        span_id = Empty,
    );
    if !span.is_disabled() {
        let _ = span.set_parent(extract_context(request.headers()));
        record_ids(&span);
    }
    span
}

impl<S> Service<Request> for Edge<S>
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone,
{
    type Response = Response;
    type Error = Infallible;
    type Future = EdgeFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.router.poll_ready(cx)
    }

    fn call(&mut self, mut request: Request) -> Self::Future {
        let span = http_span(&request);
        let method = method_label(request.method());
        let shared = self.shared.clone();
        if let Err(code) = shared.hosts.map(&mut request) {
            return EdgeFuture::answered(
                ApiError::from(code).into_response(),
                shared,
                span,
                method,
            );
        }
        let probe = PROBES.contains(&request.uri().path());
        if !probe {
            let client = request
                .extensions()
                .get::<ClientIp>()
                .copied()
                .unwrap_or(ClientIp(std::net::Ipv4Addr::UNSPECIFIED.into()));
            if let Err(wait) = shared.rate_limit.check(client) {
                tracing::debug!(parent: &span, client = %client.0, ?wait, "rate limited");
                let refusal = limits::too_many(ErrorCode::TooManyRequests, wait);
                return EdgeFuture::answered(refusal, shared, span, method);
            }
        }
        let inner = {
            let _entered = span.enter();
            if request.headers().contains_key(header::ORIGIN) {
                // Built per request: a clone of the router and the CORS rules, for the
                // cross-origin requests alone.
                let mut cors = tower::Layer::layer(&shared.cors, self.router.clone());
                Inner::Cors {
                    future: cors.call(request),
                }
            } else {
                Inner::Plain {
                    future: self.router.call(request),
                }
            }
        };
        EdgeFuture {
            inner,
            deadline: (!probe).then(|| tokio::time::sleep(shared.timeout)),
            shared,
            span,
            started: Instant::now(),
            method,
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
        shared: Arc<Shared>,
        span: Span,
        started: Instant,
        method: &'static str,
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
    fn answered(response: Response, shared: Arc<Shared>, span: Span, method: &'static str) -> Self {
        Self {
            inner: Inner::Answered {
                response: Some(response),
            },
            deadline: None,
            shared,
            span,
            started: Instant::now(),
            method,
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
        let _entered = this.span.enter();
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
        this.shared.headers.apply(&mut response);
        let status = response.status();
        // An integer, not the string a u16 is exported as.
        this.span
            .record("http.response.status_code", i64::from(status.as_u16()));
        if status.is_server_error() {
            this.span.record("otel.status_code", "ERROR");
            tracing::error!(status = status.as_u16(), "server error");
        }
        let route = response
            .extensions()
            .get::<MatchedPath>()
            .map_or(UNMATCHED, |matched| matched.as_str());
        this.shared.duration.record(
            this.started.elapsed().as_secs_f64(),
            &[
                KeyValue::new("http.request.method", *this.method),
                KeyValue::new("http.route", route.to_owned()),
                KeyValue::new("http.response.status_code", i64::from(status.as_u16())),
            ],
        );
        Poll::Ready(Ok(response))
    }
}

/// The route label of a request the router did not match.
const UNMATCHED: &str = "unmatched";

/// A method as a label: the standard ones, any other `_OTHER` (OTel's HTTP conventions).
fn method_label(method: &axum::http::Method) -> &'static str {
    use axum::http::Method;
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => "_OTHER",
    }
}

/// A route layer that hands the matched route's template back on the response, where the
/// edge reads it (the router sets [`MatchedPath`] on the request only).
#[derive(Clone, Copy, Default)]
pub struct MatchedRoute;

impl<S> tower::Layer<S> for MatchedRoute {
    type Service = MatchedRouteService<S>;

    fn layer(&self, inner: S) -> Self::Service {
        MatchedRouteService { inner }
    }
}

#[derive(Clone)]
pub struct MatchedRouteService<S> {
    inner: S,
}

impl<S> Service<Request> for MatchedRouteService<S>
where
    S: Service<Request, Response = Response, Error = Infallible>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = MatchedRouteFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let matched = request.extensions().get::<MatchedPath>().cloned();
        MatchedRouteFuture {
            inner: self.inner.call(request),
            matched,
        }
    }
}

pin_project! {
    pub struct MatchedRouteFuture<F> {
        #[pin]
        inner: F,
        matched: Option<MatchedPath>,
    }
}

impl<F> Future for MatchedRouteFuture<F>
where
    F: Future<Output = Result<Response, Infallible>>,
{
    type Output = Result<Response, Infallible>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let Ok(mut response) = std::task::ready!(this.inner.poll(cx));
        if let Some(matched) = this.matched.take() {
            response.extensions_mut().insert(matched);
        }
        Poll::Ready(Ok(response))
    }
}
