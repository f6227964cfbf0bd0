//! The transactional outbox (`sise_platform::outbox`) and supervised consumption
//! (`sise_platform::bus::consume`), on every database backend, with the in-process bus
//! and with NATS at 127.0.0.1:4222 (a fresh namespace per test, its stream deleted
//! afterwards; `SISE_SKIP_NATS=1` skips the NATS parts).

use crate::probe;

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use bytes::Bytes;
use futures::StreamExt as _;
use futures::stream::BoxStream;
use sise_platform::bus::{self, Bus, BusConfig, ConsumerOptions, Delivery, Headers, MSG_ID_HEADER};
use sise_platform::db::{Backend, Database};
use sise_platform::outbox;
use sqlx::Row as _;
use tokio_util::sync::CancellationToken;

const NATS_URL: &str = "nats://127.0.0.1:4222";
const WAIT: Duration = Duration::from_secs(20);
const SUBJECT: &str = "events.probe.created";
const MARKER: &str = "events.probe.marker";

fn skip_nats() -> bool {
    std::env::var("SISE_SKIP_NATS").as_deref() == Ok("1")
}

async fn nats_bus(consumer: ConsumerOptions) -> Bus {
    Bus::connect(&BusConfig {
        url: NATS_URL.to_owned(),
        namespace: format!("t{}", rand::random::<u64>()),
        consumer,
        ..BusConfig::default()
    })
    .await
    .unwrap_or_else(|e| panic!("NATS not reachable at {NATS_URL} ({e:#}); or SISE_SKIP_NATS=1"))
}

/// Inserts the row `name` and its event in one transaction, committed or rolled back.
async fn insert_with_event(db: &Database, name: &str, commit: bool) {
    let mut tx = db.begin().await.expect("begin");
    sqlx::query("INSERT INTO probe_rows (name) VALUES ($1)")
        .bind(name)
        .execute(&mut *tx)
        .await
        .expect("insert");
    outbox::enqueue(&mut tx, SUBJECT, Headers::new(), name.as_bytes())
        .await
        .expect("enqueue");
    if commit {
        outbox::commit(db, tx).await.expect("commit");
    } else {
        tx.rollback().await.expect("rollback");
    }
}

async fn next(stream: &mut BoxStream<'static, Delivery>) -> Delivery {
    tokio::time::timeout(WAIT, stream.next())
        .await
        .expect("timed out waiting for an event")
        .expect("consumer stream ended")
}

/// Every event of `consumer` up to a marker published now: what was stored before it,
/// duplicates included, without guessing from timing.
async fn events_until_marker(bus: &Bus, consumer: &str, pattern: &str) -> Vec<(String, String)> {
    bus.publish_durable(MARKER, Headers::new(), Bytes::from_static(b"marker"))
        .await
        .expect("marker");
    let mut stream = bus
        .consume_durable(consumer, pattern)
        .await
        .expect("consume");
    let mut seen = Vec::new();
    loop {
        let delivery = next(&mut stream).await;
        let event = delivery.event.clone();
        delivery.ack().await.expect("ack");
        if event.subject == MARKER {
            return seen;
        }
        seen.push((
            event.subject,
            String::from_utf8_lossy(&event.payload).into_owned(),
        ));
    }
}

async fn names(db: &Database) -> Vec<String> {
    sqlx::query_scalar("SELECT name FROM probe_rows ORDER BY name")
        .fetch_all(&db.pool)
        .await
        .expect("names")
}

sise_platform::per_backend! {
    async fn a_row_and_its_event_commit_together(backend) {
        let (test_db, db) = probe::database(backend, "outbox").await;
        let bus = Bus::in_process();
        insert_with_event(&db, "rolled-back", false).await;
        insert_with_event(&db, "committed", true).await;
        assert_eq!(names(&db).await, ["committed"]);
        assert_eq!(outbox::pending(&db).await.expect("pending"), 1);

        // Nothing reaches the bus before the relay runs, and then exactly the committed one.
        assert!(events_until_marker(&bus, "c", "events.probe.>").await.is_empty());
        assert_eq!(outbox::drain(&db, &bus, "probe").await.expect("drain"), 1);
        assert_eq!(outbox::pending(&db).await.expect("pending"), 0);
        assert_eq!(
            events_until_marker(&bus, "c", "events.probe.>").await,
            [(SUBJECT.to_owned(), "committed".to_owned())]
        );
        probe::finish(test_db, db).await;
    }

    async fn the_relay_publishes_what_commits_until_stopped(backend) {
        let (test_db, db) = probe::database(backend, "outbox").await;
        let bus = Bus::in_process();
        let mut stream = bus.consume_durable("relayed", "events.probe.>").await.expect("consume");
        let stop = CancellationToken::new();
        let relay = tokio::spawn(outbox::relay(db.clone(), bus.clone(), "probe", stop.clone()));
        for name in ["a", "b", "c"] {
            insert_with_event(&db, name, true).await;
        }
        let mut got = Vec::new();
        for _ in 0..3 {
            let delivery = next(&mut stream).await;
            assert!(delivery.event.headers[MSG_ID_HEADER].starts_with("probe:"));
            got.push(String::from_utf8_lossy(&delivery.event.payload).into_owned());
            delivery.ack().await.expect("ack");
        }
        assert_eq!(got, ["a", "b", "c"], "in commit order");
        stop.cancel();
        relay.await.expect("relay stops");
        assert_eq!(outbox::pending(&db).await.expect("pending"), 0);
        probe::finish(test_db, db).await;
    }

    async fn a_relay_crash_before_the_delete_publishes_once(backend) {
        let (test_db, db) = probe::database(backend, "outbox").await;
        check_crash_is_deduplicated(&db, Bus::in_process()).await;
        if !skip_nats() {
            let bus = nats_bus(ConsumerOptions::default()).await;
            check_crash_is_deduplicated(&db, bus.clone()).await;
            bus.destroy_namespace().await.expect("destroy namespace");
        }
        probe::finish(test_db, db).await;
    }
}

