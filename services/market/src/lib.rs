//! The market service: securities, live quotes, charts, indexes, FX, news and disclosures.
//!
//! Layout:
//! - `domain`: identifiers (`SecurityId`) and markets, parsed at the edge.
//! - `dataset`: the bundled real KRX data (`data/`, provenance in `data/SOURCES.md`).
//! - `store`: the market database (securities, page views), both backends.
//! - `simulator`: the deterministic KRX-rule market simulator (pure logic).
//! - `feed`: drives the simulator, keeps the latest quotes, publishes ticks on the bus.
//! - `grpc`: `sise.market.v1.MarketService`.
//! - `charts`: day candles (real, generated, simulated) and minute bars; `ChartService`.
//! - `company`: company profiles, sample statements / investors / traders, related stocks,
//!   securities firms; `CompanyService`.
//! - `articles`: news (RSS/Atom) and OpenDART disclosures, ingestors, `ArticleService`.
//! - `assets`: indexes (KOSPI/KOSDAQ/KOSPI 200 from constituents, simulated foreign
//!   indexes) and forex as assets, market condition; `AssetService`.
//! - `popularity`: durable consumer counting page views.
//! - `config`, `startup`: configuration section and the `Application` that runs it all.

pub mod articles;
pub mod assets;
pub mod charts;
pub mod company;
pub mod config;
pub mod dataset;
pub mod domain;
pub mod feed;
pub mod grpc;
pub mod popularity;
pub mod simulator;
pub mod startup;
pub mod store;

pub use config::MarketConfig;
pub use startup::Application;
