//! In-process bus: a broadcast channel for live messages and an in-memory log with
//! per-consumer positions for durable events (semantics in the parent module doc),
//! deduplicated by [`super::MSG_ID_HEADER`] within the duplicate window.

use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use futures::StreamExt;
use futures::stream::BoxStream;
use tokio::sync::{Notify, broadcast};
use tokio_stream::wrappers::BroadcastStream;
use tokio_stream::wrappers::errors::BroadcastStreamRecvError;

use super::{Delivery, Event, MSG_ID_HEADER, subject_matches};

/// Live messages a subscriber may fall behind by before it starts losing them (and its
/// subscription ends): as many as the NATS client buffers for a subscription. The simulator
/// alone sends about 1,200 ticks a step, 24,000 a second: 4,096 was a third of a second of a
/// feed's lag on a loaded machine.
const LIVE_CAPACITY: usize = 65_536;
/// Durable events kept in memory; the oldest are dropped beyond this.
const DURABLE_LOG_CAPACITY: usize = 100_000;

#[derive(Clone)]
pub(super) struct InProcessBus {
    shared: Arc<Shared>,
    namespace: Arc<str>,
}

struct Shared {
    live: broadcast::Sender<Event>,
    durable: Mutex<DurableLog>,
    /// Woken on every durable publish and every requeue; waiting consumers re-check.
    changed: Notify,
}

struct DurableLog {
    capacity: usize,
    events: VecDeque<Event>,
    /// Sequence number of `events[0]`; sequence numbers never repeat.
    first_seq: u64,
    evicted: u64,
    consumers: HashMap<String, ConsumerState>,
    dedupe: Dedupe,
}

/// Message ids seen within the duplicate window, oldest first; at most the log's capacity.
struct Dedupe {
    window: Duration,
    seen: HashSet<String>,
    order: VecDeque<(Instant, String)>,
}

impl Dedupe {
    /// Whether `id` is new (and remembers it).
    fn admit(&mut self, id: &str, now: Instant, capacity: usize) -> bool {
        while let Some((at, _)) = self.order.front() {
            if now.duration_since(*at) < self.window && self.order.len() < capacity {
                break;
            }
            if let Some((_, old)) = self.order.pop_front() {
                self.seen.remove(&old);
            }
        }
        if self.seen.contains(id) {
            return false;
        }
        self.seen.insert(id.to_owned());
        self.order.push_back((now, id.to_owned()));
        true
    }
}

struct ConsumerState {
    pattern: String,
    /// Deliveries after which an event is not delivered again (see `ConsumerOptions`).
    max_deliver: u32,
    /// Deliveries so far of each event delivered but not acked.
    delivered: HashMap<u64, u32>,
    /// Next sequence not yet looked at.
    next_seq: u64,
    /// Delivered, awaiting ack.
    pending: BTreeSet<u64>,
    /// Nacked or dropped unacked: delivered again before anything new.
    redeliver: BTreeSet<u64>,
}

impl DurableLog {
    /// Next event for `name`, marked pending. Redeliveries first, then new events.
    fn take(&mut self, name: &str) -> Option<(u64, Event, u32)> {
        // Destructure for disjoint borrows of the log and the consumer table.
        let DurableLog {
            events,
            first_seq,
            consumers,
            ..
        } = self;
        let first_seq = *first_seq;
        let end_seq = first_seq + events.len() as u64;
        let get = |seq: u64| events.get(usize::try_from(seq.checked_sub(first_seq)?).ok()?);
        let consumer = consumers.get_mut(name)?;

        while let Some(seq) = consumer.redeliver.pop_first() {
            match get(seq) {
                Some(event) => {
                    consumer.pending.insert(seq);
                    let count = consumer.delivered.entry(seq).or_insert(0);
                    *count += 1;
                    return Some((seq, event.clone(), *count));
                }
                None => {
                    consumer.delivered.remove(&seq);
                    tracing::warn!(
                        consumer = name,
                        seq,
                        "unacked durable event was evicted from the in-process log before redelivery"
                    );
                }
            }
        }
        if consumer.next_seq < first_seq {
            tracing::warn!(
                consumer = name,
                missed = first_seq - consumer.next_seq,
                "durable events were evicted from the in-process log before this consumer read them"
            );
            consumer.next_seq = first_seq;
        }
        for seq in consumer.next_seq..end_seq {
            consumer.next_seq = seq + 1;
            if let Some(event) = get(seq).filter(|e| subject_matches(&consumer.pattern, &e.subject))
            {
                consumer.pending.insert(seq);
                consumer.delivered.insert(seq, 1);
                return Some((seq, event.clone(), 1));
            }
        }
        None
    }
}

impl InProcessBus {
    pub(super) fn new(namespace: &str, duplicate_window: Duration) -> Self {
        Self::with_capacity(namespace, DURABLE_LOG_CAPACITY, duplicate_window)
    }

