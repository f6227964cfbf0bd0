//! Comments: the top-level comments of a post or an insight article and the replies of a
//! comment (oldest first), writing one (daily limit, duplicates, the post's or article's
//! `comments_count` (and a post's rank) in the same transaction, its event), deleting one
//! (a comment with replies stays as a placeholder), and a member's own comments with their
//! posts.

use sise_platform::bus::acl::subjects::COMMENT_CREATED;
use sise_platform::error::ErrorCode;
use sise_platform::outbox;
use sise_proto::social::v1 as pb;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row as _};

use super::{
    AUTHOR_COLUMNS, AuthorRow, Change, HIDING_COLUMNS, Hiding, Sql, Store, Viewer, content_hash,
    event, lock_member, split_page,
};
use crate::domain::rank::hot_rank;
use crate::domain::{Commentable, Kind, text};

/// Characters of a post's start shown beside a member's own comment.
const EXCERPT_CHARS: usize = 60;

/// The columns of a comment and its author (`t` the comment, `a` its author).
fn columns() -> String {
    format!(
        "t.id, t.commentable_type, t.commentable_id, t.parent_id, t.security_id, t.user_id, \
         t.content, t.replies_count, t.sample, t.created_at_ms, t.deleted_at_ms, \
         {HIDING_COLUMNS}, {AUTHOR_COLUMNS}"
    )
}

fn select() -> String {
    format!(
        "SELECT {} FROM comments t LEFT JOIN authors a ON a.id = t.user_id",
        columns()
    )
}

/// A comment as stored, with its author.
#[derive(Clone, Debug)]
pub struct CommentRow {
    pub id: i64,
    /// The post or insight article it is on.
    pub on: Commentable,
    pub parent_id: Option<i64>,
    pub security_id: String,
    pub user_id: i64,
    pub content: String,
    pub replies: i64,
    pub sample: bool,
    pub created_at_ms: i64,
    pub deleted: bool,
    pub hiding: Option<Hiding>,
    pub author: AuthorRow,
}

impl CommentRow {
    fn from_row(row: &AnyRow) -> anyhow::Result<Self> {
        let user_id: i64 = row.try_get("user_id")?;
        Ok(Self {
            id: row.try_get("id")?,
            on: Commentable::from_db(
                &row.try_get::<String, _>("commentable_type")?,
                row.try_get("commentable_id")?,
            ),
            parent_id: row.try_get("parent_id")?,
            security_id: row.try_get("security_id")?,
            user_id,
            content: row.try_get("content")?,
            replies: row.try_get("replies_count")?,
            sample: row.try_get::<i64, _>("sample")? != 0,
            created_at_ms: row.try_get("created_at_ms")?,
            deleted: row.try_get::<Option<i64>, _>("deleted_at_ms")?.is_some(),
            hiding: Hiding::from_row(row)?,
            author: AuthorRow::from_joined(row, user_id)?,
        })
    }

    /// As `viewer` sees it: a deleted one has no content; another member's hidden one
    /// neither (the author sees theirs with the reason).
    pub fn proto(&self, viewer: Viewer) -> pb::Comment {
        let is_mine = viewer == Some(self.user_id);
        let withheld = !self.deleted && self.hiding.is_some() && !is_mine;
        pb::Comment {
            id: self.id,
            commentable: Some(self.on.reference()),
            parent_id: self.parent_id.unwrap_or(0),
            content: if self.deleted || withheld {
                String::new()
            } else {
                self.content.clone()
            },
            content_withheld: withheld,
            deleted: self.deleted,
            author: Some(self.author.proto()),
            is_my_comment: is_mine,
            replies_count: self.replies,
            hidden: if self.deleted {
                None
            } else {
                self.hiding.as_ref().map(|h| h.proto(is_mine))
            },
            sample: self.sample,
            created_at_ms: self.created_at_ms,
            post: None,
            insight_article: None,
        }
    }
}

/// What a comment is written on.
#[derive(Clone, Copy, Debug)]
pub enum Place {
    /// A top-level comment of a post or an insight article.
    On(Commentable),
    /// A reply to a comment (a reply to a reply joins its parent).
    Reply(i64),
}

