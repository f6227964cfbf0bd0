//! KRX price rules: tick sizes (the stocks' banded grid and the 5-won grid of ETFs,
//! [`TickGrid`]), daily price limits and the price-change classification of the product
//! specification (§3).
//!
//! Everything here is integer arithmetic on won amounts; nothing allocates.

use serde::Serialize;

/// Upper bounds (exclusive) of the tick-size bands and the tick inside each
/// band, per the unified KRX table in force since 2023-01-25 (the same for
/// KOSPI and KOSDAQ). Prices at or above the last bound use [`TOP_TICK`].
const TICK_BANDS: [(i64, i64); 6] = [
    (2_000, 1),
    (5_000, 5),
    (20_000, 10),
    (50_000, 50),
    (200_000, 100),
    (500_000, 500),
];

/// Tick size for prices of 500,000 won and above.
const TOP_TICK: i64 = 1_000;

/// Daily price limit as a fraction of the base price, in tenths (30%).
const LIMIT_UP_TENTHS: i64 = 13;
const LIMIT_DOWN_TENTHS: i64 = 7;

/// The tick of ETFs (and ETNs) at every price.
pub const ETF_TICK: i64 = 5;

/// The price grid a security is quoted on: KRX quotes stocks on a tick that grows with the
/// price ([`tick_size`]) and ETFs and ETNs on [`ETF_TICK`] at every price, so a 100,000-won
/// money-market ETF moves by 5 won where a stock at that price moves by 100.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TickGrid {
    /// The banded table of stocks.
    #[default]
    Stock,
    /// 5 won at every price.
    Etf,
}

impl TickGrid {
    /// The grid of a listed security: ETFs on theirs, every other kind on the stocks'.
    #[must_use]
    pub const fn of_etf(etf: bool) -> Self {
        if etf { Self::Etf } else { Self::Stock }
    }

    /// The tick that applies at `price`.
    #[must_use]
    pub fn tick_size(self, price: i64) -> i64 {
        match self {
            Self::Stock => tick_size(price),
            Self::Etf => ETF_TICK,
        }
    }

    /// The lowest valid price.
    #[must_use]
    pub const fn lowest(self) -> i64 {
        match self {
            Self::Stock => 1,
            Self::Etf => ETF_TICK,
        }
    }

    /// Whether `price` is a valid quote price on this grid.
    #[must_use]
    pub fn is_on_tick(self, price: i64) -> bool {
        price > 0 && price % self.tick_size(price) == 0
    }

    /// `price` rounded to this grid (see [`round_to_tick`]).
    #[must_use]
    pub fn round(self, price: i64, rounding: Rounding) -> i64 {
        let tick = self.tick_size(price);
        let remainder = price.rem_euclid(tick);
        if remainder == 0 {
            return price;
        }
        let down = price - remainder;
        let up = down.saturating_add(tick);
        match rounding {
            Rounding::Down => down,
            Rounding::Up => up,
            Rounding::Nearest => {
                if remainder * 2 >= tick {
                    up
                } else {
                    down
                }
            }
        }
    }

    /// The daily limits of `previous_close` on this grid (see [`price_limits`]).
    #[must_use]
    pub fn price_limits(self, previous_close: i64) -> (i64, i64) {
        let base = previous_close.max(1);
        // Floor of base × 1.3, then down to the tick at that price.
        let raw_upper = base.saturating_mul(LIMIT_UP_TENTHS) / 10;
        let upper = self.round(raw_upper, Rounding::Down);
        // Ceiling of base × 0.7, then up to the tick at that price.
        let raw_lower = (base.saturating_mul(LIMIT_DOWN_TENTHS) + 9) / 10;
        let lower = self.round(raw_lower, Rounding::Up).max(self.lowest());
        (upper.max(lower), lower)
    }
}

