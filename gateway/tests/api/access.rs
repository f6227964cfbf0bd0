//! Who may call what. The authorisation matrix reads the gateway's OpenAPI document:
//! every operation must be classified — public (`security: [{}]`), member
//! (`[{"bearer": []}]`) or own-resource (`[{"bearer": ["own"]}]`) — and every member and
//! own-resource operation is called with no token (401), with an expired token (401), and,
//! for own-resource ones, with another member's token (403 or 404). A new route without a
//! classification fails here.
//!
//! Then OWASP ASVS 4.0.3 V3 (session management), one test per item that applies to
//! bearer-token sessions (V3.4 cookies and V3.5 OAuth/JWT items do not: docs/api.md).

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};
use sise_platform::db::Database;
use sise_proto::identity::v1 as pb;
use sise_proto::identity::v1::operator_service_client::OperatorServiceClient;
use sise_proto::social::v1 as social;
use sise_proto::social::v1::contest_desk_service_client::ContestDeskServiceClient;
use sise_proto::social::v1::editorial_service_client::EditorialServiceClient;
use sise_proto::social::v1::insight_editorial_service_client::InsightEditorialServiceClient;
use sise_proto::social::v1::site_desk_service_client::SiteDeskServiceClient;
use sise_proto::social::v1::support_desk_service_client::SupportDeskServiceClient;

use crate::helpers::{TestApp, shared, spawn_app};
use crate::identity::{call, login, member};

async fn identity_db(app: &TestApp) -> Database {
    Database::connect(
        &app.database_url("identity").expect("identity db"),
        &sise_identity::store::MIGRATIONS,
    )
    .await
    .expect("identity db")
}

#[derive(Debug, PartialEq, Eq)]
enum Access {
    Public,
    Member,
    Own,
}

fn classify(operation: &Value) -> Option<Access> {
    let security = operation["security"].as_array()?;
    match security.as_slice() {
        [requirement] if requirement == &json!({}) => Some(Access::Public),
        [requirement] if requirement == &json!({"bearer": []}) => Some(Access::Member),
        [requirement] if requirement == &json!({"bearer": ["own"]}) => Some(Access::Own),
        _ => None,
    }
}

