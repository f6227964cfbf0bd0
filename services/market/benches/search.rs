//! Autocomplete over the whole listing, service-side: the index's first ten (what
//! `SearchService.Autocomplete` runs) for the queries a person types on
//! the way to every listed name (first syllable, half-typed second syllable, two
//! syllables, the whole name, 초성 of two and of all syllables, the code). Beside it, in the
//! same run and on the same queries, the plain approach: each name checked in turn with
//! `rusty_hangul`'s 초성 / progressive match. Prints percentiles and the ratio; asserts
//! nothing.
//!
//! `cargo bench -p sise-market --bench search`

use std::path::Path;
use std::time::{Duration, Instant};

use hangul::Hangul;
use sise_market::search::dataset_docs;
use sise_market::search::index::AssetIndex;
use sise_market::search::text;

/// The autocomplete's page.
const SUGGESTIONS: usize = 10;

fn main() -> anyhow::Result<()> {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let docs = dataset_docs(&data)?;
    let built = Instant::now();
    let index = AssetIndex::build(docs.clone())?;
    let build_time = built.elapsed();
    let popularity = vec![0.0; docs.len()];
    let queries = queries(&index);
    println!(
        "{} assets indexed in {:.1} ms; {} queries",
        docs.len(),
        build_time.as_secs_f64() * 1e3,
        queries.len()
    );

    let names: Vec<Hangul> = docs
        .iter()
        .map(|doc| Hangul::new(&text::fold(&doc.name)))
        .collect();
    let mut found = 0usize;
    let indexed = measure(&queries, |query| {
        found += index.top(query, &popularity, SUGGESTIONS).len();
    });
    let mut scanned_found = 0usize;
    let scanned = measure(&queries, |query| {
        let folded = text::fold(query);
        let mut hits: Vec<usize> = names
            .iter()
            .enumerate()
            .filter(|(_, name)| name.find_choseong(&folded).is_some())
            .map(|(position, _)| position)
            .collect();
        hits.sort_by(|a, b| popularity[*b].total_cmp(&popularity[*a]));
        scanned_found += hits.len().min(SUGGESTIONS);
    });

    println!();
    println!("| Autocomplete, service-side | p50 | p99 | max | mean |");
    println!("|---|---|---|---|---|");
    row("index (fst, first ten)", &indexed);
    row("scan with rusty_hangul", &scanned);
    println!();
    println!(
        "p99 ratio scan / index: {:.1}×; goal: index p99 ≤ 1 ms ({}); suggestions found: index {found}, scan {scanned_found}",
        percentile(&scanned, 0.99).as_secs_f64() / percentile(&indexed, 0.99).as_secs_f64(),
        if percentile(&indexed, 0.99) <= Duration::from_millis(1) {
            "met"
        } else {
            "not met"
        },
    );
    Ok(())
}

/// What a person types on the way to each listed stock's name, and its code.
fn queries(index: &AssetIndex) -> Vec<String> {
    let mut queries = Vec::new();
    for doc in index.docs() {
        let name = text::fold(&doc.name);
        let syllables: Vec<char> = name.chars().collect();
        queries.push(syllables[..1].iter().collect());
        if syllables.len() >= 2 {
            let mut half: String = syllables[..1].iter().collect();
            half.extend(text::jamo(&syllables[1].to_string()).chars().take(1));
            queries.push(half);
            queries.push(syllables[..2].iter().collect());
            queries.push(text::choseong(&syllables[..2].iter().collect::<String>()));
        }
        queries.push(name.clone());
        queries.push(text::choseong(&name));
        queries.extend(doc.codes.iter().take(1).cloned());
    }
    queries
}

fn measure(queries: &[String], mut run: impl FnMut(&str)) -> Vec<Duration> {
    // One pass to warm the caches, then the timed pass.
    for query in queries.iter().take(1_000) {
        run(query);
    }
    let mut times: Vec<Duration> = queries
        .iter()
        .map(|query| {
            let started = Instant::now();
            run(query);
            started.elapsed()
        })
        .collect();
    times.sort();
    times
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn row(name: &str, times: &[Duration]) {
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    let us = |d: Duration| format!("{:.1} µs", d.as_secs_f64() * 1e6);
    println!(
        "| {name} | {} | {} | {} | {} |",
        us(percentile(times, 0.5)),
        us(percentile(times, 0.99)),
        us(*times.last().unwrap_or(&Duration::ZERO)),
        us(mean)
    );
}
