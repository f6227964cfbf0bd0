//! The move finder: the largest non-overlapping price moves of a series of candles (pure).
//!
//! A candidate window starts at each candle and holds every candle whose time is less than
//! `span` after the start (minute candles: `span` market minutes; day candles: one day). Its
//! move runs from the price before the window (the previous candle's close, or `base` for
//! the first candle) to the close of its last candle. Candidates are taken largest absolute
//! change rate first (ties: the earlier start), skipping any that shares a candle with one
//! taken, until `limit`; a window without change is no move.

/// One candle as the finder sees it: its time on the chart's clock (market minute, or the
/// day's index) and its close.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Point {
    pub time: i64,
    pub close: i64,
}

/// A move found: the candles `first..=last` of the input, and its prices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoundMove {
    pub first: usize,
    pub last: usize,
    pub from_price: i64,
    pub to_price: i64,
}

impl FoundMove {
    /// (to − from) / from × 100.
    pub fn change_rate(&self) -> f64 {
        change_rate(self.from_price, self.to_price)
    }
}

fn change_rate(from: i64, to: i64) -> f64 {
    if from <= 0 {
        return 0.0;
    }
    (to - from) as f64 / from as f64 * 100.0
}

/// The largest moves of `points` (oldest first), largest first. `base` is the price before
/// the first point (the previous close); without it no window starts at the first point.
/// `span` ≥ 1 is the window's length on the points' clock.
pub fn largest_moves(
    points: &[Point],
    base: Option<i64>,
    span: i64,
    limit: usize,
) -> Vec<FoundMove> {
    let span = span.max(1);
    let mut candidates = Vec::with_capacity(points.len());
    let mut last = 0;
    for (first, start) in points.iter().enumerate() {
        let from_price = match first.checked_sub(1) {
            Some(previous) => Some(points[previous].close),
            None => base,
        };
        let Some(from_price) = from_price.filter(|&p| p > 0) else {
            continue;
        };
        last = last.max(first);
        while last + 1 < points.len() && points[last + 1].time < start.time.saturating_add(span) {
            last += 1;
        }
        let to_price = points[last].close;
        if to_price == from_price {
            continue;
        }
        candidates.push(FoundMove {
            first,
            last,
            from_price,
            to_price,
        });
    }
    candidates.sort_by(|a, b| {
        b.change_rate()
            .abs()
            .total_cmp(&a.change_rate().abs())
            .then(a.first.cmp(&b.first))
    });
    let mut taken: Vec<FoundMove> = Vec::with_capacity(limit.min(candidates.len()));
    for candidate in candidates {
        if taken.len() >= limit {
            break;
        }
        let overlaps = taken
            .iter()
            .any(|t| candidate.first <= t.last && t.first <= candidate.last);
        if !overlaps {
            taken.push(candidate);
        }
    }
    taken
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Points one apart in time with these closes.
    fn series(closes: &[i64]) -> Vec<Point> {
        closes
            .iter()
            .enumerate()
            .map(|(i, &close)| Point {
                time: i as i64,
                close,
            })
            .collect()
    }

    #[test]
    fn days_are_ranked_by_absolute_change() {
        // Changes: +10%, −20%, +1.1%, +12.4%.
        let days = series(&[110, 88, 89, 100]);
        let moves = largest_moves(&days, Some(100), 1, 3);
        let picked: Vec<usize> = moves.iter().map(|m| m.first).collect();
        assert_eq!(picked, [1, 3, 0]);
        assert_eq!((moves[0].from_price, moves[0].to_price), (110, 88));
        assert!((moves[0].change_rate() + 20.0).abs() < 1e-9);
        assert!(moves.iter().all(|m| m.first == m.last));
    }

    #[test]
    fn without_a_base_the_first_point_starts_no_window() {
        let days = series(&[100, 100, 150]);
        let moves = largest_moves(&days, None, 1, 5);
        assert_eq!(moves.len(), 1, "an unchanged day is no move: {moves:?}");
        assert_eq!(
            (moves[0].first, moves[0].from_price, moves[0].to_price),
            (2, 100, 150)
        );
    }

    #[test]
    fn windows_do_not_overlap() {
        // A climb from 100 to 130 over minutes 2..=5, flat elsewhere; windows of 3 minutes.
        let minutes = series(&[100, 100, 110, 120, 125, 130, 130, 130, 129, 100]);
        let moves = largest_moves(&minutes, Some(100), 3, 10);
        for (i, a) in moves.iter().enumerate() {
            for b in &moves[i + 1..] {
                assert!(a.last < b.first || b.last < a.first, "{a:?} overlaps {b:?}");
            }
        }
        // The largest: 100 → 125 over minutes 2..=4 (+25%), then the fall 130 → 100 over
        // minutes 7..=9 (−23%); every other window shares a minute with one of them.
        assert_eq!(moves.len(), 2, "{moves:?}");
        assert_eq!((moves[0].first, moves[0].last), (2, 4));
        assert_eq!((moves[0].from_price, moves[0].to_price), (100, 125));
        assert_eq!((moves[1].first, moves[1].last), (7, 9));
        assert_eq!((moves[1].from_price, moves[1].to_price), (130, 100));
    }

    #[test]
    fn windows_follow_time_not_count() {
        // Minutes 0, 1, 5, 6: a window of 3 minutes from minute 1 holds minute 1 only.
        let points = [
            Point {
                time: 0,
                close: 100,
            },
            Point {
                time: 1,
                close: 101,
            },
            Point { time: 5, close: 90 },
            Point { time: 6, close: 91 },
        ];
        let moves = largest_moves(&points, Some(100), 3, 1);
        assert_eq!((moves[0].first, moves[0].last), (2, 3));
        assert_eq!((moves[0].from_price, moves[0].to_price), (101, 91));
    }

    #[test]
    fn limit_and_degenerate_input() {
        assert!(largest_moves(&[], Some(100), 10, 3).is_empty());
        assert!(largest_moves(&series(&[100, 100]), Some(100), 1, 3).is_empty());
        assert!(largest_moves(&series(&[101, 102, 103]), Some(100), 1, 0).is_empty());
        assert_eq!(
            largest_moves(&series(&[101, 102, 103]), Some(100), 1, 2).len(),
            2
        );
        // A zero base (an unknown previous close) is no base.
        assert!(largest_moves(&series(&[101]), Some(0), 1, 3).is_empty());
        // Ties: the earlier start first.
        let moves = largest_moves(&series(&[110, 100, 110]), Some(100), 1, 3);
        assert_eq!(moves[0].first, 0);
    }
}
