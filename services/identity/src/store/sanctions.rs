//! Sanctions by the terms (spec §4, §9): three warnings → a 30-day suspension; a warning
//! after a suspension ends the contract with re-sign-up barred; a serious violation ends
//! it at once. Suspensions and terminations end every session; each sanction publishes
//! `events.identity.user_sanctioned` (social hides a terminated member's content).

use prost::Message as _;
use sise_platform::bus::Headers;
use sise_platform::outbox;
use sise_proto::identity::v1 as pb;
use sqlx::Row as _;
use sqlx::any::AnyRow;

use super::members::revoked_event;
use super::{Store, subjects};

/// Warnings that make a suspension.
pub const WARNINGS_PER_SUSPENSION: i64 = 3;
pub const SUSPENSION_MS: i64 = 30 * 86_400_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SanctionKind {
    Warning = 1,
    Termination = 2,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanctionRecord {
    pub id: i64,
    pub user_id: i64,
    pub kind: SanctionKind,
    pub reason: String,
    pub created_at_ms: i64,
    pub suspended_until_ms: Option<i64>,
    pub terminated: bool,
    pub objection: Option<String>,
    pub objected_at_ms: Option<i64>,
}

impl SanctionRecord {
    fn from_row(row: &AnyRow) -> anyhow::Result<Self> {
        Ok(Self {
            id: row.try_get("id")?,
            user_id: row.try_get("user_id")?,
            kind: match row.try_get::<i64, _>("kind")? {
                2 => SanctionKind::Termination,
                _ => SanctionKind::Warning,
            },
            reason: row.try_get("reason")?,
            created_at_ms: row.try_get("created_at_ms")?,
            suspended_until_ms: row.try_get("suspended_until_ms")?,
            terminated: row.try_get::<i64, _>("terminated")? != 0,
            objection: row.try_get("objection")?,
            objected_at_ms: row.try_get("objected_at_ms")?,
        })
    }

    pub fn to_proto(&self) -> pb::Sanction {
        pb::Sanction {
            id: self.id,
            user_id: self.user_id,
            kind: match self.kind {
                SanctionKind::Warning => pb::SanctionKind::Warning,
                SanctionKind::Termination => pb::SanctionKind::Termination,
            } as i32,
            reason: self.reason.clone(),
            created_at_ms: self.created_at_ms,
            suspended_until_ms: self.suspended_until_ms.unwrap_or_default(),
            terminated: self.terminated,
            objection: self.objection.clone().unwrap_or_default(),
            objected_at_ms: self.objected_at_ms.unwrap_or_default(),
        }
    }
}

/// What a sanction did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sanctioned {
    Applied {
        record: SanctionRecord,
        /// Warnings since the member's last suspension, this one included.
        warnings: i64,
    },
    NoSuchMember,
    /// Already terminated or gone: nothing more to do.
    AlreadyEnded,
}

const SANCTION_COLUMNS: &str = "id, user_id, kind, reason, created_at_ms, suspended_until_ms, \
     terminated, objection, objected_at_ms";