impl Store {
    /// A page of the top-level comments of a post or article (a deleted one only while it
    /// has replies), or of the replies of comment `parent`, oldest first; the last id when
    /// more follow.
    pub async fn comments(
        &self,
        place: Place,
        after: Option<i64>,
        limit: usize,
        viewer: Viewer,
    ) -> anyhow::Result<(Vec<pb::Comment>, Option<i64>)> {
        let mut sql = Sql::new(&select());
        match place {
            Place::On(on) => {
                let kind = sql.text(on.as_str());
                let p = sql.int(on.id());
                sql.push(&format!(
                    " WHERE t.commentable_type = {kind} AND t.commentable_id = {p} \
                     AND t.parent_id IS NULL AND (t.deleted_at_ms IS NULL OR t.replies_count > 0)"
                ));
            }
            Place::Reply(parent) => {
                let p = sql.int(parent);
                sql.push(&format!(
                    " WHERE t.parent_id = {p} AND t.deleted_at_ms IS NULL"
                ));
            }
        }
        if let Some(after) = after {
            let p = sql.int(after);
            sql.push(&format!(" AND t.id > {p}"));
        }
        let limit_p = sql.int(limit as i64 + 1);
        sql.push(&format!(" ORDER BY t.id ASC LIMIT {limit_p}"));
        let mut conn = self.db.pool.acquire().await?;
        let rows = sql.fetch_all(&mut conn).await?;
        let rows: Vec<CommentRow> = rows
            .iter()
            .map(CommentRow::from_row)
            .collect::<Result<_, _>>()?;
        let (rows, more) = split_page(rows, limit);
        let next = more.then(|| rows.last().map(|r| r.id)).flatten();
        Ok((rows.iter().map(|r| r.proto(viewer)).collect(), next))
    }

    /// Comment `id`, deleted or not.
    pub async fn comment_row(&self, id: i64) -> anyhow::Result<Option<CommentRow>> {
        let mut conn = self.db.pool.acquire().await?;
        comment_row(&mut conn, id).await
    }

