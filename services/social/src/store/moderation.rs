//! Moderation in the open: reports (one per member and target, never of one's own), the
//! hiding of content reported by enough distinct members, the author's objection (once per
//! hiding), and the operators' cases: the queue (most distinct reporters first; an
//! objection reopens a case), one case in full, and the decisions (hide with a reason,
//! restore, remove). Each change locks its target's row first.

use sise_platform::bus::acl::subjects::{CONTENT_HIDDEN, POST_DELETED};
use sise_platform::error::ErrorCode;
use sise_platform::outbox;
use sise_proto::social::v1 as pb;
use sqlx::{AnyConnection, Row as _};

use super::comments::{comment_row, lock_commentable, remove_comment};
use super::posts::{self, PostRow, delete_post_row};
use super::{Change, Hiding, Store, event, split_page, table};
use crate::domain::{Commentable, HiddenBy, Kind, REPORTED_REASON, ReportType};

/// Free texts of 기타 reports a case shows.
const CASE_TEXTS: i64 = 20;

/// A report as filed.
#[derive(Clone, Debug)]
pub struct NewReport {
    pub user_id: i64,
    pub kind: Kind,
    pub target_id: i64,
    pub report_type: ReportType,
    /// Only with [`ReportType::Other`] (checked before).
    pub content: String,
}

/// An operator's decision on a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Hide,
    Restore,
    Remove,
}

impl Decision {
    fn as_str(self) -> &'static str {
        match self {
            Self::Hide => "hide",
            Self::Restore => "restore",
            Self::Remove => "remove",
        }
    }
}

/// A target's row as moderation sees it (deleted or not).
struct Target {
    user_id: i64,
    security_id: String,
    /// What a comment is on (a post's own id for a post).
    on: Commentable,
    deleted: bool,
    hiding: Option<Hiding>,
}

/// The post or article a target is on (a post's own id), read before its transaction
/// begins (it never changes); `None` when there is no such target.
async fn post_of(store: &Store, kind: Kind, id: i64) -> anyhow::Result<Option<Commentable>> {
    match kind {
        Kind::Post => Ok(Some(Commentable::Post(id))),
        Kind::Comment => {
            let on: Option<(String, i64)> = sqlx::query_as(
                "SELECT commentable_type, commentable_id FROM comments WHERE id = $1",
            )
            .bind(id)
            .fetch_optional(&store.db.pool)
            .await?;
            Ok(on.map(|(kind, id)| Commentable::from_db(&kind, id)))
        }
    }
}

/// Locks target `kind` `id` on `on` (a write first: a comment's post or article, then the
/// target's own row, the store's lock order) and reads it.
async fn lock_target(
    conn: &mut AnyConnection,
    kind: Kind,
    id: i64,
    on: Commentable,
) -> anyhow::Result<Option<Target>> {
    if kind == Kind::Comment {
        lock_commentable(conn, on).await?;
    }
    let row = sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE {table} SET hidden_reason = hidden_reason WHERE id = $1 \
         RETURNING user_id, security_id, deleted_at_ms, hidden_by, hidden_reason, objection, \
         objected_at_ms",
        table = table(kind)
    )))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    Ok(Some(Target {
        user_id: row.try_get("user_id")?,
        security_id: row.try_get("security_id")?,
        on,
        deleted: row.try_get::<Option<i64>, _>("deleted_at_ms")?.is_some(),
        hiding: Hiding::from_row(&row)?,
    }))
}

/// Hides target `kind` `id` (`by`, `reason`), with `events.social.content_hidden`. A new
/// hiding (of visible content) clears an earlier objection; a change of why it is hidden
/// keeps it.
async fn hide(
    conn: &mut AnyConnection,
    kind: Kind,
    id: i64,
    security_id: &str,
    (by, reason): (HiddenBy, &str),
    was_hidden: bool,
    now: i64,
) -> anyhow::Result<()> {
    let clear_objection = if was_hidden {
        ""
    } else {
        ", objection = NULL, objected_at_ms = NULL"
    };
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE {table} SET hidden_by = $2, hidden_reason = $3, hidden_at_ms = $4{clear_objection} \
         WHERE id = $1",
        table = table(kind)
    )))
    .bind(id)
    .bind(by.as_str())
    .bind(reason)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    hidden_event(conn, kind, id, security_id, by, reason, now).await
}

