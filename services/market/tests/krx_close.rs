//! The KRX clock's closed day, in a test process of its own: market's clock offset
//! (`simulator.clock_offset_secs`, set here to 20:00 KST of the next trading day) is the
//! process's, and the API tests' markets run the wall clock. After the close the day the
//! simulator has just closed is the latest closed day, read from the live board; market
//! started again on the same database after the close resumes on the next trading day,
//! whose board waits to open, and the closed day is still the latest, now read from the
//! stored candles and bars: the same day (the restart case of the daily market recap).

#[path = "common/closed_days.rs"]
mod closed_days;

use sise_market::Application;
use sise_market::simulator::clock::{kst_instant, next_trading_day};
use sise_market::simulator::now_kst;
use sise_platform::testing::{TestService, repo_root};
use sise_proto::market::v1 as pb;

use crate::closed_days::{check_day, closed_day, closed_days, condition};

fn ids(movers: &[pb::ClosedMover]) -> Vec<String> {
    movers
        .iter()
        .map(|m| m.stock.as_ref().expect("stock").security_id.clone())
        .collect()
}

sise_platform::per_backend! {
    async fn the_krx_clock_s_day_is_closed_after_its_close_and_after_a_restart(backend) {
        // 20:00 KST of the next trading day: market starts on that day, simulates it at once
        // and shows it closed (whatever the hour the test runs).
        let today = now_kst().date_naive();
        let day = next_trading_day(today);
        let evening = kst_instant(day, 20 * 3600);
        let offset = (evening - now_kst()).num_seconds().to_string();
        let spawn = |database_url: Option<String>| {
            let offset = offset.clone();
            TestService::spawn_with::<Application>(backend, move |config| {
                let dataset = repo_root().join("services/market/data");
                config
                    .set("services.market.dataset_dir", dataset.display().to_string())
                    .expect("dataset_dir");
                config.set("services.market.simulator.mode", "krx").expect("mode");
                config
                    .set("services.market.simulator.clock_offset_secs", offset)
                    .expect("offset");
                if let Some(url) = database_url {
                    config.set("services.market.database_url", url).expect("url");
                }
            })
        };
        let first = spawn(None).await;
        let date = day.to_string();
        // The first step closes the day (a bound on a hang).
        let mut latest = Vec::new();
        for _ in 0..600 {
            latest = closed_days(&first.channel, Some(2)).await.expect("closed days");
            if latest.first() == Some(&date) {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert_eq!(latest.first(), Some(&date), "the day closed");
        let shown = condition(&first.channel).await;
        assert_eq!((shown.session, shown.trading_date.as_str()), (pb::Session::Closed as i32, date.as_str()));
        let live = closed_day(&first.channel, &date, None).await.expect("the day from the board");
        check_day(&live, &date, 5);

        // Started again after the close: the board waits for the next trading day, and the
        // closed day (now from its stored candles and bars) is the same day.
        let kept = first.stop_keeping_database().await;
        let again = spawn(Some(kept.url.clone())).await;
        let waiting = condition(&again.channel).await;
        assert_eq!(waiting.trading_date, next_trading_day(day).to_string());
        assert!(waiting.kospi.as_ref().is_some_and(|k| k.open == 0.0), "{waiting:?}");
        assert_eq!(closed_days(&again.channel, Some(1)).await.expect("closed"), vec![date.clone()]);
        let stored = closed_day(&again.channel, &date, None).await.expect("the day from the candles");
        check_day(&stored, &date, 5);
        assert_eq!(ids(&stored.rising), ids(&live.rising));
        assert_eq!(ids(&stored.falling), ids(&live.falling));
        for (a, b) in stored.rising.iter().chain(&stored.falling).zip(live.rising.iter().chain(&live.falling)) {
            let (a, b) = (a.stock.as_ref().expect("a"), b.stock.as_ref().expect("b"));
            assert_eq!((a.price, a.change, a.trading_value), (b.price, b.change, b.trading_value));
        }
        let closes = |d: &pb::ClosedDay| -> Vec<(String, f64, f64)> {
            d.indexes.iter().map(|i| (i.asset_id.clone(), i.price, i.previous_close)).collect()
        };
        assert_eq!(closes(&stored), closes(&live));
        let sector_rates = |d: &pb::ClosedDay| -> Vec<(String, i64, i64)> {
            d.sectors.iter().map(|s| (s.wics_sector_code.clone(), s.rising_count, s.falling_count)).collect()
        };
        assert_eq!(sector_rates(&stored), sector_rates(&live));
        again.stop().await;
        kept.cleanup().await.expect("cleanup");
    }
}
