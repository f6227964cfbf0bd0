//! The deployment's NATS configuration (`deploy/nats/nats.conf`, rendered from
//! `sise_platform::bus::acl`) against the bus: a private `nats-server` on a free port runs
//! that file (only its port, store directory and monitoring port changed), and each process
//! signs in with the credentials in its bus URL and does everything its list says it does
//! in production — each live subscription receives, each durable consumer consumes — and
//! no more. A refused subscription gets nothing, so it fails here; absence is shown by
//! order, not by waiting: a refused message followed by a round trip on its connection is
//! gone for good.
//!
//! Needs the `nats-server` binary (`SISE_TEST_NATS_SERVER`, default `/usr/sbin/nats-server`);
//! skipped with `SISE_SKIP_NATS=1`, like the other NATS tests.

use std::time::Duration;

use bytes::Bytes;
use futures::StreamExt;
use sise_platform::bus::acl::{self, PROCESSES, Permissions, subjects};
use sise_platform::bus::{Bus, BusConfig, Headers, Refusal, subject_matches};
use sise_platform::testing::PrivateNats;

/// Bound of each wait (a liveness bound: every wait ends as soon as its event arrives).
const WAIT: Duration = Duration::from_secs(15);

async fn connect(server: &PrivateNats, user: &str) -> Bus {
    let config = BusConfig {
        url: server.url_of(user),
        namespace: acl::SHIPPED_NAMESPACE.to_owned(),
        ..BusConfig::default()
    };
    tokio::time::timeout(WAIT, Bus::connect(&config))
        .await
        .expect("connect in time")
        .unwrap_or_else(|e| panic!("{user} signs in: {e:#}"))
}

/// A subject under `pattern`.
fn concrete(pattern: &str) -> String {
    pattern.replace('>', "test").replace('*', "x")
}

/// Publishes `subject` from `publisher` (live, or durably under `events.`) until `stream`
/// yields it (a subscription on another connection becomes active at the server a moment
/// after `subscribe` returns); returns the subjects that arrived before it.
async fn publish_until_received(
    publisher: &Bus,
    stream: &mut futures::stream::BoxStream<'static, sise_platform::bus::Event>,
    subject: &str,
) -> Vec<String> {
    let mut before = Vec::new();
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        if subject.starts_with("events.") {
            publisher
                .publish_durable(subject, Headers::new(), Bytes::new())
                .await
                .unwrap_or_else(|e| panic!("{subject} is published: {e:#}"));
        } else {
            publisher
                .publish(subject, Headers::new(), Bytes::new())
                .expect("published");
        }
        let until = (tokio::time::Instant::now() + Duration::from_millis(100)).min(deadline);
        while let Ok(Some(event)) = tokio::time::timeout_at(until, stream.next()).await {
            if event.subject == subject {
                return before;
            }
            before.push(event.subject);
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{subject} never arrived (a refused subscription receives nothing)"
        );
    }
}

/// The process that publishes what `pattern` subscribes to, and the subject it uses.
fn publisher_of(pattern: &str) -> (&'static Permissions, String) {
    let subject = concrete(pattern);
    let process = PROCESSES
        .iter()
        .find(|p| {
            p.publishes
                .iter()
                .chain(p.publishes_durable)
                .any(|published| subject_matches(published, &subject))
        })
        .unwrap_or_else(|| panic!("nobody publishes what {pattern} subscribes to"));
    (process, subject)
}

#[tokio::test]
async fn credentials_in_the_bus_url_sign_in() {
    let Some(server) = PrivateNats::start_deployed(|conf| conf).await else {
        return;
    };
    for process in &PROCESSES {
        let bus = connect(&server, process.user).await;
        assert_eq!(bus.kind(), "nats");
    }
    for (user, password) in [("market", "wrong"), ("nobody", "x"), ("", "")] {
        let config = BusConfig {
            url: if user.is_empty() {
                server.url().to_owned()
            } else {
                server.url_as(user, password)
            },
            namespace: "sise".to_owned(),
            ..BusConfig::default()
        };
        let result = tokio::time::timeout(WAIT, Bus::connect(&config))
            .await
            .expect("refused in time");
        let Err(error) = result else {
            panic!("{user:?} with {password:?} is refused");
        };
        let error = format!("{error:#}");
        assert!(
            password.is_empty() || !error.contains(password),
            "the error shows no password: {error}"
        );
    }
}

