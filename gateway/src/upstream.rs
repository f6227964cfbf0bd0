//! gRPC clients of the domain services. Channels connect lazily and reconnect on their
//! own; every call carries the caller's trace context ([`TraceInterceptor`]).

use std::sync::Arc;
use std::time::Duration;

use sise_platform::metrics::grpc::{GrpcMetrics, GrpcMetricsService};
use sise_platform::telemetry::TraceInterceptor;
use sise_proto::favorites::v1::favorites_service_client::FavoritesServiceClient;
use sise_proto::identity::v1::identity_service_client::IdentityServiceClient;
use sise_proto::market::v1::article_service_client::ArticleServiceClient;
use sise_proto::market::v1::asset_service_client::AssetServiceClient;
use sise_proto::market::v1::chart_service_client::ChartServiceClient;
use sise_proto::market::v1::company_service_client::CompanyServiceClient;
use sise_proto::market::v1::etf_service_client::EtfServiceClient;
use sise_proto::market::v1::market_service_client::MarketServiceClient;
use sise_proto::market::v1::move_service_client::MoveServiceClient;
use sise_proto::market::v1::search_service_client::SearchServiceClient;
use sise_proto::market::v1::trend_service_client::TrendServiceClient;
use sise_proto::social::v1::contest_service_client::ContestServiceClient;
use sise_proto::social::v1::insight_article_service_client::InsightArticleServiceClient;
use sise_proto::social::v1::notice_service_client::NoticeServiceClient;
use sise_proto::social::v1::site_service_client::SiteServiceClient;
use sise_proto::social::v1::social_service_client::SocialServiceClient;
use sise_proto::social::v1::support_service_client::SupportServiceClient;
use sise_proto::social::v1::topic_service_client::TopicServiceClient;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::{Channel, Endpoint};
use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;

use crate::config::Upstreams;

/// How long readiness waits for an upstream's health answer (a probe's own timeout is
/// typically 1–2 s).
const HEALTH_TIMEOUT: Duration = Duration::from_millis(500);
/// How long one round of health checks answers `/readyz`: the probe is public and outside
/// the rate limit, so a flood of it costs the upstreams one round a second at most.
const HEALTH_REPORT_TTL: Duration = Duration::from_secs(1);

/// The upstreams' statuses by name, as `/readyz` reports them.
type HealthReport = Vec<(String, serde_json::Value)>;

/// A channel timed per call (`rpc.client.duration`) and carrying the trace context.
pub type Traced = InterceptedService<GrpcMetricsService<Channel>, TraceInterceptor>;

/// Cheap to clone (one reference count): every request's middleware and handler holds one,
/// and the channels themselves are cloned only for an actual call.
#[derive(Clone)]
pub struct Clients(Arc<Channels>);

impl std::ops::Deref for Clients {
    type Target = Channels;

    fn deref(&self) -> &Channels {
        &self.0
    }
}

