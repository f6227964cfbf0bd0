//! The identity database, both backends: members (`members`), their sessions
//! (`sessions`), sanctions (`sanctions`), contributors of insight articles
//! (`contributors`) and throttled login failures (`throttle`).
//!
//! SQL is written once for both backends (`$n` placeholders, epoch-ms instants, 0/1
//! booleans), see `sise_platform::db`. Tokens (sessions, dormancy releases) are stored as
//! their SHA-256 only.

mod contributors;
mod members;
mod sanctions;
mod sessions;
mod throttle;

use rand::RngCore;
use sise_platform::db::{Database, Migrations};

pub use contributors::RoleRefusal;
pub use members::{
    Agreements, NewAvatar, ProfileChange, SECEDED_NAME, SignUpRefusal, StoredAvatar, User,
};
pub use sanctions::{SanctionKind, SanctionRecord, Sanctioned};
pub use sessions::{Authenticated, IssuedSession, MAX_SESSIONS_PER_MEMBER, SessionPolicy};

static SQLITE: sqlx::migrate::Migrator = sise_platform::db::migrate!("migrations/sqlite");
static POSTGRES: sqlx::migrate::Migrator = sise_platform::db::migrate!("migrations/postgres");

pub const MIGRATIONS: Migrations = Migrations {
    sqlite: &SQLITE,
    postgres: &POSTGRES,
};

/// Random bytes in an access or release token (hex-encoded: 64 characters).
const TOKEN_BYTES: usize = 32;

/// Durable event subjects (payloads in `identity.proto`); the list of who may use which
/// is `sise_platform::bus::acl`.
pub mod subjects {
    pub use sise_platform::bus::acl::subjects::{
        CONTRIBUTOR_CHANGED, PROFILE_CHANGED, SESSIONS_REVOKED, USER_SANCTIONED, USER_SECEDED,
    };
}

#[derive(Clone, Debug)]
pub struct Store {
    db: Database,
}

impl Store {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    pub fn database(&self) -> &Database {
        &self.db
    }
}

/// 32 bytes from the thread-local CSPRNG (ChaCha, OS-seeded), hex-encoded.
fn new_token() -> String {
    let mut bytes = [0u8; TOKEN_BYTES];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// Tokens we issue are 64 lowercase hex characters; anything else cannot match and is
/// rejected without a database round trip.
pub fn is_well_formed(token: &str) -> bool {
    token.len() == TOKEN_BYTES * 2
        && token
            .bytes()
            .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The stored key of a token: hex SHA-256, so a leaked database does not leak live
/// sessions. The token itself is never stored or logged.
fn token_key(token: &str) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(token.as_bytes()))
}

/// Whether `error` is a unique-constraint violation (both backends).
fn is_unique_violation(error: &sqlx::Error) -> bool {
    error
        .as_database_error()
        .is_some_and(|e| e.kind() == sqlx::error::ErrorKind::UniqueViolation)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_hex() {
        let (a, b) = (new_token(), new_token());
        assert!(is_well_formed(&a) && is_well_formed(&b));
        assert_ne!(a, b);
        assert!(!is_well_formed(""));
        assert!(!is_well_formed(&a.to_uppercase()));
        let issued = IssuedSession {
            token: secrecy::SecretString::from(a.clone()),
            user_id: 1,
            expires_at_ms: 0,
        };
        assert!(!format!("{issued:?}").contains(&a));
        assert_ne!(token_key(&a), a);
    }
}
