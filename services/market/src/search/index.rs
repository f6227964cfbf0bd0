//! The asset index: every stock, index and forex pair under the keys a person may type
//! (`sise_platform::search::keys`: a name, an English name, a code, a name's 초성, an alias
//! or a Latin name's Hangul reading, from their start, from a later syllable or word, or
//! with one typo). Matching and its tiers are the platform's; the order inside a tier is
//! ours (popularity, [`AssetIndex::search`]).

use std::cmp::Ordering;
use std::collections::HashMap;

use sise_platform::search::keys::{KeyIndex, KeysBuilder};
pub use sise_platform::search::keys::{MAX_QUERY_CHARS, Tier};

/// What an asset is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Stock,
    Index,
    Forex,
}

/// One searchable asset.
#[derive(Clone, Debug, PartialEq)]
pub struct Doc {
    /// `KOREA-A005930`, `INDEX-KOSPI`, `FOREX-USDKRW`.
    pub asset_id: String,
    /// The code part of the id: `A005930`, `KOSPI`, `USDKRW`.
    pub short_code: String,
    pub name: String,
    pub name_en: Option<String>,
    /// Codes that find it as typed (`005930`, `A005930`); none for a forex pair's name.
    pub codes: Vec<String>,
    pub kind: Kind,
    /// `kospi` or `kosdaq` for a stock; empty otherwise.
    pub market: String,
    /// Other names that find it whole or from their start: nicknames, currency words
    /// ([`super::aliases`]).
    pub aliases: Vec<String>,
    /// The Hangul reading of a Latin name, found like the name and by its 초성.
    pub reading: Option<String>,
}

/// A match: the asset (its position in [`AssetIndex::docs`]) and how well it matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub doc: u32,
    pub tier: Tier,
}

pub struct AssetIndex {
    docs: Vec<Doc>,
    keys: KeyIndex,
    by_id: HashMap<String, u32>,
}

impl AssetIndex {
    pub fn build(docs: Vec<Doc>) -> anyhow::Result<Self> {
        let mut keys = KeysBuilder::default();
        for (position, doc) in docs.iter().enumerate() {
            let position = u32::try_from(position)?;
            keys.name(position, &doc.name);
            if let Some(english) = &doc.name_en {
                keys.english(position, english);
            }
            for code in &doc.codes {
                keys.code(position, code);
            }
            for alias in &doc.aliases {
                keys.alias(position, alias);
            }
            if let Some(reading) = &doc.reading {
                keys.reading(position, reading);
            }
        }
        let by_id = docs
            .iter()
            .enumerate()
            .map(|(position, doc)| (doc.asset_id.clone(), position as u32))
            .collect();
        Ok(Self {
            keys: keys.build()?,
            by_id,
            docs,
        })
    }

    pub fn docs(&self) -> &[Doc] {
        &self.docs
    }

    /// The asset with this id, as a match of the lowest tier.
    pub fn find(&self, asset_id: &str) -> Option<Hit> {
        let doc = *self.by_id.get(asset_id)?;
        Some(Hit {
            doc,
            tier: Tier::Other,
        })
    }

    pub fn doc(&self, hit: Hit) -> &Doc {
        &self.docs[hit.doc as usize]
    }

    /// Every asset the query matches, each once at its best tier, unordered.
    pub fn matches(&self, query: &str) -> Vec<Hit> {
        self.matches_up_to(query, usize::MAX)
    }

    /// [`Self::matches`], except that once `enough` assets match exactly or by prefix, the
    /// lower tier (inside names, typos) is not looked for: it could not reach the first
    /// `enough`.
    fn matches_up_to(&self, query: &str, enough: usize) -> Vec<Hit> {
        self.keys
            .matches_up_to(query, enough)
            .into_iter()
            .map(|(doc, tier)| Hit { doc, tier })
            .collect()
    }

    /// Rank order: tier, then `popularity` (by position, higher first), then name and id, so
    /// equal ranks always come out in the same order.
    fn order(&self, popularity: &[f64], a: &Hit, b: &Hit) -> Ordering {
        let score = |hit: &Hit| popularity.get(hit.doc as usize).copied().unwrap_or(0.0);
        a.tier
            .cmp(&b.tier)
            .then_with(|| score(b).total_cmp(&score(a)))
            .then_with(|| self.doc(*a).name.cmp(&self.doc(*b).name))
            .then_with(|| self.doc(*a).asset_id.cmp(&self.doc(*b).asset_id))
    }

