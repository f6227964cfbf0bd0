//! The built webapp under `/m`, from memory, with the single-page fallback for deep links.
//!
//! Every file of the build is read once at start, with the brotli and gzip forms the build
//! wrote beside it (`x.js.br`, `x.js.gz`; `webapp/scripts/precompress.mjs`), and answered
//! in the best encoding the client accepts. `index.html` gets the API bases as
//! `<meta name="sise-api-…">` tags ([`crate::browser`]) and is gzipped here, so one build
//! runs on one origin and on the distributed hosts alike. A new build shows after a restart.
//!
//! Two pages come prerendered by the build (`prerender/`, never served as files): `/m`
//! answers with the home page as it is, `/m/stocks/{id}` with the stock page filled per stock
//! ([`crate::stock_page`]); every other path gets `index.html`, which the client renders.
//!
//! Hashed bundles under `/m/static/` never change (cached for a year); everything else is
//! revalidated (`no-cache` + `ETag`, `304`).

use std::collections::HashMap;
use std::io::Write as _;
use std::path::Path;
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use sise_market::domain::SecurityId;
use sise_platform::error::ErrorCode;
use tower::ServiceExt as _;

use crate::browser;
use crate::cache::{etag_of, matches_etag};
use crate::config::GatewayConfig;
use crate::error::ApiError;
use crate::stock_page::Template;

/// Files larger than this are not held (a build has nothing near it).
const MAX_FILE: u64 = 32 * 1024 * 1024;

/// One file in each encoding we have.
struct File {
    content_type: HeaderValue,
    cache_control: HeaderValue,
    etag: HeaderValue,
    identity: Bytes,
    gzip: Option<Bytes>,
    brotli: Option<Bytes>,
}

#[derive(Clone)]
struct Files {
    /// By path below `/m/` (`static/index-abc.js`).
    by_path: Arc<HashMap<String, File>>,
    index: Option<Arc<File>>,
    /// `/m` prerendered (`prerender/home.html`).
    home: Option<Arc<File>>,
    /// `/m/stocks/{id}` prerendered around its header ([`stock_page`]).
    stock: Option<Arc<Template>>,
    /// The API routes, for the stock page's data (through their cache).
    api: Router,
    /// Filled stock pages by security id, each with the `ETag` of the data it was filled
    /// from: refilled only when the security's answer changes.
    pages: moka::sync::Cache<String, Arc<(HeaderValue, File)>>,
}

/// Most filled stock pages held (a few kB each; KRX lists under 3,000 stocks).
const MAX_PAGES: u64 = 4_096;

/// The webapp under `/m`; `api` (the API routes) answers the stock page's data.
pub fn router(config: &GatewayConfig, api: Router) -> Router {
    let files = load(&config.webapp_dir, &browser::api_meta_tags(config), api);
    Router::new()
        .route("/m", axum::routing::any(serve))
        .route("/m/", axum::routing::any(serve))
        .route("/m/{*path}", axum::routing::any(serve))
        .with_state(files)
}

fn load(dist: &Path, meta: &str, api: Router) -> Files {
    let mut by_path = HashMap::new();
    let mut stack = vec![dist.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                stack.push(path);
                continue;
            }
            let Some(relative) = path
                .strip_prefix(dist)
                .ok()
                .and_then(|p| p.to_str())
                .map(|p| p.replace('\\', "/"))
            else {
                continue;
            };
            // The compressed forms travel with their file; the pages are read below.
            if relative.ends_with(".br")
                || relative.ends_with(".gz")
                || relative == "index.html"
                || relative.starts_with("prerender/")
            {
                continue;
            }
            if let Some(file) = read_file(&path, &relative) {
                by_path.insert(relative, file);
            }
        }
    }
    let index = match std::fs::read_to_string(dist.join("index.html")) {
        Ok(html) => Some(Arc::new(html_file(&browser::inject_meta(&html, meta)))),
        Err(error) => {
            tracing::warn!(%error, dir = %dist.display(), "webapp not built");
            None
        }
    };
    // The prerendered pages are optional: without them those paths get the plain page.
    let prerendered = |name: &str| {
        std::fs::read_to_string(dist.join("prerender").join(name))
            .ok()
            .map(|html| browser::inject_meta(&html, meta))
    };
    let home = prerendered("home.html").map(|html| Arc::new(html_file(&html)));
    let stock = prerendered("stock.html").and_then(|html| {
        let template = Template::parse(&html);
        if template.is_none() {
            tracing::warn!("prerender/stock.html has no header markers; serving the plain page");
        }
        template.map(Arc::new)
    });
    tracing::info!(
        files = by_path.len(),
        home = home.is_some(),
        stock = stock.is_some(),
        "webapp loaded"
    );
    Files {
        by_path: Arc::new(by_path),
        index,
        home,
        stock,
        api,
        pages: moka::sync::Cache::new(MAX_PAGES),
    }
}