pub struct Channels {
    pub market: MarketServiceClient<Traced>,
    /// Day and minute candles (market service).
    pub charts: ChartServiceClient<Traced>,
    /// News and disclosures (market service).
    pub articles: ArticleServiceClient<Traced>,
    pub identity: IdentityServiceClient<Traced>,
    pub favorites: FavoritesServiceClient<Traced>,
    /// Boards: posts, comments, reactions, reports (social service).
    pub social: SocialServiceClient<Traced>,
    /// The service's notices (social service).
    pub notices: NoticeServiceClient<Traced>,
    /// Members' messages to the operators and the answers (social service).
    pub support: SupportServiceClient<Traced>,
    /// Maintenance and the running promotion (social service).
    pub site: SiteServiceClient<Traced>,
    /// Topics (테마): by id, featured, of a security, searched (social service).
    pub topics: TopicServiceClient<Traced>,
    /// Insight articles and contributors (social service).
    pub insight: InsightArticleServiceClient<Traced>,
    /// Contests and their rankers (social service).
    pub contests: ContestServiceClient<Traced>,
    /// Indexes, forex, market condition (market service).
    pub assets: AssetServiceClient<Traced>,
    /// Company profile, statements, investors, traders, related stocks, firms (market).
    pub company: CompanyServiceClient<Traced>,
    /// ETF facts, components and NAV (market).
    pub etfs: EtfServiceClient<Traced>,
    pub search: SearchServiceClient<Traced>,
    /// Special stocks, ranked lists, foreign indexes, sectors, popular stocks (market).
    pub trends: TrendServiceClient<Traced>,
    /// "Why it moved": a chart period's largest moves (market service).
    pub moves: MoveServiceClient<Traced>,
    channels: Vec<(&'static str, Channel)>,
    /// The last round of health checks and when it began; locked while a round runs, so
    /// concurrent probes share it.
    health_report: tokio::sync::Mutex<Option<(tokio::time::Instant, HealthReport)>>,
}

impl Clients {
    pub fn connect(upstreams: &Upstreams) -> anyhow::Result<Self> {
        let channels = upstreams
            .all()
            .into_iter()
            .map(|(name, url)| Ok((name, channel(url)?)))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let traced = |name: &str| {
            let channel = channels
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, channel)| channel.clone())
                .ok_or_else(|| anyhow::anyhow!("no upstream named {name}"))?;
            let timed = tower::Layer::layer(&GrpcMetrics::client(), channel);
            anyhow::Ok(InterceptedService::new(timed, TraceInterceptor))
        };
        Ok(Self(Arc::new(Channels {
            market: MarketServiceClient::new(traced("market")?),
            charts: ChartServiceClient::new(traced("market")?),
            articles: ArticleServiceClient::new(traced("market")?),
            identity: IdentityServiceClient::new(traced("identity")?),
            favorites: FavoritesServiceClient::new(traced("favorites")?),
            social: SocialServiceClient::new(traced("social")?),
            notices: NoticeServiceClient::new(traced("social")?),
            support: SupportServiceClient::new(traced("social")?),
            site: SiteServiceClient::new(traced("social")?),
            topics: TopicServiceClient::new(traced("social")?),
            insight: InsightArticleServiceClient::new(traced("social")?),
            contests: ContestServiceClient::new(traced("social")?),
            assets: AssetServiceClient::new(traced("market")?),
            company: CompanyServiceClient::new(traced("market")?),
            etfs: EtfServiceClient::new(traced("market")?),
            search: SearchServiceClient::new(traced("market")?),
            trends: TrendServiceClient::new(traced("market")?),
            moves: MoveServiceClient::new(traced("market")?),
            channels,
            health_report: tokio::sync::Mutex::new(None),
        })))
    }

    /// Every upstream's gRPC health, checked at once, each within [`HEALTH_TIMEOUT`]:
    /// `(name, "serving" | "not_serving" | "unreachable")`.
    pub async fn health(&self) -> HealthReport {
        self.health_within(HEALTH_REPORT_TTL).await
    }

    /// The last report if it is younger than `ttl`, else a new round.
    async fn health_within(&self, ttl: Duration) -> HealthReport {
        let mut last = self.health_report.lock().await;
        if let Some((at, report)) = last.as_ref()
            && at.elapsed() < ttl
        {
            return report.clone();
        }
        let at = tokio::time::Instant::now();
        let report = self.check_health().await;
        *last = Some((at, report.clone()));
        report
    }

    async fn check_health(&self) -> HealthReport {
        let checks = self.channels.iter().map(|(name, channel)| async move {
            let mut client = HealthClient::new(channel.clone());
            let check = client.check(HealthCheckRequest {
                service: String::new(),
            });
            let status = match tokio::time::timeout(HEALTH_TIMEOUT, check).await {
                Ok(Ok(response)) if response.get_ref().status == ServingStatus::Serving as i32 => {
                    "serving"
                }
                Ok(Ok(_)) => "not_serving",
                Ok(Err(_)) | Err(_) => "unreachable",
            };
            ((*name).to_owned(), serde_json::Value::from(status))
        });
        futures::future::join_all(checks).await
    }
}

fn channel(url: &str) -> anyhow::Result<Channel> {
    Ok(Endpoint::from_shared(url.to_owned())?
        .connect_timeout(Duration::from_secs(3))
        .timeout(Duration::from_secs(10))
        .connect_lazy())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn probes_within_the_report_time_share_one_round_of_checks() {
        let (reporter, service) = tonic_health::server::health_reporter();
        reporter
            .set_service_status("", tonic_health::ServingStatus::Serving)
            .await;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let address = format!("http://{}", listener.local_addr().expect("address"));
        tokio::spawn(
            tonic::transport::Server::builder()
                .add_service(service)
                .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener)),
        );
        let clients = Clients::connect(&Upstreams {
            identity: address.clone(),
            social: address.clone(),
            market: address.clone(),
            favorites: address,
        })
        .expect("clients");
        let statuses = |report: HealthReport| {
            report
                .into_iter()
                .map(|(_, status)| status)
                .collect::<Vec<_>>()
        };
        let serving = vec![serde_json::Value::from("serving"); 4];
        assert_eq!(statuses(clients.health().await), serving);

        reporter
            .set_service_status("", tonic_health::ServingStatus::NotServing)
            .await;
        // Within the report's time the change is not asked for again...
        let hour = Duration::from_secs(3600);
        assert_eq!(statuses(clients.health_within(hour).await), serving);
        // ...after it, it is.
        assert_eq!(
            statuses(clients.health_within(Duration::ZERO).await),
            vec![serde_json::Value::from("not_serving"); 4]
        );
    }
}
