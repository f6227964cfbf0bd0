//! The fault run (issue 30; `scripts/fault-run.sh`, ignored by a plain `cargo test`): the
//! whole system at two replicas of every process kind (`crate::two_replicas`). A mix of
//! visitors' reads, live-quote
//! streams and members' writes runs for the whole run while the faults come one after
//! another: one replica of each kind SIGKILLed and started again 10 s later (market's is its
//! leader), NATS SIGKILLed for 3 s, PostgreSQL restarted as after a crash.
//!
//! Printed per fault (docs/benchmarks.md, "Fault run"): the requests that failed, when the
//! last one failed after the fault, the acknowledged posts missing from social's database
//! or never counted by market (their event lost), and the live streams: how many got a quote
//! again and the longest silence one of them saw. The run fails if an acknowledged post or
//! its event is lost, or a stream never resumes.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures::StreamExt;
use serde_json::json;
use tokio_util::sync::CancellationToken;

use crate::helpers;
use crate::two_replicas::{KINDS, System, wait_ready};
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

/// What one fault's window showed.
struct Phase {
    name: String,
    start: Instant,
    end: Instant,
}

#[tokio::test]
#[ignore = "a measurement of several minutes: scripts/fault-run.sh"]
async fn fault_run_at_two_replicas() {
    let mut system = System::start(&[], false).await;
    let (base, client) = (system.base.clone(), system.client.clone());
    let shared: Shared = Arc::new(Mutex::new(Record {
        quotes: vec![Vec::new(); STREAMS],
        ..Record::default()
    }));
    let stop = CancellationToken::new();
    let mut tokens = Vec::new();
    for n in 0..WRITERS {
        tokens.push(system.member(&format!("장애시험{n}")).await);
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
        let replica = &mut system.replicas.get_mut(kind).expect("kind")[0];
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
    system.nats.kill();
    tokio::time::sleep(Duration::from_secs(3)).await;
    system.nats.restart().await;
    tokio::time::sleep(PHASE.saturating_sub(start.elapsed())).await;
    phases.push(Phase {
        name: "NATS SIGKILL, back after 3 s".into(),
        start,
        end: Instant::now(),
    });
    let start = Instant::now();
    system.pg.restart();
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
        .connect(&system.pg.url("social"))
        .await
        .expect("social database");
    let market = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(&system.pg.url("market"))
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
    system.stop().await;
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
