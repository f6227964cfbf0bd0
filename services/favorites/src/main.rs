//! `sise-favorites`: the favorites service as its own process (distributed mode).

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    sise_platform::service::main::<sise_favorites::Application>().await
}
