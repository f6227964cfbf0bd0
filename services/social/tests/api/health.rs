//! Health: the process is up and ready on its database, and gRPC health does not claim
//! `sise.social.v1.SocialService`, which has no RPCs yet.

use crate::helpers::TestApp;

sise_platform::per_backend! {
    async fn ready_on_its_database_and_claims_only_what_it_serves(backend) {
        let app = TestApp::spawn(backend).await;
        app.service.assert_health(&[], &["sise.social.v1.SocialService"]).await;
        app.stop().await;
    }
}
