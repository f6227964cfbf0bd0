//! The ingestors' HTTP client, hardened against what a feed or API server can send back.
//!
//! - **Body cap.** A body is read chunk by chunk and abandoned at `max_body_bytes`; a
//!   declared `Content-Length` over the cap is refused before any of it is read. No content
//!   decoding is enabled, so the cap counts the bytes that arrive.
//! - **Redirects** stay on the host of the first request, at most `max_redirects` hops, and
//!   never go from `https` to `http`.
//! - **Addresses.** Unless `allow_private_addresses`, every address a host name resolves to
//!   must be public ([`is_public`]). The check is the client's own DNS resolver, so the
//!   address checked is the address connected to (no window between a check and the
//!   connection for a rebinding name); an address written in the URL, which is never
//!   resolved, is checked before the request. The environment's proxy settings are ignored:
//!   a proxy would connect on the client's behalf, past the check.
//!
//! Errors never carry the request URL (OpenDART's key is a query parameter).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use bytes::{Bytes, BytesMut};
use reqwest::StatusCode;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use url::{Host, Url};

/// What one client may fetch.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Timeout of a whole request, body included.
    pub timeout: Duration,
    pub max_body_bytes: u64,
    pub max_redirects: usize,
    pub allow_private_addresses: bool,
    pub user_agent: &'static str,
}

#[derive(Debug, thiserror::Error)]
pub enum HttpError {
    /// The address or redirect policy refused the request; retrying cannot help.
    #[error("refused: {0}")]
    Refused(String),
    #[error("response body over the {limit}-byte cap")]
    TooLarge { limit: u64 },
    #[error("HTTP status {0}")]
    Status(StatusCode),
    #[error("request failed: {0}")]
    Network(#[source] reqwest::Error),
}

impl HttpError {
    /// Network errors, 5xx and 429 may pass; a refusal, an oversized body or another status
    /// would come back the same.
    pub fn is_retryable(&self) -> bool {
        match self {
            Self::Network(_) => true,
            Self::Status(status) => {
                status.is_server_error() || *status == StatusCode::TOO_MANY_REQUESTS
            }
            Self::Refused(_) | Self::TooLarge { .. } => false,
        }
    }

    fn from_reqwest(error: reqwest::Error) -> Self {
        // The policy's own refusal, wherever reqwest and hyper wrapped it.
        let mut source: Option<&(dyn std::error::Error + 'static)> = Some(&error);
        while let Some(e) = source {
            if let Some(refused) = e.downcast_ref::<Refused>() {
                return Self::Refused(refused.0.clone());
            }
            source = e.source();
        }
        Self::Network(error.without_url())
    }
}

/// A refusal by the address or redirect policy, carried through reqwest's error chain.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct Refused(String);

/// The client of one ingestor.
#[derive(Clone)]
pub struct HttpClient {
    client: reqwest::Client,
    limits: Limits,
}

impl HttpClient {
    pub fn new(limits: Limits) -> anyhow::Result<Self> {
        let max_redirects = limits.max_redirects;
        let mut builder = reqwest::Client::builder()
            .timeout(limits.timeout)
            .user_agent(limits.user_agent)
            .no_proxy()
            .redirect(reqwest::redirect::Policy::custom(
                move |attempt| match check_redirect(
                    attempt.previous(),
                    attempt.url(),
                    max_redirects,
                ) {
                    Ok(()) => attempt.follow(),
                    Err(refused) => attempt.error(refused),
                },
            ));
        if !limits.allow_private_addresses {
            builder = builder.dns_resolver(Arc::new(PublicOnly));
        }
        Ok(Self {
            client: builder.build()?,
            limits,
        })
    }

    pub fn get(&self, url: &str) -> reqwest::RequestBuilder {
        self.client.get(url)
    }

