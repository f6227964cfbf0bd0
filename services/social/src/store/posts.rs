//! Posts: a board's pages (or every board's, or a member's own) in both orders, one post
//! with its neighbours, writing one (daily limit, duplicates, pictures, its event) and
//! deleting one (by its author or an operator), and the stored pictures.

use std::collections::HashMap;

use sise_platform::bus::acl::subjects::{POST_CREATED, POST_DELETED};
use sise_platform::error::ErrorCode;
use sise_platform::outbox;
use sise_proto::social::v1 as pb;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row as _};

use super::{
    AUTHOR_COLUMNS, AuthorRow, Change, HIDING_COLUMNS, Hiding, Sql, Store, Viewer, content_hash,
    emotions, event, lock_member, my_emotion, split_page,
};
use crate::domain::rank::hot_rank;
use crate::domain::{Category, Emotion, Kind, Sort};

/// The columns of a post and its author (`t` the post, `a` its author).
pub(crate) fn select() -> String {
    format!(
        "SELECT t.id, t.security_id, t.user_id, t.category, t.content, t.likes_count, \
         t.dislikes_count, t.comments_count, t.hot_rank, t.sample, t.created_at_ms, \
         t.deleted_at_ms, {HIDING_COLUMNS}, {AUTHOR_COLUMNS} FROM posts t LEFT JOIN authors a ON a.id = t.user_id"
    )
}

/// A post as stored, with its author.
#[derive(Clone, Debug)]
pub struct PostRow {
    pub id: i64,
    pub security_id: String,
    pub user_id: i64,
    pub category: Category,
    pub content: String,
    pub likes: i64,
    pub dislikes: i64,
    pub comments: i64,
    pub hot_rank: i64,
    pub sample: bool,
    pub created_at_ms: i64,
    /// Deleted by its author or removed by an operator (only moderation reads these).
    pub deleted: bool,
    pub hiding: Option<Hiding>,
    pub author: AuthorRow,
}

impl PostRow {
    pub(crate) fn from_row(row: &AnyRow) -> anyhow::Result<Self> {
        let user_id: i64 = row.try_get("user_id")?;
        Ok(Self {
            id: row.try_get("id")?,
            security_id: row.try_get("security_id")?,
            user_id,
            category: Category::from_db(&row.try_get::<String, _>("category")?),
            content: row.try_get("content")?,
            likes: row.try_get("likes_count")?,
            dislikes: row.try_get("dislikes_count")?,
            comments: row.try_get("comments_count")?,
            hot_rank: row.try_get("hot_rank")?,
            sample: row.try_get::<i64, _>("sample")? != 0,
            created_at_ms: row.try_get("created_at_ms")?,
            deleted: row.try_get::<Option<i64>, _>("deleted_at_ms")?.is_some(),
            hiding: Hiding::from_row(row)?,
            author: AuthorRow::from_joined(row, user_id)?,
        })
    }

    /// The position after this post in a list of `sort` (its cursor's values).
    pub fn position(&self, sort: Sort) -> Vec<i64> {
        match sort {
            Sort::Recent => vec![self.id],
            Sort::Rank => vec![self.hot_rank, self.id],
        }
    }

    /// The post as `viewer` sees it: another member's hidden post has no content and no
    /// pictures; the author sees it whole, with the reason and whether they may object.
    pub fn proto(
        &self,
        viewer: Viewer,
        images: Vec<pb::PostImage>,
        emotion: Option<Emotion>,
    ) -> pb::Post {
        let is_mine = viewer == Some(self.user_id);
        let withheld = self.hiding.is_some() && !is_mine;
        pb::Post {
            id: self.id,
            security_id: self.security_id.clone(),
            category: self.category.proto() as i32,
            content: if withheld {
                String::new()
            } else {
                self.content.clone()
            },
            content_withheld: withheld,
            author: Some(self.author.proto()),
            images: if withheld { Vec::new() } else { images },
            likes_count: self.likes,
            dislikes_count: self.dislikes,
            comments_count: self.comments,
            my_emotion: Some(my_emotion(emotion)),
            is_mine,
            hidden: self.hiding.as_ref().map(|h| h.proto(is_mine)),
            sample: self.sample,
            created_at_ms: self.created_at_ms,
        }
    }
}

