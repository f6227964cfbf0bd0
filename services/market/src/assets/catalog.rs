//! What assets exist besides stocks: the indexes of spec §9 and the currencies of the
//! bundled bank board (`fx_krw_board_naver_20260209_20260213.csv`, 58 currencies), with
//! their names, units, spreads and the parameters of their simulated parts.

use std::collections::HashMap;
use std::path::Path;

use anyhow::Context;
use chrono::NaiveDate;
use serde::Deserialize;

use super::clocks::Zone;
use super::ids::AssetId;
use super::walk::Walk;

/// Indexes computed from the simulated KRX quotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Composite {
    Kospi,
    Kosdaq,
    /// The 200 largest KOSPI common stocks by market cap.
    Kospi200,
}

/// A foreign index: a simulated series anchored to a plausible level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ForeignIndex {
    pub code: &'static str,
    pub name: &'static str,
    /// Level on the first history date (2023-01-02), near the real one.
    pub start_level: f64,
    /// Plausible level on the anchor date (2026-06-12), which the walk is pulled towards.
    pub anchor_level: f64,
    pub sigma: f64,
    pub zone: Zone,
    /// Session in local seconds after midnight.
    pub open: u32,
    pub close: u32,
}

const fn hm(hour: u32, minute: u32) -> u32 {
    hour * 3600 + minute * 60
}

/// Spec §9 foreign index codes: Shanghai, Hong Kong, Japan 225, US DJI and composite,
/// German DAX, British FTSE, Japan TOPIX. Levels are sample values, not quotes.
pub const FOREIGN_INDEXES: [ForeignIndex; 8] = [
    ForeignIndex {
        code: "SSEC",
        name: "상해종합",
        start_level: 3_089.0,
        anchor_level: 4_050.0,
        sigma: 0.010,
        zone: Zone::Fixed(8),
        open: hm(9, 30),
        close: hm(15, 0),
    },
    ForeignIndex {
        code: "HSI",
        name: "항셍",
        start_level: 20_145.0,
        anchor_level: 26_400.0,
        sigma: 0.014,
        zone: Zone::Fixed(8),
        open: hm(9, 30),
        close: hm(16, 0),
    },
    ForeignIndex {
        code: "N225",
        name: "니케이 225",
        start_level: 25_716.0,
        anchor_level: 51_800.0,
        sigma: 0.013,
        zone: Zone::Fixed(9),
        open: hm(9, 0),
        close: hm(15, 30),
    },
    ForeignIndex {
        code: "DJI",
        name: "다우존스",
        start_level: 33_136.0,
        anchor_level: 48_600.0,
        sigma: 0.009,
        zone: Zone::UsEastern,
        open: hm(9, 30),
        close: hm(16, 0),
    },
    ForeignIndex {
        code: "IXIC",
        name: "나스닥 종합",
        start_level: 10_386.0,
        anchor_level: 24_300.0,
        sigma: 0.013,
        zone: Zone::UsEastern,
        open: hm(9, 30),
        close: hm(16, 0),
    },
    ForeignIndex {
        code: "GDAXI",
        name: "독일 DAX",
        start_level: 14_069.0,
        anchor_level: 24_700.0,
        sigma: 0.010,
        zone: Zone::CentralEurope,
        open: hm(9, 0),
        close: hm(17, 30),
    },
    ForeignIndex {
        code: "FTSE",
        name: "영국 FTSE 100",
        start_level: 7_452.0,
        anchor_level: 10_150.0,
        sigma: 0.008,
        zone: Zone::Uk,
        open: hm(8, 0),
        close: hm(16, 30),
    },
    ForeignIndex {
        code: "TOPIX",
        name: "일본 TOPIX",
        start_level: 1_868.0,
        anchor_level: 3_420.0,
        sigma: 0.011,
        zone: Zone::Fixed(9),
        open: hm(9, 0),
        close: hm(15, 30),
    },
];

