//! Many live-quote streams at once: how many events the server delivers, how late, what a
//! REST call costs meanwhile, and how much memory each stream holds.
//!
//! `sse-load BASE [--clients 1000] [--per-client 10] [--ids A,B,… | --ids-file FILE]
//! [--ramp-per-sec 1000] [--settle 5] [--duration 30] [--idle 2]
//! [--probe-url PATH] [--probe-per-sec 5] [--server-pid PID] [--server-cores 2]
//! [--sources N] [--threads 1] [--connect-timeout 10] [--json-out FILE]`
//!
//! Phases, in order:
//! 1. Raise this process's open-file limit to the hard limit; take the candidate ids (a list,
//!    or a file whose lines start with an id or a six-character KRX code; by default the
//!    market's own listing file) and keep those the server knows, asked through
//!    `GET /main/api/v1/quotes` 200 at a time (the gateway has no listing call).
//! 2. Idle probe: `--idle` seconds of REST probes before any stream, the baseline.
//! 3. Ramp: client `i` opens `BASE/main/api/v1/quotes/stream?security_ids=…` with 10 ids
//!    taken round-robin, at `--ramp-per-sec`, from source address `127.0.0.(1 + i % N)`
//!    (each source has its own ephemeral ports; the gateway counts each as a client).
//!    Refusals are counted by reason (`HTTP 429 too_many_streams`, `connect: …`).
//! 4. Settle, then read the server's `VmRSS` again: (after − before) / connected streams.
//! 5. Measure for `--duration` seconds: `quote` events delivered, their delay now − `traded_at`
//!    (same machine clock, millisecond precision), fresh snapshots (resyncs), streams ended,
//!    the REST probe's latency, and the CPU time the server and this process used.
//!
//! Kept cheap, since it shares the cores with the server: one task and one small buffer per
//! stream, events split on blank lines with `memchr`, and of each quote only `traded_at` is
//! read (a reverse substring search, no JSON parse). Nothing is asserted.

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, LazyLock, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::Context;
use bytes::Bytes;
use hdrhistogram::Histogram;
use http::{HeaderMap, HeaderValue, StatusCode, header};
use http_body_util::BodyExt;
use hyper::body::Incoming;
use memchr::memmem;
use sise_bench::net::{self, Target};
use sise_bench::{args, hist, procfs};

const STREAM_PATH: &str = "/main/api/v1/quotes/stream";
const DEFAULT_IDS_FILE: &str = "services/market/data/krx_stock_master_derived.csv";
const DEFAULT_PROBE: &str = "/main/api/v1/quotes?security_ids=KOREA-A005930";

struct Options {
    base: Target,
    clients: usize,
    per_client: usize,
    ids: Vec<String>,
    ids_file: String,
    ramp_per_sec: f64,
    settle: Duration,
    duration: Duration,
    idle: Duration,
    probe: Target,
    probe_per_sec: f64,
    server_pid: Option<String>,
    server_cores: f64,
    sources: usize,
    threads: usize,
    connect_timeout: Duration,
    json_out: Option<String>,
}

const USAGE: &str = "usage: sse-load BASE [--clients N] [--per-client N] [--ids A,B | --ids-file FILE] \
[--ramp-per-sec N] [--settle SECS] [--duration SECS] [--idle SECS] [--probe-url PATH] \
[--probe-per-sec N] [--server-pid PID] [--server-cores N] [--sources N] [--threads N] \
[--connect-timeout SECS] [--json-out FILE]";