/// Which posts a page holds.
#[derive(Clone, Debug)]
pub struct PostList {
    /// One board, or every board.
    pub security_id: Option<String>,
    /// Only this member's.
    pub author: Option<i64>,
    pub category: Option<Category>,
    pub sort: Sort,
    /// After this position (a previous page's last, [`PostRow::position`]).
    pub after: Option<Vec<i64>>,
    pub limit: usize,
}

/// A picture of a new post: its content-addressed id and each stored size.
#[derive(Clone, Debug)]
pub struct NewImage {
    pub id: String,
    /// The large rendition's dimensions (what the post lists).
    pub width: u32,
    pub height: u32,
    /// `(size, width, height, jpeg)` of each rendition.
    pub renditions: Vec<(u32, u32, u32, Vec<u8>)>,
}

impl NewImage {
    /// As the post lists it (its large rendition).
    pub fn proto(&self) -> pb::PostImage {
        pb::PostImage {
            id: self.id.clone(),
            width: self.width,
            height: self.height,
        }
    }
}

/// A post to write (already checked: text normalised, board known, pictures rendered).
#[derive(Clone, Debug)]
pub struct NewPost {
    pub user_id: i64,
    pub security_id: String,
    pub category: Category,
    pub content: String,
    pub images: Vec<NewImage>,
}

/// Who deletes a post.
#[derive(Clone, Copy, Debug)]
pub enum Deleter<'a> {
    /// Its author: another member's post is not found.
    Author(i64),
    /// An operator (by name), whoever wrote it.
    Operator(&'a str),
}

impl Store {
    /// A page of posts as `viewer` sees them, and the position after its last when more
    /// follow.
    pub async fn posts(
        &self,
        list: &PostList,
        viewer: Viewer,
    ) -> anyhow::Result<(Vec<pb::Post>, Option<Vec<i64>>)> {
        let mut sql = Sql::new(&select());
        sql.push(" WHERE t.deleted_at_ms IS NULL");
        if let Some(security_id) = &list.security_id {
            let p = sql.text(security_id);
            sql.push(&format!(" AND t.security_id = {p}"));
        }
        if let Some(author) = list.author {
            let p = sql.int(author);
            sql.push(&format!(" AND t.user_id = {p}"));
        }
        if let Some(category) = list.category {
            let p = sql.text(category.as_str());
            sql.push(&format!(" AND t.category = {p}"));
        }
        match (list.sort, list.after.as_deref()) {
            (Sort::Recent, Some([id])) => {
                let p = sql.int(*id);
                sql.push(&format!(" AND t.id < {p}"));
            }
            (Sort::Rank, Some([rank, id])) => {
                let (r, i) = (sql.int(*rank), sql.int(*id));
                sql.push(&format!(" AND (t.hot_rank, t.id) < ({r}, {i})"));
            }
            _ => {}
        }
        sql.push(match list.sort {
            Sort::Recent => " ORDER BY t.id DESC",
            Sort::Rank => " ORDER BY t.hot_rank DESC, t.id DESC",
        });
        let limit = sql.int(list.limit as i64 + 1);
        sql.push(&format!(" LIMIT {limit}"));
        let mut conn = self.db.pool.acquire().await?;
        let rows = sql.fetch_all(&mut conn).await?;
        let rows: Vec<PostRow> = rows
            .iter()
            .map(PostRow::from_row)
            .collect::<Result<_, _>>()?;
        let (rows, more) = split_page(rows, list.limit);
        let next = more
            .then(|| rows.last().map(|last| last.position(list.sort)))
            .flatten();
        Ok((seen_by(&mut conn, &rows, viewer).await?, next))
    }

    /// One post that was not deleted.
    pub async fn post_row(&self, id: i64) -> anyhow::Result<Option<PostRow>> {
        let mut conn = self.db.pool.acquire().await?;
        post_row(&mut conn, id).await
    }

