//! Distributed mode: each service in its own process on PostgreSQL and NATS, with the
//! production configuration, and a live quote read through the gateway.
//!
//! Needs every binary built first (`cargo build --workspace --all-targets`, which the test
//! script does), a PostgreSQL server (`SISE_TEST_POSTGRES`) and NATS (`SISE_TEST_NATS`,
//! default local).

#[path = "api/helpers.rs"]
#[allow(dead_code)]
mod helpers;

use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;

use futures::StreamExt;
use sise_platform::bus::{Bus, BusConfig};
use sise_platform::db::Backend;
use sise_platform::db::testing::TestDatabase;
use tokio::process::{Child, Command};

fn binary(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_BIN_EXE_sise-gateway"))
        .parent()
        .expect("target dir")
        .to_path_buf();
    let path = dir.join(name);
    assert!(
        path.exists(),
        "{} is missing: run `cargo build --workspace --all-targets` before this test",
        path.display()
    );
    path
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("free port")
}

fn spawn(name: &str, env: &[(String, String)]) -> Child {
    let mut command = Command::new(binary(name));
    command
        .current_dir(helpers::repo_root())
        .env("SISE_CONFIG_DIR", helpers::repo_root().join("config"))
        .env("SISE_ENV", "production")
        .env("RUST_LOG", "warn")
        .env_remove("OTEL_EXPORTER_OTLP_ENDPOINT")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .kill_on_drop(true);
    for (key, value) in env {
        command.env(key, value);
    }
    command.spawn().expect("spawn service")
}

