//! `spawn_app`: the whole service in one process on port 0, against fresh databases.

use std::path::{Path, PathBuf};
use std::time::Duration;

use sise_gateway::standalone::Standalone;
use sise_platform::config::Config;
use sise_platform::db::Backend;
use sise_platform::db::testing::TestDatabase;
use tokio_util::sync::CancellationToken;

pub const SAMSUNG: &str = "KOREA-A005930";

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("repo root")
        .to_path_buf()
}

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub backend: Backend,
    databases: Vec<TestDatabase>,
    cancel: CancellationToken,
    handle: tokio::task::JoinHandle<anyhow::Result<()>>,
    _dir: tempfile::TempDir,
}

impl TestApp {
    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .expect("request")
    }

    /// GET with an explicit Host header (host mapping).
    pub async fn get_on_host(&self, host: &str, path: &str) -> reqwest::Response {
        self.client
            .get(format!("{}{path}", self.base))
            .header(reqwest::header::HOST, host)
            .send()
            .await
            .expect("request")
    }

    pub async fn json(&self, path: &str) -> (u16, serde_json::Value) {
        let response = self.get(path).await;
        let status = response.status().as_u16();
        (status, response.json().await.expect("json body"))
    }

    /// URL of a service's test database ("identity", "social", "market", "favorites"),
    /// for tests that change data behind the API's back.
    pub fn database_url(&self, service: &str) -> Option<String> {
        let index = ["identity", "social", "market", "favorites"]
            .iter()
            .position(|s| *s == service)?;
        self.databases.get(index).map(|db| db.url.clone())
    }

    /// Stop everything and drop the databases.
    pub async fn stop(self) {
        self.cancel.cancel();
        let result = tokio::time::timeout(Duration::from_secs(15), self.handle)
            .await
            .expect("graceful shutdown within 15 s");
        result.expect("join").expect("clean exit");
        for db in self.databases {
            db.cleanup().await.expect("cleanup");
        }
    }
}

pub async fn spawn_app(backend: Backend) -> TestApp {
    spawn_app_with(backend, &[]).await
}

/// [`spawn_app`] with numeric configuration overrides, e.g.
/// `("services.market.simulator.day_length_secs", 2)`.
pub async fn spawn_app_with(backend: Backend, overrides: &[(&str, i64)]) -> TestApp {
    let dir = tempfile::tempdir().expect("tempdir");
    let webapp = dir.path().join("webapp");
    std::fs::create_dir_all(webapp.join("static")).expect("webapp dir");
    std::fs::write(
        webapp.join("index.html"),
        "<!doctype html><title>시세</title>",
    )
    .expect("index");
    std::fs::write(webapp.join("static/app.js"), "console.log(1)").expect("asset");

    let mut config = Config::load_from(&repo_root().join("config"), "local").expect("config");
    config
        .set("data_dir", dir.path().join("data").display().to_string())
        .expect("set");
    config.set("gateway.listen", "127.0.0.1:0").expect("set");
    config
        .set("gateway.webapp_dir", webapp.display().to_string())
        .expect("set");
    config
        .set(
            "services.market.dataset_dir",
            repo_root()
                .join("services/market/data")
                .display()
                .to_string(),
        )
        .expect("set");
    config
        .set("services.market.simulator.tick_interval_ms", 50)
        .expect("set");
    config.set("bus.url", "inproc").expect("set");
    for (key, value) in overrides {
        config.set(key, *value).expect("set");
    }
    let mut databases = Vec::new();
    for service in ["identity", "social", "market", "favorites"] {
        let db = TestDatabase::create(backend, service)
            .await
            .expect("database");
        config
            .set(&format!("services.{service}.database_url"), db.url.clone())
            .expect("set");
        databases.push(db);
    }
    let standalone = Standalone::build(config).await.expect("build app");
    let base = format!("http://{}", standalone.addr);
    let cancel = CancellationToken::new();
    let stop = cancel.clone();
    let handle = tokio::spawn(standalone.run_until_stopped(async move { stop.cancelled().await }));
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    let app = TestApp {
        base,
        client,
        backend,
        databases,
        cancel,
        handle,
        _dir: dir,
    };
    wait_ready(&app).await;
    app
}

async fn wait_ready(app: &TestApp) {
    for _ in 0..100 {
        if app.get("/readyz").await.status() == 200 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("gateway not ready within 10 s");
}
