//! Generated sample trading flows per day (spec §3 `investors`, `dayTraders`,
//! `recentTraders`): net buying by investor type, the foreign holding ratio, and the top
//! five brokerages by sell and buy volume. The dataset has no such data, so these are
//! SAMPLE data (labelled so in the UI), generated deterministically from
//! `(security id, date)` and consistent with that day's real, generated or simulated
//! candle (its volume and price change).
//!
//! # Investors
//!
//! Each stock has a size-dependent [`Participation`]: the share of its volume traded by
//! foreigners (large caps more) and institutions, and a base foreign holding ratio. A day's
//! foreign and institutional net buying is `volume × participation × NET_INTENSITY ×
//! direction` (at most 0.45 × 0.4 and 0.25 × 0.4 of the volume), the direction leaning
//! with the day's price change (and, for foreigners, with their holding trend) plus noise;
//! individuals take the other side, so the three sum to zero and each stays within 30% of
//! the volume (`MAX_NET_SHARE`, which the tests check).
//!
//! The foreign holding ratio is the base ratio moved by slow smooth noise over calendar
//! days (a 60-day and a 10-day component), so it drifts a little from day to day.
//!
//! # Brokerages
//!
//! Both sides of the day's volume are split over [`BROKERAGES`] (real Korean and foreign
//! houses active on KRX) by size-weighted shares with log-normal noise; foreign houses get
//! the foreign participation share, tilted towards buying on days of foreign net buying.
//! Each side sums to the day's volume exactly; the answer keeps the five largest.

use chrono::{Datelike, NaiveDate};
use rand::Rng;

use super::noise;

/// No investor type's net buying exceeds this share of the day's volume.
#[cfg(test)]
pub const MAX_NET_SHARE: f64 = 0.3;
/// Net buying as a share of an investor type's gross participation at full conviction.
const NET_INTENSITY: f64 = 0.4;
const MAX_FOREIGN_SHARE: f64 = 0.45;
const MAX_INSTITUTION_SHARE: f64 = 0.25;
/// Brokerages listed per side.
pub const TOP_TRADERS: usize = 5;

/// One trading day of a stock, as the candles give it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DayBar {
    pub date: NaiveDate,
    pub close: i64,
    pub volume: i64,
    /// The previous trading day's close, when known.
    pub previous_close: Option<i64>,
}

impl DayBar {
    /// Close-to-close change as a ratio (0 when the previous close is unknown).
    pub fn change_rate(&self) -> f64 {
        match self.previous_close {
            Some(previous) if previous > 0 => (self.close - previous) as f64 / previous as f64,
            _ => 0.0,
        }
    }
}

/// How a stock's volume splits between investor types, from its size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Participation {
    /// Share of the volume traded by foreigners.
    pub foreign: f64,
    /// Share of the volume traded by institutions.
    pub institution: f64,
    /// Long-run foreign holding ratio.
    pub foreign_holding: f64,
}

/// Larger companies draw more foreign and institutional trading and ownership.
pub fn participation(security_id: &str, reference_market_cap: f64) -> Participation {
    let size = if reference_market_cap.is_finite() && reference_market_cap > 1.0 {
        ((reference_market_cap.log10() - 9.0) / 6.0).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let mut r = noise::rng(&[security_id.as_bytes(), b"participation"]);
    let mut jitter = |spread: f64| 1.0 + (r.random::<f64>() * 2.0 - 1.0) * spread;
    Participation {
        foreign: ((0.04 + 0.36 * size) * jitter(0.2)).min(MAX_FOREIGN_SHARE),
        institution: ((0.03 + 0.2 * size) * jitter(0.2)).min(MAX_INSTITUTION_SHARE),
        foreign_holding: ((0.005 + 0.5 * size.powf(1.5)) * jitter(0.4)).clamp(0.001, 0.8),
    }
}

/// One day's net buying by investor type (shares) and the foreign holding ratio.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InvestorDay {
    pub date: NaiveDate,
    pub close: i64,
    pub change_rate: f64,
    pub individual: i64,
    pub foreign: i64,
    pub institution: i64,
    /// 0..1.
    pub foreign_holding_ratio: f64,
}

fn day_number(date: NaiveDate) -> i64 {
    i64::from(date.num_days_from_ce())
}

/// Foreign holding ratio on `date`: the base ratio moved by slow smooth noise.
pub fn foreign_holding_ratio(
    security_id: &str,
    participation: &Participation,
    date: NaiveDate,
) -> f64 {
    let day = day_number(date);
    let id = security_id.as_bytes();
    let slow = noise::smooth(&[id, b"holding-60"], day, 60);
    let fast = noise::smooth(&[id, b"holding-10"], day, 10);
    let ratio = participation.foreign_holding * (1.0 + 0.18 * slow + 0.04 * fast);
    (ratio.clamp(0.0, 1.0) * 10_000.0).round() / 10_000.0
}

