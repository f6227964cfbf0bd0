//! The development messenger provider: the Kakao Login REST protocol on a local address, for
//! the embedded default and the tests (never production: `production.yaml` turns it off and
//! the one-process server refuses it there). Every page it shows says it is a development
//! login, not the messenger's.
//!
//! - `GET /oauth/authorize` (`client_id`, `redirect_uri`, `response_type=code`, `state`, and
//!   optionally PKCE's `code_challenge` with `code_challenge_method` `S256` or `plain`): a
//!   page listing the test accounts, with a form to make one; `POST /oauth/authorize` picks
//!   one and sends the browser to `redirect_uri?code=…&state=…` (or `error=access_denied`).
//! - `POST /oauth/token` (form: `grant_type=authorization_code`, `client_id`,
//!   `redirect_uri`, `code`, and `code_verifier` when the code was issued for a challenge,
//!   checked per RFC 7636 §4.6): `{access_token, token_type, refresh_token, expires_in,
//!   refresh_token_expires_in}`; errors `{error, error_description, error_code}`.
//! - `GET /v1/user/access_token_info`, `GET /v2/user/me`, `POST /v1/user/logout` with
//!   `Authorization: Bearer`; errors `{msg, code}` (-401 for an unknown or expired token).
//!
//! State is in memory and bounded (accounts, codes, tokens); a restart forgets it, as a
//! development provider may. Redirects go to loopback addresses only.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Json, Router};
use rand::RngCore;
use serde::Deserialize;
use serde_json::json;
use tokio_util::sync::CancellationToken;
use tower_http::cors::CorsLayer;

/// The `dev_kakao` configuration section.
#[derive(Clone, Debug, Deserialize)]
pub struct DevKakaoSettings {
    pub enabled: bool,
    /// Where it listens (loopback; port 0 picks one).
    pub listen: SocketAddr,
}

const MAX_ACCOUNTS: usize = 1_000;
const MAX_CODES: usize = 1_000;
const MAX_TOKENS: usize = 10_000;
/// Authorization codes live 10 minutes and serve once, as the provider's do.
const CODE_TTL: Duration = Duration::from_secs(600);
/// Access tokens of the REST flow live about 6 hours.
const TOKEN_TTL: Duration = Duration::from_secs(21_599);
const NICKNAME_MAX_CHARS: usize = 20;

struct Account {
    id: i64,
    nickname: String,
}

struct Grant {
    account_id: i64,
    redirect_uri: String,
    until: Instant,
    /// The PKCE challenge the code was issued for, if any.
    challenge: Option<Challenge>,
}

/// A PKCE code challenge (RFC 7636 §4.2) and how it was derived from the verifier.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Challenge {
    S256(String),
    Plain(String),
}

impl Challenge {
    /// From the authorize call's `code_challenge` and `code_challenge_method` (default
    /// `plain`, §4.3); `Err` for an unknown method or a malformed challenge. No challenge,
    /// no PKCE.
    fn parse(challenge: Option<&str>, method: Option<&str>) -> Result<Option<Self>, &'static str> {
        let Some(challenge) = challenge.filter(|c| !c.is_empty()) else {
            return Ok(None);
        };
        if !is_pkce_string(challenge) {
            return Err("code_challenge must be 43 to 128 unreserved characters");
        }
        match method.unwrap_or("plain") {
            "S256" => Ok(Some(Self::S256(challenge.to_owned()))),
            "plain" => Ok(Some(Self::Plain(challenge.to_owned()))),
            _ => Err("code_challenge_method must be S256 or plain"),
        }
    }

    fn method(&self) -> &'static str {
        match self {
            Self::S256(_) => "S256",
            Self::Plain(_) => "plain",
        }
    }

    fn value(&self) -> &str {
        match self {
            Self::S256(value) | Self::Plain(value) => value,
        }
    }

    /// Whether `verifier` is the one this challenge was made from (§4.6).
    fn verifies(&self, verifier: &str) -> bool {
        use base64::Engine as _;
        use sha2::Digest as _;
        if !is_pkce_string(verifier) {
            return false;
        }
        let derived = match self {
            Self::S256(_) => base64::engine::general_purpose::URL_SAFE_NO_PAD
                .encode(sha2::Sha256::digest(verifier.as_bytes())),
            Self::Plain(_) => verifier.to_owned(),
        };
        // Constant time, though nothing here is secret for long.
        derived.len() == self.value().len()
            && derived
                .bytes()
                .zip(self.value().bytes())
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0
    }
}

