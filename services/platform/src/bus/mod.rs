//! Event bus: NATS (core + JetStream) or an in-process bus, behind one [`Bus`] handle.
//!
//! Layout: `mod.rs` holds the public types and the checks both buses share (subject
//! rules, header validation, trace-context injection, the producer span); `acl` the
//! subjects and who uses which (the NATS users are rendered from it); `subject` the
//! wildcard matcher and name rules; `trace` the header propagation; `inproc` and `nats`
//! the two implementations.
//!
//! # Two kinds of message
//!
//! - **Live** ([`Bus::publish`] / [`Bus::subscribe`]): best-effort fan-out, e.g. quote
//!   ticks. Every subscriber whose pattern matches gets a copy; nothing is stored;
//!   a subscriber that is slow or not yet subscribed misses messages.
//! - **Durable** ([`Bus::publish_durable`] / [`Bus::consume_durable`]): events that must
//!   not be lost, always under `events.>`. Publishing returns only once the event is
//!   stored. Named consumers are at-least-once: an event comes back until acked, so
//!   handlers must be idempotent. Consumers sharing a name share the work.
//!
//! The two never mix: `publish` rejects `events.…` subjects (JetStream would otherwise
//! capture them) and `publish_durable` requires them. A live subscription on
//! `events.>` does see durable events as they are published, on both buses.
//!
//! [`Bus::publish`] never waits on the server: on NATS it puts the message on a bounded
//! queue (`bus.live_queue`) drained by one task per [`Bus`]; when NATS is down and the
//! queue is full, messages are dropped and counted ([`Bus::live_dropped`]) — a price
//! loop must not stall because the bus is away. Durable events that a request path
//! produces but must not wait for go through a [`BackgroundPublisher`] (bounded, dropped
//! when full, counted). Durable events that must not be lost, once their row is
//! committed, go through the transactional outbox (`crate::outbox`), which publishes
//! with a [`MSG_ID_HEADER`] so that a retried publish is stored once.
//!
//! Consumers should use [`consume`]: it restarts a failed subscription with backoff,
//! acks what the handler handled, redelivers what it failed, and after
//! `max_deliver` failed deliveries republishes the event to the dead-letter subject
//! `events.dead.{rest of the subject}` ([`dead_letter_subject`]) and acks it. Handlers
//! must be idempotent (an event may come more than once), keyed by the event's
//! natural id.
//!
//! Subjects are `.`-separated tokens; patterns use NATS wildcards (`*` one token, `>`
//! one or more trailing tokens). On the wire every subject is prefixed with the
//! namespace (`{namespace}.{subject}`) so deployments and parallel tests can share a
//! server; [`Event::subject`] never shows the prefix.
//!
//! # NATS (`url = "nats://…"`)
//!
//! Live messages are core NATS. Durable events go to one JetStream stream per
//! namespace, `{NAMESPACE}_EVENTS` (upper case, `.`/`-` → `_`) over
//! `{namespace}.events.>`, file storage, limits retention, created (or its limits
//! updated) on first use: at most `bus.stream.max_bytes` and `bus.stream.max_age_secs`,
//! the oldest discarded beyond them, and a `Nats-Msg-Id` duplicate window of
//! `bus.stream.duplicate_window_secs`. Each consumer name is a durable pull consumer
//! with explicit ack that starts at the oldest retained event and resumes where it
//! stopped after a restart.
//! An unacked delivery is redelivered after the consumer's ack wait ([`ConsumerOptions`],
//! 30 s by default, fixed when the consumer is first created), or at once after
//! [`Delivery::nack`]. Messages already pulled into a dropped stream also count as
//! delivered, so they too come back after the ack wait.
//!
//! # In-process (`url = "inproc"`, the embedded default)
//!
//! One process, nothing persisted. Live messages go through a broadcast channel; a
//! subscriber more than 65,536 messages behind has lost some, and its subscription ends there
//! (logged as a warning), so that it knows: the gateway's feed and market's followers then
//! subscribe again and resync what they serve.
//! Durable events are appended to an in-memory log of at most 100 000 events per
//! [`Bus`] (the oldest dropped with a warning) — the counterpart of the stream. Each
//! consumer name keeps its position in that log for the life of the `Bus` (and its
//! clones): a new name starts at the oldest retained event, a re-created name resumes
//! after its last delivered event. A delivery dropped without ack, or nacked, goes back
//! to the front of its consumer's queue at once (there is no ack timer in-process).
//! Events carrying a [`MSG_ID_HEADER`] already seen within the duplicate window are
//! dropped, like JetStream does. Of [`ConsumerOptions`] only `max_deliver` applies (the
//! delivery count is kept per event). Separate `Bus::in_process()` calls are separate buses.
//!
//! # Refusals
//!
//! A NATS server refuses what the process's user may not do (`deploy/nats/nats.conf`,
//! rendered from [`acl`]). A refused subscription is not an error of `subscribe`: the
//! server answers `-ERR 'Permissions Violation for Subscription to "…"'` a moment later
//! and the subscription stays silent. The bus logs each refusal (error, with the subject)
//! and keeps the refused subjects ([`Bus::refused`], watched with [`Bus::watch_refused`])
//! until the connection is made again, when the client subscribes anew and the server
//! refuses again what is still not allowed. [`Bus::degraded`] says why the bus is not
//! fully working (disconnected, something refused); readiness reports it.
//!
//! # Tracing
//!
//! Publishing opens a `bus.publish` producer span and writes its OpenTelemetry context
//! into the headers with the global text-map propagator (W3C `traceparent` /
//! `tracestate`), unless the caller already set `traceparent`. A consumer continues
//! the trace with `span.set_parent(event.parent_context())`.

