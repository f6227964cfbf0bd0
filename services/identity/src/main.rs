//! `sise-identity`: the identity service as its own process (distributed mode).

use sise_platform::bus::{Bus, BusConfig};
use sise_platform::config::Config;
use sise_platform::server::shutdown_signal;
use sise_platform::telemetry::{self, TelemetryConfig};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let config = Config::load()?;
    let _telemetry = telemetry::init("identity", &config.section::<TelemetryConfig>("telemetry")?)?;
    let bus = Bus::connect(&config.section::<BusConfig>("bus")?).await?;
    let app = sise_identity::Application::build(
        config.section(sise_identity::config::SECTION)?,
        &config.data_dir(),
        bus,
    )
    .await?;
    tracing::info!(addr = %app.local_addr()?, "identity service listening");
    app.run_until_stopped(shutdown_signal()).await
}
