//! Live quotes for browsers, fed from the bus.
//!
//! The quote ticks of the gateway's bus feed ([`crate::feed`]) keep the latest quote of
//! every security the hub hears of, serialised to JSON once, when first wanted (which
//! `GET /quotes` answers from, see [`QuoteHub::fresh`]), and feeds a `watch` channel per
//! watched security. A `watch` keeps only the newest value, so a busy symbol cannot build a
//! backlog. A client stream sends a security's change at once; with a `stream_min_gap` (0 by
//! default: off), not twice within the gap: then the latest change goes out when the gap is
//! over.
//!
//! The hub holds an entry only while someone watches it: a [`Watch`] removes its security's
//! entry when it is the last one to go. Callers watch only ids the market knows (the quote
//! stream checks them first), so the hub is bounded by the securities open in streams.
//!
//! Ticks published while the bus was away are lost for good (live messages are not
//! stored), so when the bus comes back, or the subscription is made again, the feed bumps
//! the hub's resync count ([`QuoteHub::resyncs`]) and every open stream sends a fresh snapshot.

use std::collections::{HashMap, VecDeque};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock, Mutex, OnceLock, RwLock};
use std::task::{Context, Poll};
use std::time::Duration;

use futures::{Stream, StreamExt};
use opentelemetry::metrics::Counter;
use sise_platform::metrics;
use sise_proto::market::v1 as pb;
use tokio::sync::watch;
use tokio::time::{Instant, Sleep};
use tokio_stream::StreamMap;
use tokio_stream::wrappers::WatchStream;

use crate::config::QuotesConfig;
use crate::models::Quote;

type Latest = Option<Arc<str>>;
type Channels = Arc<Mutex<HashMap<String, watch::Sender<Latest>>>>;

/// Most securities the hub remembers quotes of. They come from the bus and from market's
/// answers (known securities only), so the listing bounds them well below this.
const MAX_REMEMBERED: usize = 100_000;

/// The latest quote of a security and when the hub heard it.
struct Held {
    traded_at: i64,
    quote: Arc<Pending>,
    heard: Instant,
}

/// A quote, serialised to JSON the first time it is wanted. Most ticks are neither watched
/// nor read before the security's next tick replaces them: serialising every one of them
/// was most of an idle gateway's CPU (docs/benchmarks.md, "Test command").
struct Pending {
    quote: Quote,
    json: OnceLock<Arc<str>>,
}

impl Pending {
    fn new(quote: pb::Quote) -> Arc<Self> {
        Arc::new(Self {
            quote: Quote::from(quote),
            json: OnceLock::new(),
        })
    }

    fn json(&self) -> Arc<str> {
        self.json
            .get_or_init(|| {
                // A struct of numbers and strings: serde_json has nothing to refuse in it.
                serde_json::to_string(&self.quote)
                    .unwrap_or_else(|_| "null".to_owned())
                    .into()
            })
            .clone()
    }
}

#[derive(Clone)]
pub struct QuoteHub {
    channels: Channels,
    latest: Arc<RwLock<HashMap<Box<str>, Held>>>,
    /// The subscription is up and the bus connected: ticks are arriving.
    live: Arc<AtomicBool>,
    min_gap: Duration,
    max_age: Duration,
    resync: Arc<watch::Sender<u64>>,
}

/// One watcher of one security; dropping the last watcher of a security removes its entry.
pub struct Watch {
    // Dropped before `guard` (fields drop in order), which then counts the others only.
    rx: watch::Receiver<Latest>,
    guard: Guard,
}

/// Removes its security's entry when no receiver is left.
struct Guard {
    id: String,
    channels: Channels,
}

impl Drop for Guard {
    fn drop(&mut self) {
        let Ok(mut channels) = self.channels.lock() else {
            return;
        };
        // The lock orders this against `watch`, which subscribes under it.
        if channels
            .get(&self.id)
            .is_some_and(|sender| sender.receiver_count() == 0)
        {
            channels.remove(&self.id);
        }
    }
}

impl QuoteHub {
    pub fn new(config: &QuotesConfig) -> Self {
        Self {
            channels: Arc::default(),
            latest: Arc::default(),
            live: Arc::default(),
            min_gap: Duration::from_millis(config.stream_min_gap_ms),
            max_age: Duration::from_millis(config.max_age_ms),
            resync: Arc::new(watch::channel(0).0),
        }
    }

    /// The held quotes of `ids`, in order, if ticks are arriving and each was heard within
    /// `max_age`; else `None` (the caller reads market and [`Self::remember`]s the answer).
    pub fn fresh(&self, ids: &[String]) -> Option<Vec<Arc<str>>> {
        if !self.live.load(Ordering::Acquire) {
            return None;
        }
        let latest = self.latest.read().ok()?;
        ids.iter()
            .map(|id| {
                let held = latest.get(id.as_str())?;
                (held.heard.elapsed() < self.max_age).then(|| held.quote.json())
            })
            .collect()
    }

