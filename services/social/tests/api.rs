//! The social service over the wire: HTTP health endpoints and gRPC health, on every
//! database backend.

use sise_platform::bus::Bus;
use sise_platform::db::testing::{TestDatabase, backends};
use sise_social::{Application, SocialConfig};
use tokio::sync::oneshot;
use tonic::transport::Channel;
use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;

#[tokio::test]
async fn serves_health_on_every_backend() {
    for backend in backends() {
        let test_db = TestDatabase::create(backend, "social").await.expect("db");
        let config = SocialConfig {
            listen: "127.0.0.1:0".parse().expect("addr"),
            database_url: Some(test_db.url.clone()),
        };
        let app = Application::build(config, &std::env::temp_dir(), Bus::in_process())
            .await
            .expect("build");
        let addr = app.local_addr().expect("addr");
        let (stop, stopped) = oneshot::channel::<()>();
        let server = tokio::spawn(app.run_until_stopped(async {
            let _ = stopped.await;
        }));

        let http = reqwest::Client::new();
        for path in ["healthz", "readyz"] {
            let response = http
                .get(format!("http://{addr}/{path}"))
                .send()
                .await
                .expect("http");
            assert_eq!(
                response.status(),
                reqwest::StatusCode::OK,
                "/{path} on {backend:?}"
            );
        }

        // tonic-health's own `connect` needs its `transport` feature; a channel does not.
        let channel = Channel::from_shared(format!("http://{addr}"))
            .expect("uri")
            .connect()
            .await
            .expect("connect");
        let mut health = HealthClient::new(channel);
        for service in ["", sise_social::startup::SERVICE_NAME] {
            let status = health
                .check(HealthCheckRequest {
                    service: service.into(),
                })
                .await
                .expect("health check")
                .into_inner()
                .status;
            assert_eq!(
                status,
                ServingStatus::Serving as i32,
                "{service:?} on {backend:?}"
            );
        }

        drop(health);
        let _ = stop.send(());
        server.await.expect("join").expect("server");
        test_db.cleanup().await.expect("cleanup");
    }
}