pub mod acl;
mod background;
mod consume;
mod inproc;
mod metrics;
mod nats;
mod subject;
mod trace;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context as _, Result};
use bytes::Bytes;
use futures::stream::BoxStream;
use opentelemetry::KeyValue;
use tracing::Instrument as _;

pub use background::BackgroundPublisher;
pub use consume::{
    MAX_BATCH, consume, consume_message_batches, consume_messages, dead_letter_subject,
};
pub use subject::subject_matches;

/// The header JetStream deduplicates on (within the stream's duplicate window); the
/// in-process bus honours it too. The outbox sets it to a stable id of the row.
pub const MSG_ID_HEADER: &str = "Nats-Msg-Id";

/// When a durable event was published (epoch ms), set by [`Bus::publish_durable`]: its
/// consumers measure how long it waited in the bus (`sise.bus.consume.lag`).
pub const PUBLISHED_AT_HEADER: &str = "Sise-Published-At-Ms";

/// Bus configuration, deserialised from the `bus` config section.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct BusConfig {
    /// "inproc" (in-process, the embedded default) or a NATS URL such as "nats://127.0.0.1:4222".
    pub url: String,
    /// Prefix of every subject and of stream names; lets parallel tests and deployments share a server.
    #[serde(default = "default_namespace")]
    pub namespace: String,
    /// Live messages waiting for the NATS connection; beyond this they are dropped
    /// (and counted) rather than stall the publisher.
    #[serde(default = "default_live_queue")]
    pub live_queue: usize,
    /// Durable events waiting in a [`BackgroundPublisher`]; beyond this they are dropped.
    #[serde(default = "default_background_queue")]
    pub background_queue: usize,
    #[serde(default)]
    pub stream: StreamLimits,
    /// Defaults of [`Bus::consume_durable`] and [`consume`].
    #[serde(default)]
    pub consumer: ConsumerOptions,
    /// The transactional outbox's relay (`crate::outbox`).
    #[serde(default)]
    pub outbox: OutboxSettings,
}

fn default_namespace() -> String {
    "sise".to_owned()
}

fn default_live_queue() -> usize {
    8192
}

fn default_background_queue() -> usize {
    1024
}

/// The embedded default: in-process, namespace "sise".
impl Default for BusConfig {
    fn default() -> Self {
        Self {
            url: INPROC_URL.to_owned(),
            namespace: default_namespace(),
            live_queue: default_live_queue(),
            background_queue: default_background_queue(),
            stream: StreamLimits::default(),
            consumer: ConsumerOptions::default(),
            outbox: OutboxSettings::default(),
        }
    }
}

