//! Health: the process is up and ready on its database, and gRPC health does not claim
//! `sise.social.v1.SocialService`, which has no RPCs yet.

use tonic_health::pb::health_check_response::ServingStatus;

use crate::helpers::TestApp;

/// The name the generated server will carry once the service has RPCs.
const SERVICE_NAME: &str = "sise.social.v1.SocialService";

sise_platform::per_backend! {
    async fn ready_on_its_database_and_claims_only_what_it_serves(backend) {
        let app = TestApp::spawn(backend).await;
        for path in ["/healthz", "/readyz"] {
            let response = app.service.get(path).await;
            assert_eq!(response.status(), reqwest::StatusCode::OK, "{path}");
        }
        assert_eq!(app.service.health("").await, Ok(ServingStatus::Serving));
        assert_eq!(app.service.health(SERVICE_NAME).await, Err(tonic::Code::NotFound));
        app.stop().await;
    }
}
