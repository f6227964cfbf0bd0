//! The built webapp under `/m`, with the single-page fallback for deep links.
//!
//! `index.html` is read per request (a rebuild shows at once) and gets the API bases as
//! `<meta name="sise-api-…">` tags ([`crate::browser`]), so one build runs on one origin and
//! on the distributed hosts alike.

use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use sise_platform::error::ErrorCode;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::browser;
use crate::config::GatewayConfig;
use crate::error::ApiError;

#[derive(Clone)]
struct Index {
    path: PathBuf,
    meta: Arc<str>,
}

/// Hashed bundles under `/m/static/` never change; everything else is revalidated.
pub fn router(config: &GatewayConfig) -> Router {
    let dist = &config.webapp_dir;
    let index = Index {
        path: dist.join("index.html"),
        meta: browser::api_meta_tags(config).into(),
    };
    let index_page = get(serve_index)
        .with_state(index)
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ));
    // Directories are not answered from disk, so `/m` and `/m/` get the injected page too.
    let files = ServeDir::new(dist)
        .append_index_html_on_directories(false)
        .fallback(index_page.clone());
    let immutable = ServeDir::new(dist.join("static"));
    Router::new()
        .route("/m/index.html", index_page)
        .nest_service(
            "/m/static",
            tower::ServiceBuilder::new()
                .layer(SetResponseHeaderLayer::overriding(
                    header::CACHE_CONTROL,
                    HeaderValue::from_static("public, max-age=31536000, immutable"),
                ))
                .service(immutable),
        )
        .nest_service(
            "/m",
            tower::ServiceBuilder::new()
                .layer(SetResponseHeaderLayer::overriding(
                    header::CACHE_CONTROL,
                    HeaderValue::from_static("no-cache"),
                ))
                .service(files),
        )
}

async fn serve_index(State(index): State<Index>) -> Response {
    match tokio::fs::read_to_string(&index.path).await {
        Ok(html) => Html(browser::inject_meta(&html, &index.meta)).into_response(),
        Err(error) => {
            tracing::warn!(%error, path = %index.path.display(), "webapp not built");
            ApiError::from(ErrorCode::NotFound).into_response()
        }
    }
}
