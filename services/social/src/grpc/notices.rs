//! Notices: `NoticeService` for everyone (through the gateway) and `EditorialService` for
//! operators (on the operators' listener, behind `sise_platform::operator`; the notice
//! records the operator whose token the listener checked).

use sise_platform::error::{DomainError, ErrorCode, internal_status};
use sise_platform::operator;
use sise_platform::request::PageLimit;
use sise_platform::time::now_ms;
use sise_proto::social::v1 as pb;
use tonic::{Request, Response, Status};

use super::settle;
use crate::domain::{cursor, text};
use crate::store::Store;
use crate::store::notices::NoticeRow;

/// Notices a page (spec §9: notices 10).
pub const DEFAULT_LIMIT: u32 = 10;
pub const MAX_LIMIT: u32 = 50;
/// Characters of a title and of a body.
pub const TITLE_MAX_CHARS: usize = 100;
pub const BODY_MAX_CHARS: usize = 10_000;
/// Days a notice stays before it may be withdrawn (spec §9).
pub const MIN_DAYS_SHOWN: i64 = 7;

/// The cursor tags of the two lists (shown notices; every notice, for operators).
const SHOWN: &str = "n";
const ALL: &str = "n:all";

/// A page of notices as `show` presents each.
async fn page(
    store: &Store,
    request: &pb::ListNoticesRequest,
    withdrawn_too: bool,
    show: fn(&NoticeRow) -> pb::Notice,
) -> Result<pb::NoticePage, Status> {
    let tag = if withdrawn_too { ALL } else { SHOWN };
    let limit = PageLimit::parse(request.limit, DEFAULT_LIMIT, MAX_LIMIT)?.get();
    let after = cursor::decode(&request.cursor, tag, 1)?.map(|v| v[0]);
    let (rows, more) = store
        .notices(after, limit, withdrawn_too)
        .await
        .map_err(internal_status)?;
    let next_cursor = match rows.last() {
        Some(last) if more => cursor::encode(tag, &[last.id]),
        _ => String::new(),
    };
    Ok(pb::NoticePage {
        notices: rows.iter().map(show).collect(),
        next_cursor,
    })
}

pub struct NoticeGrpc {
    store: Store,
}

impl NoticeGrpc {
    pub fn new(store: Store) -> Self {
        Self { store }
    }
}

#[tonic::async_trait]
impl pb::notice_service_server::NoticeService for NoticeGrpc {
    #[tracing::instrument(skip_all)]
    async fn list_notices(
        &self,
        request: Request<pb::ListNoticesRequest>,
    ) -> Result<Response<pb::NoticePage>, Status> {
        let page = page(&self.store, request.get_ref(), false, NoticeRow::public).await?;
        Ok(Response::new(page))
    }

    #[tracing::instrument(skip_all, fields(notice_id = request.get_ref().id))]
    async fn get_notice(
        &self,
        request: Request<pb::GetNoticeRequest>,
    ) -> Result<Response<pb::Notice>, Status> {
        let notice = self
            .store
            .notice(request.get_ref().id)
            .await
            .map_err(internal_status)?
            .ok_or_else(|| DomainError::from(ErrorCode::NoticeNotFound))?;
        Ok(Response::new(notice.public()))
    }
}

pub struct EditorialGrpc {
    store: Store,
}

impl EditorialGrpc {
    pub fn new(store: Store) -> Self {
        Self { store }
    }
}

#[tonic::async_trait]
impl pb::editorial_service_server::EditorialService for EditorialGrpc {
    #[tracing::instrument(skip_all)]
    async fn publish_notice(
        &self,
        request: Request<pb::PublishNoticeRequest>,
    ) -> Result<Response<pb::Notice>, Status> {
        let operator = operator::required(&request)?;
        let r = request.get_ref();
        let title = text::normalize(&r.title).replace('\n', " ");
        if title.is_empty() {
            return Err(DomainError::from(ErrorCode::TitleRequired).into());
        }
        if title.chars().count() > TITLE_MAX_CHARS {
            return Err(DomainError::with_max(ErrorCode::TitleTooLong, TITLE_MAX_CHARS).into());
        }
        let body = text::content(&r.body, BODY_MAX_CHARS, ErrorCode::NoticeTooLong)?;
        let notice = self
            .store
            .publish_notice(&title, &body, &operator, now_ms())
            .await
            .map_err(internal_status)?;
        tracing::info!(
            operator = &*operator,
            notice_id = notice.id,
            "notice published"
        );
        Ok(Response::new(notice.for_operators()))
    }

    #[tracing::instrument(skip_all, fields(notice_id = request.get_ref().id))]
    async fn withdraw_notice(
        &self,
        request: Request<pb::WithdrawNoticeRequest>,
    ) -> Result<Response<pb::Notice>, Status> {
        let operator = operator::required(&request)?;
        let id = request.get_ref().id;
        let notice = settle(
            self.store
                .withdraw_notice(id, &operator, MIN_DAYS_SHOWN, now_ms())
                .await,
        )?;
        tracing::info!(operator = &*operator, notice_id = id, "notice withdrawn");
        Ok(Response::new(notice.for_operators()))
    }

    #[tracing::instrument(skip_all)]
    async fn list_notices(
        &self,
        request: Request<pb::ListNoticesRequest>,
    ) -> Result<Response<pb::NoticePage>, Status> {
        operator::required(&request)?;
        let page = page(
            &self.store,
            request.get_ref(),
            true,
            NoticeRow::for_operators,
        )
        .await?;
        Ok(Response::new(page))
    }
}
