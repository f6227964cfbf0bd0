//! The systems the tests call: one shared running system per backend ([`shared`]) and
//! fresh ones for the tests that need a system to themselves ([`spawn_app`],
//! [`spawn_app_with`]). Either way the whole service runs in this process on port 0,
//! against databases of its own.

use std::ops::Deref;
use std::path::Path;
use std::time::Duration;

use sise_gateway::GatewayConfig;
use sise_gateway::realtime::QuoteHub;
use sise_gateway::standalone::{SERVICES, Standalone};
use sise_platform::bus::Bus;
use sise_platform::config::Config;
use sise_platform::db::Backend;
use sise_platform::db::testing::TestDatabase;
use sise_platform::member::MemberKey;
use tokio::sync::OnceCell;
use tokio_util::sync::CancellationToken;

pub const SAMSUNG: &str = "KOREA-A005930";

pub use sise_platform::testing::repo_root;

/// A running system as one test sees it. The client is the test's own: a client's
/// connection pool belongs to the runtime that made it, and each test has its own runtime.
pub struct TestApp {
    pub base: String,
    pub backend: Backend,
    client: reqwest::Client,
    database_urls: Vec<String>,
    /// The development messenger provider of the system.
    pub kakao: String,
    /// What tests need to call the services directly, as the gateway or an operator would.
    pub internal: Internal,
}

/// The system's internals: its member key, its services' ports, identity's and social's
/// operators' listeners and the development operator's token.
#[derive(Clone)]
pub struct Internal {
    pub member_key: MemberKey,
    pub services: Vec<(&'static str, std::net::SocketAddr)>,
    pub operators: std::net::SocketAddr,
    /// Social's operators' listener (moderation, notices).
    pub social_operators: std::net::SocketAddr,
    pub operator_token: String,
}

impl Internal {
    fn of(standalone: &Standalone) -> Self {
        Self {
            member_key: standalone.member_key.clone(),
            services: standalone.service_addrs.clone(),
            operators: standalone
                .operator_addrs
                .iter()
                .find(|(name, _)| *name == "identity")
                .map(|(_, addr)| *addr)
                .expect("identity's operators' listener"),
            social_operators: standalone
                .operator_addrs
                .iter()
                .find(|(name, _)| *name == "social")
                .map(|(_, addr)| *addr)
                .expect("social's operators' listener"),
            operator_token: standalone
                .dev_operator_token
                .clone()
                .expect("the development operator credential"),
        }
    }

    /// A lazily connected channel to a service's gRPC port (the one the gateway calls).
    pub fn channel(&self, service: &str) -> tonic::transport::Channel {
        let addr = self
            .services
            .iter()
            .find(|(name, _)| *name == service)
            .map(|(_, addr)| *addr)
            .expect("a service of the system");
        tonic::transport::Endpoint::from_shared(format!("http://{addr}"))
            .expect("endpoint")
            .connect_lazy()
    }

    /// A lazily connected channel to identity's operators' listener.
    pub fn operator_channel(&self) -> tonic::transport::Channel {
        tonic::transport::Endpoint::from_shared(format!("http://{}", self.operators))
            .expect("endpoint")
            .connect_lazy()
    }

    /// A lazily connected channel to social's operators' listener.
    pub fn social_operator_channel(&self) -> tonic::transport::Channel {
        tonic::transport::Endpoint::from_shared(format!("http://{}", self.social_operators))
            .expect("endpoint")
            .connect_lazy()
    }

    /// `message` as the development operator's call.
    pub fn as_operator<T>(&self, message: T) -> tonic::Request<T> {
        sise_platform::operator::request(message, &self.operator_token).expect("operator request")
    }

    /// `message` as a call for member `id`, signed as the gateway signs it.
    pub fn as_member<T>(&self, message: T, id: i64) -> tonic::Request<T> {
        self.member_key.request(message, id)
    }
}

impl TestApp {
    fn new(
        base: String,
        backend: Backend,
        database_urls: Vec<String>,
        kakao: String,
        internal: Internal,
    ) -> Self {
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client");
        Self {
            base,
            backend,
            client,
            database_urls,
            kakao,
            internal,
        }
    }

    /// A messenger token of a new test account of the development provider.
    pub async fn kakao_token(&self, nickname: &str) -> String {
        sise_identity::kakao::dev::sign_in(
            &self.kakao,
            "sise-dev-app-key",
            &format!("{}/m/oauth/kakao", self.base),
            nickname,
        )
        .await
        .expect("development sign-in")
    }

