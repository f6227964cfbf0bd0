//! The membership rules over the store and the messenger provider: login outcomes (spec
//! §4, §8), sign-up, dormancy release, profile edits, photos, secession, sanctions.
//! Every call returns a catalogue error a client can act on, or an internal failure.

use secrecy::ExposeSecret as _;
use sise_platform::error::{DomainError, ErrorCode};
use sise_platform::image::ImageDoor;
use sise_proto::identity::v1 as pb;

use crate::avatar;
use crate::config::{IdentityConfig, MembershipSettings};
use crate::kakao::{KakaoClient, KakaoError};
use crate::profile;
use crate::store::{
    Agreements, NewAvatar, ProfileChange, SessionPolicy, SignUpRefusal, Store, User,
};

/// A failure: a catalogue error for the client (with the seconds to wait, for a
/// throttled login), or ours.
#[derive(Debug)]
pub enum Failure {
    Domain(DomainError),
    Throttled { retry_after_secs: u64 },
    Internal(anyhow::Error),
}

impl From<DomainError> for Failure {
    fn from(error: DomainError) -> Self {
        Self::Domain(error)
    }
}

impl From<ErrorCode> for Failure {
    fn from(code: ErrorCode) -> Self {
        Self::Domain(code.into())
    }
}

impl From<anyhow::Error> for Failure {
    fn from(error: anyhow::Error) -> Self {
        Self::Internal(error)
    }
}

pub type Outcome<T> = Result<T, Failure>;

#[derive(Clone)]
pub struct Membership {
    pub store: Store,
    kakao: KakaoClient,
    pub policy: SessionPolicy,
    pub settings: MembershipSettings,
    /// Every photo is decoded through it: a few at a time, within a pixel budget.
    pub images: ImageDoor,
    /// How old a session may be to secede (`sessions.reauthentication_secs`), in ms.
    reauthentication_ms: i64,
}

/// What a login with a valid provider token led to.
pub enum Login {
    Session(pb::Session),
    Dormant { release_token: String },
    Suspended { until_ms: i64 },
}

impl Membership {
    pub fn new(store: Store, config: &IdentityConfig) -> anyhow::Result<Self> {
        let ms = |secs: u64| i64::try_from(secs.saturating_mul(1000)).unwrap_or(i64::MAX);
        Ok(Self {
            store,
            kakao: KakaoClient::new(&config.kakao)?,
            policy: SessionPolicy {
                lifetime_ms: ms(config.sessions.lifetime_secs),
                idle_ms: ms(config.sessions.idle_timeout_secs),
            },
            settings: config.membership.clone(),
            images: ImageDoor::new(config.images.clone()),
            reauthentication_ms: ms(config.sessions.reauthentication_secs),
        })
    }

    fn dormancy_ms(&self) -> i64 {
        i64::from(self.settings.dormancy_days) * 86_400_000
    }

    /// The provider account behind a messenger token, throttled per client address.
    async fn provider_account(&self, token: &str, address: &str, now: i64) -> Outcome<String> {
        if token.trim().is_empty() {
            return Err(ErrorCode::MissingKakaoToken.into());
        }
        let address_key = format!("address:{address}");
        self.check_throttle(&address_key, self.settings.failures_per_address_hour, now)
            .await?;
        match self.kakao.token_info(token.trim()).await {
            Ok(info) => Ok(info.id.to_string()),
            Err(KakaoError::InvalidToken | KakaoError::NotLinked) => {
                self.store.record_failure(&address_key, now).await?;
                Err(ErrorCode::InvalidKakaoToken.into())
            }
            Err(KakaoError::Restricted) => Err(ErrorCode::KakaoAccountRestricted.into()),
            Err(error) => {
                tracing::warn!(%error, "messenger provider refused the token check");
                Err(ErrorCode::LoginProviderUnavailable.into())
            }
        }
    }

