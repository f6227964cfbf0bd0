//! The social database, both backends: authors, posts and their pictures, comments,
//! reactions, reports and the operators' cases.
//!
//! SQL is written once for both backends (`$n` placeholders, epoch-ms instants, 0/1
//! booleans), see `sise_platform::db`. Lists are keyset pages over an index whose columns
//! are the list's filter and then its order (the migrations name one per list).
//!
//! Concurrency: every write transaction starts with a write that locks what it changes
//! (on SQLite that also takes the write lock at once, so no deferred transaction has to be
//! upgraded): a member's writes lock the member's `authors` row first (daily limits,
//! duplicates), then the post's row (its counters and rank). Locks are always taken in that
//! order (member, post, comment), so no two writes wait for each other in a cycle. Durable
//! events go through the outbox in the transaction of their change.
//!
//! - `authors`: the members as social knows them (identity's profiles, secessions,
//!   terminations) and the sample members.
//! - `posts`: boards, one post and its neighbours, writing and deleting, pictures;
//!   `post_batch` the writer that commits the text posts waiting at one moment together.
//! - `comments`: comments and replies, a member's own.
//! - `reactions`: likes and dislikes, the liked users.
//! - `moderation`: reports, objections, the operators' cases and decisions.
//! - `notices`: the service's notices, published and withdrawn by operators.
//! - `support`: members' messages to the operators (customer support) and the answers.
//! - `insight`: insight articles and their contributors (comments and reactions on them
//!   are `comments`' and `reactions`'); `insight_index` the search's index of their titles.
//! - `contests`: contests, their entries (rankers) and picks.
//! - `site`: the maintenance switch, operators' promotions, analytics events.
//! - `recaps`: which trading dates have their market recap; a day's posts per board.
//! - `samples`: the sample boards of the embedded default.

pub mod authors;
pub mod comments;
pub mod contests;
pub mod insight;
pub mod insight_index;
pub mod moderation;
pub mod notices;
pub mod post_batch;
pub mod posts;
pub mod reactions;
pub mod recaps;
pub mod samples;
pub mod site;
pub mod support;

use prost::Message;
use sise_platform::bus::Headers;
use sise_platform::db::{Database, Migrations};
use sise_platform::error::{DomainError, ErrorCode};
use sise_platform::outbox;
use sise_proto::social::v1 as pb;
use sqlx::any::AnyRow;
use sqlx::{Any, AnyConnection, AssertSqlSafe, Row as _};

use crate::domain::{CommunitySettings, Emotion, HiddenBy, Kind, SECEDED_NAME, kst_day};

static SQLITE: sqlx::migrate::Migrator = sise_platform::db::migrate!("migrations/sqlite");
static POSTGRES: sqlx::migrate::Migrator = sise_platform::db::migrate!("migrations/postgres");

pub const MIGRATIONS: Migrations = Migrations {
    sqlite: &SQLITE,
    postgres: &POSTGRES,
};

/// A change, or the catalogue error a member or operator gets instead.
pub type Change<T> = anyhow::Result<Result<T, DomainError>>;

/// Who reads: a member (their own hidden content, reactions, `is_mine`) or a visitor.
pub type Viewer = Option<i64>;

#[derive(Clone, Debug)]
pub struct Store {
    db: Database,
    rules: std::sync::Arc<CommunitySettings>,
    titles: insight_index::TitleIndex,
    writer: post_batch::Writer,
}

impl Store {
    pub fn new(db: Database, rules: CommunitySettings) -> Self {
        Self {
            db,
            rules: rules.into(),
            titles: Default::default(),
            writer: Default::default(),
        }
    }

    pub fn database(&self) -> &Database {
        &self.db
    }

    pub fn rules(&self) -> &CommunitySettings {
        &self.rules
    }
}

/// A query assembled from fixed fragments (never input) and bound values, numbered `$n`
/// in the order they are bound (sqlx's `QueryBuilder` writes `?` for `Any`, which
/// PostgreSQL refuses).
#[derive(Default)]
pub(crate) struct Sql {
    text: String,
    args: Vec<Arg>,
}

enum Arg {
    Int(i64),
    Text(String),
}

