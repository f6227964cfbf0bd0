//! The deployment's NATS configuration (`deploy/nats/nats.conf`) against the bus: a private
//! `nats-server` on a free port runs that file (only its port, store directory and
//! monitoring port changed), and each process signs in with the credentials in its bus URL
//! and does what it does in production, and no more. Absence is shown by order, not by
//! waiting: a refused message followed by a round trip on its connection is gone for good.
//!
//! Needs the `nats-server` binary (`SISE_TEST_NATS_SERVER`, default `/usr/sbin/nats-server`);
//! skipped with `SISE_SKIP_NATS=1`, like the other NATS tests.

use std::time::Duration;

use bytes::Bytes;
use futures::StreamExt;
use sise_platform::bus::{Bus, BusConfig, Headers};
use sise_platform::testing::{PrivateNats, repo_root};

const WAIT: Duration = Duration::from_secs(15);
const USERS: [&str; 5] = ["market", "gateway", "identity", "social", "favorites"];

fn password(user: &str) -> String {
    // Characters a URL must percent-encode, so decoding is exercised too.
    format!("{user}-p@ss/w:rd%")
}

/// The deployment's configuration on a private server (its port and store moved), with every
/// user's password in the server's environment; `None` with `SISE_SKIP_NATS=1`.
async fn start_server() -> Option<PrivateNats> {
    if std::env::var("SISE_SKIP_NATS").as_deref() == Ok("1") {
        eprintln!("SISE_SKIP_NATS=1: NATS configuration test skipped");
        return None;
    }
    let text = std::fs::read_to_string(repo_root().join("deploy/nats/nats.conf"))
        .expect("deploy/nats/nats.conf");
    let env: Vec<(String, String)> = USERS
        .iter()
        .map(|user| {
            (
                format!("NATS_{}_PASSWORD", user.to_uppercase()),
                password(user),
            )
        })
        .collect();
    let config = |port: u16, store: &std::path::Path, _sync: &str| {
        let mut replaced = 0;
        let config: String = text
            .lines()
            .filter(|line| !line.starts_with("http_port:"))
            .map(|line| {
                if line.starts_with("port:") {
                    replaced += 1;
                    format!("host: 127.0.0.1\nport: {port}")
                } else if line.trim_start().starts_with("store_dir:") {
                    replaced += 1;
                    format!("  store_dir: \"{}\"", store.display())
                } else {
                    line.to_owned()
                }
            })
            .map(|line| line + "\n")
            .collect();
        assert_eq!(
            replaced, 2,
            "nats.conf has one `port:` and one `store_dir:` line"
        );
        config
    };
    Some(PrivateNats::start_with(config, &env).await)
}

fn url(server: &PrivateNats, user: &str, password: &str) -> String {
    let encode = |text: &str| {
        percent_encoding::utf8_percent_encode(text, percent_encoding::NON_ALPHANUMERIC).to_string()
    };
    format!(
        "nats://{}:{}@127.0.0.1:{}",
        encode(user),
        encode(password),
        server.port()
    )
}

async fn connect(server: &PrivateNats, user: &str) -> Bus {
    let config = BusConfig {
        url: url(server, user, &password(user)),
        namespace: "sise".to_owned(),
        ..BusConfig::default()
    };
    tokio::time::timeout(WAIT, Bus::connect(&config))
        .await
        .expect("connect in time")
        .unwrap_or_else(|e| panic!("{user} signs in: {e:#}"))
}

/// Publishes `subject` from `market` until `stream` yields it (a subscription on another
/// connection becomes active at the server a moment after `subscribe` returns); returns the
/// subjects that arrived before it.
async fn publish_until_received(
    market: &Bus,
    stream: &mut futures::stream::BoxStream<'static, sise_platform::bus::Event>,
    subject: &str,
) -> Vec<String> {
    let mut before = Vec::new();
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        market
            .publish(subject, Headers::new(), Bytes::new())
            .expect("market publishes a quote");
        let until = (tokio::time::Instant::now() + Duration::from_millis(100)).min(deadline);
        while let Ok(Some(event)) = tokio::time::timeout_at(until, stream.next()).await {
            if event.subject == subject {
                return before;
            }
            before.push(event.subject);
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{subject} never arrived"
        );
    }
}

