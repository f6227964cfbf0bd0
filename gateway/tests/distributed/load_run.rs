//! The load run (issue 30; `scripts/load-run.sh`, ignored by a plain `cargo test`): the check
//! of the capacity model (docs/capacity.md, "Checked against a two-replica run"). The system
//! at two replicas of every kind (`crate::two_replicas`), built for release, takes one load
//! at a time from the bench tools (`SISE_LOAD_TOOLS`: `http-load`, `sse-load`), half at each
//! gateway replica's own port: a Kubernetes Service spreads connections in the kernel, where
//! HAProxy's front would charge its own CPU to the run. The gateways reach the services
//! through HAProxy's fronts, as in the fault run.
//!
//! PostgreSQL runs with `fsync` on, as the posts figure it is set against (M13) did. The
//! loads: cached quote GETs (64 connections), members' posts (64 members, one connection
//! each) and live-quote streams (`SISE_LOAD_STREAMS`, 5,000 by default, with the simulator
//! in continuous mode as the live-quote bench runs it). Printed per load: what the tools
//! measured, summed over the two replicas, and the cores each process kind, PostgreSQL, NATS
//! and everything else (the tools, HAProxy, the machine's other work) used meanwhile. Nothing
//! is asserted: the figures go beside the model's prediction.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

use sise_bench::procfs;

use crate::helpers;
use crate::two_replicas::{KINDS, System};

/// Each load's measured window, after its tools' warm-up.
const SECONDS: u64 = 10;

/// CPU seconds so far (`sise_bench::procfs`): per process kind of ours, and the machine's
/// busy total.
#[derive(Default)]
struct Cpu {
    by_kind: BTreeMap<String, f64>,
    busy: f64,
}

/// The columns after "measured": our kinds, then PostgreSQL and NATS, then the rest.
const OTHERS: [&str; 2] = ["PostgreSQL", "NATS"];

impl Cpu {
    /// Now: our replicas by their pids, PostgreSQL and NATS by their process names.
    fn read(system: &System) -> Self {
        let mut cpu = Self {
            busy: procfs::machine_busy_seconds().unwrap_or_default(),
            ..Self::default()
        };
        let mut ours = std::collections::HashMap::new();
        for kind in KINDS {
            for replica in &system.replicas[kind] {
                if let Some(pid) = replica.pid() {
                    ours.insert(pid.to_string(), kind);
                }
            }
        }
        for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
            let pid = entry.file_name().to_string_lossy().into_owned();
            let kind = match ours.get(&pid) {
                Some(kind) => *kind,
                None => match std::fs::read_to_string(format!("/proc/{pid}/comm")) {
                    Ok(name) if name.trim_end() == "postgres" => OTHERS[0],
                    Ok(name) if name.trim_end() == "nats-server" => OTHERS[1],
                    _ => continue,
                },
            };
            // A process gone meanwhile counts for nothing.
            *cpu.by_kind.entry(kind.to_owned()).or_default() +=
                procfs::cpu_seconds(&pid).unwrap_or_default();
        }
        cpu
    }

    /// Cores used between `before` and now, over `seconds`, in the table's column order.
    fn cores_since(&self, before: &Self, seconds: f64) -> Vec<f64> {
        let used = |kind: &str| {
            let of = |cpu: &Self| cpu.by_kind.get(kind).copied().unwrap_or(0.0);
            (of(self) - of(before)).max(0.0)
        };
        let mut cores: Vec<f64> = KINDS.iter().chain(&OTHERS).map(|k| used(k)).collect();
        let named: f64 = cores.iter().sum();
        cores.push((self.busy - before.busy - named).max(0.0));
        cores.iter().map(|c| c / seconds).collect()
    }
}

fn tool(name: &str) -> PathBuf {
    let dir = std::env::var_os("SISE_LOAD_TOOLS")
        .map(PathBuf::from)
        .expect("SISE_LOAD_TOOLS: the directory of http-load and sse-load (scripts/load-run.sh)");
    dir.join(name)
}

