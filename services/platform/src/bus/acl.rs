//! Who uses which subject: for each Sise process what it publishes, what it subscribes to
//! and what it consumes durably, in one list ([`PROCESSES`]) with the subjects themselves
//! ([`subjects`]). The code that publishes or subscribes takes its subjects from here, and
//! the NATS users of the deployment are rendered from the same list
//! ([`render_authorization`]): `deploy/nats/nats.conf` and its copy in
//! `deploy/k8s/nats.yaml` are checked against it by a unit test of this module, which
//! rewrites them with `SISE_BLESS=1 cargo test -p sise-platform --lib bus::acl`.
//!
//! What a NATS user needs besides its own subjects (`{namespace}.` in front of each):
//! - a JetStream publisher (`publish_durable`, the outbox): `$JS.API.>` (stream lookup and
//!   creation), and `_INBOX.>` to subscribe to, where the server's acknowledgement and the
//!   API's answers come;
//! - a durable consumer: the same, and `$JS.ACK.>` to publish (acknowledgements); its
//!   events come to an `_INBOX.…` subject, so the consumed subject needs no subscribe
//!   permission; what it dead-letters (`events.dead.…`) is one more durable publish;
//! - a live subscriber: the subscribe permission of each pattern, exactly as it subscribes
//!   (a narrower grant refuses the whole subscription);
//! - nothing else: a user with nothing to publish (or subscribe to) is denied everything.

use std::fmt::Write as _;

pub use super::consume::Consumer;
use super::consume::dead_letter_subject;

/// Every subject and pattern a Sise process uses on the bus (without the namespace).
pub mod subjects {
    /// Live quote ticks, `quotes.{security_id}` ([`quote`]); market's simulator publishes.
    pub const QUOTES: &str = "quotes.>";
    /// Live index and exchange-rate ticks, `assets.{asset_id}` ([`asset`]).
    pub const ASSETS: &str = "assets.>";
    /// A security page was viewed (market's popularity counts it).
    pub const SECURITY_VIEWED: &str = "events.market.security_viewed";
    pub const NEWS_PUBLISHED: &str = "events.market.news_published";
    pub const DISCLOSURE_PUBLISHED: &str = "events.market.disclosure_published";
    /// Every session of a member ended (logout, secession, sanction): gateways drop the
    /// member's cached sessions.
    pub const SESSIONS_REVOKED: &str = "events.identity.sessions_revoked";
    pub const USER_SECEDED: &str = "events.identity.user_seceded";
    pub const USER_SANCTIONED: &str = "events.identity.user_sanctioned";
    /// A member's nickname or photo changed (social keeps its authors' names from it).
    pub const PROFILE_CHANGED: &str = "events.identity.profile_changed";
    /// A member became a contributor of insight articles, or stopped being one.
    pub const CONTRIBUTOR_CHANGED: &str = "events.identity.contributor_changed";
    pub const STOCK_ADDED: &str = "events.favorites.stock_added";
    pub const STOCK_REMOVED: &str = "events.favorites.stock_removed";
    /// The community (`sise.social.v1` events): market counts posts per stock, gateways
    /// push new, deleted and hidden posts to open boards and move their cached pages.
    pub const POST_CREATED: &str = "events.social.post_created";
    pub const POST_DELETED: &str = "events.social.post_deleted";
    pub const COMMENT_CREATED: &str = "events.social.comment_created";
    pub const REACTION_CHANGED: &str = "events.social.reaction_changed";
    pub const CONTENT_HIDDEN: &str = "events.social.content_hidden";
    /// A batch of analytics events the gateway accepted (`POST /api/analytics/events`);
    /// social keeps them for the operators' daily report.
    pub const ANALYTICS_RECORDED: &str = "events.analytics.recorded";

    /// The live subject of one security's quote (under [`QUOTES`]).
    pub fn quote(security_id: impl std::fmt::Display) -> String {
        format!("quotes.{security_id}")
    }

    /// The live subject of one asset's tick (under [`ASSETS`]).
    pub fn asset(asset_id: impl std::fmt::Display) -> String {
        format!("assets.{asset_id}")
    }
}

