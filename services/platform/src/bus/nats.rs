//! NATS bus: core NATS for live messages (through a bounded queue and one publisher
//! task, so that a publisher never waits on a reconnecting client), one JetStream stream
//! per namespace for durable events, durable pull consumers with explicit ack.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use anyhow::{Context as _, Result, anyhow, bail};
use async_nats::jetstream::{self, consumer, context::PublishErrorKind, stream};
use async_nats::{ConnectErrorKind, HeaderMap, HeaderName, HeaderValue};
use bytes::Bytes;
use futures::StreamExt;
use futures::stream::BoxStream;

use tokio::sync::mpsc;

use super::{
    BusConfig, ConsumerOptions, Delivery, Event, Headers, Refusal, Refusals, StreamLimits,
    subject::DURABLE_ROOT,
};

/// How long `connect` tries the first connection before going on without it.
const INITIAL_CONNECT_WAIT: Duration = Duration::from_secs(2);

/// A live message waiting for the publisher task.
struct Live {
    subject: String,
    headers: HeaderMap,
    payload: Bytes,
}

#[derive(Clone)]
pub(super) struct NatsBus {
    inner: Arc<Inner>,
}

struct Inner {
    client: async_nats::Client,
    jetstream: jetstream::Context,
    namespace: String,
    /// `{namespace}.`, stripped from delivered subjects.
    prefix: String,
    stream_name: String,
    /// The stream is known to exist: skip the lookup round trip on publish.
    stream_ready: AtomicBool,
    limits: StreamLimits,
    /// Live messages for the publisher task; it ends when the last handle is dropped.
    live: mpsc::Sender<Live>,
    live_dropped: AtomicU64,
}

impl NatsBus {
    pub(super) async fn connect(config: &BusConfig, refusals: Refusals) -> Result<Self> {
        let (url, namespace) = (&config.url, &config.namespace);
        let prefix = format!("{namespace}.");
        let options = |retry: bool| -> Result<_> {
            let (options, address) = with_credentials(async_nats::ConnectOptions::new(), url)?;
            let shown = address.as_url_str().to_owned();
            let (refusals, prefix) = (refusals.clone(), prefix.clone());
            let options = options
                .name(format!("sise:{namespace}"))
                .connection_timeout(INITIAL_CONNECT_WAIT)
                .event_callback(move |event| {
                    let (shown, refusals, prefix) =
                        (shown.clone(), refusals.clone(), prefix.clone());
                    async move {
                        match event {
                            async_nats::Event::Connected => {
                                refusals.reset();
                                tracing::info!(server = %shown, "NATS connected")
                            }
                            async_nats::Event::ServerError(async_nats::ServerError::Other(
                                message,
                            )) => match refusal(&message, &prefix) {
                                // Logged there, once per subject.
                                Some(refused) => refusals.add(refused),
                                None => tracing::warn!(server = %shown, %message, "NATS error"),
                            },
                            async_nats::Event::Disconnected => {
                                tracing::warn!(server = %shown, "NATS disconnected: reconnecting")
                            }
                            other => tracing::warn!(server = %shown, event = %other, "NATS"),
                        }
                    }
                });
            let options = if retry {
                options.retry_on_initial_connect()
            } else {
                options
            };
            Ok((options, address))
        };
        let (first, address) = options(false)?;
        let client = match first.connect(address.clone()).await {
            Ok(client) => client,
            // Refused credentials are a configuration error: say so at start.
            Err(error)
                if matches!(
                    error.kind(),
                    ConnectErrorKind::AuthorizationViolation | ConnectErrorKind::Authentication
                ) =>
            {
                return Err(anyhow!(error).context(format!(
                    "NATS at {} refused the credentials",
                    address.as_url_str()
                )));
            }
            // Unreachable: NATS down at boot must not stop a service from serving its
            // reads. The client connects in the background (and reconnects forever) while
            // live messages queue and then drop, as in any outage.
            Err(error) => {
                tracing::warn!(
                    server = address.as_url_str(),
                    %error,
                    "NATS unreachable at start: going on, connecting in the background"
                );
                let (retrying, address) = options(true)?;
                retrying
                    .connect(address.clone())
                    .await
                    .with_context(|| format!("connecting to NATS at {}", address.as_url_str()))?
            }
        };
        let jetstream = jetstream::new(client.clone());
        let (live, queue) = mpsc::channel(config.live_queue.max(1));
        tokio::spawn(publish_live(client.clone(), queue));
        Ok(Self {
            inner: Arc::new(Inner {
                client,
                jetstream,
                namespace: namespace.to_owned(),
                prefix,
                stream_name: super::subject::stream_name(namespace),
                stream_ready: AtomicBool::new(false),
                limits: config.stream.clone(),
                live,
                live_dropped: AtomicU64::new(0),
            }),
        })
    }

