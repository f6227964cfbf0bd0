//! The insight articles' title index: the asset search's keys ([`sise_platform::search::keys`])
//! over the shown articles' titles, so that an article is found as a stock or a topic is —
//! whole title, from its start, from a later word or syllable, by 초성, with a half-typed
//! last syllable, with one typo in a long title — and ranked in the same tiers.
//!
//! The index lives in memory and is rebuilt from the table when the set of shown articles
//! has changed. Articles are only published and withdrawn (never edited), so the set is
//! named exactly by (how many are shown, the newest id): a cheap read every replica makes
//! before a search, which keeps replicas in step without any message between them.

use std::collections::HashMap;
use std::sync::Arc;

use sise_platform::search::keys::{KeyIndex, KeysBuilder, Tier};
use sqlx::Row as _;
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

struct Built {
    /// (shown articles, newest id) when built.
    generation: (i64, i64),
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
        let row = sqlx::query(
            "SELECT COUNT(*) AS shown, COALESCE(MAX(id), 0) AS newest FROM insight_articles \
             WHERE withdrawn_at_ms IS NULL",
        )
        .fetch_one(&db.pool)
        .await?;
        let generation: (i64, i64) = (row.try_get("shown")?, row.try_get("newest")?);
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
