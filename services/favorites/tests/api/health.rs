//! Health: the process is up and ready on its database, and gRPC health reports
//! `sise.favorites.v1.FavoritesService`, which it serves.

use crate::helpers::TestApp;

sise_platform::per_backend! {
    async fn ready_on_its_database_and_reports_its_service(backend) {
        let app = TestApp::spawn(backend).await;
        app.service.assert_health(&["sise.favorites.v1.FavoritesService"], &[]).await;
        app.stop().await;
    }
}

/// No unsigned mode: without `services.favorites.member_key` the service does not start.
#[tokio::test]
async fn refuses_to_start_without_a_member_key() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut config = sise_platform::config::Config::load_from(
        &sise_platform::testing::repo_root().join("config"),
        "local",
    )
    .expect("configuration");
    config
        .set("data_dir", dir.path().display().to_string())
        .expect("set");
    config
        .set("services.favorites.listen", "127.0.0.1:0")
        .expect("set");
    let bus = sise_platform::bus::Bus::connect(&config.section("bus").expect("bus"))
        .await
        .expect("bus");
    let stop = tokio_util::sync::CancellationToken::new();
    let refused =
        sise_platform::service::launch::<sise_favorites::Application>(&config, bus, stop).await;
    let error = format!("{:#}", refused.err().expect("refused"));
    assert!(error.contains("services.favorites.member_key"), "{error}");
}
