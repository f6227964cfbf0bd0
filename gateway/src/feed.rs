//! The gateway's one bus subscription: quote ticks feed the quote hub
//! ([`crate::realtime`]), every subject that changes a cached answer moves the cache's
//! generations ([`crate::cache`]), read from the subject alone, revoked sessions leave
//! the session cache ([`crate::auth`]), and the community's new, deleted and hidden posts
//! go to their open boards ([`crate::boards`]) and move their board's cache generation
//! (read from the payload, which names the board).
//!
//! A step of the simulator publishes all its changes at once. The feed takes every event
//! already waiting (up to [`MAX_BATCH`]) and hands the quotes to the hub together, which
//! holds them all before it wakes any stream: a stream then writes its share of the step
//! in one write instead of one per security.
//!
//! What was published while the bus was away, or before a subscription was made again, is
//! gone (live messages are not stored): then open streams and boards resync and every
//! cached answer and resolved session is dropped.
//!
//! The session cache is kept only while revocations can be heard: subscribed, the bus
//! connected, and the server not refusing the revocation subject (a refusal arrives a
//! moment after the subscription, through [`Bus::watch_refused`]). Otherwise it holds
//! nothing and every signed-in request asks identity ([`SessionCache::set_listening`]).

use std::time::Duration;

use futures::{FutureExt as _, StreamExt};
use prost::Message;
use sise_platform::bus::acl;
use sise_platform::bus::acl::subjects::{
    CONTENT_HIDDEN, POST_CREATED, POST_DELETED, SESSIONS_REVOKED,
};
use sise_platform::bus::{Bus, Event, Refusal};
use sise_proto::identity::v1::SessionsRevoked;
use sise_proto::market::v1 as pb;
use sise_proto::social::v1 as social;
use tokio_util::sync::CancellationToken;

use crate::auth::SessionCache;
use crate::boards::{BoardEvent, BoardEventKind, BoardHub};
use crate::cache::ResponseCache;
use crate::realtime::QuoteHub;

/// What the gateway follows: quote ticks, index and forex ticks, new articles, revoked
/// sessions, the boards' post events; exactly what its NATS user may subscribe to.
const PATTERNS: &[&str] = acl::GATEWAY.subscribes;
/// Most events applied together (a simulator step over the whole listing is about 1,200).
const MAX_BATCH: usize = 4_096;
/// How often the feed looks at the bus's connection, to notice it coming back.
const BUS_CHECK: Duration = Duration::from_millis(250);

