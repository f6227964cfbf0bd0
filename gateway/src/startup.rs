//! Assembling and running the gateway: the router (routes, the cache and authentication
//! layers of the API routers), the edge around it ([`crate::edge`], which also traces), readiness,
//! and the [`Application`] that serves it through [`crate::server`].

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use sise_platform::bus::Bus;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;
use utoipa::openapi::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::api;
use crate::auth::{Authenticate, SessionCache};
use crate::boards::BoardHub;
use crate::browser;
use crate::cache::{Cache, ResponseCache};
use crate::config::{GatewayConfig, Limits};
use crate::edge::{self, Edge};
use crate::error::{self, ApiError};
use crate::feed;
use crate::hosts::HostMap;
use crate::intercept::InterceptLayer;
use crate::limits::{RateLimit, StreamSlots};
use crate::openapi;
use crate::realtime::QuoteHub;
use crate::server::{self, Drain};
use crate::state::{AppState, Shared};
use crate::upstream::Clients;
use crate::webapp;

/// The OpenAPI document of the three hosts' routes, with host-relative paths.
pub fn api_document() -> OpenApi {
    let parts = api::hosts()
        .into_iter()
        .map(|(kind, routes)| {
            let router = routes
                .into_iter()
                .fold(OpenApiRouter::<AppState>::new(), OpenApiRouter::routes);
            (kind, router.split_for_parts().1)
        })
        .collect();
    openapi::document(parts)
}

/// The three hosts' API routes, each at its host's internal prefix (`/main/api/v1/quotes`),
/// under its host's authentication and the response cache. Flat rather than one nested
/// router per host: `nest` rebuilt every request's URI to strip the prefix.
fn api_routes(state: &AppState) -> Router {
    let mut router = Router::new();
    for (kind, routes) in api::hosts() {
        let authenticate = InterceptLayer(Authenticate {
            kind,
            clients: state.clients.clone(),
            sessions: state.sessions.clone(),
        });
        // Inside authentication; after routing, as the cache needs the matched route.
        let cache = InterceptLayer(Cache(state.cache.clone()));
        for (_, paths, route) in routes {
            let mut route = route.layer(cache.clone()).layer(authenticate.clone());
            if let Some(limit) = paths.paths.keys().find_map(|path| api::body_limit(path)) {
                route = route.layer(limit);
            }
            for path in paths.paths.keys() {
                router = router.route(&format!("{}{path}", kind.prefix()), route.clone());
            }
        }
    }
    router
        .method_not_allowed_fallback(error::method_not_allowed)
        .with_state(state.clone())
}

/// The routes: APIs (each host's under its internal prefix), health, OpenAPI and the webapp.
pub fn app(config: &GatewayConfig, state: AppState, readiness: Readiness) -> Router {
    let api = api_routes(&state);
    let doc_json = serde_json::to_value(api_document()).unwrap_or_default();
    // The rate limit and the request timeout are the edge's ([`crate::edge`]), which
    // leaves the probes out of both.
    Router::new()
        .route(edge::HEALTHZ, get(healthz))
        .route(edge::READYZ, get(readyz).with_state(readiness))
        .merge(api.clone())
        .route("/", get(|| async { Redirect::permanent("/m") }))
        .route("/openapi.json", get(move || async move { Json(doc_json) }))
        .merge(webapp::router(config, api))
        // The API's routes have theirs; this gives the probes, `/openapi.json` and the
        // webapp's pages the same JSON 405.
        .method_not_allowed_fallback(error::method_not_allowed)
        .route_layer(edge::MatchedRoute)
        .fallback(error::not_found)
}

/// Liveness: the process answers. A fixed body, built without serialising anything.
async fn healthz() -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        r#"{"status":"ok"}"#,
    )
        .into_response()
}

/// What `/readyz` looks at.
#[derive(Clone)]
pub struct Readiness {
    pub drain: Drain,
    pub bus: Bus,
    pub clients: Clients,
    pub sessions: SessionCache,
}

/// Ready while the process can serve: 503 only once shutdown began (so load balancers stop
/// sending while in-flight requests drain). The bus and the upstreams are reported, not
/// gating: without the bus only live quotes stop, and a down upstream fails only its own
/// routes, which another gateway replica could not serve either. `refused` lists what the
/// NATS server refuses this gateway (e.g. the revocations' subscription); `sessions` is
/// `cached` while revocations are heard, else `uncached` (every signed-in request asks
/// identity).
pub(crate) async fn readyz(State(readiness): State<Readiness>) -> Response {
    if readiness.drain.is_draining() {
        let mut response =
            ApiError(sise_platform::error::DomainError::unavailable()).into_response();
        *response.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
        return response;
    }
    let upstreams = readiness.clients.health().await;
    let bus = if readiness.bus.is_ready() {
        "up"
    } else {
        "down"
    };
    let refused: Vec<String> = readiness
        .bus
        .refused()
        .iter()
        .map(ToString::to_string)
        .collect();
    let sessions = if readiness.sessions.is_listening() {
        "cached"
    } else {
        "uncached"
    };
    let degraded = bus != "up"
        || !refused.is_empty()
        || upstreams.iter().any(|(_, status)| *status != "serving");
    if degraded {
        tracing::warn!(bus, ?refused, sessions, ?upstreams, "degraded");
    }
    let body = serde_json::json!({
        "status": if degraded { "degraded" } else { "ready" },
        "bus": bus,
        "refused": refused,
        "sessions": sessions,
        "upstreams": upstreams.into_iter().collect::<serde_json::Map<_, _>>(),
    });
    (StatusCode::OK, Json(body)).into_response()
}

