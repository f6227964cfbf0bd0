//! `sise`: the whole service in one process on the embedded defaults.

use sise_platform::config::Config;
use sise_platform::server::shutdown_signal;
use sise_platform::telemetry::{self, TelemetryConfig};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let config = Config::load()?;
    let _telemetry = telemetry::init("sise", &config.section::<TelemetryConfig>("telemetry")?)?;
    let standalone = sise_gateway::standalone::Standalone::build(config).await?;
    // Printed (not logged) so scripts and people can find the address in any log format.
    println!("sise: listening on http://{}", standalone.addr);
    println!(
        "sise: open http://{}/m/stocks/KOREA-A005930",
        standalone.addr
    );
    standalone.run_until_stopped(shutdown_signal()).await
}
