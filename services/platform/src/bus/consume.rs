//! Supervised durable consumption: [`consume`] keeps a durable consumer running (restarts
//! with backoff when the subscription fails or ends), acks what its handler handled,
//! redelivers what failed with a growing delay, and dead-letters an event after
//! `max_deliver` failed deliveries. [`consume_message_batches`] does the same for a handler
//! that takes the events waiting at once together (one transaction for many).

use std::panic::AssertUnwindSafe;
use std::time::Duration;

use futures::{FutureExt as _, StreamExt as _};
use opentelemetry::KeyValue;
use opentelemetry::trace::TraceContextExt as _;
use tokio_util::sync::CancellationToken;
use tracing::Instrument as _;
use tracing_opentelemetry::OpenTelemetrySpanExt as _;

use super::{Bus, Delivery, Event, Headers, MSG_ID_HEADER, metrics, subject::DURABLE_ROOT};

/// Longest wait before re-subscribing, and before redelivering a failed event.
const MAX_BACKOFF: Duration = Duration::from_secs(30);
const FIRST_BACKOFF: Duration = Duration::from_millis(500);
/// Longest error text carried in a dead letter's header.
const REASON_CHARS: usize = 200;
/// Most events a batch handler takes at once ([`consume_message_batches`]).
pub const MAX_BATCH: usize = 64;

/// Where an event that failed `max_deliver` times goes:
/// `events.market.news_published` → `events.dead.market.news_published`.
pub fn dead_letter_subject(subject: &str) -> String {
    let rest = subject
        .strip_prefix(DURABLE_ROOT)
        .and_then(|rest| rest.strip_prefix('.'))
        .unwrap_or(subject);
    format!("{DURABLE_ROOT}.dead.{rest}")
}

/// A durable consumer: its name and the pattern it consumes (each is listed in
/// [`super::acl`], with the process that runs it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Consumer {
    pub name: &'static str,
    pub pattern: &'static str,
}

/// [`consume`] for a consumer of the list of who uses which subject ([`super::acl`]) whose
/// events are one protobuf message `M`: a payload that does not decode is logged and
/// acknowledged (no retry could change it), the rest go to `handler`.
pub async fn consume_messages<M, F, Fut>(
    bus: Bus,
    consumer: Consumer,
    cancel: CancellationToken,
    mut handler: F,
) where
    M: prost::Message + Default,
    F: FnMut(M) -> Fut + Send,
    Fut: std::future::Future<Output = anyhow::Result<()>> + Send,
{
    let name = consumer.name;
    consume(
        bus,
        name,
        consumer.pattern,
        cancel,
        move |event| match decode::<M>(name, event) {
            Some(message) => futures::future::Either::Left(handler(message)),
            None => futures::future::Either::Right(std::future::ready(Ok(()))),
        },
    )
    .await;
}

/// [`consume_messages`] for a handler that takes the events already waiting when it is free
/// (up to `max_batch`, itself at most [`MAX_BATCH`], first delivered first) in one call, so
/// that it can write them in one transaction instead of committing each. `Ok` acks them all.
/// If the call fails or panics, each event of the batch is then handled alone (a batch of
/// one) with the rules of [`consume`], so one poison event is redelivered and dead-lettered
/// by itself; a redelivered event is always handled alone. The handler must be idempotent
/// per event.
///
/// Each event keeps its own consumer span (in its producer's trace), open until its batch
/// is settled; the handler runs in one `bus.consume_batch` span linked to all of them.
pub async fn consume_message_batches<M, F, Fut>(
    bus: Bus,
    consumer: Consumer,
    cancel: CancellationToken,
    max_batch: usize,
    mut handler: F,
) where
    M: prost::Message + Default,
    F: FnMut(Vec<M>) -> Fut + Send,
    Fut: std::future::Future<Output = anyhow::Result<()>> + Send,
{
    let name = consumer.name;
    supervise(
        bus,
        name,
        consumer.pattern,
        cancel,
        max_batch.clamp(1, MAX_BATCH),
        move |events: Vec<Event>| {
            let messages = events
                .into_iter()
                .filter_map(|event| decode::<M>(name, event))
                .collect();
            handler(messages)
        },
    )
    .await;
}

