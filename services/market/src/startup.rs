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
use sise_proto::market::v1::asset_service_server::AssetServiceServer;
use sise_proto::market::v1::chart_service_server::ChartServiceServer;
use sise_proto::market::v1::market_service_server::MarketServiceServer;
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

use crate::assets::grpc::AssetGrpc;
use crate::charts::grpc::ChartGrpc;
use crate::charts::minute::IntradayBook;
use crate::charts::store::ChartStore;
use crate::charts::{self, ChartFeed};
use crate::config::MarketConfig;
use crate::feed::{self, QuoteBoard};
use crate::grpc::MarketGrpc;
use crate::simulator::{Simulator, now_kst};
use crate::store::{MIGRATIONS, Store};
use crate::{dataset, popularity};

pub struct Application {
    listener: TcpListener,
    config: MarketConfig,
    store: Store,
    bus: Bus,
    board: Arc<QuoteBoard>,
    simulator: Simulator,
    charts: ChartStore,
    book: Arc<IntradayBook>,
    articles: crate::articles::Articles,
    companies: crate::company::Companies,
    assets: crate::assets::Assets,
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
        let companies =
            crate::company::Companies::build(&store, &config.dataset_dir, &listing).await?;
        let securities = store.securities().await?;
        let articles = crate::articles::Articles::build(
            store.database().clone(),
            &config.dataset_dir,
            &securities,
            config.dart.clone(),
            config.news.clone(),
        )
        .await?;
        let start = now_kst();
        let charts = charts::prepare(
            ChartStore::new(store.database().clone()),
            &config.dataset_dir,
            &securities,
            &config.simulator,
            &config.charts,
            start,
        )
        .await?;
        let ids = securities
            .iter()
            .map(|s| s.security_id.as_str().to_owned())
            .collect();
        let book = Arc::new(IntradayBook::new(ids, config.simulator.mode(), start));
        let (simulator, board) = feed::build(
            securities.clone(),
            &config.simulator,
            start,
            &charts.last_closes,
        );
        let assets = crate::assets::prepare(
            store.database().clone(),
            &config.dataset_dir,
            &securities,
            &simulator,
            board.clone(),
            &config.simulator,
            &config.assets,
            start,
        )
        .await?;
        let charts = charts.store;
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
            charts,
            book,
            articles,
            companies,
            assets,
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
            charts,
            book,
            articles,
            companies,
            assets,
        } = self;
        let cancel = CancellationToken::new();
        let (chart_feed, closes) = ChartFeed::new(book.clone());
        // Ends when the feed stops and drops the sender, after storing the last closes.
        let chart_writer = tokio::spawn(charts::run_writer(charts.clone(), closes));
        let feed = tokio::spawn(feed::run(
            simulator,
            board.clone(),
            bus.clone(),
            config.simulator.clone(),
            vec![
                Arc::new(chart_feed),
                assets.composites.clone() as Arc<dyn feed::StepObserver>,
            ],
            cancel.clone(),
        ));
        let asset_task = tokio::spawn(crate::assets::live::run(
            assets.engine,
            assets.store.clone(),
            bus.clone(),
            config.simulator.tick_interval(),
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
        let ingestors = articles.spawn_ingestors(bus.clone(), cancel.clone())?;
        let ready: ReadyCheck = {
            let (db, bus, board) = (store.database().clone(), bus.clone(), board.clone());
            Arc::new(move || {
                let (db, bus, board) = (db.clone(), bus.clone(), board.clone());
                Box::pin(async move { !board.is_empty() && bus.is_ready() && db.ping().await })
            })
        };
        let routes = tonic::service::Routes::new(MarketServiceServer::new(MarketGrpc::new(
            board.clone(),
            bus,
        )))
        .add_service(companies.service(board.clone(), charts.clone(), book.clone()))
        .add_service(ChartServiceServer::new(ChartGrpc::new(charts, book, board)))
        .add_service(articles.service())
        .add_service(AssetServiceServer::new(AssetGrpc::new(
            assets.board,
            assets.store.clone(),
        )));
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
        let _ = asset_task.await;
        let _ = chart_writer.await;
        let _ = consumer.await;
        for ingestor in ingestors {
            let _ = ingestor.await;
        }
        store.database().pool.close().await;
        result
    }
}
