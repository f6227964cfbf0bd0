//! Posts per stock (`counted_posts`), fed by social's `events.social.post_created`: the
//! "by posts" popular stocks and 토론 급증 (`surges`) read them.
//!
//! - [`run`]: the durable consumer `acl::MARKET_POSTS` (supervised by
//!   `sise_platform::bus::consume_message_batches`: the events waiting at once written in
//!   one statement, restarted with backoff, a failing event redelivered and finally
//!   dead-lettered);
//! - [`PostStore`]: the table. Delivery is at least once, so a post is kept once, keyed by
//!   its id; a redelivered event changes nothing. Posts older than [`RETENTION_MS`] (past
//!   every window that reads them) are pruned, so the table holds about a week of posts.

use sise_platform::bus::{self, Bus, acl};
use sise_platform::db::Database;
use sise_platform::time::now_ms;
use sise_proto::social::v1 as social;
use sqlx::Row as _;
use tokio_util::sync::CancellationToken;

use crate::domain::SecurityId;

const HOUR_MS: i64 = 3_600_000;
/// How long a post is kept: a day longer than the longest window (the surges' week).
pub const RETENTION_MS: i64 = 8 * 24 * HOUR_MS;
/// Time between two prunes.
const PRUNE_EVERY: std::time::Duration = std::time::Duration::from_secs(3_600);

/// A stock's posts in the two windows of the surge rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PostRate {
    pub security_id: String,
    /// Posts since the start of the recent window.
    pub recent: i64,
    /// Posts in the window before it.
    pub earlier: i64,
}

#[derive(Clone)]
pub struct PostStore {
    db: Database,
}

impl PostStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// Count the post once. Returns whether it was new; an event that names no security,
    /// or a post older than [`RETENTION_MS`] at `now_ms`, is not kept.
    pub async fn apply(&self, event: &social::PostCreated, now_ms: i64) -> anyhow::Result<bool> {
        Ok(self.apply_all(std::slice::from_ref(event), now_ms).await? == 1)
    }

    /// [`Self::apply`] for many posts in one statement (one commit); how many were new.
    pub async fn apply_all(
        &self,
        events: &[social::PostCreated],
        now_ms: i64,
    ) -> anyhow::Result<u64> {
        let kept: Vec<&social::PostCreated> = events
            .iter()
            .filter(|event| {
                if let Err(error) = SecurityId::parse(&event.security_id) {
                    tracing::warn!(post_id = event.post_id, %error, "post event without a security: ignored");
                    return false;
                }
                event.created_at_ms >= now_ms - RETENTION_MS
            })
            .collect();
        if kept.is_empty() {
            return Ok(0);
        }
        let sql = format!(
            "INSERT INTO counted_posts (post_id, security_id, created_at_ms) VALUES {} \
             ON CONFLICT (post_id) DO NOTHING",
            sise_platform::db::value_rows(kept.len(), 3)
        );
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for event in kept {
            query = query
                .bind(event.post_id)
                .bind(event.security_id.clone())
                .bind(event.created_at_ms);
        }
        Ok(query.execute(self.db.writer()).await?.rows_affected())
    }

    /// Posts per stock created in `from_ms..until_ms`, the most first.
    pub async fn counts(&self, from_ms: i64, until_ms: i64) -> anyhow::Result<Vec<(String, i64)>> {
        let rows = sqlx::query(
            "SELECT security_id, COUNT(*) AS posts FROM counted_posts \
             WHERE created_at_ms >= $1 AND created_at_ms < $2 GROUP BY security_id \
             ORDER BY posts DESC, security_id LIMIT 1000",
        )
        .bind(from_ms)
        .bind(until_ms)
        .fetch_all(&self.db.pool)
        .await?;
        rows.into_iter()
            .map(|row| Ok((row.try_get("security_id")?, row.try_get("posts")?)))
            .collect()
    }

    /// Posts of one stock created in `from_ms..until_ms` (the `(security_id,
    /// created_at_ms)` index answers it).
    pub async fn count_of(
        &self,
        security_id: &str,
        from_ms: i64,
        until_ms: i64,
    ) -> anyhow::Result<i64> {
        Ok(sqlx::query_scalar(
            "SELECT COUNT(*) FROM counted_posts \
             WHERE security_id = $1 AND created_at_ms >= $2 AND created_at_ms < $3",
        )
        .bind(security_id)
        .bind(from_ms)
        .bind(until_ms)
        .fetch_one(&self.db.pool)
        .await?)
    }

    /// The stocks with at least `min_recent` posts since `recent_from_ms` (a later post, from
    /// a clock a little ahead, counts as recent too), each with its posts since then and its
    /// posts in `from_ms..recent_from_ms`. Only stocks busy now are counted over the week.
    pub async fn rates(
        &self,
        from_ms: i64,
        recent_from_ms: i64,
        min_recent: i64,
    ) -> anyhow::Result<Vec<PostRate>> {
        let rows = sqlx::query(
            "SELECT security_id, \
             SUM(CASE WHEN created_at_ms >= $2 THEN 1 ELSE 0 END) AS recent, \
             SUM(CASE WHEN created_at_ms < $2 THEN 1 ELSE 0 END) AS earlier \
             FROM counted_posts WHERE created_at_ms >= $1 AND security_id IN \
             (SELECT security_id FROM counted_posts WHERE created_at_ms >= $2 \
             GROUP BY security_id HAVING COUNT(*) >= $3) \
             GROUP BY security_id",
        )
        .bind(from_ms)
        .bind(recent_from_ms)
        .bind(min_recent)
        .fetch_all(&self.db.pool)
        .await?;
        rows.into_iter()
            .map(|row| {
                Ok(PostRate {
                    security_id: row.try_get("security_id")?,
                    recent: row.try_get("recent")?,
                    earlier: row.try_get("earlier")?,
                })
            })
            .collect()
    }

    /// Forget the posts created before `before_ms`; how many.
    pub async fn prune(&self, before_ms: i64) -> anyhow::Result<u64> {
        Ok(
            sqlx::query("DELETE FROM counted_posts WHERE created_at_ms < $1")
                .bind(before_ms)
                .execute(self.db.writer())
                .await?
                .rows_affected(),
        )
    }
}

