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
