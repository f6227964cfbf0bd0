//! The deployment's NATS configuration (`deploy/nats/nats.conf`) against the bus: a private
//! `nats-server` on a free port runs that file (only its port, store directory and
//! monitoring port changed), and each process signs in with the credentials in its bus URL
//! and does what it does in production, and no more. Absence is shown by order, not by
//! waiting: a refused message followed by a round trip on its connection is gone for good.
//!
//! Needs the `nats-server` binary (`SISE_TEST_NATS_SERVER`, default `/usr/sbin/nats-server`);
//! skipped with `SISE_SKIP_NATS=1`, like the other NATS tests.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use bytes::Bytes;
use futures::StreamExt;
use sise_platform::bus::{Bus, BusConfig, Headers};

const WAIT: Duration = Duration::from_secs(15);
const USERS: [&str; 5] = ["market", "gateway", "identity", "social", "favorites"];

struct NatsServer {
    child: Child,
    port: u16,
    _dir: tempfile::TempDir,
}

impl Drop for NatsServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn password(user: &str) -> String {
    // Characters a URL must percent-encode, so decoding is exercised too.
    format!("{user}-p@ss/w:rd%")
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

fn start_server() -> Option<NatsServer> {
    if std::env::var("SISE_SKIP_NATS").as_deref() == Ok("1") {
        eprintln!("SISE_SKIP_NATS=1: NATS configuration test skipped");
        return None;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let port = free_port();
    let text = std::fs::read_to_string(repo_root().join("deploy/nats/nats.conf"))
        .expect("deploy/nats/nats.conf");
    let store = dir.path().join("jetstream");
    let mut replaced = 0;
    let config: String = text
        .lines()
        .filter(|line| !line.starts_with("http_port:"))
        .map(|line| {
            if line.starts_with("port:") {
                replaced += 1;
                format!("port: {port}")
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
    let path = dir.path().join("nats.conf");
    std::fs::write(&path, config).expect("write config");
    let binary = std::env::var("SISE_TEST_NATS_SERVER")
        .unwrap_or_else(|_| "/usr/sbin/nats-server".to_owned());
    let mut command = Command::new(&binary);
    command
        .arg("-c")
        .arg(&path)
        .arg("-a")
        .arg("127.0.0.1")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    for user in USERS {
        command.env(
            format!("NATS_{}_PASSWORD", user.to_uppercase()),
            password(user),
        );
    }
    let child = command
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {binary} ({e}); set SISE_SKIP_NATS=1 to skip"));
    let server = NatsServer {
        child,
        port,
        _dir: dir,
    };
    let deadline = std::time::Instant::now() + WAIT;
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            std::time::Instant::now() < deadline,
            "nats-server did not listen"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    Some(server)
}

fn url(server: &NatsServer, user: &str, password: &str) -> String {
    let encode = |text: &str| {
        percent_encoding::utf8_percent_encode(text, percent_encoding::NON_ALPHANUMERIC).to_string()
    };
    format!(
        "nats://{}:{}@127.0.0.1:{}",
        encode(user),
        encode(password),
        server.port
    )
}

async fn connect(server: &NatsServer, user: &str) -> Bus {
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
    let Some(server) = start_server() else { return };
    for user in USERS {
        let bus = connect(&server, user).await;
        assert_eq!(bus.kind(), "nats");
    }
    for (user, password) in [("market", "wrong"), ("nobody", "x"), ("", "")] {
        let config = BusConfig {
            url: if user.is_empty() {
                format!("nats://127.0.0.1:{}", server.port)
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
    let Some(server) = start_server() else { return };
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
    let Some(server) = start_server() else { return };
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
