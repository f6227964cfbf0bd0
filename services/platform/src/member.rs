//! The member a call is made for: signed by the gateway, verified by the service.
//!
//! The gateway resolves the bearer token once per request (through identity) and calls
//! the services with the member id in [`MEMBER_METADATA`], signed with a secret the gateway
//! and the services share ([`MemberKey`]):
//!
//! ```text
//! x-sise-member: <member id>.<expiry, epoch ms>.<base64url HMAC-SHA256 of "sise-member-v1:<id>.<expiry>">
//! ```
//!
//! A service never takes a member id from a request body, and never from unverified
//! metadata: reaching a service's port is not enough to act for a member.
//!
//! How a service verifies (the interceptor way, chosen because it leaves the handlers
//! alone and fails closed): each gRPC service is installed once behind
//! [`MemberKey::guard`], a tonic interceptor that checks the metadata before the handler
//! runs and puts the verified id into the request's extensions. The handlers call
//! [`required`] / [`optional`] as before; those read only that extension, which no client
//! can send over the wire. Metadata that is present but malformed, signed with another
//! key, or past its expiry is refused at once (`Unauthenticated`, `login_required`), never
//! acted on. No metadata passes through: public RPCs (login, public profiles) need no
//! member, and a member RPC answers `login_required` from [`required`]. A service that
//! forgets the guard fails closed: every member RPC is `login_required`.
//!
//! Expiry: the gateway signs for [`SIGNATURE_TTL_MS`] from now; a service refuses an
//! expiry in the past, or further ahead than the time to live plus [`MAX_CLOCK_SKEW_MS`]
//! (the processes' clocks are NTP-synchronised). Within its expiry a captured value could
//! be replayed for its member on the internal network: the short lifetime bounds that.

use std::fmt;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use secrecy::{ExposeSecret, SecretString};
use sha2::Sha256;
use tonic::service::Interceptor;
use tonic::service::interceptor::InterceptedService;
use tonic::{Request, Status};

use crate::error::{DomainError, ErrorCode};
use crate::time::now_ms;

/// The metadata that carries the signed member.
pub const MEMBER_METADATA: &str = "x-sise-member";
/// How long a signature is good for.
pub const SIGNATURE_TTL_MS: i64 = 60_000;
/// How far ahead of a service's clock the gateway's may run.
pub const MAX_CLOCK_SKEW_MS: i64 = 60_000;
/// The shortest secret taken (bytes): HMAC-SHA256 wants at least its output's size.
pub const MIN_KEY_BYTES: usize = 32;
/// Domain separation: a MAC of this scheme is never a valid MAC of another.
const CONTEXT: &[u8] = b"sise-member-v1:";

/// The shared secret: signs on the gateway, verifies on a service. Cheap to clone (a
/// reference count: the gateway's `SignedIn` takes one on every member request).
#[derive(Clone)]
pub struct MemberKey {
    /// The keyed HMAC state, cloned for each tag.
    mac: std::sync::Arc<Hmac<Sha256>>,
}

impl fmt::Debug for MemberKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("MemberKey(..)")
    }
}

/// Why a signed member was refused (logged, never told to the caller).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    Malformed,
    Forged,
    Expired,
}

impl MemberKey {
    /// The key from its secret, which must be at least [`MIN_KEY_BYTES`] long.
    pub fn new(secret: &SecretString) -> anyhow::Result<Self> {
        let bytes = secret.expose_secret().trim().as_bytes();
        anyhow::ensure!(
            bytes.len() >= MIN_KEY_BYTES,
            "the member key must be at least {MIN_KEY_BYTES} bytes (e.g. `openssl rand -base64 32`)"
        );
        let mac = Hmac::<Sha256>::new_from_slice(bytes)
            .map_err(|_| anyhow::anyhow!("the member key cannot key HMAC-SHA256"))?;
        Ok(Self { mac: mac.into() })
    }

