//! What the closed-day tests share (`api/days.rs`, `krx_close.rs`): the calls of
//! `ClosedDayService` and market's condition, and what must hold of any closed day.

use sise_platform::error::DomainError;
use sise_proto::market::v1 as pb;
use sise_proto::market::v1::asset_service_client::AssetServiceClient;
use sise_proto::market::v1::closed_day_service_client::ClosedDayServiceClient;
use tonic::transport::Channel;

fn days(channel: &Channel) -> ClosedDayServiceClient<Channel> {
    ClosedDayServiceClient::new(channel.clone())
}

pub async fn closed_days(channel: &Channel, limit: Option<i64>) -> Result<Vec<String>, String> {
    days(channel)
        .list_closed_days(pb::ListClosedDaysRequest { limit })
        .await
        .map(|r| r.into_inner().dates)
        .map_err(|status| DomainError::from_status(&status).code.as_str().to_owned())
}

pub async fn closed_day(
    channel: &Channel,
    date: &str,
    limit: Option<i64>,
) -> Result<pb::ClosedDay, String> {
    days(channel)
        .get_closed_day(pb::GetClosedDayRequest {
            date: date.to_owned(),
            limit,
        })
        .await
        .map(|r| r.into_inner())
        .map_err(|status| DomainError::from_status(&status).code.as_str().to_owned())
}

pub async fn condition(channel: &Channel) -> pb::MarketCondition {
    AssetServiceClient::new(channel.clone())
        .get_market_condition(pb::GetMarketConditionRequest { security_id: None })
        .await
        .expect("condition")
        .into_inner()
        .market_condition
        .expect("condition")
}

/// What must hold of any closed day: the indexes, the movers ranked and explained, the
/// sectors strongest first.
pub fn check_day(day: &pb::ClosedDay, date: &str, limit: usize) {
    assert_eq!(day.date, date);
    let names: Vec<&str> = day.indexes.iter().map(|i| i.asset_id.as_str()).collect();
    assert_eq!(names, ["INDEX-KOSPI", "INDEX-KOSDAQ"], "{day:?}");
    for index in &day.indexes {
        assert!(index.price > 0.0 && index.previous_close > 0.0, "{index:?}");
        let rate = index.price / index.previous_close - 1.0;
        assert!((index.change_rate - rate).abs() < 1e-9, "{index:?}");
    }
    assert!(
        !day.rising.is_empty() && day.rising.len() <= limit,
        "{day:?}"
    );
    assert!(
        !day.falling.is_empty() && day.falling.len() <= limit,
        "{day:?}"
    );
    let rates = |movers: &[pb::ClosedMover]| -> Vec<f64> {
        movers
            .iter()
            .map(|m| m.stock.as_ref().expect("stock").change_rate)
            .collect()
    };
    let rising = rates(&day.rising);
    assert!(rising.iter().all(|r| *r > 0.0), "{rising:?}");
    assert!(rising.windows(2).all(|w| w[0] >= w[1]), "{rising:?}");
    let falling = rates(&day.falling);
    assert!(falling.iter().all(|r| *r < 0.0), "{falling:?}");
    assert!(falling.windows(2).all(|w| w[0] <= w[1]), "{falling:?}");
    for mover in day.rising.iter().chain(&day.falling) {
        let stock = mover.stock.as_ref().expect("stock");
        let why = mover.r#move.as_ref().expect("move");
        // The day's move: from the previous close to the close.
        assert_eq!(why.date, date);
        assert_eq!(why.to_price as f64, stock.price);
        assert_eq!((why.to_price - why.from_price) as f64, stock.change);
        assert_eq!(why.disclosures_to, date);
        assert!(why.board.is_some());
        assert!(!stock.name.is_empty());
        // ETFs are left out, as from every ordered list.
        assert!(!stock.security_id.ends_with("069500"));
    }
    assert!(day.sectors.len() > 20, "{}", day.sectors.len());
    assert!(
        day.sectors
            .windows(2)
            .all(|w| w[0].change_rate >= w[1].change_rate)
    );
    assert!(day.disclosures.len() <= 10);
    assert!(day.disclosures.iter().all(|d| d.rcept_dt == date));
}
