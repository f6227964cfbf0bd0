//! Likes and dislikes of posts and insight articles (spec §4): one reaction per member and
//! target, moved by the transitions below with the target's counters (a post's rank too) in
//! the same transaction (under the target's row lock, so counts stay exact however many
//! members react at once), and the members who like a post, the latest first.

use sise_platform::bus::acl::subjects::REACTION_CHANGED;
use sise_platform::error::ErrorCode;
use sise_platform::outbox;
use sise_proto::social::v1 as pb;
use sqlx::Row as _;

use super::comments::lock_counters;
use super::{AUTHOR_COLUMNS, AuthorRow, Change, Store, event, my_emotion, split_page};
use crate::domain::{Commentable, Emotion};

/// What a member's reaction becomes when they ask for `wanted` (`None`: unlike) while it
/// is `current`, and how the post's likes and dislikes move. Like on a disliked post moves
/// it; like on a liked post changes nothing (the client sends unlike for a second tap);
/// unlike removes either.
pub fn transition(
    current: Option<Emotion>,
    wanted: Option<Emotion>,
) -> (Option<Emotion>, i64, i64) {
    let count = |e: Option<Emotion>| {
        (
            i64::from(e == Some(Emotion::Like)),
            i64::from(e == Some(Emotion::Dislike)),
        )
    };
    let (before_likes, before_dislikes) = count(current);
    let (after_likes, after_dislikes) = count(wanted);
    (
        wanted,
        after_likes - before_likes,
        after_dislikes - before_dislikes,
    )
}

impl Store {
    /// `user_id`'s reaction to a post or insight article becomes `wanted`; the counts after
    /// it and the member's reaction. `events.social.reaction_changed` when it moved.
    pub async fn react(
        &self,
        user_id: i64,
        on: Commentable,
        wanted: Option<Emotion>,
        now: i64,
    ) -> Change<pb::Reactions> {
        let mut tx = self.db.begin().await?;
        // Its lock first: every change of its counters waits here.
        let Some(counted) =
            lock_counters(&mut tx, on, "likes_count = likes_count + $2", 0, true).await?
        else {
            return Ok(Err(on.not_found()));
        };
        // Unlike stays possible: it only takes the member's own reaction back.
        if counted.hidden && wanted.is_some() {
            return Ok(Err(ErrorCode::ContentHidden.into()));
        }
        let current: Option<String> = sqlx::query_scalar(
            "SELECT kind FROM reactions WHERE user_id = $1 AND target_type = $3 \
             AND target_id = $2",
        )
        .bind(user_id)
        .bind(on.id())
        .bind(on.as_str())
        .fetch_optional(&mut *tx)
        .await?;
        let current = current.as_deref().and_then(Emotion::from_db);
        let (after, like_delta, dislike_delta) = transition(current, wanted);
        if after == current {
            tx.commit().await?;
            return Ok(Ok(pb::Reactions {
                likes_count: counted.likes,
                dislikes_count: counted.dislikes,
                my_emotion: Some(my_emotion(current)),
            }));
        }
        match after {
            None => {
                sqlx::query(
                    "DELETE FROM reactions WHERE user_id = $1 AND target_type = $3 \
                     AND target_id = $2",
                )
                .bind(user_id)
                .bind(on.id())
                .bind(on.as_str())
                .execute(&mut *tx)
                .await?;
            }
            Some(emotion) => {
                sqlx::query(
                    "INSERT INTO reactions (user_id, target_type, target_id, kind, created_at_ms) \
                     VALUES ($1, $5, $2, $3, $4) ON CONFLICT (user_id, target_type, target_id) \
                     DO UPDATE SET kind = excluded.kind, created_at_ms = excluded.created_at_ms",
                )
                .bind(user_id)
                .bind(on.id())
                .bind(emotion.as_str())
                .bind(now)
                .bind(on.as_str())
                .execute(&mut *tx)
                .await?;
            }
        }
        let likes = counted.likes + like_delta;
        let dislikes = counted.dislikes + dislike_delta;
        // The dislikes move with the likes' statement (`$2` is the likes' change).
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE {} SET dislikes_count = dislikes_count + $2 WHERE id = $1",
            on.table()
        )))
        .bind(on.id())
        .bind(dislike_delta)
        .execute(&mut *tx)
        .await?;
        lock_counters(
            &mut tx,
            on,
            "likes_count = likes_count + $2",
            like_delta,
            false,
        )
        .await?;
        let changed = pb::ReactionChanged {
            target: Some(on.reference()),
            user_id,
            emotion: Emotion::proto(after) as i32,
            likes_count: likes,
            dislikes_count: dislikes,
            security_id: counted.security_id,
            changed_at_ms: now,
        };
        event(&mut tx, REACTION_CHANGED, &changed).await?;
        outbox::commit(&self.db, tx).await?;
        Ok(Ok(pb::Reactions {
            likes_count: likes,
            dislikes_count: dislikes,
            my_emotion: Some(my_emotion(after)),
        }))
    }

    /// A page of the members who like post `post_id`, the latest like first; the position
    /// after the last (`[liked_at_ms, user_id]`) when more follow.
    pub async fn liked_users(
        &self,
        post_id: i64,
        after: Option<(i64, i64)>,
        limit: usize,
    ) -> anyhow::Result<(Vec<pb::Author>, Option<Vec<i64>>)> {
        let (at, user) = after.unwrap_or((i64::MAX, i64::MAX));
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT r.user_id, r.created_at_ms, {AUTHOR_COLUMNS} FROM reactions r \
             LEFT JOIN authors a ON a.id = r.user_id \
             WHERE r.target_type = 'post' AND r.target_id = $1 AND r.kind = 'LIKE' \
             AND (r.created_at_ms, r.user_id) < ($2, $3) \
             ORDER BY r.created_at_ms DESC, r.user_id DESC LIMIT $4"
        )))
        .bind(post_id)
        .bind(at)
        .bind(user)
        .bind(limit as i64 + 1)
        .fetch_all(&self.db.pool)
        .await?;
        let (rows, more) = split_page(rows, limit);
        let mut authors = Vec::with_capacity(rows.len());
        let mut last = None;
        for row in &rows {
            let user_id: i64 = row.try_get("user_id")?;
            authors.push(AuthorRow::from_joined(row, user_id)?.proto());
            last = Some(vec![row.try_get::<i64, _>("created_at_ms")?, user_id]);
        }
        Ok((authors, if more { last } else { None }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Emotion::{Dislike, Like};

    #[test]
    fn spec_transitions() {
        // Like on nothing, on a like (nothing changes), on a dislike (it moves).
        assert_eq!(transition(None, Some(Like)), (Some(Like), 1, 0));
        assert_eq!(transition(Some(Like), Some(Like)), (Some(Like), 0, 0));
        assert_eq!(transition(Some(Dislike), Some(Like)), (Some(Like), 1, -1));
        assert_eq!(
            transition(Some(Like), Some(Dislike)),
            (Some(Dislike), -1, 1)
        );
        assert_eq!(transition(None, Some(Dislike)), (Some(Dislike), 0, 1));
        // Unlike removes either, and nothing changes without a reaction.
        assert_eq!(transition(Some(Like), None), (None, -1, 0));
        assert_eq!(transition(Some(Dislike), None), (None, 0, -1));
        assert_eq!(transition(None, None), (None, 0, 0));
    }
}
