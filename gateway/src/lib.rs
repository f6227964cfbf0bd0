//! The Sise gateway: the spec's three API hosts over the domain services' gRPC APIs.
//!
//! Layout:
//! - `config`: the `gateway` configuration section.
//! - `hosts`: Host-header mapping to the main / social / mobile-web routers, single-origin
//!   prefixes and the optional `.json` suffix.
//! - `limits`: per-client bounds: client address, rate limit, live-stream slots.
//! - `browser`: security headers, CORS, and the API bases the webapp is told.
//! - `intercept`: the shape of the API routers' layers (act on some requests, pass the
//!   rest through untouched).
//! - `auth`: bearer / access-token authentication through the identity service.
//! - `models`: the JSON shapes of securities and quotes, shared by `api` and `realtime`.
//! - `api`: REST routes per host, one module per resource (`securities`, `quotes`,
//!   `charts`, `company`, `articles`, `assets`, …; the community's in `api::social`).
//! - `realtime`: the quote hub: latest quotes from the bus, behind `GET /quotes` and the
//!   Server-Sent Events stream.
//! - `boards`: the live-board hub: the community's post events for open boards.
//! - `cache`: cached answers of the read-mostly routes, invalidated from the bus, with
//!   `ETag` / `304`.
//! - `feed`: the one bus subscription behind `realtime`, `boards` and `cache`.
//! - `upstream`: traced gRPC clients of the domain services.
//! - `error`: the `{error, message}` JSON error body.
//! - `openapi`: the OpenAPI document generated from the routes.
//! - `webapp`: the built React app under `/m`; `stock_page`: the stock page's prerendered
//!   first paint filled with its header.
//! - `edge`: what every request passes before routing, as one service: host mapping,
//!   rate limit, request timeout, CORS, security headers.
//! - `startup`: router assembly, readiness and the `Application` that serves it.
//! - `server`: the hyper loop: connection cap, header timeout, graceful drain.
//! - `standalone`: everything in one process on the embedded defaults (the `sise` binary).

pub mod api;
pub mod auth;
pub mod boards;
pub mod browser;
pub mod cache;
pub mod config;
pub mod edge;
pub mod error;
pub mod feed;
pub mod hosts;
pub mod intercept;
pub mod limits;
pub mod models;
pub mod openapi;
pub mod realtime;
pub mod server;
pub mod standalone;
pub mod startup;
pub mod state;
pub mod stock_page;
pub mod upstream;
pub mod webapp;

pub use config::GatewayConfig;
pub use startup::Application;
