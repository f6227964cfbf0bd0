//! A wrk-like HTTP/1.1 load generator, cheap enough to share a 2-core machine with the
//! server it measures.
//!
//! `http-load URL [--connections 64] [--duration 10] [--warmup 2] [--threads 1]
//! [--header 'K: V']... [--paths FILE] [--method POST --body TEXT]
//! [--connection-headers FILE] [--rate R] [--json]`
//!
//! `--connection-headers FILE`: one `K: V` line per connection (connection i takes line i
//! modulo their number), beside the `--header`s all send: 64 members' tokens, say.
//!
//! `--body TEXT`: each request's body, with every `{n}` replaced by a number no other request
//! of the run has (writes that refuse repeated content, such as posts, each get new text).
//!
//! `--paths FILE`: request targets (path and query, one per line) taken in turn instead of
//! the URL's own path, each connection starting at a different line: many distinct
//! requests to one server, as a search box's many keywords are.
//!
//! `--rate R`: an open load of R requests a second in all, instead of each connection sending
//! its next request as soon as the last one is answered. Connection i sends on its own
//! schedule (every `connections / R` seconds, starting `i / R` seconds in) and each latency is
//! counted from the instant the schedule meant the request to leave, as `pgbench --rate` and
//! wrk2 count it: a server that falls behind is charged for the wait it causes.
//!
//! Each connection is a keep-alive hyper client connection with one request in flight; a
//! connection that fails is counted as an error and opened again. Requests that complete in
//! the warm-up are not counted; the measured window is `duration` seconds after it. Each
//! latency (request sent to last body byte read) goes into an HDR histogram per connection,
//! merged at the end. Prints one line (requests/s, p50/p99/p99.9 in ms, responses other
//! than 2xx/304, errors), or one flat JSON object with `--json` for scripts.
//!
//! Per request the only allocations are the request's header map and what hyper needs; the
//! body is read frame by frame and dropped.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use anyhow::Context;
use bytes::Bytes;
use hdrhistogram::Histogram;
use http::uri::PathAndQuery;
use http::{HeaderMap, Method};
use http_body_util::BodyExt;
use sise_bench::net::{self, Target};
use sise_bench::{args, hist};

struct Options {
    target: Target,
    url: String,
    connections: usize,
    duration: Duration,
    warmup: Duration,
    threads: usize,
    headers: HeaderMap,
    paths: Vec<PathAndQuery>,
    method: Method,
    body: Option<String>,
    connection_headers: Vec<HeaderMap>,
    /// Requests a second over all connections (`--rate`); `None`: a closed loop.
    rate: Option<f64>,
    json: bool,
}

