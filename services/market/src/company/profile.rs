//! Company profiles from the real listing (`krx_stock_master_derived.csv`: KIND industry,
//! main products, listing date, fiscal month, region, homepage; WICS sector and industry
//! group), and the in-memory [`CompanyDirectory`] the gRPC handlers read.
//!
//! Preferred shares carry no KIND/WICS attributes in the dataset; they inherit them (all but
//! the listing date) from their common share, the same 5-character stem ending in `0`
//! (`005935` → `005930`), so related stocks and sector-based sample data work for them too.

use std::collections::{HashMap, HashSet};
use std::path::Path;

use chrono::NaiveDate;
use serde::Deserialize;

use crate::dataset::{ListedStock, read_csv};
use crate::domain::SecurityId;

const MASTER: &str = "krx_stock_master_derived.csv";

/// Identifies the company attributes seeded into the `companies` table (the dataset file
/// and the derivation rules of this module); a new value re-seeds existing databases.
pub const COMPANY_DATASET_VERSION: &str = "krx-master-20260508+pref-inherit-1";

/// The descriptive attributes of one listed company.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompanyProfile {
    pub security_id: SecurityId,
    /// KIND industry (KSIC-style), e.g. `반도체 제조업`.
    pub industry: Option<String>,
    pub main_products: Option<String>,
    pub listing_date: Option<NaiveDate>,
    /// Month the fiscal year ends, 1..=12.
    pub fiscal_month: Option<u32>,
    pub homepage: Option<String>,
    pub region: Option<String>,
    /// WICS sector, e.g. `IT`.
    pub wics_sector: Option<String>,
    /// WICS industry group, e.g. `반도체와반도체장비`.
    pub wics_industry_group: Option<String>,
}

#[derive(Deserialize)]
struct MasterRow {
    code: String,
    kind_industry: String,
    kind_main_products: String,
    listing_date: String,
    fiscal_month: String,
    region: String,
    homepage: String,
    wics_sector: String,
    wics_industry_group: String,
}

/// Profiles of the securities in `listing` (in its order), read from the dataset folder.
pub fn load_profiles(dir: &Path, listing: &[ListedStock]) -> anyhow::Result<Vec<CompanyProfile>> {
    let rows: Vec<MasterRow> = read_csv(&dir.join(MASTER))?;
    let by_code: HashMap<&str, &MasterRow> = rows.iter().map(|r| (r.code.as_str(), r)).collect();
    let wanted: HashSet<&str> = listing.iter().map(|s| s.security_id.code()).collect();
    let mut profiles = Vec::with_capacity(listing.len());
    for stock in listing {
        let code = stock.security_id.code();
        let Some(row) = by_code.get(code) else {
            continue;
        };
        let mut profile = from_row(stock.security_id.clone(), row);
        if profile.wics_sector.is_none()
            && profile.industry.is_none()
            && let Some(common) = common_share(code).filter(|c| wanted.contains(c.as_str()))
            && let Some(common_row) = by_code.get(common.as_str())
        {
            let inherited = from_row(stock.security_id.clone(), common_row);
            profile = CompanyProfile {
                listing_date: profile.listing_date,
                ..inherited
            };
        }
        profiles.push(profile);
    }
    Ok(profiles)
}

fn from_row(security_id: SecurityId, row: &MasterRow) -> CompanyProfile {
    CompanyProfile {
        security_id,
        industry: text(&row.kind_industry),
        main_products: text(&row.kind_main_products),
        listing_date: NaiveDate::parse_from_str(row.listing_date.trim(), "%Y-%m-%d").ok(),
        fiscal_month: parse_fiscal_month(&row.fiscal_month),
        homepage: text(&row.homepage).map(|h| normalize_homepage(&h)),
        region: text(&row.region),
        wics_sector: text(&row.wics_sector),
        wics_industry_group: text(&row.wics_industry_group),
    }
}

fn text(value: &str) -> Option<String> {
    Some(value.trim().to_owned()).filter(|s| !s.is_empty())
}

/// `12월` → 12; anything else → `None`.
pub fn parse_fiscal_month(text: &str) -> Option<u32> {
    let digits = text.trim().strip_suffix('월')?;
    digits.parse::<u32>().ok().filter(|m| (1..=12).contains(m))
}

/// A link needs a scheme: a few KIND entries are bare host names (`maum.ai`).
fn normalize_homepage(url: &str) -> String {
    if url.starts_with("http://") || url.starts_with("https://") {
        url.to_owned()
    } else {
        format!("http://{url}")
    }
}

/// The common share of a preferred share: same first five characters, ending in `0`.
fn common_share(code: &str) -> Option<String> {
    let stem = code.get(..5)?;
    (!code.ends_with('0')).then(|| format!("{stem}0"))
}

/// Every profile in memory, with the members of each WICS industry group and each
/// stock's reference market cap (last real close of the dataset × shares: the stable size
/// the sample data scale from, unlike the live market cap).
#[derive(Debug, Default)]
pub struct CompanyDirectory {
    profiles: HashMap<String, CompanyProfile>,
    groups: HashMap<String, Vec<SecurityId>>,
    reference_caps: HashMap<String, f64>,
}

