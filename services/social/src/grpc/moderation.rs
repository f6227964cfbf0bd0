//! `sise.social.v1.ModerationService`: the operators' queue and decisions, served on the
//! operators' listener only, behind `sise_platform::operator` (the operator is the one
//! whose token the listener checked; decisions record them).

use sise_platform::error::{DomainError, ErrorCode, internal_status};
use sise_platform::operator;
use sise_platform::time::now_ms;
use sise_proto::social::v1 as pb;
use tonic::{Request, Response, Status};

use super::{limit, settle, target};
use crate::domain::{Kind, cursor, text};
use crate::store::Store;
use crate::store::moderation::Decision;

/// Characters of a decision's reason.
pub const REASON_MAX_CHARS: usize = 1000;

pub struct ModerationGrpc {
    store: Store,
}

impl ModerationGrpc {
    pub fn new(store: Store) -> Self {
        Self { store }
    }

    async fn case(&self, kind: Kind, id: i64) -> Result<pb::Case, Status> {
        self.store
            .case(kind, id)
            .await
            .map_err(internal_status)?
            .ok_or_else(|| kind.not_found().into())
    }

    async fn decide(
        &self,
        request: Request<pb::ModerateRequest>,
        decision: Decision,
    ) -> Result<Response<pb::Case>, Status> {
        let operator = operator::required(&request)?;
        let r = request.get_ref();
        let (kind, id) = target(r.target.as_ref())?;
        let reason = text::normalize(&r.reason);
        if (decision == Decision::Hide && reason.is_empty())
            || reason.chars().count() > REASON_MAX_CHARS
        {
            return Err(DomainError::from(ErrorCode::ReasonRequired).into());
        }
        settle(
            self.store
                .decide(kind, id, decision, &reason, &operator, now_ms())
                .await,
        )?;
        tracing::info!(
            operator = &*operator,
            target = kind.as_str(),
            id,
            ?decision,
            "moderation decision"
        );
        Ok(Response::new(self.case(kind, id).await?))
    }
}

#[tonic::async_trait]
impl pb::moderation_service_server::ModerationService for ModerationGrpc {
    #[tracing::instrument(skip_all)]
    async fn list_queue(
        &self,
        request: Request<pb::ListQueueRequest>,
    ) -> Result<Response<pb::QueuePage>, Status> {
        operator::required(&request)?;
        let r = request.get_ref();
        let limit = limit(r.limit)?;
        let after = cursor::decode(&r.cursor, "q", 2)?.map(|v| (v[0], v[1]));
        let (cases, next) = self
            .store
            .queue(after, limit)
            .await
            .map_err(internal_status)?;
        Ok(Response::new(pb::QueuePage {
            cases,
            next_cursor: next.map(|v| cursor::encode("q", &v)).unwrap_or_default(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_case(
        &self,
        request: Request<pb::ContentRef>,
    ) -> Result<Response<pb::Case>, Status> {
        operator::required(&request)?;
        let (kind, id) = target(Some(request.get_ref()))?;
        Ok(Response::new(self.case(kind, id).await?))
    }

    #[tracing::instrument(skip_all)]
    async fn hide(
        &self,
        request: Request<pb::ModerateRequest>,
    ) -> Result<Response<pb::Case>, Status> {
        self.decide(request, Decision::Hide).await
    }

    #[tracing::instrument(skip_all)]
    async fn restore(
        &self,
        request: Request<pb::ModerateRequest>,
    ) -> Result<Response<pb::Case>, Status> {
        self.decide(request, Decision::Restore).await
    }

    #[tracing::instrument(skip_all)]
    async fn remove(
        &self,
        request: Request<pb::ModerateRequest>,
    ) -> Result<Response<pb::Case>, Status> {
        self.decide(request, Decision::Remove).await
    }
}
