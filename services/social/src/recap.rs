//! The daily market recap, written by the service itself (docs/architecture.md, "Insight
//! articles"): a background task asks market, at start-up and then every
//! `services.social.recap.check_interval_secs`, for its latest `services.social.recap.days`
//! closed trading dates (`ClosedDayService/ListClosedDays`: the KRX clock's today once it
//! has closed, else the days before; the continuous clock's days before the one it
//! replays). Each of them without a recap, oldest first, gets one: market's account of the
//! day (`GetClosedDay`: the indexes' close, the risers and fallers with the disclosures and
//! news around each move, the sector heatmap, the filings of the movers and the most traded
//! stocks, the most discussed boards) and the movers' posts of the day from social's own
//! boards, composed ([`compose`]) into ONE CUSTOM article by the reserved contributor
//! 시세 마켓봇 ([`RECAP_CONTRIBUTOR`]). The date's `market_recaps` row is claimed in the
//! publishing transaction, so replicas, restarts and overlapping runs write it once; a
//! server restarted after a close writes the day at its start-up check.

use std::collections::HashMap;
use std::time::Duration;

use chrono::{NaiveDate, TimeZone as _};
use sise_platform::task::Backoff;
use sise_platform::time::{KST, now_ms};
use sise_proto::market::v1 as market;
use sise_proto::market::v1::closed_day_service_client::ClosedDayServiceClient;
use tokio_util::sync::CancellationToken;
use tonic::transport::Channel;

use crate::domain::insight::Content;
use crate::domain::recap::{compose, day_recap};
use crate::store::Store;
use crate::store::insight::NewArticle;
pub use crate::store::recaps::{RECAP_CONTRIBUTOR, RECAP_PUBLISHER};

/// Risers and fallers told, each (and the most discussed stocks asked for).
const MOVERS: i64 = 5;
/// Closed dates a check looks at, at most (market lists ten).
pub const MAX_DAYS: u32 = 10;

/// The `services.social.recap` configuration section.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(default)]
pub struct RecapSettings {
    /// Write the daily recap (on in every configuration; off only to silence it).
    pub enabled: bool,
    /// How often market's closed dates are asked (the first time at start-up).
    pub check_interval_secs: u64,
    /// The latest closed trading dates each check makes sure have their recap (1 to
    /// [`MAX_DAYS`]): more than one, so a server that was down over a whole trading day
    /// writes that day's too when it comes back.
    pub days: u32,
}

impl Default for RecapSettings {
    fn default() -> Self {
        Self {
            enabled: true,
            check_interval_secs: 60,
            days: 3,
        }
    }
}

/// What a run did for one closed date.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The date had its recap (article id).
    Written(NaiveDate, i64),
    /// This run wrote the date's recap (article id).
    Wrote(NaiveDate, i64),
}

#[derive(Clone)]
pub struct RecapWriter {
    store: Store,
    days: ClosedDayServiceClient<Channel>,
}

impl RecapWriter {
    /// `market`: market's gRPC channel.
    pub fn new(store: Store, market: Channel) -> Self {
        Self {
            store,
            days: ClosedDayServiceClient::new(market),
        }
    }

    /// Market's latest `days` closed trading dates, newest first.
    pub async fn closed_days(&self, days: u32) -> anyhow::Result<Vec<NaiveDate>> {
        let listed = self
            .days
            .clone()
            .list_closed_days(market::ListClosedDaysRequest {
                limit: Some(i64::from(days.clamp(1, MAX_DAYS))),
            })
            .await?
            .into_inner()
            .dates;
        listed
            .iter()
            .map(|d| Ok(NaiveDate::parse_from_str(d, "%Y-%m-%d")?))
            .collect()
    }

    /// One run: each of the latest `days` closed dates gets its recap unless it has one,
    /// the oldest first (so the newest day is the newest article). What was done per date,
    /// in that order; the first failure ends the run (the next check tries again).
    pub async fn check(&self, days: u32) -> anyhow::Result<Vec<Outcome>> {
        let mut dates = self.closed_days(days).await?;
        dates.reverse();
        let mut done = Vec::with_capacity(dates.len());
        for date in dates {
            done.push(self.write_day(date).await?);
        }
        Ok(done)
    }