pub struct Application {
    listener: TcpListener,
    service: Edge<Router>,
    state: AppState,
    bus: Bus,
    limits: Limits,
    drain: Drain,
    /// `gateway.metrics_listen`: the internal port `/metrics` is read on.
    metrics: Option<TcpListener>,
}

impl Application {
    pub async fn build(config: GatewayConfig, bus: Bus) -> anyhow::Result<Self> {
        let member_key = sise_platform::member::MemberKey::configured(
            config.member_key.as_ref(),
            "gateway.member_key",
        )?;
        let state = AppState::new(Shared {
            member_key,
            clients: Clients::connect(&config.upstreams)?,
            quotes: QuoteHub::new(&config.quotes),
            boards: BoardHub::default(),
            cache: ResponseCache::new(&config.cache),
            sessions: SessionCache::new(&config.sessions),
            streams: StreamSlots::new(&config.limits),
            uploads: Arc::new(Semaphore::new(config.limits.max_uploads)),
            rate_limit: RateLimit::new(&config.limits),
            telemetry_limit: RateLimit::telemetry(&config.limits),
            telemetry_body_timeout: std::time::Duration::from_millis(
                config.limits.telemetry_body_timeout_ms,
            ),
            bus: bus.clone(),
            shutdown: CancellationToken::new(),
        });
        let drain = Drain::default();
        let readiness = Readiness {
            drain: drain.clone(),
            bus: bus.clone(),
            clients: state.clients.clone(),
            sessions: state.sessions.clone(),
        };
        let app = app(&config, state.clone(), readiness);
        let edge = Edge::new(
            app,
            browser::cors(&config),
            HostMap {
                hosts: config.hosts.clone(),
                single_origin: config.single_origin,
            },
            state.rate_limit.clone(),
            config.limits.request_timeout(),
            browser::security_headers(&config),
        );
        let listener = TcpListener::bind(config.listen).await?;
        let metrics = match config.metrics_listen {
            Some(addr) => Some(TcpListener::bind(addr).await?),
            None => None,
        };
        Ok(Self {
            listener,
            service: edge,
            state,
            bus,
            limits: config.limits,
            drain,
            metrics,
        })
    }

    pub fn local_addr(&self) -> anyhow::Result<SocketAddr> {
        Ok(self.listener.local_addr()?)
    }

    /// Where `/metrics` is read, when `gateway.metrics_listen` names a port.
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics.as_ref().and_then(|l| l.local_addr().ok())
    }

    /// The live-quote hub (tests check that it holds no more than open streams watch).
    pub fn quote_hub(&self) -> QuoteHub {
        self.state.quotes.clone()
    }

    /// The live-board hub (tests check that it holds no more than open streams watch).
    pub fn board_hub(&self) -> BoardHub {
        self.state.boards.clone()
    }

    pub async fn run_until_stopped(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let feed = tokio::spawn(feed::run(
            self.bus.clone(),
            self.state.quotes.clone(),
            self.state.boards.clone(),
            self.state.cache.clone(),
            self.state.sessions.clone(),
            self.state.shutdown.clone(),
        ));
        let sweeper = tokio::spawn(
            self.state
                .rate_limit
                .clone()
                .run_sweeper(self.state.shutdown.clone()),
        );
        let telemetry_sweeper = tokio::spawn(
            self.state
                .telemetry_limit
                .clone()
                .run_sweeper(self.state.shutdown.clone()),
        );
        // The internal port: never the public listener, never behind the edge.
        let metrics = self.metrics.map(|listener| {
            let stop = self.state.shutdown.clone();
            let router = Router::new().route(
                "/metrics",
                get(|| async {
                    (
                        [(header::CONTENT_TYPE, sise_platform::metrics::CONTENT_TYPE)],
                        sise_platform::metrics::render(),
                    )
                }),
            );
            tokio::spawn(async move {
                let served = axum::serve(listener, router)
                    .with_graceful_shutdown(async move { stop.cancelled().await });
                if let Err(error) = served.await {
                    tracing::warn!(%error, "metrics listener stopped");
                }
            })
        });
        server::serve(
            self.listener,
            self.service,
            &self.limits,
            self.drain,
            self.state.shutdown.clone(),
            shutdown,
        )
        .await;
        self.state.shutdown.cancel();
        let _ = feed.await;
        let _ = sweeper.await;
        let _ = telemetry_sweeper.await;
        if let Some(metrics) = metrics {
            let _ = metrics.await;
        }
        Ok(())
    }
}
