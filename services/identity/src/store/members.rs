//! Members: sign-up with consents, profile, setting, photo, dormancy, secession. A change
//! of a member's public face (the name and photo `GetPublicProfiles` shows: sign-up, a new
//! nickname, a new photo) goes out as `events.identity.profile_changed` in its transaction.

use prost::Message as _;
use secrecy::SecretString;
use sise_platform::bus::Headers;
use sise_platform::outbox;
use sise_proto::identity::v1 as pb;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row as _};

use super::{
    IssuedSession, SessionPolicy, Store, is_unique_violation, is_well_formed, new_token, subjects,
    token_key,
};

/// How long a dormancy release token stays valid.
const RELEASE_TOKEN_TTL_MS: i64 = 30 * 60 * 1000;
/// The nickname a member who left leaves on their content.
pub const SECEDED_NAME: &str = "탈퇴한 회원";

const USER_COLUMNS: &str = "id, kakao_id, name, birth_year, gender, email, avatar_id, \
     open_favorite_stocks, is_edited_user_name, created_at_ms, last_login_at_ms, \
     dormant_since_ms, suspended_until_ms, terminated_at_ms, seceded_at_ms";

/// A member as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub id: i64,
    /// The provider's user id (`seceded:{id}` once the member left).
    pub kakao_id: String,
    /// The nickname.
    pub name: String,
    pub birth_year: Option<i32>,
    /// 1 male, 2 female, `None` unset.
    pub gender: Option<i32>,
    pub email: Option<String>,
    pub avatar_id: Option<String>,
    pub open_favorite_stocks: bool,
    pub is_edited_user_name: bool,
    pub created_at_ms: i64,
    pub last_login_at_ms: i64,
    pub dormant_since_ms: Option<i64>,
    pub suspended_until_ms: Option<i64>,
    pub terminated_at_ms: Option<i64>,
    pub seceded_at_ms: Option<i64>,
}

impl User {
    fn from_row(row: &AnyRow) -> anyhow::Result<Self> {
        let flag =
            |column: &str| -> anyhow::Result<bool> { Ok(row.try_get::<i64, _>(column)? != 0) };
        let small = |column: &str| -> anyhow::Result<Option<i32>> {
            Ok(row
                .try_get::<Option<i64>, _>(column)?
                .map(i32::try_from)
                .transpose()?)
        };
        Ok(Self {
            id: row.try_get("id")?,
            kakao_id: row.try_get("kakao_id")?,
            name: row.try_get("name")?,
            birth_year: small("birth_year")?,
            gender: small("gender")?,
            email: row.try_get("email")?,
            avatar_id: row.try_get("avatar_id")?,
            open_favorite_stocks: flag("open_favorite_stocks")?,
            is_edited_user_name: flag("is_edited_user_name")?,
            created_at_ms: row.try_get("created_at_ms")?,
            last_login_at_ms: row.try_get("last_login_at_ms")?,
            dormant_since_ms: row.try_get("dormant_since_ms")?,
            suspended_until_ms: row.try_get("suspended_until_ms")?,
            terminated_at_ms: row.try_get("terminated_at_ms")?,
            seceded_at_ms: row.try_get("seceded_at_ms")?,
        })
    }

    /// The public path of the photo, at the gateway.
    pub fn avatar_url(&self) -> String {
        avatar_url(self.avatar_id.as_deref())
    }

    pub fn to_proto(&self) -> pb::User {
        pb::User {
            id: self.id,
            name: self.name.clone(),
            birth_year: self.birth_year,
            gender: self.gender,
            email: self.email.clone(),
            avatar_url: self.avatar_url(),
            open_favorite_stocks: self.open_favorite_stocks,
            is_edited_user_name: self.is_edited_user_name,
        }
    }
}

/// The public path of photo `avatar_id` at the gateway, empty without one.
fn avatar_url(avatar_id: Option<&str>) -> String {
    avatar_id
        .map(|id| format!("/main/api/avatars/{id}"))
        .unwrap_or_default()
}

/// The agreements of a sign-up and the versions of the texts agreed to.
#[derive(Clone, Copy, Debug)]
pub struct Agreements {
    pub service_age: bool,
    pub service: bool,
    pub private_collect: bool,
}

impl Agreements {
    /// (agreement, version of its text) as recorded.
    pub const VERSIONS: [(&'static str, &'static str); 3] = [
        ("service_age", "14+"),
        ("service", "2017-04-21"),
        ("private_collect", "2017-04-21"),
    ];

    pub fn all(self) -> bool {
        self.service_age && self.service && self.private_collect
    }
}