/// The foreign indexes by group as the trend page shows them (spec §3 "Foreign indexes
/// grouped"): the one table of the groups, by code of [`FOREIGN_INDEXES`]. The major group
/// holds the four a Korean investor checks first (the US close, Tokyo, Shanghai).
pub const FOREIGN_INDEX_GROUPS: ForeignIndexGroups = ForeignIndexGroups {
    major: &["DJI", "IXIC", "N225", "SSEC"],
    asia: &["SSEC", "HSI", "N225", "TOPIX"],
    america: &["DJI", "IXIC"],
    europe: &["GDAXI", "FTSE"],
};

/// Codes of foreign indexes per group, in display order.
pub struct ForeignIndexGroups {
    pub major: &'static [&'static str],
    pub asia: &'static [&'static str],
    pub america: &'static [&'static str],
    pub europe: &'static [&'static str],
}

/// The foreign indexes' sample history runs from the first KOSPI history date to here.
pub fn foreign_anchor_date() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 6, 12).unwrap_or_default()
}

/// KOSPI 200 / KOSPI: the real ratio sat between 0.13 and 0.14 in 2023–2025.
pub const KOSPI200_RATIO: f64 = 0.135;
/// Largest tracking difference of the derived KOSPI 200 history (log terms).
pub const KOSPI200_TRACKING: f64 = 0.01;
pub const KOSPI200_SIZE: usize = 200;

/// Half-life of the simulated series' pull towards their anchors, in days.
pub const HALF_LIFE_DAYS: f64 = 250.0;

/// The spec's major forex ids (USD, EUR, JPY, CNY).
pub const MAJOR_CURRENCIES: [&str; 4] = ["USD", "EUR", "JPY", "CNY"];

/// A currency against the won.
#[derive(Clone, Debug, PartialEq)]
pub struct Currency {
    pub code: String,
    pub country: String,
    /// Rates are quoted per this many units (100 for JPY, IDR, VND).
    pub unit: f64,
    /// Bank cash spread (ratio of the base rate) for 현찰 사실 때 / 파실 때.
    pub cash_spread: f64,
    /// Transfer spreads (ratio) from the board: 송금 보내실 때 above, 받으실 때 below.
    pub send_spread: f64,
    pub receive_spread: f64,
    /// Board snapshots (date, base rate per `unit`), ascending.
    pub board: Vec<(NaiveDate, f64)>,
    pub sigma: f64,
}

impl Currency {
    pub fn name(&self) -> String {
        if self.unit > 1.0 {
            format!("{} {} {}", self.country, self.code, self.unit as i64)
        } else {
            format!("{} {}", self.country, self.code)
        }
    }

    /// Decimal places of its base rate: 2, or 4 for rates under 10 won.
    pub fn decimals(&self) -> u32 {
        let level = self.board.last().map_or(100.0, |b| b.1);
        if level >= 10.0 { 2 } else { 4 }
    }
}

pub const BOARD_FILE: &str = "fx_krw_board_naver_20260209_20260213.csv";

/// Typical Korean bank cash spreads (sample values; the board has transfer rates only).
fn cash_spread(code: &str) -> f64 {
    match code {
        "USD" | "JPY" => 0.0175,
        "EUR" => 0.0199,
        "GBP" | "CAD" | "CHF" | "AUD" | "HKD" | "NZD" | "SGD" | "SEK" | "DKK" | "NOK" => 0.0197,
        "CNY" => 0.05,
        _ => 0.06,
    }
}

/// Daily sigma of a currency's simulated moves against the won.
fn fx_sigma(code: &str) -> f64 {
    match code {
        "USD" | "HKD" | "AED" | "SAR" | "QAR" | "OMR" | "BHD" | "JOD" | "KWD" => 0.0045,
        "CNY" | "SGD" => 0.005,
        "EUR" | "GBP" | "CHF" | "DKK" | "JPY" | "CAD" => 0.006,
        "RUB" | "TRY" | "EGP" | "ARS" | "BRL" | "ZAR" | "MXN" | "COP" | "CLP" => 0.01,
        _ => 0.007,
    }
}

