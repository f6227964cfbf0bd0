//! The messenger login over real sockets: the development provider's browser flow
//! (authorize page → code → token) and the client's token check against it, and a fake
//! provider that answers each documented error.

use std::net::SocketAddr;

use axum::Json;
use axum::http::StatusCode;
use axum::routing::get;
use serde_json::{Value, json};
use sise_identity::kakao::{KakaoClient, KakaoError, KakaoSettings, dev};
use tokio_util::sync::CancellationToken;

const APP_KEY: &str = "dev-app-key";
const APP_ID: i64 = 4242;
const REDIRECT: &str = "http://127.0.0.1:8080/m/oauth/kakao";

fn settings(base: &str, app_id: i64) -> KakaoSettings {
    KakaoSettings {
        api_base: base.to_owned(),
        auth_base: base.to_owned(),
        app_key: APP_KEY.to_owned(),
        app_id,
        timeout_ms: 2_000,
    }
}

/// The browser's part: make a test account on the authorize page, follow the redirect's
/// code to the token endpoint.
async fn sign_in(base: &str, nickname: &str) -> String {
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    let page = http
        .get(format!("{base}/oauth/authorize"))
        .query(&[
            ("client_id", APP_KEY),
            ("redirect_uri", REDIRECT),
            ("response_type", "code"),
            ("state", "s1"),
        ])
        .send()
        .await
        .expect("authorize page");
    assert_eq!(page.status(), 200);
    assert!(page.text().await.expect("html").contains("개발용 로그인"));
    let redirect = http
        .post(format!("{base}/oauth/authorize"))
        .form(&[
            ("client_id", APP_KEY),
            ("redirect_uri", REDIRECT),
            ("state", "s1"),
            ("nickname", nickname),
        ])
        .send()
        .await
        .expect("pick");
    assert!(redirect.status().is_redirection());
    let location = redirect.headers()["location"].to_str().expect("location");
    let url = url::Url::parse(location).expect("url");
    assert!(location.starts_with(REDIRECT));
    let pairs: std::collections::HashMap<_, _> = url.query_pairs().into_owned().collect();
    assert_eq!(pairs["state"], "s1");
    let form = [
        ("grant_type", "authorization_code"),
        ("client_id", APP_KEY),
        ("redirect_uri", REDIRECT),
        ("code", pairs["code"].as_str()),
    ];
    let token: Value = http
        .post(format!("{base}/oauth/token"))
        .form(&form)
        .send()
        .await
        .expect("token")
        .json()
        .await
        .expect("json");
    assert_eq!(token["token_type"], "bearer");
    // A code serves once.
    let again = http
        .post(format!("{base}/oauth/token"))
        .form(&form)
        .send()
        .await
        .expect("token again");
    assert_eq!(again.status(), 400);
    let body: Value = again.json().await.expect("json");
    assert_eq!(body["error"], "invalid_grant");
    token["access_token"]
        .as_str()
        .expect("access_token")
        .to_owned()
}

#[tokio::test]
async fn the_development_provider_speaks_the_login_protocol() {
    let stop = CancellationToken::new();
    let addr = dev::start(
        "127.0.0.1:0".parse().expect("addr"),
        APP_KEY,
        APP_ID,
        stop.clone(),
    )
    .await
    .expect("provider");
    let base = format!("http://{addr}");
    let token = sign_in(&base, "개발자").await;

    let client = KakaoClient::new(&settings(&base, APP_ID)).expect("client");
    let info = client.token_info(&token).await.expect("valid");
    assert_eq!(info.app_id, APP_ID);
    assert!(info.expires_in > 0);
    // Another account is another user.
    let other = sign_in(&base, "다른 사람").await;
    assert_ne!(client.token_info(&other).await.expect("valid").id, info.id);
    // A token of another app is refused, as is garbage.
    let foreign = KakaoClient::new(&settings(&base, APP_ID + 1)).expect("client");
    assert_eq!(
        foreign.token_info(&token).await,
        Err(KakaoError::InvalidToken)
    );
    assert_eq!(
        client.token_info("nope").await,
        Err(KakaoError::InvalidToken)
    );
    assert_eq!(client.token_info("").await, Err(KakaoError::InvalidToken));

    // Messenger logout ends the token.
    let http = reqwest::Client::new();
    let out = http
        .post(format!("{base}/v1/user/logout"))
        .bearer_auth(&token)
        .send()
        .await
        .expect("logout");
    assert_eq!(out.status(), 200);
    assert_eq!(
        client.token_info(&token).await,
        Err(KakaoError::InvalidToken)
    );

    // The authorize page refuses another app and a redirect off this machine.
    let refused = http
        .get(format!("{base}/oauth/authorize"))
        .query(&[
            ("client_id", APP_KEY),
            ("redirect_uri", "https://evil.example/cb"),
            ("response_type", "code"),
        ])
        .send()
        .await
        .expect("authorize");
    assert_eq!(refused.status(), 400);
    stop.cancel();
}

/// A provider whose token info always answers `status` with `body`.
async fn failing_provider(status: StatusCode, body: Value) -> SocketAddr {
    let app = axum::Router::new().route(
        "/v1/user/access_token_info",
        get(move || {
            let body = body.clone();
            async move { (status, Json(body)) }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move { axum::serve(listener, app).await });
    addr
}

#[tokio::test]
async fn each_documented_provider_error_has_its_answer() {
    let cases = [
        (
            StatusCode::UNAUTHORIZED,
            json!({"msg": "expired", "code": -401}),
            KakaoError::InvalidToken,
        ),
        (
            StatusCode::BAD_REQUEST,
            json!({"msg": "not linked", "code": -101}),
            KakaoError::NotLinked,
        ),
        (
            StatusCode::BAD_REQUEST,
            json!({"msg": "quota", "code": -10}),
            KakaoError::RateLimited,
        ),
        (
            StatusCode::BAD_REQUEST,
            json!({"msg": "maintenance", "code": -7}),
            KakaoError::Maintenance,
        ),
        (
            StatusCode::SERVICE_UNAVAILABLE,
            json!({"msg": "점검", "code": -9798}),
            KakaoError::Maintenance,
        ),
        (
            StatusCode::FORBIDDEN,
            json!({"msg": "blocked", "code": -4}),
            KakaoError::Restricted,
        ),
    ];
    for (status, body, expected) in cases {
        let addr = failing_provider(status, body.clone()).await;
        let client =
            KakaoClient::new(&settings(&format!("http://{addr}"), APP_ID)).expect("client");
        assert_eq!(
            client.token_info("some-token").await,
            Err(expected),
            "{body}"
        );
    }
    // A 500 without a body, and nobody listening at all.
    let addr = failing_provider(StatusCode::INTERNAL_SERVER_ERROR, json!(null)).await;
    let client = KakaoClient::new(&settings(&format!("http://{addr}"), APP_ID)).expect("client");
    assert!(matches!(
        client.token_info("t").await,
        Err(KakaoError::Unavailable(_))
    ));
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let gone = closed.local_addr().expect("addr");
    drop(closed);
    let client = KakaoClient::new(&settings(&format!("http://{gone}"), APP_ID)).expect("client");
    assert!(matches!(
        client.token_info("t").await,
        Err(KakaoError::Unavailable(_))
    ));
}