/// A profile edit, already checked (`crate::profile`).
#[derive(Clone, Debug)]
pub struct ProfileChange {
    pub name: String,
    pub nickname_key: String,
    pub birth_year: i32,
    pub gender: i32,
    pub email: Option<String>,
}

/// One rendition of a new photo.
pub struct NewAvatar {
    pub size: u32,
    pub content_type: &'static str,
    pub image: Vec<u8>,
}

/// A photo's id: the hex SHA-256 of its member and its stored bytes. Content-addressed,
/// so an address never names other bytes (the gateway serves it `immutable` for a year)
/// and every new photo gets a new one; the member is in it so that two members with the
/// same picture have rows of their own (one's deletion never touches the other's) and an
/// id says nothing about whether another member has the same picture.
pub fn avatar_id(user_id: i64, renditions: &[NewAvatar]) -> String {
    use sha2::{Digest as _, Sha256};
    let mut hash = Sha256::new();
    hash.update(b"sise-avatar\0");
    hash.update(user_id.to_be_bytes());
    for rendition in renditions {
        hash.update(rendition.size.to_be_bytes());
        hash.update((rendition.image.len() as u64).to_be_bytes());
        hash.update(&rendition.image);
    }
    hex::encode(hash.finalize())
}

pub struct StoredAvatar {
    pub content_type: String,
    pub image: Vec<u8>,
}

/// Why a sign-up did not create a member.
#[derive(Debug, PartialEq, Eq)]
pub enum SignUpRefusal {
    Exists,
    Barred,
}

