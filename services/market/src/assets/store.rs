//! The `asset_day_candles` table: seeding once per dataset version, the continuation and
//! simulated days, and the reads of the API (keyset pages newest first, date ranges).
//!
//! Same SQL for both backends (`$n` placeholders, dates as `YYYY-MM-DD` text, which sorts
//! as dates do).

use chrono::NaiveDate;
use sise_platform::db::{Backend, Database};
use sqlx::Row;
use sqlx::any::AnyRow;

use super::history::{Bar, Source};
use super::ids::AssetId;
use crate::store;

const META_KEY: &str = "assets";
const COLUMNS: &str = "asset_id, date, open, high, low, close, volume, trading_value, source";
/// Rows per multi-row insert (9 binds each). SQLite's binding slows down with many
/// numbered parameters in one statement (25 rows: 0.2 s for the seed, 400 rows: 2 s);
/// PostgreSQL prefers fewer round trips.
const SQLITE_BATCH: usize = 25;
const POSTGRES_BATCH: usize = 400;

#[derive(Clone, Debug)]
pub struct AssetStore {
    db: Database,
}

fn to_bar(row: &AnyRow) -> anyhow::Result<Bar> {
    let date: String = row.try_get("date")?;
    let source: String = row.try_get("source")?;
    Ok(Bar {
        date: NaiveDate::parse_from_str(&date, "%Y-%m-%d")?,
        open: row.try_get("open")?,
        high: row.try_get("high")?,
        low: row.try_get("low")?,
        close: row.try_get("close")?,
        volume: row.try_get("volume")?,
        trading_value: row.try_get("trading_value")?,
        source: Source::parse(&source).ok_or_else(|| anyhow::anyhow!("stored source {source}"))?,
    })
}

async fn insert_batch<'e, E>(executor: E, rows: &[(&str, &Bar)]) -> anyhow::Result<()>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    if rows.is_empty() {
        return Ok(());
    }
    let mut sql = format!("INSERT INTO asset_day_candles ({COLUMNS}) VALUES ");
    for i in 0..rows.len() {
        let n = i * 9;
        if i > 0 {
            sql.push_str(", ");
        }
        sql.push_str(&format!(
            "(${}, ${}, ${}, ${}, ${}, ${}, ${}, ${}, ${})",
            n + 1,
            n + 2,
            n + 3,
            n + 4,
            n + 5,
            n + 6,
            n + 7,
            n + 8,
            n + 9
        ));
    }
    sql.push_str(
        " ON CONFLICT (asset_id, date) DO UPDATE SET open = excluded.open, \
         high = excluded.high, low = excluded.low, close = excluded.close, \
         volume = excluded.volume, trading_value = excluded.trading_value, \
         source = excluded.source",
    );
    // Only numbered placeholders are formatted into the text; every value is bound.
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for (asset_id, bar) in rows {
        query = query
            .bind(asset_id.to_string())
            .bind(bar.date.to_string())
            .bind(bar.open)
            .bind(bar.high)
            .bind(bar.low)
            .bind(bar.close)
            .bind(bar.volume)
            .bind(bar.trading_value)
            .bind(bar.source.as_str());
    }
    query.execute(executor).await?;
    Ok(())
}

