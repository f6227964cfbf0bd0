//! Securities firms the order modal offers (spec §2 "Order", §7 `GET /v13/security_firms`),
//! kept as data in `data/security_firms.csv` (`key,name,trading_enabled`; provenance in
//! `data/SOURCES.md`), in display order.
//!
//! `trading_enabled` says whether the companion app can route orders to that firm; the UI
//! hides disabled firms and the messenger provider's own firm (`kakaopay`), the API returns
//! them all with the flag. The request parameters of the call (`os`, `market_code`,
//! `version_code`) are validated here: the answer is the same for every client.

use std::collections::HashSet;
use std::path::Path;

use anyhow::Context;
use serde::Deserialize;
use sise_platform::error::{DomainError, ErrorCode};

pub const FIRMS_FILE: &str = "security_firms.csv";

/// Client platforms.
pub const OPERATING_SYSTEMS: &[&str] = &["web", "android", "ios"];
/// App stores (`nomarket` for the web).
pub const MARKET_CODES: &[&str] = &["nomarket", "google", "apple", "onestore"];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SecurityFirm {
    /// Stable lowercase key, e.g. `kiwoom`.
    pub key: String,
    /// Korean name, e.g. `키움증권`.
    pub name: String,
    pub trading_enabled: bool,
}

#[derive(Deserialize)]
struct Row {
    key: String,
    name: String,
    trading_enabled: u8,
}

/// Read and check the firm list: keys are unique lowercase `[a-z0-9_]+`, names non-empty,
/// the flag 0 or 1.
pub fn load_firms(dir: &Path) -> anyhow::Result<Vec<SecurityFirm>> {
    let path = dir.join(FIRMS_FILE);
    let mut reader =
        csv::Reader::from_path(&path).with_context(|| format!("cannot open {}", path.display()))?;
    let mut seen = HashSet::new();
    let mut firms = Vec::new();
    for row in reader.deserialize::<Row>() {
        let row = row.with_context(|| format!("malformed row in {}", path.display()))?;
        let key = row.key.trim().to_owned();
        anyhow::ensure!(
            !key.is_empty()
                && key
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
            "bad firm key {key:?} in {}",
            path.display()
        );
        anyhow::ensure!(seen.insert(key.clone()), "duplicate firm key {key}");
        anyhow::ensure!(!row.name.trim().is_empty(), "firm {key} has no name");
        anyhow::ensure!(row.trading_enabled <= 1, "firm {key}: flag must be 0 or 1");
        firms.push(SecurityFirm {
            key,
            name: row.name.trim().to_owned(),
            trading_enabled: row.trading_enabled == 1,
        });
    }
    anyhow::ensure!(!firms.is_empty(), "{} lists no firms", path.display());
    Ok(firms)
}

/// Check the client description the call carries (all three are required).
pub fn validate_client(os: &str, market_code: &str, version_code: &str) -> Result<(), DomainError> {
    if !OPERATING_SYSTEMS.contains(&os) {
        return Err(DomainError::from(ErrorCode::InvalidOs));
    }
    if !MARKET_CODES.contains(&market_code) {
        return Err(DomainError::from(ErrorCode::InvalidMarketCode));
    }
    // -1 is the web (no app version); apps send their build number.
    if !version_code.trim().parse::<i64>().is_ok_and(|v| v >= -1)
        || version_code.trim() != version_code
    {
        return Err(DomainError::from(ErrorCode::InvalidVersionCode));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data_dir() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
    }

    #[test]
    fn loads_the_firm_list() {
        let firms = load_firms(&data_dir()).expect("firms");
        assert!(firms.len() >= 20);
        let find = |key: &str| firms.iter().find(|f| f.key == key).expect(key);
        assert_eq!(find("kiwoom").name, "키움증권");
        assert_eq!(find("mirae").name, "미래에셋증권");
        assert!(find("kiwoom").trading_enabled);
        // The messenger provider's firm is listed, so the UI rule can hide it.
        assert!(find("kakaopay").trading_enabled);
        assert!(firms.iter().any(|f| !f.trading_enabled));
    }

    #[test]
    fn rejects_bad_firm_files() {
        let dir = tempfile::tempdir().expect("dir");
        for (body, why) in [
            (
                "key,name,trading_enabled\nkiwoom,키움증권,1\nkiwoom,키움,0\n",
                "duplicate",
            ),
            (
                "key,name,trading_enabled\nKiwoom,키움증권,1\n",
                "uppercase key",
            ),
            ("key,name,trading_enabled\nkiwoom,,1\n", "no name"),
            ("key,name,trading_enabled\nkiwoom,키움증권,2\n", "flag"),
            ("key,name,trading_enabled\n", "empty"),
        ] {
            std::fs::write(dir.path().join(FIRMS_FILE), body).expect("write");
            assert!(load_firms(dir.path()).is_err(), "{why}");
        }
    }

    #[test]
    fn validates_the_client_parameters() {
        assert!(validate_client("web", "nomarket", "-1").is_ok());
        assert!(validate_client("android", "google", "31002").is_ok());
        assert!(validate_client("ios", "apple", "0").is_ok());
        for (os, market, version, code) in [
            ("", "nomarket", "-1", "invalid_os"),
            ("windows", "nomarket", "-1", "invalid_os"),
            ("WEB", "nomarket", "-1", "invalid_os"),
            ("web", "", "-1", "invalid_market_code"),
            ("web", "appstore", "-1", "invalid_market_code"),
            ("web", "nomarket", "", "invalid_version_code"),
            ("web", "nomarket", "-2", "invalid_version_code"),
            ("web", "nomarket", "1.0", "invalid_version_code"),
            ("web", "nomarket", " 1", "invalid_version_code"),
            (
                "web",
                "nomarket",
                "99999999999999999999",
                "invalid_version_code",
            ),
        ] {
            let error = validate_client(os, market, version).expect_err(code);
            assert_eq!(error.code, code, "{os} {market} {version}");
        }
    }
}
