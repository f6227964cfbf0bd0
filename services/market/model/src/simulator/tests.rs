//! Behavioural tests of the simulator. No timing assertions.

use std::time::Duration;

use chrono::{DateTime, FixedOffset, NaiveDate, TimeDelta};

use super::clock::{is_trading_day, kst_instant};
use super::rules::is_on_tick;
use super::*;

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).expect("valid date")
}

fn kst(y: i32, m: u32, d: u32, hour: u32, minute: u32) -> DateTime<FixedOffset> {
    kst_instant(date(y, m, d), hour * 3600 + minute * 60)
}

fn instrument(id: &str, previous_close: i64, liquidity: f64, volatility: f64) -> Instrument {
    Instrument {
        security_id: id.to_owned(),
        previous_close,
        liquidity,
        volatility,
        jumps: true,
        grid: TickGrid::Stock,
    }
}

/// A spread of prices across tick bands, liquidities and volatilities,
/// including very volatile names that reach their limits.
fn universe() -> Vec<Instrument> {
    let prices = [
        1, 3, 999, 1_995, 2_000, 4_990, 5_000, 19_990, 20_000, 55_500, 199_900, 200_000, 499_500,
        500_000, 1_234_000,
    ];
    let mut instruments = Vec::new();
    for (i, price) in prices.into_iter().enumerate() {
        let liquidity = i as f64 / (prices.len() - 1) as f64;
        instruments.push(instrument(&format!("A{i:05}"), price, liquidity, 0.02));
        instruments.push(instrument(
            &format!("B{i:05}"),
            price,
            1.0 - liquidity,
            0.25,
        ));
    }
    instruments
}

fn continuous(seed: u64, day_seconds: u64, start: DateTime<FixedOffset>) -> SimulatorConfig {
    SimulatorConfig {
        seed,
        mode: Mode::Continuous {
            day_length: Duration::from_secs(day_seconds),
        },
        start,
        last_close_date: date(2025, 7, 1),
    }
}

fn krx(seed: u64, start: DateTime<FixedOffset>, last_close_date: NaiveDate) -> SimulatorConfig {
    SimulatorConfig {
        seed,
        mode: Mode::Krx,
        start,
        last_close_date,
    }
}

fn secs(n: i64) -> TimeDelta {
    TimeDelta::seconds(n)
}

/// The parts of a quote that a trade changes.
fn trade_fields(q: &QuoteState) -> (i64, i64, i64, i64, i64, i64, i64) {
    (
        q.price,
        q.open,
        q.high,
        q.low,
        q.volume,
        q.trading_value,
        q.previous_close,
    )
}

fn check_day_close(close: &DayClose) {
    assert!(close.open > 0, "{close:?}");
    assert!(
        close.low <= close.open && close.open <= close.high,
        "{close:?}"
    );
    assert!(
        close.low <= close.close && close.close <= close.high,
        "{close:?}"
    );
    assert!(close.volume > 0 && close.trading_value > 0, "{close:?}");
    assert!(
        is_on_tick(close.open) && is_on_tick(close.close),
        "{close:?}"
    );
    assert!(is_on_tick(close.high) && is_on_tick(close.low), "{close:?}");
}

#[test]
fn initial_quotes_sit_at_previous_close() {
    let start = kst(2025, 7, 2, 7, 0);
    let sim = Simulator::new(krx(1, start, date(2025, 7, 1)), universe());
    assert_eq!(sim.len(), 30);
    assert!(!sim.is_empty());
    assert_eq!(sim.session(), Session::Closed);
    assert_eq!(sim.trading_date(), date(2025, 7, 2));
    for (q, i) in sim.quotes().iter().zip(universe()) {
        assert_eq!(q.price, i.previous_close);
        assert_eq!(q.previous_close, i.previous_close);
        assert_eq!(
            (q.open, q.high, q.low, q.volume, q.trading_value),
            (0, 0, 0, 0, 0)
        );
        assert_eq!(
            (q.upper_limit, q.lower_limit),
            price_limits(i.previous_close)
        );
        assert_eq!(q.change, PriceChange::Even);
        assert!(!q.vi);
        assert_eq!(q.traded_at, start);
        assert_eq!(q.trading_date, date(2025, 7, 2));
    }
}

