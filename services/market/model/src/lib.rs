//! Market's foundations: what the market is and how it moves, without storage, network or
//! runtime. A crate of its own because every start of the market service (each test system,
//! each end-to-end server) runs this code, which is number crunching: the test profile
//! builds it optimised and the rest of market, its tests above all, without optimisation
//! (docs/benchmarks.md, "Test command"). `sise-market` re-exports every module.
//!
//! Layout, in layers that only point down:
//! 1. `domain`: identifiers (`SecurityId`) and markets, parsed at the edge; `candle`: a day
//!    candle and where a stored one comes from.
//! 2. `dataset`: the bundled real KRX data (`services/market/data/`, provenance in its
//!    `SOURCES.md`); `simulator`: the deterministic KRX-rule market simulator (pure logic),
//!    its settings and the KST clock (`now_kst`).
//! 3. `history`: every stock's daily history, real from the dataset and seeded where the
//!    dataset has none.

pub mod candle;
pub mod dataset;
pub mod domain;
pub mod history;
pub mod simulator;