/// RFC 7636 §4.1: 43 to 128 characters of `[A-Za-z0-9-._~]`.
fn is_pkce_string(text: &str) -> bool {
    (43..=128).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'))
}

struct Issued {
    account_id: i64,
    until: Instant,
}

#[derive(Default)]
struct Book {
    accounts: Vec<Account>,
    codes: HashMap<String, Grant>,
    tokens: HashMap<String, Issued>,
}

struct Provider {
    app_key: String,
    app_id: i64,
    book: Mutex<Book>,
}

impl Provider {
    fn book(&self) -> MutexGuard<'_, Book> {
        // A panic while holding the lock leaves plain maps behind: still usable.
        self.book
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The provider's router (tests mount it on their own listener too).
pub fn router(app_key: &str, app_id: i64) -> Router {
    let provider = Arc::new(Provider {
        app_key: app_key.to_owned(),
        app_id,
        book: Mutex::new(Book::default()),
    });
    // The browser calls the token endpoint and the API from the app's own origin.
    let api = Router::new()
        .route("/oauth/token", post(token))
        .route("/v1/user/access_token_info", get(token_info))
        .route("/v2/user/me", get(me))
        .route("/v1/user/logout", post(logout))
        .layer(CorsLayer::permissive());
    Router::new()
        .route("/oauth/authorize", get(authorize_page).post(authorize))
        .merge(api)
        .with_state(provider)
}

/// Serve the provider on `listen` until `stop`; returns its address.
pub async fn start(
    listen: SocketAddr,
    app_key: &str,
    app_id: i64,
    stop: CancellationToken,
) -> anyhow::Result<SocketAddr> {
    let listener = tokio::net::TcpListener::bind(listen).await?;
    let addr = listener.local_addr()?;
    let app = router(app_key, app_id);
    tokio::spawn(async move {
        let served = axum::serve(listener, app)
            .with_graceful_shutdown(async move { stop.cancelled().await })
            .await;
        if let Err(error) = served {
            tracing::error!(%error, "development messenger provider stopped");
        }
    });
    tracing::info!(%addr, "development messenger login (not the real provider) listening");
    Ok(addr)
}

/// What a browser does to sign in with a new test account named `nickname`: the
/// authorize form, then the code for a token at `/oauth/token`. For tools and tests that
/// need a messenger token of the development provider at `base`.
pub async fn sign_in(
    base: &str,
    app_key: &str,
    redirect_uri: &str,
    nickname: &str,
) -> anyhow::Result<String> {
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;
    let redirect = http
        .post(format!("{base}/oauth/authorize"))
        .form(&[
            ("client_id", app_key),
            ("redirect_uri", redirect_uri),
            ("state", "sign-in"),
            ("nickname", nickname),
        ])
        .send()
        .await?;
    let location = redirect
        .headers()
        .get(header::LOCATION)
        .and_then(|l| l.to_str().ok())
        .ok_or_else(|| anyhow::anyhow!("no redirect from the authorize form"))?;
    let code = url::Url::parse(location)?
        .query_pairs()
        .find(|(k, _)| k == "code")
        .map(|(_, v)| v.into_owned())
        .ok_or_else(|| anyhow::anyhow!("no code in {location}"))?;
    let token: serde_json::Value = http
        .post(format!("{base}/oauth/token"))
        .form(&[
            ("grant_type", "authorization_code"),
            ("client_id", app_key),
            ("redirect_uri", redirect_uri),
            ("code", &code),
        ])
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    token["access_token"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| anyhow::anyhow!("no access_token"))
}

fn random_token(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    rand::rng().fill_bytes(&mut buf);
    hex::encode(buf)
}

/// Only loopback addresses: this provider is for the machine it runs on.
fn loopback_redirect(uri: &str) -> bool {
    let Ok(url) = url::Url::parse(uri) else {
        return false;
    };
    matches!(url.scheme(), "http" | "https")
        && match url.host() {
            Some(url::Host::Domain(host)) => host == "localhost",
            Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
            Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
            None => false,
        }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

#[derive(Deserialize)]
struct AuthorizeQuery {
    client_id: String,
    redirect_uri: String,
    response_type: String,
    #[serde(default)]
    state: String,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
}

fn bad_request(message: &str) -> Response {
    (
        StatusCode::BAD_REQUEST,
        Html(page(&format!("<p>{}</p>", escape(message)))),
    )
        .into_response()
}

fn page(body: &str) -> String {
    format!(
        "<!doctype html><html lang=\"ko\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>개발용 로그인</title></head><body>\
         <p role=\"note\"><strong>개발용 로그인</strong>: 실제 메신저 로그인이 아닙니다 \
         (development login, not the messenger's).</p>{body}</body></html>"
    )
}

fn hidden(name: &str, value: &str) -> String {
    format!(
        "<input type=\"hidden\" name=\"{name}\" value=\"{}\">",
        escape(value)
    )
}

async fn authorize_page(
    State(provider): State<Arc<Provider>>,
    Query(query): Query<AuthorizeQuery>,
) -> Response {
    if query.client_id != provider.app_key {
        return bad_request("unknown client_id");
    }
    if query.response_type != "code" || !loopback_redirect(&query.redirect_uri) {
        return bad_request("response_type must be code and redirect_uri a loopback address");
    }
    let challenge = match Challenge::parse(
        query.code_challenge.as_deref(),
        query.code_challenge_method.as_deref(),
    ) {
        Ok(challenge) => challenge,
        Err(message) => return bad_request(message),
    };
    let mut carried = format!(
        "{}{}{}",
        hidden("client_id", &query.client_id),
        hidden("redirect_uri", &query.redirect_uri),
        hidden("state", &query.state)
    );
    if let Some(challenge) = &challenge {
        carried.push_str(&hidden("code_challenge", challenge.value()));
        carried.push_str(&hidden("code_challenge_method", challenge.method()));
    }
    let accounts: String = provider
        .book()
        .accounts
        .iter()
        .map(|account| {
            format!(
                "<li><form method=\"post\">{carried}{}<button type=\"submit\">{} (#{})</button></form></li>",
                hidden("account_id", &account.id.to_string()),
                escape(&account.nickname),
                account.id
            )
        })
        .collect();
    Html(page(&format!(
        "<h1>테스트 계정으로 로그인</h1><ul>{accounts}</ul>\
         <form method=\"post\">{carried}<label>새 테스트 계정 닉네임 \
         <input name=\"nickname\" maxlength=\"{NICKNAME_MAX_CHARS}\" required></label>\
         <button type=\"submit\">만들고 로그인</button></form>\
         <form method=\"post\">{carried}{}<button type=\"submit\">취소</button></form>",
        hidden("cancel", "1")
    )))
    .into_response()
}

#[derive(Deserialize)]
struct AuthorizeForm {
    client_id: String,
    redirect_uri: String,
    #[serde(default)]
    state: String,
    account_id: Option<i64>,
    nickname: Option<String>,
    cancel: Option<String>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
}

fn with_query(uri: &str, pairs: &[(&str, &str)]) -> String {
    let mut url = match url::Url::parse(uri) {
        Ok(url) => url,
        Err(_) => return uri.to_owned(),
    };
    url.query_pairs_mut().extend_pairs(pairs);
    url.into()
}

async fn authorize(
    State(provider): State<Arc<Provider>>,
    Form(form): Form<AuthorizeForm>,
) -> Response {
    if form.client_id != provider.app_key || !loopback_redirect(&form.redirect_uri) {
        return bad_request("unknown client_id or redirect_uri");
    }
    let challenge = match Challenge::parse(
        form.code_challenge.as_deref(),
        form.code_challenge_method.as_deref(),
    ) {
        Ok(challenge) => challenge,
        Err(message) => return bad_request(message),
    };
    if form.cancel.is_some() {
        let to = with_query(
            &form.redirect_uri,
            &[("error", "access_denied"), ("state", &form.state)],
        );
        return Redirect::to(&to).into_response();
    }
    let now = Instant::now();
    let mut book = provider.book();
    let account_id = match (form.account_id, form.nickname.as_deref().map(str::trim)) {
        (Some(id), _) if book.accounts.iter().any(|a| a.id == id) => id,
        (None, Some(nickname)) if !nickname.is_empty() => {
            if book.accounts.len() >= MAX_ACCOUNTS {
                return bad_request("too many test accounts; restart the provider");
            }
            let id = 1_000_000 + book.accounts.len() as i64 + 1;
            book.accounts.push(Account {
                id,
                nickname: nickname.chars().take(NICKNAME_MAX_CHARS).collect(),
            });
            id
        }
        _ => return bad_request("pick an account or name a new one"),
    };
    book.codes.retain(|_, grant| grant.until > now);
    if book.codes.len() >= MAX_CODES {
        return bad_request("too many pending codes; try again in a few minutes");
    }
    let code = random_token(24);
    book.codes.insert(
        code.clone(),
        Grant {
            account_id,
            redirect_uri: form.redirect_uri.clone(),
            until: now + CODE_TTL,
            challenge,
        },
    );
    drop(book);
    let to = with_query(
        &form.redirect_uri,
        &[("code", &code), ("state", &form.state)],
    );
    Redirect::to(&to).into_response()
}

#[derive(Deserialize)]
struct TokenForm {
    grant_type: String,
    client_id: String,
    redirect_uri: String,
    code: String,
    code_verifier: Option<String>,
}

fn oauth_error(error: &str, description: &str, code: &str) -> Response {
    (
        StatusCode::BAD_REQUEST,
        Json(json!({"error": error, "error_description": description, "error_code": code})),
    )
        .into_response()
}

async fn token(State(provider): State<Arc<Provider>>, Form(form): Form<TokenForm>) -> Response {
    if form.grant_type != "authorization_code" {
        return oauth_error("unsupported_grant_type", "grant_type", "KOE310");
    }
    if form.client_id != provider.app_key {
        return oauth_error("invalid_client", "unknown client_id", "KOE101");
    }
    let now = Instant::now();
    let mut book = provider.book();
    // A code serves once, for the redirect it was issued to.
    let grant = match book.codes.remove(&form.code) {
        Some(grant) if grant.until > now && grant.redirect_uri == form.redirect_uri => grant,
        Some(_) => {
            return oauth_error(
                "invalid_grant",
                "redirect_uri mismatch or expired",
                "KOE303",
            );
        }
        None => return oauth_error("invalid_grant", "authorization code not found", "KOE320"),
    };
    // A code issued for a PKCE challenge serves only with its verifier (and is spent
    // either way, so a wrong guess cannot be retried).
    if let Some(challenge) = &grant.challenge
        && !form
            .code_verifier
            .as_deref()
            .is_some_and(|verifier| challenge.verifies(verifier))
    {
        return oauth_error(
            "invalid_grant",
            "code_verifier missing or not matching the code_challenge",
            "KOE320",
        );
    }
    book.tokens.retain(|_, issued| issued.until > now);
    if book.tokens.len() >= MAX_TOKENS {
        // The oldest tokens go first.
        if let Some(oldest) = book
            .tokens
            .iter()
            .min_by_key(|(_, issued)| issued.until)
            .map(|(token, _)| token.clone())
        {
            book.tokens.remove(&oldest);
        }
    }
    let access_token = random_token(32);
    book.tokens.insert(
        access_token.clone(),
        Issued {
            account_id: grant.account_id,
            until: now + TOKEN_TTL,
        },
    );
    Json(json!({
        "access_token": access_token,
        "token_type": "bearer",
        "refresh_token": random_token(32),
        "expires_in": TOKEN_TTL.as_secs(),
        "refresh_token_expires_in": 5_183_999,
        "scope": "profile_nickname",
    }))
    .into_response()
}

fn api_error(status: StatusCode, msg: &str, code: i64) -> Response {
    (status, Json(json!({"msg": msg, "code": code}))).into_response()
}

/// The provider's answer to a missing, unknown or expired token.
fn unknown_token() -> Response {
    api_error(
        StatusCode::UNAUTHORIZED,
        "this access token does not exist",
        -401,
    )
}

/// The account and seconds left of a live bearer token, and the token.
fn bearer(provider: &Provider, headers: &HeaderMap) -> Option<(i64, u64, String)> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|token| !token.is_empty())?;
    let book = provider.book();
    let issued = book.tokens.get(token)?;
    let now = Instant::now();
    (issued.until > now).then(|| {
        (
            issued.account_id,
            issued.until.duration_since(now).as_secs(),
            token.to_owned(),
        )
    })
}