fn options() -> anyhow::Result<Options> {
    let mut args = std::env::args().skip(1);
    let mut base = None;
    let mut probe = DEFAULT_PROBE.to_owned();
    let mut o = Options {
        base: Target::parse("http://127.0.0.1/")?,
        clients: 1_000,
        per_client: 10,
        ids: Vec::new(),
        ids_file: DEFAULT_IDS_FILE.to_owned(),
        ramp_per_sec: 1_000.0,
        settle: Duration::from_secs(5),
        duration: Duration::from_secs(30),
        idle: Duration::from_secs(2),
        probe: Target::parse("http://127.0.0.1/")?,
        probe_per_sec: 5.0,
        server_pid: None,
        server_cores: 2.0,
        sources: 0,
        threads: 1,
        connect_timeout: Duration::from_secs(10),
        json_out: None,
    };
    while let Some(flag) = args.next() {
        let a = &mut args;
        match flag.as_str() {
            "--clients" => o.clients = args::parse(a, &flag)?,
            "--per-client" => o.per_client = args::parse(a, &flag)?,
            "--ids" => {
                o.ids = args::value(a, &flag)?
                    .split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect()
            }
            "--ids-file" => o.ids_file = args::value(a, &flag)?,
            "--ramp-per-sec" => o.ramp_per_sec = args::parse(a, &flag)?,
            "--settle" => o.settle = args::seconds(a, &flag)?,
            "--duration" => o.duration = args::seconds(a, &flag)?,
            "--idle" => o.idle = args::seconds(a, &flag)?,
            "--probe-url" => probe = args::value(a, &flag)?,
            "--probe-per-sec" => o.probe_per_sec = args::parse(a, &flag)?,
            "--server-pid" => o.server_pid = Some(args::value(a, &flag)?),
            "--server-cores" => o.server_cores = args::parse(a, &flag)?,
            "--sources" => o.sources = args::parse(a, &flag)?,
            "--threads" => o.threads = args::parse(a, &flag)?,
            "--connect-timeout" => o.connect_timeout = args::seconds(a, &flag)?,
            "--json-out" => o.json_out = Some(args::value(a, &flag)?),
            other if other.starts_with('-') => anyhow::bail!("unknown option {other}; {USAGE}"),
            _ if base.is_none() => base = Some(flag),
            _ => anyhow::bail!("one BASE only; {USAGE}"),
        }
    }
    let base = base.context(USAGE)?;
    o.base = Target::parse(base.trim_end_matches('/'))?;
    o.probe = o.base.join(&probe)?;
    anyhow::ensure!(o.clients > 0 && o.per_client > 0, "nothing to open");
    anyhow::ensure!(o.ramp_per_sec > 0.0, "--ramp-per-sec must be above 0");
    anyhow::ensure!(o.probe_per_sec > 0.0, "--probe-per-sec must be above 0");
    anyhow::ensure!(o.server_cores > 0.0, "--server-cores must be above 0");
    if o.sources == 0 {
        // Loopback's ephemeral range holds about 28,000 ports per source address.
        o.sources = o.clients.div_ceil(20_000);
    }
    o.sources = o.sources.clamp(1, 250);
    o.threads = o.threads.max(1);
    Ok(o)
}

/// What the clients report, shared by every task.
struct Shared {
    /// 0 idle probe, 1 ramp and settle, 2 measuring, 3 done.
    phase: AtomicU8,
    /// Streams answered 200, and attempts finished either way.
    connected: AtomicU64,
    attempts_done: AtomicU64,
    failures: Mutex<BTreeMap<String, u64>>,
    /// Attempt start to the first snapshot, microseconds.
    first_snapshot: Mutex<Histogram<u64>>,
    /// Streams the server ended after answering 200 (at any time, and in the window).
    ended: AtomicU64,
    ended_in_window: AtomicU64,
    // In the measured window:
    events: AtomicU64,
    snapshots: AtomicU64,
    /// Quote events whose `traded_at` is ahead of this clock (recorded as 0 ms).
    ahead: AtomicU64,
    unstamped: AtomicU64,
    bytes: AtomicU64,
    /// now − traded_at, milliseconds.
    delays: Mutex<Histogram<u64>>,
    probe_idle: Mutex<Histogram<u64>>,
    probe_load: Mutex<Histogram<u64>>,
    probe_failures: AtomicU64,
}

