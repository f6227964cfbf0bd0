//! `sise-market`: the market service as its own process (distributed mode).

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    sise_platform::service::main::<sise_market::Application>().await
}