/// The relay published a row and died before deleting it: the row is still there, and
/// the next relay publishes it again, with the same message id, so it is stored once.
async fn check_crash_is_deduplicated(db: &Database, bus: Bus) {
    let name = format!("crash-{}", rand::random::<u32>());
    insert_with_event(db, &name, true).await;
    let row = sqlx::query("SELECT id, subject, headers, payload, created_at_ms FROM outbox")
        .fetch_one(&db.pool)
        .await
        .expect("outbox row");
    assert_eq!(outbox::drain(db, &bus, "probe").await.expect("drain"), 1);

    // Put the row back exactly as it was: the state a crash after the publish leaves.
    let restore = match db.backend {
        Backend::Postgres => {
            "INSERT INTO outbox (id, subject, headers, payload, created_at_ms) \
             OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5)"
        }
        Backend::Sqlite => {
            "INSERT INTO outbox (id, subject, headers, payload, created_at_ms) \
             VALUES ($1, $2, $3, $4, $5)"
        }
    };
    sqlx::query(restore)
        .bind(row.get::<i64, _>("id"))
        .bind(row.get::<String, _>("subject"))
        .bind(row.get::<String, _>("headers"))
        .bind(row.get::<Vec<u8>, _>("payload"))
        .bind(row.get::<i64, _>("created_at_ms"))
        .execute(db.writer())
        .await
        .expect("restore row");
    assert_eq!(
        outbox::drain(db, &bus, "probe").await.expect("drain again"),
        1
    );

    let consumer = format!("crash-{}", rand::random::<u32>());
    assert_eq!(
        events_until_marker(&bus, &consumer, "events.probe.>").await,
        [(SUBJECT.to_owned(), name)],
        "{} bus: the event once",
        bus.kind()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_poison_event_is_dead_lettered_after_max_deliver_inproc() {
    let options = ConsumerOptions {
        max_deliver: 3,
        ..ConsumerOptions::default()
    };
    let bus = Bus::connect(&BusConfig {
        consumer: options,
        ..BusConfig::default()
    })
    .await
    .expect("bus");
    check_poison_is_dead_lettered(bus).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_poison_event_is_dead_lettered_after_max_deliver_nats() {
    if skip_nats() {
        return;
    }
    let bus = nats_bus(ConsumerOptions {
        max_deliver: 3,
        ..ConsumerOptions::default()
    })
    .await;
    let outcome = tokio::spawn(check_poison_is_dead_lettered(bus.clone())).await;
    bus.destroy_namespace().await.expect("destroy namespace");
    if let Err(e) = outcome {
        std::panic::resume_unwind(e.into_panic());
    }
}

/// A handler that always fails on "poison" (and handles the rest): after three attempts
/// the event goes to the dead-letter subject, and the next event is handled.
async fn check_poison_is_dead_lettered(bus: Bus) {
    let attempts = Arc::new(AtomicU32::new(0));
    let handled = Arc::new(tokio::sync::Notify::new());
    let stop = CancellationToken::new();
    let consumer = tokio::spawn({
        let (bus, attempts, handled, stop) =
            (bus.clone(), attempts.clone(), handled.clone(), stop.clone());
        async move {
            bus::consume(bus, "poisoned", "events.probe.>", stop, move |event| {
                let (attempts, handled) = (attempts.clone(), handled.clone());
                async move {
                    if event.payload.as_ref() == b"poison" {
                        attempts.fetch_add(1, Ordering::SeqCst);
                        anyhow::bail!("cannot handle this one");
                    }
                    handled.notify_one();
                    Ok(())
                }
            })
            .await;
        }
    });
    bus.publish_durable(SUBJECT, Headers::new(), Bytes::from_static(b"poison"))
        .await
        .expect("publish");

    let mut dead = bus
        .consume_durable("dead-reader", "events.dead.>")
        .await
        .expect("consume dead letters");
    let letter = next(&mut dead).await;
    assert_eq!(letter.event.subject, bus::dead_letter_subject(SUBJECT));
    assert_eq!(letter.event.payload.as_ref(), b"poison");
    assert_eq!(letter.event.headers["Sise-Dead-Consumer"], "poisoned");
    assert_eq!(letter.event.headers["Sise-Dead-Deliveries"], "3");
    assert!(letter.event.headers["Sise-Dead-Error"].contains("cannot handle"));
    letter.ack().await.expect("ack");
    assert_eq!(attempts.load(Ordering::SeqCst), 3);

    // The consumer goes on with the next event.
    bus.publish_durable(SUBJECT, Headers::new(), Bytes::from_static(b"fine"))
        .await
        .expect("publish");
    tokio::time::timeout(WAIT, handled.notified())
        .await
        .expect("the next event handled");
    assert_eq!(
        attempts.load(Ordering::SeqCst),
        3,
        "the poison is not retried"
    );
    stop.cancel();
    consumer.await.expect("consumer stops");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn waiting_events_are_handled_together_and_a_poison_alone_inproc() {
    let bus = Bus::connect(&BusConfig {
        consumer: ConsumerOptions {
            max_deliver: 3,
            ..ConsumerOptions::default()
        },
        ..BusConfig::default()
    })
    .await
    .expect("bus");
    // A bound below the shared one, as `services.market.trends.posts_batch_max` sets it.
    check_batches(bus, 4).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn waiting_events_are_handled_together_and_a_poison_alone_nats() {
    if skip_nats() {
        return;
    }
    let bus = nats_bus(ConsumerOptions {
        max_deliver: 3,
        ..ConsumerOptions::default()
    })
    .await;
    let outcome = tokio::spawn(check_batches(bus.clone(), bus::MAX_BATCH)).await;
    bus.destroy_namespace().await.expect("destroy namespace");
    if let Err(e) = outcome {
        std::panic::resume_unwind(e.into_panic());
    }
}

/// Twenty events waiting before a batch consumer bound to `max_batch` starts: its handler
/// takes several at once, never more than `max_batch`; a call holding the poison fails, so
/// each of that call's events is handled alone, and the poison alone is dead-lettered. Every
/// other event is handled.
async fn check_batches(bus: Bus, max_batch: usize) {
    use prost::Message as _;
    const BATCHED: bus::acl::Consumer = bus::acl::Consumer {
        name: "batched",
        pattern: "events.probe.>",
    };
    let names: Vec<String> = (0..20)
        .map(|i| {
            if i == 7 {
                "poison".to_owned()
            } else {
                format!("e{i}")
            }
        })
        .collect();
    for name in &names {
        bus.publish_durable(SUBJECT, Headers::new(), Bytes::from(name.encode_to_vec()))
            .await
            .expect("publish");
    }
    let calls = Arc::new(std::sync::Mutex::new(Vec::<(Vec<String>, bool)>::new()));
    let stop = CancellationToken::new();
    let consumer = tokio::spawn({
        let (bus, calls, stop) = (bus.clone(), calls.clone(), stop.clone());
        bus::consume_message_batches(bus, BATCHED, stop, max_batch, move |batch: Vec<String>| {
            let poisoned = batch.iter().any(|name| name == "poison");
            calls.lock().expect("lock").push((batch, !poisoned));
            async move {
                anyhow::ensure!(!poisoned, "cannot handle this one");
                Ok(())
            }
        })
    });

    let mut dead = bus
        .consume_durable("dead-reader", "events.dead.>")
        .await
        .expect("consume dead letters");
    let letter = next(&mut dead).await;
    assert_eq!(letter.event.headers["Sise-Dead-Consumer"], "batched");
    assert_eq!(letter.event.headers["Sise-Dead-Deliveries"], "3");
    assert_eq!(
        String::decode(letter.event.payload.clone()).expect("decode"),
        "poison"
    );
    letter.ack().await.expect("ack");
    tokio::time::timeout(WAIT, async {
        loop {
            let handled: std::collections::BTreeSet<String> = calls
                .lock()
                .expect("lock")
                .iter()
                .filter(|(_, ok)| *ok)
                .flat_map(|(batch, _)| batch.iter().cloned())
                .collect();
            if handled.len() == names.len() - 1 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await
    .expect("every other event handled");
    stop.cancel();
    consumer.await.expect("consumer stops");

    let calls = calls.lock().expect("lock");
    assert!(
        calls.iter().any(|(batch, _)| batch.len() > 1),
        "waiting events share a call: {calls:?}"
    );
    assert!(
        calls.iter().all(|(batch, _)| batch.len() <= max_batch),
        "no call holds more than {max_batch}: {calls:?}"
    );
    let poison_calls: Vec<usize> = calls
        .iter()
        .filter(|(batch, _)| batch.iter().any(|name| name == "poison"))
        .map(|(batch, _)| batch.len())
        .collect();
    assert_eq!(
        poison_calls.iter().filter(|&&len| len == 1).count(),
        3,
        "the poison is tried alone max_deliver times after its batch failed: {poison_calls:?}"
    );
}
