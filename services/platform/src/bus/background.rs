//! Durable events published off the caller's path: a bounded queue drained by one task.
//!
//! For events a request produces but must not wait for (a page view counted for
//! popularity): the request only queues; when the queue is full (the bus is slow or
//! away) the event is dropped and counted, and so is one the bus refuses.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::Result;
use bytes::Bytes;
use tokio::sync::mpsc;
use tracing::Instrument as _;

use super::{Bus, Headers, subject};

struct Queued {
    subject: String,
    headers: Headers,
    payload: Bytes,
    /// The producer's span, so the publish joins the trace of the request that queued it.
    span: tracing::Span,
}

/// A handle to the queue; cheap to clone. The task ends when the last handle is dropped.
#[derive(Clone)]
pub struct BackgroundPublisher {
    queue: mpsc::Sender<Queued>,
    dropped: Arc<AtomicU64>,
}

impl std::fmt::Debug for BackgroundPublisher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BackgroundPublisher")
            .field("dropped", &self.dropped())
            .finish()
    }
}

impl BackgroundPublisher {
    pub(super) fn spawn(bus: Bus, capacity: usize) -> Self {
        let (queue, mut receiver) = mpsc::channel::<Queued>(capacity.max(1));
        let dropped = Arc::new(AtomicU64::new(0));
        let counter = dropped.clone();
        tokio::spawn(async move {
            while let Some(event) = receiver.recv().await {
                let Queued {
                    subject,
                    headers,
                    payload,
                    span,
                } = event;
                let result = bus
                    .publish_durable(&subject, headers, payload)
                    .instrument(span)
                    .await;
                if let Err(error) = result {
                    let dropped = counter.fetch_add(1, Ordering::Relaxed) + 1;
                    warn_dropped(dropped, &subject, &format!("{error:#}"));
                }
            }
        });
        Self { queue, dropped }
    }

    /// Queues a durable event; never waits. An error means the subject or headers are
    /// invalid; a full queue drops the event (counted in [`Self::dropped`]).
    pub fn publish(&self, subject: &str, headers: Headers, payload: Bytes) -> Result<()> {
        subject::validate_durable_subject(subject)?;
        subject::validate_headers(&headers)?;
        let queued = Queued {
            subject: subject.to_owned(),
            headers,
            payload,
            span: tracing::Span::current(),
        };
        if self.queue.try_send(queued).is_err() {
            let dropped = self.dropped.fetch_add(1, Ordering::Relaxed) + 1;
            warn_dropped(dropped, subject, "queue full");
        }
        Ok(())
    }

    /// Events that never reached the bus: dropped because the queue was full, or refused
    /// by the bus.
    pub fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
    }
}

/// The first loss, then one line per 1000, so an outage does not flood the log.
fn warn_dropped(dropped: u64, subject: &str, reason: &str) {
    if dropped % 1000 == 1 {
        tracing::warn!(dropped, subject, reason, "background durable event dropped");
    }
}
