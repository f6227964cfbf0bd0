//! An index of the keys a person may type for each entry of a list (its position), in three
//! finite-state transducers (the `fst` crate) that map a key to the entries it names.
//! Matching is the transducers'; the tiers are ours ([`Tier`]), the order inside a tier the
//! caller's.
//!
//! - `whole`: a name, an English name, a code, a name's 초성, an alias or a Latin name's
//!   Hangul reading and its 초성, from its start (all in [`text::jamo`] form, so a half-typed
//!   last syllable is a prefix);
//! - `parts`: the same from each later syllable or word on (`전자` finds `삼성전자`);
//! - `names`: folded names, for names of four or more syllables typed with one typo (a
//!   Levenshtein automaton from `levenshtein_automata`: `fst`'s own misses multi-byte
//!   characters such as Hangul).

use std::collections::BTreeMap;

use fst::automaton::Str;
use fst::{Automaton, IntoStreamer, Map, MapBuilder, Streamer};
use levenshtein_automata::LevenshteinAutomatonBuilder;

use super::text;

/// Longest query looked at (in characters): a name is never longer.
pub const MAX_QUERY_CHARS: usize = 40;
/// Fewest syllables a name typed with one typo must have.
const TYPO_MIN_SYLLABLES: usize = 4;

/// How well an entry matches a query; lower is better.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tier {
    /// The whole code, name, English name, alias or 초성.
    Exact,
    /// The start of one of those.
    Prefix,
    /// Inside a name (from a later syllable or word), or a name with one typo.
    Other,
}

/// The keys of each entry, added entry by entry; [`KeysBuilder::build`] makes the index.
#[derive(Default)]
pub struct KeysBuilder {
    whole: BTreeMap<String, Vec<u32>>,
    parts: BTreeMap<String, Vec<u32>>,
    names: BTreeMap<String, Vec<u32>>,
    entries: usize,
}

fn add(map: &mut BTreeMap<String, Vec<u32>>, key: String, entry: u32) {
    if !key.is_empty() {
        let list = map.entry(key).or_default();
        if list.last() != Some(&entry) {
            list.push(entry);
        }
    }
}

impl KeysBuilder {
    /// Entries are numbered from 0 in the order they are added: keys must be added in
    /// increasing `entry` order.
    fn note(&mut self, entry: u32) {
        self.entries = self.entries.max(entry as usize + 1);
    }

    /// A name: whole, by its 초성, from each later syllable on, and with one typo.
    pub fn name(&mut self, entry: u32, name: &str) {
        self.note(entry);
        let name = text::fold(name);
        add(&mut self.names, name.clone(), entry);
        let choseong = text::choseong(&name);
        add(&mut self.whole, text::jamo(&name), entry);
        add(&mut self.whole, choseong.clone(), entry);
        for (start, _) in name.char_indices().skip(1) {
            add(&mut self.parts, text::jamo(&name[start..]), entry);
        }
        for (start, _) in choseong.char_indices().skip(1) {
            add(&mut self.parts, choseong[start..].to_owned(), entry);
        }
    }

    /// An English name: whole, and from each later word on.
    pub fn english(&mut self, entry: u32, english: &str) {
        self.note(entry);
        add(&mut self.whole, text::fold(english), entry);
        let words: Vec<&str> = english.split_whitespace().collect();
        for later in 1..words.len() {
            add(&mut self.parts, text::fold(&words[later..].concat()), entry);
        }
    }

    /// A code, found whole or from its start as typed.
    pub fn code(&mut self, entry: u32, code: &str) {
        self.note(entry);
        add(&mut self.whole, text::fold(code), entry);
    }

    /// Another name (a nickname, a word for it), found whole or from its start.
    pub fn alias(&mut self, entry: u32, alias: &str) {
        self.note(entry);
        add(&mut self.whole, text::jamo(&text::fold(alias)), entry);
    }

    /// The Hangul reading of a Latin name (`에스케이`), found like a name's start and by its
    /// 초성.
    pub fn reading(&mut self, entry: u32, reading: &str) {
        self.note(entry);
        add(&mut self.whole, text::jamo(reading), entry);
        add(&mut self.whole, text::choseong(reading), entry);
    }

    pub fn build(self) -> anyhow::Result<KeyIndex> {
        let mut postings = Vec::new();
        let mut build = |keys: BTreeMap<String, Vec<u32>>| -> anyhow::Result<Map<Vec<u8>>> {
            let mut builder = MapBuilder::memory();
            for (key, list) in keys {
                builder.insert(key, postings.len() as u64)?;
                postings.push(list);
            }
            Ok(builder.into_map())
        };
        Ok(KeyIndex {
            whole: build(self.whole)?,
            parts: build(self.parts)?,
            names: build(self.names)?,
            postings,
            entries: self.entries,
            typos: LevenshteinAutomatonBuilder::new(1, false),
        })
    }
}