use subjects::*;

/// Market's count of page views per security and day.
pub const POPULARITY: Consumer = Consumer {
    name: "market-popularity",
    pattern: SECURITY_VIEWED,
};

/// Favorites' erasure of a seceded member's groups and stocks.
pub const FAVORITES_SECESSION: Consumer = Consumer {
    name: "favorites-secession",
    pattern: USER_SECEDED,
};

/// Market's count of posts per stock and hour (popular by posts, 토론 급증).
pub const MARKET_POSTS: Consumer = Consumer {
    name: "market-posts",
    pattern: POST_CREATED,
};

/// Social's copy of its authors' names and photos.
pub const SOCIAL_PROFILES: Consumer = Consumer {
    name: "social-profiles",
    pattern: PROFILE_CHANGED,
};

/// Social shows a seceded member's content under 탈퇴한 회원.
pub const SOCIAL_SECESSION: Consumer = Consumer {
    name: "social-secession",
    pattern: USER_SECEDED,
};

/// Social hides a terminated member's content.
pub const SOCIAL_SANCTIONS: Consumer = Consumer {
    name: "social-sanctions",
    pattern: USER_SANCTIONED,
};

/// Social's list of who may publish insight articles.
pub const SOCIAL_CONTRIBUTORS: Consumer = Consumer {
    name: "social-contributors",
    pattern: CONTRIBUTOR_CHANGED,
};

/// Social's store of analytics events (the operators' daily report).
pub const SOCIAL_ANALYTICS: Consumer = Consumer {
    name: "social-analytics",
    pattern: ANALYTICS_RECORDED,
};

/// What one process does on the bus; its NATS user (named like the process) may do
/// exactly that.
#[derive(Clone, Copy, Debug)]
pub struct Permissions {
    /// The process and its NATS user.
    pub user: &'static str,
    /// Live subjects (patterns) it publishes with `Bus::publish`.
    pub publishes: &'static [&'static str],
    /// Durable subjects (patterns) it publishes with `Bus::publish_durable` or its outbox.
    pub publishes_durable: &'static [&'static str],
    /// Patterns it subscribes to with `Bus::subscribe`, exactly as it subscribes.
    pub subscribes: &'static [&'static str],
    /// Its durable consumers (`bus::consume`).
    pub consumes: &'static [Consumer],
}

/// Quotes and asset ticks (the leader's simulator), its articles and page views; a
/// follower replica subscribes to the leader's ticks; the popularity and post consumers.
pub const MARKET: Permissions = Permissions {
    user: "market",
    publishes: &[QUOTES, ASSETS],
    publishes_durable: &[SECURITY_VIEWED, NEWS_PUBLISHED, DISCLOSURE_PUBLISHED],
    subscribes: &[QUOTES, ASSETS],
    consumes: &[POPULARITY, MARKET_POSTS],
};

/// Follows ticks (live quotes, the cache), articles (the cache), revoked sessions (the
/// session cache) and the boards' new, deleted and hidden posts (live boards, the cache);
/// publishes the analytics events it accepts.
pub const GATEWAY: Permissions = Permissions {
    user: "gateway",
    publishes: &[],
    publishes_durable: &[ANALYTICS_RECORDED],
    subscribes: &[
        QUOTES,
        ASSETS,
        NEWS_PUBLISHED,
        DISCLOSURE_PUBLISHED,
        SESSIONS_REVOKED,
        POST_CREATED,
        POST_DELETED,
        CONTENT_HIDDEN,
    ],
    consumes: &[],
};

/// Its outbox: revoked sessions, secessions, sanctions, profile changes, contributors.
pub const IDENTITY: Permissions = Permissions {
    user: "identity",
    publishes: &[],
    publishes_durable: &[
        SESSIONS_REVOKED,
        USER_SECEDED,
        USER_SANCTIONED,
        PROFILE_CHANGED,
        CONTRIBUTOR_CHANGED,
    ],
    subscribes: &[],
    consumes: &[],
};