async fn token_info(State(provider): State<Arc<Provider>>, headers: HeaderMap) -> Response {
    match bearer(&provider, &headers) {
        Some((id, expires_in, _)) => {
            Json(json!({"id": id, "expires_in": expires_in, "app_id": provider.app_id}))
                .into_response()
        }
        None => unknown_token(),
    }
}

async fn me(State(provider): State<Arc<Provider>>, headers: HeaderMap) -> Response {
    let Some((id, _, _)) = bearer(&provider, &headers) else {
        return unknown_token();
    };
    let nickname = provider
        .book()
        .accounts
        .iter()
        .find(|a| a.id == id)
        .map(|a| a.nickname.clone())
        .unwrap_or_default();
    Json(json!({
        "id": id,
        "properties": {"nickname": nickname},
        "kakao_account": {"profile": {"nickname": nickname}},
    }))
    .into_response()
}

async fn logout(State(provider): State<Arc<Provider>>, headers: HeaderMap) -> Response {
    match bearer(&provider, &headers) {
        Some((id, _, token)) => {
            provider.book().tokens.remove(&token);
            Json(json!({"id": id})).into_response()
        }
        None => unknown_token(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 7636 appendix B.
    const VERIFIER: &str = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    const CHALLENGE: &str = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
    const REDIRECT: &str = "http://127.0.0.1:8080/m/oauth/kakao";

    async fn provider() -> (String, CancellationToken) {
        let stop = CancellationToken::new();
        let addr = start("127.0.0.1:0".parse().expect("addr"), "key", 7, stop.clone())
            .await
            .expect("provider");
        (format!("http://{addr}"), stop)
    }

    fn client() -> reqwest::Client {
        reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client")
    }

    /// A code from the authorize form, with an optional challenge and method.
    async fn code(base: &str, challenge: &[(&str, &str)]) -> String {
        let mut form = vec![
            ("client_id", "key"),
            ("redirect_uri", REDIRECT),
            ("state", "s"),
            ("nickname", "pkce"),
        ];
        form.extend_from_slice(challenge);
        let answer = client()
            .post(format!("{base}/oauth/authorize"))
            .form(&form)
            .send()
            .await
            .expect("authorize");
        let location = answer.headers()[header::LOCATION]
            .to_str()
            .expect("location");
        url::Url::parse(location)
            .expect("url")
            .query_pairs()
            .find(|(k, _)| k == "code")
            .map(|(_, v)| v.into_owned())
            .expect("code")
    }

    async fn exchange(base: &str, code: &str, verifier: Option<&str>) -> (u16, serde_json::Value) {
        let mut form = vec![
            ("grant_type", "authorization_code"),
            ("client_id", "key"),
            ("redirect_uri", REDIRECT),
            ("code", code),
        ];
        if let Some(verifier) = verifier {
            form.push(("code_verifier", verifier));
        }
        let answer = client()
            .post(format!("{base}/oauth/token"))
            .form(&form)
            .send()
            .await
            .expect("token");
        (answer.status().as_u16(), answer.json().await.expect("json"))
    }

    #[tokio::test]
    async fn a_code_issued_for_a_challenge_needs_its_verifier() {
        let (base, stop) = provider().await;
        let s256 = [
            ("code_challenge", CHALLENGE),
            ("code_challenge_method", "S256"),
        ];
        // Missing, wrong, or the challenge itself instead of the verifier: refused.
        let wrong = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXx";
        for verifier in [None, Some(wrong), Some(CHALLENGE), Some("short")] {
            let code = code(&base, &s256).await;
            let (status, body) = exchange(&base, &code, verifier).await;
            assert_eq!(
                (status, body["error"].as_str()),
                (400, Some("invalid_grant")),
                "{verifier:?}"
            );
            // Spent: not even the right verifier redeems it now.
            let (status, _) = exchange(&base, &code, Some(VERIFIER)).await;
            assert_eq!(status, 400);
        }
        let code_ = code(&base, &s256).await;
        let (status, body) = exchange(&base, &code_, Some(VERIFIER)).await;
        assert_eq!(status, 200, "{body}");
        assert!(body["access_token"].is_string());
        // `plain` compares the verifier itself; without a challenge there is no PKCE.
        let plain = code(
            &base,
            &[
                ("code_challenge", VERIFIER),
                ("code_challenge_method", "plain"),
            ],
        )
        .await;
        assert_eq!(exchange(&base, &plain, Some(wrong)).await.0, 400);
        let plain = code(
            &base,
            &[
                ("code_challenge", VERIFIER),
                ("code_challenge_method", "plain"),
            ],
        )
        .await;
        assert_eq!(exchange(&base, &plain, Some(VERIFIER)).await.0, 200);
        let none = code(&base, &[]).await;
        assert_eq!(exchange(&base, &none, None).await.0, 200);
        stop.cancel();
    }

    #[tokio::test]
    async fn the_authorize_page_carries_the_challenge_and_refuses_a_bad_one() {
        let (base, stop) = provider().await;
        let page = |query: String| {
            let base = base.clone();
            async move {
                let answer = client()
                    .get(format!("{base}/oauth/authorize?client_id=key&response_type=code&state=s&redirect_uri={REDIRECT}{query}"))
                    .send()
                    .await
                    .expect("page");
                (answer.status().as_u16(), answer.text().await.expect("text"))
            }
        };
        let (status, html) = page(format!(
            "&code_challenge={CHALLENGE}&code_challenge_method=S256"
        ))
        .await;
        assert_eq!(status, 200);
        assert!(html.contains(&format!("name=\"code_challenge\" value=\"{CHALLENGE}\"")));
        assert!(html.contains("name=\"code_challenge_method\" value=\"S256\""));
        let (status, _) = page(format!(
            "&code_challenge={CHALLENGE}&code_challenge_method=MD5"
        ))
        .await;
        assert_eq!(status, 400);
        let (status, _) = page("&code_challenge=too-short&code_challenge_method=S256".into()).await;
        assert_eq!(status, 400);
        stop.cancel();
    }

    #[test]
    fn s256_is_the_rfc_7636_transform() {
        let challenge = Challenge::parse(Some(CHALLENGE), Some("S256"))
            .expect("valid")
            .expect("some");
        assert!(challenge.verifies(VERIFIER));
        assert!(!challenge.verifies(CHALLENGE));
        assert_eq!(Challenge::parse(None, Some("S256")), Ok(None));
        assert!(Challenge::parse(Some(CHALLENGE), Some("S512")).is_err());
    }

    #[test]
    fn redirects_stay_on_this_machine() {
        assert!(loopback_redirect("http://127.0.0.1:8080/m/oauth/kakao"));
        assert!(loopback_redirect("http://localhost:5173/m/oauth/kakao"));
        assert!(loopback_redirect("http://[::1]:8080/x"));
        assert!(!loopback_redirect("https://evil.example/m/oauth/kakao"));
        assert!(!loopback_redirect("http://10.0.0.1/x"));
        assert!(!loopback_redirect("javascript:alert(1)"));
        assert_eq!(escape("<b>\"x\"</b>"), "&lt;b&gt;&quot;x&quot;&lt;/b&gt;");
    }
}
