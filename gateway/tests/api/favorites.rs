//! Favorite groups through the gateway (docs/api.md, "Favorites"): every call on both
//! backends, the default group of a first add, the name rule, all-or-nothing reorders,
//! security ids checked with market, and a member's groups kept from everyone else: by
//! favorites itself (called directly, past the gateway), unsigned calls refused, and
//! unknown, seceded and private members answering alike.

use reqwest::Method;
use serde_json::{Value, json};
use sise_platform::error::DomainError;
use sise_platform::member::{MEMBER_METADATA, MemberKey};
use sise_platform::time::now_ms;
use sise_proto::favorites::v1 as pb;
use sise_proto::favorites::v1::favorites_service_client::FavoritesServiceClient;

use crate::helpers::{SAMSUNG, shared};
use crate::identity::{call, member};

const HYNIX: &str = "KOREA-A000660";
const NAVER: &str = "KOREA-A035420";

fn ids(list: &Value) -> Vec<i64> {
    list["favorite_stocks"]
        .as_array()
        .expect("stocks")
        .iter()
        .map(|s| s["id"].as_i64().expect("id"))
        .collect()
}

sise_platform::per_backend! {
    async fn a_member_keeps_favorite_groups(backend) {
        let app = shared(backend).await;
        let (token, _, _) = member(&app, "관심").await;
        let t = Some(token.as_str());

        let (status, body, headers) = call(&app, Method::GET, "/main/api/favorite_stock_lists", t, None).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["favorite_stock_lists"], json!([]));
        assert_eq!((body["max_lists"].as_u64(), body["max_stocks_per_list"].as_u64()), (Some(20), Some(100)));
        assert_eq!(headers["cache-control"], "no-store");

        // The first add with no group makes 관심그룹; adding again is no second row.
        let (status, body, _) = call(&app, Method::POST, "/main/api/favorite_stocks", t, Some(json!({"security_id": SAMSUNG}))).await;
        assert_eq!(status, 201, "{body}");
        let default_list = body["favorite_stock"]["favorite_stock_list_id"].as_i64().expect("list");
        let (status, _, _) = call(&app, Method::POST, "/main/api/favorite_stocks", t, Some(json!({"security_id": SAMSUNG}))).await;
        assert_eq!(status, 200);
        for id in [HYNIX, NAVER] {
            let (status, _, _) = call(&app, Method::POST, "/main/api/favorite_stocks", t,
                Some(json!({"security_id": id, "favorite_stock_list_id": default_list}))).await;
            assert_eq!(status, 201);
        }
        let (status, body, _) = call(&app, Method::POST, "/main/api/favorite_stocks", t, Some(json!({"security_id": "KOREA-A999999"}))).await;
        assert_eq!((status, body["error"].as_str()), (404, Some("security_not_found")));
        let (_, body, _) = call(&app, Method::GET, "/main/api/favorite_stock_lists", t, None).await;
        let group = &body["favorite_stock_lists"][0];
        assert_eq!((group["name"].as_str(), group["favorite_stocks_count"].as_u64()), (Some("관심그룹"), Some(3)));

        // A second group; names by the rule.
        let (status, body, _) = call(&app, Method::POST, "/main/api/favorite_stock_lists", t, Some(json!({"name": "열세글자그룹이름입니다요요"}))).await;
        assert_eq!((status, body["message"].as_str()), (400, Some("12글자 이내로 입력해주세요.")));
        let (status, body, _) = call(&app, Method::POST, "/main/api/favorite_stock_lists", t, Some(json!({"name": "반도체"}))).await;
        assert_eq!(status, 201);
        let chips = body["favorite_stock_list"]["id"].as_i64().expect("id");
        let (status, body, _) = call(&app, Method::PUT, &format!("/main/api/favorite_stock_lists/{chips}"), t, Some(json!({"name": "칩"}))).await;
        assert_eq!((status, body["favorite_stock_list"]["name"].as_str()), (200, Some("칩")));
        call(&app, Method::POST, "/main/api/favorite_stocks", t, Some(json!({"security_id": HYNIX, "favorite_stock_list_id": chips}))).await;

        // The picker: which groups hold it; the hearts: existences.
        let (_, body, _) = call(&app, Method::GET, &format!("/main/api/favorite_stocks?security_id={HYNIX}"), t, None).await;
        let holding: Vec<i64> = body["favorite_stocks"].as_array().expect("a").iter().map(|s| s["favorite_stock_list_id"].as_i64().expect("id")).collect();
        assert_eq!(holding, vec![default_list, chips]);
        let (_, body, _) = call(&app, Method::GET, &format!("/main/api/favorite_stock_existences?asset_ids={SAMSUNG},KOREA-A005380"), t, None).await;
        assert_eq!(body["favorite_stock_existences"], json!([{"id": SAMSUNG, "exists": true}, {"id": "KOREA-A005380", "exists": false}]));

        // Reorders: all or nothing.
        let (status, body, _) = call(&app, Method::PUT, "/main/api/favorite_stock_lists/order", t, Some(json!({"ids": [chips]}))).await;
        assert_eq!((status, body["error"].as_str()), (400, Some("invalid_order")));
        let (status, _, _) = call(&app, Method::PUT, "/main/api/favorite_stock_lists/order", t, Some(json!({"ids": [chips, default_list]}))).await;
        assert_eq!(status, 204);
        let (_, body, _) = call(&app, Method::GET, "/main/api/favorite_stock_lists", t, None).await;
        assert_eq!(body["favorite_stock_lists"][0]["id"].as_i64(), Some(chips));
        let stocks = ids(&body["favorite_stock_lists"][1]);
        let reversed: Vec<i64> = stocks.iter().rev().copied().collect();
        let path = format!("/main/api/favorite_stock_lists/{default_list}/favorite_stocks/order");
        let (status, _, _) = call(&app, Method::PUT, &path, t, Some(json!({"ids": &reversed[..2]}))).await;
        assert_eq!(status, 400);
        let (status, _, _) = call(&app, Method::PUT, &path, t, Some(json!({"ids": reversed}))).await;
        assert_eq!(status, 204);
        let (_, body, _) = call(&app, Method::GET, "/main/api/favorite_stock_lists", t, None).await;
        assert_eq!(ids(&body["favorite_stock_lists"][1]), reversed);

        // Someone else sees none of it and changes nothing.
        let (other, _, _) = member(&app, "타인").await;
        let o = Some(other.as_str());
        let (_, body, _) = call(&app, Method::GET, "/main/api/favorite_stock_lists", o, None).await;
        assert_eq!(body["favorite_stock_lists"], json!([]));
        let (status, _, _) = call(&app, Method::DELETE, &format!("/main/api/favorite_stocks?ids={}", reversed[0]), o, None).await;
        assert_eq!(status, 404);
        let (status, _, _) = call(&app, Method::DELETE, &format!("/main/api/favorite_stock_lists?ids={chips}"), o, None).await;
        assert_eq!(status, 404);
        let (status, _, _) = call(&app, Method::POST, "/main/api/favorite_stocks", o,
            Some(json!({"security_id": SAMSUNG, "favorite_stock_list_id": chips}))).await;
        assert_eq!(status, 404);

        // Public groups: readable by other members while the setting is on (the default).
        let (_, me, _) = call(&app, Method::GET, "/main/api/users/me", t, None).await;
        let owner = me["user"]["id"].as_i64().expect("id");
        let public = format!("/main/api/users/{owner}/favorite_stock_lists");
        let (status, body, _) = call(&app, Method::GET, &public, o, None).await;
        assert_eq!((status, body["favorite_stock_lists"].as_array().map(Vec::len)), (200, Some(2)), "{body}");
        let (status, _, _) = call(&app, Method::PUT, "/main/api/users/me/setting", t, Some(json!({"open_favorite_stocks": false}))).await;
        assert_eq!(status, 200);
        let (status, body, _) = call(&app, Method::GET, &public, o, None).await;
        assert_eq!((status, body["error"].as_str()), (403, Some("favorites_private")));
        let (status, _, _) = call(&app, Method::GET, &public, t, None).await;
        assert_eq!(status, 200, "one's own, always");
        let (status, body, _) = call(&app, Method::GET, "/main/api/users/999999999/favorite_stock_lists", o, None).await;
        assert_eq!((status, body["error"].as_str()), (403, Some("favorites_private")), "unknown: as private");

        // Remove, construct (recent views, a topic), delete groups.
        let (status, _, _) = call(&app, Method::DELETE, &format!("/main/api/favorite_stocks?ids={}", reversed[0]), t, None).await;
        assert_eq!(status, 204);
        let (status, body, _) = call(&app, Method::POST, "/main/api/favorite_stock_lists/construct", t,
            Some(json!({"name": "최근 본 종목", "security_ids": format!("{SAMSUNG},{NAVER}")}))).await;
        assert_eq!((status, body["favorite_stock_list"]["favorite_stocks_count"].as_u64()), (201, Some(2)), "{body}");
        let recent = body["favorite_stock_list"]["id"].as_i64().expect("id");
        let (status, body, _) = call(&app, Method::POST, "/main/api/topics/favorite_stocks", t,
            Some(json!({"name": "2차전지", "security_ids": "KOREA-A005380,KOREA-A999999"}))).await;
        assert_eq!((status, body["error"].as_str()), (404, Some("security_not_found")), "nothing made of a bad list");
        let (status, body, _) = call(&app, Method::POST, "/main/api/topics/favorite_stocks", t,
            Some(json!({"name": "2차전지", "security_ids": "KOREA-A005380"}))).await;
        assert_eq!(status, 201, "{body}");
        let (status, _, _) = call(&app, Method::DELETE, &format!("/main/api/favorite_stock_lists?ids={recent},{chips}"), t, None).await;
        assert_eq!(status, 204);
        let (_, body, _) = call(&app, Method::GET, "/main/api/favorite_stock_lists", t, None).await;
        let names: Vec<&str> = body["favorite_stock_lists"].as_array().expect("a").iter().map(|l| l["name"].as_str().expect("name")).collect();
        assert_eq!(names, vec!["관심그룹", "2차전지"]);
        let (status, body, _) = call(&app, Method::DELETE, "/main/api/favorite_stock_lists?ids=", t, None).await;
        assert_eq!((status, body["error"].as_str()), (400, Some("missing_ids")));
        let many = (1..=201).map(|n| n.to_string()).collect::<Vec<_>>().join(",");
        let (status, body, _) = call(&app, Method::DELETE, &format!("/main/api/favorite_stock_lists?ids={many}"), t, None).await;
        assert_eq!((status, body["message"].as_str()), (400, Some("한 번에 200개까지 지정할 수 있습니다.")));
    }

    /// The privacy rule lives with the data: favorites, called directly (past the gateway)
    /// for another member, refuses private groups itself. A call whose member is missing,
    /// signed with another key, stale or forged is refused and changes nothing.
    async fn favorites_itself_keeps_private_groups_and_unsigned_calls_out(backend) {
        let app = shared(backend).await;
        let internal = &app.internal;
        let (owner_token, owner, _) = member(&app, "비공개주인").await;
        let (_, reader, _) = member(&app, "엿보기").await;
        let (status, _, _) = call(&app, Method::POST, "/main/api/favorite_stock_lists", Some(&owner_token), Some(json!({"name": "비밀"}))).await;
        assert_eq!(status, 201);
        let mut favorites = FavoritesServiceClient::new(internal.channel("favorites"));
        let of = || pb::ListListsOfRequest { user_id: owner };

        let public = favorites.list_lists_of(internal.as_member(of(), reader)).await.expect("public").into_inner();
        assert_eq!(public.lists.len(), 1, "public by default");
        let (status, _, _) = call(&app, Method::PUT, "/main/api/users/me/setting", Some(&owner_token), Some(json!({"open_favorite_stocks": false}))).await;
        assert_eq!(status, 200);
        let refused = favorites.list_lists_of(internal.as_member(of(), reader)).await.expect_err("private");
        assert_eq!(refused.code(), tonic::Code::PermissionDenied);
        assert_eq!(DomainError::from_status(&refused).code.as_str(), "favorites_private");
        let own = favorites.list_lists_of(internal.as_member(of(), owner)).await.expect("one's own").into_inner();
        assert_eq!(own.lists.len(), 1);

        let claiming = |value: &str| {
            let mut request = tonic::Request::new(pb::CreateListRequest { name: "침입".into() });
            request.metadata_mut().insert(MEMBER_METADATA, value.parse().expect("value"));
            request
        };
        let good = internal.member_key.sign(owner);
        let (_, rest) = good.split_once('.').expect("id.expiry.mac");
        let (expiry, _) = rest.split_once('.').expect("expiry.mac");
        let stranger = MemberKey::new(&MemberKey::generate()).expect("another key");
        for (what, request) in [
            ("no member", tonic::Request::new(pb::CreateListRequest { name: "침입".into() })),
            ("another key", stranger.request(pb::CreateListRequest { name: "침입".into() }, owner)),
            ("stale", claiming(&internal.member_key.sign_until(owner, now_ms() - 1))),
            ("forged mac", claiming(&format!("{owner}.{expiry}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"))),
            ("another member's mac", claiming(&format!("{reader}.{rest}"))),
        ] {
            let status = favorites.create_list(request).await.expect_err(what);
            assert_eq!(status.code(), tonic::Code::Unauthenticated, "{what}");
            assert_eq!(DomainError::from_status(&status).code.as_str(), "login_required", "{what}");
        }
        let status = favorites.list_lists_of(tonic::Request::new(of())).await.expect_err("no reader");
        assert_eq!(DomainError::from_status(&status).code.as_str(), "login_required");
        let mine = favorites.list_lists(internal.as_member(pb::ListListsRequest {}, owner)).await.expect("lists").into_inner();
        let names: Vec<&str> = mine.lists.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, vec!["비밀"], "no refused call made a group");
    }

    /// Member ids cannot be probed: a member that does not exist, one who seceded and one
    /// who keeps their groups private get the same status, code and body.
    async fn unknown_seceded_and_private_members_answer_alike(backend) {
        let app = shared(backend).await;
        let (reader, _, _) = member(&app, "조회자").await;
        let (private_token, private_id, _) = member(&app, "숨김").await;
        call(&app, Method::POST, "/main/api/favorite_stock_lists", Some(&private_token), Some(json!({"name": "숨김"}))).await;
        let (status, _, _) = call(&app, Method::PUT, "/main/api/users/me/setting", Some(&private_token), Some(json!({"open_favorite_stocks": false}))).await;
        assert_eq!(status, 200);
        let (gone_token, gone_id, _) = member(&app, "떠남").await;
        call(&app, Method::POST, "/main/api/favorite_stock_lists", Some(&gone_token), Some(json!({"name": "떠남"}))).await;
        let (status, _, _) = call(&app, Method::DELETE, "/main/api/users/me", Some(&gone_token), None).await;
        assert_eq!(status, 204);
        let mut answers = Vec::new();
        for id in [i64::MAX, 999_999_999, gone_id, private_id] {
            let response = app
                .request(Method::GET, &format!("/main/api/users/{id}/favorite_stock_lists"))
                .bearer_auth(&reader)
                .send()
                .await
                .expect("request");
            let status = response.status().as_u16();
            let headers: Vec<(String, String)> = ["content-type", "cache-control"]
                .iter()
                .map(|h| (h.to_string(), response.headers().get(*h).map(|v| v.to_str().unwrap_or("").to_owned()).unwrap_or_default()))
                .collect();
            let body = response.text().await.expect("body");
            answers.push((id, status, headers, body));
        }
        let (_, status, headers, body) = &answers[0];
        assert_eq!(*status, 403);
        let parsed: Value = serde_json::from_str(body).expect("json");
        assert_eq!(parsed["error"], "favorites_private");
        for (id, other_status, other_headers, other_body) in &answers[1..] {
            assert_eq!((other_status, other_headers, other_body), (status, headers, body), "member {id}");
        }
    }

    /// identity's `user_seceded` reaches favorites (durable consumer `favorites-secession`):
    /// the member's groups and stocks go, nobody else's; a redelivery is harmless.
    async fn a_seceded_members_favorites_go(backend) {
        let app = shared(backend).await;
        let (token, id, _) = member(&app, "떠날이").await;
        let t = Some(token.as_str());
        let (status, _, _) = call(&app, Method::POST, "/main/api/favorite_stocks", t, Some(json!({"security_id": SAMSUNG}))).await;
        assert_eq!(status, 201);
        let (_, body, _) = call(&app, Method::POST, "/main/api/favorite_stock_lists", t, Some(json!({"name": "반도체"}))).await;
        let chips = body["favorite_stock_list"]["id"].as_i64().expect("id");
        call(&app, Method::POST, "/main/api/favorite_stocks", t, Some(json!({"security_id": HYNIX, "favorite_stock_list_id": chips}))).await;
        let (stayer, _, _) = member(&app, "남는이").await;
        let s = Some(stayer.as_str());
        let (status, _, _) = call(&app, Method::POST, "/main/api/favorite_stocks", s, Some(json!({"security_id": SAMSUNG}))).await;
        assert_eq!(status, 201);

        let db = sise_platform::db::Database::connect(
            &app.database_url("favorites").expect("favorites db"),
            &sise_favorites::store::MIGRATIONS,
        ).await.expect("db");
        let count = |sql: &'static str| {
            let pool = db.pool.clone();
            async move {
                sqlx::query_scalar::<_, i64>(sql).bind(id).fetch_one(&pool).await.expect("count")
            }
        };
        const LISTS: &str = "SELECT COUNT(*) FROM favorite_stock_lists WHERE user_id = $1";
        const STOCKS: &str = "SELECT COUNT(*) FROM favorite_stocks s JOIN favorite_stock_lists l \
                              ON l.id = s.favorite_stock_list_id WHERE l.user_id = $1";
        const MEMBER: &str = "SELECT COUNT(*) FROM favorite_members WHERE user_id = $1";
        assert_eq!((count(LISTS).await, count(STOCKS).await, count(MEMBER).await), (2, 2, 1));

        let (status, _, _) = call(&app, Method::DELETE, "/main/api/users/me", t, None).await;
        assert_eq!(status, 204);
        // The event travels through identity's outbox and the bus: wait for it to land.
        let mut left = (0, 0, 0);
        for _ in 0..300 {
            left = (count(LISTS).await, count(STOCKS).await, count(MEMBER).await);
            if left == (0, 0, 0) {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert_eq!(left, (0, 0, 0), "the seceded member's favorites are erased");
        let (_, body, _) = call(&app, Method::GET, "/main/api/favorite_stock_lists", s, None).await;
        assert_eq!(body["favorite_stock_lists"][0]["favorite_stocks_count"].as_u64(), Some(1), "{body}");

        // The same event again (a redelivery): nothing left to erase, nobody else touched.
        let store = sise_favorites::store::Store::new(db.clone(), sise_favorites::store::Limits {
            max_lists: 20,
            max_stocks_per_list: 100,
        });
        assert_eq!(store.erase_member(id, sise_platform::time::now_ms()).await.expect("erase"), 0);
        assert_eq!(count(MEMBER).await, 0);
        let (_, body, _) = call(&app, Method::GET, "/main/api/favorite_stock_lists", s, None).await;
        assert_eq!(body["favorite_stock_lists"][0]["favorite_stocks_count"].as_u64(), Some(1));
        db.close().await;
    }
}
