//! The social database: posts, comments, reactions, reports and notices, both backends.
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
        /// Both migration folders build the same schema, checks included.
        async fn schema_enforces_its_checks(backend) {
            let test_db = TestDatabase::create(backend, "social").await.expect("db");
            let store = Store::new(
                Database::connect(&test_db.url, &MIGRATIONS)
                    .await
                    .expect("connect"),
            );
            let pool = &store.database().pool;
            let post_id: i64 = sqlx::query_scalar(
                "INSERT INTO posts (security_id, user_id, content, created_at_ms) \
                 VALUES ($1, $2, $3, $4) RETURNING id",
            )
            .bind("KOREA-A005930")
            .bind(7_i64)
            .bind("가즈아")
            .bind(1_i64)
            .fetch_one(pool)
            .await
            .expect("post");
            let counts: (i64, i64, i64) = sqlx::query_as(
                "SELECT likes_count, dislikes_count, comments_count FROM posts WHERE id = $1",
            )
            .bind(post_id)
            .fetch_one(pool)
            .await
            .expect("counts");
            assert_eq!(counts, (0, 0, 0));

            let react = |kind: &'static str| {
                sqlx::query(
                    "INSERT INTO reactions (user_id, target_type, target_id, kind, created_at_ms) \
                     VALUES ($1, 'post', $2, $3, 1)",
                )
                .bind(7_i64)
                .bind(post_id)
                .bind(kind)
                .execute(pool)
            };
            assert!(react("LOVE").await.is_err(), "kind check on {backend:?}");
            react("LIKE").await.expect("like");
            assert!(
                react("DISLIKE").await.is_err(),
                "one reaction per member on {backend:?}"
            );

            let report = |content: String| {
                sqlx::query(
                    "INSERT INTO reports (user_id, target_type, target_id, report_type, content, \
                     created_at_ms) VALUES ($1, 'post', $2, 'other', $3, 1)",
                )
                .bind(8_i64)
                .bind(post_id)
                .bind(content)
                .execute(pool)
            };
            // 500 characters (not bytes) are allowed, 501 are not.
            report("가".repeat(500)).await.expect("500 characters");
            assert!(
                report("가".repeat(501)).await.is_err(),
                "length check on {backend:?}"
            );

            store.database().pool.close().await;
            test_db.cleanup().await.expect("cleanup");
        }
    }
}
