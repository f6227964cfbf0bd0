//! The daily market recap, written by the service itself (docs/architecture.md, "Insight
//! articles"): a background task asks market for its condition at start-up and then every
//! `services.social.recap.check_interval_secs`; once the trading date's session has closed
//! ([`closed_day`]) and the date has no recap yet, it gathers the day from market over
//! gRPC (indexes, risers and fallers with their disclosures and news, the sector heatmap,
//! the disclosures of the most traded stocks, the stocks most discussed on the boards),
//! adds each mover's posts of the day from social's own boards, and publishes ONE CUSTOM
//! article by the reserved contributor 시세 마켓봇 ([`RECAP_CONTRIBUTOR`]). The date's
//! `market_recaps` row is claimed in the publishing transaction, so replicas, restarts and
//! overlapping runs write it once. A run makes a fixed number of calls (seven) and one query.

use std::collections::HashMap;
use std::time::Duration;

use chrono::{NaiveDate, TimeZone as _};
use sise_platform::time::{KST, now_ms};
use sise_proto::market::v1 as market;
use sise_proto::market::v1::article_service_client::ArticleServiceClient;
use sise_proto::market::v1::asset_service_client::AssetServiceClient;
use sise_proto::market::v1::trend_service_client::TrendServiceClient;
use tokio_util::sync::CancellationToken;
use tonic::transport::Channel;

use crate::domain::insight::Content;
use crate::domain::recap::{
    DayDisclosure, DayRecap, Discussed, IndexMove, Mover, SectorMove, closed_day, compose,
};
use crate::store::Store;
use crate::store::insight::NewArticle;
pub use crate::store::recaps::{RECAP_CONTRIBUTOR, RECAP_PUBLISHER};

/// Risers and fallers told, each.
const MOVERS: i64 = 5;
/// Strongest and weakest sector groups told, each.
const SECTORS: usize = 3;
/// Most discussed stocks told.
const DISCUSSED: i64 = 3;
/// The most traded stocks whose disclosures of the day are the notable ones.
const NOTABLE_UNIVERSE: i64 = 30;
/// Notable disclosures told.
const NOTABLE: usize = 5;
/// Newest news and disclosures of the movers read (market's largest page).
const ARTICLES_PAGE: i64 = 50;

/// The `services.social.recap` configuration section.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(default)]
pub struct RecapSettings {
    /// Write the daily recap (on in every configuration; off only to silence it).
    pub enabled: bool,
    /// How often market's condition is asked (the first time at start-up).
    pub check_interval_secs: u64,
}

impl Default for RecapSettings {
    fn default() -> Self {
        Self {
            enabled: true,
            check_interval_secs: 60,
        }
    }
}

/// What one run did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// No closed trading date: a session runs or waits to open (or the clock never closes).
    Open,
    /// The date had its recap (article id).
    Written(NaiveDate, i64),
    /// This run wrote the date's recap (article id).
    Wrote(NaiveDate, i64),
}

#[derive(Clone)]
pub struct RecapWriter {
    store: Store,
    assets: AssetServiceClient<Channel>,
    trends: TrendServiceClient<Channel>,
    articles: ArticleServiceClient<Channel>,
}

impl RecapWriter {
    /// `market`: market's gRPC channel.
    pub fn new(store: Store, market: Channel) -> Self {
        Self {
            store,
            assets: AssetServiceClient::new(market.clone()),
            trends: TrendServiceClient::new(market.clone()),
            articles: ArticleServiceClient::new(market),
        }
    }

    /// Market's condition now.
    pub async fn condition(&self) -> anyhow::Result<market::MarketCondition> {
        self.assets
            .clone()
            .get_market_condition(market::GetMarketConditionRequest { security_id: None })
            .await?
            .into_inner()
            .market_condition
            .ok_or_else(|| anyhow::anyhow!("market answered no condition"))
    }

    /// One run: market's condition, then [`Self::write_for`].
    pub async fn check(&self) -> anyhow::Result<Outcome> {
        let condition = self.condition().await?;
        self.write_for(&condition).await
    }

