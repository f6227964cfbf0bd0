//! API tests: the real services and gateway in one process on port 0. Every test runs once
//! per storage backend as a test of its own (`per_backend!`; `SISE_TEST_BACKENDS`, default
//! sqlite and postgres), so a failure names its backend.
//!
//! Shared: most tests call [`helpers::shared`], one running system per backend that the
//! first of them starts and that runs until the binary exits (its databases are reaped by
//! the next run). Tests on it run in parallel, so each only reads, or writes data that no
//! other test reads: the mid-pagination inserts go to 셀트리온's articles, which no other
//! test reads. Its simulated day is the default 600 s, far longer than the binary runs.
//!
//! Fresh ([`helpers::spawn_app`], stopped at the end) only where a test needs a system to
//! itself, each saying why: two-second simulated days, the simulator's first day, the
//! graceful shutdown with an open quote stream, and events published on the system's bus.

mod access;
mod articles;
mod assets;
mod cache;
mod charts;
mod company;
mod contests;
mod edge;
mod errors;
mod etfs;
mod favorites;
mod health;
mod helpers;
mod identity;
mod insight;
mod moves;
mod notices;
mod quotes;
mod request_rules;
mod search;
mod securities;
mod site;
mod social;
mod stream;
mod support;
mod topics;
mod trends;
mod webapp;
