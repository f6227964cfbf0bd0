//! The built webapp under `/m`, with the single-page fallback for deep links.

use std::path::Path;

use axum::Router;
use axum::http::{HeaderValue, header};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

/// Hashed bundles under `/m/static/` never change; everything else is revalidated.
pub fn router(dist: &Path) -> Router {
    let index = ServeFile::new(dist.join("index.html"));
    let files = ServeDir::new(dist).fallback(index);
    let immutable = ServeDir::new(dist.join("static"));
    Router::new()
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
