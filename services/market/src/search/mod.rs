//! Search: assets by name, code, English name and 초성 (an in-memory index built at start
//! from the securities and the asset catalog), news by keyword, the assets that news names,
//! and the popular and issue keywords; `sise.market.v1.SearchService`.
//!
//! - `text`: the folded, jamo and 초성 forms queries and keys share;
//! - `index`: the asset index (finite-state transducers) and its ranking tiers;
//! - `popularity`: the tie-breaker inside a tier, refreshed from the feed and page views;
//! - `store`: the `asset_searches` counts;
//! - `keywords`: the popular and issue keyword lists;
//! - `grpc`: `SearchService`.
//!
//! The listing changes only with the bundled dataset, which is loaded at start, so the
//! index is built once per process; news is searched in the database, so a new item is
//! found as soon as it is stored.

mod grpc;
pub mod index;
mod keywords;
mod popularity;
pub(crate) mod store;
pub mod text;

use std::sync::Arc;

use sise_proto::market::v1::search_service_server::SearchServiceServer;

use self::grpc::SearchGrpc;
pub(crate) use self::grpc::offset_page;
use self::index::{AssetIndex, Doc, Kind};
use self::popularity::Popularity;
use self::store::SearchStore;
use crate::articles::store::ArticleStore;
use crate::assets;
use crate::dataset::ListedStock;
use crate::domain::Market;
use crate::feature::{Context, Feature};
use crate::securities::SecurityStore;

/// The searchable assets: every stock, then every index and forex pair of the catalog.
pub(crate) fn docs(securities: &[ListedStock], catalog: &[assets::CatalogEntry]) -> Vec<Doc> {
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
    });
    stocks.chain(others).collect()
}

/// The searchable assets of the bundled dataset in `dataset_dir` (the listing as the dataset
/// has it, not as stored), for tests and benchmarks.
pub fn dataset_docs(dataset_dir: &std::path::Path) -> anyhow::Result<Vec<Doc>> {
    let listing = crate::dataset::load_listing(dataset_dir)?;
    Ok(docs(&listing, &assets::catalog_entries(dataset_dir)?))
}

/// `SearchService` over an index of `cx.securities` and the asset catalog, and the task
/// that keeps the popularity scores current.
pub(crate) fn build(cx: &Context<'_>) -> anyhow::Result<Feature> {
    let started = std::time::Instant::now();
    let catalog = assets::catalog_entries(cx.dataset_dir)?;
    let index = Arc::new(AssetIndex::build(docs(cx.securities, &catalog))?);
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

    /// The real listing and catalog, ranked as at a quiet start (market caps only).
    fn search() -> impl Fn(&str) -> Option<String> {
        let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
        let listing = crate::dataset::load_listing(&data).expect("listing");
        let catalog = assets::catalog_entries(&data).expect("catalog");
        let index = AssetIndex::build(docs(&listing, &catalog)).expect("index");
        let popularity = Popularity::default();
        popularity.refresh(
            &index,
            &popularity::market_caps(&listing),
            &HashMap::new(),
            &HashMap::new(),
        );
        move |query| {
            let scores = popularity.scores();
            let hits = index.search(query, &scores);
            hits.first().map(|hit| index.doc(*hit).name.clone())
        }
    }

    /// What a person types and the first hit they expect.
    const RELEVANCE: [(&str, &str); 56] = [
        // Names, exact and as typed syllable by syllable (half-typed last syllables too).
        ("삼성전자", "삼성전자"),
        ("삼성ㅈ", "삼성전자"),
        ("삼성전", "삼성전자"),
        ("삼성젅", "삼성전자"),
        ("삼성 전자", "삼성전자"),
        ("현대차", "현대차"),
        ("기아", "기아"),
        ("카카오", "카카오"),
        ("카카오뱅", "카카오뱅크"),
        ("셀트리온", "셀트리온"),
        ("삼성바이오", "삼성바이오로직스"),
        ("한화에어로", "한화에어로스페이스"),
        ("두산에너빌", "두산에너빌리티"),
        ("에코프로", "에코프로"),
        ("에코프로비", "에코프로비엠"),
        ("알테오젠", "알테오젠"),
        ("고려아연", "고려아연"),
        ("대한항공", "대한항공"),
        ("크래프톤", "크래프톤"),
        ("하이브", "하이브"),
        ("hlb", "HLB"),
        ("s-oil", "S-Oil"),
        ("KB금융", "KB금융"),
        ("kb", "KB금융"),
        // Inside a name.
        ("하이닉스", "SK하이닉스"),
        ("에너지솔루션", "LG에너지솔루션"),
        // Codes.
        ("005930", "삼성전자"),
        ("A005930", "삼성전자"),
        ("000660", "SK하이닉스"),
        ("247540", "에코프로비엠"),
        // 초성.
        ("ㅅㅅㅈㅈ", "삼성전자"),
        ("ㅎㄷㅊ", "현대차"),
        ("ㅋㅋㅇㅂㅋ", "카카오뱅크"),
        ("ㄱㄹㅇㅇ", "고려아연"),
        ("ㅅㅎㅈㅈ", "신한지주"),
        // One typo in a name of four or more syllables.
        ("삼성전저", "삼성전자"),
        ("한국전럭", "한국전력"),
        ("삼성바이오로직수", "삼성바이오로직스"),
        ("한화에어로스페이쓰", "한화에어로스페이스"),
        // English names.
        ("samsung electronics", "삼성전자"),
        ("sk hynix", "SK하이닉스"),
        ("celltrion", "셀트리온"),
        ("lg energy", "LG에너지솔루션"),
        ("naver", "NAVER"),
        ("posco", "POSCO홀딩스"),
        // Indexes.
        ("코스피", "코스피"),
        ("코스닥", "코스닥"),
        ("kospi", "코스피"),
        ("코스피200", "코스피 200"),
        ("다우", "다우존스"),
        ("나스닥", "나스닥 종합"),
        ("니케이", "니케이 225"),
        // Forex.
        ("usd", "미국 USD"),
        ("usdkrw", "미국 USD"),
        ("미국", "미국 USD"),
        ("eur", "유럽연합 EUR"),
    ];

    #[test]
    fn the_first_hit_is_the_one_meant() {
        let search = search();
        let misses: Vec<String> = RELEVANCE
            .iter()
            .filter_map(|(query, expected)| {
                let got = search(query);
                (got.as_deref() != Some(*expected))
                    .then(|| format!("{query:?}: expected {expected}, got {got:?}"))
            })
            .collect();
        assert!(misses.is_empty(), "{}", misses.join("\n"));
    }
}
