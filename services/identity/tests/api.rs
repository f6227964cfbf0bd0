//! The identity service over the wire: `Authenticate` through a real tonic client, and the
//! HTTP health endpoints, on every database backend.

use std::time::Duration;

use sise_identity::{Application, IdentityConfig};
use sise_platform::bus::Bus;
use sise_platform::db::testing::{TestDatabase, backends};
use sise_platform::error::{DomainError, ErrorKind};
use sise_proto::identity::v1::AuthenticateRequest;
use sise_proto::identity::v1::identity_service_client::IdentityServiceClient;
use tokio::sync::oneshot;

#[tokio::test]
async fn authenticates_over_grpc_and_reports_health_on_every_backend() {
    for backend in backends() {
        let test_db = TestDatabase::create(backend, "identity").await.expect("db");
        let data_dir = std::env::temp_dir();
        let config = IdentityConfig {
            listen: "127.0.0.1:0".parse().expect("addr"),
            database_url: Some(test_db.url.clone()),
        };
        let app = Application::build(config, &data_dir, Bus::in_process())
            .await
            .expect("build");
        let addr = app.local_addr().expect("addr");
        let store = app.store();
        let user_id = store.create_user("kakao-api", "개미").await.expect("user");
        let session = store
            .create_session(user_id, Duration::from_secs(600))
            .await
            .expect("session");
        let expired = store
            .create_session(user_id, Duration::ZERO)
            .await
            .expect("expired session");
        let (stop, stopped) = oneshot::channel::<()>();
        let server = tokio::spawn(app.run_until_stopped(async {
            let _ = stopped.await;
        }));

        let mut client = IdentityServiceClient::connect(format!("http://{addr}"))
            .await
            .expect("connect");
        let ok = client
            .authenticate(AuthenticateRequest {
                access_token: session.token.clone(),
            })
            .await
            .expect("authenticate")
            .into_inner();
        assert_eq!(ok.user_id, user_id, "on {backend:?}");
        assert_eq!(ok.expires_at_ms, session.expires_at_ms);

        for token in [
            String::new(),
            "f".repeat(64),
            "not-a-token".into(),
            expired.token.clone(),
        ] {
            let status = client
                .authenticate(AuthenticateRequest {
                    access_token: token,
                })
                .await
                .expect_err("must be rejected");
            assert_eq!(status.code(), tonic::Code::Unauthenticated);
            let error = DomainError::from_status(&status);
            assert_eq!(
                (error.kind, error.code.as_ref()),
                (ErrorKind::Unauthenticated, "invalid_token")
            );
            assert_eq!(error.message, "로그인이 필요합니다.");
        }

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
            assert_eq!(response.version(), reqwest::Version::HTTP_11);
        }

        drop(client);
        let _ = stop.send(());
        server.await.expect("join").expect("server");
        test_db.cleanup().await.expect("cleanup");
    }
}