#[test]
fn bad_inputs_are_sanitized() {
    let start = kst(2025, 7, 2, 9, 0);
    let instruments = vec![
        instrument("NEG", -5, f64::NAN, f64::NAN),
        instrument("BIG", 10_000, 7.0, 3.0),
    ];
    let mut sim = Simulator::new(continuous(3, 60, start), instruments);
    assert_eq!(sim.quote(0).price, 1);
    for n in 0..300 {
        sim.step(start + secs(n));
    }
    for q in sim.quotes() {
        assert!(q.price >= q.lower_limit && q.price <= q.upper_limit);
        assert!(is_on_tick(q.price));
    }
}

#[test]
fn empty_simulator_steps() {
    let start = kst(2025, 7, 2, 9, 0);
    let mut sim = Simulator::new(continuous(1, 60, start), Vec::new());
    assert!(sim.is_empty());
    let outcome = sim.step(start + secs(120));
    assert!(outcome.changed.is_empty() && outcome.closed_days.is_empty());
    assert_eq!(outcome.session, Session::Regular);
}

#[test]
fn prices_stay_on_tick_within_limits_over_ten_thousand_steps() {
    let start = kst(2025, 7, 2, 21, 0);
    let mut sim = Simulator::new(continuous(42, 600, start), universe());
    let mut upper_hits = 0;
    let mut lower_hits = 0;
    let mut closes = 0;
    for n in 1..=10_000 {
        let outcome = sim.step(start + secs(n));
        assert_eq!(outcome.session, Session::Regular);
        assert!(
            outcome.changed.windows(2).all(|w| w[0] < w[1]),
            "sorted, unique"
        );
        for close in &outcome.closed_days {
            check_day_close(close);
            closes += 1;
        }
        for (index, q) in sim.quotes().iter().enumerate() {
            assert!(is_on_tick(q.price), "{index}: {q:?}");
            assert!(
                q.lower_limit <= q.price && q.price <= q.upper_limit,
                "{index}: {q:?}"
            );
            assert_eq!(
                (q.upper_limit, q.lower_limit),
                price_limits(q.previous_close)
            );
            assert_eq!(
                q.change,
                classify(q.price, q.previous_close, q.upper_limit, q.lower_limit)
            );
            if q.open > 0 {
                assert!(q.low <= q.price && q.price <= q.high, "{index}: {q:?}");
                assert!(q.low <= q.open && q.open <= q.high, "{index}: {q:?}");
                assert!(
                    q.low >= q.lower_limit && q.high <= q.upper_limit,
                    "{index}: {q:?}"
                );
            }
            match q.change {
                PriceChange::UpperLimit => {
                    assert_eq!(q.price, q.upper_limit);
                    upper_hits += 1;
                }
                PriceChange::LowerLimit => {
                    assert_eq!(q.price, q.lower_limit);
                    lower_hits += 1;
                }
                _ => {
                    assert!(q.price == q.previous_close || q.price != q.upper_limit);
                }
            }
        }
    }
    // 10,000 one-second steps over ten-minute days: 16 whole days closed.
    assert_eq!(closes, 16 * sim.len());
    assert!(
        upper_hits > 0,
        "volatile names should reach the upper limit"
    );
    assert!(
        lower_hits > 0,
        "volatile names should reach the lower limit"
    );
}

#[test]
fn same_seed_same_outcomes_different_seed_differs() {
    let start = kst(2025, 7, 2, 10, 0);
    let run = |seed: u64| {
        let mut sim = Simulator::new(continuous(seed, 120, start), universe());
        let mut outcomes = Vec::new();
        let mut t = start;
        for n in 0..2_000_i64 {
            // Irregular steps, including repeats and a backwards value.
            t += secs(n % 3) + TimeDelta::milliseconds(n % 7 * 100);
            let now = if n == 500 { t - secs(30) } else { t };
            outcomes.push(sim.step(now));
        }
        (outcomes, sim.quotes().to_vec())
    };
    let (a_outcomes, a_quotes) = run(7);
    let (b_outcomes, b_quotes) = run(7);
    assert_eq!(a_outcomes, b_outcomes);
    assert_eq!(a_quotes, b_quotes);
    let (c_outcomes, c_quotes) = run(8);
    assert_ne!(a_quotes, c_quotes);
    assert_ne!(a_outcomes, c_outcomes);
}

#[test]
fn krx_mode_same_seed_same_outcomes() {
    let start = kst(2025, 7, 2, 8, 0);
    let run = || {
        let mut sim = Simulator::new(krx(99, start, date(2025, 7, 1)), universe());
        (0..3_000)
            .map(|n| sim.step(start + secs(n * 13)))
            .collect::<Vec<_>>()
    };
    assert_eq!(run(), run());
}

