//! `sise.identity.v1.IdentityService` (members, through the gateway: the member verified by
//! its signature, `sise_platform::member`) and `OperatorService` (operators only, on the
//! operators' listener: the operator authenticated by its token, `sise_platform::operator`)
//! over gRPC.

use std::sync::LazyLock;

use opentelemetry::KeyValue;
use opentelemetry::metrics::Counter;
use sise_platform::error::{DomainError, ErrorCode, internal_status};
use sise_platform::{member, operator};
use sise_proto::identity::v1 as pb;
use tonic::{Request, Response, Status};

use crate::membership::{Failure, Login, Membership, Outcome, seoul_date};
use sise_platform::time::now_ms;

use crate::store::{Agreements, RoleRefusal, SanctionKind, Sanctioned};

/// Most members one public-profile call names.
const MAX_PROFILES: usize = 100;
/// Most characters of an objection.
const MAX_OBJECTION_CHARS: usize = 1000;
/// Most objections one listing returns.
const MAX_OBJECTIONS: i64 = 500;

fn status(failure: Failure) -> Status {
    match failure {
        Failure::Domain(error) => error.into(),
        Failure::Throttled { retry_after_secs } => {
            DomainError::from(ErrorCode::TooManyLoginAttempts)
                .retry_after(retry_after_secs)
                .into()
        }
        Failure::Internal(error) => internal_status(error),
    }
}

/// `sise.login.outcomes`: logins by `outcome`: `session`, `dormant`, `suspended`,
/// `throttled`, `internal`, or the refusal's code from the catalogue (`login_provider_unavailable` is
/// the messenger provider failing, `invalid_kakao_token` a token it refused, …).
static LOGINS: LazyLock<Counter<u64>> = LazyLock::new(|| {
    sise_platform::metrics::meter()
        .u64_counter("sise.login.outcomes")
        .with_description("Logins by outcome")
        .build()
});

fn count_login(login: &Outcome<Login>) {
    let outcome = match login {
        Ok(Login::Session(_)) => "session",
        Ok(Login::Dormant { .. }) => "dormant",
        Ok(Login::Suspended { .. }) => "suspended",
        Err(Failure::Throttled { .. }) => "throttled",
        Err(Failure::Internal(_)) => "internal",
        Err(Failure::Domain(error)) => error.code.as_str(),
    };
    LOGINS.add(1, &[KeyValue::new("outcome", outcome)]);
}

fn sanction_list(records: &[crate::store::SanctionRecord]) -> pb::SanctionList {
    pb::SanctionList {
        sanctions: records.iter().map(|s| s.to_proto()).collect(),
    }
}

fn answer<T>(outcome: Outcome<T>) -> Result<Response<T>, Status> {
    outcome.map(Response::new).map_err(status)
}

pub struct IdentityGrpc {
    membership: Membership,
}

impl IdentityGrpc {
    pub fn new(membership: Membership) -> Self {
        Self { membership }
    }
}

