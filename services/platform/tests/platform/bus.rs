//! Bus behaviour, each case run against the in-process bus and against NATS at
//! 127.0.0.1:4222 (fresh namespace per test, stream deleted afterwards). The NATS
//! variants fail when the server is unreachable, unless `SISE_SKIP_NATS=1`.
//!
//! No sleeps: absence of a message is shown by ordering (publish the unwanted one
//! before a wanted one on the same connection, then check what arrived in between).

use std::collections::BTreeSet;
use std::future::Future;
use std::time::Duration;

use bytes::Bytes;
use futures::StreamExt;
use futures::stream::BoxStream;
use opentelemetry::trace::{TraceContextExt, TraceId, TracerProvider as _};
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::SdkTracerProvider;
use sise_platform::bus::{Bus, BusConfig, ConsumerOptions, Delivery, Event, Headers};
use sise_platform::testing::PrivateNats;
use tracing::Instrument as _;
use tracing::instrument::WithSubscriber as _;
use tracing_opentelemetry::OpenTelemetrySpanExt as _;
use tracing_subscriber::layer::SubscriberExt as _;

const NATS_URL: &str = "nats://127.0.0.1:4222";
/// Generous: only reached when something is broken, and a loaded machine is slow.
const WAIT: Duration = Duration::from_secs(15);

/// Runs `case` against the in-process bus (`inproc`) and NATS (`nats`).
macro_rules! both_buses {
    ($($case:ident),* $(,)?) => {$(
        mod $case {
            #[tokio::test]
            async fn inproc() {
                super::$case(sise_platform::bus::Bus::in_process()).await;
            }

            #[tokio::test]
            async fn nats() {
                super::with_nats(super::$case).await;
            }
        }
    )*};
}

both_buses!(
    wildcard_subscribe,
    headers_round_trip,
    durable_delivered_to_late_consumer,
    durable_consumer_resumes_after_restart,
    durable_consumers_with_one_name_share_work,
    publish_kinds_do_not_mix,
    trace_context_propagates,
);

async fn with_nats<F, Fut>(case: F)
where
    F: FnOnce(Bus) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    if std::env::var("SISE_SKIP_NATS").as_deref() == Ok("1") {
        eprintln!("SISE_SKIP_NATS=1: NATS variant skipped");
        return;
    }
    let config = BusConfig {
        url: NATS_URL.to_owned(),
        namespace: format!("t{}", rand::random::<u64>()),
        ..BusConfig::default()
    };
    let bus = Bus::connect(&config).await.unwrap_or_else(|e| {
        panic!(
            "NATS not reachable at {NATS_URL} ({e:#}); start nats-server or set SISE_SKIP_NATS=1"
        )
    });
    assert_eq!(bus.kind(), "nats");
    assert!(bus.is_ready());
    // Run the case as a task so the stream is deleted even when it panics.
    let outcome = tokio::spawn(case(bus.clone())).await;
    bus.destroy_namespace().await.expect("destroy namespace");
    if let Err(e) = outcome {
        std::panic::resume_unwind(e.into_panic());
    }
}

fn bytes(s: &str) -> Bytes {
    Bytes::copy_from_slice(s.as_bytes())
}

fn text(payload: &Bytes) -> String {
    String::from_utf8_lossy(payload).into_owned()
}

async fn next_event(stream: &mut BoxStream<'static, Event>) -> Event {
    tokio::time::timeout(WAIT, stream.next())
        .await
        .expect("timed out waiting for an event")
        .expect("subscription ended")
}

async fn next_delivery(stream: &mut BoxStream<'static, Delivery>) -> Delivery {
    tokio::time::timeout(WAIT, stream.next())
        .await
        .expect("timed out waiting for a delivery")
        .expect("consumer stream ended")
}

async fn publish(bus: &Bus, subject: &str, payload: &str) {
    bus.publish(subject, Headers::new(), bytes(payload))
        .expect("publish");
}

async fn publish_durable(bus: &Bus, subject: &str, payload: &str) {
    bus.publish_durable(subject, Headers::new(), bytes(payload))
        .await
        .expect("publish_durable");
}

