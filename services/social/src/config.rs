//! The `services.social` configuration section: where to listen (and the operators'
//! listener, and who may use it), which database (default `sqlite://{data_dir}/social.db`),
//! where identity and market are, the community's rules, the image door's bounds,
//! whether the sample boards are seeded, the daily market recap and the analytics events'
//! retention.

use std::net::SocketAddr;

use serde::Deserialize;
use sise_platform::config::ServiceConfig;
use sise_platform::image::ImageSettings;
use sise_platform::operator::{OperatorCredential, deserialize_credentials};

pub use crate::analytics::AnalyticsSettings;
pub use crate::domain::CommunitySettings;
pub use crate::recap::RecapSettings;

#[derive(Clone, Debug, Deserialize)]
pub struct SocialConfig {
    /// `listen`, `database_url`, `member_key`.
    #[serde(flatten)]
    pub service: ServiceConfig,
    /// The operators' API (`ModerationService`): its own address, never the port the
    /// gateway calls (docs/architecture.md, "Trust boundaries").
    pub operator_listen: SocketAddr,
    /// Who may call it: `{name, token_sha256}` each, or `name:sha256hex,…` in the
    /// environment (`sise_platform::operator`). Empty: every operator call is refused.
    #[serde(default, deserialize_with = "deserialize_credentials")]
    pub operators: Vec<OperatorCredential>,
    /// Identity's members' API: authors' names and photos at their first write (the
    /// one-process server sets it to identity's own).
    pub identity_url: String,
    /// Market's gRPC address: security ids are checked there, and the sample boards are
    /// the largest stocks' (the one-process server sets it to market's own).
    pub market_url: String,
    #[serde(default)]
    pub community: CommunitySettings,
    /// The image door post pictures go through.
    #[serde(default)]
    pub images: ImageSettings,
    /// Seed the largest stocks' boards with sample members' posts, and a running sample
    /// contest, once (the embedded default; never in production).
    #[serde(default)]
    pub sample_posts: bool,
    /// The daily market recap the service writes itself (`crate::recap`).
    #[serde(default)]
    pub recap: RecapSettings,
    /// How long the analytics events behind the operators' report are kept.
    #[serde(default)]
    pub analytics: AnalyticsSettings,
}
