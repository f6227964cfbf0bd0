//! Health: plain HTTP probes and gRPC health for the service it serves.

use sise_proto::identity::v1::identity_service_server::SERVICE_NAME;

use crate::helpers::TestApp;

sise_platform::per_backend! {
    async fn probes_answer_and_grpc_health_reports_the_served_service(backend) {
        let app = TestApp::spawn(backend).await;
        app.service.assert_health(&[SERVICE_NAME], &["sise.social.v1.SocialService"]).await;
        app.stop().await;
    }
}