const IDLE: u8 = 0;
const MEASURING: u8 = 2;
const DONE: u8 = 3;

impl Shared {
    fn new() -> Self {
        Self {
            phase: AtomicU8::new(IDLE),
            connected: AtomicU64::new(0),
            attempts_done: AtomicU64::new(0),
            failures: Mutex::default(),
            first_snapshot: Mutex::new(hist::new(600_000_000)),
            ended: AtomicU64::new(0),
            ended_in_window: AtomicU64::new(0),
            events: AtomicU64::new(0),
            snapshots: AtomicU64::new(0),
            ahead: AtomicU64::new(0),
            unstamped: AtomicU64::new(0),
            bytes: AtomicU64::new(0),
            delays: Mutex::new(hist::new(3_600_000)),
            probe_idle: Mutex::new(hist::new(60_000_000)),
            probe_load: Mutex::new(hist::new(60_000_000)),
            probe_failures: AtomicU64::new(0),
        }
    }

    fn fail(&self, reason: String) {
        if let Ok(mut failures) = self.failures.lock() {
            *failures.entry(reason).or_default() += 1;
        }
        self.attempts_done.fetch_add(1, Relaxed);
    }

    fn measuring(&self) -> bool {
        self.phase.load(Relaxed) == MEASURING
    }
}

/// A poisoned lock only means another task panicked; the histogram is still usable.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// Splits a byte stream into SSE events (blocks ended by a blank line). Data that arrives
/// whole (the usual case: one event or more per frame) is read in place; only a split event
/// is copied into the buffer.
#[derive(Default)]
struct Parser {
    partial: Vec<u8>,
}

impl Parser {
    fn feed(&mut self, data: &[u8], mut on_event: impl FnMut(&[u8])) {
        if self.partial.is_empty() {
            let used = each_event(data, &mut on_event);
            self.partial.extend_from_slice(&data[used..]);
        } else {
            self.partial.extend_from_slice(data);
            let used = each_event(&self.partial, &mut on_event);
            self.partial.drain(..used);
            if self.partial.is_empty() && self.partial.capacity() > 16 * 1024 {
                // A large snapshot was split once; do not keep its buffer per stream.
                self.partial = Vec::new();
            }
        }
    }
}

static BLANK_LINE: LazyLock<memmem::Finder<'static>> =
    LazyLock::new(|| memmem::Finder::new(b"\n\n"));
static TRADED_AT: LazyLock<memmem::FinderRev<'static>> =
    LazyLock::new(|| memmem::FinderRev::new(b"\"traded_at\":"));

/// Calls `on_event` per complete event in `data`; returns the bytes used.
fn each_event(data: &[u8], on_event: &mut impl FnMut(&[u8])) -> usize {
    let mut used = 0;
    while let Some(end) = BLANK_LINE.find(&data[used..]) {
        on_event(&data[used..used + end]);
        used += end + 2;
    }
    used
}

#[derive(Debug, PartialEq)]
enum Kind {
    Quote,
    Snapshot,
    Other,
}

/// The `event:` field of one event (`Other` for comments, heartbeats, unnamed events).
fn kind(event: &[u8]) -> Kind {
    for line in event.split(|&b| b == b'\n') {
        if let Some(name) = line.strip_prefix(b"event:") {
            return match name.trim_ascii() {
                b"quote" => Kind::Quote,
                b"snapshot" => Kind::Snapshot,
                _ => Kind::Other,
            };
        }
    }
    Kind::Other
}

/// `traded_at` (epoch milliseconds) of a quote event: the last `"traded_at":` and its digits.
fn traded_at(event: &[u8]) -> Option<i64> {
    let at = TRADED_AT.rfind(event)? + b"\"traded_at\":".len();
    let digits = event[at..].trim_ascii_start();
    let n = digits.iter().take_while(|b| b.is_ascii_digit()).count();
    std::str::from_utf8(&digits[..n]).ok()?.parse().ok()
}