/// Its outbox: the community's events; its authors' profiles, secessions and sanctions
/// from identity; the gateway's analytics events.
pub const SOCIAL: Permissions = Permissions {
    user: "social",
    publishes: &[],
    publishes_durable: &[
        POST_CREATED,
        POST_DELETED,
        COMMENT_CREATED,
        REACTION_CHANGED,
        CONTENT_HIDDEN,
    ],
    subscribes: &[],
    consumes: &[
        SOCIAL_PROFILES,
        SOCIAL_SECESSION,
        SOCIAL_SANCTIONS,
        SOCIAL_CONTRIBUTORS,
        SOCIAL_ANALYTICS,
    ],
};

/// Its outbox: stocks added to and removed from favourite lists; the secession consumer.
pub const FAVORITES: Permissions = Permissions {
    user: "favorites",
    publishes: &[],
    publishes_durable: &[STOCK_ADDED, STOCK_REMOVED],
    subscribes: &[],
    consumes: &[FAVORITES_SECESSION],
};

/// Every process of the distributed deployment, one NATS user each.
pub static PROCESSES: [Permissions; 5] = [MARKET, GATEWAY, IDENTITY, SOCIAL, FAVORITES];

/// JetStream's API: stream and consumer lookup and creation, pull requests.
const JS_API: &str = "$JS.API.>";
/// Acknowledgements of durable deliveries.
const JS_ACK: &str = "$JS.ACK.>";
/// Replies: JetStream's publish acknowledgements, API answers, pulled deliveries.
const INBOX: &str = "_INBOX.>";

impl Permissions {
    /// Whether it uses JetStream at all (and so needs its API and replies).
    pub fn uses_jetstream(&self) -> bool {
        !self.publishes_durable.is_empty() || !self.consumes.is_empty()
    }

    /// The durable subjects it dead-letters to (one per consumer).
    pub fn dead_letters(&self) -> Vec<String> {
        self.consumes
            .iter()
            .map(|consumer| dead_letter_subject(consumer.pattern))
            .collect()
    }

    /// What its NATS user may publish to, on the wire (`{namespace}.…`, JetStream's own
    /// subjects as they are).
    pub fn publish_allow(&self, namespace: &str) -> Vec<String> {
        let own = self.publishes.iter().chain(self.publishes_durable);
        let mut allow: Vec<String> = own.map(|s| format!("{namespace}.{s}")).collect();
        allow.extend(
            self.dead_letters()
                .iter()
                .map(|s| format!("{namespace}.{s}")),
        );
        if self.uses_jetstream() {
            allow.push(JS_API.to_owned());
        }
        if !self.consumes.is_empty() {
            allow.push(JS_ACK.to_owned());
        }
        allow
    }

    /// What its NATS user may subscribe to, on the wire.
    pub fn subscribe_allow(&self, namespace: &str) -> Vec<String> {
        let mut allow: Vec<String> = self
            .subscribes
            .iter()
            .map(|s| format!("{namespace}.{s}"))
            .collect();
        if self.uses_jetstream() {
            allow.push(INBOX.to_owned());
        }
        allow
    }
}

/// The process named `user`, if it is one.
pub fn process(user: &str) -> Option<&'static Permissions> {
    PROCESSES.iter().find(|p| p.user == user)
}

