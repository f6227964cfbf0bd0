//! The market while NATS is down (a private nats-server, killed mid-test): readiness and
//! gRPC health stay green, prices keep moving and `GetSecurity` answers. Only live events
//! are lost meanwhile. Storage plays no part, so SQLite only.

use std::time::Duration;

use sise_market::Application;
use sise_platform::bus::{Bus, BusConfig};
use sise_platform::db::Backend;
use sise_platform::testing::{PrivateNats, TestService, repo_root};

use crate::helpers::{SAMSUNG, TestApp};

/// Generous: reached only when something hangs. A market's start (8 s alone) took over 30 s
/// once in the test command, beside the webapp's checks, Schemathesis and the other API tests.
const WAIT: Duration = Duration::from_secs(60);
const IDS: [&str; 3] = [SAMSUNG, "KOREA-A000660", "KOREA-A035420"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reads_and_prices_go_on_while_nats_is_down() {
    if std::env::var("SISE_SKIP_NATS").as_deref() == Ok("1") {
        return;
    }
    let mut nats = PrivateNats::start().await;
    let url = nats.url().to_owned();
    let service = TestService::spawn_with::<Application>(Backend::Sqlite, |config| {
        let dataset = repo_root().join("services/market/data");
        config
            .set("services.market.dataset_dir", dataset.display().to_string())
            .expect("dataset_dir");
        config.set("bus.url", url).expect("bus url");
        config.set("bus.namespace", "outage").expect("namespace");
    })
    .await;
    let app = TestApp { service };
    let served = ["Market", "Chart", "Company", "Article", "Asset"]
        .map(|name| format!("sise.market.v1.{name}Service"));
    let served: Vec<&str> = served.iter().map(String::as_str).collect();

    // A client of our own notices the outage as the market's does.
    let witness = Bus::connect(&BusConfig {
        url: nats.url().to_owned(),
        namespace: "outage".to_owned(),
        ..BusConfig::default()
    })
    .await
    .expect("witness");
    nats.kill();
    tokio::time::timeout(WAIT, async {
        while witness.is_ready() {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("the outage is noticed");

    let before = quotes(&app).await;
    let moved = tokio::time::timeout(WAIT, async {
        loop {
            // Every call must answer: a view event must not wait for the bus.
            let security = app.get_security(SAMSUNG).await.expect("GetSecurity");
            assert_eq!(security.security.expect("security").security_id, SAMSUNG);
            if quotes(&app).await != before {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await;
    assert!(
        moved.is_ok(),
        "prices froze or GetSecurity hung while NATS was down"
    );
    app.service.assert_health(&served, &[]).await;
    app.stop().await;
}

async fn quotes(app: &TestApp) -> Vec<(String, f64)> {
    let response = tokio::time::timeout(WAIT, app.get_quotes(&IDS))
        .await
        .expect("GetQuotes answers")
        .expect("GetQuotes");
    response
        .quotes
        .into_iter()
        .map(|q| (q.security_id, q.price))
        .collect()
}

/// NATS down at boot is an outage like any other: the market starts, serves and reports
/// healthy, and its live ticks reach NATS once it is up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn starts_while_nats_is_down_and_joins_it_later() {
    if std::env::var("SISE_SKIP_NATS").as_deref() == Ok("1") {
        return;
    }
    let mut nats = PrivateNats::start().await;
    let url = nats.url().to_owned();
    nats.kill();
    let service = tokio::time::timeout(
        WAIT,
        TestService::spawn_with::<Application>(Backend::Sqlite, |config| {
            let dataset = repo_root().join("services/market/data");
            config
                .set("services.market.dataset_dir", dataset.display().to_string())
                .expect("dataset_dir");
            config.set("bus.url", url).expect("bus url");
            config.set("bus.namespace", "boot").expect("namespace");
        }),
    )
    .await
    .expect("the market starts and turns ready without NATS");
    let app = TestApp { service };
    assert_eq!(quotes(&app).await.len(), IDS.len());

    nats.restart().await;
    let witness = Bus::connect(&BusConfig {
        url: nats.url().to_owned(),
        namespace: "boot".to_owned(),
        ..BusConfig::default()
    })
    .await
    .expect("witness");
    let mut ticks = witness.subscribe("quotes.>").await.expect("subscribe");
    tokio::time::timeout(WAIT, futures::StreamExt::next(&mut ticks))
        .await
        .expect("live ticks reach NATS once it is up")
        .expect("a tick");
    app.stop().await;
}