/// One stream: connect, check the answer, then read events until the server ends it.
async fn client(
    shared: Arc<Shared>,
    base: Arc<Target>,
    target: Target,
    source: Option<IpAddr>,
    timeout: Duration,
) {
    let begun = Instant::now();
    let mut headers = HeaderMap::new();
    headers.insert(
        header::ACCEPT,
        HeaderValue::from_static("text/event-stream"),
    );
    let opened = tokio::time::timeout(timeout, async {
        let stream = net::connect(base.addr, source)
            .await
            .map_err(|e| format!("connect: {:?}", e.kind()))?;
        let mut sender = net::handshake(stream)
            .await
            .map_err(|e| format!("handshake: {e}"))?;
        let response = sender
            .send_request(net::get(&target, &headers))
            .await
            .map_err(|e| format!("request: {e}"))?;
        Ok((sender, response))
    })
    .await;
    // The sender lives as long as the stream: the connection is not told it may close.
    let (_sender, response) = match opened {
        Err(_) => return shared.fail("timeout".into()),
        Ok(Err(reason)) => return shared.fail(reason),
        Ok(Ok(opened)) => opened,
    };
    if response.status() != StatusCode::OK {
        let status = response.status();
        let reason = refusal(status, response.into_body()).await;
        return shared.fail(reason);
    }
    shared.connected.fetch_add(1, Relaxed);
    shared.attempts_done.fetch_add(1, Relaxed);
    read_events(&shared, response.into_body(), begun).await;
    shared.ended.fetch_add(1, Relaxed);
    if shared.measuring() {
        shared.ended_in_window.fetch_add(1, Relaxed);
    }
}

/// `HTTP 429 too_many_streams`: the status and the API's error code, if the body has one.
async fn refusal(status: StatusCode, body: Incoming) -> String {
    let code = match tokio::time::timeout(Duration::from_secs(5), body.collect()).await {
        Ok(Ok(collected)) => {
            let bytes = collected.to_bytes();
            serde_json::from_slice::<serde_json::Value>(&bytes)
                .ok()
                .and_then(|v| v["error"].as_str().map(str::to_owned))
                .unwrap_or_else(|| {
                    String::from_utf8_lossy(&bytes[..bytes.len().min(60)]).into_owned()
                })
        }
        _ => String::new(),
    };
    format!("HTTP {} {code}", status.as_u16())
        .trim_end()
        .to_owned()
}

async fn read_events(shared: &Shared, mut body: Incoming, begun: Instant) {
    let mut parser = Parser::default();
    let mut first = true;
    let mut delays: Vec<u64> = Vec::new();
    while let Some(Ok(frame)) = body.frame().await {
        let Some(data) = frame.data_ref() else {
            continue;
        };
        let measuring = shared.measuring();
        let now = now_ms();
        let (mut events, mut snapshots, mut ahead, mut unstamped) = (0u64, 0u64, 0u64, 0u64);
        parser.feed(data, |event| match kind(event) {
            Kind::Quote if measuring => {
                events += 1;
                match traded_at(event) {
                    Some(at) if at <= now => delays.push((now - at) as u64),
                    Some(_) => {
                        ahead += 1;
                        delays.push(0);
                    }
                    None => unstamped += 1,
                }
            }
            Kind::Snapshot if first => {
                first = false;
                let micros = begun.elapsed().as_micros() as u64;
                lock(&shared.first_snapshot).saturating_record(micros);
            }
            Kind::Snapshot if measuring => snapshots += 1,
            _ => {}
        });
        if measuring {
            shared.bytes.fetch_add(data.len() as u64, Relaxed);
            if events > 0 {
                shared.events.fetch_add(events, Relaxed);
                let mut histogram = lock(&shared.delays);
                for delay in delays.drain(..) {
                    histogram.saturating_record(delay);
                }
            }
            if snapshots + ahead + unstamped > 0 {
                shared.snapshots.fetch_add(snapshots, Relaxed);
                shared.ahead.fetch_add(ahead, Relaxed);
                shared.unstamped.fetch_add(unstamped, Relaxed);
            }
        }
    }
}

