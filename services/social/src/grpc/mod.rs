//! The gRPC services: `SocialService`, `NoticeService`, `SupportService`, `TopicService`,
//! `InsightArticleService`, `ContestService` and `SiteService` for members and visitors (through
//! the gateway; the member from the signed metadata), `ModerationService`, `EditorialService`,
//! `SupportDeskService`, `InsightEditorialService`, `ContestDeskService` and `SiteDeskService`
//! for operators (on
//! the operators' listener). Input is parsed at the top of each handler; refusals are catalogue
//! errors; unexpected failures are logged and answered opaquely.

pub mod contests;
pub mod insight;
pub mod moderation;
pub mod notices;
pub mod site;
pub mod social;
pub mod support;
pub mod topics;

use sise_platform::error::{DomainError, ErrorCode, internal_status};
use sise_proto::social::v1 as pb;

use crate::domain::Kind;
use sise_platform::request::PageLimit;
use tonic::Status;

/// Page sizes of every list (docs/api.md, "Community").
pub const DEFAULT_LIMIT: u32 = 20;
pub const MAX_LIMIT: u32 = 50;

pub(crate) fn limit(value: Option<i64>) -> Result<usize, Status> {
    Ok(PageLimit::parse(value, DEFAULT_LIMIT, MAX_LIMIT)?.get())
}

/// A store's change as the caller's answer.
pub(crate) fn settle<T>(change: anyhow::Result<Result<T, DomainError>>) -> Result<T, Status> {
    change.map_err(internal_status)?.map_err(Status::from)
}

/// A post or comment a caller reports, objects to or moderates.
pub(crate) fn target(reference: Option<&pb::ContentRef>) -> Result<(Kind, i64), Status> {
    let reference = reference.ok_or_else(|| DomainError::from(ErrorCode::InvalidContentType))?;
    Ok((Kind::parse(reference.r#type)?, reference.id))
}
