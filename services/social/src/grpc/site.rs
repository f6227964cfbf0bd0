//! Around the pages: `SiteService` for everyone (the maintenance status, the running
//! promotion) and `SiteDeskService` for operators (switch maintenance, set and end a
//! promotion, the analytics report), each change recording the operator the listener checked.

use sise_platform::error::{DomainError, ErrorCode, internal_status};
use sise_platform::operator;
use sise_platform::request::TradingDate;
use sise_platform::time::now_ms;
use sise_proto::social::v1 as pb;
use tonic::{Request, Response, Status};

use crate::domain::{kst_day, text};
use crate::store::Store;
use crate::store::site::NewPromotion;

/// Characters of the maintenance message, of an address, of a promotion's title and body.
pub const MAINTENANCE_MESSAGE_MAX_CHARS: usize = 500;
pub const URL_MAX_CHARS: usize = 500;
pub const PROMOTION_TITLE_MAX_CHARS: usize = 60;
pub const PROMOTION_BODY_MAX_CHARS: usize = 500;
/// The longest promotion window.
pub const PROMOTION_MAX_DAYS: i64 = 31;

const DAY_MS: i64 = 86_400_000;

/// An absolute http(s) address, or (when `path_ok`) a path of the site.
fn checked_url(raw: &str, path_ok: bool) -> Result<String, DomainError> {
    let url = raw.trim();
    if url.chars().count() > URL_MAX_CHARS {
        return Err(ErrorCode::InvalidUrl.into());
    }
    if path_ok && url.starts_with('/') && !url.starts_with("//") && !url.contains('\\') {
        return Ok(url.to_owned());
    }
    match url::Url::parse(url) {
        Ok(parsed) if matches!(parsed.scheme(), "http" | "https") && parsed.host().is_some() => {
            Ok(url.to_owned())
        }
        _ => Err(ErrorCode::InvalidUrl.into()),
    }
}

/// Operators' maintenance switch, checked: a redirect address is required to switch it on.
fn checked_maintenance(r: &pb::SetMaintenanceRequest) -> Result<(String, String), DomainError> {
    let message = text::normalize(&r.message);
    if message.chars().count() > MAINTENANCE_MESSAGE_MAX_CHARS {
        return Err(DomainError::with_max(
            ErrorCode::MaintenanceMessageTooLong,
            MAINTENANCE_MESSAGE_MAX_CHARS,
        ));
    }
    let redirect_url = match (r.on, r.redirect_url.trim().is_empty()) {
        (true, true) => return Err(ErrorCode::MaintenanceUrlRequired.into()),
        (_, true) => String::new(),
        (_, false) => checked_url(&r.redirect_url, false)?,
    };
    Ok((message, redirect_url))
}

/// A new promotion, checked; `now` stands for an unset start.
fn checked_promotion(
    r: &pb::SetPromotionRequest,
    now: i64,
) -> Result<(String, String, String, i64, i64), DomainError> {
    let title = text::normalize(&r.title).replace('\n', " ");
    if title.is_empty() {
        return Err(ErrorCode::TitleRequired.into());
    }
    if title.chars().count() > PROMOTION_TITLE_MAX_CHARS {
        return Err(DomainError::with_max(
            ErrorCode::TitleTooLong,
            PROMOTION_TITLE_MAX_CHARS,
        ));
    }
    let body = text::content(
        &r.body,
        PROMOTION_BODY_MAX_CHARS,
        ErrorCode::PromotionTooLong,
    )?;
    let link_url = if r.link_url.trim().is_empty() {
        String::new()
    } else {
        checked_url(&r.link_url, true)?
    };
    let starts = if r.starts_at_ms == 0 {
        now
    } else {
        r.starts_at_ms
    };
    let period = DomainError::with_max(ErrorCode::InvalidPromotionPeriod, PROMOTION_MAX_DAYS);
    if starts < 0
        || r.ends_at_ms <= starts.max(now)
        || r.ends_at_ms - starts > PROMOTION_MAX_DAYS * DAY_MS
    {
        return Err(period);
    }
    Ok((title, body, link_url, starts, r.ends_at_ms))
}

pub struct SiteGrpc {
    store: Store,
}

impl SiteGrpc {
    pub fn new(store: Store) -> Self {
        Self { store }
    }
}