impl Store {
    pub async fn user(&self, id: i64) -> anyhow::Result<Option<User>> {
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {USER_COLUMNS} FROM users WHERE id = $1"
        )))
        .bind(id)
        .fetch_optional(&self.db.pool)
        .await?;
        row.as_ref().map(User::from_row).transpose()
    }

    /// Member `id` as the transaction `conn` sees it.
    pub(crate) async fn user_in(
        &self,
        conn: &mut AnyConnection,
        id: i64,
    ) -> anyhow::Result<Option<User>> {
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {USER_COLUMNS} FROM users WHERE id = $1"
        )))
        .bind(id)
        .fetch_optional(conn)
        .await?;
        row.as_ref().map(User::from_row).transpose()
    }

    pub async fn user_by_kakao(&self, kakao_id: &str) -> anyhow::Result<Option<User>> {
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {USER_COLUMNS} FROM users WHERE kakao_id = $1"
        )))
        .bind(kakao_id)
        .fetch_optional(&self.db.pool)
        .await?;
        row.as_ref().map(User::from_row).transpose()
    }

    pub async fn is_barred(&self, kakao_id: &str) -> anyhow::Result<bool> {
        Ok(
            sqlx::query_scalar::<_, i64>("SELECT 1 FROM barred_accounts WHERE kakao_id = $1")
                .bind(kakao_id)
                .fetch_optional(&self.db.pool)
                .await?
                .is_some(),
        )
    }

    /// Create a member for the provider account `kakao_id` with the agreements recorded,
    /// named `회원{id}` until they choose a nickname.
    pub async fn sign_up(
        &self,
        kakao_id: &str,
        agreements: Agreements,
        now: i64,
    ) -> anyhow::Result<Result<User, SignUpRefusal>> {
        if self.is_barred(kakao_id).await? {
            return Ok(Err(SignUpRefusal::Barred));
        }
        let mut tx = self.db.begin().await?;
        let placeholder = format!("pending:{}", new_token());
        let inserted = sqlx::query_scalar::<_, i64>(
            "INSERT INTO users (kakao_id, name, nickname_key, created_at_ms, updated_at_ms, \
             last_login_at_ms) VALUES ($1, $2, $2, $3, $3, $3) RETURNING id",
        )
        .bind(kakao_id)
        .bind(&placeholder)
        .bind(now)
        .fetch_one(&mut *tx)
        .await;
        let id = match inserted {
            Ok(id) => id,
            Err(error) if is_unique_violation(&error) => return Ok(Err(SignUpRefusal::Exists)),
            Err(error) => return Err(error.into()),
        };
        let name = format!("회원{id}");
        sqlx::query("UPDATE users SET name = $2, nickname_key = $2 WHERE id = $1")
            .bind(id)
            .bind(&name)
            .execute(&mut *tx)
            .await?;
        let agreed = [
            agreements.service_age,
            agreements.service,
            agreements.private_collect,
        ];
        for ((agreement, version), yes) in Agreements::VERSIONS.iter().zip(agreed) {
            if yes {
                sqlx::query(
                    "INSERT INTO consents (user_id, agreement, version, agreed_at_ms) \
                     VALUES ($1, $2, $3, $4)",
                )
                .bind(id)
                .bind(*agreement)
                .bind(*version)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            }
        }
        profile_changed(&mut tx, id, &name, None, now).await?;
        outbox::commit(&self.db, tx).await?;
        let user = self
            .user(id)
            .await?
            .ok_or_else(|| anyhow::anyhow!("user {id} gone"))?;
        Ok(Ok(user))
    }

    /// The consents of a member: (agreement, version, agreed at).
    pub async fn consents(&self, user_id: i64) -> anyhow::Result<Vec<(String, String, i64)>> {
        let rows = sqlx::query(
            "SELECT agreement, version, agreed_at_ms FROM consents WHERE user_id = $1 ORDER BY id",
        )
        .bind(user_id)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((row.try_get(0)?, row.try_get(1)?, row.try_get(2)?)))
            .collect()
    }

    /// A successful login: the login clock moves and a new session is issued; `None` when
    /// the member is no longer active at `now` (terminated, seceded, suspended or dormant).
    /// Sessions past [`super::MAX_SESSIONS_PER_MEMBER`] end, the oldest first, with
    /// `events.identity.sessions_revoked` so that no gateway keeps trusting them.
    ///
    /// The caller checked the member before, but a sanction, a secession or the dormancy
    /// sweep may commit in between, and each ends the member's sessions: the state is
    /// checked again by the write that starts this transaction, which locks the member's
    /// row (PostgreSQL) or takes the write lock (SQLite) until the session is in, so such a
    /// change comes either before (no session) or after (it ends this one too).
    pub async fn log_in(
        &self,
        user_id: i64,
        now: i64,
        policy: SessionPolicy,
    ) -> anyhow::Result<Option<IssuedSession>> {
        let mut tx = self.db.begin().await?;
        let active = sqlx::query(
            "UPDATE users SET last_login_at_ms = $2 WHERE id = $1 \
             AND terminated_at_ms IS NULL AND seceded_at_ms IS NULL \
             AND dormant_since_ms IS NULL \
             AND (suspended_until_ms IS NULL OR suspended_until_ms <= $2)",
        )
        .bind(user_id)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if active == 0 {
            tx.rollback().await?;
            return Ok(None);
        }
        let session = Self::create_session(&mut tx, user_id, now, policy).await?;
        if Self::prune_sessions(&mut tx, user_id, &session).await? > 0 {
            // The gateways forget every token of the member they cache, the ended ones with
            // them; the others are resolved again at their next use.
            revoked_event(&mut tx, user_id).await?;
        }
        outbox::commit(&self.db, tx).await?;
        Ok(Some(session))
    }

    /// Mark `user_id` dormant (if not already) and issue a release token.
    pub async fn dormant_login(&self, user_id: i64, now: i64) -> anyhow::Result<SecretString> {
        let mut tx = self.db.begin().await?;
        sqlx::query(
            "UPDATE users SET dormant_since_ms = COALESCE(dormant_since_ms, $2) WHERE id = $1",
        )
        .bind(user_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let token = new_token();
        sqlx::query(
            "INSERT INTO dormancy_releases (token_hash, user_id, expires_at_ms) VALUES ($1, $2, $3)",
        )
        .bind(token_key(&token))
        .bind(user_id)
        .bind(now + RELEASE_TOKEN_TTL_MS)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(SecretString::from(token))
    }

    /// Release the dormancy behind a release token (single use); the member released.
    pub async fn release_dormancy(&self, token: &str, now: i64) -> anyhow::Result<Option<i64>> {
        if !is_well_formed(token) {
            return Ok(None);
        }
        let mut tx = self.db.begin().await?;
        let user_id = sqlx::query_scalar::<_, i64>(
            "DELETE FROM dormancy_releases WHERE token_hash = $1 AND expires_at_ms > $2 \
             RETURNING user_id",
        )
        .bind(token_key(token))
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(user_id) = user_id {
            // The login clock restarts, so the sweep does not make it dormant again
            // before the member's next login.
            sqlx::query(
                "UPDATE users SET dormant_since_ms = NULL, last_login_at_ms = $2 WHERE id = $1",
            )
            .bind(user_id)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(user_id)
    }

    /// Members with no login since `cutoff` become dormant, their sessions end; how many.
    pub async fn sweep_dormant(&self, cutoff: i64, now: i64) -> anyhow::Result<u64> {
        let mut tx = self.db.begin().await?;
        sqlx::query(
            "DELETE FROM sessions WHERE user_id IN (SELECT id FROM users \
             WHERE dormant_since_ms IS NULL AND seceded_at_ms IS NULL AND last_login_at_ms < $1)",
        )
        .bind(cutoff)
        .execute(&mut *tx)
        .await?;
        let marked = sqlx::query(
            "UPDATE users SET dormant_since_ms = $2 WHERE dormant_since_ms IS NULL \
             AND seceded_at_ms IS NULL AND last_login_at_ms < $1",
        )
        .bind(cutoff)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        tx.commit().await?;
        Ok(marked)
    }

    /// Save a checked profile; `Ok(None)` when the nickname belongs to someone else. A new
    /// nickname goes out as a profile change (the other fields are not public).
    pub async fn update_profile(
        &self,
        user_id: i64,
        change: &ProfileChange,
        now: i64,
    ) -> anyhow::Result<Option<User>> {
        let mut tx = self.db.begin().await?;
        // Write first: the row is locked (PostgreSQL) and the write lock held (SQLite) before
        // the name is read, so the name compared is the one replaced, and SQLite never has to
        // upgrade a read lock (busy at once when the outbox relay writes meanwhile).
        let member = sqlx::query(
            "UPDATE users SET updated_at_ms = $2 WHERE id = $1 AND seceded_at_ms IS NULL",
        )
        .bind(user_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if member.rows_affected() == 0 {
            tx.rollback().await?;
            return self.user(user_id).await;
        }
        let before = sqlx::query("SELECT name, avatar_id FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_one(&mut *tx)
            .await?;
        let result = sqlx::query(
            "UPDATE users SET name = $2, nickname_key = $3, birth_year = $4, gender = $5, \
             email = $6, is_edited_user_name = 1, updated_at_ms = $7 WHERE id = $1",
        )
        .bind(user_id)
        .bind(&change.name)
        .bind(&change.nickname_key)
        .bind(i64::from(change.birth_year))
        .bind(i64::from(change.gender))
        .bind(change.email.as_deref())
        .bind(now)
        .execute(&mut *tx)
        .await;
        match result {
            Ok(_) => {}
            Err(error) if is_unique_violation(&error) => return Ok(None),
            Err(error) => return Err(error.into()),
        }
        if before.try_get::<String, _>("name")? != change.name {
            let avatar_id: Option<String> = before.try_get("avatar_id")?;
            profile_changed(&mut tx, user_id, &change.name, avatar_id.as_deref(), now).await?;
        }
        outbox::commit(&self.db, tx).await?;
        self.user(user_id).await
    }

    pub async fn update_setting(
        &self,
        user_id: i64,
        open_favorite_stocks: bool,
        now: i64,
    ) -> anyhow::Result<Option<User>> {
        sqlx::query(
            "UPDATE users SET open_favorite_stocks = $2, updated_at_ms = $3 \
             WHERE id = $1 AND seceded_at_ms IS NULL",
        )
        .bind(user_id)
        .bind(i64::from(open_favorite_stocks))
        .bind(now)
        .execute(self.db.writer())
        .await?;
        self.user(user_id).await
    }

    /// Replace the member's photo with `renditions` (one id for all sizes, [`avatar_id`]);
    /// the previous photo's rows go, so its address answers 404 from now on. `None`, with
    /// nothing stored, when the member has left or was terminated (also when that committed
    /// after the caller's check, while the photo was being decoded).
    pub async fn set_avatar(
        &self,
        user_id: i64,
        renditions: Vec<NewAvatar>,
        now: i64,
    ) -> anyhow::Result<Option<User>> {
        let id = avatar_id(user_id, &renditions);
        let mut tx = self.db.begin().await?;
        // Write first, only for a member still here: the row is locked (PostgreSQL) and the
        // write lock held (SQLite), so a secession waits for the photo (and erases it) or
        // came before (and the photo is not stored).
        let name: Option<String> = sqlx::query_scalar(
            "UPDATE users SET avatar_id = $2, updated_at_ms = $3 WHERE id = $1 \
             AND seceded_at_ms IS NULL AND terminated_at_ms IS NULL RETURNING name",
        )
        .bind(user_id)
        .bind(&id)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(name) = name else {
            tx.rollback().await?;
            return Ok(None);
        };
        sqlx::query("DELETE FROM avatars WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        for rendition in renditions {
            sqlx::query(
                "INSERT INTO avatars (id, size, user_id, content_type, image, created_at_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(&id)
            .bind(i64::from(rendition.size))
            .bind(user_id)
            .bind(rendition.content_type)
            .bind(rendition.image)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        profile_changed(&mut tx, user_id, &name, Some(&id), now).await?;
        outbox::commit(&self.db, tx).await?;
        self.user(user_id).await
    }

    /// The smallest stored size of photo `id` at or above `size` (else the largest).
    pub async fn avatar(&self, id: &str, size: u32) -> anyhow::Result<Option<StoredAvatar>> {
        let row = sqlx::query(
            "SELECT content_type, image FROM avatars WHERE id = $1 \
             ORDER BY CASE WHEN size >= $2 THEN 0 ELSE 1 END, \
             CASE WHEN size >= $2 THEN size ELSE -size END LIMIT 1",
        )
        .bind(id)
        .bind(i64::from(size))
        .fetch_optional(&self.db.pool)
        .await?;
        row.map(|row| {
            Ok(StoredAvatar {
                content_type: row.try_get("content_type")?,
                image: row.try_get("image")?,
            })
        })
        .transpose()
    }

    /// The member leaves: sessions end, personal data is erased (nickname, birth year,
    /// gender, e-mail, photo, consents, the provider link), content stays under
    /// [`SECEDED_NAME`]; events for the gateway and the other services.
    pub async fn secede(&self, user_id: i64, now: i64) -> anyhow::Result<bool> {
        let mut tx = self.db.begin().await?;
        let updated = sqlx::query(
            "UPDATE users SET kakao_id = $2, name = $3, nickname_key = NULL, birth_year = NULL, \
             gender = NULL, email = NULL, avatar_id = NULL, open_favorite_stocks = 0, \
             seceded_at_ms = $4, updated_at_ms = $4 WHERE id = $1 AND seceded_at_ms IS NULL",
        )
        .bind(user_id)
        .bind(format!("seceded:{user_id}"))
        .bind(SECEDED_NAME)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if updated == 0 {
            return Ok(false);
        }
        for table in ["avatars", "consents", "dormancy_releases"] {
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "DELETE FROM {table} WHERE user_id = $1"
            )))
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        }
        Self::revoke_sessions(&mut tx, user_id).await?;
        revoked_event(&mut tx, user_id).await?;
        outbox::enqueue(
            &mut tx,
            subjects::USER_SECEDED,
            Headers::new(),
            &pb::UserSeceded { user_id }.encode_to_vec(),
        )
        .await?;
        outbox::commit(&self.db, tx).await?;
        Ok(true)
    }

    /// End every session of the member, with the event the gateway drops its cache on.
    pub async fn log_out_everywhere(&self, user_id: i64) -> anyhow::Result<()> {
        let mut tx = self.db.begin().await?;
        Self::revoke_sessions(&mut tx, user_id).await?;
        revoked_event(&mut tx, user_id).await?;
        outbox::commit(&self.db, tx).await
    }

    /// Nickname and photo of members (unknown ids are left out).
    pub async fn public_profiles(&self, ids: &[i64]) -> anyhow::Result<Vec<pb::PublicProfile>> {
        let mut profiles = Vec::with_capacity(ids.len());
        for &id in ids {
            if let Some(user) = self.user(id).await? {
                let active = user.seceded_at_ms.is_none() && user.terminated_at_ms.is_none();
                profiles.push(pb::PublicProfile {
                    id,
                    name: user.name.clone(),
                    avatar_url: user.avatar_url(),
                    open_favorite_stocks: active && user.open_favorite_stocks,
                });
            }
        }
        Ok(profiles)
    }
}

/// `events.identity.profile_changed` in the transaction of the change: the name and photo
/// address as `GetPublicProfiles` shows them.
async fn profile_changed(
    conn: &mut AnyConnection,
    user_id: i64,
    name: &str,
    avatar_id: Option<&str>,
    now: i64,
) -> anyhow::Result<()> {
    let event = pb::ProfileChanged {
        user_id,
        name: name.to_owned(),
        avatar_url: avatar_url(avatar_id),
        changed_at_ms: now,
    };
    outbox::enqueue(
        conn,
        subjects::PROFILE_CHANGED,
        Headers::new(),
        &event.encode_to_vec(),
    )
    .await
}

/// `events.identity.sessions_revoked` in the transaction that revoked them.
pub(crate) async fn revoked_event(conn: &mut AnyConnection, user_id: i64) -> anyhow::Result<()> {
    outbox::enqueue(
        conn,
        subjects::SESSIONS_REVOKED,
        Headers::new(),
        &pb::SessionsRevoked { user_id }.encode_to_vec(),
    )
    .await
}