#[derive(Deserialize)]
struct BoardRow {
    #[serde(rename = "기준일자")]
    date: String,
    #[serde(rename = "통화명")]
    code: String,
    #[serde(rename = "국가명")]
    country: String,
    #[serde(rename = "매매기준율")]
    base: f64,
    #[serde(rename = "송금_보내실때")]
    send: f64,
    #[serde(rename = "송금_받으실때")]
    receive: f64,
}

/// Read the board's currencies (ordered by their first appearance in the file).
pub fn load_currencies(dir: &Path) -> anyhow::Result<Vec<Currency>> {
    let path = dir.join(BOARD_FILE);
    let mut reader =
        csv::Reader::from_path(&path).with_context(|| format!("cannot open {}", path.display()))?;
    let mut currencies: Vec<Currency> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for row in reader.deserialize::<BoardRow>() {
        let row = row.with_context(|| format!("malformed row in {}", path.display()))?;
        let date = NaiveDate::parse_from_str(&row.date, "%Y%m%d")
            .with_context(|| format!("bad date {} in {}", row.date, path.display()))?;
        if !(row.base.is_finite() && row.base > 0.0) || row.code.len() != 3 {
            continue;
        }
        let i = *index.entry(row.code.clone()).or_insert_with(|| {
            currencies.push(Currency {
                unit: if matches!(row.code.as_str(), "JPY" | "IDR" | "VND") {
                    100.0
                } else {
                    1.0
                },
                cash_spread: cash_spread(&row.code),
                sigma: fx_sigma(&row.code),
                code: row.code.clone(),
                country: row.country.clone(),
                send_spread: 0.0,
                receive_spread: 0.0,
                board: Vec::new(),
            });
            currencies.len() - 1
        });
        let currency = &mut currencies[i];
        currency.board.push((date, row.base));
        currency.board.sort_by_key(|b| b.0);
        if currency.board.last().map(|b| b.0) == Some(date) {
            // The newest snapshot sets the transfer spreads.
            currency.send_spread = ((row.send - row.base) / row.base).max(0.0);
            currency.receive_spread = ((row.base - row.receive) / row.base).max(0.0);
        }
    }
    anyhow::ensure!(
        currencies.iter().any(|c| c.code == "USD"),
        "{} has no USD rate",
        path.display()
    );
    Ok(currencies)
}

/// What an asset of the catalogue is.
#[derive(Clone, Debug, PartialEq)]
pub enum Series {
    Composite(Composite),
    Foreign(ForeignIndex),
    Forex(Currency),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub id: AssetId,
    pub name: String,
    pub series: Series,
    pub walk: Walk,
}

impl Entry {
    pub fn is_index(&self) -> bool {
        !matches!(self.series, Series::Forex(_))
    }

    pub fn currency(&self) -> Option<&Currency> {
        match &self.series {
            Series::Forex(currency) => Some(currency),
            _ => None,
        }
    }
}

/// Every index and forex pair, in display order (spec §9 indexes, then currencies).
#[derive(Clone, Debug)]
pub struct Catalog {
    pub entries: Vec<Entry>,
    by_id: HashMap<String, usize>,
}

impl Catalog {
    pub fn new(currencies: Vec<Currency>) -> anyhow::Result<Self> {
        let walk = |sigma: f64, decimals: u32| Walk {
            sigma,
            half_life_days: HALF_LIFE_DAYS,
            decimals,
        };
        let mut entries = vec![
            Entry {
                id: AssetId::index("KOSPI")?,
                name: "코스피".into(),
                series: Series::Composite(Composite::Kospi),
                walk: walk(0.012, 2),
            },
            Entry {
                id: AssetId::index("KOSDAQ")?,
                name: "코스닥".into(),
                series: Series::Composite(Composite::Kosdaq),
                walk: walk(0.015, 2),
            },
            Entry {
                id: AssetId::index("KPI200")?,
                name: "코스피 200".into(),
                series: Series::Composite(Composite::Kospi200),
                walk: walk(0.013, 2),
            },
        ];
        for index in FOREIGN_INDEXES {
            entries.push(Entry {
                id: AssetId::index(index.code)?,
                name: index.name.into(),
                walk: walk(index.sigma, 2),
                series: Series::Foreign(index),
            });
        }
        for currency in currencies {
            entries.push(Entry {
                id: AssetId::forex(&currency.code)?,
                name: currency.name(),
                walk: walk(currency.sigma, currency.decimals()),
                series: Series::Forex(currency),
            });
        }
        let by_id = entries
            .iter()
            .enumerate()
            .map(|(i, e)| (e.id.as_str().to_owned(), i))
            .collect();
        Ok(Self { entries, by_id })
    }

