//! Everything in one process on the embedded defaults: the four domain services on
//! ephemeral loopback ports, the gateway on the configured address, one in-process bus
//! (unless configured otherwise) and SQLite files in the data directory.
//!
//! The services still talk gRPC to each other over loopback, so the one-process mode runs
//! exactly the code paths of the distributed mode.
//!
//! Internal calls are signed as in the distributed mode: the process makes a random member
//! key at start and gives it to the gateway and every service (`sise_platform::member`).
//! The operators' APIs (identity's sanctions, social's moderation) get their own ephemeral
//! loopback listeners; where no operators are configured (`services.{identity,social}.
//! operators`), one development credential is made at start for operator [`DEV_OPERATOR`]
//! and accepted by both (never with `SISE_ENV=production`), and the `sise` binary prints
//! its token once.
//!
//! With `dev_kakao.enabled` (the embedded default; refused with `SISE_ENV=production`),
//! the development messenger provider starts first on its own loopback port, and identity
//! and the webapp are pointed at it.
//!
//! Shutdown goes front to back: the gateway drains first (readiness off, then in-flight
//! requests finish), and only then do the services stop, so draining requests still reach
//! them. A failing component stops everything at once.

use std::future::Future;
use std::net::SocketAddr;

use futures::future::{BoxFuture, try_join_all};
use sise_identity::kakao::{KakaoSettings, dev, dev::DevKakaoSettings};
use sise_platform::bus::{Bus, BusConfig};
use sise_platform::config::Config;
use sise_platform::member::MemberKey;
use sise_platform::operator::{self, OperatorCredential};
use sise_platform::service::{Launcher, launcher};
use tokio_util::sync::CancellationToken;

use crate::GatewayConfig;
use crate::realtime::QuoteHub;

/// The domain services, in start order (a service after those it calls, so it is told
/// their addresses); each becomes `gateway.upstreams.{name}`.
pub const SERVICES: [Launcher; 4] = [
    launcher::<sise_identity::Application>(),
    launcher::<sise_market::Application>(),
    launcher::<sise_social::Application>(),
    launcher::<sise_favorites::Application>(),
];

/// The services with an operators' API, which the development credential is made for.
const OPERATED: [&str; 2] = ["identity", "social"];

/// The operator of the development credential the one-process server makes.
pub const DEV_OPERATOR: &str = "developer";

