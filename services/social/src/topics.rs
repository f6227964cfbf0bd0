//! Topics (테마): curated themes of listed stocks, from `data/topics.csv` (its header says
//! who made it, when and from which columns). The list ships inside the binary and is held
//! in memory with its search index, built once at start: it changes only with a release,
//! like market's listing (docs/architecture.md, "Topics"). Search reads Korean as the asset
//! search does (`sise_platform::search`).

use std::collections::HashMap;

use serde::Deserialize;
use sise_platform::search::keys::{KeyIndex, KeysBuilder, Tier};

/// The curated list.
const TOPICS_CSV: &str = include_str!("../data/topics.csv");

/// A stock of a topic, as the catalogue names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TopicStock {
    /// `KOREA-A005930`.
    pub security_id: String,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Topic {
    pub id: i64,
    pub name: String,
    pub description: String,
    /// Place among the featured topics (1 first); none when not featured.
    pub featured: Option<u32>,
    pub aliases: Vec<String>,
    /// The Hangul reading of a Latin name (`AI` → `에이아이`).
    pub reading: Option<String>,
    pub stocks: Vec<TopicStock>,
}

/// A row of the file.
#[derive(Deserialize)]
struct Row {
    id: i64,
    name: String,
    featured: Option<u32>,
    aliases: String,
    reading: String,
    description: String,
    stocks: String,
}

