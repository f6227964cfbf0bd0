//! The components of each domestic ETF, from the real 2026-05-08 listing
//! (`krx_listing_fdr_20260508.csv`: market and `Marcap`; WICS industry groups from
//! `krx_stock_master_derived.csv`), weighted by market cap. The index providers' member
//! lists are not in the data, so each index is approximated by its selection rule
//! (docs/architecture.md, "Market data: ETFs"):
//! - KOSPI 200: the 200 largest KOSPI common shares (codes ending in 0);
//! - KOSDAQ 150: the 150 largest KOSDAQ common shares;
//! - FnGuide 반도체TOP10: the 10 largest shares of the WICS group 반도체와반도체장비, the two
//!   largest held to 50% together (the index's published rule), the rest scaled up.
//!
//! Foreign-index and money-market ETFs have no basket: their holdings (foreign shares,
//! CD / call / RP money) have no prices in the data.

use std::collections::HashMap;
use std::path::Path;

use serde::Deserialize;

use super::facts::{Class, Facts};
use crate::dataset::{parse_int, read_csv};

const FDR_SNAPSHOT: &str = "krx_listing_fdr_20260508.csv";
const MASTER: &str = "krx_stock_master_derived.csv";
const SEMICONDUCTORS: &str = "반도체와반도체장비";
/// The published cap of the two largest members of FnGuide 반도체TOP10, together.
const TOP_TWO_CAP: f64 = 0.5;

#[derive(Clone, Debug, PartialEq)]
pub struct Component {
    pub code: String,
    pub name: String,
    /// Fraction of the basket, the weights adding up to 1.
    pub weight: f64,
    pub market_cap: i64,
}

/// An ETF's basket, or why it has none.
#[derive(Clone, Debug, PartialEq)]
pub struct Basket {
    pub components: Vec<Component>,
    pub method: String,
}

#[derive(Deserialize)]
struct FdrRow {
    #[serde(rename = "Code")]
    code: String,
    #[serde(rename = "Name")]
    name: String,
    #[serde(rename = "Market")]
    market: String,
    #[serde(rename = "Marcap")]
    marcap: String,
}

#[derive(Deserialize)]
struct MasterRow {
    code: String,
    wics_industry_group: String,
}

/// A listed share with its market cap.
struct Listed {
    code: String,
    name: String,
    market: String,
    cap: i64,
    group: Option<String>,
}

/// The basket of each ETF of `facts`, by code.
pub fn load(dir: &Path, facts: &[Facts]) -> anyhow::Result<HashMap<String, Basket>> {
    let groups: HashMap<String, String> = read_csv::<MasterRow>(&dir.join(MASTER))?
        .into_iter()
        .map(|r| (r.code, r.wics_industry_group))
        .collect();
    let mut listed: Vec<Listed> = read_csv::<FdrRow>(&dir.join(FDR_SNAPSHOT))?
        .into_iter()
        .filter_map(|r| {
            let cap = parse_int(&r.marcap).filter(|&c| c > 0)?;
            Some(Listed {
                group: groups.get(&r.code).filter(|g| !g.is_empty()).cloned(),
                code: r.code,
                name: r.name,
                market: r.market,
                cap,
            })
        })
        .collect();
    // Largest first; equal caps by code, so the selection is stable.
    listed.sort_by(|a, b| b.cap.cmp(&a.cap).then_with(|| a.code.cmp(&b.code)));
    Ok(facts
        .iter()
        .map(|f| (f.code.clone(), basket(f, &listed)))
        .collect())
}