pub struct KeyIndex {
    whole: Map<Vec<u8>>,
    parts: Map<Vec<u8>>,
    names: Map<Vec<u8>>,
    /// The entries under each key; the maps' values index this.
    postings: Vec<Vec<u32>>,
    entries: usize,
    /// Builds the one-typo automaton of a query (its tables are computed once, here).
    typos: LevenshteinAutomatonBuilder,
}

impl KeyIndex {
    /// Every entry the query matches, each once at its best tier, in entry order.
    pub fn matches(&self, query: &str) -> Vec<(u32, Tier)> {
        self.matches_up_to(query, usize::MAX)
    }

    /// [`Self::matches`], except that once `enough` entries match exactly or by prefix, the
    /// lower tier (inside names, typos) is not looked for: it could not reach the first
    /// `enough`.
    pub fn matches_up_to(&self, query: &str, enough: usize) -> Vec<(u32, Tier)> {
        let folded: String = text::fold(query).chars().take(MAX_QUERY_CHARS).collect();
        if folded.is_empty() {
            return Vec::new();
        }
        let typed = text::jamo(&folded);
        // The best tier per entry, by position (a few kB, cheaper than a map).
        let mut best: Vec<Option<Tier>> = vec![None; self.entries];
        let mut found = 0usize;
        // Notes each entry's tier; how many were not matched before.
        let mut note = |postings: &[u32], tier: Tier| {
            let mut new = 0;
            for &entry in postings {
                let slot = &mut best[entry as usize];
                new += usize::from(slot.is_none());
                if slot.is_none_or(|held| tier < held) {
                    *slot = Some(tier);
                }
            }
            new
        };
        let prefix = Str::new(&typed).starts_with();
        let mut stream = self.whole.search(&prefix).into_stream();
        while let Some((key, value)) = stream.next() {
            let tier = if key == typed.as_bytes() {
                Tier::Exact
            } else {
                Tier::Prefix
            };
            found += note(&self.postings[value as usize], tier);
        }
        if found < enough {
            // One letter inside names matches nearly everything: parts start at two.
            if folded.chars().count() >= 2 {
                let mut stream = self.parts.search(&prefix).into_stream();
                while let Some((_, value)) = stream.next() {
                    note(&self.postings[value as usize], Tier::Other);
                }
            }
            if text::syllables(&folded) >= TYPO_MIN_SYLLABLES {
                let typo = self.typos.build_dfa(&folded);
                let mut stream = self.names.search(&typo).into_stream();
                while let Some((_, value)) = stream.next() {
                    note(&self.postings[value as usize], Tier::Other);
                }
            }
        }
        best.into_iter()
            .enumerate()
            .filter_map(|(entry, tier)| Some((entry as u32, tier?)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index() -> KeyIndex {
        let mut keys = KeysBuilder::default();
        keys.name(0, "2차전지");
        keys.name(1, "반도체");
        keys.name(2, "AI");
        keys.alias(2, "인공지능");
        keys.reading(2, "에이아이");
        keys.name(3, "삼성중공업");
        keys.english(3, "SAMSUNG HEAVY INDUSTRIES");
        keys.code(3, "010140");
        keys.build().expect("index")
    }

    #[test]
    fn every_form_a_person_types_with_its_tier() {
        let index = index();
        for (query, entry, tier) in [
            ("반도체", 1, Tier::Exact),
            ("반도", 1, Tier::Prefix),
            ("반돛", 1, Tier::Prefix),
            ("ㅂㄷㅊ", 1, Tier::Exact),
            ("전지", 0, Tier::Other),
            ("ai", 2, Tier::Exact),
            ("에이아", 2, Tier::Prefix),
            ("ㅇㅇㅇㅇ", 2, Tier::Exact),
            ("인공", 2, Tier::Prefix),
            ("삼성중공엄", 3, Tier::Other),
            ("heavy", 3, Tier::Other),
            ("0101", 3, Tier::Prefix),
        ] {
            assert_eq!(index.matches(query), vec![(entry, tier)], "{query}");
        }
        assert!(index.matches("없는말").is_empty());
        assert!(index.matches(" ").is_empty());
    }

    #[test]
    fn enough_at_the_top_skips_the_rest() {
        let index = index();
        // 전지 starts nothing: inside names it is looked for only while fewer than
        // `enough` matched from the start.
        assert_eq!(index.matches_up_to("전지", 1), vec![(0, Tier::Other)]);
        assert!(index.matches_up_to("전지", 0).is_empty());
    }
}
