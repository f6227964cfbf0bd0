//! Storage (`sise_platform::db`): SQLite's writers of one process take turns.

use std::time::Duration;

use sise_platform::db::Backend;

use crate::probe;

/// Writers that hold SQLite's write lock longer, in all, than its busy timeout (5 s) all
/// commit: their transactions queue for the writer's connection in order. On connections of
/// their own they waited in SQLite's busy handler, which polls, and the ones that kept losing
/// the lock to the others failed with `database is locked`.
#[tokio::test]
async fn sqlite_writers_take_turns_past_the_busy_timeout() {
    let (test_db, db) = probe::database(Backend::Sqlite, "writers").await;
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
    // Single statements outside a transaction queue on the same connection.
    let statements = (0..WRITERS).map(|n| {
        let db = db.clone();
        tokio::spawn(async move {
            sqlx::query("INSERT INTO probe_rows (name) VALUES ($1)")
                .bind(format!("statement {n}"))
                .execute(db.writer())
                .await?;
            anyhow::Ok(())
        })
    });
    let writers: Vec<_> = writers.chain(statements).collect();
    for writer in futures::future::join_all(writers).await {
        writer.expect("joined").expect("committed");
    }
    let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM probe_rows")
        .fetch_one(&db.pool)
        .await
        .expect("count");
    assert_eq!(rows, i64::try_from(2 * WRITERS).expect("small"));
    probe::finish(test_db, db).await;
}

/// The readers' connections refuse a write outright, so that a write that missed the
/// writer's queue shows in the first test that makes it rather than as a lock timeout
/// under load. They still read what the writer committed.
#[tokio::test]
async fn sqlite_readers_refuse_writes() {
    let (test_db, db) = probe::database(Backend::Sqlite, "readers").await;
    let refused = sqlx::query("INSERT INTO probe_rows (name) VALUES ('read pool')")
        .execute(&db.pool)
        .await
        .expect_err("the read pool refuses writes");
    assert!(refused.to_string().contains("readonly"), "{refused}");
    sqlx::query("INSERT INTO probe_rows (name) VALUES ('writer')")
        .execute(db.writer())
        .await
        .expect("the writer writes");
    let names: Vec<String> = sqlx::query_scalar("SELECT name FROM probe_rows")
        .fetch_all(&db.pool)
        .await
        .expect("read");
    assert_eq!(names, ["writer"]);
    probe::finish(test_db, db).await;
}
