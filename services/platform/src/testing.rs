//! The test kit every service uses: one test per storage backend, fresh databases, and a
//! harness that runs a service on port 0 until the test stops it.

pub use crate::db::testing::{TestDatabase, backends, postgres_admin_url};

use crate::db::Backend;

/// Whether this run covers `backend` (`SISE_TEST_BACKENDS`, default both). A developer
/// without PostgreSQL sets `SISE_TEST_BACKENDS=sqlite`; CI runs both.
pub fn covers(backend: Backend) -> bool {
    backends().contains(&backend)
}

/// Turns on logs for a test run when `TEST_LOG` is set (`TEST_LOG=1 cargo test …`), at the
/// level `RUST_LOG` names (default `info`). Safe to call from every test.
pub fn init_test_log() {
    if std::env::var_os("TEST_LOG").is_none() {
        return;
    }
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
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
