//! Health: plain HTTP probes and gRPC health for the service it serves.

use sise_proto::identity::v1::identity_service_server::SERVICE_NAME;
use tonic_health::pb::health_check_response::ServingStatus;

use crate::helpers::TestApp;

sise_platform::per_backend! {
    async fn probes_answer_and_grpc_health_reports_the_served_service(backend) {
        let app = TestApp::spawn(backend).await;
        for path in ["/healthz", "/readyz"] {
            let response = app.service.get(path).await;
            assert_eq!(response.status(), reqwest::StatusCode::OK, "{path}");
            assert_eq!(response.version(), reqwest::Version::HTTP_11);
        }
        for service in ["", SERVICE_NAME] {
            assert_eq!(app.service.health(service).await, Ok(ServingStatus::Serving), "{service:?}");
        }
        app.stop().await;
    }
}
