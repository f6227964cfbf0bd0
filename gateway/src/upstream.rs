//! gRPC clients of the domain services. Channels connect lazily and reconnect on their
//! own; every call carries the caller's trace context ([`TraceInterceptor`]).

use std::time::Duration;

use sise_platform::telemetry::TraceInterceptor;
use sise_proto::identity::v1::identity_service_client::IdentityServiceClient;
use sise_proto::market::v1::market_service_client::MarketServiceClient;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::{Channel, Endpoint};
use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;

use crate::config::Upstreams;

pub type Traced = InterceptedService<Channel, TraceInterceptor>;

#[derive(Clone)]
pub struct Clients {
    pub market: MarketServiceClient<Traced>,
    pub identity: IdentityServiceClient<Traced>,
    channels: Vec<(&'static str, Channel)>,
}

impl Clients {
    pub fn connect(upstreams: &Upstreams) -> anyhow::Result<Self> {
        let identity = channel(&upstreams.identity)?;
        let social = channel(&upstreams.social)?;
        let market = channel(&upstreams.market)?;
        let favorites = channel(&upstreams.favorites)?;
        Ok(Self {
            market: MarketServiceClient::with_interceptor(market.clone(), TraceInterceptor),
            identity: IdentityServiceClient::with_interceptor(identity.clone(), TraceInterceptor),
            channels: vec![
                ("identity", identity),
                ("social", social),
                ("market", market),
                ("favorites", favorites),
            ],
        })
    }

    /// Names of the upstreams whose gRPC health check does not answer SERVING.
    pub async fn unhealthy(&self) -> Vec<&'static str> {
        let mut failing = Vec::new();
        for (name, channel) in &self.channels {
            let mut client = HealthClient::new(channel.clone());
            let check = client.check(HealthCheckRequest {
                service: String::new(),
            });
            let ok = matches!(
                tokio::time::timeout(Duration::from_secs(2), check).await,
                Ok(Ok(response)) if response.get_ref().status == ServingStatus::Serving as i32
            );
            if !ok {
                failing.push(*name);
            }
        }
        failing
    }
}

fn channel(url: &str) -> anyhow::Result<Channel> {
    Ok(Endpoint::from_shared(url.to_owned())?
        .connect_timeout(Duration::from_secs(3))
        .timeout(Duration::from_secs(10))
        .connect_lazy())
}