async fn wildcard_subscribe(bus: Bus) {
    let mut one = bus.subscribe("quotes.*").await.expect("subscribe");
    let mut rest = bus.subscribe("quotes.>").await.expect("subscribe");

    publish(&bus, "quotes.krx.005930", "krx").await; // `>` only
    publish(&bus, "news.AAPL", "news").await; // neither
    publish(&bus, "quotesx.AAPL", "quotesx").await; // neither
    publish(&bus, "quotes", "bare").await; // neither: `>` needs a token
    publish(&bus, "quotes.AAPL", "aapl").await; // both
    publish(&bus, "quotes.MSFT", "msft").await; // both, last

    // Delivery is in order, so anything unwanted would show up before the last one.
    let mut got = Vec::new();
    for _ in 0..2 {
        let e = next_event(&mut one).await;
        got.push((e.subject, text(&e.payload)));
    }
    assert_eq!(
        got,
        [
            ("quotes.AAPL".to_owned(), "aapl".to_owned()),
            ("quotes.MSFT".to_owned(), "msft".to_owned()),
        ]
    );
    let mut got = Vec::new();
    for _ in 0..3 {
        got.push(next_event(&mut rest).await.subject);
    }
    assert_eq!(got, ["quotes.krx.005930", "quotes.AAPL", "quotes.MSFT"]);
}

async fn headers_round_trip(bus: Bus) {
    let mut headers = Headers::new();
    headers.insert("x-request-id".into(), "req-42".into());
    headers.insert("Content-Type".into(), "application/json".into());
    headers.insert("x-empty".into(), String::new());
    headers.insert("x-unicode".into(), "삼성전자 · ünïcode".into());

    let mut live = bus.subscribe("h.>").await.expect("subscribe");
    bus.publish("h.live", headers.clone(), bytes("{}"))
        .expect("publish");
    let event = next_event(&mut live).await;
    assert_eq!(event.subject, "h.live");
    assert_eq!(text(&event.payload), "{}");
    for (k, v) in &headers {
        assert_eq!(event.headers.get(k), Some(v), "live header {k}");
    }

    bus.publish_durable("events.h.durable", headers.clone(), bytes("d"))
        .await
        .expect("publish_durable");
    let mut durable = bus
        .consume_durable("headers", "events.h.>")
        .await
        .expect("consume");
    let delivery = next_delivery(&mut durable).await;
    assert_eq!(delivery.event.subject, "events.h.durable");
    for (k, v) in &headers {
        assert_eq!(delivery.event.headers.get(k), Some(v), "durable header {k}");
    }
    delivery.ack().await.expect("ack");

    // Header names NATS cannot carry are rejected up front, on both buses.
    let mut bad = Headers::new();
    bad.insert("bad:name".into(), "x".into());
    assert!(bus.publish("h.live", bad, Bytes::new()).is_err());
    let mut bad = Headers::new();
    bad.insert("x".into(), "line\r\nbreak".into());
    assert!(bus.publish("h.live", bad, Bytes::new()).is_err());
}

async fn durable_delivered_to_late_consumer(bus: Bus) {
    publish_durable(&bus, "events.orders.created", "1").await;
    publish_durable(&bus, "events.other.created", "other").await; // outside the pattern
    publish_durable(&bus, "events.orders.created", "2").await;
    publish_durable(&bus, "events.orders.paid", "3").await;

    let mut orders = bus
        .consume_durable("late-reader", "events.orders.>")
        .await
        .expect("consume");
    let mut got = Vec::new();
    for _ in 0..3 {
        let d = next_delivery(&mut orders).await;
        got.push((d.event.subject.clone(), text(&d.event.payload)));
        d.ack().await.expect("ack");
    }
    assert_eq!(
        got,
        [
            ("events.orders.created".to_owned(), "1".to_owned()),
            ("events.orders.created".to_owned(), "2".to_owned()),
            ("events.orders.paid".to_owned(), "3".to_owned()),
        ]
    );

    // Events published while the consumer exists arrive too, in order.
    publish_durable(&bus, "events.other.created", "other").await;
    publish_durable(&bus, "events.orders.created", "4").await;
    let d = next_delivery(&mut orders).await;
    assert_eq!(text(&d.event.payload), "4");
    d.ack().await.expect("ack");
}

