//! Layered configuration, zero-to-production style.
//!
//! Order (later wins): `{SISE_CONFIG_DIR}/base.yaml`, `{SISE_CONFIG_DIR}/{SISE_ENV}.yaml`
//! (`local` unless set), then environment variables `SISE__SECTION__KEY` (double underscore
//! between levels, e.g. `SISE__SERVICES__MARKET__DATABASE_URL`). Each crate deserialises only
//! the section it owns with [`Config::section`].
//!
//! With `SISE_ENV=production`, [`Config::load`] also refuses the repository's example
//! credentials and PostgreSQL without TLS ([`Config::check_production`]), so every binary
//! fails at start rather than run on them.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use anyhow::Context;
use secrecy::SecretString;
use serde::Deserialize;
use serde::de::DeserializeOwned;

/// The loaded configuration tree.
#[derive(Clone, Debug)]
pub struct Config {
    inner: config::Config,
}

impl Config {
    /// Load from `SISE_CONFIG_DIR` (default `config`) and the environment; in
    /// `SISE_ENV=production`, refuse example credentials ([`Config::check_production`]).
    pub fn load() -> anyhow::Result<Self> {
        let dir = std::env::var("SISE_CONFIG_DIR").unwrap_or_else(|_| "config".into());
        let env = std::env::var("SISE_ENV").unwrap_or_else(|_| "local".into());
        let config = Self::load_from(Path::new(&dir), &env)?;
        if env == PRODUCTION {
            config.check_production()?;
        }
        Ok(config)
    }

    /// What production must not run on: a secret that is one of the repository's examples
    /// (`change-me…` in the Kubernetes Secrets and `.env`, `replace-with-…`, the role
    /// `sise:sise` of the compose files, the messenger app id `0`), and a PostgreSQL URL
    /// without TLS (`sslmode=require`, `verify-ca` or `verify-full`; a Unix socket `host=/…`
    /// needs none). Checked: `bus.url`, every `services.*.database_url` and
    /// `services.*.member_key`, `gateway.member_key`, the messenger app of identity and the
    /// gateway, and the OpenDART key. The error names the settings, never their values.
    ///
    /// Not checked here: the operators (`services.*.operators`) hold SHA-256 hashes, the
    /// repository ships none (an empty list), and an entry that is not 64 hex digits, like
    /// the placeholder of the Kubernetes Secret's comment, is refused when the service reads
    /// it (`crate::operator::Operators::new`).
    pub fn check_production(&self) -> anyhow::Result<()> {
        let mut secrets: Vec<(String, String)> = Vec::new();
        for key in SECRET_SETTINGS {
            if let Ok(value) = self.inner.get_string(key) {
                secrets.push((key.into(), value));
            }
        }
        let mut databases = Vec::new();
        if let Ok(services) = self.inner.get_table("services") {
            for (name, section) in services {
                let Ok(table) = section.into_table() else {
                    continue;
                };
                for setting in SERVICE_SECRETS {
                    let value = table
                        .get(setting)
                        .cloned()
                        .and_then(|value| value.into_string().ok());
                    if let Some(value) = value {
                        let key = format!("services.{name}.{setting}");
                        if setting == "database_url" {
                            databases.push((key.clone(), value.clone()));
                        }
                        secrets.push((key, value));
                    }
                }
            }
        }
        secrets.sort();
        let mut problems: Vec<String> = secrets
            .iter()
            .filter(|(_, value)| is_example_credential(value))
            .map(|(key, _)| format!("{key} holds an example credential of the repository"))
            .collect();
        if self.inner.get_int("services.identity.kakao.app_id").ok() == Some(0) {
            problems.push("services.identity.kakao.app_id is the example 0".into());
        }
        databases.sort();
        problems.extend(
            databases
                .iter()
                .filter(|(_, url)| !postgres_tls_or_not_postgres(url))
                .map(|(key, _)| {
                    format!(
                        "{key} connects to PostgreSQL without TLS (add sslmode=require, \
                         verify-ca or verify-full)"
                    )
                }),
        );
        if problems.is_empty() {
            Ok(())
        } else {
            anyhow::bail!(
                "refusing to start with SISE_ENV=production: {} (deploy/README.md, \
                 \"Secrets an operator sets\")",
                problems.join("; ")
            )
        }
    }

