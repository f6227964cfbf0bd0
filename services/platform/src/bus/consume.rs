//! Supervised durable consumption: [`consume`] keeps a durable consumer running (restarts
//! with backoff when the subscription fails or ends), acks what its handler handled,
//! redelivers what failed with a growing delay, and dead-letters an event after
//! `max_deliver` failed deliveries.

use std::panic::AssertUnwindSafe;
use std::time::Duration;

use futures::{FutureExt as _, StreamExt as _};
use opentelemetry::KeyValue;
use tokio_util::sync::CancellationToken;
use tracing::Instrument as _;
use tracing_opentelemetry::OpenTelemetrySpanExt as _;

use super::{Bus, Delivery, Event, Headers, MSG_ID_HEADER, metrics, subject::DURABLE_ROOT};

/// Longest wait before re-subscribing, and before redelivering a failed event.
const MAX_BACKOFF: Duration = Duration::from_secs(30);
const FIRST_BACKOFF: Duration = Duration::from_millis(500);
/// Longest error text carried in a dead letter's header.
const REASON_CHARS: usize = 200;

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
        move |event| match M::decode(event.payload) {
            Ok(message) => futures::future::Either::Left(handler(message)),
            Err(error) => {
                tracing::warn!(consumer = name, %error, "dropping an event that does not decode");
                futures::future::Either::Right(std::future::ready(Ok(())))
            }
        },
    )
    .await;
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
                handle(&bus, name, delivery, &mut handler).await;
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

async fn handle<F, Fut>(bus: &Bus, name: &str, delivery: Delivery, handler: &mut F)
where
    F: FnMut(Event) -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<()>>,
{
    let subject = delivery.event.subject.clone();
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
    let attempt = delivery.delivered();
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
    let max_deliver = bus.consumer_defaults().max_deliver.max(1);
    async {
        let error = if attempt > max_deliver {
            // The last attempt ended without a verdict (the process died): no more tries.
            "the consumer stopped during its last attempt".to_owned()
        } else {
            let started = std::time::Instant::now();
            let outcome = AssertUnwindSafe(handler(delivery.event.clone()))
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