    /// One post as `viewer` sees it.
    pub async fn post(&self, id: i64, viewer: Viewer) -> anyhow::Result<Option<pb::Post>> {
        let mut conn = self.db.pool.acquire().await?;
        let Some(row) = post_row(&mut conn, id).await? else {
            return Ok(None);
        };
        Ok(seen_by(&mut conn, &[row], viewer).await?.pop())
    }

    /// The newer and older posts beside post `id` on board `security_id` (only
    /// `author`'s, for a member's own list): `(newer, older)`, 0 at an end.
    pub async fn neighbours(
        &self,
        security_id: &str,
        id: i64,
        author: Option<i64>,
    ) -> anyhow::Result<(i64, i64)> {
        let mut conn = self.db.pool.acquire().await?;
        let mut ids = [0, 0];
        for (slot, (compare, order)) in [(">", "ASC"), ("<", "DESC")].into_iter().enumerate() {
            let mut sql = Sql::new("SELECT t.id FROM posts t WHERE t.deleted_at_ms IS NULL");
            let board = sql.text(security_id);
            sql.push(&format!(" AND t.security_id = {board}"));
            if let Some(author) = author {
                let p = sql.int(author);
                sql.push(&format!(" AND t.user_id = {p}"));
            }
            let from = sql.int(id);
            sql.push(&format!(
                " AND t.id {compare} {from} ORDER BY t.id {order} LIMIT 1"
            ));
            if let Some(row) = sql.fetch_all(&mut conn).await?.first() {
                ids[slot] = row.try_get("id")?;
            }
        }
        Ok((ids[0], ids[1]))
    }

    /// Whether `user_id` may write a post now (the daily limit and duplicates), read
    /// without a lock: pictures are rendered only for a post that will likely be taken.
    /// [`Store::create_post`] checks again under the member's lock.
    pub async fn may_post(&self, user_id: i64, content: &str, now: i64) -> Change<()> {
        let mut conn = self.db.pool.acquire().await?;
        self.write_allowed(&mut conn, Kind::Post, user_id, content, now)
            .await
    }

    /// Write `post` (its author's row exists: `authors`), with `events.social.post_created`:
    /// the new post as stored, built from the transaction (nothing is read again). A text
    /// post is written together with the others waiting at that moment (`post_batch`).
    pub async fn create_post(&self, post: &NewPost, now: i64) -> Change<PostRow> {
        if post.images.is_empty() {
            self.create_post_batched(post, now).await
        } else {
            self.create_post_alone(post, now).await
        }
    }

    /// Write `post` in a transaction of its own.
    pub(crate) async fn create_post_alone(&self, post: &NewPost, now: i64) -> Change<PostRow> {
        let mut tx = self.db.begin().await?;
        let author = match lock_member(&mut tx, post.user_id, now).await? {
            None => anyhow::bail!("member {} has no authors row", post.user_id),
            Some(locked) if locked.terminated => {
                return Ok(Err(ErrorCode::UserTerminated.into()));
            }
            Some(locked) => locked.author,
        };
        if let Err(refused) = self
            .admit_write(&mut tx, Kind::Post, post.user_id, &post.content, now)
            .await?
        {
            return Ok(Err(refused));
        }
        let rank = hot_rank(0, 0, 0, now);
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO posts (security_id, user_id, category, content, content_hash, hot_rank, \
             created_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        )
        .bind(&post.security_id)
        .bind(post.user_id)
        .bind(post.category.as_str())
        .bind(&post.content)
        .bind(content_hash(&post.content))
        .bind(rank)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        insert_images(&mut tx, id, &post.images).await?;
        let created = pb::PostCreated {
            post_id: id,
            security_id: post.security_id.clone(),
            user_id: post.user_id,
            category: post.category.proto() as i32,
            created_at_ms: now,
        };
        event(&mut tx, POST_CREATED, &created).await?;
        outbox::commit(&self.db, tx).await?;
        Ok(Ok(PostRow {
            id,
            security_id: post.security_id.clone(),
            user_id: post.user_id,
            category: post.category,
            content: post.content.clone(),
            likes: 0,
            dislikes: 0,
            comments: 0,
            hot_rank: rank,
            sample: false,
            created_at_ms: now,
            deleted: false,
            hiding: None,
            author,
        }))
    }

