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

use crate::helpers;
use crate::two_replicas::{KINDS, System};

/// Each load's measured window, after its tools' warm-up.
const SECONDS: u64 = 10;

/// CPU time so far in clock ticks: per process kind of ours, and the machine's busy total.
#[derive(Clone, Default)]
struct Cpu {
    by_kind: BTreeMap<String, u64>,
    busy: u64,
}

/// A process's user and system ticks (`/proc/PID/stat`, fields 14 and 15) and its name.
fn ticks(pid: &str) -> Option<(String, u64)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let open = stat.find('(')?;
    let close = stat.rfind(')')?;
    let name = stat[open + 1..close].to_owned();
    let fields: Vec<&str> = stat[close + 2..].split(' ').collect();
    let user: u64 = fields.get(11)?.parse().ok()?;
    let system: u64 = fields.get(12)?.parse().ok()?;
    Some((name, user + system))
}

impl Cpu {
    /// Now: our replicas by their pids, PostgreSQL and NATS by their process names.
    fn read(system: &System) -> Self {
        let mut cpu = Self::default();
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
            if !pid.bytes().all(|b| b.is_ascii_digit()) {
                continue;
            }
            let Some((name, used)) = ticks(&pid) else {
                continue;
            };
            let kind = match ours.get(&pid) {
                Some(kind) => (*kind).to_owned(),
                None if name == "postgres" => "PostgreSQL".to_owned(),
                None if name == "nats-server" => "NATS".to_owned(),
                None => continue,
            };
            *cpu.by_kind.entry(kind).or_default() += used;
        }
        // The machine's busy ticks: every field of `cpu` but idle and iowait.
        let stat = std::fs::read_to_string("/proc/stat").unwrap_or_default();
        if let Some(line) = stat.lines().next() {
            let fields: Vec<u64> = line
                .split_whitespace()
                .skip(1)
                .filter_map(|f| f.parse().ok())
                .collect();
            cpu.busy = fields
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != 3 && *i != 4)
                .map(|(_, v)| v)
                .sum();
        }
        cpu
    }

    /// Cores used between `before` and now, over `seconds`, in the table's column order.
    fn cores_since(&self, before: &Self, seconds: f64) -> Vec<(String, f64)> {
        // Linux's USER_HZ is 100 on every architecture it reports ticks for.
        let cores = |ticks: u64| ticks as f64 / 100.0 / seconds;
        let mut out = Vec::new();
        let mut named = 0;
        for kind in KINDS.iter().copied().chain(["PostgreSQL", "NATS"]) {
            let used = self.by_kind.get(kind).copied().unwrap_or(0)
                - before.by_kind.get(kind).copied().unwrap_or(0);
            named += used;
            out.push((kind.to_owned(), cores(used)));
        }
        let busy = self.busy.saturating_sub(before.busy);
        out.push(("the rest".to_owned(), cores(busy.saturating_sub(named))));
        out
    }
}

fn tool(name: &str) -> PathBuf {
    let dir = std::env::var_os("SISE_LOAD_TOOLS")
        .map(PathBuf::from)
        .expect("SISE_LOAD_TOOLS: the directory of http-load and sse-load (scripts/load-run.sh)");
    dir.join(name)
}

/// Runs the tools (one per gateway replica) at once; their standard outputs.
async fn run_tools(commands: Vec<tokio::process::Command>) -> Vec<String> {
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
    outputs
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
fn row(load: &str, measured: &str, cores: &[(String, f64)]) {
    let cells: Vec<String> = cores.iter().map(|(_, c)| format!("{c:.2}")).collect();
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
        .copied()
        .chain(["PostgreSQL", "NATS", "the rest"])
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
    let before = Cpu::read(&system);
    let started = Instant::now();
    let outputs = run_tools(gateways.iter().map(|g| http_load(g, &quote, &[])).collect()).await;
    let seconds = started.elapsed().as_secs_f64();
    let cores = Cpu::read(&system).cores_since(&before, seconds);
    let results: Vec<_> = outputs.iter().map(|o| json(o)).collect();
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
        "cached quote GETs, 64 connections",
        &format!("{rps:.0} req/s, p99 {p99:.1} ms, {errors} failed"),
        &cores,
    );

    // Members' posts, new text each time.
    let posts = format!("/social/api/v1/securities/{}/posts", helpers::SAMSUNG);
    let body = r#"{"content":"부하 시험 글 {n}: 오늘 장 마감 후 실적 발표가 있습니다.","category":"opinion"}"#;
    let before = Cpu::read(&system);
    let started = Instant::now();
    let outputs = run_tools(
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
    let seconds = started.elapsed().as_secs_f64();
    let cores = Cpu::read(&system).cores_since(&before, seconds);
    let results: Vec<_> = outputs.iter().map(|o| json(o)).collect();
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
        "posts, 64 members",
        &format!("{rps:.0} posts/s, p99 {p99:.1} ms, {errors} failed"),
        &cores,
    );

    // Live-quote streams, half on each gateway.
    let before = Cpu::read(&system);
    let started = Instant::now();
    let outputs = run_tools(
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
                    .arg(&out)
                    .stdout(std::process::Stdio::null());
                command
            })
            .collect(),
    )
    .await;
    drop(outputs);
    let seconds = started.elapsed().as_secs_f64();
    let cores = Cpu::read(&system).cores_since(&before, seconds);
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
        / 2.0
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
