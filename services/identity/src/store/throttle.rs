//! Failed logins in the last hour, per provider account and per client address
//! (ASVS V2.2.1): over the limit, a login is refused with the seconds until a slot frees.

use super::Store;

pub const WINDOW_MS: i64 = 3_600_000;

impl Store {
    /// Seconds until `key` is under `limit` failures in the last hour again, or `None`
    /// when it is under now.
    pub async fn throttled(&self, key: &str, limit: u32, now: i64) -> anyhow::Result<Option<u64>> {
        let since = now - WINDOW_MS;
        // The failure whose ageing out brings the count under the limit.
        let oldest_counted: Option<i64> = sqlx::query_scalar(
            "SELECT at_ms FROM login_failures WHERE throttle_key = $1 AND at_ms > $2 \
             ORDER BY at_ms DESC LIMIT 1 OFFSET $3",
        )
        .bind(key)
        .bind(since)
        .bind(i64::from(limit.max(1)) - 1)
        .fetch_optional(&self.db.pool)
        .await?;
        Ok(oldest_counted.map(|at| {
            let wait_ms = (at + WINDOW_MS - now).max(1000);
            u64::try_from(wait_ms).unwrap_or(1000).div_ceil(1000)
        }))
    }

    pub async fn record_failure(&self, key: &str, now: i64) -> anyhow::Result<()> {
        sqlx::query("INSERT INTO login_failures (throttle_key, at_ms) VALUES ($1, $2)")
            .bind(key)
            .bind(now)
            .execute(self.db.writer())
            .await?;
        Ok(())
    }

    /// Drop failures older than the window (bounded table).
    pub async fn purge_failures(&self, now: i64) -> anyhow::Result<u64> {
        Ok(sqlx::query("DELETE FROM login_failures WHERE at_ms <= $1")
            .bind(now - WINDOW_MS)
            .execute(self.db.writer())
            .await?
            .rows_affected())
    }
}
