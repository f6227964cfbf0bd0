//! Building and running the identity service: its database and the gRPC server.

use std::future::Future;
use std::net::SocketAddr;
use std::path::Path;

use sise_platform::bus::Bus;
use sise_platform::server;
use sise_platform::service::Service;
use sise_proto::identity::v1::identity_service_server::{IdentityServiceServer, SERVICE_NAME};

use crate::config::IdentityConfig;
use crate::grpc::IdentityGrpc;
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
    const NAME: &'static str = "identity";
    type Config = IdentityConfig;

    async fn build(config: IdentityConfig, data_dir: &Path, bus: Bus) -> anyhow::Result<Self> {
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
        let routes = tonic::service::Routes::new(IdentityServiceServer::new(IdentityGrpc::new(
            self.store.clone(),
        )));
        server::serve_with_database(
            self.listener,
            self.store.database(),
            self.bus,
            &[SERVICE_NAME],
            routes,
            shutdown,
        )
        .await
    }
}