    async fn check_throttle(&self, key: &str, limit: u32, now: i64) -> Outcome<()> {
        match self.store.throttled(key, limit, now).await? {
            Some(retry_after_secs) => Err(Failure::Throttled { retry_after_secs }),
            None => Ok(()),
        }
    }

    pub async fn login(&self, token: &str, address: &str, now: i64) -> Outcome<Login> {
        let kakao_id = self.provider_account(token, address, now).await?;
        let account_key = format!("account:{kakao_id}");
        self.check_throttle(&account_key, self.settings.failures_per_account_hour, now)
            .await?;
        let Some(user) = self.store.user_by_kakao(&kakao_id).await? else {
            return Err(self.no_member(&kakao_id).await?.into());
        };
        if let Some(refused) = self
            .refused_login(&user, &kakao_id, &account_key, now)
            .await?
        {
            return Ok(refused);
        }
        let Some(session) = self.store.log_in(user.id, now, self.policy).await? else {
            // A sanction, the member's secession or the dormancy sweep committed since the
            // member was read: the same answer as if it had come before.
            let Some(changed) = self.store.user(user.id).await? else {
                return Err(self.no_member(&kakao_id).await?.into());
            };
            return match self
                .refused_login(&changed, &kakao_id, &account_key, now)
                .await?
            {
                Some(refused) => Ok(refused),
                None => Err(anyhow::anyhow!("member {} changed during its login", user.id).into()),
            };
        };
        Ok(Login::Session(pb::Session {
            access_token: session.token.expose_secret().to_owned(),
            expires_in_secs: (session.expires_at_ms - now) / 1000,
            user: Some(user.to_proto()),
        }))
    }

    /// What a login of `user` gets instead of a session, if anything: terminated, an error;
    /// suspended, the suspension; dormant (or due), a release token.
    async fn refused_login(
        &self,
        user: &User,
        kakao_id: &str,
        account_key: &str,
        now: i64,
    ) -> Outcome<Option<Login>> {
        if user.seceded_at_ms.is_some() {
            // Its provider link is gone: as an account with no member.
            return Err(self.no_member(kakao_id).await?.into());
        }
        if user.terminated_at_ms.is_some() {
            self.store.record_failure(account_key, now).await?;
            return Err(ErrorCode::UserTerminated.into());
        }
        if let Some(until_ms) = user.suspended_until_ms.filter(|until| *until > now) {
            self.store.record_failure(account_key, now).await?;
            return Ok(Some(Login::Suspended { until_ms }));
        }
        if user.dormant_since_ms.is_some() || user.last_login_at_ms < now - self.dormancy_ms() {
            let token = self.store.dormant_login(user.id, now).await?;
            return Ok(Some(Login::Dormant {
                release_token: token.expose_secret().to_owned(),
            }));
        }
        Ok(None)
    }

    /// A provider account with no member: sign up on the web, or in the app.
    async fn no_member(&self, kakao_id: &str) -> anyhow::Result<ErrorCode> {
        Ok(
            if !self.settings.web_signup || self.store.is_barred(kakao_id).await? {
                ErrorCode::SignupInApp
            } else {
                ErrorCode::UserNotFound
            },
        )
    }

    pub async fn sign_up(
        &self,
        token: &str,
        agreements: Agreements,
        address: &str,
        now: i64,
    ) -> Outcome<User> {
        if !agreements.all() {
            return Err(ErrorCode::AgreementsRequired.into());
        }
        let kakao_id = self.provider_account(token, address, now).await?;
        if !self.settings.web_signup {
            return Err(ErrorCode::SignupInApp.into());
        }
        match self.store.sign_up(&kakao_id, agreements, now).await? {
            Ok(user) => Ok(user),
            Err(SignUpRefusal::Exists) => Err(ErrorCode::UserExists.into()),
            Err(SignUpRefusal::Barred) => Err(ErrorCode::SignupInApp.into()),
        }
    }