    /// A request builder on this system (for methods and bodies the helpers lack).
    pub fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        self.client.request(method, self.url(path))
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.send(self.client.get(self.url(path))).await
    }

    /// GET with an explicit Host header (host mapping).
    pub async fn get_on_host(&self, host: &str, path: &str) -> reqwest::Response {
        self.send(
            self.client
                .get(self.url(path))
                .header(reqwest::header::HOST, host),
        )
        .await
    }

    /// GET with `Authorization: Bearer {token}`.
    pub async fn get_with_bearer(&self, path: &str, token: &str) -> reqwest::Response {
        self.send(self.client.get(self.url(path)).bearer_auth(token))
            .await
    }

    /// GET with one extra header.
    pub async fn get_with_header(&self, path: &str, name: &str, value: &str) -> reqwest::Response {
        self.send(self.client.get(self.url(path)).header(name, value))
            .await
    }

    /// POST without a body.
    pub async fn post(&self, path: &str) -> reqwest::Response {
        self.send(self.client.post(self.url(path))).await
    }

    /// GET, and the status with the JSON body.
    pub async fn json(&self, path: &str) -> (u16, serde_json::Value) {
        let response = self.get(path).await;
        let status = response.status().as_u16();
        (status, response.json().await.expect("json body"))
    }

    /// URL of a service's test database ("identity", "social", "market", "favorites"),
    /// for tests that change data behind the API's back.
    pub fn database_url(&self, service: &str) -> Option<String> {
        let index = SERVICES.iter().position(|s| s.name == service)?;
        self.database_urls.get(index).cloned()
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    async fn send(&self, request: reqwest::RequestBuilder) -> reqwest::Response {
        request.send().await.expect("request")
    }
}

// ---- The shared systems ----------------------------------------------------------------

/// What a test needs of a shared system; the system itself lives on its own thread.
struct Shared {
    base: String,
    database_urls: Vec<String>,
    kakao: String,
    internal: Internal,
}

/// One shared system per backend, started by the first test that asks for it and run
/// until the test process exits.
static SHARED: [OnceCell<Shared>; 2] = [const { OnceCell::const_new() }; 2];

/// The system shared by the tests of this binary on `backend`, for tests that read, or
/// write only data of their own. Not to be stopped.
pub async fn shared(backend: Backend) -> TestApp {
    let cell = match backend {
        Backend::Sqlite => &SHARED[0],
        Backend::Postgres => &SHARED[1],
    };
    let system = cell.get_or_init(|| start_shared(backend)).await;
    TestApp::new(
        system.base.clone(),
        backend,
        system.database_urls.clone(),
        system.kakao.clone(),
        system.internal.clone(),
    )
}

/// Starts a shared system on a thread and runtime of its own: each test's runtime ends
/// with the test, and the system must outlive the test that started it.
async fn start_shared(backend: Backend) -> Shared {
    let (ready, started) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name(format!("shared-{}", backend.as_str()))
        .spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("runtime");
            runtime.block_on(async move {
                // Kept for the process, like the databases: the system never stops.
                let dir = tempfile::Builder::new()
                    .prefix(&format!("sise_test_gateway_{}_", std::process::id()))
                    .tempdir()
                    .expect("tempdir")
                    .keep();
                // A simulated day as long as a real one: "today" never moves during a run,
                // however slow the machine (the default is 10 minutes).
                let day = ("services.market.simulator.day_length_secs", "86400");
                let (standalone, databases) = build(backend, &[day], &dir).await;
                let database_urls: Vec<String> =
                    databases.into_iter().map(TestDatabase::keep).collect();
                let base = format!("http://{}", standalone.addr);
                let kakao = kakao_base(&standalone);
                let internal = Internal::of(&standalone);
                let run = tokio::spawn(standalone.run_until_stopped(std::future::pending()));
                wait_ready(&TestApp::new(
                    base.clone(),
                    backend,
                    database_urls.clone(),
                    kakao.clone(),
                    internal.clone(),
                ))
                .await;
                let _ = ready.send(Shared {
                    base,
                    database_urls,
                    kakao,
                    internal,
                });
                // Only a failing component ends the run; the tests after it then fail to
                // connect, and this says why.
                let result = run.await;
                eprintln!("the shared {} system stopped: {result:?}", backend.as_str());
            });
        })
        .expect("thread");
    started
        .await
        .expect("the shared system did not start (see its panic above)")
}