/// The event's message, or `None` (logged) for a payload that does not decode: it is
/// acknowledged with the rest, as no retry could change it.
fn decode<M: prost::Message + Default>(consumer: &str, event: Event) -> Option<M> {
    M::decode(event.payload)
        .inspect_err(|error| {
            tracing::warn!(consumer, %error, "dropping an event that does not decode");
        })
        .ok()
}

/// Runs durable consumer `name` over `pattern` until `cancel`, calling `handler` for each
/// event. `Ok` acks the event; an error (or a panic) redelivers it later, and after the
/// consumer's `max_deliver` (`bus.consumer.max_deliver`) failed deliveries the event is
/// republished to [`dead_letter_subject`] (with `Sise-Dead-*` headers naming the consumer,
/// the attempts and the last error) and acked, so one poison event cannot stop the rest.
///
/// Events come at least once: `handler` must be idempotent, keyed by the event's natural
/// id (an upsert, an insert that ignores conflicts).
pub async fn consume<F, Fut>(
    bus: Bus,
    name: &str,
    pattern: &str,
    cancel: CancellationToken,
    mut handler: F,
) where
    F: FnMut(Event) -> Fut + Send,
    Fut: std::future::Future<Output = anyhow::Result<()>> + Send,
{
    supervise(
        bus,
        name,
        pattern,
        cancel,
        1,
        move |mut events: Vec<Event>| match events.pop() {
            Some(event) => futures::future::Either::Left(handler(event)),
            None => futures::future::Either::Right(std::future::ready(Ok(()))),
        },
    )
    .await;
}

/// The consumer loop of [`consume`] and [`consume_message_batches`]: `handler` gets up to
/// `max_batch` events at a time.
async fn supervise<F, Fut>(
    bus: Bus,
    name: &str,
    pattern: &str,
    cancel: CancellationToken,
    max_batch: usize,
    mut handler: F,
) where
    F: FnMut(Vec<Event>) -> Fut + Send,
    Fut: std::future::Future<Output = anyhow::Result<()>> + Send,
{
    let mut backoff = FIRST_BACKOFF;
    loop {
        let subscribed = tokio::select! {
            subscribed = bus.consume_durable(name, pattern) => subscribed,
            () = cancel.cancelled() => return,
        };
        match subscribed {
            Ok(mut deliveries) => loop {
                let delivery = tokio::select! {
                    delivery = deliveries.next() => delivery,
                    () = cancel.cancelled() => return,
                };
                let Some(delivery) = delivery else {
                    tracing::warn!(consumer = name, "durable consumer stream ended: restarting");
                    break;
                };
                backoff = FIRST_BACKOFF;
                // The events already here join the first (never a wait for more).
                let mut batch = vec![delivery];
                let mut ended = false;
                while batch.len() < max_batch {
                    match deliveries.next().now_or_never() {
                        Some(Some(delivery)) => batch.push(delivery),
                        Some(None) => {
                            ended = true;
                            break;
                        }
                        None => break,
                    }
                }
                handle_batch(&bus, name, batch, &mut handler).await;
                if ended {
                    tracing::warn!(consumer = name, "durable consumer stream ended: restarting");
                    break;
                }
            },
            Err(error) => tracing::warn!(
                consumer = name,
                error = format!("{error:#}"),
                retry_in_ms = backoff.as_millis() as u64,
                "durable consumer failed to start: retrying"
            ),
        }
        tokio::select! {
            () = tokio::time::sleep(backoff) => {}
            () = cancel.cancelled() => return,
        }
        backoff = (backoff * 2).min(MAX_BACKOFF);
    }
}

