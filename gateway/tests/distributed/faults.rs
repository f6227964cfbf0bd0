//! Faults under load: the whole system as processes on a PostgreSQL server and a NATS server
//! of the test's own, while NATS is killed (SIGKILL) and restarted and PostgreSQL is
//! restarted (immediate shutdown, as after a crash).
//!
//! What must hold, counted end to end:
//! - no acknowledged durable event is lost: every news row the market committed (its outbox
//!   wrote the event in the same transaction) reaches a JetStream consumer, exactly once;
//! - live quotes resume on an open SSE stream and the stream sends a fresh snapshot;
//! - REST reads recover by themselves.
//!
//! Like the other distributed tests it needs the binaries, and PostgreSQL's server binaries
//! (`SISE_TEST_PG_BIN`, default `/usr/lib/postgresql/15/bin`) and a `nats-server`
//! ([`PrivateNats`]: `sync_interval: always` where the server knows it; `scripts/test.sh`
//! installs a recent one).

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::{free_port, helpers, service_env, spawn, upstream};
use axum::extract::State;
use axum::routing::get;
use futures::StreamExt;
use prost::Message;
use sise_platform::bus::{Bus, BusConfig};
use sise_platform::testing::PrivateNats;
use sise_proto::market::v1 as pb;

/// A PostgreSQL cluster of the test's own, in a temporary directory, with TLS on (the
/// services run as production, which refuses PostgreSQL without it).
pub(crate) struct Postgres {
    bin: PathBuf,
    data: PathBuf,
    /// A self-signed certificate and its key, made by `openssl` for this cluster.
    tls: PathBuf,
    port: u16,
    /// `fsync` on: the load run measures what a durable commit costs; the fault tests kill
    /// processes, not the machine, so the page cache survives and they keep it off.
    durable: bool,
}

impl Postgres {
    pub(crate) async fn start(dir: &Path) -> Self {
        Self::start_with(dir, false).await
    }

    pub(crate) async fn start_with(dir: &Path, durable: bool) -> Self {
        let bin = PathBuf::from(
            std::env::var("SISE_TEST_PG_BIN")
                .unwrap_or_else(|_| "/usr/lib/postgresql/15/bin".into()),
        );
        let data = dir.join("pgdata");
        std::fs::create_dir_all(&data).expect("pgdata");
        let tls = dir.join("tls");
        std::fs::create_dir_all(&tls).expect("tls dir");
        let status = std::process::Command::new("openssl")
            .args([
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            ])
            .args(["-subj", "/CN=127.0.0.1", "-keyout"])
            .arg(tls.join("server.key"))
            .arg("-out")
            .arg(tls.join("server.crt"))
            .stderr(std::process::Stdio::null())
            .status()
            .expect("openssl");
        assert!(status.success(), "openssl made no certificate");
        // The server refuses a key others may read.
        std::fs::set_permissions(
            tls.join("server.key"),
            std::os::unix::fs::PermissionsExt::from_mode(0o600),
        )
        .expect("key mode");
        let pg = Self {
            bin,
            data,
            tls,
            port: free_port(),
            durable,
        };
        // The server refuses to run as root: run it as `postgres` then.
        if is_root() {
            let status = std::process::Command::new("chown")
                .args(["-R", "postgres:postgres"])
                .arg(dir)
                .status()
                .expect("chown");
            assert!(status.success());
        }
        pg.run(
            "initdb",
            &[
                "-D",
                &pg.data_str(),
                "-U",
                "postgres",
                "--auth=trust",
                "-E",
                "UTF8",
            ],
        );
        pg.ctl(&["start"]);
        for name in ["identity", "social", "market", "favorites"] {
            pg.run(
                "createdb",
                &[
                    "-h",
                    "127.0.0.1",
                    "-p",
                    &pg.port.to_string(),
                    "-U",
                    "postgres",
                    name,
                ],
            );
        }
        pg
    }

