//! Load test of the stock page's API calls against a running gateway on loopback.
//!
//! `bench_stock_page <base-url> [--duration SECS] [--concurrency N] [--ids ID,ID,…]`
//! (`scripts/bench-stock-page.sh` starts the one-process server and runs this in release
//! mode). Each call of the stock page (security, quotes, day and minute candles, investors,
//! traders, company, statements, related stocks, articles, market condition) is probed once;
//! calls whose route does not exist (404 `not_found`) are skipped with a note. Every call is
//! then requested once per security to warm up (the first read of a stock's day candles
//! writes its history), and `concurrency` workers send the calls round-robin over the
//! securities for `duration` seconds. Printed: requests per second, p50 and p99 latency and
//! failures per call and overall. Nothing is asserted.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use anyhow::Context;

/// The stock page's calls (spec §7), `{id}` standing for the security id.
const CALLS: &[(&str, &str)] = &[
    ("security", "/main/api/v1/securities/{id}"),
    ("quotes", "/main/api/v1/quotes?security_ids={id}"),
    ("day_candles", "/main/api/v1/securities/{id}/day_candles"),
    (
        "minute_candles",
        "/main/api/v1/securities/{id}/minute_candles",
    ),
    ("investors", "/main/api/v1/securities/{id}/investors"),
    ("day_traders", "/main/api/v1/securities/{id}/day_traders"),
    (
        "recent_trader",
        "/main/api/v1/securities/{id}/recent_trader",
    ),
    ("company", "/main/api/v1/securities/{id}/company"),
    (
        "statements_quarterly",
        "/main/api/v1/securities/{id}/financial_statements/quarterly",
    ),
    (
        "statements_yearly",
        "/main/api/v1/securities/{id}/financial_statements/yearly",
    ),
    (
        "related_stocks",
        "/main/api/v1/securities/{id}/related_stocks",
    ),
    ("articles", "/main/api/v1/securities/{id}/articles"),
    (
        "market_condition",
        "/mweb/api/v1/market_condition?security_id={id}",
    ),
];

/// Large and small, KOSPI and KOSDAQ, real and sample histories.
const DEFAULT_IDS: &str = "KOREA-A005930,KOREA-A000660,KOREA-A035420,KOREA-A005380,\
KOREA-A000040,KOREA-A247540,KOREA-A035720,KOREA-A068270";

struct Options {
    base: String,
    duration: Duration,
    concurrency: usize,
    ids: Vec<String>,
}

fn options() -> anyhow::Result<Options> {
    let mut args = std::env::args().skip(1);
    let base = args.next().context(
        "usage: bench_stock_page <base-url> [--duration SECS] [--concurrency N] [--ids A,B]",
    )?;
    let url = reqwest::Url::parse(&base).context("base url")?;
    let loopback = matches!(url.host_str(), Some("127.0.0.1" | "localhost" | "[::1]"));
    anyhow::ensure!(
        loopback,
        "the benchmark only runs against loopback, not {base}"
    );
    let mut options = Options {
        base: base.trim_end_matches('/').to_owned(),
        duration: Duration::from_secs(10),
        concurrency: 32,
        ids: DEFAULT_IDS.split(',').map(str::to_owned).collect(),
    };
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .with_context(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--duration" => options.duration = Duration::from_secs_f64(value.parse()?),
            "--concurrency" => options.concurrency = value.parse::<usize>()?.clamp(1, 1_024),
            "--ids" => options.ids = value.split(',').map(str::to_owned).collect(),
            other => anyhow::bail!("unknown option {other}"),
        }
    }
    anyhow::ensure!(!options.ids.is_empty(), "no security ids");
    Ok(options)
}

#[derive(Default)]
struct Samples {
    latencies: Vec<Duration>,
    failures: u64,
}

impl Samples {
    fn merge(&mut self, other: Samples) {
        self.latencies.extend(other.latencies);
        self.failures += other.failures;
    }

