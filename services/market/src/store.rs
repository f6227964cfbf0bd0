//! The market database as a whole: its migrations (every feature's tables, one database)
//! and the `dataset_meta` table of seed versions and ingestion marks.
//!
//! SQL is written once for both backends (`$n` placeholders, integers for dates-as-text
//! and counts), see `sise_platform::db`.

use sise_platform::db::Migrations;

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