pub(crate) async fn hidden_event(
    conn: &mut AnyConnection,
    kind: Kind,
    id: i64,
    security_id: &str,
    by: HiddenBy,
    reason: &str,
    now: i64,
) -> anyhow::Result<()> {
    let message = pb::ContentHidden {
        target: Some(kind.reference(id)),
        security_id: security_id.to_owned(),
        by: by.proto() as i32,
        reason: reason.to_owned(),
        hidden_at_ms: now,
    };
    event(conn, CONTENT_HIDDEN, &message).await
}

impl Store {
    /// File `report`: `cannot_report_own`, `already_reported`, or the report; the
    /// reporter counts on the target's case, and the threshold's reporter hides it.
    pub async fn report(&self, report: &NewReport, now: i64) -> Change<pb::Report> {
        let kind = report.kind;
        let Some(on) = post_of(self, kind, report.target_id).await? else {
            return Ok(Err(kind.not_found()));
        };
        let mut tx = self.db.begin().await?;
        let target = lock_target(&mut tx, kind, report.target_id, on).await?;
        let Some(target) = target.filter(|t| !t.deleted) else {
            return Ok(Err(kind.not_found()));
        };
        if target.user_id == report.user_id {
            return Ok(Err(ErrorCode::CannotReportOwn.into()));
        }
        let id: Option<i64> = sqlx::query_scalar(
            "INSERT INTO reports (user_id, target_type, target_id, report_type, content, \
             created_at_ms) VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (user_id, target_type, target_id) DO NOTHING RETURNING id",
        )
        .bind(report.user_id)
        .bind(kind.as_str())
        .bind(report.target_id)
        .bind(report.report_type.as_str())
        .bind(&report.content)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(id) = id else {
            return Ok(Err(ErrorCode::AlreadyReported.into()));
        };
        let reporters: i64 = sqlx::query_scalar(
            "INSERT INTO cases (target_type, target_id, reporters, open, updated_at_ms) \
             VALUES ($1, $2, 1, 1, $3) ON CONFLICT (target_type, target_id) DO UPDATE SET \
             reporters = cases.reporters + 1, open = 1, updated_at_ms = excluded.updated_at_ms \
             RETURNING reporters",
        )
        .bind(kind.as_str())
        .bind(report.target_id)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        if reporters >= self.rules.hide_after_reporters && target.hiding.is_none() {
            hide(
                &mut tx,
                kind,
                report.target_id,
                &target.security_id,
                (HiddenBy::Reports, REPORTED_REASON),
                false,
                now,
            )
            .await?;
        }
        outbox::commit(&self.db, tx).await?;
        Ok(Ok(pb::Report {
            id,
            target: Some(kind.reference(report.target_id)),
            report_type: report.report_type.proto() as i32,
            content: report.content.clone(),
            created_at_ms: now,
        }))
    }