#[tonic::async_trait]
impl pb::identity_service_server::IdentityService for IdentityGrpc {
    // Tokens are credentials: keep every request out of the spans.
    #[tracing::instrument(skip_all)]
    async fn authenticate(
        &self,
        request: Request<pb::AuthenticateRequest>,
    ) -> Result<Response<pb::AuthenticateResponse>, Status> {
        let token = &request.get_ref().access_token;
        let session = self
            .membership
            .store
            .authenticate(token, now_ms(), self.membership.policy)
            .await
            .map_err(internal_status)?
            // Empty, malformed, unknown, expired and idle tokens get the one answer.
            .ok_or_else(|| Status::from(DomainError::from(ErrorCode::InvalidToken)))?;
        Ok(Response::new(pb::AuthenticateResponse {
            user_id: session.user_id,
            expires_at_ms: session.expires_at_ms,
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn login(
        &self,
        request: Request<pb::LoginRequest>,
    ) -> Result<Response<pb::LoginResponse>, Status> {
        let request = request.into_inner();
        let now = now_ms();
        let login = self
            .membership
            .login(&request.kakao_access_token, &request.client_address, now)
            .await;
        count_login(&login);
        let login = login.map_err(status)?;
        let outcome = match login {
            Login::Session(session) => pb::login_response::Outcome::Session(session),
            Login::Dormant { release_token } => {
                pb::login_response::Outcome::Dormant(pb::Dormant { release_token })
            }
            Login::Suspended { until_ms } => {
                // The last day of the suspension: it ends at `until_ms`.
                let until = seoul_date(until_ms - 1);
                pb::login_response::Outcome::Suspended(pb::Suspended {
                    message: format!(
                        "{until}까지 이용이 정지된 계정입니다. 이용약관에 따라 이의를 신청할 수 있습니다."
                    ),
                    until,
                })
            }
        };
        Ok(Response::new(pb::LoginResponse {
            outcome: Some(outcome),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn logout(
        &self,
        request: Request<pb::LogoutRequest>,
    ) -> Result<Response<pb::LogoutResponse>, Status> {
        let user_id = member::required(&request)?;
        self.membership
            .store
            .log_out_everywhere(user_id)
            .await
            .map_err(internal_status)?;
        Ok(Response::new(pb::LogoutResponse {}))
    }

    #[tracing::instrument(skip_all)]
    async fn sign_up(
        &self,
        request: Request<pb::SignUpRequest>,
    ) -> Result<Response<pb::User>, Status> {
        let request = request.into_inner();
        let agreements = Agreements {
            service_age: request.service_age,
            service: request.service,
            private_collect: request.private_collect,
        };
        let user = self
            .membership
            .sign_up(
                &request.kakao_access_token,
                agreements,
                &request.client_address,
                now_ms(),
            )
            .await;
        answer(user.map(|user| user.to_proto()))
    }

    #[tracing::instrument(skip_all)]
    async fn release_dormancy(
        &self,
        request: Request<pb::ReleaseDormancyRequest>,
    ) -> Result<Response<pb::ReleaseDormancyResponse>, Status> {
        let released = self
            .membership
            .release_dormancy(&request.get_ref().release_token, now_ms())
            .await;
        answer(released.map(|()| pb::ReleaseDormancyResponse {
            message: "휴면 상태가 해제되었습니다.".into(),
        }))
    }

    #[tracing::instrument(skip_all, fields(member))]
    async fn get_me(
        &self,
        request: Request<pb::GetMeRequest>,
    ) -> Result<Response<pb::User>, Status> {
        let user_id = member::required(&request)?;
        answer(self.membership.me(user_id).await.map(|u| u.to_proto()))
    }

    #[tracing::instrument(skip_all)]
    async fn update_profile(
        &self,
        request: Request<pb::UpdateProfileRequest>,
    ) -> Result<Response<pb::User>, Status> {
        let user_id = member::required(&request)?;
        let user = self
            .membership
            .update_profile(user_id, request.get_ref(), now_ms())
            .await;
        answer(user.map(|u| u.to_proto()))
    }

    #[tracing::instrument(skip_all)]
    async fn update_setting(
        &self,
        request: Request<pb::UpdateSettingRequest>,
    ) -> Result<Response<pb::User>, Status> {
        let user_id = member::required(&request)?;
        let open = request.get_ref().open_favorite_stocks;
        let user = self
            .membership
            .update_setting(user_id, open, now_ms())
            .await;
        answer(user.map(|u| u.to_proto()))
    }

    #[tracing::instrument(skip_all)]
    async fn set_avatar(
        &self,
        request: Request<pb::SetAvatarRequest>,
    ) -> Result<Response<pb::User>, Status> {
        let user_id = member::required(&request)?;
        let user = self
            .membership
            .set_avatar(user_id, request.into_inner().image, now_ms())
            .await;
        answer(user.map(|u| u.to_proto()))
    }

    #[tracing::instrument(skip_all)]
    async fn get_avatar(
        &self,
        request: Request<pb::GetAvatarRequest>,
    ) -> Result<Response<pb::Avatar>, Status> {
        let request = request.get_ref();
        let stored = self
            .membership
            .store
            .avatar(&request.id, request.size)
            .await
            .map_err(internal_status)?
            .ok_or_else(|| Status::from(DomainError::from(ErrorCode::AvatarNotFound)))?;
        Ok(Response::new(pb::Avatar {
            image: stored.image,
            content_type: stored.content_type,
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn secede(
        &self,
        request: Request<pb::SecedeRequest>,
    ) -> Result<Response<pb::SecedeResponse>, Status> {
        let user_id = member::required(&request)?;
        answer(
            self.membership
                .secede(user_id, &request.get_ref().access_token, now_ms())
                .await
                .map(|()| pb::SecedeResponse {}),
        )
    }

    #[tracing::instrument(skip_all)]
    async fn list_my_sanctions(
        &self,
        request: Request<pb::ListMySanctionsRequest>,
    ) -> Result<Response<pb::SanctionList>, Status> {
        let user_id = member::required(&request)?;
        let sanctions = self
            .membership
            .store
            .sanctions_of(user_id)
            .await
            .map_err(internal_status)?;
        Ok(Response::new(sanction_list(&sanctions)))
    }

    #[tracing::instrument(skip_all)]
    async fn file_objection(
        &self,
        request: Request<pb::FileObjectionRequest>,
    ) -> Result<Response<pb::Sanction>, Status> {
        let user_id = member::required(&request)?;
        let request = request.get_ref();
        let text = request.text.trim();
        if text.is_empty() || text.chars().count() > MAX_OBJECTION_CHARS {
            return Err(DomainError::from(ErrorCode::InvalidObjection).into());
        }
        let record = self
            .membership
            .store
            .object(user_id, request.sanction_id, text, now_ms())
            .await
            .map_err(internal_status)?
            .ok_or_else(|| Status::from(DomainError::from(ErrorCode::SanctionNotFound)))?;
        Ok(Response::new(record.to_proto()))
    }

    #[tracing::instrument(skip_all)]
    async fn get_public_profiles(
        &self,
        request: Request<pb::GetPublicProfilesRequest>,
    ) -> Result<Response<pb::PublicProfiles>, Status> {
        let ids = &request.get_ref().user_ids;
        if ids.len() > MAX_PROFILES {
            return Err(DomainError::with_max(ErrorCode::InvalidLimit, MAX_PROFILES).into());
        }
        let profiles = self
            .membership
            .store
            .public_profiles(ids)
            .await
            .map_err(internal_status)?;
        Ok(Response::new(pb::PublicProfiles { profiles }))
    }
}

/// The operators' API: sanctions and objections. Served on the operators' listener only,
/// behind the operators' credential check; the sanction records the operator that check
/// authenticated.
pub struct OperatorGrpc {
    membership: Membership,
}

impl OperatorGrpc {
    pub fn new(membership: Membership) -> Self {
        Self { membership }
    }
}

/// Characters of a contributor's bio.
const MAX_BIO_CHARS: usize = 300;

impl OperatorGrpc {
    async fn set_contributor(
        &self,
        user_id: i64,
        bio: Option<&str>,
        operator: &str,
    ) -> Result<Response<pb::ContributorRole>, Status> {
        let changed = self
            .membership
            .store
            .set_contributor(user_id, bio, operator, now_ms())
            .await
            .map_err(internal_status)?;
        match changed {
            Ok(role) => {
                tracing::info!(
                    operator,
                    contributor = role.contributor,
                    "contributor role changed"
                );
                Ok(Response::new(role))
            }
            Err(RoleRefusal::NoSuchMember) => {
                Err(DomainError::from(ErrorCode::MemberNotFound).into())
            }
            Err(RoleRefusal::Ended) => Err(DomainError::from(ErrorCode::MemberNotFound).into()),
        }
    }
}

#[tonic::async_trait]
impl pb::operator_service_server::OperatorService for OperatorGrpc {
    #[tracing::instrument(skip_all, fields(user_id = request.get_ref().user_id))]
    async fn sanction(
        &self,
        request: Request<pb::SanctionRequest>,
    ) -> Result<Response<pb::SanctionOutcome>, Status> {
        let operator = operator::required(&request)?;
        let request = request.get_ref();
        let kind = match pb::SanctionKind::try_from(request.kind) {
            Ok(pb::SanctionKind::Warning) => SanctionKind::Warning,
            Ok(pb::SanctionKind::Termination) => SanctionKind::Termination,
            _ => return Err(DomainError::from(ErrorCode::InvalidSanction).into()),
        };
        let reason = request.reason.trim();
        if reason.is_empty() || reason.chars().count() > 1000 {
            return Err(DomainError::from(ErrorCode::InvalidSanction).into());
        }
        let outcome = self
            .membership
            .store
            .sanction(request.user_id, kind, reason, &operator, now_ms())
            .await
            .map_err(internal_status)?;
        match outcome {
            Sanctioned::Applied { record, warnings } => {
                tracing::info!(
                    sanction = record.id,
                    operator = &*operator,
                    warnings,
                    terminated = record.terminated,
                    suspended = record.suspended_until_ms.is_some(),
                    "member sanctioned"
                );
                Ok(Response::new(pb::SanctionOutcome {
                    sanction: Some(record.to_proto()),
                    warnings: i32::try_from(warnings).unwrap_or(i32::MAX),
                }))
            }
            Sanctioned::NoSuchMember => Err(DomainError::from(ErrorCode::MemberNotFound).into()),
            Sanctioned::AlreadyEnded => Err(DomainError::from(ErrorCode::InvalidSanction).into()),
        }
    }

    #[tracing::instrument(skip_all)]
    async fn list_sanctions(
        &self,
        request: Request<pb::ListSanctionsRequest>,
    ) -> Result<Response<pb::SanctionList>, Status> {
        operator::required(&request)?;
        let sanctions = self
            .membership
            .store
            .sanctions_of(request.get_ref().user_id)
            .await
            .map_err(internal_status)?;
        Ok(Response::new(sanction_list(&sanctions)))
    }

    #[tracing::instrument(skip_all, fields(user_id = request.get_ref().user_id))]
    async fn grant_contributor(
        &self,
        request: Request<pb::GrantContributorRequest>,
    ) -> Result<Response<pb::ContributorRole>, Status> {
        let operator = operator::required(&request)?;
        let request = request.get_ref();
        let bio = request.bio.trim();
        if bio.chars().count() > MAX_BIO_CHARS {
            return Err(DomainError::with_max(ErrorCode::BioTooLong, MAX_BIO_CHARS).into());
        }
        self.set_contributor(request.user_id, Some(bio), &operator)
            .await
    }

    #[tracing::instrument(skip_all, fields(user_id = request.get_ref().user_id))]
    async fn revoke_contributor(
        &self,
        request: Request<pb::RevokeContributorRequest>,
    ) -> Result<Response<pb::ContributorRole>, Status> {
        let operator = operator::required(&request)?;
        self.set_contributor(request.get_ref().user_id, None, &operator)
            .await
    }

    #[tracing::instrument(skip_all)]
    async fn list_objections(
        &self,
        request: Request<pb::ListObjectionsRequest>,
    ) -> Result<Response<pb::SanctionList>, Status> {
        operator::required(&request)?;
        let sanctions = self
            .membership
            .store
            .objections(MAX_OBJECTIONS)
            .await
            .map_err(internal_status)?;
        Ok(Response::new(sanction_list(&sanctions)))
    }
}