    fn line(&mut self, name: &str, seconds: f64) -> String {
        self.latencies.sort_unstable();
        let quantile = |q: f64| {
            let n = self.latencies.len();
            if n == 0 {
                return f64::NAN;
            }
            let index = ((n as f64 * q).ceil() as usize).clamp(1, n) - 1;
            self.latencies[index].as_secs_f64() * 1_000.0
        };
        format!(
            "{name:<22} {:>9} {:>10.1} {:>9.2} {:>9.2} {:>8}",
            self.latencies.len(),
            self.latencies.len() as f64 / seconds,
            quantile(0.5),
            quantile(0.99),
            self.failures
        )
    }
}

async fn get(client: &reqwest::Client, url: &str) -> anyhow::Result<(u16, serde_json::Value)> {
    let response = client.get(url).send().await?;
    let status = response.status().as_u16();
    let body = response.json().await.unwrap_or(serde_json::Value::Null);
    Ok((status, body))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options = options()?;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(options.concurrency)
        .timeout(Duration::from_secs(30))
        .build()?;
    let url = |path: &str, id: &str| format!("{}{}", options.base, path.replace("{id}", id));

    // Probe: keep the calls whose route exists.
    let mut calls = Vec::new();
    for &(name, path) in CALLS {
        let (status, body) = get(&client, &url(path, &options.ids[0])).await?;
        if status == 404 && body["error"] == "not_found" {
            println!("skipped {name}: no route {path} (404 not_found)");
            continue;
        }
        if status != 200 {
            println!("note: {name} answered {status} {body}");
        }
        calls.push((name, path));
    }
    anyhow::ensure!(!calls.is_empty(), "no stock page route answered");

    // Warm-up: every call once per security, timed separately.
    let started = Instant::now();
    for id in &options.ids {
        for &(_, path) in &calls {
            get(&client, &url(path, id)).await?;
        }
    }
    println!(
        "warm-up: {} requests in {:.2} s (first reads write each stock's day candles)",
        calls.len() * options.ids.len(),
        started.elapsed().as_secs_f64()
    );

    // Load.
    let deadline = Instant::now() + options.duration;
    let started = Instant::now();
    let mut workers = Vec::new();
    for worker in 0..options.concurrency {
        let client = client.clone();
        let urls: Vec<Vec<String>> = calls
            .iter()
            .map(|&(_, path)| options.ids.iter().map(|id| url(path, id)).collect())
            .collect();
        workers.push(tokio::spawn(async move {
            let mut samples: Vec<Samples> = urls.iter().map(|_| Samples::default()).collect();
            let mut turn = worker;
            while Instant::now() < deadline {
                let call = turn % urls.len();
                let target = &urls[call][(turn / urls.len()) % urls[call].len()];
                turn += 1;
                let sent = Instant::now();
                let ok = matches!(get(&client, target).await, Ok((200, _)));
                if ok {
                    samples[call].latencies.push(sent.elapsed());
                } else {
                    samples[call].failures += 1;
                }
            }
            samples
        }));
    }
    let mut per_call: BTreeMap<usize, Samples> = BTreeMap::new();
    for worker in workers {
        for (call, samples) in worker.await?.into_iter().enumerate() {
            per_call.entry(call).or_default().merge(samples);
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "\n{} s, {} connections, {} securities\n",
        options.duration.as_secs_f64(),
        options.concurrency,
        options.ids.len()
    );
    println!(
        "{:<22} {:>9} {:>10} {:>9} {:>9} {:>8}",
        "call", "requests", "req/s", "p50 ms", "p99 ms", "failed"
    );
    let mut overall = Samples::default();
    for (call, mut samples) in per_call {
        println!("{}", samples.line(calls[call].0, seconds));
        overall.merge(samples);
    }
    println!("{}", overall.line("overall", seconds));
    Ok(())
}