#[test]
fn krx_day_follows_the_clock() {
    // Friday 4 July 2025, stepping every 20 seconds until Monday 7 July 10:00.
    let start = kst(2025, 7, 4, 7, 0);
    let mut sim = Simulator::new(krx(5, start, date(2025, 7, 3)), universe());
    let end = kst(2025, 7, 7, 10, 0);
    let mut now = start;
    let mut previous: Vec<_> = sim.quotes().iter().map(trade_fields).collect();
    let mut previous_session = sim.session();
    let mut friday_closes = Vec::new();
    let mut opened = false;
    while now < end {
        now += secs(20);
        let outcome = sim.step(now);
        let session = outcome.session;
        assert_eq!(session, krx_session(now));
        let current: Vec<_> = sim.quotes().iter().map(trade_fields).collect();
        let moved: Vec<usize> = (0..sim.len())
            .filter(|&i| current[i] != previous[i])
            .collect();
        for &i in &moved {
            assert!(outcome.changed.contains(&i), "moved quotes are reported");
        }
        for q in sim.quotes() {
            assert_eq!(q.session, session);
        }
        match session {
            Session::PreMarket | Session::OpeningAuction => {
                for (q, i) in sim.quotes().iter().zip(universe()) {
                    if now < kst(2025, 7, 5, 0, 0) {
                        assert_eq!(q.price, i.previous_close);
                    }
                    assert_eq!((q.open, q.volume), (0, 0), "{now}");
                    assert_eq!(q.price, q.previous_close);
                }
            }
            Session::Regular => {
                if !opened {
                    opened = true;
                    for q in sim.quotes() {
                        assert!(q.open > 0 && q.volume > 0);
                        assert_eq!(q.traded_at, kst(2025, 7, 4, 9, 0).max(q.traded_at));
                    }
                }
            }
            Session::ClosingAuction => {
                if previous_session == Session::ClosingAuction {
                    assert!(moved.is_empty(), "no trades in the closing auction: {now}");
                    assert!(outcome.changed.is_empty());
                }
                assert!(sim.quotes().iter().all(|q| !q.vi));
            }
            Session::AfterHours | Session::Closed => {
                if outcome.closed_days.is_empty() && previous_session == session {
                    assert!(moved.is_empty(), "no trades while closed: {now}");
                    assert!(outcome.changed.is_empty());
                }
            }
        }
        if !outcome.closed_days.is_empty() {
            assert_eq!(now, kst(2025, 7, 4, 15, 30), "the close is at 15:30");
            assert_eq!(outcome.closed_days.len(), sim.len());
            for (i, close) in outcome.closed_days.iter().enumerate() {
                check_day_close(close);
                assert_eq!(close.index, i);
                assert_eq!(close.date, date(2025, 7, 4));
                assert_eq!(close.close, sim.quote(i).price);
                assert_eq!(sim.quote(i).traded_at, now);
            }
            friday_closes = outcome.closed_days.clone();
        }
        if now == kst(2025, 7, 7, 8, 0) {
            // Monday's roll: Friday's close is the previous close.
            assert_eq!(outcome.changed.len(), sim.len());
            for (q, close) in sim.quotes().iter().zip(&friday_closes) {
                assert_eq!(q.previous_close, close.close);
                assert_eq!(q.price, close.close);
                assert_eq!((q.upper_limit, q.lower_limit), price_limits(close.close));
                assert_eq!(q.trading_date, date(2025, 7, 7));
                assert_eq!((q.open, q.volume), (0, 0));
            }
        }
        if now > kst(2025, 7, 4, 15, 30) && now < kst(2025, 7, 7, 8, 0) {
            // Friday's quote stays on display over the weekend.
            for q in sim.quotes() {
                assert_eq!(q.trading_date, date(2025, 7, 4));
                assert!(q.volume > 0);
            }
        }
        previous = current;
        previous_session = session;
    }
    assert!(opened);
    assert_eq!(friday_closes.len(), sim.len());
    // Monday has been trading for an hour.
    assert!(sim.quotes().iter().all(|q| q.open > 0));
}

fn krx_session(now: DateTime<FixedOffset>) -> Session {
    session_at(&Mode::Krx, now)
}