    /// The key of configuration key `name` (e.g. `services.favorites.member_key`): a
    /// process that acts on members refuses to start without one.
    pub fn configured(secret: Option<&SecretString>, name: &str) -> anyhow::Result<Self> {
        let secret = secret.ok_or_else(|| {
            anyhow::anyhow!(
                "`{name}` is not set: the gateway signs the member of each internal call with \
                 this shared secret and the services refuse unsigned calls (docs/configuration.md, \
                 \"Internal calls\")"
            )
        })?;
        Self::new(secret).map_err(|error| error.context(format!("invalid `{name}`")))
    }

    /// A fresh random secret (the one-process server's, the test kit's).
    pub fn generate() -> SecretString {
        let bytes: [u8; 32] = rand::random();
        URL_SAFE_NO_PAD.encode(bytes).into()
    }

    fn tag(&self, member_id: i64, expiry_ms: i64) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::clone(&self.mac);
        mac.update(CONTEXT);
        mac.update(format!("{member_id}.{expiry_ms}").as_bytes());
        mac
    }

    /// The metadata value for `member_id`, good until `expiry_ms`.
    pub fn sign_until(&self, member_id: i64, expiry_ms: i64) -> String {
        let tag = self.tag(member_id, expiry_ms).finalize().into_bytes();
        format!(
            "{member_id}.{expiry_ms}.{}",
            URL_SAFE_NO_PAD.encode(tag.as_slice())
        )
    }

    /// The metadata value for `member_id`, good for [`SIGNATURE_TTL_MS`] from now.
    pub fn sign(&self, member_id: i64) -> String {
        self.sign_until(member_id, now_ms() + SIGNATURE_TTL_MS)
    }

    /// Mark `request` as made for `member_id` (signed).
    pub fn attach<T>(&self, request: &mut Request<T>, member_id: i64) {
        // Digits, dots and base64url only: always a valid metadata value.
        if let Ok(value) = self.sign(member_id).parse() {
            request.metadata_mut().insert(MEMBER_METADATA, value);
        }
    }

    /// `message` as a request made for `member_id` (signed).
    pub fn request<T>(&self, message: T, member_id: i64) -> Request<T> {
        let mut request = Request::new(message);
        self.attach(&mut request, member_id);
        request
    }

    /// The member a metadata value names, if this key signed it and it has not expired
    /// at `now_ms`. The MAC is compared in constant time.
    pub fn verify(&self, value: &str, now_ms: i64) -> Result<i64, Refusal> {
        let mut parts = value.splitn(3, '.');
        let (Some(id), Some(expiry), Some(tag)) = (parts.next(), parts.next(), parts.next()) else {
            return Err(Refusal::Malformed);
        };
        let member_id: i64 = id.parse().map_err(|_| Refusal::Malformed)?;
        let expiry_ms: i64 = expiry.parse().map_err(|_| Refusal::Malformed)?;
        // The canonical decimal forms only: one signed value, one spelling.
        if member_id <= 0 || id != member_id.to_string() || expiry != expiry_ms.to_string() {
            return Err(Refusal::Malformed);
        }
        let tag = URL_SAFE_NO_PAD
            .decode(tag)
            .map_err(|_| Refusal::Malformed)?;
        self.tag(member_id, expiry_ms)
            .verify_slice(&tag)
            .map_err(|_| Refusal::Forged)?;
        if expiry_ms <= now_ms || expiry_ms > now_ms + SIGNATURE_TTL_MS + MAX_CLOCK_SKEW_MS {
            return Err(Refusal::Expired);
        }
        Ok(member_id)
    }

    /// The interceptor that verifies a service's calls (see the module doc).
    pub fn verifier(&self) -> Verifier {
        Verifier { key: self.clone() }
    }

    /// `service` behind the verifier: how a service installs a gRPC service that reads
    /// members.
    pub fn guard<S>(&self, service: S) -> InterceptedService<S, Verifier> {
        InterceptedService::new(service, self.verifier())
    }
}

