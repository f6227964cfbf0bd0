//! The fault run (issue 30; `scripts/fault-run.sh`, ignored by a plain `cargo test`): the
//! whole system at two replicas of every process kind (identity, social, market, favorites
//! and the gateway) on a PostgreSQL cluster and a NATS server of its own, each kind behind
//! HAProxy in TCP mode with health checks on `/readyz` (what a Kubernetes Service does for
//! its pods: a new connection goes to a ready replica). A mix of visitors' reads, live-quote
//! streams and members' writes runs for the whole run while the faults come one after
//! another: one replica of each kind SIGKILLed and started again 10 s later (market's is its
//! leader), NATS SIGKILLed for 3 s, PostgreSQL restarted as after a crash.
//!
//! Printed per fault (docs/benchmarks.md, "Fault run"): the requests that failed, when the
//! last one failed after the fault, the acknowledged posts missing from social's database
//! or never counted by market (their event lost), and the live streams: how many got a quote
//! again and the longest silence one of them saw. The run fails if an acknowledged post or
//! its event is lost, or a stream never resumes.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures::StreamExt;
use serde_json::json;
use sise_platform::testing::PrivateNats;
use tokio::process::Child;
use tokio_util::sync::CancellationToken;

use crate::faults::Postgres;
use crate::{free_port, helpers, service_env, spawn};

/// Process kinds in start order: social and favorites call identity and market.
const KINDS: [&str; 5] = ["identity", "market", "social", "favorites", "gateway"];
const KAKAO_KEY: &str = "sise-dev-app-key";
const READERS: usize = 6;
const WRITERS: usize = 6;
const STREAMS: usize = 16;
/// After a kill, the replica is started again (as a Deployment would) this much later.
const RESTART_AFTER: Duration = Duration::from_secs(10);
/// Each fault's window: the fault, its recovery and a quiet stretch.
const PHASE: Duration = Duration::from_secs(30);

/// One request of the load: when it started and ended, and whether it succeeded.
struct Outcome {
    start: Instant,
    end: Instant,
    /// `None` for a success; else the status, or what failed before one came.
    failure: Option<String>,
}

/// An acknowledged post (201 with its id) and when the acknowledgement arrived.
struct Acked {
    id: i64,
    at: Instant,
}

#[derive(Default)]
struct Record {
    outcomes: Vec<Outcome>,
    acked: Vec<Acked>,
    /// Per stream: the instants its quote events arrived.
    quotes: Vec<Vec<Instant>>,
}

type Shared = Arc<Mutex<Record>>;

/// One replica: its binary, environment and port, and the process while it runs.
struct Replica {
    kind: &'static str,
    env: Vec<(String, String)>,
    port: u16,
    child: Option<Child>,
}

impl Replica {
    fn start(kind: &'static str, env: Vec<(String, String)>, port: u16) -> Self {
        let child = Some(spawn(&format!("sise-{kind}"), &env));
        Self {
            kind,
            env,
            port,
            child,
        }
    }

    async fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill().await;
        }
    }

    fn restart(&mut self) {
        self.child = Some(spawn(&format!("sise-{}", self.kind), &self.env));
    }
}