/// Net buying of the day (individual + foreign + institution = 0).
pub fn investors(security_id: &str, participation: &Participation, bar: &DayBar) -> InvestorDay {
    let day = day_number(bar.date);
    let id = security_id.as_bytes();
    let mut r = noise::rng(&[id, b"investors", &day.to_le_bytes()]);
    let mut uniform = || r.random::<f64>() * 2.0 - 1.0;
    let change = bar.change_rate();
    let price_signal = (change * 25.0).tanh();
    let holding_trend = (noise::smooth(&[id, b"holding-60"], day, 60)
        - noise::smooth(&[id, b"holding-60"], day - 1, 60))
    .signum();
    let foreign_direction =
        (0.45 * price_signal + 0.2 * holding_trend + 0.6 * uniform()).clamp(-1.0, 1.0);
    let institution_direction = (0.3 * price_signal + 0.7 * uniform()).clamp(-1.0, 1.0);
    let volume = bar.volume.max(0) as f64;
    // Truncation keeps each net within its bound even for a handful of shares.
    let net =
        |share: f64, direction: f64| (volume * share * NET_INTENSITY * direction).trunc() as i64;
    let foreign = net(
        participation.foreign.min(MAX_FOREIGN_SHARE),
        foreign_direction,
    );
    let institution = net(
        participation.institution.min(MAX_INSTITUTION_SHARE),
        institution_direction,
    );
    InvestorDay {
        date: bar.date,
        close: bar.close,
        change_rate: change,
        individual: -(foreign + institution),
        foreign,
        institution,
        foreign_holding_ratio: foreign_holding_ratio(security_id, participation, bar.date),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum House {
    Domestic,
    /// Retail-heavy online brokers: busier in small caps.
    DomesticRetail,
    Foreign,
}

/// Brokerage members of KRX shown as traders, with a relative activity weight.
pub const BROKERAGES: &[(&str, f64)] = &[
    ("키움증권", 1.0),
    ("미래에셋증권", 0.75),
    ("한국투자증권", 0.65),
    ("NH투자증권", 0.55),
    ("삼성증권", 0.55),
    ("KB증권", 0.5),
    ("신한투자증권", 0.4),
    ("토스증권", 0.35),
    ("하나증권", 0.3),
    ("대신증권", 0.3),
    ("메리츠증권", 0.2),
    ("유안타증권", 0.2),
    ("한화투자증권", 0.15),
    ("교보증권", 0.12),
    ("LS증권", 0.12),
    ("DB증권", 0.1),
    ("현대차증권", 0.08),
    ("SK증권", 0.08),
    ("IBK투자증권", 0.07),
    ("카카오페이증권", 0.06),
    ("모건스탠리", 1.0),
    ("JP모간", 0.9),
    ("골드만삭스", 0.8),
    ("메릴린치", 0.6),
    ("UBS", 0.6),
    ("CS증권", 0.4),
    ("맥쿼리", 0.4),
    ("CLSA", 0.35),
    ("씨티그룹글로벌마켓", 0.35),
    ("노무라", 0.3),
];

fn house(name: &str) -> House {
    match name {
        "키움증권" | "미래에셋증권" | "한국투자증권" | "토스증권" => {
            House::DomesticRetail
        }
        "모건스탠리"
        | "JP모간"
        | "골드만삭스"
        | "메릴린치"
        | "UBS"
        | "CS증권"
        | "맥쿼리"
        | "CLSA"
        | "씨티그룹글로벌마켓"
        | "노무라" => House::Foreign,
        _ => House::Domestic,
    }
}

/// One brokerage's volume on one side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trader {
    pub name: &'static str,
    pub volume: i64,
}

/// The top brokerages of one day.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DayTraders {
    pub date: NaiveDate,
    /// Largest sellers first, at most [`TOP_TRADERS`].
    pub sells: Vec<Trader>,
    /// Largest buyers first, at most [`TOP_TRADERS`].
    pub buys: Vec<Trader>,
}

