//! The `gateway` configuration section.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use secrecy::SecretString;
use serde::Deserialize;

#[derive(Clone, Debug, Deserialize)]
pub struct GatewayConfig {
    pub listen: SocketAddr,
    /// The internal port `GET /metrics` answers on (Prometheus text), apart from the public
    /// listener; none when unset. The one-process server leaves it unset: its services'
    /// ports answer `/metrics` for the whole process.
    #[serde(default)]
    pub metrics_listen: Option<SocketAddr>,
    /// Built webapp (`webapp/dist`), served under `/m`.
    pub webapp_dir: PathBuf,
    /// Also answer every API under a path prefix on any host (`/main`, `/social`, `/mweb`),
    /// so the embedded default needs one origin only.
    pub single_origin: bool,
    pub hosts: Hosts,
    pub upstreams: Upstreams,
    pub limits: Limits,
    pub browser: Browser,
    pub cache: CacheConfig,
    pub quotes: QuotesConfig,
    /// The messenger login the webapp drives (told to it as `<meta>` tags).
    pub kakao: KakaoBrowser,
    pub sessions: SessionsConfig,
    /// The secret the gateway signs the member of each internal call with
    /// (`sise_platform::member`), shared with the services that act for members. Required:
    /// the gateway refuses to start without it.
    #[serde(default)]
    pub member_key: Option<SecretString>,
}

/// `gateway.kakao`: where the browser signs in with the messenger (docs/api.md,
/// "Membership"). The one-process server points it at the development provider.
#[derive(Clone, Debug, Deserialize)]
pub struct KakaoBrowser {
    /// Authorize and token base (`https://kauth.kakao.com`).
    pub auth_base: String,
    /// API base, for the messenger logout (`https://kapi.kakao.com`).
    pub api_base: String,
    /// The app's REST key (`client_id`; public).
    pub app_key: String,
}

/// `gateway.sessions`: resolved session tokens kept by the gateway, so a signed-in
/// request does not cost identity a database read every time (docs/configuration.md,
/// "Sessions").
#[derive(Clone, Debug, Deserialize)]
pub struct SessionsConfig {
    /// How long a resolved token is trusted without asking identity again. Revocations
    /// (logout, secession, sanctions) reach every replica sooner, over the bus.
    pub cache_ttl_ms: u64,
    /// Most tokens kept.
    pub cache_capacity: u64,
}

/// `gateway.cache` (docs/configuration.md, "Gateway cache").
#[derive(Clone, Debug, Deserialize)]
pub struct CacheConfig {
    /// Off: every request goes upstream (validators are still sent).
    pub enabled: bool,
    /// Bytes of cached bodies at most.
    pub max_bytes: u64,
    /// The longest a quote-bearing answer is served without a tick invalidating it (the
    /// bound when a tick is lost or the bus is away).
    pub live_ttl_ms: u64,
    /// Lists of news and disclosures (a new article invalidates them sooner).
    pub articles_ttl_ms: u64,
    /// Search rankings (autocomplete, keyword lists): no event changes them.
    pub ranking_ttl_ms: u64,
    /// A board's pages for visitors: a new, deleted or hidden post invalidates them at
    /// once, but their reaction and comment counts move without an event.
    pub board_ttl_ms: u64,
    /// Reference data that changes with a deployment only (security firms, forex ids).
    pub static_ttl_ms: u64,
}

/// `gateway.quotes`: quotes served from the hub (docs/configuration.md, "Gateway cache").
#[derive(Clone, Debug, Deserialize)]
pub struct QuotesConfig {
    /// A quote the hub has not heard of for this long is read from market again (the
    /// bound when a tick was lost); ticks keep busy securities fresher.
    pub max_age_ms: u64,
    /// 0: a stream sends every change at once. Above 0: not a security twice within this
    /// many ms; its latest change waits out the rest of the gap.
    pub stream_min_gap_ms: u64,
}

/// Host names of the three API hosts of the spec (§7).
#[derive(Clone, Debug, Deserialize)]
pub struct Hosts {
    pub main: String,
    pub social: String,
    pub mobile_web: String,
}

