//! Insight articles: `InsightArticleService` for everyone (through the gateway; a signed
//! member only adds their reaction to one article) and `InsightEditorialService` for
//! operators (on the operators' listener, behind `sise_platform::operator`; the article
//! records the operator whose token the listener checked).

use sise_platform::error::{DomainError, ErrorCode, internal_status};
use sise_platform::request::PageLimit;
use sise_platform::time::now_ms;
use sise_platform::{member, operator};
use sise_proto::social::v1 as pb;
use tonic::{Request, Response, Status};

use super::settle;
use crate::domain::insight::{Content, TITLE_MAX_CHARS, securities};
use crate::domain::{SecurityId, cursor, text};
use crate::store::Store;
use crate::store::insight::{ArticleList, ArticleRow, NewArticle};

/// Articles a page (spec §9: insight articles 10).
pub const DEFAULT_LIMIT: u32 = 10;
pub const MAX_LIMIT: u32 = 50;
/// Featured articles asked for at once.
pub const FEATURED_DEFAULT: u32 = 5;
pub const FEATURED_MAX: u32 = 20;
/// Characters of a search keyword.
pub const KEYWORD_MAX_CHARS: usize = 40;

/// A page of `list` after `cursor` (its tag names the list).
async fn page(
    store: &Store,
    list: ArticleList,
    tag: &str,
    limit: Option<i64>,
    cursor: &str,
    show: fn(&ArticleRow) -> pb::InsightArticle,
) -> Result<pb::InsightArticlePage, Status> {
    let limit = PageLimit::parse(limit, DEFAULT_LIMIT, MAX_LIMIT)?.get();
    let after = cursor::decode(cursor, tag, 1)?.map(|v| v[0]);
    let (rows, more) = store
        .insight_articles(&list, after, limit)
        .await
        .map_err(internal_status)?;
    let next_cursor = match rows.last() {
        Some(last) if more => cursor::encode(tag, &[last.id]),
        _ => String::new(),
    };
    Ok(pb::InsightArticlePage {
        articles: rows.iter().map(show).collect(),
        next_cursor,
    })
}

fn public(row: &ArticleRow) -> pb::InsightArticle {
    row.public(None)
}

/// Which list a scope names.
fn scoped(scope: i32) -> Result<(ArticleList, &'static str), DomainError> {
    match pb::InsightScope::try_from(scope) {
        Ok(pb::InsightScope::Unspecified | pb::InsightScope::All) => Ok((ArticleList::All, "ia")),
        Ok(pb::InsightScope::Featured) => Ok((ArticleList::Featured, "ia:f")),
        Err(_) => Err(ErrorCode::InvalidScope.into()),
    }
}

pub struct InsightGrpc {
    store: Store,
}

impl InsightGrpc {
    pub fn new(store: Store) -> Self {
        Self { store }
    }
}

#[tonic::async_trait]
impl pb::insight_article_service_server::InsightArticleService for InsightGrpc {
    #[tracing::instrument(skip_all)]
    async fn list_insight_articles(
        &self,
        request: Request<pb::ListInsightArticlesRequest>,
    ) -> Result<Response<pb::InsightArticlePage>, Status> {
        let r = request.get_ref();
        let (list, tag) = scoped(r.scope)?;
        let page = page(&self.store, list, tag, r.limit, &r.cursor, public).await?;
        Ok(Response::new(page))
    }

    #[tracing::instrument(skip_all, fields(article_id = request.get_ref().id))]
    async fn get_insight_article(
        &self,
        request: Request<pb::GetInsightArticleRequest>,
    ) -> Result<Response<pb::InsightArticleDetail>, Status> {
        let viewer = member::optional(&request);
        let detail = self
            .store
            .insight_article(request.get_ref().id, viewer)
            .await
            .map_err(internal_status)?
            .ok_or_else(|| DomainError::from(ErrorCode::InsightArticleNotFound))?;
        Ok(Response::new(detail))
    }

    #[tracing::instrument(skip_all)]
    async fn list_featured_insight_articles(
        &self,
        request: Request<pb::ListFeaturedInsightArticlesRequest>,
    ) -> Result<Response<pb::InsightArticlePage>, Status> {
        let limit = PageLimit::parse(request.get_ref().limit, FEATURED_DEFAULT, FEATURED_MAX)?;
        let (rows, _) = self
            .store
            .insight_articles(&ArticleList::Featured, None, limit.get())
            .await
            .map_err(internal_status)?;
        Ok(Response::new(pb::InsightArticlePage {
            articles: rows.iter().map(public).collect(),
            next_cursor: String::new(),
        }))
    }

    #[tracing::instrument(skip_all, fields(security_id = %request.get_ref().security_id))]
    async fn list_security_insight_articles(
        &self,
        request: Request<pb::ListSecurityInsightArticlesRequest>,
    ) -> Result<Response<pb::InsightArticlePage>, Status> {
        let r = request.get_ref();
        let security = SecurityId::parse(&r.security_id)?;
        let tag = format!("ia:s:{}", security.as_str());
        let list = ArticleList::Security(security.as_str().to_owned());
        let page = page(&self.store, list, &tag, r.limit, &r.cursor, public).await?;
        Ok(Response::new(page))
    }

