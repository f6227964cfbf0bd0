//! A minimal service for the platform's own tests: its database holds one table
//! (`probe_rows`) and it serves no RPCs of its own, only health and the outbox relay.

// Shared by several test binaries, each using a part of it.
#![allow(dead_code)]

use std::collections::HashMap;
use std::future::Future;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::{Mutex, OnceLock};

use sise_platform::bus::Bus;
use sise_platform::config::ServiceConfig;
use sise_platform::db::{Backend, Database, Migrations};
use sise_platform::server;
use sise_platform::service::Service;
use sise_platform::testing::TestDatabase;

static SQLITE: sqlx::migrate::Migrator =
    sise_platform::db::migrate!("tests/platform/probe/migrations/sqlite");
static POSTGRES: sqlx::migrate::Migrator =
    sise_platform::db::migrate!("tests/platform/probe/migrations/postgres");

pub const MIGRATIONS: Migrations = Migrations {
    sqlite: &SQLITE,
    postgres: &POSTGRES,
};

/// A fresh, migrated probe database on `backend`; [`finish`] closes and drops it.
pub async fn database(backend: Backend, name: &str) -> (TestDatabase, Database) {
    let test_db = TestDatabase::create(backend, name)
        .await
        .expect("test database");
    let db = Database::connect(&test_db.url, &MIGRATIONS)
        .await
        .expect("connect");
    (test_db, db)
}

pub async fn finish(test_db: TestDatabase, db: Database) {
    db.close().await;
    test_db.cleanup().await.expect("cleanup");
}

pub struct Probe {
    listener: server::Listener,
    db: Database,
    bus: Bus,
}

fn databases() -> &'static Mutex<HashMap<SocketAddr, Database>> {
    static DATABASES: OnceLock<Mutex<HashMap<SocketAddr, Database>>> = OnceLock::new();
    DATABASES.get_or_init(Mutex::default)
}

/// The database of the probe listening on `addr`, to break it from a test.
pub fn database_of(addr: SocketAddr) -> Database {
    databases().lock().expect("lock")[&addr].clone()
}

impl Service for Probe {
    const NAME: &'static str = "probe";
    type Config = ServiceConfig;

    async fn build(config: ServiceConfig, data_dir: &Path, bus: Bus) -> anyhow::Result<Self> {
        let (db, listener) = server::open(&config, data_dir, Self::NAME, &MIGRATIONS).await?;
        databases()
            .lock()
            .expect("lock")
            .insert(listener.local_addr()?, db.clone());
        Ok(Self { listener, db, bus })
    }

    fn local_addr(&self) -> anyhow::Result<SocketAddr> {
        Ok(self.listener.local_addr()?)
    }

    async fn run_until_stopped(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        server::serve_with_database(
            self.listener,
            &self.db,
            self.bus,
            &[],
            tonic::service::Routes::default(),
            shutdown,
        )
        .await
    }
}
