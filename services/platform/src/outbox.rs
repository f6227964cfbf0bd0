//! The transactional outbox: the one way a service publishes durable events.
//!
//! A durable event describes a change to the service's own rows (a news item stored, a
//! user created). Publishing it after the commit loses it when the process dies in
//! between; publishing it before commits an event for a row that may roll back. So the
//! event is written to the `outbox` table in the same transaction as the row
//! ([`enqueue`]), and a relay ([`relay`], started by the service's server) publishes
//! committed rows afterwards and deletes them:
//!
//! ```ignore
//! let mut tx = db.begin().await?;
//! sqlx::query("INSERT INTO users …").execute(&mut *tx).await?;
//! outbox::enqueue(&mut tx, "events.identity.user_created", Headers::new(), &payload).await?;
//! outbox::commit(&db, tx).await?; // commits and wakes the relay
//! ```
//!
//! Delivery is at least once. The relay publishes rows in id order with a
//! [`MSG_ID_HEADER`] of `{service}:{id}:{created_at_ms}`, so a row published again after a
//! crash (published, not yet deleted) is stored once by JetStream within the stream's
//! duplicate window (`bus.stream.duplicate_window_secs`). Consumers must still be
//! idempotent: a retry later than the window, or a replica's, is a second event.
//!
//! The relay wakes when [`commit`] says so, and looks every `bus.outbox.poll_interval_ms`
//! anyway (a commit in another replica, or one made with a plain `tx.commit()`). It
//! publishes at most `bus.outbox.batch_size` rows a round and, while the bus refuses
//! them, retries with a backoff doubling up to `bus.outbox.max_backoff_ms`; the rows wait
//! in the table meanwhile. On PostgreSQL a round claims its rows with
//! `FOR UPDATE SKIP LOCKED`, so replicas share the work instead of racing for it.
//!
//! The table comes from the platform's own migrations (`services/platform/migrations`),
//! applied to every service's database by [`Database::connect`].

use std::time::Duration;

use anyhow::{Context as _, Result};
use bytes::Bytes;
use sqlx::any::AnyRow;
use sqlx::{Any, AnyConnection, AssertSqlSafe, Row as _, Transaction};
use tokio_util::sync::CancellationToken;

use crate::bus::{self, Bus, Headers, MSG_ID_HEADER};
use crate::db::{Backend, Database};

/// First wait after the bus refused a round.
const FIRST_BACKOFF: Duration = Duration::from_millis(200);

/// Adds a durable event to the transaction `tx`: it is published once `tx` commits, and
/// never if it rolls back. The subject and headers follow
/// [`Bus::publish_durable`]'s rules, checked here; the current trace context goes into
/// the headers, so that consumers join the trace of the operation that made the event.
pub async fn enqueue(
    tx: &mut AnyConnection,
    subject: &str,
    headers: Headers,
    payload: &[u8],
) -> Result<()> {
    let event = Event::new(subject, headers, payload)?;
    enqueue_all(tx, std::slice::from_ref(&event)).await
}

/// A durable event checked and stamped with the trace context where it was made, not yet
/// written: a writer that commits other tasks' changes together (social's posts) makes
/// each in the task of its request, so the event joins that request's trace.
#[derive(Clone, Debug)]
pub struct Event {
    subject: String,
    headers: String,
    payload: Vec<u8>,
    created_at_ms: i64,
}

impl Event {
    /// The event, under [`Bus::publish_durable`]'s rules, with the current trace context.
    pub fn new(subject: &str, mut headers: Headers, payload: &[u8]) -> Result<Self> {
        bus::prepare_durable(subject, &mut headers)?;
        Ok(Self {
            subject: subject.to_owned(),
            headers: serde_json::to_string(&headers).context("encoding outbox headers")?,
            payload: payload.to_vec(),
            created_at_ms: chrono::Utc::now().timestamp_millis(),
        })
    }
}

/// Adds `events` to the transaction `tx` in one statement (see [`enqueue`]).
pub async fn enqueue_all(tx: &mut AnyConnection, events: &[Event]) -> Result<()> {
    if events.is_empty() {
        return Ok(());
    }
    let sql = format!(
        "INSERT INTO outbox (subject, headers, payload, created_at_ms) VALUES {}",
        crate::db::value_rows(events.len(), 4)
    );
    let mut query = sqlx::query(AssertSqlSafe(sql));
    for event in events {
        query = query
            .bind(event.subject.clone())
            .bind(event.headers.clone())
            .bind(event.payload.clone())
            .bind(event.created_at_ms);
    }
    query
        .execute(&mut *tx)
        .await
        .context("writing to the outbox")?;
    Ok(())
}

