//! Live quotes for browsers, fed from the bus.
//!
//! One bus subscription (`quotes.>`) per gateway process feeds a `watch` channel per
//! watched security holding the latest quote, already serialised to JSON once. A `watch`
//! keeps only the newest value, so a busy symbol cannot build a backlog; each client stream
//! additionally flushes at most once per security per interval (coalescing).
//!
//! The hub holds an entry only while someone watches it: a [`Watch`] removes its security's
//! entry when it is the last one to go. Callers watch only ids the market knows (the quote
//! stream checks them first), so the hub is bounded by the securities open in streams.
//!
//! Ticks published while the bus was away are lost for good (live messages are not
//! stored), so when the bus comes back, or the subscription is made again, the hub bumps
//! its resync count ([`QuoteHub::resyncs`]) and every open stream sends a fresh snapshot.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::{Stream, StreamExt};
use prost::Message;
use sise_platform::bus::Bus;
use sise_proto::market::v1 as pb;
use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

use crate::models::Quote;

type Latest = Option<Arc<str>>;
type Channels = Arc<Mutex<HashMap<String, watch::Sender<Latest>>>>;

#[derive(Clone)]
pub struct QuoteHub {
    channels: Channels,
    interval: Duration,
    resync: Arc<watch::Sender<u64>>,
}

/// How often the hub looks at the bus's connection, to notice it coming back.
const BUS_CHECK: Duration = Duration::from_millis(250);

/// One watcher of one security; dropping the last watcher of a security removes its entry.
pub struct Watch {
    id: String,
    rx: watch::Receiver<Latest>,
    channels: Channels,
}

impl Drop for Watch {
    fn drop(&mut self) {
        let Ok(mut channels) = self.channels.lock() else {
            return;
        };
        // `self.rx` is still alive here, so the last watcher sees a count of one. The lock
        // orders this against `watch`, which subscribes under it.
        if channels
            .get(&self.id)
            .is_some_and(|sender| sender.receiver_count() <= 1)
        {
            channels.remove(&self.id);
        }
    }
}

impl QuoteHub {
    pub fn new(interval: Duration) -> Self {
        Self {
            channels: Arc::default(),
            interval,
            resync: Arc::new(watch::channel(0).0),
        }
    }

    /// Changes each time live quotes may have been missed (the bus came back, the
    /// subscription was made again): a stream then sends a fresh snapshot.
    pub fn resyncs(&self) -> watch::Receiver<u64> {
        self.resync.subscribe()
    }

    fn bump_resync(&self) {
        self.resync.send_modify(|count| *count += 1);
    }

    pub fn coalesce_interval(&self) -> Duration {
        self.interval
    }

