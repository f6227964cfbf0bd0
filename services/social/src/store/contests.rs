//! Contests and their entries (rankers): operators create, list, edit and end contests; a
//! member enters a running one once with 1–5 picks, each with its price at entry (counted
//! under the contest row's lock, so the cap holds); the picks' prices at the end are stored
//! once, when an operator ends it early or the first time an ended contest's ranking is
//! read.

use sise_platform::error::{DomainError, ErrorCode};
use sqlx::Row as _;
use sqlx::any::AnyRow;

use super::{AUTHOR_COLUMNS, AuthorRow, Change, Store};

const CONTEST_COLUMNS: &str =
    "id, title, description, starts_at_ms, ends_at_ms, sample, entries, finalized";

/// A contest as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct ContestRow {
    pub id: i64,
    pub title: String,
    pub description: String,
    pub starts_at_ms: i64,
    pub ends_at_ms: i64,
    pub sample: bool,
    pub entries: i64,
    /// The picks' `final_price` is stored.
    pub finalized: bool,
}

impl ContestRow {
    fn from_row(row: &AnyRow) -> anyhow::Result<Self> {
        Ok(Self {
            id: row.try_get("id")?,
            title: row.try_get("title")?,
            description: row.try_get("description")?,
            starts_at_ms: row.try_get("starts_at_ms")?,
            ends_at_ms: row.try_get("ends_at_ms")?,
            sample: row.try_get::<i64, _>("sample")? != 0,
            entries: row.try_get("entries")?,
            finalized: row.try_get::<i64, _>("finalized")? != 0,
        })
    }
}

/// A stock an entry picked.
#[derive(Clone, Debug, PartialEq)]
pub struct PickRow {
    pub security_id: String,
    pub name: String,
    pub entry_price: f64,
    pub final_price: Option<f64>,
}

/// An entry (a ranker) with its picks in the order chosen.
#[derive(Clone, Debug, PartialEq)]
pub struct EntryRow {
    pub id: i64,
    pub contest_id: i64,
    pub user_id: i64,
    /// The member's nickname as the community shows it.
    pub nickname: String,
    pub entered_at_ms: i64,
    pub picks: Vec<PickRow>,
}

/// An operator's change of a contest: the fields given change.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ContestEdit {
    pub title: Option<String>,
    pub description: Option<String>,
    pub ends_at_ms: Option<i64>,
}

/// A new contest.
pub struct NewContest<'a> {
    pub title: &'a str,
    pub description: &'a str,
    pub starts_at_ms: i64,
    pub ends_at_ms: i64,
    pub sample: bool,
}

