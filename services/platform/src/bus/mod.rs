//! Event bus: NATS (core + JetStream) or an in-process bus, behind one [`Bus`] handle.
//!
//! Layout: `mod.rs` holds the public types and the checks both buses share (subject
//! rules, header validation, trace-context injection, the producer span); `subject`
//! the wildcard matcher and name rules; `trace` the header propagation; `inproc` and
//! `nats` the two implementations.
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
//! Subjects are `.`-separated tokens; patterns use NATS wildcards (`*` one token, `>`
//! one or more trailing tokens). On the wire every subject is prefixed with the
//! namespace (`{namespace}.{subject}`) so deployments and parallel tests can share a
//! server; [`Event::subject`] never shows the prefix.
//!
//! # NATS (`url = "nats://…"`)
//!
//! Live messages are core NATS. Durable events go to one JetStream stream per
//! namespace, `{NAMESPACE}_EVENTS` (upper case, `.`/`-` → `_`) over
//! `{namespace}.events.>`, file storage, limits retention, kept 7 days, created on
//! first use. Each consumer name is a durable pull consumer with explicit ack that
//! starts at the oldest retained event and resumes where it stopped after a restart.
//! An unacked delivery is redelivered after the consumer's ack wait ([`ConsumerOptions`],
//! 30 s by default, fixed when the consumer is first created), or at once after
//! [`Delivery::nack`]. Messages already pulled into a dropped stream also count as
//! delivered, so they too come back after the ack wait.
//!
//! # In-process (`url = "inproc"`, the embedded default)
//!
//! One process, nothing persisted. Live messages go through a broadcast channel; a
//! subscriber more than 4096 messages behind skips the ones it missed (logged at debug).
//! Durable events are appended to an in-memory log of at most 100 000 events per
//! [`Bus`] (the oldest dropped with a warning) — the counterpart of the stream. Each
//! consumer name keeps its position in that log for the life of the `Bus` (and its
//! clones): a new name starts at the oldest retained event, a re-created name resumes
//! after its last delivered event. A delivery dropped without ack, or nacked, goes back
//! to the front of its consumer's queue at once (there is no ack timer in-process).
//! [`ConsumerOptions`] are ignored. Separate `Bus::in_process()` calls are separate buses.
//!
//! # Tracing
//!
//! Publishing opens a `bus.publish` producer span and writes its OpenTelemetry context
//! into the headers with the global text-map propagator (W3C `traceparent` /
//! `tracestate`), unless the caller already set `traceparent`. A consumer continues
//! the trace with `span.set_parent(event.parent_context())`.

mod inproc;
mod nats;
mod subject;
mod trace;

use std::collections::BTreeMap;
use std::time::Duration;

use anyhow::{Context as _, Result};
use bytes::Bytes;
use futures::stream::BoxStream;
use tracing::Instrument as _;

pub use subject::subject_matches;

/// Bus configuration, deserialised from the `bus` config section.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct BusConfig {
    /// "inproc" (in-process, the embedded default) or a NATS URL such as "nats://127.0.0.1:4222".
    pub url: String,
    /// Prefix of every subject and of stream names; lets parallel tests and deployments share a server.
    #[serde(default = "default_namespace")]
    pub namespace: String,
}

fn default_namespace() -> String {
    "sise".to_owned()
}

/// The embedded default: in-process, namespace "sise".
impl Default for BusConfig {
    fn default() -> Self {
        Self {
            url: INPROC_URL.to_owned(),
            namespace: default_namespace(),
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

/// Options of a durable consumer, applied when the consumer is first created.
#[derive(Clone, Debug)]
pub struct ConsumerOptions {
    /// NATS: how long a delivery may stay unacked before it is redelivered.
    /// Ignored in-process (dropping an unacked delivery requeues it at once).
    pub ack_wait: Duration,
}

impl Default for ConsumerOptions {
    fn default() -> Self {
        Self {
            ack_wait: Duration::from_secs(30),
        }
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
            AckHandle::Nats(message) => nats::nack(&message).await,
        }
    }
}

/// Handle to the bus; cheap to clone, clones share connection and state.
#[derive(Clone)]
pub struct Bus {
    inner: Inner,
}

#[derive(Clone)]
enum Inner {
    InProcess(inproc::InProcessBus),
    Nats(nats::NatsBus),
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
    /// In-process for `url = "inproc"`, else connects to NATS (fails if unreachable).
    pub async fn connect(config: &BusConfig) -> Result<Bus> {
        subject::validate_namespace(&config.namespace)?;
        if config.url == INPROC_URL {
            return Ok(Bus {
                inner: Inner::InProcess(inproc::InProcessBus::new(&config.namespace)),
            });
        }
        let bus = nats::NatsBus::connect(&config.url, &config.namespace).await?;
        Ok(Bus {
            inner: Inner::Nats(bus),
        })
    }

    /// A new, empty in-process bus (same as url "inproc").
    pub fn in_process() -> Bus {
        Bus {
            inner: Inner::InProcess(inproc::InProcessBus::new(&default_namespace())),
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
    pub async fn publish(&self, subject: &str, mut headers: Headers, payload: Bytes) -> Result<()> {
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
        trace::inject(&span, &mut headers);
        async {
            match &self.inner {
                Inner::InProcess(bus) => {
                    bus.publish(Event {
                        subject: subject.to_owned(),
                        headers,
                        payload,
                    });
                    Ok(())
                }
                Inner::Nats(bus) => bus.publish(subject, &headers, payload).await,
            }
        }
        .instrument(span)
        .await
    }

    /// Must-not-be-lost events (JetStream with server acknowledgement): returns once
    /// the event is stored. Subjects must start with "events.".
    pub async fn publish_durable(
        &self,
        subject: &str,
        mut headers: Headers,
        payload: Bytes,
    ) -> Result<()> {
        subject::validate_durable_subject(subject)?;
        subject::validate_headers(&headers)?;
        let span = self.producer_span(subject);
        trace::inject(&span, &mut headers);
        async {
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
        .await
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
    /// with default [`ConsumerOptions`]. See the module doc for resume semantics.
    pub async fn consume_durable(
        &self,
        consumer: &str,
        pattern: &str,
    ) -> Result<BoxStream<'static, Delivery>> {
        self.consume_durable_with(consumer, pattern, ConsumerOptions::default())
            .await
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
            Inner::InProcess(bus) => bus.consume_durable(consumer, pattern),
            Inner::Nats(bus) => bus.consume_durable(consumer, pattern, &options).await,
        }
        .with_context(|| format!("durable consumer {consumer:?} on {pattern:?}"))
    }

    /// Readiness: NATS connection is up; in-process always true.
    pub fn is_ready(&self) -> bool {
        match &self.inner {
            Inner::InProcess(_) => true,
            Inner::Nats(bus) => bus.is_ready(),
        }
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
