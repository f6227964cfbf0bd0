//! Insight articles through the gateway (docs/api.md, "Insight articles"): an operator makes
//! a member a contributor on identity's operators' listener (social learns it from the
//! bus), publishes on social's; visitors read the lists, one article and the contributor on
//! the main host; members comment and react on the social host; each error as the
//! catalogue's JSON.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};
use sise_proto::identity::v1 as identity;
use sise_proto::identity::v1::operator_service_client::OperatorServiceClient;
use sise_proto::social::v1 as pb;
use sise_proto::social::v1::insight_editorial_service_client::InsightEditorialServiceClient;

use crate::helpers::shared;
use crate::identity::{call, member};

fn ids(page: &Value) -> Vec<i64> {
    page["articles"]
        .as_array()
        .expect("articles")
        .iter()
        .map(|a| a["id"].as_i64().expect("id"))
        .collect()
}

sise_platform::per_backend! {
    async fn insight_articles_through_the_gateway(backend) {
        let app = shared(backend).await;
        let (token, writer, _) = member(&app, "기고자").await;
        // Identity grants the role; social hears of it on the bus.
        let role = OperatorServiceClient::new(app.internal.operator_channel())
            .grant_contributor(app.internal.as_operator(identity::GrantContributorRequest {
                user_id: writer,
                bio: "반도체 업종 담당".into(),
            }))
            .await
            .expect("granted")
            .into_inner();
        assert!(role.contributor);
        let mut shown = Value::Null;
        for _ in 0..200 {
            let (status, body, _) = call(&app, Method::GET, &format!("/main/api/v1/contributors/{writer}"), None, None).await;
            if status == 200 {
                shown = body;
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        // Named as the community names the member (identity's public profile).
        assert_eq!(shown["contributor"]["id"], writer, "{shown}");
        assert!(shown["contributor"]["name"].as_str().is_some_and(|n| !n.is_empty()));
        assert_eq!(shown["contributor"]["bio"], "반도체 업종 담당");

        let desk = InsightEditorialServiceClient::new(app.internal.social_operator_channel());
        let publish = |title: &str, format: pb::ContentFormat, body: &str, securities: &[&str], featured: bool| {
            let request = app.internal.as_operator(pb::PublishInsightArticleRequest {
                contributor_id: writer,
                title: title.to_owned(),
                format: format as i32,
                body: body.to_owned(),
                security_ids: securities.iter().map(|s| (*s).to_owned()).collect(),
                featured,
            });
            let mut desk = desk.clone();
            async move { desk.publish_insight_article(request).await.expect("published").into_inner().id }
        };
        let html = publish(
            "게이트웨이 HTML 글",
            pb::ContentFormat::Html,
            "<p>본문<img src=x onerror=alert(1)></p><iframe src=https://evil.example></iframe>",
            &["KOREA-A144960"],
            true,
        )
        .await;
        let custom = publish(
            "게이트웨이 카드 글",
            pb::ContentFormat::Custom,
            r#"{"blocks":[{"type":"heading","text":"요약"},{"type":"stock","security_id":"KOREA-A144960"}]}"#,
            &[],
            false,
        )
        .await;

        // A security's articles, newest first, paged.
        let (status, first, _) = call(&app, Method::GET, "/main/api/v1/securities/KOREA-A144960/insight_articles?limit=1", None, None).await;
        assert_eq!(status, 200, "{first}");
        assert_eq!(ids(&first), vec![custom]);
        assert!(first["articles"][0]["content"].is_null(), "lists carry no content");
        let cursor = first["next_cursor"].as_str().expect("a next page");
        let (_, second, _) = call(&app, Method::GET, &format!("/main/api/v1/securities/KOREA-A144960/insight_articles?limit=1&cursor={cursor}"), None, None).await;
        assert_eq!(ids(&second), vec![html]);
        assert!(second["next_cursor"].is_null());
        // The contributor's, the featured ones, every one.
        let (_, theirs, _) = call(&app, Method::GET, &format!("/main/api/v1/contributors/{writer}/insight_articles"), None, None).await;
        assert_eq!(ids(&theirs), vec![custom, html]);
        let (_, featured, _) = call(&app, Method::GET, "/main/api/v1/insight_articles/featured?limit=20", None, None).await;
        assert!(ids(&featured).contains(&html) && !ids(&featured).contains(&custom));
        let (_, scoped, _) = call(&app, Method::GET, "/main/api/v1/insight_articles?scope=featured", None, None).await;
        assert!(ids(&scoped).contains(&html) && !ids(&scoped).contains(&custom));
        let (_, all, _) = call(&app, Method::GET, "/main/api/v1/insight_articles", None, None).await;
        assert_eq!(ids(&all)[..2], [custom, html]);

        // One article: HTML as cleaned, CUSTOM as typed blocks, neighbours, the reaction.
        let (status, one, headers) = call(&app, Method::GET, &format!("/main/api/v1/insight_articles/{html}"), None, None).await;
        assert_eq!(status, 200, "{one}");
        assert_eq!(one["article"]["content_type"], "HTML");
        assert_eq!(one["article"]["content"], "<p>본문<img></p>", "the handler and the frame gone");
        assert_eq!(one["article"]["contributor"]["id"], writer);
        assert_eq!(one["prev_article"]["id"], custom);
        assert_eq!(headers.get("vary").map(|v| v.to_str().unwrap_or_default()), Some("authorization"));
        let (_, card, _) = call(&app, Method::GET, &format!("/main/api/v1/insight_articles/{custom}"), None, None).await;
        assert_eq!(card["article"]["content_type"], "CUSTOM");
        assert!(card["article"]["content"].is_null());
        assert_eq!(card["article"]["blocks"], json!([{"type": "heading", "text": "요약"}, {"type": "stock", "security_id": "KOREA-A144960"}]));

        // Search.
        let (status, found, _) = call(&app, Method::GET, "/main/api/v1/search/insight_articles?keyword=%EA%B2%8C%EC%9D%B4%ED%8A%B8%EC%9B%A8%EC%9D%B4%20%EC%B9%B4%EB%93%9C", None, None).await;
        assert_eq!(status, 200, "{found}");
        assert_eq!(ids(&found), vec![custom]);

        // Members react and comment on the social host.
        let (status, liked, _) = call(&app, Method::POST, &format!("/social/api/v1/insight_articles/{html}/like"), Some(&token), None).await;
        assert_eq!(status, 200, "{liked}");
        assert_eq!((liked["likes_count"].as_i64(), liked["my_emotion"]["liked"].as_bool()), (Some(1), Some(true)));
        let (status, moved, _) = call(&app, Method::POST, &format!("/social/api/v1/insight_articles/{html}/dislike"), Some(&token), None).await;
        assert_eq!(status, 200);
        assert_eq!((moved["likes_count"].as_i64(), moved["dislikes_count"].as_i64()), (Some(0), Some(1)));
        let (status, _, _) = call(&app, Method::POST, &format!("/social/api/v1/insight_articles/{html}/unlike"), Some(&token), None).await;
        assert_eq!(status, 200);
        let (status, comment, _) = call(&app, Method::POST, &format!("/social/api/v1/insight_articles/{html}/comments"), Some(&token), Some(json!({"content": "잘 읽었습니다"}))).await;
        assert_eq!(status, 201, "{comment}");
        assert_eq!(comment["comment"]["commentable_type"], "insight_article");
        assert_eq!(comment["comment"]["commentable_id"], html);
        let (_, page, _) = call(&app, Method::GET, &format!("/social/api/v1/insight_articles/{html}/comments"), None, None).await;
        assert_eq!(page["comments"][0]["content"], "잘 읽었습니다");
        let (_, mine, headers) = call(&app, Method::GET, &format!("/main/api/v1/insight_articles/{html}"), Some(&token), None).await;
        assert_eq!(mine["article"]["comments_count"], 1);
        assert_eq!(mine["article"]["my_emotion"], json!({"liked": false, "disliked": false}));
        assert_eq!(headers.get("cache-control").map(|v| v.to_str().unwrap_or_default()), Some("no-store"));

        for (method, path, expected_status, expected) in [
            (Method::GET, "/main/api/v1/insight_articles/999999999".to_owned(), 404, "insight_article_not_found"),
            (Method::GET, "/main/api/v1/insight_articles?scope=mine".to_owned(), 400, "invalid_scope"),
            (Method::GET, "/main/api/v1/insight_articles?cursor=bm90LWEtY3Vyc29y".to_owned(), 400, "invalid_cursor"),
            (Method::GET, "/main/api/v1/securities/A005930/insight_articles".to_owned(), 400, "invalid_security_id"),
            (Method::GET, "/main/api/v1/contributors/999999999".to_owned(), 404, "contributor_not_found"),
            (Method::GET, "/main/api/v1/contributors/999999999/insight_articles".to_owned(), 404, "contributor_not_found"),
            (Method::GET, format!("/main/api/v1/contributors/{writer}/insight_articles?limit=51"), 400, "invalid_limit"),
            (Method::GET, "/main/api/v1/search/insight_articles".to_owned(), 400, "missing_keyword"),
            (Method::GET, format!("/main/api/v1/search/insight_articles?keyword={}", "가".repeat(41)), 400, "keyword_too_long"),
            (Method::GET, "/social/api/v1/insight_articles/999999999/comments".to_owned(), 404, "insight_article_not_found"),
            (Method::GET, format!("/social/api/v1/insight_articles/{html}/comments?limit=51"), 400, "invalid_limit"),
        ] {
            let (status, body, _) = call(&app, method, &path, None, None).await;
            assert_eq!(status, expected_status, "{path}: {body}");
            assert_eq!(body["error"], expected, "{path}");
            assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
        }
        let (status, body, _) = call(&app, Method::POST, "/social/api/v1/insight_articles/999999999/like", Some(&token), None).await;
        assert_eq!((status, body["error"].as_str()), (404, Some("insight_article_not_found")));

        // Revoked: the contributor's page goes; their articles stay until withdrawn.
        OperatorServiceClient::new(app.internal.operator_channel())
            .revoke_contributor(app.internal.as_operator(identity::RevokeContributorRequest { user_id: writer }))
            .await
            .expect("revoked");
        let mut gone = false;
        for _ in 0..200 {
            let (status, _, _) = call(&app, Method::GET, &format!("/main/api/v1/contributors/{writer}"), None, None).await;
            if status == 404 {
                gone = true;
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(gone, "the revocation reached social");
    }
}