/// The REST probe: its own keep-alive connection, `per_sec` requests a second until done;
/// latencies go to the idle or the under-load histogram by phase.
async fn probe(shared: Arc<Shared>, target: Target, per_sec: f64) {
    let mut ticker = tokio::time::interval(Duration::from_secs_f64(1.0 / per_sec));
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let headers = HeaderMap::new();
    let mut sender = None;
    loop {
        ticker.tick().await;
        let phase = shared.phase.load(Relaxed);
        if phase == DONE {
            return;
        }
        let sent = Instant::now();
        let ok = async {
            if sender.is_none() {
                let stream = net::connect(target.addr, None).await.ok()?;
                sender = Some(net::handshake(stream).await.ok()?);
            }
            let s = sender.as_mut()?;
            s.ready().await.ok()?;
            let response = s.send_request(net::get(&target, &headers)).await.ok()?;
            let status = response.status();
            response.into_body().collect().await.ok()?;
            Some(status == StatusCode::OK)
        }
        .await;
        let micros = sent.elapsed().as_micros() as u64;
        match (ok, phase) {
            (Some(true), IDLE) => lock(&shared.probe_idle).saturating_record(micros),
            (Some(true), MEASURING) => lock(&shared.probe_load).saturating_record(micros),
            (ok, _) => {
                if ok.is_none() {
                    sender = None;
                }
                if phase == MEASURING {
                    shared.probe_failures.fetch_add(1, Relaxed);
                }
            }
        }
    }
}

/// Candidate ids: the list given, or the file's lines (an id, or a KRX code first).
fn candidate_ids(options: &Options) -> anyhow::Result<Vec<String>> {
    if !options.ids.is_empty() {
        return Ok(options.ids.clone());
    }
    let text = std::fs::read_to_string(&options.ids_file)
        .with_context(|| format!("ids file {} (or give --ids)", options.ids_file))?;
    let mut ids: Vec<String> = text
        .lines()
        .filter_map(|line| {
            let first = line.split(',').next()?.trim().trim_matches('"');
            if first.starts_with("KOREA-") {
                Some(first.to_owned())
            } else if first.len() == 6 && first.bytes().all(|b| b.is_ascii_alphanumeric()) {
                Some(format!("KOREA-A{}", first.to_ascii_uppercase()))
            } else {
                None
            }
        })
        .collect();
    ids.dedup();
    Ok(ids)
}

/// The candidates the server knows, asked 200 at a time on one connection.
async fn known_ids(options: &Options, candidates: &[String]) -> anyhow::Result<Vec<String>> {
    let stream = net::connect(options.base.addr, None)
        .await
        .with_context(|| format!("connect to {}", options.base.addr))?;
    let mut sender = net::handshake(stream).await?;
    let mut known = Vec::with_capacity(candidates.len());
    for chunk in candidates.chunks(200) {
        let target = options.base.join(&format!(
            "/main/api/v1/quotes?security_ids={}",
            chunk.join(",")
        ))?;
        sender.ready().await?;
        let response = sender
            .send_request(net::get(&target, &HeaderMap::new()))
            .await?;
        let status = response.status();
        let body: Bytes = response.into_body().collect().await?.to_bytes();
        anyhow::ensure!(
            status == StatusCode::OK,
            "GET {} answered {status}: {}",
            target.path,
            String::from_utf8_lossy(&body[..body.len().min(200)])
        );
        let list: serde_json::Value = serde_json::from_slice(&body)?;
        known.extend(
            list["quotes"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|q| q["security_id"].as_str().map(str::to_owned)),
        );
    }
    Ok(known)
}