    /// Send `request` and read a successful answer's body, within the limits.
    pub async fn fetch(&self, request: reqwest::RequestBuilder) -> Result<Bytes, HttpError> {
        let request = request.build().map_err(HttpError::from_reqwest)?;
        if !self.limits.allow_private_addresses {
            check_literal_host(request.url()).map_err(|r| HttpError::Refused(r.0))?;
        }
        let mut response = self
            .client
            .execute(request)
            .await
            .map_err(HttpError::from_reqwest)?;
        if !response.status().is_success() {
            return Err(HttpError::Status(response.status()));
        }
        let limit = self.limits.max_body_bytes;
        if response.content_length().is_some_and(|len| len > limit) {
            return Err(HttpError::TooLarge { limit });
        }
        let mut body = BytesMut::new();
        while let Some(chunk) = response.chunk().await.map_err(HttpError::from_reqwest)? {
            if (body.len() + chunk.len()) as u64 > limit {
                return Err(HttpError::TooLarge { limit });
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body.freeze())
    }
}

/// Whether `ip` is an address on the public internet: not loopback, private, link-local,
/// shared (carrier-grade NAT), unspecified, broadcast, multicast, documentation,
/// benchmarking or reserved, nor an IPv6 form of one of those (IPv4-mapped, NAT64, 6to4).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_private()
        || ip.is_loopback()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        // 100.64.0.0/10, shared address space (RFC 6598).
        || (a == 100 && (b & 0xc0) == 64)
        // 192.0.0.0/24, IETF protocol assignments.
        || (a == 192 && b == 0 && c == 0)
        // 198.18.0.0/15, benchmarking.
        || (a == 198 && (b & 0xfe) == 18)
        // 240.0.0.0/4, reserved.
        || a >= 240)
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return is_public_v4(v4);
    }
    let segments = ip.segments();
    let embedded_v4 = |hi: u16, lo: u16| {
        let [a, b] = hi.to_be_bytes();
        let [c, d] = lo.to_be_bytes();
        Ipv4Addr::new(a, b, c, d)
    };
    // 64:ff9b::/96 (NAT64) and 2002::/16 (6to4) reach the IPv4 address they embed.
    if segments[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        return is_public_v4(embedded_v4(segments[6], segments[7]));
    }
    if segments[0] == 0x2002 {
        return is_public_v4(embedded_v4(segments[1], segments[2]));
    }
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || ip.is_unique_local()
        || ip.is_unicast_link_local()
        // fec0::/10, the deprecated site-local range.
        || (segments[0] & 0xffc0) == 0xfec0
        // 2001:db8::/32, documentation.
        || (segments[0] == 0x2001 && segments[1] == 0x0db8)
        // ::/96, the deprecated IPv4-compatible form (and other addresses in ::/8).
        || segments[0] == 0)
}

/// An address written in the URL is never resolved, so the resolver cannot check it.
fn check_literal_host(url: &Url) -> Result<(), Refused> {
    let ip = match url.host() {
        Some(Host::Ipv4(ip)) => IpAddr::V4(ip),
        Some(Host::Ipv6(ip)) => IpAddr::V6(ip),
        Some(Host::Domain(_)) => return Ok(()),
        None => return Err(Refused("no host in the address".to_owned())),
    };
    if is_public(ip) {
        Ok(())
    } else {
        Err(Refused(format!("non-public address {ip}")))
    }
}

/// A redirect is followed only to the first request's host, within `max` hops, and never
/// from `https` to `http`. `previous` holds the first request's URL and every hop so far.
fn check_redirect(previous: &[Url], next: &Url, max: usize) -> Result<(), Refused> {
    let (Some(first), Some(last)) = (previous.first(), previous.last()) else {
        return Ok(());
    };
    if previous.len() > max {
        return Err(Refused(format!("more than {max} redirects")));
    }
    if next.host() != first.host() {
        return Err(Refused(format!(
            "redirect from {} to another host ({})",
            first.host_str().unwrap_or_default(),
            next.host_str().unwrap_or_default()
        )));
    }
    if last.scheme() == "https" && next.scheme() != "https" {
        return Err(Refused("redirect from https to http".to_owned()));
    }
    Ok(())
}

