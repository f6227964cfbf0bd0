//! The `day_candles` table: emptied when the dataset version changes, a stock's seeded
//! history written on its first read in a process ([`ChartStore::ensure`]), a row appended
//! on every simulated close, read in keyset pages.
//!
//! Writing every stock's history at start-up (about 840,000 rows) took 3.5 s on SQLite and
//! 9–15 s on PostgreSQL in a release build, on every fresh database; materializing a stock
//! when it is first read costs a few milliseconds once. Readers of the table go through
//! [`ChartStore::page`] (or call [`ChartStore::ensure`] first).
//!
//! Writes are multi-row `INSERT`s with `$n` placeholders (one SQL text for both backends;
//! sqlx's `QueryBuilder` writes `?` placeholders through `Any`, which PostgreSQL rejects),
//! [`ROWS_PER_INSERT`] rows per statement, in one transaction. Statements stay small because
//! SQLite looks each `$n` name up in a list, which makes binding quadratic in the number of
//! parameters (a 2,000-row statement took 0.8 s).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use chrono::NaiveDate;
use sise_platform::db::Database;
use sqlx::{AssertSqlSafe, Row};
use tokio_util::sync::CancellationToken;

use super::candle::{Candle, Source};
use super::history::{DayLookup, DayOf, Seeds};
use crate::simulator::clock::previous_trading_day;
use crate::store;

/// Rows per multi-row `INSERT` (9 parameters each).
pub const ROWS_PER_INSERT: usize = 100;

const COLUMNS: &str = "security_id, date, open, high, low, close, volume, trading_value, source";

/// `dataset_meta` key of the seeded version.
const META_KEY: &str = "day_candles";

#[derive(Clone, Debug)]
pub struct ChartStore {
    db: Database,
    /// Seeded histories to materialize on first read; none in a bare store.
    seeds: Option<Arc<Seeds>>,
    /// Last day the history must reach before the simulator's first day (see
    /// `charts::prepare`).
    fill_until: Option<NaiveDate>,
    /// Securities materialized by this process.
    ensured: Arc<Mutex<HashSet<String>>>,
    /// Full-chunk INSERT texts, built once: (keep, replace).
    full_chunk: (Arc<str>, Arc<str>),
}

/// What an insert does with a row that is already there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Conflict {
    Keep,
    Replace,
}

fn insert_sql(rows: usize, conflict: Conflict) -> String {
    let mut sql = format!("INSERT INTO day_candles ({COLUMNS}) VALUES ");
    for row in 0..rows {
        if row > 0 {
            sql.push(',');
        }
        let base = row * 9;
        sql.push('(');
        for column in 1..=9 {
            if column > 1 {
                sql.push(',');
            }
            sql.push('$');
            sql.push_str(&(base + column).to_string());
        }
        sql.push(')');
    }
    sql.push_str(match conflict {
        Conflict::Keep => " ON CONFLICT (security_id, date) DO NOTHING",
        Conflict::Replace => {
            " ON CONFLICT (security_id, date) DO UPDATE SET open = excluded.open, \
             high = excluded.high, low = excluded.low, close = excluded.close, \
             volume = excluded.volume, trading_value = excluded.trading_value, \
             source = excluded.source"
        }
    });
    sql
}

impl ChartStore {
    pub fn new(db: Database) -> Self {
        Self {
            db,
            seeds: None,
            fill_until: None,
            ensured: Arc::default(),
            full_chunk: (
                insert_sql(ROWS_PER_INSERT, Conflict::Keep).into(),
                insert_sql(ROWS_PER_INSERT, Conflict::Replace).into(),
            ),
        }
    }

    pub fn database(&self) -> &Database {
        &self.db
    }

    /// This store, materializing the histories of `seeds` (up to `fill_until`) on first
    /// read.
    pub fn with_seeds(mut self, seeds: Arc<Seeds>, fill_until: Option<NaiveDate>) -> Self {
        self.seeds = Some(seeds);
        self.fill_until = fill_until;
        self.ensured = Arc::default();
        self
    }

    /// Empty the table unless it holds the histories of `version` (simulated days go too:
    /// they continued the old history), and record `version`. Returns whether it reset.
    pub async fn reset_unless(&self, version: &str) -> anyhow::Result<bool> {
        let Some(mut tx) = store::reseed(&self.db, META_KEY, version).await? else {
            return Ok(false);
        };
        sqlx::query("DELETE FROM day_candles")
            .execute(&mut *tx)
            .await?;
        tx.finish().await?;
        Ok(true)
    }

