//! The test kit every service uses: one test per storage backend, fresh databases, and a
//! harness that runs a service on port 0 until the test stops it.

pub use crate::db::testing::{TestDatabase, backends, postgres_admin_url};

#[cfg(feature = "image")]
pub mod images;

use crate::db::Backend;

/// Whether this run covers `backend` (`SISE_TEST_BACKENDS`, default both). A developer
/// without PostgreSQL sets `SISE_TEST_BACKENDS=sqlite`; CI runs both.
pub fn covers(backend: Backend) -> bool {
    backends().contains(&backend)
}

/// Turns on logs for a test run when `TEST_LOG` is set: `TEST_LOG=1` at the level `RUST_LOG`
/// names (default `info`), any other value as the filter itself (`TEST_LOG=warn`). They go
/// through the test harness's capture, so only a failing test prints them: the test command
/// sets `TEST_LOG=warn` (scripts/run-rust-tests.py), so that a red run shows what the failing
/// test's system logged, such as the database error behind a 500. Safe to call from every
/// test.
pub fn init_test_log() {
    let Some(setting) = std::env::var_os("TEST_LOG") else {
        return;
    };
    let filter = match setting.to_str() {
        Some(directive) if directive != "1" => {
            tracing_subscriber::EnvFilter::try_new(directive).ok()
        }
        _ => tracing_subscriber::EnvFilter::try_from_default_env().ok(),
    }
    .unwrap_or_else(|| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        // Read in a CI log or a file more often than in a terminal: no colour codes.
        .with_ansi(false)
        .with_test_writer()
        .try_init();
}

/// One async test per storage backend, each its own test so that a failure names its
/// backend and one backend's failure does not hide the other's:
///
/// ```ignore
/// sise_platform::per_backend! {
///     async fn pages_to_the_end(backend) {
///         let app = spawn_app(backend).await;
///         …
///     }
/// }
/// ```
///
/// expands to `mod pages_to_the_end { #[tokio::test] async fn sqlite() … async fn postgres() … }`.
/// A backend left out of `SISE_TEST_BACKENDS` returns at once and says so on stderr.
#[macro_export]
macro_rules! per_backend {
    ($(
        $(#[$meta:meta])*
        async fn $name:ident($backend:ident) $body:block
    )*) => {$(
        $(#[$meta])*
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            async fn run($backend: $crate::db::Backend) $body

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                $crate::testing::run_on($crate::db::Backend::Sqlite, run).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                $crate::testing::run_on($crate::db::Backend::Postgres, run).await;
            }
        }
    )*};
}

/// Runs `test` on `backend` if this run covers it (see [`per_backend!`]).
pub async fn run_on<F, Fut>(backend: Backend, test: F)
where
    F: FnOnce(Backend) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    init_test_log();
    if !covers(backend) {
        eprintln!("{} not in SISE_TEST_BACKENDS: not run", backend.as_str());
        return;
    }
    test(backend).await;
}

/// The operator the test kit configures on every service (`services.{name}.operators`),
/// and its token ([`TestService::as_operator`]).
pub const OPERATOR: &str = "test-operator";
pub const OPERATOR_TOKEN: &str = "test-operator-token";

/// A service on port 0 against a fresh database of one backend, with the repository's
/// configuration (`config/`), until [`TestService::stop`].
///
/// The kit gives the service a fresh member key (`services.{name}.member_key`): calls for
/// a member are made with [`TestService::as_member`], signed as the gateway signs them. A
/// service with an operators' listener gets it on port 0 too, with [`OPERATOR`] configured.
pub struct TestService {
    pub addr: std::net::SocketAddr,
    pub backend: Backend,
    /// A lazily connected gRPC channel to the service: make the generated clients from it.
    pub channel: tonic::transport::Channel,
    /// The key the service verifies signed members with.
    pub member_key: crate::member::MemberKey,
    /// The operators' listener and a channel to it, for a service that has one.
    pub operator_addr: Option<std::net::SocketAddr>,
    pub operator_channel: Option<tonic::transport::Channel>,
    /// The service's bus (in-process unless the configuration says otherwise): tests publish
    /// the events it consumes and read the ones it publishes.
    pub bus: crate::bus::Bus,
    pub http: reqwest::Client,
    database: TestDatabase,
    stop: tokio_util::sync::CancellationToken,
    task: tokio::task::JoinHandle<anyhow::Result<()>>,
    _dir: tempfile::TempDir,
}