fn options() -> anyhow::Result<Options> {
    let mut args = std::env::args().skip(1);
    let mut url = None;
    let mut options = Options {
        target: Target::parse("http://127.0.0.1/")?,
        url: String::new(),
        connections: 64,
        duration: Duration::from_secs(10),
        warmup: Duration::from_secs(2),
        threads: 1,
        headers: HeaderMap::new(),
        paths: Vec::new(),
        method: Method::GET,
        body: None,
        connection_headers: Vec::new(),
        rate: None,
        json: false,
    };
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--connections" | "-c" => options.connections = args::parse(&mut args, &flag)?,
            "--duration" | "-d" => options.duration = args::seconds(&mut args, &flag)?,
            "--warmup" => options.warmup = args::seconds(&mut args, &flag)?,
            "--threads" | "-t" => options.threads = args::parse(&mut args, &flag)?,
            "--header" | "-H" => {
                let (name, value) = net::header(&args::value(&mut args, &flag)?)?;
                options.headers.append(name, value);
            }
            "--paths" => {
                let file = args::value(&mut args, &flag)?;
                let text = std::fs::read_to_string(&file).with_context(|| file.clone())?;
                options.paths = text
                    .lines()
                    .filter(|line| !line.trim().is_empty())
                    .map(|line| {
                        PathAndQuery::try_from(line.trim()).with_context(|| line.to_owned())
                    })
                    .collect::<anyhow::Result<_>>()?;
                anyhow::ensure!(!options.paths.is_empty(), "{file}: no paths");
            }
            "--method" | "-X" => options.method = args::value(&mut args, &flag)?.parse()?,
            "--body" => options.body = Some(args::value(&mut args, &flag)?),
            "--connection-headers" => {
                let file = args::value(&mut args, &flag)?;
                let text = std::fs::read_to_string(&file).with_context(|| file.clone())?;
                for line in text.lines().filter(|line| !line.trim().is_empty()) {
                    let (name, value) = net::header(line)?;
                    let mut headers = HeaderMap::new();
                    headers.insert(name, value);
                    options.connection_headers.push(headers);
                }
                anyhow::ensure!(!options.connection_headers.is_empty(), "{file}: no headers");
            }
            "--rate" => {
                let rate: f64 = args::parse(&mut args, &flag)?;
                anyhow::ensure!(rate.is_finite() && rate > 0.0, "--rate must be above 0");
                options.rate = Some(rate);
            }
            "--json" => options.json = true,
            other if other.starts_with('-') => anyhow::bail!(
                "unknown option {other}; usage: http-load URL [--connections N] \
                 [--duration SECS] [--warmup SECS] [--threads N] [--header 'K: V']... [--paths FILE] [--method M --body TEXT] [--connection-headers FILE] [--rate R] [--json]"
            ),
            _ if url.is_none() => url = Some(flag),
            _ => anyhow::bail!("one URL only"),
        }
    }
    options.url = url.context("usage: http-load URL [options]")?;
    options.target = Target::parse(&options.url)?;
    options.connections = options.connections.clamp(1, 10_000);
    options.threads = options.threads.max(1);
    anyhow::ensure!(!options.duration.is_zero(), "--duration must be above 0");
    Ok(options)
}

/// What one connection saw in the measured window.
struct Tally {
    latencies: Histogram<u64>,
    /// Responses per status code.
    statuses: BTreeMap<u16, u64>,
    errors: u64,
    body_bytes: u64,
}

impl Tally {
    fn new() -> Self {
        Self {
            // 1 µs to 60 s.
            latencies: hist::new(60_000_000),
            statuses: BTreeMap::new(),
            errors: 0,
            body_bytes: 0,
        }
    }

    fn merge(&mut self, other: Tally) {
        // Same bounds on both sides: adding cannot fail.
        let _ = self.latencies.add(&other.latencies);
        for (status, n) in other.statuses {
            *self.statuses.entry(status).or_default() += n;
        }
        self.errors += other.errors;
        self.body_bytes += other.body_bytes;
    }
}

