//! Building and running the identity service: its database, the members' gRPC server (the
//! port the gateway calls; every member verified by its signature), the operators' server
//! on a listener of its own (every call with an operator's token), and the periodic sweep.

use std::future::Future;
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use sise_platform::bus::Bus;
use sise_platform::member::MemberKey;
use sise_platform::operator::Operators;
use sise_platform::server;
use sise_platform::service::Service;
use sise_proto::identity::v1::identity_service_server::{self, IdentityServiceServer};
use sise_proto::identity::v1::operator_service_server::{self, OperatorServiceServer};

use crate::config::IdentityConfig;
use crate::grpc::{IdentityGrpc, OperatorGrpc};
use crate::membership::Membership;
use sise_platform::time::now_ms;

use crate::store::{MIGRATIONS, Store};

/// Largest gRPC message identity takes (a photo upload with its framing).
const MAX_MESSAGE_BYTES: usize = 8 * 1024 * 1024;

pub struct Application {
    listener: server::Listener,
    /// The operators' API: never the port the gateway calls.
    operator_listener: server::Listener,
    member_key: MemberKey,
    operators: Operators,
    membership: Membership,
    sweep_every: Duration,
    bus: Bus,
}

impl Application {
    pub fn store(&self) -> Store {
        self.membership.store.clone()
    }
}

impl Service for Application {
    const NAME: &'static str = "identity";
    type Config = IdentityConfig;

    async fn build(config: IdentityConfig, data_dir: &Path, bus: Bus) -> anyhow::Result<Self> {
        let member_key = config.service.member_key(Self::NAME)?;
        let operators = Operators::new(&config.operators)
            .map_err(|e| e.context("invalid `services.identity.operators`"))?;
        if operators.is_empty() {
            tracing::warn!(
                "no operators configured (services.identity.operators): every operator call is refused"
            );
        }
        let (db, listener) =
            server::open(&config.service, data_dir, Self::NAME, &MIGRATIONS).await?;
        let operator_listener = server::Listener::new(
            server::bind(config.operator_listen).await?,
            Self::NAME,
            server::ServerSettings::from(&config.service),
        );
        Ok(Self {
            listener,
            operator_listener,
            member_key,
            operators,
            membership: Membership::new(Store::new(db), &config)?,
            sweep_every: Duration::from_secs(config.sessions.sweep_interval_secs.max(1)),
            bus,
        })
    }

    fn local_addr(&self) -> anyhow::Result<SocketAddr> {
        Ok(self.listener.local_addr()?)
    }

    fn operator_addr(&self) -> anyhow::Result<Option<SocketAddr>> {
        Ok(Some(self.operator_listener.local_addr()?))
    }

    async fn run_until_stopped(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let members = self.member_key.guard(
            IdentityServiceServer::new(IdentityGrpc::new(self.membership.clone()))
                .max_decoding_message_size(MAX_MESSAGE_BYTES),
        );
        let operators = self
            .operators
            .guard(OperatorServiceServer::new(OperatorGrpc::new(
                self.membership.clone(),
            )));
        let sweep = tokio::spawn(sweep(self.membership.clone(), self.sweep_every));
        let served = server::serve_all_with_database(
            self.membership.store.database(),
            self.bus,
            vec![
                server::Server {
                    listener: self.listener,
                    served: vec![identity_service_server::SERVICE_NAME],
                    routes: tonic::service::Routes::new(members),
                },
                server::Server {
                    listener: self.operator_listener,
                    served: vec![operator_service_server::SERVICE_NAME],
                    routes: tonic::service::Routes::new(operators),
                },
            ],
            shutdown,
        )
        .await;
        sweep.abort();
        served
    }
}

/// Purges expired sessions and failures and marks dormant members, every `every`.
async fn sweep(membership: Membership, every: Duration) {
    let mut interval = tokio::time::interval(every);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        interval.tick().await;
        if let Err(error) = membership.sweep(now_ms()).await {
            tracing::warn!(error = format!("{error:#}"), "identity sweep failed");
        }
    }
}
