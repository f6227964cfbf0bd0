//! The market service: securities, live quotes, charts, indexes, FX, news and disclosures.
//!
//! Layout, in layers that only point down (a module uses its own layer or lower ones):
//! 1. Foundations, re-exported from the crate `sise-market-model` (`model/`), which holds
//!    the number crunching every start runs and is built optimised in the test profile
//!    while the rest of market is not (docs/benchmarks.md, "Test command"):
//!    - `domain`: identifiers (`SecurityId`) and markets, parsed at the edge.
//!    - `dataset`: the bundled real KRX data (`data/`, provenance in `data/SOURCES.md`).
//!    - `simulator`: the deterministic KRX-rule market simulator (pure logic), its settings
//!      and the KST clock (`now_kst`).
//!    - `candle` and `history` (used as `charts::candle` and `charts::history`): a day
//!      candle, and every stock's real and seeded daily history.
//! 2. Shared machinery:
//!    - `store`: the market database's migrations and its `dataset_meta` versions.
//!    - `feed`: drives the simulator, keeps the latest quotes, publishes ticks on the bus.
//!    - `feature`: the plug-in shape of a feature (`Context` in, `Feature` out).
//!    - `leader`: leader election among replicas (a PostgreSQL advisory lock; SQLite leads
//!      alone).
//! 3. Features, peers that use each other without a cycle (`company` uses `charts`):
//!    - `securities`: the securities table, `MarketService`, popularity of page views.
//!    - `charts`: day candles (real, generated, simulated) and minute bars; `ChartService`.
//!    - `company`: company profiles, sample statements / investors / traders, related
//!      stocks, securities firms; `CompanyService`.
//!    - `articles`: news (RSS/Atom) and OpenDART disclosures, ingestors, `ArticleService`.
//!    - `assets`: indexes (KOSPI/KOSDAQ/KOSPI 200 from constituents, simulated foreign
//!      indexes) and forex as assets, market condition; `AssetService`.
//!    - `etfs`: the ETFs' published facts, components (approximated index baskets weighted
//!      by real market caps) and NAV computed from the components' real closes;
//!      `EtfService`.
//!    - `search`: assets by name, code, English name and 초성, news by keyword, issue
//!      keywords; `SearchService`.
//!    - `trends`: special stocks, ranked lists, foreign indexes by region, WICS sectors,
//!      popular stocks, posts per stock (social's post events) and discussion surges;
//!      `TrendService` (uses `charts`, `company`, `assets`, `search`,
//!      `articles`, `securities`).
//!    - `moves`: "why it moved": the largest moves of a chart period with the disclosures,
//!      news and board activity around each; `MoveService` (uses `charts`, `articles`,
//!      `trends`).
//!    - `closed_days`: the closed trading days, each one's indexes, movers and why,
//!      sectors and filings; `ClosedDayService` (uses `charts`, `assets`, `trends`,
//!      `moves`).
//! 4. Assembly:
//!    - `config`: the `services.market` section, gathering every feature's section.
//!    - `runtime`: the replica's role loop: follow the leader's ticks, or lead and run the
//!      feed and the leader tasks under supervision; the task states readiness reads.
//!    - `startup`: the `Application` that builds the feed, plugs in every feature and serves.

pub mod articles;
pub(crate) mod assets;
pub(crate) mod charts;
pub(crate) mod closed_days;
pub(crate) mod company;
pub mod config;
pub(crate) mod etfs;
pub(crate) mod feature;
pub mod feed;
pub mod leader;
pub(crate) mod moves;
mod runtime;
pub mod search;
pub(crate) mod securities;
mod startup;
pub mod store;
pub mod trends;

// The foundations, a crate of their own (built optimised in the test profile).
pub use sise_market_model::{dataset, domain, simulator};

pub use config::MarketConfig;
pub use securities::SecurityStore;
pub use startup::Application;