#[test]
fn krx_holidays_do_not_trade() {
    // Thursday 2 Oct 2025 after the close; 3 Oct and 6–9 Oct are holidays.
    let start = kst(2025, 10, 2, 16, 0);
    let mut sim = Simulator::new(krx(11, start, date(2025, 10, 2)), universe());
    assert_eq!(sim.trading_date(), date(2025, 10, 10));
    let mut now = start;
    while now < kst(2025, 10, 10, 8, 0) {
        now += secs(300);
        let outcome = sim.step(now);
        assert!(outcome.closed_days.is_empty());
        if !is_trading_day(now.date_naive()) {
            assert_eq!(outcome.session, Session::Closed, "{now}");
        }
        for (q, i) in sim.quotes().iter().zip(universe()) {
            assert_eq!(q.price, i.previous_close);
            assert_eq!(q.volume, 0);
        }
    }
    while now < kst(2025, 10, 10, 15, 30) {
        now += secs(300);
        let outcome = sim.step(now);
        for close in &outcome.closed_days {
            assert_eq!(close.date, date(2025, 10, 10));
        }
    }
    assert!(sim.quotes().iter().all(|q| q.volume > 0));
    assert_eq!(sim.trading_date(), date(2025, 10, 13));
}

#[test]
fn continuous_mode_replays_the_real_trading_day() {
    // Wednesday 1 Oct 2025, noon: every 60 s session trades the 1st again.
    let start = kst(2025, 10, 1, 12, 0);
    let config = continuous(3, 60, start);
    let mode = config.mode;
    let mut sim = Simulator::new(config, universe());
    let seeds: Vec<i64> = sim.quotes().iter().map(|q| q.previous_close).collect();
    assert_eq!(sim.trading_date(), date(2025, 10, 1));
    let mut closes_seen = 0;
    for n in 1..=600 {
        let now = start + secs(n);
        let before: Vec<_> = sim.quotes().to_vec();
        let outcome = sim.step(now);
        assert_eq!(outcome.session, Session::Regular);
        if n % 60 == 0 {
            assert_eq!(outcome.closed_days.len(), sim.len(), "session ends at {n}s");
            for close in &outcome.closed_days {
                check_day_close(close);
                assert_eq!(close.date, date(2025, 10, 1));
                let q = sim.quote(close.index);
                // Replayed and reopened at once, from the same previous close.
                assert_eq!(q.previous_close, seeds[close.index]);
                assert_eq!(
                    (q.upper_limit, q.lower_limit),
                    price_limits(q.previous_close)
                );
                assert!(q.open > 0, "the replay opened with a single price");
                assert_eq!(q.trading_date, date(2025, 10, 1));
                assert_eq!(q.day_serial, before[close.index].day_serial + 1);
                assert!(before[close.index].volume <= close.volume);
                assert!(q.volume <= close.volume || q.volume < before[close.index].volume);
            }
            closes_seen += 1;
        } else {
            assert!(outcome.closed_days.is_empty(), "{n}");
        }
        assert_eq!(trading_date_at(&mode, start, now), date(2025, 10, 1));
        assert_eq!(sim.trading_date(), date(2025, 10, 1));
    }
    assert_eq!(closes_seen, 10);
}

#[test]
fn continuous_mode_moves_on_with_the_calendar() {
    // Thursday 2 Oct 2025, 23:58. Friday the 3rd (개천절) and the Chuseok break to Thursday
    // the 9th (한글날) are closed: their sessions replay the 2nd. Friday the 10th trades,
    // and its sessions go on over the weekend; Monday the 13th is the next new day.
    let start = kst(2025, 10, 2, 23, 58);
    let mut sim = Simulator::new(continuous(5, 60, start), universe());
    assert_eq!(sim.trading_date(), date(2025, 10, 2));
    let outcome = sim.step(start + secs(180));
    assert!(
        outcome
            .closed_days
            .iter()
            .all(|c| c.date == date(2025, 10, 2))
    );
    assert_eq!(sim.trading_date(), date(2025, 10, 2));
    let at = |y, m, d, h, min| {
        kst(y, m, d, h, min)
            .signed_duration_since(start)
            .num_seconds()
    };
    sim.step(start + secs(at(2025, 10, 10, 12, 0)));
    assert_eq!(sim.trading_date(), date(2025, 10, 10));
    // Monday 00:00 is a session boundary (a whole number of minutes from the start).
    let outcome = sim.step(start + secs(at(2025, 10, 13, 0, 0) - 30));
    assert!(
        outcome
            .closed_days
            .iter()
            .all(|c| c.date == date(2025, 10, 10))
    );
    assert_eq!(sim.trading_date(), date(2025, 10, 10));
    let outcome = sim.step(start + secs(at(2025, 10, 13, 0, 0) + 1));
    assert_eq!(outcome.closed_days.len(), sim.len());
    for close in &outcome.closed_days {
        assert_eq!(close.date, date(2025, 10, 10));
        let q = sim.quote(close.index);
        assert_eq!(q.trading_date, date(2025, 10, 13));
        // A new day: its previous close is the last session's close.
        assert_eq!(q.previous_close, close.close);
    }
    assert_eq!(sim.trading_date(), date(2025, 10, 13));
}

