//! Search through the gateway: assets by every form a person types (the relevance table
//! itself is a unit test in `sise_market::search`), ranked pages followed to the end, news
//! and the stocks it names, the keyword lists, and bad input.

use std::collections::HashSet;

use serde_json::Value;

use crate::helpers::{SAMSUNG, TestApp, shared};

/// `keyword` percent-encoded for a query string (every byte).
fn q(keyword: &str) -> String {
    keyword.bytes().map(|b| format!("%{b:02X}")).collect()
}

async fn first_hit(app: &TestApp, keyword: &str) -> Value {
    let path = format!("/main/api/v1/search/autocomplete?keyword={}", q(keyword));
    let (status, body) = app.json(&path).await;
    assert_eq!(status, 200, "{path}: {body}");
    let assets = body["assets"].as_array().expect("assets");
    assert!(assets.len() <= 10, "{path}");
    assets.first().cloned().unwrap_or(Value::Null)
}

/// Every page of a ranked list, following `next_cursor`; the ids in order.
async fn follow(app: &TestApp, path: &str, key: &str, id: &str, limit: u32) -> Vec<String> {
    let mut ids = Vec::new();
    let mut cursor: Option<String> = None;
    for _ in 0..1_000 {
        let url = match &cursor {
            Some(c) => format!("{path}&limit={limit}&cursor={c}"),
            None => format!("{path}&limit={limit}"),
        };
        let (status, body) = app.json(&url).await;
        assert_eq!(status, 200, "{url}: {body}");
        let page = body[key].as_array().expect("items");
        assert!(page.len() <= limit as usize, "{url}");
        ids.extend(page.iter().map(|item| match &item[id] {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        }));
        match body["next_cursor"].as_str() {
            Some(next) => cursor = Some(next.to_owned()),
            None => return ids,
        }
    }
    panic!("cursor loop on {path}");
}

async fn expect_error(app: &TestApp, path: &str, code: &str) {
    let (status, body) = app.json(path).await;
    assert_eq!(status, 400, "{path}: {body}");
    assert_eq!(body["error"], code, "{path}: {body}");
}