/// The tick size (호가가격단위) that applies to a stock quoted at `price`.
///
/// Prices below 1 won use the smallest tick.
#[must_use]
pub fn tick_size(price: i64) -> i64 {
    TICK_BANDS
        .iter()
        .find(|(bound, _)| price < *bound)
        .map_or(TOP_TICK, |(_, tick)| *tick)
}

/// Whether `price` is a valid quote price: positive and a multiple of the
/// tick that applies at that price.
#[must_use]
pub fn is_on_tick(price: i64) -> bool {
    TickGrid::Stock.is_on_tick(price)
}

/// Direction in which [`round_to_tick`] moves a price that is off the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounding {
    /// To the largest valid price not above the input.
    Down,
    /// To the smallest valid price not below the input.
    Up,
    /// To the closer of the two; an exact half tick goes up.
    Nearest,
}

/// Rounds `price` to the tick grid, using the tick that applies at `price`.
///
/// Every band edge (2,000, 5,000, …, 500,000) is a multiple of the tick of
/// the band above it, so rounding up across an edge still lands on a valid
/// price. Values below 1 are returned unchanged (every integer is on the
/// 1-won grid); callers clamp to the price limits.
#[must_use]
pub fn round_to_tick(price: i64, rounding: Rounding) -> i64 {
    TickGrid::Stock.round(price, rounding)
}

/// Daily price limits (상한가, 하한가) for a base price, normally the previous
/// close: ±30%, the upper limit rounded down and the lower limit rounded up
/// to the tick that applies at the limit price itself.
///
/// A base below 1 is treated as 1. The lower limit is never below 1.
///
/// ```text
/// previous close 55,500 → (72,100, 38,850)
/// previous close  1,000 → ( 1,300,    700)
/// ```
#[must_use]
pub fn price_limits(previous_close: i64) -> (i64, i64) {
    TickGrid::Stock.price_limits(previous_close)
}

/// Price change against the previous close, as the product specification
/// enumerates it: `UPPER_LIMIT`, `RISE`, `EVEN`, `FALL`, `LOWER_LIMIT`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PriceChange {
    UpperLimit,
    Rise,
    Even,
    Fall,
    LowerLimit,
}

impl PriceChange {
    /// The wire name used by the product specification.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::UpperLimit => "UPPER_LIMIT",
            Self::Rise => "RISE",
            Self::Even => "EVEN",
            Self::Fall => "FALL",
            Self::LowerLimit => "LOWER_LIMIT",
        }
    }
}