impl Sql {
    pub(crate) fn new(text: &str) -> Self {
        Self {
            text: text.to_owned(),
            args: Vec::new(),
        }
    }

    pub(crate) fn push(&mut self, fragment: &str) -> &mut Self {
        self.text.push_str(fragment);
        self
    }

    /// The placeholder of a new bound integer.
    pub(crate) fn int(&mut self, value: i64) -> String {
        self.args.push(Arg::Int(value));
        format!("${}", self.args.len())
    }

    pub(crate) fn text(&mut self, value: &str) -> String {
        self.args.push(Arg::Text(value.to_owned()));
        format!("${}", self.args.len())
    }

    /// `(v1, v2, …)` of bound integers, for `IN`.
    pub(crate) fn ints(&mut self, values: &[i64]) -> String {
        let placeholders: Vec<String> = values.iter().map(|&v| self.int(v)).collect();
        format!("({})", placeholders.join(", "))
    }

    fn query(self) -> sqlx::query::Query<'static, Any, sqlx::any::AnyArguments> {
        let mut query = sqlx::query::<Any>(AssertSqlSafe(self.text));
        for arg in self.args {
            query = match arg {
                Arg::Int(v) => query.bind(v),
                Arg::Text(v) => query.bind(v),
            };
        }
        query
    }

    pub(crate) async fn fetch_all(self, conn: &mut AnyConnection) -> anyhow::Result<Vec<AnyRow>> {
        Ok(self.query().fetch_all(conn).await?)
    }

    /// Runs a change; the rows it affected.
    pub(crate) async fn execute(self, conn: &mut AnyConnection) -> anyhow::Result<u64> {
        Ok(self.query().execute(conn).await?.rows_affected())
    }
}

/// A member as readers see them.
#[derive(Clone, Debug)]
pub struct AuthorRow {
    pub id: i64,
    pub name: String,
    pub avatar_url: String,
    pub seceded: bool,
    pub sample: bool,
}

/// The author columns of a query joining `authors a` (see [`AuthorRow::from_joined`]).
pub(crate) const AUTHOR_COLUMNS: &str = "a.name AS author_name, a.avatar_url AS author_avatar, \
     a.seceded AS author_seceded, a.sample AS author_sample";

impl AuthorRow {
    /// From a row with [`AUTHOR_COLUMNS`], the member being `id` (no row yet: a member
    /// social has not heard of, named as identity names new members).
    pub(crate) fn from_joined(row: &AnyRow, id: i64) -> anyhow::Result<Self> {
        let name: Option<String> = row.try_get("author_name")?;
        Ok(Self {
            id,
            name: name
                .filter(|n| !n.is_empty())
                .unwrap_or_else(|| format!("회원{id}")),
            avatar_url: row
                .try_get::<Option<String>, _>("author_avatar")?
                .unwrap_or_default(),
            seceded: row
                .try_get::<Option<i64>, _>("author_seceded")?
                .unwrap_or(0)
                != 0,
            sample: row.try_get::<Option<i64>, _>("author_sample")?.unwrap_or(0) != 0,
        })
    }

    pub fn proto(&self) -> pb::Author {
        if self.seceded {
            return pb::Author {
                id: self.id,
                name: SECEDED_NAME.to_owned(),
                avatar_url: String::new(),
                seceded: true,
                sample: self.sample,
            };
        }
        pb::Author {
            id: self.id,
            name: self.name.clone(),
            avatar_url: self.avatar_url.clone(),
            seceded: false,
            sample: self.sample,
        }
    }
}

/// Why content is hidden, and the author's objection if made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hiding {
    pub by: HiddenBy,
    pub reason: String,
    pub objection: Option<(String, i64)>,
}

/// The hiding columns every post and comment query reads (`t.` is the target's table).
pub(crate) const HIDING_COLUMNS: &str =
    "t.hidden_by, t.hidden_reason, t.objection, t.objected_at_ms";

