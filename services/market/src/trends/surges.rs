//! 토론 급증 (discussion surge): a stock whose board is far busier than usual. Pure: the
//! rule over the post counts of [`super::posts::PostStore::rates`], with its thresholds
//! from the `services.market.trends` configuration section.
//!
//! A stock surges when its posts of the last hour are at least `surge_min_posts` and at
//! least `surge_factor` times its usual hourly rate: its posts over the week before the
//! last hour ([`USUAL_HOURS`] hours) per hour, counted as at least
//! `surge_min_usual_hourly`, so a stock nobody posted about needs `surge_min_posts` posts
//! rather than one. The largest ratio (last hour ÷ usual rate) first.

use serde::Deserialize;

use super::posts::PostRate;

pub const HOUR_MS: i64 = 3_600_000;
/// The hours the usual rate is taken over: a week, less the last hour.
pub const USUAL_HOURS: i64 = 7 * 24 - 1;

/// The `services.market.trends` configuration section: the 토론 급증 thresholds, and the
/// batch of post events counted at once.
#[derive(Clone, Debug, Deserialize)]
pub struct TrendsSettings {
    /// How many times its usual hourly rate a stock's last hour must be.
    #[serde(default = "default_surge_factor")]
    pub surge_factor: f64,
    /// Fewest posts in the last hour for a surge.
    #[serde(default = "default_surge_min_posts")]
    pub surge_min_posts: i64,
    /// The usual hourly rate counts as at least this.
    #[serde(default = "default_surge_min_usual_hourly")]
    pub surge_min_usual_hourly: f64,
    /// Most of social's post events written in one insert (1 to
    /// `sise_platform::bus::MAX_BATCH`; 1 writes each alone, for a comparison).
    #[serde(default = "default_posts_batch_max")]
    pub posts_batch_max: usize,
}

fn default_surge_factor() -> f64 {
    3.0
}

fn default_surge_min_posts() -> i64 {
    5
}

fn default_surge_min_usual_hourly() -> f64 {
    0.5
}

fn default_posts_batch_max() -> usize {
    sise_platform::bus::MAX_BATCH
}

impl Default for TrendsSettings {
    fn default() -> Self {
        Self {
            surge_factor: default_surge_factor(),
            surge_min_posts: default_surge_min_posts(),
            surge_min_usual_hourly: default_surge_min_usual_hourly(),
            posts_batch_max: default_posts_batch_max(),
        }
    }
}

impl TrendsSettings {
    /// Thresholds that can flag something, and not everything.
    pub fn validate(&self) -> anyhow::Result<()> {
        anyhow::ensure!(
            self.surge_factor.is_finite() && self.surge_factor > 0.0,
            "services.market.trends.surge_factor must be a positive number"
        );
        anyhow::ensure!(
            self.surge_min_posts >= 1,
            "services.market.trends.surge_min_posts must be at least 1"
        );
        anyhow::ensure!(
            self.surge_min_usual_hourly.is_finite() && self.surge_min_usual_hourly > 0.0,
            "services.market.trends.surge_min_usual_hourly must be a positive number"
        );
        anyhow::ensure!(
            (1..=sise_platform::bus::MAX_BATCH).contains(&self.posts_batch_max),
            "services.market.trends.posts_batch_max must be from 1 to {}",
            sise_platform::bus::MAX_BATCH
        );
        Ok(())
    }
}

/// A stock whose board surges.
#[derive(Clone, Debug, PartialEq)]
pub struct Surge {
    pub security_id: String,
    pub posts_last_hour: i64,
    /// Posts per hour over the week before the last hour (not floored).
    pub usual_hourly_posts: f64,
    /// Posts of the last hour ÷ the usual rate (floored).
    pub ratio: f64,
}

