//! Posts through the real consumer: `events.social.post_created` published on the
//! service's bus, as social's outbox does (duplicates included, as at-least-once delivery
//! brings them), counted once each by `market-posts`, and read back as the "by posts"
//! popular stocks and as 토론 급증 (docs/architecture.md, "Trends").

use std::time::Duration;

use sise_platform::error::{DomainError, ErrorCode};
use sise_platform::time::now_ms;
use sise_proto::market::v1 as pb;

use crate::helpers::{SAMSUNG, TestApp};

const HOUR_MS: i64 = 3_600_000;
/// Five posts now, nothing the week before (the usual rate counts as 0.5): 10×, a surge.
const QUIET: &str = SAMSUNG;
/// Six posts now, 300 the week before (1.8 an hour): 3.3×, a surge.
const BUSY: &str = "KOREA-A000660";
/// Five posts now, 300 the week before: 2.8×, no surge.
const ALWAYS_BUSY: &str = "KOREA-A035420";
/// Four posts now, nothing before: 8×, but fewer than five.
const FEW: &str = "KOREA-A005380";
/// One post, published last: once it is counted, everything before it is.
const LAST: &str = "KOREA-A035720";

async fn surges(app: &TestApp, limit: Option<i64>) -> Result<Vec<pb::DiscussionSurge>, ErrorCode> {
    app.trends()
        .list_discussion_surges(pb::ListDiscussionSurgesRequest { limit })
        .await
        .map(|r| r.into_inner().surges)
        .map_err(|status| DomainError::from_status(&status).code)
}

async fn popular_by_posts(app: &TestApp) -> Vec<(String, f64)> {
    app.trends()
        .list_popular_stocks(pb::ListPopularStocksRequest {
            by: "posts".into(),
            limit: Some(20),
        })
        .await
        .expect("popular by posts")
        .into_inner()
        .stocks
        .into_iter()
        .map(|s| (s.security_id, s.score))
        .collect()
}

sise_platform::per_backend! {
    async fn posts_feed_popular_stocks_and_discussion_surges(backend) {
        let app = TestApp::spawn(backend).await;
        assert!(surges(&app, None).await.expect("surges").is_empty(), "no posts yet");
        let now = now_ms();
        let mut id = 0;
        let mut next = || {
            id += 1;
            id
        };
        // The week before the last hour, spread over it.
        for stock in [BUSY, ALWAYS_BUSY] {
            for i in 0..300 {
                app.post_created(next(), stock, now - 2 * HOUR_MS - i * 1_900_000).await;
            }
        }
        // Older than the week: outside the usual rate.
        for _ in 0..100 {
            app.post_created(next(), QUIET, now - 180 * HOUR_MS).await;
        }
        // The last hour; every event of QUIET comes twice.
        for (stock, posts) in [(QUIET, 5), (BUSY, 6), (ALWAYS_BUSY, 5), (FEW, 4)] {
            for i in 0..posts {
                let post = next();
                app.post_created(post, stock, now - 60_000 * (i + 1)).await;
                if stock == QUIET {
                    app.post_created(post, stock, now - 60_000 * (i + 1)).await;
                }
            }
        }
        app.post_created(next(), LAST, now).await;
        let mut counted = Vec::new();
        for _ in 0..1_000 {
            counted = popular_by_posts(&app).await;
            if counted.iter().any(|(stock, _)| stock == LAST) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // The last day's posts, the most first; QUIET's duplicates counted once.
        let score = |stock: &str| counted.iter().find(|(s, _)| s == stock).map(|(_, n)| *n);
        assert_eq!(counted.len(), 5, "{counted:?}");
        assert!(counted.windows(2).all(|w| w[0].1 >= w[1].1), "{counted:?}");
        assert_eq!(score(QUIET), Some(5.0), "duplicates count once: {counted:?}");
        assert_eq!(score(FEW), Some(4.0));
        assert_eq!(score(LAST), Some(1.0));
        // BUSY and ALWAYS_BUSY: their last-hour posts and those of the week within the day.
        assert!(score(BUSY) > Some(6.0) && score(ALWAYS_BUSY) > Some(5.0), "{counted:?}");

        let flagged = surges(&app, None).await.expect("surges");
        let ids: Vec<&str> = flagged
            .iter()
            .map(|s| s.stock.as_ref().expect("stock").security_id.as_str())
            .collect();
        assert_eq!(ids, [QUIET, BUSY], "largest ratio first");
        let quiet = &flagged[0];
        assert_eq!((quiet.posts_last_hour, quiet.usual_hourly_posts), (5, 0.0));
        let stock = quiet.stock.as_ref().expect("stock");
        assert_eq!((stock.name.as_str(), stock.score), ("삼성전자", 5.0));
        assert!(stock.price > 0.0, "with its live quote");
        let busy = &flagged[1];
        assert_eq!(busy.posts_last_hour, 6);
        assert!((busy.usual_hourly_posts - 300.0 / 167.0).abs() < 1e-9, "{busy:?}");

        assert_eq!(surges(&app, Some(1)).await.expect("one").len(), 1);
        for bad in [0, 21, -1] {
            assert_eq!(surges(&app, Some(bad)).await.expect_err("limit"), "invalid_limit");
        }
        app.stop().await;
    }
}
