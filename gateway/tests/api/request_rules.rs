//! The request rules every call shares (`sise_platform::request`): every dated route and
//! every limited route gets the same bad inputs and must answer the same code and message.
//! A new dated or limited route is added to these tables (docs/adding-an-endpoint.md).

use reqwest::Method;
use serde_json::json;

use crate::helpers::{SAMSUNG, TestApp, shared};
use crate::identity::{call, member};

/// Routes with a `to` date, each with the query it needs besides `to`.
const DATED: &[&str] = &[
    "/main/api/v1/securities/KOREA-A005930/day_candles?",
    "/main/api/v1/securities/KOREA-A005930/investors?",
    "/main/api/v1/securities/KOREA-A005930/day_traders?",
    "/mweb/api/v1/assets/INDEX-KOSPI/day_candles?",
    "/mweb/api/v1/forexes/day?asset_id=FOREX-USDKRW&",
];

/// Routes with a `limit`, and their largest page.
const LIMITED: &[(&str, u32)] = &[
    ("/main/api/v1/securities/KOREA-A005930/day_candles?", 500),
    ("/main/api/v1/securities/KOREA-A005930/moves?period=1m&", 10),
    ("/main/api/v1/securities/KOREA-A005930/investors?", 100),
    ("/main/api/v1/securities/KOREA-A005930/day_traders?", 100),
    ("/main/api/v1/securities/KOREA-A005930/related_stocks?", 20),
    ("/main/api/v1/securities/KOREA-A005930/news?", 50),
    ("/main/api/v1/securities/KOREA-A005930/disclosures?", 50),
    ("/main/api/v1/securities/KOREA-A005930/articles?", 50),
    ("/main/api/v1/news?security_ids=KOREA-A005930&", 50),
    ("/main/api/v1/disclosures?security_ids=KOREA-A005930&", 50),
    ("/main/api/v1/articles?security_ids=KOREA-A005930&", 50),
    // The embedded default's sample contest is the first.
    ("/main/api/v1/contests/1/rankers?", 50),
    ("/main/api/v1/search/assets?keyword=삼성&", 50),
    ("/main/api/v1/search/news?keyword=삼성&", 50),
    ("/main/api/v1/search/news_related_assets?keyword=삼성&", 50),
    ("/main/api/v1/search/issue_keywords?", 50),
    ("/main/api/v1/search/popular_keywords?", 50),
    ("/main/api/v1/search/topics?keyword=반도체&", 50),
    ("/main/api/v1/topics/featured?", 50),
    ("/main/api/v1/insight_articles?", 50),
    ("/main/api/v1/insight_articles?scope=featured&", 50),
    ("/main/api/v1/insight_articles/featured?", 20),
    (
        "/main/api/v1/securities/KOREA-A005930/insight_articles?",
        50,
    ),
    ("/main/api/v1/search/insight_articles?keyword=삼성&", 50),
    ("/main/api/v1/trends/ordered_stocks?key=rising&", 50),
    ("/main/api/v1/trends/top_sectors?", 50),
    ("/main/api/v1/trends/wics_sectors/G4530/securities?", 50),
    ("/main/api/v1/popular_stocks/trading_value?", 20),
    ("/main/api/v1/trends/discussion_surges?", 20),
    ("/mweb/api/v1/assets/INDEX-KOSPI/day_candles?", 500),
    ("/mweb/api/v1/forexes/day?asset_id=FOREX-USDKRW&", 500),
];

/// The community's limited routes (social host), on a post and a comment of their own
/// (`{post}`, `{comment}` in the table).
const LIMITED_SOCIAL: &[(&str, u32)] = &[
    ("/social/api/v1/securities/KOREA-A144960/posts?", 50),
    ("/social/api/v1/posts?", 50),
    ("/social/api/v1/posts/{post}/comments?", 50),
    ("/social/api/v1/posts/{post}/liked_users?", 50),
    ("/social/api/v1/comments/{comment}/comments?", 50),
];

/// [`LIMITED`] and [`LIMITED_SOCIAL`] with a post and a comment made for it.
async fn limited_routes(app: &TestApp) -> Vec<(String, u32)> {
    let (token, _, _) = member(app, "쪽수").await;
    let (status, body, _) = call(
        app,
        Method::POST,
        "/social/api/v1/securities/KOREA-A144960/posts",
        Some(&token),
        Some(json!({"content": "쪽수 규칙", "category": "opinion"})),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let post = body["post"]["id"].as_i64().expect("post").to_string();
    let (status, body, _) = call(
        app,
        Method::POST,
        &format!("/social/api/v1/posts/{post}/comments"),
        Some(&token),
        Some(json!({"content": "댓글"})),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let comment = body["comment"]["id"].as_i64().expect("comment").to_string();
    let social = LIMITED_SOCIAL.iter().map(|(route, max)| {
        (
            route
                .replace("{post}", &post)
                .replace("{comment}", &comment),
            *max,
        )
    });
    LIMITED
        .iter()
        .map(|(route, max)| ((*route).to_owned(), *max))
        .chain(social)
        .collect()
}

async fn expect_error(app: &TestApp, path: &str, code: &str, message: &str) {
    let (status, body) = app.json(path).await;
    assert_eq!(status, 400, "{path}: {body}");
    assert_eq!(body["error"], code, "{path}");
    assert_eq!(body["message"], message, "{path}");
}

sise_platform::per_backend! {
    async fn every_dated_route_reads_to_the_same_way(backend) {
        let app = shared(backend).await;
        for route in DATED {
            for bad in ["2026-13-45", "2026-02-30", "20260615", "2026-6-15", "yesterday", "%20"] {
                let path = format!("{route}to={bad}");
                expect_error(&app, &path, "invalid_date", "날짜 형식이 올바르지 않습니다. (YYYY-MM-DD)").await;
            }
            // Empty is absent, on every dated route.
            let (empty, body) = app.json(&format!("{route}to=")).await;
            assert_eq!(empty, 200, "{route}to=: {body}");
            let (absent, _) = app.json(route.trim_end_matches(['?', '&'])).await;
            assert_eq!(absent, 200, "{route}");
        }
    }

    async fn every_limited_route_reads_limit_the_same_way(backend) {
        let app = shared(backend).await;
        assert!(LIMITED.iter().any(|(route, _)| route.contains(SAMSUNG)));
        for (route, max) in limited_routes(&app).await {
            let message = format!("조회 개수는 1부터 {max}까지 지정할 수 있습니다.");
            for bad in ["0".to_owned(), "-1".to_owned(), (max + 1).to_string(), "abc".to_owned(), "1.5".to_owned(), "99999999999999999999".to_owned()] {
                expect_error(&app, &format!("{route}limit={bad}"), "invalid_limit", &message).await;
            }
            for good in ["1".to_owned(), max.to_string(), String::new()] {
                let (status, body) = app.json(&format!("{route}limit={good}")).await;
                assert_eq!(status, 200, "{route}limit={good}: {body}");
            }
        }
    }
}