    /// Delete post `id` (see [`Deleter`]): it leaves every list, its pictures go, its
    /// case closes; `events.social.post_deleted`.
    pub async fn delete_post(&self, id: i64, by: Deleter<'_>, now: i64) -> Change<()> {
        let mut tx = self.db.begin().await?;
        let (author, deleted_by) = match by {
            Deleter::Author(user_id) => (Some(user_id), "author"),
            Deleter::Operator(name) => (None, name),
        };
        let deleted = delete_post_row(&mut tx, id, author, deleted_by, now).await?;
        let Some((security_id, user_id)) = deleted else {
            return Ok(Err(ErrorCode::PostNotFound.into()));
        };
        let message = pb::PostDeleted {
            post_id: id,
            security_id,
            user_id,
            deleted_at_ms: now,
        };
        event(&mut tx, POST_DELETED, &message).await?;
        outbox::commit(&self.db, tx).await?;
        Ok(Ok(()))
    }

    /// A stored rendition of picture `id`, as `viewer` may see it: only while a post holding
    /// it is neither deleted nor hidden, or hidden but `viewer`'s own (a hidden post's
    /// pictures are its author's only, as its text).
    pub async fn image(
        &self,
        id: &str,
        size: u32,
        viewer: Viewer,
    ) -> anyhow::Result<Option<Vec<u8>>> {
        Ok(sqlx::query_scalar(
            "SELECT r.data FROM image_renditions r WHERE r.image_id = $1 AND r.size = $2 \
             AND EXISTS (SELECT 1 FROM post_images i JOIN posts p ON p.id = i.post_id \
             WHERE i.image_id = r.image_id AND p.deleted_at_ms IS NULL \
             AND (p.hidden_by IS NULL OR p.user_id = $3))",
        )
        .bind(id)
        .bind(i64::from(size))
        // No member is 0, which no post's author is (members' ids are positive, samples'
        // negative).
        .bind(viewer.unwrap_or(0))
        .fetch_optional(&self.db.pool)
        .await?)
    }
}

/// One post that was not deleted.
pub(crate) async fn post_row(conn: &mut AnyConnection, id: i64) -> anyhow::Result<Option<PostRow>> {
    let row = sqlx::query(sqlx::AssertSqlSafe(format!(
        "{} WHERE t.id = $1 AND t.deleted_at_ms IS NULL",
        select()
    )))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    row.as_ref().map(PostRow::from_row).transpose()
}

/// `rows` as `viewer` sees them, with their pictures and the viewer's reactions.
pub(crate) async fn seen_by(
    conn: &mut AnyConnection,
    rows: &[PostRow],
    viewer: Viewer,
) -> anyhow::Result<Vec<pb::Post>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut images = images_of(conn, &ids).await?;
    let emotions = emotions(conn, viewer, &ids).await?;
    Ok(rows
        .iter()
        .map(|row| {
            row.proto(
                viewer,
                images.remove(&row.id).unwrap_or_default(),
                emotions.get(&row.id).copied(),
            )
        })
        .collect())
}

/// The pictures of each of `post_ids`, in order.
async fn images_of(
    conn: &mut AnyConnection,
    post_ids: &[i64],
) -> anyhow::Result<HashMap<i64, Vec<pb::PostImage>>> {
    let mut found: HashMap<i64, Vec<pb::PostImage>> = HashMap::new();
    if post_ids.is_empty() {
        return Ok(found);
    }
    let mut sql =
        Sql::new("SELECT post_id, image_id, width, height FROM post_images WHERE post_id IN ");
    let ids = sql.ints(post_ids);
    sql.push(&ids);
    sql.push(" ORDER BY post_id, position");
    for row in sql.fetch_all(conn).await? {
        found
            .entry(row.try_get("post_id")?)
            .or_default()
            .push(pb::PostImage {
                id: row.try_get("image_id")?,
                width: u32::try_from(row.try_get::<i64, _>("width")?).unwrap_or(0),
                height: u32::try_from(row.try_get::<i64, _>("height")?).unwrap_or(0),
            });
    }
    Ok(found)
}

