//! Leader election among market replicas: exactly one replica at a time runs the simulator,
//! the asset engine, the candle writer and the ingestors (see `runtime`).
//!
//! On PostgreSQL the leader holds a session-level advisory lock (`pg_try_advisory_lock`) on a
//! connection of its own, outside the pool. The lock lives exactly as long as that session:
//! a replica that dies (even by SIGKILL) closes its socket and PostgreSQL releases the lock at
//! once; a leader whose connection breaks notices on its next check and steps down. Followers
//! try the lock every `retry_ms`, so failover takes about `retry_ms` plus the new leader's
//! start of its tasks. On SQLite (one process by construction) the process always leads.

use std::time::Duration;

use anyhow::Context as _;
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use sise_platform::db::Backend;
use sqlx::{AnyConnection, Connection as _};

/// The `services.market.leader` configuration section.
#[derive(Clone, Debug, Deserialize)]
pub struct LeaderSettings {
    /// Key of the PostgreSQL advisory lock; replicas sharing a database must agree on it.
    #[serde(default = "default_lock_key")]
    pub lock_key: i64,
    /// How often a follower tries to take the lock.
    #[serde(default = "default_retry_ms")]
    pub retry_ms: u64,
    /// How often the leader checks its lock connection (and how long the check may take).
    #[serde(default = "default_check_ms")]
    pub check_ms: u64,
}

/// "SISEMRKT" in ASCII.
fn default_lock_key() -> i64 {
    0x5349_5345_4d52_4b54
}

fn default_retry_ms() -> u64 {
    1_000
}

fn default_check_ms() -> u64 {
    1_000
}

impl Default for LeaderSettings {
    fn default() -> Self {
        Self {
            lock_key: default_lock_key(),
            retry_ms: default_retry_ms(),
            check_ms: default_check_ms(),
        }
    }
}

impl LeaderSettings {
    pub fn retry(&self) -> Duration {
        Duration::from_millis(self.retry_ms.max(10))
    }

    pub fn check(&self) -> Duration {
        Duration::from_millis(self.check_ms.max(10))
    }
}

/// How this process decides whether it leads.
pub enum Election {
    /// SQLite: one process, always the leader.
    Alone,
    /// PostgreSQL: whoever holds the advisory lock.
    Lock {
        url: SecretString,
        settings: LeaderSettings,
    },
}

impl Election {
    pub fn new(url: SecretString, settings: LeaderSettings) -> anyhow::Result<Self> {
        Ok(match Backend::from_url(url.expose_secret())? {
            Backend::Sqlite => Self::Alone,
            Backend::Postgres => Self::Lock { url, settings },
        })
    }

    /// Try once to become the leader: `Ok(None)` while another replica leads.
    pub async fn try_acquire(&self) -> anyhow::Result<Option<Term>> {
        let Self::Lock { url, settings } = self else {
            return Ok(Some(Term {
                lock: None,
                check: Duration::MAX,
            }));
        };
        let check = settings.check();
        let mut conn = tokio::time::timeout(check, AnyConnection::connect(url.expose_secret()))
            .await
            .context("connecting for the leader lock timed out")?
            .context("connecting for the leader lock")?;
        // `::int`: a boolean does not decode through `Any` on every backend.
        let held: i32 = tokio::time::timeout(
            check,
            sqlx::query_scalar("SELECT pg_try_advisory_lock($1)::int")
                .bind(settings.lock_key)
                .fetch_one(&mut conn),
        )
        .await
        .context("taking the leader lock timed out")?
        .context("taking the leader lock")?;
        if held == 1 {
            Ok(Some(Term {
                lock: Some(conn),
                check,
            }))
        } else {
            let _ = conn.close().await;
            Ok(None)
        }
    }

    /// Time between two tries of a follower.
    pub fn retry(&self) -> Duration {
        match self {
            Self::Alone => Duration::from_secs(1),
            Self::Lock { settings, .. } => settings.retry(),
        }
    }
}

/// One leadership term: holds the lock's connection until dropped or [`Term::release`]d.
pub struct Term {
    lock: Option<AnyConnection>,
    check: Duration,
}

impl Term {
    /// Resolves when leadership is lost (the lock's connection fails a check), with the
    /// reason; never for a process that leads alone.
    pub async fn lost(&mut self) -> String {
        let Some(conn) = self.lock.as_mut() else {
            return std::future::pending().await;
        };
        loop {
            tokio::time::sleep(self.check).await;
            let ping =
                tokio::time::timeout(self.check, sqlx::query("SELECT 1").execute(&mut *conn));
            match ping.await {
                Ok(Ok(_)) => continue,
                Ok(Err(error)) => return format!("lock connection failed: {error}"),
                Err(_) => return "lock connection check timed out".to_owned(),
            }
        }
    }

    /// Give the lock up (closing its session releases it).
    pub async fn release(self) {
        if let Some(conn) = self.lock {
            let _ = conn.close().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use sise_platform::db::testing::TestDatabase;

    use super::*;

    fn election(url: &str, key: i64) -> Election {
        Election::new(
            SecretString::from(url.to_owned()),
            LeaderSettings {
                lock_key: key,
                retry_ms: 50,
                check_ms: 200,
            },
        )
        .expect("election")
    }

    #[tokio::test]
    async fn sqlite_always_leads() {
        let alone = election("sqlite://market.db", 1);
        assert!(alone.try_acquire().await.expect("acquire").is_some());
        assert!(alone.try_acquire().await.expect("acquire").is_some());
    }

    /// One holder at a time; the lock passes on when the holder's session ends, and a term
    /// whose session is killed reports the loss.
    #[tokio::test]
    async fn one_leader_at_a_time_on_postgres() {
        let test_db = TestDatabase::create(Backend::Postgres, "market")
            .await
            .expect("db");
        let key = rand::random::<i64>();
        let a = election(&test_db.url, key);
        let b = election(&test_db.url, key);
        let term = a.try_acquire().await.expect("a").expect("a leads");
        assert!(b.try_acquire().await.expect("b").is_none(), "b follows");
        term.release().await;
        let mut term = b.try_acquire().await.expect("b").expect("b leads");
        assert!(a.try_acquire().await.expect("a").is_none(), "a follows");

        // Kill b's lock session from outside, as a dead network would.
        let mut admin = AnyConnection::connect(&test_db.url).await.expect("admin");
        sqlx::query(
            "SELECT pg_terminate_backend(pid) FROM pg_locks \
             WHERE locktype = 'advisory' AND pid <> pg_backend_pid()",
        )
        .execute(&mut admin)
        .await
        .expect("terminate");
        let reason = tokio::time::timeout(Duration::from_secs(10), term.lost())
            .await
            .expect("loss noticed");
        assert!(reason.contains("lock connection"), "{reason}");
        assert!(a.try_acquire().await.expect("a").is_some(), "a takes over");
        admin.close().await.expect("close");
        test_db.cleanup().await.expect("cleanup");
    }
}