/// Every brokerage's volume on each side (each side sums to the day's volume).
fn all_traders(
    security_id: &str,
    participation: &Participation,
    bar: &DayBar,
) -> (Vec<Trader>, Vec<Trader>) {
    let day = day_number(bar.date);
    let mut r = noise::rng(&[security_id.as_bytes(), b"traders", &day.to_le_bytes()]);
    let flows = investors(security_id, participation, bar);
    let volume = bar.volume.max(0);
    let foreign_gross = volume as f64 * participation.foreign;
    let tilt = if foreign_gross > 0.0 {
        (flows.foreign as f64 / foreign_gross).clamp(-0.9, 0.9)
    } else {
        0.0
    };
    let individual_share = (1.0 - participation.foreign - participation.institution).max(0.0);
    let pool_total = |kind: House| {
        BROKERAGES
            .iter()
            .filter(|(name, _)| (house(name) == House::Foreign) == (kind == House::Foreign))
            .map(|(_, w)| w)
            .sum::<f64>()
    };
    let (foreign_pool, domestic_pool) = (pool_total(House::Foreign), pool_total(House::Domestic));
    let mut side = |direction: f64| {
        let weights: Vec<f64> = BROKERAGES
            .iter()
            .map(|&(name, weight)| {
                let base = match house(name) {
                    House::Foreign => {
                        participation.foreign * weight / foreign_pool * (1.0 + direction * tilt)
                    }
                    House::DomesticRetail => {
                        (1.0 - participation.foreign) * weight / domestic_pool
                            * (1.0 + individual_share)
                    }
                    House::Domestic => (1.0 - participation.foreign) * weight / domestic_pool,
                };
                // Log-normal noise (Box–Muller), sigma 0.45.
                let (u1, u2): (f64, f64) = (r.random::<f64>().max(1e-12), r.random());
                let gauss = (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos();
                base.max(0.0) * (0.45 * gauss).exp()
            })
            .collect();
        allocate(volume, &weights)
            .into_iter()
            .zip(BROKERAGES)
            .map(|(volume, &(name, _))| Trader { name, volume })
            .collect::<Vec<_>>()
    };
    let sells = side(-1.0);
    let buys = side(1.0);
    (sells, buys)
}

/// Split `total` in proportion to `weights` (largest remainder; sums to `total` exactly).
fn allocate(total: i64, weights: &[f64]) -> Vec<i64> {
    let sum: f64 = weights.iter().filter(|w| w.is_finite()).sum();
    if total <= 0 || sum <= 0.0 {
        return vec![0; weights.len()];
    }
    let exact: Vec<f64> = weights
        .iter()
        .map(|w| {
            if w.is_finite() {
                total as f64 * w / sum
            } else {
                0.0
            }
        })
        .collect();
    let mut shares: Vec<i64> = exact.iter().map(|x| x.floor() as i64).collect();
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by(|&a, &b| {
        (exact[b] - exact[b].floor())
            .total_cmp(&(exact[a] - exact[a].floor()))
            .then(a.cmp(&b))
    });
    let mut left = total - shares.iter().sum::<i64>();
    for &i in order.iter().cycle().take(weights.len() * 2) {
        if left == 0 {
            break;
        }
        let step = left.signum();
        if shares[i] + step >= 0 {
            shares[i] += step;
            left -= step;
        }
    }
    shares
}

fn top(mut traders: Vec<Trader>) -> Vec<Trader> {
    traders.retain(|t| t.volume > 0);
    traders.sort_by(|a, b| b.volume.cmp(&a.volume).then(a.name.cmp(b.name)));
    traders.truncate(TOP_TRADERS);
    traders
}

/// The top five brokerages by sell and by buy volume of the day (fewer on days with
/// almost no volume, none without).
pub fn day_traders(security_id: &str, participation: &Participation, bar: &DayBar) -> DayTraders {
    let (sells, buys) = all_traders(security_id, participation, bar);
    DayTraders {
        date: bar.date,
        sells: top(sells),
        buys: top(buys),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bar(date: NaiveDate, close: i64, previous: Option<i64>, volume: i64) -> DayBar {
        DayBar {
            date,
            close,
            volume,
            previous_close: previous,
        }
    }

    fn days() -> impl Iterator<Item = NaiveDate> {
        let start = NaiveDate::from_ymd_opt(2025, 1, 2).expect("date");
        start.iter_days().take(400)
    }

    const CAPS: [f64; 5] = [3.0e9, 8.0e10, 1.5e12, 4.0e13, 4.0e14];

    #[test]
    fn participation_grows_with_size() {
        let small = participation("KOREA-A900000", 5.0e9);
        let large = participation("KOREA-A900000", 4.0e14);
        assert!(large.foreign > small.foreign);
        assert!(large.institution > small.institution);
        assert!(large.foreign_holding > 5.0 * small.foreign_holding);
        assert!(large.foreign_holding > 0.2 && large.foreign_holding <= 0.8);
        assert_eq!(participation("X", f64::NAN), participation("X", 0.0));
    }

    #[test]
    fn investors_sum_to_zero_within_the_volume() {
        for (i, cap) in CAPS.iter().enumerate() {
            let id = format!("KOREA-A00{i}930");
            let p = participation(&id, *cap);
            let mut foreign_sign_with_price = 0i64;
            for (n, date) in days().enumerate() {
                let volume = [0, 1, 7, 12_345, 25_000_000][n % 5] * (1 + n as i64 % 3);
                let previous = 10_000 + (n as i64 * 37) % 900;
                let close = previous + ((n as i64 * 7919) % 1_001) - 500;
                let day = investors(&id, &p, &bar(date, close, Some(previous), volume));
                assert_eq!(day.individual + day.foreign + day.institution, 0);
                for net in [day.individual, day.foreign, day.institution] {
                    assert!(
                        net.abs() as f64 <= MAX_NET_SHARE * volume as f64,
                        "{id} {date}: {net} of {volume}"
                    );
                }
                assert!((0.0..=1.0).contains(&day.foreign_holding_ratio));
                assert_eq!(day.close, close);
                assert!(
                    (day.change_rate - (close - previous) as f64 / previous as f64).abs() < 1e-12
                );
                assert_eq!(
                    day,
                    investors(&id, &p, &bar(date, close, Some(previous), volume))
                );
                if volume > 1_000 {
                    foreign_sign_with_price +=
                        (day.foreign.signum() * (close - previous).signum()) as i64;
                }
            }
            assert!(
                foreign_sign_with_price > 0,
                "foreigners lean with the price"
            );
        }
    }

    #[test]
    fn foreign_holding_ratio_is_a_slow_walk_and_larger_for_large_caps() {
        let id = "KOREA-A005930";
        let large = participation(id, 4.0e14);
        let small = participation(id, 2.0e10);
        let mut previous: Option<f64> = None;
        let mut low: f64 = 1.0;
        let mut high: f64 = 0.0;
        for date in days() {
            let ratio = foreign_holding_ratio(id, &large, date);
            if let Some(p) = previous {
                assert!(
                    (ratio - p).abs() < 0.025 * p.max(ratio),
                    "{date}: {p} → {ratio}"
                );
            }
            previous = Some(ratio);
            low = low.min(ratio);
            high = high.max(ratio);
            assert!(ratio > foreign_holding_ratio(id, &small, date));
        }
        assert!(high - low > 0.005, "it moves");
    }

    #[test]
    fn traders_are_the_top_five_and_fit_the_volume() {
        for (i, cap) in CAPS.iter().enumerate() {
            let id = format!("KOREA-A1{i}0000");
            let p = participation(&id, *cap);
            for (n, date) in days().take(60).enumerate() {
                let volume = [0, 3, 999, 1_234_567, 30_000_000][n % 5];
                let b = bar(date, 5_000, Some(4_900), volume);
                let (all_sells, all_buys) = all_traders(&id, &p, &b);
                assert_eq!(all_sells.iter().map(|t| t.volume).sum::<i64>(), volume);
                assert_eq!(all_buys.iter().map(|t| t.volume).sum::<i64>(), volume);
                let day = day_traders(&id, &p, &b);
                assert_eq!(day, day_traders(&id, &p, &b), "deterministic");
                for side in [&day.sells, &day.buys] {
                    assert!(side.len() <= TOP_TRADERS);
                    if volume >= 999 {
                        assert_eq!(side.len(), TOP_TRADERS);
                    }
                    if volume == 0 {
                        assert!(side.is_empty());
                    }
                    assert!(side.iter().map(|t| t.volume).sum::<i64>() <= volume);
                    assert!(side.windows(2).all(|w| w[0].volume >= w[1].volume));
                    assert!(side.iter().all(|t| t.volume > 0));
                    let mut names: Vec<&str> = side.iter().map(|t| t.name).collect();
                    names.sort_unstable();
                    names.dedup();
                    assert_eq!(names.len(), side.len());
                }
                // The top five are the five largest of everyone.
                if let Some(fifth) = day.sells.last() {
                    let bigger = all_sells.iter().filter(|t| t.volume > fifth.volume).count();
                    assert!(bigger < TOP_TRADERS);
                }
            }
        }
    }

    #[test]
    fn foreign_houses_matter_more_in_large_caps() {
        let share = |cap: f64| {
            let id = "KOREA-A035420";
            let p = participation(id, cap);
            let mut foreign = 0i64;
            let mut total = 0i64;
            for date in days().take(100) {
                let (sells, buys) = all_traders(id, &p, &bar(date, 100, Some(100), 1_000_000));
                for t in sells.iter().chain(&buys) {
                    total += t.volume;
                    if house(t.name) == House::Foreign {
                        foreign += t.volume;
                    }
                }
            }
            foreign as f64 / total as f64
        };
        assert!(share(4.0e14) > 2.0 * share(5.0e9));
    }

    #[test]
    fn allocates_exactly() {
        assert_eq!(allocate(10, &[1.0, 1.0, 1.0]).iter().sum::<i64>(), 10);
        assert_eq!(allocate(0, &[1.0, 2.0]), vec![0, 0]);
        assert_eq!(allocate(5, &[0.0, 0.0]), vec![0, 0]);
        assert_eq!(allocate(7, &[f64::NAN, 1.0]), vec![0, 7]);
        assert_eq!(allocate(3, &[1.0, 2.0]), vec![1, 2]);
    }
}