/// gRPC addresses of the domain services.
#[derive(Clone, Debug, Deserialize)]
pub struct Upstreams {
    pub identity: String,
    pub social: String,
    pub market: String,
    pub favorites: String,
}

impl Upstreams {
    /// `(name, address)` of every upstream; each name is also a section `services.{name}`.
    pub fn all(&self) -> [(&'static str, &str); 4] {
        [
            ("identity", &self.identity),
            ("social", &self.social),
            ("market", &self.market),
            ("favorites", &self.favorites),
        ]
    }
}

/// Bounds of the public edge (docs/configuration.md, "Gateway limits").
#[derive(Clone, Debug, Deserialize)]
pub struct Limits {
    /// Open connections at once; further clients wait in the listen backlog.
    pub max_connections: usize,
    /// Time a client has to send a request's headers, and the longest an idle keep-alive
    /// connection stays open (HTTP/1).
    pub header_read_timeout_ms: u64,
    /// Time a request has to produce its response head (a stream's body is not timed).
    pub request_timeout_ms: u64,
    /// After the shutdown signal, `/readyz` answers 503 while the gateway keeps serving for
    /// this long, so load balancers stop sending before the listener closes.
    pub shutdown_delay_ms: u64,
    /// Then in-flight requests get this long to finish before their connections are closed.
    pub drain_timeout_ms: u64,
    /// Live streams (quotes and boards together) open at once, in all and per client.
    pub max_streams: usize,
    pub max_streams_per_client: usize,
    /// Requests per second and burst per client (GCRA: a client may send `rate_burst` at
    /// once, then one every `1 / rate_per_second` s).
    pub rate_per_second: u32,
    pub rate_burst: u32,
    /// Clients the rate limiter tracks at once; beyond it, idle clients are forgotten first,
    /// and if that is not enough new requests are refused until some are.
    pub rate_max_clients: usize,
    /// Analytics batches and error reports per second and burst per client (their own
    /// limiter, within the rate above).
    pub telemetry_per_second: u32,
    pub telemetry_burst: u32,
    /// Time an analytics batch or error report has to arrive in full (then 408).
    pub telemetry_body_timeout_ms: u64,
    /// Posts with pictures and profile photos being received at once (a post may hold up to
    /// `api::social::posts::POST_BODY_LIMIT` bytes, a photo `api::identity::AVATAR_BODY_LIMIT`); more
    /// are refused with 503 `image_busy`.
    pub max_uploads: usize,
    /// Proxies in front of the gateway that append to `X-Forwarded-For`: 0 keys clients by
    /// the peer address; n takes the n-th address from the right of the header.
    pub trusted_proxy_hops: usize,
}

impl Limits {
    pub fn header_read_timeout(&self) -> Duration {
        Duration::from_millis(self.header_read_timeout_ms)
    }

    pub fn request_timeout(&self) -> Duration {
        Duration::from_millis(self.request_timeout_ms)
    }

    pub fn shutdown_delay(&self) -> Duration {
        Duration::from_millis(self.shutdown_delay_ms)
    }

    pub fn drain_timeout(&self) -> Duration {
        Duration::from_millis(self.drain_timeout_ms)
    }
}

/// What browsers are told (docs/configuration.md, "Gateway browser policy").
#[derive(Clone, Debug, Deserialize)]
pub struct Browser {
    /// Origins allowed to call the APIs from a browser (`https://m.sise.example.com`); in the
    /// environment a comma-separated list.
    #[serde(deserialize_with = "list_or_comma_separated")]
    pub cors_origins: Vec<String>,
    /// Send `Strict-Transport-Security` (only behind HTTPS: production).
    pub hsts: bool,
}

fn list_or_comma_separated<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Origins {
        List(Vec<String>),
        Joined(String),
    }
    let list = match Origins::deserialize(d)? {
        Origins::List(list) => list,
        Origins::Joined(joined) => joined.split(',').map(str::to_owned).collect(),
    };
    Ok(list
        .into_iter()
        .map(|s| s.trim().trim_end_matches('/').to_owned())
        .filter(|s| !s.is_empty())
        .collect())
}
