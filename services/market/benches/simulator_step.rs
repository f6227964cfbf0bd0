//! How long one simulator step takes over the whole real KRX listing, in continuous mode and
//! during the KRX regular session. Prints its figures; asserts nothing.
//!
//! `cargo bench -p sise-market --bench simulator_step`

use std::collections::HashMap;
use std::path::Path;
use std::time::{Duration, Instant};

use chrono::{NaiveDate, TimeDelta};
use sise_market::dataset::load_listing;
use sise_market::feed;
use sise_market::simulator::clock::kst_instant;
use sise_market::simulator::{SimulatorMode, SimulatorSettings};

/// Steps per run: at the default 500 ms tick, about 17 simulated minutes.
const STEPS: i64 = 2_000;
const TICK: TimeDelta = TimeDelta::milliseconds(500);

fn main() -> anyhow::Result<()> {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let listing = load_listing(&data)?;
    println!(
        "{} listed stocks, {STEPS} steps of {} ms",
        listing.len(),
        TICK.num_milliseconds()
    );
    for mode in [SimulatorMode::Continuous, SimulatorMode::Krx] {
        let settings = SimulatorSettings {
            mode,
            seed: 7,
            tick_interval_ms: 500,
            day_length_secs: 600,
            clock_offset_secs: 0,
        };
        // A Wednesday at 10:00 KST: inside the regular session on the KRX clock.
        let day = NaiveDate::from_ymd_opt(2026, 6, 17).expect("valid date");
        let start = kst_instant(day, 10 * 3600);
        let (mut simulator, _board) =
            feed::build(listing.clone(), &settings, start, &HashMap::new());
        // The first step catches up the days between the listing's last close and `start`.
        simulator.step(start);
        let mut changed = 0usize;
        let mut slowest = Duration::ZERO;
        let began = Instant::now();
        for n in 1..=STEPS {
            let step_began = Instant::now();
            changed += simulator
                .step(start + TICK * i32::try_from(n)?)
                .changed
                .len();
            slowest = slowest.max(step_began.elapsed());
        }
        let total = began.elapsed();
        println!(
            "{mode:?}: {:.1} µs per step (slowest {:.1} µs), {:.0} changed quotes per step",
            total.as_secs_f64() * 1e6 / STEPS as f64,
            slowest.as_secs_f64() * 1e6,
            changed as f64 / STEPS as f64,
        );
    }
    Ok(())
}
