//! Notices through the main host (docs/api.md, "Notices"): published by an operator on
//! social's operators' listener, read by visitors newest first, 10 a page, and one by id;
//! each error as the catalogue's JSON.

use reqwest::Method;
use sise_proto::social::v1 as pb;
use sise_proto::social::v1::editorial_service_client::EditorialServiceClient;

use crate::helpers::shared;
use crate::identity::call;

sise_platform::per_backend! {
    async fn notices_through_the_main_host(backend) {
        let app = shared(backend).await;
        let mut desk = EditorialServiceClient::new(app.internal.social_operator_channel());
        let mut ids = Vec::new();
        for n in 1..=11 {
            let notice = desk
                .publish_notice(app.internal.as_operator(pb::PublishNoticeRequest {
                    title: format!("게이트웨이 공지 {n}"),
                    body: format!("본문 {n}\n링크 https://example.com/{n}"),
                }))
                .await
                .expect("published")
                .into_inner();
            ids.push(notice.id);
        }
        let (status, first, _) = call(&app, Method::GET, "/main/api/v1/notices", None, None).await;
        assert_eq!(status, 200, "{first}");
        let shown: Vec<i64> = first["notices"].as_array().expect("notices").iter()
            .map(|n| n["id"].as_i64().expect("id")).collect();
        let newest: Vec<i64> = ids.iter().rev().copied().collect();
        assert_eq!(shown, newest[..10], "ten, newest first");
        assert_eq!(first["notices"][0]["title"], "게이트웨이 공지 11");
        assert!(first["notices"][0].get("published_by").is_none(), "no operator names");
        let cursor = first["next_cursor"].as_str().expect("a next page");
        let (status, second, _) = call(&app, Method::GET, &format!("/main/api/v1/notices?cursor={cursor}"), None, None).await;
        assert_eq!(status, 200, "{second}");
        assert_eq!(second["notices"][0]["id"], ids[0]);
        assert!(second["next_cursor"].is_null());

        let (status, one, _) = call(&app, Method::GET, &format!("/main/api/v1/notices/{}", ids[0]), None, None).await;
        assert_eq!(status, 200, "{one}");
        assert_eq!(one["notice"]["body"], "본문 1\n링크 https://example.com/1");

        for (path, expected_status, expected) in [
            ("/main/api/v1/notices/999999999".to_owned(), 404, "notice_not_found"),
            ("/main/api/v1/notices?cursor=bm90LWEtY3Vyc29y".to_owned(), 400, "invalid_cursor"),
            ("/main/api/v1/notices?limit=0".to_owned(), 400, "invalid_limit"),
        ] {
            let (status, body, _) = call(&app, Method::GET, &path, None, None).await;
            assert_eq!(status, expected_status, "{path}: {body}");
            assert_eq!(body["error"], expected, "{path}");
            assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
        }
    }
}
