//! `sise.market.v1.ArticleService` over gRPC: news, disclosures and both merged, for one
//! security or several, in keyset pages (see [`super::cursor`]).

use std::cmp::Ordering;

use sise_platform::error::{DomainError, ErrorCode, internal_status};
use sise_platform::request::PageLimit;
use sise_proto::market::v1 as pb;
use tonic::{Request, Response, Status};

use super::cursor::{ArticleKey, DisclosureKey, NewsKey};
use super::store::{ArticleStore, Disclosure, NewsItem};
use crate::domain::{SecurityId, security_not_found};

/// Page size when the request gives none (spec §9: security articles 20).
pub const DEFAULT_LIMIT: u32 = 20;
/// Largest page.
pub const MAX_LIMIT: u32 = 50;
/// Most securities one multi-security call may name.
pub const MAX_SECURITIES: usize = 50;

pub struct ArticleGrpc {
    store: ArticleStore,
}

impl ArticleGrpc {
    pub fn new(store: ArticleStore) -> Self {
        Self { store }
    }

    /// The securities a request is about, validated.
    async fn securities(&self, request: &pb::ListArticlesRequest) -> Result<Vec<String>, Status> {
        if !request.security_id.is_empty() {
            if !request.security_ids.is_empty() {
                return Err(DomainError::from(ErrorCode::InvalidRequest).into());
            }
            let id = SecurityId::parse(&request.security_id)?;
            if !self
                .store
                .security_exists(id.as_str())
                .await
                .map_err(internal_status)?
            {
                return Err(security_not_found().into());
            }
            return Ok(vec![id.as_str().to_owned()]);
        }
        if request.security_ids.is_empty() {
            return Err(DomainError::from(ErrorCode::MissingSecurityIds).into());
        }
        if request.security_ids.len() > MAX_SECURITIES {
            return Err(DomainError::with_max(ErrorCode::TooManySecurities, MAX_SECURITIES).into());
        }
        let mut ids = request
            .security_ids
            .iter()
            .map(|id| SecurityId::parse(id.trim()).map(|id| id.as_str().to_owned()))
            .collect::<Result<Vec<_>, _>>()?;
        ids.sort();
        ids.dedup();
        Ok(ids)
    }
}

fn limit(request: &pb::ListArticlesRequest) -> Result<usize, DomainError> {
    Ok(PageLimit::parse(request.limit, DEFAULT_LIMIT, MAX_LIMIT)?.get())
}

fn cursor<T>(
    request: &pb::ListArticlesRequest,
    decode: impl Fn(&str) -> Result<T, DomainError>,
) -> Result<Option<T>, Status> {
    if request.cursor.is_empty() {
        return Ok(None);
    }
    Ok(Some(decode(&request.cursor)?))
}

pub fn news_to_proto(item: NewsItem) -> pb::NewsItem {
    pb::NewsItem {
        id: item.id,
        title: item.title,
        summary: item.summary,
        url: item.url,
        publisher: item.publisher,
        published_at_ms: item.published_at_ms,
        security_ids: item.security_ids,
        sample: item.sample,
    }
}

pub fn disclosure_to_proto(d: Disclosure) -> pb::Disclosure {
    pb::Disclosure {
        published_at_ms: d.published_at_ms(),
        rcept_dt: d.rcept_dt.format("%Y-%m-%d").to_string(),
        rcept_no: d.rcept_no,
        corp_code: d.corp_code,
        corp_name: d.corp_name,
        stock_code: d.stock_code,
        security_id: d.security_id,
        report_nm: d.report_nm,
        flr_nm: d.flr_nm,
        rm: d.rm,
    }
}

/// One item of a merged list, with its sort key.
enum Merged {
    News(NewsItem),
    Disclosure(Disclosure),
}

impl Merged {
    fn published_at_ms(&self) -> i64 {
        match self {
            Self::News(n) => n.published_at_ms,
            Self::Disclosure(d) => d.published_at_ms(),
        }
    }