sise_platform::per_backend! {
    async fn finds_assets_by_every_form_a_person_types(backend) {
        let app = shared(backend).await;
        for keyword in ["ㅅㅅㅈㅈ", "삼성ㅈ", "삼성젅", "삼성 전자", "005930", "A005930", "samsung electronics", "삼성전저"] {
            let hit = first_hit(&app, keyword).await;
            assert_eq!(hit["asset_id"], SAMSUNG, "{keyword} on {backend:?}: {hit}");
        }
        let samsung = first_hit(&app, "삼성전자").await;
        assert_eq!(samsung["name"], "삼성전자");
        assert_eq!(samsung["short_code"], "A005930");
        assert_eq!(samsung["kind"], "stock");
        assert_eq!(samsung["market"], "kospi");
        let kospi = first_hit(&app, "코스피").await;
        assert_eq!(kospi["asset_id"], "INDEX-KOSPI");
        assert_eq!(kospi["kind"], "index");
        assert!(kospi["market"].is_null());
        let dollar = first_hit(&app, "usd").await;
        assert_eq!(dollar["asset_id"], "FOREX-USDKRW");
        assert_eq!(dollar["kind"], "forex");
        assert!(first_hit(&app, "없는회사이름").await.is_null());

        // A ranked list to its end: every page within the limit, no asset twice, and the
        // exact and prefix matches (names starting with 삼성) before the rest.
        let ids = follow(&app, "/main/api/v1/search/assets?keyword=%EC%82%BC%EC%84%B1", "assets", "asset_id", 7).await;
        assert!(ids.len() > 14, "several pages: {}", ids.len());
        assert_eq!(ids.iter().collect::<HashSet<_>>().len(), ids.len(), "no repeats");
        let (_, whole) = app.json("/main/api/v1/search/assets?keyword=%EC%82%BC%EC%84%B1&limit=50").await;
        let names: Vec<&str> = whole["assets"].as_array().expect("assets").iter().map(|a| a["name"].as_str().expect("name")).collect();
        let prefixed = names.iter().take_while(|name| name.starts_with("삼성")).count();
        assert!(prefixed >= 10 && names[prefixed..].iter().all(|name| !name.starts_with("삼성")), "{names:?}");
        assert_eq!(names[0], "삼성전자", "the most popular first");
    }

    async fn search_input_is_checked_against_the_catalogue(backend) {
        let app = shared(backend).await;
        for path in ["/main/api/v1/search/assets", "/main/api/v1/search/autocomplete", "/main/api/v1/search/news", "/main/api/v1/search/news_related_assets"] {
            expect_error(&app, path, "missing_keyword").await;
            expect_error(&app, &format!("{path}?keyword=%20%20"), "missing_keyword").await;
            let long = q(&"가".repeat(41));
            let (status, body) = app.json(&format!("{path}?keyword={long}")).await;
            assert_eq!((status, body["error"].as_str()), (400, Some("keyword_too_long")), "{path}");
            assert_eq!(body["message"], "검색어는 40자까지 입력할 수 있습니다.");
            let (status, _) = app.json(&format!("{path}?keyword={}", q(&"가".repeat(40)))).await;
            assert_eq!(status, 200, "{path}: 40 characters are fine");
        }
        let (_, missing) = app.json("/main/api/v1/search/assets?keyword=").await;
        assert_eq!(missing["message"], "검색어를 입력해주세요.");
        for bad in ["abc", "0", "-1", "1.5"] {
            expect_error(&app, &format!("/main/api/v1/search/assets?keyword=%EC%82%BC&cursor={bad}"), "invalid_cursor").await;
            expect_error(&app, &format!("/main/api/v1/search/news_related_assets?keyword=%EC%82%BC&cursor={bad}"), "invalid_cursor").await;
        }
        expect_error(&app, "/main/api/v1/search/news?keyword=%EC%82%BC&cursor=nope", "invalid_cursor").await;
        // Past the end (the ranking changed since the previous page): an empty last page.
        let (status, past) = app.json("/main/api/v1/search/assets?keyword=%EC%82%BC&cursor=999999").await;
        assert_eq!(status, 200, "{past}");
        assert_eq!(past["assets"].as_array().map(Vec::len), Some(0));
        assert!(past["next_cursor"].is_null());
    }

    async fn finds_news_the_stocks_it_names_and_the_keywords(backend) {
        let app = shared(backend).await;
        // The labelled sample news names 삼성전자; every item found holds the keyword.
        let ids = follow(&app, "/main/api/v1/search/news?keyword=%EC%82%BC%EC%84%B1%EC%A0%84%EC%9E%90", "news", "id", 1).await;
        assert!(!ids.is_empty(), "sample news names 삼성전자 on {backend:?}");
        assert_eq!(ids.iter().collect::<HashSet<_>>().len(), ids.len());
        let (_, page) = app.json("/main/api/v1/search/news?keyword=%EC%82%BC%EC%84%B1%EC%A0%84%EC%9E%90&limit=50").await;
        let mut last = i64::MAX;
        for item in page["news"].as_array().expect("news") {
            let text = format!("{}{}", item["title"], item["summary"]);
            assert!(text.contains("삼성전자"), "{item}");
            let at = item["published_at"].as_i64().expect("published_at");
            assert!(at <= last, "newest first");
            last = at;
        }
        // LIKE's own wildcards are the characters themselves.
        for wildcard in ["%25", "_"] {
            let (status, body) = app.json(&format!("/main/api/v1/search/news?keyword={wildcard}&limit=50")).await;
            assert_eq!(status, 200);
            let literal = if wildcard == "%25" { "%" } else { "_" };
            for item in body["news"].as_array().expect("news") {
                assert!(format!("{}{}", item["title"], item["summary"]).contains(literal), "{item}");
            }
        }

        let (status, related) = app.json("/main/api/v1/search/news_related_assets?keyword=%EC%83%98%ED%94%8C").await;
        assert_eq!(status, 200, "{related}");
        let assets = related["assets"].as_array().expect("assets");
        assert_eq!(assets.len(), 5, "default page of 5: {related}");
        assert!(related["next_cursor"].is_string(), "more than 5 stocks are named");
        assert!(assets.iter().all(|a| a["kind"] == "stock"));

        // A search that found 삼성전자 counts for it in the popular list.
        let (status, _) = app.json("/main/api/v1/search/assets?keyword=%EC%82%BC%EC%84%B1%EC%A0%84%EC%9E%90").await;
        assert_eq!(status, 200);
        let (status, popular) = app.json("/main/api/v1/search/popular_keywords").await;
        assert_eq!(status, 200, "{popular}");
        let popular: Vec<&str> = popular["keywords"].as_array().expect("keywords").iter().map(|k| k["keyword"].as_str().expect("keyword")).collect();
        assert!(popular.contains(&"삼성전자"), "{popular:?}");
        // The sample news of the last day names stocks: they are rising.
        let (status, issue) = app.json("/main/api/v1/search/issue_keywords?limit=3").await;
        assert_eq!(status, 200, "{issue}");
        let issue = issue["keywords"].as_array().expect("keywords");
        assert!(!issue.is_empty() && issue.len() <= 3, "{issue:?}");
        assert!(issue.windows(2).all(|w| w[0]["score"].as_f64() >= w[1]["score"].as_f64()));
    }
}
