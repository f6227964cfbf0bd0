//! The daily market recap's share of the database (the writer is `crate::recap`): which
//! trading dates have their recap (`market_recaps`, claimed when the article is published,
//! [`Store::publish_market_recap`]) and the board activity the recap reports.

use sqlx::Row as _;

use super::{Sql, Store};

/// The reserved contributor that is the service itself (시세 마켓봇; migration 0009).
pub const RECAP_CONTRIBUTOR: i64 = -1000;
/// `published_by` of the recap articles.
pub const RECAP_PUBLISHER: &str = "service:recap";

impl Store {
    /// The article of `trading_date`'s recap, when it was written.
    pub async fn market_recap(&self, trading_date: &str) -> anyhow::Result<Option<i64>> {
        let id: Option<i64> =
            sqlx::query_scalar("SELECT article_id FROM market_recaps WHERE trading_date = $1")
                .bind(trading_date)
                .fetch_optional(&self.db.pool)
                .await?;
        Ok(id)
    }

    /// Shown posts written on each board of `security_ids` in `[from_ms, to_ms)`; boards
    /// without any are left out. The board index, then its posts since `from_ms`: the
    /// caller asks for a handful of boards and one day.
    pub async fn board_posts_between(
        &self,
        security_ids: &[String],
        from_ms: i64,
        to_ms: i64,
    ) -> anyhow::Result<Vec<(String, i64)>> {
        if security_ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut sql =
            Sql::new("SELECT security_id, COUNT(*) AS posts FROM posts WHERE security_id IN (");
        for (i, id) in security_ids.iter().enumerate() {
            let p = sql.text(id);
            sql.push(if i == 0 { "" } else { ", " }).push(&p);
        }
        let from = sql.int(from_ms);
        let to = sql.int(to_ms);
        sql.push(&format!(
            ") AND deleted_at_ms IS NULL AND created_at_ms >= {from} AND created_at_ms < {to} \
             GROUP BY security_id"
        ));
        let mut conn = self.db.pool.acquire().await?;
        sql.fetch_all(&mut conn)
            .await?
            .iter()
            .map(|row| -> anyhow::Result<(String, i64)> {
                Ok((row.try_get("security_id")?, row.try_get("posts")?))
            })
            .collect()
    }
}