fn basket(facts: &Facts, listed: &[Listed]) -> Basket {
    let common = |l: &&Listed| l.code.ends_with('0');
    let top = |keep: &dyn Fn(&Listed) -> bool, n: usize| -> Vec<&Listed> {
        listed
            .iter()
            .filter(common)
            .filter(|l| keep(l))
            .take(n)
            .collect()
    };
    match (facts.class, facts.tracking_index.as_str()) {
        (Class::DomesticIndex, "코스피 200") => Basket {
            components: by_cap(&top(&|l| l.market == "KOSPI", 200)),
            method: "코스피 200 구성종목을 2026-05-08 상장목록의 유가증권시장 보통주 시가총액 상위 \
                     200종목으로 근사하고 시가총액 비중으로 계산했습니다 (실제 지수는 업종 대표성과 \
                     유동주식 비율을 반영합니다)."
                .to_owned(),
        },
        (Class::DomesticIndex, "코스닥 150") => Basket {
            components: by_cap(&top(&|l| l.market.starts_with("KOSDAQ"), 150)),
            method: "코스닥 150 구성종목을 2026-05-08 상장목록의 코스닥 보통주 시가총액 상위 150종목으로 \
                     근사하고 시가총액 비중으로 계산했습니다 (실제 지수는 업종 대표성과 유동주식 비율, \
                     종목별 비중 상한을 반영합니다)."
                .to_owned(),
        },
        (Class::Sector, "FnGuide 반도체TOP10") => Basket {
            components: capped_top_two(by_cap(&top(
                &|l| l.group.as_deref() == Some(SEMICONDUCTORS),
                10,
            ))),
            method: "WICS 반도체와반도체장비(2024-12) 종목 중 2026-05-08 시가총액 상위 10종목을 \
                     시가총액 비중으로 담고, 상위 2종목 합계를 50%로 제한했습니다 (FnGuide 반도체TOP10의 \
                     분류는 FICS이므로 차이가 있습니다)."
                .to_owned(),
        },
        (Class::ForeignIndex, _) => Basket {
            components: Vec::new(),
            method: format!(
                "{}를 따르는 해외 주식형 ETF입니다. 해외 구성종목의 시세가 데이터에 없어 \
                 구성종목을 표시하지 않습니다.",
                facts.tracking_index
            ),
        },
        _ => Basket {
            components: Vec::new(),
            method: "단기 금융상품(CD·예금·RP 등)으로 운용하는 ETF라 주식 구성종목이 없습니다."
                .to_owned(),
        },
    }
}

/// Weights proportional to market cap.
fn by_cap(members: &[&Listed]) -> Vec<Component> {
    let total: f64 = members.iter().map(|l| l.cap as f64).sum();
    members
        .iter()
        .map(|l| Component {
            code: l.code.clone(),
            name: l.name.clone(),
            weight: if total > 0.0 {
                l.cap as f64 / total
            } else {
                0.0
            },
            market_cap: l.cap,
        })
        .collect()
}

/// The two largest held to [`TOP_TWO_CAP`] together (in their proportion), the others
/// scaled up to fill the rest.
fn capped_top_two(mut components: Vec<Component>) -> Vec<Component> {
    let top: f64 = components.iter().take(2).map(|c| c.weight).sum();
    let rest = 1.0 - top;
    if top <= TOP_TWO_CAP || rest <= 0.0 {
        return components;
    }
    for (i, c) in components.iter_mut().enumerate() {
        c.weight *= if i < 2 {
            TOP_TWO_CAP / top
        } else {
            (1.0 - TOP_TWO_CAP) / rest
        };
    }
    components
}

#[cfg(test)]
mod tests {
    use super::*;

    fn baskets() -> HashMap<String, Basket> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
        let facts = super::super::facts::load(&dir).expect("facts");
        load(&dir, &facts).expect("baskets")
    }

    fn sum(basket: &Basket) -> f64 {
        basket.components.iter().map(|c| c.weight).sum()
    }

    #[test]
    fn index_baskets_are_the_largest_common_shares_by_cap() {
        let baskets = baskets();
        let kospi = &baskets["069500"];
        assert_eq!(kospi.components.len(), 200);
        assert_eq!(kospi.components[0].name, "삼성전자");
        assert!((sum(kospi) - 1.0).abs() < 1e-9);
        assert!(kospi.components.iter().all(|c| c.code.ends_with('0')));
        assert!(
            kospi
                .components
                .windows(2)
                .all(|w| w[0].weight >= w[1].weight),
            "largest first"
        );
        assert_eq!(baskets["102110"], baskets["069500"], "the same index");
        assert_eq!(baskets["229200"].components.len(), 150);
        assert!(baskets["133690"].components.is_empty());
        assert!(baskets["488770"].components.is_empty());
    }

    #[test]
    fn the_semiconductor_top_two_are_held_to_half() {
        let semis = &baskets()["396500"];
        assert_eq!(semis.components.len(), 10);
        let top: f64 = semis.components.iter().take(2).map(|c| c.weight).sum();
        assert!((top - 0.5).abs() < 1e-9, "{top}");
        assert!((sum(semis) - 1.0).abs() < 1e-9);
        let names: Vec<&str> = semis.components.iter().map(|c| c.name.as_str()).collect();
        assert!(
            names.contains(&"SK하이닉스") && names.contains(&"삼성전자"),
            "{names:?}"
        );
    }
}
