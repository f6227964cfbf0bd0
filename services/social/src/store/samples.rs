//! Writing the sample boards of the embedded default (`crate::samples` makes them): sample
//! members, their posts, comments and reactions, with the counters and ranks they make and
//! the events any post, comment or reaction makes, in one transaction, once: the first
//! statement claims the `social_meta` row, so a second start (or another replica) writes
//! nothing.

use sise_platform::bus::acl::subjects::{COMMENT_CREATED, POST_CREATED, REACTION_CHANGED};
use sise_platform::outbox;
use sise_proto::social::v1 as pb;

use super::{Store, event};
use crate::domain::rank::hot_rank;
use crate::domain::{Category, Emotion, Kind};

/// The `social_meta` key of the seeded sample boards.
const SEEDED: &str = "sample_boards";

/// A sample member: a negative id, a name like 샘플회원1.
#[derive(Clone, Debug)]
pub struct SampleMember {
    pub id: i64,
    pub name: String,
}

#[derive(Clone, Debug)]
pub struct SampleComment {
    pub user_id: i64,
    pub content: String,
    pub created_at_ms: i64,
    /// A reply to the comment before it.
    pub reply: bool,
}

#[derive(Clone, Debug)]
pub struct SamplePost {
    pub security_id: String,
    pub user_id: i64,
    pub category: Category,
    pub content: String,
    pub created_at_ms: i64,
    pub comments: Vec<SampleComment>,
    pub reactions: Vec<(i64, Emotion)>,
}

impl Store {
    /// Writes `members` and `posts` unless the sample boards were written before; whether
    /// they were written now.
    pub async fn seed_samples(
        &self,
        members: &[SampleMember],
        posts: &[SamplePost],
        now: i64,
    ) -> anyhow::Result<bool> {
        let mut tx = self.db.begin().await?;
        let claimed = sqlx::query(
            "INSERT INTO social_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING",
        )
        .bind(SEEDED)
        .bind(now.to_string())
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if claimed == 0 {
            return Ok(false);
        }
        for member in members {
            sqlx::query(
                "INSERT INTO authors (id, name, sample) VALUES ($1, $2, 1) \
                 ON CONFLICT (id) DO UPDATE SET name = excluded.name, sample = 1",
            )
            .bind(member.id)
            .bind(&member.name)
            .execute(&mut *tx)
            .await?;
        }
        for post in posts {
            let likes = count(&post.reactions, Emotion::Like);
            let dislikes = count(&post.reactions, Emotion::Dislike);
            let comments = post.comments.len() as i64;
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO posts (security_id, user_id, category, content, likes_count, \
                 dislikes_count, comments_count, hot_rank, sample, created_at_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9) RETURNING id",
            )
            .bind(&post.security_id)
            .bind(post.user_id)
            .bind(post.category.as_str())
            .bind(&post.content)
            .bind(likes)
            .bind(dislikes)
            .bind(comments)
            .bind(hot_rank(likes, dislikes, comments, post.created_at_ms))
            .bind(post.created_at_ms)
            .fetch_one(&mut *tx)
            .await?;
            let created = pb::PostCreated {
                post_id: id,
                security_id: post.security_id.clone(),
                user_id: post.user_id,
                category: post.category.proto() as i32,
                created_at_ms: post.created_at_ms,
            };
            event(&mut tx, POST_CREATED, &created).await?;
            let mut parent: Option<i64> = None;
            for comment in &post.comments {
                let parent_id = if comment.reply { parent } else { None };
                let comment_id: i64 = sqlx::query_scalar(
                    "INSERT INTO comments (commentable_type, commentable_id, parent_id, \
                     security_id, user_id, content, sample, created_at_ms) \
                     VALUES ('post', $1, $2, $3, $4, $5, 1, $6) RETURNING id",
                )
                .bind(id)
                .bind(parent_id)
                .bind(&post.security_id)
                .bind(comment.user_id)
                .bind(&comment.content)
                .bind(comment.created_at_ms)
                .fetch_one(&mut *tx)
                .await?;
                match parent_id {
                    Some(parent_id) => {
                        sqlx::query(
                            "UPDATE comments SET replies_count = replies_count + 1 WHERE id = $1",
                        )
                        .bind(parent_id)
                        .execute(&mut *tx)
                        .await?;
                    }
                    None => parent = Some(comment_id),
                }
                let created = pb::CommentCreated {
                    comment_id,
                    commentable: Some(Kind::Post.reference(id)),
                    parent_id: parent_id.unwrap_or(0),
                    user_id: comment.user_id,
                    security_id: post.security_id.clone(),
                    created_at_ms: comment.created_at_ms,
                };
                event(&mut tx, COMMENT_CREATED, &created).await?;
            }
            let (mut running_likes, mut running_dislikes) = (0, 0);
            for (offset, (user_id, emotion)) in post.reactions.iter().enumerate() {
                match emotion {
                    Emotion::Like => running_likes += 1,
                    Emotion::Dislike => running_dislikes += 1,
                }
                let at = post.created_at_ms + 60_000 * (offset as i64 + 1);
                sqlx::query(
                    "INSERT INTO reactions (user_id, target_type, target_id, kind, created_at_ms) \
                     VALUES ($1, 'post', $2, $3, $4)",
                )
                .bind(user_id)
                .bind(id)
                .bind(emotion.as_str())
                .bind(at)
                .execute(&mut *tx)
                .await?;
                let changed = pb::ReactionChanged {
                    target: Some(Kind::Post.reference(id)),
                    user_id: *user_id,
                    emotion: Emotion::proto(Some(*emotion)) as i32,
                    likes_count: running_likes,
                    dislikes_count: running_dislikes,
                    security_id: post.security_id.clone(),
                    changed_at_ms: at,
                };
                event(&mut tx, REACTION_CHANGED, &changed).await?;
            }
        }
        outbox::commit(&self.db, tx).await?;
        Ok(true)
    }
}

fn count(reactions: &[(i64, Emotion)], emotion: Emotion) -> i64 {
    reactions.iter().filter(|(_, e)| *e == emotion).count() as i64
}