pub struct Standalone {
    pub addr: SocketAddr,
    /// The development messenger provider, when it runs.
    pub dev_kakao: Option<SocketAddr>,
    /// Each domain service's gRPC address (the port the gateway calls).
    pub service_addrs: Vec<(&'static str, SocketAddr)>,
    /// Each operators' listener (identity's, social's).
    pub operator_addrs: Vec<(&'static str, SocketAddr)>,
    /// The token of the development operator credential, when none was configured.
    pub dev_operator_token: Option<String>,
    /// The key this process signs members with (tests call services directly with it).
    pub member_key: MemberKey,
    /// The gateway's live-quote hub (tests look at its size).
    pub quote_hub: QuoteHub,
    gateway: BoxFuture<'static, anyhow::Result<()>>,
    services: Vec<BoxFuture<'static, anyhow::Result<()>>>,
    /// Stops the gateway (the shutdown signal).
    stop_gateway: CancellationToken,
    /// Stops the services (after the gateway, or on any failure).
    stop_services: CancellationToken,
}

impl Standalone {
    pub async fn build(mut config: Config) -> anyhow::Result<Self> {
        std::fs::create_dir_all(config.data_dir())?;
        let bus = Bus::connect(&config.section::<BusConfig>("bus")?).await?;
        let stop_services = CancellationToken::new();
        let dev_kakao = start_dev_kakao(&mut config, stop_services.clone()).await?;
        // One process: one random key, never written anywhere.
        let secret = MemberKey::generate();
        let member_key = MemberKey::new(&secret)?;
        let secret = secrecy::ExposeSecret::expose_secret(&secret).to_owned();
        config.set("gateway.member_key", secret.clone())?;
        let dev_operator_token = dev_operator(&mut config)?;
        let mut services = Vec::new();
        let mut addrs = Vec::new();
        let mut operator_addrs = Vec::new();
        for service in SERVICES {
            // Each service listens on ephemeral ports; the gateway is told where.
            for key in ["listen", "operator_listen"] {
                config.set(&format!("services.{}.{key}", service.name), "127.0.0.1:0")?;
            }
            config.set(
                &format!("services.{}.member_key", service.name),
                secret.clone(),
            )?;
            let launched = (service.launch)(&config, bus.clone(), stop_services.clone()).await?;
            let url = format!("http://{}", launched.addr);
            config.set(&format!("gateway.upstreams.{}", service.name), url.clone())?;
            // Social and favorites (started after both) check security ids with market and
            // ask identity for members' public profiles.
            let key = match service.name {
                "market" => Some("market_url"),
                "identity" => Some("identity_url"),
                _ => None,
            };
            if let Some(key) = key {
                for client in ["social", "favorites"] {
                    config.set(&format!("services.{client}.{key}"), url.clone())?;
                }
            }
            addrs.push((service.name, launched.addr));
            operator_addrs.extend(launched.operator_addr.map(|addr| (service.name, addr)));
            services.push(launched.run);
        }
        let gateway =
            crate::Application::build(config.section::<GatewayConfig>("gateway")?, bus).await?;
        let addr = gateway.local_addr()?;
        let quote_hub = gateway.quote_hub();
        let stop_gateway = CancellationToken::new();
        let stop = stop_gateway.clone();
        let gateway = Box::pin(gateway.run_until_stopped(async move { stop.cancelled().await }));
        Ok(Self {
            addr,
            dev_kakao,
            service_addrs: addrs,
            operator_addrs,
            dev_operator_token,
            member_key,
            quote_hub,
            gateway,
            services,
            stop_gateway,
            stop_services,
        })
    }

    /// Run until `shutdown`; a failing component stops the others.
    pub async fn run_until_stopped(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let (stop_gateway, stop_services) = (self.stop_gateway, self.stop_services);
        {
            let stop_gateway = stop_gateway.clone();
            tokio::spawn(async move {
                shutdown.await;
                stop_gateway.cancel();
            });
        }
        let gateway = async {
            let result = self.gateway.await;
            if result.is_err() {
                stop_gateway.cancel();
            }
            // Drained (or failed): the services may go now.
            stop_services.cancel();
            result
        };
        let services = self.services.into_iter().map(|run| {
            let (stop_gateway, stop_services) = (stop_gateway.clone(), stop_services.clone());
            async move {
                let result = run.await;
                stop_gateway.cancel();
                stop_services.cancel();
                result
            }
        });
        let (gateway, services) = futures::join!(gateway, try_join_all(services));
        gateway.and(services.map(|_| ()))
    }
}

/// Where no operators are configured ([`OPERATED`]: `services.{name}.operators`), makes one
/// development credential for [`DEV_OPERATOR`] and configures each such service with its
/// hash; its token. Never with `SISE_ENV=production`: there operators are configured, or
/// none may call.
fn dev_operator(config: &mut Config) -> anyhow::Result<Option<String>> {
    if std::env::var("SISE_ENV").is_ok_and(|env| env == "production") {
        return Ok(None);
    }
    #[derive(serde::Deserialize)]
    struct Operators {
        #[serde(default, deserialize_with = "operator::deserialize_credentials")]
        operators: Vec<OperatorCredential>,
    }
    let mut unconfigured = Vec::new();
    for name in OPERATED {
        let configured: Operators = config.section(&format!("services.{name}"))?;
        if configured.operators.is_empty() {
            unconfigured.push(name);
        }
    }
    if unconfigured.is_empty() {
        return Ok(None);
    }
    let token = operator::generate_token();
    for name in unconfigured {
        config.set(
            &format!("services.{name}.operators"),
            format!("{DEV_OPERATOR}:{}", operator::token_sha256(&token)),
        )?;
    }
    Ok(Some(token))
}

/// Starts the development messenger provider if `dev_kakao.enabled`, and points identity
/// (`services.identity.kakao`) and the webapp (`gateway.kakao`) at it.
async fn start_dev_kakao(
    config: &mut Config,
    stop: CancellationToken,
) -> anyhow::Result<Option<SocketAddr>> {
    let settings: DevKakaoSettings = config.section("dev_kakao")?;
    if !settings.enabled {
        return Ok(None);
    }
    if std::env::var("SISE_ENV").is_ok_and(|env| env == "production") {
        anyhow::bail!("dev_kakao.enabled is refused in production: configure the real provider");
    }
    let kakao: KakaoSettings = config.section("services.identity.kakao")?;
    let addr = dev::start(settings.listen, &kakao.app_key, kakao.app_id, stop).await?;
    let base = format!("http://{addr}");
    for key in [
        "services.identity.kakao.api_base",
        "services.identity.kakao.auth_base",
        "gateway.kakao.api_base",
        "gateway.kakao.auth_base",
    ] {
        config.set(key, base.clone())?;
    }
    config.set("gateway.kakao.app_key", kakao.app_key)?;
    Ok(Some(addr))
}
