//! API tests of the market service, one test per backend (`sise_platform::per_backend!`):
//! - `securities`: the service on port 0 through real tonic clients (`helpers::TestApp`);
//! - `etfs`: the ETFs as securities with live quotes, and `EtfService` (facts, components,
//!   NAV) with its errors;
//! - `ingest`: the news and OpenDART ingestors against local fake providers;
//! - `fetch`: the ingestors' limits against hostile fakes: oversized bodies, redirects
//!   elsewhere, private addresses, endless paging, unstorable feed entries;
//! - `outage`: the service while NATS is down;
//! - `moves`: "why it moved": the moves against the candles, their articles against the
//!   article lists, their board activity against posts published on the bus;
//! - `trends`: post events through the real consumer, read back as popular stocks and
//!   discussion surges;
//! - `days`: the closed trading days of the continuous clock, each as its charts show it.
//!
//! The HTTP behaviour of every market call is tested through the gateway
//! (`gateway/tests/api`); these tests hold what only the service level can show.

#[path = "../common/closed_days.rs"]
mod closed_days;
mod days;
mod etfs;
mod fetch;
mod helpers;
mod ingest;
mod moves;
mod outage;
mod securities;
mod trends;
