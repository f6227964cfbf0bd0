//! What people type that the listing does not spell (`data/search_aliases.csv`, its source in
//! `data/SOURCES.md`):
//! - nicknames and former names of stocks (삼전 → 삼성전자, 현대상선 → HMM);
//! - currency words for the pairs against the won (엔화 → 일본 JPY 100);
//! - Hangul readings of Latin names, made here: each Latin word as the table reads it
//!   (NAVER → 네이버), any other run of Latin letters letter by letter as Koreans say them
//!   (SK하이닉스 → 에스케이하이닉스, KT → 케이티), so that 에스케이 finds SK and 초성 finds Latin
//!   names (ㄴㅇㅂ → NAVER).

use std::collections::HashMap;
use std::path::Path;

use anyhow::Context as _;
use serde::Deserialize;

use super::text;

pub const FILE: &str = "search_aliases.csv";

#[derive(Debug, Deserialize)]
struct Row {
    kind: String,
    key: String,
    target: String,
}

/// The alias table, by what each alias names.
#[derive(Clone, Debug, Default)]
pub struct Aliases {
    /// KRX code → its nicknames.
    stocks: HashMap<String, Vec<String>>,
    /// ISO currency code → its words.
    currencies: HashMap<String, Vec<String>>,
    /// Folded Latin word → its Hangul reading.
    words: HashMap<String, String>,
}

impl Aliases {
    /// The table in `dataset_dir`.
    pub fn load(dataset_dir: &Path) -> anyhow::Result<Self> {
        let path = dataset_dir.join(FILE);
        let mut reader = csv::Reader::from_path(&path)
            .with_context(|| format!("cannot open {}", path.display()))?;
        let mut aliases = Self::default();
        for row in reader.deserialize::<Row>() {
            let row = row.with_context(|| format!("malformed row in {}", path.display()))?;
            match row.kind.as_str() {
                "nickname" => aliases.stocks.entry(row.target).or_default().push(row.key),
                "currency" => aliases
                    .currencies
                    .entry(row.target)
                    .or_default()
                    .push(row.key),
                "word" => {
                    aliases.words.insert(text::fold(&row.key), row.target);
                }
                other => anyhow::bail!("{}: unknown kind {other:?}", path.display()),
            }
        }
        Ok(aliases)
    }

    /// The nicknames of the stock with KRX code `code`.
    pub fn of_stock(&self, code: &str) -> &[String] {
        self.stocks.get(code).map_or(&[], Vec::as_slice)
    }

    /// The words for currency `code` (`JPY`).
    pub fn of_currency(&self, code: &str) -> &[String] {
        self.currencies.get(code).map_or(&[], Vec::as_slice)
    }

    /// The Hangul reading of `name`, folded (see the module note); `None` for a name
    /// without Latin letters.
    pub fn reading(&self, name: &str) -> Option<String> {
        if !name.chars().any(|c| c.is_ascii_alphabetic()) {
            return None;
        }
        let mut out = String::new();
        // Word by word as written (`LS ELECTRIC`), so that a known word is read whole.
        for word in name.split(|c: char| !c.is_alphanumeric()) {
            let folded = text::fold(word);
            // Runs of Latin letters and runs of the rest (`posco홀딩스`).
            let mut chars = folded.chars().peekable();
            while let Some(&first) = chars.peek() {
                let latin = first.is_ascii_alphabetic();
                let mut run = String::new();
                while let Some(c) = chars.next_if(|c| c.is_ascii_alphabetic() == latin) {
                    run.push(c);
                }
                match (latin, self.words.get(&run)) {
                    (true, Some(reading)) => out.push_str(reading),
                    (true, None) => run.chars().for_each(|c| out.push_str(letter_name(c))),
                    (false, _) => out.push_str(&run),
                }
            }
        }
        Some(out)
    }
}

/// A Latin letter as Koreans say it (`s` → 에스).
fn letter_name(letter: char) -> &'static str {
    match letter.to_ascii_lowercase() {
        'a' => "에이",
        'b' => "비",
        'c' => "씨",
        'd' => "디",
        'e' => "이",
        'f' => "에프",
        'g' => "지",
        'h' => "에이치",
        'i' => "아이",
        'j' => "제이",
        'k' => "케이",
        'l' => "엘",
        'm' => "엠",
        'n' => "엔",
        'o' => "오",
        'p' => "피",
        'q' => "큐",
        'r' => "알",
        's' => "에스",
        't' => "티",
        'u' => "유",
        'v' => "브이",
        'w' => "더블유",
        'x' => "엑스",
        'y' => "와이",
        'z' => "제트",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
    }

    #[test]
    fn latin_names_read_as_koreans_say_them() {
        let aliases = Aliases::load(&data()).expect("aliases");
        for (name, reading) in [
            ("SK하이닉스", Some("에스케이하이닉스")),
            ("KT", Some("케이티")),
            ("NAVER", Some("네이버")),
            ("POSCO홀딩스", Some("포스코홀딩스")),
            ("LS ELECTRIC", Some("엘에스일렉트릭")),
            ("HD현대중공업", Some("에이치디현대중공업")),
            ("현대차2우B", Some("현대차2우비")),
            ("KT&G", Some("케이티지")),
            ("iM금융지주", Some("아이엠금융지주")),
            ("삼성전자", None),
        ] {
            assert_eq!(aliases.reading(name).as_deref(), reading, "{name}");
        }
    }

    /// Every nickname names a listed stock and every currency word a pair of the catalog,
    /// and no nickname is already the start of its stock's name (the index finds those).
    #[test]
    fn every_alias_names_what_exists() {
        let aliases = Aliases::load(&data()).expect("aliases");
        let listing = crate::dataset::load_listing(&data()).expect("listing");
        let names: HashMap<&str, &str> = listing
            .iter()
            .map(|s| (s.security_id.code(), s.name.as_str()))
            .collect();
        for (code, nicknames) in &aliases.stocks {
            let name = names
                .get(code.as_str())
                .unwrap_or_else(|| panic!("{code} is not listed"));
            for nickname in nicknames {
                assert!(
                    !text::fold(name).starts_with(&text::fold(nickname)),
                    "{nickname} is the start of {name}"
                );
            }
        }
        let catalog = crate::assets::catalog_entries(&data()).expect("catalog");
        for code in aliases.currencies.keys() {
            let id = format!("FOREX-{code}KRW");
            assert!(
                catalog.iter().any(|e| e.asset_id == id),
                "{id} is not in the catalog"
            );
        }
    }
}