/// Runs the tools (one per gateway replica) at once: their standard outputs, and the cores
/// each column used meanwhile.
async fn measure(
    system: &System,
    commands: Vec<tokio::process::Command>,
) -> (Vec<String>, Vec<f64>) {
    let before = Cpu::read(system);
    let started = Instant::now();
    let mut children = Vec::new();
    for mut command in commands {
        command
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::inherit())
            .kill_on_drop(true);
        children.push(command.spawn().expect("a load tool"));
    }
    let mut outputs = Vec::new();
    for child in children {
        let output = child.wait_with_output().await.expect("load tool output");
        assert!(output.status.success(), "a load tool failed");
        outputs.push(String::from_utf8_lossy(&output.stdout).into_owned());
    }
    let cores = Cpu::read(system).cores_since(&before, started.elapsed().as_secs_f64());
    (outputs, cores)
}

/// The row of an `http-load` run per gateway (`--json`): the requests a second summed, the
/// worst p99, the failures.
fn http_row(load: &str, unit: &str, outputs: &[String], cores: &[f64]) {
    let results: Vec<serde_json::Value> = outputs.iter().map(|o| json(o)).collect();
    let rps: f64 = results.iter().map(|r| number(r, "rps")).sum();
    let p99 = results
        .iter()
        .map(|r| number(r, "p99_ms"))
        .fold(0.0, f64::max);
    let errors: f64 = results
        .iter()
        .map(|r| number(r, "errors") + number(r, "non_ok"))
        .sum();
    row(
        load,
        &format!("{rps:.0} {unit}, p99 {p99:.1} ms, {errors} failed"),
        cores,
    );
}

fn json(text: &str) -> serde_json::Value {
    let line = text
        .lines()
        .rev()
        .find(|l| l.starts_with('{'))
        .unwrap_or("{}");
    serde_json::from_str(line).expect("a tool's JSON")
}

fn number(value: &serde_json::Value, field: &str) -> f64 {
    value[field].as_f64().unwrap_or(f64::NAN)
}

/// One line of the table.
fn row(load: &str, measured: &str, cores: &[f64]) {
    let cells: Vec<String> = cores.iter().map(|c| format!("{c:.2}")).collect();
    println!("| {load} | {measured} | {} |", cells.join(" | "));
}