/// Limits of the JetStream stream (`bus.stream`), applied whenever a process first uses it.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(default)]
pub struct StreamLimits {
    /// Bytes kept at most; the oldest events are discarded beyond it.
    pub max_bytes: i64,
    /// Events older than this are discarded.
    pub max_age_secs: u64,
    /// A second publish with the same [`MSG_ID_HEADER`] within this window is stored once.
    pub duplicate_window_secs: u64,
}

impl Default for StreamLimits {
    fn default() -> Self {
        Self {
            max_bytes: 1 << 30,
            max_age_secs: 7 * 24 * 60 * 60,
            duplicate_window_secs: 120,
        }
    }
}

/// The outbox relay (`bus.outbox`): how many rows one round publishes, how often it looks
/// when nothing woke it, and how long it waits at most between retries while the bus is down.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(default)]
pub struct OutboxSettings {
    pub batch_size: u32,
    pub poll_interval_ms: u64,
    pub max_backoff_ms: u64,
}

impl Default for OutboxSettings {
    fn default() -> Self {
        Self {
            batch_size: 100,
            poll_interval_ms: 1000,
            max_backoff_ms: 30_000,
        }
    }
}

const INPROC_URL: &str = "inproc";

/// Header map (string keys/values) — carries W3C trace context (`traceparent`,
/// `tracestate`) and anything else.
pub type Headers = BTreeMap<String, String>;

/// A message as delivered to subscribers.
#[derive(Clone, Debug)]
pub struct Event {
    /// Subject without the namespace prefix.
    pub subject: String,
    pub headers: Headers,
    pub payload: Bytes,
}

impl Event {
    /// The producer's trace context from the headers (global propagator), for
    /// `span.set_parent(event.parent_context())`. Empty context if there is none.
    pub fn parent_context(&self) -> opentelemetry::Context {
        trace::extract(&self.headers)
    }
}

/// Options of a durable consumer (`bus.consumer`), applied when the consumer is first
/// created.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(default)]
pub struct ConsumerOptions {
    /// NATS: how long a delivery may stay unacked before it is redelivered.
    /// Ignored in-process (dropping an unacked delivery requeues it at once).
    #[serde(rename = "ack_wait_secs", deserialize_with = "secs")]
    pub ack_wait: Duration,
    /// Deliveries of one event before [`consume`] gives up on it and dead-letters it.
    /// The server stops redelivering one attempt later, in case the last attempt
    /// crashed the consumer before it could dead-letter.
    pub max_deliver: u32,
}

fn secs<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Duration, D::Error> {
    <u64 as serde::Deserialize>::deserialize(deserializer).map(Duration::from_secs)
}

impl Default for ConsumerOptions {
    fn default() -> Self {
        Self {
            ack_wait: Duration::from_secs(30),
            max_deliver: 5,
        }
    }
}

/// Something the NATS server refused this process (its user lacks the permission); the
/// subject is without the namespace when it has it (JetStream's own subjects as they are).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Refusal {
    Subscribe(String),
    Publish(String),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Subscribe(subject) => write!(f, "subscription to {subject} refused"),
            Self::Publish(subject) => write!(f, "publish to {subject} refused"),
        }
    }
}

/// Refusals kept at most (a process uses a handful of subjects).
const MAX_REFUSALS: usize = 32;

/// The refused subjects of one bus, shared by its clones and its connection's callback.
#[derive(Clone)]
pub(crate) struct Refusals(Arc<tokio::sync::watch::Sender<BTreeSet<Refusal>>>);

impl Refusals {
    fn new() -> Self {
        Self(Arc::new(tokio::sync::watch::Sender::new(BTreeSet::new())))
    }

    /// Records a refusal (logged the first time it is seen).
    pub(crate) fn add(&self, refusal: Refusal) {
        self.0.send_if_modified(|set| {
            if set.contains(&refusal) {
                return false;
            }
            if set.len() >= MAX_REFUSALS {
                tracing::error!(%refusal, "NATS refused this process (not kept: too many refusals)");
                return false;
            }
            tracing::error!(
                %refusal,
                "NATS refused this process: its user lacks the permission \
                 (deploy/nats/nats.conf, rendered from sise_platform::bus::acl)"
            );
            set.insert(refusal);
            true
        });
    }

    /// The connection was made again: its subscriptions are sent anew, and what is still
    /// not allowed is refused again.
    pub(crate) fn reset(&self) {
        self.0.send_if_modified(|set| {
            let changed = !set.is_empty();
            set.clear();
            changed
        });
    }
}

