//! Domain types of the market: identifiers and markets, parsed once at the edge.
//!
//! Identifier scheme (docs/architecture.md, "Identifiers"): a stock's `securityId` is its
//! asset id `KOREA-A005930`: board `KOREA`, dash, asset code `A` + the 6-character KRX
//! short code. `shortCode` is `A005930`; `code` is `005930`. KRX codes may be alphanumeric
//! (`0001A0`), so they are kept as strings.

use std::fmt;

use sise_platform::error::{DomainError, ErrorCode};
use sise_proto::market::v1 as pb;

const BOARD: &str = "KOREA";

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SecurityId(String);

impl SecurityId {
    /// Parse `KOREA-A005930`.
    pub fn parse(text: &str) -> Result<Self, DomainError> {
        let malformed = || DomainError::from(ErrorCode::InvalidSecurityId);
        let (board, asset) = text.split_once('-').ok_or_else(malformed)?;
        let code = asset.strip_prefix('A').ok_or_else(malformed)?;
        if board != BOARD || !is_krx_code(code) {
            return Err(malformed());
        }
        Ok(Self(text.to_owned()))
    }

    /// From a 6-character KRX code such as `005930`.
    pub fn from_code(code: &str) -> Result<Self, DomainError> {
        Self::parse(&format!("{BOARD}-A{code}"))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// `A005930`.
    pub fn short_code(&self) -> &str {
        &self.0[BOARD.len() + 1..]
    }

    /// `005930`.
    pub fn code(&self) -> &str {
        &self.0[BOARD.len() + 2..]
    }
}

impl fmt::Display for SecurityId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The answer to a well-formed id of a security the market does not list.
pub fn security_not_found() -> DomainError {
    DomainError::from(ErrorCode::SecurityNotFound)
}

fn is_krx_code(code: &str) -> bool {
    code.len() == 6
        && code
            .bytes()
            .all(|b| b.is_ascii_digit() || b.is_ascii_uppercase())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Market {
    Kospi,
    Kosdaq,
}

impl Market {
    /// Market names as written in the KRX listing; KOSDAQ GLOBAL is a KOSDAQ segment.
    pub fn from_listing(text: &str) -> Option<Self> {
        match text {
            "KOSPI" => Some(Self::Kospi),
            "KOSDAQ" | "KOSDAQ GLOBAL" => Some(Self::Kosdaq),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Kospi => "KOSPI",
            Self::Kosdaq => "KOSDAQ",
        }
    }
}

impl From<Market> for pb::Market {
    fn from(market: Market) -> Self {
        match market {
            Market::Kospi => Self::Kospi,
            Market::Kosdaq => Self::Kosdaq,
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn parses_security_ids() {
        let id = SecurityId::parse("KOREA-A005930").expect("valid");
        assert_eq!(id.short_code(), "A005930");
        assert_eq!(id.code(), "005930");
        assert!(SecurityId::parse("KOREA-A0001A0").is_ok());
        for bad in [
            "",
            "005930",
            "KOREA-005930",
            "KOREA-A00593",
            "KOREA-A0059300",
            "korea-A005930",
            "KOREA-A00593a",
            "US-A005930",
            "KOREA-A005930-",
            "KOREA-A한국어12",
        ] {
            let error = SecurityId::parse(bad).expect_err(bad);
            assert_eq!(error.code, "invalid_security_id");
        }
    }

    #[test]
    fn maps_listing_markets() {
        assert_eq!(Market::from_listing("KOSDAQ GLOBAL"), Some(Market::Kosdaq));
        assert_eq!(Market::from_listing("KONEX"), None);
    }

    proptest! {
        #[test]
        fn prop_ids_security_id_round_trips(code in "[0-9A-Z]{6}") {
            let id = SecurityId::from_code(&code).expect("a KRX code");
            prop_assert_eq!(id.code(), code.as_str());
            prop_assert_eq!(SecurityId::parse(id.as_str()).expect("again"), id.clone());
            prop_assert_eq!(id.short_code(), format!("A{code}"));
        }

        #[test]
        fn prop_ids_security_id_accepts_only_its_form(
            text in prop_oneof![any::<String>(), "KOREA-A[0-9A-Za-z가-힣-]{0,8}", "[A-Z]{0,6}-?A?[0-9]{0,7}"],
        ) {
            match SecurityId::parse(&text) {
                Ok(id) => {
                    prop_assert_eq!(id.as_str(), text.as_str());
                    prop_assert!(text.len() == 13 && text.starts_with("KOREA-A"));
                    prop_assert!(id.code().bytes().all(|b| b.is_ascii_digit() || b.is_ascii_uppercase()));
                }
                Err(error) => prop_assert_eq!(error.code, "invalid_security_id"),
            }
        }
    }
}