impl Store {
    pub async fn sanction(
        &self,
        user_id: i64,
        kind: SanctionKind,
        reason: &str,
        operator: &str,
        now: i64,
    ) -> anyhow::Result<Sanctioned> {
        let mut tx = self.db.begin().await?;
        // Write first: the member's row is locked (PostgreSQL) and the write lock held
        // (SQLite) before anything is read, so two sanctions of one member run one after the
        // other, and SQLite never has to upgrade a read lock (which fails at once, busy,
        // when another connection writes, e.g. the outbox relay).
        sqlx::query("UPDATE users SET updated_at_ms = $2 WHERE id = $1")
            .bind(user_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        let member = sqlx::query(
            "SELECT kakao_id, terminated_at_ms, seceded_at_ms FROM users WHERE id = $1",
        )
        .bind(user_id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(member) = member else {
            return Ok(Sanctioned::NoSuchMember);
        };
        let ended = member
            .try_get::<Option<i64>, _>("terminated_at_ms")?
            .is_some()
            || member.try_get::<Option<i64>, _>("seceded_at_ms")?.is_some();
        if ended {
            return Ok(Sanctioned::AlreadyEnded);
        }
        let kakao_id: String = member.try_get("kakao_id")?;
        let last_suspension: Option<i64> = sqlx::query_scalar(
            "SELECT MAX(created_at_ms) FROM sanctions WHERE user_id = $1 \
             AND suspended_until_ms IS NOT NULL",
        )
        .bind(user_id)
        .fetch_one(&mut *tx)
        .await?;
        let earlier_warnings: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM sanctions WHERE user_id = $1 AND kind = 1 AND created_at_ms > $2",
        )
        .bind(user_id)
        .bind(last_suspension.unwrap_or(i64::MIN))
        .fetch_one(&mut *tx)
        .await?;
        let warnings = earlier_warnings + 1;
        let (terminated, suspended_until) = match kind {
            SanctionKind::Termination => (true, None),
            // A warning after a suspension ends the contract.
            SanctionKind::Warning if last_suspension.is_some() => (true, None),
            SanctionKind::Warning if warnings >= WARNINGS_PER_SUSPENSION => {
                (false, Some(now + SUSPENSION_MS))
            }
            SanctionKind::Warning => (false, None),
        };
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO sanctions (user_id, kind, reason, operator, created_at_ms, \
             suspended_until_ms, terminated) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        )
        .bind(user_id)
        .bind(kind as i64)
        .bind(reason)
        .bind(operator)
        .bind(now)
        .bind(suspended_until)
        .bind(i64::from(terminated))
        .fetch_one(&mut *tx)
        .await?;
        if let Some(until) = suspended_until {
            sqlx::query("UPDATE users SET suspended_until_ms = $2 WHERE id = $1")
                .bind(user_id)
                .bind(until)
                .execute(&mut *tx)
                .await?;
        }
        if terminated {
            sqlx::query("UPDATE users SET terminated_at_ms = $2 WHERE id = $1")
                .bind(user_id)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "INSERT INTO barred_accounts (kakao_id, barred_at_ms) VALUES ($1, $2) \
                 ON CONFLICT (kakao_id) DO NOTHING",
            )
            .bind(&kakao_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        if terminated || suspended_until.is_some() {
            Self::revoke_sessions(&mut tx, user_id).await?;
            revoked_event(&mut tx, user_id).await?;
        }
        let event = pb::UserSanctioned {
            user_id,
            kind: match kind {
                SanctionKind::Warning => pb::SanctionKind::Warning,
                SanctionKind::Termination => pb::SanctionKind::Termination,
            } as i32,
            suspended_until_ms: suspended_until.unwrap_or_default(),
            terminated,
        };
        outbox::enqueue(
            &mut tx,
            subjects::USER_SANCTIONED,
            Headers::new(),
            &event.encode_to_vec(),
        )
        .await?;
        outbox::commit(&self.db, tx).await?;
        let record = self
            .sanction_record(id)
            .await?
            .ok_or_else(|| anyhow::anyhow!("sanction {id} gone"))?;
        Ok(Sanctioned::Applied { record, warnings })
    }

    async fn sanction_record(&self, id: i64) -> anyhow::Result<Option<SanctionRecord>> {
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {SANCTION_COLUMNS} FROM sanctions WHERE id = $1"
        )))
        .bind(id)
        .fetch_optional(&self.db.pool)
        .await?;
        row.as_ref().map(SanctionRecord::from_row).transpose()
    }

    /// A member's sanctions, newest first.
    pub async fn sanctions_of(&self, user_id: i64) -> anyhow::Result<Vec<SanctionRecord>> {
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {SANCTION_COLUMNS} FROM sanctions WHERE user_id = $1 ORDER BY id DESC"
        )))
        .bind(user_id)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(SanctionRecord::from_row).collect()
    }

    /// Sanctions with an objection, newest objection first (at most `limit`).
    pub async fn objections(&self, limit: i64) -> anyhow::Result<Vec<SanctionRecord>> {
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {SANCTION_COLUMNS} FROM sanctions WHERE objection IS NOT NULL \
             ORDER BY objected_at_ms DESC LIMIT $1"
        )))
        .bind(limit)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(SanctionRecord::from_row).collect()
    }

    /// The member's objection to their own sanction `id` (the latest text wins).
    pub async fn object(
        &self,
        user_id: i64,
        id: i64,
        text: &str,
        now: i64,
    ) -> anyhow::Result<Option<SanctionRecord>> {
        let updated = sqlx::query(
            "UPDATE sanctions SET objection = $3, objected_at_ms = $4 WHERE id = $1 AND user_id = $2",
        )
        .bind(id)
        .bind(user_id)
        .bind(text)
        .bind(now)
        .execute(self.db.writer())
        .await?
        .rows_affected();
        if updated == 0 {
            return Ok(None);
        }
        self.sanction_record(id).await
    }
}
