//! Building and running the market service: the database, the dataset, the simulator and
//! its feed, then every feature plugged in (see [`crate::feature`]) and the gRPC server.

use std::future::Future;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

use anyhow::Context as _;
use sise_platform::bus::Bus;
use sise_platform::db::Database;
use sise_platform::outbox;
use sise_platform::server::{self, ReadyCheck};
use sise_platform::service::Service;
use tokio_util::sync::CancellationToken;

use crate::config::MarketConfig;
use crate::feature::{self, Assembly, Context, Feature};
use crate::feed::{self, QuoteBoard};
use crate::securities::SecurityStore;
use crate::simulator::{Simulator, SimulatorSettings, now_kst};
use crate::store::MIGRATIONS;
use crate::{articles, assets, charts, company, dataset, securities};

pub struct Application {
    listener: server::Listener,
    db: Database,
    bus: Bus,
    cancel: CancellationToken,
    simulator: Simulator,
    settings: SimulatorSettings,
    board: Arc<QuoteBoard>,
    features: Vec<Feature>,
}

impl Application {
    /// The securities and page views of the market database.
    pub fn store(&self) -> SecurityStore {
        SecurityStore::new(self.db.clone())
    }
}

impl Service for Application {
    const NAME: &'static str = "market";
    type Config = MarketConfig;

    async fn build(config: MarketConfig, data_dir: &Path, bus: Bus) -> anyhow::Result<Self> {
        let (db, listener) =
            server::open(&config.service, data_dir, Self::NAME, &MIGRATIONS).await?;
        let dataset_dir = config.dataset_dir.as_path();
        let listing = dataset::load_listing(dataset_dir)
            .with_context(|| format!("dataset_dir {}", dataset_dir.display()))?;
        let securities = securities::load(&db, &listing).await?;
        let start = now_kst();
        // Before the feed: the simulator resumes where each stock's candles end.
        let charts = charts::prepare(
            charts::ChartStore::new(db.clone()),
            dataset_dir,
            &securities,
            &config.simulator,
            &config.charts,
            start,
        )
        .await?;
        let (simulator, board) = feed::build(
            securities.clone(),
            &config.simulator,
            start,
            &charts.last_closes,
        );
        let cancel = CancellationToken::new();
        let cx = Context {
            db: &db,
            bus: &bus,
            cancel: &cancel,
            dataset_dir,
            listing: &listing,
            securities: &securities,
            simulator: &simulator,
            settings: &config.simulator,
            board: &board,
            start,
        };
        // In this order the feed's observers see each step.
        let features = vec![
            securities::build(&cx),
            charts::build(&cx, &charts),
            company::build(&cx, &charts).await?,
            articles::build(&cx, &config.dart, &config.news).await?,
            assets::build(&cx, &config.assets).await?,
        ];
        Ok(Self {
            listener,
            db,
            bus,
            cancel,
            simulator,
            settings: config.simulator,
            board,
            features,
        })
    }

    fn local_addr(&self) -> anyhow::Result<SocketAddr> {
        Ok(self.listener.local_addr()?)
    }

    async fn run_until_stopped(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let Self {
            listener,
            db,
            bus,
            cancel,
            simulator,
            settings,
            board,
            features,
        } = self;
        let Assembly {
            observers,
            tasks,
            routes,
            served,
        } = feature::assemble(features);
        let feed = tokio::spawn(feed::run(
            simulator,
            board.clone(),
            bus.clone(),
            settings,
            observers,
            cancel.clone(),
        ));
        let tasks: Vec<_> = tasks.into_iter().map(tokio::spawn).collect();
        // Stopped after the tasks, so that what they commit last still goes out.
        let relay_stop = CancellationToken::new();
        let relay = tokio::spawn(outbox::relay(
            db.clone(),
            bus.clone(),
            Self::NAME,
            relay_stop.clone(),
        ));
        // Ready once the usual checks pass and the board holds the quotes.
        let ready: ReadyCheck = {
            let usual = server::ready_check(db.clone(), bus);
            Arc::new(move || {
                let (usual, board) = (usual.clone(), board.clone());
                Box::pin(async move { !board.is_empty() && usual().await })
            })
        };
        let result = server::serve(listener, &served, routes, ready, shutdown).await;
        cancel.cancel();
        let _ = feed.await;
        for task in tasks {
            let _ = task.await;
        }
        relay_stop.cancel();
        let _ = relay.await;
        db.pool.close().await;
        result
    }
}