    /// Holds quotes read from market (newer ticks win), and returns them as JSON.
    pub fn remember(&self, quotes: Vec<pb::Quote>) -> Vec<Arc<str>> {
        self.hold(quotes)
            .into_iter()
            .map(|(_, quote)| quote.json())
            .collect()
    }

    /// Holds each quote unless a newer one is held, under one lock; returns them with their
    /// ids.
    fn hold(&self, quotes: Vec<pb::Quote>) -> Vec<(String, Arc<Pending>)> {
        let pending: Vec<_> = quotes
            .into_iter()
            .map(|quote| {
                (
                    quote.security_id.clone(),
                    quote.traded_at_ms,
                    Pending::new(quote),
                )
            })
            .collect();
        let Ok(mut latest) = self.latest.write() else {
            return Vec::new();
        };
        let heard = Instant::now();
        pending
            .into_iter()
            .map(|(id, traded_at, quote)| {
                let held = Held {
                    traded_at,
                    quote: quote.clone(),
                    heard,
                };
                let room = latest.len() < MAX_REMEMBERED;
                match latest.get_mut(id.as_str()) {
                    Some(old) if old.traded_at > traded_at => old.heard = heard,
                    Some(old) => *old = held,
                    None if room => {
                        latest.insert(id.as_str().into(), held);
                    }
                    None => {}
                }
                (id, quote)
            })
            .collect()
    }

    /// Changes each time live quotes may have been missed (the bus came back, the
    /// subscription was made again): a stream then sends a fresh snapshot.
    pub fn resyncs(&self) -> watch::Receiver<u64> {
        self.resync.subscribe()
    }

    /// Live quotes may have been missed: open streams send a fresh snapshot.
    pub(crate) fn bump_resync(&self) {
        self.resync.send_modify(|count| *count += 1);
    }

    pub fn stream_min_gap(&self) -> Duration {
        self.min_gap
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
                    rx,
                    guard: Guard {
                        id: id.clone(),
                        channels: self.channels.clone(),
                    },
                }
            })
            .collect()
    }

    /// Holds every quote of a batch, then tells the watchers: a stream woken by the
    /// batch's first change finds its other changes of the batch there too.
    pub(crate) fn publish_all(&self, quotes: Vec<pb::Quote>) {
        let held = self.hold(quotes);
        // Only the watched quotes are serialised here, outside the lock. A watch made after
        // this look is not missed: it reads its snapshot after the hold above.
        let watched: Vec<(String, Arc<str>)> = {
            let Ok(channels) = self.channels.lock() else {
                return;
            };
            held.into_iter()
                .filter(|(id, _)| channels.contains_key(id))
                .collect::<Vec<_>>()
        }
        .into_iter()
        .map(|(id, quote)| (id, quote.json()))
        .collect();
        if watched.is_empty() {
            return;
        }
        let Ok(channels) = self.channels.lock() else {
            return;
        };
        for (id, json) in watched {
            if let Some(sender) = channels.get(&id) {
                sender.send_replace(Some(json));
            }
        }
    }

    /// Whether ticks are arriving (the feed is subscribed and the bus connected).
    pub(crate) fn set_live(&self, live: bool) {
        self.live.store(live, Ordering::Release);
    }
}

/// The changes of the watched securities, as a stream: a security's change goes out at once
/// unless that security went out less than `min_gap` ago; then its latest change goes out
/// when the gap is over. Ends when the hub is gone.
pub fn gapped(watches: Vec<Watch>, min_gap: Duration) -> Gapped {
    let mut changes = StreamMap::with_capacity(watches.len());
    let mut guards = Vec::with_capacity(watches.len());
    for (i, Watch { rx, guard }) in watches.into_iter().enumerate() {
        changes.insert(i, WatchStream::from_changes(rx));
        guards.push(guard);
    }
    let n = guards.len();
    Gapped {
        changes,
        last_sent: vec![None; n],
        pending: vec![None; n],
        ready: VecDeque::new(),
        timer: None,
        min_gap,
        _guards: guards,
    }
}

pub struct Gapped {
    // Dropped before `guards` (fields drop in order), so a guard sees only other watchers.
    changes: StreamMap<usize, WatchStream<Latest>>,
    last_sent: Vec<Option<Instant>>,
    /// The latest change of a security that is waiting out its gap.
    pending: Vec<Option<Arc<str>>>,
    ready: VecDeque<Arc<str>>,
    /// Fires when the earliest pending change may go.
    timer: Option<Pin<Box<Sleep>>>,
    min_gap: Duration,
    /// Held for their `Drop` only.
    _guards: Vec<Guard>,
}

