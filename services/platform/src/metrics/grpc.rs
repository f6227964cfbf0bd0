//! gRPC server metrics (`rpc.server.duration`, OTel's RPC conventions): a layer around a
//! service's gRPC routes that times each call to its response head, by service, method and
//! status code.
//!
//! The status is the response head's `grpc-status` (tonic answers an error as a
//! trailers-only response, so its code is in the head), else OK: a stream that fails after
//! its head counts as OK here and as an error in its trace. Only the services a process
//! serves are named; any other path (a probe of unknown methods) is `unknown`, so a client
//! cannot grow the label set.

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

#[derive(Clone)]
pub struct GrpcServerMetrics {
    served: Arc<[&'static str]>,
    duration: Histogram<f64>,
}

impl GrpcServerMetrics {
    /// `served`: the gRPC service names the routes hold (health included by the caller).
    pub fn new(served: impl IntoIterator<Item = &'static str>) -> Self {
        Self {
            served: served.into_iter().collect(),
            duration: meter()
                .f64_histogram("rpc.server.duration")
                .with_unit("ms")
                .with_description("gRPC calls served, to the response head")
                .with_boundaries(MILLISECONDS_BUCKETS.to_vec())
                .build(),
        }
    }

    /// The service and method a path names, or `unknown` for both.
    fn labels(&self, path: &str) -> (&'static str, String) {
        let unknown = ("unknown", "unknown".to_owned());
        let Some((service, method)) = path.trim_start_matches('/').split_once('/') else {
            return unknown;
        };
        let Some(service) = self.served.iter().find(|s| **s == service) else {
            return unknown;
        };
        if method.is_empty()
            || method.len() > MAX_METHOD_CHARS
            || !method.bytes().all(|b| b.is_ascii_alphanumeric())
        {
            return unknown;
        }
        (service, method.to_owned())
    }
}

impl<S> Layer<S> for GrpcServerMetrics {
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
    metrics: GrpcServerMetrics,
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
        labels: Option<(&'static str, String)>,
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
            // 2 (UNKNOWN) when the transport itself failed.
            let code = match &output {
                Ok(response) => response
                    .headers()
                    .get("grpc-status")
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| v.parse::<i64>().ok())
                    .unwrap_or(0),
                Err(_) => 2,
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
        let metrics = GrpcServerMetrics::new(["sise.social.v1.SocialService"]);
        assert_eq!(
            metrics.labels("/sise.social.v1.SocialService/ListPosts"),
            ("sise.social.v1.SocialService", "ListPosts".to_owned())
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
    }
}
