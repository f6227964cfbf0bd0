//! Contests and rankers through the main host (docs/api.md, "Contests"): an operator
//! creates a contest on social's operators' listener; members enter with their picks and
//! are ranked; a contest shows the member their own entry; a ranker shows its picks and
//! history; each error as the catalogue's JSON.

use reqwest::Method;
use serde_json::json;
use sise_platform::time::now_ms;
use sise_proto::social::v1 as pb;
use sise_proto::social::v1::contest_desk_service_client::ContestDeskServiceClient;

use crate::helpers::shared;
use crate::identity::{call, member};

const DAY: i64 = 24 * 60 * 60 * 1000;

sise_platform::per_backend! {
    async fn contests_through_the_main_host(backend) {
        let app = shared(backend).await;
        let now = now_ms();
        let mut desk = ContestDeskServiceClient::new(app.internal.social_operator_channel());
        let contest = desk
            .create_contest(app.internal.as_operator(pb::CreateContestRequest {
                title: "게이트웨이 대회".into(),
                description: "규칙".into(),
                starts_at_ms: now - DAY,
                ends_at_ms: now + DAY,
            }))
            .await
            .expect("created")
            .into_inner();
        let id = contest.id;
        let (token, user_id, _) = member(&app, "참가자").await;
        let (other, _, _) = member(&app, "다른참가자").await;
        let t = Some(token.as_str());

        let (status, list, _) = call(&app, Method::GET, "/main/api/v1/contests", None, None).await;
        assert_eq!(status, 200, "{list}");
        let listed = list["contests"].as_array().expect("contests").iter().find(|c| c["id"] == id).cloned().expect("listed");
        assert_eq!(listed["state"], "running");
        assert_eq!(listed["sample"], false);
        assert!(list["contests"].as_array().expect("contests").iter().any(|c| c["sample"] == true && c["state"] == "running"),
            "the embedded default's running sample contest: {list}");

        let entries = format!("/main/api/v1/contests/{id}/entries");
        let (status, entered, headers) = call(&app, Method::POST, &entries, t,
            Some(json!({"security_ids": ["KOREA-A005930", "KOREA-A000660"]}))).await;
        assert_eq!(status, 201, "{entered}");
        assert_eq!(headers["cache-control"], "no-store");
        let ranker = &entered["ranker"];
        // Named as identity names a member without a profile yet.
        assert_eq!(ranker["nickname"], format!("회원{user_id}"));
        assert_eq!(ranker["rank"], 1);
        assert_eq!(ranker["picks"].as_array().map(Vec::len), Some(2));
        assert!(ranker["picks"][0]["entry_price"].as_f64().is_some_and(|p| p > 0.0));
        assert!(ranker.get("user_id").is_none(), "no member ids in public answers");
        let ranker_id = ranker["id"].as_i64().expect("id");
        let (status, _, _) = call(&app, Method::POST, &entries, Some(other.as_str()),
            Some(json!({"security_ids": ["KOREA-A035420"]}))).await;
        assert_eq!(status, 201);

        // The contest with the member's own entry; a visitor's without.
        let detail = format!("/main/api/v1/contests/{id}");
        let (status, mine, headers) = call(&app, Method::GET, &detail, t, None).await;
        assert_eq!(status, 200, "{mine}");
        assert_eq!(headers["cache-control"], "no-store");
        assert_eq!(mine["mine"]["id"], ranker_id);
        assert_eq!(mine["contest"]["entries"], 2);
        let (status, visitor, _) = call(&app, Method::GET, &detail, None, None).await;
        assert_eq!(status, 200);
        assert!(visitor["mine"].is_null());

        // The ranking, best first, paged by offset.
        let rankers = format!("/main/api/v1/contests/{id}/rankers");
        let (status, page, _) = call(&app, Method::GET, &rankers, None, None).await;
        assert_eq!(status, 200, "{page}");
        assert_eq!(page["total"], 2);
        let rates: Vec<f64> = page["rankers"].as_array().expect("rankers").iter()
            .map(|r| r["return_rate"].as_f64().expect("rate")).collect();
        assert!(rates[0] >= rates[1], "{rates:?}");
        let (status, second, _) = call(&app, Method::GET, &format!("{rankers}?limit=1&offset=1"), None, None).await;
        assert_eq!(status, 200);
        assert_eq!(second["rankers"][0]["id"], page["rankers"][1]["id"]);

        // One ranker.
        let (status, one, _) = call(&app, Method::GET, &format!("/main/api/v1/rankers/{ranker_id}"), None, None).await;
        assert_eq!(status, 200, "{one}");
        assert_eq!(one["ranker"]["id"], ranker_id);
        assert_eq!(one["contest"]["id"], id);
        assert!(one["history"].is_array());

        for (method, path, body, expected_status, expected) in [
            (Method::POST, entries.clone(), Some(json!({"security_ids": ["KOREA-A005930"]})), 409, "already_entered"),
            (Method::POST, "/main/api/v1/contests/999999/entries".to_owned(), Some(json!({"security_ids": ["KOREA-A005930"]})), 404, "contest_not_found"),
            (Method::POST, entries.clone(), Some(json!({"security_ids": 1})), 400, "invalid_request_body"),
            (Method::GET, "/main/api/v1/contests/999999".to_owned(), None, 404, "contest_not_found"),
            (Method::GET, "/main/api/v1/rankers/999999".to_owned(), None, 404, "ranker_not_found"),
            (Method::GET, "/main/api/v1/rankers/x".to_owned(), None, 400, "invalid_path"),
            (Method::GET, format!("{rankers}?limit=51"), None, 400, "invalid_limit"),
            (Method::GET, format!("{rankers}?offset=1001"), None, 400, "invalid_query"),
            (Method::GET, format!("{rankers}?offset=x"), None, 400, "invalid_query"),
        ] {
            let (status, answer, _) = call(&app, method, &path, t, body).await;
            assert_eq!(status, expected_status, "{path}: {answer}");
            assert_eq!(answer["error"], expected, "{path}");
            assert!(answer["message"].as_str().is_some_and(|m| !m.is_empty()));
        }
        let (third, _, _) = member(&app, "세번째").await;
        let (status, bad, _) = call(&app, Method::POST, &entries, Some(third.as_str()),
            Some(json!({"security_ids": ["KOREA-A005930", "KOREA-A005930"]}))).await;
        assert_eq!((status, bad["error"].as_str()), (400, Some("invalid_picks")));
        let (status, anonymous, _) = call(&app, Method::POST, &entries, None,
            Some(json!({"security_ids": ["KOREA-A005930"]}))).await;
        assert_eq!((status, anonymous["error"].as_str()), (401, Some("login_required")));
    }
}