impl Store {
    pub async fn create_contest(&self, contest: &NewContest<'_>) -> anyhow::Result<ContestRow> {
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "INSERT INTO contests (title, description, starts_at_ms, ends_at_ms, sample) \
             VALUES ($1, $2, $3, $4, $5) RETURNING {CONTEST_COLUMNS}"
        )))
        .bind(contest.title)
        .bind(contest.description)
        .bind(contest.starts_at_ms)
        .bind(contest.ends_at_ms)
        .bind(i64::from(contest.sample))
        .fetch_one(self.db.writer())
        .await?;
        ContestRow::from_row(&row)
    }

    /// Whether any contest exists (the sample one is seeded only into none).
    pub async fn has_contests(&self) -> anyhow::Result<bool> {
        let found: Option<i64> = sqlx::query_scalar("SELECT id FROM contests LIMIT 1")
            .fetch_optional(&self.db.pool)
            .await?;
        Ok(found.is_some())
    }

    /// The newest `limit` contests by start.
    pub async fn contests(&self, limit: i64) -> anyhow::Result<Vec<ContestRow>> {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {CONTEST_COLUMNS} FROM contests ORDER BY starts_at_ms DESC, id DESC LIMIT $1"
        )))
        .bind(limit)
        .fetch_all(&self.db.pool)
        .await?
        .iter()
        .map(ContestRow::from_row)
        .collect()
    }

    /// Operators' list: up to `limit` contests with an id below `before` (any when `None`),
    /// the newest first, and whether more follow.
    pub async fn contests_page(
        &self,
        before: Option<i64>,
        limit: i64,
    ) -> anyhow::Result<(Vec<ContestRow>, bool)> {
        let mut rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {CONTEST_COLUMNS} FROM contests WHERE id < $1 ORDER BY id DESC LIMIT $2"
        )))
        .bind(before.unwrap_or(i64::MAX))
        .bind(limit + 1)
        .fetch_all(&self.db.pool)
        .await?
        .iter()
        .map(ContestRow::from_row)
        .collect::<anyhow::Result<Vec<_>>>()?;
        let more = rows.len() as i64 > limit;
        rows.truncate(limit as usize);
        Ok((rows, more))
    }

    /// An operator's change of contest `id` (checked by the caller: text, and an end after
    /// its start within the longest period): the end only while the contest has not ended
    /// at `now` and to a time after `now`, under the contest row's lock.
    pub async fn edit_contest(
        &self,
        id: i64,
        edit: &ContestEdit,
        max_period_ms: i64,
        now: i64,
    ) -> Change<ContestRow> {
        let mut tx = self.db.begin().await?;
        let Some(contest) = lock_contest(&mut tx, id).await? else {
            return Ok(Err(ErrorCode::ContestNotFound.into()));
        };
        let ends_at_ms = match edit.ends_at_ms {
            Some(_) if now >= contest.ends_at_ms => {
                return Ok(Err(ErrorCode::ContestEnded.into()));
            }
            Some(end)
                if end <= now
                    || end <= contest.starts_at_ms
                    || end - contest.starts_at_ms > max_period_ms =>
            {
                return Ok(Err(DomainError::with_max(
                    ErrorCode::InvalidContestPeriod,
                    max_period_ms / (24 * 60 * 60 * 1000),
                )));
            }
            Some(end) => end,
            None => contest.ends_at_ms,
        };
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE contests SET title = $2, description = $3, ends_at_ms = $4 WHERE id = $1 \
             RETURNING {CONTEST_COLUMNS}"
        )))
        .bind(id)
        .bind(edit.title.as_deref().unwrap_or(&contest.title))
        .bind(edit.description.as_deref().unwrap_or(&contest.description))
        .bind(ends_at_ms)
        .fetch_one(&mut *tx)
        .await?;
        let edited = ContestRow::from_row(&row)?;
        tx.commit().await?;
        Ok(Ok(edited))
    }

    /// Contest `id` ends at `now`, if it is running then (under its row's lock).
    pub async fn end_contest(&self, id: i64, now: i64) -> Change<ContestRow> {
        let mut tx = self.db.begin().await?;
        let Some(contest) = lock_contest(&mut tx, id).await? else {
            return Ok(Err(ErrorCode::ContestNotFound.into()));
        };
        if now < contest.starts_at_ms {
            return Ok(Err(ErrorCode::ContestNotStarted.into()));
        }
        if now >= contest.ends_at_ms {
            return Ok(Err(ErrorCode::ContestEnded.into()));
        }
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE contests SET ends_at_ms = $2 WHERE id = $1 RETURNING {CONTEST_COLUMNS}"
        )))
        .bind(id)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        let ended = ContestRow::from_row(&row)?;
        tx.commit().await?;
        Ok(Ok(ended))
    }

    pub async fn contest(&self, id: i64) -> anyhow::Result<Option<ContestRow>> {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT {CONTEST_COLUMNS} FROM contests WHERE id = $1"
        )))
        .bind(id)
        .fetch_optional(&self.db.pool)
        .await?
        .as_ref()
        .map(ContestRow::from_row)
        .transpose()
    }

    /// `user_id` enters contest `contest_id` with `picks` (checked by the caller), unless
    /// the contest is not running at `now`, they entered before, or it holds `cap`
    /// entries: the count is raised first, under the contest row's lock, and a refusal
    /// rolls it back.
    pub async fn enter_contest(
        &self,
        contest_id: i64,
        user_id: i64,
        picks: &[PickRow],
        cap: i64,
        now: i64,
    ) -> Change<i64> {
        let mut tx = self.db.begin().await?;
        let counted: Option<(i64, i64, i64)> = sqlx::query_as(
            "UPDATE contests SET entries = entries + 1 WHERE id = $1 \
             RETURNING entries, starts_at_ms, ends_at_ms",
        )
        .bind(contest_id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some((entries, starts_at, ends_at)) = counted else {
            return Ok(Err(ErrorCode::ContestNotFound.into()));
        };
        if now < starts_at || now >= ends_at {
            return Ok(Err(ErrorCode::ContestNotRunning.into()));
        }
        let entered: Option<i64> = sqlx::query_scalar(
            "SELECT id FROM contest_entries WHERE contest_id = $1 AND user_id = $2",
        )
        .bind(contest_id)
        .bind(user_id)
        .fetch_optional(&mut *tx)
        .await?;
        if entered.is_some() {
            return Ok(Err(ErrorCode::AlreadyEntered.into()));
        }
        if entries > cap {
            return Ok(Err(DomainError::with_max(ErrorCode::ContestFull, cap)));
        }
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO contest_entries (contest_id, user_id, entered_at_ms) \
             VALUES ($1, $2, $3) RETURNING id",
        )
        .bind(contest_id)
        .bind(user_id)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        for (position, pick) in picks.iter().enumerate() {
            sqlx::query(
                "INSERT INTO contest_picks (entry_id, position, security_id, name, entry_price) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(id)
            .bind(position as i64)
            .bind(&pick.security_id)
            .bind(&pick.name)
            .bind(pick.entry_price)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(Ok(id))
    }

    /// Every entry of a contest with its picks (at most the cap), in entry order.
    pub async fn contest_entries(&self, contest_id: i64) -> anyhow::Result<Vec<EntryRow>> {
        let entries = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT e.id, e.contest_id, e.user_id, e.entered_at_ms, {AUTHOR_COLUMNS} \
             FROM contest_entries e LEFT JOIN authors a ON a.id = e.user_id \
             WHERE e.contest_id = $1 ORDER BY e.id"
        )))
        .bind(contest_id)
        .fetch_all(&self.db.pool)
        .await?;
        let picks = sqlx::query(
            "SELECT p.entry_id, p.security_id, p.name, p.entry_price, p.final_price \
             FROM contest_picks p JOIN contest_entries e ON e.id = p.entry_id \
             WHERE e.contest_id = $1 ORDER BY p.entry_id, p.position",
        )
        .bind(contest_id)
        .fetch_all(&self.db.pool)
        .await?;
        let mut rows = entries
            .iter()
            .map(|row| {
                let user_id: i64 = row.try_get("user_id")?;
                Ok(EntryRow {
                    id: row.try_get("id")?,
                    contest_id: row.try_get("contest_id")?,
                    user_id,
                    nickname: AuthorRow::from_joined(row, user_id)?.name,
                    entered_at_ms: row.try_get("entered_at_ms")?,
                    picks: Vec::new(),
                })
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        let mut at = 0;
        for row in &picks {
            let entry_id: i64 = row.try_get("entry_id")?;
            // Both lists are in entry order.
            while rows.get(at).is_some_and(|e| e.id != entry_id) {
                at += 1;
            }
            let Some(entry) = rows.get_mut(at) else { break };
            entry.picks.push(PickRow {
                security_id: row.try_get("security_id")?,
                name: row.try_get("name")?,
                entry_price: row.try_get("entry_price")?,
                final_price: row.try_get("final_price")?,
            });
        }
        Ok(rows)
    }

    /// The contest an entry belongs to.
    pub async fn entry_contest(&self, entry_id: i64) -> anyhow::Result<Option<i64>> {
        Ok(
            sqlx::query_scalar("SELECT contest_id FROM contest_entries WHERE id = $1")
                .bind(entry_id)
                .fetch_optional(&self.db.pool)
                .await?,
        )
    }

    /// Stores the prices at the end of an ended contest (`prices`: security id → price;
    /// a stock missing keeps its entry price), once.
    pub async fn finalize_contest(
        &self,
        contest_id: i64,
        prices: &[(String, f64)],
    ) -> anyhow::Result<()> {
        let mut tx = self.db.begin().await?;
        let claimed =
            sqlx::query("UPDATE contests SET finalized = 1 WHERE id = $1 AND finalized = 0")
                .bind(contest_id)
                .execute(&mut *tx)
                .await?
                .rows_affected();
        if claimed == 0 {
            return Ok(());
        }
        let mine = "entry_id IN (SELECT id FROM contest_entries WHERE contest_id = $1)";
        for (security_id, price) in prices {
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "UPDATE contest_picks SET final_price = $2 WHERE {mine} AND security_id = $3"
            )))
            .bind(contest_id)
            .bind(*price)
            .bind(security_id)
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE contest_picks SET final_price = entry_price WHERE {mine} AND final_price IS NULL"
        )))
        .bind(contest_id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// A seceded member's entries go (idempotent): rankings name no one who left.
    pub async fn forget_contest_entries(&self, user_id: i64) -> anyhow::Result<()> {
        let mut tx = self.db.begin().await?;
        sqlx::query(
            "UPDATE contests SET entries = entries - 1 WHERE id IN \
             (SELECT contest_id FROM contest_entries WHERE user_id = $1)",
        )
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "DELETE FROM contest_picks WHERE entry_id IN \
             (SELECT id FROM contest_entries WHERE user_id = $1)",
        )
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM contest_entries WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }
}

/// Contest `id` under its row's lock for the rest of the transaction (a no-op update takes
/// it on both backends), `None` when there is no such contest.
async fn lock_contest(
    conn: &mut sqlx::AnyConnection,
    id: i64,
) -> anyhow::Result<Option<ContestRow>> {
    let row = sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE contests SET id = id WHERE id = $1 RETURNING {CONTEST_COLUMNS}"
    )))
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    row.as_ref().map(ContestRow::from_row).transpose()
}
