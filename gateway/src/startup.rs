//! Assembling and running the gateway.

use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect};
use axum::routing::get;
use axum::{Json, middleware};
use sise_platform::bus::Bus;
use sise_platform::telemetry::extract_context;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tower::Layer;
use tower_http::trace::TraceLayer;
use tracing_opentelemetry::OpenTelemetrySpanExt;
use utoipa::openapi::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::api;
use crate::auth;
use crate::config::GatewayConfig;
use crate::error::{self, ApiError};
use crate::hosts::{self, HostKind, HostMap};
use crate::openapi;
use crate::realtime::QuoteHub;
use crate::state::AppState;
use crate::upstream::Clients;
use crate::webapp;

/// How often a live stream flushes coalesced quotes.
const COALESCE_INTERVAL: Duration = Duration::from_millis(250);

/// The API routers of the three hosts and the OpenAPI document they describe.
pub fn api_routers() -> (Vec<(HostKind, Router<AppState>)>, OpenApi) {
    let parts = [
        (HostKind::Main, api::main_router()),
        (HostKind::Social, api::social_router()),
        (HostKind::MobileWeb, api::mobile_web_router()),
    ];
    let mut routers = Vec::new();
    let mut docs = Vec::new();
    for (kind, router) in parts {
        let (router, doc) = OpenApiRouter::<AppState>::new()
            .merge(router)
            .split_for_parts();
        routers.push((kind, router));
        docs.push((kind, doc));
    }
    (routers, openapi::document(docs))
}

/// The whole HTTP application: host mapping, APIs, health, OpenAPI and the webapp.
pub fn app(config: &GatewayConfig, state: AppState, bus: Bus) -> Router {
    let (routers, doc) = api_routers();
    let mut app = Router::new();
    for (kind, router) in routers {
        let router = router
            .fallback(error::not_found)
            .method_not_allowed_fallback(error::method_not_allowed)
            .layer(middleware::from_fn_with_state(
                (kind, state.clients.clone()),
                auth::authenticate,
            ))
            .with_state(state.clone());
        app = app.nest(kind.prefix(), router);
    }
    let doc_json = serde_json::to_value(&doc).unwrap_or_default();
    app.route("/", get(|| async { Redirect::permanent("/m") }))
        .route(
            "/healthz",
            get(|| async { Json(serde_json::json!({"status": "ok"})) }),
        )
        .route(
            "/readyz",
            get(readyz).with_state((state.clients.clone(), bus)),
        )
        .route("/openapi.json", get(move || async move { Json(doc_json) }))
        .merge(webapp::router(&config.webapp_dir))
        .fallback(error::not_found)
        .layer(TraceLayer::new_for_http().make_span_with(http_span))
}

fn http_span(request: &Request) -> tracing::Span {
    let span = tracing::info_span!(
        "http.request",
        otel.kind = "server",
        otel.name = %format!("{} {}", request.method(), request.uri().path()),
        http.request.method = %request.method(),
        url.path = %request.uri().path(),
    );
    let _ = span.set_parent(extract_context(request.headers()));
    span
}

async fn readyz(State((clients, bus)): State<(Clients, Bus)>) -> impl IntoResponse {
    let failing = clients.unhealthy().await;
    if bus.is_ready() && failing.is_empty() {
        (StatusCode::OK, Json(serde_json::json!({"status": "ready"}))).into_response()
    } else {
        tracing::warn!(?failing, bus = bus.is_ready(), "not ready");
        let mut response =
            ApiError(sise_platform::error::DomainError::unavailable()).into_response();
        *response.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
        response
    }
}

pub struct Application {
    listener: TcpListener,
    app: Router,
    state: AppState,
    bus: Bus,
    host_map: HostMap,
}

impl Application {
    pub async fn build(config: GatewayConfig, bus: Bus) -> anyhow::Result<Self> {
        let state = AppState {
            clients: Clients::connect(&config.upstreams)?,
            quotes: QuoteHub::new(COALESCE_INTERVAL),
            shutdown: CancellationToken::new(),
        };
        let app = app(&config, state.clone(), bus.clone());
        let listener = TcpListener::bind(config.listen).await?;
        Ok(Self {
            listener,
            app,
            state,
            bus,
            host_map: HostMap {
                hosts: config.hosts,
                single_origin: config.single_origin,
            },
        })
    }

    pub fn local_addr(&self) -> anyhow::Result<SocketAddr> {
        Ok(self.listener.local_addr()?)
    }

    pub async fn run_until_stopped(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let hub = tokio::spawn(
            self.state
                .quotes
                .clone()
                .run(self.bus.clone(), self.state.shutdown.clone()),
        );
        // Host mapping rewrites the path, so it must wrap the router rather than be a
        // route layer (those run after routing).
        let service =
            middleware::from_fn_with_state(self.host_map, hosts::map_hosts).layer(self.app);
        let cancel = self.state.shutdown.clone();
        let result = axum::serve(
            self.listener,
            axum::ServiceExt::<Request>::into_make_service(service),
        )
        .with_graceful_shutdown(async move {
            shutdown.await;
            cancel.cancel();
        })
        .await;
        self.state.shutdown.cancel();
        let _ = hub.await;
        Ok(result?)
    }
}