/// Commits `tx` and wakes the relay of `db`, so its events go out at once.
pub async fn commit(db: &Database, tx: Transaction<'_, Any>) -> Result<()> {
    tx.commit().await?;
    db.outbox_wake.notify_one();
    Ok(())
}

/// Events committed and not yet published.
pub async fn pending(db: &Database) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM outbox")
        .fetch_one(&db.pool)
        .await?)
}

/// Publishes what is pending now, round after round, until the outbox is empty; returns
/// how many events went out. For a final flush, and for tests that read the events.
pub async fn drain(db: &Database, bus: &Bus, service: &str) -> Result<usize> {
    let batch = bus.outbox_settings().batch_size.max(1);
    let mut total = 0;
    loop {
        let sent = publish_round(db, bus, service, batch).await?;
        total += sent;
        if sent < batch as usize {
            return Ok(total);
        }
    }
}

/// The relay of `service`'s outbox: publishes committed events until `cancel`, then makes
/// one last attempt to publish what is left (what it cannot stays for the next start).
pub async fn relay(db: Database, bus: Bus, service: &str, cancel: CancellationToken) {
    let settings = bus.outbox_settings().clone();
    let batch = settings.batch_size.max(1);
    let poll = Duration::from_millis(settings.poll_interval_ms.max(1));
    let max_backoff = Duration::from_millis(settings.max_backoff_ms).max(FIRST_BACKOFF);
    let mut backoff: Option<Duration> = None;
    let gauges = RelayGauges::new();
    let mut measured: Option<tokio::time::Instant> = None;
    loop {
        if cancel.is_cancelled() {
            break;
        }
        if measured.is_none_or(|at| at.elapsed() >= MEASURE_EVERY) {
            gauges.measure(&db, service).await;
            measured = Some(tokio::time::Instant::now());
        }
        let wait = match publish_round(&db, &bus, service, batch).await {
            Ok(sent) => {
                if backoff.take().is_some() {
                    tracing::info!(service, "outbox relay publishing again");
                }
                if sent == batch as usize {
                    continue; // more may be waiting
                }
                poll
            }
            Err(error) => {
                let next = backoff.map_or(FIRST_BACKOFF, |b| (b * 2).min(max_backoff));
                if backoff.is_none() {
                    tracing::warn!(
                        service,
                        error = format!("{error:#}"),
                        "outbox relay cannot publish: events wait in the outbox"
                    );
                }
                backoff = Some(next);
                next
            }
        };
        tokio::select! {
            // While backing off, a commit does not cut the wait short.
            () = db.outbox_wake.notified(), if backoff.is_none() => {}
            () = tokio::time::sleep(wait) => {}
            () = cancel.cancelled() => break,
        }
    }
    if !bus.is_ready() {
        // Each refused publish would hold the shutdown for the bus's timeout.
        tracing::info!(
            service,
            "bus down at shutdown: outbox events go out at the next start"
        );
        return;
    }
    match drain(&db, &bus, service).await {
        Ok(0) => {}
        Ok(sent) => tracing::info!(service, sent, "outbox flushed at shutdown"),
        Err(error) => tracing::warn!(
            service,
            error = format!("{error:#}"),
            "outbox not flushed at shutdown: the rest goes out at the next start"
        ),
    }
}

/// How often the relay measures its outbox for the gauges.
const MEASURE_EVERY: Duration = Duration::from_secs(5);

/// What the relay measures, by service (docs/operations.md, "Metrics"):
/// `sise.outbox.depth` and `sise.outbox.oldest_age`, events committed and not yet published
/// and how long the oldest has waited (0 when none); and its database's pool,
/// `db.client.connection.count` by state (`idle`, `used`) beside `db.client.connection.max`.
struct RelayGauges {
    depth: opentelemetry::metrics::Gauge<u64>,
    age: opentelemetry::metrics::Gauge<f64>,
    connections: opentelemetry::metrics::Gauge<u64>,
    max_connections: opentelemetry::metrics::Gauge<u64>,
}

impl RelayGauges {
    fn new() -> Self {
        let meter = crate::metrics::meter();
        Self {
            depth: meter
                .u64_gauge("sise.outbox.depth")
                .with_unit("{event}")
                .with_description("Events committed and not yet published")
                .build(),
            age: meter
                .f64_gauge("sise.outbox.oldest_age")
                .with_unit("s")
                .with_description("How long the oldest unpublished event has waited")
                .build(),
            connections: meter
                .u64_gauge("db.client.connection.count")
                .with_unit("{connection}")
                .with_description("The database pool's connections by state")
                .build(),
            max_connections: meter
                .u64_gauge("db.client.connection.max")
                .with_unit("{connection}")
                .with_description("The most connections the pool opens")
                .build(),
        }
    }