    fn wire_subject(&self, subject: &str) -> String {
        format!("{}{subject}", self.inner.prefix)
    }

    fn event(&self, message: &async_nats::Message) -> Event {
        let subject = message.subject.as_str();
        Event {
            subject: subject
                .strip_prefix(&self.inner.prefix)
                .unwrap_or(subject)
                .to_owned(),
            headers: from_header_map(message.headers.as_ref()),
            payload: message.payload.clone(),
        }
    }

    /// Queues a live message; never waits. A full queue (the connection is down or
    /// cannot keep up) drops the message and counts it.
    pub(super) fn publish(&self, subject: &str, headers: &Headers, payload: Bytes) -> Result<()> {
        let message = Live {
            subject: self.wire_subject(subject),
            headers: to_header_map(headers)?,
            payload,
        };
        if self.inner.live.try_send(message).is_err() {
            let dropped = self.inner.live_dropped.fetch_add(1, Ordering::Relaxed) + 1;
            // The first drop, then one line per 10k, so an outage does not flood the log.
            if dropped % 10_000 == 1 {
                tracing::warn!(
                    dropped,
                    connected = self.is_ready(),
                    "live message queue full: dropping live messages until NATS takes them again"
                );
            }
        }
        Ok(())
    }

    pub(super) fn live_dropped(&self) -> u64 {
        self.inner.live_dropped.load(Ordering::Relaxed)
    }

    pub(super) async fn publish_durable(
        &self,
        subject: &str,
        headers: &Headers,
        payload: Bytes,
    ) -> Result<()> {
        self.ensure_stream().await?;
        let wire_subject = self.wire_subject(subject);
        let header_map = to_header_map(headers)?;
        let ack = self
            .inner
            .jetstream
            .publish_with_headers(wire_subject.clone(), header_map.clone(), payload.clone())
            .await
            .with_context(|| format!("publishing durable event to {subject}"))?
            .await;
        match ack {
            Ok(_) => Ok(()),
            // The stream was deleted behind our back (or by `destroy_namespace`):
            // recreate it once rather than fail every publish until restart.
            Err(e) if e.kind() == PublishErrorKind::StreamNotFound => {
                self.inner.stream_ready.store(false, Ordering::Release);
                self.ensure_stream().await?;
                self.inner
                    .jetstream
                    .publish_with_headers(wire_subject, header_map, payload)
                    .await?
                    .await
                    .map(|_| ())
                    .with_context(|| format!("durable event to {subject} not acknowledged"))
            }
            Err(e) => {
                Err(anyhow!(e).context(format!("durable event to {subject} not acknowledged")))
            }
        }
    }