/// The `authorization { users: [...] }` block of the NATS configuration for `namespace`:
/// one user per process with a password from the server's environment
/// (`$NATS_<USER>_PASSWORD`) and exactly the permissions its list needs, each list
/// described in a comment above it.
pub fn render_authorization(namespace: &str) -> String {
    let list = |items: &[String]| {
        if items.is_empty() {
            "{ deny: [\">\"] }".to_owned()
        } else {
            let quoted: Vec<String> = items.iter().map(|s| format!("\"{s}\"")).collect();
            format!("[{}]", quoted.join(", "))
        }
    };
    let names = |items: &[&str]| items.join(", ");
    let mut out = String::from("authorization {\n  users: [\n");
    for process in &PROCESSES {
        let mut uses = Vec::new();
        if !process.publishes.is_empty() {
            uses.push(format!("publishes {}", names(process.publishes)));
        }
        if !process.publishes_durable.is_empty() {
            uses.push(format!(
                "publishes durably {}",
                names(process.publishes_durable)
            ));
        }
        if !process.subscribes.is_empty() {
            uses.push(format!("subscribes to {}", names(process.subscribes)));
        }
        for consumer in process.consumes {
            uses.push(format!(
                "consumes {} as {} (failures to {})",
                consumer.pattern,
                consumer.name,
                dead_letter_subject(consumer.pattern)
            ));
        }
        if uses.is_empty() {
            uses.push("uses no subject".to_owned());
        }
        let _ = writeln!(out, "    # {}:", process.user);
        for line in uses {
            let _ = writeln!(out, "    #   {line}");
        }
        let _ = write!(
            out,
            "    {{\n      user: {user}\n      password: $NATS_{upper}_PASSWORD\n      \
             permissions: {{\n        publish: {publish}\n        subscribe: {subscribe}\n      \
             }}\n    }}\n",
            user = process.user,
            upper = process.user.to_uppercase(),
            publish = list(&process.publish_allow(namespace)),
            subscribe = list(&process.subscribe_allow(namespace)),
        );
    }
    out.push_str("  ]\n}\n");
    out
}

/// The line after which `deploy/nats/nats.conf` is rendered ([`render_authorization`]).
pub const GENERATED_MARKER: &str = "# --- Generated from sise_platform::bus::acl \
     (SISE_BLESS=1 cargo test -p sise-platform --lib bus::acl rewrites it): do not edit below. ---";

/// The shipped namespace.
pub const SHIPPED_NAMESPACE: &str = "sise";