    async fn measure(&self, db: &Database, service: &str) {
        let pool = [opentelemetry::KeyValue::new(
            "db.client.connection.pool.name",
            service.to_owned(),
        )];
        let (idle, size, most) = db.connections();
        let (idle, size) = (u64::from(idle), u64::from(size));
        for (state, count) in [("idle", idle), ("used", size.saturating_sub(idle))] {
            let labels = [
                pool[0].clone(),
                opentelemetry::KeyValue::new("db.client.connection.state", state),
            ];
            self.connections.record(count, &labels);
        }
        self.max_connections.record(u64::from(most), &pool);
        let row: std::result::Result<(i64, Option<i64>), _> =
            sqlx::query_as("SELECT COUNT(*), MIN(created_at_ms) FROM outbox")
                .fetch_one(&db.pool)
                .await;
        let Ok((depth, oldest)) = row else {
            return; // the database's own failures are logged where they matter
        };
        let labels = [opentelemetry::KeyValue::new("service", service.to_owned())];
        self.depth
            .record(u64::try_from(depth).unwrap_or(0), &labels);
        let age_ms = oldest.map_or(0, |at| (crate::time::now_ms() - at).max(0));
        #[allow(clippy::cast_precision_loss)] // ages far below 2^52 ms
        self.age.record(age_ms as f64 / 1000.0, &labels);
    }
}

struct Pending {
    id: i64,
    subject: String,
    headers: Headers,
    payload: Vec<u8>,
    created_at_ms: i64,
}

impl Pending {
    fn from_row(row: &AnyRow) -> Result<Self> {
        let headers: String = row.try_get("headers")?;
        Ok(Self {
            id: row.try_get("id")?,
            subject: row.try_get("subject")?,
            headers: serde_json::from_str(&headers).context("stored outbox headers")?,
            payload: row.try_get("payload")?,
            created_at_ms: row.try_get("created_at_ms")?,
        })
    }

    /// Stable across retries of this row, distinct for every row ever written (ids are
    /// never reused; the instant guards against a database recreated from scratch).
    fn message_id(&self, service: &str) -> String {
        format!("{service}:{}:{}", self.id, self.created_at_ms)
    }
}

/// One round: up to `batch` rows in id order, published one by one, the published ones
/// deleted. Stops at the first refusal (keeping the order) and reports it once the
/// published ones are deleted.
async fn publish_round(db: &Database, bus: &Bus, service: &str, batch: u32) -> Result<usize> {
    let claim = match db.backend {
        // Replicas skip each other's claimed rows instead of publishing them twice.
        Backend::Postgres => " FOR UPDATE SKIP LOCKED",
        // One process per SQLite file: nothing to claim, and a write lock held while
        // publishing would stall the service's own writers.
        Backend::Sqlite => "",
    };
    let select = format!(
        "SELECT id, subject, headers, payload, created_at_ms FROM outbox ORDER BY id LIMIT $1{claim}"
    );
    let mut tx = match db.backend {
        Backend::Postgres => Some(db.begin().await?),
        Backend::Sqlite => None,
    };
    let rows = match tx.as_mut() {
        Some(tx) => {
            sqlx::query(AssertSqlSafe(select))
                .bind(i64::from(batch))
                .fetch_all(&mut **tx)
                .await?
        }
        None => {
            sqlx::query(AssertSqlSafe(select))
                .bind(i64::from(batch))
                .fetch_all(&db.pool)
                .await?
        }
    }
    .iter()
    .map(Pending::from_row)
    .collect::<Result<Vec<_>>>()?;

    let mut sent = Vec::with_capacity(rows.len());
    let mut refused = None;
    for row in rows {
        let mut headers = row.headers.clone();
        headers.insert(MSG_ID_HEADER.to_owned(), row.message_id(service));
        match bus
            .publish_durable(&row.subject, headers, Bytes::from(row.payload))
            .await
        {
            Ok(()) => sent.push(row.id),
            Err(error) => {
                refused = Some(error.context(format!("publishing outbox event {}", row.id)));
                break;
            }
        }
    }
    if !sent.is_empty() {
        let placeholders = (1..=sent.len())
            .map(|n| format!("${n}"))
            .collect::<Vec<_>>()
            .join(", ");
        let delete = format!("DELETE FROM outbox WHERE id IN ({placeholders})");
        let mut query = sqlx::query(AssertSqlSafe(delete));
        for id in &sent {
            query = query.bind(*id);
        }
        match tx.as_mut() {
            Some(tx) => query.execute(&mut **tx).await?,
            None => query.execute(db.writer()).await?,
        };
    }
    if let Some(tx) = tx {
        tx.commit().await?;
    }
    match refused {
        Some(error) => Err(error),
        None => Ok(sent.len()),
    }
}