fn main() -> anyhow::Result<()> {
    let options = options()?;
    let runtime = sise_bench::runtime(options.threads)?;
    runtime.block_on(run(options))?;
    // Dropping tens of thousands of streams one by one takes a while and measures nothing.
    std::process::exit(0)
}

struct Figures {
    known_ids: usize,
    ramp_s: f64,
    rss_before: Option<u64>,
    rss_after: Option<u64>,
    server_cpu_s: Option<f64>,
    client_cpu_s: Option<f64>,
    /// CPU seconds the whole machine was busy in the window, and its load average after.
    machine_busy_s: Option<f64>,
    load_average: Option<f64>,
    window_s: f64,
    nofile: u64,
}

async fn run(options: Options) -> anyhow::Result<()> {
    // The soft limit up to the hard one: each stream is a descriptor.
    let nofile = rlimit::increase_nofile_limit(u64::MAX).unwrap_or(0);
    if (options.clients as u64) + 32 > nofile {
        eprintln!(
            "warning: {} streams need more descriptors than this process may open ({nofile}); \
             expect `connect: …` failures",
            options.clients
        );
    }
    let candidates = candidate_ids(&options)?;
    let ids = known_ids(&options, &candidates).await?;
    anyhow::ensure!(
        !ids.is_empty(),
        "the server knows none of the {} candidate ids",
        candidates.len()
    );

    let shared = Arc::new(Shared::new());
    let base = Arc::new(options.base.clone());
    let pid = options.server_pid.as_deref();
    let rss_before = pid.map(procfs::rss_bytes).transpose()?;

    // Idle probe: the REST baseline before any stream is open.
    let prober = tokio::spawn(probe(
        shared.clone(),
        options.probe.clone(),
        options.probe_per_sec,
    ));
    tokio::time::sleep(options.idle).await;
    shared.phase.store(1, Relaxed);

    // Ramp.
    let ramp_started = Instant::now();
    let per_client = options.per_client.min(ids.len());
    for i in 0..options.clients {
        let at = ramp_started + Duration::from_secs_f64(i as f64 / options.ramp_per_sec);
        tokio::time::sleep_until(at.into()).await;
        let chosen: Vec<&str> = (0..per_client)
            .map(|k| ids[(i * per_client + k) % ids.len()].as_str())
            .collect();
        let target = options
            .base
            .join(&format!("{STREAM_PATH}?security_ids={}", chosen.join(",")))?;
        let source = (options.sources > 1)
            .then(|| IpAddr::V4(Ipv4Addr::new(127, 0, 0, 1 + (i % options.sources) as u8)));
        tokio::spawn(client(
            shared.clone(),
            base.clone(),
            target,
            source,
            options.connect_timeout,
        ));
    }
    let deadline = Instant::now() + options.connect_timeout + Duration::from_secs(5);
    while shared.attempts_done.load(Relaxed) < options.clients as u64 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let ramp_s = ramp_started.elapsed().as_secs_f64();
    tokio::time::sleep(options.settle).await;
    let rss_after = pid.map(procfs::rss_bytes).transpose()?;

    // Measure.
    let server_cpu = pid.map(procfs::cpu_seconds).transpose()?;
    let client_cpu = procfs::cpu_seconds("self").ok();
    let machine_busy = procfs::machine_busy_seconds().ok();
    let window_started = Instant::now();
    shared.phase.store(MEASURING, Relaxed);
    tokio::time::sleep(options.duration).await;
    shared.phase.store(DONE, Relaxed);
    let window_s = window_started.elapsed().as_secs_f64();
    let server_cpu_s = match (pid, server_cpu) {
        (Some(pid), Some(before)) => Some(procfs::cpu_seconds(pid)? - before),
        _ => None,
    };
    let client_cpu_s =
        client_cpu.and_then(|before| Some(procfs::cpu_seconds("self").ok()? - before));
    let machine_busy_s =
        machine_busy.and_then(|before| Some(procfs::machine_busy_seconds().ok()? - before));
    prober.abort();

    let figures = Figures {
        known_ids: ids.len(),
        ramp_s,
        rss_before,
        rss_after,
        server_cpu_s,
        client_cpu_s,
        machine_busy_s,
        load_average: procfs::load_average(),
        window_s,
        nofile,
    };
    report(&options, &shared, &figures)
}