    /// The merged order, newest first (see [`super::cursor`]).
    fn cmp_newest_first(&self, other: &Self) -> Ordering {
        other
            .published_at_ms()
            .cmp(&self.published_at_ms())
            .then_with(|| match (self, other) {
                (Self::News(a), Self::News(b)) => b.id.cmp(&a.id),
                (Self::Disclosure(a), Self::Disclosure(b)) => b.rcept_no.cmp(&a.rcept_no),
                (Self::News(_), Self::Disclosure(_)) => Ordering::Less,
                (Self::Disclosure(_), Self::News(_)) => Ordering::Greater,
            })
    }

    fn key(&self) -> ArticleKey {
        match self {
            Self::News(n) => ArticleKey::News(n.key()),
            Self::Disclosure(d) => ArticleKey::Disclosure(d.key()),
        }
    }

    fn into_proto(self) -> pb::Article {
        let published_at_ms = self.published_at_ms();
        pb::Article {
            item: Some(match self {
                Self::News(n) => pb::article::Item::News(news_to_proto(n)),
                Self::Disclosure(d) => pb::article::Item::Disclosure(disclosure_to_proto(d)),
            }),
            published_at_ms,
        }
    }
}

#[tonic::async_trait]
impl pb::article_service_server::ArticleService for ArticleGrpc {
    async fn list_news(
        &self,
        request: Request<pb::ListArticlesRequest>,
    ) -> Result<Response<pb::ListNewsResponse>, Status> {
        let request = request.into_inner();
        let ids = self.securities(&request).await?;
        let after = cursor(&request, NewsKey::decode)?;
        let limit = limit(&request)?;
        let mut news = self
            .store
            .list_news(&ids, after.as_ref(), limit + 1)
            .await
            .map_err(internal_status)?;
        let next_cursor = page_end(&mut news, limit).map(|n| n.key().encode());
        Ok(Response::new(pb::ListNewsResponse {
            news: news.into_iter().map(news_to_proto).collect(),
            next_cursor,
        }))
    }

    async fn list_disclosures(
        &self,
        request: Request<pb::ListArticlesRequest>,
    ) -> Result<Response<pb::ListDisclosuresResponse>, Status> {
        let request = request.into_inner();
        let ids = self.securities(&request).await?;
        let after = cursor(&request, DisclosureKey::decode)?;
        let limit = limit(&request)?;
        let mut disclosures = self
            .store
            .list_disclosures(&ids, after.as_ref(), limit + 1)
            .await
            .map_err(internal_status)?;
        let next_cursor = page_end(&mut disclosures, limit).map(|d| d.key().encode());
        Ok(Response::new(pb::ListDisclosuresResponse {
            disclosures: disclosures.into_iter().map(disclosure_to_proto).collect(),
            next_cursor,
        }))
    }

    async fn list_articles(
        &self,
        request: Request<pb::ListArticlesRequest>,
    ) -> Result<Response<pb::ListArticlesResponse>, Status> {
        let request = request.into_inner();
        let ids = self.securities(&request).await?;
        let after = cursor(&request, ArticleKey::decode)?;
        let limit = limit(&request)?;
        let news_after = after.as_ref().map(ArticleKey::news_after);
        let disclosures_after = after.as_ref().and_then(ArticleKey::disclosures_after);
        // Enough of each kind to fill the page alone, plus one to know whether more follow.
        let news = self
            .store
            .list_news(&ids, news_after.as_ref(), limit + 1)
            .await
            .map_err(internal_status)?;
        let disclosures = self
            .store
            .list_disclosures(&ids, disclosures_after.as_ref(), limit + 1)
            .await
            .map_err(internal_status)?;
        let mut merged: Vec<Merged> = news
            .into_iter()
            .map(Merged::News)
            .chain(disclosures.into_iter().map(Merged::Disclosure))
            .collect();
        merged.sort_by(Merged::cmp_newest_first);
        let next_cursor = page_end(&mut merged, limit).map(|m| m.key().encode());
        Ok(Response::new(pb::ListArticlesResponse {
            articles: merged.into_iter().map(Merged::into_proto).collect(),
            next_cursor,
        }))
    }
}

/// Cut `items` (fetched with one extra) to `limit`; the last kept item when more follow.
fn page_end<T>(items: &mut Vec<T>, limit: usize) -> Option<&T> {
    if items.len() > limit {
        items.truncate(limit);
        items.last()
    } else {
        None
    }
}
