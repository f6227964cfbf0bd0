//! Building and running the market service: database, dataset, simulator, feed,
//! consumers and the gRPC server.

use std::future::Future;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use anyhow::Context;
use sise_platform::bus::Bus;
use sise_platform::db::Database;
use sise_platform::server::{self, ReadyCheck};
use sise_proto::market::v1::market_service_server::MarketServiceServer;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

use crate::config::MarketConfig;
use crate::feed::{self, QuoteBoard, now_kst};
use crate::grpc::MarketGrpc;
use crate::simulator::Simulator;
use crate::store::{MIGRATIONS, Store};
use crate::{dataset, popularity};

pub struct Application {
    listener: TcpListener,
    config: MarketConfig,
    store: Store,
    bus: Bus,
    board: Arc<QuoteBoard>,
    simulator: Simulator,
}

impl Application {
    pub async fn build(config: MarketConfig, data_dir: &Path, bus: Bus) -> anyhow::Result<Self> {
        let url = config.database_url.clone().unwrap_or_else(|| {
            format!("sqlite://{}?mode=rwc", data_dir.join("market.db").display())
        });
        let db = Database::connect(&url, &MIGRATIONS).await?;
        let store = Store::new(db);
        let listing = dataset::load_listing(&config.dataset_dir)
            .with_context(|| format!("dataset_dir {}", config.dataset_dir.display()))?;
        if store.seed_securities(&listing).await? {
            tracing::info!(
                securities = listing.len(),
                "seeded securities from the dataset"
            );
        }
        let securities = store.securities().await?;
        let (simulator, board) = feed::build(securities, &config.simulator, now_kst());
        let listener = TcpListener::bind(config.listen)
            .await
            .with_context(|| format!("cannot listen on {}", config.listen))?;
        Ok(Self {
            listener,
            config,
            store,
            bus,
            board,
            simulator,
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
            config,
            store,
            bus,
            board,
            simulator,
        } = self;
        let cancel = CancellationToken::new();
        let feed = tokio::spawn(feed::run(
            simulator,
            board.clone(),
            bus.clone(),
            config.simulator.clone(),
            cancel.clone(),
        ));
        let consumer = {
            let (bus, store, cancel) = (bus.clone(), store.clone(), cancel.clone());
            tokio::spawn(async move {
                tokio::select! {
                    result = popularity::run(bus, store) => {
                        if let Err(error) = result {
                            tracing::error!(error = format!("{error:#}"), "popularity consumer stopped");
                        }
                    }
                    () = cancel.cancelled() => {}
                }
            })
        };
        let ready: ReadyCheck = {
            let (db, bus, board) = (store.database().clone(), bus.clone(), board.clone());
            Arc::new(move || {
                let (db, bus, board) = (db.clone(), bus.clone(), board.clone());
                Box::pin(async move { !board.is_empty() && bus.is_ready() && db.ping().await })
            })
        };
        let routes =
            tonic::service::Routes::new(MarketServiceServer::new(MarketGrpc::new(board, bus)));
        let result = server::serve(
            listener,
            "sise.market.v1.MarketService",
            routes,
            ready,
            shutdown,
        )
        .await;
        cancel.cancel();
        let _ = feed.await;
        let _ = consumer.await;
        store.database().pool.close().await;
        result
    }
}
