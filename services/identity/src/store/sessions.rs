//! Login sessions (OWASP ASVS 4.0.3 V3): a new 256-bit token at every login, stored
//! hashed; an absolute lifetime and an idle timeout; at most [`MAX_SESSIONS_PER_MEMBER`] a
//! member ([`Store::prune_sessions`]); every session of a member ends at once on logout,
//! secession and sanctions ([`Store::revoke_sessions`]).

use sqlx::{AnyConnection, Row as _};

use secrecy::{ExposeSecret as _, SecretString};

use super::{Store, is_well_formed, new_token, token_key};

/// How often the idle clock of a session is written: a request within this much of the
/// last write does not write again.
const LAST_SEEN_GRANULARITY_MS: i64 = 60_000;

/// Sessions a member keeps at most: every login is a new session, so without a bound a
/// member (or a script with their messenger token) gathers one per login until each goes
/// idle. A login beyond it ends the member's oldest, the new one always kept. 20 covers
/// every device a member signs in on, with room for stale ones.
pub const MAX_SESSIONS_PER_MEMBER: i64 = 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionPolicy {
    pub lifetime_ms: i64,
    pub idle_ms: i64,
}

/// A freshly issued session; `Debug` hides the token.
#[derive(Clone, Debug)]
pub struct IssuedSession {
    /// The bearer token, 64 lowercase hex characters; shown to the client once.
    pub token: SecretString,
    pub user_id: i64,
    pub expires_at_ms: i64,
}

/// Who a valid token belongs to, and until when it may be trusted without asking again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Authenticated {
    pub user_id: i64,
    /// The earlier of the absolute expiry and the idle deadline.
    pub expires_at_ms: i64,
}

impl Store {
    /// Issue a session for `user_id` (in the caller's transaction).
    pub(crate) async fn create_session(
        conn: &mut AnyConnection,
        user_id: i64,
        now: i64,
        policy: SessionPolicy,
    ) -> anyhow::Result<IssuedSession> {
        let session = IssuedSession {
            token: SecretString::from(new_token()),
            user_id,
            expires_at_ms: now.saturating_add(policy.lifetime_ms),
        };
        sqlx::query(
            "INSERT INTO sessions (token_hash, user_id, created_at_ms, expires_at_ms, \
             last_seen_at_ms) VALUES ($1, $2, $3, $4, $3)",
        )
        .bind(token_key(session.token.expose_secret()))
        .bind(user_id)
        .bind(now)
        .bind(session.expires_at_ms)
        .execute(&mut *conn)
        .await?;
        Ok(session)
    }

    /// The member behind `token` if its session exists, has not expired and has not been
    /// idle for `policy.idle_ms` at `now` (valid strictly before either deadline). Moves
    /// the idle clock.
    pub async fn authenticate(
        &self,
        token: &str,
        now: i64,
        policy: SessionPolicy,
    ) -> anyhow::Result<Option<Authenticated>> {
        if !is_well_formed(token) {
            return Ok(None);
        }
        let key = token_key(token);
        let row = sqlx::query(
            "SELECT user_id, expires_at_ms, last_seen_at_ms FROM sessions \
             WHERE token_hash = $1 AND expires_at_ms > $2 AND last_seen_at_ms > $3",
        )
        .bind(&key)
        .bind(now)
        .bind(now.saturating_sub(policy.idle_ms))
        .fetch_optional(&self.db.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let user_id: i64 = row.try_get("user_id")?;
        let expires_at_ms: i64 = row.try_get("expires_at_ms")?;
        let mut last_seen: i64 = row.try_get("last_seen_at_ms")?;
        if now - last_seen >= LAST_SEEN_GRANULARITY_MS {
            sqlx::query("UPDATE sessions SET last_seen_at_ms = $2 WHERE token_hash = $1")
                .bind(&key)
                .bind(now)
                .execute(self.db.writer())
                .await?;
            last_seen = now;
        }
        Ok(Some(Authenticated {
            user_id,
            expires_at_ms: expires_at_ms.min(last_seen.saturating_add(policy.idle_ms)),
        }))
    }

    /// The member and login instant of the live session of `token` (not expired, not
    /// idle), without moving its idle clock.
    pub async fn session_login(
        &self,
        token: &str,
        now: i64,
        policy: SessionPolicy,
    ) -> anyhow::Result<Option<(i64, i64)>> {
        if !is_well_formed(token) {
            return Ok(None);
        }
        let row = sqlx::query(
            "SELECT user_id, created_at_ms FROM sessions \
             WHERE token_hash = $1 AND expires_at_ms > $2 AND last_seen_at_ms > $3",
        )
        .bind(token_key(token))
        .bind(now)
        .bind(now.saturating_sub(policy.idle_ms))
        .fetch_optional(&self.db.pool)
        .await?;
        row.map(|row| Ok((row.try_get("user_id")?, row.try_get("created_at_ms")?)))
            .transpose()
    }

    /// End the sessions of `user_id` beyond the newest [`MAX_SESSIONS_PER_MEMBER`], `kept`
    /// (the one just issued) always among those left (in the caller's transaction); how
    /// many ended.
    pub(crate) async fn prune_sessions(
        conn: &mut AnyConnection,
        user_id: i64,
        kept: &IssuedSession,
    ) -> anyhow::Result<u64> {
        Ok(sqlx::query(
            "DELETE FROM sessions WHERE user_id = $1 AND token_hash NOT IN (\
             SELECT token_hash FROM sessions WHERE user_id = $1 \
             ORDER BY CASE WHEN token_hash = $2 THEN 0 ELSE 1 END, created_at_ms DESC, \
             token_hash DESC LIMIT $3)",
        )
        .bind(user_id)
        .bind(token_key(kept.token.expose_secret()))
        .bind(MAX_SESSIONS_PER_MEMBER)
        .execute(&mut *conn)
        .await?
        .rows_affected())
    }

    /// End every session of `user_id` (in the caller's transaction); how many ended.
    pub(crate) async fn revoke_sessions(
        conn: &mut AnyConnection,
        user_id: i64,
    ) -> anyhow::Result<u64> {
        Ok(sqlx::query("DELETE FROM sessions WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *conn)
            .await?
            .rows_affected())
    }

    /// Drop expired and idle sessions and expired release tokens; how many sessions went.
    pub async fn purge_sessions(&self, now: i64, policy: SessionPolicy) -> anyhow::Result<u64> {
        let sessions =
            sqlx::query("DELETE FROM sessions WHERE expires_at_ms <= $1 OR last_seen_at_ms <= $2")
                .bind(now)
                .bind(now.saturating_sub(policy.idle_ms))
                .execute(self.db.writer())
                .await?
                .rows_affected();
        sqlx::query("DELETE FROM dormancy_releases WHERE expires_at_ms <= $1")
            .bind(now)
            .execute(self.db.writer())
            .await?;
        Ok(sessions)
    }
}
