//! Customer support: a member's messages to the operators (a few a day, counted under the
//! member's day row), the operators' queue of unanswered ones, and their answers.

use sise_platform::error::{DomainError, ErrorCode};
use sise_proto::social::v1 as pb;
use sqlx::Row as _;
use sqlx::any::AnyRow;

use super::{Change, Sql, Store, split_page};
use crate::domain::kst_day;

const COLUMNS: &str =
    "id, user_id, category, body, sent_at_ms, answer, answered_by, answered_at_ms";

/// What a message is about, as stored.
pub fn category_name(category: pb::SupportCategory) -> Option<&'static str> {
    Some(match category {
        pb::SupportCategory::Unspecified => return None,
        pb::SupportCategory::Service => "service",
        pb::SupportCategory::Account => "account",
        pb::SupportCategory::Market => "market",
        pb::SupportCategory::Community => "community",
        pb::SupportCategory::Bug => "bug",
        pb::SupportCategory::Other => "other",
    })
}

fn category_of(name: &str) -> pb::SupportCategory {
    match name {
        "service" => pb::SupportCategory::Service,
        "account" => pb::SupportCategory::Account,
        "market" => pb::SupportCategory::Market,
        "community" => pb::SupportCategory::Community,
        "bug" => pb::SupportCategory::Bug,
        "other" => pb::SupportCategory::Other,
        _ => pb::SupportCategory::Unspecified,
    }
}

/// A message as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SupportRow {
    pub id: i64,
    pub user_id: i64,
    pub category: String,
    pub body: String,
    pub sent_at_ms: i64,
    /// The answer, who gave it and when.
    pub answer: Option<(String, String, i64)>,
}

impl SupportRow {
    fn from_row(row: &AnyRow) -> anyhow::Result<Self> {
        let answer: Option<String> = row.try_get("answer")?;
        let answered_by: Option<String> = row.try_get("answered_by")?;
        let answered_at: Option<i64> = row.try_get("answered_at_ms")?;
        Ok(Self {
            id: row.try_get("id")?,
            user_id: row.try_get("user_id")?,
            category: row.try_get("category")?,
            body: row.try_get("body")?,
            sent_at_ms: row.try_get("sent_at_ms")?,
            answer: answered_at.map(|at| {
                (
                    answer.unwrap_or_default(),
                    answered_by.unwrap_or_default(),
                    at,
                )
            }),
        })
    }

    /// As the member reads it: no operator names, no member id.
    pub fn for_member(&self) -> pb::SupportMessage {
        let (answer, _, answered_at_ms) = self.answer.clone().unwrap_or_default();
        pb::SupportMessage {
            id: self.id,
            category: category_of(&self.category) as i32,
            body: self.body.clone(),
            sent_at_ms: self.sent_at_ms,
            answer,
            answered_at_ms,
            ..Default::default()
        }
    }

    /// As operators read it: whose it is, and who answered.
    pub fn for_operators(&self) -> pb::SupportMessage {
        let answered_by = self
            .answer
            .as_ref()
            .map(|a| a.1.clone())
            .unwrap_or_default();
        pb::SupportMessage {
            user_id: self.user_id,
            answered_by,
            ..self.for_member()
        }
    }
}

/// Which messages a page holds.
#[derive(Clone, Copy, Debug)]
pub enum SupportList {
    /// One member's, newest first.
    Mine(i64),
    /// Everyone's, newest first.
    All,
    /// Everyone's unanswered, oldest first.
    Unanswered,
}

impl Store {
    /// A new message from `user_id`, unless they have sent `daily_limit` today (KST): the
    /// day's count is raised first, under its row's lock, and a refusal rolls it back.
    pub async fn send_support_message(
        &self,
        user_id: i64,
        category: &str,
        body: &str,
        daily_limit: i64,
        now: i64,
    ) -> Change<SupportRow> {
        let mut tx = self.db.begin().await?;
        let day = kst_day(now);
        let sent: i64 = sqlx::query_scalar(
            "INSERT INTO support_days (user_id, day, sent) VALUES ($1, $2, 1) \
             ON CONFLICT (user_id, day) DO UPDATE SET sent = support_days.sent + 1 \
             RETURNING sent",
        )
        .bind(user_id)
        .bind(day)
        .fetch_one(&mut *tx)
        .await?;
        if sent > daily_limit {
            return Ok(Err(DomainError::with_max(
                ErrorCode::DailySupportLimit,
                daily_limit,
            )));
        }
        if sent == 1 {
            // The day's first: older days' rows go.
            sqlx::query("DELETE FROM support_days WHERE user_id = $1 AND day < $2")
                .bind(user_id)
                .bind(day)
                .execute(&mut *tx)
                .await?;
        }
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO support_messages (user_id, category, body, sent_at_ms) \
             VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(user_id)
        .bind(category)
        .bind(body)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Ok(SupportRow {
            id,
            user_id,
            category: category.to_owned(),
            body: body.to_owned(),
            sent_at_ms: now,
            answer: None,
        }))
    }

    /// A page of `list` after id `after`; whether more follow.
    pub async fn support_messages(
        &self,
        list: SupportList,
        after: Option<i64>,
        limit: usize,
    ) -> anyhow::Result<(Vec<SupportRow>, bool)> {
        let mut sql = Sql::new(&format!(
            "SELECT {COLUMNS} FROM support_messages WHERE 1 = 1"
        ));
        let newest_first = match list {
            SupportList::Mine(user_id) => {
                let p = sql.int(user_id);
                sql.push(&format!(" AND user_id = {p}"));
                true
            }
            SupportList::All => true,
            SupportList::Unanswered => {
                sql.push(" AND answered_at_ms IS NULL");
                false
            }
        };
        if let Some(after) = after {
            let p = sql.int(after);
            let op = if newest_first { "<" } else { ">" };
            sql.push(&format!(" AND id {op} {p}"));
        }
        let p = sql.int(limit as i64 + 1);
        let order = if newest_first { "DESC" } else { "ASC" };
        sql.push(&format!(" ORDER BY id {order} LIMIT {p}"));
        let mut conn = self.db.pool.acquire().await?;
        let rows = sql
            .fetch_all(&mut conn)
            .await?
            .iter()
            .map(SupportRow::from_row)
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(split_page(rows, limit))
    }

    /// Answers message `id` (again: the new answer replaces the old).
    pub async fn answer_support_message(
        &self,
        id: i64,
        answer: &str,
        operator: &str,
        now: i64,
    ) -> Change<SupportRow> {
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE support_messages SET answer = $2, answered_by = $3, answered_at_ms = $4 \
             WHERE id = $1 RETURNING {COLUMNS}"
        )))
        .bind(id)
        .bind(answer)
        .bind(operator)
        .bind(now)
        .fetch_optional(self.db.writer())
        .await?;
        match row {
            Some(row) => Ok(Ok(SupportRow::from_row(&row)?)),
            None => Ok(Err(ErrorCode::SupportMessageNotFound.into())),
        }
    }

    /// A seceded member's messages and counts go (idempotent).
    pub async fn forget_support(&self, user_id: i64) -> anyhow::Result<()> {
        let mut tx = self.db.begin().await?;
        sqlx::query("DELETE FROM support_messages WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM support_days WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }
}