#[test]
fn liquidity_sets_trading_frequency() {
    let start = kst(2025, 7, 2, 9, 0);
    let instruments = vec![
        instrument("005930", 55_500, 1.0, 0.02),
        instrument("ILLIQ", 3_000, 0.0, 0.02),
    ];
    let mut sim = Simulator::new(krx(17, start, date(2025, 7, 1)), instruments);
    let mut counts = [0_i64; 2];
    let steps = 3_600;
    sim.step(start);
    for n in 1..=steps {
        let outcome = sim.step(start + secs(n));
        for &i in &outcome.changed {
            counts[i] += 1;
        }
    }
    assert!(counts[0] > steps * 95 / 100, "liquid: {}", counts[0]);
    assert!(counts[1] < steps / 20, "illiquid: {}", counts[1]);
    let (liquid, illiquid) = (sim.quote(0), sim.quote(1));
    assert!(liquid.trading_value > illiquid.trading_value * 100);
}

#[test]
fn volatility_interruption_halts_for_two_minutes() {
    // Very volatile names in KRX mode, stepping every 5 seconds for a day.
    let start = kst(2025, 7, 2, 8, 55);
    let instruments: Vec<_> = (0..40)
        .map(|i| instrument(&format!("V{i}"), 10_000 + i * 1_000, 0.8, 0.5))
        .collect();
    let mut sim = Simulator::new(krx(23, start, date(2025, 7, 1)), instruments);
    let n = sim.len();
    let mut vi_since: Vec<Option<DateTime<FixedOffset>>> = vec![None; n];
    let mut frozen: Vec<Option<(i64, i64, i64)>> = vec![None; n];
    let mut interruptions = 0;
    let mut now = start;
    while now < kst(2025, 7, 2, 15, 20) {
        now += secs(5);
        let outcome = sim.step(now);
        for i in 0..n {
            let q = sim.quote(i);
            match (vi_since[i], q.vi) {
                (None, true) => {
                    interruptions += 1;
                    assert!(outcome.changed.contains(&i));
                    vi_since[i] = Some(now);
                    frozen[i] = Some((q.price, q.volume, q.trading_value));
                }
                (Some(_), true) => {
                    assert_eq!(frozen[i], Some((q.price, q.volume, q.trading_value)));
                }
                (Some(since), false) => {
                    if now < kst(2025, 7, 2, 15, 20) {
                        assert!(now - since >= secs(120), "VI lasted {}", now - since);
                        assert!(now - since <= secs(130));
                    }
                    vi_since[i] = None;
                }
                (None, false) => {}
            }
        }
    }
    assert!(interruptions > 0, "volatile names should trigger a VI");
}

#[test]
fn catch_up_emits_missed_days() {
    // Seed close Monday 30 June; started Wednesday 2 July 20:00 KST.
    let start = kst(2025, 7, 2, 20, 0);
    let mut sim = Simulator::new(krx(2, start, date(2025, 6, 30)), universe());
    let outcome = sim.step(start);
    let dates: Vec<_> = outcome.closed_days.iter().map(|c| c.date).collect();
    let n = sim.len();
    assert_eq!(dates.len(), 2 * n);
    assert!(dates[..n].iter().all(|d| *d == date(2025, 7, 1)));
    assert!(dates[n..].iter().all(|d| *d == date(2025, 7, 2)));
    for close in &outcome.closed_days {
        check_day_close(close);
    }
    for (i, q) in sim.quotes().iter().enumerate() {
        assert_eq!(q.price, outcome.closed_days[n + i].close);
        assert_eq!(q.previous_close, outcome.closed_days[i].close);
        assert_eq!(q.trading_date, date(2025, 7, 2));
    }
    assert_eq!(sim.trading_date(), date(2025, 7, 3));
}