fn read_small(path: &Path) -> Option<Bytes> {
    let size = std::fs::metadata(path).ok()?.len();
    (size <= MAX_FILE)
        .then(|| std::fs::read(path).ok().map(Bytes::from))
        .flatten()
}

fn read_file(path: &Path, relative: &str) -> Option<File> {
    let identity = read_small(path)?;
    let sibling = |suffix: &str| {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        read_small(Path::new(&name))
    };
    let content_type = mime_guess::from_path(path)
        .first_raw()
        .map_or(HeaderValue::from_static("application/octet-stream"), |m| {
            HeaderValue::from_static(m)
        });
    let cache_control = if relative.starts_with("static/") {
        HeaderValue::from_static("public, max-age=31536000, immutable")
    } else {
        HeaderValue::from_static("no-cache")
    };
    Some(File {
        content_type,
        cache_control,
        etag: etag_of(&identity),
        gzip: sibling(".gz"),
        brotli: sibling(".br"),
        identity,
    })
}

/// An HTML page (`index.html`, a prerendered or filled page), small, gzipped here once:
/// `index.html` differs per deployment by its meta tags, a stock page per stock. Not brotli:
/// on a few kB the two differ by a few bytes, and the encoder is a large build.
fn html_file(html: &str) -> File {
    let identity = Bytes::from(html.to_owned());
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    let gzip = gzip
        .write_all(&identity)
        .and_then(|()| gzip.finish())
        .ok()
        .map(Bytes::from);
    File {
        content_type: HeaderValue::from_static("text/html; charset=utf-8"),
        cache_control: HeaderValue::from_static("no-cache"),
        etag: etag_of(&identity),
        identity,
        gzip,
        brotli: None,
    }
}

async fn serve(State(files): State<Files>, request: Request) -> Response {
    if !matches!(*request.method(), Method::GET | Method::HEAD) {
        return ApiError::from(ErrorCode::MethodNotAllowed).into_response();
    }
    let path = request.uri().path();
    let relative = path
        .strip_prefix("/m")
        .unwrap_or(path)
        .trim_start_matches('/');
    if relative.is_empty()
        && let Some(home) = &files.home
    {
        return respond(home, request.headers(), request.method() == Method::HEAD);
    }
    if let Some(security_id) = stock_page_id(relative)
        && let Some(template) = &files.stock
    {
        let head_only = request.method() == Method::HEAD;
        return stock_page(&files, template, security_id, request.headers(), head_only).await;
    }
    let file = match files.by_path.get(relative) {
        Some(file) => file,
        // A missing bundle is missing (the page would not run as one).
        None if relative.starts_with("static/") => {
            return ApiError::from(ErrorCode::NotFound).into_response();
        }
        // Directories, `index.html` and every deep link get the page.
        None => match &files.index {
            Some(index) => index.as_ref(),
            None => return ApiError::from(ErrorCode::NotFound).into_response(),
        },
    };
    respond(file, request.headers(), request.method() == Method::HEAD)
}

/// The id of a stock page's overview path (`stocks/KOREA-A005930`), if it is one.
fn stock_page_id(relative: &str) -> Option<&str> {
    let id = relative.strip_prefix("stocks/")?;
    let id = id.strip_suffix('/').unwrap_or(id);
    SecurityId::parse(id).is_ok().then_some(id)
}