    /// Load from an explicit directory and environment name (tests use this).
    pub fn load_from(dir: &Path, env: &str) -> anyhow::Result<Self> {
        let inner = config::Config::builder()
            .add_source(config::File::from(dir.join("base.yaml")).required(true))
            .add_source(config::File::from(dir.join(format!("{env}.yaml"))).required(false))
            .add_source(
                config::Environment::with_prefix("SISE")
                    .prefix_separator("__")
                    .separator("__")
                    .try_parsing(true),
            )
            .build()
            .with_context(|| format!("failed to read configuration from {}", dir.display()))?;
        Ok(Self { inner })
    }

    /// Deserialise one section, e.g. `section::<MarketConfig>("services.market")`.
    pub fn section<T: DeserializeOwned>(&self, key: &str) -> anyhow::Result<T> {
        self.inner
            .get::<T>(key)
            .with_context(|| format!("invalid configuration section `{key}`"))
    }

    /// Directory for embedded databases (`data_dir`, default `var`).
    pub fn data_dir(&self) -> PathBuf {
        self.inner
            .get_string("data_dir")
            .map(PathBuf::from)
            .unwrap_or_else(|_| PathBuf::from("var"))
    }

    /// Overwrite one key in memory (the all-in-one runner uses this to wire ephemeral ports).
    pub fn set(&mut self, key: &str, value: impl Into<config::Value>) -> anyhow::Result<()> {
        let inner = config::Config::builder()
            .add_source(self.inner.clone())
            .set_override(key, value)?
            .build()?;
        self.inner = inner;
        Ok(())
    }
}

/// The `SISE_ENV` of a deployment others can reach.
pub const PRODUCTION: &str = "production";

/// Secret settings outside the per-service ones of [`SERVICE_SECRETS`].
const SECRET_SETTINGS: [&str; 5] = [
    "bus.url",
    "gateway.member_key",
    "gateway.kakao.app_key",
    "services.identity.kakao.app_key",
    "services.market.dart.api_key",
];

/// Secret settings every `services.<name>` section may hold: its database URL (a password)
/// and the member key the gateway signs members with (`crate::member`).
const SERVICE_SECRETS: [&str; 2] = ["database_url", "member_key"];

/// Parts of the example credentials the repository ships (`deploy/k8s/*-secret.yaml`,
/// `.env`, the role of `deploy/postgres/init.sql`): placeholders to replace, never secrets.
const EXAMPLE_CREDENTIALS: [&str; 3] = ["change-me", "replace-with-", "sise:sise@"];

fn is_example_credential(value: &str) -> bool {
    let value = value.to_ascii_lowercase();
    EXAMPLE_CREDENTIALS
        .iter()
        .any(|example| value.contains(example))
}

/// Whether a database URL is not PostgreSQL, or is PostgreSQL over TLS (or a Unix socket).
fn postgres_tls_or_not_postgres(url: &str) -> bool {
    let Some((scheme, rest)) = url.split_once("://") else {
        return true;
    };
    if !matches!(
        scheme.to_ascii_lowercase().as_str(),
        "postgres" | "postgresql"
    ) {
        return true;
    }
    let query = rest.split_once('?').map_or("", |(_, query)| query);
    let mut tls = false;
    for pair in query.split('&') {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match key {
            // sqlx reads both spellings.
            "sslmode" | "ssl-mode" => {
                tls = matches!(
                    value.to_ascii_lowercase().as_str(),
                    "require" | "verify-ca" | "verify-full"
                );
            }
            "host" if value.starts_with('/') || value.starts_with("%2F") => return true,
            _ => {}
        }
    }
    tls
}

