//! The market database as a whole: its migrations (every feature's tables, one database)
//! and the `dataset_meta` table of seed versions and ingestion marks.
//!
//! SQL is written once for both backends (`$n` placeholders, integers for dates-as-text
//! and counts), see `sise_platform::db`.

use std::ops::{Deref, DerefMut};

use sise_platform::db::{Database, Migrations};

/// A connection of the `Any` driver both backends go through.
type Connection = <sqlx::Any as sqlx::Database>::Connection;

static SQLITE: sqlx::migrate::Migrator = sise_platform::db::migrate!("migrations/sqlite");
static POSTGRES: sqlx::migrate::Migrator = sise_platform::db::migrate!("migrations/postgres");

pub const MIGRATIONS: Migrations = Migrations {
    sqlite: &SQLITE,
    postgres: &POSTGRES,
};

/// A value of the `dataset_meta` table (seed versions, ingestion marks), on the pool or in
/// a transaction.
pub(crate) async fn meta<'e, E>(executor: E, key: &str) -> anyhow::Result<Option<String>>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    Ok(
        sqlx::query_scalar("SELECT value FROM dataset_meta WHERE key = $1")
            .bind(key)
            .fetch_optional(executor)
            .await?,
    )
}

/// Insert or replace a value of the `dataset_meta` table.
pub(crate) async fn set_meta<'e, E>(executor: E, key: &str, value: &str) -> anyhow::Result<()>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    sqlx::query(
        "INSERT INTO dataset_meta (key, value) VALUES ($1, $2) \
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    )
    .bind(key)
    .bind(value)
    .execute(executor)
    .await?;
    Ok(())
}

/// A transaction replacing the rows seeded under a `dataset_meta` key: begun by [`reseed`]
/// unless that key already records the version, committed with it by [`Reseed::finish`]
/// (dropped unfinished, it rolls back).
pub(crate) struct Reseed<'a> {
    tx: sqlx::Transaction<'static, sqlx::Any>,
    key: &'a str,
    version: &'a str,
}

/// Begin replacing the rows seeded under `key`, unless `version` is recorded there already
/// (then `None`).
pub(crate) async fn reseed<'a>(
    db: &Database,
    key: &'a str,
    version: &'a str,
) -> anyhow::Result<Option<Reseed<'a>>> {
    let mut tx = db.begin().await?;
    if meta(&mut *tx, key).await?.as_deref() == Some(version) {
        return Ok(None);
    }
    Ok(Some(Reseed { tx, key, version }))
}

impl Reseed<'_> {
    /// Record the version and commit.
    pub(crate) async fn finish(mut self) -> anyhow::Result<()> {
        set_meta(&mut *self.tx, self.key, self.version).await?;
        self.tx.commit().await?;
        Ok(())
    }
}

impl Deref for Reseed<'_> {
    type Target = Connection;

    fn deref(&self) -> &Connection {
        &self.tx
    }
}

impl DerefMut for Reseed<'_> {
    fn deref_mut(&mut self) -> &mut Connection {
        &mut self.tx
    }
}