impl Hiding {
    pub(crate) fn from_row(row: &AnyRow) -> anyhow::Result<Option<Self>> {
        let by: Option<String> = row.try_get("hidden_by")?;
        let Some(by) = by.as_deref().and_then(HiddenBy::from_db) else {
            return Ok(None);
        };
        let objection: Option<String> = row.try_get("objection")?;
        let objected_at: Option<i64> = row.try_get("objected_at_ms")?;
        Ok(Some(Self {
            by,
            reason: row.try_get("hidden_reason")?,
            objection: objection.map(|text| (text, objected_at.unwrap_or(0))),
        }))
    }

    /// As `reader` sees it: the author sees their objection and whether they may object;
    /// others the reason only. Operators see everything ([`Hiding::for_operators`]).
    pub fn proto(&self, is_author: bool) -> pb::Hidden {
        pb::Hidden {
            by: self.by.proto() as i32,
            reason: self.reason.clone(),
            objection: if is_author { self.objection() } else { None },
            can_object: is_author && self.may_object(),
        }
    }

    pub fn for_operators(&self) -> pb::Hidden {
        pb::Hidden {
            by: self.by.proto() as i32,
            reason: self.reason.clone(),
            objection: self.objection(),
            can_object: false,
        }
    }

    /// Once per hiding; a terminated member's content goes through customer support.
    pub fn may_object(&self) -> bool {
        self.objection.is_none() && self.by != HiddenBy::AuthorTerminated
    }

    fn objection(&self) -> Option<pb::Objection> {
        self.objection.as_ref().map(|(text, at)| pb::Objection {
            text: text.clone(),
            created_at_ms: *at,
        })
    }
}

/// `message` on `subject`, published once the transaction of `conn` commits.
pub(crate) async fn event(
    conn: &mut AnyConnection,
    subject: &str,
    message: &impl Message,
) -> anyhow::Result<()> {
    outbox::enqueue(conn, subject, Headers::new(), &message.encode_to_vec()).await
}

/// A member whose lock a transaction holds ([`lock_member`]).
pub(crate) struct Locked {
    pub terminated: bool,
    /// As a new post or comment of theirs shows them.
    pub author: AuthorRow,
}

/// Takes the member's lock for the rest of the transaction (the module note): whether
/// they were terminated and how they show, `None` for a member without an `authors` row.
pub(crate) async fn lock_member(
    conn: &mut AnyConnection,
    user_id: i64,
    now: i64,
) -> anyhow::Result<Option<Locked>> {
    let row = sqlx::query(
        "UPDATE authors SET last_write_ms = $2 WHERE id = $1 RETURNING terminated, \
         name AS author_name, avatar_url AS author_avatar, seceded AS author_seceded, \
         sample AS author_sample",
    )
    .bind(user_id)
    .bind(now)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(|row| {
        Ok(Locked {
            terminated: row.try_get::<i64, _>("terminated")? != 0,
            author: AuthorRow::from_joined(&row, user_id)?,
        })
    })
    .transpose()
}

/// What the duplicate rule compares first (`content_hash`, migration 0003): the first 8
/// bytes of the text's SHA-256, as a signed integer. The texts themselves are compared
/// too, so a collision refuses nothing.
pub(crate) fn content_hash(content: &str) -> i64 {
    use sha2::{Digest as _, Sha256};
    let digest = Sha256::digest(content.as_bytes());
    let mut first = [0_u8; 8];
    first.copy_from_slice(&digest[..8]);
    i64::from_be_bytes(first)
}

impl Store {
    /// The daily limit of `kind` and its error.
    fn daily_limit(&self, kind: Kind) -> (i64, ErrorCode) {
        match kind {
            Kind::Post => (self.rules.daily_posts, ErrorCode::DailyPostLimit),
            Kind::Comment => (self.rules.daily_comments, ErrorCode::DailyCommentLimit),
        }
    }

    /// Whether `user_id` may write one more `kind` now: under the daily limit and not the
    /// same text again within the duplicate window. Read without the member's lock before
    /// the costly part of a write; [`Store::admit_write`] decides under it.
    pub(crate) async fn write_allowed(
        &self,
        conn: &mut AnyConnection,
        kind: Kind,
        user_id: i64,
        content: &str,
        now: i64,
    ) -> anyhow::Result<Result<(), DomainError>> {
        let (limit, code) = self.daily_limit(kind);
        let written: Option<i64> = sqlx::query_scalar(AssertSqlSafe(format!(
            "SELECT {} FROM member_days WHERE user_id = $1 AND day = $2",
            table(kind)
        )))
        .bind(user_id)
        .bind(kst_day(now))
        .fetch_optional(&mut *conn)
        .await?;
        if written.unwrap_or(0) >= limit {
            return Ok(Err(DomainError::with_max(code, limit)));
        }
        self.not_duplicate(conn, kind, user_id, content, now).await
    }