    pub fn position(&self, id: &AssetId) -> Option<usize> {
        self.by_id.get(id.as_str()).copied()
    }

    #[cfg(test)]
    pub fn get(&self, id: &AssetId) -> Option<&Entry> {
        self.position(id).map(|i| &self.entries[i])
    }

    /// The forex entry of a currency code (`USD`).
    pub fn currency(&self, code: &str) -> Option<(usize, &Currency)> {
        let id = AssetId::forex(code).ok()?;
        let i = self.position(&id)?;
        self.entries[i].currency().map(|c| (i, c))
    }

    pub fn composite(&self, which: Composite) -> Option<usize> {
        self.entries
            .iter()
            .position(|e| e.series == Series::Composite(which))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data_dir() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
    }

    /// Every grouped code is a foreign index, and every foreign index is in one region.
    #[test]
    fn foreign_index_groups_cover_the_foreign_indexes() {
        let g = &FOREIGN_INDEX_GROUPS;
        let known = |code: &&str| FOREIGN_INDEXES.iter().any(|i| i.code == *code);
        assert!(
            g.major
                .iter()
                .chain(g.asia)
                .chain(g.america)
                .chain(g.europe)
                .all(known)
        );
        for index in &FOREIGN_INDEXES {
            let regions = [g.asia, g.america, g.europe]
                .iter()
                .filter(|group| group.contains(&index.code))
                .count();
            assert_eq!(regions, 1, "{}", index.code);
        }
    }

    #[test]
    fn loads_the_board_currencies() {
        let currencies = load_currencies(&data_dir()).expect("board");
        assert_eq!(currencies.len(), 58);
        let usd = currencies.iter().find(|c| c.code == "USD").expect("usd");
        assert_eq!(usd.board.len(), 5);
        assert_eq!(usd.board.last().map(|b| b.1), Some(1_441.9));
        assert_eq!(usd.name(), "미국 USD");
        // 2026-02-13: send 1456.0, receive 1427.8 around 1441.9.
        assert!((usd.send_spread - 14.1 / 1_441.9).abs() < 1e-9);
        assert!((usd.receive_spread - 14.1 / 1_441.9).abs() < 1e-9);
        let jpy = currencies.iter().find(|c| c.code == "JPY").expect("jpy");
        assert_eq!((jpy.unit, jpy.name().as_str()), (100.0, "일본 JPY 100"));
        let uzs = currencies.iter().find(|c| c.code == "UZS").expect("uzs");
        assert_eq!(uzs.decimals(), 4);
    }

    #[test]
    fn catalog_has_every_spec_index_and_the_contract_currencies() {
        let catalog = Catalog::new(load_currencies(&data_dir()).expect("board")).expect("catalog");
        for code in [
            "KOSPI", "KOSDAQ", "KPI200", "SSEC", "HSI", "N225", "DJI", "IXIC", "GDAXI", "FTSE",
            "TOPIX",
        ] {
            let id = AssetId::index(code).expect("id");
            assert!(catalog.get(&id).is_some_and(Entry::is_index), "{code}");
        }
        for code in [
            "USD", "EUR", "JPY", "CNY", "GBP", "HKD", "AUD", "CAD", "CHF", "AED",
        ] {
            assert!(catalog.currency(code).is_some(), "{code}");
        }
        assert!(catalog.currency("KRW").is_none());
    }
}