    /// The recap of the trading date `condition` shows closed, unless it has one; the day's
    /// data is market's as it is now (a closed day's quotes stay on display until the next
    /// day's roll, when the condition no longer shows it closed).
    pub async fn write_for(&self, condition: &market::MarketCondition) -> anyhow::Result<Outcome> {
        let Some(date) = closed_day(condition) else {
            return Ok(Outcome::Open);
        };
        let key = date.to_string();
        if let Some(id) = self.store.market_recap(&key).await? {
            return Ok(Outcome::Written(date, id));
        }
        let recap = self.gather(date, condition).await?;
        let (title, blocks) = compose(&recap);
        let json = serde_json::json!({ "blocks": blocks }).to_string();
        let content = Content::custom(&json)
            .map_err(|e| anyhow::anyhow!("recap content refused: {}", e.message))?;
        let article = NewArticle {
            contributor_id: RECAP_CONTRIBUTOR,
            title,
            content,
            security_ids: Vec::new(),
            featured: false,
            published_by: RECAP_PUBLISHER.to_owned(),
            // The quotes are the simulator's: labelled 샘플 wherever the article shows.
            sample: true,
        };
        match self
            .store
            .publish_market_recap(&article, &key, now_ms())
            .await?
        {
            Ok(Some(row)) => {
                tracing::info!(trading_date = %date, article_id = row.id, "market recap written");
                Ok(Outcome::Wrote(date, row.id))
            }
            // Another replica or run claimed the date first.
            Ok(None) => {
                let id = self.store.market_recap(&key).await?.unwrap_or_default();
                Ok(Outcome::Written(date, id))
            }
            Err(refused) => Err(anyhow::anyhow!("market recap refused: {}", refused.message)),
        }
    }

    /// The day from market (and the movers' boards from social's own posts).
    async fn gather(
        &self,
        date: NaiveDate,
        condition: &market::MarketCondition,
    ) -> anyhow::Result<DayRecap> {
        let (from_ms, to_ms) = kst_day_bounds(date);
        let indexes = [&condition.kospi, &condition.kosdaq]
            .into_iter()
            .flatten()
            .map(|index| IndexMove {
                name: index.name.clone(),
                close: index.price,
                change: index.change,
                change_rate: index.change_rate,
            })
            .collect();
        let risers = self.ordered("rising", MOVERS).await?;
        let fallers = self.ordered("falling", MOVERS).await?;
        let mut sectors = self
            .trends
            .clone()
            .list_sectors(market::ListSectorsRequest {})
            .await?
            .into_inner()
            .sectors;
        sectors.sort_by(|a, b| b.change_rate.total_cmp(&a.change_rate));
        let sector = |s: &market::Sector| SectorMove {
            name: s.name.clone(),
            change_rate: s.change_rate,
            rising: s.rising_count,
            falling: s.falling_count,
        };
        let strong_sectors: Vec<SectorMove> = sectors
            .iter()
            .filter(|s| s.change_rate > 0.0)
            .take(SECTORS)
            .map(sector)
            .collect();
        let weak_sectors: Vec<SectorMove> = sectors
            .iter()
            .rev()
            .filter(|s| s.change_rate < 0.0)
            .take(SECTORS)
            .map(sector)
            .collect();
        let discussed: Vec<Discussed> = self
            .trends
            .clone()
            .list_popular_stocks(market::ListPopularStocksRequest {
                by: "posts".to_owned(),
                limit: Some(DISCUSSED),
            })
            .await?
            .into_inner()
            .stocks
            .into_iter()
            .filter(|s| s.score > 0.0)
            .map(|s| Discussed {
                security_id: s.security_id,
                name: s.name,
                posts: s.score as i64,
                change_rate: s.change_rate,
            })
            .collect();

        // Why the movers moved: their news and disclosures of the day, their boards.
        let mover_ids: Vec<String> = risers
            .iter()
            .chain(&fallers)
            .map(|s| s.security_id.clone())
            .collect();
        let mut disclosures_of: HashMap<String, Vec<String>> = HashMap::new();
        let mut news_of: HashMap<String, Vec<String>> = HashMap::new();
        if !mover_ids.is_empty() {
            let items = self
                .articles
                .clone()
                .list_articles(market::ListArticlesRequest {
                    security_id: String::new(),
                    security_ids: mover_ids.clone(),
                    limit: Some(ARTICLES_PAGE),
                    cursor: String::new(),
                })
                .await?
                .into_inner()
                .articles;
            for item in items {
                if !(from_ms..to_ms).contains(&item.published_at_ms) {
                    continue;
                }
                match item.item {
                    Some(market::article::Item::Disclosure(d)) => {
                        if let Some(id) = d.security_id {
                            disclosures_of.entry(id).or_default().push(d.report_nm);
                        }
                    }
                    Some(market::article::Item::News(n)) => {
                        for id in n.security_ids.iter().filter(|id| mover_ids.contains(id)) {
                            news_of.entry(id.clone()).or_default().push(n.title.clone());
                        }
                    }
                    None => {}
                }
            }
        }
        let posts: HashMap<String, i64> = self
            .store
            .board_posts_between(&mover_ids, from_ms, to_ms)
            .await?
            .into_iter()
            .collect();
        let mover = |s: &market::TrendStock| Mover {
            security_id: s.security_id.clone(),
            name: s.name.clone(),
            price: s.price,
            change_rate: s.change_rate,
            disclosures: disclosures_of
                .get(&s.security_id)
                .cloned()
                .unwrap_or_default(),
            news: news_of.get(&s.security_id).cloned().unwrap_or_default(),
            posts: posts.get(&s.security_id).copied().unwrap_or(0),
        };
        let risers: Vec<Mover> = risers.iter().map(mover).collect();
        let fallers: Vec<Mover> = fallers.iter().map(mover).collect();

        // Notable disclosures: the day's filings of the movers and of the most traded stocks.
        let mut universe = mover_ids;
        for stock in self.ordered("trading_value", NOTABLE_UNIVERSE).await? {
            if !universe.contains(&stock.security_id) {
                universe.push(stock.security_id);
            }
        }
        universe.truncate(ARTICLES_PAGE as usize);
        let mut disclosures = Vec::new();
        if !universe.is_empty() {
            let filed = self
                .articles
                .clone()
                .list_disclosures(market::ListArticlesRequest {
                    security_id: String::new(),
                    security_ids: universe,
                    limit: Some(ARTICLES_PAGE),
                    cursor: String::new(),
                })
                .await?
                .into_inner()
                .disclosures;
            disclosures = filed
                .into_iter()
                .filter(|d| d.rcept_dt == date.to_string())
                .take(NOTABLE)
                .map(|d| DayDisclosure {
                    company: d.corp_name,
                    title: d.report_nm,
                    filer: d.flr_nm,
                })
                .collect();
        }
        Ok(DayRecap {
            date,
            indexes,
            risers,
            fallers,
            strong_sectors,
            weak_sectors,
            disclosures,
            discussed,
        })
    }

