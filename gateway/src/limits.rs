//! Per-client bounds of the public edge: who the client is ([`ClientIp`]), how fast it may
//! call ([`RateLimit`], a keyed GCRA limiter from `governor`), and how many live streams it
//! and everyone together may hold ([`StreamSlots`]).
//!
//! Over a bound the answer is 429 with `Retry-After` and the JSON error body.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;

use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};
use http::{HeaderMap, HeaderValue};
use opentelemetry::KeyValue;
use opentelemetry::metrics::{Counter, UpDownCounter};
use sise_platform::error::ErrorCode;
use sise_platform::metrics;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_util::sync::CancellationToken;

use crate::config::Limits;
use crate::error::ApiError;

/// How often idle clients are dropped from the rate limiter.
const SWEEP_INTERVAL: Duration = Duration::from_secs(10);

/// The address a client is counted under, set on every request by the server loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClientIp(pub IpAddr);

impl ClientIp {
    /// The peer address, or with `trusted_hops` proxies in front the address the outermost
    /// trusted proxy saw (the `trusted_hops`-th entry from the right of `X-Forwarded-For`;
    /// entries further left are the client's own claims and are ignored). A missing or
    /// malformed header falls back to the peer, which is then the proxy.
    pub fn resolve(peer: SocketAddr, headers: &HeaderMap, trusted_hops: usize) -> Self {
        let forwarded = (trusted_hops > 0)
            .then(|| {
                let entries: Vec<&str> = headers
                    .get_all("x-forwarded-for")
                    .iter()
                    .filter_map(|v| v.to_str().ok())
                    .flat_map(|v| v.split(','))
                    .map(str::trim)
                    .collect();
                let index = entries.len().checked_sub(trusted_hops)?;
                entries.get(index)?.parse::<IpAddr>().ok()
            })
            .flatten();
        Self(forwarded.unwrap_or(peer.ip()).to_canonical())
    }

    /// The key clients are counted under, by the rate limiter, the stream slots and
    /// identity's failed-login throttle alike: an IPv6 client usually holds a whole /64, so
    /// that is one client.
    pub fn key(self) -> IpAddr {
        match self.0 {
            IpAddr::V4(v4) => IpAddr::V4(v4),
            IpAddr::V6(v6) => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        }
    }
}

/// 429 with `Retry-After` (whole seconds, at least 1) and the JSON body.
pub fn too_many(code: ErrorCode, retry_after: Duration) -> Response {
    let mut response = ApiError::from(code).into_response();
    let secs = retry_after.as_secs() + u64::from(retry_after.subsec_nanos() > 0);
    response
        .headers_mut()
        .insert(http::header::RETRY_AFTER, HeaderValue::from(secs.max(1)));
    response
}

/// Requests per client, with a bounded key map.
#[derive(Clone)]
pub struct RateLimit {
    limiter: Arc<DefaultKeyedRateLimiter<IpAddr>>,
    clock: DefaultClock,
    max_clients: usize,
}

impl RateLimit {
    pub fn new(limits: &Limits) -> Self {
        Self::with_rate(
            limits.rate_per_second,
            limits.rate_burst,
            limits.rate_max_clients,
        )
    }

    /// The telemetry routes' own limiter (analytics batches, error reports).
    pub fn telemetry(limits: &Limits) -> Self {
        Self::with_rate(
            limits.telemetry_per_second,
            limits.telemetry_burst,
            limits.rate_max_clients,
        )
    }

    fn with_rate(per_second: u32, burst: u32, max_clients: usize) -> Self {
        let rate = NonZeroU32::new(per_second).unwrap_or(NonZeroU32::MIN);
        let burst = NonZeroU32::new(burst).unwrap_or(rate);
        Self {
            limiter: Arc::new(DefaultKeyedRateLimiter::keyed(
                Quota::per_second(rate).allow_burst(burst),
            )),
            clock: DefaultClock::default(),
            max_clients: max_clients.max(1),
        }
    }