    /// Write the seeded history of `security_id` and generated candles for any gap up to
    /// its stored simulated days and `fill_until`, once per process (rows already there are
    /// kept). A no-op for a store without seeds.
    pub async fn ensure(&self, security_id: &str) -> anyhow::Result<()> {
        let Some(seeds) = &self.seeds else {
            return Ok(());
        };
        if self
            .ensured
            .lock()
            .is_ok_and(|ensured| ensured.contains(security_id))
        {
            return Ok(());
        }
        let rows = sqlx::query(
            "SELECT date, close FROM day_candles WHERE security_id = $1 AND date > $2 \
             ORDER BY date",
        )
        .bind(security_id)
        .bind(seeds.end().to_string())
        .fetch_all(&self.db.pool)
        .await?;
        let stored = rows
            .iter()
            .map(|row| {
                let date: String = row.try_get("date")?;
                Ok((parse_date(&date)?, row.try_get("close")?))
            })
            .collect::<anyhow::Result<Vec<(NaiveDate, i64)>>>()?;
        let (seeds, id, until) = (seeds.clone(), security_id.to_owned(), self.fill_until);
        let candles =
            tokio::task::spawn_blocking(move || seeds.materialize(&id, &stored, until)).await?;
        let mut tx = self.db.begin().await?;
        self.write(
            &mut tx,
            &[(security_id.to_owned(), candles)],
            Conflict::Keep,
        )
        .await?;
        tx.commit().await?;
        if let Ok(mut ensured) = self.ensured.lock() {
            ensured.insert(security_id.to_owned());
        }
        Ok(())
    }

