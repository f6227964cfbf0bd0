//! Building and running the social service: its database, its identity and market
//! clients, the members' gRPC server (`SocialService`, every member verified by its
//! signature, on the port the gateway calls; notices and customer support too), the
//! operators' server (moderation, notices, the support desk: every call with an operator's
//! token, on a listener of its own), identity's event consumers, the daily market recap's
//! writer and, in the embedded default, the sample boards.

use std::future::Future;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use sise_platform::bus::Bus;
use sise_platform::image::ImageDoor;
use sise_platform::member::MemberKey;
use sise_platform::operator::Operators;
use sise_platform::server;
use sise_platform::service::Service;
use sise_proto::identity::v1::identity_service_client::IdentityServiceClient;
use sise_proto::market::v1::market_service_client::MarketServiceClient;
use sise_proto::market::v1::trend_service_client::TrendServiceClient;
use sise_proto::social::v1::contest_desk_service_server::{self, ContestDeskServiceServer};
use sise_proto::social::v1::contest_service_server::{self, ContestServiceServer};
use sise_proto::social::v1::editorial_service_server::{self, EditorialServiceServer};
use sise_proto::social::v1::insight_article_service_server::{self, InsightArticleServiceServer};
use sise_proto::social::v1::insight_editorial_service_server::{
    self, InsightEditorialServiceServer,
};
use sise_proto::social::v1::moderation_service_server::{self, ModerationServiceServer};
use sise_proto::social::v1::notice_service_server::{self, NoticeServiceServer};
use sise_proto::social::v1::site_desk_service_server::{self, SiteDeskServiceServer};
use sise_proto::social::v1::site_service_server::{self, SiteServiceServer};
use sise_proto::social::v1::social_service_server::{self, SocialServiceServer};
use sise_proto::social::v1::support_desk_service_server::{self, SupportDeskServiceServer};
use sise_proto::social::v1::support_service_server::{self, SupportServiceServer};
use sise_proto::social::v1::topic_service_server::{self, TopicServiceServer};
use tokio_util::sync::CancellationToken;
use tonic::transport::{Channel, Endpoint};

use crate::config::{AnalyticsSettings, RecapSettings, SocialConfig};
use crate::contests::Prices;
use crate::grpc::contests::{ContestDeskGrpc, ContestGrpc};
use crate::grpc::insight::{InsightEditorialGrpc, InsightGrpc};
use crate::grpc::moderation::ModerationGrpc;
use crate::grpc::notices::{EditorialGrpc, NoticeGrpc};
use crate::grpc::site::{SiteDeskGrpc, SiteGrpc};
use crate::grpc::social::SocialGrpc;
use crate::grpc::support::{SupportDeskGrpc, SupportGrpc};
use crate::grpc::topics::TopicGrpc;
use crate::members::Members;
use crate::recap::RecapWriter;
use crate::securities::Securities;
use crate::store::{MIGRATIONS, Store};
use crate::topics::Topics;
use crate::{analytics, consumers, insight_samples, recap, samples};

/// Largest message social takes: a post with its pictures (4 × 5 MB) and framing.
const MAX_MESSAGE_BYTES: usize = 24 * 1024 * 1024;

pub struct Application {
    listener: server::Listener,
    /// The operators' API: never the port the gateway calls.
    operator_listener: server::Listener,
    store: Store,
    member_key: MemberKey,
    operators: Operators,
    identity: IdentityServiceClient<Channel>,
    market: Channel,
    door: ImageDoor,
    sample_posts: bool,
    bus: Bus,
    topics: Arc<Topics>,
    recap: RecapSettings,
    analytics: AnalyticsSettings,
}

impl Application {
    pub fn store(&self) -> Store {
        self.store.clone()
    }
}

impl Service for Application {
    const NAME: &'static str = "social";
    type Config = SocialConfig;

