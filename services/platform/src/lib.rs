//! Shared platform for every Sise process.
//!
//! Layout:
//! - `config`: layered configuration (YAML files, then `SISE__SECTION__KEY` environment overrides).
//! - `telemetry`: tracing subscriber (JSON logs), optional OTLP export, W3C context propagation
//!   through gRPC metadata.
//! - `db`: sqlx `Any` pools for SQLite (embedded default) and PostgreSQL, per-backend migrations,
//!   and fresh databases for tests.
//! - `bus`: the event bus: NATS (core + JetStream) or an in-process bus with the same interface;
//!   supervised durable consumers with dead-lettering.
//! - `metrics`: OpenTelemetry instruments, Prometheus text on `/metrics`, OTLP export.
//! - `outbox`: the transactional outbox, the one way a service publishes durable events: the
//!   event is written in the transaction of its row, and a relay publishes it afterwards.
//! - `error`: the one catalogue of error codes; domain errors that know their gRPC and
//!   HTTP status.
//! - `image` (feature `image`): the image door every picture goes through: checked by
//!   content, sized from its header against a pixel budget, a few decodes at once, shrunk
//!   and re-encoded as JPEG squares.
//! - `member`: the signed-in member of a call: signed by the gateway (HMAC with a shared
//!   secret), verified by a service's interceptor before a handler reads it.
//! - `operator`: operators' credentials (bearer tokens checked against configured hashes)
//!   for the operators' listeners, and the authenticated operator of a call.
//! - `request`: request rules every call shares (page sizes, dates), parsed once.
//! - `search`: names as Korean readers type them (folded, jamo and 초성 forms; an index of
//!   the keys of each entry with match tiers): market's asset search, social's topics.
//! - `server`: a service's gRPC + health endpoints on one port; health follows readiness (the
//!   database, not the bus); graceful shutdown with a drain deadline.
//! - `task`: supervised background tasks (restart with backoff, state for readiness).
//! - `service`: the `Service` trait every domain service implements, launching one, and the
//!   `main` of a service's own binary.
//! - `time`: now as epoch milliseconds, Korea's offset.
//! - `testing`: the test kit: one test per backend (`per_backend!`), fresh databases, the
//!   service harness.

pub mod bus;
pub mod config;
pub mod db;
pub mod error;
#[cfg(feature = "image")]
pub mod image;
pub mod member;
pub mod metrics;
pub mod operator;
pub mod outbox;
pub mod request;
pub mod search;
pub mod server;
pub mod service;
pub mod task;
pub mod telemetry;
#[cfg(feature = "testing")]
pub mod testing;
pub mod time;
