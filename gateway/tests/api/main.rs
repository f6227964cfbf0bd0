//! API tests: the real services and gateway in one process on port 0. Every test runs once
//! per storage backend as a test of its own (`per_backend!`; `SISE_TEST_BACKENDS`, default
//! sqlite and postgres), so a failure names its backend.
//!
//! Shared: most tests call [`helpers::shared`], one running system per backend that the
//! first of them starts and that runs until the binary exits; its databases are kept
//! until the next run reaps them. Tests on it run in parallel, so they only read, or write
//! data no other test reads (the article inserts go to 셀트리온, which only that test
//! reads). Its simulated day is the default 600 s, so it is still 2026-06-16 there unless
//! the binary runs longer than that.
//!
//! Fresh ([`helpers::spawn_app`], stopped at the end) only where a test needs a system to
//! itself, each saying why: the 2-second simulated days, the simulator's first day, and the
//! graceful shutdown with an open quote stream.

mod articles;
mod assets;
mod charts;
mod company;
mod errors;
mod health;
mod helpers;
mod quotes;
mod securities;
mod stream;
mod webapp;