    pub(super) fn with_capacity(
        namespace: &str,
        capacity: usize,
        duplicate_window: Duration,
    ) -> Self {
        let (live, _) = broadcast::channel(LIVE_CAPACITY);
        Self {
            namespace: namespace.into(),
            shared: Arc::new(Shared {
                live,
                durable: Mutex::new(DurableLog {
                    capacity,
                    events: VecDeque::new(),
                    first_seq: 0,
                    evicted: 0,
                    consumers: HashMap::new(),
                    dedupe: Dedupe {
                        window: duplicate_window,
                        seen: HashSet::new(),
                        order: VecDeque::new(),
                    },
                }),
                changed: Notify::new(),
            }),
        }
    }

    pub(super) fn namespace(&self) -> &str {
        &self.namespace
    }

    pub(super) fn publish(&self, event: Event) {
        // No receivers is not an error: fan-out to nobody.
        let _ = self.shared.live.send(event);
    }

    pub(super) fn publish_durable(&self, event: Event) {
        {
            let mut log = self.shared.lock();
            if let Some(id) = event.headers.get(MSG_ID_HEADER) {
                let capacity = log.capacity;
                if !log.dedupe.admit(id, Instant::now(), capacity) {
                    tracing::debug!(msg_id = %id, "duplicate durable event dropped");
                    return;
                }
            }
            log.events.push_back(event.clone());
            if log.events.len() > log.capacity {
                log.events.pop_front();
                log.first_seq += 1;
                log.evicted += 1;
                // Once per 10k so a bus at capacity does not flood the log.
                if log.evicted % 10_000 == 1 {
                    tracing::warn!(
                        capacity = log.capacity,
                        evicted = log.evicted,
                        "in-process durable event log is full: dropping the oldest events"
                    );
                }
            }
        }
        self.shared.changed.notify_waiters();
        // Same as NATS: a core subscription on `events.>` also sees durable events.
        self.publish(event);
    }