#[tokio::test]
async fn services_as_processes_on_postgres_and_nats() {
    let nats = std::env::var("SISE_TEST_NATS").unwrap_or_else(|_| "nats://127.0.0.1:4222".into());
    let namespace = format!("dist{}", free_port());
    let mut common = vec![
        ("SISE__BUS__URL".to_owned(), nats.clone()),
        ("SISE__BUS__NAMESPACE".to_owned(), namespace.clone()),
    ];
    let mut databases = Vec::new();
    let mut children = Vec::new();
    let mut ports = Vec::new();
    for service in ["identity", "social", "market", "favorites"] {
        let db = TestDatabase::create(Backend::Postgres, service)
            .await
            .expect("postgres database");
        let port = free_port();
        let upper = service.to_uppercase();
        let mut env = common.clone();
        env.push((
            format!("SISE__SERVICES__{upper}__LISTEN"),
            format!("127.0.0.1:{port}"),
        ));
        env.push((
            format!("SISE__SERVICES__{upper}__DATABASE_URL"),
            db.url.clone(),
        ));
        if service == "market" {
            env.push((
                "SISE__SERVICES__MARKET__DATASET_DIR".into(),
                helpers::repo_root()
                    .join("services/market/data")
                    .display()
                    .to_string(),
            ));
            // Trade at any hour so the test sees a live tick.
            env.push((
                "SISE__SERVICES__MARKET__SIMULATOR__MODE".into(),
                "continuous".into(),
            ));
            env.push((
                "SISE__SERVICES__MARKET__SIMULATOR__TICK_INTERVAL_MS".into(),
                "100".into(),
            ));
        }
        children.push(spawn(&format!("sise-{service}"), &env));
        common.push((
            format!("SISE__GATEWAY__UPSTREAMS__{upper}"),
            format!("http://127.0.0.1:{port}"),
        ));
        ports.push(port);
        databases.push(db);
    }
    let gateway_port = free_port();
    let mut env = common.clone();
    env.push((
        "SISE__GATEWAY__LISTEN".into(),
        format!("127.0.0.1:{gateway_port}"),
    ));
    env.push(("SISE__GATEWAY__HOSTS__MAIN".into(), "api.sise.test".into()));
    env.push((
        "SISE__GATEWAY__HOSTS__MOBILE_WEB".into(),
        "m.sise.test".into(),
    ));
    children.push(spawn("sise-gateway", &env));

    let client = reqwest::Client::new();
    let base = format!("http://127.0.0.1:{gateway_port}");
    // Every service answers its own readiness over HTTP, the gateway checks them all.
    let ready = tokio::time::timeout(Duration::from_secs(60), async {
        loop {
            let mut all = true;
            for port in ports.iter().chain([&gateway_port]) {
                let ok = client
                    .get(format!("http://127.0.0.1:{port}/readyz"))
                    .send()
                    .await
                    .is_ok_and(|r| r.status() == 200);
                all &= ok;
            }
            if all {
                return;
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
    })
    .await;
    assert!(ready.is_ok(), "services not ready within 60 s");

    // Production config: no single origin, the main host maps by Host header.
    let response = client
        .get(format!(
            "{base}/api/v1/securities/{}.json",
            helpers::SAMSUNG
        ))
        .header("host", "api.sise.test")
        .send()
        .await
        .expect("request");
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.expect("json");
    assert_eq!(body["security"]["name"], "삼성전자");
    let prefixed = client
        .get(format!(
            "{base}/main/api/v1/securities/{}",
            helpers::SAMSUNG
        ))
        .send()
        .await
        .expect("request");
    assert_eq!(
        prefixed.status(),
        404,
        "single-origin prefixes are off in production"
    );

    // The stock page's other calls cross the same processes on PostgreSQL.
    let samsung = helpers::SAMSUNG;
    for (host, path, key) in [
        (
            "api.sise.test",
            format!("/api/v1/securities/{samsung}/day_candles?limit=5"),
            "day_candles",
        ),
        (
            "api.sise.test",
            format!("/api/v1/securities/{samsung}/investors?limit=5"),
            "investors",
        ),
        (
            "api.sise.test",
            format!("/api/v1/securities/{samsung}/financial_statements/quarterly"),
            "statements",
        ),
        (
            "api.sise.test",
            format!("/api/v1/securities/{samsung}/disclosures?limit=5"),
            "disclosures",
        ),
        (
            "m.sise.test",
            "/api/v1/assets/INDEX-KOSPI/day_candles?limit=5".to_owned(),
            "day_candles",
        ),
        (
            "m.sise.test",
            "/api/v1/forexes/day?asset_id=FOREX-USDKRW&limit=5".to_owned(),
            "day_forexes",
        ),
    ] {
        let response = client
            .get(format!("{base}{path}"))
            .header("host", host)
            .send()
            .await
            .expect("request");
        assert_eq!(response.status(), 200, "{path}");
        let body: serde_json::Value = response.json().await.expect("json");
        let rows = body[key].as_array().map_or(0, Vec::len);
        assert!(rows > 0, "{path}: no {key} in {body}");
    }

    // A live tick crosses NATS from the market process to the gateway's stream.
    let response = client
        .get(format!(
            "{base}/api/v1/quotes/stream?security_ids={}",
            helpers::SAMSUNG
        ))
        .header("host", "api.sise.test")
        .send()
        .await
        .expect("stream");
    assert_eq!(response.status(), 200);
    let mut body = response.bytes_stream();
    let mut text = String::new();
    let live = tokio::time::timeout(Duration::from_secs(30), async {
        while let Some(Ok(chunk)) = body.next().await {
            text.push_str(&String::from_utf8_lossy(&chunk));
            if text.contains("event: quote") || text.contains("event:quote") {
                return true;
            }
        }
        false
    })
    .await;
    assert_eq!(live, Ok(true), "no live quote through NATS; got {text}");

    drop(children);
    let bus = Bus::connect(&BusConfig {
        url: nats,
        namespace,
        ..BusConfig::default()
    })
    .await
    .expect("nats");
    bus.destroy_namespace().await.expect("drop stream");
    for db in databases {
        db.cleanup().await.expect("cleanup");
    }
}
