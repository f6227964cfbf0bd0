//! The shape every domain service has, so that one process (`sise`), a service's own
//! binary and the test kit run any of them the same way.

use std::future::Future;
use std::net::SocketAddr;
use std::path::Path;

use futures::future::BoxFuture;
use serde::de::DeserializeOwned;
use tokio_util::sync::CancellationToken;

use crate::bus::{Bus, BusConfig};
use crate::config::Config;
use crate::server::shutdown_signal;
use crate::telemetry::{self, TelemetryConfig};

/// A domain service: built from its configuration section `services.{NAME}`, serving gRPC
/// on its listener until the shutdown future resolves.
pub trait Service: Sized + Send + 'static {
    /// The domain's one name: configuration section, upstream, database file, binary.
    const NAME: &'static str;
    type Config: DeserializeOwned + Send;

    fn build(
        config: Self::Config,
        data_dir: &Path,
        bus: Bus,
    ) -> impl Future<Output = anyhow::Result<Self>> + Send;

    fn local_addr(&self) -> anyhow::Result<SocketAddr>;

    /// The address of the service's operators' listener, if it has one
    /// (`crate::operator`): never the port the gateway calls.
    fn operator_addr(&self) -> anyhow::Result<Option<SocketAddr>> {
        Ok(None)
    }

    fn run_until_stopped(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> impl Future<Output = anyhow::Result<()>> + Send;
}

/// A built service, listening, and the future that serves it until its shutdown.
pub struct Launched {
    pub addr: SocketAddr,
    /// The operators' listener, for a service that has one.
    pub operator_addr: Option<SocketAddr>,
    pub run: BoxFuture<'static, anyhow::Result<()>>,
}

/// Builds `S` from its section of `config`; it serves until `stop` is cancelled.
pub async fn launch<S: Service>(
    config: &Config,
    bus: Bus,
    stop: CancellationToken,
) -> anyhow::Result<Launched> {
    let section = config.section::<S::Config>(&format!("services.{}", S::NAME))?;
    let app = S::build(section, &config.data_dir(), bus).await?;
    let addr = app.local_addr()?;
    let operator_addr = app.operator_addr()?;
    Ok(Launched {
        addr,
        operator_addr,
        run: Box::pin(app.run_until_stopped(stop.cancelled_owned())),
    })
}

/// A service of a list that is walked at run time (the one-process mode): its name, and
/// [`launch`] for it.
#[derive(Clone, Copy)]
pub struct Launcher {
    pub name: &'static str,
    pub launch:
        for<'a> fn(&'a Config, Bus, CancellationToken) -> BoxFuture<'a, anyhow::Result<Launched>>,
}

pub const fn launcher<S: Service>() -> Launcher {
    Launcher {
        name: S::NAME,
        launch: |config, bus, stop| Box::pin(launch::<S>(config, bus, stop)),
    }
}

/// The `main` of a service's own binary (distributed mode): configuration, telemetry, bus,
/// then serve until Ctrl-C or SIGTERM.
pub async fn main<S: Service>() -> anyhow::Result<()> {
    let config = Config::load()?;
    let _telemetry = telemetry::init(S::NAME, &config.section::<TelemetryConfig>("telemetry")?)?;
    let bus = Bus::connect(&config.section::<BusConfig>("bus")?).await?;
    let stop = CancellationToken::new();
    let launched = launch::<S>(&config, bus, stop.clone()).await?;
    tracing::info!(addr = %launched.addr, service = S::NAME, "service listening");
    if let Some(addr) = launched.operator_addr {
        tracing::info!(%addr, service = S::NAME, "operators' API listening");
    }
    tokio::spawn(async move {
        shutdown_signal().await;
        stop.cancel();
    });
    launched.run.await
}
