//! Posts per stock (`counted_posts`), for the "by posts" popular stocks.
//!
//! The social service does not publish post events yet, so nothing feeds this table so
//! far: [`PostStore::apply`] is the consumer's handler, ready for a `post_created` event
//! (post id, stock, creation instant). Delivery is at least once, so a post is kept once,
//! keyed by its id; a redelivered event changes nothing. The counts are read from the same
//! rows.

use sise_platform::db::Database;
use sqlx::Row as _;

const HOUR_MS: i64 = 3_600_000;

/// A post was created on a stock's board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PostCreated {
    pub post_id: String,
    pub security_id: String,
    pub created_at_ms: i64,
}

#[derive(Clone)]
pub struct PostStore {
    db: Database,
}

impl PostStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// Count the post once. Returns whether it was new.
    pub async fn apply(&self, event: &PostCreated) -> anyhow::Result<bool> {
        let inserted = sqlx::query(
            "INSERT INTO counted_posts (post_id, security_id, hour) VALUES ($1, $2, $3) \
             ON CONFLICT (post_id) DO NOTHING",
        )
        .bind(&event.post_id)
        .bind(&event.security_id)
        .bind(event.created_at_ms.div_euclid(HOUR_MS))
        .execute(&self.db.pool)
        .await?
        .rows_affected();
        Ok(inserted == 1)
    }

    /// Posts per stock created in the hours `from..until` (hours since the epoch), the most
    /// first.
    pub async fn counts(&self, from: i64, until: i64) -> anyhow::Result<Vec<(String, i64)>> {
        let rows = sqlx::query(
            "SELECT security_id, COUNT(*) AS posts FROM counted_posts \
             WHERE hour >= $1 AND hour < $2 GROUP BY security_id \
             ORDER BY posts DESC, security_id LIMIT 1000",
        )
        .bind(from)
        .bind(until)
        .fetch_all(&self.db.pool)
        .await?;
        rows.into_iter()
            .map(|row| Ok((row.try_get("security_id")?, row.try_get("posts")?)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use sise_platform::db::testing::TestDatabase;

    use super::*;
    use crate::store::MIGRATIONS;

    sise_platform::per_backend! {
        /// A post counts once for its stock and hour however often its event comes.
        async fn trends_a_post_counts_once(backend) {
            let test_db = TestDatabase::create(backend, "market").await.expect("db");
            let db = Database::connect(&test_db.url, &MIGRATIONS).await.expect("connect");
            let store = PostStore::new(db.clone());
            let at = 1_800_000_000_000;
            let post = |id: &str, security: &str| PostCreated {
                post_id: id.to_owned(),
                security_id: security.to_owned(),
                created_at_ms: at,
            };
            assert!(store.apply(&post("p1", "KOREA-A005930")).await.expect("apply"));
            assert!(!store.apply(&post("p1", "KOREA-A005930")).await.expect("again"));
            assert!(store.apply(&post("p2", "KOREA-A005930")).await.expect("apply"));
            assert!(store.apply(&post("p3", "KOREA-A000660")).await.expect("apply"));
            let hour = at / HOUR_MS;
            let counts = store.counts(hour, hour + 1).await.expect("counts");
            assert_eq!(
                counts,
                vec![("KOREA-A005930".to_owned(), 2), ("KOREA-A000660".to_owned(), 1)],
                "{backend:?}"
            );
            assert!(store.counts(hour + 1, hour + 25).await.expect("later").is_empty());
            db.pool.close().await;
            test_db.cleanup().await.expect("cleanup");
        }
    }
}
