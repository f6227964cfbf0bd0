//! `market_condition`: the session on the KRX clock (the simulator's clock: the real
//! schedule in `krx` mode, always the regular session in `continuous` mode), KOSPI and
//! KOSDAQ, the trading date the quotes belong to, and one stock's volatility-interruption
//! state from its quote.

use sise_platform::error::DomainError;
use sise_proto::market::v1 as pb;

use super::catalog::Composite;
use super::live::AssetBoard;
use crate::domain::{SecurityId, security_not_found};

/// The market condition at `now`; `security_id` (optional, may be empty) asks for its VI.
pub fn market_condition(
    board: &AssetBoard,
    security_id: Option<&str>,
    now: chrono::DateTime<chrono::FixedOffset>,
) -> Result<pb::MarketCondition, DomainError> {
    let vi = match security_id.map(str::trim).filter(|s| !s.is_empty()) {
        Some(text) => {
            let id = SecurityId::parse(text)?;
            Some(
                board
                    .quotes
                    .quote(id.as_str())
                    .ok_or_else(security_not_found)?
                    .vi,
            )
        }
        None => None,
    };
    let composite = |which| {
        board
            .catalog
            .composite(which)
            .and_then(|p| board.asset(&board.catalog.entries[p].id))
    };
    let trading_date = board
        .composites
        .trading_date()
        .unwrap_or_else(|| board.krx.day_at(now).date);
    Ok(pb::MarketCondition {
        session: pb::Session::from(board.krx.session(now)) as i32,
        kospi: composite(Composite::Kospi),
        kosdaq: composite(Composite::Kosdaq),
        trading_date: trading_date.to_string(),
        vi,
    })
}
