//! Membership through the gateway (docs/api.md, "Membership"): every call and login
//! outcome of spec §4/§8, against the development messenger provider over a real socket.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, shared, spawn_app_with_settings};

/// `(status, body)` of a JSON call with an optional bearer token.
pub async fn call(
    app: &TestApp,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value, reqwest::header::HeaderMap) {
    let mut request = app.request(method, path);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.expect("request");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let text = response.text().await.expect("body");
    let body = if text.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&text).expect("json")
    };
    (status, body, headers)
}

/// A new member signed in: (access token, user id, messenger token).
pub async fn member(app: &TestApp, nickname: &str) -> (String, i64, String) {
    let kakao = app.kakao_token(nickname).await;
    let agreements = json!({"service_age": true, "service": true, "private_collect": true});
    let (status, body, _) = call(
        app,
        Method::POST,
        "/main/api/users",
        None,
        Some(json!({"kakao_access_token": kakao, "agreements": agreements})),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let (status, body, _) = login(app, &kakao).await;
    assert_eq!(status, 200, "{body}");
    (
        body["access_token"].as_str().expect("token").to_owned(),
        body["user"]["id"].as_i64().expect("id"),
        kakao,
    )
}

pub async fn login(app: &TestApp, kakao: &str) -> (u16, Value, reqwest::header::HeaderMap) {
    call(
        app,
        Method::POST,
        "/main/api/session",
        None,
        Some(json!({"kakao_access_token": kakao})),
    )
    .await
}

/// A PNG of `w`×`h`.
pub fn png(w: u32, h: u32) -> Vec<u8> {
    let image = image::RgbImage::from_pixel(w, h, image::Rgb([10, 120, 200]));
    let mut out = Vec::new();
    image
        .write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
        .expect("png");
    out
}

/// `(status, body)` of a photo upload by the member of `token`.
async fn upload_photo(app: &TestApp, token: &str, picture: &[u8]) -> (u16, Value) {
    let (content_type, form) = multipart(&[("file", Some("photo"), picture)]);
    let response = app
        .request(Method::POST, "/main/api/users/me/avatar")
        .bearer_auth(token)
        .header("content-type", content_type)
        .body(form)
        .send()
        .await
        .expect("upload");
    let status = response.status().as_u16();
    (status, response.json().await.expect("json"))
}

/// A multipart body of `fields` (name, file name if a file, bytes).
pub fn multipart(fields: &[(&str, Option<&str>, &[u8])]) -> (String, Vec<u8>) {
    let boundary = "sise-test-boundary-7d1";
    let mut body = Vec::new();
    for (name, file, bytes) in fields {
        body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
        match file {
            Some(file) => body.extend_from_slice(
                format!(
                    "Content-Disposition: form-data; name=\"{name}\"; filename=\"{file}\"\r\n\
                     Content-Type: application/octet-stream\r\n\r\n"
                )
                .as_bytes(),
            ),
            None => body.extend_from_slice(
                format!("Content-Disposition: form-data; name=\"{name}\"\r\n\r\n").as_bytes(),
            ),
        }
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

sise_platform::per_backend! {
    async fn sign_up_sign_in_profile_photo_logout_and_leave(backend) {
        let app = shared(backend).await;
        let kakao = app.kakao_token("새내기").await;

        // No member yet: the web sign-up starts.
        let (status, body, _) = login(&app, &kakao).await;
        assert_eq!((status, body["error"].as_str()), (404, Some("user_not_found")), "{body}");
        // All agreements are needed, word for word.
        let (status, body, _) = call(&app, Method::POST, "/main/api/users", None,
            Some(json!({"kakao_access_token": kakao, "agreements": {"service": true}}))).await;
        assert_eq!(status, 400);
        assert_eq!(body["message"], "필수사항 전체 동의가 필요합니다.");
        let all = json!({"service_age": true, "service": true, "private_collect": true});
        let (status, body, _) = call(&app, Method::POST, "/main/api/users", None,
            Some(json!({"kakao_access_token": kakao, "agreements": all}))).await;
        assert_eq!(status, 201, "{body}");
        let id = body["user"]["id"].as_i64().expect("id");
        assert_eq!(body["user"]["name"], format!("회원{id}"));
        assert_eq!(body["user"]["is_edited_user_name"], false);
        let (status, body, _) = call(&app, Method::POST, "/main/api/users", None,
            Some(json!({"kakao_access_token": kakao, "agreements": all}))).await;
        assert_eq!((status, body["error"].as_str()), (409, Some("user_exists")));

        // Signed in.
        let (status, body, headers) = login(&app, &kakao).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(headers["cache-control"], "no-store");
        let token = body["access_token"].as_str().expect("token").to_owned();
        assert_eq!(token.len(), 64);
        assert!(body["expires_in"].as_i64().expect("expires_in") > 86_400);
        let (status, me, headers) = call(&app, Method::GET, "/main/api/users/me", Some(&token), None).await;
        assert_eq!((status, me["user"]["id"].as_i64()), (200, Some(id)));
        assert_eq!(headers["cache-control"], "no-store");

        // Profile: the spec's messages; a refused nickname carries code -1.
        let profile = |name: &str, birth_year: Value, gender: Value| {
            json!({"name": name, "birth_year": birth_year, "gender": gender, "email": "ant@example.com"})
        };
        for (name, birth_year, gender, error, message) in [
            ("", json!(1990), json!(1), "nickname_required", "닉네임을 입력해주세요."),
            ("열두글자닉네임입니다요요", json!(1990), json!(1), "nickname_too_long", "12자 이내의 닉네임을 적어주세요."),
            ("시세운영자", json!(1990), json!(1), "nickname_restricted", ""),
            ("개미", Value::Null, json!(1), "birth_year_required", "출생년도를 입력해 주세요."),
            ("개미", json!(2025), json!(1), "under_age", ""),
            ("개미", json!(1990), json!(0), "gender_required", "성별을 입력해 주세요."),
        ] {
            let (status, body, _) = call(&app, Method::PUT, "/main/api/users/me", Some(&token),
                Some(profile(name, birth_year, gender))).await;
            assert_eq!((status, body["error"].as_str()), (400, Some(error)), "{name}: {body}");
            if !message.is_empty() {
                assert_eq!(body["message"], message);
            }
            assert_eq!(body["code"].as_i64(), error.starts_with("nickname").then_some(-1), "{body}");
        }
        let nickname = format!("개미{}", id % 100_000);
        let (status, body, _) = call(&app, Method::PUT, "/main/api/users/me", Some(&token),
            Some(profile(&nickname, json!(1990), json!(2)))).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!((body["user"]["name"].as_str(), body["user"]["gender"].as_i64()), (Some(nickname.as_str()), Some(2)));
        assert_eq!(body["user"]["is_edited_user_name"], true);
        // Someone else cannot take it, in any case or spacing.
        let (other, _, _) = member(&app, "다른이").await;
        let (status, body, _) = call(&app, Method::PUT, "/main/api/users/me", Some(&other),
            Some(profile(&format!(" {nickname} "), json!(1990), json!(1)))).await;
        assert_eq!((status, body["error"].as_str(), body["code"].as_i64()), (400, Some("nickname_taken"), Some(-1)));

        // Setting.
        let (status, body, _) = call(&app, Method::PUT, "/main/api/users/me/setting", Some(&token),
            Some(json!({"open_favorite_stocks": false}))).await;
        assert_eq!((status, &body), (200, &json!({"open_favorite_stocks": false})));
        let (_, body, _) = call(&app, Method::GET, "/main/api/users/me/setting", Some(&token), None).await;
        assert_eq!(body, json!({"open_favorite_stocks": false}));

        // Photo: the form's access_token (spec §7), checked by content, served immutable.
        let (content_type, form) = multipart(&[("access_token", None, token.as_bytes()), ("file", Some("me.png"), &png(300, 200))]);
        let response = app.request(Method::POST, "/main/api/users/me/avatar")
            .header("content-type", content_type).body(form).send().await.expect("upload");
        assert_eq!(response.status(), 200);
        let body: Value = response.json().await.expect("json");
        let url = body["user"]["avatar_url"].as_str().expect("avatar_url").to_owned();
        assert!(url.starts_with("/api/avatars/"), "{url}");
        let photo = app.get(&format!("/main{url}?size=240")).await;
        assert_eq!(photo.status(), 200);
        assert_eq!(photo.headers()["content-type"], "image/jpeg");
        assert!(photo.headers()["cache-control"].to_str().expect("cc").contains("immutable"));
        let jpeg = photo.bytes().await.expect("bytes");
        let decoded = image::load_from_memory(&jpeg).expect("a jpeg");
        assert_eq!((decoded.width(), decoded.height()), (240, 240));
        // A photo before anyone is known (no bearer, its token after it) is refused unread.
        let (content_type, form) = multipart(&[("file", Some("me.png"), &png(300, 200)), ("access_token", None, token.as_bytes())]);
        let response = app.request(Method::POST, "/main/api/users/me/avatar")
            .header("content-type", content_type).body(form).send().await.expect("upload");
        assert_eq!(response.status(), 401);
        let body: Value = response.json().await.expect("json");
        assert_eq!(body["error"], "login_required");
        let (content_type, form) = multipart(&[("file", Some("photo.png"), b"#!/bin/sh\necho not an image")]);
        let response = app.request(Method::POST, "/main/api/users/me/avatar").bearer_auth(&token)
            .header("content-type", content_type).body(form).send().await.expect("upload");
        assert_eq!(response.status(), 400);
        let body: Value = response.json().await.expect("json");
        assert_eq!(body["error"], "invalid_image");
        let (status, _, _) = call(&app, Method::GET, "/main/api/avatars/ffff", None, None).await;
        assert_eq!(status, 404);

        // Logout ends the session at once, here and everywhere.
        let (status, _, _) = call(&app, Method::DELETE, "/main/api/session", Some(&token), None).await;
        assert_eq!(status, 204);
        let (status, body, _) = call(&app, Method::GET, "/main/api/users/me", Some(&token), None).await;
        assert_eq!((status, body["error"].as_str()), (401, Some("invalid_token")));

        // Leave: the member is gone and the account may sign up anew.
        let (_, body, _) = login(&app, &kakao).await;
        let token = body["access_token"].as_str().expect("token").to_owned();
        let (status, _, _) = call(&app, Method::DELETE, "/main/api/users/me", Some(&token), None).await;
        assert_eq!(status, 204);
        let (status, _, _) = call(&app, Method::GET, "/main/api/users/me", Some(&token), None).await;
        assert_eq!(status, 401);
        let (status, body, _) = login(&app, &kakao).await;
        assert_eq!((status, body["error"].as_str()), (404, Some("user_not_found")));
        let (status, _, _) = call(&app, Method::GET, &format!("/main{url}"), None, None).await;
        assert_eq!(status, 404, "the photo left with the member");
    }

    async fn photos_over_the_pixel_budget_are_refused_and_old_addresses_end(backend) {
        use sise_platform::testing::images::{Fill, jpeg_claiming, png_filled};
        let app = shared(backend).await;
        let (token, _, _) = member(&app, "사진가").await;

        // 20000×20000: refused from the header, with the message the profile modal shows.
        for picture in [png_filled(20_000, 20_000, Fill::Gray1), jpeg_claiming(20_000, 20_000)] {
            let (status, body) = upload_photo(&app, &token, &picture).await;
            assert_eq!((status, body["error"].as_str()), (400, Some("image_too_many_pixels")), "{body}");
            assert_eq!(body["message"], "사진의 해상도가 너무 큽니다. (최대 1600만 화소)");
        }

        // Content-addressed: 64 hex characters; the same photo again, the same address.
        let (status, body) = upload_photo(&app, &token, &png(300, 200)).await;
        assert_eq!(status, 200, "{body}");
        let first = body["user"]["avatar_url"].as_str().expect("avatar_url").to_owned();
        let id = first.trim_start_matches("/api/avatars/");
        assert!(id.len() == 64 && id.bytes().all(|b| b.is_ascii_hexdigit()), "{first}");
        let (_, body) = upload_photo(&app, &token, &png(300, 200)).await;
        assert_eq!(body["user"]["avatar_url"], first.as_str());
        assert_eq!(app.get(&format!("/main{first}")).await.status(), 200);

        // Another photo: a new address, and the old one no longer answers.
        let yellow = png_filled(200, 300, Fill::Rgba8([250, 200, 0, 255]));
        let (status, body) = upload_photo(&app, &token, &yellow).await;
        assert_eq!(status, 200, "{body}");
        let second = body["user"]["avatar_url"].as_str().expect("avatar_url").to_owned();
        assert_ne!(second, first);
        let (status, body, _) = call(&app, Method::GET, &format!("/main{first}?size=240"), None, None).await;
        assert_eq!((status, body["error"].as_str()), (404, Some("avatar_not_found")));
        assert_eq!(app.get(&format!("/main{second}?size=96")).await.status(), 200);

        // Another member's same picture has an address of its own, kept when this one leaves.
        let (other, _, _) = member(&app, "이웃").await;
        let (_, body) = upload_photo(&app, &other, &yellow).await;
        let theirs = body["user"]["avatar_url"].as_str().expect("avatar_url").to_owned();
        assert_ne!(theirs, second);
        let (status, _, _) = call(&app, Method::DELETE, "/main/api/users/me", Some(&token), None).await;
        assert_eq!(status, 204);
        let (status, body, _) = call(&app, Method::GET, &format!("/main{second}"), None, None).await;
        assert_eq!((status, body["error"].as_str()), (404, Some("avatar_not_found")));
        assert_eq!(app.get(&format!("/main{theirs}")).await.status(), 200);
    }

    async fn dormant_members_release_and_sign_in_again(backend) {
        let app = shared(backend).await;
        let (_, id, kakao) = member(&app, "잠꾸러기").await;
        // A year and a day without a login (the clock moved in the database).
        let db = sise_platform::db::Database::connect(
            &app.database_url("identity").expect("identity db"),
            &sise_identity::store::MIGRATIONS,
        ).await.expect("db");
        sqlx::query("UPDATE users SET last_login_at_ms = last_login_at_ms - 31622400000 WHERE id = $1")
            .bind(id).execute(db.writer()).await.expect("age");
        let (status, body, _) = login(&app, &kakao).await;
        assert_eq!((status, body["error"].as_str(), body["code"].as_i64()), (401, Some("dormant_user"), Some(1000)), "{body}");
        let release = body["release_token"].as_str().expect("release token").to_owned();
        let (status, body, _) = call(&app, Method::POST, "/main/api/users/dormancy/release", None,
            Some(json!({"release_token": "0".repeat(64)}))).await;
        assert_eq!((status, body["error"].as_str()), (401, Some("invalid_release_token")));
        let (status, body, _) = call(&app, Method::POST, "/main/api/users/dormancy/release", None,
            Some(json!({"release_token": release}))).await;
        assert_eq!((status, body["message"].as_str()), (200, Some("휴면 상태가 해제되었습니다.")));
        let (status, body, _) = login(&app, &kakao).await;
        assert_eq!(status, 200, "{body}");
        // A release token serves once.
        let (status, _, _) = call(&app, Method::POST, "/main/api/users/dormancy/release", None,
            Some(json!({"release_token": release}))).await;
        assert_eq!(status, 401);
        // The app's token activation answers the same way.
        let (status, body, _) = call(&app, Method::POST, "/main/api/session/activate.json", None,
            Some(json!({"token": kakao}))).await;
        assert_eq!(status, 200, "{body}");
        let (status, body, _) = call(&app, Method::POST, "/main/api/session", None,
            Some(json!({"kakao_access_token": "not-a-real-token"}))).await;
        assert_eq!((status, body["error"].as_str()), (401, Some("invalid_kakao_token")));
        let (status, body, _) = call(&app, Method::POST, "/main/api/session", None,
            Some(json!({"kakao_access_token": " "}))).await;
        assert_eq!((status, body["error"].as_str()), (400, Some("missing_kakao_token")));
        let (status, body, _) = call(&app, Method::POST, "/main/api/session", None, Some(json!({}))).await;
        assert_eq!((status, body["error"].as_str()), (400, Some("invalid_request_body")));
        let response = app.request(Method::POST, "/main/api/session")
            .header("content-type", "application/json").body("{not json").send().await.expect("send");
        assert_eq!(response.status(), 400);
        db.close().await;
    }

    /// A system of its own: web sign-up closed and a failure limit of 2 an hour.
    async fn closed_sign_up_and_throttled_failures(backend) {
        let app = spawn_app_with_settings(backend, &[
            ("services.identity.membership.web_signup", "false"),
            ("services.identity.membership.failures_per_address_hour", "2"),
        ]).await;
        let kakao = app.kakao_token("앱가입").await;
        let (status, body, _) = login(&app, &kakao).await;
        assert_eq!((status, body["error"].as_str()), (403, Some("signup_in_app")));
        assert_eq!(body["message"], "회원가입은 증권플러스 앱에서 진행해주세요.");
        for _ in 0..2 {
            let (status, _, _) = login(&app, "forged-token").await;
            assert_eq!(status, 401);
        }
        let (status, body, headers) = login(&app, "forged-token").await;
        assert_eq!((status, body["error"].as_str()), (429, Some("too_many_login_attempts")));
        let wait: u64 = headers["retry-after"].to_str().expect("h").parse().expect("secs");
        assert!((1..=3600).contains(&wait), "{wait}");
        // Even a good token waits: the address is throttled.
        let (status, _, _) = login(&app, &kakao).await;
        assert_eq!(status, 429);
        app.stop().await;
    }

    /// Behind one trusted proxy, failed logins are counted per client (an IPv6 /64 is one):
    /// 300 of them from one address lock that address out, not a member elsewhere.
    async fn failed_logins_lock_out_their_address_only(backend) {
        let app = spawn_app_with_settings(backend, &[
            ("gateway.limits.trusted_proxy_hops", "1"),
            ("services.identity.membership.failures_per_address_hour", "300"),
        ]).await;
        let (_, id, kakao) = member(&app, "다른곳").await;
        let login_from = |address: &'static str, token: String| {
            let request = app.request(Method::POST, "/main/api/session")
                // The client's own claim, left of what the proxy appended: ignored.
                .header("x-forwarded-for", format!("198.51.100.1, {address}"))
                .json(&json!({"kakao_access_token": token}));
            async move {
                let response = request.send().await.expect("login");
                let status = response.status().as_u16();
                (status, response.json::<Value>().await.expect("json"))
            }
        };
        for _ in 0..300 {
            let (status, body) = login_from("2001:db8:aa:1::1", "forged-token".into()).await;
            assert_eq!((status, body["error"].as_str()), (401, Some("invalid_kakao_token")), "{body}");
        }
        let (status, body) = login_from("2001:db8:aa:1::1", "forged-token".into()).await;
        assert_eq!((status, body["error"].as_str()), (429, Some("too_many_login_attempts")));
        // Another address of the same /64 is the same client.
        let (status, _) = login_from("2001:db8:aa:1:ffff::2", kakao.clone()).await;
        assert_eq!(status, 429);
        // The member signs in from anywhere else.
        for address in ["2001:db8:aa:2::1", "203.0.113.9", "198.51.100.1"] {
            let (status, body) = login_from(address, kakao.clone()).await;
            assert_eq!((status, body["user"]["id"].as_i64()), (200, Some(id)), "{address}: {body}");
        }
        app.stop().await;
    }

    /// Secession wants a fresh login: a session older than 5 minutes is refused with
    /// `reauthentication_required`, and the account stays until the member logs in again.
    async fn secession_from_an_old_session_asks_for_a_fresh_login(backend) {
        let app = shared(backend).await;
        let (old, id, kakao) = member(&app, "오래된이").await;
        let db = sise_platform::db::Database::connect(
            &app.database_url("identity").expect("identity db"),
            &sise_identity::store::MIGRATIONS,
        ).await.expect("db");
        // Logged in six minutes ago (the clock moved in the database).
        sqlx::query("UPDATE sessions SET created_at_ms = created_at_ms - 360000 WHERE user_id = $1")
            .bind(id).execute(db.writer()).await.expect("age");
        let (status, body, headers) = call(&app, Method::DELETE, "/main/api/users/me", Some(&old), None).await;
        assert_eq!((status, body["error"].as_str()), (403, Some("reauthentication_required")), "{body}");
        assert_eq!(body["message"], "보안을 위해 다시 로그인한 뒤 탈퇴해 주세요.");
        assert_eq!(headers["cache-control"], "no-store");
        let (status, body, _) = call(&app, Method::GET, "/main/api/users/me", Some(&old), None).await;
        assert_eq!((status, body["user"]["id"].as_i64()), (200, Some(id)), "still a member");

        // A fresh login may leave; the old session's token is not the proof.
        let (_, body, _) = login(&app, &kakao).await;
        let fresh = body["access_token"].as_str().expect("token").to_owned();
        let (status, _, _) = call(&app, Method::DELETE, "/main/api/users/me", Some(&fresh), None).await;
        assert_eq!(status, 204);
        let (status, _, _) = call(&app, Method::GET, "/main/api/users/me", Some(&old), None).await;
        assert_eq!(status, 401, "every session ended");
        db.close().await;
    }
}
