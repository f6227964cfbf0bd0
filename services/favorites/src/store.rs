//! The favorites database: favorite stock lists (groups) and their stocks, both backends.
//!
//! SQL is written once for both backends (`$n` placeholders, epoch-ms instants, 0/1
//! booleans), see `sise_platform::db`. Queries arrive with the features that need them.

use sise_platform::db::{Database, Migrations};

static SQLITE: sqlx::migrate::Migrator = sise_platform::db::migrate!("migrations/sqlite");
static POSTGRES: sqlx::migrate::Migrator = sise_platform::db::migrate!("migrations/postgres");

pub const MIGRATIONS: Migrations = Migrations {
    sqlite: &SQLITE,
    postgres: &POSTGRES,
};

#[derive(Clone, Debug)]
pub struct Store {
    db: Database,
}

impl Store {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    pub fn database(&self) -> &Database {
        &self.db
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sise_platform::db::testing::TestDatabase;

    sise_platform::per_backend! {
        /// Both migration folders build the same schema: name length, one entry per security
        /// and group, and stocks going with their group.
        async fn schema_enforces_its_checks(backend) {
            let test_db = TestDatabase::create(backend, "favorites")
                .await
                .expect("db");
            let store = Store::new(
                Database::connect(&test_db.url, &MIGRATIONS)
                    .await
                    .expect("connect"),
            );
            let pool = &store.database().pool;
            let list = |name: String| {
                sqlx::query_scalar::<_, i64>(
                    "INSERT INTO favorite_stock_lists (user_id, name, position, created_at_ms, \
                     updated_at_ms) VALUES ($1, $2, 0, 1, 1) RETURNING id",
                )
                .bind(7_i64)
                .bind(name)
                .fetch_one(pool)
            };
            // 12 characters (not bytes) are allowed; 13 or none are not.
            let list_id = list("관".repeat(12)).await.expect("12 characters");
            assert!(
                list("관".repeat(13)).await.is_err(),
                "name length on {backend:?}"
            );
            assert!(
                list(String::new()).await.is_err(),
                "empty name on {backend:?}"
            );

            let add = |security_id: &'static str| {
                sqlx::query(
                    "INSERT INTO favorite_stocks (favorite_stock_list_id, security_id, position, \
                     created_at_ms) VALUES ($1, $2, 0, 1)",
                )
                .bind(list_id)
                .bind(security_id)
                .execute(pool)
            };
            add("KOREA-A005930").await.expect("add");
            add("KOREA-A000660").await.expect("add another");
            assert!(
                add("KOREA-A005930").await.is_err(),
                "once per group on {backend:?}"
            );

            sqlx::query("DELETE FROM favorite_stock_lists WHERE id = $1")
                .bind(list_id)
                .execute(pool)
                .await
                .expect("delete group");
            let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM favorite_stocks")
                .fetch_one(pool)
                .await
                .expect("count");
            assert_eq!(left, 0, "stocks go with their group on {backend:?}");

            store.database().pool.close().await;
            test_db.cleanup().await.expect("cleanup");
        }
    }
}
