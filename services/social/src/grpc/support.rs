//! Customer support: `SupportService` for members (through the gateway; the member from the
//! signed metadata) and `SupportDeskService` for operators (on the operators' listener; an
//! answer records the operator whose token the listener checked).

use sise_platform::error::{DomainError, ErrorCode, internal_status};
use sise_platform::request::PageLimit;
use sise_platform::time::now_ms;
use sise_platform::{member, operator};
use sise_proto::social::v1 as pb;
use tonic::{Request, Response, Status};

use super::settle;
use crate::domain::{cursor, text};
use crate::store::Store;
use crate::store::support::{SupportList, SupportRow, category_name};

/// Messages a page.
pub const DEFAULT_LIMIT: u32 = 10;
pub const MAX_LIMIT: u32 = 50;
/// Characters of a message and of an answer.
pub const BODY_MAX_CHARS: usize = 2_000;
pub const ANSWER_MAX_CHARS: usize = 5_000;
/// Messages a member may send a day (KST): enough for any real need, a bound on the
/// operators' queue otherwise.
pub const DAILY_LIMIT: i64 = 5;

/// A page of `list` (its cursor tag `tag`) as `show` presents each.
async fn page(
    store: &Store,
    request: &pb::ListSupportMessagesRequest,
    list: SupportList,
    tag: &str,
    show: fn(&SupportRow) -> pb::SupportMessage,
) -> Result<pb::SupportMessagePage, Status> {
    let limit = PageLimit::parse(request.limit, DEFAULT_LIMIT, MAX_LIMIT)?.get();
    let after = cursor::decode(&request.cursor, tag, 1)?.map(|v| v[0]);
    let (rows, more) = store
        .support_messages(list, after, limit)
        .await
        .map_err(internal_status)?;
    let next_cursor = match rows.last() {
        Some(last) if more => cursor::encode(tag, &[last.id]),
        _ => String::new(),
    };
    Ok(pb::SupportMessagePage {
        messages: rows.iter().map(show).collect(),
        next_cursor,
    })
}

pub struct SupportGrpc {
    store: Store,
}

impl SupportGrpc {
    pub fn new(store: Store) -> Self {
        Self { store }
    }
}

#[tonic::async_trait]
impl pb::support_service_server::SupportService for SupportGrpc {
    #[tracing::instrument(skip_all)]
    async fn send_support_message(
        &self,
        request: Request<pb::SendSupportMessageRequest>,
    ) -> Result<Response<pb::SupportMessage>, Status> {
        let user_id = member::required(&request)?;
        let r = request.get_ref();
        let category = pb::SupportCategory::try_from(r.category)
            .ok()
            .and_then(category_name)
            .ok_or_else(|| DomainError::from(ErrorCode::InvalidSupportCategory))?;
        let body = text::content(&r.body, BODY_MAX_CHARS, ErrorCode::SupportMessageTooLong)?;
        let message = settle(
            self.store
                .send_support_message(user_id, category, &body, DAILY_LIMIT, now_ms())
                .await,
        )?;
        tracing::info!(user_id, message_id = message.id, "support message sent");
        Ok(Response::new(message.for_member()))
    }

    #[tracing::instrument(skip_all)]
    async fn list_my_support_messages(
        &self,
        request: Request<pb::ListSupportMessagesRequest>,
    ) -> Result<Response<pb::SupportMessagePage>, Status> {
        let user_id = member::required(&request)?;
        let page = page(
            &self.store,
            request.get_ref(),
            SupportList::Mine(user_id),
            "s:mine",
            SupportRow::for_member,
        )
        .await?;
        Ok(Response::new(page))
    }
}

pub struct SupportDeskGrpc {
    store: Store,
}

impl SupportDeskGrpc {
    pub fn new(store: Store) -> Self {
        Self { store }
    }
}

#[tonic::async_trait]
impl pb::support_desk_service_server::SupportDeskService for SupportDeskGrpc {
    #[tracing::instrument(skip_all)]
    async fn list_support_messages(
        &self,
        request: Request<pb::ListSupportMessagesRequest>,
    ) -> Result<Response<pb::SupportMessagePage>, Status> {
        operator::required(&request)?;
        let (list, tag) = if request.get_ref().unanswered {
            (SupportList::Unanswered, "s:open")
        } else {
            (SupportList::All, "s:all")
        };
        let page = page(
            &self.store,
            request.get_ref(),
            list,
            tag,
            SupportRow::for_operators,
        )
        .await?;
        Ok(Response::new(page))
    }

    #[tracing::instrument(skip_all, fields(message_id = request.get_ref().id))]
    async fn answer_support_message(
        &self,
        request: Request<pb::AnswerSupportMessageRequest>,
    ) -> Result<Response<pb::SupportMessage>, Status> {
        let operator = operator::required(&request)?;
        let r = request.get_ref();
        let answer = text::normalize(&r.answer);
        if answer.is_empty() {
            return Err(DomainError::from(ErrorCode::AnswerRequired).into());
        }
        if answer.chars().count() > ANSWER_MAX_CHARS {
            return Err(DomainError::with_max(ErrorCode::AnswerTooLong, ANSWER_MAX_CHARS).into());
        }
        let message = settle(
            self.store
                .answer_support_message(r.id, &answer, &operator, now_ms())
                .await,
        )?;
        tracing::info!(
            operator = &*operator,
            message_id = message.id,
            "support message answered"
        );
        Ok(Response::new(message.for_operators()))
    }
}
