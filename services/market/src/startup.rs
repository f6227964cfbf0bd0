//! Building and running the market service: the database, the dataset, the simulator and
//! its feed, then every feature plugged in (see [`crate::feature`]), the role loop (see
//! [`crate::runtime`]: leader or follower, supervised tasks) and the gRPC server.

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
use sise_platform::task::Backoff;
use tokio_util::sync::CancellationToken;

use crate::charts::ChartStore;
use crate::config::MarketConfig;
use crate::feature::{self, Assembly, Context, Feature};
use crate::feed::{self, FeedState, QuoteBoard};
use crate::leader::Election;
use crate::runtime::Runtime;
use crate::securities::SecurityStore;
use crate::simulator::clock::previous_trading_day;
use crate::simulator::{Simulator, SimulatorSettings, now_kst};
use crate::store::MIGRATIONS;
use crate::{
    articles, assets, charts, closed_days, company, dataset, etfs, moves, search, securities,
    trends,
};

pub struct Application {
    listener: server::Listener,
    db: Database,
    bus: Bus,
    cancel: CancellationToken,
    simulator: Simulator,
    settings: SimulatorSettings,
    board: Arc<QuoteBoard>,
    features: Vec<Feature>,
    election: Election,
    backoff: Backoff,
    charts: ChartStore,
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
        crate::simulator::clock::set_clock_offset(config.simulator.clock_offset_secs);
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
        let election = Election::new(
            config.service.database_url(data_dir, Self::NAME),
            config.leader.clone(),
        )?;
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
        let (assets, foreign_indexes, market_days) = assets::build(&cx, &config.assets).await?;
        // The WICS groups, summed live by `trends` and for past days by `closed_days`.
        let sectors = Arc::new(trends::sectors::load(cx.dataset_dir, cx.securities)?);
        let features = vec![
            securities::build(&cx),
            charts::build(&cx, &charts, &config.charts),
            company::build(&cx, &charts).await?,
            articles::build(&cx, &config.dart, &config.news).await?,
            assets,
            etfs::build(&cx)?,
            search::build(&cx)?,
            trends::build(
                &cx,
                &charts,
                foreign_indexes,
                market_days.clone(),
                sectors.clone(),
                &config.trends,
            )?,
            moves::build(&cx, &charts),
            closed_days::build(&cx, &charts, market_days, sectors),
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
            election,
            backoff: config.tasks,
            charts: charts.store,
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
            election,
            backoff,
            charts,
        } = self;
        let Assembly {
            observers,
            tasks,
            leader_tasks,
            follows,
            takeovers,
            routes,
            served,
        } = feature::assemble(features);
        let last_close_date = previous_trading_day(simulator.trading_date());
        let runtime = Runtime {
            election,
            feed: Arc::new(tokio::sync::Mutex::new(FeedState {
                simulator,
                observers,
            })),
            board: board.clone(),
            bus: bus.clone(),
            settings,
            backoff,
            leader_tasks,
            follows,
            takeovers,
            charts,
            last_close_date,
        };
        let status = runtime.status();
        let roles = tokio::spawn(runtime.run(status.clone(), cancel.clone()));
        let tasks: Vec<_> = tasks.into_iter().map(tokio::spawn).collect();
        // Stopped after the tasks, so that what they commit last still goes out.
        let relay_stop = CancellationToken::new();
        let relay = tokio::spawn(outbox::relay(
            db.clone(),
            bus.clone(),
            Self::NAME,
            relay_stop.clone(),
        ));
        // Ready once the usual checks pass, the board holds the quotes and this replica's
        // critical task (the feed on the leader, the follower elsewhere) keeps running.
        let ready: ReadyCheck = {
            let usual = server::ready_check(db.clone(), bus.clone());
            Arc::new(move || {
                let (usual, board, status) = (usual.clone(), board.clone(), status.clone());
                Box::pin(async move {
                    let running = status.ready();
                    if !running {
                        status.log();
                    }
                    running && !board.is_empty() && usual().await
                })
            })
        };
        let result = server::serve(listener, &served, routes, ready, bus, shutdown).await;
        cancel.cancel();
        // Stores what the feed left pending (closes, asset days) before the pool closes.
        let _ = roles.await;
        for task in tasks {
            let _ = task.await;
        }
        relay_stop.cancel();
        let _ = relay.await;
        db.close().await;
        result
    }
}