    /// Insert or replace `rows` in one transaction.
    pub async fn insert(&self, rows: &[(String, Vec<(Candle, Source)>)]) -> anyhow::Result<()> {
        let mut tx = self.db.begin().await?;
        self.write(&mut tx, rows, Conflict::Replace).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn write(
        &self,
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        rows: &[(String, Vec<(Candle, Source)>)],
        conflict: Conflict,
    ) -> anyhow::Result<()> {
        let flat: Vec<(&str, &Candle, Source)> = rows
            .iter()
            .flat_map(|(id, candles)| candles.iter().map(move |(c, s)| (id.as_str(), c, *s)))
            .collect();
        for chunk in flat.chunks(ROWS_PER_INSERT) {
            let sql: Arc<str> = match (chunk.len() == ROWS_PER_INSERT, conflict) {
                (true, Conflict::Keep) => self.full_chunk.0.clone(),
                (true, Conflict::Replace) => self.full_chunk.1.clone(),
                (false, _) => insert_sql(chunk.len(), conflict).into(),
            };
            let mut query = sqlx::query(AssertSqlSafe(sql));
            for (id, candle, source) in chunk {
                query = query
                    .bind(*id)
                    .bind(candle.date.to_string())
                    .bind(candle.open)
                    .bind(candle.high)
                    .bind(candle.low)
                    .bind(candle.close)
                    .bind(candle.volume)
                    .bind(candle.trading_value)
                    .bind(source.as_str());
            }
            query.execute(&mut **tx).await?;
        }
        Ok(())
    }

    /// Drop the simulated candles dated `from` or later (continuous mode at start: the
    /// sessions of today's date are traded again). Returns how many went.
    pub async fn drop_simulated_from(&self, from: NaiveDate) -> anyhow::Result<u64> {
        let done = sqlx::query("DELETE FROM day_candles WHERE source = 'simulated' AND date >= $1")
            .bind(from.to_string())
            .execute(self.db.writer())
            .await?;
        Ok(done.rows_affected())
    }

    /// Every security's newest stored candle: id → (date, close).
    pub async fn last_closes(&self) -> anyhow::Result<HashMap<String, (NaiveDate, i64)>> {
        let rows = sqlx::query(
            "SELECT d.security_id, d.date, d.close FROM day_candles d \
             JOIN (SELECT security_id, MAX(date) AS date FROM day_candles GROUP BY security_id) m \
             ON d.security_id = m.security_id AND d.date = m.date",
        )
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let id: String = row.try_get("security_id")?;
                let date: String = row.try_get("date")?;
                Ok((id, (parse_date(&date)?, row.try_get("close")?)))
            })
            .collect()
    }

    /// Every day's high and low of each of `ids` dated `from` or later, oldest first, as
    /// the stock's candles are or will be once materialized: stored rows, and where a stock
    /// has not been materialized its seeded history and gap days computed in memory (CPU
    /// work, off the async workers), so nothing is written. For the 52-week highs and lows.
    /// `stop` ends the work between two stocks (a blocking task cannot be dropped, and a
    /// shutdown would wait for it): the answer is then an error.
    pub async fn ranges(
        &self,
        ids: &[String],
        from: NaiveDate,
        stop: &CancellationToken,
    ) -> anyhow::Result<HashMap<String, Vec<DayRange>>> {
        let since = match &self.seeds {
            Some(seeds) => from.min(seeds.end()),
            None => from,
        };
        let rows = sqlx::query(
            "SELECT security_id, date, high, low, close FROM day_candles WHERE date >= $1 \
             ORDER BY security_id, date",
        )
        .bind(since.to_string())
        .fetch_all(&self.db.pool)
        .await?;
        let mut stored: HashMap<String, Vec<(DayRange, i64)>> = HashMap::new();
        for row in &rows {
            let id: String = row.try_get("security_id")?;
            let date: String = row.try_get("date")?;
            let range = DayRange {
                date: parse_date(&date)?,
                high: row.try_get("high")?,
                low: row.try_get("low")?,
            };
            stored
                .entry(id)
                .or_default()
                .push((range, row.try_get("close")?));
        }
        let (seeds, until, ids) = (self.seeds.clone(), self.fill_until, ids.to_vec());
        let stop = stop.clone();
        let ranges = tokio::task::spawn_blocking(move || {
            ids.into_iter()
                .map(|id| {
                    if stop.is_cancelled() {
                        anyhow::bail!("stopped before the 52-week ranges were computed");
                    }
                    let own = stored.remove(&id).unwrap_or_default();
                    let mut days: std::collections::BTreeMap<NaiveDate, DayRange> =
                        std::collections::BTreeMap::new();
                    if let Some(seeds) = &seeds {
                        let after: Vec<(NaiveDate, i64)> = own
                            .iter()
                            .filter(|(r, _)| r.date > seeds.end())
                            .map(|(r, close)| (r.date, *close))
                            .collect();
                        for (candle, _) in seeds.materialize(&id, &after, until) {
                            if candle.date >= from {
                                days.insert(candle.date, DayRange::of(&candle));
                            }
                        }
                    }
                    for (range, _) in own {
                        if range.date >= from {
                            days.insert(range.date, range);
                        }
                    }
                    Ok((id, days.into_values().collect()))
                })
                .collect::<anyhow::Result<HashMap<_, _>>>()
        })
        .await??;
        Ok(ranges)
    }

    /// The candle of `date` of each of `ids` with the close of the trading day before, as
    /// the stock's history is or will be once materialized (the rule of
    /// [`Seeds::materialize`], computed in memory, nothing written): a stored row, and for a
    /// day not stored the walk from the newest stored candle before it (or from the end of
    /// the seeded history); a stock without any history is left out. `None` when a stock's
    /// `date` is after its history (a simulated close not stored yet). For the closed days
    /// (`closed_days`): every stock of one past date at once.
    pub async fn days_on(
        &self,
        ids: &[String],
        date: NaiveDate,
    ) -> anyhow::Result<Option<HashMap<String, DayOf>>> {
        let previous = previous_trading_day(date);
        // The two days' stored rows.
        let rows = sqlx::query(
            "SELECT security_id, date, open, high, low, close, volume, trading_value \
             FROM day_candles WHERE date = $1 OR date = $2",
        )
        .bind(date.to_string())
        .bind(previous.to_string())
        .fetch_all(&self.db.pool)
        .await?;
        let mut stored: HashMap<String, (Option<Candle>, Option<Candle>)> = HashMap::new();
        for row in &rows {
            let id: String = row.try_get("security_id")?;
            let candle = candle_of(row)?;
            let entry = stored.entry(id).or_default();
            if candle.date == date {
                entry.1 = Some(candle);
            } else {
                entry.0 = Some(candle);
            }
        }
        let Some(seeds) = self.seeds.clone() else {
            // A bare store: what is stored.
            return Ok(Some(
                stored
                    .into_iter()
                    .filter_map(|(id, (before, on))| {
                        let (before, on) = (before?, on?);
                        Some((
                            id,
                            DayOf {
                                candle: on,
                                previous_close: before.close,
                            },
                        ))
                    })
                    .collect(),
            ));
        };
        // Where a walk over an unstored day starts: each stock's newest stored candle after
        // the seeded history and before the previous day.
        let anchors = sqlx::query(
            "SELECT d.security_id, d.date, d.close FROM day_candles d \
             JOIN (SELECT security_id, MAX(date) AS date FROM day_candles \
                   WHERE date > $1 AND date < $2 GROUP BY security_id) m \
             ON d.security_id = m.security_id AND d.date = m.date",
        )
        .bind(seeds.end().to_string())
        .bind(previous.to_string())
        .fetch_all(&self.db.pool)
        .await?;
        let mut before: HashMap<String, (NaiveDate, i64)> = HashMap::with_capacity(anchors.len());
        for row in &anchors {
            let id: String = row.try_get("security_id")?;
            let day: String = row.try_get("date")?;
            before.insert(id, (parse_date(&day)?, row.try_get("close")?));
        }
        // Stocks with a stored day after `date`: an unstored `date` lies in a gap then.
        let later: HashSet<String> =
            sqlx::query_scalar("SELECT DISTINCT security_id FROM day_candles WHERE date > $1")
                .bind(date.to_string())
                .fetch_all(&self.db.pool)
                .await?
                .into_iter()
                .collect();
        let (until, ids) = (self.fill_until, ids.to_vec());
        let days = tokio::task::spawn_blocking(move || {
            let mut days = HashMap::with_capacity(ids.len());
            for id in ids {
                let stored_days = stored.remove(&id).unwrap_or_default();
                let before = before.get(&id).copied();
                match seeds.day_of(&id, date, stored_days, before, later.contains(&id), until) {
                    DayLookup::Day(day) => {
                        days.insert(id, day);
                    }
                    DayLookup::NoHistory => {}
                    DayLookup::NotYet => return None,
                }
            }
            Some(days)
        })
        .await?;
        Ok(days)
    }

    /// Up to `limit` candles of `security_id` dated `to` or earlier, newest first (after
    /// [`ChartStore::ensure`]).
    pub async fn page(
        &self,
        security_id: &str,
        to: Option<NaiveDate>,
        limit: i64,
    ) -> anyhow::Result<Vec<Candle>> {
        self.ensure(security_id).await?;
        let to = to.map_or_else(|| "9999-12-31".to_owned(), |d| d.to_string());
        let rows = sqlx::query(
            "SELECT date, open, high, low, close, volume, trading_value FROM day_candles \
             WHERE security_id = $1 AND date <= $2 ORDER BY date DESC LIMIT $3",
        )
        .bind(security_id)
        .bind(to)
        .bind(limit)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(candle_of).collect()
    }

    /// The stored candles of `security_id` with their source, oldest first (for tests).
    #[cfg(test)]
    pub async fn all(&self, security_id: &str) -> anyhow::Result<Vec<(Candle, Source)>> {
        let rows = sqlx::query(
            "SELECT date, open, high, low, close, volume, trading_value, source \
             FROM day_candles WHERE security_id = $1 ORDER BY date",
        )
        .bind(security_id)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let source: String = row.try_get("source")?;
                let source = match source.as_str() {
                    "krx" => Source::Krx,
                    "generated" => Source::Generated,
                    "simulated" => Source::Simulated,
                    other => anyhow::bail!("unknown candle source {other}"),
                };
                Ok((candle_of(row)?, source))
            })
            .collect()
    }
}

