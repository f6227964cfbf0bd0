//! Contributors of insight articles: a role operators grant (with the bio readers see) and
//! revoke. Each change publishes `events.identity.contributor_changed` in its transaction,
//! with the member's public face, so social knows who may publish and how to show them.

use prost::Message as _;
use sise_platform::bus::Headers;
use sise_platform::outbox;
use sise_proto::identity::v1 as pb;

use super::{Store, subjects};

/// Why a change was not made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoleRefusal {
    NoSuchMember,
    /// The member left or their contract ended.
    Ended,
}

impl Store {
    /// `user_id` becomes a contributor with `bio` (`Some`), or stops being one (`None`;
    /// never one: nothing to record, the answer says so). By `operator` at `now`.
    pub async fn set_contributor(
        &self,
        user_id: i64,
        bio: Option<&str>,
        operator: &str,
        now: i64,
    ) -> anyhow::Result<Result<pb::ContributorRole, RoleRefusal>> {
        let mut tx = self.db.begin().await?;
        // The member's row first: two changes of one member run one after the other.
        sqlx::query("UPDATE users SET updated_at_ms = $2 WHERE id = $1")
            .bind(user_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        let Some(user) = self.user_in(&mut tx, user_id).await? else {
            return Ok(Err(RoleRefusal::NoSuchMember));
        };
        if user.seceded_at_ms.is_some() || user.terminated_at_ms.is_some() {
            // Revoking stays possible: an ended member's role may still be taken back.
            if bio.is_some() {
                return Ok(Err(RoleRefusal::Ended));
            }
        }
        let contributor = bio.is_some();
        let stored_bio: String = match bio {
            Some(bio) => bio.to_owned(),
            None => sqlx::query_scalar("SELECT bio FROM contributors WHERE user_id = $1")
                .bind(user_id)
                .fetch_optional(&mut *tx)
                .await?
                .unwrap_or_default(),
        };
        sqlx::query(
            "INSERT INTO contributors (user_id, contributor, bio, changed_by, changed_at_ms) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id) DO UPDATE SET \
             contributor = excluded.contributor, bio = excluded.bio, \
             changed_by = excluded.changed_by, changed_at_ms = excluded.changed_at_ms",
        )
        .bind(user_id)
        .bind(i64::from(contributor))
        .bind(&stored_bio)
        .bind(operator)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let event = pb::ContributorChanged {
            user_id,
            contributor,
            bio: stored_bio.clone(),
            name: user.name.clone(),
            avatar_url: user.avatar_url(),
            changed_at_ms: now,
        };
        outbox::enqueue(
            &mut tx,
            subjects::CONTRIBUTOR_CHANGED,
            Headers::new(),
            &event.encode_to_vec(),
        )
        .await?;
        outbox::commit(&self.db, tx).await?;
        Ok(Ok(pb::ContributorRole {
            user_id,
            contributor,
            bio: stored_bio,
            changed_by: operator.to_owned(),
            changed_at_ms: now,
        }))
    }
}
