//! Operators' credentials: who may call an operators' API (sanctions, moderation), and
//! which operator the audit trail records.
//!
//! An operators' API is served on a listener of its own, never on the port the gateway
//! calls, and every call on it carries `authorization: Bearer <token>`. The configuration
//! holds each operator's name and the SHA-256 of the token (never the token itself), as a
//! list of `{name, token_sha256}` or, from the environment, `name:sha256hex,name:sha256hex`.
//! [`Operators::guard`] installs the check once per gRPC service: a call without a known
//! token is refused (`Unauthenticated`, `operator_required`) before the handler runs; a
//! known one puts the operator's name into the request's extensions, where the handler
//! reads it with [`required`]. The name a caller claims in a body is never used.
//!
//! Each presented token is hashed and compared with every configured hash in constant time
//! (`subtle`), so neither the match nor its position shows in the timing.

use std::sync::Arc;

use serde::Deserialize;
use sha2::{Digest as _, Sha256};
use subtle::ConstantTimeEq as _;
use tonic::service::Interceptor;
use tonic::service::interceptor::InterceptedService;
use tonic::{Request, Status};

use crate::error::{DomainError, ErrorCode};

/// Longest operator name (it goes into audit rows).
const MAX_NAME_CHARS: usize = 64;

/// One operator as configured.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct OperatorCredential {
    pub name: String,
    /// Lowercase hex SHA-256 of the operator's token ([`token_sha256`]).
    pub token_sha256: String,
}

/// A list of operators, or one string `name:sha256hex,name:sha256hex` (how an environment
/// variable holds it).
pub fn deserialize_credentials<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Vec<OperatorCredential>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Listed {
        List(Vec<OperatorCredential>),
        Joined(String),
    }
    match Listed::deserialize(d)? {
        Listed::List(list) => Ok(list),
        Listed::Joined(joined) => joined
            .split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .map(|entry| {
                let (name, hash) = entry
                    .split_once(':')
                    .ok_or_else(|| serde::de::Error::custom("an operator is `name:sha256hex`"))?;
                Ok(OperatorCredential {
                    name: name.trim().to_owned(),
                    token_sha256: hash.trim().to_owned(),
                })
            })
            .collect(),
    }
}

/// The lowercase hex SHA-256 of a token: what the configuration holds.
pub fn token_sha256(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// A fresh random operator token (hex, 256 bits).
pub fn generate_token() -> String {
    hex::encode(rand::random::<[u8; 32]>())
}

/// `message` as an operator's call with `token`.
pub fn request<T>(message: T, token: &str) -> anyhow::Result<Request<T>> {
    let mut request = Request::new(message);
    let value = format!("Bearer {}", token.trim())
        .parse()
        .map_err(|_| anyhow::anyhow!("the operator token is not valid metadata"))?;
    request.metadata_mut().insert("authorization", value);
    Ok(request)
}

/// The configured operators. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Operators {
    known: Arc<[(String, [u8; 32])]>,
}

impl Operators {
    /// Checks every entry: a name (unique, at most 64 characters, no control characters)
    /// and a 64-digit hex hash.
    pub fn new(credentials: &[OperatorCredential]) -> anyhow::Result<Self> {
        let mut known: Vec<(String, [u8; 32])> = Vec::with_capacity(credentials.len());
        for credential in credentials {
            let name = credential.name.trim();
            anyhow::ensure!(
                !name.is_empty()
                    && name.chars().count() <= MAX_NAME_CHARS
                    && !name.chars().any(char::is_control),
                "operator name {name:?}: 1 to {MAX_NAME_CHARS} characters, no control characters"
            );
            anyhow::ensure!(
                known.iter().all(|(n, _)| n != name),
                "operator {name:?} is listed twice"
            );
            let mut hash = [0u8; 32];
            hex::decode_to_slice(credential.token_sha256.trim(), &mut hash).map_err(|_| {
                anyhow::anyhow!("operator {name:?}: token_sha256 must be 64 hex digits")
            })?;
            known.push((name.to_owned(), hash));
        }
        Ok(Self {
            known: known.into(),
        })
    }

    pub fn is_empty(&self) -> bool {
        self.known.is_empty()
    }