/// What every domain service needs: where to listen and which database to use.
#[derive(Clone, Debug, Deserialize)]
pub struct ServiceConfig {
    pub listen: SocketAddr,
    /// `sqlite://…` or `postgres://…`; when absent, `sqlite://{data_dir}/{service}.db`.
    /// Secret: a PostgreSQL URL may carry a password, so it never reaches a log.
    #[serde(default)]
    pub database_url: Option<SecretString>,
    /// How often gRPC health re-evaluates readiness (`crate::server`).
    #[serde(default = "default_health_interval_ms")]
    pub health_interval_ms: u64,
    /// How long shutdown waits for in-flight requests before closing them.
    #[serde(default = "default_drain_timeout_secs")]
    pub drain_timeout_secs: u64,
    /// The secret the gateway signs members with (`crate::member`). A service that acts
    /// for members refuses to start without it ([`ServiceConfig::member_key`]).
    #[serde(default)]
    pub member_key: Option<SecretString>,
}

fn default_health_interval_ms() -> u64 {
    1000
}

fn default_drain_timeout_secs() -> u64 {
    10
}

impl ServiceConfig {
    /// The defaults of every setting but the address and the database.
    pub(crate) fn default_settings() -> Self {
        Self {
            listen: std::net::SocketAddr::from(([127, 0, 0, 1], 0)),
            database_url: None,
            health_interval_ms: default_health_interval_ms(),
            drain_timeout_secs: default_drain_timeout_secs(),
            member_key: None,
        }
    }

    /// The verifier of signed members, from `services.{service}.member_key`; an error when
    /// it is not set (no unsigned mode).
    pub fn member_key(&self, service: &str) -> anyhow::Result<crate::member::MemberKey> {
        crate::member::MemberKey::configured(
            self.member_key.as_ref(),
            &format!("services.{service}.member_key"),
        )
    }

