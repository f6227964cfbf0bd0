//! Running a domain service: gRPC, gRPC health and plain HTTP `/healthz` + `/readyz` on one
//! port (HTTP/1.1 and h2c), with graceful shutdown.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use axum::Router;
use axum::http::StatusCode;
use axum::routing::get;
use tokio::net::TcpListener;
use tower_http::trace::TraceLayer;

use crate::bus::Bus;
use crate::config::ServiceConfig;
use crate::db::{Database, Migrations};
use crate::telemetry::grpc_server_span;
use secrecy::ExposeSecret;

/// A readiness probe: database reachable, bus connected, data loaded.
pub type ReadyCheck = Arc<dyn Fn() -> Pin<Box<dyn Future<Output = bool> + Send>> + Send + Sync>;

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
    name: &str,
    migrations: &Migrations,
) -> anyhow::Result<(Database, TcpListener)> {
    let url = config.database_url(data_dir, name);
    let db = Database::connect(url.expose_secret(), migrations).await?;
    let listener = bind(config.listen).await?;
    Ok((db, listener))
}

/// The usual readiness: the database answers and the bus is connected.
pub fn ready_check(db: Database, bus: Bus) -> ReadyCheck {
    Arc::new(move || {
        let (db, bus) = (db.clone(), bus.clone());
        Box::pin(async move { bus.is_ready() && db.ping().await })
    })
}

/// Serve `routes` until `shutdown` resolves, then drain in-flight requests.
///
/// gRPC health reports SERVING for the process (`""`) and for each name in `served`: the
/// gRPC services `routes` really holds, and no other.
pub async fn serve(
    listener: TcpListener,
    served: &[&'static str],
    routes: tonic::service::Routes,
    ready: ReadyCheck,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let (reporter, health) = tonic_health::server::health_reporter();
    for name in served.iter().copied().chain([""]) {
        reporter
            .set_service_status(name, tonic_health::ServingStatus::Serving)
            .await;
    }
    let grpc = routes
        .add_service(health)
        .into_axum_router()
        .layer(TraceLayer::new_for_grpc().make_span_with(grpc_server_span));
    let app = Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route(
            "/readyz",
            get(move || {
                let ready = ready.clone();
                async move {
                    if ready().await {
                        (StatusCode::OK, "ready")
                    } else {
                        (StatusCode::SERVICE_UNAVAILABLE, "not ready")
                    }
                }
            }),
        )
        .merge(grpc);
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await?;
    Ok(())
}

/// [`serve`] for a service whose readiness is its database and the bus; closes the
/// database's pool once the server has drained.
pub async fn serve_with_database(
    listener: TcpListener,
    db: &Database,
    bus: Bus,
    served: &[&'static str],
    routes: tonic::service::Routes,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let ready = ready_check(db.clone(), bus);
    let result = serve(listener, served, routes, ready, shutdown).await;
    db.pool.close().await;
    result
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
