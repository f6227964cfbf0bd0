//! Authors: social's copy of the public face of the members who write (their name and
//! photo from identity, whether they seceded or were terminated) and the sample members.
//!
//! A member's row is made at their first write (from identity's `GetPublicProfiles`, by
//! `crate::members`) and kept current by identity's events (`crate::consumers`). Each
//! change is idempotent: a profile is kept only if newer than the one held (its
//! `changed_at_ms`, the row's `version`), a secession erases the name and photo for good,
//! and a termination hides the member's content once.

use sise_platform::outbox;
use sqlx::Row as _;

use super::Store;
use super::moderation::hidden_event;
use crate::domain::{HiddenBy, Kind, TERMINATED_REASON};

/// A member's public face as identity gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    pub name: String,
    pub avatar_url: String,
    /// When identity changed it (epoch ms): the newest wins.
    pub changed_at_ms: i64,
}

impl Store {
    /// Whether `user_id` has a row.
    pub async fn has_author(&self, user_id: i64) -> anyhow::Result<bool> {
        let found: Option<i64> = sqlx::query_scalar("SELECT id FROM authors WHERE id = $1")
            .bind(user_id)
            .fetch_optional(&self.db.pool)
            .await?;
        Ok(found.is_some())
    }

    /// Keeps `profile` for `user_id` unless a newer one is held, or the member seceded.
    pub async fn apply_profile(&self, user_id: i64, profile: &Profile) -> anyhow::Result<()> {
        sqlx::query(
            "INSERT INTO authors (id, name, avatar_url, version) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (id) DO UPDATE SET name = excluded.name, \
             avatar_url = excluded.avatar_url, version = excluded.version \
             WHERE authors.version < excluded.version AND authors.seceded = 0",
        )
        .bind(user_id)
        .bind(&profile.name)
        .bind(&profile.avatar_url)
        .bind(profile.changed_at_ms)
        .execute(self.db.writer())
        .await?;
        Ok(())
    }

    /// The member left: their content stays under 탈퇴한 회원, their name and photo go.
    pub async fn secede(&self, user_id: i64) -> anyhow::Result<()> {
        sqlx::query(
            "INSERT INTO authors (id, name, avatar_url, seceded) VALUES ($1, '', '', 1) \
             ON CONFLICT (id) DO UPDATE SET name = '', avatar_url = '', seceded = 1",
        )
        .bind(user_id)
        .execute(self.db.writer())
        .await?;
        Ok(())
    }

    /// The member's contract was terminated: they write no more, and their posts and
    /// comments not yet hidden for it are hidden (`author_terminated`), each with
    /// `events.social.content_hidden`, in one transaction. How many were hidden now (none
    /// the second time).
    pub async fn terminate(&self, user_id: i64, now: i64) -> anyhow::Result<usize> {
        let mut tx = self.db.begin().await?;
        // The member's lock first, as every write of theirs.
        sqlx::query(
            "INSERT INTO authors (id, name, terminated, last_write_ms) VALUES ($1, '', 1, $2) \
             ON CONFLICT (id) DO UPDATE SET terminated = 1, last_write_ms = excluded.last_write_ms",
        )
        .bind(user_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let mut hidden = 0;
        for kind in [Kind::Post, Kind::Comment] {
            let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
                "UPDATE {table} SET hidden_by = 'author_terminated', hidden_reason = $2, \
                 hidden_at_ms = $3, objection = NULL, objected_at_ms = NULL \
                 WHERE user_id = $1 AND deleted_at_ms IS NULL \
                 AND (hidden_by IS NULL OR hidden_by <> 'author_terminated') \
                 RETURNING id, security_id",
                table = super::table(kind)
            )))
            .bind(user_id)
            .bind(TERMINATED_REASON)
            .bind(now)
            .fetch_all(&mut *tx)
            .await?;
            for row in rows {
                let id: i64 = row.try_get("id")?;
                let security_id: String = row.try_get("security_id")?;
                hidden_event(
                    &mut tx,
                    kind,
                    id,
                    &security_id,
                    HiddenBy::AuthorTerminated,
                    TERMINATED_REASON,
                    now,
                )
                .await?;
                hidden += 1;
            }
        }
        outbox::commit(&self.db, tx).await?;
        Ok(hidden)
    }
}