/// Classifies `price` against the previous close and the day's limits.
///
/// A price above the previous close that reached the upper limit is
/// `UpperLimit`; below the previous close and at the lower limit is
/// `LowerLimit`. A price equal to the previous close is always `Even`, even
/// in the degenerate case (previous close of 1–3 won) where a limit equals
/// the previous close.
#[must_use]
pub fn classify(price: i64, previous_close: i64, upper: i64, lower: i64) -> PriceChange {
    if price > previous_close {
        if price >= upper {
            PriceChange::UpperLimit
        } else {
            PriceChange::Rise
        }
    } else if price < previous_close {
        if price <= lower {
            PriceChange::LowerLimit
        } else {
            PriceChange::Fall
        }
    } else {
        PriceChange::Even
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_size_at_every_band_edge() {
        let cases = [
            (0, 1),
            (1, 1),
            (1_999, 1),
            (2_000, 5),
            (4_999, 5),
            (5_000, 10),
            (19_999, 10),
            (20_000, 50),
            (49_999, 50),
            (50_000, 100),
            (199_999, 100),
            (200_000, 500),
            (499_999, 500),
            (500_000, 1_000),
            (3_000_000, 1_000),
        ];
        for (price, tick) in cases {
            assert_eq!(tick_size(price), tick, "tick at {price}");
        }
    }

    #[test]
    fn band_edges_are_on_the_grid_of_the_band_above() {
        for (bound, _) in TICK_BANDS {
            assert!(is_on_tick(bound), "{bound} should be a valid price");
        }
    }

    #[test]
    fn is_on_tick_checks_grid_and_sign() {
        assert!(is_on_tick(1));
        assert!(is_on_tick(1_999));
        assert!(!is_on_tick(2_001));
        assert!(is_on_tick(2_005));
        assert!(!is_on_tick(72_150));
        assert!(is_on_tick(72_100));
        assert!(!is_on_tick(0));
        assert!(!is_on_tick(-5));
    }

    #[test]
    fn round_down_up_and_nearest() {
        assert_eq!(round_to_tick(72_150, Rounding::Down), 72_100);
        assert_eq!(round_to_tick(72_150, Rounding::Up), 72_200);
        assert_eq!(round_to_tick(72_150, Rounding::Nearest), 72_200);
        assert_eq!(round_to_tick(72_149, Rounding::Nearest), 72_100);
        assert_eq!(round_to_tick(2_002, Rounding::Nearest), 2_000);
        assert_eq!(round_to_tick(2_003, Rounding::Nearest), 2_005);
        assert_eq!(round_to_tick(1_234, Rounding::Up), 1_234);
        // Rounding up across a band edge lands on the edge, a valid price.
        assert_eq!(round_to_tick(4_996, Rounding::Up), 5_000);
        assert_eq!(round_to_tick(49_990, Rounding::Up), 50_000);
        assert_eq!(round_to_tick(499_800, Rounding::Up), 500_000);
        assert_eq!(round_to_tick(500_400, Rounding::Down), 500_000);
        assert_eq!(round_to_tick(500_500, Rounding::Nearest), 501_000);
    }

    #[test]
    fn rounding_always_lands_on_tick() {
        for price in (1..600_000).step_by(7) {
            for rounding in [Rounding::Down, Rounding::Up, Rounding::Nearest] {
                let rounded = round_to_tick(price, rounding);
                assert!(is_on_tick(rounded), "{price} {rounding:?} → {rounded}");
                match rounding {
                    Rounding::Down => assert!(rounded <= price),
                    Rounding::Up => assert!(rounded >= price),
                    Rounding::Nearest => {
                        assert!(
                            (rounded - price).abs() <= tick_size(rounded).max(tick_size(price))
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn limits_examples() {
        assert_eq!(price_limits(55_500), (72_100, 38_850));
        assert_eq!(price_limits(1_000), (1_300, 700));
        // 삼성전자-like prices.
        assert_eq!(price_limits(70_000), (91_000, 49_000));
        // Upper raw 5,198.7 → floor 5,198 → tick 10 → 5,190;
        // lower raw 2,799.3 → ceil 2,800 → tick 5 → 2,800.
        assert_eq!(price_limits(3_999), (5_190, 2_800));
        // Upper raw 650,650 → tick 1,000 → 650,000; lower 350,350 → tick 500 → 350,500.
        assert_eq!(price_limits(500_500), (650_000, 350_500));
        // Tiny prices: 1 → (1, 1); 2 → (2, 2); 10 → (13, 7).
        assert_eq!(price_limits(1), (1, 1));
        assert_eq!(price_limits(2), (2, 2));
        assert_eq!(price_limits(10), (13, 7));
        assert_eq!(price_limits(0), (1, 1));
    }

    #[test]
    fn limits_are_on_tick_and_within_thirty_percent() {
        for base in (1..2_000_000).step_by(997) {
            let (upper, lower) = price_limits(base);
            assert!(
                is_on_tick(upper) && is_on_tick(lower),
                "{base}: {upper} {lower}"
            );
            assert!(upper * 10 <= base * 13, "{base}: upper {upper}");
            assert!(lower * 10 >= base * 7, "{base}: lower {lower}");
            // Rounded by less than one tick.
            assert!((base * 13 - upper * 10) < tick_size(upper) * 10 + 10);
            assert!((lower * 10 - base * 7) < tick_size(lower) * 10 + 10);
            assert!(lower <= base && base <= upper);
        }
    }

    #[test]
    fn etfs_are_quoted_on_five_won_at_every_price() {
        let etf = TickGrid::Etf;
        for price in [1_000, 1_999, 2_000, 49_999, 105_000, 600_000] {
            assert_eq!(etf.tick_size(price), ETF_TICK, "{price}");
        }
        // A low-priced ETF: 1,234 is a stock price but not an ETF one.
        assert!(is_on_tick(1_234));
        assert!(!etf.is_on_tick(1_234));
        assert_eq!(etf.round(1_234, Rounding::Nearest), 1_235);
        assert_eq!(etf.round(1_232, Rounding::Nearest), 1_230);
        assert_eq!(etf.round(1_232, Rounding::Up), 1_235);
        // A money-market ETF near 105,000: 5-won steps where a stock takes 100.
        assert_eq!(etf.round(105_012, Rounding::Nearest), 105_010);
        assert_eq!(round_to_tick(105_012, Rounding::Nearest), 105_000);
        // Limits: ±30% on the 5-won grid.
        assert_eq!(etf.price_limits(10_000), (13_000, 7_000));
        assert_eq!(etf.price_limits(1_234), (1_600, 865));
        assert_eq!(price_limits(1_234), (1_604, 864));
        assert_eq!(etf.price_limits(105_015), (136_515, 73_515));
        assert_eq!(TickGrid::of_etf(true), TickGrid::Etf);
        assert_eq!(TickGrid::of_etf(false), TickGrid::Stock);
        assert_eq!(TickGrid::default(), TickGrid::Stock);
    }

    #[test]
    fn etf_rounding_and_limits_stay_on_the_etf_grid() {
        let etf = TickGrid::Etf;
        for price in (1..300_000).step_by(13) {
            for rounding in [Rounding::Down, Rounding::Up, Rounding::Nearest] {
                let rounded = etf.round(price, rounding);
                assert!(rounded % ETF_TICK == 0, "{price} {rounding:?} → {rounded}");
                assert!((rounded - price).abs() < ETF_TICK);
            }
        }
        for base in (5..2_000_000).step_by(991) {
            let (upper, lower) = etf.price_limits(base);
            assert!(etf.is_on_tick(upper) && etf.is_on_tick(lower), "{base}");
            assert!(
                upper * 10 <= base * 13 || upper == lower,
                "{base}: upper {upper}"
            );
            assert!(lower * 10 >= base * 7, "{base}: lower {lower}");
            assert!(lower <= upper);
        }
    }

    #[test]
    fn classify_every_kind() {
        let (upper, lower) = price_limits(55_500);
        assert_eq!(
            classify(72_100, 55_500, upper, lower),
            PriceChange::UpperLimit
        );
        assert_eq!(classify(72_000, 55_500, upper, lower), PriceChange::Rise);
        assert_eq!(classify(55_600, 55_500, upper, lower), PriceChange::Rise);
        assert_eq!(classify(55_500, 55_500, upper, lower), PriceChange::Even);
        assert_eq!(classify(55_400, 55_500, upper, lower), PriceChange::Fall);
        assert_eq!(classify(38_900, 55_500, upper, lower), PriceChange::Fall);
        assert_eq!(
            classify(38_850, 55_500, upper, lower),
            PriceChange::LowerLimit
        );
        // Degenerate: limit equals previous close.
        assert_eq!(classify(1, 1, 1, 1), PriceChange::Even);
    }

    #[test]
    fn price_change_names() {
        assert_eq!(PriceChange::UpperLimit.as_str(), "UPPER_LIMIT");
        assert_eq!(PriceChange::Rise.as_str(), "RISE");
        assert_eq!(PriceChange::Even.as_str(), "EVEN");
        assert_eq!(PriceChange::Fall.as_str(), "FALL");
        assert_eq!(PriceChange::LowerLimit.as_str(), "LOWER_LIMIT");
    }
}