    /// The operator whose token this is.
    pub fn authenticate(&self, token: &str) -> Option<&str> {
        let presented: [u8; 32] = Sha256::digest(token.as_bytes()).into();
        let mut found = None;
        // Every entry is compared, whatever matched before.
        for (name, hash) in self.known.iter() {
            if bool::from(hash.ct_eq(&presented)) {
                found = Some(name.as_str());
            }
        }
        found
    }

    /// The interceptor of an operators' listener (see the module doc).
    pub fn verifier(&self) -> OperatorVerifier {
        OperatorVerifier {
            operators: self.clone(),
        }
    }

    /// `service` behind the credential check.
    pub fn guard<S>(&self, service: S) -> InterceptedService<S, OperatorVerifier> {
        InterceptedService::new(service, self.verifier())
    }
}

/// The authenticated operator of a call: a request extension only [`OperatorVerifier`]
/// makes.
#[derive(Clone, Debug)]
struct Authenticated(Arc<str>);

/// Checks `authorization: Bearer <token>` against [`Operators`].
#[derive(Clone, Debug)]
pub struct OperatorVerifier {
    operators: Operators,
}

impl Interceptor for OperatorVerifier {
    fn call(&mut self, mut request: Request<()>) -> Result<Request<()>, Status> {
        let name = request
            .metadata()
            .get("authorization")
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.strip_prefix("Bearer "))
            .map(str::trim)
            .filter(|token| !token.is_empty())
            .and_then(|token| self.operators.authenticate(token))
            .map(Arc::<str>::from);
        match name {
            Some(name) => {
                request.extensions_mut().insert(Authenticated(name));
                Ok(request)
            }
            None => {
                tracing::warn!("refused an operator call without a known token");
                Err(DomainError::from(ErrorCode::OperatorRequired).into())
            }
        }
    }
}

/// The authenticated operator of a guarded call; unguarded, `operator_required`.
pub fn required<T>(request: &Request<T>) -> Result<Arc<str>, Status> {
    request
        .extensions()
        .get::<Authenticated>()
        .map(|a| a.0.clone())
        .ok_or_else(|| DomainError::from(ErrorCode::OperatorRequired).into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn operators() -> Operators {
        Operators::new(&[
            OperatorCredential {
                name: "kim".into(),
                token_sha256: token_sha256("kim-token"),
            },
            OperatorCredential {
                name: "lee".into(),
                token_sha256: token_sha256("lee-token"),
            },
        ])
        .expect("operators")
    }

    #[test]
    fn a_known_token_names_its_operator() {
        let operators = operators();
        let through = |request: Request<()>| {
            operators
                .verifier()
                .call(request)
                .and_then(|r| required(&r))
        };
        let kim = through(request((), "kim-token").expect("request")).expect("kim");
        assert_eq!(&*kim, "kim");
        assert_eq!(
            &*through(request((), "lee-token").expect("r")).expect("lee"),
            "lee"
        );
        for refused in [
            Request::new(()),
            request((), "wrong").expect("r"),
            request((), "").expect("r"),
        ] {
            let status = through(refused).expect_err("refused");
            assert_eq!(status.code(), tonic::Code::Unauthenticated);
        }
        // Unguarded: nobody.
        assert!(required(&request((), "kim-token").expect("r")).is_err());
    }

    #[test]
    fn configuration_forms_and_checks() {
        #[derive(Deserialize)]
        struct Section {
            #[serde(deserialize_with = "deserialize_credentials")]
            operators: Vec<OperatorCredential>,
        }
        let hash = token_sha256("t");
        let joined: Section = serde_json::from_value(
            serde_json::json!({"operators": format!("kim:{hash}, lee:{hash}")}),
        )
        .expect("joined");
        assert_eq!(joined.operators.len(), 2);
        assert_eq!(joined.operators[1].name, "lee");
        let listed: Section = serde_json::from_value(
            serde_json::json!({"operators": [{"name": "kim", "token_sha256": hash}]}),
        )
        .expect("listed");
        assert_eq!(listed.operators, joined.operators[..1]);
        assert!(Operators::new(&joined.operators).is_ok());
        let bad = |name: &str, hash: &str| {
            Operators::new(&[OperatorCredential {
                name: name.into(),
                token_sha256: hash.into(),
            }])
            .is_err()
        };
        assert!(bad("", &token_sha256("t")));
        assert!(bad("kim", "abc"));
        assert!(
            Operators::new(&[joined.operators[0].clone(), joined.operators[0].clone()]).is_err()
        );
        assert_eq!(generate_token().len(), 64);
    }
}