/// The stock page with its header filled from the securities API (its cache); the plain
/// page when there is no answer to fill it with (an unknown id, the market down), so the
/// client shows why.
async fn stock_page(
    files: &Files,
    template: &Template,
    security_id: &str,
    headers: &HeaderMap,
    head_only: bool,
) -> Response {
    let plain = || match &files.index {
        Some(index) => respond(index, headers, head_only),
        None => ApiError::from(ErrorCode::NotFound).into_response(),
    };
    let api_request = Request::get(format!("/main/api/v1/securities/{security_id}"))
        .body(Body::empty())
        .expect("a valid request");
    let Ok(answer) = files.api.clone().oneshot(api_request).await;
    let source = answer.headers().get(header::ETAG).cloned();
    let Some(source) = source.filter(|_| answer.status() == StatusCode::OK) else {
        return plain();
    };
    if let Some(page) = files.pages.get(security_id)
        && page.0 == source
    {
        return respond(&page.1, headers, head_only);
    }
    let Ok(body) = axum::body::to_bytes(answer.into_body(), 1024 * 1024).await else {
        return plain();
    };
    let fetched_at = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
    let html = template.fill(security_id, Some((&body, fetched_at)));
    let page = Arc::new((source, html_file(&html)));
    files.pages.insert(security_id.to_owned(), page.clone());
    respond(&page.1, headers, head_only)
}

fn respond(file: &File, request: &HeaderMap, head_only: bool) -> Response {
    let mut response = if request
        .get(header::IF_NONE_MATCH)
        .is_some_and(|value| matches_etag(value, &file.etag))
    {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let (body, encoding) = pick_encoding(file, request.get(header::ACCEPT_ENCODING));
        let mut response = if head_only {
            let mut response = Response::new(Body::empty());
            response
                .headers_mut()
                .insert(header::CONTENT_LENGTH, HeaderValue::from(body.len()));
            response
        } else {
            Response::new(Body::from(body.clone()))
        };
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, file.content_type.clone());
        if let Some(encoding) = encoding {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
        }
        response
    };
    let headers = response.headers_mut();
    headers.insert(header::ETAG, file.etag.clone());
    headers.insert(header::CACHE_CONTROL, file.cache_control.clone());
    if file.gzip.is_some() || file.brotli.is_some() {
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    response
}

/// The smallest form the client accepts: brotli, gzip, or the file as it is.
fn pick_encoding<'a>(
    file: &'a File,
    accept: Option<&HeaderValue>,
) -> (&'a Bytes, Option<&'static str>) {
    let accept = accept.and_then(|v| v.to_str().ok()).unwrap_or_default();
    // `coding;q=0` refuses it; any other weight accepts it (we always prefer the smaller).
    let accepts = |coding: &str| {
        accept.split(',').any(|item| {
            let mut parts = item.split(';').map(str::trim);
            let named = parts
                .next()
                .is_some_and(|name| name.eq_ignore_ascii_case(coding));
            let refused = parts.any(|p| {
                p.strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            named && !refused
        })
    };
    if let Some(brotli) = &file.brotli
        && accepts("br")
    {
        return (brotli, Some("br"));
    }
    if let Some(gzip) = &file.gzip
        && accepts("gzip")
    {
        return (gzip, Some("gzip"));
    }
    (&file.identity, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file() -> File {
        File {
            content_type: HeaderValue::from_static("text/javascript"),
            cache_control: HeaderValue::from_static("no-cache"),
            etag: etag_of(b"x"),
            identity: Bytes::from_static(b"plain"),
            gzip: Some(Bytes::from_static(b"gz")),
            brotli: Some(Bytes::from_static(b"br")),
        }
    }

    #[test]
    fn picks_the_best_accepted_encoding() {
        let file = file();
        let pick =
            |accept: &str| pick_encoding(&file, Some(&HeaderValue::from_str(accept).expect("h"))).1;
        assert_eq!(pick("gzip, deflate, br"), Some("br"));
        assert_eq!(pick("gzip"), Some("gzip"));
        assert_eq!(pick("br;q=0, gzip;q=0.5"), Some("gzip"));
        assert_eq!(pick("br;q=0.0,gzip;q=0"), None);
        assert_eq!(pick("identity"), None);
        assert_eq!(pick_encoding(&file, None).1, None);
    }

    #[test]
    fn the_index_is_gzipped() {
        let index = html_file(&"<html>시세</html>".repeat(50));
        assert!(
            index
                .gzip
                .as_ref()
                .is_some_and(|g| g.len() < index.identity.len())
        );
        assert!(index.brotli.is_none());
    }
}
