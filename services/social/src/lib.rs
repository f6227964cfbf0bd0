//! The social service: the community around securities: each stock's discussion board
//! (posts with pictures, comments and replies, likes and dislikes), reports and moderation
//! in the open; the service's notices and customer support; the curated topics (테마);
//! insight articles by contributors.
//!
//! Layout (layers point down):
//! - `domain`: value types parsed at the edge (security ids, categories, scopes, sorts,
//!   targets, reactions, report reasons, why content is hidden), what members write
//!   (`domain::text`), the stored rank (`domain::rank`), page cursors (`domain::cursor`),
//!   the community's rules.
//! - `store`: the social database, both backends: authors, posts and pictures, comments,
//!   reactions, reports and cases, notices, support messages, insight articles and
//!   contributors, contests, the sample boards; locks, counters and outbox events.
//! - `contests` (a contest's state, returns and ranking; market's prices for them),
//!   `securities` (boards market lists, cached), `members` (authors from identity at
//!   their first write), `pictures` (post pictures through the image door).
//! - `topics`: the curated topics (테마) of `data/topics.csv`, held in memory with their
//!   search index.
//! - `grpc`: `SocialService`, `NoticeService`, `SupportService`, `TopicService` and
//!   `InsightArticleService` (members and visitors, through the gateway);
//!   `ModerationService`, `EditorialService`, `SupportDeskService` and
//!   `InsightEditorialService` (operators, on their own listener).
//! - `recap`: the daily market recap the service writes itself after each close, from
//!   market's data of the day (`domain::recap` composes it).
//! - `grpc::site`: the maintenance switch, the promotion and the analytics report
//!   (`SiteService`, `SiteDeskService`); `analytics`: the consumer of the gateway's
//!   analytics events behind that report.
//! - `gauges`: the moderation queue measured for operators' metrics.
//! - `consumers`: identity's profile, secession, sanction and contributor events;
//!   `samples`: the sample boards of the embedded default; `insight_samples`: its sample
//!   contributors and articles.
//! - `config`, `startup`: configuration section and the `Application` that runs it.

pub mod analytics;
pub mod config;
pub mod consumers;
pub mod contests;
pub mod domain;
pub mod gauges;
pub mod grpc;
pub mod insight_samples;
pub mod members;
pub mod pictures;
pub mod recap;
pub mod samples;
pub mod securities;
pub mod startup;
pub mod store;
pub mod topics;

pub use config::SocialConfig;
pub use startup::Application;