/// `sise.sse.events`: events sent on live streams (snapshots and changes), by `stream`
/// (`quotes`, `posts`).
static SENT: LazyLock<Counter<u64>> = LazyLock::new(|| {
    metrics::meter()
        .u64_counter("sise.sse.events")
        .with_description("Events sent on live streams, by stream")
        .build()
});

/// Counts one event sent on a live stream of `stream`.
pub fn sent(stream: &'static str) {
    SENT.add(1, &[opentelemetry::KeyValue::new("stream", stream)]);
}

/// `sise.sse.coalesced`: changes a stream never sent because a newer one of the same stock
/// replaced it within the gap (what keeps a slow reader's queue bounded).
static COALESCED: LazyLock<Counter<u64>> = LazyLock::new(|| {
    metrics::meter()
        .u64_counter("sise.sse.coalesced")
        .with_description("Live-quote changes replaced by a newer one before they were sent")
        .build()
});

impl Gapped {
    /// Moves the pending changes whose gap is over to `ready`, and sets the timer for the rest.
    fn release_due(&mut self, now: Instant) {
        let mut next: Option<Instant> = None;
        for i in 0..self.pending.len() {
            if self.pending[i].is_none() {
                continue;
            }
            let due = self.last_sent[i].map_or(now, |at| at + self.min_gap);
            if due <= now {
                if let Some(json) = self.pending[i].take() {
                    self.ready.push_back(json);
                    self.last_sent[i] = Some(now);
                }
            } else {
                next = Some(next.map_or(due, |n| n.min(due)));
            }
        }
        self.timer = next.map(|at| Box::pin(tokio::time::sleep_until(at)));
    }
}