    /// Ends when the subscriber falls [`LIVE_CAPACITY`] messages behind: what it missed is
    /// gone, and an end is what a follower can see (it subscribes again and treats the gap as
    /// a gap: the gateway resyncs its open streams and clears its caches).
    pub(super) fn subscribe(&self, pattern: &str) -> BoxStream<'static, Event> {
        let pattern = pattern.to_owned();
        let lagged = pattern.clone();
        BroadcastStream::new(self.shared.live.subscribe())
            .take_while(move |received| {
                if let Err(BroadcastStreamRecvError::Lagged(missed)) = received {
                    tracing::warn!(
                        pattern = lagged,
                        missed,
                        "slow in-process subscriber lost messages: its subscription ends"
                    );
                    return futures::future::ready(false);
                }
                futures::future::ready(true)
            })
            .filter_map(move |received| {
                futures::future::ready(match received {
                    Ok(event) if subject_matches(&pattern, &event.subject) => Some(event),
                    _ => None,
                })
            })
            .boxed()
    }

    pub(super) fn consume_durable(
        &self,
        name: &str,
        pattern: &str,
        max_deliver: u32,
    ) -> Result<BoxStream<'static, Delivery>> {
        {
            let mut log = self.shared.lock();
            let first_seq = log.first_seq;
            let consumer = log
                .consumers
                .entry(name.to_owned())
                .or_insert_with(|| ConsumerState {
                    pattern: pattern.to_owned(),
                    max_deliver: max_deliver.saturating_add(1),
                    delivered: HashMap::new(),
                    // New consumers start with everything still retained.
                    next_seq: first_seq,
                    pending: BTreeSet::new(),
                    redeliver: BTreeSet::new(),
                });
            if consumer.pattern != pattern {
                bail!(
                    "durable consumer {name:?} already exists with pattern {:?}, not {pattern:?}",
                    consumer.pattern
                );
            }
        }
        let stream = futures::stream::unfold(
            (Arc::clone(&self.shared), name.to_owned()),
            |(shared, name)| async move {
                let delivery = next_delivery(&shared, &name).await;
                Some((delivery, (shared, name)))
            },
        );
        Ok(stream.boxed())
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, DurableLog> {
        // A panic elsewhere while holding the lock leaves the log consistent enough
        // (every mutation is a few field updates); keep serving rather than cascade.
        self.durable.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

async fn next_delivery(shared: &Arc<Shared>, name: &str) -> Delivery {
    loop {
        // Register for wake-up before looking, so a publish in between is not missed.
        let changed = shared.changed.notified();
        tokio::pin!(changed);
        changed.as_mut().enable();
        let taken = shared.lock().take(name);
        if let Some((seq, event, delivered)) = taken {
            return Delivery {
                event,
                handle: super::AckHandle::InProcess(AckHandle {
                    shared: Arc::clone(shared),
                    consumer: name.to_owned(),
                    seq,
                    delivered,
                    settled: false,
                }),
            };
        }
        changed.await;
    }
}

/// Settles one delivery. Dropping it unsettled requeues the event (there is no
/// ack timer in-process, so this is what makes a crashed handler's event come back).
pub(super) struct AckHandle {
    shared: Arc<Shared>,
    consumer: String,
    seq: u64,
    delivered: u32,
    settled: bool,
}

impl AckHandle {
    pub(super) fn delivered(&self) -> u32 {
        self.delivered
    }

    pub(super) fn ack(mut self) {
        self.settled = true;
        if let Some(consumer) = self.shared.lock().consumers.get_mut(&self.consumer) {
            consumer.pending.remove(&self.seq);
            consumer.delivered.remove(&self.seq);
        }
    }

    pub(super) fn nack(mut self) {
        self.settled = true;
        self.requeue();
    }

    fn requeue(&self) {
        {
            let mut log = self.shared.lock();
            if let Some(consumer) = log.consumers.get_mut(&self.consumer)
                && consumer.pending.remove(&self.seq)
            {
                if self.delivered >= consumer.max_deliver {
                    // Like JetStream's max_deliver: the event stays in the log, unacked,
                    // and is not delivered to this consumer again.
                    consumer.delivered.remove(&self.seq);
                    tracing::warn!(
                        consumer = %self.consumer,
                        seq = self.seq,
                        "durable event reached max_deliver without ack: not delivered again"
                    );
                } else {
                    consumer.redeliver.insert(self.seq);
                }
            }
        }
        self.shared.changed.notify_waiters();
    }
}

impl Drop for AckHandle {
    fn drop(&mut self) {
        if !self.settled {
            self.requeue();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bytes::Bytes;
    use std::time::Duration;

    fn event(subject: &str, n: u8) -> Event {
        Event {
            subject: subject.to_owned(),
            headers: Default::default(),
            payload: Bytes::from(vec![n]),
        }
    }

    async fn next(stream: &mut BoxStream<'static, Delivery>) -> Delivery {
        tokio::time::timeout(Duration::from_secs(5), stream.next())
            .await
            .expect("timed out")
            .expect("stream ended")
    }

    /// A live subscriber that falls behind by more than the channel holds has its
    /// subscription ended after what it still had, never a silent gap.
    #[tokio::test]
    async fn a_subscriber_that_falls_behind_sees_its_subscription_end() {
        let bus = InProcessBus::new("t", Duration::from_secs(120));
        let mut stream = bus.subscribe("quotes.>");
        bus.publish(event("quotes.a", 0));
        assert_eq!(stream.next().await.expect("first").payload[0], 0);
        for n in 0..=LIVE_CAPACITY {
            bus.publish(event("quotes.a", u8::try_from(n % 256).expect("a byte")));
        }
        let mut after = 0;
        while tokio::time::timeout(Duration::from_secs(5), stream.next())
            .await
            .expect("ends, not hangs")
            .is_some()
        {
            after += 1;
        }
        assert_eq!(after, 0, "the lag is seen before any later message");

        // A subscriber that keeps up is not ended.
        let mut stream = bus.subscribe("quotes.>");
        bus.publish(event("quotes.a", 1));
        assert_eq!(stream.next().await.expect("kept").payload[0], 1);
    }

    #[tokio::test]
    async fn full_log_drops_oldest_and_consumers_skip_them() {
        let bus = InProcessBus::with_capacity("t", 3, Duration::from_secs(120));
        for n in 0..5 {
            bus.publish_durable(event("events.x", n));
        }
        let mut stream = bus.consume_durable("c", "events.>", 5).expect("consumer");
        for n in 2..5 {
            let d = next(&mut stream).await;
            assert_eq!(d.event.payload[0], n);
            d.ack().await.expect("ack");
        }
    }

    #[tokio::test]
    async fn dropped_and_nacked_deliveries_come_back_first() {
        let bus = InProcessBus::new("t", Duration::from_secs(120));
        for n in 0..3 {
            bus.publish_durable(event("events.x", n));
        }
        let mut stream = bus.consume_durable("c", "events.x", 5).expect("consumer");
        let first = next(&mut stream).await;
        let second = next(&mut stream).await;
        drop(first);
        second.nack().await.expect("nack");
        let order: Vec<u8> = [
            next(&mut stream).await,
            next(&mut stream).await,
            next(&mut stream).await,
        ]
        .into_iter()
        .map(|d| d.event.payload[0])
        .collect();
        assert_eq!(order, [0, 1, 2]);
    }

    #[tokio::test]
    async fn same_name_with_other_pattern_is_rejected() {
        let bus = InProcessBus::new("t", Duration::from_secs(120));
        let _a = bus.consume_durable("c", "events.a.>", 5).expect("consumer");
        assert!(bus.consume_durable("c", "events.b.>", 5).is_err());
        assert!(bus.consume_durable("c", "events.a.>", 5).is_ok());
    }
}