#[tokio::test]
#[ignore = "a measurement of several minutes on release binaries: scripts/load-run.sh"]
async fn load_run_at_two_replicas() {
    let streams: usize = std::env::var("SISE_LOAD_STREAMS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5000);
    let per_gateway = (streams / 2).max(1) + 100;
    let system = System::start(
        &[
            (
                "gateway",
                "LIMITS__MAX_CONNECTIONS",
                per_gateway.to_string(),
            ),
            ("gateway", "LIMITS__MAX_STREAMS", per_gateway.to_string()),
            (
                "gateway",
                "LIMITS__MAX_STREAMS_PER_CLIENT",
                per_gateway.to_string(),
            ),
            ("market", "SIMULATOR__MODE", "continuous".into()),
        ],
        true,
    )
    .await;
    let gateways: Vec<String> = system.ports["gateway"]
        .1
        .iter()
        .map(|port| format!("http://127.0.0.1:{port}"))
        .collect();
    let dir = tempfile::tempdir().expect("temp dir");

    // 64 members, half of them on each gateway replica.
    let mut tokens = Vec::new();
    for n in 0..64 {
        tokens.push(system.member(&format!("부하시험{n}")).await);
    }
    let mut member_files = Vec::new();
    for (half, chunk) in tokens.chunks(32).enumerate() {
        let path = dir.path().join(format!("members{half}"));
        let lines: Vec<String> = chunk
            .iter()
            .map(|t| format!("authorization: Bearer {t}"))
            .collect();
        std::fs::write(&path, lines.join("\n") + "\n").expect("members file");
        member_files.push(path);
    }

    println!(
        "\nload run: two replicas of every kind, release binaries, {} s per load\n",
        SECONDS
    );
    let header: Vec<&str> = KINDS
        .iter()
        .chain(&OTHERS)
        .copied()
        .chain(["the rest"])
        .collect();
    println!("| load | measured | {} |", header.join(" | "));
    println!("|---|---|{}", "---|".repeat(header.len()));

    let http_load = |base: &str, path: &str, extra: &[&str]| {
        let mut command = tokio::process::Command::new(tool("http-load"));
        command
            .arg(format!("{base}{path}"))
            .args(["--connections", "32", "--warmup", "2", "--json"])
            .args(["--duration", &SECONDS.to_string()])
            .args(extra);
        command
    };

    // Cached quote GETs.
    let quote = format!("/main/api/v1/quotes?security_ids={}", helpers::SAMSUNG);
    let (results, cores) = measure(
        &system,
        gateways.iter().map(|g| http_load(g, &quote, &[])).collect(),
    )
    .await;
    http_row(
        "cached quote GETs, 64 connections",
        "req/s",
        &results,
        &cores,
    );

    // Members' posts, new text each time.
    let posts = format!("/social/api/v1/securities/{}/posts", helpers::SAMSUNG);
    let body = r#"{"content":"부하 시험 글 {n}: 오늘 장 마감 후 실적 발표가 있습니다.","category":"opinion"}"#;
    let (results, cores) = measure(
        &system,
        gateways
            .iter()
            .zip(&member_files)
            .map(|(g, members)| {
                let members = members.to_string_lossy().into_owned();
                http_load(
                    g,
                    &posts,
                    &[
                        "--method",
                        "POST",
                        "--header",
                        "content-type: application/json",
                        "--connection-headers",
                        &members,
                        "--body",
                        body,
                    ],
                )
            })
            .collect(),
    )
    .await;
    http_row("posts, 64 members", "posts/s", &results, &cores);

    // Live-quote streams, half on each gateway.
    // sse-load writes its result to a file.
    let (_, cores) = measure(
        &system,
        gateways
            .iter()
            .enumerate()
            .map(|(i, g)| {
                let pid = system.replicas["gateway"][i]
                    .pid()
                    .expect("gateway running")
                    .to_string();
                let out = dir.path().join(format!("streams{i}.json"));
                let mut command = tokio::process::Command::new(tool("sse-load"));
                command
                    .arg(g)
                    .args(["--clients", &(streams / 2).to_string()])
                    .args(["--duration", &SECONDS.to_string()])
                    .args(["--settle", "5", "--ramp-per-sec", "1000"])
                    .args(["--server-pid", &pid])
                    .arg("--json-out")
                    .arg(&out);
                command
            })
            .collect(),
    )
    .await;
    let results: Vec<serde_json::Value> = (0..2)
        .map(|i| {
            let text = std::fs::read_to_string(dir.path().join(format!("streams{i}.json")))
                .expect("sse-load's result");
            serde_json::from_str(&text).expect("sse-load's JSON")
        })
        .collect();
    let connected: f64 = results.iter().map(|r| number(r, "connected")).sum();
    let events: f64 = results.iter().map(|r| number(r, "events_per_s")).sum();
    let delay = results
        .iter()
        .map(|r| number(r, "delay_p99_ms"))
        .fold(0.0, f64::max);
    let memory = results
        .iter()
        .map(|r| number(r, "bytes_per_stream"))
        .sum::<f64>()
        / results.len() as f64
        / 1024.0;
    row(
        &format!("{streams} live streams (the whole ramp, settle and window)"),
        &format!(
            "{connected:.0} open, {events:.0} events/s, delay p99 {delay:.0} ms, {memory:.1} KB a stream"
        ),
        &cores,
    );
    println!(
        "\n(cores over each load's whole run, warm-up included; the streams' row also spans \
         their ramp)"
    );
    system.stop().await;
}
