//! WICS sectors at the industry-group level (28 groups such as 반도체와반도체장비, each
//! inside one of the 10 WICS sectors), from the bundled classification
//! (`wics_classification_20241212.csv`, see `data/SOURCES.md`): the listed stocks it
//! classifies are a group's components. It is as of 2024-12-12, so later listings (and
//! preferred shares, which WICS does not list) belong to no group.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use serde::Deserialize;

use crate::dataset::{ListedStock, read_csv};

const CLASSIFICATION: &str = "wics_classification_20241212.csv";

#[derive(Deserialize)]
struct Row {
    #[serde(rename = "종목코드")]
    code: String,
    /// The WICS sector (10 values).
    #[serde(rename = "산업")]
    sector: String,
    /// The WICS industry group (28 values).
    #[serde(rename = "섹터")]
    group: String,
    wics_sector_code: String,
    wics_industry_group_code: String,
}

/// One industry group and its listed components.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sector {
    /// `G4530`.
    pub code: String,
    pub name: String,
    /// The WICS sector it belongs to: `G45`, `IT`.
    pub parent_code: String,
    pub parent_name: String,
    pub members: Vec<String>,
}

/// Every industry group with at least one listed component, by code.
pub fn load(dir: &Path, securities: &[ListedStock]) -> anyhow::Result<Vec<Sector>> {
    let rows: Vec<Row> = read_csv(&dir.join(CLASSIFICATION))?;
    Ok(group(&rows, securities))
}

fn group(rows: &[Row], securities: &[ListedStock]) -> Vec<Sector> {
    let listed: HashMap<&str, &ListedStock> = securities
        .iter()
        .map(|s| (s.security_id.code(), s))
        .collect();
    let mut sectors: BTreeMap<String, Sector> = BTreeMap::new();
    for row in rows {
        let Some(stock) = listed.get(row.code.as_str()) else {
            continue;
        };
        let sector = sectors
            .entry(row.wics_industry_group_code.clone())
            .or_insert_with(|| Sector {
                code: row.wics_industry_group_code.clone(),
                name: row.group.clone(),
                parent_code: row.wics_sector_code.clone(),
                parent_name: row.sector.clone(),
                members: Vec::new(),
            });
        sector.members.push(stock.security_id.as_str().to_owned());
    }
    sectors.into_values().collect()
}

/// A component's size and move, as the sector sums them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Component {
    pub price: f64,
    pub previous_close: f64,
    pub shares: f64,
    pub trading_value: f64,
}

/// What a sector adds up to.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    /// Σ price·shares / Σ previous close·shares − 1: the components' changes weighted by
    /// their market caps at the previous close, which is the change of the sector's total
    /// market cap (as an index moves).
    pub change_rate: f64,
    pub market_cap: f64,
    pub trading_value: f64,
    pub rising: i64,
    pub falling: i64,
}

pub fn summarize(components: impl IntoIterator<Item = Component>) -> Summary {
    let (mut cap, mut previous_cap) = (0.0, 0.0);
    let mut summary = Summary::default();
    for c in components {
        cap += c.price * c.shares;
        previous_cap += c.previous_close * c.shares;
        summary.trading_value += c.trading_value;
        if c.price > c.previous_close {
            summary.rising += 1;
        } else if c.price < c.previous_close {
            summary.falling += 1;
        }
    }
    summary.market_cap = cap;
    summary.change_rate = if previous_cap > 0.0 {
        cap / previous_cap - 1.0
    } else {
        0.0
    };
    summary
}

/// Whether `id` is a stock of `sectors` (for tests).
#[cfg(test)]
fn classified(sectors: &[Sector], id: &crate::domain::SecurityId) -> bool {
    sectors
        .iter()
        .any(|s| s.members.iter().any(|m| m == id.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::SecurityId;

    #[test]
    fn trends_sector_change_is_weighted_by_market_cap() {
        // A large stock up 10% and a small one down 10%: 1,000 → 1,100 and 100 → 90.
        let summary = summarize([
            Component {
                price: 110.0,
                previous_close: 100.0,
                shares: 10.0,
                trading_value: 5.0,
            },
            Component {
                price: 9.0,
                previous_close: 10.0,
                shares: 10.0,
                trading_value: 1.0,
            },
        ]);
        assert!((summary.change_rate - (1_190.0 / 1_100.0 - 1.0)).abs() < 1e-12);
        assert!(summary.change_rate > 0.0 && summary.change_rate < 0.1);
        assert_eq!(summary.market_cap, 1_190.0);
        assert_eq!(summary.trading_value, 6.0);
        assert_eq!((summary.rising, summary.falling), (1, 1));
        assert_eq!(summarize([]).change_rate, 0.0);
    }

    #[test]
    fn trends_loads_the_industry_groups_of_the_listing() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
        let listing = crate::dataset::load_listing(&dir).expect("listing");
        let sectors = load(&dir, &listing).expect("sectors");
        assert_eq!(
            sectors.len(),
            28,
            "{:?}",
            sectors.iter().map(|s| &s.code).collect::<Vec<_>>()
        );
        let chips = sectors
            .iter()
            .find(|s| s.name == "반도체와반도체장비")
            .expect("chips");
        assert_eq!(
            (chips.parent_code.as_str(), chips.parent_name.as_str()),
            ("G45", "IT")
        );
        assert!(chips.code.starts_with("G45"));
        let samsung = SecurityId::parse("KOREA-A005930").expect("id");
        assert!(chips.members.iter().any(|m| m == samsung.as_str()));
        assert!(classified(&sectors, &samsung));
        // Preferred shares are not classified.
        assert!(!classified(
            &sectors,
            &SecurityId::parse("KOREA-A005935").expect("id")
        ));
        let members: usize = sectors.iter().map(|s| s.members.len()).sum();
        assert!(members > 2_000, "{members}");
    }
}
