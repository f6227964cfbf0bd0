//! `sise-gateway`: the gateway as its own process (distributed mode).
//! `sise-gateway openapi` prints the OpenAPI document instead.

use sise_platform::bus::{Bus, BusConfig};
use sise_platform::config::Config;
use sise_platform::server::shutdown_signal;
use sise_platform::telemetry::{self, TelemetryConfig};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    if std::env::args().nth(1).as_deref() == Some("openapi") {
        let doc = sise_gateway::startup::api_document();
        println!("{}", doc.to_pretty_json()?);
        return Ok(());
    }
    let config = Config::load()?;
    let _telemetry = telemetry::init("gateway", &config.section::<TelemetryConfig>("telemetry")?)?;
    let bus = Bus::connect(&config.section::<BusConfig>("bus")?).await?;
    let app = sise_gateway::Application::build(config.section("gateway")?, bus).await?;
    let addr = app.local_addr()?;
    tracing::info!(%addr, "gateway listening");
    println!("sise-gateway: listening on http://{addr}");
    app.run_until_stopped(shutdown_signal()).await
}
