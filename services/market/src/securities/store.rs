//! The `securities` table (seeded from the dataset) and the page-view counts of
//! `security_views`.
//!
//! SQL is written once for both backends (`$n` placeholders, integers for dates-as-text
//! and counts), see `sise_platform::db`.

use anyhow::Context;
use chrono::NaiveDate;
use sise_platform::db::Database;
use sqlx::Row;

use crate::dataset::{DATASET_VERSION, ListedStock, SecurityKind};
use crate::domain::{Market, SecurityId};
use crate::store;

#[derive(Clone, Debug)]
pub struct SecurityStore {
    db: Database,
}

impl SecurityStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    pub fn database(&self) -> &Database {
        &self.db
    }

    /// Replace the securities with `stocks` unless this dataset version is already seeded.
    /// Returns whether it seeded.
    pub async fn seed_securities(&self, stocks: &[ListedStock]) -> anyhow::Result<bool> {
        let Some(mut tx) = store::reseed(&self.db, "securities", DATASET_VERSION).await? else {
            return Ok(false);
        };
        sqlx::query("DELETE FROM securities")
            .execute(&mut *tx)
            .await?;
        for stock in stocks {
            sqlx::query(
                "INSERT INTO securities (security_id, code, name, name_en, market, \
                 shares_outstanding, last_close, last_close_date, kind, daily_sigma, \
                 value_per_day) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
            )
            .bind(stock.security_id.as_str())
            .bind(stock.security_id.code())
            .bind(&stock.name)
            .bind(stock.name_en.as_deref())
            .bind(stock.market.as_str())
            .bind(stock.shares_outstanding)
            .bind(stock.last_close)
            .bind(stock.last_close_date.to_string())
            .bind(stock.kind.as_str())
            // 0 for a stock (whose activity follows its market cap); never NULL, which
            // PostgreSQL types apart from a float in a prepared statement reused per row.
            .bind(match stock.kind {
                SecurityKind::Etf { daily_sigma, .. } => daily_sigma,
                SecurityKind::Stock => 0.0,
            })
            .bind(match stock.kind {
                SecurityKind::Etf { value_per_day, .. } => value_per_day,
                SecurityKind::Stock => 0.0,
            })
            .execute(&mut *tx)
            .await
            .with_context(|| format!("failed to seed {}", stock.security_id))?;
        }
        tx.finish().await?;
        Ok(true)
    }

    /// Every security, ordered by id.
    pub async fn securities(&self) -> anyhow::Result<Vec<ListedStock>> {
        let rows = sqlx::query(
            "SELECT security_id, name, name_en, market, shares_outstanding, last_close, \
             last_close_date, kind, daily_sigma, value_per_day FROM securities \
             ORDER BY security_id",
        )
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let id: String = row.try_get("security_id")?;
                let market: String = row.try_get("market")?;
                let date: String = row.try_get("last_close_date")?;
                let kind: String = row.try_get("kind")?;
                let kind = match kind.as_str() {
                    "stock" => SecurityKind::Stock,
                    "etf" => SecurityKind::Etf {
                        daily_sigma: row.try_get("daily_sigma")?,
                        value_per_day: row.try_get("value_per_day")?,
                    },
                    other => anyhow::bail!("stored kind {other}"),
                };
                Ok(ListedStock {
                    security_id: SecurityId::parse(&id)
                        .map_err(|e| anyhow::anyhow!("stored id {id}: {e}"))?,
                    name: row.try_get("name")?,
                    name_en: row.try_get("name_en")?,
                    market: Market::from_listing(&market)
                        .with_context(|| format!("stored market {market}"))?,
                    shares_outstanding: row.try_get("shares_outstanding")?,
                    last_close: row.try_get("last_close")?,
                    last_close_date: NaiveDate::parse_from_str(&date, "%Y-%m-%d")?,
                    kind,
                })
            })
            .collect()
    }

    /// Count one view (at-least-once delivery may count a redelivered event twice, which a
    /// popularity ranking tolerates).
    pub async fn record_view(&self, security_id: &str, day: NaiveDate) -> anyhow::Result<()> {
        sqlx::query(
            "INSERT INTO security_views (security_id, day, views) VALUES ($1, $2, 1) \
             ON CONFLICT (security_id, day) DO UPDATE SET views = security_views.views + 1",
        )
        .bind(security_id)
        .bind(day.to_string())
        .execute(self.db.writer())
        .await?;
        Ok(())
    }

    /// Page views per security from `day` on (KST days), for the search ranking.
    pub async fn views_since(&self, day: NaiveDate) -> anyhow::Result<Vec<(String, i64)>> {
        let rows = sqlx::query(
            "SELECT security_id, CAST(SUM(views) AS BIGINT) AS views FROM security_views WHERE day >= $1 \
             GROUP BY security_id",
        )
        .bind(day.to_string())
        .fetch_all(&self.db.pool)
        .await?;
        rows.into_iter()
            .map(|row| Ok((row.try_get("security_id")?, row.try_get("views")?)))
            .collect()
    }

    pub async fn views(&self, security_id: &str, day: NaiveDate) -> anyhow::Result<i64> {
        let views: Option<i64> = sqlx::query_scalar(
            "SELECT views FROM security_views WHERE security_id = $1 AND day = $2",
        )
        .bind(security_id)
        .bind(day.to_string())
        .fetch_optional(&self.db.pool)
        .await?;
        Ok(views.unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::MIGRATIONS;
    use sise_platform::db::testing::TestDatabase;

    fn stock(code: &str, close: i64) -> ListedStock {
        ListedStock {
            security_id: SecurityId::from_code(code).expect("code"),
            name: format!("종목{code}"),
            name_en: None,
            market: Market::Kospi,
            shares_outstanding: 1_000,
            last_close: close,
            last_close_date: NaiveDate::from_ymd_opt(2026, 6, 15).expect("date"),
            kind: crate::dataset::SecurityKind::Stock,
        }
    }

    sise_platform::per_backend! {
        async fn seeds_once_and_counts_views_on_every_backend(backend) {
            let test_db = TestDatabase::create(backend, "market").await.expect("db");
            let db = Database::connect(&test_db.url, &MIGRATIONS)
                .await
                .expect("connect");
            let store = SecurityStore::new(db);
            let etf = ListedStock {
                kind: SecurityKind::Etf { daily_sigma: 0.0125, value_per_day: 2.5e11 },
                shares_outstanding: 0,
                ..stock("069500", 84_635)
            };
            let stocks = vec![stock("005930", 70_000), stock("000660", 200_000), etf.clone()];
            assert!(store.seed_securities(&stocks).await.expect("seed"));
            assert!(!store.seed_securities(&stocks).await.expect("reseed"));
            let loaded = store.securities().await.expect("load");
            assert_eq!(loaded.len(), 3);
            assert_eq!(loaded[1], stocks[0], "ordered by id on {backend:?}");
            assert_eq!(loaded[2], etf, "an ETF keeps its kind and activity on {backend:?}");

            let day = NaiveDate::from_ymd_opt(2026, 11, 22).expect("day");
            store.record_view("KOREA-A005930", day).await.expect("view");
            store.record_view("KOREA-A005930", day).await.expect("view");
            assert_eq!(store.views("KOREA-A005930", day).await.expect("views"), 2);
            store.database().close().await;
            test_db.cleanup().await.expect("cleanup");
        }
    }
}
