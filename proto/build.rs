//! Compiles the `.proto` files with protox (pure Rust: no system `protoc` needed).
fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("cargo:rerun-if-changed=proto");
    let files = [
        "proto/sise/market/v1/market.proto",
        "proto/sise/market/v1/events.proto",
        "proto/sise/market/v1/company.proto",
        "proto/sise/market/v1/charts.proto",
        "proto/sise/market/v1/articles.proto",
        "proto/sise/market/v1/assets.proto",
        "proto/sise/market/v1/search.proto",
        "proto/sise/market/v1/trends.proto",
        "proto/sise/market/v1/etfs.proto",
        "proto/sise/market/v1/moves.proto",
        "proto/sise/market/v1/days.proto",
        "proto/sise/identity/v1/identity.proto",
        "proto/sise/social/v1/social.proto",
        "proto/sise/social/v1/support.proto",
        "proto/sise/social/v1/articles.proto",
        "proto/sise/social/v1/contests.proto",
        "proto/sise/social/v1/site.proto",
        "proto/sise/favorites/v1/favorites.proto",
    ];
    let fds = protox::compile(files, ["proto"])?;
    tonic_prost_build::configure().compile_fds(fds)?;
    Ok(())
}