impl TestService {
    pub async fn spawn<S: crate::service::Service>(backend: Backend) -> Self {
        Self::spawn_with::<S>(backend, |_| {}).await
    }

    /// [`Self::spawn`] with configuration changes (keys as in `config/base.yaml`).
    pub async fn spawn_with<S: crate::service::Service>(
        backend: Backend,
        configure: impl FnOnce(&mut crate::config::Config),
    ) -> Self {
        init_test_log();
        let dir = tempfile::tempdir().expect("tempdir");
        let mut config = crate::config::Config::load_from(&repo_root().join("config"), "local")
            .expect("repository configuration");
        let database = TestDatabase::create(backend, S::NAME)
            .await
            .expect("test database");
        let section = format!("services.{}", S::NAME);
        let member_secret = crate::member::MemberKey::generate();
        let member_key = crate::member::MemberKey::new(&member_secret).expect("member key");
        for (key, value) in [
            ("data_dir".to_owned(), dir.path().display().to_string()),
            (format!("{section}.listen"), "127.0.0.1:0".to_owned()),
            (format!("{section}.database_url"), database.url.clone()),
            (
                format!("{section}.member_key"),
                secrecy::ExposeSecret::expose_secret(&member_secret).to_owned(),
            ),
            (
                format!("{section}.operator_listen"),
                "127.0.0.1:0".to_owned(),
            ),
            (
                format!("{section}.operators"),
                format!(
                    "{OPERATOR}:{}",
                    crate::operator::token_sha256(OPERATOR_TOKEN)
                ),
            ),
        ] {
            config.set(&key, value).expect("configuration override");
        }
        configure(&mut config);
        let bus = crate::bus::Bus::connect(&config.section("bus").expect("bus section"))
            .await
            .expect("bus");
        let stop = tokio_util::sync::CancellationToken::new();
        let launched = crate::service::launch::<S>(&config, bus.clone(), stop.clone())
            .await
            .expect("service builds");
        let addr = launched.addr;
        let operator_addr = launched.operator_addr;
        let task = tokio::spawn(launched.run);
        let connect = |addr: std::net::SocketAddr| {
            tonic::transport::Endpoint::from_shared(format!("http://{addr}"))
                .expect("endpoint")
                .connect_lazy()
        };
        let channel = connect(addr);
        let service = Self {
            addr,
            backend,
            channel,
            member_key,
            operator_addr,
            operator_channel: operator_addr.map(connect),
            bus,
            http: reqwest::Client::new(),
            database,
            stop,
            task,
            _dir: dir,
        };
        service.wait_ready().await;
        service
    }

    /// `message` as a call for member `id`, signed as the gateway signs it.
    pub fn as_member<T>(&self, message: T, id: i64) -> tonic::Request<T> {
        self.member_key.request(message, id)
    }

    /// `message` as a call of the kit's [`OPERATOR`].
    pub fn as_operator<T>(&self, message: T) -> tonic::Request<T> {
        crate::operator::request(message, OPERATOR_TOKEN).expect("operator request")
    }

