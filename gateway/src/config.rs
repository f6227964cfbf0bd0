//! The `gateway` configuration section.

use std::net::SocketAddr;
use std::path::PathBuf;

use serde::Deserialize;

#[derive(Clone, Debug, Deserialize)]
pub struct GatewayConfig {
    pub listen: SocketAddr,
    /// Built webapp (`webapp/dist`), served under `/m`.
    pub webapp_dir: PathBuf,
    /// Also answer every API under a path prefix on any host (`/main`, `/social`, `/mweb`),
    /// so the embedded default needs one origin only.
    pub single_origin: bool,
    pub hosts: Hosts,
    pub upstreams: Upstreams,
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