// ---- Fresh systems ---------------------------------------------------------------------

/// A system of one test's own, on the test's runtime. [`FreshApp::stop`] stops it and
/// drops its databases.
pub struct FreshApp {
    app: TestApp,
    /// The gateway's live-quote hub.
    pub quote_hub: QuoteHub,
    databases: Vec<TestDatabase>,
    cancel: CancellationToken,
    handle: tokio::task::JoinHandle<anyhow::Result<()>>,
    _dir: tempfile::TempDir,
}

impl Deref for FreshApp {
    type Target = TestApp;

    fn deref(&self) -> &TestApp {
        &self.app
    }
}

impl FreshApp {
    /// Stop everything (gracefully, within 60 s: a bound on a hang; on a loaded two-core
    /// machine a clean stop of every service has taken over 15 s) and drop the databases.
    pub async fn stop(self) {
        self.cancel.cancel();
        let result = tokio::time::timeout(Duration::from_secs(60), self.handle)
            .await
            .expect("graceful shutdown within 60 s");
        result.expect("join").expect("clean exit");
        for db in self.databases {
            db.cleanup().await.expect("cleanup");
        }
    }
}

/// A fresh system on the default configuration.
pub async fn spawn_app(backend: Backend) -> FreshApp {
    spawn_app_with(backend, &[]).await
}

/// [`spawn_app`] with numeric configuration overrides, e.g.
/// `("services.market.simulator.day_length_secs", 2)`.
pub async fn spawn_app_with(backend: Backend, overrides: &[(&str, i64)]) -> FreshApp {
    let overrides: Vec<(&str, String)> = overrides
        .iter()
        .map(|(key, value)| (*key, value.to_string()))
        .collect();
    let overrides: Vec<(&str, &str)> = overrides.iter().map(|(k, v)| (*k, v.as_str())).collect();
    spawn_app_with_settings(backend, &overrides).await
}

/// [`spawn_app`] with any configuration overrides, as the environment would give them
/// (`("gateway.single_origin", "false")`).
pub async fn spawn_app_with_settings(backend: Backend, overrides: &[(&str, &str)]) -> FreshApp {
    let dir = tempfile::tempdir().expect("tempdir");
    let (standalone, databases) = build(backend, overrides, dir.path()).await;
    let quote_hub = standalone.quote_hub.clone();
    let base = format!("http://{}", standalone.addr);
    let kakao = kakao_base(&standalone);
    let internal = Internal::of(&standalone);
    let cancel = CancellationToken::new();
    let stop = cancel.clone();
    let handle = tokio::spawn(standalone.run_until_stopped(async move { stop.cancelled().await }));
    let database_urls = databases.iter().map(|db| db.url.clone()).collect();
    let app = FreshApp {
        app: TestApp::new(base, backend, database_urls, kakao, internal),
        quote_hub,
        databases,
        cancel,
        handle,
        _dir: dir,
    };
    wait_ready(&app).await;
    app
}

// ---- Both ------------------------------------------------------------------------------

fn kakao_base(standalone: &Standalone) -> String {
    standalone
        .dev_kakao
        .map(|addr| format!("http://{addr}"))
        .unwrap_or_default()
}

/// Builds the whole system with its webapp and data under `dir`, on new databases.
async fn build(
    backend: Backend,
    overrides: &[(&str, &str)],
    dir: &Path,
) -> (Standalone, Vec<TestDatabase>) {
    let mut config = base_config(dir);
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
    // The daily market recap would be published beside the tests' own articles at any
    // moment (social's API tests cover it).
    config
        .set("services.social.recap.enabled", false)
        .expect("set");
    set_all(&mut config, overrides);
    let mut databases = Vec::new();
    // Every service has a database, in the order of [`TestApp::database_url`]'s lookup.
    for service in SERVICES {
        let db = TestDatabase::create(backend, service.name)
            .await
            .expect("database");
        config
            .set(
                &format!("services.{}.database_url", service.name),
                db.url.clone(),
            )
            .expect("set");
        databases.push(db);
    }
    let standalone = Standalone::build(config).await.expect("build app");
    (standalone, databases)
}