/// Follows the bus until cancelled, subscribing again (with backoff) when it ends.
pub async fn run(
    bus: Bus,
    hub: QuoteHub,
    boards: BoardHub,
    cache: ResponseCache,
    sessions: SessionCache,
    cancel: CancellationToken,
) {
    let missed = || {
        hub.bump_resync();
        boards.bump_resync();
        cache.generations().invalidate_all();
        sessions.clear();
    };
    let mut backoff = Duration::from_millis(200);
    let mut first = true;
    let mut refused = bus.watch_refused();
    loop {
        match subscribe(&bus).await {
            Ok(mut events) => {
                backoff = Duration::from_millis(200);
                if !std::mem::take(&mut first) {
                    missed();
                }
                let mut connected = bus.is_ready();
                hub.set_live(connected);
                sessions.set_listening(|| hears_revocations(&bus));
                let mut check = tokio::time::interval(BUS_CHECK);
                let mut quotes = Vec::new();
                loop {
                    tokio::select! {
                        _ = check.tick() => {
                            // The client resubscribes by itself after a reconnect.
                            let now = bus.is_ready();
                            if now && !connected {
                                tracing::info!("bus back: open streams resync, the cache starts over");
                                missed();
                            }
                            connected = now;
                            hub.set_live(now);
                            sessions.set_listening(|| hears_revocations(&bus));
                        }
                        Ok(()) = refused.changed() => {
                            let now = refused.borrow_and_update().clone();
                            for refusal in &now {
                                if let Refusal::Subscribe(subject) = refusal
                                    && PATTERNS.contains(&subject.as_str())
                                {
                                    tracing::error!(
                                        %subject,
                                        "the bus refused the gateway's subscription: its events \
                                         do not arrive (deploy/nats/nats.conf, bus::acl::GATEWAY)"
                                    );
                                }
                            }
                            sessions.set_listening(|| hears_revocations(&bus));
                        }
                        event = events.next() => {
                            let Some(Some(event)) = event else { break };
                            let followers = Followers { cache: &cache, sessions: &sessions, boards: &boards };
                            followers.apply(event, &mut quotes);
                            // What else is already waiting joins this batch.
                            let mut ended = false;
                            while quotes.len() < MAX_BATCH {
                                match events.next().now_or_never() {
                                    Some(Some(Some(event))) => followers.apply(event, &mut quotes),
                                    Some(Some(None) | None) => {
                                        ended = true;
                                        break;
                                    }
                                    None => break,
                                }
                            }
                            hub.publish_all(std::mem::take(&mut quotes));
                            if ended {
                                break;
                            }
                        }
                        () = cancel.cancelled() => return,
                    }
                }
                hub.set_live(false);
                sessions.set_listening(|| false);
                tracing::warn!("bus subscription ended; subscribing again");
            }
            Err(error) => {
                sessions.set_listening(|| false);
                tracing::warn!(error = format!("{error:#}"), "cannot subscribe to the bus")
            }
        }
        tokio::select! {
            () = tokio::time::sleep(backoff) => {}
            () = cancel.cancelled() => return,
        }
        backoff = (backoff * 2).min(Duration::from_secs(5));
    }
}

/// Revocations arrive: the bus is connected and has not refused their subscription.
fn hears_revocations(bus: &Bus) -> bool {
    bus.is_ready()
        && !bus
            .refused()
            .contains(&Refusal::Subscribe(SESSIONS_REVOKED.to_owned()))
}

/// Every followed pattern in one stream, which yields `None` as soon as one subscription ends
/// (a merged stream alone would go on without it, and its events would be lost unseen): the
/// feed then subscribes again and resyncs what it serves.
async fn subscribe(
    bus: &Bus,
) -> anyhow::Result<futures::stream::SelectAll<futures::stream::BoxStream<'static, Option<Event>>>>
{
    let mut streams = Vec::with_capacity(PATTERNS.len());
    for pattern in PATTERNS {
        let ended = futures::stream::once(std::future::ready(None));
        streams.push(bus.subscribe(pattern).await?.map(Some).chain(ended).boxed());
    }
    Ok(futures::stream::select_all(streams))
}

/// What the events of the bus change (the quote hub aside: its ticks go in batches).
struct Followers<'a> {
    cache: &'a ResponseCache,
    sessions: &'a SessionCache,
    boards: &'a BoardHub,
}