impl AssetStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    fn batch(&self) -> usize {
        match self.db.backend {
            Backend::Sqlite => SQLITE_BATCH,
            Backend::Postgres => POSTGRES_BATCH,
        }
    }

    /// The dataset version the history was seeded from.
    pub async fn seeded_version(&self) -> anyhow::Result<Option<String>> {
        store::meta(&self.db.pool, META_KEY).await
    }

    /// Replace the whole history with `history` and record `version`, in one transaction.
    pub async fn replace_history(
        &self,
        version: &str,
        history: &[(AssetId, Vec<Bar>)],
    ) -> anyhow::Result<()> {
        let mut tx = self.db.begin().await?;
        sqlx::query("DELETE FROM asset_day_candles")
            .execute(&mut *tx)
            .await?;
        let rows: Vec<(&str, &Bar)> = history
            .iter()
            .flat_map(|(id, bars)| bars.iter().map(move |b| (id.as_str(), b)))
            .collect();
        for chunk in rows.chunks(self.batch()) {
            insert_batch(&mut *tx, chunk).await?;
        }
        store::set_meta(&mut *tx, META_KEY, version).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Insert or replace days.
    pub async fn upsert(&self, rows: &[(AssetId, Bar)]) -> anyhow::Result<()> {
        let rows: Vec<(&str, &Bar)> = rows.iter().map(|(id, b)| (id.as_str(), b)).collect();
        let mut tx = self.db.begin().await?;
        for chunk in rows.chunks(self.batch()) {
            insert_batch(&mut *tx, chunk).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Drop generated and simulated days from `date` on (a new run's present starts
    /// there); real, derived and sample days stay.
    pub async fn drop_simulated_from(
        &self,
        asset_id: &AssetId,
        date: NaiveDate,
    ) -> anyhow::Result<u64> {
        let done = sqlx::query(
            "DELETE FROM asset_day_candles WHERE asset_id = $1 AND date >= $2 \
             AND source IN ($3, $4)",
        )
        .bind(asset_id.as_str())
        .bind(date.to_string())
        .bind(Source::Generated.as_str())
        .bind(Source::Simulated.as_str())
        .execute(self.db.writer())
        .await?;
        Ok(done.rows_affected())
    }

    /// The newest day before `date`.
    pub async fn last_before(
        &self,
        asset_id: &AssetId,
        date: NaiveDate,
    ) -> anyhow::Result<Option<Bar>> {
        let row = sqlx::query(
            "SELECT asset_id, date, open, high, low, close, volume, trading_value, source \
             FROM asset_day_candles WHERE asset_id = $1 AND date < $2 \
             ORDER BY date DESC LIMIT 1",
        )
        .bind(asset_id.as_str())
        .bind(date.to_string())
        .fetch_optional(&self.db.pool)
        .await?;
        row.as_ref().map(to_bar).transpose()
    }

    /// The newest day that is not simulated or generated: the anchor of continuations.
    pub async fn last_seeded(&self, asset_id: &AssetId) -> anyhow::Result<Option<Bar>> {
        let row = sqlx::query(
            "SELECT asset_id, date, open, high, low, close, volume, trading_value, source \
             FROM asset_day_candles WHERE asset_id = $1 AND source IN ($2, $3, $4) \
             ORDER BY date DESC LIMIT 1",
        )
        .bind(asset_id.as_str())
        .bind(Source::Real.as_str())
        .bind(Source::Derived.as_str())
        .bind(Source::Sample.as_str())
        .fetch_optional(&self.db.pool)
        .await?;
        row.as_ref().map(to_bar).transpose()
    }

    /// Up to `limit` days at or before `upper` (no bound when absent), newest first.
    pub async fn page(
        &self,
        asset_id: &AssetId,
        upper: Option<NaiveDate>,
        limit: usize,
    ) -> anyhow::Result<Vec<Bar>> {
        let upper = upper.map_or_else(|| "9999-12-31".to_owned(), |d| d.to_string());
        let rows = sqlx::query(
            "SELECT asset_id, date, open, high, low, close, volume, trading_value, source \
             FROM asset_day_candles WHERE asset_id = $1 AND date <= $2 \
             ORDER BY date DESC LIMIT $3",
        )
        .bind(asset_id.as_str())
        .bind(upper)
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(to_bar).collect()
    }

    /// Days from `from` to `to` (inclusive), oldest first.
    pub async fn range(
        &self,
        asset_id: &AssetId,
        from: NaiveDate,
        to: NaiveDate,
    ) -> anyhow::Result<Vec<Bar>> {
        let rows = sqlx::query(
            "SELECT asset_id, date, open, high, low, close, volume, trading_value, source \
             FROM asset_day_candles WHERE asset_id = $1 AND date >= $2 AND date <= $3 \
             ORDER BY date",
        )
        .bind(asset_id.as_str())
        .bind(from.to_string())
        .bind(to.to_string())
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(to_bar).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::MIGRATIONS;
    use sise_platform::db::testing::TestDatabase;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    fn bar(day: NaiveDate, close: f64, source: Source) -> Bar {
        Bar {
            date: day,
            open: close - 1.5,
            high: close + 2.25,
            low: close - 3.0,
            close,
            volume: 1_000,
            trading_value: 1.5e9,
            source,
        }
    }

    sise_platform::per_backend! {
        async fn seeds_pages_and_continues_on_every_backend(backend) {
            let test_db = TestDatabase::create(backend, "market").await.expect("db");
            let db = Database::connect(&test_db.url, &MIGRATIONS)
                .await
                .expect("connect");
            let store = AssetStore::new(db);
            let kospi = AssetId::parse("INDEX-KOSPI").expect("id");
            let usd = AssetId::parse("FOREX-USDKRW").expect("id");
            assert_eq!(store.seeded_version().await.expect("version"), None);
            // More rows than one batch, to cross the batch boundary.
            let mut day = date(2020, 1, 1);
            let mut bars = Vec::new();
            for i in 0..(POSTGRES_BATCH + 7) {
                bars.push(bar(day, 1_000.0 + i as f64, Source::Real));
                day = day.succ_opt().expect("date");
            }
            let history = vec![
                (kospi.clone(), bars.clone()),
                (
                    usd.clone(),
                    vec![bar(date(2026, 2, 13), 1_441.9, Source::Real)],
                ),
            ];
            store.replace_history("v1", &history).await.expect("seed");
            assert_eq!(
                store.seeded_version().await.expect("version").as_deref(),
                Some("v1")
            );
            let newest = store.page(&kospi, None, 3).await.expect("page");
            assert_eq!(newest.len(), 3, "{backend:?}");
            assert_eq!(
                newest[0],
                bars[POSTGRES_BATCH + 6],
                "round trip on {backend:?}"
            );
            assert!(newest[0].date > newest[1].date);
            let older = store
                .page(&kospi, Some(newest[2].date), 2)
                .await
                .expect("page");
            assert_eq!(older[0].date, newest[2].date, "inclusive upper bound");

            // Continuation days, then a new run whose present starts earlier.
            let continued = vec![
                (
                    usd.clone(),
                    bar(date(2026, 2, 16), 1_445.0, Source::Generated),
                ),
                (
                    usd.clone(),
                    bar(date(2026, 2, 17), 1_446.0, Source::Simulated),
                ),
            ];
            store.upsert(&continued).await.expect("upsert");
            store
                .upsert(&continued)
                .await
                .expect("upsert is idempotent");
            let range = store
                .range(&usd, date(2026, 2, 1), date(2026, 2, 28))
                .await
                .expect("range");
            assert_eq!(range.len(), 3);
            assert_eq!(range[2].source, Source::Simulated);
            let last = store
                .last_before(&usd, date(2026, 2, 17))
                .await
                .expect("last");
            assert_eq!(last.map(|b| b.close), Some(1_445.0));
            let seeded = store.last_seeded(&usd).await.expect("seeded");
            assert_eq!(seeded.map(|b| b.date), Some(date(2026, 2, 13)));
            assert_eq!(
                store
                    .drop_simulated_from(&usd, date(2026, 2, 1))
                    .await
                    .expect("drop"),
                2
            );
            assert_eq!(store.page(&usd, None, 10).await.expect("page").len(), 1);

            // Re-seeding replaces everything.
            store
                .replace_history("v2", &history[1..])
                .await
                .expect("reseed");
            assert!(store.page(&kospi, None, 1).await.expect("page").is_empty());
            store.db.close().await;
            test_db.cleanup().await.expect("cleanup");
        }
    }
}
