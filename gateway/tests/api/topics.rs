//! Topics (테마) through the main host (docs/api.md, "Topics"): featured, one by id, a
//! stock's topics, the topic search with its paging; a topic's stocks made into a member's
//! favorite group (the addTopicStocks modal's call); each error as the catalogue's JSON.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::shared;
use crate::identity::{call, member};

fn names(list: &Value) -> Vec<&str> {
    list.as_array()
        .expect("topics")
        .iter()
        .map(|t| t["name"].as_str().expect("name"))
        .collect()
}

sise_platform::per_backend! {
    async fn topics_through_the_main_host(backend) {
        let app = shared(backend).await;
        let (status, featured, _) = call(&app, Method::GET, "/main/api/v1/topics/featured?limit=3", None, None).await;
        assert_eq!(status, 200, "{featured}");
        assert_eq!(names(&featured["topics"]), vec!["2차전지", "반도체", "AI"]);
        let id = featured["topics"][1]["id"].as_i64().expect("id");

        let (status, one, _) = call(&app, Method::GET, &format!("/main/api/v1/topics/{id}"), None, None).await;
        assert_eq!(status, 200, "{one}");
        assert_eq!(one["topic"]["name"], "반도체");
        assert!(one["topic"]["description"].as_str().is_some_and(|d| !d.is_empty()));
        let stocks = one["topic"]["stocks"].as_array().expect("stocks");
        assert!(stocks.iter().any(|s| s["security_id"] == "KOREA-A005930" && s["name"] == "삼성전자"));

        let (status, of, _) = call(&app, Method::GET, "/main/api/v1/securities/KOREA-A005930/topics", None, None).await;
        assert_eq!(status, 200, "{of}");
        assert!(names(&of["topics"]).contains(&"반도체"));

        let (status, found, _) = call(&app, Method::GET, "/main/api/v1/search/topics?keyword=%EC%A0%84%EC%A7%80", None, None).await;
        assert_eq!(status, 200, "{found}");
        assert_eq!(names(&found["topics"])[0], "2차전지", "전지 is inside 2차전지");
        assert!(found["next_cursor"].is_null());
        let (status, first, _) = call(&app, Method::GET, "/main/api/v1/search/topics?keyword=ㅂ&limit=1", None, None).await;
        assert_eq!(status, 200, "{first}");
        let cursor = first["next_cursor"].as_str().expect("a next page");
        let (status, second, _) = call(&app, Method::GET, &format!("/main/api/v1/search/topics?keyword=ㅂ&limit=1&cursor={cursor}"), None, None).await;
        assert_eq!(status, 200, "{second}");
        assert_ne!(second["topics"][0]["id"], first["topics"][0]["id"]);

        for (path, expected_status, expected) in [
            ("/main/api/v1/topics/999999", 404, "topic_not_found"),
            ("/main/api/v1/topics/x", 400, "invalid_path"),
            ("/main/api/v1/topics/featured?limit=0", 400, "invalid_limit"),
            ("/main/api/v1/topics/featured?limit=x", 400, "invalid_limit"),
            ("/main/api/v1/securities/005930/topics", 400, "invalid_security_id"),
            ("/main/api/v1/securities/KOREA-A999999/topics", 404, "security_not_found"),
            ("/main/api/v1/search/topics", 400, "missing_keyword"),
            ("/main/api/v1/search/topics?keyword=반도체&cursor=x", 400, "invalid_cursor"),
            ("/main/api/v1/search/topics?keyword=반도체&limit=51", 400, "invalid_limit"),
        ] {
            let (status, body, _) = call(&app, Method::GET, path, None, None).await;
            assert_eq!(status, expected_status, "{path}: {body}");
            assert_eq!(body["error"], expected, "{path}");
            assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
        }
    }

    /// What the addTopicStocks modal does: the topic's stocks become a member's group under
    /// the topic's name.
    async fn a_topics_stocks_become_a_favorite_group(backend) {
        let app = shared(backend).await;
        let (token, _, _) = member(&app, "테마담기").await;
        let (_, one, _) = call(&app, Method::GET, "/main/api/v1/topics/1", None, None).await;
        let topic = &one["topic"];
        let ids: Vec<&str> = topic["stocks"].as_array().expect("stocks").iter()
            .map(|s| s["security_id"].as_str().expect("id")).collect();
        let (status, body, _) = call(&app, Method::POST, "/main/api/topics/favorite_stocks", Some(&token),
            Some(json!({"name": topic["name"], "security_ids": ids.join(",")}))).await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["favorite_stock_list"]["name"], "2차전지");
        assert_eq!(body["favorite_stock_list"]["favorite_stocks_count"].as_u64(), Some(ids.len() as u64));
    }
}
