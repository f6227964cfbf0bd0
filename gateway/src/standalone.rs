//! Everything in one process on the embedded defaults: the four domain services on
//! ephemeral loopback ports, the gateway on the configured address, one in-process bus
//! (unless configured otherwise) and SQLite files in the data directory.
//!
//! The services still talk gRPC to each other over loopback, so the one-process mode runs
//! exactly the code paths of the distributed mode.

use std::future::Future;
use std::net::SocketAddr;

use futures::future::{BoxFuture, try_join_all};
use sise_platform::bus::{Bus, BusConfig};
use sise_platform::config::Config;
use sise_platform::service::{Launcher, launcher};
use tokio_util::sync::CancellationToken;

use crate::GatewayConfig;

/// The domain services, in start order; each becomes `gateway.upstreams.{name}`.
pub const SERVICES: [Launcher; 4] = [
    launcher::<sise_identity::Application>(),
    launcher::<sise_social::Application>(),
    launcher::<sise_market::Application>(),
    launcher::<sise_favorites::Application>(),
];

pub struct Standalone {
    pub addr: SocketAddr,
    runs: Vec<BoxFuture<'static, anyhow::Result<()>>>,
    cancel: CancellationToken,
}

impl Standalone {
    pub async fn build(mut config: Config) -> anyhow::Result<Self> {
        std::fs::create_dir_all(config.data_dir())?;
        let bus = Bus::connect(&config.section::<BusConfig>("bus")?).await?;
        let cancel = CancellationToken::new();
        let mut runs = Vec::new();
        for service in SERVICES {
            // Each service listens on an ephemeral port; the gateway is told where.
            config.set(&format!("services.{}.listen", service.name), "127.0.0.1:0")?;
            let launched = (service.launch)(&config, bus.clone(), cancel.clone()).await?;
            config.set(
                &format!("gateway.upstreams.{}", service.name),
                format!("http://{}", launched.addr),
            )?;
            runs.push(launched.run);
        }
        let gateway =
            crate::Application::build(config.section::<GatewayConfig>("gateway")?, bus).await?;
        let addr = gateway.local_addr()?;
        let stop = cancel.clone();
        runs.push(Box::pin(
            gateway.run_until_stopped(async move { stop.cancelled().await }),
        ));
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
