//! Closed trading days (`ClosedDayService`) in the embedded default's continuous clock: the
//! trading days before the replayed one, each the day its charts show (the movers' closes and
//! previous closes are their day candles); the errors. The KRX clock after a close, and after
//! a restart, is `tests/krx_close.rs` (a process of its own: market's clock offset is the
//! process's).

use chrono::NaiveDate;
use sise_market::simulator::clock::{is_trading_day, next_trading_day};
use sise_proto::market::v1 as pb;

use crate::closed_days::{check_day, closed_day, closed_days, condition};
use crate::helpers::TestApp;

sise_platform::per_backend! {
    async fn the_continuous_clock_s_closed_days_are_the_days_before_its_replay(backend) {
        let app = TestApp::spawn(backend).await;
        let channel = &app.service.channel;
        let replayed = condition(channel).await;
        assert_eq!(replayed.session, pb::Session::Regular as i32);
        assert_eq!(closed_days(channel, None).await.expect("one").len(), 1);
        let dates = closed_days(channel, Some(3)).await.expect("three");
        assert_eq!(dates.len(), 3);
        assert!(dates.windows(2).all(|w| w[0] > w[1]), "{dates:?}");
        assert!(dates[0] < replayed.trading_date, "{dates:?} {replayed:?}");
        for date in &dates {
            let day = NaiveDate::parse_from_str(date, "%Y-%m-%d").expect("date");
            assert!(is_trading_day(day), "{date}");
        }
        // No trading day between the newest closed day and the replayed one.
        let newest = NaiveDate::parse_from_str(&dates[0], "%Y-%m-%d").expect("date");
        assert_eq!(next_trading_day(newest).to_string(), replayed.trading_date);

        let day = closed_day(channel, &dates[0], None).await.expect("the day");
        check_day(&day, &dates[0], 5);
        // Each mover's day is its day candle, against the candle before (as its chart shows).
        for mover in day.rising.iter().chain(&day.falling).take(4) {
            let stock = mover.stock.as_ref().expect("stock");
            let candles = app
                .charts()
                .get_day_candles(pb::GetDayCandlesRequest {
                    security_id: stock.security_id.clone(),
                    limit: Some(2),
                    to: Some(dates[0].clone()),
                })
                .await
                .expect("candles")
                .into_inner()
                .day_candles;
            assert_eq!(candles[0].date, dates[0]);
            assert_eq!(candles[0].close as f64, stock.price, "{}", stock.security_id);
            assert_eq!((candles[0].close - candles[1].close) as f64, stock.change);
            assert_eq!(candles[0].trading_value as f64, stock.trading_value);
        }
        let older = closed_day(channel, &dates[2], Some(3)).await.expect("an older day");
        check_day(&older, &dates[2], 3);

        // The errors.
        for (date, limit, expected) in [
            (replayed.trading_date.as_str(), None, "day_not_closed"),
            ("2026-01-01", None, "day_not_closed"),
            ("2026-13-01", None, "invalid_date"),
            ("", None, "invalid_date"),
            (dates[0].as_str(), Some(0), "invalid_limit"),
            (dates[0].as_str(), Some(21), "invalid_limit"),
        ] {
            assert_eq!(closed_day(channel, date, limit).await.expect_err(expected), expected, "{date}");
        }
        for limit in [0, 11] {
            assert_eq!(closed_days(channel, Some(limit)).await.expect_err("limit"), "invalid_limit");
        }
        app.stop().await;
    }
}
