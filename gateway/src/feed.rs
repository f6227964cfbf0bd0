//! The gateway's one bus subscription: quote ticks feed the quote hub
//! ([`crate::realtime`]), every subject that changes a cached answer moves the cache's
//! generations ([`crate::cache`]), read from the subject alone, and revoked sessions leave
//! the session cache ([`crate::auth`]).
//!
//! A step of the simulator publishes all its changes at once. The feed takes every event
//! already waiting (up to [`MAX_BATCH`]) and hands the quotes to the hub together, which
//! holds them all before it wakes any stream: a stream then writes its share of the step
//! in one write instead of one per security.
//!
//! What was published while the bus was away, or before a subscription was made again, is
//! gone (live messages are not stored): then open streams resync and every cached answer
//! and resolved session is dropped.

use std::time::Duration;

use futures::{FutureExt as _, StreamExt};
use prost::Message;
use sise_platform::bus::{Bus, Event};
use sise_proto::identity::v1::SessionsRevoked;
use sise_proto::market::v1 as pb;
use tokio_util::sync::CancellationToken;

use crate::auth::SessionCache;
use crate::cache::ResponseCache;
use crate::realtime::QuoteHub;

/// What the gateway follows: quote ticks, index and forex ticks, new articles, revoked
/// sessions.
const PATTERNS: [&str; 4] = [
    "quotes.>",
    "assets.>",
    "events.market.>",
    "events.identity.>",
];
const SESSIONS_REVOKED: &str = "events.identity.sessions_revoked";
/// Most events applied together (a simulator step over the whole listing is about 1,200).
const MAX_BATCH: usize = 4_096;
/// How often the feed looks at the bus's connection, to notice it coming back.
const BUS_CHECK: Duration = Duration::from_millis(250);

/// Follows the bus until cancelled, subscribing again (with backoff) when it ends.
pub async fn run(
    bus: Bus,
    hub: QuoteHub,
    cache: ResponseCache,
    sessions: SessionCache,
    cancel: CancellationToken,
) {
    let missed = || {
        hub.bump_resync();
        cache.generations().invalidate_all();
        sessions.clear();
    };
    let mut backoff = Duration::from_millis(200);
    let mut first = true;
    loop {
        match subscribe(&bus).await {
            Ok(mut events) => {
                backoff = Duration::from_millis(200);
                if !std::mem::take(&mut first) {
                    missed();
                }
                let mut connected = bus.is_ready();
                hub.set_live(connected);
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
                        }
                        event = events.next() => {
                            let Some(event) = event else { break };
                            apply(&cache, &sessions, event, &mut quotes);
                            // What else is already waiting joins this batch.
                            while quotes.len() < MAX_BATCH {
                                match events.next().now_or_never() {
                                    Some(Some(event)) => apply(&cache, &sessions, event, &mut quotes),
                                    _ => break,
                                }
                            }
                            hub.publish_all(std::mem::take(&mut quotes));
                        }
                        () = cancel.cancelled() => return,
                    }
                }
                hub.set_live(false);
                tracing::warn!("bus subscription ended; subscribing again");
            }
            Err(error) => {
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

async fn subscribe(
    bus: &Bus,
) -> anyhow::Result<futures::stream::SelectAll<futures::stream::BoxStream<'static, Event>>> {
    let mut streams = Vec::with_capacity(PATTERNS.len());
    for pattern in PATTERNS {
        streams.push(bus.subscribe(pattern).await?);
    }
    Ok(futures::stream::select_all(streams))
}

/// Moves the cache's generation of the event's subject; a quote tick joins `quotes`.
fn apply(
    cache: &ResponseCache,
    sessions: &SessionCache,
    event: Event,
    quotes: &mut Vec<pb::Quote>,
) {
    if event.subject == SESSIONS_REVOKED {
        match SessionsRevoked::decode(event.payload) {
            Ok(revoked) => sessions.revoke_member(revoked.user_id),
            // Unreadable: forget everything rather than trust a revoked session.
            Err(_) => sessions.clear(),
        }
        return;
    }
    cache.generations().invalidate(&event.subject);
    if event.subject.starts_with("quotes.") {
        match pb::QuoteTicked::decode(event.payload) {
            Ok(pb::QuoteTicked { quote: Some(quote) }) => quotes.push(quote),
            Ok(_) => {}
            Err(error) => tracing::debug!(%error, "malformed quote tick"),
        }
    }
}
