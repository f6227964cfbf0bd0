//! Notices: published by operators, shown newest first until withdrawn, and withdrawn
//! only once they have stayed their days (spec §9).

use sise_platform::error::{DomainError, ErrorCode};
use sise_proto::social::v1 as pb;
use sqlx::Row as _;
use sqlx::any::AnyRow;

use super::{Change, Sql, Store, split_page};

const COLUMNS: &str =
    "id, title, body, published_by, published_at_ms, withdrawn_by, withdrawn_at_ms";

/// A notice as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoticeRow {
    pub id: i64,
    pub title: String,
    pub body: String,
    pub published_by: String,
    pub published_at_ms: i64,
    /// Who withdrew it and when.
    pub withdrawn: Option<(String, i64)>,
}

impl NoticeRow {
    fn from_row(row: &AnyRow) -> anyhow::Result<Self> {
        let withdrawn_by: Option<String> = row.try_get("withdrawn_by")?;
        let withdrawn_at: Option<i64> = row.try_get("withdrawn_at_ms")?;
        Ok(Self {
            id: row.try_get("id")?,
            title: row.try_get("title")?,
            body: row.try_get("body")?,
            published_by: row.try_get("published_by")?,
            published_at_ms: row.try_get("published_at_ms")?,
            withdrawn: withdrawn_at.map(|at| (withdrawn_by.unwrap_or_default(), at)),
        })
    }

    /// As everyone reads it: no operator names.
    pub fn public(&self) -> pb::Notice {
        pb::Notice {
            id: self.id,
            title: self.title.clone(),
            body: self.body.clone(),
            published_at_ms: self.published_at_ms,
            ..Default::default()
        }
    }

    /// As operators read it: who published it, and who withdrew it when.
    pub fn for_operators(&self) -> pb::Notice {
        let (withdrawn_by, withdrawn_at_ms) = self.withdrawn.clone().unwrap_or_default();
        pb::Notice {
            published_by: self.published_by.clone(),
            withdrawn_by,
            withdrawn_at_ms,
            ..self.public()
        }
    }
}

impl Store {
    /// A new notice, shown from `now`.
    pub async fn publish_notice(
        &self,
        title: &str,
        body: &str,
        operator: &str,
        now: i64,
    ) -> anyhow::Result<NoticeRow> {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO notices (title, body, published_by, published_at_ms) \
             VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(title)
        .bind(body)
        .bind(operator)
        .bind(now)
        .fetch_one(self.db.writer())
        .await?;
        Ok(NoticeRow {
            id,
            title: title.to_owned(),
            body: body.to_owned(),
            published_by: operator.to_owned(),
            published_at_ms: now,
            withdrawn: None,
        })
    }

    /// A page of notices newest first, after id `after`: the shown ones, or (for operators)
    /// the withdrawn ones too. Whether more follow.
    pub async fn notices(
        &self,
        after: Option<i64>,
        limit: usize,
        withdrawn_too: bool,
    ) -> anyhow::Result<(Vec<NoticeRow>, bool)> {
        let mut sql = Sql::new(&format!("SELECT {COLUMNS} FROM notices WHERE 1 = 1"));
        if !withdrawn_too {
            sql.push(" AND withdrawn_at_ms IS NULL");
        }
        if let Some(after) = after {
            let p = sql.int(after);
            sql.push(&format!(" AND id < {p}"));
        }
        let p = sql.int(limit as i64 + 1);
        sql.push(&format!(" ORDER BY id DESC LIMIT {p}"));
        let mut conn = self.db.pool.acquire().await?;
        let rows = sql
            .fetch_all(&mut conn)
            .await?
            .iter()
            .map(NoticeRow::from_row)
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(split_page(rows, limit))
    }

    /// Notice `id` if it is shown.
    pub async fn notice(&self, id: i64) -> anyhow::Result<Option<NoticeRow>> {
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM notices WHERE id = $1 AND withdrawn_at_ms IS NULL"
        )))
        .bind(id)
        .fetch_optional(&self.db.pool)
        .await?;
        row.as_ref().map(NoticeRow::from_row).transpose()
    }

    /// Withdraw notice `id` (it leaves the lists and its page), once it has been shown
    /// `min_days`: before, `notice_too_recent`. Withdrawing it again changes nothing.
    pub async fn withdraw_notice(
        &self,
        id: i64,
        operator: &str,
        min_days: i64,
        now: i64,
    ) -> Change<NoticeRow> {
        let stayed_since = now - min_days * 24 * 3_600_000;
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE notices SET withdrawn_by = $2, withdrawn_at_ms = $3 \
             WHERE id = $1 AND withdrawn_at_ms IS NULL AND published_at_ms <= $4 \
             RETURNING {COLUMNS}"
        )))
        .bind(id)
        .bind(operator)
        .bind(now)
        .bind(stayed_since)
        .fetch_optional(self.db.writer())
        .await?;
        if let Some(row) = row {
            return Ok(Ok(NoticeRow::from_row(&row)?));
        }
        // Not changed: why.
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM notices WHERE id = $1"
        )))
        .bind(id)
        .fetch_optional(&self.db.pool)
        .await?;
        let Some(notice) = row.as_ref().map(NoticeRow::from_row).transpose()? else {
            return Ok(Err(ErrorCode::NoticeNotFound.into()));
        };
        if notice.withdrawn.is_some() {
            return Ok(Ok(notice));
        }
        Ok(Err(DomainError::with_max(
            ErrorCode::NoticeTooRecent,
            min_days,
        )))
    }
}
