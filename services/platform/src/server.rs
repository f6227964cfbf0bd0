//! Running a domain service: gRPC, gRPC health and plain HTTP `/healthz`, `/readyz` and
//! `/metrics` (Prometheus text, `crate::metrics`; gRPC calls timed per method) on one
//! port (HTTP/1.1 and h2c), with graceful shutdown.
//!
//! Readiness is what the process needs to answer reads: its database (and whatever the
//! service adds, e.g. market's quote board). The bus is not part of it: NATS down (or a
//! subscription the server refused, `crate::bus::Bus::degraded`) degrades events only, so
//! it is logged when it changes and `/readyz` says `ready (bus degraded: …)` instead of
//! taking the service out of rotation. gRPC health follows the same check, re-evaluated every `health_interval_ms`,
//! for the process (`""`) and each served gRPC service; it turns NOT_SERVING as soon as
//! shutdown starts. Shutdown then drains in-flight requests for at most
//! `drain_timeout_secs` and closes whatever is still open (a long stream must not hold the
//! process).

use std::future::{Future, IntoFuture as _};
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::Router;
use axum::http::StatusCode;
use axum::routing::get;
use tokio::net::TcpListener;
use tokio::sync::Mutex;
use tonic_health::ServingStatus;
use tonic_health::server::HealthReporter;
use tower_http::trace::TraceLayer;

use crate::bus::Bus;
use crate::config::ServiceConfig;
use crate::db::{Database, Migrations};
use crate::metrics::{self, grpc::GrpcMetrics};
use crate::telemetry::grpc_server_span;
use secrecy::ExposeSecret;

/// A readiness probe: database reachable, data loaded.
pub type ReadyCheck = Arc<dyn Fn() -> Pin<Box<dyn Future<Output = bool> + Send>> + Send + Sync>;

/// How a service's server reports health and stops (keys of its `services.{name}` section).
#[derive(Clone, Debug)]
pub struct ServerSettings {
    /// How often gRPC health re-evaluates the readiness check.
    pub health_interval: Duration,
    /// How long shutdown waits for in-flight requests before closing them.
    pub drain_timeout: Duration,
}

impl Default for ServerSettings {
    fn default() -> Self {
        Self::from(&ServiceConfig::default_settings())
    }
}

impl From<&ServiceConfig> for ServerSettings {
    fn from(config: &ServiceConfig) -> Self {
        Self {
            health_interval: Duration::from_millis(config.health_interval_ms.max(1)),
            drain_timeout: Duration::from_secs(config.drain_timeout_secs),
        }
    }
}

/// A bound listener, the name of the service that listens on it and the settings of its
/// server.
pub struct Listener {
    listener: TcpListener,
    service: &'static str,
    settings: ServerSettings,
}

impl Listener {
    pub fn new(listener: TcpListener, service: &'static str, settings: ServerSettings) -> Self {
        Self {
            listener,
            service,
            settings,
        }
    }

    pub fn local_addr(&self) -> std::io::Result<std::net::SocketAddr> {
        self.listener.local_addr()
    }
}

/// Bind a service's listener, naming the address on failure.
pub async fn bind(addr: std::net::SocketAddr) -> anyhow::Result<TcpListener> {
    use anyhow::Context;
    TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))
}

/// What every service opens first: its migrated database (`config.database_url`, by default
/// `{data_dir}/{name}.db`) and its listener.
pub async fn open(
    config: &ServiceConfig,
    data_dir: &std::path::Path,
    name: &'static str,
    migrations: &Migrations,
) -> anyhow::Result<(Database, Listener)> {
    let url = config.database_url(data_dir, name);
    let db = Database::connect(url.expose_secret(), migrations).await?;
    if db.backend == crate::db::Backend::Sqlite {
        crate::metrics::db::observe_filesystem(data_dir.to_path_buf());
    }
    let listener = bind(config.listen).await?;
    Ok((
        db,
        Listener::new(listener, name, ServerSettings::from(config)),
    ))
}

