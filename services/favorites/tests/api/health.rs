//! Health: the process is up and ready on its database, and gRPC health does not claim
//! `sise.favorites.v1.FavoritesService`, which has no RPCs yet.

use crate::helpers::TestApp;

sise_platform::per_backend! {
    async fn ready_on_its_database_and_claims_only_what_it_serves(backend) {
        let app = TestApp::spawn(backend).await;
        app.service.assert_health(&[], &["sise.favorites.v1.FavoritesService"]).await;
        app.stop().await;
    }
}