/// The system resolver, refusing a name if any of its addresses is not public.
struct PublicOnly;

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let addrs: Vec<SocketAddr> =
                tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            if let Some(addr) = addrs.iter().find(|a| !is_public(a.ip())) {
                return Err(Box::new(Refused(format!(
                    "{host} resolves to the non-public address {}",
                    addr.ip()
                )))
                    as Box<dyn std::error::Error + Send + Sync>);
            }
            Ok(Box::new(addrs.into_iter()) as Addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(text: &str) -> Url {
        Url::parse(text).expect("url")
    }

    #[test]
    fn classifies_addresses() {
        for public in [
            "8.8.8.8",
            "1.1.1.1",
            "211.234.10.1",
            "100.128.0.1",
            "2001:4860:4860::8888",
            "::ffff:8.8.8.8",
            "64:ff9b::808:808",
            "2002:808:808::1",
        ] {
            assert!(is_public(public.parse().expect("ip")), "{public}");
        }
        for private in [
            "127.0.0.1",
            "127.255.0.9",
            "10.1.2.3",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.0.10",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "0.1.2.3",
            "255.255.255.255",
            "224.0.0.1",
            "192.0.2.1",
            "198.18.0.1",
            "192.0.0.8",
            "240.0.0.1",
            "::1",
            "::",
            "fc00::1",
            "fd12:3456::1",
            "fe80::1",
            "fec0::1",
            "ff02::1",
            "2001:db8::1",
            "::ffff:127.0.0.1",
            "::ffff:169.254.169.254",
            "::127.0.0.1",
            "64:ff9b::7f00:1",
            "2002:7f00:1::1",
            "2002:a00:1::1",
        ] {
            assert!(!is_public(private.parse().expect("ip")), "{private}");
        }
    }

    #[test]
    fn literal_hosts_are_checked_before_the_request() {
        assert!(check_literal_host(&url("https://8.8.8.8/feed")).is_ok());
        assert!(check_literal_host(&url("https://news.example/feed")).is_ok());
        for refused in [
            "http://127.0.0.1:8080/",
            "http://[::1]/",
            "http://169.254.169.254/latest/meta-data/",
            // WHATWG URL parsing turns these spellings into 127.0.0.1.
            "http://2130706433/",
            "http://0x7f.1/",
        ] {
            assert!(check_literal_host(&url(refused)).is_err(), "{refused}");
        }
    }

    #[test]
    fn redirects_stay_on_the_host_within_the_hop_limit() {
        let first = [url("https://news.example/rss")];
        let ok = |previous: &[Url], next: &str| check_redirect(previous, &url(next), 3).is_ok();
        assert!(ok(&first, "https://news.example/rss2"));
        assert!(
            ok(&first, "https://news.example:8443/rss"),
            "same host, other port"
        );
        assert!(!ok(&first, "https://other.example/rss"));
        assert!(!ok(&first, "https://sub.news.example/rss"));
        assert!(!ok(&first, "https://127.0.0.1/rss"));
        assert!(!ok(&first, "http://news.example/rss"), "https to http");
        let plain = url("http://news.example/rss");
        assert!(
            ok(std::slice::from_ref(&plain), "https://news.example/rss"),
            "http to https"
        );
        assert!(
            !ok(
                &[plain, url("https://news.example/rss")],
                "http://news.example/x"
            ),
            "back down to http"
        );
        let hops = |n: usize| vec![first[0].clone(); n];
        assert!(ok(&hops(3), "https://news.example/again"));
        assert!(!ok(&hops(4), "https://news.example/again"));
        assert!(check_redirect(&hops(1), &url("https://news.example/"), 0).is_err());
    }

    #[test]
    fn only_transient_failures_are_retried() {
        assert!(HttpError::Status(StatusCode::BAD_GATEWAY).is_retryable());
        assert!(HttpError::Status(StatusCode::TOO_MANY_REQUESTS).is_retryable());
        assert!(!HttpError::Status(StatusCode::NOT_FOUND).is_retryable());
        assert!(!HttpError::Refused("x".into()).is_retryable());
        assert!(!HttpError::TooLarge { limit: 1 }.is_retryable());
    }
}