/// Stores `images` as post `id`'s pictures, in order, with their renditions (a picture
/// already stored keeps its renditions).
///
/// Each rendition's row is written or, when stored, locked (`DO UPDATE` of nothing), in the
/// order of picture id and size, until the post commits: a concurrent delete of the last
/// other post holding the picture locks the same rows in the same order before it looks for
/// holders ([`delete_post_row`]), so on PostgreSQL it waits and then sees this post's
/// reference instead of deleting renditions this post is about to point at.
pub(crate) async fn insert_images(
    conn: &mut AnyConnection,
    id: i64,
    images: &[NewImage],
) -> anyhow::Result<()> {
    let mut renditions: Vec<(&str, u32, u32, u32, &[u8])> = images
        .iter()
        .flat_map(|image| {
            image.renditions.iter().map(|(size, width, height, jpeg)| {
                (image.id.as_str(), *size, *width, *height, jpeg.as_slice())
            })
        })
        .collect();
    renditions.sort_unstable_by_key(|&(image, size, ..)| (image, size));
    renditions.dedup_by_key(|&mut (image, size, ..)| (image, size));
    for (image, size, width, height, jpeg) in renditions {
        sqlx::query(
            "INSERT INTO image_renditions (image_id, size, width, height, data) \
             VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (image_id, size) DO UPDATE SET image_id = excluded.image_id",
        )
        .bind(image)
        .bind(i64::from(size))
        .bind(i64::from(width))
        .bind(i64::from(height))
        .bind(jpeg.to_vec())
        .execute(&mut *conn)
        .await?;
    }
    for (position, image) in images.iter().enumerate() {
        sqlx::query(
            "INSERT INTO post_images (post_id, position, image_id, width, height) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(position as i64)
        .bind(&image.id)
        .bind(i64::from(image.width))
        .bind(i64::from(image.height))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Marks post `id` deleted (only `author`'s, when given), removes its pictures and closes
/// its case: its board and author, `None` when there was no such post.
pub(crate) async fn delete_post_row(
    conn: &mut AnyConnection,
    id: i64,
    author: Option<i64>,
    deleted_by: &str,
    now: i64,
) -> anyhow::Result<Option<(String, i64)>> {
    let deleted: Option<(String, i64)> = sqlx::query_as(
        "UPDATE posts SET deleted_at_ms = $2, deleted_by = $3 \
         WHERE id = $1 AND deleted_at_ms IS NULL AND ($4 = 0 OR user_id = $5) \
         RETURNING security_id, user_id",
    )
    .bind(id)
    .bind(now)
    .bind(deleted_by)
    .bind(i64::from(author.is_some()))
    .bind(author.unwrap_or(0))
    .fetch_optional(&mut *conn)
    .await?;
    if deleted.is_none() {
        return Ok(None);
    }
    let mut images: Vec<String> =
        sqlx::query_scalar("DELETE FROM post_images WHERE post_id = $1 RETURNING image_id")
            .bind(id)
            .fetch_all(&mut *conn)
            .await?;
    images.sort_unstable();
    images.dedup();
    let mut sizes = crate::pictures::EDGES;
    sizes.sort_unstable();
    for image in images {
        // Content-addressed: another post of the same author may hold the same picture, or
        // be taking it now. Its renditions are locked first, in the order a new post locks
        // them ([`insert_images`]), and only the next statement looks for holders: on
        // PostgreSQL that statement's snapshot is taken once a post being written with the
        // picture has committed, so it sees its reference (within one statement, the wait
        // for the lock would recheck the locked rows but not see the new `post_images` row).
        for size in sizes {
            sqlx::query(
                "UPDATE image_renditions SET size = size WHERE image_id = $1 AND size = $2",
            )
            .bind(&image)
            .bind(i64::from(size))
            .execute(&mut *conn)
            .await?;
        }
        sqlx::query(
            "DELETE FROM image_renditions WHERE image_id = $1 \
             AND NOT EXISTS (SELECT 1 FROM post_images WHERE image_id = $1)",
        )
        .bind(image)
        .execute(&mut *conn)
        .await?;
    }
    sqlx::query("UPDATE cases SET open = 0 WHERE target_type = 'post' AND target_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(deleted)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use sise_platform::db::testing::TestDatabase;
    use sise_platform::db::{Backend, Database};

    use super::*;
    use crate::store::MIGRATIONS;

    async fn new_post(conn: &mut AnyConnection) -> i64 {
        sqlx::query_scalar(
            "INSERT INTO posts (security_id, user_id, category, content, hot_rank, \
             created_at_ms) VALUES ('KOREA-A005930', 7, 'opinion', '사진', 0, 1) RETURNING id",
        )
        .fetch_one(conn)
        .await
        .expect("post")
    }

    sise_platform::per_backend! {
        /// A post written with a picture while the last other post holding it is deleted:
        /// the delete waits for the write and keeps the renditions the new post points at.
        /// On PostgreSQL the delete is seen waiting for a lock before the write commits
        /// (without the renditions' locks it deleted them at once, the write's reference
        /// not committed yet); on SQLite it waits its turn on the writer's connection.
        async fn a_picture_taken_while_its_last_holder_is_deleted_stays(backend) {
            let test_db = TestDatabase::create(backend, "social").await.expect("db");
            let db = Database::connect(&test_db.url, &MIGRATIONS).await.expect("connect");
            let picture = [NewImage {
                id: "ab".repeat(32),
                width: 1280,
                height: 960,
                renditions: vec![(1280, 1280, 960, vec![1; 16]), (360, 360, 270, vec![2; 8])],
            }];
            let mut tx = db.begin().await.expect("begin");
            let old = new_post(&mut tx).await;
            insert_images(&mut tx, old, &picture).await.expect("pictures");
            tx.commit().await.expect("commit");

            // A new post takes the picture and has not committed yet…
            let mut writing = db.begin().await.expect("begin");
            let new = new_post(&mut writing).await;
            insert_images(&mut writing, new, &picture).await.expect("pictures");
            // …while the old one is deleted.
            let deleter = db.clone();
            let deleting = tokio::spawn(async move {
                let mut tx = deleter.begin().await?;
                let deleted = delete_post_row(&mut tx, old, None, "test", 2).await?;
                tx.commit().await?;
                anyhow::Ok(deleted.is_some())
            });
            // PostgreSQL: until the delete waits for a lock (5 s at most); SQLite: a moment
            // (the delete waits for the writer's connection).
            let rounds = if backend == Backend::Postgres { 100 } else { 4 };
            for _ in 0..rounds {
                if deleting.is_finished() {
                    break;
                }
                if backend == Backend::Postgres {
                    let waiting: i64 = sqlx::query_scalar(
                        "SELECT COUNT(*) FROM pg_stat_activity \
                         WHERE datname = current_database() AND wait_event_type = 'Lock'",
                    )
                    .fetch_one(&db.pool)
                    .await
                    .expect("activity");
                    if waiting > 0 {
                        break;
                    }
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            writing.commit().await.expect("commit");
            let deleted = deleting.await.expect("joined").expect("deleted");
            assert!(deleted, "the old post was deleted");

            let stored: i64 =
                sqlx::query_scalar("SELECT COUNT(*) FROM image_renditions WHERE image_id = $1")
                    .bind(&picture[0].id)
                    .fetch_one(&db.pool)
                    .await
                    .expect("renditions");
            assert_eq!(stored, 2, "the new post's picture is still stored");
            db.close().await;
            test_db.cleanup().await.expect("cleanup");
        }
    }
}