    /// Write `content` (normalised) by `user_id` at `place`; the post's or article's
    /// `comments_count` (and a post's rank) move in the same transaction;
    /// `events.social.comment_created`. The new id.
    pub async fn create_comment(
        &self,
        user_id: i64,
        place: Place,
        content: &str,
        now: i64,
    ) -> Change<i64> {
        // Where it goes, read first (the post or article to lock); checked again under the
        // locks.
        let (on, parent) = match place {
            Place::On(on) => (on, None),
            Place::Reply(id) => {
                let Some(target) = self.comment_row(id).await? else {
                    return Ok(Err(ErrorCode::CommentNotFound.into()));
                };
                (target.on, Some(id))
            }
        };
        let mut tx = self.db.begin().await?;
        match lock_member(&mut tx, user_id, now).await? {
            None => anyhow::bail!("member {user_id} has no authors row"),
            Some(locked) if locked.terminated => {
                return Ok(Err(ErrorCode::UserTerminated.into()));
            }
            Some(_) => {}
        }
        if let Err(refused) = self
            .admit_write(&mut tx, Kind::Comment, user_id, content, now)
            .await?
        {
            return Ok(Err(refused));
        }
        let Some(counted) = count_comment(&mut tx, on, 1, true).await? else {
            return Ok(Err(on.not_found()));
        };
        if counted.hidden {
            return Ok(Err(ErrorCode::ContentHidden.into()));
        }
        let security_id = counted.security_id;
        // One level of replies: a reply to a reply joins its parent.
        let parent_id = match parent {
            None => None,
            Some(id) => {
                let Some(target) = comment_row(&mut tx, id).await? else {
                    return Ok(Err(ErrorCode::CommentNotFound.into()));
                };
                if target.deleted {
                    return Ok(Err(ErrorCode::CommentNotFound.into()));
                }
                if target.hiding.is_some() {
                    return Ok(Err(ErrorCode::ContentHidden.into()));
                }
                let top = target.parent_id.unwrap_or(target.id);
                sqlx::query("UPDATE comments SET replies_count = replies_count + 1 WHERE id = $1")
                    .bind(top)
                    .execute(&mut *tx)
                    .await?;
                Some(top)
            }
        };
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO comments (commentable_type, commentable_id, parent_id, security_id, \
             user_id, content, content_hash, created_at_ms) \
             VALUES ($8, $1, $2, $3, $4, $5, $6, $7) RETURNING id",
        )
        .bind(on.id())
        .bind(parent_id)
        .bind(&security_id)
        .bind(user_id)
        .bind(content)
        .bind(content_hash(content))
        .bind(now)
        .bind(on.as_str())
        .fetch_one(&mut *tx)
        .await?;
        let created = pb::CommentCreated {
            comment_id: id,
            commentable: Some(on.reference()),
            parent_id: parent_id.unwrap_or(0),
            user_id,
            security_id,
            created_at_ms: now,
        };
        event(&mut tx, COMMENT_CREATED, &created).await?;
        outbox::commit(&self.db, tx).await?;
        Ok(Ok(id))
    }

    /// Delete comment `id` (only `author`'s, when given; else an operator's `deleted_by`);
    /// its post's or article's `comments_count` moves in the same transaction; its case
    /// closes.
    pub async fn delete_comment(
        &self,
        id: i64,
        author: Option<i64>,
        deleted_by: &str,
        now: i64,
    ) -> Change<()> {
        let Some(target) = self.comment_row(id).await? else {
            return Ok(Err(ErrorCode::CommentNotFound.into()));
        };
        let mut tx = self.db.begin().await?;
        if !remove_comment(&mut tx, target.on, id, author, deleted_by, now).await? {
            return Ok(Err(ErrorCode::CommentNotFound.into()));
        }
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// A page of `user_id`'s own comments (not deleted), newest first, each with its post or
    /// insight article; the last id when more follow.
    pub async fn my_comments(
        &self,
        user_id: i64,
        after: Option<i64>,
        limit: usize,
    ) -> anyhow::Result<(Vec<pb::Comment>, Option<i64>)> {
        let mut sql = Sql::new(&format!(
            "SELECT {}, p.id AS post_ref, p.content AS post_content, p.user_id AS post_author, \
             p.hidden_by AS post_hidden, p.deleted_at_ms AS post_deleted, \
             i.id AS article_ref, i.title AS article_title, \
             i.withdrawn_at_ms AS article_withdrawn \
             FROM comments t LEFT JOIN authors a ON a.id = t.user_id \
             LEFT JOIN posts p ON t.commentable_type = 'post' AND p.id = t.commentable_id \
             LEFT JOIN insight_articles i \
             ON t.commentable_type = 'insight_article' AND i.id = t.commentable_id",
            columns()
        ));
        let user = sql.int(user_id);
        sql.push(&format!(
            " WHERE t.user_id = {user} AND t.deleted_at_ms IS NULL"
        ));
        if let Some(after) = after {
            let p = sql.int(after);
            sql.push(&format!(" AND t.id < {p}"));
        }
        let limit_p = sql.int(limit as i64 + 1);
        sql.push(&format!(" ORDER BY t.id DESC LIMIT {limit_p}"));
        let mut conn = self.db.pool.acquire().await?;
        let rows = sql.fetch_all(&mut conn).await?;
        let (rows, more) = split_page(rows, limit);
        let mut comments = Vec::with_capacity(rows.len());
        for row in &rows {
            let stored = CommentRow::from_row(row)?;
            let mut comment = stored.proto(Some(user_id));
            // A comment on an insight article names the article (its title while shown).
            if let Commentable::InsightArticle(article_id) = stored.on {
                let found: Option<i64> = row.try_get("article_ref")?;
                let withdrawn = found.is_none()
                    || row
                        .try_get::<Option<i64>, _>("article_withdrawn")?
                        .is_some();
                comment.insight_article = Some(pb::InsightArticleSummary {
                    id: article_id,
                    title: if withdrawn {
                        String::new()
                    } else {
                        row.try_get::<Option<String>, _>("article_title")?
                            .unwrap_or_default()
                    },
                    withdrawn,
                });
                comments.push(comment);
                continue;
            }
            let post_id: Option<i64> = row.try_get("post_ref")?;
            let deleted =
                post_id.is_none() || row.try_get::<Option<i64>, _>("post_deleted")?.is_some();
            let hidden = row.try_get::<Option<String>, _>("post_hidden")?.is_some();
            let mine = row.try_get::<Option<i64>, _>("post_author")? == Some(user_id);
            let content: Option<String> = row.try_get("post_content")?;
            comment.post = Some(pb::PostSummary {
                id: post_id.unwrap_or_else(|| comment.commentable.as_ref().map_or(0, |c| c.id)),
                security_id: row.try_get("security_id")?,
                excerpt: match content {
                    Some(text) if !deleted && (!hidden || mine) => {
                        text::excerpt(&text, EXCERPT_CHARS)
                    }
                    _ => String::new(),
                },
                deleted,
            });
            comments.push(comment);
        }
        let next = more.then(|| comments.last().map(|c| c.id)).flatten();
        Ok((comments, next))
    }
}

/// Comment `id`, deleted or not.
pub(crate) async fn comment_row(
    conn: &mut AnyConnection,
    id: i64,
) -> anyhow::Result<Option<CommentRow>> {
    let row = sqlx::query(sqlx::AssertSqlSafe(format!("{} WHERE t.id = $1", select())))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(CommentRow::from_row).transpose()
}