impl Stream for Gapped {
    type Item = Arc<str>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Arc<str>>> {
        let this = &mut *self;
        loop {
            if let Some(json) = this.ready.pop_front() {
                return Poll::Ready(Some(json));
            }
            match this.changes.poll_next_unpin(cx) {
                Poll::Ready(Some((i, Some(json)))) => {
                    let now = Instant::now();
                    let quiet = this.last_sent[i].is_none_or(|at| now >= at + this.min_gap);
                    if quiet && this.pending[i].is_none() {
                        this.last_sent[i] = Some(now);
                        return Poll::Ready(Some(json));
                    }
                    if this.pending[i].replace(json).is_some() {
                        COALESCED.add(1, &[]);
                    }
                    this.release_due(now);
                    continue;
                }
                Poll::Ready(Some((_, None))) => continue,
                // Every sender is gone (the hub was dropped).
                Poll::Ready(None) if this.timer.is_none() => return Poll::Ready(None),
                Poll::Ready(None) | Poll::Pending => {}
            }
            let Some(timer) = this.timer.as_mut() else {
                return Poll::Pending;
            };
            match timer.as_mut().poll(cx) {
                Poll::Ready(()) => this.release_due(Instant::now()),
                Poll::Pending => return Poll::Pending,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures::FutureExt as _;

    fn quote(id: &str, price: f64) -> pb::Quote {
        pb::Quote {
            security_id: id.into(),
            price,
            ..Default::default()
        }
    }

    fn hub() -> QuoteHub {
        QuoteHub::new(&QuotesConfig {
            max_age_ms: 1000,
            stream_min_gap_ms: 250,
        })
    }

    #[tokio::test]
    async fn serialises_an_unwatched_quote_only_when_it_is_read() {
        let hub = hub();
        hub.set_live(true);
        let _watch = hub.watch(&["KOREA-A005930".into()]);
        hub.publish_all(vec![
            quote("KOREA-A005930", 100.0),
            quote("KOREA-A000660", 5.0),
        ]);
        let serialised = |id: &str| {
            let latest = hub.latest.read().expect("lock");
            latest[id].quote.json.get().is_some()
        };
        assert!(
            serialised("KOREA-A005930"),
            "a watched quote goes out as JSON"
        );
        assert!(
            !serialised("KOREA-A000660"),
            "nobody asked for this one yet"
        );
        let read = hub
            .fresh(&["KOREA-A000660".into()])
            .expect("held and fresh");
        let expected =
            serde_json::to_string(&Quote::from(quote("KOREA-A000660", 5.0))).expect("json");
        assert_eq!(read[0].as_ref(), expected);
        assert!(serialised("KOREA-A000660"), "kept for the next read");
    }

    #[tokio::test(start_paused = true)]
    async fn sends_a_quiet_change_at_once_and_coalesces_bursts() {
        let hub = hub();
        let rx = hub.watch(&["KOREA-A005930".into()]);
        let mut stream = gapped(rx, hub.min_gap);
        hub.publish_all(vec![quote("KOREA-A005930", 100.0)]);
        let started = Instant::now();
        let first = stream.next().await.expect("quote");
        assert!(first.contains("\"price\":100.0"), "{first}");
        assert_eq!(
            started.elapsed(),
            Duration::ZERO,
            "a quiet security goes at once"
        );
        // A burst within the gap: only its latest change, when the gap is over.
        for price in [101.0, 102.0, 103.0] {
            hub.publish_all(vec![quote("KOREA-A005930", price)]);
            tokio::task::yield_now().await;
        }
        hub.publish_all(vec![quote("KOREA-A000660", 5.0)]); // not watched
        let second = stream.next().await.expect("quote");
        assert!(second.contains("\"price\":103.0"), "{second}");
        assert_eq!(started.elapsed(), Duration::from_millis(250));
        // Quiet again after the gap: at once.
        tokio::time::sleep(Duration::from_millis(400)).await;
        let at = Instant::now();
        hub.publish_all(vec![quote("KOREA-A005930", 104.0)]);
        let third = stream.next().await.expect("quote");
        assert!(third.contains("\"price\":104.0"), "{third}");
        assert_eq!(at.elapsed(), Duration::ZERO);
    }

    #[tokio::test(start_paused = true)]
    async fn a_batch_is_ready_at_once() {
        // What a stream watches of one batch is all there when it is woken: it can go out
        // in one write.
        let hub = hub();
        let ids = ["KOREA-A005930".to_owned(), "KOREA-A000660".to_owned()];
        let mut stream = gapped(hub.watch(&ids), hub.min_gap);
        hub.publish_all(vec![quote(&ids[0], 100.0), quote(&ids[1], 5.0)]);
        let mut got: Vec<String> = (0..2)
            .map(|_| {
                stream
                    .next()
                    .now_or_never()
                    .flatten()
                    .expect("ready")
                    .to_string()
            })
            .collect();
        got.sort();
        assert!(
            got[0].contains(&ids[1]) && got[1].contains(&ids[0]),
            "{got:?}"
        );
        assert!(stream.next().now_or_never().is_none());
    }

    #[tokio::test(start_paused = true)]
    async fn one_busy_security_does_not_hold_back_another() {
        let hub = hub();
        let rx = hub.watch(&["KOREA-A005930".into(), "KOREA-A000660".into()]);
        let mut stream = gapped(rx, hub.min_gap);
        hub.publish_all(vec![quote("KOREA-A005930", 100.0)]);
        stream.next().await.expect("first");
        hub.publish_all(vec![quote("KOREA-A005930", 101.0)]); // waits out its gap
        hub.publish_all(vec![quote("KOREA-A000660", 5.0)]); // quiet: at once
        let next = stream.next().await.expect("quote");
        assert!(next.contains("KOREA-A000660"), "{next}");
        let later = stream.next().await.expect("quote");
        assert!(later.contains("\"price\":101.0"), "{later}");
    }

    #[test]
    fn answers_from_held_quotes_only_while_live_and_fresh() {
        let hub = hub();
        let ids = vec!["KOREA-A005930".to_owned()];
        hub.publish_all(vec![quote("KOREA-A005930", 100.0)]);
        assert!(hub.fresh(&ids).is_none(), "not subscribed yet");
        hub.live.store(true, Ordering::Release);
        let held = hub.fresh(&ids).expect("held");
        assert!(held[0].contains("\"price\":100.0"));
        assert!(
            hub.fresh(&["KOREA-A000660".to_owned()]).is_none(),
            "never heard of"
        );
        // An older answer from market does not replace a newer tick.
        let mut old = quote("KOREA-A005930", 90.0);
        old.traded_at_ms = -1;
        hub.remember(vec![old]);
        assert!(hub.fresh(&ids).expect("held")[0].contains("\"price\":100.0"));
    }

    #[tokio::test(start_paused = true)]
    async fn a_new_watcher_does_not_replay_old_quotes() {
        let hub = hub();
        let _first = hub.watch(&["KOREA-A005930".into()]);
        hub.publish_all(vec![quote("KOREA-A005930", 100.0)]);
        let watch = hub.watch(&["KOREA-A005930".into()]).remove(0);
        assert!(!watch.rx.has_changed().expect("open"));
    }

    #[test]
    fn the_last_watcher_removes_the_entry() {
        let hub = hub();
        let first = hub.watch(&["KOREA-A005930".into(), "KOREA-A000660".into()]);
        let second = hub.watch(&["KOREA-A005930".into()]);
        assert_eq!(hub.len(), 2);
        drop(first);
        assert_eq!(hub.len(), 1, "Samsung is still watched");
        drop(second);
        assert!(hub.is_empty());
        // Ticks of securities nobody watches create nothing.
        hub.publish_all(vec![quote("KOREA-A005930", 1.0)]);
        assert!(hub.is_empty());
    }
}
