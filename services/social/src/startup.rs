//! Building and running the social service: database and the (for now health-only) server.

use std::future::Future;
use std::net::SocketAddr;
use std::path::Path;

use sise_platform::bus::Bus;
use sise_platform::db::Database;
use sise_platform::server;
use tokio::net::TcpListener;

use crate::config::SocialConfig;
use crate::store::{MIGRATIONS, Store};

/// The name gRPC health reports; the gRPC service of that name arrives with the features.
pub const SERVICE_NAME: &str = "sise.social.v1.SocialService";

pub struct Application {
    listener: TcpListener,
    store: Store,
    bus: Bus,
}

impl Application {
    pub async fn build(config: SocialConfig, data_dir: &Path, bus: Bus) -> anyhow::Result<Self> {
        let db = Database::connect(&config.database_url(data_dir, "social"), &MIGRATIONS).await?;
        let listener = server::bind(config.listen).await?;
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
        let ready = server::ready_check(store.database().clone(), bus);
        let routes = tonic::service::Routes::default();
        let result = server::serve(listener, SERVICE_NAME, routes, ready, shutdown).await;
        store.database().pool.close().await;
        result
    }
}