/// One handler call for `batch` when it holds several first deliveries, else (or when that
/// call fails) one per event.
async fn handle_batch<F, Fut>(bus: &Bus, name: &str, batch: Vec<Delivery>, handler: &mut F)
where
    F: FnMut(Vec<Event>) -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<()>>,
{
    let spans: Vec<tracing::Span> = batch.iter().map(|d| consumer_span(name, d)).collect();
    if batch.len() == 1 || batch.iter().any(|delivery| delivery.delivered() > 1) {
        for (delivery, span) in batch.into_iter().zip(spans) {
            handle(bus, name, delivery, span, handler).await;
        }
        return;
    }
    let batch_span = tracing::info_span!(
        "bus.consume_batch",
        otel.kind = "consumer",
        messaging.consumer.group.name = name,
        messaging.batch.message_count = batch.len(),
    );
    for span in &spans {
        batch_span.add_link(span.context().span().span_context().clone());
    }
    let started = std::time::Instant::now();
    let outcome = AssertUnwindSafe(handler(batch.iter().map(|d| d.event.clone()).collect()))
        .catch_unwind()
        .instrument(batch_span)
        .await;
    if let Ok(Ok(())) = outcome {
        let elapsed = started.elapsed().as_secs_f64();
        let group = [KeyValue::new(
            "messaging.consumer.group.name",
            name.to_owned(),
        )];
        // Acks go out together: a NATS ack waits for the server's confirmation.
        futures::future::join_all(batch.into_iter().zip(spans).map(|(delivery, span)| {
            metrics::PROCESS_DURATION.record(elapsed, &group);
            count(name, "acked");
            async move {
                if let Err(error) = delivery.ack().await {
                    tracing::warn!(error = format!("{error:#}"), "failed to ack event");
                }
            }
            .instrument(span)
        }))
        .await;
        return;
    }
    let error = match outcome {
        Ok(Err(error)) => format!("{error:#}"),
        _ => "the handler panicked".to_owned(),
    };
    tracing::warn!(
        consumer = name,
        events = batch.len(),
        error,
        "batch handler failed: handling its events one by one"
    );
    for (delivery, span) in batch.into_iter().zip(spans) {
        handle(bus, name, delivery, span, handler).await;
    }
}

/// The consumer span of one delivery, in its producer's trace; records how long the event
/// waited since it was published.
fn consumer_span(name: &str, delivery: &Delivery) -> tracing::Span {
    let subject = &delivery.event.subject;
    let span = tracing::info_span!(
        "bus.consume",
        otel.kind = "consumer",
        messaging.destination.name = %subject,
        messaging.consumer.group.name = name,
        trace_id = tracing::field::Empty,
        span_id = tracing::field::Empty,
    );
    let _ = span.set_parent(delivery.event.parent_context());
    crate::telemetry::record_ids(&span);
    if let Some(published) = delivery
        .event
        .headers
        .get(super::PUBLISHED_AT_HEADER)
        .and_then(|at| at.parse::<i64>().ok())
    {
        #[allow(clippy::cast_precision_loss)] // waits far below 2^52 ms
        let waited = (crate::time::now_ms() - published).max(0) as f64 / 1000.0;
        metrics::CONSUME_LAG.record(
            waited,
            &[KeyValue::new(
                "messaging.consumer.group.name",
                name.to_owned(),
            )],
        );
    }
    span
}