#[test]
fn catch_up_is_capped() {
    let start = kst(2025, 7, 2, 20, 0);
    let mut sim = Simulator::new(krx(2, start, date(2025, 1, 2)), universe());
    let outcome = sim.step(start);
    let n = sim.len();
    let days = usize::try_from(MAX_CATCH_UP_DAYS).expect("small") + 1;
    assert_eq!(outcome.closed_days.len(), days * n);
    let mut dates: Vec<_> = outcome.closed_days.iter().map(|c| c.date).collect();
    dates.dedup();
    assert_eq!(dates.len(), days);
    assert!(dates.windows(2).all(|w| w[0] < w[1]));
    assert!(dates.iter().all(|d| is_trading_day(*d)));
    assert_eq!(dates.last(), Some(&date(2025, 7, 2)));

    // A long pause in continuous mode is capped the same way.
    let start = kst(2025, 7, 2, 9, 0);
    let mut sim = Simulator::new(continuous(4, 60, start), universe());
    sim.step(start);
    let outcome = sim.step(start + secs(60 * 100 + 30));
    assert_eq!(outcome.closed_days.len(), days * n);
    let mode = Mode::Continuous {
        day_length: Duration::from_secs(60),
    };
    assert_eq!(
        sim.trading_date(),
        trading_date_at(&mode, start, start + secs(60 * 100 + 30))
    );
}

#[test]
fn steps_without_time_passing_change_nothing() {
    let start = kst(2025, 7, 2, 10, 0);
    let mut sim = Simulator::new(continuous(9, 600, start), universe());
    sim.step(start + secs(5));
    let snapshot = sim.quotes().to_vec();
    let outcome = sim.step(start + secs(5));
    assert!(outcome.changed.is_empty());
    assert_eq!(sim.quotes(), &snapshot[..]);
    let outcome = sim.step(start);
    assert!(
        outcome.changed.is_empty(),
        "time going backwards is ignored"
    );
}

#[test]
fn etfs_trade_on_the_five_won_grid_at_every_price() {
    let start = kst(2025, 7, 2, 21, 0);
    let etf = |id: &str, previous_close: i64, volatility: f64| Instrument {
        jumps: false,
        grid: TickGrid::Etf,
        ..instrument(id, previous_close, 1.0, volatility)
    };
    let instruments = vec![
        // A low-priced ETF: the stocks' grid is 1 won there.
        etf("LOW", 1_234, 0.02),
        // A money-market ETF: tiny daily moves, 100 won a tick on the stocks' grid.
        etf("MMF", 105_015, 0.0005),
        // The same two as stocks.
        instrument("LOW-STOCK", 1_234, 1.0, 0.02),
        Instrument {
            jumps: false,
            ..instrument("MMF-STOCK", 105_015, 1.0, 0.0005)
        },
    ];
    let mut sim = Simulator::new(continuous(7, 600, start), instruments);
    assert_eq!(
        (sim.quote(0).upper_limit, sim.quote(0).lower_limit),
        TickGrid::Etf.price_limits(1_234)
    );
    let mut low_prices = std::collections::BTreeSet::new();
    let mut mmf_prices = std::collections::BTreeSet::new();
    let mut mmf_stock_prices = std::collections::BTreeSet::new();
    for n in 1..=3_000 {
        let outcome = sim.step(start + secs(n));
        for close in &outcome.closed_days {
            if close.index < 2 {
                for price in [close.open, close.high, close.low, close.close] {
                    assert_eq!(price % 5, 0, "{close:?}");
                }
            }
        }
        for (index, q) in sim.quotes().iter().enumerate().take(2) {
            // Before a session's open the quote sits at the previous close (the history's).
            if q.open > 0 {
                assert!(TickGrid::Etf.is_on_tick(q.price), "{index}: {q:?}");
            }
            assert_eq!(
                (q.upper_limit, q.lower_limit),
                TickGrid::Etf.price_limits(q.previous_close),
                "{index}"
            );
            assert!(q.lower_limit <= q.price && q.price <= q.upper_limit);
        }
        if sim.quote(0).open > 0 {
            low_prices.insert(sim.quote(0).price);
            mmf_prices.insert(sim.quote(1).price);
            mmf_stock_prices.insert(sim.quote(3).price);
        }
        assert!(is_on_tick(sim.quote(2).price));
    }
    // The low-priced ETF moves in 5-won steps only.
    assert!(low_prices.len() > 3, "{low_prices:?}");
    assert!(low_prices.iter().all(|p| p % 5 == 0), "{low_prices:?}");
    // The money-market ETF's small moves show on its grid, where the stocks' grid rounds
    // them away.
    assert!(mmf_prices.len() > 3, "{mmf_prices:?}");
    assert!(
        mmf_prices.len() > mmf_stock_prices.len(),
        "{mmf_prices:?} {mmf_stock_prices:?}"
    );
}