/// Consume `events.social.post_created` until `cancel` (the consumer `acl::MARKET_POSTS`),
/// pruning old posts every hour meanwhile.
pub async fn run(bus: Bus, store: PostStore, batch_max: usize, cancel: CancellationToken) {
    let prune = {
        let (store, cancel) = (store.clone(), cancel.clone());
        async move {
            let mut every = tokio::time::interval(PRUNE_EVERY);
            loop {
                tokio::select! {
                    _ = every.tick() => {}
                    () = cancel.cancelled() => return,
                }
                match store.prune(now_ms() - RETENTION_MS).await {
                    Ok(0) => {}
                    Ok(pruned) => tracing::debug!(pruned, "old posts pruned"),
                    Err(error) => {
                        tracing::warn!(error = format!("{error:#}"), "failed to prune posts")
                    }
                }
            }
        }
    };
    // The posts waiting at once share one insert: one commit for many instead of one each.
    let consume = bus::consume_message_batches(
        bus,
        acl::MARKET_POSTS,
        cancel,
        batch_max,
        move |events: Vec<social::PostCreated>| {
            let store = store.clone();
            async move { store.apply_all(&events, now_ms()).await.map(|_| ()) }
        },
    );
    tokio::join!(prune, consume);
}

#[cfg(test)]
mod tests {
    use sise_platform::db::testing::TestDatabase;

    use super::*;
    use crate::store::MIGRATIONS;

    const SAMSUNG: &str = "KOREA-A005930";
    const HYNIX: &str = "KOREA-A000660";

    fn post(id: i64, security: &str, at: i64) -> social::PostCreated {
        social::PostCreated {
            post_id: id,
            security_id: security.to_owned(),
            created_at_ms: at,
            ..Default::default()
        }
    }

    sise_platform::per_backend! {
        /// A post counts once for its stock however often its event comes; the windows cut
        /// by instant; old posts are neither kept nor left behind.
        async fn trends_a_post_counts_once(backend) {
            let test_db = TestDatabase::create(backend, "market").await.expect("db");
            let db = Database::connect(&test_db.url, &MIGRATIONS).await.expect("connect");
            let store = PostStore::new(db.clone());
            let now = 1_800_000_000_000;
            assert!(store.apply(&post(1, SAMSUNG, now - 10), now).await.expect("apply"));
            assert!(!store.apply(&post(1, SAMSUNG, now - 10), now).await.expect("again"));
            assert!(store.apply(&post(2, SAMSUNG, now - 20), now).await.expect("apply"));
            assert!(store.apply(&post(3, HYNIX, now - 30), now).await.expect("apply"));
            assert!(store.apply(&post(4, HYNIX, now - 2 * HOUR_MS), now).await.expect("apply"));
            assert!(!store.apply(&post(5, "005930", now), now).await.expect("no security"));
            assert!(!store.apply(&post(6, SAMSUNG, now - RETENTION_MS - 1), now).await.expect("old"));
            assert_eq!(
                store.counts(now - HOUR_MS, now).await.expect("counts"),
                vec![(SAMSUNG.to_owned(), 2), (HYNIX.to_owned(), 1)],
                "{backend:?}"
            );
            assert!(store.counts(now, now + HOUR_MS).await.expect("later").is_empty());

            // Only stocks with two recent posts; their week before counted too.
            let rates = store.rates(now - 7 * 24 * HOUR_MS, now - HOUR_MS, 2).await.expect("rates");
            assert_eq!(rates, vec![PostRate { security_id: SAMSUNG.to_owned(), recent: 2, earlier: 0 }]);
            let mut rates = store.rates(now - 7 * 24 * HOUR_MS, now - HOUR_MS, 1).await.expect("rates");
            rates.sort_by(|a, b| a.security_id.cmp(&b.security_id));
            assert_eq!(rates[0], PostRate { security_id: HYNIX.to_owned(), recent: 1, earlier: 1 });

            // Many at once, in one statement: the same rules per post, a post twice in one
            // batch or already counted kept once.
            let batch = [
                post(7, SAMSUNG, now - 5),
                post(7, SAMSUNG, now - 5),
                post(1, SAMSUNG, now - 10),
                post(8, "005930", now),
                post(9, HYNIX, now - RETENTION_MS - 1),
                post(10, HYNIX, now - 5),
            ];
            assert_eq!(store.apply_all(&batch, now).await.expect("batch"), 2, "{backend:?}");
            assert_eq!(store.apply_all(&batch, now).await.expect("again"), 0, "{backend:?}");
            assert_eq!(store.apply_all(&[], now).await.expect("none"), 0);
            assert_eq!(
                store.counts(now - HOUR_MS, now).await.expect("counts"),
                vec![(SAMSUNG.to_owned(), 3), (HYNIX.to_owned(), 2)],
                "{backend:?}"
            );

            assert_eq!(store.prune(now - HOUR_MS).await.expect("prune"), 1);
            assert_eq!(store.counts(0, i64::MAX).await.expect("all").len(), 2);
            db.close().await;
            test_db.cleanup().await.expect("cleanup");
        }
    }
}