/// A durable delivery: ack it once handled, else it is delivered again
/// (NATS: after the ack wait; in-process: as soon as it is dropped).
#[derive(Debug)]
pub struct Delivery {
    pub event: Event,
    handle: AckHandle,
}

enum AckHandle {
    InProcess(inproc::AckHandle),
    // Boxed: a JetStream message is several times the size of the other variant.
    Nats(Box<async_nats::jetstream::Message>),
}

impl std::fmt::Debug for AckHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::InProcess(_) => "InProcess",
            Self::Nats(_) => "Nats",
        })
    }
}

impl Delivery {
    /// How many times this event has been delivered to this consumer, this one included
    /// (1 the first time).
    pub fn delivered(&self) -> u32 {
        match &self.handle {
            AckHandle::InProcess(handle) => handle.delivered(),
            AckHandle::Nats(message) => message
                .info()
                .map(|info| u32::try_from(info.delivered).unwrap_or(u32::MAX))
                .unwrap_or(1),
        }
    }

    /// Gives the event back for redelivery after `delay` (NATS; in-process at once).
    pub async fn nack_after(self, delay: Duration) -> Result<()> {
        match self.handle {
            AckHandle::InProcess(handle) => {
                handle.nack();
                Ok(())
            }
            AckHandle::Nats(message) => nats::nack(&message, Some(delay)).await,
        }
    }

    /// Marks the event handled; it will not be delivered to this consumer again.
    /// NATS: returns once the server has confirmed the ack.
    pub async fn ack(self) -> Result<()> {
        match self.handle {
            AckHandle::InProcess(handle) => {
                handle.ack();
                Ok(())
            }
            AckHandle::Nats(message) => nats::ack(&message).await,
        }
    }

    /// Gives the event back for immediate redelivery (e.g. a transient failure).
    pub async fn nack(self) -> Result<()> {
        match self.handle {
            AckHandle::InProcess(handle) => {
                handle.nack();
                Ok(())
            }
            AckHandle::Nats(message) => nats::nack(&message, None).await,
        }
    }
}

/// Handle to the bus; cheap to clone, clones share connection and state.
#[derive(Clone)]
pub struct Bus {
    inner: Inner,
    refusals: Refusals,
    consumer_defaults: ConsumerOptions,
    outbox: OutboxSettings,
    background_queue: usize,
}

/// The checks `publish_durable` makes, for events stored to be published later (the
/// outbox): subject and headers valid, and the current trace context in the headers.
pub(crate) fn prepare_durable(subject: &str, headers: &mut Headers) -> Result<()> {
    subject::validate_durable_subject(subject)?;
    subject::validate_headers(headers)?;
    trace::inject(&tracing::Span::current(), headers);
    Ok(())
}

#[derive(Clone)]
enum Inner {
    InProcess(inproc::InProcessBus),
    Nats(nats::NatsBus),
}

/// `sise.bus.connected` (docs/operations.md, "Metrics"): 1 while the process's bus client
/// is connected to NATS, 0 while it is not (the in-process bus always is). Read at each
/// collection; a dropped bus stops reporting.
fn observe_connection(inner: &Inner) {
    let probe: Box<dyn Fn() -> Option<bool> + Send + Sync> = match inner {
        Inner::InProcess(_) => Box::new(|| Some(true)),
        Inner::Nats(bus) => Box::new(bus.connection_probe()),
    };
    crate::metrics::meter()
        .u64_observable_gauge("sise.bus.connected")
        .with_description("1 while the bus client is connected, 0 while it is not")
        .with_callback(move |observer| {
            if let Some(connected) = probe() {
                observer.observe(u64::from(connected), &[]);
            }
        })
        .build();
}

impl std::fmt::Debug for Bus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bus")
            .field("kind", &self.kind())
            .field("namespace", &self.namespace())
            .finish()
    }
}

