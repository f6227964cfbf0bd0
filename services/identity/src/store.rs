//! The identity database: members and their login sessions, both backends.
//!
//! SQL is written once for both backends (`$n` placeholders, epoch-ms instants, 0/1
//! booleans), see `sise_platform::db`.

use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rand::RngCore;
use sise_platform::db::{Database, Migrations};
use sqlx::Row;

static SQLITE: sqlx::migrate::Migrator = sise_platform::db::migrate!("migrations/sqlite");
static POSTGRES: sqlx::migrate::Migrator = sise_platform::db::migrate!("migrations/postgres");

pub const MIGRATIONS: Migrations = Migrations {
    sqlite: &SQLITE,
    postgres: &POSTGRES,
};

/// Random bytes in an access token (hex-encoded: 64 characters).
const TOKEN_BYTES: usize = 32;

/// A member as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub id: i64,
    pub kakao_id: String,
    /// The nickname.
    pub name: String,
    pub birth_year: Option<i32>,
    /// 1 male, 2 female, `None` unset.
    pub gender: Option<i32>,
    pub email: Option<String>,
    pub avatar_url: Option<String>,
    pub open_favorite_stocks: bool,
    pub is_edited_user_name: bool,
    pub dormant: bool,
    pub created_at_ms: i64,
    pub updated_at_ms: i64,
}

/// A freshly issued session. `Debug` hides the token.
#[derive(Clone, PartialEq, Eq)]
pub struct IssuedSession {
    /// The bearer token, 64 lowercase hex characters; shown to the client once.
    pub token: String,
    pub user_id: i64,
    pub expires_at_ms: i64,
}

impl fmt::Debug for IssuedSession {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IssuedSession")
            .field("token", &"<redacted>")
            .field("user_id", &self.user_id)
            .field("expires_at_ms", &self.expires_at_ms)
            .finish()
    }
}

/// Who a valid token belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Authenticated {
    pub user_id: i64,
    pub expires_at_ms: i64,
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

    /// Create a member with default settings; returns the new id.
    pub async fn create_user(&self, kakao_id: &str, name: &str) -> anyhow::Result<i64> {
        let now = now_ms();
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO users (kakao_id, name, created_at_ms, updated_at_ms) \
             VALUES ($1, $2, $3, $3) RETURNING id",
        )
        .bind(kakao_id)
        .bind(name)
        .bind(now)
        .fetch_one(&self.db.pool)
        .await?;
        Ok(id)
    }

    pub async fn user(&self, id: i64) -> anyhow::Result<Option<User>> {
        let row = sqlx::query(
            "SELECT id, kakao_id, name, birth_year, gender, email, avatar_url, \
             open_favorite_stocks, is_edited_user_name, dormant, created_at_ms, updated_at_ms \
             FROM users WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.db.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let flag =
            |column: &str| -> anyhow::Result<bool> { Ok(row.try_get::<i64, _>(column)? != 0) };
        let small = |column: &str| -> anyhow::Result<Option<i32>> {
            row.try_get::<Option<i64>, _>(column)?
                .map(i32::try_from)
                .transpose()
                .map_err(anyhow::Error::from)
        };
        Ok(Some(User {
            id: row.try_get("id")?,
            kakao_id: row.try_get("kakao_id")?,
            name: row.try_get("name")?,
            birth_year: small("birth_year")?,
            gender: small("gender")?,
            email: row.try_get("email")?,
            avatar_url: row.try_get("avatar_url")?,
            open_favorite_stocks: flag("open_favorite_stocks")?,
            is_edited_user_name: flag("is_edited_user_name")?,
            dormant: flag("dormant")?,
            created_at_ms: row.try_get("created_at_ms")?,
            updated_at_ms: row.try_get("updated_at_ms")?,
        }))
    }

    /// Issue a session for `user_id` valid for `ttl` from now.
    pub async fn create_session(
        &self,
        user_id: i64,
        ttl: Duration,
    ) -> anyhow::Result<IssuedSession> {
        let now = now_ms();
        let ttl_ms = i64::try_from(ttl.as_millis()).unwrap_or(i64::MAX);
        let session = IssuedSession {
            token: new_token(),
            user_id,
            expires_at_ms: now.saturating_add(ttl_ms),
        };
        sqlx::query(
            "INSERT INTO sessions (token_hash, user_id, created_at_ms, expires_at_ms) \
             VALUES ($1, $2, $3, $4)",
        )
        .bind(token_key(&session.token))
        .bind(user_id)
        .bind(now)
        .bind(session.expires_at_ms)
        .execute(&self.db.pool)
        .await?;
        Ok(session)
    }

    /// The member behind `token` if the session exists and has not expired at `now_ms`
    /// (a session is valid strictly before its expiry instant).
    pub async fn authenticate(
        &self,
        token: &str,
        now_ms: i64,
    ) -> anyhow::Result<Option<Authenticated>> {
        if !is_well_formed(token) {
            return Ok(None);
        }
        let row = sqlx::query(
            "SELECT user_id, expires_at_ms FROM sessions \
             WHERE token_hash = $1 AND expires_at_ms > $2",
        )
        .bind(token_key(token))
        .bind(now_ms)
        .fetch_optional(&self.db.pool)
        .await?;
        row.map(|row| {
            Ok(Authenticated {
                user_id: row.try_get("user_id")?,
                expires_at_ms: row.try_get("expires_at_ms")?,
            })
        })
        .transpose()
    }
}