async fn wait_ready(client: &reqwest::Client, port: u16, what: &str) {
    let ready = tokio::time::timeout(Duration::from_secs(120), async {
        while !client
            .get(format!("http://127.0.0.1:{port}/readyz"))
            .send()
            .await
            .is_ok_and(|r| r.status() == 200)
        {
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    })
    .await;
    assert!(ready.is_ok(), "{what} not ready within 120 s");
}

/// HAProxy's configuration: one TCP front per kind, both replicas behind it, checked on
/// `/readyz` every 500 ms (down after 2 failures, up after 2 successes); a connection
/// refused by a dead replica is sent to the other (`redispatch`).
fn haproxy_config(fronts: &[(&str, u16, [u16; 2])]) -> String {
    let mut text = String::from(
        "global\n  maxconn 4000\n\ndefaults\n  mode tcp\n  timeout connect 1s\n  \
         timeout client 1h\n  timeout server 1h\n  timeout tunnel 1h\n  retries 2\n  \
         option redispatch\n",
    );
    for (kind, front, [a, b]) in fronts {
        text.push_str(&format!(
            "\nlisten {kind}\n  bind 127.0.0.1:{front}\n  balance roundrobin\n  \
             option httpchk GET /readyz\n  \
             server a 127.0.0.1:{a} check inter 500 fall 2 rise 2\n  \
             server b 127.0.0.1:{b} check inter 500 fall 2 rise 2\n"
        ));
    }
    text
}

/// A request's failure: `None` for a 2xx, else its status or the transport error's kind.
fn failure(result: &Result<reqwest::Response, reqwest::Error>) -> Option<String> {
    match result {
        Ok(response) if response.status().is_success() => None,
        Ok(response) => Some(response.status().as_u16().to_string()),
        Err(e) if e.is_timeout() => Some("timeout".into()),
        Err(e) if e.is_connect() => Some("connect".into()),
        Err(_) => Some("reset".into()),
    }
}

fn record(shared: &Shared, start: Instant, failure: Option<String>) {
    shared.lock().expect("record").outcomes.push(Outcome {
        start,
        end: Instant::now(),
        failure,
    });
}

/// Visitors: a quote, a day-candle page (market's database) and a board's first page.
async fn reader(client: reqwest::Client, base: String, shared: Shared, stop: CancellationToken) {
    let paths = [
        format!("/main/api/v1/quotes?security_ids={}", helpers::SAMSUNG),
        format!(
            "/main/api/v1/securities/{}/day_candles?limit=20",
            helpers::SAMSUNG
        ),
        format!("/social/api/v1/securities/{}/posts", helpers::SAMSUNG),
    ];
    let mut turn = 0usize;
    while !stop.is_cancelled() {
        turn += 1;
        let start = Instant::now();
        let response = client
            .get(format!("{base}{}", paths[turn % paths.len()]))
            .timeout(Duration::from_secs(5))
            .send()
            .await;
        record(&shared, start, failure(&response));
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A member: writes a post (a new text each time), reads their profile (identity) and their
/// favorite lists (favorites), over and over.
async fn writer(
    client: reqwest::Client,
    base: String,
    token: String,
    n: usize,
    shared: Shared,
    stop: CancellationToken,
) {
    let mut sequence = 0u64;
    while !stop.is_cancelled() {
        sequence += 1;
        let start = Instant::now();
        let response = client
            .post(format!(
                "{base}/social/api/v1/securities/{}/posts",
                helpers::SAMSUNG
            ))
            .bearer_auth(&token)
            .json(&json!({
                "content": format!("장애 시험 글 {n}-{sequence}: 오늘 장 마감 후 실적 발표"),
                "category": "opinion",
            }))
            .timeout(Duration::from_secs(5))
            .send()
            .await;
        let failed = failure(&response);
        let acked = match response {
            Ok(r) if r.status() == 201 => r
                .json::<serde_json::Value>()
                .await
                .ok()
                .and_then(|body| body["post"]["id"].as_i64()),
            _ => None,
        };
        let failed = match (failed, acked) {
            (None, None) => Some("unreadable 201".into()),
            (failed, _) => failed,
        };
        record(&shared, start, failed);
        if let Some(id) = acked {
            shared.lock().expect("record").acked.push(Acked {
                id,
                at: Instant::now(),
            });
        }
        for path in ["/main/api/users/me", "/main/api/favorite_stock_lists"] {
            let start = Instant::now();
            let response = client
                .get(format!("{base}{path}"))
                .bearer_auth(&token)
                .timeout(Duration::from_secs(5))
                .send()
                .await;
            record(&shared, start, failure(&response));
        }
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
}

/// A live quote stream, reconnecting a second after it ends, as a browser's EventSource does.
async fn streamer(
    client: reqwest::Client,
    base: String,
    n: usize,
    shared: Shared,
    stop: CancellationToken,
) {
    let url = format!(
        "{base}/main/api/v1/quotes/stream?security_ids={}",
        helpers::SAMSUNG
    );
    while !stop.is_cancelled() {
        if let Ok(response) = client.get(&url).send().await {
            let mut body = response.bytes_stream();
            let mut text = String::new();
            loop {
                let chunk = tokio::select! {
                    chunk = body.next() => chunk,
                    () = stop.cancelled() => return,
                };
                let Some(Ok(chunk)) = chunk else { break };
                text.push_str(&String::from_utf8_lossy(&chunk));
                while let Some(end) = text.find("\n\n") {
                    let event: String = text.drain(..end + 2).collect();
                    if event.contains("event: quote") || event.contains("event:quote") {
                        shared.lock().expect("record").quotes[n].push(Instant::now());
                    }
                }
            }
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// A member signed up and in through the gateway: their access token.
async fn member(client: &reqwest::Client, base: &str, kakao: &str, nickname: &str) -> String {
    let token = sise_identity::kakao::dev::sign_in(
        kakao,
        KAKAO_KEY,
        &format!("{base}/m/oauth/kakao"),
        nickname,
    )
    .await
    .expect("development sign-in");
    let agreements = json!({"service_age": true, "service": true, "private_collect": true});
    let response = client
        .post(format!("{base}/main/api/users"))
        .json(&json!({"kakao_access_token": token, "agreements": agreements}))
        .send()
        .await
        .expect("sign up");
    assert_eq!(response.status(), 201, "{:?}", response.text().await);
    let session: serde_json::Value = client
        .post(format!("{base}/main/api/session"))
        .json(&json!({"kakao_access_token": token}))
        .send()
        .await
        .expect("log in")
        .json()
        .await
        .expect("session");
    session["access_token"]
        .as_str()
        .expect("access token")
        .to_owned()
}

/// What one fault's window showed.
struct Phase {
    name: String,
    start: Instant,
    end: Instant,
}

#[tokio::test]
#[ignore = "a measurement of several minutes: scripts/fault-run.sh"]
async fn fault_run_at_two_replicas() {
    let haproxy = std::env::var("SISE_HAPROXY").unwrap_or_else(|_| "haproxy".into());
    let dir = tempfile::tempdir().expect("temp dir");
    let mut nats = PrivateNats::start().await;
    let pg = Postgres::start(&dir.path().join("pg")).await;
    let stop_kakao = CancellationToken::new();
    let kakao = sise_identity::kakao::dev::start(
        "127.0.0.1:0".parse().expect("addr"),
        KAKAO_KEY,
        1,
        stop_kakao.clone(),
    )
    .await
    .expect("development messenger provider");
    let kakao = format!("http://{kakao}");
    let client = reqwest::Client::new();

    // Ports: each kind's front and its two replicas'.
    let ports: HashMap<&str, (u16, [u16; 2])> = KINDS
        .iter()
        .map(|kind| (*kind, (free_port(), [free_port(), free_port()])))
        .collect();
    let fronts: Vec<_> = KINDS
        .iter()
        .map(|kind| (*kind, ports[kind].0, ports[kind].1))
        .collect();
    let config = dir.path().join("haproxy.cfg");
    std::fs::write(&config, haproxy_config(&fronts)).expect("haproxy.cfg");
    let _balancer = tokio::process::Command::new(&haproxy)
        .arg("-db")
        .arg("-f")
        .arg(&config)
        .stdout(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {haproxy} (apt-get install haproxy): {e}"));

    let mut common = vec![("SISE__BUS__URL".to_owned(), nats.url().to_owned())];
    let mut replicas: HashMap<&str, [Replica; 2]> = HashMap::new();
    for kind in KINDS {
        let (front, [a, b]) = ports[kind];
        let env_of = |port: u16| {
            let mut env = if kind == "gateway" {
                let mut env = common.clone();
                env.extend(
                    [
                        ("LISTEN", format!("127.0.0.1:{port}")),
                        ("SINGLE_ORIGIN", "true".into()),
                        // All the load comes from one address (HAProxy's).
                        ("LIMITS__RATE_PER_SECOND", "1000000".into()),
                        ("LIMITS__RATE_BURST", "1000000".into()),
                        ("LIMITS__MAX_STREAMS_PER_CLIENT", "1000".into()),
                    ]
                    .map(|(k, v)| (format!("SISE__GATEWAY__{k}"), v)),
                );
                env
            } else {
                service_env(&common, kind, port, &pg.url(kind))
            };
            let upper = kind.to_uppercase();
            let extra: &[(&str, String)] = match kind {
                "identity" => &[
                    ("KAKAO__API_BASE", kakao.clone()),
                    ("KAKAO__AUTH_BASE", kakao.clone()),
                    ("MEMBERSHIP__WEB_SIGNUP", "true".into()),
                ],
                "social" => &[
                    ("COMMUNITY__DAILY_POSTS", "1000000".into()),
                    ("SAMPLE_POSTS", "false".into()),
                ],
                _ => &[],
            };
            for (key, value) in extra {
                env.push((format!("SISE__SERVICES__{upper}__{key}"), value.clone()));
            }
            env
        };
        // Market's first replica leads (it takes the advisory lock first).
        let first = Replica::start(kind, env_of(a), a);
        if kind == "market" {
            wait_ready(&client, a, "market's first replica").await;
        }
        let second = Replica::start(kind, env_of(b), b);
        wait_ready(&client, a, kind).await;
        wait_ready(&client, b, kind).await;
        replicas.insert(kind, [first, second]);
        if kind != "gateway" {
            common.push((
                format!("SISE__GATEWAY__UPSTREAMS__{}", kind.to_uppercase()),
                format!("http://127.0.0.1:{front}"),
            ));
        }
    }
    let base = format!("http://127.0.0.1:{}", ports["gateway"].0);
    wait_ready(&client, ports["gateway"].0, "HAProxy's gateway front").await;
    eprintln!("fault run: 10 processes ready behind HAProxy at {base}");

    let shared: Shared = Arc::new(Mutex::new(Record {
        quotes: vec![Vec::new(); STREAMS],
        ..Record::default()
    }));
    let stop = CancellationToken::new();
    let mut tokens = Vec::new();
    for n in 0..WRITERS {
        tokens.push(member(&client, &base, &kakao, &format!("장애시험{n}")).await);
    }
    let mut load = tokio::task::JoinSet::new();
    for _ in 0..READERS {
        load.spawn(reader(
            client.clone(),
            base.clone(),
            shared.clone(),
            stop.clone(),
        ));
    }
    for (n, token) in tokens.into_iter().enumerate() {
        load.spawn(writer(
            client.clone(),
            base.clone(),
            token,
            n,
            shared.clone(),
            stop.clone(),
        ));
    }
    for n in 0..STREAMS {
        // A client of its own per stream: each its own connection, as browsers are.
        load.spawn(streamer(
            reqwest::Client::new(),
            base.clone(),
            n,
            shared.clone(),
            stop.clone(),
        ));
    }

    let run_start = Instant::now();
    tokio::time::sleep(PHASE).await;
    let mut phases = vec![Phase {
        name: "none (baseline)".into(),
        start: run_start,
        end: Instant::now(),
    }];
    for kind in KINDS {
        let start = Instant::now();
        let replica = &mut replicas.get_mut(kind).expect("kind")[0];
        replica.kill().await;
        tokio::time::sleep(RESTART_AFTER).await;
        replica.restart();
        let port = replica.port;
        wait_ready(&client, port, kind).await;
        tokio::time::sleep(PHASE.saturating_sub(start.elapsed())).await;
        let name = if kind == "market" {
            "market replica (the leader) SIGKILL".to_owned()
        } else {
            format!("{kind} replica SIGKILL")
        };
        phases.push(Phase {
            name,
            start,
            end: Instant::now(),
        });
    }
    let start = Instant::now();
    nats.kill();
    tokio::time::sleep(Duration::from_secs(3)).await;
    nats.restart().await;
    tokio::time::sleep(PHASE.saturating_sub(start.elapsed())).await;
    phases.push(Phase {
        name: "NATS SIGKILL, back after 3 s".into(),
        start,
        end: Instant::now(),
    });
    let start = Instant::now();
    pg.restart();
    tokio::time::sleep(PHASE.saturating_sub(start.elapsed())).await;
    phases.push(Phase {
        name: "PostgreSQL immediate restart".into(),
        start,
        end: Instant::now(),
    });
    stop.cancel();
    while load.join_next().await.is_some() {}
    let run_seconds = run_start.elapsed().as_secs_f64();

    // Every acknowledged post in social's database, and counted by market's consumer of
    // its event (waiting for the relays and consumers to drain).
    // The load has stopped: the record is complete.
    let record = std::mem::take(&mut *shared.lock().expect("record"));
    let ids: Vec<i64> = record.acked.iter().map(|a| a.id).collect();
    let social = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(&pg.url("social"))
        .await
        .expect("social database");
    let market = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(&pg.url("market"))
        .await
        .expect("market database");
    let stored: std::collections::HashSet<i64> =
        sqlx::query_scalar("SELECT id FROM posts WHERE id = ANY($1)")
            .bind(&ids)
            .fetch_all(&social)
            .await
            .expect("posts")
            .into_iter()
            .collect();
    let mut counted: std::collections::HashSet<i64> = std::collections::HashSet::new();
    let drained = Instant::now();
    while drained.elapsed() < Duration::from_secs(60) {
        counted = sqlx::query_scalar("SELECT post_id FROM counted_posts WHERE post_id = ANY($1)")
            .bind(&ids)
            .fetch_all(&market)
            .await
            .expect("counted posts")
            .into_iter()
            .collect();
        if counted.len() >= stored.len() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }

    println!(
        "\nfault run: {run_seconds:.0} s, {} requests, {} posts acknowledged, {} streams",
        record.outcomes.len(),
        ids.len(),
        STREAMS
    );
    println!(
        "| fault | requests | p99 | failed (what) | failures ended | posts acked | lost posts | lost events | streams with a quote again | longest stream silence |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let (mut lost_posts, mut lost_events, mut silent) = (0, 0, 0);
    for phase in &phases {
        let within = |at: Instant| at >= phase.start && at < phase.end;
        // A request belongs to the window it ended in: one sent just before a kill and cut
        // by it counts against that kill.
        let outcomes: Vec<&Outcome> = record.outcomes.iter().filter(|o| within(o.end)).collect();
        let failed: Vec<&&Outcome> = outcomes.iter().filter(|o| o.failure.is_some()).collect();
        // When the failed requests ended, after the fault (seconds).
        let ended = |o: &&&Outcome| o.end.saturating_duration_since(phase.start).as_secs_f64();
        let between = match (
            failed.iter().map(ended).reduce(f64::min),
            failed.iter().map(ended).reduce(f64::max),
        ) {
            (Some(first), Some(last)) => format!("{first:.1}–{last:.1} s"),
            _ => "–".to_owned(),
        };
        let mut kinds: std::collections::BTreeMap<&str, usize> = Default::default();
        for o in &failed {
            *kinds
                .entry(o.failure.as_deref().unwrap_or_default())
                .or_default() += 1;
        }
        let what: Vec<String> = kinds.iter().map(|(k, n)| format!("{n} {k}")).collect();
        let mut latencies: Vec<Duration> = outcomes.iter().map(|o| o.end - o.start).collect();
        latencies.sort();
        let p99 = latencies
            .get(latencies.len().saturating_sub(1) * 99 / 100)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0);
        let acked: Vec<&Acked> = record.acked.iter().filter(|a| within(a.at)).collect();
        let missing = acked.iter().filter(|a| !stored.contains(&a.id)).count();
        let uncounted = acked.iter().filter(|a| !counted.contains(&a.id)).count();
        lost_posts += missing;
        lost_events += uncounted;
        // A stream resumed when it got a quote in the last 10 s of the window; its longest
        // silence is the largest gap between quotes (or the window's edges) in the window.
        let mut resumed = 0;
        let mut longest = Duration::ZERO;
        for quotes in &record.quotes {
            let mut last = phase.start;
            for at in quotes.iter().filter(|at| within(**at)) {
                longest = longest.max(at.saturating_duration_since(last));
                last = *at;
            }
            longest = longest.max(phase.end.saturating_duration_since(last));
            if phase.end.saturating_duration_since(last) < Duration::from_secs(10) {
                resumed += 1;
            }
        }
        silent += STREAMS - resumed;
        println!(
            "| {} | {} | {p99:.0} ms | {}{} | {between} | {} | {} | {} | {}/{} | {:.1} s |",
            phase.name,
            outcomes.len(),
            failed.len(),
            if what.is_empty() {
                String::new()
            } else {
                format!(" ({})", what.join(", "))
            },
            acked.len(),
            missing,
            uncounted,
            resumed,
            STREAMS,
            longest.as_secs_f64()
        );
    }
    social.close().await;
    market.close().await;
    for [a, b] in replicas.values_mut() {
        a.kill().await;
        b.kill().await;
    }
    stop_kakao.cancel();
    pg.stop();
    assert_eq!(lost_posts, 0, "acknowledged posts lost");
    assert_eq!(
        lost_events, 0,
        "acknowledged posts whose event market never counted"
    );
    assert_eq!(
        silent, 0,
        "live streams without a quote at the end of a fault's window"
    );
}