    fn data_str(&self) -> String {
        self.data.display().to_string()
    }

    fn ctl(&self, action: &[&str]) {
        let data = self.data_str();
        let (cert, key) = (self.tls.join("server.crt"), self.tls.join("server.key"));
        let options = format!(
            "-p {} -k {data} -c listen_addresses=127.0.0.1 -c fsync={} -c ssl=on \
             -c ssl_cert_file={} -c ssl_key_file={}",
            self.port,
            if self.durable { "on" } else { "off" },
            cert.display(),
            key.display()
        );
        let log = self.data.join("server.log").display().to_string();
        let mut args = vec!["-D", &data, "-w", "-o", &options, "-l", &log];
        args.extend_from_slice(action);
        self.run("pg_ctl", &args);
    }

    /// Immediate shutdown (every connection cut, recovery on start), then start again.
    pub(crate) fn restart(&self) {
        self.ctl(&["-m", "immediate", "restart"]);
    }

    fn run(&self, program: &str, args: &[&str]) {
        let path = self.bin.join(program);
        let mut command = if is_root() {
            let mut c = std::process::Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&path);
            c
        } else {
            std::process::Command::new(&path)
        };
        let output = command.args(args).output().expect(program);
        assert!(
            output.status.success(),
            "{program} {args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }

    pub(crate) fn url(&self, database: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{database}", self.port)
    }

    pub(crate) fn stop(&self) {
        self.ctl(&["-m", "immediate", "stop"]);
    }
}

fn is_root() -> bool {
    std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// An RSS feed that grows: every request adds one item, and the feed shows the newest 20.
async fn growing_feed() -> (u16, Arc<AtomicBool>) {
    let grow = Arc::new(AtomicBool::new(true));
    let counter = Arc::new(AtomicU64::new(0));
    let state = (grow.clone(), counter);
    let app = axum::Router::new()
        .route(
            "/rss",
            get(
                |State((grow, counter)): State<(Arc<AtomicBool>, Arc<AtomicU64>)>| async move {
                    let newest = if grow.load(Ordering::SeqCst) {
                        counter.fetch_add(1, Ordering::SeqCst) + 1
                    } else {
                        counter.load(Ordering::SeqCst)
                    };
                    let items: String = (newest.saturating_sub(19).max(1)..=newest)
                        .map(|n| {
                            format!(
                                "<item><title>장애 시험 기사 {n}</title>\
                             <link>https://news.example.com/faults/{n}</link>\
                             <guid>https://news.example.com/faults/{n}</guid>\
                             <description>시험용 기사</description>\
                             <pubDate>Mon, 23 Nov 2026 09:00:00 +0900</pubDate></item>"
                            )
                        })
                        .collect();
                    (
                        [(axum::http::header::CONTENT_TYPE, "application/rss+xml")],
                        format!(
                            "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel>\
                         <title>시험 피드</title><link>https://news.example.com</link>\
                         <description>fault test</description>{items}</channel></rss>"
                        ),
                    )
                },
            ),
        )
        .with_state(state);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("feed listener");
    let port = listener.local_addr().expect("addr").port();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (port, grow)
}

/// What the SSE client saw: snapshots received and the time of the last quote event.
#[derive(Default)]
struct StreamLog {
    snapshots: u32,
    last_quote: Option<Instant>,
}

#[tokio::test]
async fn no_acknowledged_event_lost_when_nats_and_postgres_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut nats = PrivateNats::start().await;
    let pg = Postgres::start(&dir.path().join("pg")).await;
    let (feed_port, grow) = growing_feed().await;
    let namespace = "faults";

    let mut common = vec![
        ("SISE__BUS__URL".to_owned(), nats.url().to_owned()),
        ("SISE__BUS__NAMESPACE".to_owned(), namespace.to_owned()),
    ];
    let mut children = Vec::new();
    for service in ["identity", "social", "market", "favorites"] {
        let port = free_port();
        let mut env = service_env(&common, service, port, &pg.url(service));
        if service == "market" {
            for (key, value) in [
                ("NEWS__FEEDS", format!("http://127.0.0.1:{feed_port}/rss")),
                ("NEWS__POLL_INTERVAL_SECS", "1".into()),
                ("NEWS__ALLOW_PRIVATE_ADDRESSES", "true".into()),
                ("NEWS__SEED_SAMPLES", "false".into()),
            ] {
                env.push((format!("SISE__SERVICES__MARKET__{key}"), value));
            }
        }
        children.push(spawn(&format!("sise-{service}"), &env));
        common.push(upstream(service, port));
    }
    let gateway_port = free_port();
    let mut env = common.clone();
    env.push((
        "SISE__GATEWAY__LISTEN".into(),
        format!("127.0.0.1:{gateway_port}"),
    ));
    env.push(("SISE__GATEWAY__SINGLE_ORIGIN".into(), "true".into()));
    children.push(spawn("sise-gateway", &env));
    let base = format!("http://127.0.0.1:{gateway_port}");
    let client = reqwest::Client::new();
    let read = format!(
        "{base}/main/api/v1/securities/{}/day_candles?limit=5",
        helpers::SAMSUNG
    );
    let ready = tokio::time::timeout(Duration::from_secs(90), async {
        while !client
            .get(&read)
            .send()
            .await
            .is_ok_and(|r| r.status() == 200)
        {
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
    })
    .await;
    assert!(ready.is_ok(), "system not serving within 90 s");

    // The counter: a durable consumer of the news events, on the same NATS.
    let bus = Bus::connect(&BusConfig {
        url: nats.url().to_owned(),
        namespace: namespace.into(),
        ..BusConfig::default()
    })
    .await
    .expect("bus");
    let seen: Arc<Mutex<(HashSet<i64>, u64)>> = Arc::default();
    let counter = {
        let (bus, seen) = (bus.clone(), seen.clone());
        tokio::spawn(async move {
            loop {
                let Ok(mut deliveries) = bus
                    .consume_durable("faults-counter", "events.market.news_published")
                    .await
                else {
                    tokio::time::sleep(Duration::from_millis(500)).await;
                    continue;
                };
                while let Some(delivery) = deliveries.next().await {
                    if let Ok(pb::NewsPublished { news: Some(news) }) =
                        pb::NewsPublished::decode(delivery.event.payload.clone())
                    {
                        let mut seen = seen.lock().expect("seen");
                        seen.0.insert(news.id);
                        seen.1 += 1;
                    }
                    let _ = delivery.ack().await;
                }
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        })
    };

    // Load: REST reads in a loop, recording when the last success and failure were.
    let last_ok = Arc::new(Mutex::new(Instant::now()));
    let failures = Arc::new(AtomicU64::new(0));
    let reader = {
        let (client, read, last_ok, failures) = (
            client.clone(),
            read.clone(),
            last_ok.clone(),
            failures.clone(),
        );
        tokio::spawn(async move {
            loop {
                match client
                    .get(&read)
                    .timeout(Duration::from_secs(5))
                    .send()
                    .await
                {
                    Ok(r) if r.status() == 200 => {
                        *last_ok.lock().expect("last ok") = Instant::now()
                    }
                    _ => {
                        failures.fetch_add(1, Ordering::Relaxed);
                    }
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        })
    };
    // A live stream, reconnecting as a browser's EventSource would.
    let log: Arc<Mutex<StreamLog>> = Arc::default();
    let streamer = {
        let (client, log) = (client.clone(), log.clone());
        let url = format!(
            "{base}/main/api/v1/quotes/stream?security_ids={}",
            helpers::SAMSUNG
        );
        tokio::spawn(async move {
            loop {
                if let Ok(response) = client.get(&url).send().await {
                    let mut body = response.bytes_stream();
                    let mut text = String::new();
                    while let Some(Ok(chunk)) = body.next().await {
                        text.push_str(&String::from_utf8_lossy(&chunk));
                        while let Some(end) = text.find("\n\n") {
                            let event: String = text.drain(..end + 2).collect();
                            let mut log = log.lock().expect("log");
                            if event.contains("event: snapshot") || event.contains("event:snapshot")
                            {
                                log.snapshots += 1;
                            } else if event.contains("event: quote")
                                || event.contains("event:quote")
                            {
                                log.last_quote = Some(Instant::now());
                            }
                        }
                    }
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        })
    };
    let quotes_flow = |since: Instant, what: &'static str| {
        let log = log.clone();
        async move {
            let moved = tokio::time::timeout(Duration::from_secs(20), async {
                loop {
                    if log
                        .lock()
                        .expect("log")
                        .last_quote
                        .is_some_and(|t| t > since)
                    {
                        return;
                    }
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            })
            .await;
            assert!(moved.is_ok(), "no live quote within 20 s {what}");
        }
    };
    quotes_flow(Instant::now(), "before the faults").await;
    tokio::time::sleep(Duration::from_secs(3)).await;

    // Fault 1: NATS killed mid-run, back after 3 s on the same store.
    let snapshots_before = log.lock().expect("log").snapshots;
    nats.kill();
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert!(
        last_ok.lock().expect("last ok").elapsed() < Duration::from_secs(2),
        "REST reads must not need NATS"
    );
    nats.restart().await;
    let back = Instant::now();
    quotes_flow(back, "after NATS came back").await;
    // The resync follows the hub's next look at the bus (every 250 ms), so it may arrive
    // just after the first quote.
    let resynced = tokio::time::timeout(Duration::from_secs(10), async {
        while log.lock().expect("log").snapshots <= snapshots_before {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await;
    assert!(
        resynced.is_ok(),
        "the stream sent no fresh snapshot after the outage"
    );

    // Fault 2: PostgreSQL restarted as after a crash.
    tokio::time::sleep(Duration::from_secs(2)).await;
    pg.restart();
    let restarted = Instant::now();
    let recovered = tokio::time::timeout(Duration::from_secs(20), async {
        while *last_ok.lock().expect("last ok") < restarted {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    })
    .await;
    assert!(
        recovered.is_ok(),
        "REST reads did not recover within 20 s of the restart"
    );
    tokio::time::sleep(Duration::from_secs(3)).await;

    // Stop the feed growing, then every committed row must arrive as one event.
    grow.store(false, Ordering::SeqCst);
    tokio::time::sleep(Duration::from_secs(3)).await;
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(&pg.url("market"))
        .await
        .expect("market database");
    let rows: Vec<i64> = sqlx::query_scalar("SELECT id FROM news_items")
        .fetch_all(&pool)
        .await
        .expect("news rows");
    assert!(
        rows.len() > 10,
        "the feed produced only {} rows",
        rows.len()
    );
    let delivered = tokio::time::timeout(Duration::from_secs(30), async {
        loop {
            let all = {
                let seen = seen.lock().expect("seen");
                rows.iter().all(|id| seen.0.contains(id))
            };
            if all {
                return;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    })
    .await;
    let (ids, deliveries) = seen.lock().expect("seen").clone();
    let missing: Vec<_> = rows.iter().filter(|id| !ids.contains(id)).collect();
    assert!(
        delivered.is_ok(),
        "{} of {} committed news events never arrived: {missing:?}",
        missing.len(),
        rows.len()
    );
    eprintln!(
        "faults: {} rows, {} events delivered ({} distinct), {} failed reads",
        rows.len(),
        deliveries,
        ids.len(),
        failures.load(Ordering::Relaxed)
    );

    for task in [counter, reader, streamer] {
        task.abort();
    }
    pool.close().await;
    drop(children);
    pg.stop();
}
