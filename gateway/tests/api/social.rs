//! The community through the gateway's social host (docs/api.md, "Community"): every call
//! on both backends, paging to the end, each error code, another member's post or comment
//! answering 404, visitors' writes refused, pictures through a form, live boards, and the
//! visitors' board cache. Each test writes on boards of its own (small stocks no sample
//! posts are seeded on) with members of its own, so tests on the shared system do not meet.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, shared, spawn_app_with_settings};
use crate::identity::{call, member, multipart, png};
use crate::stream::SseReader;

/// A liveness bound on waiting for a live event (it ends as soon as the event comes).
const WAIT: Duration = Duration::from_secs(20);

fn posts_of(board: &str) -> String {
    format!("/social/api/v1/securities/{board}/posts")
}

/// A new post by the member of `token`: its JSON.
async fn write(app: &TestApp, token: &str, board: &str, content: &str, category: &str) -> Value {
    let (status, body, headers) = call(
        app,
        Method::POST,
        &posts_of(board),
        Some(token),
        Some(json!({"content": content, "category": category})),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(headers["cache-control"], "no-store");
    body["post"].clone()
}

fn id(value: &Value) -> i64 {
    value["id"].as_i64().expect("id")
}

fn ids(list: &Value) -> Vec<i64> {
    list.as_array().expect("list").iter().map(id).collect()
}

/// Every page of a list (`path` has its query, `limit` included), following `next_cursor`
/// to the end: the ids in order, after checking no page is longer than `limit`.
async fn all_pages(
    app: &TestApp,
    path: &str,
    key: &str,
    limit: usize,
    token: Option<&str>,
) -> Vec<i64> {
    let mut seen = Vec::new();
    let mut cursor: Option<String> = None;
    for _ in 0..100 {
        let url = match &cursor {
            Some(cursor) => format!("{path}&cursor={cursor}"),
            None => path.to_owned(),
        };
        let (status, body, _) = call(app, Method::GET, &url, token, None).await;
        assert_eq!(status, 200, "{url}: {body}");
        let page = ids(&body[key]);
        assert!(page.len() <= limit, "{url}: {} > {limit}", page.len());
        seen.extend(page);
        match body["next_cursor"].as_str() {
            Some(next) => cursor = Some(next.to_owned()),
            None => return seen,
        }
    }
    panic!("{path}: no end after 100 pages");
}

/// `(status, body)` of a new post sent as a form of `fields` (name, file name, bytes).
async fn send_form(
    app: &TestApp,
    path: &str,
    token: &str,
    fields: Vec<(&str, Option<&str>, Vec<u8>)>,
) -> (u16, Value) {
    let borrowed: Vec<(&str, Option<&str>, &[u8])> = fields
        .iter()
        .map(|(n, f, b)| (*n, *f, b.as_slice()))
        .collect();
    let (content_type, body) = multipart(&borrowed);
    let response = app
        .request(Method::POST, path)
        .bearer_auth(token)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .expect("post");
    let status = response.status().as_u16();
    (status, response.json::<Value>().await.expect("json"))
}

/// `(likes, dislikes, liked, disliked)` after the member of `token` reacts with `verb`.
async fn react(app: &TestApp, post: i64, verb: &str, token: &str) -> (i64, i64, bool, bool) {
    let path = format!("/social/api/v1/posts/{post}/{verb}");
    let (status, body, headers) = call(app, Method::POST, &path, Some(token), None).await;
    assert_eq!(status, 200, "{verb}: {body}");
    assert_eq!(headers["cache-control"], "no-store");
    let emotion = &body["my_emotion"];
    (
        body["likes_count"].as_i64().expect("likes"),
        body["dislikes_count"].as_i64().expect("dislikes"),
        emotion["liked"].as_bool().expect("liked"),
        emotion["disliked"].as_bool().expect("disliked"),
    )
}

/// A new comment (or reply, by `path`): its JSON.
async fn comment(app: &TestApp, token: &str, path: &str, content: &str) -> Value {
    let (status, body, headers) = call(
        app,
        Method::POST,
        path,
        Some(token),
        Some(json!({"content": content})),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(headers["cache-control"], "no-store");
    body["comment"].clone()
}

async fn comments_count(app: &TestApp, post: i64) -> i64 {
    let (_, body, _) = call(
        app,
        Method::GET,
        &format!("/social/api/v1/posts/{post}"),
        None,
        None,
    )
    .await;
    body["post"]["comments_count"].as_i64().expect("count")
}

/// The board's next post event, within [`WAIT`]. A `resync` (the gateway's feed lost
/// messages and read the bus again, which a loaded machine can cause) is skipped: a browser
/// reads the board again then.
async fn next_event(events: &mut SseReader) -> (String, Value) {
    tokio::time::timeout(WAIT, async {
        loop {
            let event = events.next_event().await;
            if event.0 != "resync" {
                return event;
            }
        }
    })
    .await
    .expect("an event")
}

async fn expect_error(
    app: &TestApp,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
    (status, code): (u16, &str),
) -> Value {
    let (got, answer, _) = call(app, method.clone(), path, token, body).await;
    assert_eq!(
        (got, answer["error"].as_str()),
        (status, Some(code)),
        "{method} {path}: {answer}"
    );
    answer
}

sise_platform::per_backend! {
    async fn a_board_pages_to_its_end_in_each_order_and_category(backend) {
        let app = shared(backend).await;
        let board = "KOREA-A332290";
        let other_board = "KOREA-A348340";
        let (token, user_id, _) = member(&app, "게시판").await;
        let (other, _, _) = member(&app, "이웃").await;
        let t = Some(token.as_str());

        let mut written = Vec::new();
        for (i, category) in ["opinion", "question", "news", "opinion", "question"].iter().enumerate() {
            let post = write(&app, &token, board, &format!("누보 게시판 {i}번째 글\n둘째 줄 <b>굵게</b>"), category).await;
            assert_eq!(post["security_id"], board);
            assert_eq!(post["category"], *category);
            assert_eq!(post["content"], format!("누보 게시판 {i}번째 글\n둘째 줄 <b>굵게</b>"), "plain text as written");
            assert_eq!(post["author"]["id"].as_i64(), Some(user_id));
            assert_eq!(post["author"]["name"], format!("회원{user_id}"));
            assert_eq!((post["is_mine"].as_bool(), post["sample"].as_bool()), (Some(true), Some(false)));
            assert_eq!(post["my_emotion"], json!({"liked": false, "disliked": false}));
            assert_eq!((post["likes_count"].as_i64(), post["comments_count"].as_i64()), (Some(0), Some(0)));
            assert!(post["hidden"].is_null() && post["images"] == json!([]), "{post}");
            written.push(id(&post));
        }
        let theirs = id(&write(&app, &other, board, "이웃이 쓴 누보 글", "opinion").await);
        let elsewhere = id(&write(&app, &token, other_board, "뉴로메카 게시판 글", "news").await);

        // Newest first, two at a time, to the end; the same for a visitor and a member.
        let mut newest_first: Vec<i64> = written.iter().rev().copied().collect();
        newest_first.insert(0, theirs);
        let path = format!("{}?limit=2", posts_of(board));
        assert_eq!(all_pages(&app, &path, "posts", 2, None).await, newest_first);
        assert_eq!(all_pages(&app, &path, "posts", 2, t).await, newest_first);
        // One category; the member's own (here and across boards: MY 내가 쓴 글).
        let questions = all_pages(&app, &format!("{}?category=question&limit=1", posts_of(board)), "posts", 1, None).await;
        assert_eq!(questions, vec![written[4], written[1]]);
        let mine = all_pages(&app, &format!("{}?scope=mine&limit=50", posts_of(board)), "posts", 50, t).await;
        assert_eq!(mine, newest_first[1..].to_vec());
        let mine_everywhere = all_pages(&app, "/social/api/v1/posts?scope=mine&limit=4", "posts", 4, t).await;
        let mut expected = vec![elsewhere];
        expected.extend(&newest_first[1..]);
        assert_eq!(mine_everywhere, expected);
        let (status, body, headers) = call(&app, Method::GET, "/social/api/v1/posts?limit=50", None, None).await;
        assert_eq!(status, 200, "{body}");
        assert!(ids(&body["posts"]).contains(&elsewhere), "every board's newest");
        assert!(!headers.contains_key("cache-control"), "a visitor's answer is everyone's");

        // RANK_DESC: reactions and comments lift the oldest post above the newer ones.
        let oldest = written[0];
        let (status, _, _) = call(&app, Method::POST, &format!("/social/api/v1/posts/{oldest}/like"), Some(&other), None).await;
        assert_eq!(status, 200);
        for text in ["첫 댓글", "둘째 댓글"] {
            let (status, body, _) = call(&app, Method::POST, &format!("/social/api/v1/posts/{oldest}/comments"), Some(&other), Some(json!({"content": text}))).await;
            assert_eq!(status, 201, "{body}");
        }
        let ranked = all_pages(&app, &format!("{}?sort=RANK_DESC&limit=4", posts_of(board)), "posts", 4, None).await;
        assert_eq!(ranked.len(), newest_first.len());
        assert_eq!(ranked[0], oldest, "{ranked:?}");

        // Each bad value, with its code.
        let board_path = posts_of(board);
        for (query, status, code) in [
            ("scope=everyone", 400, "invalid_scope"),
            ("sort=new", 400, "invalid_sort"),
            ("category=rumor", 400, "invalid_category"),
            ("limit=0", 400, "invalid_limit"),
            ("limit=51", 400, "invalid_limit"),
            ("cursor=not-a-cursor", 400, "invalid_cursor"),
            ("scope=mine", 401, "login_required"),
        ] {
            expect_error(&app, Method::GET, &format!("{board_path}?{query}"), None, None, (status, code)).await;
        }
        // A cursor belongs to its list: another order's, category's or board's is refused.
        let (_, first, _) = call(&app, Method::GET, &format!("{board_path}?limit=1"), None, None).await;
        let cursor = first["next_cursor"].as_str().expect("more pages");
        for other_list in [
            format!("{board_path}?sort=RANK_DESC&cursor={cursor}"),
            format!("{board_path}?category=news&cursor={cursor}"),
            format!("{}?cursor={cursor}", posts_of(other_board)),
        ] {
            expect_error(&app, Method::GET, &other_list, None, None, (400, "invalid_cursor")).await;
        }
        expect_error(&app, Method::GET, &posts_of("KOREA-A999999"), None, None, (404, "security_not_found")).await;
        expect_error(&app, Method::GET, &posts_of("KOREA-999999"), None, None, (400, "invalid_security_id")).await;
        expect_error(&app, Method::GET, "/social/api/v1/posts?scope=mine", None, None, (401, "login_required")).await;
    }

    async fn one_post_with_its_neighbours_and_deleting_it(backend) {
        let app = shared(backend).await;
        let board = "KOREA-A380550";
        let (token, _, _) = member(&app, "이웃글").await;
        let (stranger, _, _) = member(&app, "지나가는이").await;
        let t = Some(token.as_str());
        let mut posts = Vec::new();
        for n in 1..=3 {
            posts.push(id(&write(&app, &token, board, &format!("뉴로핏 {n}번 글"), "opinion").await));
        }
        let [oldest, middle, newest] = posts[..] else { unreachable!() };
        let (status, body, headers) = call(&app, Method::GET, &format!("/social/api/v1/posts/{middle}"), None, None).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(id(&body["post"]), middle);
        assert_eq!(body["post"]["is_mine"], false, "a visitor's view");
        assert_eq!((body["prev_post_id"].as_i64(), body["next_post_id"].as_i64()), (Some(newest), Some(oldest)));
        assert_eq!(headers["vary"], "authorization");
        let (_, body, headers) = call(&app, Method::GET, &format!("/social/api/v1/posts/{newest}?scope=mine"), t, None).await;
        assert_eq!((body["prev_post_id"].as_i64(), body["next_post_id"].as_i64()), (None, Some(middle)), "{body}");
        assert_eq!(body["post"]["is_mine"], true);
        assert_eq!(headers["cache-control"], "no-store");
        expect_error(&app, Method::GET, &format!("/social/api/v1/posts/{newest}?scope=mine"), None, None, (401, "login_required")).await;
        expect_error(&app, Method::GET, &format!("/social/api/v1/posts/{newest}?scope=all_of_them"), None, None, (400, "invalid_scope")).await;

        // Only its author deletes it; to anyone else it does not exist.
        let path = format!("/social/api/v1/posts/{middle}");
        expect_error(&app, Method::DELETE, &path, None, None, (401, "login_required")).await;
        expect_error(&app, Method::DELETE, &path, Some(&stranger), None, (404, "post_not_found")).await;
        let (status, _, _) = call(&app, Method::GET, &path, None, None).await;
        assert_eq!(status, 200, "still there");
        let (status, body, headers) = call(&app, Method::DELETE, &path, t, None).await;
        assert_eq!(status, 204, "{body}");
        assert_eq!(headers["cache-control"], "no-store");
        expect_error(&app, Method::GET, &path, None, None, (404, "post_not_found")).await;
        expect_error(&app, Method::DELETE, &path, t, None, (404, "post_not_found")).await;
        let left = all_pages(&app, &format!("{}?limit=50", posts_of(board)), "posts", 50, None).await;
        assert_eq!(left, vec![newest, oldest], "it leaves the board");
        let (_, body, _) = call(&app, Method::GET, &format!("/social/api/v1/posts/{newest}"), None, None).await;
        assert_eq!(body["next_post_id"].as_i64(), Some(oldest));
        expect_error(&app, Method::GET, "/social/api/v1/posts/999999999", None, None, (404, "post_not_found")).await;
        let (status, body, _) = call(&app, Method::GET, "/social/api/v1/posts/abc", None, None).await;
        assert_eq!((status, body["error"].as_str()), (400, Some("invalid_path")));
    }

    async fn writing_a_post_with_pictures_and_every_refusal(backend) {
        let app = shared(backend).await;
        let board = "KOREA-A060260";
        let (token, _, _) = member(&app, "사진가").await;
        let t = Some(token.as_str());
        let path = posts_of(board);
        let text = |s: &str| s.as_bytes().to_vec();
        let (status, body) = send_form(&app, &path, &token, vec![
            ("content", None, text("사진 두 장과 함께")),
            ("category", None, text("news")),
            ("images", Some("a.png"), png(800, 600)),
            ("images", Some("b.png"), png(300, 900)),
        ])
        .await;
        assert_eq!(status, 201, "{body}");
        let images = body["post"]["images"].as_array().expect("images").clone();
        assert_eq!(images.len(), 2);
        let first = images[0]["id"].as_str().expect("id").to_owned();
        assert!(first.len() == 64 && first.bytes().all(|b| b.is_ascii_hexdigit()), "{first}");
        assert!(images[0]["width"].as_u64().unwrap_or(0) > 0 && images[0]["height"].as_u64().unwrap_or(0) > 0);

        for (size, bound) in [("?size=360", 360), ("?size=1280", 1280), ("", 1280)] {
            let response = app.get(&format!("/social/api/v1/post_images/{first}{size}")).await;
            assert_eq!(response.status(), 200, "{size}");
            assert_eq!(response.headers()["content-type"], "image/jpeg");
            assert_eq!(response.headers()["cache-control"], "public, max-age=31536000, immutable");
            let bytes = response.bytes().await.expect("jpeg");
            let picture = image::load_from_memory(&bytes).expect("a picture");
            assert!(picture.width().max(picture.height()) <= bound, "{size}");
        }
        let (status, body) = app.json(&format!("/social/api/v1/post_images/{first}?size=96")).await;
        assert_eq!((status, body["error"].as_str()), (400, Some("invalid_query")));
        for missing in ["0".repeat(64), "not-a-picture".to_owned()] {
            let (status, body) = app.json(&format!("/social/api/v1/post_images/{missing}")).await;
            assert_eq!((status, body["error"].as_str()), (404, Some("post_image_not_found")), "{missing}");
        }

        // A form's refusals: too many pictures, one too large, one that is not a picture.
        let mut five = vec![("content", None, text("다섯 장")), ("category", None, text("opinion"))];
        for _ in 0..5 {
            five.push(("images", Some("p.png"), png(10, 10)));
        }
        let (status, body) = send_form(&app, &path, &token, five).await;
        assert_eq!((status, body["error"].as_str()), (400, Some("too_many_images")), "{body}");
        assert_eq!(body["message"], "사진은 4장까지 올릴 수 있습니다.");
        let (status, body) = send_form(&app, &path, &token, vec![
            ("content", None, text("큰 사진")),
            ("category", None, text("opinion")),
            ("images", Some("big.png"), vec![0u8; 5 * 1024 * 1024 + 1]),
        ])
        .await;
        assert_eq!((status, body["error"].as_str()), (413, Some("image_too_large")), "{body}");
        let (status, body) = send_form(&app, &path, &token, vec![
            ("content", None, text("사진 아님")),
            ("category", None, text("opinion")),
            ("images", Some("a.png"), text("not a picture at all")),
        ])
        .await;
        assert_eq!((status, body["error"].as_str()), (400, Some("invalid_image")), "{body}");
        let (status, body) = send_form(&app, &path, &token, vec![("content", None, text("말머리 없음"))]).await;
        assert_eq!((status, body["error"].as_str()), (400, Some("invalid_category")), "{body}");

        // JSON's refusals.
        let json_post = |content: Value, category: &str| Some(json!({"content": content, "category": category}));
        for (body, status, code) in [
            (json_post(json!(""), "opinion"), 400, "content_required"),
            (json_post(json!(" \n\u{200b} "), "opinion"), 400, "content_required"),
            (json_post(json!("가".repeat(1001)), "opinion"), 400, "post_too_long"),
            (json_post(json!("말머리가 틀림"), "rumor"), 400, "invalid_category"),
            (Some(json!({"content": "말머리 없음"})), 400, "invalid_category"),
            (Some(json!({"content": 5})), 400, "invalid_request_body"),
        ] {
            expect_error(&app, Method::POST, &path, t, body, (status, code)).await;
        }
        let (status, _, _) = call(&app, Method::POST, &path, t, json_post(json!("가".repeat(1000)), "opinion")).await;
        assert_eq!(status, 201, "1,000 characters fit");
        write(&app, &token, board, "같은 글 두 번", "opinion").await;
        expect_error(&app, Method::POST, &path, t, json_post(json!("같은 글 두 번"), "opinion"), (409, "duplicate_content")).await;
        let response = app.request(Method::POST, &path).bearer_auth(&token).body("content=text").send().await.expect("post");
        assert_eq!(response.status(), 400, "neither JSON nor a form");
        expect_error(&app, Method::POST, &path, None, json_post(json!("방문자"), "opinion"), (401, "login_required")).await;
        expect_error(&app, Method::POST, &posts_of("KOREA-A999999"), t, json_post(json!("없는 종목"), "opinion"), (404, "security_not_found")).await;
    }

    async fn reactions_move_as_spec_4_says_and_list_who_liked(backend) {
        let app = shared(backend).await;
        let board = "KOREA-A463020";
        let (author, _, _) = member(&app, "글쓴이").await;
        let (reader, reader_id, _) = member(&app, "독자").await;
        let (second, second_id, _) = member(&app, "둘째독자").await;
        let post = id(&write(&app, &author, board, "뉴엔AI 공감 시험", "opinion").await);
        assert_eq!(react(&app, post, "like", &reader).await, (1, 0, true, false));
        assert_eq!(react(&app, post, "like", &reader).await, (1, 0, true, false), "liked already: unchanged");
        assert_eq!(react(&app, post, "dislike", &reader).await, (0, 1, false, true), "a like moves to a dislike");
        assert_eq!(react(&app, post, "like", &reader).await, (1, 0, true, false), "and back");
        assert_eq!(react(&app, post, "unlike", &reader).await, (0, 0, false, false));
        assert_eq!(react(&app, post, "unlike", &reader).await, (0, 0, false, false));
        assert_eq!(react(&app, post, "dislike", &reader).await, (0, 1, false, true));
        assert_eq!(react(&app, post, "unlike", &reader).await, (0, 0, false, false), "unlike takes back a dislike too");
        assert_eq!(react(&app, post, "like", &reader).await, (1, 0, true, false));
        assert_eq!(react(&app, post, "like", &second).await, (2, 0, true, false));

        let path = format!("/social/api/v1/posts/{post}");
        let (_, body, _) = call(&app, Method::GET, &path, Some(&reader), None).await;
        assert_eq!(body["post"]["my_emotion"], json!({"liked": true, "disliked": false}));
        assert_eq!(body["post"]["likes_count"].as_i64(), Some(2));
        let (_, body, _) = call(&app, Method::GET, &path, None, None).await;
        assert_eq!(body["post"]["my_emotion"], json!({"liked": false, "disliked": false}), "a visitor's");

        // Who liked it: the latest first, a page at a time.
        let liked = all_pages(&app, &format!("{path}/liked_users?limit=1"), "users", 1, None).await;
        assert_eq!(liked, vec![second_id, reader_id]);
        let (_, body, _) = call(&app, Method::GET, &format!("{path}/liked_users"), None, None).await;
        assert_eq!(body["users"][0]["name"], format!("회원{second_id}"));
        assert!(body["users"][0]["avatar_url"].is_null() && body["next_cursor"].is_null(), "{body}");
        expect_error(&app, Method::GET, &format!("{path}/liked_users?cursor=xyz"), None, None, (400, "invalid_cursor")).await;
        expect_error(&app, Method::GET, "/social/api/v1/posts/999999999/liked_users", None, None, (404, "post_not_found")).await;

        expect_error(&app, Method::POST, &format!("{path}/like"), None, None, (401, "login_required")).await;
        expect_error(&app, Method::POST, "/social/api/v1/posts/999999999/like", Some(&reader), None, (404, "post_not_found")).await;
    }

    async fn comments_replies_and_their_counts(backend) {
        let app = shared(backend).await;
        let board = "KOREA-A123840";
        let (author, _, _) = member(&app, "원글쓴이").await;
        let (b, _, _) = member(&app, "댓글러").await;
        let (c, _, _) = member(&app, "답글러").await;
        let post = write(&app, &author, board, "뉴온 댓글 시험", "question").await;
        let post_id = id(&post);
        let on_post = format!("/social/api/v1/posts/{post_id}/comments");
        let mut top = Vec::new();
        for n in 1..=3 {
            let made = comment(&app, &b, &on_post, &format!("{n}번째 댓글")).await;
            assert_eq!((made["commentable_type"].as_str(), made["commentable_id"].as_i64()), (Some("post"), Some(post_id)));
            assert!(made["parent_id"].is_null() && made["is_my_comment"] == true && made["deleted"] == false, "{made}");
            top.push(id(&made));
        }
        let first_reply = comment(&app, &c, &format!("/social/api/v1/comments/{}/comments", top[0]), "답글").await;
        assert_eq!(first_reply["parent_id"].as_i64(), Some(top[0]));
        let reply_to_reply = comment(&app, &c, &format!("/social/api/v1/comments/{}/comments", id(&first_reply)), "답글의 답글").await;
        assert_eq!(reply_to_reply["parent_id"].as_i64(), Some(top[0]), "one level of replies");

        assert_eq!(comments_count(&app, post_id).await, 5);
        let listed = all_pages(&app, &format!("{on_post}?limit=2"), "comments", 2, None).await;
        assert_eq!(listed, top, "oldest first");
        let (_, body, _) = call(&app, Method::GET, &on_post, Some(&b), None).await;
        assert_eq!(body["comments"][0]["replies_count"].as_i64(), Some(2));
        assert_eq!(body["comments"][0]["is_my_comment"], true);
        let replies_path = format!("/social/api/v1/comments/{}/comments?limit=1", top[0]);
        let replies = all_pages(&app, &replies_path, "comments", 1, None).await;
        assert_eq!(replies, vec![id(&first_reply), id(&reply_to_reply)]);

        // Deleting: one's own only; a comment with replies stays under them.
        let delete = |id: i64| format!("/social/api/v1/comments/{id}");
        expect_error(&app, Method::DELETE, &delete(top[1]), None, None, (401, "login_required")).await;
        expect_error(&app, Method::DELETE, &delete(top[1]), Some(&c), None, (404, "comment_not_found")).await;
        let (status, _, _) = call(&app, Method::DELETE, &delete(top[1]), Some(&b), None).await;
        assert_eq!(status, 204);
        assert_eq!(comments_count(&app, post_id).await, 4);
        let (status, _, _) = call(&app, Method::DELETE, &delete(top[0]), Some(&b), None).await;
        assert_eq!(status, 204);
        assert_eq!(comments_count(&app, post_id).await, 3);
        let (_, body, _) = call(&app, Method::GET, &on_post, None, None).await;
        assert_eq!(ids(&body["comments"]), vec![top[0], top[2]]);
        let kept = &body["comments"][0];
        assert!(kept["deleted"] == true && kept["content"].is_null() && kept["replies_count"] == 2, "{kept}");

        // MY 내 댓글: newest first, with the post each is on.
        let mine = all_pages(&app, "/social/api/v1/users/me/comments?limit=1", "comments", 1, Some(&c)).await;
        assert_eq!(mine, vec![id(&reply_to_reply), id(&first_reply)]);
        let (_, body, headers) = call(&app, Method::GET, "/social/api/v1/users/me/comments", Some(&c), None).await;
        assert_eq!(headers["cache-control"], "no-store");
        let summary = &body["comments"][0]["post"];
        assert_eq!((summary["id"].as_i64(), summary["security_id"].as_str(), summary["deleted"].as_bool()), (Some(post_id), Some(board), Some(false)), "{body}");
        assert!(summary["excerpt"].as_str().is_some_and(|e| e.starts_with("뉴온")), "{summary}");
        let (_, body, _) = call(&app, Method::GET, &on_post, None, None).await;
        assert!(body["comments"][0].get("post").is_none(), "only in the member's own list");

        for (body, status, code) in [
            (json!({"content": ""}), 400, "content_required"),
            (json!({"content": "가".repeat(301)}), 400, "comment_too_long"),
            (json!({"text": "내용 없음"}), 400, "content_required"),
        ] {
            expect_error(&app, Method::POST, &on_post, Some(&b), Some(body), (status, code)).await;
        }
        expect_error(&app, Method::POST, &on_post, None, Some(json!({"content": "방문자"})), (401, "login_required")).await;
        expect_error(&app, Method::POST, "/social/api/v1/posts/999999999/comments", Some(&b), Some(json!({"content": "없는 글"})), (404, "post_not_found")).await;
        expect_error(&app, Method::POST, "/social/api/v1/comments/999999999/comments", Some(&b), Some(json!({"content": "없는 댓글"})), (404, "comment_not_found")).await;
        expect_error(&app, Method::GET, "/social/api/v1/comments/999999999/comments", None, None, (404, "comment_not_found")).await;
        expect_error(&app, Method::GET, &format!("{on_post}?cursor=xyz"), None, None, (400, "invalid_cursor")).await;
        expect_error(&app, Method::GET, "/social/api/v1/users/me/comments", None, None, (401, "login_required")).await;
    }

    /// Reports, until five members hide a post (the open board hears it); the author sees
    /// why and objects once.
    async fn reports_hide_a_post_and_its_author_objects(backend) {
        let app = shared(backend).await;
        let board = "KOREA-A012340";
        let (author, _, _) = member(&app, "신고당함").await;
        let (first, _, _) = member(&app, "신고자").await;
        let post = id(&write(&app, &author, board, "뉴인텍 신고 시험", "opinion").await);
        let reports = "/social/api/v1/reports";
        let report = |target: &str, id: i64, reason: &str, content: &str| Some(json!({"type": target, "id": id, "report_type": reason, "content": content}));
        for (body, status, code) in [
            (report("user", post, "abuse", ""), 400, "invalid_content_type"),
            (report("post", post, "spam", ""), 400, "invalid_report_type"),
            (report("post", post, "commercial", "광고"), 400, "report_text_not_allowed"),
            (report("post", post, "other", &"가".repeat(501)), 400, "report_text_too_long"),
            (report("post", 999_999_999, "abuse", ""), 404, "post_not_found"),
            (report("comment", 999_999_999, "abuse", ""), 404, "comment_not_found"),
        ] {
            expect_error(&app, Method::POST, reports, Some(&first), body, (status, code)).await;
        }
        expect_error(&app, Method::POST, reports, Some(&author), report("post", post, "abuse", ""), (400, "cannot_report_own")).await;
        expect_error(&app, Method::POST, reports, None, report("post", post, "abuse", ""), (401, "login_required")).await;
        let (status, body, headers) = call(&app, Method::POST, reports, Some(&first), report("post", post, "other", "광고 같아요")).await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(headers["cache-control"], "no-store");
        let made = &body["report"];
        assert_eq!((made["type"].as_str(), made["id"].as_i64(), made["report_type"].as_str(), made["content"].as_str()),
            (Some("post"), Some(post), Some("other"), Some("광고 같아요")));
        assert!(made["created_at_ms"].as_i64().unwrap_or(0) > 0);
        expect_error(&app, Method::POST, reports, Some(&first), report("post", post, "abuse", ""), (409, "already_reported")).await;

        // Not hidden yet: nothing to object to; another member's is not theirs to object to.
        let objection = format!("/social/api/v1/posts/{post}/objection");
        expect_error(&app, Method::POST, &objection, Some(&author), Some(json!({"text": "왜요"})), (409, "not_hidden")).await;
        expect_error(&app, Method::POST, &objection, Some(&first), Some(json!({"text": "왜요"})), (404, "post_not_found")).await;

        // Four more distinct members: hidden pending review, and the open board hears it.
        let stream = app.get(&format!("{}/stream", posts_of(board))).await;
        assert_eq!(stream.status(), 200);
        let mut events = SseReader::new(stream);
        for n in 0..4 {
            let (reporter, _, _) = member(&app, &format!("신고자{n}")).await;
            let (status, body, _) = call(&app, Method::POST, reports, Some(&reporter), report("post", post, "abuse", "")).await;
            assert_eq!(status, 201, "{body}");
        }
        tokio::time::timeout(WAIT, async {
            loop {
                let (name, data) = events.next_event().await;
                if name == "post_hidden" && data["post_id"].as_i64() == Some(post) {
                    return;
                }
            }
        })
        .await
        .expect("the open board hears the hiding");

        let path = format!("/social/api/v1/posts/{post}");
        let (_, body, _) = call(&app, Method::GET, &path, None, None).await;
        let seen = &body["post"];
        assert!(seen["content"].is_null() && seen["images"] == json!([]), "withheld: {seen}");
        assert_eq!(seen["hidden"]["by"], "reports");
        assert!(seen["hidden"]["reason"].as_str().is_some_and(|r| !r.is_empty()));
        let (_, body, _) = call(&app, Method::GET, &path, Some(&author), None).await;
        let own = &body["post"];
        assert_eq!(own["content"], "뉴인텍 신고 시험", "the author still reads it");
        assert_eq!(own["hidden"]["can_object"], true);
        expect_error(&app, Method::POST, &format!("{path}/like"), Some(&first), None, (409, "content_hidden")).await;
        expect_error(&app, Method::POST, &format!("{path}/comments"), Some(&first), Some(json!({"content": "숨겨진 글에 댓글"})), (409, "content_hidden")).await;

        expect_error(&app, Method::POST, &objection, Some(&author), Some(json!({"text": ""})), (400, "invalid_objection")).await;
        let (status, body, headers) = call(&app, Method::POST, &objection, Some(&author), Some(json!({"text": "광고가 아닙니다"}))).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(headers["cache-control"], "no-store");
        assert_eq!(body["hidden"]["objection"]["text"], "광고가 아닙니다");
        assert_eq!(body["hidden"]["can_object"], false);
        expect_error(&app, Method::POST, &objection, Some(&author), Some(json!({"text": "다시"})), (409, "already_objected")).await;

        // Comments are reported and objected to the same way.
        let other_post = id(&write(&app, &author, board, "댓글 신고용 글", "opinion").await);
        let (_, body, _) = call(&app, Method::POST, &format!("/social/api/v1/posts/{other_post}/comments"), Some(&author), Some(json!({"content": "신고될 댓글"}))).await;
        let comment = id(&body["comment"]);
        let (status, body, _) = call(&app, Method::POST, reports, Some(&first), report("comment", comment, "abuse", "")).await;
        assert_eq!((status, body["report"]["type"].as_str()), (201, Some("comment")), "{body}");
        let comment_objection = format!("/social/api/v1/comments/{comment}/objection");
        expect_error(&app, Method::POST, &comment_objection, Some(&author), Some(json!({"text": "왜요"})), (409, "not_hidden")).await;
        expect_error(&app, Method::POST, &comment_objection, Some(&first), Some(json!({"text": "왜요"})), (404, "comment_not_found")).await;
    }

    async fn an_open_board_hears_new_and_deleted_posts(backend) {
        let app = shared(backend).await;
        let board = "KOREA-A462310";
        let (token, _, _) = member(&app, "실시간").await;
        let response = app.get(&format!("{}/stream", posts_of(board))).await;
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()["content-type"], "text/event-stream");
        let mut events = SseReader::new(response);
        // Written after the stream is open (its head arrives once it watches the board).
        let post = id(&write(&app, &token, board, "뉴키즈온 실시간 글", "opinion").await);
        assert_eq!(next_event(&mut events).await, ("post_created".to_owned(), json!({"post_id": post})));
        let (status, _, _) = call(&app, Method::DELETE, &format!("/social/api/v1/posts/{post}"), Some(&token), None).await;
        assert_eq!(status, 204);
        assert_eq!(next_event(&mut events).await, ("post_deleted".to_owned(), json!({"post_id": post})));

        let (status, body) = app.json(&format!("{}/stream", posts_of("KOREA-A999999"))).await;
        assert_eq!((status, body["error"].as_str()), (404, Some("security_not_found")));
        let (status, body) = app.json(&format!("{}/stream", posts_of("KOREA-99"))).await;
        assert_eq!((status, body["error"].as_str()), (400, Some("invalid_security_id")));
    }
}

sise_platform::per_backend! {
    /// A system of its own: a board cache that only post events can move (a ten-minute
    /// TTL), two streams a client, no room for forms, and a shutdown with streams open.
    async fn visitors_board_pages_are_cached_until_a_post_and_streams_share_the_limits(backend) {
        let app = spawn_app_with_settings(backend, &[
            ("gateway.cache.board_ttl_ms", "600000"),
            ("gateway.limits.max_streams_per_client", "2"),
            ("gateway.limits.max_uploads", "0"),
        ]).await;
        let board = "KOREA-A270870";
        let (author, _, _) = member(&app, "캐시글").await;
        let (reader, _, _) = member(&app, "캐시독자").await;
        let path = posts_of(board);
        // The post's own event moves the board's generation when it arrives: wait for it (an
        // open board hears it after its generation moved), so the page kept next stays.
        let mut events = SseReader::new(app.get(&format!("{path}/stream")).await);
        let first = id(&write(&app, &author, board, "뉴트리 캐시 시험", "opinion").await);
        assert_eq!(next_event(&mut events).await, ("post_created".to_owned(), json!({"post_id": first})));

        let visitor = app.get(&path).await;
        assert_eq!(visitor.status(), 200);
        assert_eq!(visitor.headers()["cache-control"], "no-cache");
        assert_eq!(visitor.headers()["vary"], "authorization");
        let etag = visitor.headers()["etag"].to_str().expect("etag").to_owned();
        let body: Value = visitor.json().await.expect("json");
        assert_eq!(body["posts"][0]["likes_count"].as_i64(), Some(0));

        // A like moves no board: visitors keep the kept page, a member reads the new count.
        let (status, _, _) = call(&app, Method::POST, &format!("/social/api/v1/posts/{first}/like"), Some(&reader), None).await;
        assert_eq!(status, 200);
        let (_, body, _) = call(&app, Method::GET, &path, None, None).await;
        assert_eq!(body["posts"][0]["likes_count"].as_i64(), Some(0), "served from the cache");
        let again = app.get_with_header(&path, "if-none-match", &etag).await;
        assert_eq!(again.status(), 304);
        let (_, body, headers) = call(&app, Method::GET, &path, Some(&reader), None).await;
        assert_eq!(body["posts"][0]["likes_count"].as_i64(), Some(1), "a member's is never cached");
        assert_eq!(body["posts"][0]["my_emotion"]["liked"], true);
        assert_eq!(headers["cache-control"], "no-store");
        assert!(!headers.contains_key("etag"));

        // A new post shows at once.
        let second = id(&write(&app, &author, board, "뉴트리 새 글", "opinion").await);
        let (_, body, _) = call(&app, Method::GET, &path, None, None).await;
        assert_eq!(ids(&body["posts"]), vec![second, first]);
        assert_eq!(body["posts"][1]["likes_count"].as_i64(), Some(1));

        // No room for a form here: it is refused before its body is read (JSON is not).
        let (status, body) = send_form(&app, &path, &author, vec![
            ("content", None, b"form".to_vec()),
            ("category", None, b"opinion".to_vec()),
        ])
        .await;
        assert_eq!((status, body["error"].as_str()), (503, Some("image_busy")), "{body}");
        // A profile photo takes the same places.
        let (content_type, form) = multipart(&[("file", Some("me.png"), &png(30, 20))]);
        let response = app.request(Method::POST, "/main/api/users/me/avatar").bearer_auth(&author)
            .header("content-type", content_type).body(form).send().await.expect("upload");
        assert_eq!(response.status(), 503);
        assert!(response.headers().contains_key("retry-after"));
        let body: Value = response.json().await.expect("json");
        assert_eq!(body["error"], "image_busy");

        // Board streams count with quote streams: two a client here, one board open already.
        let quotes = app.get("/main/api/v1/quotes/stream?security_ids=KOREA-A005930").await;
        assert_eq!(quotes.status(), 200);
        let refused = app.get(&format!("{path}/stream")).await;
        assert_eq!(refused.status(), 429);
        assert!(refused.headers().contains_key("retry-after"));
        let body: Value = refused.json().await.expect("json");
        assert_eq!(body["error"], "too_many_streams");
        // The open streams must not hold up the graceful shutdown.
        app.stop().await;
        drop((quotes, events));
    }
}