    /// `Err(wait)` when the client is over its rate, or when the limiter is full of clients
    /// that are all still active (then everyone new waits for the next sweep).
    pub fn check(&self, client: ClientIp) -> Result<(), Duration> {
        if self.limiter.len() >= self.max_clients {
            self.sweep();
            if self.limiter.len() >= self.max_clients {
                tracing::warn!(clients = self.limiter.len(), "rate limiter full");
                return Err(SWEEP_INTERVAL);
            }
        }
        self.limiter
            .check_key(&client.key())
            .map_err(|not_until| not_until.wait_time_from(self.clock.now()))
    }

    /// Forget clients whose allowance is full again (they are as good as new).
    pub fn sweep(&self) {
        self.limiter.retain_recent();
        self.limiter.shrink_to_fit();
    }

    pub fn clients(&self) -> usize {
        self.limiter.len()
    }

    /// Sweep every few seconds until cancelled.
    pub async fn run_sweeper(self, cancel: CancellationToken) {
        let mut ticker = tokio::time::interval(SWEEP_INTERVAL);
        loop {
            tokio::select! {
                _ = ticker.tick() => self.sweep(),
                () = cancel.cancelled() => return,
            }
        }
    }
}

/// Middleware: one token per request and client.
/// Live streams: a global semaphore and a count per client. The per-client map only holds
/// clients with an open stream, so it is bounded by the global cap.
#[derive(Clone)]
pub struct StreamSlots {
    global: Arc<Semaphore>,
    per_client: Arc<Mutex<HashMap<IpAddr, usize>>>,
    max_per_client: usize,
}

/// Held by an open stream; frees its slots when dropped.
pub struct StreamSlot {
    _global: OwnedSemaphorePermit,
    client: IpAddr,
    per_client: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// No stream slot for this client now: 429 `too_many_streams`.
#[derive(Debug)]
pub struct StreamsFull;

impl IntoResponse for StreamsFull {
    fn into_response(self) -> Response {
        too_many(ErrorCode::TooManyStreams, STREAM_RETRY_AFTER)
    }
}

/// How long a refused stream is told to wait: about one SSE reconnect.
const STREAM_RETRY_AFTER: Duration = Duration::from_secs(3);

impl StreamSlots {
    pub fn new(limits: &Limits) -> Self {
        Self {
            global: Arc::new(Semaphore::new(limits.max_streams)),
            per_client: Arc::default(),
            max_per_client: limits.max_streams_per_client,
        }
    }

    /// A slot for one more stream of `client`, or the refusal to answer.
    pub fn acquire(&self, client: ClientIp) -> Result<StreamSlot, StreamsFull> {
        let key = client.key();
        let Ok(mut counts) = self.per_client.lock() else {
            return Err(StreamsFull);
        };
        let count = counts.get(&key).copied().unwrap_or(0);
        if count >= self.max_per_client {
            STREAMS_REFUSED.add(1, &[KeyValue::new("reason", "per_client")]);
            return Err(StreamsFull);
        }
        let Ok(permit) = self.global.clone().try_acquire_owned() else {
            STREAMS_REFUSED.add(1, &[KeyValue::new("reason", "global")]);
            return Err(StreamsFull);
        };
        counts.insert(key, count + 1);
        STREAMS.add(1, &[]);
        Ok(StreamSlot {
            _global: permit,
            client: key,
            per_client: self.per_client.clone(),
        })
    }

