//! What browsers are told: security headers on every response, the CORS policy, and the
//! API bases the webapp calls (injected into `index.html` as `<meta name="sise-api-…">`).
//!
//! One origin (`single_origin`): the page and the APIs share it, so the bases are the
//! prefixes `/main`, `/social`, `/mweb`. Distributed: each API is its own host, so the bases
//! are `//{host}` (the page's scheme), the page's origin (the mobile-web host) is allowed by
//! CORS, and the Content-Security-Policy lets the page connect to the three hosts.

use std::sync::Arc;
use std::time::Duration;

use axum::http::{HeaderName, HeaderValue, Method, header};
use axum::response::Response;
use tower_http::cors::{AllowOrigin, CorsLayer};

use crate::config::GatewayConfig;
use crate::hosts::HostKind;

pub const ACCESS_TOKEN: HeaderName = HeaderName::from_static("access-token");

/// The base URL of each API host as the webapp should call it.
pub fn api_bases(config: &GatewayConfig) -> [(HostKind, String); 3] {
    HostKind::ALL.map(|kind| {
        let base = if config.single_origin {
            kind.prefix().to_owned()
        } else {
            let host = match kind {
                HostKind::Main => &config.hosts.main,
                HostKind::Social => &config.hosts.social,
                HostKind::MobileWeb => &config.hosts.mobile_web,
            };
            format!("//{host}")
        };
        (kind, base)
    })
}

/// `<meta>` tags naming the API bases and the messenger login's (`sise-kakao-auth`,
/// `sise-kakao-api`, `sise-kakao-app-key`), for the webapp's `src/config/env.ts`.
pub fn api_meta_tags(config: &GatewayConfig) -> String {
    let kakao = [
        ("kakao-auth", config.kakao.auth_base.as_str()),
        ("kakao-api", config.kakao.api_base.as_str()),
        ("kakao-app-key", config.kakao.app_key.as_str()),
    ];
    let bases = api_bases(config);
    bases
        .iter()
        .map(|(kind, base)| (format!("api-{}", kind.name()), base.as_str()))
        .chain(kakao.map(|(name, value)| (name.to_owned(), value)))
        .map(|(name, value)| {
            format!(
                r#"<meta name="sise-{name}" content="{}" />"#,
                escape_attribute(value)
            )
        })
        .collect()
}

/// `index.html` with the API bases in its head.
pub fn inject_meta(html: &str, tags: &str) -> String {
    let at = html
        .find("</head>")
        .or_else(|| html.find("<title"))
        .unwrap_or(0);
    let mut out = String::with_capacity(html.len() + tags.len());
    out.push_str(&html[..at]);
    out.push_str(tags);
    out.push_str(&html[at..]);
    out
}

fn escape_attribute(value: &str) -> String {
    value
        .replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Origins allowed to call the APIs: the configured ones, and in the distributed mode the
/// mobile-web host the page is served from (either scheme: TLS ends before the gateway).
pub fn cors_origins(config: &GatewayConfig) -> Vec<String> {
    let mut origins = config.browser.cors_origins.clone();
    if !config.single_origin {
        for scheme in ["https", "http"] {
            origins.push(format!("{scheme}://{}", config.hosts.mobile_web));
        }
    }
    origins
}

pub fn cors(config: &GatewayConfig) -> CorsLayer {
    let origins: Vec<HeaderValue> = cors_origins(config)
        .iter()
        .filter_map(|origin| match HeaderValue::from_str(origin) {
            Ok(value) => Some(value),
            Err(_) => {
                tracing::warn!(origin, "ignoring a CORS origin that is not a header value");
                None
            }
        })
        .collect();
    CorsLayer::new()
        .allow_origin(AllowOrigin::list(origins))
        .allow_methods([
            Method::GET,
            Method::POST,
            Method::PUT,
            Method::PATCH,
            Method::DELETE,
        ])
        .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE, ACCESS_TOKEN])
        .expose_headers([header::RETRY_AFTER])
        .max_age(Duration::from_secs(600))
}

/// The Content-Security-Policy of the built webapp: Vite emits its scripts as files under
/// `/m/static` and `index.html` holds no inline script, so scripts are `'self'` only. Styles
/// keep `'unsafe-inline'` (style attributes written as markup by a library would otherwise
/// break the page; styles cannot run code).
/// Native app web views are not frames, so `frame-ancestors 'none'` costs nothing.
/// The page also calls the messenger's token and logout endpoints (`gateway.kakao`), and
/// shows member photos from the main host.
pub fn content_security_policy(config: &GatewayConfig) -> String {
    let mut connect = String::from("'self'");
    let mut img = String::from("'self' data:");
    if !config.single_origin {
        for host in [
            &config.hosts.main,
            &config.hosts.social,
            &config.hosts.mobile_web,
        ] {
            connect.push(' ');
            connect.push_str(host);
        }
        img.push(' ');
        img.push_str(&config.hosts.main);
    }
    for base in [&config.kakao.auth_base, &config.kakao.api_base] {
        if let Some(origin) = origin_of(base).filter(|o| !connect.contains(o.as_str())) {
            connect.push(' ');
            connect.push_str(&origin);
        }
    }
    format!(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
         img-src {img}; font-src 'self' data:; connect-src {connect}; \
         object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    )
}

/// `scheme://host[:port]` of an absolute URL; `None` for a relative one.
fn origin_of(base: &str) -> Option<String> {
    let url = url::Url::parse(base).ok()?;
    Some(url.origin().ascii_serialization()).filter(|o| o != "null")
}

/// The headers every response carries unless it sets its own: one prebuilt list, applied
/// by the edge ([`crate::edge`]), shared by every request without a copy.
#[derive(Clone)]
pub struct SecurityHeaders(Arc<[(HeaderName, HeaderValue)]>);

pub fn security_headers(config: &GatewayConfig) -> SecurityHeaders {
    let mut headers = vec![
        (
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ),
        (
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ),
        (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
    ];
    match HeaderValue::from_str(&content_security_policy(config)) {
        Ok(csp) => headers.push((header::CONTENT_SECURITY_POLICY, csp)),
        Err(_) => tracing::warn!("host names do not fit a Content-Security-Policy header"),
    }
    if config.browser.hsts {
        headers.push((
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000"),
        ));
    }
    SecurityHeaders(headers.into())
}

impl SecurityHeaders {
    /// Adds the headers a response lacks (a route may set its own, e.g. a stricter CSP).
    pub fn apply(&self, response: &mut Response) {
        let map = response.headers_mut();
        // One growth instead of one per insert.
        map.reserve(self.0.len());
        for (name, value) in self.0.iter() {
            if let header::Entry::Vacant(entry) = map.entry(name) {
                entry.insert(value.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meta_goes_into_the_head() {
        let html = "<html><head><title>시세</title></head><body></body></html>";
        let out = inject_meta(html, "<meta x>");
        assert_eq!(
            out,
            "<html><head><title>시세</title><meta x></head><body></body></html>"
        );
        assert_eq!(inject_meta("<p>", "<meta x>"), "<meta x><p>");
    }

    #[test]
    fn attributes_are_escaped() {
        assert_eq!(
            escape_attribute(r#"//a"><script>"#),
            "//a&quot;&gt;&lt;script&gt;"
        );
    }
}