/// One event through `handler` (a batch of one): ack, redeliver later or dead-letter.
async fn handle<F, Fut>(
    bus: &Bus,
    name: &str,
    delivery: Delivery,
    span: tracing::Span,
    handler: &mut F,
) where
    F: FnMut(Vec<Event>) -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<()>>,
{
    let attempt = delivery.delivered();
    let max_deliver = bus.consumer_defaults().max_deliver.max(1);
    async {
        let error = if attempt > max_deliver {
            // The last attempt ended without a verdict (the process died): no more tries.
            "the consumer stopped during its last attempt".to_owned()
        } else {
            let started = std::time::Instant::now();
            let outcome = AssertUnwindSafe(handler(vec![delivery.event.clone()]))
                .catch_unwind()
                .await;
            metrics::PROCESS_DURATION.record(
                started.elapsed().as_secs_f64(),
                &[KeyValue::new(
                    "messaging.consumer.group.name",
                    name.to_owned(),
                )],
            );
            match outcome {
                Ok(Ok(())) => {
                    count(name, "acked");
                    if let Err(error) = delivery.ack().await {
                        tracing::warn!(error = format!("{error:#}"), "failed to ack event");
                    }
                    return;
                }
                Ok(Err(error)) => format!("{error:#}"),
                Err(_) => "the handler panicked".to_owned(),
            }
        };
        if attempt < max_deliver {
            count(name, "redelivered");
            let delay = redelivery_delay(attempt);
            tracing::warn!(
                consumer = name,
                attempt,
                error,
                retry_in_ms = delay.as_millis() as u64,
                "event handler failed: redelivering"
            );
            if let Err(error) = delivery.nack_after(delay).await {
                tracing::warn!(error = format!("{error:#}"), "failed to nack event");
            }
            return;
        }
        count(name, "dead");
        dead_letter(bus, name, delivery, attempt, &error).await;
    }
    .instrument(span)
    .await;
}

fn count(consumer: &str, outcome: &'static str) {
    metrics::CONSUMED.add(
        1,
        &[
            KeyValue::new("messaging.consumer.group.name", consumer.to_owned()),
            KeyValue::new("outcome", outcome),
        ],
    );
}

async fn dead_letter(bus: &Bus, name: &str, delivery: Delivery, attempt: u32, error: &str) {
    let event = &delivery.event;
    let subject = dead_letter_subject(&event.subject);
    let mut headers: Headers = event.headers.clone();
    // A retried dead-lettering is stored once; the original id would collide with the
    // original event in the stream's duplicate window.
    match headers.remove(MSG_ID_HEADER) {
        Some(id) => headers.insert(MSG_ID_HEADER.to_owned(), format!("dead:{name}:{id}")),
        None => None,
    };
    let reason: String = error
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(REASON_CHARS)
        .collect();
    headers.insert("Sise-Dead-Consumer".to_owned(), name.to_owned());
    headers.insert("Sise-Dead-Subject".to_owned(), event.subject.clone());
    headers.insert("Sise-Dead-Deliveries".to_owned(), attempt.to_string());
    headers.insert("Sise-Dead-Error".to_owned(), reason);
    match bus
        .publish_durable(&subject, headers, event.payload.clone())
        .await
    {
        Ok(()) => {
            tracing::error!(
                consumer = name,
                subject = %event.subject,
                dead_letter = %subject,
                attempts = attempt,
                error,
                "event failed every delivery: moved to the dead-letter subject"
            );
            if let Err(error) = delivery.ack().await {
                tracing::warn!(
                    error = format!("{error:#}"),
                    "failed to ack dead-lettered event"
                );
            }
        }
        Err(publish_error) => {
            tracing::warn!(
                consumer = name,
                error = format!("{publish_error:#}"),
                "failed to dead-letter event: redelivering"
            );
            let _ = delivery.nack_after(MAX_BACKOFF).await;
        }
    }
}

/// 0.5 s after the first failure, doubling, at most 30 s.
fn redelivery_delay(attempt: u32) -> Duration {
    FIRST_BACKOFF
        .saturating_mul(1 << attempt.saturating_sub(1).min(10))
        .min(MAX_BACKOFF)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dead_letter_subjects() {
        assert_eq!(
            dead_letter_subject("events.market.news_published"),
            "events.dead.market.news_published"
        );
        assert_eq!(dead_letter_subject("events.x"), "events.dead.x");
    }

    #[test]
    fn redelivery_backs_off_up_to_a_bound() {
        assert_eq!(redelivery_delay(1), Duration::from_millis(500));
        assert_eq!(redelivery_delay(2), Duration::from_secs(1));
        assert_eq!(redelivery_delay(40), MAX_BACKOFF);
    }
}
