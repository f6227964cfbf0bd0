//! Storage: one sqlx `Any` pool per service, SQLite (embedded default) or PostgreSQL.
//!
//! Every query is written once with `$1` placeholders, which both backends accept. Instants
//! are epoch milliseconds and booleans are integers, because `Any` decodes only plain types
//! (see docs/architecture.md, "Storage"). Each service keeps one migrations folder per
//! backend and hands both to [`Database::connect`], which applies the matching one at start,
//! then the platform's own (the outbox table, `migrations/` of this crate), recorded in a
//! separate table so that the two sets never mix.

use std::str::FromStr;
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use anyhow::Context;
use sqlx::any::AnyPoolOptions;
use sqlx::migrate::Migrator;
use sqlx::{AnyPool, Executor};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn from_url(url: &str) -> anyhow::Result<Self> {
        if url.starts_with("sqlite:") {
            Ok(Self::Sqlite)
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Ok(Self::Postgres)
        } else {
            anyhow::bail!("unsupported database url scheme (expected sqlite: or postgres:)")
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Sqlite => "sqlite",
            Self::Postgres => "postgres",
        }
    }
}

impl FromStr for Backend {
    type Err = anyhow::Error;
    fn from_str(s: &str) -> anyhow::Result<Self> {
        match s {
            "sqlite" => Ok(Self::Sqlite),
            "postgres" => Ok(Self::Postgres),
            other => anyhow::bail!("unknown backend {other}"),
        }
    }
}

/// Embeds a migrations folder at compile time: `migrate!("migrations/sqlite")`, relative to the
/// calling crate. Re-exported here so services need no sqlx `macros` feature (see Cargo.toml).
pub use sqlx_macros::migrate;