    pub(super) async fn subscribe(&self, pattern: &str) -> Result<BoxStream<'static, Event>> {
        let subscriber = self
            .inner
            .client
            .subscribe(self.wire_subject(pattern))
            .await
            .with_context(|| format!("subscribing to {pattern}"))?;
        // Push the SUB out now, so that a publish made after `subscribe` returns is seen.
        self.inner
            .client
            .flush()
            .await
            .context("flushing subscription")?;
        let bus = self.clone();
        Ok(subscriber.map(move |message| bus.event(&message)).boxed())
    }

    async fn ensure_stream(&self) -> Result<()> {
        if !self.inner.stream_ready.load(Ordering::Acquire) {
            self.stream().await?;
        }
        Ok(())
    }

    async fn stream(&self) -> Result<stream::Stream> {
        let inner = &self.inner;
        let limits = &inner.limits;
        // Create, or bring the limits of an existing stream to the configuration.
        inner
            .jetstream
            .create_or_update_stream(stream::Config {
                name: inner.stream_name.clone(),
                subjects: vec![format!("{}{DURABLE_ROOT}.>", inner.prefix)],
                storage: stream::StorageType::File,
                retention: stream::RetentionPolicy::Limits,
                max_bytes: limits.max_bytes,
                max_age: Duration::from_secs(limits.max_age_secs),
                discard: stream::DiscardPolicy::Old,
                duplicate_window: Duration::from_secs(limits.duplicate_window_secs),
                ..Default::default()
            })
            .await
            .with_context(|| format!("creating JetStream stream {}", inner.stream_name))?;
        let stream = inner
            .jetstream
            .get_stream(&inner.stream_name)
            .await
            .with_context(|| format!("looking up JetStream stream {}", inner.stream_name))?;
        inner.stream_ready.store(true, Ordering::Release);
        Ok(stream)
    }

    pub(super) async fn consume_durable(
        &self,
        name: &str,
        pattern: &str,
        options: &ConsumerOptions,
    ) -> Result<BoxStream<'static, Delivery>> {
        let filter = self.wire_subject(pattern);
        let consumer: consumer::PullConsumer = self
            .stream()
            .await?
            .get_or_create_consumer(
                name,
                consumer::pull::Config {
                    durable_name: Some(name.to_owned()),
                    filter_subject: filter.clone(),
                    deliver_policy: consumer::DeliverPolicy::All,
                    ack_policy: consumer::AckPolicy::Explicit,
                    ack_wait: options.ack_wait,
                    // One more than `consume` attempts: see `ConsumerOptions::max_deliver`.
                    max_deliver: i64::from(options.max_deliver.saturating_add(1)),
                    ..Default::default()
                },
            )
            .await
            .with_context(|| format!("creating durable consumer {name}"))?;
        let existing = &consumer.cached_info().config.filter_subject;
        if *existing != filter {
            bail!(
                "durable consumer {name:?} already exists with pattern {:?}, not {pattern:?}",
                existing
                    .strip_prefix(&self.inner.prefix)
                    .unwrap_or(existing)
            );
        }
        let messages = consumer
            .messages()
            .await
            .with_context(|| format!("pulling from durable consumer {name}"))?;
        let bus = self.clone();
        let name = name.to_owned();
        Ok(messages
            .filter_map(move |message| {
                let delivery = match message {
                    Ok(message) => Some(Delivery {
                        event: bus.event(&message.message),
                        handle: super::AckHandle::Nats(Box::new(message)),
                    }),
                    // Transient (missed heartbeat, reconnect): the client keeps pulling.
                    // Terminal errors (consumer deleted) end the stream after this item.
                    Err(e) => {
                        tracing::warn!(consumer = %name, error = %e, "durable consumer error");
                        None
                    }
                };
                futures::future::ready(delivery)
            })
            .boxed())
    }

    pub(super) fn is_ready(&self) -> bool {
        self.inner.client.connection_state() == async_nats::connection::State::Connected
    }

    /// Whether the client is connected, asked later (by the `sise.bus.connected` gauge);
    /// `None` once this bus is dropped: the probe does not keep the connection open.
    pub(super) fn connection_probe(&self) -> impl Fn() -> Option<bool> + Send + Sync + 'static {
        let inner = Arc::downgrade(&self.inner);
        move || {
            inner.upgrade().map(|inner| {
                inner.client.connection_state() == async_nats::connection::State::Connected
            })
        }
    }

    pub(super) fn namespace(&self) -> &str {
        &self.inner.namespace
    }

    pub(super) async fn destroy_namespace(&self) -> Result<()> {
        let inner = &self.inner;
        inner.stream_ready.store(false, Ordering::Release);
        match inner.jetstream.delete_stream(&inner.stream_name).await {
            Ok(_) => Ok(()),
            Err(e)
                if matches!(
                    e.kind(),
                    jetstream::context::DeleteStreamErrorKind::JetStream(ref js)
                        if js.error_code() == jetstream::ErrorCode::STREAM_NOT_FOUND
                ) =>
            {
                Ok(())
            }
            Err(e) => Err(anyhow!(e).context(format!("deleting stream {}", inner.stream_name))),
        }
    }
}

pub(super) async fn ack(message: &jetstream::Message) -> Result<()> {
    // Wait for the server's confirmation: after `ack` returns the event will not
    // come back, which is what callers committing side effects rely on.
    message
        .double_ack()
        .await
        .map_err(|e| anyhow!(e).context("acknowledging event"))
}

pub(super) async fn nack(message: &jetstream::Message, delay: Option<Duration>) -> Result<()> {
    message
        .ack_with(jetstream::AckKind::Nak(delay))
        .await
        .map_err(|e| anyhow!(e).context("negatively acknowledging event"))
}

/// Drains the live queue into the client. While the client reconnects, its own buffer
/// fills and `publish` waits here, not in the caller; the queue then fills and drops.
async fn publish_live(client: async_nats::Client, mut queue: mpsc::Receiver<Live>) {
    while let Some(message) = queue.recv().await {
        if let Err(error) = client
            .publish_with_headers(message.subject, message.headers, message.payload)
            .await
        {
            tracing::debug!(%error, "live publish failed");
        }
    }
}

