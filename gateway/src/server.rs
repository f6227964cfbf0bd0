//! The HTTP server loop: hyper with a timer, so the edge's time limits hold.
//!
//! - A connection cap: a semaphore permit per accepted connection; at the cap the loop stops
//!   accepting and further clients wait in the kernel's listen backlog.
//! - HTTP/1.1 with a header-read timeout, which also closes idle keep-alive connections
//!   (hyper starts it whenever it waits for the next request head). HTTP/2 ends at the load
//!   balancer: h2c would need a protocol sniff that has no timeout of its own.
//! - Every request carries the [`ClientIp`] it is counted under.
//! - Shutdown in three steps: [`Drain::begin`] at once (readiness answers 503), keep serving
//!   for `shutdown_delay` so load balancers notice, then stop accepting, end the live streams
//!   and give in-flight requests `drain_timeout` before their connections are dropped.

use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::Request;
use axum::response::Response;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;
use tokio_util::sync::CancellationToken;
use tower::ServiceExt;

use crate::config::Limits;
use crate::limits::ClientIp;

/// The shutdown state readiness reports: cancelled when shutdown begins.
#[derive(Clone, Default)]
pub struct Drain(CancellationToken);

impl Drain {
    pub fn begin(&self) {
        self.0.cancel();
    }

    pub fn is_draining(&self) -> bool {
        self.0.is_cancelled()
    }
}

/// Serve `service` on `listener` until `shutdown`, then drain (see the module note).
/// `streams` is cancelled when the listener closes, to end long-lived responses.
pub async fn serve<S>(
    listener: TcpListener,
    service: S,
    limits: &Limits,
    drain: Drain,
    streams: CancellationToken,
    shutdown: impl Future<Output = ()> + Send + 'static,
) where
    S: tower::Service<Request, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    let stop_accepting = CancellationToken::new();
    {
        let (drain, stop, delay) = (
            drain.clone(),
            stop_accepting.clone(),
            limits.shutdown_delay(),
        );
        tokio::spawn(async move {
            shutdown.await;
            drain.begin();
            tracing::info!(?delay, "shutting down: readiness off, still serving");
            tokio::time::sleep(delay).await;
            stop.cancel();
        });
    }

    let mut builder = auto::Builder::new(TokioExecutor::new()).http1_only();
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout())
        .keep_alive(true);
    let connections = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    let mut tasks = JoinSet::new();
    let hops = limits.trusted_proxy_hops;

    loop {
        let permit = tokio::select! {
            permit = connections.clone().acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break,
            },
            Some(_) = tasks.join_next() => continue,
            () = stop_accepting.cancelled() => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors and the like: back off instead of spinning.
                    tracing::warn!(%error, "accept failed");
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = stop_accepting.cancelled() => break,
        };
        let service = service.clone();
        let per_request = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
            let mut request = request.map(Body::new);
            let client = ClientIp::resolve(peer, request.headers(), hops);
            request.extensions_mut().insert(client);
            service.clone().oneshot(request)
        });
        let connection = builder
            .serve_connection(TokioIo::new(stream), per_request)
            .into_owned();
        let connection = graceful.watch(connection);
        tasks.spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!(error = %error, %peer, "connection ended with an error");
            }
            drop(permit);
        });
    }

    drop(listener);
    streams.cancel();
    let open = graceful.count();
    tracing::info!(open, "listener closed; draining connections");
    match tokio::time::timeout(limits.drain_timeout(), graceful.shutdown()).await {
        Ok(()) => tracing::info!("connections drained"),
        Err(_) => tracing::warn!(
            remaining = tasks.len(),
            "drain deadline passed; closing the remaining connections"
        ),
    }
    // Dropping the set aborts whatever is still running.
    tasks.shutdown().await;
}