/// Every line of the list, as the process's own user: each subscription receives what its
/// publisher sends, each durable publish is stored, each consumer consumes and
/// dead-letters; nothing is refused.
#[tokio::test]
async fn each_process_may_do_everything_its_list_says() {
    let Some(server) = PrivateNats::start_deployed(|conf| conf).await else {
        return;
    };
    let mut buses = Vec::new();
    for process in &PROCESSES {
        buses.push((process, connect(&server, process.user).await));
    }
    let bus_of = |user: &str| {
        buses
            .iter()
            .find(|(p, _)| p.user == user)
            .map(|(_, bus)| bus.clone())
            .expect("bus")
    };
    for (process, bus) in &buses {
        let user = process.user;
        for subject in process.publishes {
            bus.publish(&concrete(subject), Headers::new(), Bytes::new())
                .unwrap_or_else(|e| panic!("{user} publishes {subject}: {e:#}"));
        }
        for subject in process.publishes_durable {
            tokio::time::timeout(
                WAIT,
                bus.publish_durable(subject, Headers::new(), Bytes::new()),
            )
            .await
            .expect("an answer in time")
            .unwrap_or_else(|e| panic!("{user} publishes {subject} durably: {e:#}"));
        }
        for pattern in process.subscribes {
            let mut stream = bus
                .subscribe(pattern)
                .await
                .unwrap_or_else(|e| panic!("{user} subscribes to {pattern}: {e:#}"));
            let (publisher, subject) = publisher_of(pattern);
            publish_until_received(&bus_of(publisher.user), &mut stream, &subject).await;
        }
        for consumer in process.consumes {
            let (publisher, subject) = publisher_of(consumer.pattern);
            bus_of(publisher.user)
                .publish_durable(&subject, Headers::new(), Bytes::new())
                .await
                .expect("the consumed event is published");
            let mut deliveries = bus
                .consume_durable(consumer.name, consumer.pattern)
                .await
                .unwrap_or_else(|e| panic!("{user} consumes {}: {e:#}", consumer.name));
            let delivery = tokio::time::timeout(WAIT, deliveries.next())
                .await
                .expect("a delivery in time")
                .expect("stream open");
            assert!(subject_matches(consumer.pattern, &delivery.event.subject));
            delivery
                .ack()
                .await
                .unwrap_or_else(|e| panic!("{user} acknowledges: {e:#}"));
        }
        for dead in process.dead_letters() {
            bus.publish_durable(&dead, Headers::new(), Bytes::new())
                .await
                .unwrap_or_else(|e| panic!("{user} dead-letters to {dead}: {e:#}"));
        }
    }
    // Every refusal has come back by now: each connection made a round trip since.
    for (process, bus) in &buses {
        assert!(
            bus.refused().is_empty(),
            "{} was refused: {:?}",
            process.user,
            bus.refused()
        );
    }
}

#[tokio::test]
async fn no_process_speaks_for_another() {
    let Some(server) = PrivateNats::start_deployed(|conf| conf).await else {
        return;
    };
    let market = connect(&server, "market").await;
    let identity = connect(&server, "identity").await;
    let gateway = connect(&server, "gateway").await;
    let social = connect(&server, "social").await;
    // The stream exists, so a refusal below is the permission and nothing else.
    market
        .publish_durable(subjects::NEWS_PUBLISHED, Headers::new(), Bytes::new())
        .await
        .expect("market publishes");
    // Together: each refusal is a JetStream publish that is never acknowledged.
    let refusals = [
        (&identity, subjects::SECURITY_VIEWED),
        (&gateway, "events.gateway.any"),
        (&social, "events.social.any"),
        (&market, "events.market.unlisted"),
    ]
    .map(|(bus, subject)| async move {
        let refused = tokio::time::timeout(
            WAIT,
            bus.publish_durable(subject, Headers::new(), Bytes::new()),
        )
        .await
        .expect("an answer in time");
        assert!(refused.is_err(), "{subject} is refused");
    });
    futures::future::join_all(refusals).await;

    // A quote published by anyone but market never reaches a subscriber. Once market's
    // first quote has arrived the subscription is active; identity's refused quote is
    // followed by a round trip on its connection (the server handles a connection's
    // messages in order), so had it been allowed it would arrive before market's second.
    let mut quotes = gateway
        .subscribe(subjects::QUOTES)
        .await
        .expect("gateway subscribes");
    publish_until_received(&market, &mut quotes, "quotes.KOREA-A000001").await;
    identity
        .publish("quotes.KOREA-A000000", Headers::new(), Bytes::new())
        .ok();
    identity
        .publish_durable(subjects::SESSIONS_REVOKED, Headers::new(), Bytes::new())
        .await
        .expect("identity's round trip");
    let before = publish_until_received(&market, &mut quotes, "quotes.KOREA-A000002").await;
    assert!(
        before.iter().all(|s| s == "quotes.KOREA-A000001"),
        "only market's quotes arrive: {before:?}"
    );
}

/// A user that may not subscribe to what its process reads: the bus learns of the refusal
/// (the server's `Permissions Violation`), keeps it, and reports itself degraded.
#[tokio::test]
async fn a_refused_subscription_is_reported() {
    let revoked = format!("\"sise.{}\"", subjects::SESSIONS_REVOKED);
    let Some(server) = PrivateNats::start_deployed(|conf| {
        // Take the revocations away from the gateway (the other entries follow it).
        let taken = conf.replace(&format!(", {revoked}"), "");
        assert!(taken != conf, "the gateway's list holds {revoked}");
        taken
    })
    .await
    else {
        return;
    };
    let gateway = connect(&server, "gateway").await;
    let mut refused = gateway.watch_refused();
    let _quotes = gateway
        .subscribe(subjects::QUOTES)
        .await
        .expect("subscribe");
    let _revocations = gateway
        .subscribe(subjects::SESSIONS_REVOKED)
        .await
        .expect("subscribing returns; the refusal comes after");
    let wanted = Refusal::Subscribe(subjects::SESSIONS_REVOKED.to_owned());
    tokio::time::timeout(WAIT, refused.wait_for(|set| set.contains(&wanted)))
        .await
        .expect("the refusal arrives")
        .expect("bus alive");
    assert_eq!(
        gateway.refused().into_iter().collect::<Vec<_>>(),
        [wanted],
        "only the revocations are refused"
    );
    let degraded = gateway.degraded().expect("degraded");
    assert!(
        degraded.contains("subscription to events.identity.sessions_revoked refused"),
        "{degraded}"
    );
}
