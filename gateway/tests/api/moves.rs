//! "Why it moved" through the gateway on the shared system: the moves of every chart
//! period with their disclosures, news and board activity in the API's shape, posts written
//! through the social host counted in the day's moves, and bad input. The rule's details
//! (moves against the candles, articles against the article lists, the usual rate) are
//! market's own API test (`services/market/tests/api/moves.rs`).

use std::time::Duration;

use serde_json::{Value, json};

use crate::helpers::{SAMSUNG, TestApp, shared};

/// A small board no sample posts are seeded on and no other test writes on (하이트진로).
const BOARD: &str = "KOREA-A000080";

async fn ok(app: &TestApp, path: &str) -> Value {
    let (status, body) = app.json(path).await;
    assert_eq!(status, 200, "{path}: {body}");
    body
}

async fn expect_error(app: &TestApp, path: &str, status: u16, code: &str) {
    let (got, body) = app.json(path).await;
    assert_eq!(
        (got, body["error"].as_str()),
        (status, Some(code)),
        "{path}: {body}"
    );
    assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
}

fn keys(value: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value
        .as_object()
        .unwrap_or_else(|| panic!("an object: {value}"))
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    keys
}

fn moves(body: &Value) -> Vec<Value> {
    body["moves"].as_array().cloned().unwrap_or_default()
}

sise_platform::per_backend! {
    async fn moves_of_every_period_with_what_happened_around_them(backend) {
        let app = shared(backend).await;
        for period in ["1d", "1w", "1m", "3m", "1y"] {
            let body = ok(&app, &format!("/main/api/v1/securities/{SAMSUNG}/moves?period={period}&limit=10")).await;
            assert_eq!(body["period"], period);
            let list = moves(&body);
            assert!(list.len() <= 10, "{body}");
            if period != "1d" {
                assert!(!list.is_empty(), "a year of history moves: {body}");
            }
            let rates: Vec<f64> = list.iter().map(|m| m["change_rate"].as_f64().expect("rate").abs()).collect();
            assert!(rates.windows(2).all(|w| w[0] >= w[1]), "largest first: {rates:?}");
            for m in &list {
                assert_eq!(
                    keys(m),
                    [
                        "board", "change_rate", "date", "disclosures", "disclosures_from",
                        "disclosures_to", "end", "from_price", "news", "news_from", "news_until",
                        "start", "to_price",
                    ]
                );
                assert_eq!(
                    keys(&m["board"]),
                    ["covered", "from", "posts", "ratio", "until", "usual_posts"]
                );
                let (from, to) = (m["from_price"].as_i64().expect("from"), m["to_price"].as_i64().expect("to"));
                assert!(from > 0 && to > 0 && from != to, "{m}");
                for d in m["disclosures"].as_array().expect("disclosures") {
                    assert_eq!(d["security_id"], SAMSUNG);
                    let on = d["received_on"].as_str().expect("date");
                    assert!(on >= m["disclosures_from"].as_str().expect("from") && on <= m["disclosures_to"].as_str().expect("to"));
                    assert!(d["url"].as_str().is_some_and(|u| u.starts_with("https://dart.fss.or.kr/")));
                }
                assert!(m["disclosures"].as_array().expect("list").len() <= 5);
                for n in m["news"].as_array().expect("news") {
                    let at = n["published_at"].as_i64().expect("published_at");
                    assert!(at >= m["news_from"].as_i64().expect("from") && at < m["news_until"].as_i64().expect("until"), "{n}");
                    assert!(n["security_ids"].as_array().expect("ids").iter().any(|s| s == SAMSUNG));
                }
                assert!(m["news"].as_array().expect("list").len() <= 5);
            }
        }
        // Three by default.
        let body = ok(&app, &format!("/main/api/v1/securities/{SAMSUNG}/moves?period=1y")).await;
        assert_eq!(moves(&body).len(), 3, "{body}");
    }

    /// Posts written now are counted in the day's moves: the session being traded ran in the
    /// last minutes, so each move's board window (an hour either side) holds them.
    async fn posts_of_the_social_host_count_in_the_days_moves(backend) {
        let app = shared(backend).await;
        let (token, _, _) = crate::identity::member(&app, "이유개미").await;
        for n in 0..3 {
            let (status, body, _) = crate::identity::call(
                &app,
                reqwest::Method::POST,
                &format!("/social/api/v1/securities/{BOARD}/posts"),
                Some(&token),
                Some(json!({"content": format!("왜 올랐을까 {n}"), "category": "opinion"})),
            )
            .await;
            assert_eq!(status, 201, "{body}");
        }
        let path = format!("/main/api/v1/securities/{BOARD}/moves?period=1d&limit=10");
        let mut list = Vec::new();
        for _ in 0..1_000 {
            list = moves(&ok(&app, &path).await);
            if !list.is_empty() && list.iter().all(|m| m["board"]["posts"] == 3) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(!list.is_empty(), "the day has traded");
        for m in &list {
            let board = &m["board"];
            assert_eq!(board["posts"], 3, "{m}");
            assert_eq!(board["covered"], true);
            // Nothing before: no usual rate to compare with.
            assert_eq!((board["usual_posts"].as_f64(), board["ratio"].as_f64()), (Some(0.0), None), "{board}");
        }
    }

    async fn moves_refuse_bad_input_with_json_errors(backend) {
        let app = shared(backend).await;
        let base = format!("/main/api/v1/securities/{SAMSUNG}/moves");
        for period in ["", "1D", "day", "2y", "%20"] {
            expect_error(&app, &format!("{base}?period={period}"), 400, "invalid_chart_period").await;
        }
        expect_error(&app, &base, 400, "invalid_query").await;
        for limit in ["0", "11", "-1", "abc"] {
            expect_error(&app, &format!("{base}?period=1m&limit={limit}"), 400, "invalid_limit").await;
        }
        expect_error(&app, "/main/api/v1/securities/KOREA-A999999/moves?period=1m", 404, "security_not_found").await;
        expect_error(&app, "/main/api/v1/securities/005930/moves?period=1m", 400, "invalid_security_id").await;
        // Bad values before the lookup.
        expect_error(&app, "/main/api/v1/securities/KOREA-A999999/moves?period=5y", 400, "invalid_chart_period").await;
    }
}