/// Words joined by `;`, blanks dropped.
fn words(text: &str) -> Vec<String> {
    text.split(';')
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The list in `csv` (`#` lines are comments), checked: ids unique and positive, names and
/// descriptions present, 1 to 20 stocks each as `CODE name` with a 6-character KRX code,
/// no stock twice in a topic.
pub fn parse(csv: &str) -> anyhow::Result<Vec<Topic>> {
    let mut reader = csv::ReaderBuilder::new()
        .comment(Some(b'#'))
        .from_reader(csv.as_bytes());
    let mut topics: Vec<Topic> = Vec::new();
    for row in reader.deserialize() {
        let row: Row = row?;
        let context = || format!("topic {} ({})", row.id, row.name);
        anyhow::ensure!(row.id > 0, "{}: ids are positive", context());
        anyhow::ensure!(
            topics.iter().all(|t| t.id != row.id),
            "{}: id repeated",
            context()
        );
        anyhow::ensure!(
            !row.name.trim().is_empty() && !row.description.trim().is_empty(),
            "{}: a name and a description",
            context()
        );
        let mut stocks: Vec<TopicStock> = Vec::new();
        for pair in words(&row.stocks) {
            let (code, name) = pair
                .split_once(' ')
                .ok_or_else(|| anyhow::anyhow!("{}: `{pair}` is not `CODE name`", context()))?;
            anyhow::ensure!(
                code.len() == 6
                    && code
                        .bytes()
                        .all(|b| b.is_ascii_digit() || b.is_ascii_uppercase()),
                "{}: `{code}` is not a KRX code",
                context()
            );
            let security_id = format!("KOREA-A{code}");
            anyhow::ensure!(
                stocks.iter().all(|s| s.security_id != security_id),
                "{}: {code} twice",
                context()
            );
            stocks.push(TopicStock {
                security_id,
                name: name.trim().to_owned(),
            });
        }
        anyhow::ensure!(
            (1..=20).contains(&stocks.len()),
            "{}: 1 to 20 stocks",
            context()
        );
        topics.push(Topic {
            id: row.id,
            name: row.name.trim().to_owned(),
            description: row.description.trim().to_owned(),
            featured: row.featured,
            aliases: words(&row.aliases),
            reading: Some(row.reading.trim().to_owned()).filter(|r| !r.is_empty()),
            stocks,
        });
    }
    Ok(topics)
}

/// The topics with their search index and lookups.
pub struct Topics {
    topics: Vec<Topic>,
    keys: KeyIndex,
    by_id: HashMap<i64, usize>,
    /// Positions of the featured topics, in their order.
    featured: Vec<usize>,
    /// Positions of the topics holding each security, in file order.
    by_security: HashMap<String, Vec<usize>>,
}

impl Topics {
    /// The list the service ships.
    pub fn bundled() -> anyhow::Result<Self> {
        Self::new(parse(TOPICS_CSV)?)
    }

    pub fn new(topics: Vec<Topic>) -> anyhow::Result<Self> {
        let mut keys = KeysBuilder::default();
        let mut by_security: HashMap<String, Vec<usize>> = HashMap::new();
        for (position, topic) in topics.iter().enumerate() {
            let entry = u32::try_from(position)?;
            keys.name(entry, &topic.name);
            for alias in &topic.aliases {
                keys.alias(entry, alias);
            }
            if let Some(reading) = &topic.reading {
                keys.reading(entry, reading);
            }
            for stock in &topic.stocks {
                by_security
                    .entry(stock.security_id.clone())
                    .or_default()
                    .push(position);
            }
        }
        let mut featured: Vec<usize> = (0..topics.len())
            .filter(|&p| topics[p].featured.is_some())
            .collect();
        featured.sort_by_key(|&p| (topics[p].featured, topics[p].id));
        Ok(Self {
            by_id: topics.iter().enumerate().map(|(p, t)| (t.id, p)).collect(),
            keys: keys.build()?,
            featured,
            by_security,
            topics,
        })
    }

    pub fn all(&self) -> &[Topic] {
        &self.topics
    }

    pub fn get(&self, id: i64) -> Option<&Topic> {
        self.by_id.get(&id).map(|&p| &self.topics[p])
    }

    /// The featured topics in their order.
    pub fn featured(&self) -> impl Iterator<Item = &Topic> {
        self.featured.iter().map(|&p| &self.topics[p])
    }

    /// The topics holding `security_id`, in the file's order.
    pub fn of_security(&self, security_id: &str) -> impl Iterator<Item = &Topic> {
        self.by_security
            .get(security_id)
            .into_iter()
            .flatten()
            .map(|&p| &self.topics[p])
    }

    /// Every topic the keyword matches, ranked: tier (exact, from the start, inside), then
    /// featured before the rest in their order, then the file's order.
    pub fn search(&self, keyword: &str) -> Vec<&Topic> {
        let mut hits: Vec<(u32, Tier)> = self.keys.matches(keyword);
        hits.sort_by_key(|&(entry, tier)| {
            let topic = &self.topics[entry as usize];
            (tier, topic.featured.unwrap_or(u32::MAX), entry)
        });
        hits.into_iter()
            .map(|(entry, _)| &self.topics[entry as usize])
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names<'a>(topics: impl IntoIterator<Item = &'a Topic>) -> Vec<&'a str> {
        topics.into_iter().map(|t| t.name.as_str()).collect()
    }

    #[test]
    fn the_bundled_list_parses() {
        let topics = Topics::bundled().expect("topics.csv");
        assert!((20..=40).contains(&topics.all().len()));
        assert!(
            topics
                .all()
                .iter()
                .all(|t| (5..=15).contains(&t.stocks.len()))
        );
        assert_eq!(
            names(topics.featured().take(3)),
            vec!["2차전지", "반도체", "AI"]
        );
        let samsung = names(topics.of_security("KOREA-A005930"));
        assert!(samsung.contains(&"반도체"), "{samsung:?}");
        assert_eq!(topics.of_security("KOREA-A999999").count(), 0);
    }

    #[test]
    fn search_reads_korean_as_typed() {
        let topics = Topics::bundled().expect("topics.csv");
        for (query, first) in [
            ("반도체", "반도체"),
            ("반도", "반도체"),
            ("반돛", "반도체"),
            ("ㅂㄷㅊ", "반도체"),
            ("전지", "2차전지"),
            ("이차전지", "2차전지"),
            ("배터리", "2차전지"),
            ("AI", "AI"),
            ("ai", "AI"),
            ("에이아이", "AI"),
            ("에이", "AI"),
            ("인공지능", "AI"),
            ("방위산업", "방산"),
            ("원자력", "원전"),
        ] {
            let found = topics.search(query);
            assert_eq!(
                found.first().map(|t| t.name.as_str()),
                Some(first),
                "{query}"
            );
        }
        assert!(topics.search("없는테마").is_empty());
    }

    #[test]
    fn the_file_is_checked() {
        let header = "id,name,featured,aliases,reading,description,stocks\n";
        for bad in [
            "1,A,,,,설명,005930\n",
            "1,A,,,,설명,05930 삼성전자\n",
            "1,A,,,,설명,005930 삼성전자;005930 삼성전자\n",
            "1,A,,,,,005930 삼성전자\n",
            "1,A,,,,설명,\n",
            "0,A,,,,설명,005930 삼성전자\n",
            "1,A,,,,설명,005930 삼성전자\n1,B,,,,설명,005930 삼성전자\n",
        ] {
            assert!(parse(&format!("{header}{bad}")).is_err(), "{bad}");
        }
        let good = parse(&format!(
            "# note\n{header}7,A,2,a;b,에이,설명,005930 삼성전자\n"
        ))
        .expect("good");
        assert_eq!(good[0].featured, Some(2));
        assert_eq!(good[0].aliases, vec!["a", "b"]);
        assert_eq!(good[0].stocks[0].security_id, "KOREA-A005930");
    }
}