    /// The recap of `date` (one of market's closed dates), unless it has one.
    pub async fn write_day(&self, date: NaiveDate) -> anyhow::Result<Outcome> {
        let key = date.to_string();
        if let Some(id) = self.store.market_recap(&key).await? {
            return Ok(Outcome::Written(date, id));
        }
        let closed = self
            .days
            .clone()
            .get_closed_day(market::GetClosedDayRequest {
                date: key.clone(),
                limit: Some(MOVERS),
            })
            .await?
            .into_inner();
        // Why the movers moved, on social's own boards: their posts that day (KST).
        let (from_ms, to_ms) = kst_day_bounds(date);
        let movers: Vec<String> = closed
            .rising
            .iter()
            .chain(&closed.falling)
            .filter_map(|m| m.stock.as_ref().map(|s| s.security_id.clone()))
            .collect();
        let posts: HashMap<String, i64> = self
            .store
            .board_posts_between(&movers, from_ms, to_ms)
            .await?
            .into_iter()
            .collect();
        let (title, blocks) = compose(&day_recap(date, &closed, &posts));
        let json = serde_json::json!({ "blocks": blocks }).to_string();
        let content = Content::custom(&json)
            .map_err(|e| anyhow::anyhow!("recap content refused: {}", e.message))?;
        let article = NewArticle {
            contributor_id: RECAP_CONTRIBUTOR,
            title,
            content,
            security_ids: Vec::new(),
            featured: false,
            published_by: RECAP_PUBLISHER.to_owned(),
            // The quotes are the simulator's: labelled 샘플 wherever the article shows.
            sample: true,
        };
        match self
            .store
            .publish_market_recap(&article, &key, now_ms())
            .await?
        {
            Ok(Some(row)) => {
                tracing::info!(trading_date = %date, article_id = row.id, "market recap written");
                Ok(Outcome::Wrote(date, row.id))
            }
            // Another replica or run claimed the date first.
            Ok(None) => {
                let id = self.store.market_recap(&key).await?.unwrap_or_default();
                Ok(Outcome::Written(date, id))
            }
            Err(refused) => Err(anyhow::anyhow!("market recap refused: {}", refused.message)),
        }
    }
}

/// `[start, end)` of `date` in KST, as epoch milliseconds.
fn kst_day_bounds(date: NaiveDate) -> (i64, i64) {
    let start = |d: NaiveDate| {
        KST.from_local_datetime(&d.and_time(chrono::NaiveTime::MIN))
            .single()
            .map_or(0, |t| t.timestamp_millis())
    };
    let next = date.succ_opt().unwrap_or(date);
    (start(date), start(next))
}

/// The background task: a run at start-up, then one every `settings.check_interval_secs`
/// until `stop`. A failed run (market unreachable or slow, a day still being stored, a
/// database error) is logged and tried again sooner ([`retry_after`]): a server that starts
/// under load writes its recaps when market answers, not a whole interval later.
pub async fn run(writer: RecapWriter, settings: RecapSettings, stop: CancellationToken) {
    let interval = Duration::from_secs(settings.check_interval_secs.max(1));
    let mut failures = 0;
    loop {
        let run = tokio::select! {
            () = stop.cancelled() => return,
            run = writer.check(settings.days) => run,
        };
        let wait = match run {
            Ok(_) => {
                failures = 0;
                interval
            }
            Err(error) => {
                tracing::warn!(error = format!("{error:#}"), "market recap not written yet");
                failures += 1;
                retry_after(failures, interval)
            }
        };
        tokio::select! {
            () = stop.cancelled() => return,
            () = tokio::time::sleep(wait) => {}
        }
    }
}

/// The wait after `failures` failed runs in a row: 5 s, doubling, at most `interval`.
fn retry_after(failures: u32, interval: Duration) -> Duration {
    let backoff = Backoff {
        initial_ms: 5_000,
        max_ms: u64::try_from(interval.as_millis()).unwrap_or(u64::MAX),
    };
    // `Backoff` never waits less than its first delay; an interval shorter than that bounds it.
    backoff.delay(failures).min(interval)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_run_is_retried_sooner_than_the_interval() {
        let interval = Duration::from_secs(60);
        let waits: Vec<u64> = (1..=6)
            .map(|failures| retry_after(failures, interval).as_secs())
            .collect();
        assert_eq!(waits, [5, 10, 20, 40, 60, 60]);
        assert_eq!(retry_after(u32::MAX, interval), interval);
        // An interval shorter than the first backoff bounds it.
        assert_eq!(
            retry_after(1, Duration::from_secs(2)),
            Duration::from_secs(2)
        );
    }

    #[test]
    fn a_kst_day_in_milliseconds() {
        let date = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap_or_default();
        let (from, to) = kst_day_bounds(date);
        // 2026-11-26T15:00:00Z.
        assert_eq!(from, 1_795_705_200_000);
        assert_eq!(to - from, 86_400_000);
    }
}