/// Current time as epoch milliseconds.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// 32 bytes from the thread-local CSPRNG (ChaCha, OS-seeded), hex-encoded.
fn new_token() -> String {
    let mut bytes = [0u8; TOKEN_BYTES];
    rand::rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Tokens we issue are 64 lowercase hex characters; anything else cannot match and is
/// rejected without a database round trip.
fn is_well_formed(token: &str) -> bool {
    token.len() == TOKEN_BYTES * 2
        && token
            .bytes()
            .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The `sessions.token_hash` key of a token: hex SHA-256, so a leaked database does not
/// leak live sessions. The token itself is never stored or logged.
fn token_key(token: &str) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sise_platform::db::testing::TestDatabase;

    #[test]
    fn tokens_are_random_hex() {
        let (a, b) = (new_token(), new_token());
        assert!(is_well_formed(&a) && is_well_formed(&b));
        assert_ne!(a, b);
        assert!(!is_well_formed(""));
        assert!(!is_well_formed(&a.to_uppercase()));
        assert!(
            !format!(
                "{:?}",
                IssuedSession {
                    token: a.clone(),
                    user_id: 1,
                    expires_at_ms: 0
                }
            )
            .contains(&a)
        );
    }

    sise_platform::per_backend! {
        async fn sessions_authenticate_until_they_expire(backend) {
            let test_db = TestDatabase::create(backend, "identity").await.expect("db");
            let store = Store::new(
                Database::connect(&test_db.url, &MIGRATIONS)
                    .await
                    .expect("connect"),
            );

            let id = store.create_user("kakao-1", "개미").await.expect("user");
            let user = store.user(id).await.expect("load").expect("exists");
            assert_eq!(
                (user.name.as_str(), user.gender, user.birth_year),
                ("개미", None, None)
            );
            assert!(user.open_favorite_stocks && !user.is_edited_user_name && !user.dormant);
            assert!(
                store.create_user("kakao-1", "중복").await.is_err(),
                "kakao_id unique on {backend:?}"
            );
            let other = store
                .create_user("kakao-2", "고래")
                .await
                .expect("second user");
            assert_ne!(id, other);

            let session = store
                .create_session(id, Duration::from_secs(3600))
                .await
                .expect("session");
            let now = now_ms();
            let auth = store.authenticate(&session.token, now).await.expect("auth");
            assert_eq!(
                auth,
                Some(Authenticated {
                    user_id: id,
                    expires_at_ms: session.expires_at_ms
                })
            );
            assert!(session.expires_at_ms >= now + 3_599_000);

            // Expired: valid strictly before the expiry instant.
            let at_expiry = store
                .authenticate(&session.token, session.expires_at_ms)
                .await
                .expect("auth");
            assert_eq!(at_expiry, None, "expired on {backend:?}");
            let zero = store
                .create_session(id, Duration::ZERO)
                .await
                .expect("session");
            assert_eq!(
                store
                    .authenticate(&zero.token, now_ms())
                    .await
                    .expect("auth"),
                None
            );

            // Unknown and malformed.
            assert_eq!(
                store.authenticate(&new_token(), now).await.expect("auth"),
                None
            );
            assert_eq!(store.authenticate("", now).await.expect("auth"), None);
            assert_eq!(
                store.authenticate("' OR 1=1 --", now).await.expect("auth"),
                None
            );

            store.database().pool.close().await;
            test_db.cleanup().await.expect("cleanup");
        }
    }
}