/// Marks comment `id` on `on` deleted (only `author`'s, when given): the post or article
/// locked first (every comment change locks it, deleted or not: a member may still delete
/// their comments of a deleted post), its parent's replies and the post's or article's
/// comments counted down (a post's rank moved), the case closed. Whether there was such a
/// comment.
pub(crate) async fn remove_comment(
    conn: &mut AnyConnection,
    on: Commentable,
    id: i64,
    author: Option<i64>,
    deleted_by: &str,
    now: i64,
) -> anyhow::Result<bool> {
    lock_commentable(conn, on).await?;
    let deleted: Option<Option<i64>> = sqlx::query_scalar(
        "UPDATE comments SET deleted_at_ms = $2, deleted_by = $3 \
         WHERE id = $1 AND deleted_at_ms IS NULL AND ($4 = 0 OR user_id = $5) \
         RETURNING parent_id",
    )
    .bind(id)
    .bind(now)
    .bind(deleted_by)
    .bind(i64::from(author.is_some()))
    .bind(author.unwrap_or(0))
    .fetch_optional(&mut *conn)
    .await?;
    let Some(parent_id) = deleted else {
        return Ok(false);
    };
    if let Some(parent) = parent_id {
        sqlx::query("UPDATE comments SET replies_count = replies_count - 1 WHERE id = $1")
            .bind(parent)
            .execute(&mut *conn)
            .await?;
    }
    count_comment(conn, on, -1, false).await?;
    sqlx::query("UPDATE cases SET open = 0 WHERE target_type = 'comment' AND target_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(true)
}

/// Takes the lock of the post or article a comment is on (deleted or not) for the rest of
/// the transaction.
pub(crate) async fn lock_commentable(
    conn: &mut AnyConnection,
    on: Commentable,
) -> anyhow::Result<()> {
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE {} SET comments_count = comments_count WHERE id = $1",
        on.table()
    )))
    .bind(on.id())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The counters of a post or article after a change, under its lock.
pub(crate) struct Counted {
    pub likes: i64,
    pub dislikes: i64,
    pub hidden: bool,
    /// The post's board; an article's first security (or empty).
    pub security_id: String,
}

/// Locks `on` and moves its `comments_count` by `delta` (a post's rank with it); `None`
/// when there is no such post or article (with `shown_only`: a deleted post or withdrawn
/// article neither).
pub(crate) async fn count_comment(
    conn: &mut AnyConnection,
    on: Commentable,
    delta: i64,
    shown_only: bool,
) -> anyhow::Result<Option<Counted>> {
    lock_counters(
        conn,
        on,
        "comments_count = comments_count + $2",
        delta,
        shown_only,
    )
    .await
}

/// Runs `UPDATE … SET {set}` (its `$2` is `value`) on `on`'s row, which locks it, and
/// answers its counters after; a post's rank follows its counters.
pub(crate) async fn lock_counters(
    conn: &mut AnyConnection,
    on: Commentable,
    set: &str,
    value: i64,
    shown_only: bool,
) -> anyhow::Result<Option<Counted>> {
    match on {
        Commentable::Post(post_id) => {
            let shown = if shown_only {
                " AND deleted_at_ms IS NULL"
            } else {
                ""
            };
            let post: Option<(i64, i64, i64, i64, Option<String>, String)> =
                sqlx::query_as(sqlx::AssertSqlSafe(format!(
                    "UPDATE posts SET {set} WHERE id = $1{shown} \
                     RETURNING likes_count, dislikes_count, comments_count, created_at_ms, \
                     hidden_by, security_id"
                )))
                .bind(post_id)
                .bind(value)
                .fetch_optional(&mut *conn)
                .await?;
            let Some((likes, dislikes, comments, created_at_ms, hidden_by, security_id)) = post
            else {
                return Ok(None);
            };
            set_rank(
                conn,
                post_id,
                hot_rank(likes, dislikes, comments, created_at_ms),
            )
            .await?;
            Ok(Some(Counted {
                likes,
                dislikes,
                hidden: hidden_by.is_some(),
                security_id,
            }))
        }
        Commentable::InsightArticle(id) => {
            let shown = if shown_only {
                " AND withdrawn_at_ms IS NULL"
            } else {
                ""
            };
            let article: Option<(i64, i64, String)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
                "UPDATE insight_articles SET {set} WHERE id = $1{shown} \
                     RETURNING likes_count, dislikes_count, security_ids"
            )))
            .bind(id)
            .bind(value)
            .fetch_optional(&mut *conn)
            .await?;
            Ok(article.map(|(likes, dislikes, securities)| Counted {
                likes,
                dislikes,
                hidden: false,
                security_id: securities.split(',').next().unwrap_or_default().to_owned(),
            }))
        }
    }
}

pub(crate) async fn set_rank(
    conn: &mut AnyConnection,
    post_id: i64,
    rank: i64,
) -> anyhow::Result<()> {
    sqlx::query("UPDATE posts SET hot_rank = $2 WHERE id = $1")
        .bind(post_id)
        .bind(rank)
        .execute(&mut *conn)
        .await?;
    Ok(())
}
