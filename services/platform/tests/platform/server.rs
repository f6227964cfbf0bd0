//! The server every domain service runs (`sise_platform::server`), through the test kit
//! with the probe service: gRPC health follows the database, turns NOT_SERVING when
//! shutdown starts, and shutdown drains within its deadline.

use crate::probe;

use std::time::Duration;

use futures::StreamExt as _;
use sise_platform::testing::TestService;
use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;

use probe::Probe;

/// Generous: reached only when something is broken.
const WAIT: Duration = Duration::from_secs(20);

sise_platform::per_backend! {
    async fn health_follows_the_database(backend) {
        let service = TestService::spawn::<Probe>(backend).await;
        service.assert_health(&[], &[]).await;

        // The database goes away (its pool closed: every query fails from now on).
        probe::database_of(service.addr).close().await;
        let status = tokio::time::timeout(WAIT, async {
            loop {
                if service.health("").await == Ok(ServingStatus::NotServing) {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        })
        .await;
        assert!(status.is_ok(), "health still SERVING without a database");
        assert_eq!(
            service.get("/readyz").await.status(),
            reqwest::StatusCode::SERVICE_UNAVAILABLE
        );
        assert_eq!(service.get("/healthz").await.status(), reqwest::StatusCode::OK);
        service.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_turns_health_not_serving_and_drains_within_the_deadline() {
    sise_platform::testing::init_test_log();
    let backend = sise_platform::db::Backend::Sqlite;
    let service = TestService::spawn_with::<Probe>(backend, |config| {
        config
            .set("services.probe.drain_timeout_secs", 1)
            .expect("drain timeout");
    })
    .await;
    // A watcher that never hangs up: an in-flight stream the drain cannot wait out.
    let mut watch = HealthClient::new(service.channel.clone())
        .watch(HealthCheckRequest {
            service: String::new(),
        })
        .await
        .expect("watch")
        .into_inner();
    let first = watch.next().await.expect("status").expect("ok");
    assert_eq!(first.status(), ServingStatus::Serving);

    // `stop` requires a clean exit within 15 s: the open stream is closed at the deadline.
    let watched = async {
        tokio::time::timeout(WAIT, watch.next())
            .await
            .expect("a status change on shutdown")
            .expect("status")
            .expect("ok")
            .status()
    };
    let ((), status) = tokio::join!(service.stop(), watched);
    assert_eq!(status, ServingStatus::NotServing);
}
