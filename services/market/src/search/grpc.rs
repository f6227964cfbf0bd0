//! `sise.market.v1.SearchService` over gRPC (see `search.proto` for the calls and errors).

use std::sync::LazyLock;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use opentelemetry::KeyValue;
use opentelemetry::metrics::Counter;
use sise_platform::error::internal_status;
use sise_platform::request::PageLimit;
use sise_proto::market::v1 as pb;
use tokio::sync::Mutex;
use tonic::{Request, Response, Status};

use sise_platform::search::{keyword, offset_page};

use super::index::{AssetIndex, Hit, Kind, Tier};
use super::keywords::{self, Keyword};
use super::popularity::Popularity;
use super::store::SearchStore;
use crate::articles::NewsKey;
use crate::articles::store::ArticleStore;

/// Page sizes when the request gives none (spec §9: search 10, news-related 5).
pub const DEFAULT_LIMIT: u32 = 10;
pub const DEFAULT_RELATED_LIMIT: u32 = 5;
pub const MAX_LIMIT: u32 = 50;
/// Suggestions as a person types.
pub const AUTOCOMPLETE_LIMIT: usize = 10;
/// How long computed keyword lists are served before they are computed again.
const KEYWORDS_TTL: Duration = Duration::from_secs(60);

pub struct SearchGrpc {
    index: std::sync::Arc<AssetIndex>,
    popularity: Popularity,
    searches: SearchStore,
    articles: ArticleStore,
    /// Issue and popular keywords as last computed, with when.
    keywords: Mutex<Option<(Instant, keywords::Lists)>>,
}

impl SearchGrpc {
    pub fn new(
        index: std::sync::Arc<AssetIndex>,
        popularity: Popularity,
        searches: SearchStore,
        articles: ArticleStore,
    ) -> Self {
        Self {
            index,
            popularity,
            searches,
            articles,
            keywords: Mutex::new(None),
        }
    }

    fn ranked(&self, keyword: &str) -> Vec<Hit> {
        self.index.search(keyword, &self.popularity.scores())
    }

    fn found(&self, hit: Hit) -> pb::FoundAsset {
        let doc = self.index.doc(hit);
        pb::FoundAsset {
            asset_id: doc.asset_id.clone(),
            short_code: doc.short_code.clone(),
            name: doc.name.clone(),
            kind: match doc.kind {
                Kind::Stock => pb::AssetKind::Stock,
                Kind::Index => pb::AssetKind::Index,
                Kind::Forex => pb::AssetKind::Forex,
            } as i32,
            market: doc.market.clone(),
        }
    }

    /// The keyword lists, computed at most once a minute (concurrent callers wait for one).
    async fn keyword_lists(&self) -> Result<keywords::Lists, Status> {
        let mut held = self.keywords.lock().await;
        if let Some((at, lists)) = held.as_ref()
            && at.elapsed() < KEYWORDS_TTL
        {
            return Ok(lists.clone());
        }
        let lists = keywords::compute(&self.index, &self.searches, &self.articles, now_ms())
            .await
            .map_err(internal_status)?;
        *held = Some((Instant::now(), lists.clone()));
        Ok(lists)
    }
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

fn keywords_response(list: &[Keyword], limit: Option<i64>) -> Result<pb::KeywordsResponse, Status> {
    let limit = PageLimit::parse(limit, DEFAULT_LIMIT, MAX_LIMIT)?.get();
    Ok(pb::KeywordsResponse {
        keywords: list
            .iter()
            .take(limit)
            .map(|k| pb::Keyword {
                keyword: k.keyword.clone(),
                score: k.score,
            })
            .collect(),
    })
}

#[tonic::async_trait]
impl pb::search_service_server::SearchService for SearchGrpc {
    async fn search_assets(
        &self,
        request: Request<pb::SearchRequest>,
    ) -> Result<Response<pb::SearchAssetsResponse>, Status> {
        let request = request.into_inner();
        let keyword = keyword(&request.keyword)?;
        let limit = PageLimit::parse(request.limit, DEFAULT_LIMIT, MAX_LIMIT)?.get();
        let hits = self.ranked(keyword);
        if request.cursor.is_empty() {
            searched("assets", hits.is_empty());
        }
        // A first page whose best hit is the asset meant (not only something inside a name)
        // counts as a search for that asset.
        if request.cursor.is_empty()
            && let Some(best) = hits.first().filter(|hit| hit.tier < Tier::Other)
        {
            let hour = now_ms() / 3_600_000;
            if let Err(error) = self
                .searches
                .record(&self.index.doc(*best).asset_id, hour)
                .await
            {
                tracing::warn!(%error, "could not count a search");
            }
        }
        let (page, next_cursor) = offset_page(hits, &request.cursor, limit)?;
        Ok(Response::new(pb::SearchAssetsResponse {
            assets: page.into_iter().map(|hit| self.found(hit)).collect(),
            next_cursor,
        }))
    }

