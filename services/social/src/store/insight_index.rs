//! The insight articles' title index: the asset search's keys ([`sise_platform::search::keys`])
//! over the shown articles' titles, so that an article is found as a stock or a topic is —
//! whole title, from its start, from a later word or syllable, by 초성, with a half-typed
//! last syllable, with one typo in a long title — and ranked in the same tiers.
//!
//! The index lives in memory and is rebuilt from the table when the set of shown articles
//! has changed. Articles are only published and withdrawn (never edited), each in a
//! transaction that also raises the change counter (`insight_title_changes`, [`changed`]),
//! so the counter names the set: a cheap read every replica makes before a search, which
//! keeps replicas in step without any message between them. (How many are shown and the
//! newest id did not name it: on PostgreSQL an article whose id was taken before another's
//! may commit after it and after a withdrawal, bringing back a pair seen before.)

use std::collections::HashMap;
use std::sync::Arc;

use sise_platform::search::keys::{KeyIndex, KeysBuilder, Tier};
use sqlx::{AnyConnection, Row as _};
use tokio::sync::Mutex;

use super::Database;

/// Most articles indexed, newest first: an editorial table grows by a few a day, so this
/// bounds memory (about 100 bytes of keys per title) far above any real need; older
/// articles are still found by their text.
pub const MAX_INDEXED: i64 = 50_000;

/// The ranking tier of a title match, as the search's cursor carries it: 0 the whole
/// title or its start, 1 inside it or with one typo. (2 is the text's, outside this index.)
pub fn rank(tier: Tier) -> i64 {
    match tier {
        Tier::Exact | Tier::Prefix => 0,
        Tier::Other => 1,
    }
}

/// Counts a change of the shown articles (a publish, a withdrawal), in its transaction.
pub(crate) async fn changed(conn: &mut AnyConnection) -> anyhow::Result<()> {
    sqlx::query("UPDATE insight_title_changes SET changes = changes + 1 WHERE id = 1")
        .execute(conn)
        .await?;
    Ok(())
}

struct Built {
    /// The change counter when built: its rows are those of this change or a later one.
    generation: i64,
    keys: KeyIndex,
    /// Article id of each index entry.
    ids: Vec<i64>,
}

#[derive(Clone, Default)]
pub struct TitleIndex {
    built: Arc<Mutex<Option<Arc<Built>>>>,
}

impl std::fmt::Debug for TitleIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TitleIndex")
    }
}

impl TitleIndex {
    /// The shown articles whose title the keyword matches, each with its rank
    /// ([`rank`]), by id.
    pub async fn matches(&self, db: &Database, keyword: &str) -> anyhow::Result<HashMap<i64, i64>> {
        let built = self.current(db).await?;
        Ok(built
            .keys
            .matches(keyword)
            .into_iter()
            .map(|(entry, tier)| (built.ids[entry as usize], rank(tier)))
            .collect())
    }

    /// The index of the shown articles now, rebuilt if they changed. One rebuild at a time
    /// (the lock is held across it): searches arriving meanwhile wait for it and use it.
    async fn current(&self, db: &Database) -> anyhow::Result<Arc<Built>> {
        // Read before the rows: rows read later are of this change or a later one, and a
        // later change's number makes the next search rebuild.
        let generation: i64 =
            sqlx::query_scalar("SELECT changes FROM insight_title_changes WHERE id = 1")
                .fetch_one(&db.pool)
                .await?;
        let mut slot = self.built.lock().await;
        if let Some(built) = slot.as_ref().filter(|b| b.generation == generation) {
            return Ok(built.clone());
        }
        let rows = sqlx::query(
            "SELECT id, title FROM insight_articles WHERE withdrawn_at_ms IS NULL \
             ORDER BY id DESC LIMIT $1",
        )
        .bind(MAX_INDEXED)
        .fetch_all(&db.pool)
        .await?;
        let mut keys = KeysBuilder::default();
        let mut ids = Vec::with_capacity(rows.len());
        for (entry, row) in rows.iter().enumerate() {
            ids.push(row.try_get::<i64, _>("id")?);
            keys.name(entry as u32, &row.try_get::<String, _>("title")?);
        }
        let built = Arc::new(Built {
            generation,
            keys: keys.build()?,
            ids,
        });
        *slot = Some(built.clone());
        Ok(built)
    }
}

#[cfg(test)]
mod tests {
    use sise_platform::db::Backend;
    use sise_platform::db::testing::TestDatabase;

    use super::*;
    use crate::store::MIGRATIONS;

    /// An article's row as a publish writes it, without the counter (see [`publish`]).
    async fn insert(conn: &mut AnyConnection, title: &str) -> i64 {
        sqlx::query_scalar(
            "INSERT INTO insight_articles (contributor_id, title, summary, content_type, \
             content, search_title, search_text, published_by, published_at_ms) \
             VALUES (1, $1, '', 'HTML', '', $1, '', 'test', 1) RETURNING id",
        )
        .bind(title)
        .fetch_one(conn)
        .await
        .expect("article")
    }

    async fn publish(db: &Database, title: &str) -> i64 {
        let mut tx = db.begin().await.expect("begin");
        let id = insert(&mut tx, title).await;
        changed(&mut tx).await.expect("counted");
        tx.commit().await.expect("commit");
        id
    }

    async fn withdraw(db: &Database, id: i64) {
        let mut tx = db.begin().await.expect("begin");
        sqlx::query("UPDATE insight_articles SET withdrawn_at_ms = 2 WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await
            .expect("withdrawn");
        changed(&mut tx).await.expect("counted");
        tx.commit().await.expect("commit");
    }

    async fn found(index: &TitleIndex, db: &Database, keyword: &str) -> Vec<i64> {
        let mut ids: Vec<i64> = index
            .matches(db, keyword)
            .await
            .expect("search")
            .into_keys()
            .collect();
        ids.sort_unstable();
        ids
    }

    sise_platform::per_backend! {
        /// Each change of the shown articles rebuilds the index, even one that brings back
        /// the shown count and newest id of a set indexed before: on PostgreSQL an article
        /// whose id was taken first commits after a newer one and a withdrawal (SQLite writes
        /// one at a time: there it is published last, with the newest id).
        async fn every_change_of_the_shown_articles_is_seen(backend) {
            let test_db = TestDatabase::create(backend, "social").await.expect("db");
            let db = Database::connect(&test_db.url, &MIGRATIONS).await.expect("connect");
            let index = TitleIndex::default();
            let samsung = publish(&db, "삼성전자 전망").await;
            let hynix = publish(&db, "하이닉스 전망").await;
            let mut late = None;
            if backend == Backend::Postgres {
                let mut tx = db.begin().await.expect("begin");
                let id = insert(&mut tx, "카카오 전망").await;
                late = Some((tx, id));
            }
            let naver = publish(&db, "네이버 전망").await;
            assert_eq!(found(&index, &db, "전망").await, vec![samsung, hynix, naver]);

            withdraw(&db, hynix).await;
            let kakao = match late {
                Some((mut tx, id)) => {
                    changed(&mut tx).await.expect("counted");
                    tx.commit().await.expect("commit");
                    id
                }
                None => publish(&db, "카카오 전망").await,
            };
            let mut shown = vec![samsung, kakao, naver];
            shown.sort_unstable();
            assert_eq!(found(&index, &db, "전망").await, shown);
            assert_eq!(found(&index, &db, "카카오").await, vec![kakao]);
            assert!(found(&index, &db, "하이닉스").await.is_empty());

            db.close().await;
            test_db.cleanup().await.expect("cleanup");
        }
    }
}
