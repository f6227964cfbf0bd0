//! Storage (`sise_platform::db`): SQLite's writers of one process take turns.

use std::time::Duration;

use sise_platform::db::{Backend, Database};
use sise_platform::testing::TestDatabase;

use crate::probe;

/// Writers that hold SQLite's write lock longer, in all, than its busy timeout (5 s) all
/// commit: their transactions queue for the writer's connection in order. On connections of
/// their own they waited in SQLite's busy handler, which polls, and the ones that kept losing
/// the lock to the others failed with `database is locked`.
#[tokio::test]
async fn sqlite_writers_take_turns_past_the_busy_timeout() {
    let test_db = TestDatabase::create(Backend::Sqlite, "writers")
        .await
        .expect("test database");
    let db = Database::connect(&test_db.url, &probe::MIGRATIONS)
        .await
        .expect("connect");
    const WRITERS: usize = 24; // × 250 ms: 6 s of the write lock
    let writers = (0..WRITERS).map(|n| {
        let db = db.clone();
        tokio::spawn(async move {
            let mut tx = db.begin().await?;
            sqlx::query("INSERT INTO probe_rows (name) VALUES ($1)")
                .bind(format!("writer {n}"))
                .execute(&mut *tx)
                .await?;
            tokio::time::sleep(Duration::from_millis(250)).await;
            tx.commit().await?;
            anyhow::Ok(())
        })
    });
    for writer in futures::future::join_all(writers).await {
        writer.expect("joined").expect("committed");
    }
    let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM probe_rows")
        .fetch_one(&db.pool)
        .await
        .expect("count");
    assert_eq!(rows, i64::try_from(WRITERS).expect("small"));
    db.close().await;
    test_db.cleanup().await.expect("cleanup");
}