/// The member a guarded call was verified for: a request extension only [`Verifier`] makes.
#[derive(Clone, Copy, Debug)]
struct Verified(i64);

/// Verifies [`MEMBER_METADATA`] before the handler runs (see the module doc).
#[derive(Clone, Debug)]
pub struct Verifier {
    key: MemberKey,
}

impl Interceptor for Verifier {
    fn call(&mut self, mut request: Request<()>) -> Result<Request<()>, Status> {
        let Some(value) = request.metadata().get(MEMBER_METADATA) else {
            return Ok(request);
        };
        let verified = value
            .to_str()
            .map_err(|_| Refusal::Malformed)
            .and_then(|value| self.key.verify(value, now_ms()));
        match verified {
            Ok(member_id) => {
                request.extensions_mut().insert(Verified(member_id));
                Ok(request)
            }
            Err(refusal) => {
                tracing::warn!(?refusal, "refused a call's signed member");
                Err(DomainError::from(ErrorCode::LoginRequired).into())
            }
        }
    }
}

/// The verified member a call is made for, if any.
pub fn optional<T>(request: &Request<T>) -> Option<i64> {
    request.extensions().get::<Verified>().map(|v| v.0)
}

/// The verified member a call is made for; a call without one is `login_required`.
pub fn required<T>(request: &Request<T>) -> Result<i64, Status> {
    optional(request).ok_or_else(|| DomainError::from(ErrorCode::LoginRequired).into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(secret: &str) -> MemberKey {
        MemberKey::new(&secret.repeat(32).into()).expect("key")
    }

    /// What a guarded handler would see of `request`.
    fn through(key: &MemberKey, request: Request<()>) -> Result<Option<i64>, Status> {
        key.verifier().call(request).map(|r| optional(&r))
    }

    fn with(value: &str) -> Request<()> {
        let mut request = Request::new(());
        request
            .metadata_mut()
            .insert(MEMBER_METADATA, value.parse().expect("value"));
        request
    }

    #[test]
    fn a_signed_member_is_verified() {
        let key = key("a");
        assert_eq!(through(&key, key.request((), 42)).ok(), Some(Some(42)));
        assert_eq!(through(&key, Request::new(())).ok(), Some(None));
        assert!(required(&Request::new(())).is_err());
    }

    #[test]
    fn unverified_metadata_is_never_a_member() {
        // Without the verifier, even a well-signed value is nobody.
        assert_eq!(optional(&key("a").request((), 42)), None);
    }

    #[test]
    fn forged_stale_and_malformed_values_are_refused() {
        let (key, other) = (key("a"), key("b"));
        let now = now_ms();
        let refused = |value: &str| {
            let status = through(&key, with(value)).expect_err(value);
            assert_eq!(status.code(), tonic::Code::Unauthenticated, "{value}");
            assert_eq!(
                DomainError::from_status(&status).code,
                ErrorCode::LoginRequired
            );
        };
        refused(&other.sign(42));
        refused(&key.sign_until(42, now - 1));
        refused(&key.sign_until(42, now + SIGNATURE_TTL_MS + MAX_CLOCK_SKEW_MS + 1000));
        let good = key.sign(42);
        let (_, rest) = good.split_once('.').expect("dot");
        refused(&format!("43.{rest}"));
        refused(&format!("042.{rest}"));
        for junk in ["42", "abc", "42.1.", "-1.1.AAAA", "", "42.x.y"] {
            refused(junk);
        }
        assert_eq!(key.verify(&other.sign(42), now), Err(Refusal::Forged));
        assert_eq!(
            key.verify(&key.sign_until(42, now), now),
            Err(Refusal::Expired)
        );
    }

    #[test]
    fn short_or_missing_secrets_are_refused() {
        assert!(MemberKey::new(&"short".into()).is_err());
        assert!(MemberKey::configured(None, "gateway.member_key").is_err());
        assert!(MemberKey::new(&MemberKey::generate()).is_ok());
        assert_eq!(format!("{:?}", key("a")), "MemberKey(..)");
    }
}