impl CompanyDirectory {
    /// `listing` is the dataset as loaded (real last closes), not the live board.
    pub fn new(profiles: Vec<CompanyProfile>, listing: &[ListedStock]) -> Self {
        let mut groups: HashMap<String, Vec<SecurityId>> = HashMap::new();
        for profile in &profiles {
            if let Some(group) = &profile.wics_industry_group {
                groups
                    .entry(group.clone())
                    .or_default()
                    .push(profile.security_id.clone());
            }
        }
        let profiles = profiles
            .into_iter()
            .map(|p| (p.security_id.as_str().to_owned(), p))
            .collect();
        let reference_caps = listing
            .iter()
            .map(|s| {
                let cap = s.last_close as f64 * s.shares_outstanding as f64;
                (s.security_id.as_str().to_owned(), cap)
            })
            .collect();
        Self {
            profiles,
            groups,
            reference_caps,
        }
    }

    pub fn get(&self, security_id: &str) -> Option<&CompanyProfile> {
        self.profiles.get(security_id)
    }

    /// Market cap at the dataset's last real close, in won (0 when unknown).
    pub fn reference_market_cap(&self, security_id: &str) -> f64 {
        self.reference_caps.get(security_id).copied().unwrap_or(0.0)
    }

    /// Other members of the security's WICS industry group (empty without a group).
    pub fn peers(&self, security_id: &str) -> Vec<&SecurityId> {
        let Some(group) = self
            .get(security_id)
            .and_then(|p| p.wics_industry_group.as_ref())
        else {
            return Vec::new();
        };
        self.groups
            .get(group)
            .map(|members| {
                members
                    .iter()
                    .filter(|id| id.as_str() != security_id)
                    .collect()
            })
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dataset::load_listing;

    fn data_dir() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
    }

    #[test]
    fn loads_real_profiles_and_inherits_for_preferred_shares() {
        let listing = load_listing(&data_dir()).expect("listing");
        let profiles = load_profiles(&data_dir(), &listing).expect("profiles");
        // Every company's stock; ETFs are funds, without a company profile.
        assert_eq!(
            profiles.len(),
            listing.iter().filter(|s| !s.is_etf()).count()
        );
        let find = |code: &str| {
            profiles
                .iter()
                .find(|p| p.security_id.code() == code)
                .expect(code)
        };
        let samsung = find("005930");
        assert_eq!(
            samsung.industry.as_deref(),
            Some("통신 및 방송 장비 제조업")
        );
        assert_eq!(samsung.listing_date, NaiveDate::from_ymd_opt(1975, 6, 11));
        assert_eq!(samsung.fiscal_month, Some(12));
        assert_eq!(
            samsung.homepage.as_deref(),
            Some("http://www.samsung.com/sec")
        );
        assert_eq!(samsung.region.as_deref(), Some("경기도"));
        assert_eq!(samsung.wics_sector.as_deref(), Some("IT"));
        assert_eq!(
            samsung.wics_industry_group.as_deref(),
            Some("반도체와반도체장비")
        );
        let preferred = find("005935");
        assert_eq!(preferred.wics_industry_group, samsung.wics_industry_group);
        assert_eq!(preferred.industry, samsung.industry);
        assert_eq!(preferred.listing_date, None, "not inherited");
        assert!(
            profiles
                .iter()
                .filter_map(|p| p.homepage.as_deref())
                .all(|h| h.starts_with("http://") || h.starts_with("https://"))
        );
    }

    #[test]
    fn parses_fiscal_months_and_common_shares() {
        assert_eq!(parse_fiscal_month("12월"), Some(12));
        assert_eq!(parse_fiscal_month("03월"), Some(3));
        assert_eq!(parse_fiscal_month(""), None);
        assert_eq!(parse_fiscal_month("13월"), None);
        assert_eq!(common_share("005935").as_deref(), Some("005930"));
        assert_eq!(common_share("00680K").as_deref(), Some("006800"));
        assert_eq!(common_share("005930"), None);
    }

    #[test]
    fn groups_peers_by_wics_industry_group() {
        let profile = |code: &str, group: Option<&str>| CompanyProfile {
            security_id: SecurityId::from_code(code).expect("code"),
            industry: None,
            main_products: None,
            listing_date: None,
            fiscal_month: None,
            homepage: None,
            region: None,
            wics_sector: None,
            wics_industry_group: group.map(str::to_owned),
        };
        let directory = CompanyDirectory::new(
            vec![
                profile("005930", Some("반도체와반도체장비")),
                profile("000660", Some("반도체와반도체장비")),
                profile("035420", Some("미디어와엔터테인먼트")),
                profile("005935", None),
            ],
            &[],
        );
        assert_eq!(directory.reference_market_cap("KOREA-A005930"), 0.0);
        let peers: Vec<&str> = directory
            .peers("KOREA-A005930")
            .iter()
            .map(|id| id.as_str())
            .collect();
        assert_eq!(peers, vec!["KOREA-A000660"]);
        assert!(directory.peers("KOREA-A035420").is_empty());
        assert!(directory.peers("KOREA-A005935").is_empty());
        assert!(directory.peers("KOREA-A999999").is_empty());
    }
}