    async fn build(config: SocialConfig, data_dir: &Path, bus: Bus) -> anyhow::Result<Self> {
        let member_key = config.service.member_key(Self::NAME)?;
        let operators = Operators::new(&config.operators)
            .map_err(|e| e.context("invalid `services.social.operators`"))?;
        if operators.is_empty() {
            tracing::warn!(
                "no operators configured (services.social.operators): every moderation call is refused"
            );
        }
        let (db, listener) =
            server::open(&config.service, data_dir, Self::NAME, &MIGRATIONS).await?;
        let operator_listener = server::Listener::new(
            server::bind(config.operator_listen).await?,
            Self::NAME,
            server::ServerSettings::from(&config.service),
        );
        // Connect lazily and reconnect on their own: identity and market may start after
        // this service.
        let connect = |url: &str| -> anyhow::Result<Channel> {
            Ok(Endpoint::from_shared(url.to_owned())?
                .connect_timeout(Duration::from_secs(2))
                .timeout(Duration::from_secs(5))
                .connect_lazy())
        };
        Ok(Self {
            listener,
            operator_listener,
            store: Store::new(db, config.community.clone()),
            member_key,
            operators,
            identity: IdentityServiceClient::new(connect(&config.identity_url)?),
            market: connect(&config.market_url)?,
            door: ImageDoor::new(config.images.clone()),
            sample_posts: config.sample_posts,
            bus,
            topics: Arc::new(Topics::bundled()?),
            recap: config.recap.clone(),
            analytics: config.analytics.clone(),
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
        let securities = Securities::new(MarketServiceClient::new(self.market.clone()));
        let social = SocialGrpc::new(
            self.store.clone(),
            securities.clone(),
            Members::new(self.identity.clone(), self.store.clone()),
            self.door,
        );
        let members = self.member_key.guard(
            SocialServiceServer::new(social)
                .max_decoding_message_size(MAX_MESSAGE_BYTES)
                // A page of posts and a picture's large rendition fit well within it.
                .max_encoding_message_size(MAX_MESSAGE_BYTES),
        );
        let notices = self
            .member_key
            .guard(NoticeServiceServer::new(NoticeGrpc::new(
                self.store.clone(),
            )));
        let support = self
            .member_key
            .guard(SupportServiceServer::new(SupportGrpc::new(
                self.store.clone(),
            )));
        let site = self
            .member_key
            .guard(SiteServiceServer::new(SiteGrpc::new(self.store.clone())));
        let site_desk = self
            .operators
            .guard(SiteDeskServiceServer::new(SiteDeskGrpc::new(
                self.store.clone(),
            )));
        let topics = self
            .member_key
            .guard(TopicServiceServer::new(TopicGrpc::new(
                self.topics.clone(),
                securities,
            )));
        let contests = self
            .member_key
            .guard(ContestServiceServer::new(ContestGrpc::new(
                self.store.clone(),
                Prices::new(self.market.clone()),
                Members::new(self.identity, self.store.clone()),
            )));
        let contest_desk =
            self.operators
                .guard(ContestDeskServiceServer::new(ContestDeskGrpc::new(
                    self.store.clone(),
                    Prices::new(self.market.clone()),
                )));
        let operators = self
            .operators
            .guard(ModerationServiceServer::new(ModerationGrpc::new(
                self.store.clone(),
            )));
        let editorial = self
            .operators
            .guard(EditorialServiceServer::new(EditorialGrpc::new(
                self.store.clone(),
            )));
        let desk = self
            .operators
            .guard(SupportDeskServiceServer::new(SupportDeskGrpc::new(
                self.store.clone(),
            )));
        let insight = self
            .member_key
            .guard(InsightArticleServiceServer::new(InsightGrpc::new(
                self.store.clone(),
            )));
        let insight_editorial = self.operators.guard(InsightEditorialServiceServer::new(
            InsightEditorialGrpc::new(self.store.clone()),
        ));
        // Background work stops with the shutdown signal, before the pool closes.
        let stop = CancellationToken::new();
        let mut tasks = vec![
            tokio::spawn(consumers::run(
                self.bus.clone(),
                self.store.clone(),
                stop.clone(),
            )),
            tokio::spawn(analytics::run(
                self.bus.clone(),
                self.store.clone(),
                self.analytics.clone(),
                stop.clone(),
            )),
            tokio::spawn(crate::gauges::run(self.store.clone(), stop.clone())),
        ];
        if self.recap.enabled {
            tasks.push(tokio::spawn(recap::run(
                RecapWriter::new(self.store.clone(), self.market.clone()),
                self.recap.clone(),
                stop.clone(),
            )));
        }
        if self.sample_posts {
            tasks.push(tokio::spawn(insight_samples::seed(self.store.clone())));
            crate::grpc::contests::seed_sample(&self.store).await?;
            tasks.push(tokio::spawn(samples::seed(
                self.store.clone(),
                TrendServiceClient::new(self.market),
                stop.clone(),
            )));
        }
        let shutdown = {
            let stop = stop.clone();
            async move {
                shutdown.await;
                stop.cancel();
            }
        };
        let served = server::serve_all_with_database(
            self.store.database(),
            self.bus,
            vec![
                server::Server {
                    listener: self.listener,
                    served: vec![
                        social_service_server::SERVICE_NAME,
                        notice_service_server::SERVICE_NAME,
                        support_service_server::SERVICE_NAME,
                        topic_service_server::SERVICE_NAME,
                        insight_article_service_server::SERVICE_NAME,
                        contest_service_server::SERVICE_NAME,
                        site_service_server::SERVICE_NAME,
                    ],
                    routes: tonic::service::Routes::new(members)
                        .add_service(notices)
                        .add_service(support)
                        .add_service(topics)
                        .add_service(insight)
                        .add_service(contests)
                        .add_service(site),
                },
                server::Server {
                    listener: self.operator_listener,
                    served: vec![
                        moderation_service_server::SERVICE_NAME,
                        editorial_service_server::SERVICE_NAME,
                        support_desk_service_server::SERVICE_NAME,
                        insight_editorial_service_server::SERVICE_NAME,
                        contest_desk_service_server::SERVICE_NAME,
                        site_desk_service_server::SERVICE_NAME,
                    ],
                    routes: tonic::service::Routes::new(operators)
                        .add_service(editorial)
                        .add_service(desk)
                        .add_service(insight_editorial)
                        .add_service(contest_desk)
                        .add_service(site_desk),
                },
            ],
            shutdown,
        )
        .await;
        stop.cancel();
        for task in tasks {
            let _ = task.await;
        }
        served
    }
}