    /// Securities with at least one watcher.
    pub fn len(&self) -> usize {
        self.channels.lock().map(|c| c.len()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// One watcher per id, positioned so that only later quotes count as changes. Only for
    /// ids known to exist: each is an entry until its last watcher is dropped.
    pub fn watch(&self, ids: &[String]) -> Vec<Watch> {
        let Ok(mut channels) = self.channels.lock() else {
            return Vec::new();
        };
        ids.iter()
            .map(|id| {
                let sender = channels
                    .entry(id.clone())
                    .or_insert_with(|| watch::channel(None).0);
                let mut rx = sender.subscribe();
                rx.mark_unchanged();
                Watch {
                    id: id.clone(),
                    rx,
                    channels: self.channels.clone(),
                }
            })
            .collect()
    }

    fn publish(&self, quote: pb::Quote) {
        let Ok(channels) = self.channels.lock() else {
            return;
        };
        // Nobody ever watched this security: skip the serialisation.
        let Some(sender) = channels.get(&quote.security_id) else {
            return;
        };
        if let Ok(json) = serde_json::to_string(&Quote::from(quote)) {
            sender.send_replace(Some(json.into()));
        }
    }

    /// Feed the hub from the bus until cancelled, resubscribing if the stream ends.
    pub async fn run(self, bus: Bus, cancel: CancellationToken) {
        let mut backoff = Duration::from_millis(200);
        let mut first = true;
        loop {
            match bus.subscribe("quotes.>").await {
                Ok(mut events) => {
                    backoff = Duration::from_millis(200);
                    if !std::mem::take(&mut first) {
                        self.bump_resync();
                    }
                    let mut connected = bus.is_ready();
                    let mut check = tokio::time::interval(BUS_CHECK);
                    loop {
                        tokio::select! {
                            _ = check.tick() => {
                                // The client resubscribes by itself after a reconnect; what
                                // was published meanwhile is gone.
                                let now = bus.is_ready();
                                if now && !connected {
                                    tracing::info!("bus back: open streams resync");
                                    self.bump_resync();
                                }
                                connected = now;
                            }
                            event = events.next() => match event {
                                Some(event) => match pb::QuoteTicked::decode(event.payload) {
                                    Ok(pb::QuoteTicked { quote: Some(quote) }) => self.publish(quote),
                                    Ok(_) => {}
                                    Err(error) => tracing::debug!(%error, "malformed quote tick"),
                                },
                                None => break,
                            },
                            () = cancel.cancelled() => return,
                        }
                    }
                    tracing::warn!("quote subscription ended; resubscribing");
                }
                Err(error) => {
                    tracing::warn!(error = format!("{error:#}"), "cannot subscribe to quotes")
                }
            }
            tokio::select! {
                () = tokio::time::sleep(backoff) => {}
                () = cancel.cancelled() => return,
            }
            backoff = (backoff * 2).min(Duration::from_secs(5));
        }
    }
}

/// Every `interval`, the latest quote of each security that changed since the last flush.
pub fn coalesced(receivers: Vec<Watch>, interval: Duration) -> impl Stream<Item = Arc<str>> + Send {
    let mut ticker = tokio::time::interval(interval);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    futures::stream::unfold(
        (receivers, ticker, Vec::<Arc<str>>::new()),
        |(mut receivers, mut ticker, mut pending)| async move {
            while pending.is_empty() {
                ticker.tick().await;
                for watch in &mut receivers {
                    if watch.rx.has_changed().unwrap_or(false)
                        && let Some(json) = watch.rx.borrow_and_update().clone()
                    {
                        pending.push(json);
                    }
                }
                if receivers.iter().all(|w| w.rx.has_changed().is_err()) && pending.is_empty() {
                    // Every sender is gone (hub dropped): end the stream.
                    return None;
                }
            }
            let next = pending.remove(0);
            Some((next, (receivers, ticker, pending)))
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quote(id: &str, price: f64) -> pb::Quote {
        pb::Quote {
            security_id: id.into(),
            price,
            ..Default::default()
        }
    }

    #[tokio::test(start_paused = true)]
    async fn coalesces_bursts_to_the_latest_quote() {
        let hub = QuoteHub::new(Duration::from_millis(250));
        let rx = hub.watch(&["KOREA-A005930".into()]);
        let mut stream = Box::pin(coalesced(rx, hub.interval));
        for price in [100.0, 101.0, 102.0] {
            hub.publish(quote("KOREA-A005930", price));
        }
        hub.publish(quote("KOREA-A000660", 5.0)); // not watched
        let first = stream.next().await.expect("quote");
        assert!(first.contains("\"price\":102.0"), "{first}");
        hub.publish(quote("KOREA-A005930", 103.0));
        let second = stream.next().await.expect("quote");
        assert!(second.contains("\"price\":103.0"), "{second}");
    }

    #[tokio::test(start_paused = true)]
    async fn a_new_watcher_does_not_replay_old_quotes() {
        let hub = QuoteHub::new(Duration::from_millis(250));
        let _first = hub.watch(&["KOREA-A005930".into()]);
        hub.publish(quote("KOREA-A005930", 100.0));
        let watch = hub.watch(&["KOREA-A005930".into()]).remove(0);
        assert!(!watch.rx.has_changed().expect("open"));
    }

    #[test]
    fn the_last_watcher_removes_the_entry() {
        let hub = QuoteHub::new(Duration::from_millis(250));
        let first = hub.watch(&["KOREA-A005930".into(), "KOREA-A000660".into()]);
        let second = hub.watch(&["KOREA-A005930".into()]);
        assert_eq!(hub.len(), 2);
        drop(first);
        assert_eq!(hub.len(), 1, "Samsung is still watched");
        drop(second);
        assert!(hub.is_empty());
        // Ticks of securities nobody watches create nothing.
        hub.publish(quote("KOREA-A005930", 1.0));
        assert!(hub.is_empty());
    }
}
