//! `GET {api_base}/v1/user/access_token_info` (Kakao Login REST API): is this access token
//! valid, for which app, and which user. Errors come back as `{msg, code}`; each documented
//! code gets its own [`KakaoError`] (developers.kakao.com, REST API error codes).

use std::time::Duration;

use serde::Deserialize;

/// Where the provider is and which app we are (`services.identity.kakao`).
#[derive(Clone, Debug, Deserialize)]
pub struct KakaoSettings {
    /// The API host, `https://kapi.kakao.com` (the development provider's address in the
    /// embedded default).
    pub api_base: String,
    /// The authorization host, `https://kauth.kakao.com`: only the browser uses it.
    pub auth_base: String,
    /// The app's REST key (`client_id` of the authorize call; public, it is in every URL).
    pub app_key: String,
    /// The app's numeric id: a token of any other app is refused.
    pub app_id: i64,
    /// Timeout of one call to the provider.
    #[serde(default = "default_timeout_ms")]
    pub timeout_ms: u64,
}

fn default_timeout_ms() -> u64 {
    3_000
}

/// Most bytes read of one answer (token info is well under 1 KB).
const MAX_BODY_BYTES: usize = 16 * 1024;

/// What the provider says about a valid token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct TokenInfo {
    /// The provider's user id (stable per app).
    pub id: i64,
    /// Seconds the token stays valid.
    pub expires_in: i64,
    pub app_id: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KakaoError {
    /// -401 (and HTTP 401), -2 or -8: an invalid, expired or malformed token; or a token of
    /// another app.
    #[error("invalid or expired messenger token")]
    InvalidToken,
    /// -101: the messenger account is not linked to our app (unlinked since).
    #[error("messenger account not linked to the app")]
    NotLinked,
    /// -4 or -103: the messenger account is blocked, dormant or gone.
    #[error("messenger account restricted")]
    Restricted,
    /// -10: the app's quota is used up.
    #[error("messenger API quota exceeded")]
    RateLimited,
    /// -7, -9798 or HTTP 503: the provider is under maintenance.
    #[error("messenger provider under maintenance")]
    Maintenance,
    /// A network failure, a timeout, a 5xx, -1 or an answer we cannot read.
    #[error("messenger provider unavailable: {0}")]
    Unavailable(String),
}

#[derive(Deserialize)]
struct ErrorBody {
    code: i64,
}

/// The client of the provider's API host.
#[derive(Clone, Debug)]
pub struct KakaoClient {
    http: reqwest::Client,
    api_base: String,
    app_id: i64,
}

impl KakaoClient {
    pub fn new(settings: &KakaoSettings) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_millis(settings.timeout_ms))
            .redirect(reqwest::redirect::Policy::none())
            .no_proxy()
            .build()?;
        Ok(Self {
            http,
            api_base: settings.api_base.trim_end_matches('/').to_owned(),
            app_id: settings.app_id,
        })
    }

    /// The provider's user behind `access_token`, if the token is valid and ours.
    pub async fn token_info(&self, access_token: &str) -> Result<TokenInfo, KakaoError> {
        // A bearer token is visible ASCII (RFC 6750 §2.1); anything else could not even be
        // sent as a header, and is the client's mistake, not the provider's outage.
        if access_token.is_empty()
            || access_token.len() > 512
            || !access_token.bytes().all(|b| b.is_ascii_graphic())
        {
            return Err(KakaoError::InvalidToken);
        }
        let mut response = self
            .http
            .get(format!("{}/v1/user/access_token_info", self.api_base))
            .bearer_auth(access_token)
            .send()
            .await
            .map_err(|e| KakaoError::Unavailable(e.without_url().to_string()))?;
        let status = response.status();
        let mut body = Vec::new();
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|e| KakaoError::Unavailable(e.without_url().to_string()))?
        {
            if body.len() + chunk.len() > MAX_BODY_BYTES {
                return Err(KakaoError::Unavailable("answer too large".into()));
            }
            body.extend_from_slice(&chunk);
        }
        if status.is_success() {
            let info: TokenInfo = serde_json::from_slice(&body)
                .map_err(|e| KakaoError::Unavailable(format!("unreadable token info: {e}")))?;
            return if info.app_id == self.app_id {
                Ok(info)
            } else {
                Err(KakaoError::InvalidToken)
            };
        }
        let code = serde_json::from_slice::<ErrorBody>(&body)
            .ok()
            .map(|b| b.code);
        Err(classify(status.as_u16(), code))
    }
}

/// The documented error codes, then the status when the body names none.
fn classify(status: u16, code: Option<i64>) -> KakaoError {
    match code {
        Some(-401 | -2 | -8) => KakaoError::InvalidToken,
        Some(-101) => KakaoError::NotLinked,
        Some(-4 | -103) => KakaoError::Restricted,
        Some(-10) => KakaoError::RateLimited,
        Some(-7 | -9798) => KakaoError::Maintenance,
        Some(other) => KakaoError::Unavailable(format!("provider error code {other}")),
        None => match status {
            401 => KakaoError::InvalidToken,
            429 => KakaoError::RateLimited,
            503 => KakaoError::Maintenance,
            _ => KakaoError::Unavailable(format!("HTTP {status}")),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_codes_have_their_answer() {
        assert_eq!(classify(401, Some(-401)), KakaoError::InvalidToken);
        assert_eq!(classify(400, Some(-2)), KakaoError::InvalidToken);
        assert_eq!(classify(400, Some(-101)), KakaoError::NotLinked);
        assert_eq!(classify(403, Some(-4)), KakaoError::Restricted);
        assert_eq!(classify(400, Some(-10)), KakaoError::RateLimited);
        assert_eq!(classify(400, Some(-7)), KakaoError::Maintenance);
        assert_eq!(classify(503, Some(-9798)), KakaoError::Maintenance);
        assert_eq!(classify(401, None), KakaoError::InvalidToken);
        assert_eq!(classify(503, None), KakaoError::Maintenance);
        assert!(matches!(classify(500, None), KakaoError::Unavailable(_)));
        assert!(matches!(
            classify(400, Some(-1)),
            KakaoError::Unavailable(_)
        ));
    }

    /// A token that could not be sent as a header is the client's mistake (401), not an
    /// outage of the provider (503): Schemathesis sent one with a control character.
    #[tokio::test]
    async fn a_token_no_header_can_carry_is_invalid_not_an_outage() {
        // A port nothing listens on: only a token that is never sent gets past it.
        let closed = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("port");
        let client = KakaoClient::new(&KakaoSettings {
            api_base: format!("http://{closed}"),
            auth_base: format!("http://{closed}"),
            app_key: "key".into(),
            app_id: 1,
            timeout_ms: 1_000,
        })
        .expect("client");
        for token in ["abc\u{16}def", "abc def", "abc\ndef", "\u{7f}", ""] {
            assert_eq!(
                client.token_info(token).await.err(),
                Some(KakaoError::InvalidToken),
                "{token:?}"
            );
        }
        assert!(matches!(
            client.token_info("abc-DEF_123.~+/=").await,
            Err(KakaoError::Unavailable(_))
        ));
    }
}
