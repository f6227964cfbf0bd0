//! Building and running the favorites service: its database, its market and identity
//! clients, the gRPC server of `sise.favorites.v1.FavoritesService` (every member verified
//! by its signature) and the consumer of identity's secessions (`secession`).

use std::future::Future;
use std::net::SocketAddr;
use std::path::Path;

use sise_platform::bus::Bus;
use sise_platform::member::MemberKey;
use sise_platform::server;
use sise_platform::service::Service;

use sise_proto::favorites::v1::favorites_service_server::{FavoritesServiceServer, SERVICE_NAME};
use sise_proto::identity::v1::identity_service_client::IdentityServiceClient;
use sise_proto::market::v1::market_service_client::MarketServiceClient;
use tokio_util::sync::CancellationToken;
use tonic::transport::{Channel, Endpoint};

use crate::config::FavoritesConfig;
use crate::grpc::FavoritesGrpc;
use crate::secession;
use crate::store::{Limits, MIGRATIONS, Store};

pub struct Application {
    listener: server::Listener,
    store: Store,
    market: MarketServiceClient<Channel>,
    identity: IdentityServiceClient<Channel>,
    member_key: MemberKey,
    bus: Bus,
}

impl Application {
    pub fn store(&self) -> Store {
        self.store.clone()
    }
}

impl Service for Application {
    const NAME: &'static str = "favorites";
    type Config = FavoritesConfig;

    async fn build(config: FavoritesConfig, data_dir: &Path, bus: Bus) -> anyhow::Result<Self> {
        let (db, listener) =
            server::open(&config.service, data_dir, Self::NAME, &MIGRATIONS).await?;
        let limits = Limits {
            max_lists: config.max_lists,
            max_stocks_per_list: config.max_stocks_per_list,
        };
        let member_key = config.service.member_key(Self::NAME)?;
        // Connect lazily and reconnect on their own: market and identity may start after
        // this service.
        let connect = |url: &str| -> anyhow::Result<Channel> {
            Ok(Endpoint::from_shared(url.to_owned())?
                .connect_timeout(std::time::Duration::from_secs(2))
                .timeout(std::time::Duration::from_secs(5))
                .connect_lazy())
        };
        Ok(Self {
            listener,
            store: Store::new(db, limits),
            market: MarketServiceClient::new(connect(&config.market_url)?),
            identity: IdentityServiceClient::new(connect(&config.identity_url)?),
            member_key,
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
        let routes =
            tonic::service::Routes::new(self.member_key.guard(FavoritesServiceServer::new(
                FavoritesGrpc::new(self.store.clone(), self.market, self.identity),
            )));
        // Stops with the shutdown signal, before the pool closes.
        let stop = CancellationToken::new();
        let secessions = tokio::spawn(secession::run(
            self.bus.clone(),
            self.store.clone(),
            stop.clone(),
        ));
        let shutdown = {
            let stop = stop.clone();
            async move {
                shutdown.await;
                stop.cancel();
            }
        };
        let result = server::serve_with_database(
            self.listener,
            self.store.database(),
            self.bus,
            &[SERVICE_NAME],
            routes,
            shutdown,
        )
        .await;
        stop.cancel();
        let _ = secessions.await;
        result
    }
}