async fn durable_consumer_resumes_after_restart(bus: Bus) {
    for n in 1..=5 {
        publish_durable(&bus, "events.jobs.run", &n.to_string()).await;
    }
    // Short ack wait: on NATS, events pulled into the first stream but never acked
    // (4 and 5 are prefetched) come back only after it.
    let options = ConsumerOptions {
        ack_wait: Duration::from_secs(2),
        ..ConsumerOptions::default()
    };

    {
        let mut worker = bus
            .consume_durable_with("worker", "events.jobs.>", options.clone())
            .await
            .expect("consume");
        let mut acked = BTreeSet::new();
        while acked.len() < 3 {
            let d = next_delivery(&mut worker).await;
            let n: u32 = text(&d.event.payload).parse().expect("number");
            if n <= 3 {
                // At-least-once: a slow ack may have caused a redelivery; acking again is fine.
                d.ack().await.expect("ack");
                acked.insert(n);
            } // else: dropped unacked, as a crash would
        }
    } // the worker stops

    let mut worker = bus
        .consume_durable_with("worker", "events.jobs.>", options)
        .await
        .expect("consume again");
    let mut seen = BTreeSet::new();
    while seen.len() < 2 {
        let d = next_delivery(&mut worker).await;
        let n: u32 = text(&d.event.payload).parse().expect("number");
        assert!(
            n >= 4,
            "event {n} was acked before the restart but delivered again"
        );
        d.ack().await.expect("ack");
        seen.insert(n);
    }
    assert_eq!(seen, BTreeSet::from([4, 5]));

    // Nothing acked comes back later either: a new event is the next thing delivered
    // (duplicates of 4 and 5 are allowed by at-least-once).
    publish_durable(&bus, "events.jobs.run", "6").await;
    loop {
        let d = next_delivery(&mut worker).await;
        let n: u32 = text(&d.event.payload).parse().expect("number");
        d.ack().await.expect("ack");
        assert!(n >= 4, "event {n} was acked but delivered again");
        if n == 6 {
            break;
        }
    }
}

async fn durable_consumers_with_one_name_share_work(bus: Bus) {
    let a = bus
        .consume_durable("shared", "events.work.*")
        .await
        .expect("consume");
    let b = bus
        .consume_durable("shared", "events.work.*")
        .await
        .expect("consume");
    for n in 0..20 {
        publish_durable(&bus, "events.work.item", &n.to_string()).await;
    }
    let mut both = futures::stream::select(a, b);
    let mut seen = Vec::new();
    while seen.len() < 20 {
        let d = tokio::time::timeout(WAIT, both.next())
            .await
            .expect("timed out")
            .expect("ended");
        seen.push(text(&d.event.payload));
        d.ack().await.expect("ack");
    }
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 20, "every event once across both streams");

    // The name is bound to its pattern.
    assert!(
        bus.consume_durable("shared", "events.other.>")
            .await
            .is_err()
    );
}

async fn publish_kinds_do_not_mix(bus: Bus) {
    let err = bus
        .publish_durable("quotes.AAPL", Headers::new(), Bytes::new())
        .await
        .expect_err("durable outside events.");
    assert!(
        err.to_string().contains("events."),
        "unclear error: {err:#}"
    );
    assert!(
        bus.publish_durable("events", Headers::new(), Bytes::new())
            .await
            .is_err()
    );
    assert!(
        bus.publish("events.market.x", Headers::new(), Bytes::new())
            .is_err()
    );
    assert!(
        bus.publish("quotes.*", Headers::new(), Bytes::new())
            .is_err()
    );
    assert!(bus.subscribe("quotes.>.x").await.is_err());
    assert!(bus.consume_durable("c", "quotes.>").await.is_err());
    assert!(bus.consume_durable("bad.name", "events.>").await.is_err());

    // A live subscription on events.> sees durable events, as a NATS one would.
    let mut live = bus.subscribe("events.>").await.expect("subscribe");
    publish_durable(&bus, "events.audit.x", "a").await;
    assert_eq!(next_event(&mut live).await.subject, "events.audit.x");
}

async fn trace_context_propagates(bus: Bus) {
    opentelemetry::global::set_text_map_propagator(TraceContextPropagator::new());
    let provider = SdkTracerProvider::builder().build();
    let subscriber = tracing_subscriber::registry()
        .with(tracing_opentelemetry::layer().with_tracer(provider.tracer("bus-test")));

    // The subscriber is scoped to this future, so parallel tests are unaffected.
    async move {
        let mut live = bus.subscribe("trace.>").await.expect("subscribe");

        // Outside any span a live tick is not traced (no root span per tick).
        publish(&bus, "trace.untraced", "u").await;
        let event = next_event(&mut live).await;
        assert_eq!(event.subject, "trace.untraced");
        assert!(!event.headers.contains_key("traceparent"));

        let root = tracing::info_span!("test.root");
        let trace_id = root.context().span().span_context().trace_id();
        assert_ne!(trace_id, TraceId::INVALID);

        async {
            publish(&bus, "trace.live", "l").await;
            publish_durable(&bus, "events.trace.d", "d").await;
        }
        .instrument(root.clone())
        .await;

        let event = next_event(&mut live).await;
        assert!(event.headers.contains_key("traceparent"));
        assert_eq!(
            event.parent_context().span().span_context().trace_id(),
            trace_id
        );
        let mut durable = bus
            .consume_durable("tracer", "events.trace.>")
            .await
            .expect("consume");
        let delivery = next_delivery(&mut durable).await;
        assert_eq!(
            delivery
                .event
                .parent_context()
                .span()
                .span_context()
                .trace_id(),
            trace_id
        );
        delivery.ack().await.expect("ack");

        // A consumer span parented on the event joins the producer's trace.
        let consumer_span = tracing::info_span!("test.consume");
        consumer_span
            .set_parent(event.parent_context())
            .expect("set parent");
        assert_eq!(
            consumer_span.context().span().span_context().trace_id(),
            trace_id
        );

        // A traceparent set by the caller is kept as is.
        let given = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
        let mut headers = Headers::new();
        headers.insert("traceparent".into(), given.into());
        root.in_scope(|| bus.publish("trace.given", headers, Bytes::new()))
            .expect("publish");
        let event = next_event(&mut live).await;
        assert_eq!(event.headers["traceparent"], given);
        assert_eq!(
            event.parent_context().span().span_context().trace_id(),
            TraceId::from_hex("0af7651916cd43dd8448eb211c80319c").expect("hex")
        );
    }
    .with_subscriber(subscriber)
    .await;
}