fn to_header_map(headers: &Headers) -> Result<HeaderMap> {
    let mut map = HeaderMap::new();
    for (name, value) in headers {
        // Validated up front (`validate_headers`); the fallible forms avoid async-nats' panics.
        let name = HeaderName::try_from(name.as_str())
            .map_err(|_| anyhow!("invalid header name {name:?}"))?;
        let value: HeaderValue = value
            .parse()
            .map_err(|_| anyhow!("invalid header value for {name}"))?;
        map.insert(name, value);
    }
    Ok(map)
}

fn from_header_map(headers: Option<&HeaderMap>) -> Headers {
    headers
        .into_iter()
        .flat_map(HeaderMap::iter)
        .filter_map(|(name, values)| {
            let value = values.last()?;
            Some((name.to_string(), value.as_str().to_owned()))
        })
        .collect()
}

/// The refusal in a server error (`Permissions Violation for Subscription to "sise.x"`,
/// `… for Publish to "sise.x"`), the subject without `prefix`; `None` for other errors.
fn refusal(message: &str, prefix: &str) -> Option<Refusal> {
    let lower = message.to_ascii_lowercase();
    let rest = lower.strip_prefix("permissions violation for ")?;
    let (kind, at) = if rest.starts_with("subscription to ") {
        (
            Refusal::Subscribe as fn(String) -> Refusal,
            "subscription to ",
        )
    } else if rest.starts_with("publish to ") {
        (Refusal::Publish as fn(String) -> Refusal, "publish to ")
    } else {
        return None;
    };
    // The subject keeps its case: cut the original at the same place.
    let start = message.len() - rest.len() + at.len();
    let quoted = message.get(start..)?.trim();
    let subject = quoted
        .strip_prefix('"')
        .and_then(|q| q.split_once('"'))
        .map_or_else(
            || quoted.split_whitespace().next().unwrap_or_default(),
            |(subject, _)| subject,
        );
    let subject = subject.strip_prefix(prefix).unwrap_or(subject);
    Some(kind(subject.to_owned()))
}

/// async-nats does not sign in with credentials written in the URL
/// (`nats://user:password@host:4222`): move them into the options, so the one URL setting
/// carries them, and return the address without them (safe to log).
fn with_credentials(
    options: async_nats::ConnectOptions,
    url: &str,
) -> Result<(async_nats::ConnectOptions, async_nats::ServerAddr)> {
    // The parser's message never repeats the URL, which may hold a password.
    let address: async_nats::ServerAddr = url.parse().context("invalid NATS URL")?;
    let Some(user) = address.username() else {
        return Ok((options, address));
    };
    let decode = |text: &str| {
        percent_encoding::percent_decode_str(text)
            .decode_utf8()
            .map(|text| text.into_owned())
            .context("the NATS user or password in the URL is not UTF-8")
    };
    let user = decode(user)?;
    let password = decode(address.password().unwrap_or_default())?;
    let mut bare = address.into_inner();
    // Both only fail for URLs that cannot have credentials, which this one had.
    let _ = bare.set_username("");
    let _ = bare.set_password(None);
    let address = async_nats::ServerAddr::from_url(bare).context("invalid NATS URL")?;
    Ok((options.user_and_password(user, password), address))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_refused_subject_of_a_permissions_violation() {
        let read = |message: &str| refusal(message, "sise.");
        assert_eq!(
            read(
                r#"Permissions Violation for Subscription to "sise.events.identity.sessions_revoked""#
            ),
            Some(Refusal::Subscribe(
                "events.identity.sessions_revoked".into()
            ))
        );
        assert_eq!(
            read(r#"Permissions Violation for Subscription to "sise.Quotes.>" using queue "q""#),
            Some(Refusal::Subscribe("Quotes.>".into()))
        );
        assert_eq!(
            read(r#"Permissions Violation for Publish to "$JS.API.STREAM.INFO.SISE_EVENTS""#),
            Some(Refusal::Publish("$JS.API.STREAM.INFO.SISE_EVENTS".into()))
        );
        assert_eq!(
            read("permissions violation for publish to other.x"),
            Some(Refusal::Publish("other.x".into()))
        );
        assert_eq!(read("Maximum Payload Violation"), None);
        assert_eq!(read("Permissions Violation for Something"), None);
    }
}
