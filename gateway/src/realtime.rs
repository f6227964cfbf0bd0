//! Live quotes for browsers, fed from the bus.
//!
//! One bus subscription (`quotes.>`) per gateway process feeds a `watch` channel per
//! security holding the latest quote, already serialised to JSON once. A `watch` keeps
//! only the newest value, so a busy symbol cannot build a backlog; each client stream
//! additionally flushes at most once per security per interval (coalescing).

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

#[derive(Clone)]
pub struct QuoteHub {
    channels: Arc<Mutex<HashMap<String, watch::Sender<Latest>>>>,
    interval: Duration,
}

impl QuoteHub {
    pub fn new(interval: Duration) -> Self {
        Self {
            channels: Arc::default(),
            interval,
        }
    }

    pub fn coalesce_interval(&self) -> Duration {
        self.interval
    }

    /// One receiver per id, positioned so that only later quotes count as changes.
    pub fn watch(&self, ids: &[String]) -> Vec<(String, watch::Receiver<Latest>)> {
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
                (id.clone(), rx)
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
        loop {
            match bus.subscribe("quotes.>").await {
                Ok(mut events) => {
                    backoff = Duration::from_millis(200);
                    loop {
                        tokio::select! {
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
pub fn coalesced(
    receivers: Vec<watch::Receiver<Latest>>,
    interval: Duration,
) -> impl Stream<Item = Arc<str>> + Send {
    let mut ticker = tokio::time::interval(interval);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    futures::stream::unfold(
        (receivers, ticker, Vec::<Arc<str>>::new()),
        |(mut receivers, mut ticker, mut pending)| async move {
            while pending.is_empty() {
                ticker.tick().await;
                for rx in &mut receivers {
                    if rx.has_changed().unwrap_or(false)
                        && let Some(json) = rx.borrow_and_update().clone()
                    {
                        pending.push(json);
                    }
                }
                if receivers.iter().all(|rx| rx.has_changed().is_err()) && pending.is_empty() {
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
        let mut stream = Box::pin(coalesced(
            rx.into_iter().map(|(_, r)| r).collect(),
            hub.interval,
        ));
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
        let (_, rx) = hub.watch(&["KOREA-A005930".into()]).remove(0);
        assert!(!rx.has_changed().expect("open"));
    }
}
