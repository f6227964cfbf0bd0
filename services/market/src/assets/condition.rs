//! `market_condition`: the session on the KRX clock (the simulator's clock: the real
//! schedule in `krx` mode, always the regular session in `continuous` mode), KOSPI and
//! KOSDAQ, the trading date the quotes belong to, and one stock's volatility-interruption
//! state from its quote; [`closed_days`], the latest trading dates it shows closed.

use chrono::NaiveDate;
use sise_platform::error::DomainError;
use sise_proto::market::v1 as pb;

use super::catalog::Composite;
use super::live::AssetBoard;
use crate::domain::{SecurityId, security_not_found};
use crate::simulator::clock::previous_trading_day;

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
    let trading_date = board.trading_date(now);
    Ok(pb::MarketCondition {
        session: pb::Session::from(board.krx.session(now)) as i32,
        kospi: composite(Composite::Kospi),
        kosdaq: composite(Composite::Kosdaq),
        trading_date: trading_date.to_string(),
        vi,
    })
}

/// The latest `limit` trading dates whose session is over, newest first. The board's
/// trading date when `condition` shows it closed (its session over, closed or the
/// after-hours session that never moves the day's price, and the day traded: an index
/// opened), otherwise the trading day before it; then the trading days before. So the KRX
/// clock gives today's date from its close (once the simulator has closed the day) and
/// yesterday's before, and the continuous clock, which replays its date and never closes,
/// the trading days before the one it replays.
pub fn closed_days(condition: &pb::MarketCondition, limit: usize) -> Vec<NaiveDate> {
    let Ok(date) = NaiveDate::parse_from_str(&condition.trading_date, "%Y-%m-%d") else {
        return Vec::new();
    };
    let over = matches!(
        pb::Session::try_from(condition.session),
        Ok(pb::Session::Closed | pb::Session::AfterHours)
    );
    let traded = [&condition.kospi, &condition.kosdaq]
        .into_iter()
        .flatten()
        .any(|index| index.open > 0.0);
    let mut day = if over && traded {
        date
    } else {
        previous_trading_day(date)
    };
    let mut days = Vec::with_capacity(limit);
    for _ in 0..limit {
        days.push(day);
        day = previous_trading_day(day);
    }
    days
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    fn condition(session: pb::Session, trading_date: &str, open: f64) -> pb::MarketCondition {
        let index = pb::Asset {
            open,
            ..Default::default()
        };
        pb::MarketCondition {
            session: session as i32,
            kospi: Some(index.clone()),
            kosdaq: Some(index),
            trading_date: trading_date.to_owned(),
            vi: None,
        }
    }

    #[test]
    fn the_latest_closed_days_follow_the_session() {
        // Friday 2026-11-27 after the close (and in the after-hours session): that day first.
        for session in [pb::Session::Closed, pb::Session::AfterHours] {
            assert_eq!(
                closed_days(&condition(session, "2026-11-27", 2_500.0), 3),
                vec![date(2026, 11, 27), date(2026, 11, 26), date(2026, 11, 25)]
            );
        }
        // While it trades, or closed before it opened (a new day waiting: a restart after
        // the close rolls to the next day), the trading day before.
        for (session, open) in [
            (pb::Session::Regular, 2_500.0),
            (pb::Session::PreMarket, 0.0),
            (pb::Session::Closed, 0.0),
        ] {
            assert_eq!(
                closed_days(&condition(session, "2026-11-30", open), 2),
                vec![date(2026, 11, 27), date(2026, 11, 26)],
                "{session:?}"
            );
        }
        // Over a holiday: Chuseok 2026 (24–25 September), then the weekend.
        assert_eq!(
            closed_days(&condition(pb::Session::Regular, "2026-09-28", 1.0), 2),
            vec![date(2026, 9, 23), date(2026, 9, 22)]
        );
        assert!(closed_days(&condition(pb::Session::Closed, "", 1.0), 3).is_empty());
        assert!(closed_days(&condition(pb::Session::Closed, "2026-11-27", 1.0), 0).is_empty());
    }
}
