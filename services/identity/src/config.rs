//! The `services.identity` configuration section: where to listen, which database
//! (default `sqlite://{data_dir}/identity.db`), the operators' listener and who may use it,
//! the messenger provider, sessions, the membership rules and the bounds of the image door.

use std::net::SocketAddr;

use serde::Deserialize;
use sise_platform::config::ServiceConfig;
use sise_platform::image::ImageSettings;
use sise_platform::operator::{OperatorCredential, deserialize_credentials};

pub use crate::kakao::KakaoSettings;

#[derive(Clone, Debug, Deserialize)]
pub struct IdentityConfig {
    /// `listen` and `database_url`.
    #[serde(flatten)]
    pub service: ServiceConfig,
    /// The operators' API (`OperatorService`): its own address, never the port the gateway
    /// calls (docs/architecture.md, "Trust boundaries").
    pub operator_listen: SocketAddr,
    /// Who may call it: `{name, token_sha256}` each, or `name:sha256hex,…` in the
    /// environment (`sise_platform::operator`). Empty: every operator call is refused.
    #[serde(default, deserialize_with = "deserialize_credentials")]
    pub operators: Vec<OperatorCredential>,
    /// The messenger login provider (Kakao Login REST protocol).
    pub kakao: KakaoSettings,
    #[serde(default)]
    pub sessions: SessionSettings,
    #[serde(default)]
    pub membership: MembershipSettings,
    /// The image door photos go through: pixel budget, decodes at once, waiting line.
    #[serde(default)]
    pub images: ImageSettings,
}

/// Session lifetimes (OWASP ASVS 4.0.3 V3.3): docs/configuration.md, "Sessions".
#[derive(Clone, Debug, Deserialize)]
#[serde(default)]
pub struct SessionSettings {
    /// Absolute lifetime of a session from its login.
    pub lifetime_secs: u64,
    /// A session unused this long ends.
    pub idle_timeout_secs: u64,
    /// How often expired sessions, release tokens and old failures are purged, and
    /// members with no login for the dormancy period become dormant.
    pub sweep_interval_secs: u64,
    /// Secession needs a session at most this old (a fresh login, ASVS V3.7.1): a token
    /// taken from an old session cannot erase the account.
    pub reauthentication_secs: u64,
}

impl Default for SessionSettings {
    fn default() -> Self {
        Self {
            lifetime_secs: 30 * 86_400,
            idle_timeout_secs: 7 * 86_400,
            sweep_interval_secs: 300,
            reauthentication_secs: 300,
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(default)]
pub struct MembershipSettings {
    /// Whether a provider account without a member may sign up on the web; when not, the
    /// login answers `signup_in_app` (spec §1: sign-up is the app's).
    pub web_signup: bool,
    /// Days without a login after which a member is dormant.
    pub dormancy_days: u32,
    /// Failed logins an hour per provider account before `too_many_login_attempts`.
    pub failures_per_account_hour: u32,
    /// Failed logins an hour per client address (shared addresses: NAT, carriers).
    pub failures_per_address_hour: u32,
    /// Largest photo upload, in bytes.
    pub avatar_max_bytes: usize,
}

impl Default for MembershipSettings {
    fn default() -> Self {
        Self {
            web_signup: true,
            dormancy_days: 365,
            failures_per_account_hour: 100,
            failures_per_address_hour: 300,
            avatar_max_bytes: 5 * 1024 * 1024,
        }
    }
}