/// One connection's loop until `end`; only completions in `[start, end)` are counted.
async fn connection(options: &Options, id: usize, start: Instant, end: Instant) -> Tally {
    let mut tally = Tally::new();
    // Spread the connections over the paths (a prime step, so they rarely line up).
    let mut turn = id.wrapping_mul(7_919);
    let mut sequence = 0u64;
    // The open load's schedule: this connection's next intended send.
    let interval = options
        .rate
        .map(|rate| Duration::from_secs_f64(options.connections as f64 / rate));
    let mut due = options
        .rate
        .map(|rate| start - options.warmup + Duration::from_secs_f64(id as f64 / rate));
    let mut headers = options.headers.clone();
    if !options.connection_headers.is_empty() {
        let own = &options.connection_headers[id % options.connection_headers.len()];
        for (name, value) in own {
            headers.insert(name, value.clone());
        }
    }
    'reconnect: while Instant::now() < end {
        let mut sender = match net::connect(options.target.addr, None).await {
            Ok(stream) => match net::handshake(stream).await {
                Ok(sender) => sender,
                Err(_) => {
                    tally.errors += u64::from(Instant::now() >= start);
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            Err(_) => {
                tally.errors += u64::from(Instant::now() >= start);
                // Refused: do not spin on the shared cores.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        while Instant::now() < end {
            if sender.ready().await.is_err() {
                tally.errors += u64::from(Instant::now() >= start);
                continue 'reconnect;
            }
            let path = if options.paths.is_empty() {
                &options.target.path
            } else {
                turn = turn.wrapping_add(1);
                &options.paths[turn % options.paths.len()]
            };
            sequence += 1;
            let body = match &options.body {
                // Unique in the run: the connection's id, then its own count.
                Some(text) => Bytes::from(text.replace("{n}", &format!("{id}-{sequence}"))),
                None => Bytes::new(),
            };
            let request = net::request(&options.target, &options.method, path, &headers, body);
            let sent = match (due, interval) {
                (Some(at), Some(every)) => {
                    tokio::time::sleep_until(at.into()).await;
                    due = Some(at + every);
                    at
                }
                _ => Instant::now(),
            };
            let response = match sender.send_request(request).await {
                Ok(response) => response,
                Err(_) => {
                    tally.errors += u64::from(Instant::now() >= start);
                    continue 'reconnect;
                }
            };
            let status = response.status().as_u16();
            let mut body = response.into_body();
            let mut bytes = 0u64;
            while let Some(frame) = body.frame().await {
                match frame {
                    Ok(frame) => {
                        if let Some(data) = frame.data_ref() {
                            bytes += data.len() as u64;
                        }
                    }
                    Err(_) => {
                        tally.errors += u64::from(Instant::now() >= start);
                        continue 'reconnect;
                    }
                }
            }
            let done = Instant::now();
            if done >= start && done < end {
                let micros = (done - sent).as_micros().max(1) as u64;
                tally.latencies.saturating_record(micros);
                *tally.statuses.entry(status).or_default() += 1;
                tally.body_bytes += bytes;
            }
        }
    }
    tally
}

fn main() -> anyhow::Result<()> {
    let options = options()?;
    let runtime = sise_bench::runtime(options.threads)?;
    let options: &'static Options = Box::leak(Box::new(options));
    let total = runtime.block_on(async {
        let start = Instant::now() + options.warmup;
        let end = start + options.duration;
        let mut tasks = tokio::task::JoinSet::new();
        for id in 0..options.connections {
            tasks.spawn(connection(options, id, start, end));
        }
        let mut total = Tally::new();
        while let Some(tally) = tasks.join_next().await {
            total.merge(tally?);
        }
        anyhow::Ok(total)
    })?;
    report(options, &total);
    Ok(())
}

fn report(options: &Options, total: &Tally) {
    let requests = total.latencies.len();
    let seconds = options.duration.as_secs_f64();
    let rps = requests as f64 / seconds;
    // 304 Not Modified is the answer a conditional request wants.
    let non_ok: u64 = total
        .statuses
        .iter()
        .filter(|&(&s, _)| !(200..300).contains(&s) && s != 304)
        .map(|(_, n)| n)
        .sum();
    let p = |q| hist::us_as_ms(&total.latencies, q);
    let body_mean = if requests == 0 {
        0.0
    } else {
        total.body_bytes as f64 / requests as f64
    };
    if options.json {
        let statuses: serde_json::Map<String, serde_json::Value> = total
            .statuses
            .iter()
            .map(|(s, n)| (s.to_string(), (*n).into()))
            .collect();
        let line = serde_json::json!({
            "url": options.url,
            "connections": options.connections,
            "rate": options.rate,
            "duration_s": seconds,
            "requests": requests,
            "rps": (rps * 10.0).round() / 10.0,
            "p50_ms": p(0.5),
            "p99_ms": p(0.99),
            "p999_ms": p(0.999),
            "max_ms": total.latencies.max() as f64 / 1_000.0,
            "non_ok": non_ok,
            "errors": total.errors,
            "body_bytes": body_mean.round(),
            "statuses": statuses,
        });
        println!("{line}");
    } else {
        println!(
            "{rps:.0} requests/s  p50 {:.3} ms  p99 {:.3} ms  p99.9 {:.3} ms  \
             non-2xx/304 {non_ok}  errors {}  ({requests} requests, {} connections, {seconds} s, \
             {body_mean:.0} body bytes each)",
            p(0.5),
            p(0.99),
            p(0.999),
            total.errors,
            options.connections,
        );
    }
}
