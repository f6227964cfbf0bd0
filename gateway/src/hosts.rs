//! Host mapping: the spec's three API hosts (main, social, mobile-web) share one gateway.
//!
//! A request whose `Host` is one of the configured API hosts and whose path starts with
//! `/api/` or `/v13/` is rewritten to the host's internal prefix (`/main`, `/social`,
//! `/mweb`), where that host's routes are. With `single_origin` on, the prefixed
//! paths are also accepted from any host, which is how the embedded default serves the
//! webapp and all APIs from one address. The optional `.json` suffix is stripped here too.

use axum::extract::Request;
use axum::http::Uri;
use axum::http::uri::PathAndQuery;
use sise_platform::error::ErrorCode;

use crate::config::Hosts;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostKind {
    Main,
    Social,
    MobileWeb,
}

impl HostKind {
    pub const ALL: [HostKind; 3] = [Self::Main, Self::Social, Self::MobileWeb];

    /// Internal path prefix of the host's router.
    pub fn prefix(self) -> &'static str {
        match self {
            Self::Main => "/main",
            Self::Social => "/social",
            Self::MobileWeb => "/mweb",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Main => "main",
            Self::Social => "social",
            Self::MobileWeb => "mobile-web",
        }
    }
}

#[derive(Clone, Debug)]
pub struct HostMap {
    pub hosts: Hosts,
    pub single_origin: bool,
}

impl HostMap {
    fn kind_of(&self, host: &str) -> Option<HostKind> {
        let host = host.split(':').next().unwrap_or_default();
        if host.eq_ignore_ascii_case(&self.hosts.main) {
            Some(HostKind::Main)
        } else if host.eq_ignore_ascii_case(&self.hosts.social) {
            Some(HostKind::Social)
        } else if host.eq_ignore_ascii_case(&self.hosts.mobile_web) {
            Some(HostKind::MobileWeb)
        } else {
            None
        }
    }

    /// Moves an API host's path under its internal prefix and drops the `.json` suffix;
    /// refuses (`not_found`) a prefixed path on an API host unless `single_origin`.
    /// Allocates only when the path is rewritten: this runs on every request.
    pub fn map(&self, request: &mut Request) -> Result<(), ErrorCode> {
        let host = request
            .headers()
            .get(http::header::HOST)
            .and_then(|h| h.to_str().ok())
            .or_else(|| request.uri().host())
            .unwrap_or_default();
        let path = request.uri().path();
        let is_api_path = path.starts_with("/api/") || path.starts_with("/v13/");
        let new_path = match self.kind_of(host) {
            Some(kind) if is_api_path => {
                Some(format!("{}{}", kind.prefix(), strip_format_suffix(path)))
            }
            _ => {
                let prefixed = strip_host_prefix(path).is_some();
                if prefixed && !self.single_origin {
                    return Err(ErrorCode::NotFound);
                }
                let stripped = strip_format_suffix(path);
                (prefixed && stripped.len() != path.len()).then(|| stripped.to_owned())
            }
        };
        if let Some(new_path) = new_path
            && let Some(uri) = replace_path(request.uri(), &new_path)
        {
            *request.uri_mut() = uri;
        }
        Ok(())
    }
}

/// The path below one of the hosts' internal prefixes (`/main/api/x` → `/api/x`), if it
/// starts with one.
pub fn strip_host_prefix(path: &str) -> Option<&str> {
    HostKind::ALL.into_iter().find_map(|kind| {
        path.strip_prefix(kind.prefix())
            .filter(|rest| rest.starts_with('/'))
    })
}

/// Every API path accepts an optional `.json` format suffix (spec §2, §7).
pub fn strip_format_suffix(path: &str) -> &str {
    path.strip_suffix(".json").unwrap_or(path)
}

fn replace_path(uri: &Uri, path: &str) -> Option<Uri> {
    let path_and_query = match uri.query() {
        Some(query) => format!("{path}?{query}"),
        None => path.to_owned(),
    };
    let mut parts = uri.clone().into_parts();
    parts.path_and_query = Some(PathAndQuery::try_from(path_and_query).ok()?);
    Uri::from_parts(parts).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_only_the_json_suffix() {
        assert_eq!(strip_format_suffix("/api/v1/x.json"), "/api/v1/x");
        assert_eq!(strip_format_suffix("/api/v1/x"), "/api/v1/x");
        assert_eq!(strip_format_suffix("/api/v1/x.jsonp"), "/api/v1/x.jsonp");
    }

    #[test]
    fn maps_hosts_ignoring_port_and_case() {
        let map = HostMap {
            hosts: Hosts {
                main: "api.sise.localhost".into(),
                social: "social.sise.localhost".into(),
                mobile_web: "m.sise.localhost".into(),
            },
            single_origin: false,
        };
        assert_eq!(map.kind_of("API.sise.localhost:8080"), Some(HostKind::Main));
        assert_eq!(map.kind_of("m.sise.localhost"), Some(HostKind::MobileWeb));
        assert_eq!(map.kind_of("example.com"), None);
    }

    #[test]
    fn keeps_the_query_when_rewriting() {
        let uri: Uri = "/api/v1/quotes.json?security_ids=A,B".parse().expect("uri");
        let new = replace_path(&uri, "/main/api/v1/quotes").expect("rewrite");
        assert_eq!(new.to_string(), "/main/api/v1/quotes?security_ids=A,B");
    }
}
