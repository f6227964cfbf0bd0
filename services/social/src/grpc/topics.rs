//! `TopicService`: the curated topics (`crate::topics`), read by everyone through the
//! gateway. A security's topics are asked only for a stock market lists.

use std::sync::Arc;

use sise_platform::error::{DomainError, ErrorCode};
use sise_platform::request::PageLimit;
use sise_platform::search::{keyword, offset_page};
use sise_proto::social::v1 as pb;
use tonic::{Request, Response, Status};

use crate::securities::Securities;
use crate::topics::{Topic, Topics};

/// Featured topics and search results a page (spec §9: search 10).
pub const DEFAULT_LIMIT: u32 = 10;
pub const MAX_LIMIT: u32 = 50;

fn message(topic: &Topic) -> pb::Topic {
    pb::Topic {
        id: topic.id,
        name: topic.name.clone(),
        description: topic.description.clone(),
        stocks: topic
            .stocks
            .iter()
            .map(|s| pb::TopicStock {
                security_id: s.security_id.clone(),
                name: s.name.clone(),
            })
            .collect(),
    }
}

pub struct TopicGrpc {
    topics: Arc<Topics>,
    securities: Securities,
}

impl TopicGrpc {
    pub fn new(topics: Arc<Topics>, securities: Securities) -> Self {
        Self { topics, securities }
    }
}

#[tonic::async_trait]
impl pb::topic_service_server::TopicService for TopicGrpc {
    #[tracing::instrument(skip_all, fields(topic_id = request.get_ref().id))]
    async fn get_topic(
        &self,
        request: Request<pb::GetTopicRequest>,
    ) -> Result<Response<pb::Topic>, Status> {
        let topic = self
            .topics
            .get(request.get_ref().id)
            .ok_or_else(|| DomainError::from(ErrorCode::TopicNotFound))?;
        Ok(Response::new(message(topic)))
    }

    #[tracing::instrument(skip_all)]
    async fn featured_topics(
        &self,
        request: Request<pb::FeaturedTopicsRequest>,
    ) -> Result<Response<pb::TopicList>, Status> {
        let limit = PageLimit::parse(request.get_ref().limit, DEFAULT_LIMIT, MAX_LIMIT)?.get();
        Ok(Response::new(pb::TopicList {
            topics: self.topics.featured().take(limit).map(message).collect(),
        }))
    }

    #[tracing::instrument(skip_all, fields(security_id = %request.get_ref().security_id))]
    async fn topics_of_security(
        &self,
        request: Request<pb::TopicsOfSecurityRequest>,
    ) -> Result<Response<pb::TopicList>, Status> {
        let id = self
            .securities
            .board(&request.get_ref().security_id)
            .await?;
        Ok(Response::new(pb::TopicList {
            topics: self.topics.of_security(id.as_str()).map(message).collect(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn search_topics(
        &self,
        request: Request<pb::SearchTopicsRequest>,
    ) -> Result<Response<pb::TopicPage>, Status> {
        let r = request.get_ref();
        let keyword = keyword(&r.keyword)?;
        let limit = PageLimit::parse(r.limit, DEFAULT_LIMIT, MAX_LIMIT)?.get();
        let (page, next) = offset_page(self.topics.search(keyword), &r.cursor, limit)?;
        Ok(Response::new(pb::TopicPage {
            topics: page.into_iter().map(message).collect(),
            next_cursor: next.unwrap_or_default(),
        }))
    }
}