/// The usual readiness: the database answers. The bus's state is logged when it changes
/// (see the module doc for why it does not count).
pub fn ready_check(db: Database, bus: Bus) -> ReadyCheck {
    let bus_up = Arc::new(AtomicBool::new(true));
    let refused = Arc::new(std::sync::Mutex::new(String::new()));
    Arc::new(move || {
        let (db, bus, bus_up, refused) = (db.clone(), bus.clone(), bus_up.clone(), refused.clone());
        Box::pin(async move {
            let up = bus.is_ready();
            if bus_up.swap(up, Ordering::Relaxed) != up {
                if up {
                    tracing::info!(bus = bus.kind(), "bus connected again: live events resume");
                } else {
                    tracing::warn!(
                        bus = bus.kind(),
                        live_dropped = bus.live_dropped(),
                        "bus disconnected: live events are dropped, reads keep being served"
                    );
                }
            }
            {
                let now = bus_refusals(&bus);
                let mut last = refused.lock().unwrap_or_else(|p| p.into_inner());
                if *last != now {
                    if now.is_empty() {
                        tracing::info!("the bus refuses nothing any more");
                    } else {
                        tracing::error!(refused = %now, "bus degraded: the server refuses this process");
                    }
                    *last = now;
                }
            }
            db.ping().await
        })
    })
}

