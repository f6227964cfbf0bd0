//! Layered configuration, zero-to-production style.
//!
//! Order (later wins): `{SISE_CONFIG_DIR}/base.yaml`, `{SISE_CONFIG_DIR}/{SISE_ENV}.yaml`
//! (`local` unless set), then environment variables `SISE__SECTION__KEY` (double underscore
//! between levels, e.g. `SISE__SERVICES__MARKET__DATABASE_URL`). Each crate deserialises only
//! the section it owns with [`Config::section`].

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
    /// Load from `SISE_CONFIG_DIR` (default `config`) and the environment.
    pub fn load() -> anyhow::Result<Self> {
        let dir = std::env::var("SISE_CONFIG_DIR").unwrap_or_else(|_| "config".into());
        let env = std::env::var("SISE_ENV").unwrap_or_else(|_| "local".into());
        Self::load_from(Path::new(&dir), &env)
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
