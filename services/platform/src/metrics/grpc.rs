//! gRPC metrics (OTel's RPC conventions): a layer that times each call to its response head,
//! by service, method and status code; around a service's routes (`rpc.server.duration`) and
//! around a client's channel (`rpc.client.duration`, the gateway's upstreams).
//!
//! The status is the response head's `grpc-status` (tonic answers an error as a
//! trailers-only response, so its code is in the head), else OK: a stream that fails after
//! its head counts as OK here and as an error in its trace; a client's transport failure is
//! UNAVAILABLE (14). A server names only the services it serves; any other path (a probe of
//! unknown methods) is `unknown`, so a caller cannot grow the label set. A client's paths are
//! its own generated code's.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Instant;

use opentelemetry::KeyValue;
use opentelemetry::metrics::Histogram;
use pin_project_lite::pin_project;
use tower::{Layer, Service};

use super::{MILLISECONDS_BUCKETS, meter};

/// Longest method name taken as a label.
const MAX_METHOD_CHARS: usize = 64;

/// Longest service name a client labels.
const MAX_SERVICE_CHARS: usize = 128;

#[derive(Clone)]
pub struct GrpcMetrics {
    /// The services a server serves; `None` for a client.
    served: Option<Arc<[&'static str]>>,
    duration: Histogram<f64>,
}

impl GrpcMetrics {
    /// `served`: the gRPC service names the routes hold (health included by the caller).
    pub fn new(served: impl IntoIterator<Item = &'static str>) -> Self {
        Self {
            served: Some(served.into_iter().collect()),
            duration: meter()
                .f64_histogram("rpc.server.duration")
                .with_unit("ms")
                .with_description("gRPC calls served, to the response head")
                .with_boundaries(MILLISECONDS_BUCKETS.to_vec())
                .build(),
        }
    }

    /// The layer for a client's channel.
    pub fn client() -> Self {
        Self {
            served: None,
            duration: meter()
                .f64_histogram("rpc.client.duration")
                .with_unit("ms")
                .with_description("gRPC calls made, to the response head")
                .with_boundaries(MILLISECONDS_BUCKETS.to_vec())
                .build(),
        }
    }

    /// The service and method a path names, or `unknown` for both.
    fn labels(&self, path: &str) -> (String, String) {
        let unknown = ("unknown".to_owned(), "unknown".to_owned());
        let Some((service, method)) = path.trim_start_matches('/').split_once('/') else {
            return unknown;
        };
        let known = match &self.served {
            Some(served) => served.contains(&service),
            None => {
                service.len() <= MAX_SERVICE_CHARS
                    && service
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'_')
            }
        };
        if !known {
            return unknown;
        }
        if method.is_empty()
            || method.len() > MAX_METHOD_CHARS
            || !method.bytes().all(|b| b.is_ascii_alphanumeric())
        {
            return unknown;
        }
        (service.to_owned(), method.to_owned())
    }
}

impl<S> Layer<S> for GrpcMetrics {
    type Service = GrpcMetricsService<S>;

    fn layer(&self, inner: S) -> Self::Service {
        GrpcMetricsService {
            inner,
            metrics: self.clone(),
        }
    }
}

#[derive(Clone)]
pub struct GrpcMetricsService<S> {
    inner: S,
    metrics: GrpcMetrics,
}

impl<S, B, RB> Service<http::Request<B>> for GrpcMetricsService<S>
where
    S: Service<http::Request<B>, Response = http::Response<RB>>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = GrpcMetricsFuture<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<B>) -> Self::Future {
        let (service, method) = self.metrics.labels(request.uri().path());
        GrpcMetricsFuture {
            inner: self.inner.call(request),
            started: Instant::now(),
            labels: Some((service, method)),
            duration: self.metrics.duration.clone(),
        }
    }
}

pin_project! {
    pub struct GrpcMetricsFuture<F> {
        #[pin]
        inner: F,
        started: Instant,
        labels: Option<(String, String)>,
        duration: Histogram<f64>,
    }
}

impl<F, RB, E> Future for GrpcMetricsFuture<F>
where
    F: Future<Output = Result<http::Response<RB>, E>>,
{
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let output = std::task::ready!(this.inner.poll(cx));
        if let Some((service, method)) = this.labels.take() {
            // 14 (UNAVAILABLE) when the transport itself failed.
            let code = match &output {
                Ok(response) => response
                    .headers()
                    .get("grpc-status")
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| v.parse::<i64>().ok())
                    .unwrap_or(0),
                Err(_) => 14,
            };
            this.duration.record(
                this.started.elapsed().as_secs_f64() * 1000.0,
                &[
                    KeyValue::new("rpc.system", "grpc"),
                    KeyValue::new("rpc.service", service),
                    KeyValue::new("rpc.method", method),
                    KeyValue::new("rpc.grpc.status_code", code),
                ],
            );
        }
        Poll::Ready(output)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_served_services_and_plain_methods_are_labels() {
        let metrics = GrpcMetrics::new(["sise.social.v1.SocialService"]);
        assert_eq!(
            metrics.labels("/sise.social.v1.SocialService/ListPosts"),
            (
                "sise.social.v1.SocialService".to_owned(),
                "ListPosts".to_owned()
            )
        );
        for path in [
            "/sise.other.v1.X/ListPosts",
            "/sise.social.v1.SocialService/",
            "/sise.social.v1.SocialService/a/b",
            "/nothing",
        ] {
            assert_eq!(metrics.labels(path).0, "unknown", "{path}");
        }
        let long = format!("/sise.social.v1.SocialService/{}", "A".repeat(65));
        assert_eq!(metrics.labels(&long).0, "unknown");
        let client = GrpcMetrics::client();
        assert_eq!(
            client.labels("/sise.market.v1.MarketService/GetQuotes").0,
            "sise.market.v1.MarketService"
        );
        assert_eq!(client.labels("/a b/GetQuotes").0, "unknown");
    }
}