    /// The first `limit` stocks of market's ranking `key`.
    async fn ordered(&self, key: &str, limit: i64) -> anyhow::Result<Vec<market::TrendStock>> {
        Ok(self
            .trends
            .clone()
            .list_ordered_stocks(market::ListOrderedStocksRequest {
                key: key.to_owned(),
                market: String::new(),
                limit: Some(limit),
                cursor: String::new(),
            })
            .await?
            .into_inner()
            .stocks)
    }
}

/// `[start, end)` of `date` in KST, as epoch milliseconds.
fn kst_day_bounds(date: NaiveDate) -> (i64, i64) {
    let start = |d: NaiveDate| {
        KST.from_local_datetime(&d.and_time(chrono::NaiveTime::MIN))
            .single()
            .map_or(0, |t| t.timestamp_millis())
    };
    let next = date.succ_opt().unwrap_or(date);
    (start(date), start(next))
}

/// The background task: a run at start-up, then one every `settings.check_interval_secs`
/// until `stop`. A failed run (market unreachable, a database error) is logged and tried
/// again at the next check.
pub async fn run(writer: RecapWriter, settings: RecapSettings, stop: CancellationToken) {
    let interval = Duration::from_secs(settings.check_interval_secs.max(1));
    loop {
        let run = tokio::select! {
            () = stop.cancelled() => return,
            run = writer.check() => run,
        };
        if let Err(error) = run {
            tracing::warn!(error = format!("{error:#}"), "market recap not written yet");
        }
        tokio::select! {
            () = stop.cancelled() => return,
            () = tokio::time::sleep(interval) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kst_day_in_milliseconds() {
        let date = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap_or_default();
        let (from, to) = kst_day_bounds(date);
        // 2026-11-26T15:00:00Z.
        assert_eq!(from, 1_795_705_200_000);
        assert_eq!(to - from, 86_400_000);
    }
}