impl Followers<'_> {
    /// Moves the cache's generation of the event's subject (or, for a post event, of its
    /// board); a quote tick joins `quotes`.
    fn apply(&self, event: Event, quotes: &mut Vec<pb::Quote>) {
        match event.subject.as_str() {
            SESSIONS_REVOKED => match SessionsRevoked::decode(event.payload) {
                Ok(revoked) => self.sessions.revoke_member(revoked.user_id),
                // Unreadable: forget everything rather than trust a revoked session.
                Err(_) => self.sessions.clear(),
            },
            POST_CREATED => match social::PostCreated::decode(event.payload) {
                Ok(post) => self.post(&post.security_id, BoardEventKind::Created, post.post_id),
                Err(error) => tracing::debug!(%error, "malformed post event"),
            },
            POST_DELETED => match social::PostDeleted::decode(event.payload) {
                Ok(post) => self.post(&post.security_id, BoardEventKind::Deleted, post.post_id),
                Err(error) => tracing::debug!(%error, "malformed post event"),
            },
            CONTENT_HIDDEN => match social::ContentHidden::decode(event.payload) {
                // A hidden comment: no board page shows it.
                Ok(hidden) => {
                    if let Some(post) = hidden
                        .target
                        .filter(|t| t.r#type == social::ContentType::Post as i32)
                    {
                        self.post(&hidden.security_id, BoardEventKind::Hidden, post.id);
                    }
                }
                Err(error) => tracing::debug!(%error, "malformed hiding event"),
            },
            subject => {
                self.cache.generations().invalidate(subject);
                if subject.starts_with("quotes.") {
                    match pb::QuoteTicked::decode(event.payload) {
                        Ok(pb::QuoteTicked { quote: Some(quote) }) => quotes.push(quote),
                        Ok(_) => {}
                        Err(error) => tracing::debug!(%error, "malformed quote tick"),
                    }
                }
            }
        }
    }

    /// A post of `security_id`'s board changed: its cached pages go, its open boards hear.
    fn post(&self, security_id: &str, kind: BoardEventKind, post_id: i64) {
        self.cache.generations().invalidate_board(security_id);
        self.boards
            .publish(security_id, BoardEvent { kind, post_id });
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use axum::extract::State;
    use sise_platform::bus::acl::subjects::{QUOTES, SESSIONS_REVOKED};
    use sise_platform::bus::{BusConfig, Refusal};
    use sise_platform::testing::PrivateNats;
    use tokio_util::sync::CancellationToken;

    use super::{Bus, run};
    use crate::auth::SessionCache;
    use crate::cache::ResponseCache;
    use crate::config::{QuotesConfig, SessionsConfig, Upstreams};
    use crate::realtime::QuoteHub;
    use crate::startup::{Readiness, readyz};
    use crate::upstream::Clients;

    /// Bound of each wait (a liveness bound: each ends as soon as its event comes).
    const WAIT: Duration = Duration::from_secs(15);

    /// A feed that falls so far behind the in-process bus that messages are lost for it
    /// (a flood of ticks while it cannot run) does not go on as if nothing happened: its
    /// subscription ends, it subscribes again and every open board is told to resync.
    #[tokio::test]
    async fn a_feed_that_lost_messages_resyncs_the_open_boards() {
        use futures::StreamExt as _;
        use prost::Message as _;
        use sise_platform::bus::Headers;
        use sise_proto::social::v1 as social;

        use crate::boards::{BoardEvent, BoardEventKind, BoardHub, BoardMessage};

        const BOARD: &str = "KOREA-A005930";
        let bus = Bus::connect(&BusConfig::default()).await.expect("bus");
        let boards = BoardHub::default();
        let mut watch = boards.watch(BOARD);
        let cancel = CancellationToken::new();
        let feed = tokio::spawn(run(
            bus.clone(),
            QuoteHub::new(&QuotesConfig {
                max_age_ms: 1000,
                stream_min_gap_ms: 0,
            }),
            boards.clone(),
            ResponseCache::for_tests(),
            SessionCache::new(&SessionsConfig {
                cache_ttl_ms: 600_000,
                cache_capacity: 10,
            }),
            cancel.clone(),
        ));
        // The feed follows the bus once a post of the board reaches the watcher.
        let post = social::PostCreated {
            post_id: 1,
            security_id: BOARD.to_owned(),
            ..Default::default()
        };
        let created = BoardMessage::Event(BoardEvent {
            kind: BoardEventKind::Created,
            post_id: 1,
        });
        let seen = tokio::time::timeout(WAIT, async {
            loop {
                bus.publish_durable(
                    sise_platform::bus::acl::subjects::POST_CREATED,
                    Headers::new(),
                    post.encode_to_vec().into(),
                )
                .await
                .expect("publish");
                if let Ok(Some(message)) =
                    tokio::time::timeout(Duration::from_millis(200), watch.next()).await
                {
                    return message;
                }
            }
        })
        .await
        .expect("the feed follows the bus");
        assert_eq!(seen, created);
        // Ticks, more than the bus holds for a subscriber, with no await between them: this
        // test's one thread cannot run the feed meanwhile.
        for _ in 0..70_000 {
            bus.publish(
                &format!("quotes.{BOARD}"),
                Headers::new(),
                bytes::Bytes::new(),
            )
            .expect("publish");
        }
        let resynced = tokio::time::timeout(WAIT, async {
            while let Some(message) = watch.next().await {
                if message == BoardMessage::Resync {
                    return true;
                }
            }
            false
        })
        .await
        .expect("the board hears of the gap");
        assert!(resynced);
        cancel.cancel();
        feed.await.expect("feed stops");
    }

    /// A gateway whose NATS user may not subscribe to the revocations (the deployment's
    /// configuration with that one grant taken away) cannot trust its session cache: once
    /// the refusal comes the cache is off and empty, and `/readyz` says why.
    #[tokio::test]
    async fn without_the_revocations_the_session_cache_keeps_nothing() {
        let revoked = format!(", \"sise.{SESSIONS_REVOKED}\"");
        let Some(server) = PrivateNats::start_deployed(|conf| conf.replacen(&revoked, "", 1)).await
        else {
            return;
        };
        let bus = Bus::connect(&BusConfig {
            url: server.url_of("gateway"),
            ..BusConfig::default()
        })
        .await
        .expect("gateway signs in");
        let sessions = SessionCache::new(&SessionsConfig {
            cache_ttl_ms: 600_000,
            cache_capacity: 10,
        });
        let cancel = CancellationToken::new();
        let feed = tokio::spawn(run(
            bus.clone(),
            QuoteHub::new(&QuotesConfig {
                max_age_ms: 1000,
                stream_min_gap_ms: 0,
            }),
            crate::boards::BoardHub::default(),
            ResponseCache::for_tests(),
            sessions.clone(),
            cancel.clone(),
        ));
        let wanted = Refusal::Subscribe(SESSIONS_REVOKED.to_owned());
        tokio::time::timeout(WAIT, bus.watch_refused().wait_for(|r| r.contains(&wanted)))
            .await
            .expect("the server refuses the revocations")
            .expect("bus alive");
        // From the refusal on, every decision of the feed is "not listening" (it reads the
        // bus under the cache's lock): wait for the feed to have made one.
        tokio::time::timeout(WAIT, async {
            while sessions.is_listening() {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
        .await
        .expect("the session cache turns off");
        assert!(
            !sessions.admits_now(),
            "an answer of identity would be kept without revocations"
        );
        assert!(
            !bus.refused()
                .contains(&Refusal::Subscribe(QUOTES.to_owned())),
            "quotes stay allowed"
        );

        let unused = "http://127.0.0.1:9".to_owned();
        let response = readyz(State(Readiness {
            drain: crate::server::Drain::default(),
            bus: bus.clone(),
            clients: Clients::connect(&Upstreams {
                identity: unused.clone(),
                social: unused.clone(),
                market: unused.clone(),
                favorites: unused,
            })
            .expect("clients"),
            sessions: sessions.clone(),
        }))
        .await;
        assert_eq!(response.status(), 200, "degraded, not out of rotation");
        let body = axum::body::to_bytes(response.into_body(), 1 << 16)
            .await
            .expect("body");
        let body: serde_json::Value = serde_json::from_slice(&body).expect("json");
        assert_eq!(body["status"], "degraded");
        assert_eq!(body["bus"], "up");
        assert_eq!(body["sessions"], "uncached");
        assert_eq!(
            body["refused"],
            serde_json::json!(["subscription to events.identity.sessions_revoked refused"])
        );
        cancel.cancel();
        feed.await.expect("feed ends");
    }
}
