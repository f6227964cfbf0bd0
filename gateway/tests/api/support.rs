//! Customer support through the main host (docs/api.md, "Customer support"): a member
//! sends a message and reads their own with the answer an operator gave on social's
//! operators' listener; another member never sees it; each error as the catalogue's JSON.

use reqwest::Method;
use serde_json::json;
use sise_proto::social::v1 as pb;
use sise_proto::social::v1::support_desk_service_client::SupportDeskServiceClient;

use crate::helpers::shared;
use crate::identity::{call, member};

const PATH: &str = "/main/api/v1/support/messages";

sise_platform::per_backend! {
    async fn support_through_the_main_host(backend) {
        let app = shared(backend).await;
        let (token, user_id, _) = member(&app, "문의").await;
        let (other, _, _) = member(&app, "다른문의").await;
        let t = Some(token.as_str());

        let (status, sent, headers) = call(&app, Method::POST, PATH, t,
            Some(json!({"category": "market", "body": "환율이\r\n멈춰 있어요"}))).await;
        assert_eq!(status, 201, "{sent}");
        assert_eq!(headers["cache-control"], "no-store");
        assert_eq!(sent["message"]["category"], "market");
        assert_eq!(sent["message"]["body"], "환율이\n멈춰 있어요");
        assert!(sent["message"]["answer"].is_null());
        let id = sent["message"]["id"].as_i64().expect("id");

        // An operator finds it (with whose it is) and answers.
        let mut desk = SupportDeskServiceClient::new(app.internal.social_operator_channel());
        let open = desk
            .list_support_messages(app.internal.as_operator(pb::ListSupportMessagesRequest {
                limit: Some(50),
                cursor: String::new(),
                unanswered: true,
            }))
            .await
            .expect("queue")
            .into_inner();
        let queued = open.messages.iter().find(|m| m.id == id).expect("in the queue");
        assert_eq!(queued.user_id, user_id);
        desk.answer_support_message(app.internal.as_operator(pb::AnswerSupportMessageRequest {
            id,
            answer: "시세는 샘플 데이터로 움직입니다.".into(),
        }))
        .await
        .expect("answered");

        let (status, mine, _) = call(&app, Method::GET, PATH, t, None).await;
        assert_eq!(status, 200, "{mine}");
        assert_eq!(mine["messages"][0]["id"], id);
        assert_eq!(mine["messages"][0]["answer"], "시세는 샘플 데이터로 움직입니다.");
        assert!(mine["messages"][0]["answered_at_ms"].as_i64().is_some_and(|at| at > 0));
        assert!(mine["messages"][0].get("answered_by").is_none(), "no operator names");
        assert!(mine["next_cursor"].is_null());
        let (status, theirs, _) = call(&app, Method::GET, PATH, Some(other.as_str()), None).await;
        assert_eq!(status, 200, "{theirs}");
        assert_eq!(theirs["messages"], json!([]), "another member's are not theirs");

        for (method, path, body, expected_status, expected) in [
            (Method::POST, PATH, Some(json!({"category": "stock", "body": "내용"})), 400, "invalid_support_category"),
            (Method::POST, PATH, Some(json!({"category": "bug", "body": "  "})), 400, "content_required"),
            (Method::POST, PATH, Some(json!({"category": "bug", "body": "가".repeat(2_001)})), 400, "support_message_too_long"),
            (Method::POST, PATH, Some(json!({"category": 1})), 400, "invalid_request_body"),
            (Method::GET, "/main/api/v1/support/messages?cursor=bm90LWEtY3Vyc29y", None, 400, "invalid_cursor"),
            (Method::GET, "/main/api/v1/support/messages?limit=51", None, 400, "invalid_limit"),
        ] {
            let (status, answer, _) = call(&app, method, path, t, body).await;
            assert_eq!(status, expected_status, "{path}: {answer}");
            assert_eq!(answer["error"], expected, "{path}");
            assert!(answer["message"].as_str().is_some_and(|m| !m.is_empty()));
        }
        let (status, anonymous, _) = call(&app, Method::POST, PATH, None,
            Some(json!({"category": "bug", "body": "내용"}))).await;
        assert_eq!((status, anonymous["error"].as_str()), (401, Some("login_required")));
    }
}
