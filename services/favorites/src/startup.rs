//! Building and running the favorites service: database and the (for now health-only) server.

use std::future::Future;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use anyhow::Context;
use sise_platform::bus::Bus;
use sise_platform::db::Database;
use sise_platform::server::{self, ReadyCheck};
use tokio::net::TcpListener;

use crate::config::FavoritesConfig;
use crate::store::{MIGRATIONS, Store};

/// The name gRPC health reports; the gRPC service of that name arrives with the features.
pub const SERVICE_NAME: &str = "sise.favorites.v1.FavoritesService";

pub struct Application {
    listener: TcpListener,
    store: Store,
    bus: Bus,
}

impl Application {
    pub async fn build(config: FavoritesConfig, data_dir: &Path, bus: Bus) -> anyhow::Result<Self> {
        let db =
            Database::connect(&config.database_url(data_dir, "favorites"), &MIGRATIONS).await?;
        let listener = TcpListener::bind(config.listen)
            .await
            .with_context(|| format!("cannot listen on {}", config.listen))?;
        Ok(Self {
            listener,
            store: Store::new(db),
            bus,
        })
    }

    pub fn local_addr(&self) -> anyhow::Result<SocketAddr> {
        Ok(self.listener.local_addr()?)
    }

    pub fn store(&self) -> Store {
        self.store.clone()
    }

    pub async fn run_until_stopped(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let Self {
            listener,
            store,
            bus,
        } = self;
        let ready: ReadyCheck = {
            let db = store.database().clone();
            Arc::new(move || {
                let (db, bus) = (db.clone(), bus.clone());
                Box::pin(async move { bus.is_ready() && db.ping().await })
            })
        };
        let routes = tonic::service::Routes::default();
        let result = server::serve(listener, SERVICE_NAME, routes, ready, shutdown).await;
        store.database().pool.close().await;
        result
    }
}