    /// Counts one more `kind` on the member's day and checks the write's rules, in a
    /// transaction that holds the member's lock ([`lock_member`]). A refusal leaves the
    /// count to the transaction's rollback: the caller returns without committing.
    pub(crate) async fn admit_write(
        &self,
        conn: &mut AnyConnection,
        kind: Kind,
        user_id: i64,
        content: &str,
        now: i64,
    ) -> anyhow::Result<Result<(), DomainError>> {
        let (limit, code) = self.daily_limit(kind);
        if count_day(conn, kind, user_id, now).await? > limit {
            return Ok(Err(DomainError::with_max(code, limit)));
        }
        self.not_duplicate(conn, kind, user_id, content, now).await
    }

    /// Refuses the same text from the same member within the duplicate window: one range
    /// of the `{table}_same_text` index (a member has at most one such text in the window).
    async fn not_duplicate(
        &self,
        conn: &mut AnyConnection,
        kind: Kind,
        user_id: i64,
        content: &str,
        now: i64,
    ) -> anyhow::Result<Result<(), DomainError>> {
        let same: i64 = sqlx::query_scalar(AssertSqlSafe(format!(
            "SELECT COUNT(*) FROM {} WHERE user_id = $1 AND content_hash = $2 \
             AND created_at_ms >= $3 AND deleted_at_ms IS NULL AND content = $4",
            table(kind)
        )))
        .bind(user_id)
        .bind(content_hash(content))
        .bind(now - self.rules.duplicate_window_secs * 1000)
        .bind(content)
        .fetch_one(&mut *conn)
        .await?;
        if same > 0 {
            return Ok(Err(ErrorCode::DuplicateContent.into()));
        }
        Ok(Ok(()))
    }
}

/// One more write of `kind` on the member's KST day (`member_days` has a column per kind,
/// named as its table): the day's count of `kind` with it. At the day's first write,
/// earlier days' rows go.
pub(crate) async fn count_day(
    conn: &mut AnyConnection,
    kind: Kind,
    user_id: i64,
    now: i64,
) -> anyhow::Result<i64> {
    let column = table(kind);
    let day = kst_day(now);
    let (count, written): (i64, i64) = sqlx::query_as(AssertSqlSafe(format!(
        "INSERT INTO member_days (user_id, day, {column}) VALUES ($1, $2, 1) \
         ON CONFLICT (user_id, day) DO UPDATE SET {column} = member_days.{column} + 1 \
         RETURNING {column}, posts + comments"
    )))
    .bind(user_id)
    .bind(day)
    .fetch_one(&mut *conn)
    .await?;
    // The day's first write: the row is new, and older days' rows go.
    if written == 1 {
        sqlx::query("DELETE FROM member_days WHERE user_id = $1 AND day < $2")
            .bind(user_id)
            .bind(day)
            .execute(&mut *conn)
            .await?;
    }
    Ok(count)
}

/// The table of a kind of target (a fixed name, never input).
pub(crate) fn table(kind: Kind) -> &'static str {
    match kind {
        Kind::Post => "posts",
        Kind::Comment => "comments",
    }
}

/// A page of `rows` asked as `limit + 1`: the page, and whether more follow.
pub(crate) fn split_page<T>(mut rows: Vec<T>, limit: usize) -> (Vec<T>, bool) {
    let more = rows.len() > limit;
    rows.truncate(limit);
    (rows, more)
}