    /// The author's objection to the hiding of their own `kind` `id`: `not_hidden`,
    /// `already_objected`, or the hiding with it; the case goes back to the queue.
    pub async fn object(
        &self,
        user_id: i64,
        kind: Kind,
        id: i64,
        text: &str,
        now: i64,
    ) -> Change<pb::Hidden> {
        let Some(on) = post_of(self, kind, id).await? else {
            return Ok(Err(kind.not_found()));
        };
        let mut tx = self.db.begin().await?;
        let target = lock_target(&mut tx, kind, id, on).await?;
        let Some(target) = target.filter(|t| !t.deleted && t.user_id == user_id) else {
            return Ok(Err(kind.not_found()));
        };
        let Some(mut hiding) = target.hiding else {
            return Ok(Err(ErrorCode::NotHidden.into()));
        };
        if hiding.by == HiddenBy::AuthorTerminated {
            return Ok(Err(ErrorCode::NotHidden.into()));
        }
        if hiding.objection.is_some() {
            return Ok(Err(ErrorCode::AlreadyObjected.into()));
        }
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE {table} SET objection = $2, objected_at_ms = $3 WHERE id = $1",
            table = table(kind)
        )))
        .bind(id)
        .bind(text)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO cases (target_type, target_id, reporters, open, updated_at_ms) \
             VALUES ($1, $2, 0, 1, $3) ON CONFLICT (target_type, target_id) DO UPDATE SET \
             open = 1, updated_at_ms = excluded.updated_at_ms",
        )
        .bind(kind.as_str())
        .bind(id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        hiding.objection = Some((text.to_owned(), now));
        Ok(Ok(hiding.proto(true)))
    }

    /// An operator's decision on `kind` `id` (`reason` required to hide, checked before):
    /// the case closes with it and its reporters start again from none.
    pub async fn decide(
        &self,
        kind: Kind,
        id: i64,
        decision: Decision,
        reason: &str,
        operator: &str,
        now: i64,
    ) -> Change<()> {
        let Some(on) = post_of(self, kind, id).await? else {
            return Ok(Err(kind.not_found()));
        };
        let mut tx = self.db.begin().await?;
        let target = lock_target(&mut tx, kind, id, on).await?;
        let Some(target) = target.filter(|t| !t.deleted) else {
            return Ok(Err(kind.not_found()));
        };
        match decision {
            Decision::Hide => {
                hide(
                    &mut tx,
                    kind,
                    id,
                    &target.security_id,
                    (HiddenBy::Operator, reason),
                    target.hiding.is_some(),
                    now,
                )
                .await?;
            }
            Decision::Restore => {
                sqlx::query(sqlx::AssertSqlSafe(format!(
                    "UPDATE {table} SET hidden_by = NULL, hidden_reason = '', hidden_at_ms = NULL, \
                     objection = NULL, objected_at_ms = NULL WHERE id = $1",
                    table = table(kind)
                )))
                .bind(id)
                .execute(&mut *tx)
                .await?;
            }
            Decision::Remove => match kind {
                Kind::Post => {
                    if let Some((security_id, user_id)) =
                        delete_post_row(&mut tx, id, None, operator, now).await?
                    {
                        let message = pb::PostDeleted {
                            post_id: id,
                            security_id,
                            user_id,
                            deleted_at_ms: now,
                        };
                        event(&mut tx, POST_DELETED, &message).await?;
                    }
                }
                Kind::Comment => {
                    remove_comment(&mut tx, target.on, id, None, operator, now).await?;
                }
            },
        }
        sqlx::query(
            "INSERT INTO cases (target_type, target_id, reporters, open, decision, \
             decision_reason, decided_by, decided_at_ms, updated_at_ms) \
             VALUES ($1, $2, 0, 0, $3, $4, $5, $6, $6) \
             ON CONFLICT (target_type, target_id) DO UPDATE SET reporters = 0, open = 0, \
             decision = excluded.decision, decision_reason = excluded.decision_reason, \
             decided_by = excluded.decided_by, decided_at_ms = excluded.decided_at_ms, \
             updated_at_ms = excluded.updated_at_ms",
        )
        .bind(kind.as_str())
        .bind(id)
        .bind(decision.as_str())
        .bind(reason)
        .bind(operator)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        outbox::commit(&self.db, tx).await?;
        Ok(Ok(()))
    }

    /// Target `kind` `id`'s case as operators see it, whatever its state.
    pub async fn case(&self, kind: Kind, id: i64) -> anyhow::Result<Option<pb::Case>> {
        let mut conn = self.db.pool.acquire().await?;
        let (content, author, security_id, hiding, removed, created_at_ms) = match kind {
            Kind::Post => {
                let row = sqlx::query(sqlx::AssertSqlSafe(format!(
                    "{} WHERE t.id = $1",
                    posts::select()
                )))
                .bind(id)
                .fetch_optional(&mut *conn)
                .await?;
                let Some(row) = row else {
                    return Ok(None);
                };
                let post = PostRow::from_row(&row)?;
                (
                    post.content,
                    post.author,
                    post.security_id,
                    post.hiding,
                    post.deleted,
                    post.created_at_ms,
                )
            }
            Kind::Comment => {
                let Some(comment) = comment_row(&mut conn, id).await? else {
                    return Ok(None);
                };
                (
                    comment.content,
                    comment.author,
                    comment.security_id,
                    comment.hiding,
                    comment.deleted,
                    comment.created_at_ms,
                )
            }
        };
        let decided: Option<(i64, String, i64)> = sqlx::query_as(
            "SELECT reporters, decided_by, decided_at_ms FROM cases \
             WHERE target_type = $1 AND target_id = $2",
        )
        .bind(kind.as_str())
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
        let (reporters, decided_by, decided_at_ms) = decided.unwrap_or((0, String::new(), 0));
        let reasons: Vec<(String, i64)> = sqlx::query_as(
            "SELECT report_type, COUNT(*) FROM reports WHERE target_type = $1 AND target_id = $2 \
             AND created_at_ms > $3 GROUP BY report_type ORDER BY report_type",
        )
        .bind(kind.as_str())
        .bind(id)
        .bind(decided_at_ms)
        .fetch_all(&mut *conn)
        .await?;
        let texts: Vec<String> = sqlx::query_scalar(
            "SELECT content FROM reports WHERE target_type = $1 AND target_id = $2 \
             AND created_at_ms > $3 AND report_type = 'other' AND content <> '' \
             ORDER BY id DESC LIMIT $4",
        )
        .bind(kind.as_str())
        .bind(id)
        .bind(decided_at_ms)
        .bind(CASE_TEXTS)
        .fetch_all(&mut *conn)
        .await?;
        Ok(Some(pb::Case {
            target: Some(kind.reference(id)),
            security_id,
            author: Some(author.proto()),
            content,
            reporters,
            reasons: reasons
                .into_iter()
                .map(|(t, count)| pb::ReportCount {
                    report_type: ReportType::from_db(&t).proto() as i32,
                    count,
                })
                .collect(),
            report_texts: texts,
            hidden: hiding.as_ref().map(Hiding::for_operators),
            removed,
            decided_by,
            decided_at_ms,
            created_at_ms,
        }))
    }

    /// The open cases: how many, and when the one waiting longest last changed (epoch ms).
    pub async fn queue_stats(&self) -> anyhow::Result<(i64, Option<i64>)> {
        Ok(
            sqlx::query_as("SELECT COUNT(*), MIN(updated_at_ms) FROM cases WHERE open = 1")
                .fetch_one(&self.db.pool)
                .await?,
        )
    }

    /// A page of the open cases, the most distinct reporters first; the position after
    /// the last (`[reporters, case id]`) when more follow.
    pub async fn queue(
        &self,
        after: Option<(i64, i64)>,
        limit: usize,
    ) -> anyhow::Result<(Vec<pb::Case>, Option<Vec<i64>>)> {
        let (reporters, case_id) = after.unwrap_or((i64::MAX, 0));
        let rows: Vec<(i64, String, i64, i64)> = sqlx::query_as(
            "SELECT id, target_type, target_id, reporters FROM cases WHERE open = 1 \
             AND (reporters < $1 OR (reporters = $1 AND id > $2)) \
             ORDER BY reporters DESC, id ASC LIMIT $3",
        )
        .bind(reporters)
        .bind(case_id)
        .bind(limit as i64 + 1)
        .fetch_all(&self.db.pool)
        .await?;
        let (rows, more) = split_page(rows, limit);
        let mut cases = Vec::with_capacity(rows.len());
        for (_, kind, target_id, _) in &rows {
            if let Some(case) = self.case(Kind::from_db(kind), *target_id).await? {
                cases.push(case);
            }
        }
        let next = more
            .then(|| {
                rows.last()
                    .map(|(id, _, _, reporters)| vec![*reporters, *id])
            })
            .flatten();
        Ok((cases, next))
    }
}
