//! Search: assets by name, code, English name and 초성 (an in-memory index built at start
//! from the securities and the asset catalog), news by keyword, the assets that news names,
//! and the popular and issue keywords; `sise.market.v1.SearchService`.
//!
//! - `text`: the folded, jamo and 초성 forms queries and keys share (the platform's,
//!   shared with social's topic search);
//! - `aliases`: nicknames, currency words and the Hangul readings of Latin names;
//! - `index`: the asset index (finite-state transducers) and its ranking tiers;
//! - `popularity`: the tie-breaker inside a tier, refreshed from the feed and page views;
//! - `store`: the `asset_searches` counts;
//! - `keywords`: the popular and issue keyword lists;
//! - `grpc`: `SearchService`.
//!
//! The listing changes only with the bundled dataset, which is loaded at start, so the
//! index is built once per process; news is searched in the database, so a new item is
//! found as soon as it is stored.

pub mod aliases;
mod grpc;
pub mod index;
mod keywords;
mod popularity;
pub(crate) mod store;
pub use sise_platform::search::text;

use std::sync::Arc;

use sise_proto::market::v1::search_service_server::SearchServiceServer;

use self::aliases::Aliases;
use self::grpc::SearchGrpc;
use self::index::{AssetIndex, Doc, Kind};
use self::popularity::Popularity;
use self::store::SearchStore;
use crate::articles::store::ArticleStore;
use crate::assets;
use crate::dataset::ListedStock;
use crate::domain::Market;
use crate::feature::{Context, Feature};
use crate::securities::SecurityStore;
pub(crate) use sise_platform::search::offset_page;

/// The searchable assets: every stock, then every index and forex pair of the catalog, with
/// their aliases.
pub(crate) fn docs(
    securities: &[ListedStock],
    catalog: &[assets::CatalogEntry],
    aliases: &Aliases,
) -> Vec<Doc> {
    let stocks = securities.iter().map(|stock| Doc {
        asset_id: stock.security_id.as_str().to_owned(),
        short_code: stock.security_id.short_code().to_owned(),
        name: stock.name.clone(),
        name_en: stock.name_en.clone(),
        codes: vec![
            stock.security_id.code().to_owned(),
            stock.security_id.short_code().to_owned(),
        ],
        kind: Kind::Stock,
        market: match stock.market {
            Market::Kospi => "kospi",
            Market::Kosdaq => "kosdaq",
        }
        .to_owned(),
        aliases: aliases.of_stock(stock.security_id.code()).to_vec(),
        reading: aliases.reading(&stock.name),
    });
    let others = catalog.iter().map(|entry| Doc {
        asset_id: entry.asset_id.clone(),
        short_code: entry.short_code.clone(),
        name: entry.name.clone(),
        name_en: None,
        codes: entry.codes.clone(),
        kind: if entry.is_index {
            Kind::Index
        } else {
            Kind::Forex
        },
        market: String::new(),
        aliases: entry
            .currency
            .as_deref()
            .map(|currency| aliases.of_currency(currency).to_vec())
            .unwrap_or_default(),
        reading: None,
    });
    stocks.chain(others).collect()
}

/// The searchable assets of the bundled dataset in `dataset_dir` (the listing as the dataset
/// has it, not as stored), for tests and benchmarks.
pub fn dataset_docs(dataset_dir: &std::path::Path) -> anyhow::Result<Vec<Doc>> {
    let listing = crate::dataset::load_listing(dataset_dir)?;
    let aliases = Aliases::load(dataset_dir)?;
    Ok(docs(
        &listing,
        &assets::catalog_entries(dataset_dir)?,
        &aliases,
    ))
}

/// `SearchService` over an index of `cx.securities` and the asset catalog, and the task
/// that keeps the popularity scores current.
pub(crate) fn build(cx: &Context<'_>) -> anyhow::Result<Feature> {
    let started = std::time::Instant::now();
    let catalog = assets::catalog_entries(cx.dataset_dir)?;
    let aliases = Aliases::load(cx.dataset_dir)?;
    let index = Arc::new(AssetIndex::build(docs(cx.securities, &catalog, &aliases))?);
    tracing::info!(
        assets = index.docs().len(),
        elapsed_ms = started.elapsed().as_millis() as u64,
        "built the search index"
    );
    let popularity = Popularity::default();
    let refresh = popularity.clone().run(
        index.clone(),
        popularity::market_caps(cx.securities),
        cx.board.clone(),
        SecurityStore::new(cx.db.clone()),
        cx.cancel.clone(),
    );
    let service = SearchGrpc::new(
        index,
        popularity,
        SearchStore::new(cx.db.clone()),
        ArticleStore::new(cx.db.clone()),
    );
    Ok(Feature::default()
        .serve(SearchServiceServer::new(service))
        .run(refresh))
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::path::Path;

    use super::*;

    /// The first `n` names of the real listing and catalog, ranked as at a quiet start
    /// (market caps only).
    fn search() -> impl Fn(&str, usize) -> Vec<String> {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
        let listing = crate::dataset::load_listing(&data).expect("listing");
        let catalog = assets::catalog_entries(&data).expect("catalog");
        let aliases = Aliases::load(&data).expect("aliases");
        let index = AssetIndex::build(docs(&listing, &catalog, &aliases)).expect("index");
        let popularity = Popularity::default();
        popularity.refresh(
            &index,
            &popularity::market_caps(&listing),
            &HashMap::new(),
            &HashMap::new(),
        );
        move |query, n| {
            let scores = popularity.scores();
            let hits = index.top(query, &scores, n);
            hits.iter()
                .map(|hit| index.doc(*hit).name.clone())
                .collect()
        }
    }

    /// What a person types, the name they mean, and within how many first hits it must
    /// be (`relevance.csv`: names, codes, 초성, typos and English names as typed; the
    /// nicknames and currency words of `data/search_aliases.csv`; the Hangul readings of the
    /// 60 largest Latin-named stocks and their 초성; the 초성 of the 40 largest Hangul names).
    #[test]
    fn the_name_meant_comes_first() {
        let search = search();
        let mut reader = csv::Reader::from_reader(include_str!("relevance.csv").as_bytes());
        let mut checked = 0;
        let mut misses = Vec::new();
        for row in reader.records() {
            let row = row.expect("a row");
            let (query, expected) = (&row[0], &row[1]);
            let within: usize = row[2].parse().expect("within");
            let got = search(query, within);
            if !got.iter().any(|name| name == expected) {
                misses.push(format!(
                    "{query:?} ({}): expected {expected} in {got:?}",
                    &row[3]
                ));
            }
            checked += 1;
        }
        assert!(checked >= 200, "the table holds {checked} queries");
        assert!(misses.is_empty(), "{}", misses.join("\n"));
    }
}
