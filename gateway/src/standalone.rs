//! Everything in one process on the embedded defaults: the four domain services on
//! ephemeral loopback ports, the gateway on the configured address, one in-process bus
//! (unless configured otherwise) and SQLite files in the data directory.
//!
//! The services still talk gRPC to each other over loopback, so the one-process mode runs
//! exactly the code paths of the distributed mode.

use std::future::Future;
use std::net::SocketAddr;

use futures::future::try_join_all;
use sise_platform::bus::{Bus, BusConfig};
use sise_platform::config::{Config, ServiceConfig};
use tokio_util::sync::CancellationToken;

use crate::GatewayConfig;

pub struct Standalone {
    pub addr: SocketAddr,
    runs: Vec<std::pin::Pin<Box<dyn Future<Output = anyhow::Result<()>> + Send>>>,
    cancel: CancellationToken,
}

impl Standalone {
    pub async fn build(mut config: Config) -> anyhow::Result<Self> {
        let data_dir = config.data_dir();
        std::fs::create_dir_all(&data_dir)?;
        let bus = Bus::connect(&config.section::<BusConfig>("bus")?).await?;
        for service in ["identity", "social", "market", "favorites"] {
            config.set(&format!("services.{service}.listen"), "127.0.0.1:0")?;
        }
        let cancel = CancellationToken::new();
        let mut runs: Vec<std::pin::Pin<Box<dyn Future<Output = anyhow::Result<()>> + Send>>> =
            Vec::new();
        let stop = |cancel: &CancellationToken| {
            let cancel = cancel.clone();
            async move { cancel.cancelled().await }
        };

        let identity = sise_identity::Application::build(
            config.section::<ServiceConfig>("services.identity")?,
            &data_dir,
            bus.clone(),
        )
        .await?;
        config.set(
            "gateway.upstreams.identity",
            format!("http://{}", identity.local_addr()?),
        )?;
        runs.push(Box::pin(identity.run_until_stopped(stop(&cancel))));

        let social = sise_social::Application::build(
            config.section::<ServiceConfig>("services.social")?,
            &data_dir,
            bus.clone(),
        )
        .await?;
        config.set(
            "gateway.upstreams.social",
            format!("http://{}", social.local_addr()?),
        )?;
        runs.push(Box::pin(social.run_until_stopped(stop(&cancel))));

        let market = sise_market::Application::build(
            config.section("services.market")?,
            &data_dir,
            bus.clone(),
        )
        .await?;
        config.set(
            "gateway.upstreams.market",
            format!("http://{}", market.local_addr()?),
        )?;
        runs.push(Box::pin(market.run_until_stopped(stop(&cancel))));

        let favorites = sise_favorites::Application::build(
            config.section::<ServiceConfig>("services.favorites")?,
            &data_dir,
            bus.clone(),
        )
        .await?;
        config.set(
            "gateway.upstreams.favorites",
            format!("http://{}", favorites.local_addr()?),
        )?;
        runs.push(Box::pin(favorites.run_until_stopped(stop(&cancel))));

        let gateway =
            crate::Application::build(config.section::<GatewayConfig>("gateway")?, bus).await?;
        let addr = gateway.local_addr()?;
        runs.push(Box::pin(gateway.run_until_stopped(stop(&cancel))));
        Ok(Self { addr, runs, cancel })
    }

    /// Run until `shutdown`; a failing component stops the others.
    pub async fn run_until_stopped(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let cancel = self.cancel.clone();
        tokio::spawn(async move {
            shutdown.await;
            cancel.cancel();
        });
        let cancel = self.cancel.clone();
        let runs = self.runs.into_iter().map(|run| {
            let cancel = cancel.clone();
            async move {
                let result = run.await;
                cancel.cancel();
                result
            }
        });
        try_join_all(runs).await.map(|_| ())
    }
}