#[tokio::test]
async fn credentials_in_the_bus_url_sign_in() {
    let Some(server) = start_server().await else {
        return;
    };
    for user in USERS {
        let bus = connect(&server, user).await;
        assert_eq!(bus.kind(), "nats");
    }
    for (user, password) in [("market", "wrong"), ("nobody", "x"), ("", "")] {
        let config = BusConfig {
            url: if user.is_empty() {
                server.url().to_owned()
            } else {
                url(&server, user, password)
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

#[tokio::test]
async fn each_process_may_do_its_own_work() {
    let Some(server) = start_server().await else {
        return;
    };
    let market = connect(&server, "market").await;
    let gateway = connect(&server, "gateway").await;

    // Live quotes: market publishes, the gateway listens.
    let mut quotes = gateway
        .subscribe("quotes.>")
        .await
        .expect("gateway subscribes");
    publish_until_received(&market, &mut quotes, "quotes.KOREA-A005930").await;

    // Durable events through JetStream, consumed by market itself.
    market
        .publish_durable(
            "events.market.security_viewed",
            Headers::new(),
            Bytes::new(),
        )
        .await
        .expect("market publishes a durable event");
    let mut viewed = market
        .consume_durable("auth-test", "events.market.security_viewed")
        .await
        .expect("market consumes");
    let delivery = tokio::time::timeout(WAIT, viewed.next())
        .await
        .expect("a delivery in time")
        .expect("stream open");
    assert_eq!(delivery.event.subject, "events.market.security_viewed");
    delivery.ack().await.expect("market acknowledges");

    // The other services publish their own durable events.
    for user in ["identity", "social", "favorites"] {
        let bus = connect(&server, user).await;
        bus.publish_durable(&format!("events.{user}.test"), Headers::new(), Bytes::new())
            .await
            .unwrap_or_else(|e| panic!("{user} publishes its own event: {e:#}"));
    }
}

#[tokio::test]
async fn no_process_speaks_for_another() {
    let Some(server) = start_server().await else {
        return;
    };
    let market = connect(&server, "market").await;
    let identity = connect(&server, "identity").await;
    let gateway = connect(&server, "gateway").await;
    // The stream exists, so a refusal below is the permission and nothing else.
    market
        .publish_durable("events.market.created", Headers::new(), Bytes::new())
        .await
        .expect("market publishes");
    for (bus, subject) in [
        (&identity, "events.market.security_viewed"),
        (&gateway, "events.gateway.any"),
    ] {
        let refused = tokio::time::timeout(
            WAIT,
            bus.publish_durable(subject, Headers::new(), Bytes::new()),
        )
        .await
        .expect("an answer in time");
        assert!(refused.is_err(), "{subject} is refused");
    }

    // A quote published by anyone but market never reaches a subscriber. Once market's
    // first quote has arrived the subscription is active; identity's refused quote is
    // followed by a round trip on its connection (the server handles a connection's
    // messages in order), so had it been allowed it would arrive before market's second.
    let mut quotes = gateway
        .subscribe("quotes.>")
        .await
        .expect("gateway subscribes");
    publish_until_received(&market, &mut quotes, "quotes.KOREA-A000001").await;
    identity
        .publish("quotes.KOREA-A000000", Headers::new(), Bytes::new())
        .ok();
    identity
        .publish_durable("events.identity.test", Headers::new(), Bytes::new())
        .await
        .expect("identity's round trip");
    let before = publish_until_received(&market, &mut quotes, "quotes.KOREA-A000002").await;
    assert!(
        before.iter().all(|s| s == "quotes.KOREA-A000001"),
        "only market's quotes arrive: {before:?}"
    );
}