/// The surges among `rates` (recent = the last hour, earlier = the [`USUAL_HOURS`] before),
/// the largest ratio first, then the most posts, then by security id.
pub fn surges(rates: Vec<PostRate>, settings: &TrendsSettings) -> Vec<Surge> {
    let mut surges: Vec<Surge> = rates
        .into_iter()
        .filter_map(|rate| {
            let usual = rate.earlier as f64 / USUAL_HOURS as f64;
            let ratio = rate.recent as f64 / usual.max(settings.surge_min_usual_hourly);
            (rate.recent >= settings.surge_min_posts && ratio >= settings.surge_factor).then_some(
                Surge {
                    security_id: rate.security_id,
                    posts_last_hour: rate.recent,
                    usual_hourly_posts: usual,
                    ratio,
                },
            )
        })
        .collect();
    surges.sort_by(|a, b| {
        b.ratio
            .total_cmp(&a.ratio)
            .then_with(|| b.posts_last_hour.cmp(&a.posts_last_hour))
            .then_with(|| a.security_id.cmp(&b.security_id))
    });
    surges
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rate(id: &str, recent: i64, earlier: i64) -> PostRate {
        PostRate {
            security_id: id.to_owned(),
            recent,
            earlier,
        }
    }

    fn ids(surges: &[Surge]) -> Vec<&str> {
        surges.iter().map(|s| s.security_id.as_str()).collect()
    }

    #[test]
    fn trends_a_surge_is_three_times_the_usual_rate_and_five_posts() {
        let settings = TrendsSettings::default();
        let flagged = surges(
            vec![
                // Nobody posted before: the usual rate counts as 0.5, five posts are 10×.
                rate("KOREA-A000001", 5, 0),
                rate("KOREA-A000002", 4, 0),
                // 167 posts in the week before: 1 an hour; 3 now is exactly 3×, but < 5.
                rate("KOREA-A000003", 3, 167),
                // 2 an hour usually: 6 is 3× and 5+; 5 is 2.5×.
                rate("KOREA-A000004", 6, 334),
                rate("KOREA-A000005", 5, 334),
                // 10 an hour usually: 30 is 3×.
                rate("KOREA-A000006", 30, 1_670),
                rate("KOREA-A000007", 29, 1_670),
            ],
            &settings,
        );
        assert_eq!(
            ids(&flagged),
            ["KOREA-A000001", "KOREA-A000006", "KOREA-A000004"]
        );
        assert_eq!(flagged[0].ratio, 10.0);
        assert_eq!(flagged[0].usual_hourly_posts, 0.0, "not floored");
        assert_eq!(
            (flagged[1].posts_last_hour, flagged[1].usual_hourly_posts),
            (30, 10.0)
        );
        assert_eq!(flagged[1].ratio, 3.0);
        // Equal ratios: the most posts first, then by id.
        let tied = surges(
            vec![
                rate("KOREA-A000009", 6, 0),
                rate("KOREA-A000008", 6, 0),
                rate("KOREA-A000010", 12, 167),
            ],
            &settings,
        );
        assert_eq!(
            ids(&tied),
            ["KOREA-A000010", "KOREA-A000008", "KOREA-A000009"]
        );
    }

    #[test]
    fn trends_the_thresholds_are_settings() {
        let strict = TrendsSettings {
            surge_factor: 20.0,
            surge_min_posts: 2,
            surge_min_usual_hourly: 0.1,
            posts_batch_max: 1,
        };
        assert!(strict.validate().is_ok());
        let flagged = surges(vec![rate("A", 2, 0), rate("B", 5, 167)], &strict);
        assert_eq!(ids(&flagged), ["A"], "2 ÷ 0.1 = 20; 5 ÷ 1 = 5");
        for bad in [
            TrendsSettings {
                surge_factor: 0.0,
                ..TrendsSettings::default()
            },
            TrendsSettings {
                surge_min_posts: 0,
                ..TrendsSettings::default()
            },
            TrendsSettings {
                surge_min_usual_hourly: f64::NAN,
                ..TrendsSettings::default()
            },
            TrendsSettings {
                posts_batch_max: 0,
                ..TrendsSettings::default()
            },
            TrendsSettings {
                posts_batch_max: sise_platform::bus::MAX_BATCH + 1,
                ..TrendsSettings::default()
            },
        ] {
            assert!(bad.validate().is_err(), "{bad:?}");
        }
    }
}