fn report(o: &Options, s: &Shared, f: &Figures) -> anyhow::Result<()> {
    let connected = s.connected.load(Relaxed);
    let failures = lock(&s.failures).clone();
    let failed: u64 = failures.values().sum();
    let events = s.events.load(Relaxed);
    let events_per_s = events as f64 / f.window_s;
    let per_core = events_per_s / o.server_cores;
    let per_cpu_s = f.server_cpu_s.map(|cpu| events as f64 / cpu.max(1e-9));
    let delays = lock(&s.delays).clone();
    let first = lock(&s.first_snapshot).clone();
    let idle = lock(&s.probe_idle).clone();
    let load = lock(&s.probe_load).clone();
    let per_conn = match (f.rss_before, f.rss_after) {
        (Some(before), Some(after)) if connected > 0 => {
            Some((after as f64 - before as f64) / connected as f64)
        }
        _ => None,
    };
    let server_cores_used = f.server_cpu_s.map(|cpu| cpu / f.window_s);
    let client_cores_used = f.client_cpu_s.map(|cpu| cpu / f.window_s);
    // What neither the server nor this client used: other work on a shared machine.
    let other_cores_used = match (f.machine_busy_s, f.server_cpu_s, f.client_cpu_s) {
        (Some(all), Some(server), Some(client)) => {
            Some((all - server - client).max(0.0) / f.window_s)
        }
        _ => None,
    };
    let opt =
        |v: Option<f64>, digits: usize| v.map_or("n/a".to_owned(), |v| format!("{v:.digits$}"));

    println!(
        "sse-load: {} clients × {} securities (round-robin over {} known), ramp {}/s from {} \
         source address(es), settle {} s, measured {:.1} s, {} runtime thread(s), open-file limit {}",
        o.clients,
        o.per_client.min(f.known_ids),
        f.known_ids,
        o.ramp_per_sec,
        o.sources,
        o.settle.as_secs_f64(),
        f.window_s,
        o.threads,
        f.nofile,
    );
    println!(
        "  streams open          {connected} of {} (ramp took {:.1} s); first snapshot p50 {:.1} ms, p99 {:.1} ms",
        o.clients,
        f.ramp_s,
        hist::us_as_ms(&first, 0.5),
        hist::us_as_ms(&first, 0.99),
    );
    let reasons: Vec<String> = failures.iter().map(|(r, n)| format!("{n} × {r}")).collect();
    println!(
        "  failed connects       {failed}{}{}",
        if reasons.is_empty() { "" } else { ": " },
        reasons.join(", ")
    );
    println!(
        "  streams ended         {} in all, {} in the window; fresh snapshots in the window {}",
        s.ended.load(Relaxed),
        s.ended_in_window.load(Relaxed),
        s.snapshots.load(Relaxed),
    );
    println!(
        "  quote events          {events} = {events_per_s:.0}/s; per server core ({}) {per_core:.0}/s; \
         per server CPU-second {} (server used {} cores, this client {}, other processes {}; \
         load average {})",
        o.server_cores,
        opt(per_cpu_s, 0),
        opt(server_cores_used, 2),
        opt(client_cores_used, 2),
        opt(other_cores_used, 2),
        opt(f.load_average, 1),
    );
    println!(
        "  delay now − traded_at p50 {} ms, p99 {} ms, p99.9 {} ms, max {} ms ({} ahead of this clock, {} without traded_at)",
        hist::at(&delays, 0.5),
        hist::at(&delays, 0.99),
        hist::at(&delays, 0.999),
        delays.max(),
        s.ahead.load(Relaxed),
        s.unstamped.load(Relaxed),
    );
    println!(
        "  REST probe            idle p50 {:.2} ms, p99 {:.2} ms ({} requests); under load p50 {:.2} ms, p99 {:.2} ms ({} requests, {} failed)",
        hist::us_as_ms(&idle, 0.5),
        hist::us_as_ms(&idle, 0.99),
        idle.len(),
        hist::us_as_ms(&load, 0.5),
        hist::us_as_ms(&load, 0.99),
        load.len(),
        s.probe_failures.load(Relaxed),
    );
    println!(
        "  server memory         VmRSS {} MB before, {} MB after = {} KB per open stream",
        opt(f.rss_before.map(|b| b as f64 / 1e6), 1),
        opt(f.rss_after.map(|b| b as f64 / 1e6), 1),
        opt(per_conn.map(|b| b / 1_000.0), 1),
    );
    if client_cores_used.is_some_and(|c| c > 0.9 * o.threads as f64) {
        println!(
            "  note: this load generator used {} of its {} thread(s): delays include its own queueing",
            opt(client_cores_used, 2),
            o.threads
        );
    }
    if let Some(path) = &o.json_out {
        let failures: serde_json::Map<String, serde_json::Value> =
            failures.into_iter().map(|(r, n)| (r, n.into())).collect();
        let json = serde_json::json!({
            "clients": o.clients,
            "connected": connected,
            "failed": failed,
            "ramp_s": f.ramp_s,
            "window_s": f.window_s,
            "events": events,
            "events_per_s": events_per_s.round(),
            "events_per_core": per_core.round(),
            "events_per_cpu_s": per_cpu_s.map(f64::round),
            "server_cores_used": server_cores_used,
            "client_cores_used": client_cores_used,
            "other_cores_used": other_cores_used,
            "load_average": f.load_average,
            "delay_p50_ms": hist::at(&delays, 0.5),
            "delay_p99_ms": hist::at(&delays, 0.99),
            "delay_p999_ms": hist::at(&delays, 0.999),
            "delay_max_ms": delays.max(),
            "first_snapshot_p99_ms": hist::us_as_ms(&first, 0.99),
            "probe_idle_p50_ms": hist::us_as_ms(&idle, 0.5),
            "probe_idle_p99_ms": hist::us_as_ms(&idle, 0.99),
            "probe_p50_ms": hist::us_as_ms(&load, 0.5),
            "probe_p99_ms": hist::us_as_ms(&load, 0.99),
            "probe_failures": s.probe_failures.load(Relaxed),
            "ended_in_window": s.ended_in_window.load(Relaxed),
            "snapshots_in_window": s.snapshots.load(Relaxed),
            "rss_before": f.rss_before,
            "rss_after": f.rss_after,
            "bytes_per_stream": per_conn.map(f64::round),
            "failures": failures,
        });
        std::fs::write(path, format!("{json}\n")).with_context(|| format!("write {path}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_split_across_frames_are_joined() {
        let stream = b"event: snapshot\ndata: {\"quotes\":[]}\nretry: 3000\n\n:\n\nevent: quote\ndata: {\"security_id\":\"KOREA-A005930\",\"price\":1.0,\"traded_at\":1764000000123,\"vi\":false}\n\n";
        for cut in 0..stream.len() {
            let mut parser = Parser::default();
            let mut seen = Vec::new();
            let mut record = |event: &[u8]| seen.push((kind(event), traded_at(event)));
            parser.feed(&stream[..cut], &mut record);
            parser.feed(&stream[cut..], &mut record);
            assert_eq!(
                seen,
                vec![
                    (Kind::Snapshot, None),
                    (Kind::Other, None),
                    (Kind::Quote, Some(1_764_000_000_123)),
                ],
                "cut at {cut}"
            );
            assert!(parser.partial.is_empty());
        }
    }
}