    pub async fn release_dormancy(&self, token: &str, now: i64) -> Outcome<()> {
        match self.store.release_dormancy(token.trim(), now).await? {
            Some(_) => Ok(()),
            None => Err(ErrorCode::InvalidReleaseToken.into()),
        }
    }

    /// The member as the member sees it; a member who left or was terminated is gone.
    pub async fn me(&self, user_id: i64) -> Outcome<User> {
        match self.store.user(user_id).await? {
            Some(user) if user.seceded_at_ms.is_none() && user.terminated_at_ms.is_none() => {
                Ok(user)
            }
            _ => Err(ErrorCode::MemberNotFound.into()),
        }
    }

    pub async fn update_profile(
        &self,
        user_id: i64,
        request: &pb::UpdateProfileRequest,
        now: i64,
    ) -> Outcome<User> {
        let nickname = profile::nickname(&request.name)?;
        let change = ProfileChange {
            name: nickname.name,
            nickname_key: nickname.key,
            birth_year: profile::birth_year(request.birth_year, profile::this_year(now))?,
            gender: profile::gender(request.gender)?,
            email: profile::email(&request.email)?,
        };
        self.me(user_id).await?;
        match self.store.update_profile(user_id, &change, now).await? {
            Some(user) => Ok(user),
            None => Err(ErrorCode::NicknameTaken.into()),
        }
    }

    pub async fn update_setting(&self, user_id: i64, open: bool, now: i64) -> Outcome<User> {
        self.me(user_id).await?;
        self.store
            .update_setting(user_id, open, now)
            .await?
            .ok_or_else(|| ErrorCode::MemberNotFound.into())
    }

    pub async fn set_avatar(&self, user_id: i64, image: Vec<u8>, now: i64) -> Outcome<User> {
        self.me(user_id).await?;
        let renditions =
            avatar::process(&self.images, image, self.settings.avatar_max_bytes).await?;
        let renditions = renditions
            .into_iter()
            .map(|r| NewAvatar {
                size: r.size,
                content_type: avatar::CONTENT_TYPE,
                image: r.jpeg,
            })
            .collect();
        self.store
            .set_avatar(user_id, renditions, now)
            .await?
            .ok_or_else(|| ErrorCode::MemberNotFound.into())
    }

    /// The member leaves, from a session of theirs (`token`) younger than
    /// `reauthentication_secs`; an older one is `reauthentication_required`.
    pub async fn secede(&self, user_id: i64, token: &str, now: i64) -> Outcome<()> {
        match self.store.session_login(token, now, self.policy).await? {
            Some((owner, login_at)) if owner == user_id => {
                if now.saturating_sub(login_at) > self.reauthentication_ms {
                    return Err(ErrorCode::ReauthenticationRequired.into());
                }
            }
            // Not the caller's session, or none at all.
            _ => return Err(ErrorCode::InvalidToken.into()),
        }
        if self.store.secede(user_id, now).await? {
            Ok(())
        } else {
            Err(ErrorCode::MemberNotFound.into())
        }
    }

    /// One round of upkeep: expired sessions, release tokens and failures purged; members
    /// past the dormancy period made dormant.
    pub async fn sweep(&self, now: i64) -> anyhow::Result<()> {
        let sessions = self.store.purge_sessions(now, self.policy).await?;
        let failures = self.store.purge_failures(now).await?;
        let dormant = self
            .store
            .sweep_dormant(now - self.dormancy_ms(), now)
            .await?;
        if sessions + failures + dormant > 0 {
            tracing::info!(sessions, failures, dormant, "identity sweep");
        }
        Ok(())
    }
}

/// `YYYY-MM-DD` in Korea of an instant (the last day of a suspension as members read it).
pub fn seoul_date(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .unwrap_or_default()
        .with_timezone(&sise_platform::time::KST)
        .format("%Y-%m-%d")
        .to_string()
}
