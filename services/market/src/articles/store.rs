//! Storage of news items and disclosures (migration `0005_articles.sql`), both backends.
//!
//! Inserts are idempotent (`ON CONFLICT DO NOTHING` on the link / rcept_no) and report
//! which rows were new, so the ingestors publish an event for new rows only. The `_in`
//! forms run inside the caller's transaction, where the ingestors also enqueue the rows'
//! events (`sise_platform::outbox`), so a row and its event commit together. Reads are
//! keyset pages, newest first (see [`super::cursor`]). SQL with a variable number of ids
//! is built from `$n` placeholders only (never from values), because sqlx's
//! `QueryBuilder` writes `?` for `Any`, which PostgreSQL rejects.

use std::collections::HashMap;

use anyhow::Context;
use chrono::NaiveDate;
use sise_platform::db::Database;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AssertSqlSafe, Row};

use super::cursor::{DisclosureKey, NewsKey, start_of_day_ms};
use crate::store;

/// Rows per multi-row insert (10 columns each, well under both backends' limits).
const INSERT_CHUNK: usize = 100;

/// A disclosure to store (one OpenDART list.json row, cleaned).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewDisclosure {
    pub rcept_no: String,
    pub corp_code: String,
    pub corp_name: String,
    pub stock_code: String,
    pub security_id: Option<String>,
    pub report_nm: String,
    pub flr_nm: String,
    pub rcept_dt: NaiveDate,
    pub rm: String,
}

/// A stored disclosure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disclosure {
    pub rcept_no: String,
    pub corp_code: String,
    pub corp_name: String,
    pub stock_code: String,
    pub security_id: Option<String>,
    pub report_nm: String,
    pub flr_nm: String,
    pub rcept_dt: NaiveDate,
    pub rm: String,
}

impl Disclosure {
    pub fn key(&self) -> DisclosureKey {
        DisclosureKey {
            rcept_dt: self.rcept_dt,
            rcept_no: self.rcept_no.clone(),
        }
    }

    /// The instant the disclosure is listed at (00:00 KST of the receipt date).
    pub fn published_at_ms(&self) -> i64 {
        start_of_day_ms(self.rcept_dt)
    }
}

impl From<NewDisclosure> for Disclosure {
    fn from(d: NewDisclosure) -> Self {
        Self {
            rcept_no: d.rcept_no,
            corp_code: d.corp_code,
            corp_name: d.corp_name,
            stock_code: d.stock_code,
            security_id: d.security_id,
            report_nm: d.report_nm,
            flr_nm: d.flr_nm,
            rcept_dt: d.rcept_dt,
            rm: d.rm,
        }
    }
}

/// A news item to store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewNewsItem {
    pub url: String,
    pub title: String,
    pub summary: String,
    pub publisher: String,
    pub published_at_ms: i64,
    /// The feed address, or "sample".
    pub source: String,
    pub sample: bool,
    pub security_ids: Vec<String>,
}

/// A stored news item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewsItem {
    pub id: i64,
    pub url: String,
    pub title: String,
    pub summary: String,
    pub publisher: String,
    pub published_at_ms: i64,
    pub source: String,
    pub sample: bool,
    pub security_ids: Vec<String>,
}

impl NewsItem {
    pub fn key(&self) -> NewsKey {
        NewsKey {
            published_at_ms: self.published_at_ms,
            id: self.id,
        }
    }
}

#[derive(Clone, Debug)]
pub struct ArticleStore {
    db: Database,
}