    /// GET a plain HTTP path of the service (`/healthz`, `/readyz`).
    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.http
            .get(format!("http://{}{path}", self.addr))
            .send()
            .await
            .expect("http request")
    }

    /// The gRPC health status of `service` (`""` for the process), or the gRPC error code
    /// when health does not know it.
    pub async fn health(
        &self,
        service: &str,
    ) -> Result<tonic_health::pb::health_check_response::ServingStatus, tonic::Code> {
        let mut client = tonic_health::pb::health_client::HealthClient::new(self.channel.clone());
        let response = client
            .check(tonic_health::pb::HealthCheckRequest {
                service: service.to_owned(),
            })
            .await
            .map_err(|status| status.code())?;
        Ok(response.into_inner().status())
    }

    /// The plain probes answer, and gRPC health reports SERVING for the process and each of
    /// `served`, and knows nothing of `not_served` (services whose RPCs are yet to come).
    pub async fn assert_health(&self, served: &[&str], not_served: &[&str]) {
        use tonic_health::pb::health_check_response::ServingStatus;
        for path in ["/healthz", "/readyz"] {
            let response = self.get(path).await;
            assert_eq!(response.status(), reqwest::StatusCode::OK, "{path}");
            assert_eq!(response.version(), reqwest::Version::HTTP_11, "{path}");
        }
        for name in [""].iter().chain(served) {
            assert_eq!(
                self.health(name).await,
                Ok(ServingStatus::Serving),
                "{name:?}"
            );
        }
        for name in not_served {
            assert_eq!(
                self.health(name).await,
                Err(tonic::Code::NotFound),
                "{name}"
            );
        }
    }

    /// The URL of the service's test database, to look behind the API.
    pub fn database_url(&self) -> &str {
        &self.database.url
    }

    /// Ready over HTTP and over gRPC health: health re-evaluates readiness on its own
    /// interval, so it may follow `/readyz` by up to that interval.
    async fn wait_ready(&self) {
        use tonic_health::pb::health_check_response::ServingStatus;
        for _ in 0..200 {
            if self.get("/readyz").await.status() == reqwest::StatusCode::OK
                && self.health("").await == Ok(ServingStatus::Serving)
            {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("service not ready within 10 s");
    }

    /// Graceful stop (must finish within 60 s, a bound on a hang: beside the build and other
    /// test binaries on two cores a clean stop has taken over 15 s), then drop the database.
    pub async fn stop(self) {
        self.stop_keeping_database()
            .await
            .cleanup()
            .await
            .expect("drop test database");
    }

    /// [`Self::stop`] without dropping the database, for a test that starts the service
    /// again on it (`services.<name>.database_url`); the caller cleans it up.
    pub async fn stop_keeping_database(self) -> TestDatabase {
        self.stop.cancel();
        let result = tokio::time::timeout(std::time::Duration::from_secs(60), self.task)
            .await
            .expect("graceful shutdown within 60 s");
        result.expect("join").expect("clean exit");
        self.database
    }
}

/// A NATS server (with JetStream) of the test's own, on a free port with its store in a
/// temporary directory, for tests that take NATS away: never kill the machine's. Killed
/// when dropped; [`PrivateNats::restart`] brings it back on the same port and store.
///
/// JetStream writes with `sync_interval: always` (an fsync per write) where the server
/// knows the option (2.10 and later), so an acknowledged event survives a SIGKILL even
/// before the OS has written it out.
pub struct PrivateNats {
    child: Option<std::process::Child>,
    binary: String,
    config: std::path::PathBuf,
    env: Vec<(String, String)>,
    port: u16,
    url: String,
    _dir: tempfile::TempDir,
}

impl PrivateNats {
    /// Starts `nats-server` (`SISE_TEST_NATS_SERVER`, default `/usr/sbin/nats-server`) with
    /// JetStream and waits until it accepts connections.
    pub async fn start() -> Self {
        Self::start_with(
            |port, store, sync| {
                format!(
                    "host: 127.0.0.1\nport: {port}\njetstream {{\n store_dir: \"{}\"\n {sync}\n}}\n",
                    store.display()
                )
            },
            &[],
        )
        .await
    }

    /// Starts `nats-server` on the configuration `config(port, store_dir, sync_line)` writes
    /// (`sync_line` is `sync_interval: always` where the server knows it, else empty), with
    /// `env` in its environment (e.g. the passwords a configuration reads).
    pub async fn start_with(
        config: impl FnOnce(u16, &std::path::Path, &str) -> String,
        env: &[(String, String)],
    ) -> Self {
        let binary = std::env::var("SISE_TEST_NATS_SERVER")
            .unwrap_or_else(|_| "/usr/sbin/nats-server".to_owned());
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("free port")
            .port();
        let dir = tempfile::tempdir().expect("tempdir");
        let version = std::process::Command::new(&binary)
            .arg("--version")
            .output()
            .unwrap_or_else(|e| panic!("cannot run {binary}: {e}"));
        let sync = if server_at_least(&String::from_utf8_lossy(&version.stdout), (2, 10)) {
            "sync_interval: always"
        } else {
            ""
        };
        let path = dir.path().join("nats.conf");
        std::fs::write(&path, config(port, &dir.path().join("jetstream"), sync))
            .expect("nats config");
        let mut server = Self {
            child: None,
            binary,
            config: path,
            env: env.to_vec(),
            port,
            url: format!("nats://127.0.0.1:{port}"),
            _dir: dir,
        };
        server.restart().await;
        server
    }

    /// The deployment's configuration (`deploy/nats/nats.conf`) with its port and store
    /// moved here and monitoring off, passed through `edit` (e.g. to take a permission
    /// away), and every process's password ([`PrivateNats::password`]) in the server's
    /// environment. `None` with `SISE_SKIP_NATS=1`, like the other NATS tests.
    pub async fn start_deployed(edit: impl FnOnce(String) -> String) -> Option<Self> {
        if std::env::var("SISE_SKIP_NATS").as_deref() == Ok("1") {
            eprintln!("SISE_SKIP_NATS=1: test against the deployment's NATS configuration skipped");
            return None;
        }
        let text = std::fs::read_to_string(repo_root().join("deploy/nats/nats.conf"))
            .expect("deploy/nats/nats.conf");
        let text = edit(text);
        let env: Vec<(String, String)> = crate::bus::acl::PROCESSES
            .iter()
            .map(|process| {
                (
                    format!("NATS_{}_PASSWORD", process.user.to_uppercase()),
                    Self::password(process.user),
                )
            })
            .collect();
        let config = |port: u16, store: &std::path::Path, _sync: &str| {
            let mut replaced = 0;
            let config: String = text
                .lines()
                .filter(|line| !line.starts_with("http_port:"))
                .map(|line| {
                    if line.starts_with("port:") {
                        replaced += 1;
                        format!("host: 127.0.0.1\nport: {port}")
                    } else if line.trim_start().starts_with("store_dir:") {
                        replaced += 1;
                        format!("  store_dir: \"{}\"", store.display())
                    } else {
                        line.to_owned()
                    }
                })
                .map(|line| line + "\n")
                .collect();
            assert_eq!(
                replaced, 2,
                "nats.conf has one `port:` and one `store_dir:` line"
            );
            config
        };
        Some(Self::start_with(config, &env).await)
    }

    /// The password [`PrivateNats::start_deployed`] gives `user`: with characters a URL
    /// must percent-encode, so decoding is exercised too.
    pub fn password(user: &str) -> String {
        format!("{user}-p@ss/w:rd%")
    }

    /// This server's URL with `user` and `password` in it, percent-encoded.
    pub fn url_as(&self, user: &str, password: &str) -> String {
        let encode = |text: &str| {
            percent_encoding::utf8_percent_encode(text, percent_encoding::NON_ALPHANUMERIC)
                .to_string()
        };
        format!(
            "nats://{}:{}@127.0.0.1:{}",
            encode(user),
            encode(password),
            self.port
        )
    }

    /// The URL a process signs in with ([`PrivateNats::start_deployed`]'s password).
    pub fn url_of(&self, user: &str) -> String {
        self.url_as(user, &Self::password(user))
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    /// Starts the server again (after [`PrivateNats::kill`]) on the same port and store, and
    /// waits until it accepts connections.
    pub async fn restart(&mut self) {
        self.kill();
        let child = std::process::Command::new(&self.binary)
            .arg("-c")
            .arg(&self.config)
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", self.binary));
        self.child = Some(child);
        for _ in 0..200 {
            if tokio::net::TcpStream::connect(("127.0.0.1", self.port))
                .await
                .is_ok()
            {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("private nats-server did not start");
    }

    /// Stops the server at once (SIGKILL) and waits for it to exit.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for PrivateNats {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Whether `nats-server --version` output (`nats-server: v2.9.10`) is at least `min`.
fn server_at_least(version: &str, min: (u32, u32)) -> bool {
    let number = version.rsplit('v').next().unwrap_or("").trim();
    let mut parts = number.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
    (parts.next().unwrap_or(0), parts.next().unwrap_or(0)) >= min
}

/// The repository root (configuration, dataset).
pub fn repo_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}