impl Bus {
    /// In-process for `url = "inproc"`, else a NATS client that connects in the background
    /// (an unreachable server at boot is an outage like any other, not a start failure).
    pub async fn connect(config: &BusConfig) -> Result<Bus> {
        subject::validate_namespace(&config.namespace)?;
        let refusals = Refusals::new();
        let inner = if config.url == INPROC_URL {
            Inner::InProcess(inproc::InProcessBus::new(
                &config.namespace,
                Duration::from_secs(config.stream.duplicate_window_secs),
            ))
        } else {
            Inner::Nats(nats::NatsBus::connect(config, refusals.clone()).await?)
        };
        observe_connection(&inner);
        Ok(Bus {
            inner,
            refusals,
            consumer_defaults: config.consumer.clone(),
            outbox: config.outbox.clone(),
            background_queue: config.background_queue,
        })
    }

    /// A new, empty in-process bus (same as url "inproc").
    pub fn in_process() -> Bus {
        let config = BusConfig::default();
        Bus {
            inner: Inner::InProcess(inproc::InProcessBus::new(
                &config.namespace,
                Duration::from_secs(config.stream.duplicate_window_secs),
            )),
            refusals: Refusals::new(),
            consumer_defaults: config.consumer,
            outbox: config.outbox,
            background_queue: config.background_queue,
        }
    }