/// `%keyword%` for `LIKE … ESCAPE '\'`, lowercased, its own `%`, `_` and `\` escaped.
fn like_pattern(keyword: &str) -> String {
    let mut pattern = String::with_capacity(keyword.len() + 2);
    pattern.push('%');
    for c in keyword.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// `$from, $from+1, …` (count placeholders).
fn placeholders(from: usize, count: usize) -> String {
    (from..from + count)
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

const DISCLOSURE_COLUMNS: &str =
    "rcept_no, corp_code, corp_name, stock_code, security_id, report_nm, flr_nm, rcept_dt, rm";

fn disclosure_from_row(row: &AnyRow) -> anyhow::Result<Disclosure> {
    let date: String = row.try_get("rcept_dt")?;
    Ok(Disclosure {
        rcept_no: row.try_get("rcept_no")?,
        corp_code: row.try_get("corp_code")?,
        corp_name: row.try_get("corp_name")?,
        stock_code: row.try_get("stock_code")?,
        security_id: row.try_get("security_id")?,
        report_nm: row.try_get("report_nm")?,
        flr_nm: row.try_get("flr_nm")?,
        rcept_dt: NaiveDate::parse_from_str(&date, "%Y-%m-%d")
            .with_context(|| format!("stored rcept_dt {date}"))?,
        rm: row.try_get("rm")?,
    })
}

impl ArticleStore {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    pub fn database(&self) -> &Database {
        &self.db
    }

    /// A value of the `dataset_meta` table (seed versions, ingestion marks).
    pub async fn meta(&self, key: &str) -> anyhow::Result<Option<String>> {
        store::meta(&self.db.pool, key).await
    }

    pub async fn set_meta(&self, key: &str, value: &str) -> anyhow::Result<()> {
        store::set_meta(self.db.writer(), key, value).await
    }

    /// Whether the listing has this security.
    pub async fn security_exists(&self, security_id: &str) -> anyhow::Result<bool> {
        let found: Option<i64> =
            sqlx::query_scalar("SELECT 1 FROM securities WHERE security_id = $1")
                .bind(security_id)
                .fetch_optional(&self.db.pool)
                .await?;
        Ok(found.is_some())
    }

    /// Store the disclosures that are not stored yet (by rcept_no) and return those, in the
    /// order given. Repeats within `rows` count once.
    pub async fn insert_disclosures(
        &self,
        rows: &[NewDisclosure],
        now_ms: i64,
    ) -> anyhow::Result<Vec<Disclosure>> {
        let mut tx = self.db.begin().await?;
        let inserted = Self::insert_disclosures_in(&mut tx, rows, now_ms).await?;
        tx.commit().await?;
        Ok(inserted)
    }

    /// [`Self::insert_disclosures`] inside the caller's transaction.
    pub async fn insert_disclosures_in(
        tx: &mut AnyConnection,
        rows: &[NewDisclosure],
        now_ms: i64,
    ) -> anyhow::Result<Vec<Disclosure>> {
        let mut seen = std::collections::HashSet::new();
        let unique: Vec<&NewDisclosure> = rows
            .iter()
            .filter(|r| seen.insert(r.rcept_no.as_str()))
            .collect();
        let mut inserted = std::collections::HashSet::new();
        for chunk in unique.chunks(INSERT_CHUNK) {
            let values = (0..chunk.len())
                .map(|i| format!("({})", placeholders(i * 10 + 1, 10)))
                .collect::<Vec<_>>()
                .join(", ");
            let sql = format!(
                "INSERT INTO disclosures ({DISCLOSURE_COLUMNS}, ingested_at_ms) VALUES {values} \
                 ON CONFLICT (rcept_no) DO NOTHING RETURNING rcept_no"
            );
            let mut query = sqlx::query_scalar::<_, String>(AssertSqlSafe(sql));
            for row in chunk {
                query = query
                    .bind(row.rcept_no.clone())
                    .bind(row.corp_code.clone())
                    .bind(row.corp_name.clone())
                    .bind(row.stock_code.clone())
                    .bind(row.security_id.clone())
                    .bind(row.report_nm.clone())
                    .bind(row.flr_nm.clone())
                    .bind(row.rcept_dt.format("%Y-%m-%d").to_string())
                    .bind(row.rm.clone())
                    .bind(now_ms);
            }
            inserted.extend(query.fetch_all(&mut *tx).await?);
        }
        Ok(unique
            .into_iter()
            .filter(|r| inserted.contains(&r.rcept_no))
            .map(|r| Disclosure::from(r.clone()))
            .collect())
    }

    pub async fn disclosure_count(&self) -> anyhow::Result<i64> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM disclosures")
            .fetch_one(&self.db.pool)
            .await?)
    }

    /// Disclosures of any of `security_ids` strictly after `after` (newest first), at most
    /// `limit`.
    pub async fn list_disclosures(
        &self,
        security_ids: &[String],
        after: Option<&DisclosureKey>,
        limit: usize,
    ) -> anyhow::Result<Vec<Disclosure>> {
        if security_ids.is_empty() || limit == 0 {
            return Ok(Vec::new());
        }
        let n = security_ids.len();
        let sql = format!(
            "SELECT {DISCLOSURE_COLUMNS} FROM disclosures \
             WHERE security_id IN ({}) AND (rcept_dt < ${a} OR (rcept_dt = ${a} AND rcept_no < ${b})) \
             ORDER BY rcept_dt DESC, rcept_no DESC LIMIT ${l}",
            placeholders(1, n),
            a = n + 1,
            b = n + 2,
            l = n + 3,
        );
        let (date, rcept_no) = match after {
            Some(key) => (
                key.rcept_dt.format("%Y-%m-%d").to_string(),
                key.rcept_no.clone(),
            ),
            // Later than any date: the first page.
            None => ("9999-12-31".to_owned(), String::new()),
        };
        let mut query = sqlx::query(AssertSqlSafe(sql));
        for id in security_ids {
            query = query.bind(id.clone());
        }
        let rows = query
            .bind(date)
            .bind(rcept_no)
            .bind(i64::try_from(limit)?)
            .fetch_all(&self.db.pool)
            .await?;
        rows.iter().map(disclosure_from_row).collect()
    }

    /// Store a news item unless its link is stored already; returns it when new.
    pub async fn insert_news(
        &self,
        item: &NewNewsItem,
        now_ms: i64,
    ) -> anyhow::Result<Option<NewsItem>> {
        let mut tx = self.db.begin().await?;
        let inserted = Self::insert_news_in(&mut tx, item, now_ms).await?;
        tx.commit().await?;
        Ok(inserted)
    }

    /// [`Self::insert_news`] inside the caller's transaction.
    pub async fn insert_news_in(
        tx: &mut AnyConnection,
        item: &NewNewsItem,
        now_ms: i64,
    ) -> anyhow::Result<Option<NewsItem>> {
        let id: Option<i64> = sqlx::query_scalar(
            "INSERT INTO news_items (url, title, summary, publisher, published_at_ms, source, \
             sample, ingested_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
             ON CONFLICT (url) DO NOTHING RETURNING id",
        )
        .bind(&item.url)
        .bind(&item.title)
        .bind(&item.summary)
        .bind(&item.publisher)
        .bind(item.published_at_ms)
        .bind(&item.source)
        .bind(i64::from(item.sample))
        .bind(now_ms)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(id) = id else {
            return Ok(None);
        };
        let mut security_ids = item.security_ids.clone();
        security_ids.sort();
        security_ids.dedup();
        for security_id in &security_ids {
            sqlx::query(
                "INSERT INTO news_item_securities (news_id, security_id, published_at_ms) \
                 VALUES ($1, $2, $3)",
            )
            .bind(id)
            .bind(security_id)
            .bind(item.published_at_ms)
            .execute(&mut *tx)
            .await?;
        }
        Ok(Some(NewsItem {
            id,
            url: item.url.clone(),
            title: item.title.clone(),
            summary: item.summary.clone(),
            publisher: item.publisher.clone(),
            published_at_ms: item.published_at_ms,
            source: item.source.clone(),
            sample: item.sample,
            security_ids,
        }))
    }

    /// Forget the feed items published before `before_ms` (the labelled samples stay) and,
    /// by `ON DELETE CASCADE` (SQLite's connections have foreign keys on), their stock tags;
    /// how many items.
    pub async fn prune_news(&self, before_ms: i64) -> anyhow::Result<u64> {
        let mut tx = self.db.begin().await?;
        let pruned =
            sqlx::query("DELETE FROM news_items WHERE published_at_ms < $1 AND sample = 0")
                .bind(before_ms)
                .execute(&mut *tx)
                .await?
                .rows_affected();
        tx.commit().await?;
        Ok(pruned)
    }

    pub async fn news_count(&self) -> anyhow::Result<i64> {
        Ok(sqlx::query_scalar("SELECT COUNT(*) FROM news_items")
            .fetch_one(&self.db.pool)
            .await?)
    }

    /// News naming any of `security_ids` strictly after `after` (newest first), at most
    /// `limit`; an item naming several of them comes once.
    pub async fn list_news(
        &self,
        security_ids: &[String],
        after: Option<&NewsKey>,
        limit: usize,
    ) -> anyhow::Result<Vec<NewsItem>> {
        if security_ids.is_empty() || limit == 0 {
            return Ok(Vec::new());
        }
        let n = security_ids.len();
        // The page's ids from the per-security index alone, then the items.
        let sql = format!(
            "SELECT DISTINCT news_id, published_at_ms FROM news_item_securities \
             WHERE security_id IN ({}) AND (published_at_ms < ${a} OR (published_at_ms = ${a} AND news_id < ${b})) \
             ORDER BY published_at_ms DESC, news_id DESC LIMIT ${l}",
            placeholders(1, n),
            a = n + 1,
            b = n + 2,
            l = n + 3,
        );
        let after = after.unwrap_or(&NewsKey::START);
        let mut query = sqlx::query(AssertSqlSafe(sql));
        for id in security_ids {
            query = query.bind(id.clone());
        }
        let page = query
            .bind(after.published_at_ms)
            .bind(after.id)
            .bind(i64::try_from(limit)?)
            .fetch_all(&self.db.pool)
            .await?;
        let ids = page
            .iter()
            .map(|row| row.try_get::<i64, _>("news_id"))
            .collect::<Result<Vec<_>, _>>()?;
        self.news_by_ids(&ids).await
    }

    /// News whose title or summary holds `keyword` (case-insensitively, as typed: `%` and
    /// `_` match themselves) strictly after `after`, newest first, at most `limit`.
    ///
    /// A scan of the news table, which holds the items of the retention
    /// (`news.retention_days`, [`Self::prune_news`]); a trigram index (`pg_trgm`) is the
    /// step when that grows too large (docs/architecture.md, "Search").
    pub async fn search_news(
        &self,
        keyword: &str,
        after: Option<&NewsKey>,
        limit: usize,
    ) -> anyhow::Result<Vec<NewsItem>> {
        if limit == 0 {
            return Ok(Vec::new());
        }
        let after = after.unwrap_or(&NewsKey::START);
        let ids: Vec<i64> = sqlx::query_scalar(
            "SELECT id FROM news_items \
             WHERE (LOWER(title) LIKE $1 ESCAPE '\\' OR LOWER(summary) LIKE $1 ESCAPE '\\') \
             AND (published_at_ms < $2 OR (published_at_ms = $2 AND id < $3)) \
             ORDER BY published_at_ms DESC, id DESC LIMIT $4",
        )
        .bind(like_pattern(keyword))
        .bind(after.published_at_ms)
        .bind(after.id)
        .bind(i64::try_from(limit)?)
        .fetch_all(&self.db.pool)
        .await?;
        self.news_by_ids(&ids).await
    }

    /// The stocks named by news holding `keyword`, each with how many such items name it,
    /// the most named first (at most 1,000).
    pub async fn news_related_securities(
        &self,
        keyword: &str,
    ) -> anyhow::Result<Vec<(String, i64)>> {
        let rows = sqlx::query(
            "SELECT s.security_id, COUNT(*) AS items FROM news_item_securities s \
             JOIN news_items n ON n.id = s.news_id \
             WHERE LOWER(n.title) LIKE $1 ESCAPE '\\' OR LOWER(n.summary) LIKE $1 ESCAPE '\\' \
             GROUP BY s.security_id ORDER BY items DESC, s.security_id LIMIT 1000",
        )
        .bind(like_pattern(keyword))
        .fetch_all(&self.db.pool)
        .await?;
        rows.into_iter()
            .map(|row| Ok((row.try_get("security_id")?, row.try_get("items")?)))
            .collect()
    }

    /// How many news items published in `from_ms..until_ms` name each stock.
    pub async fn tagged_counts(
        &self,
        from_ms: i64,
        until_ms: i64,
    ) -> anyhow::Result<Vec<(String, i64)>> {
        let rows = sqlx::query(
            "SELECT security_id, COUNT(*) AS items FROM news_item_securities \
             WHERE published_at_ms >= $1 AND published_at_ms < $2 \
             GROUP BY security_id ORDER BY items DESC, security_id LIMIT 1000",
        )
        .bind(from_ms)
        .bind(until_ms)
        .fetch_all(&self.db.pool)
        .await?;
        rows.into_iter()
            .map(|row| Ok((row.try_get("security_id")?, row.try_get("items")?)))
            .collect()
    }

    /// The items with these ids, in the order given.
    async fn news_by_ids(&self, ids: &[i64]) -> anyhow::Result<Vec<NewsItem>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let list = placeholders(1, ids.len());
        let items_sql = format!(
            "SELECT id, url, title, summary, publisher, published_at_ms, source, sample \
             FROM news_items WHERE id IN ({list})"
        );
        let tags_sql = format!(
            "SELECT news_id, security_id FROM news_item_securities WHERE news_id IN ({list}) \
             ORDER BY security_id"
        );
        let mut items_query = sqlx::query(AssertSqlSafe(items_sql));
        let mut tags_query = sqlx::query(AssertSqlSafe(tags_sql));
        for id in ids {
            items_query = items_query.bind(*id);
            tags_query = tags_query.bind(*id);
        }
        let mut tags: HashMap<i64, Vec<String>> = HashMap::new();
        for row in tags_query.fetch_all(&self.db.pool).await? {
            tags.entry(row.try_get("news_id")?)
                .or_default()
                .push(row.try_get("security_id")?);
        }
        let mut items: HashMap<i64, NewsItem> = HashMap::new();
        for row in items_query.fetch_all(&self.db.pool).await? {
            let id: i64 = row.try_get("id")?;
            let sample: i64 = row.try_get("sample")?;
            items.insert(
                id,
                NewsItem {
                    id,
                    url: row.try_get("url")?,
                    title: row.try_get("title")?,
                    summary: row.try_get("summary")?,
                    publisher: row.try_get("publisher")?,
                    published_at_ms: row.try_get("published_at_ms")?,
                    source: row.try_get("source")?,
                    sample: sample != 0,
                    security_ids: tags.remove(&id).unwrap_or_default(),
                },
            );
        }
        Ok(ids.iter().filter_map(|id| items.remove(id)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::MIGRATIONS;
    use sise_platform::db::testing::TestDatabase;

    fn disclosure(rcept_no: &str, date: (i32, u32, u32), security: Option<&str>) -> NewDisclosure {
        NewDisclosure {
            rcept_no: rcept_no.into(),
            corp_code: "00126380".into(),
            corp_name: "삼성전자".into(),
            stock_code: "005930".into(),
            security_id: security.map(str::to_owned),
            report_nm: "기타경영사항(자율공시)".into(),
            flr_nm: "삼성전자".into(),
            rcept_dt: NaiveDate::from_ymd_opt(date.0, date.1, date.2).expect("date"),
            rm: "유".into(),
        }
    }

    fn news(url: &str, at: i64, securities: &[&str]) -> NewNewsItem {
        NewNewsItem {
            url: url.into(),
            title: format!("title {url}"),
            summary: "요약".into(),
            publisher: "테스트".into(),
            published_at_ms: at,
            source: "https://feed.test/rss".into(),
            sample: false,
            security_ids: securities.iter().map(|s| (*s).to_owned()).collect(),
        }
    }

    const A: &str = "KOREA-A005930";
    const B: &str = "KOREA-A000660";

    sise_platform::per_backend! {
        async fn stores_deduplicates_and_pages_on_every_backend(backend) {
            let test_db = TestDatabase::create(backend, "articles").await.expect("db");
            let db = Database::connect(&test_db.url, &MIGRATIONS)
                .await
                .expect("connect");
            let store = ArticleStore::new(db);

            // Disclosures: duplicates within a batch and across batches count once.
            let rows = vec![
                disclosure("20260821000003", (2026, 8, 21), Some(A)),
                disclosure("20260821000001", (2026, 8, 21), Some(A)),
                disclosure("20260821000003", (2026, 8, 21), Some(A)),
                disclosure("20260820000009", (2026, 8, 20), Some(B)),
                disclosure("20260820000008", (2026, 8, 20), None),
            ];
            let new = store.insert_disclosures(&rows, 1).await.expect("insert");
            assert_eq!(new.len(), 4, "{backend:?}");
            let again = store
                .insert_disclosures(&rows[..2], 2)
                .await
                .expect("insert");
            assert!(again.is_empty());
            assert_eq!(store.disclosure_count().await.expect("count"), 4);

            let ids = vec![A.to_owned(), B.to_owned()];
            let first = store.list_disclosures(&ids, None, 2).await.expect("page");
            let numbers: Vec<_> = first.iter().map(|d| d.rcept_no.as_str()).collect();
            assert_eq!(numbers, ["20260821000003", "20260821000001"]);
            let rest = store
                .list_disclosures(&ids, Some(&first[1].key()), 10)
                .await
                .expect("page");
            let numbers: Vec<_> = rest.iter().map(|d| d.rcept_no.as_str()).collect();
            assert_eq!(numbers, ["20260820000009"], "unmapped rows are in no list");
            assert_eq!(rest[0].security_id.as_deref(), Some(B));
            assert_eq!(new[0], Disclosure::from(rows[0].clone()));

            // News: dedup by link; an item naming both securities comes once.
            let n1 = store
                .insert_news(&news("https://n/1", 1_000, &[A, B, A]), 5)
                .await
                .expect("insert")
                .expect("new");
            assert_eq!(n1.security_ids, [B, A]);
            assert!(
                store
                    .insert_news(&news("https://n/1", 9_999, &[A]), 6)
                    .await
                    .expect("insert")
                    .is_none()
            );
            let n2 = store
                .insert_news(&news("https://n/2", 1_000, &[B]), 7)
                .await
                .expect("insert")
                .expect("new");
            let n3 = store
                .insert_news(&news("https://n/3", 2_000, &[]), 8)
                .await
                .expect("insert")
                .expect("new");
            assert!(n3.security_ids.is_empty());
            assert_eq!(store.news_count().await.expect("count"), 3);

            let both = store.list_news(&ids, None, 10).await.expect("news");
            let order: Vec<i64> = both.iter().map(|n| n.id).collect();
            // Same instant: the larger id first.
            assert_eq!(order, [n2.id.max(n1.id), n2.id.min(n1.id)]);
            let page = store.list_news(&ids, None, 1).await.expect("news");
            let next = store
                .list_news(&ids, Some(&page[0].key()), 1)
                .await
                .expect("news");
            assert_eq!(next.len(), 1);
            assert_ne!(next[0].id, page[0].id);
            let only_a = store.list_news(&[A.to_owned()], None, 10).await.expect("a");
            assert_eq!(only_a.len(), 1);
            assert_eq!(only_a[0].url, "https://n/1");
            assert_eq!(only_a[0].security_ids, [B, A]);

            assert_eq!(store.meta("x").await.expect("meta"), None);
            store.set_meta("x", "1").await.expect("set");
            store.set_meta("x", "2").await.expect("set");
            assert_eq!(store.meta("x").await.expect("meta").as_deref(), Some("2"));

            store.database().close().await;
            test_db.cleanup().await.expect("cleanup");
        }

        /// Old feed items go with their tags, from every read; newer ones and the labelled
        /// samples, however old, stay; pages and searches read on as before.
        async fn news_prune_forgets_old_feed_items_on_every_backend(backend) {
            let test_db = TestDatabase::create(backend, "articles").await.expect("db");
            let db = Database::connect(&test_db.url, &MIGRATIONS)
                .await
                .expect("connect");
            let store = ArticleStore::new(db);
            let old = store
                .insert_news(&news("https://n/old", 1_000, &[A, B]), 1)
                .await
                .expect("insert")
                .expect("new");
            let sample = NewNewsItem {
                sample: true,
                source: "sample".into(),
                ..news("https://n/sample", 500, &[A])
            };
            store.insert_news(&sample, 1).await.expect("insert").expect("new");
            let kept = store
                .insert_news(&news("https://n/new", 5_000, &[A]), 1)
                .await
                .expect("insert")
                .expect("new");
            assert_eq!(store.prune_news(2_000).await.expect("prune"), 1, "{backend:?}");
            assert_eq!(store.prune_news(2_000).await.expect("prune"), 0);
            assert_eq!(store.news_count().await.expect("count"), 2);
            let urls = |items: Vec<NewsItem>| -> Vec<String> {
                items.into_iter().map(|n| n.url).collect()
            };
            let ids = vec![A.to_owned(), B.to_owned()];
            assert_eq!(
                urls(store.list_news(&ids, None, 10).await.expect("news")),
                ["https://n/new", "https://n/sample"]
            );
            // A cursor at the pruned item still pages on from its position.
            assert_eq!(
                urls(store.list_news(&ids, Some(&old.key()), 10).await.expect("news")),
                ["https://n/sample"]
            );
            assert!(store.list_news(&[B.to_owned()], None, 10).await.expect("b").is_empty());
            assert_eq!(
                urls(store.search_news("title", None, 10).await.expect("search")),
                ["https://n/new", "https://n/sample"]
            );
            assert_eq!(
                store.news_related_securities("title").await.expect("related"),
                [(A.to_owned(), 2)]
            );
            let tags: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM news_item_securities")
                .fetch_one(&store.database().pool)
                .await
                .expect("tags");
            assert_eq!(tags, 2, "the pruned item's tags are gone");
            assert_eq!(kept.security_ids, [A]);

            store.database().close().await;
            test_db.cleanup().await.expect("cleanup");
        }
    }
}