#[tokio::test]
async fn unreachable_nats_gives_a_bus_that_is_not_ready() {
    // NATS down at start is an outage like any other, not a start failure: the bus comes
    // back after the initial wait, not ready, and a live publish does not wait for it.
    let config = BusConfig {
        url: "nats://127.0.0.1:1".to_owned(),
        namespace: "unreachable".to_owned(),
        ..BusConfig::default()
    };
    let bus = tokio::time::timeout(WAIT, Bus::connect(&config))
        .await
        .expect("connect should go on without the server, not hang")
        .expect("a bus that connects in the background");
    assert!(!bus.is_ready());
    bus.publish("quotes.x", Headers::new(), Bytes::new())
        .expect("queued or dropped, never waited for");
}

#[tokio::test]
async fn inproc_url_gives_in_process_bus() {
    let bus = Bus::connect(&BusConfig::default()).await.expect("connect");
    assert_eq!(bus.kind(), "inproc");
    assert_eq!(bus.namespace(), "sise");
    assert!(bus.is_ready());
    assert!(bus.destroy_namespace().await.is_ok());
}

async fn wait_disconnected(bus: &Bus) {
    tokio::time::timeout(WAIT, async {
        while bus.is_ready() {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("the client notices the server is gone");
}

/// While the client reconnects, async-nats' own buffer fills and its `publish` waits;
/// `Bus::publish` must not: the message is dropped and counted instead.
#[tokio::test]
async fn live_publish_never_waits_for_a_dead_server() {
    if std::env::var("SISE_SKIP_NATS").as_deref() == Ok("1") {
        return;
    }
    let mut nats = PrivateNats::start().await;
    let bus = Bus::connect(&BusConfig {
        url: nats.url().to_owned(),
        namespace: "outage".to_owned(),
        live_queue: 64,
        ..BusConfig::default()
    })
    .await
    .expect("connect");
    publish(&bus, "quotes.up", "while up").await;
    nats.kill();
    wait_disconnected(&bus).await;

    // Far more than the client's buffer (2048 commands) and the queue together.
    let payload = Bytes::from(vec![b'x'; 512]);
    let done = tokio::time::timeout(WAIT, async {
        for n in 0..20_000 {
            bus.publish("quotes.down", Headers::new(), payload.clone())
                .expect("publish");
            if n % 256 == 0 {
                tokio::task::yield_now().await; // let the publisher task run meanwhile
            }
        }
    })
    .await;
    assert!(done.is_ok(), "publishing waited for the dead server");
    assert!(bus.live_dropped() > 0, "the overflow is counted");
}

/// A durable event queued from a request path never waits either.
#[tokio::test]
async fn background_publisher_drops_and_counts_when_the_server_is_gone() {
    if std::env::var("SISE_SKIP_NATS").as_deref() == Ok("1") {
        return;
    }
    let mut nats = PrivateNats::start().await;
    let bus = Bus::connect(&BusConfig {
        url: nats.url().to_owned(),
        namespace: "outage".to_owned(),
        background_queue: 4,
        ..BusConfig::default()
    })
    .await
    .expect("connect");
    let views = bus.background_publisher();
    nats.kill();
    wait_disconnected(&bus).await;
    for _ in 0..100 {
        views
            .publish("events.market.security_viewed", Headers::new(), bytes("v"))
            .expect("queued or dropped");
    }
    assert!(views.dropped() > 0, "the overflow is counted");
    assert!(
        views
            .publish("quotes.x", Headers::new(), Bytes::new())
            .is_err(),
        "a live subject is refused"
    );
}