    /// "inproc" | "nats".
    pub fn kind(&self) -> &'static str {
        match self.inner {
            Inner::InProcess(_) => "inproc",
            Inner::Nats(_) => "nats",
        }
    }

    /// The configured namespace (informational in-process, where there is no wire).
    pub fn namespace(&self) -> &str {
        match &self.inner {
            Inner::InProcess(bus) => bus.namespace(),
            Inner::Nats(bus) => bus.namespace(),
        }
    }

    fn producer_span(&self, subject: &str) -> tracing::Span {
        tracing::info_span!(
            "bus.publish",
            otel.kind = "producer",
            messaging.system = self.kind(),
            messaging.destination.name = subject,
        )
    }

    /// Best-effort fan-out (core NATS), e.g. live quote ticks: loss is acceptable.
    /// Subjects under `events.` are rejected (use [`Bus::publish_durable`]).
    ///
    /// Never waits: on NATS the message is queued for the connection, and dropped (counted
    /// in [`Bus::live_dropped`]) when the queue is full because the server is away. An
    /// error means the subject or headers are invalid.
    pub fn publish(&self, subject: &str, mut headers: Headers, payload: Bytes) -> Result<()> {
        subject::validate_live_subject(subject)?;
        subject::validate_headers(&headers)?;
        // Live ticks go out thousands of times a second outside any request; a root span per
        // tick would flood the tracing backend (and the exporter's queue, dropping the spans
        // of real requests). So a live publish is traced only as part of a traced operation.
        let span = if tracing::Span::current().is_none() {
            tracing::Span::none()
        } else {
            self.producer_span(subject)
        };
        let _entered = span.enter();
        trace::inject(&span, &mut headers);
        match &self.inner {
            Inner::InProcess(bus) => {
                bus.publish(Event {
                    subject: subject.to_owned(),
                    headers,
                    payload,
                });
                Ok(())
            }
            Inner::Nats(bus) => bus.publish(subject, &headers, payload),
        }
    }

    /// Live messages dropped so far because the NATS connection could not take them
    /// (always 0 in-process, where publishing cannot back up).
    pub fn live_dropped(&self) -> u64 {
        match &self.inner {
            Inner::InProcess(_) => 0,
            Inner::Nats(bus) => bus.live_dropped(),
        }
    }

    /// A queue of `bus.background_queue` durable events, for a request path that must not
    /// wait for the bus (see [`BackgroundPublisher`]). Needs a Tokio runtime.
    pub fn background_publisher(&self) -> BackgroundPublisher {
        BackgroundPublisher::spawn(self.clone(), self.background_queue)
    }

    /// Must-not-be-lost events (JetStream with server acknowledgement): returns once
    /// the event is stored. Subjects must start with "events.". With a [`MSG_ID_HEADER`],
    /// a second publish of the same id within the duplicate window is stored once.
    pub async fn publish_durable(
        &self,
        subject: &str,
        mut headers: Headers,
        payload: Bytes,
    ) -> Result<()> {
        subject::validate_durable_subject(subject)?;
        subject::validate_headers(&headers)?;
        // A redelivery of the same event keeps its first publication's instant.
        headers
            .entry(PUBLISHED_AT_HEADER.to_owned())
            .or_insert_with(|| crate::time::now_ms().to_string());
        let span = self.producer_span(subject);
        trace::inject(&span, &mut headers);
        let stored = async {
            match &self.inner {
                Inner::InProcess(bus) => {
                    bus.publish_durable(Event {
                        subject: subject.to_owned(),
                        headers,
                        payload,
                    });
                    Ok(())
                }
                Inner::Nats(bus) => bus.publish_durable(subject, &headers, payload).await,
            }
        }
        .instrument(span)
        .await;
        // Durable subjects are the catalogue's (`acl::subjects`), never an id: a bounded label.
        metrics::SENT.add(
            1,
            &[
                KeyValue::new("messaging.destination.name", subject.to_owned()),
                KeyValue::new("outcome", if stored.is_ok() { "stored" } else { "refused" }),
            ],
        );
        stored
    }

    /// Ephemeral subscription with NATS wildcards ("quotes.*", "quotes.>"). Messages
    /// published after this returns are received (subject to the loss rules above).
    pub async fn subscribe(&self, pattern: &str) -> Result<BoxStream<'static, Event>> {
        subject::validate_pattern(pattern)?;
        match &self.inner {
            Inner::InProcess(bus) => Ok(bus.subscribe(pattern)),
            Inner::Nats(bus) => bus.subscribe(pattern).await,
        }
    }

    /// Durable, at-least-once consumer `consumer` over `pattern` (within "events.>"),
    /// with the configured [`ConsumerOptions`] (`bus.consumer`). See the module doc for
    /// resume semantics; [`consume`] adds supervision and dead-lettering.
    pub async fn consume_durable(
        &self,
        consumer: &str,
        pattern: &str,
    ) -> Result<BoxStream<'static, Delivery>> {
        self.consume_durable_with(consumer, pattern, self.consumer_defaults.clone())
            .await
    }

    /// The configured outbox relay settings (`bus.outbox`).
    pub fn outbox_settings(&self) -> &OutboxSettings {
        &self.outbox
    }

    /// The configured consumer options (`bus.consumer`).
    pub fn consumer_defaults(&self) -> &ConsumerOptions {
        &self.consumer_defaults
    }

    /// [`Bus::consume_durable`] with options. Re-using a consumer name with another
    /// pattern is an error; options only take effect when the consumer is created.
    pub async fn consume_durable_with(
        &self,
        consumer: &str,
        pattern: &str,
        options: ConsumerOptions,
    ) -> Result<BoxStream<'static, Delivery>> {
        subject::validate_consumer_name(consumer)?;
        subject::validate_durable_pattern(pattern)?;
        match &self.inner {
            Inner::InProcess(bus) => bus.consume_durable(consumer, pattern, options.max_deliver),
            Inner::Nats(bus) => bus.consume_durable(consumer, pattern, &options).await,
        }
        .with_context(|| format!("durable consumer {consumer:?} on {pattern:?}"))
    }

    /// NATS connection is up; in-process always true. Not part of a service's readiness
    /// (NATS down only degrades live events), but reported beside it.
    pub fn is_ready(&self) -> bool {
        match &self.inner {
            Inner::InProcess(_) => true,
            Inner::Nats(bus) => bus.is_ready(),
        }
    }

    /// What the server refuses this process now (always empty in-process).
    pub fn refused(&self) -> BTreeSet<Refusal> {
        self.refusals.0.borrow().clone()
    }

    /// [`Bus::refused`] as it changes: a subscriber that must know when its subscription
    /// is refused waits on this.
    pub fn watch_refused(&self) -> tokio::sync::watch::Receiver<BTreeSet<Refusal>> {
        self.refusals.0.subscribe()
    }

    /// Why the bus is not fully working, if it is not: disconnected, or something refused.
    pub fn degraded(&self) -> Option<String> {
        if !self.is_ready() {
            return Some("disconnected".to_owned());
        }
        let refused = self.refusals.0.borrow();
        (!refused.is_empty()).then(|| {
            refused
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        })
    }

    /// Test helper: deletes this namespace's JetStream stream and with it every
    /// durable event and consumer (no-op in-process).
    pub async fn destroy_namespace(&self) -> Result<()> {
        match &self.inner {
            Inner::InProcess(_) => Ok(()),
            Inner::Nats(bus) => bus.destroy_namespace().await,
        }
    }
}