/// One day's trading range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DayRange {
    pub date: NaiveDate,
    pub high: i64,
    pub low: i64,
}

impl DayRange {
    pub fn of(candle: &Candle) -> Self {
        Self {
            date: candle.date,
            high: candle.high,
            low: candle.low,
        }
    }
}

fn parse_date(text: &str) -> anyhow::Result<NaiveDate> {
    Ok(NaiveDate::parse_from_str(text, "%Y-%m-%d")?)
}

fn candle_of(row: &sqlx::any::AnyRow) -> anyhow::Result<Candle> {
    let date: String = row.try_get("date")?;
    Ok(Candle {
        date: parse_date(&date)?,
        open: row.try_get("open")?,
        high: row.try_get("high")?,
        low: row.try_get("low")?,
        close: row.try_get("close")?,
        volume: row.try_get("volume")?,
        trading_value: row.try_get("trading_value")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::MIGRATIONS;
    use sise_platform::db::testing::TestDatabase;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    fn candle(d: NaiveDate, close: i64) -> Candle {
        Candle {
            date: d,
            open: close - 10,
            high: close + 20,
            low: close - 30,
            close,
            volume: 1_000,
            trading_value: 1_000 * close,
        }
    }

    #[test]
    fn insert_sql_numbers_placeholders() {
        assert_eq!(
            insert_sql(2, Conflict::Keep),
            format!(
                "INSERT INTO day_candles ({COLUMNS}) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9),\
                 ($10,$11,$12,$13,$14,$15,$16,$17,$18) ON CONFLICT (security_id, date) DO NOTHING"
            )
        );
        assert!(insert_sql(1, Conflict::Replace).contains("DO UPDATE SET open = excluded.open"));
    }

    async fn connect(test_db: &TestDatabase) -> ChartStore {
        let db = Database::connect(&test_db.url, &MIGRATIONS)
            .await
            .expect("connect");
        ChartStore::new(db)
    }

    sise_platform::per_backend! {
        async fn inserts_replaces_and_pages_on_every_backend(backend) {
            let test_db = TestDatabase::create(backend, "market").await.expect("db");
            let store = connect(&test_db).await;
            assert!(store.reset_unless("v1").await.expect("reset"));
            assert!(!store.reset_unless("v1").await.expect("reset"));
            // More rows than one statement takes, over two securities.
            let mut day = date(2020, 1, 1);
            let mut a = Vec::new();
            for i in 0..(ROWS_PER_INSERT as i64 * 3 + 5) {
                a.push((candle(day, 1_000 + i), Source::Krx));
                day = day.succ_opt().expect("next day");
            }
            let b = vec![
                (candle(date(2026, 6, 12), 500), Source::Generated),
                (candle(date(2026, 6, 15), 510), Source::Generated),
            ];
            let rows = vec![
                ("KOREA-A000001".to_owned(), a.clone()),
                ("KOREA-A000002".to_owned(), b),
            ];
            store.insert(&rows).await.expect("insert");
            assert_eq!(
                store.all("KOREA-A000001").await.expect("all"),
                a,
                "{backend:?}"
            );

            let last = store.last_closes().await.expect("last");
            assert_eq!(last.len(), 2);
            let (last_a, _) = a[a.len() - 1];
            assert_eq!(last["KOREA-A000001"], (last_a.date, last_a.close));
            assert_eq!(last["KOREA-A000002"], (date(2026, 6, 15), 510));

            // A simulated close is appended; a second write of the same day replaces it.
            let simulated = candle(date(2026, 6, 16), 520);
            let rows = vec![(
                "KOREA-A000002".to_owned(),
                vec![(simulated, Source::Simulated)],
            )];
            store.insert(&rows).await.expect("insert");
            let replaced = Candle {
                close: 530,
                ..simulated
            };
            let again = vec![(
                "KOREA-A000002".to_owned(),
                vec![(replaced, Source::Simulated)],
            )];
            store.insert(&again).await.expect("insert again");
            assert_eq!(
                store.last_closes().await.expect("last")["KOREA-A000002"],
                (date(2026, 6, 16), 530)
            );

            // Pages: newest first, `to` inclusive.
            let page = store.page("KOREA-A000002", None, 2).await.expect("page");
            assert_eq!(page.iter().map(|c| c.close).collect::<Vec<_>>(), [530, 510]);
            let page = store
                .page("KOREA-A000002", Some(date(2026, 6, 15)), 10)
                .await
                .expect("page");
            assert_eq!(page.iter().map(|c| c.close).collect::<Vec<_>>(), [510, 500]);
            let none = store
                .page("KOREA-A000002", Some(date(2026, 1, 1)), 10)
                .await;
            assert!(none.expect("page").is_empty());
            assert!(
                store
                    .page("KOREA-A999999", None, 10)
                    .await
                    .expect("page")
                    .is_empty()
            );

            // A new version empties the table, simulated rows included.
            assert!(store.reset_unless("v2").await.expect("reset"));
            assert!(store.last_closes().await.expect("last").is_empty());
            store.database().close().await;
            test_db.cleanup().await.expect("cleanup");
        }
    }

    sise_platform::per_backend! {
        async fn materializes_a_history_once_and_fills_gaps(backend) {
            use crate::charts::history::{RealHistory, Seeds, Snapshot};
            use crate::dataset::ListedStock;
            use crate::domain::{Market, SecurityId};
            let id = "KOREA-A900000";
            let listing = vec![ListedStock {
                security_id: SecurityId::parse(id).expect("id"),
                name: "가상".into(),
                name_en: None,
                market: Market::Kosdaq,
                shares_outstanding: 1_000_000,
                last_close: 10_100,
                last_close_date: date(2026, 5, 8),
                kind: crate::dataset::SecurityKind::Stock,
            }];
            let mut real = RealHistory::default();
            real.snapshots.insert(
                "900000".into(),
                Snapshot {
                    candle: Candle {
                        date: date(2026, 5, 8),
                        open: 10_050,
                        high: 10_200,
                        low: 9_900,
                        close: 10_100,
                        volume: 1_000,
                        trading_value: 10_000_000,
                    },
                    previous_close: 10_000,
                },
            );
            let seeds = Arc::new(Seeds::new(&listing, real, 30));
            let test_db = TestDatabase::create(backend, "market").await.expect("db");
            let bare = connect(&test_db).await;
            // A simulated day was stored (by an earlier process) after a gap.
            let simulated = candle(date(2026, 5, 14), 10_500);
            let rows = vec![(id.to_owned(), vec![(simulated, Source::Simulated)])];
            bare.insert(&rows).await.expect("insert");

            let store = bare
                .clone()
                .with_seeds(seeds.clone(), Some(date(2026, 5, 19)));
            let from = date(2026, 4, 1);
            let other_id = "KOREA-A900001";
            let ranges = store
                .ranges(
                    &[id.to_owned(), other_id.to_owned()],
                    from,
                    &CancellationToken::new(),
                )
                .await
                .expect("ranges");
            // A closed day of every stock, before anything is materialized: in the seeded
            // history, in the walked gap before the stored day, the stored day, the walk
            // after it up to `fill_until`.
            let ids = [id.to_owned(), other_id.to_owned()];
            let closed_on = [
                date(2026, 5, 8),
                date(2026, 5, 12),
                date(2026, 5, 14),
                date(2026, 5, 15),
                date(2026, 5, 19),
            ];
            let mut days = Vec::new();
            for day in closed_on {
                let mut found = store.days_on(&ids, day).await.expect("days").expect("known");
                assert!(!found.contains_key(other_id), "no history, no day");
                days.push(found.remove(id).expect("the stock's day"));
            }
            // A day after the history (a simulated close not stored yet).
            assert_eq!(store.days_on(&ids, date(2026, 5, 20)).await.expect("days"), None);
            let page = store.page(id, None, 500).await.expect("page");
            // The days are the candles the history was then materialized with.
            for (day, found) in closed_on.iter().zip(&days) {
                let at = page.iter().position(|c| c.date == *day).expect("in the page");
                assert_eq!(found.candle, page[at], "{day} {backend:?}");
                assert_eq!(found.previous_close, page[at + 1].close, "{day} {backend:?}");
            }
            // And once stored, the stored rows.
            let stored_days = store.days_on(&ids, date(2026, 5, 15)).await.expect("days").expect("known");
            assert_eq!(stored_days[id], days[3]);
            let expected = seeds.materialize(
                id,
                &[(simulated.date, simulated.close)],
                Some(date(2026, 5, 19)),
            );
            assert_eq!(page.len(), expected.len() + 1, "{backend:?}");
            assert_eq!(page[0].date, date(2026, 5, 19));
            assert!(page.contains(&simulated));
            // Newest first, one per trading day, no gap.
            for pair in page.windows(2) {
                assert_eq!(
                    crate::simulator::clock::next_trading_day(pair[1].date),
                    pair[0].date
                );
            }
            // The ranges computed in memory before the first read are the candles that read
            // stored (trends' 52-week highs and lows).
            let stored: Vec<DayRange> = page
                .iter()
                .rev()
                .filter(|c| c.date >= from)
                .map(DayRange::of)
                .collect();
            assert_eq!(ranges[id], stored, "{backend:?}");
            assert!(ranges[other_id].is_empty(), "not listed");
            // Another process materializes again without duplicating or changing a row.
            let before = bare.all(id).await.expect("all");
            let other = bare
                .clone()
                .with_seeds(seeds.clone(), Some(date(2026, 5, 19)));
            other.ensure(id).await.expect("ensure");
            assert_eq!(bare.all(id).await.expect("all"), before);
            let sources: HashSet<Source> = before.iter().map(|(_, s)| *s).collect();
            assert_eq!(
                sources,
                HashSet::from([Source::Krx, Source::Generated, Source::Simulated])
            );
            // A bare store never writes seeds.
            assert!(
                bare.page("KOREA-A900001", None, 10)
                    .await
                    .expect("page")
                    .is_empty()
            );
            store.database().close().await;
            test_db.cleanup().await.expect("cleanup");
        }
    }
}
