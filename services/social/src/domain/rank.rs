//! The stored "hot" rank of `RANK_DESC` (docs/api.md, "Community", Ranking): Reddit's form,
//! `sign(p) · log10(max(|p|, 1)) + created_at_s / 45000` with
//! `p = likes − dislikes + 2 · comments`. It changes only when a post's reactions or
//! comments do, so it is stored with the post (as an integer, × [`SCALE`], exact on both
//! backends and in a cursor) and a board is paged by it through an index.

/// Rank units per stored unit: 10^-6 of a rank is 0.045 s of recency.
pub const SCALE: f64 = 1e6;
/// Seconds of recency worth a tenfold of points (12.5 hours).
pub const SECONDS_PER_DECADE: f64 = 45_000.0;

/// The stored rank of a post with these counts, made at `created_at_ms`.
pub fn hot_rank(likes: i64, dislikes: i64, comments: i64, created_at_ms: i64) -> i64 {
    let points = likes - dislikes + 2 * comments;
    let order = (points.unsigned_abs().max(1) as f64).log10();
    let sign = points.signum() as f64;
    let recency = created_at_ms as f64 / 1000.0 / SECONDS_PER_DECADE;
    ((sign * order + recency) * SCALE).round() as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_780_000_000_000;
    const HOUR: i64 = 3_600_000;

    #[test]
    fn points_against_recency() {
        // Ten times the points are worth 12.5 hours.
        let old_popular = hot_rank(10, 0, 0, NOW - 12 * HOUR);
        let new_quiet = hot_rank(1, 0, 0, NOW);
        assert!(old_popular > new_quiet);
        assert!(hot_rank(10, 0, 0, NOW - 13 * HOUR) < new_quiet);
        // A comment counts twice; dislikes pull down, below a post with nothing.
        assert_eq!(hot_rank(2, 0, 0, NOW), hot_rank(0, 0, 1, NOW));
        assert!(hot_rank(0, 10, 0, NOW) < hot_rank(0, 0, 0, NOW));
        // 0 and ±1 points rank by time alone.
        assert_eq!(hot_rank(0, 0, 0, NOW), hot_rank(1, 0, 0, NOW));
        assert_eq!(hot_rank(0, 1, 0, NOW), hot_rank(1, 1, 0, NOW));
        // log10(100) = 2 ranks exactly: 2 × 10^6 above the bare recency.
        assert_eq!(hot_rank(100, 0, 0, NOW) - hot_rank(0, 0, 0, NOW), 2_000_000);
    }

    #[test]
    fn newer_ranks_higher_at_equal_points() {
        assert!(hot_rank(3, 1, 2, NOW + 1000) > hot_rank(3, 1, 2, NOW));
    }
}
