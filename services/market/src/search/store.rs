//! The `asset_searches` table: how often each asset was found by a search, per hour.

use sise_platform::db::Database;
use sqlx::Row as _;

/// Searches per asset over an hour range.
pub type Counts = Vec<(String, i64)>;

#[derive(Clone)]
pub struct SearchStore {
    db: Database,
}

impl SearchStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// One search that found `asset_id`, in `hour` (hours since the epoch).
    pub async fn record(&self, asset_id: &str, hour: i64) -> anyhow::Result<()> {
        sqlx::query(
            "INSERT INTO asset_searches (asset_id, hour, searches) VALUES ($1, $2, 1) \
             ON CONFLICT (asset_id, hour) DO UPDATE SET searches = asset_searches.searches + 1",
        )
        .bind(asset_id)
        .bind(hour)
        .execute(self.db.writer())
        .await?;
        Ok(())
    }

    /// Searches per asset in the hours `from..until`, the most searched first.
    pub async fn counts(&self, from: i64, until: i64) -> anyhow::Result<Counts> {
        let rows = sqlx::query(
            "SELECT asset_id, CAST(SUM(searches) AS BIGINT) AS searches FROM asset_searches \
             WHERE hour >= $1 AND hour < $2 GROUP BY asset_id \
             ORDER BY searches DESC, asset_id LIMIT 1000",
        )
        .bind(from)
        .bind(until)
        .fetch_all(&self.db.pool)
        .await?;
        rows.into_iter()
            .map(|row| Ok((row.try_get("asset_id")?, row.try_get("searches")?)))
            .collect()
    }
}