    #[tracing::instrument(skip_all, fields(contributor_id = request.get_ref().id))]
    async fn get_contributor(
        &self,
        request: Request<pb::GetContributorRequest>,
    ) -> Result<Response<pb::Contributor>, Status> {
        let contributor = self
            .store
            .contributor(request.get_ref().id)
            .await
            .map_err(internal_status)?
            .ok_or_else(|| DomainError::from(ErrorCode::ContributorNotFound))?;
        Ok(Response::new(contributor.proto()))
    }

    #[tracing::instrument(skip_all, fields(contributor_id = request.get_ref().contributor_id))]
    async fn list_contributor_insight_articles(
        &self,
        request: Request<pb::ListContributorInsightArticlesRequest>,
    ) -> Result<Response<pb::InsightArticlePage>, Status> {
        let r = request.get_ref();
        let known = self
            .store
            .contributor(r.contributor_id)
            .await
            .map_err(internal_status)?;
        if known.is_none() {
            return Err(DomainError::from(ErrorCode::ContributorNotFound).into());
        }
        let tag = format!("ia:c:{}", r.contributor_id);
        let list = ArticleList::Contributor(r.contributor_id);
        let page = page(&self.store, list, &tag, r.limit, &r.cursor, public).await?;
        Ok(Response::new(page))
    }

    #[tracing::instrument(skip_all)]
    async fn search_insight_articles(
        &self,
        request: Request<pb::SearchInsightArticlesRequest>,
    ) -> Result<Response<pb::InsightArticlePage>, Status> {
        let r = request.get_ref();
        let keyword = r.keyword.trim();
        if keyword.is_empty() {
            return Err(DomainError::from(ErrorCode::MissingKeyword).into());
        }
        if keyword.chars().count() > KEYWORD_MAX_CHARS {
            return Err(DomainError::with_max(ErrorCode::KeywordTooLong, KEYWORD_MAX_CHARS).into());
        }
        let limit = PageLimit::parse(r.limit, DEFAULT_LIMIT, MAX_LIMIT)?.get();
        // The cursor belongs to this keyword's results (named by a digest: any text fits).
        let tag = {
            use sha2::Digest as _;
            let folded = crate::domain::insight::search_form(keyword);
            let digest = sha2::Sha256::digest(folded.as_bytes());
            format!("ia:q:{}", hex::encode(&digest[..8]))
        };
        let after = cursor::decode(&r.cursor, &tag, 2)?.map(|v| (v[0], v[1]));
        let (rows, more) = self
            .store
            .search_insight_articles(keyword, after, limit)
            .await
            .map_err(internal_status)?;
        let next_cursor = match rows.last() {
            Some((tier, last)) if more => cursor::encode(&tag, &[*tier, last.id]),
            _ => String::new(),
        };
        Ok(Response::new(pb::InsightArticlePage {
            articles: rows.iter().map(|(_, row)| row.public(None)).collect(),
            next_cursor,
        }))
    }
}

pub struct InsightEditorialGrpc {
    store: Store,
}

impl InsightEditorialGrpc {
    pub fn new(store: Store) -> Self {
        Self { store }
    }
}

#[tonic::async_trait]
impl pb::insight_editorial_service_server::InsightEditorialService for InsightEditorialGrpc {
    #[tracing::instrument(skip_all, fields(contributor_id = request.get_ref().contributor_id))]
    async fn publish_insight_article(
        &self,
        request: Request<pb::PublishInsightArticleRequest>,
    ) -> Result<Response<pb::InsightArticle>, Status> {
        let operator = operator::required(&request)?;
        let r = request.get_ref();
        let title = text::normalize(&r.title).replace('\n', " ");
        if title.is_empty() {
            return Err(DomainError::from(ErrorCode::TitleRequired).into());
        }
        if title.chars().count() > TITLE_MAX_CHARS {
            return Err(DomainError::with_max(ErrorCode::TitleTooLong, TITLE_MAX_CHARS).into());
        }
        let content = Content::parse(r.format, &r.body)?;
        let article = NewArticle {
            contributor_id: r.contributor_id,
            title,
            content,
            security_ids: securities(&r.security_ids)?,
            featured: r.featured,
            published_by: operator.to_string(),
            sample: false,
        };
        let row = settle(self.store.publish_insight_article(&article, now_ms()).await)?;
        tracing::info!(
            operator = &*operator,
            article_id = row.id,
            "insight article published"
        );
        Ok(Response::new(row.for_operators()))
    }

    #[tracing::instrument(skip_all, fields(article_id = request.get_ref().id))]
    async fn withdraw_insight_article(
        &self,
        request: Request<pb::WithdrawInsightArticleRequest>,
    ) -> Result<Response<pb::InsightArticle>, Status> {
        let operator = operator::required(&request)?;
        let id = request.get_ref().id;
        let row = settle(
            self.store
                .withdraw_insight_article(id, &operator, now_ms())
                .await,
        )?;
        tracing::info!(
            operator = &*operator,
            article_id = id,
            "insight article withdrawn"
        );
        Ok(Response::new(row.for_operators()))
    }

    #[tracing::instrument(skip_all)]
    async fn list_insight_articles(
        &self,
        request: Request<pb::ListInsightArticlesRequest>,
    ) -> Result<Response<pb::InsightArticlePage>, Status> {
        operator::required(&request)?;
        let r = request.get_ref();
        let page = page(
            &self.store,
            ArticleList::Everything,
            "ia:all",
            r.limit,
            &r.cursor,
            ArticleRow::for_operators,
        )
        .await?;
        Ok(Response::new(page))
    }
}