    /// Streams open now.
    pub fn open(&self) -> usize {
        self.per_client
            .lock()
            .map(|counts| counts.values().sum())
            .unwrap_or(0)
    }
}

/// `sise.sse.streams`: live streams (quotes and boards) open now, against
/// `gateway.limits.max_streams`.
static STREAMS: LazyLock<UpDownCounter<i64>> = LazyLock::new(|| {
    metrics::meter()
        .i64_up_down_counter("sise.sse.streams")
        .with_description("Live streams open now")
        .build()
});

/// `sise.sse.refused`: streams refused for want of a slot, by `reason` (`global`,
/// `per_client`): saturation.
static STREAMS_REFUSED: LazyLock<Counter<u64>> = LazyLock::new(|| {
    metrics::meter()
        .u64_counter("sise.sse.refused")
        .with_description("Live streams refused (429 too_many_streams), by reason")
        .build()
});

impl Drop for StreamSlot {
    fn drop(&mut self) {
        STREAMS.add(-1, &[]);
        if let Ok(mut counts) = self.per_client.lock()
            && let Some(count) = counts.get_mut(&self.client)
        {
            *count -= 1;
            if *count == 0 {
                counts.remove(&self.client);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Limits {
            max_connections: 10,
            header_read_timeout_ms: 1000,
            request_timeout_ms: 1000,
            shutdown_delay_ms: 0,
            drain_timeout_ms: 1000,
            max_streams: 3,
            max_streams_per_client: 2,
            max_uploads: 1,
            rate_per_second: 1,
            rate_burst: 2,
            rate_max_clients: 2,
            telemetry_per_second: 1,
            telemetry_burst: 2,
            telemetry_body_timeout_ms: 1000,
            trusted_proxy_hops: 0,
        }
    }

    fn ip(s: &str) -> ClientIp {
        ClientIp(s.parse().expect("ip"))
    }

    #[test]
    fn forwarded_for_counts_only_trusted_hops() {
        let peer: SocketAddr = "10.0.0.1:5000".parse().expect("addr");
        let mut headers = HeaderMap::new();
        headers.insert(
            "x-forwarded-for",
            HeaderValue::from_static("6.6.6.6, 1.2.3.4"),
        );
        assert_eq!(ClientIp::resolve(peer, &headers, 0), ip("10.0.0.1"));
        assert_eq!(ClientIp::resolve(peer, &headers, 1), ip("1.2.3.4"));
        assert_eq!(ClientIp::resolve(peer, &headers, 2), ip("6.6.6.6"));
        // More hops than entries, or garbage: the peer.
        assert_eq!(ClientIp::resolve(peer, &headers, 3), ip("10.0.0.1"));
        headers.insert("x-forwarded-for", HeaderValue::from_static("nonsense"));
        assert_eq!(ClientIp::resolve(peer, &headers, 1), ip("10.0.0.1"));
    }

    #[test]
    fn ipv6_clients_are_counted_per_64() {
        assert_eq!(ip("2001:db8:1:2:3:4:5:6").key(), ip("2001:db8:1:2::").0);
        // An IPv4 client on a dual-stack socket is its IPv4 address.
        let peer: SocketAddr = "[::ffff:1.2.3.4]:5000".parse().expect("addr");
        assert_eq!(ClientIp::resolve(peer, &HeaderMap::new(), 0), ip("1.2.3.4"));
    }

    #[test]
    fn rate_limit_refuses_over_the_burst_and_bounds_its_clients() {
        let limit = RateLimit::new(&limits());
        assert!(limit.check(ip("1.1.1.1")).is_ok());
        assert!(limit.check(ip("1.1.1.1")).is_ok());
        let wait = limit.check(ip("1.1.1.1")).expect_err("over the burst");
        assert!(
            wait > Duration::ZERO && wait <= Duration::from_secs(1),
            "{wait:?}"
        );
        assert!(limit.check(ip("2.2.2.2")).is_ok());
        // Two active clients fill the map: a third is refused rather than tracked.
        assert!(limit.check(ip("3.3.3.3")).is_err());
        assert_eq!(limit.clients(), 2);
    }

    #[test]
    fn stream_slots_bound_each_client_and_everyone() {
        let slots = StreamSlots::new(&limits());
        let a1 = slots.acquire(ip("1.1.1.1")).expect("first");
        let _a2 = slots.acquire(ip("1.1.1.1")).expect("second");
        let refused = slots
            .acquire(ip("1.1.1.1"))
            .err()
            .expect("per client")
            .into_response();
        assert_eq!(refused.status(), 429);
        assert_eq!(refused.headers()["retry-after"], "3");
        let _b = slots.acquire(ip("2.2.2.2")).expect("other client");
        assert!(slots.acquire(ip("3.3.3.3")).is_err(), "global cap");
        drop(a1);
        let _c = slots.acquire(ip("3.3.3.3")).expect("freed");
        assert_eq!(slots.open(), 3);
    }

    #[test]
    fn stream_slots_forget_clients_without_streams() {
        let slots = StreamSlots::new(&limits());
        drop(slots.acquire(ip("1.1.1.1")).expect("slot"));
        assert!(slots.per_client.lock().expect("lock").is_empty());
    }
}
