//! `TestApp`: the market service under test (port 0, fresh database, the repository's
//! configuration and real KRX dataset), with one method per `MarketService` RPC and a client
//! for the other gRPC services a test calls (their generated methods are one per RPC).

use sise_market::Application;
use sise_platform::db::Backend;
use sise_platform::testing::{TestService, repo_root};
use sise_proto::market::v1 as pb;
use sise_proto::market::v1::chart_service_client::ChartServiceClient;
use sise_proto::market::v1::etf_service_client::EtfServiceClient;
use sise_proto::market::v1::market_service_client::MarketServiceClient;
use sise_proto::market::v1::trend_service_client::TrendServiceClient;
use tonic::transport::Channel;

pub const SAMSUNG: &str = "KOREA-A005930";

pub struct TestApp {
    pub service: TestService,
}

impl TestApp {
    pub async fn spawn(backend: Backend) -> Self {
        let service = TestService::spawn_with::<Application>(backend, |config| {
            let dataset = repo_root().join("services/market/data");
            config
                .set("services.market.dataset_dir", dataset.display().to_string())
                .expect("dataset_dir");
        })
        .await;
        Self { service }
    }

    fn market(&self) -> MarketServiceClient<Channel> {
        MarketServiceClient::new(self.service.channel.clone())
    }

    pub async fn get_security(
        &self,
        security_id: &str,
    ) -> Result<pb::GetSecurityResponse, tonic::Status> {
        self.market()
            .get_security(pb::GetSecurityRequest {
                security_id: security_id.to_owned(),
            })
            .await
            .map(tonic::Response::into_inner)
    }

    pub async fn get_quotes(&self, ids: &[&str]) -> Result<pb::GetQuotesResponse, tonic::Status> {
        self.market()
            .get_quotes(pb::GetQuotesRequest {
                security_ids: ids.iter().map(|id| (*id).to_owned()).collect(),
            })
            .await
            .map(tonic::Response::into_inner)
    }

    pub fn etfs(&self) -> EtfServiceClient<Channel> {
        EtfServiceClient::new(self.service.channel.clone())
    }

    pub fn charts(&self) -> ChartServiceClient<Channel> {
        ChartServiceClient::new(self.service.channel.clone())
    }

    pub fn trends(&self) -> TrendServiceClient<Channel> {
        TrendServiceClient::new(self.service.channel.clone())
    }

    /// Publish `events.social.post_created` on the service's bus, as social's outbox does.
    pub async fn post_created(&self, post_id: i64, security_id: &str, created_at_ms: i64) {
        use prost::Message as _;
        let event = sise_proto::social::v1::PostCreated {
            post_id,
            security_id: security_id.to_owned(),
            user_id: 1,
            category: sise_proto::social::v1::Category::Opinion as i32,
            created_at_ms,
        };
        self.service
            .bus
            .publish_durable(
                sise_platform::bus::acl::subjects::POST_CREATED,
                sise_platform::bus::Headers::new(),
                event.encode_to_vec().into(),
            )
            .await
            .expect("publish post_created");
    }

    pub async fn stop(self) {
        self.service.stop().await;
    }
}
