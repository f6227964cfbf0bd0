//! The published facts of each ETF (`data/etf_facts.csv`, one source per row, the facts
//! without a stored source named in `unsourced` and shown as sample).

use std::path::Path;

use serde::Deserialize;
use sise_proto::market::v1 as pb;

use crate::dataset::{ETF_FACTS, read_csv};

/// What an ETF holds, which decides its basket (see [`super::basket`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    DomesticIndex,
    Sector,
    ForeignIndex,
    MoneyMarket,
}

impl Class {
    fn parse(text: &str) -> Option<Self> {
        match text {
            "domestic_index" => Some(Self::DomesticIndex),
            "sector" => Some(Self::Sector),
            "foreign_index" => Some(Self::ForeignIndex),
            "money_market" => Some(Self::MoneyMarket),
            _ => None,
        }
    }
}

impl From<Class> for pb::EtfClass {
    fn from(class: Class) -> Self {
        match class {
            Class::DomesticIndex => Self::DomesticIndex,
            Class::Sector => Self::Sector,
            Class::ForeignIndex => Self::ForeignIndex,
            Class::MoneyMarket => Self::MoneyMarket,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Facts {
    pub code: String,
    pub name: String,
    pub issuer: String,
    pub tracking_index: String,
    pub class: Class,
    pub total_expense_ratio: f64,
    pub distribution: String,
    pub listing_date: String,
    pub unsourced: Vec<String>,
    pub source: String,
}

#[derive(Deserialize)]
struct Row {
    code: String,
    name: String,
    issuer: String,
    tracking_index: String,
    class: String,
    total_expense_ratio_pct: f64,
    distribution: String,
    listing_date: String,
    unsourced: String,
    source: String,
}

/// The fields a row may name in `unsourced`.
const FIELDS: [&str; 5] = [
    "issuer",
    "tracking_index",
    "total_expense_ratio_pct",
    "distribution",
    "listing_date",
];

pub fn load(dir: &Path) -> anyhow::Result<Vec<Facts>> {
    read_csv::<Row>(&dir.join(ETF_FACTS))?
        .into_iter()
        .map(|row| {
            let class = Class::parse(&row.class)
                .ok_or_else(|| anyhow::anyhow!("ETF {}: unknown class {}", row.code, row.class))?;
            let unsourced = row
                .unsourced
                .split(';')
                .map(str::trim)
                .filter(|f| !f.is_empty())
                .map(|f| {
                    anyhow::ensure!(FIELDS.contains(&f), "ETF {}: unknown field {f}", row.code);
                    // The API names the ratio as its field is named there.
                    Ok(f.trim_end_matches("_pct").to_owned())
                })
                .collect::<anyhow::Result<Vec<_>>>()?;
            anyhow::ensure!(
                !row.source.trim().is_empty(),
                "ETF {} has no source",
                row.code
            );
            Ok(Facts {
                code: row.code,
                name: row.name,
                issuer: row.issuer,
                tracking_index: row.tracking_index,
                class,
                total_expense_ratio: row.total_expense_ratio_pct,
                distribution: row.distribution,
                listing_date: row.listing_date,
                unsourced,
                source: row.source,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_etf_row_has_its_facts_and_a_source() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
        let facts = load(&dir).expect("facts");
        assert_eq!(facts.len(), 9);
        let kodex = facts
            .iter()
            .find(|f| f.code == "069500")
            .expect("KODEX 200");
        assert_eq!(kodex.issuer, "삼성자산운용");
        assert_eq!(kodex.class, Class::DomesticIndex);
        assert!((kodex.total_expense_ratio - 0.15).abs() < 1e-9);
        assert!(kodex.unsourced.is_empty());
        let tiger = facts
            .iter()
            .find(|f| f.code == "102110")
            .expect("TIGER 200");
        assert_eq!(tiger.unsourced, ["total_expense_ratio", "distribution"]);
    }
}