sise_platform::per_backend! {
    async fn the_authorisation_matrix_holds_for_every_operation(backend) {
        let app = shared(backend).await;
        let doc: Value = serde_json::from_str(
            &sise_gateway::startup::api_document().to_json().expect("json"),
        )
        .expect("json");
        // An expired session of a real member.
        let (expired, id, _) = member(&app, "만료").await;
        let db = identity_db(&app).await;
        sqlx::query("UPDATE sessions SET expires_at_ms = 1 WHERE user_id = $1")
            .bind(id)
            .execute(db.writer())
            .await
            .expect("expire");
        db.close().await;

        // Another member's group, post and comment, for the own-resource operations.
        let (owner, _, _) = member(&app, "주인").await;
        let (status, body, _) = call(&app, Method::POST, "/main/api/favorite_stock_lists", Some(&owner),
            Some(json!({"name": "남의그룹"}))).await;
        assert_eq!(status, 201, "{body}");
        let their_list = body["favorite_stock_list"]["id"].as_i64().expect("id").to_string();
        let (status, body, _) = call(&app, Method::POST, "/social/api/v1/securities/KOREA-A085670/posts",
            Some(&owner), Some(json!({"content": "남의 글", "category": "opinion"}))).await;
        assert_eq!(status, 201, "{body}");
        let their_post = body["post"]["id"].as_i64().expect("id").to_string();
        let (status, body, _) = call(&app, Method::POST, &format!("/social/api/v1/posts/{their_post}/comments"),
            Some(&owner), Some(json!({"content": "남의 댓글"}))).await;
        assert_eq!(status, 201, "{body}");
        let their_comment = body["comment"]["id"].as_i64().expect("id").to_string();
        let theirs = |path: &str| {
            if path.starts_with("/api/v1/posts/") {
                their_post.as_str()
            } else if path.starts_with("/api/v1/comments/") {
                their_comment.as_str()
            } else {
                their_list.as_str()
            }
        };
        let (stranger, _, _) = member(&app, "남").await;

        let (mut public, mut members, mut own) = (0, 0, 0);
        let parameter = regex::Regex::new(r"\{[^}]+\}").expect("re");
        for (path, item) in doc["paths"].as_object().expect("paths") {
            for (method, operation) in item.as_object().expect("item") {
                let access = classify(operation)
                    .unwrap_or_else(|| panic!("{method} {path} is not classified: {}", operation["security"]));
                let prefix = match operation["tags"][0].as_str() {
                    Some("main") => "/main",
                    Some("social") => "/social",
                    Some("mobile-web") => "/mweb",
                    other => panic!("{method} {path}: unknown host {other:?}"),
                };
                if access == Access::Public {
                    public += 1;
                    continue;
                }
                members += 1;
                let id = if access == Access::Own { theirs(path) } else { "1" };
                let concrete = parameter.replace_all(path, id);
                let url = format!("{prefix}{concrete}");
                let method: Method = method.to_uppercase().parse().expect("method");
                let (status, body, _) = call(&app, method.clone(), &url, None, None).await;
                assert_eq!(status, 401, "{method} {url} without a token: {body}");
                let (status, body, _) = call(&app, method.clone(), &url, Some(&expired), None).await;
                assert_eq!(status, 401, "{method} {url} with an expired token: {body}");
                assert_eq!(body["error"], "invalid_token");
                if access == Access::Own {
                    own += 1;
                    // A body that passes every check but ownership.
                    let body = json!({"name": "x", "ids": [1], "text": "x"});
                    let (status, answer, _) =
                        call(&app, method.clone(), &url, Some(&stranger), Some(body)).await;
                    assert!(
                        status == 403 || status == 404,
                        "{method} {url} with another member's token: {status} {answer}"
                    );
                }
            }
        }
        assert!(public > 50 && members >= 30 && own >= 6, "{public} public, {members} member, {own} own");
    }

    /// V3.1.1: the session token never travels in a URL: a query `access_token` is ignored.
    async fn asvs_3_1_1_tokens_are_not_read_from_urls(backend) {
        let app = shared(backend).await;
        let (token, _, _) = member(&app, "주소창").await;
        let (status, _, _) = call(&app, Method::GET, &format!("/main/api/users/me?access_token={token}"), None, None).await;
        assert_eq!(status, 401);
    }

    /// V3.2.1 and V3.2.2: a new token at every login, 256 random bits each.
    async fn asvs_3_2_1_and_3_2_2_every_login_gets_a_new_random_token(backend) {
        let app = shared(backend).await;
        let (first, _, kakao) = member(&app, "새토큰").await;
        let mut tokens = vec![first];
        for _ in 0..5 {
            let (status, body, _) = login(&app, &kakao).await;
            assert_eq!(status, 200);
            tokens.push(body["access_token"].as_str().expect("token").to_owned());
        }
        for token in &tokens {
            assert_eq!(token.len(), 64);
            assert!(token.bytes().all(|b| b.is_ascii_hexdigit()));
            let (status, _, _) = call(&app, Method::GET, "/main/api/users/me", Some(token), None).await;
            assert_eq!(status, 200, "every login's session is live");
        }
        let mut unique = tokens.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), tokens.len());
    }

    /// V3.2.3: the server stores no token, only its hash.
    async fn asvs_3_2_3_tokens_are_stored_hashed(backend) {
        let app = shared(backend).await;
        let (token, id, _) = member(&app, "해시").await;
        let db = identity_db(&app).await;
        let stored: Vec<String> = sqlx::query_scalar("SELECT token_hash FROM sessions WHERE user_id = $1")
            .bind(id)
            .fetch_all(&db.pool)
            .await
            .expect("rows");
        db.close().await;
        assert_eq!(stored.len(), 1);
        assert_ne!(stored[0], token);
        use sha2::Digest;
        assert_eq!(stored[0], hex::encode(sha2::Sha256::digest(token.as_bytes())));
    }

    /// V3.3.1 and V3.3.3: logout ends every session of the member at once, cached or not.
    async fn asvs_3_3_1_and_3_3_3_logout_ends_every_session(backend) {
        let app = shared(backend).await;
        let (phone, _, kakao) = member(&app, "두기기").await;
        let (_, body, _) = login(&app, &kakao).await;
        let laptop = body["access_token"].as_str().expect("token").to_owned();
        for token in [&phone, &laptop] {
            let (status, _, _) = call(&app, Method::GET, "/main/api/users/me", Some(token), None).await;
            assert_eq!(status, 200, "resolved, so the gateway holds it");
        }
        let (status, _, _) = call(&app, Method::DELETE, "/main/api/session", Some(&phone), None).await;
        assert_eq!(status, 204);
        for token in [&phone, &laptop] {
            let (status, body, _) = call(&app, Method::GET, "/main/api/users/me", Some(token), None).await;
            assert_eq!((status, body["error"].as_str()), (401, Some("invalid_token")));
        }
    }

    /// V3.3.2: sessions end at their absolute lifetime and after the idle timeout.
    async fn asvs_3_3_2_absolute_and_idle_timeouts(backend) {
        let app = shared(backend).await;
        let (_, id, kakao) = member(&app, "시간초과").await;
        let db = identity_db(&app).await;
        for column in ["expires_at_ms", "last_seen_at_ms"] {
            let (_, body, _) = login(&app, &kakao).await;
            let token = body["access_token"].as_str().expect("token").to_owned();
            // Past the lifetime (30 days) or unused for the idle timeout (7 days).
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "UPDATE sessions SET {column} = {column} - 2592000001 WHERE user_id = $1"
            )))
            .bind(id)
            .execute(db.writer())
            .await
            .expect("age");
            let (status, _, _) = call(&app, Method::GET, "/main/api/users/me", Some(&token), None).await;
            assert_eq!(status, 401, "{column}");
        }
        db.close().await;
    }

    /// A warning the member sees and objects to; then a termination ends the member's
    /// sessions everywhere: the revocation reaches the gateway over the bus. A system of its
    /// own, for identity's operators' API (on its own listener, with the development
    /// operator's token).
    async fn a_termination_ends_cached_sessions_through_the_bus(backend) {
        let app = spawn_app(backend).await;
        let (token, id, kakao) = member(&app, "퇴출").await;
        let (status, _, _) = call(&app, Method::GET, "/main/api/users/me", Some(&token), None).await;
        assert_eq!(status, 200);
        let mut operators = OperatorServiceClient::new(app.internal.operator_channel());
        // A warning first: the member sees it and objects, and the operators see that.
        operators
            .sanction(app.internal.as_operator(pb::SanctionRequest {
                user_id: id,
                kind: pb::SanctionKind::Warning as i32,
                reason: "도배".into(),
            }))
            .await
            .expect("warn");
        let (status, body, _) =
            call(&app, Method::GET, "/main/api/users/me/sanctions", Some(&token), None).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["sanctions"][0]["kind"], "warning");
        let warning = body["sanctions"][0]["id"].as_i64().expect("id");
        let path = format!("/main/api/users/me/sanctions/{warning}/objection");
        let (status, body, _) =
            call(&app, Method::POST, &path, Some(&token), Some(json!({"text": ""}))).await;
        assert_eq!((status, body["error"].as_str()), (400, Some("invalid_objection")));
        let (status, body, _) = call(
            &app,
            Method::POST,
            &path,
            Some(&token),
            Some(json!({"text": "오해입니다"})),
        )
        .await;
        assert_eq!((status, body["objection"].as_str()), (200, Some("오해입니다")), "{body}");
        let objections = operators
            .list_objections(app.internal.as_operator(pb::ListObjectionsRequest {}))
            .await
            .expect("objections")
            .into_inner();
        assert_eq!(objections.sanctions[0].objection, "오해입니다");
        operators
            .sanction(app.internal.as_operator(pb::SanctionRequest {
                user_id: id,
                kind: pb::SanctionKind::Termination as i32,
                reason: "불법 정보 게시".into(),
            }))
            .await
            .expect("terminate");
        // A bound on a hang, not a speed: beside the build and the end-to-end servers on two
        // cores the bus has taken over 10 s to bring the termination.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        loop {
            let (status, _, _) = call(&app, Method::GET, "/main/api/users/me", Some(&token), None).await;
            if status == 401 {
                break;
            }
            assert!(tokio::time::Instant::now() < deadline, "the cached session outlived the termination");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let (status, body, _) = login(&app, &kakao).await;
        assert_eq!((status, body["error"].as_str()), (403, Some("user_terminated")));
        app.stop().await;
    }

    /// The one-process server: identity's operators' API answers on its own listener, with
    /// the development operator's token only; the port the gateway calls does not serve it.
    async fn operators_call_on_their_own_listener_only(backend) {
        let app = shared(backend).await;
        let internal = &app.internal;
        let status = OperatorServiceClient::new(internal.channel("identity"))
            .list_objections(internal.as_operator(pb::ListObjectionsRequest {}))
            .await
            .expect_err("not on the members' port");
        assert_eq!(status.code(), tonic::Code::Unimplemented);
        let mut operators = OperatorServiceClient::new(internal.operator_channel());
        for (what, request) in [
            ("no token", tonic::Request::new(pb::ListObjectionsRequest {})),
            (
                "wrong token",
                sise_platform::operator::request(pb::ListObjectionsRequest {}, "wrong").expect("r"),
            ),
        ] {
            let status = operators.list_objections(request).await.expect_err(what);
            assert_eq!(status.code(), tonic::Code::Unauthenticated, "{what}");
        }
        operators
            .list_objections(internal.as_operator(pb::ListObjectionsRequest {}))
            .await
            .expect("the development operator");

        // Social's editorial desk (notices) likewise: its own listener, a known token.
        let list = || social::ListNoticesRequest { limit: Some(1), cursor: String::new() };
        let status = EditorialServiceClient::new(internal.channel("social"))
            .list_notices(internal.as_operator(list()))
            .await
            .expect_err("not on the members' port");
        assert_eq!(status.code(), tonic::Code::Unimplemented);
        let mut desk = EditorialServiceClient::new(internal.social_operator_channel());
        for (what, request) in [
            ("no token", tonic::Request::new(list())),
            ("wrong token", sise_platform::operator::request(list(), "wrong").expect("r")),
        ] {
            let status = desk.list_notices(request).await.expect_err(what);
            assert_eq!(status.code(), tonic::Code::Unauthenticated, "{what}");
        }
        desk.list_notices(internal.as_operator(list())).await.expect("the development operator");

        // And its support desk.
        let list = || social::ListSupportMessagesRequest { limit: Some(1), ..Default::default() };
        let status = SupportDeskServiceClient::new(internal.channel("social"))
            .list_support_messages(internal.as_operator(list()))
            .await
            .expect_err("not on the members' port");
        assert_eq!(status.code(), tonic::Code::Unimplemented);
        let mut desk = SupportDeskServiceClient::new(internal.social_operator_channel());
        for (what, request) in [
            ("no token", tonic::Request::new(list())),
            ("wrong token", sise_platform::operator::request(list(), "wrong").expect("r")),
        ] {
            let status = desk.list_support_messages(request).await.expect_err(what);
            assert_eq!(status.code(), tonic::Code::Unauthenticated, "{what}");
        }
        desk.list_support_messages(internal.as_operator(list())).await.expect("the development operator");

        // And its contest desk.
        let create = || social::CreateContestRequest { title: "권한 확인".into(), ..Default::default() };
        let status = ContestDeskServiceClient::new(internal.channel("social"))
            .create_contest(internal.as_operator(create()))
            .await
            .expect_err("not on the members' port");
        assert_eq!(status.code(), tonic::Code::Unimplemented);
        let mut desk = ContestDeskServiceClient::new(internal.social_operator_channel());
        for (what, request) in [
            ("no token", tonic::Request::new(create())),
            ("wrong token", sise_platform::operator::request(create(), "wrong").expect("r")),
        ] {
            let status = desk.create_contest(request).await.expect_err(what);
            assert_eq!(status.code(), tonic::Code::Unauthenticated, "{what}");
        }
        // The development operator gets as far as the rules (no period given).
        let status = desk.create_contest(internal.as_operator(create())).await.expect_err("no period");
        assert_eq!(status.code(), tonic::Code::InvalidArgument);
        // Listing, editing and ending contests alike: not on the members' port, and with an
        // operator's token only.
        let list = || social::ListDeskContestsRequest::default();
        let edit = || social::EditContestRequest { id: i64::MAX, ..Default::default() };
        let end = || social::EndContestRequest { id: i64::MAX };
        let mut members_port = ContestDeskServiceClient::new(internal.channel("social"));
        let refused = [
            members_port.list_contests(internal.as_operator(list())).await.map(|_| ()),
            members_port.edit_contest(internal.as_operator(edit())).await.map(|_| ()),
            members_port.end_contest(internal.as_operator(end())).await.map(|_| ()),
        ];
        for status in refused {
            assert_eq!(status.expect_err("not on the members' port").code(), tonic::Code::Unimplemented);
        }
        for token in [None, Some("wrong")] {
            let refused = [
                desk.list_contests(with_token(list(), token)).await.map(|_| ()),
                desk.edit_contest(with_token(edit(), token)).await.map(|_| ()),
                desk.end_contest(with_token(end(), token)).await.map(|_| ()),
            ];
            for status in refused {
                assert_eq!(status.expect_err("refused").code(), tonic::Code::Unauthenticated, "{token:?}");
            }
        }
        // The development operator gets through: a list, and no such contest to change.
        desk.list_contests(internal.as_operator(list())).await.expect("the development operator");
        let status = desk.edit_contest(internal.as_operator(edit())).await.expect_err("no contest");
        assert_eq!(status.code(), tonic::Code::NotFound);
        let status = desk.end_contest(internal.as_operator(end())).await.expect_err("no contest");
        assert_eq!(status.code(), tonic::Code::NotFound);

        // And its site desk (maintenance, promotions, the analytics report): not on the
        // members' port, and with an operator's token only.
        let switch = || social::SetMaintenanceRequest::default();
        let report = || social::AnalyticsReportRequest::default();
        let mut members_port = SiteDeskServiceClient::new(internal.channel("social"));
        let refused = [
            members_port.set_maintenance(internal.as_operator(switch())).await.map(|_| ()),
            members_port.analytics_report(internal.as_operator(report())).await.map(|_| ()),
        ];
        for status in refused {
            assert_eq!(status.expect_err("not on the members' port").code(), tonic::Code::Unimplemented);
        }
        let mut desk = SiteDeskServiceClient::new(internal.social_operator_channel());
        for token in [None, Some("wrong")] {
            let refused = [
                desk.set_maintenance(with_token(switch(), token)).await.map(|_| ()),
                desk.get_maintenance(with_token(social::GetMaintenanceRequest {}, token)).await.map(|_| ()),
                desk.set_promotion(with_token(social::SetPromotionRequest::default(), token)).await.map(|_| ()),
                desk.end_promotion(with_token(social::EndPromotionRequest {}, token)).await.map(|_| ()),
                desk.list_promotions(with_token(social::ListPromotionsRequest {}, token)).await.map(|_| ()),
                desk.analytics_report(with_token(report(), token)).await.map(|_| ()),
            ];
            for status in refused {
                assert_eq!(status.expect_err("refused").code(), tonic::Code::Unauthenticated, "{token:?}");
            }
        }
        desk.analytics_report(internal.as_operator(report())).await.expect("the development operator");
    }

    /// The contributor role (identity) and the insight-article desk (social) are operators'
    /// operations: on their own listeners only, with an operator's token only; no member
    /// reaches them through the gateway (no route names them).
    async fn contributor_and_article_operations_are_operators_only(backend) {
        let app = shared(backend).await;
        let internal = &app.internal;
        let grant = || pb::GrantContributorRequest { user_id: 1, bio: String::new() };
        let revoke = || pb::RevokeContributorRequest { user_id: 1 };
        let status = OperatorServiceClient::new(internal.channel("identity"))
            .grant_contributor(internal.as_operator(grant()))
            .await
            .expect_err("not on the members' port");
        assert_eq!(status.code(), tonic::Code::Unimplemented);
        let mut identity = OperatorServiceClient::new(internal.operator_channel());
        for (what, token) in [("no token", None), ("wrong token", Some("wrong")), ("a member's signature", Some("member"))] {
            let request = |message| match token {
                None => tonic::Request::new(message),
                Some("member") => internal.as_member(message, 1),
                Some(token) => sise_platform::operator::request(message, token).expect("r"),
            };
            let status = identity.grant_contributor(request(grant())).await.expect_err(what);
            assert_eq!(status.code(), tonic::Code::Unauthenticated, "grant, {what}");
            let status = identity
                .revoke_contributor(match token {
                    None => tonic::Request::new(revoke()),
                    Some("member") => internal.as_member(revoke(), 1),
                    Some(token) => sise_platform::operator::request(revoke(), token).expect("r"),
                })
                .await
                .expect_err(what);
            assert_eq!(status.code(), tonic::Code::Unauthenticated, "revoke, {what}");
        }
        let publish = || social::PublishInsightArticleRequest {
            contributor_id: 1,
            title: "t".into(),
            format: social::ContentFormat::Markdown as i32,
            body: "x".into(),
            ..Default::default()
        };
        let status = InsightEditorialServiceClient::new(internal.channel("social"))
            .publish_insight_article(internal.as_operator(publish()))
            .await
            .expect_err("not on the members' port");
        assert_eq!(status.code(), tonic::Code::Unimplemented);
        let mut desk = InsightEditorialServiceClient::new(internal.social_operator_channel());
        for (what, request) in [
            ("no token", tonic::Request::new(publish())),
            ("wrong token", sise_platform::operator::request(publish(), "wrong").expect("r")),
            ("a member's signature", internal.as_member(publish(), 1)),
        ] {
            let status = desk.publish_insight_article(request).await.expect_err(what);
            assert_eq!(status.code(), tonic::Code::Unauthenticated, "publish, {what}");
        }
        for (what, request) in [
            ("no token", tonic::Request::new(social::WithdrawInsightArticleRequest { id: 1 })),
            ("a member's signature", internal.as_member(social::WithdrawInsightArticleRequest { id: 1 }, 1)),
        ] {
            let status = desk.withdraw_insight_article(request).await.expect_err(what);
            assert_eq!(status.code(), tonic::Code::Unauthenticated, "withdraw, {what}");
        }
        let status = desk
            .list_insight_articles(tonic::Request::new(social::ListInsightArticlesRequest::default()))
            .await
            .expect_err("no token");
        assert_eq!(status.code(), tonic::Code::Unauthenticated);
        // With the operator's token the desk answers (this contributor does not exist).
        let refused = desk.publish_insight_article(internal.as_operator(publish())).await.expect_err("no contributor");
        assert_eq!(sise_platform::error::DomainError::from_status(&refused).code.as_str(), "not_a_contributor");
        // And no gateway route reaches either.
        let doc = sise_gateway::startup::api_document().to_json().expect("json");
        for word in ["contributor_role", "grant", "revoke", "publish", "withdraw"] {
            assert!(!doc.contains(&format!("/{word}")), "a route named {word}");
        }
    }
}

/// `message` with an operator's `token` (none: no token at all).
fn with_token<T>(message: T, token: Option<&str>) -> tonic::Request<T> {
    match token {
        None => tonic::Request::new(message),
        Some(token) => sise_platform::operator::request(message, token).expect("request"),
    }
}