fn bus_refusals(bus: &Bus) -> String {
    bus.refused()
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// What gRPC health reports, and whether shutdown has begun (after which nothing turns
/// it back to SERVING).
struct Health {
    reporter: HealthReporter,
    names: Vec<&'static str>,
    state: Mutex<HealthState>,
}

struct HealthState {
    serving: bool,
    stopping: bool,
}

impl Health {
    async fn set_all(&self, serving: bool) {
        let status = if serving {
            ServingStatus::Serving
        } else {
            ServingStatus::NotServing
        };
        for name in &self.names {
            self.reporter.set_service_status(*name, status).await;
        }
    }

    /// Records a readiness result, unless shutdown has begun.
    async fn update(&self, ready: bool) {
        let mut state = self.state.lock().await;
        if state.stopping || state.serving == ready {
            return;
        }
        state.serving = ready;
        if ready {
            tracing::info!("ready: health SERVING");
        } else {
            tracing::warn!("not ready: health NOT_SERVING");
        }
        self.set_all(ready).await;
    }

    async fn stop(&self) {
        let mut state = self.state.lock().await;
        state.stopping = true;
        state.serving = false;
        self.set_all(false).await;
    }

    async fn is_stopping(&self) -> bool {
        self.state.lock().await.stopping
    }
}

/// `GET /metrics`: the process's metrics in Prometheus's text format.
async fn metrics_text() -> impl axum::response::IntoResponse {
    (
        [(axum::http::header::CONTENT_TYPE, metrics::CONTENT_TYPE)],
        metrics::render(),
    )
}

/// Serve `routes` until `shutdown` resolves, then drain in-flight requests (at most the
/// listener's drain timeout).
///
/// gRPC health reports on the process (`""`) and on each name in `served`: the gRPC
/// services `routes` really holds, and no other. It follows `ready` (see the module doc);
/// `/readyz` also says when `bus` is degraded.
pub async fn serve(
    listener: Listener,
    served: &[&'static str],
    routes: tonic::service::Routes,
    ready: ReadyCheck,
    bus: Bus,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let Listener {
        listener, settings, ..
    } = listener;
    let (reporter, health_service) = tonic_health::server::health_reporter();
    // The real state before the first request, not an optimistic SERVING.
    let serving = ready().await;
    let health = Arc::new(Health {
        reporter,
        names: served.iter().copied().chain([""]).collect(),
        state: Mutex::new(HealthState {
            serving,
            stopping: false,
        }),
    });
    health.set_all(serving).await;

    let watcher = tokio::spawn({
        let (health, ready) = (health.clone(), ready.clone());
        async move {
            loop {
                tokio::time::sleep(settings.health_interval).await;
                if health.is_stopping().await {
                    return;
                }
                health.update(ready().await).await;
            }
        }
    });

    let grpc = routes
        .add_service(health_service)
        .into_axum_router()
        .layer(GrpcMetrics::new(
            served.iter().copied().chain(["grpc.health.v1.Health"]),
        ))
        .layer(TraceLayer::new_for_grpc().make_span_with(grpc_server_span));
    let probe_health = health.clone();
    let app = Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route("/metrics", get(metrics_text))
        .route(
            "/readyz",
            get(move || {
                let (ready, health, bus) = (ready.clone(), probe_health.clone(), bus.clone());
                async move {
                    if !health.is_stopping().await && ready().await {
                        match bus.degraded() {
                            None => (StatusCode::OK, "ready".to_owned()),
                            Some(why) => (StatusCode::OK, format!("ready (bus degraded: {why})")),
                        }
                    } else {
                        (StatusCode::SERVICE_UNAVAILABLE, "not ready".to_owned())
                    }
                }
            }),
        )
        .merge(grpc);

    let draining = tokio_util::sync::CancellationToken::new();
    let signal = {
        let (health, draining) = (health.clone(), draining.clone());
        async move {
            shutdown.await;
            health.stop().await;
            tracing::info!("shutting down: health NOT_SERVING, draining in-flight requests");
            draining.cancel();
        }
    };
    let server = axum::serve(listener, app)
        .with_graceful_shutdown(signal)
        .into_future();
    let deadline = async {
        draining.cancelled().await;
        tokio::time::sleep(settings.drain_timeout).await;
    };
    let result = tokio::select! {
        result = server => result.map_err(anyhow::Error::from),
        () = deadline => {
            tracing::warn!(
                drain_timeout_secs = settings.drain_timeout.as_secs(),
                "drain deadline passed: closing the requests still open"
            );
            Ok(())
        }
    };
    watcher.abort();
    result
}

/// [`serve`] for a service whose readiness is its database; runs the service's outbox
/// relay meanwhile, and flushes it and closes the database's pool once the server has
/// drained.
pub async fn serve_with_database(
    listener: Listener,
    db: &Database,
    bus: Bus,
    served: &[&'static str],
    routes: tonic::service::Routes,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let server = Server {
        listener,
        served: served.to_vec(),
        routes,
    };
    serve_all_with_database(db, bus, vec![server], shutdown).await
}

/// One of a service's listeners and the gRPC services it serves.
pub struct Server {
    pub listener: Listener,
    pub served: Vec<&'static str>,
    pub routes: tonic::service::Routes,
}

/// [`serve_with_database`] for a service with more than one listener (e.g. identity's
/// members' port and its operators' listener): one shutdown for all of them, a failing one
/// stops the others, and the pool closes once every one has drained.
pub async fn serve_all_with_database(
    db: &Database,
    bus: Bus,
    servers: Vec<Server>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let Some(service) = servers.first().map(|s| s.listener.service) else {
        anyhow::bail!("a service with no listener");
    };
    let stop_relay = tokio_util::sync::CancellationToken::new();
    let relay = tokio::spawn(crate::outbox::relay(
        db.clone(),
        bus.clone(),
        service,
        stop_relay.clone(),
    ));
    let ready = ready_check(db.clone(), bus.clone());
    let stop = tokio_util::sync::CancellationToken::new();
    let signal = tokio::spawn({
        let stop = stop.clone();
        async move {
            shutdown.await;
            stop.cancel();
        }
    });
    let results = futures::future::join_all(servers.into_iter().map(|server| {
        let (ready, stop, bus) = (ready.clone(), stop.clone(), bus.clone());
        async move {
            let result = serve(
                server.listener,
                &server.served,
                server.routes,
                ready,
                bus,
                stop.clone().cancelled_owned(),
            )
            .await;
            stop.cancel();
            result
        }
    }))
    .await;
    signal.abort();
    stop_relay.cancel();
    let _ = relay.await;
    db.close().await;
    results.into_iter().collect()
}

/// Resolves on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}
