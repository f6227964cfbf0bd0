//! NATS bus: core NATS for live messages, one JetStream stream per namespace for
//! durable events, durable pull consumers with explicit ack.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Context as _, Result, anyhow, bail};
use async_nats::jetstream::{self, consumer, context::PublishErrorKind, stream};
use async_nats::{HeaderMap, HeaderName, HeaderValue};
use bytes::Bytes;
use futures::StreamExt;
use futures::stream::BoxStream;

use super::{ConsumerOptions, Delivery, Event, Headers, subject::DURABLE_ROOT};

/// Durable events older than this are dropped by the server (limits retention).
const STREAM_MAX_AGE: Duration = Duration::from_secs(7 * 24 * 60 * 60);

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
}

impl NatsBus {
    pub(super) async fn connect(url: &str, namespace: &str) -> Result<Self> {
        let (options, address) = with_credentials(async_nats::ConnectOptions::new(), url)?;
        let client = options
            .name(format!("sise:{namespace}"))
            .connect(address.clone())
            .await
            .with_context(|| format!("connecting to NATS at {}", address.as_url_str()))?;
        let jetstream = jetstream::new(client.clone());
        Ok(Self {
            inner: Arc::new(Inner {
                client,
                jetstream,
                namespace: namespace.to_owned(),
                prefix: format!("{namespace}."),
                stream_name: super::subject::stream_name(namespace),
                stream_ready: AtomicBool::new(false),
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

    pub(super) async fn publish(
        &self,
        subject: &str,
        headers: &Headers,
        payload: Bytes,
    ) -> Result<()> {
        self.inner
            .client
            .publish_with_headers(self.wire_subject(subject), to_header_map(headers)?, payload)
            .await
            .with_context(|| format!("publishing to {subject}"))
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
        let stream = inner
            .jetstream
            .get_or_create_stream(stream::Config {
                name: inner.stream_name.clone(),
                subjects: vec![format!("{}{DURABLE_ROOT}.>", inner.prefix)],
                storage: stream::StorageType::File,
                retention: stream::RetentionPolicy::Limits,
                max_age: STREAM_MAX_AGE,
                ..Default::default()
            })
            .await
            .with_context(|| format!("creating JetStream stream {}", inner.stream_name))?;
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

pub(super) async fn nack(message: &jetstream::Message) -> Result<()> {
    message
        .ack_with(jetstream::AckKind::Nak(None))
        .await
        .map_err(|e| anyhow!(e).context("negatively acknowledging event"))
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