    /// Every match in rank order (see [`Self::order`]).
    pub fn search(&self, query: &str, popularity: &[f64]) -> Vec<Hit> {
        let mut hits = self.matches(query);
        hits.sort_by(|a, b| self.order(popularity, a, b));
        hits
    }

    /// The first `n` of [`Self::search`], without ranking the rest: what autocomplete asks
    /// for on every keystroke.
    pub fn top(&self, query: &str, popularity: &[f64], n: usize) -> Vec<Hit> {
        let mut hits = self.matches_up_to(query, n);
        if n == 0 {
            return Vec::new();
        }
        if hits.len() > n {
            hits.select_nth_unstable_by(n - 1, |a, b| self.order(popularity, a, b));
            hits.truncate(n);
        }
        hits.sort_by(|a, b| self.order(popularity, a, b));
        hits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stock(code: &str, name: &str, english: &str) -> Doc {
        Doc {
            asset_id: format!("KOREA-A{code}"),
            short_code: format!("A{code}"),
            name: name.into(),
            name_en: Some(english.into()),
            codes: vec![code.into(), format!("A{code}")],
            kind: Kind::Stock,
            market: "kospi".into(),
            aliases: Vec::new(),
            reading: None,
        }
    }

    fn index() -> AssetIndex {
        AssetIndex::build(vec![
            stock("005930", "삼성전자", "SAMSUNG ELECTRONICS CO,.LTD"),
            stock("066570", "LG전자", "LG Electronics Inc."),
            stock("010140", "삼성중공업", "SAMSUNG HEAVY INDUSTRIES"),
            stock("000660", "SK하이닉스", "SK hynix Inc."),
        ])
        .expect("index")
    }

    fn first(index: &AssetIndex, query: &str) -> Option<String> {
        let hits = index.search(query, &[4.0, 3.0, 2.0, 1.0]);
        hits.first().map(|hit| index.doc(*hit).name.clone())
    }

    #[test]
    fn finds_by_every_form_a_person_types() {
        let index = index();
        for (query, name) in [
            ("삼성전자", "삼성전자"),
            ("005930", "삼성전자"),
            ("a005930", "삼성전자"),
            ("ㅅㅅㅈㅈ", "삼성전자"),
            ("삼성ㅈ", "삼성전자"),
            ("삼성젅", "삼성전자"),
            ("삼성 전자", "삼성전자"),
            ("삼성전저", "삼성전자"),
            ("samsung elec", "삼성전자"),
            ("하이닉스", "SK하이닉스"),
            ("lg", "LG전자"),
        ] {
            assert_eq!(first(&index, query).as_deref(), Some(name), "{query}");
        }
        assert_eq!(first(&index, "없는회사"), None);
        assert_eq!(first(&index, "  "), None);
    }

    #[test]
    fn exact_before_prefix_before_the_rest() {
        let index = index();
        let tiers = |query: &str| {
            index
                .search(query, &[])
                .into_iter()
                .map(|hit| (index.doc(hit).name.clone(), hit.tier))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            tiers("전자"),
            vec![
                ("LG전자".into(), Tier::Other),
                ("삼성전자".into(), Tier::Other)
            ]
        );
        let samsung = tiers("삼성");
        assert_eq!(samsung.len(), 2);
        assert!(samsung.iter().all(|(_, tier)| *tier == Tier::Prefix));
        assert_eq!(tiers("005930")[0].1, Tier::Exact);
    }

    #[test]
    fn the_top_few_are_the_head_of_the_whole_ranking() {
        let index = index();
        let popularity = [1.0, 4.0, 2.0, 3.0];
        for query in ["삼성", "전자", "ㅅ", "lg", "삼성전저", "s", "없음"] {
            let whole = index.search(query, &popularity);
            for n in 0..5 {
                let head: Vec<Hit> = whole.iter().copied().take(n).collect();
                assert_eq!(index.top(query, &popularity, n), head, "{query} {n}");
            }
        }
    }

    #[test]
    fn a_typo_only_in_long_names() {
        let index = index();
        // Three syllables: a typo would match too much.
        assert_eq!(first(&index, "삼성잔"), None);
        assert_eq!(first(&index, "삼성중공엄").as_deref(), Some("삼성중공업"));
    }
}
