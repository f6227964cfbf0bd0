//! Building and running the social service: its database and server. The gRPC service
//! `sise.social.v1.SocialService` (proto in place) is served, and reported by gRPC health,
//! once it has RPCs.

use std::future::Future;
use std::net::SocketAddr;
use std::path::Path;

use sise_platform::bus::Bus;
use sise_platform::server;
use sise_platform::service::Service;

use crate::config::SocialConfig;
use crate::store::{MIGRATIONS, Store};

pub struct Application {
    listener: server::Listener,
    store: Store,
    bus: Bus,
}

impl Application {
    pub fn store(&self) -> Store {
        self.store.clone()
    }
}

impl Service for Application {
    const NAME: &'static str = "social";
    type Config = SocialConfig;

    async fn build(config: SocialConfig, data_dir: &Path, bus: Bus) -> anyhow::Result<Self> {
        let (db, listener) = server::open(&config, data_dir, Self::NAME, &MIGRATIONS).await?;
        Ok(Self {
            listener,
            store: Store::new(db),
            bus,
        })
    }

    fn local_addr(&self) -> anyhow::Result<SocketAddr> {
        Ok(self.listener.local_addr()?)
    }

    async fn run_until_stopped(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let routes = tonic::service::Routes::default();
        server::serve_with_database(
            self.listener,
            self.store.database(),
            self.bus,
            &[],
            routes,
            shutdown,
        )
        .await
    }
}
