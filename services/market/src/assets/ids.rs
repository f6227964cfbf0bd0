//! Asset identifiers: `{BOARD}-{CODE}` (spec §3: "two parts joined by a dash"), also read in
//! the spec's other form `{BOARD}::{CODE}` ("boardType plus assetCode joined by a double
//! colon"). Boards are `KOREA` (stocks, code `A` + KRX code), `INDEX` and `FOREX` (a pair
//! such as `USDKRW`). Parsing checks the form only; whether the asset exists is the
//! catalogue's business (unknown but well-formed ids are a 404, malformed ones a 400).

use std::fmt;

use sise_platform::error::{DomainError, ErrorCode};

use crate::domain::SecurityId;

/// Longest accepted code part, so ids stay short in logs, keys and subjects.
const MAX_CODE_LEN: usize = 16;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Board {
    Korea,
    Index,
    Forex,
}

impl Board {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Korea => "KOREA",
            Self::Index => "INDEX",
            Self::Forex => "FOREX",
        }
    }

    fn parse(text: &str) -> Option<Self> {
        match text {
            "KOREA" => Some(Self::Korea),
            "INDEX" => Some(Self::Index),
            "FOREX" => Some(Self::Forex),
            _ => None,
        }
    }
}

/// A well-formed asset id, kept in the dash form.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AssetId {
    board: Board,
    id: String,
}

pub fn invalid_asset_id() -> DomainError {
    DomainError::from(ErrorCode::InvalidAssetId)
}

impl AssetId {
    /// Parse `INDEX-KOSPI` or `INDEX::KOSPI`.
    pub fn parse(text: &str) -> Result<Self, DomainError> {
        let (board, code) = match text.split_once("::") {
            Some(parts) => parts,
            None => text.split_once('-').ok_or_else(invalid_asset_id)?,
        };
        let board = Board::parse(board).ok_or_else(invalid_asset_id)?;
        let well_formed = match board {
            Board::Korea => SecurityId::parse(&format!("KOREA-{code}")).is_ok(),
            Board::Index => {
                !code.is_empty()
                    && code.len() <= MAX_CODE_LEN
                    && code
                        .bytes()
                        .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
            }
            Board::Forex => code.len() == 6 && code.bytes().all(|b| b.is_ascii_uppercase()),
        };
        if !well_formed {
            return Err(invalid_asset_id());
        }
        Ok(Self {
            board,
            id: format!("{}-{code}", board.as_str()),
        })
    }

    /// The id of an index (`INDEX-{code}`), for the catalogue's own constants.
    pub fn index(code: &str) -> Result<Self, DomainError> {
        Self::parse(&format!("INDEX-{code}"))
    }

    /// The id of a currency against the won (`FOREX-{currency}KRW`).
    pub fn forex(currency: &str) -> Result<Self, DomainError> {
        Self::parse(&format!("FOREX-{currency}KRW"))
    }

    pub fn board(&self) -> Board {
        self.board
    }

    /// The dash form, `INDEX-KOSPI`.
    pub fn as_str(&self) -> &str {
        &self.id
    }

    /// The code part, `KOSPI` (`A005930` for a stock: the stock's `short_code`).
    pub fn short_code(&self) -> &str {
        &self.id[self.board.as_str().len() + 1..]
    }

    /// The double-colon form, `INDEX::KOSPI`.
    #[cfg(test)]
    pub fn board_code(&self) -> String {
        format!("{}::{}", self.board.as_str(), self.short_code())
    }

    /// The stock's security id when this is a `KOREA` asset.
    pub fn security_id(&self) -> Option<SecurityId> {
        match self.board {
            Board::Korea => SecurityId::parse(&self.id).ok(),
            _ => None,
        }
    }

    /// The base currency of a `FOREX` pair against the won (`USD` for `FOREX-USDKRW`).
    #[cfg(test)]
    pub fn forex_currency(&self) -> Option<&str> {
        match self.board {
            Board::Forex => self.short_code().strip_suffix("KRW"),
            _ => None,
        }
    }
}

impl fmt::Display for AssetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.id)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn parses_the_dash_form() {
        let id = AssetId::parse("INDEX-KOSPI").expect("index");
        assert_eq!((id.board(), id.as_str()), (Board::Index, "INDEX-KOSPI"));
        assert_eq!(id.short_code(), "KOSPI");
        assert_eq!(id.board_code(), "INDEX::KOSPI");
        let id = AssetId::parse("FOREX-JPYKRW").expect("forex");
        assert_eq!(id.forex_currency(), Some("JPY"));
        let id = AssetId::parse("KOREA-A005930").expect("stock");
        assert_eq!(id.short_code(), "A005930");
        assert_eq!(
            id.security_id().map(|s| s.code().to_owned()),
            Some("005930".to_owned())
        );
        assert!(AssetId::parse("INDEX-KPI200").is_ok());
        assert!(AssetId::parse("KOREA-A0001A0").is_ok());
    }

    #[test]
    fn parses_the_double_colon_form_into_the_dash_form() {
        let id = AssetId::parse("INDEX::KOSDAQ").expect("index");
        assert_eq!(id.as_str(), "INDEX-KOSDAQ");
        assert_eq!(id, AssetId::parse("INDEX-KOSDAQ").expect("same"));
        let id = AssetId::parse("KOREA::A005930").expect("stock");
        assert_eq!(id.as_str(), "KOREA-A005930");
        assert_eq!(
            AssetId::parse("FOREX::USDKRW").map(|id| id.to_string()),
            Ok("FOREX-USDKRW".to_owned())
        );
    }

    #[test]
    fn rejects_malformed_ids() {
        for bad in [
            "",
            "KOSPI",
            "-KOSPI",
            "INDEX-",
            "INDEX::",
            "index-KOSPI",
            "INDEX-kospi",
            "INDEX-KOS PI",
            "INDEX-KOSPI-",
            "INDEX:KOSPI",
            "US-DJI",
            "FOREX-USD",
            "FOREX-USDKRWX",
            "FOREX-usdkrw",
            "KOREA-005930",
            "KOREA-A00593",
            "KOREA::A005930::",
            "INDEX-ABCDEFGHIJKLMNOPQ",
            "INDEX-코스피",
        ] {
            let error = AssetId::parse(bad).expect_err(bad);
            assert_eq!(error.code, "invalid_asset_id", "{bad}");
        }
    }

    proptest! {
        #[test]
        fn prop_ids_asset_id_accepts_only_its_forms(
            text in prop_oneof![
                any::<String>(),
                "(KOREA|INDEX|FOREX|korea|X)(-|::|:)[A-Z0-9a-z:-]{0,20}",
            ],
        ) {
            match AssetId::parse(&text) {
                Ok(id) => {
                    // Both forms name the same id, which parses back to itself.
                    prop_assert_eq!(AssetId::parse(id.as_str()).expect("dash form"), id.clone());
                    prop_assert_eq!(AssetId::parse(&id.board_code()).expect("colon form"), id.clone());
                    prop_assert!(id.as_str().len() <= "INDEX-".len() + MAX_CODE_LEN);
                    prop_assert_eq!(id.security_id().is_some(), id.board() == Board::Korea);
                }
                Err(error) => prop_assert_eq!(error.code, "invalid_asset_id"),
            }
        }
    }
}