/// The member's reaction to each of `post_ids`.
pub(crate) async fn emotions(
    conn: &mut AnyConnection,
    viewer: Viewer,
    post_ids: &[i64],
) -> anyhow::Result<std::collections::HashMap<i64, Emotion>> {
    let Some(user_id) = viewer else {
        return Ok(Default::default());
    };
    if post_ids.is_empty() {
        return Ok(Default::default());
    }
    let mut sql = Sql::new("SELECT target_id, kind FROM reactions WHERE user_id = ");
    let user = sql.int(user_id);
    sql.push(&user);
    sql.push(" AND target_type = 'post' AND target_id IN ");
    let ids = sql.ints(post_ids);
    sql.push(&ids);
    let rows = sql.fetch_all(conn).await?;
    let mut found = std::collections::HashMap::new();
    for row in rows {
        let kind: String = row.try_get("kind")?;
        if let Some(emotion) = Emotion::from_db(&kind) {
            found.insert(row.try_get::<i64, _>("target_id")?, emotion);
        }
    }
    Ok(found)
}

pub(crate) fn my_emotion(emotion: Option<Emotion>) -> pb::MyEmotion {
    pb::MyEmotion {
        liked: emotion == Some(Emotion::Like),
        disliked: emotion == Some(Emotion::Dislike),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sise_platform::db::testing::TestDatabase;

    /// Stored hashes are compared with new ones for as long as a text stays in the
    /// duplicate window: the function must never change (SHA-256's first 8 bytes, big-endian).
    #[test]
    fn content_hash_is_sha256s_first_eight_bytes() {
        assert_eq!(content_hash("하나"), 6_155_800_499_110_629_611);
        assert_eq!(content_hash(""), -2_039_914_840_885_289_964);
    }

    sise_platform::per_backend! {
        /// Both migration folders build the same schema, checks included.
        async fn schema_enforces_its_checks(backend) {
            let test_db = TestDatabase::create(backend, "social").await.expect("db");
            let db = Database::connect(&test_db.url, &MIGRATIONS).await.expect("connect");
            let pool = db.writer();
            let post_id: i64 = sqlx::query_scalar(
                "INSERT INTO posts (security_id, user_id, category, content, hot_rank, \
                 created_at_ms) VALUES ($1, $2, 'opinion', $3, 0, $4) RETURNING id",
            )
            .bind("KOREA-A005930")
            .bind(7_i64)
            .bind("가즈아")
            .bind(1_i64)
            .fetch_one(pool)
            .await
            .expect("post");
            let counts: (i64, i64, i64) = sqlx::query_as(
                "SELECT likes_count, dislikes_count, comments_count FROM posts WHERE id = $1",
            )
            .bind(post_id)
            .fetch_one(pool)
            .await
            .expect("counts");
            assert_eq!(counts, (0, 0, 0));
            let bad_category = sqlx::query(
                "INSERT INTO posts (security_id, user_id, category, content, hot_rank, \
                 created_at_ms) VALUES ('KOREA-A005930', 7, 'rumour', 'x', 0, 1)",
            )
            .execute(pool)
            .await;
            assert!(bad_category.is_err(), "category check on {backend:?}");

            let react = |kind: &'static str| {
                sqlx::query(
                    "INSERT INTO reactions (user_id, target_type, target_id, kind, created_at_ms) \
                     VALUES ($1, 'post', $2, $3, 1)",
                )
                .bind(7_i64)
                .bind(post_id)
                .bind(kind)
                .execute(pool)
            };
            assert!(react("LOVE").await.is_err(), "kind check on {backend:?}");
            react("LIKE").await.expect("like");
            assert!(
                react("DISLIKE").await.is_err(),
                "one reaction per member on {backend:?}"
            );

            let report = |user: i64, content: String| {
                sqlx::query(
                    "INSERT INTO reports (user_id, target_type, target_id, report_type, content, \
                     created_at_ms) VALUES ($1, 'post', $2, 'other', $3, 1)",
                )
                .bind(user)
                .bind(post_id)
                .bind(content)
                .execute(pool)
            };
            // 500 characters (not bytes) are allowed, 501 are not.
            report(8, "가".repeat(500)).await.expect("500 characters");
            assert!(
                report(9, "가".repeat(501)).await.is_err(),
                "length check on {backend:?}"
            );
            assert!(
                report(8, String::new()).await.is_err(),
                "one report per member and target on {backend:?}"
            );

            db.close().await;
            test_db.cleanup().await.expect("cleanup");
        }
    }
}