/// The `VALUES` list of a multi-row insert of `rows` rows of `columns` values each, numbered
/// `$1, $2, …` in the order they are bound: `($1, $2), ($3, $4)`. (sqlx's `QueryBuilder` writes
/// `?` through `Any`, which PostgreSQL refuses.)
pub fn value_rows(rows: usize, columns: usize) -> String {
    (0..rows)
        .map(|row| {
            let values: Vec<String> = (1..=columns)
                .map(|column| format!("${}", row * columns + column))
                .collect();
            format!("({})", values.join(", "))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The migrations of one service, one set per backend.
pub struct Migrations {
    pub sqlite: &'static Migrator,
    pub postgres: &'static Migrator,
}

/// The platform's migrations, in their own bookkeeping table.
static PLATFORM_SQLITE: LazyLock<Migrator> =
    LazyLock::new(|| platform(migrate!("migrations/sqlite")));
static PLATFORM_POSTGRES: LazyLock<Migrator> =
    LazyLock::new(|| platform(migrate!("migrations/postgres")));

fn platform(mut migrator: Migrator) -> Migrator {
    migrator.dangerous_set_table_name("_sise_platform_migrations");
    migrator
}

/// A connected, migrated database.
#[derive(Clone, Debug)]
pub struct Database {
    /// Reads. On a SQLite file its connections refuse to write (`query_only`): a write sent
    /// here fails at once instead of racing [`Database::writer`] for the file's lock.
    pub pool: AnyPool,
    /// On a SQLite file, the one connection every write takes its turn on (see `connect`);
    /// on PostgreSQL, and for an in-memory SQLite database, `pool` does both.
    writer: Option<AnyPool>,
    pub backend: Backend,
    /// Wakes this database's outbox relay after a commit (see `crate::outbox`).
    pub(crate) outbox_wake: Arc<tokio::sync::Notify>,
}

impl Database {
    /// Connect, create the SQLite file if needed, and apply the backend's migrations.
    pub async fn connect(url: &str, migrations: &Migrations) -> anyhow::Result<Self> {
        sqlx::any::install_default_drivers();
        let backend = Backend::from_url(url)?;
        if backend == Backend::Sqlite {
            ensure_sqlite_dir(url)?;
        }
        let connect = |connections: u32, read_only: bool| {
            let mut options = AnyPoolOptions::new()
                .max_connections(connections)
                .acquire_timeout(Duration::from_secs(10));
            if backend == Backend::Sqlite {
                // Pragmas are per connection, so they must be set on every new one.
                options = options.after_connect(move |conn, _meta| {
                    Box::pin(async move {
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA busy_timeout = 5000").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                        conn.execute("PRAGMA synchronous = NORMAL").await?;
                        if read_only {
                            conn.execute("PRAGMA query_only = ON").await?;
                        }
                        Ok(())
                    })
                });
            }
            async move {
                options.connect(url).await.with_context(|| {
                    format!("failed to connect to the {} database", backend.as_str())
                })
            }
        };
        // SQLite has one writer at a time, and its busy handler polls: writers on several
        // connections of one process were not served in order, and one behind a stream of
        // others waited past the busy timeout. Every write queues for one connection of its
        // own instead, in order (sqlx's pool is fair), and the readers' connections refuse
        // writes so that none slips past the queue. An in-memory database is a database per
        // connection, so it keeps one pool for both.
        let (pool, writer) = if backend == Backend::Sqlite && !is_memory(url) {
            let writer = connect(1, false).await?;
            (connect(4, true).await?, Some(writer))
        } else {
            (
                connect(if backend == Backend::Sqlite { 4 } else { 10 }, false).await?,
                None,
            )
        };
        let db = Self {
            pool,
            writer,
            backend,
            outbox_wake: Arc::default(),
        };
        let (migrator, platform) = match backend {
            Backend::Sqlite => (migrations.sqlite, &*PLATFORM_SQLITE),
            Backend::Postgres => (migrations.postgres, &*PLATFORM_POSTGRES),
        };
        migrator
            .run(db.writer())
            .await
            .context("failed to apply migrations")?;
        platform
            .run(db.writer())
            .await
            .context("failed to apply the platform's migrations")?;
        Ok(db)
    }

    /// Where a single statement that writes goes: on a SQLite file the process's writes take
    /// their turns on one connection, first come first served (see `connect`).
    pub fn writer(&self) -> &AnyPool {
        self.writer.as_ref().unwrap_or(&self.pool)
    }

    /// A transaction, for anything that writes, on [`Database::writer`].
    pub async fn begin(&self) -> sqlx::Result<sqlx::Transaction<'static, sqlx::Any>> {
        self.writer().begin().await
    }

    /// Closes every connection (the writer's too).
    pub async fn close(&self) {
        if let Some(writer) = &self.writer {
            writer.close().await;
        }
        self.pool.close().await;
    }

    /// `(idle, open, most)` connections of the pools, for the pool metrics.
    pub fn connections(&self) -> (u32, u32, u32) {
        let pools = std::iter::once(&self.pool).chain(&self.writer);
        pools.fold((0, 0, 0), |(idle, open, most), pool| {
            (
                idle + u32::try_from(pool.num_idle()).unwrap_or(0),
                open + pool.size(),
                most + pool.options().get_max_connections(),
            )
        })
    }

    /// Readiness: a trivial round trip.
    pub async fn ping(&self) -> bool {
        sqlx::query("SELECT 1").execute(&self.pool).await.is_ok()
    }
}

/// The path of a SQLite URL, without its options.
fn sqlite_path(url: &str) -> &str {
    let path = url
        .trim_start_matches("sqlite://")
        .trim_start_matches("sqlite:");
    path.split('?').next().unwrap_or_default()
}

/// An in-memory SQLite database (`sqlite::memory:`, `sqlite://:memory:`, `mode=memory`).
fn is_memory(url: &str) -> bool {
    let path = sqlite_path(url);
    path.is_empty() || path == ":memory:" || url.contains("mode=memory")
}

fn ensure_sqlite_dir(url: &str) -> anyhow::Result<()> {
    let path = sqlite_path(url);
    if is_memory(url) {
        return Ok(());
    }
    if let Some(parent) = std::path::Path::new(path).parent()
        && !parent.as_os_str().is_empty()
    {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("failed to create {}", parent.display()))?;
    }
    Ok(())
}

/// Fresh databases for tests: a temporary SQLite file, or a new PostgreSQL database that is
/// dropped again by [`TestDatabase::cleanup`].
pub mod testing {
    use super::*;
    use rand::Rng;

    /// The backends a test run covers: `SISE_TEST_BACKENDS=sqlite,postgres` (default both).
    pub fn backends() -> Vec<Backend> {
        std::env::var("SISE_TEST_BACKENDS")
            .unwrap_or_else(|_| "sqlite,postgres".into())
            .split(',')
            .filter(|s| !s.trim().is_empty())
            .map(|s| s.trim().parse())
            .collect::<anyhow::Result<_>>()
            .unwrap_or_else(|_| vec![Backend::Sqlite, Backend::Postgres])
    }

    /// Drop test databases whose process has exited (killed runs, shared systems), once a
    /// process. Best effort: a failure here must not fail the test that is starting.
    async fn reap_orphans(pool: &sqlx::AnyPool) {
        static REAPED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
        if REAPED.swap(true, std::sync::atomic::Ordering::Relaxed) {
            return;
        }
        let names: Vec<String> = sqlx::query_scalar(
            // `name` does not decode through `Any`: read it as text.
            "SELECT datname::text FROM pg_database WHERE datname LIKE 'sise\\_test\\_%'",
        )
        .fetch_all(pool)
        .await
        .unwrap_or_default();
        for name in names.iter().filter(|name| owner_exited(name)) {
            let _ = pool
                .execute(sqlx::AssertSqlSafe(format!(
                    "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
                )))
                .await;
        }
    }

    /// Removes the temp-dir folders (`sise_test_…_{pid}_…`: SQLite test databases, data
    /// directories of shared systems) of test processes that have exited. Once a process.
    fn reap_orphan_dirs() {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
                return;
            };
            for entry in entries.flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                if name.starts_with("sise_test_") && owner_exited(&name) {
                    let _ = std::fs::remove_dir_all(entry.path());
                }
            }
        });
    }

    /// Whether the process named in `sise_test_{what}_{pid}_{random}` has exited.
    fn owner_exited(name: &str) -> bool {
        let pid = name
            .rsplit('_')
            .nth(1)
            .and_then(|pid| pid.parse::<u32>().ok());
        pid.is_some_and(|pid| !std::path::Path::new(&format!("/proc/{pid}")).exists())
    }

    /// Server used for PostgreSQL test databases: `SISE_TEST_POSTGRES` (default local trust auth).
    pub fn postgres_admin_url() -> String {
        std::env::var("SISE_TEST_POSTGRES")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into())
    }

    pub struct TestDatabase {
        pub url: String,
        pub backend: Backend,
        name: String,
        _dir: Option<tempfile_dir::TempDir>,
    }

    mod tempfile_dir {
        /// A directory removed on drop, without pulling tempfile into non-test builds.
        pub struct TempDir(pub std::path::PathBuf);
        impl Drop for TempDir {
            fn drop(&mut self) {
                let _ = std::fs::remove_dir_all(&self.0);
            }
        }
    }

    impl TestDatabase {
        /// Create an empty database for `service` on `backend`.
        pub async fn create(backend: Backend, service: &str) -> anyhow::Result<Self> {
            // The process id in the name lets a later run drop what a killed run left.
            let name = format!(
                "sise_test_{service}_{}_{:016x}",
                std::process::id(),
                rand::rng().random::<u64>()
            );
            match backend {
                Backend::Sqlite => {
                    reap_orphan_dirs();
                    let dir = std::env::temp_dir().join(&name);
                    std::fs::create_dir_all(&dir)?;
                    let url = format!("sqlite://{}?mode=rwc", dir.join("test.db").display());
                    Ok(Self {
                        url,
                        backend,
                        name,
                        _dir: Some(tempfile_dir::TempDir(dir)),
                    })
                }
                Backend::Postgres => {
                    sqlx::any::install_default_drivers();
                    let admin = postgres_admin_url();
                    let pool = AnyPoolOptions::new()
                        .max_connections(1)
                        .connect(&format!("{admin}/postgres"))
                        .await
                        .context("PostgreSQL test server unreachable (SISE_TEST_POSTGRES)")?;
                    reap_orphans(&pool).await;
                    pool.execute(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
                        .await?;
                    pool.close().await;
                    Ok(Self {
                        url: format!("{admin}/{name}"),
                        backend,
                        name,
                        _dir: None,
                    })
                }
            }
        }

        /// Keep the database for the rest of the process (a system shared by the tests of
        /// one binary); the next run's [`TestDatabase::create`] drops it once this process
        /// has exited.
        pub fn keep(mut self) -> String {
            if let Some(dir) = self._dir.take() {
                std::mem::forget(dir);
            }
            self.url
        }

        /// Drop the PostgreSQL database (SQLite files go with the value).
        pub async fn cleanup(self) -> anyhow::Result<()> {
            if self.backend == Backend::Postgres {
                let pool = AnyPoolOptions::new()
                    .max_connections(1)
                    .connect(&format!("{}/postgres", postgres_admin_url()))
                    .await?;
                pool.execute(sqlx::AssertSqlSafe(format!(
                    "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                    self.name
                )))
                .await?;
                pool.close().await;
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_rows_number_in_binding_order() {
        assert_eq!(value_rows(2, 3), "($1, $2, $3), ($4, $5, $6)");
        assert_eq!(value_rows(1, 1), "($1)");
        assert_eq!(value_rows(0, 4), "");
    }

    #[test]
    fn backend_from_url() {
        assert_eq!(
            Backend::from_url("sqlite://x.db").ok(),
            Some(Backend::Sqlite)
        );
        assert_eq!(
            Backend::from_url("postgres://u@h/db").ok(),
            Some(Backend::Postgres)
        );
        assert!(Backend::from_url("mysql://h").is_err());
    }

    /// Production requires `sslmode=require` or stricter (`crate::config`): the build must
    /// speak TLS to PostgreSQL. The local server of the test machines has TLS on.
    #[tokio::test]
    async fn postgres_over_tls() {
        if !testing::backends().contains(&Backend::Postgres) {
            return;
        }
        let db = testing::TestDatabase::create(Backend::Postgres, "tls")
            .await
            .expect("test database");
        let url = format!("{}?sslmode=require", db.url);
        let migrations = Migrations {
            sqlite: &EMPTY,
            postgres: &EMPTY,
        };
        let connected = Database::connect(&url, &migrations)
            .await
            .expect("connect over TLS");
        // Through `Any`, as an integer (booleans do not decode on every backend).
        let ssl: i32 = sqlx::query_scalar(
            "SELECT CAST(ssl AS INTEGER) FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
        )
        .fetch_one(&connected.pool)
        .await
        .expect("pg_stat_ssl");
        let ssl = ssl == 1;
        assert!(ssl, "the connection is encrypted");
        connected.close().await;
        db.cleanup().await.expect("cleanup");
    }

    static EMPTY: sqlx::migrate::Migrator = sqlx::migrate::Migrator::DEFAULT;
}