    async fn autocomplete(
        &self,
        request: Request<pb::AutocompleteRequest>,
    ) -> Result<Response<pb::SearchAssetsResponse>, Status> {
        let request = request.into_inner();
        let keyword = keyword(&request.keyword)?;
        let hits = self
            .index
            .top(keyword, &self.popularity.scores(), AUTOCOMPLETE_LIMIT);
        searched("autocomplete", hits.is_empty());
        Ok(Response::new(pb::SearchAssetsResponse {
            assets: hits.into_iter().map(|hit| self.found(hit)).collect(),
            next_cursor: None,
        }))
    }

    async fn search_news(
        &self,
        request: Request<pb::SearchRequest>,
    ) -> Result<Response<pb::ListNewsResponse>, Status> {
        let request = request.into_inner();
        let keyword = keyword(&request.keyword)?;
        let limit = PageLimit::parse(request.limit, DEFAULT_LIMIT, MAX_LIMIT)?.get();
        let after = if request.cursor.is_empty() {
            None
        } else {
            Some(NewsKey::decode(&request.cursor)?)
        };
        let mut news = self
            .articles
            .search_news(keyword, after.as_ref(), limit + 1)
            .await
            .map_err(internal_status)?;
        let next_cursor = if news.len() > limit {
            news.truncate(limit);
            news.last().map(|item| item.key().encode())
        } else {
            None
        };
        Ok(Response::new(pb::ListNewsResponse {
            news: news
                .into_iter()
                .map(crate::articles::news_to_proto)
                .collect(),
            next_cursor,
        }))
    }

    async fn search_news_related_assets(
        &self,
        request: Request<pb::SearchRequest>,
    ) -> Result<Response<pb::SearchAssetsResponse>, Status> {
        let request = request.into_inner();
        let keyword = keyword(&request.keyword)?;
        let limit = PageLimit::parse(request.limit, DEFAULT_RELATED_LIMIT, MAX_LIMIT)?.get();
        let named = self
            .articles
            .news_related_securities(keyword)
            .await
            .map_err(internal_status)?;
        let hits: Vec<Hit> = named
            .iter()
            .filter_map(|(security_id, _)| self.index.find(security_id))
            .collect();
        let (page, next_cursor) = offset_page(hits, &request.cursor, limit)?;
        Ok(Response::new(pb::SearchAssetsResponse {
            assets: page.into_iter().map(|hit| self.found(hit)).collect(),
            next_cursor,
        }))
    }

    async fn issue_keywords(
        &self,
        request: Request<pb::KeywordsRequest>,
    ) -> Result<Response<pb::KeywordsResponse>, Status> {
        let lists = self.keyword_lists().await?;
        Ok(Response::new(keywords_response(
            &lists.issue,
            request.into_inner().limit,
        )?))
    }

    async fn popular_keywords(
        &self,
        request: Request<pb::KeywordsRequest>,
    ) -> Result<Response<pb::KeywordsResponse>, Status> {
        let lists = self.keyword_lists().await?;
        Ok(Response::new(keywords_response(
            &lists.popular,
            request.into_inner().limit,
        )?))
    }
}

/// `sise.search.queries`: asset searches (first pages) and autocompletions, by `kind`
/// (`assets`, `autocomplete`) and `result` (`hits`, `none`): the zero-result rate is
/// `none / all`.
static QUERIES: LazyLock<Counter<u64>> = LazyLock::new(|| {
    sise_platform::metrics::meter()
        .u64_counter("sise.search.queries")
        .with_description("Asset searches and autocompletions, by kind and result")
        .build()
});

fn searched(kind: &'static str, empty: bool) {
    QUERIES.add(
        1,
        &[
            KeyValue::new("kind", kind),
            KeyValue::new("result", if empty { "none" } else { "hits" }),
        ],
    );
}