#[tonic::async_trait]
impl pb::site_service_server::SiteService for SiteGrpc {
    #[tracing::instrument(skip_all)]
    async fn get_maintenance(
        &self,
        _request: Request<pb::GetMaintenanceRequest>,
    ) -> Result<Response<pb::Maintenance>, Status> {
        let maintenance = self.store.maintenance().await.map_err(internal_status)?;
        // Operators' names stay on the operators' side.
        Ok(Response::new(pb::Maintenance {
            changed_by: String::new(),
            ..maintenance
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_promotion(
        &self,
        _request: Request<pb::GetPromotionRequest>,
    ) -> Result<Response<pb::PromotionAnswer>, Status> {
        let promotion = self
            .store
            .running_promotion(now_ms())
            .await
            .map_err(internal_status)?
            .map(|p| pb::Promotion {
                created_by: String::new(),
                ..p
            });
        Ok(Response::new(pb::PromotionAnswer { promotion }))
    }
}

pub struct SiteDeskGrpc {
    store: Store,
}

impl SiteDeskGrpc {
    pub fn new(store: Store) -> Self {
        Self { store }
    }
}

#[tonic::async_trait]
impl pb::site_desk_service_server::SiteDeskService for SiteDeskGrpc {
    #[tracing::instrument(skip_all)]
    async fn get_maintenance(
        &self,
        request: Request<pb::GetMaintenanceRequest>,
    ) -> Result<Response<pb::Maintenance>, Status> {
        operator::required(&request)?;
        let maintenance = self.store.maintenance().await.map_err(internal_status)?;
        Ok(Response::new(maintenance))
    }

    #[tracing::instrument(skip_all, fields(on = request.get_ref().on))]
    async fn set_maintenance(
        &self,
        request: Request<pb::SetMaintenanceRequest>,
    ) -> Result<Response<pb::Maintenance>, Status> {
        let operator = operator::required(&request)?;
        let (message, redirect_url) = checked_maintenance(request.get_ref())?;
        let on = request.get_ref().on;
        let maintenance = self
            .store
            .set_maintenance(on, &message, &redirect_url, &operator, now_ms())
            .await
            .map_err(internal_status)?;
        tracing::info!(operator = &*operator, on, "maintenance switched");
        Ok(Response::new(maintenance))
    }

    #[tracing::instrument(skip_all)]
    async fn set_promotion(
        &self,
        request: Request<pb::SetPromotionRequest>,
    ) -> Result<Response<pb::Promotion>, Status> {
        let operator = operator::required(&request)?;
        let now = now_ms();
        let (title, body, link_url, starts_at_ms, ends_at_ms) =
            checked_promotion(request.get_ref(), now)?;
        let promotion = self
            .store
            .set_promotion(
                &NewPromotion {
                    title: &title,
                    body: &body,
                    link_url: &link_url,
                    starts_at_ms,
                    ends_at_ms,
                },
                &operator,
                now,
            )
            .await
            .map_err(internal_status)?;
        tracing::info!(
            operator = &*operator,
            promotion_id = promotion.id,
            "promotion set"
        );
        Ok(Response::new(promotion))
    }

    #[tracing::instrument(skip_all)]
    async fn end_promotion(
        &self,
        request: Request<pb::EndPromotionRequest>,
    ) -> Result<Response<pb::Promotion>, Status> {
        let operator = operator::required(&request)?;
        let ended = self
            .store
            .end_promotion(&operator, now_ms())
            .await
            .map_err(internal_status)?
            .ok_or_else(|| DomainError::from(ErrorCode::PromotionNotFound))?;
        tracing::info!(
            operator = &*operator,
            promotion_id = ended.id,
            "promotion ended"
        );
        Ok(Response::new(ended))
    }

    #[tracing::instrument(skip_all)]
    async fn list_promotions(
        &self,
        request: Request<pb::ListPromotionsRequest>,
    ) -> Result<Response<pb::PromotionList>, Status> {
        operator::required(&request)?;
        let promotions = self.store.promotions().await.map_err(internal_status)?;
        Ok(Response::new(pb::PromotionList { promotions }))
    }

    #[tracing::instrument(skip_all)]
    async fn analytics_report(
        &self,
        request: Request<pb::AnalyticsReportRequest>,
    ) -> Result<Response<pb::AnalyticsReportAnswer>, Status> {
        operator::required(&request)?;
        let raw = request.get_ref().day.trim();
        let day = if raw.is_empty() {
            kst_day(now_ms())
        } else {
            let date = TradingDate::parse(raw)?.date();
            date.signed_duration_since(chrono::NaiveDate::default())
                .num_days()
        };
        let mut report = self
            .store
            .analytics_report(day)
            .await
            .map_err(internal_status)?;
        report.day = (chrono::NaiveDate::default() + chrono::Days::new(day.max(0) as u64))
            .format("%Y-%m-%d")
            .to_string();
        Ok(Response::new(report))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maintenance_on_needs_an_http_address() {
        let on = |url: &str| pb::SetMaintenanceRequest {
            on: true,
            message: "점검 중입니다".into(),
            redirect_url: url.into(),
        };
        assert_eq!(
            checked_maintenance(&on("")).expect_err("refused").code,
            ErrorCode::MaintenanceUrlRequired
        );
        for bad in [
            "/m/notices",
            "javascript:alert(1)",
            "ftp://x.kr/a",
            "https://",
        ] {
            assert_eq!(
                checked_maintenance(&on(bad)).expect_err("refused").code,
                ErrorCode::InvalidUrl,
                "{bad}"
            );
        }
        assert_eq!(
            checked_maintenance(&on("https://status.example.kr/")).expect("valid"),
            (
                "점검 중입니다".to_owned(),
                "https://status.example.kr/".to_owned()
            )
        );
        let off = pb::SetMaintenanceRequest::default();
        assert_eq!(
            checked_maintenance(&off).expect("valid"),
            (String::new(), String::new())
        );
    }

    #[test]
    fn a_promotion_runs_within_its_window() {
        let now = 1_000 * DAY_MS;
        let promo = |starts: i64, ends: i64, link: &str| pb::SetPromotionRequest {
            title: "이벤트".into(),
            body: "내용".into(),
            link_url: link.into(),
            starts_at_ms: starts,
            ends_at_ms: ends,
        };
        let got = checked_promotion(&promo(0, now + DAY_MS, "/m/contests"), now).expect("valid");
        assert_eq!((got.3, got.4), (now, now + DAY_MS));
        for (starts, ends) in [
            (0, now),
            (0, now - 1),
            (now, now + 32 * DAY_MS),
            (-5, now + 1),
        ] {
            assert_eq!(
                checked_promotion(&promo(starts, ends, ""), now)
                    .expect_err("refused")
                    .code,
                ErrorCode::InvalidPromotionPeriod,
                "{starts}..{ends}"
            );
        }
        assert_eq!(
            checked_promotion(&promo(0, now + DAY_MS, "//evil.example"), now)
                .expect_err("refused")
                .code,
            ErrorCode::InvalidUrl
        );
    }
}