/// The local configuration with a webapp (an `index.html` with a head, and one bundle) and
/// data under `dir`, the gateway on port 0.
fn base_config(dir: &Path) -> Config {
    let webapp = dir.join("webapp");
    std::fs::create_dir_all(webapp.join("static")).expect("webapp dir");
    std::fs::write(
        webapp.join("index.html"),
        "<!doctype html><html><head><title>시세</title></head><body></body></html>",
    )
    .expect("index");
    // The build's prerendered pages (webapp/README.md, "Prerendered pages"), in miniature.
    std::fs::create_dir_all(webapp.join("prerender")).expect("prerender dir");
    std::fs::write(
        webapp.join("prerender/home.html"),
        "<!doctype html><html><head><title>시세</title></head><body><div id=\"root\">홈 미리 그림</div></body></html>",
    )
    .expect("home");
    std::fs::write(
        webapp.join("prerender/stock.html"),
        concat!(
            "<!doctype html><html><head><title>시세</title></head><body>",
            "<div id=\"root\" data-prerendered-path=\"/m/stocks/KOREA-SISESECURITYID\">",
            "<!--sise:stock-header--><div class=\"stock-header__status\" role=\"status\">불러오는 중…</div>",
            "<!--/sise:stock-header--></div></body></html>",
        ),
    )
    .expect("stock");
    std::fs::write(webapp.join("static/app.js"), "console.log(1)").expect("asset");
    // What the build's precompression writes beside a bundle (stand-ins, told apart by body).
    std::fs::write(webapp.join("static/app.js.br"), "BR").expect("asset");
    std::fs::write(webapp.join("static/app.js.gz"), "GZ").expect("asset");

    let mut config = Config::load_from(&repo_root().join("config"), "local").expect("config");
    config
        .set("data_dir", dir.join("data").display().to_string())
        .expect("set");
    config.set("gateway.listen", "127.0.0.1:0").expect("set");
    // The gateway alone needs a member key; the whole system makes its own.
    config
        .set(
            "gateway.member_key",
            secrecy::ExposeSecret::expose_secret(&MemberKey::generate()).to_owned(),
        )
        .expect("set");
    config
        .set("gateway.webapp_dir", webapp.display().to_string())
        .expect("set");
    // Every test calls from 127.0.0.1, many at once against a shared system: one client to
    // the rate limiter. The tests of the limit set their own.
    for key in [
        "gateway.limits.rate_per_second",
        "gateway.limits.rate_burst",
        "gateway.limits.telemetry_per_second",
        "gateway.limits.telemetry_burst",
    ] {
        config.set(key, 1_000_000).expect("set");
    }
    config
}

fn set_all(config: &mut Config, overrides: &[(&str, &str)]) {
    for (key, value) in overrides {
        config.set(key, *value).expect("set");
    }
}

// ---- The gateway alone -----------------------------------------------------------------

/// A gateway without the services behind it, on the test's runtime: for what the edge does
/// by itself (readiness, shutdown, timeouts). Upstreams and bus are the caller's.
pub struct GatewayApp {
    pub base: String,
    pub addr: std::net::SocketAddr,
    pub client: reqwest::Client,
    cancel: CancellationToken,
    handle: tokio::task::JoinHandle<anyhow::Result<()>>,
    _dir: tempfile::TempDir,
}

impl GatewayApp {
    pub async fn start(bus: Bus, overrides: &[(&str, &str)]) -> Self {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut config = base_config(dir.path());
        set_all(&mut config, overrides);
        let gateway = sise_gateway::Application::build(
            config
                .section::<GatewayConfig>("gateway")
                .expect("gateway section"),
            bus,
        )
        .await
        .expect("build gateway");
        let addr = gateway.local_addr().expect("addr");
        let cancel = CancellationToken::new();
        let stop = cancel.clone();
        let handle = tokio::spawn(gateway.run_until_stopped(async move { stop.cancelled().await }));
        Self {
            base: format!("http://{addr}"),
            addr,
            client: reqwest::Client::new(),
            cancel,
            handle,
            _dir: dir,
        }
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .expect("request")
    }

    pub fn signal_stop(&self) {
        self.cancel.cancel();
    }

    /// Stop and wait (within 15 s) for the gateway to end.
    pub async fn stop(self) {
        self.cancel.cancel();
        tokio::time::timeout(Duration::from_secs(15), self.handle)
            .await
            .expect("gateway stopped within 15 s")
            .expect("join")
            .expect("clean exit");
    }
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