/// `conf` (a NATS configuration with a hand-written head) with everything after
/// [`GENERATED_MARKER`] rendered for `namespace`; `None` without the marker.
pub fn render_conf(conf: &str, namespace: &str) -> Option<String> {
    let (head, _) = conf.split_once(GENERATED_MARKER)?;
    Some(format!(
        "{head}{GENERATED_MARKER}\n{}",
        render_authorization(namespace)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bus::subject_matches;

    fn repo_file(path: &str) -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(path)
    }

    /// The `nats.conf: |` block of the ConfigMap in `yaml`: (its lines' range, the text).
    fn config_map_block(yaml: &str) -> Option<(usize, usize, String)> {
        let lines: Vec<&str> = yaml.split_inclusive('\n').collect();
        let start = lines
            .iter()
            .position(|l| l.trim_end() == "  nats.conf: |")?
            + 1;
        let end = lines[start..]
            .iter()
            .position(|l| !l.trim().is_empty() && !l.starts_with("    "))
            .map_or(lines.len(), |i| start + i);
        // Trailing blank lines belong to YAML, not to the block's text (clip chomping).
        let mut last = end;
        while last > start && lines[last - 1].trim().is_empty() {
            last -= 1;
        }
        let text = lines[start..last]
            .iter()
            .map(|l| l.strip_prefix("    ").unwrap_or(l.trim_start_matches(' ')))
            .collect();
        Some((start, last, text))
    }

    fn indent(text: &str) -> String {
        text.split_inclusive('\n')
            .map(|l| {
                if l.trim().is_empty() {
                    "\n".to_owned()
                } else {
                    format!("    {l}")
                }
            })
            .collect()
    }

    /// `deploy/nats/nats.conf` and the ConfigMap of `deploy/k8s/nats.yaml` hold what the list
    /// renders; `SISE_BLESS=1` rewrites them.
    #[test]
    fn shipped_nats_configuration_is_rendered_from_the_list() {
        let bless = std::env::var("SISE_BLESS").as_deref() == Ok("1");
        let conf_path = repo_file("deploy/nats/nats.conf");
        let conf = std::fs::read_to_string(&conf_path).expect("deploy/nats/nats.conf");
        let expected = render_conf(&conf, SHIPPED_NAMESPACE)
            .unwrap_or_else(|| panic!("deploy/nats/nats.conf has no line {GENERATED_MARKER:?}"));
        let yaml_path = repo_file("deploy/k8s/nats.yaml");
        let yaml = std::fs::read_to_string(&yaml_path).expect("deploy/k8s/nats.yaml");
        let (start, end, block) =
            config_map_block(&yaml).expect("deploy/k8s/nats.yaml has a `  nats.conf: |` block");
        if bless {
            std::fs::write(&conf_path, &expected).expect("write nats.conf");
            let lines: Vec<&str> = yaml.split_inclusive('\n').collect();
            let rewritten = format!(
                "{}{}{}",
                lines[..start].concat(),
                indent(&expected),
                lines[end..].concat()
            );
            std::fs::write(&yaml_path, rewritten).expect("write nats.yaml");
            return;
        }
        let how = "run `SISE_BLESS=1 cargo test -p sise-platform --lib bus::acl` to rewrite \
                   deploy/nats/nats.conf and deploy/k8s/nats.yaml from the list";
        assert!(
            conf == expected,
            "deploy/nats/nats.conf differs from what services/platform/src/bus/acl.rs renders; \
             {how}. Expected:\n{expected}"
        );
        assert!(
            block == expected,
            "the ConfigMap in deploy/k8s/nats.yaml differs from deploy/nats/nats.conf as \
             rendered; {how}. Expected block text:\n{expected}\nFound:\n{block}"
        );
    }

    #[test]
    fn the_gateway_may_hear_revocations_and_publish_only_analytics() {
        let gateway = process("gateway").expect("gateway");
        assert_eq!(
            gateway.publish_allow("sise"),
            ["sise.events.analytics.recorded", "$JS.API.>"]
        );
        assert!(
            gateway
                .subscribe_allow("sise")
                .contains(&"sise.events.identity.sessions_revoked".to_owned())
        );
        let rendered = render_authorization("sise");
        assert!(rendered.contains("user: gateway\n      password: $NATS_GATEWAY_PASSWORD"));
    }

    #[test]
    fn jetstream_needs_come_with_jetstream_use_only() {
        let market = MARKET.publish_allow("ns");
        for needed in [
            "ns.quotes.>",
            "ns.events.market.security_viewed",
            "ns.events.dead.market.security_viewed",
            "$JS.API.>",
            "$JS.ACK.>",
        ] {
            assert!(market.contains(&needed.to_owned()), "market needs {needed}");
        }
        assert!(
            MARKET
                .subscribe_allow("ns")
                .contains(&"_INBOX.>".to_owned())
        );
        assert!(!IDENTITY.publish_allow("ns").contains(&JS_ACK.to_owned()));
        assert!(IDENTITY.subscribe_allow("ns") == ["_INBOX.>"]);
        assert!(SOCIAL.publish_allow("ns").contains(&JS_ACK.to_owned()));
        // The gateway publishes durably but consumes nothing: no acknowledgements.
        assert!(!GATEWAY.publish_allow("ns").contains(&JS_ACK.to_owned()));
    }

    #[test]
    fn subjects_fall_under_their_patterns_and_their_rules() {
        assert!(subject_matches(QUOTES, &quote("KOREA-A005930")));
        assert!(subject_matches(ASSETS, &asset("INDEX-KOSPI")));
        for process in &PROCESSES {
            for pattern in process.publishes.iter().chain(process.subscribes) {
                crate::bus::subject::validate_pattern(pattern).expect("pattern");
            }
            for subject in process.publishes_durable {
                crate::bus::subject::validate_durable_subject(subject).expect("durable");
            }
            for consumer in process.consumes {
                crate::bus::subject::validate_consumer_name(consumer.name).expect("name");
                // A process consumes what some process publishes durably.
                assert!(
                    PROCESSES
                        .iter()
                        .any(|p| p.publishes_durable.contains(&consumer.pattern)),
                    "nobody publishes {}",
                    consumer.pattern
                );
            }
        }
    }
}