    /// The database URL, defaulting to an SQLite file in the data directory.
    pub fn database_url(&self, data_dir: &Path, service: &str) -> SecretString {
        self.database_url.clone().unwrap_or_else(|| {
            format!(
                "sqlite://{}?mode=rwc",
                data_dir.join(format!("{service}.db")).display()
            )
            .into()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A configuration directory with `base.yaml` and `production.yaml`.
    fn production(yaml: &str) -> anyhow::Result<()> {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(
            dir.path().join("base.yaml"),
            "bus:\n  url: inproc\nservices:\n  identity:\n    kakao:\n      app_key: sise-dev-app-key\n      app_id: 1\n",
        )
        .expect("write base");
        std::fs::write(dir.path().join("production.yaml"), yaml).expect("write env");
        Config::load_from(dir.path(), PRODUCTION)
            .expect("load")
            .check_production()
    }

    fn refusal(yaml: &str) -> String {
        format!("{:#}", production(yaml).expect_err("refused"))
    }

    #[test]
    fn production_refuses_example_credentials() {
        let good = "postgres://sise:Zq81xkP@db.internal:5432/sise_market?sslmode=verify-full";
        production(&format!(
            "bus:\n  url: nats://market:Vf9wq2@nats:4222\nservices:\n  market:\n    database_url: {good}\n"
        ))
        .expect("real secrets pass");
        for (yaml, key) in [
            (
                "bus:\n  url: nats://market:change-me-market@nats:4222\n",
                "bus.url",
            ),
            (
                "services:\n  social:\n    database_url: postgres://sise:sise@postgres:5432/sise_social?sslmode=require\n",
                "services.social.database_url",
            ),
            (
                "gateway:\n  kakao:\n    app_key: replace-with-the-rest-api-key\n",
                "gateway.kakao.app_key",
            ),
            (
                "services:\n  identity:\n    kakao:\n      app_key: CHANGE-ME\n",
                "services.identity.kakao.app_key",
            ),
            (
                "services:\n  identity:\n    kakao:\n      app_id: 0\n",
                "services.identity.kakao.app_id",
            ),
            (
                "gateway:\n  member_key: local-member-key-change-me-0123456789abcdef\n",
                "gateway.member_key",
            ),
            (
                "services:\n  favorites:\n    member_key: change-me-to-32-or-more-random-bytes-from-openssl\n",
                "services.favorites.member_key",
            ),
            (
                "services:\n  market:\n    dart:\n      api_key: replace-with-the-opendart-key\n",
                "services.market.dart.api_key",
            ),
        ] {
            let message = refusal(yaml);
            assert!(message.contains(key), "{key}: {message}");
            assert!(message.contains("SISE_ENV=production"), "{message}");
        }
        // The values themselves never reach the message (it is logged).
        let message = refusal("bus:\n  url: nats://market:change-me-market@nats:4222\n");
        assert!(!message.contains("change-me-market"), "{message}");
    }

    /// The value a shipped file gives `name`: `NAME=value` in `.env`, `name: value` in a
    /// Kubernetes Secret's `stringData`.
    fn shipped(file: &str, name: &str) -> String {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(file);
        let text = std::fs::read_to_string(&path).expect("read a shipped file");
        text.lines()
            .map(str::trim)
            .find_map(|line| {
                let rest = line.strip_prefix(name)?;
                rest.strip_prefix('=').or_else(|| rest.strip_prefix(':'))
            })
            .map(|value| value.trim().trim_matches('"').to_owned())
            .unwrap_or_else(|| panic!("{name} in {file}"))
    }

    /// The shipped `config/` with the example secrets of `.env` (compose) and of the
    /// Kubernetes Secrets, each in the settings it feeds: every one is refused; real ones
    /// pass (the development app key `base.yaml` gives every process's tree is not a
    /// secret of the shipped examples).
    #[test]
    fn the_shipped_production_configuration_needs_real_secrets() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config");
        let load = |settings: &[(&str, String)]| {
            let mut config = Config::load_from(&dir, PRODUCTION).expect("load");
            for (key, value) in settings {
                config.set(key, value.as_str()).expect("set");
            }
            config.check_production()
        };
        let env = |name: &str| shipped(".env", name);
        let secret = |file: &str, name: &str| shipped(&format!("deploy/k8s/{file}"), name);
        let nats = |password: String| format!("nats://identity:{password}@nats:4222");
        let database = |password: String| {
            format!("postgres://sise:{password}@postgres:5432/sise_identity?sslmode=require")
        };
        let refused = |examples: &[(&str, String)]| {
            let message = format!("{:#}", load(examples).expect_err("examples refused"));
            for (key, value) in examples {
                assert!(message.contains(key), "{key}: {message}");
                // The values never reach the message (the app id `0` aside: a digit).
                assert!(
                    value.len() < 2 || !message.contains(value.as_str()),
                    "{key}'s value: {message}"
                );
            }
        };
        // Compose: `.env`.
        refused(&[
            ("bus.url", nats(env("NATS_IDENTITY_PASSWORD"))),
            (
                "services.identity.database_url",
                database(env("SISE_DB_PASSWORD")),
            ),
            ("services.identity.kakao.app_key", env("KAKAO_APP_KEY")),
            ("services.identity.kakao.app_id", env("KAKAO_APP_ID")),
            ("services.identity.member_key", env("SISE_MEMBER_KEY")),
            ("services.social.member_key", env("SISE_MEMBER_KEY")),
            ("services.favorites.member_key", env("SISE_MEMBER_KEY")),
            ("gateway.member_key", env("SISE_MEMBER_KEY")),
            ("gateway.kakao.app_key", env("KAKAO_APP_KEY")),
        ]);
        // Kubernetes: the example Secrets.
        refused(&[
            (
                "bus.url",
                nats(secret("nats-secret.yaml", "identity-password")),
            ),
            (
                "services.identity.database_url",
                secret("database-secret.yaml", "identity-url"),
            ),
            (
                "services.identity.kakao.app_key",
                secret("kakao-secret.yaml", "app-key"),
            ),
            (
                "services.identity.kakao.app_id",
                secret("kakao-secret.yaml", "app-id"),
            ),
            (
                "services.identity.member_key",
                secret("internal-secret.yaml", "member-key"),
            ),
            (
                "services.social.member_key",
                secret("internal-secret.yaml", "member-key"),
            ),
            (
                "services.favorites.member_key",
                secret("internal-secret.yaml", "member-key"),
            ),
            (
                "gateway.member_key",
                secret("internal-secret.yaml", "member-key"),
            ),
        ]);
        let real = |value: &str| value.to_owned();
        load(&[
            ("bus.url", nats(real("5f0c9e2a71b8"))),
            (
                "services.identity.database_url",
                real("postgres://sise:9b1d77e0c4@db:5432/sise_identity?sslmode=verify-full"),
            ),
            (
                "services.identity.kakao.app_key",
                real("3c1f9a0e8b7d6c5a4f3e2d1c0b9a8f7e"),
            ),
            ("services.identity.kakao.app_id", real("123456")),
            (
                "services.identity.member_key",
                real("mC3w0Zy9tQ1vS7kL2pX8nR4bF6hJ5dA0eG1iK3oU9sY"),
            ),
            (
                "gateway.member_key",
                real("mC3w0Zy9tQ1vS7kL2pX8nR4bF6hJ5dA0eG1iK3oU9sY"),
            ),
        ])
        .expect("real secrets pass");
    }

    #[test]
    fn production_requires_tls_to_postgres() {
        for url in [
            "postgres://sise:Zq81xkP@db:5432/sise_market",
            "postgres://sise:Zq81xkP@db:5432/sise_market?sslmode=prefer",
            "postgresql://sise:Zq81xkP@db:5432/sise_market?sslmode=disable&application_name=x",
        ] {
            let message = refusal(&format!(
                "services:\n  market:\n    database_url: \"{url}\"\n"
            ));
            assert!(
                message.contains("services.market.database_url connects to PostgreSQL without TLS"),
                "{message}"
            );
            assert!(!message.contains("Zq81xkP"), "{message}");
        }
        for url in [
            "postgres://sise:Zq81xkP@db:5432/sise_market?sslmode=require",
            "postgres://sise:Zq81xkP@db:5432/sise_market?application_name=x&sslmode=verify-ca",
            "postgresql://sise:Zq81xkP@db/sise_market?ssl-mode=verify-full",
            "postgres://sise@/sise_market?host=/var/run/postgresql",
            "sqlite:///app/var/market.db?mode=rwc",
        ] {
            production(&format!(
                "services:\n  market:\n    database_url: \"{url}\"\n"
            ))
            .unwrap_or_else(|e| panic!("{url}: {e:#}"));
        }
    }

    #[test]
    fn environment_overrides_files() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(
            dir.path().join("base.yaml"),
            "data_dir: var\nservices:\n  demo:\n    listen: 127.0.0.1:1\n",
        )
        .expect("write base");
        std::fs::write(
            dir.path().join("unit.yaml"),
            "services:\n  demo:\n    listen: 127.0.0.1:2\n",
        )
        .expect("write env");
        let mut config = Config::load_from(dir.path(), "unit").expect("load");
        let demo: ServiceConfig = config.section("services.demo").expect("section");
        assert_eq!(demo.listen.port(), 2);
        config
            .set("services.demo.listen", "127.0.0.1:3")
            .expect("set");
        let demo: ServiceConfig = config.section("services.demo").expect("section");
        assert_eq!(demo.listen.port(), 3);
        use secrecy::ExposeSecret;
        assert_eq!(
            demo.database_url(Path::new("/d"), "demo").expose_secret(),
            "sqlite:///d/demo.db?mode=rwc"
        );
        assert!(
            !format!("{demo:?}").contains("sqlite"),
            "the url is redacted"
        );
    }
}
