//! The favorites database: favorite stock lists (groups) and their stocks, both backends.
//!
//! SQL is written once for both backends (`$n` placeholders, epoch-ms instants), see
//! `sise_platform::db`. Every change of a member's favorites runs in a transaction that
//! first writes the member's `favorite_members` row ([`lock_member`]): one member's changes
//! run one after another, so the limits hold under concurrent requests and a reorder sees
//! exactly the rows it reorders; the same write moves the member's `version`, and a
//! member's groups are read from memory while their version has not moved (one primary-key
//! read instead of two queries over every stock). Adds and removals publish events through
//! the outbox.

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use prost::Message as _;
use sise_platform::bus::Headers;
use sise_platform::db::{Database, Migrations};
use sise_platform::outbox;
use sise_proto::favorites::v1 as pb;
use sqlx::{AnyConnection, Row as _};

static SQLITE: sqlx::migrate::Migrator = sise_platform::db::migrate!("migrations/sqlite");
static POSTGRES: sqlx::migrate::Migrator = sise_platform::db::migrate!("migrations/postgres");

pub const MIGRATIONS: Migrations = Migrations {
    sqlite: &SQLITE,
    postgres: &POSTGRES,
};

// The subjects and who may use them: `sise_platform::bus::acl`.
pub use sise_platform::bus::acl::subjects::{STOCK_ADDED, STOCK_REMOVED};

/// The name a group gets when none is given (spec §5).
pub const DEFAULT_LIST_NAME: &str = "관심그룹";

/// Why a change was not made (each a catalogue error at the service's edge).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    ListNotFound,
    StockNotFound,
    TooManyLists,
    ListFull,
    InvalidOrder,
}

pub type Change<T> = anyhow::Result<Result<T, Refusal>>;

#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_lists: u32,
    pub max_stocks_per_list: u32,
}

/// The budget of the groups kept in memory, in [`weight`] units: one per member, per group
/// and per stock. A unit is about 64 bytes in memory (a stock: two ids and its security id),
/// so the budget is about 32 MB: 10,000 members of 50 stocks, or at least 247 members at the
/// largest (20 groups of 100 stocks, 2,021 units each). Least used members go first.
const CACHE_WEIGHT_BUDGET: u64 = 500_000;

type Lists = Arc<Vec<pb::FavoriteStockList>>;

/// What a member's cached groups cost against [`CACHE_WEIGHT_BUDGET`]: one for the member,
/// one per group and one per stock (an entry's count of entries alone would let 10,000 of
/// the largest members hold 20 million stocks).
fn weight(lists: &[pb::FavoriteStockList]) -> u32 {
    let units = lists
        .iter()
        .map(|list| 1 + list.stocks.len())
        .fold(1_usize, usize::saturating_add);
    u32::try_from(units).unwrap_or(u32::MAX)
}

/// Member → (version, groups), bounded by [`weight`].
fn new_cache() -> moka::sync::Cache<i64, (i64, Lists)> {
    moka::sync::Cache::builder()
        .max_capacity(CACHE_WEIGHT_BUDGET)
        .weigher(|_member: &i64, (_version, lists): &(i64, Lists)| weight(lists))
        .build()
}

#[derive(Clone)]
pub struct Store {
    db: Database,
    limits: Limits,
    /// Member → (version, groups) as last read.
    cache: moka::sync::Cache<i64, (i64, Lists)>,
}

impl Store {
    pub fn new(db: Database, limits: Limits) -> Self {
        Self {
            db,
            limits,
            cache: new_cache(),
        }
    }

    pub fn database(&self) -> &Database {
        &self.db
    }

    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The member's groups with their stocks, both in order.
    pub async fn lists(&self, user_id: i64) -> anyhow::Result<Vec<pb::FavoriteStockList>> {
        let mut conn = self.db.pool.acquire().await?;
        let version: Option<i64> =
            sqlx::query_scalar("SELECT version FROM favorite_members WHERE user_id = $1")
                .bind(user_id)
                .fetch_optional(&mut *conn)
                .await?;
        // No row: the member never changed anything, so has no groups.
        let Some(version) = version else {
            return Ok(Vec::new());
        };
        if let Some((cached, lists)) = self.cache.get(&user_id)
            && cached == version
        {
            return Ok(lists.as_ref().clone());
        }
        // Read after the version: a change in between leaves newer groups under an older
        // version, which the next read replaces; never older groups under a newer one.
        let lists = lists_of(&mut conn, user_id).await?;
        self.cache
            .insert(user_id, (version, Arc::new(lists.clone())));
        Ok(lists)
    }

    pub async fn list(
        &self,
        user_id: i64,
        id: i64,
    ) -> anyhow::Result<Option<pb::FavoriteStockList>> {
        Ok(self.lists(user_id).await?.into_iter().find(|l| l.id == id))
    }

    /// A new empty group, last.
    pub async fn create_list(&self, user_id: i64, name: &str, now: i64) -> Change<i64> {
        self.construct_list(user_id, name, &[], now).await
    }

    pub async fn rename_list(&self, user_id: i64, id: i64, name: &str, now: i64) -> Change<()> {
        let mut tx = self.db.begin().await?;
        lock_member(&mut tx, user_id, now).await?;
        let renamed = sqlx::query(
            "UPDATE favorite_stock_lists SET name = $3, updated_at_ms = $4 \
             WHERE id = $1 AND user_id = $2",
        )
        .bind(id)
        .bind(user_id)
        .bind(name)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if renamed != 1 {
            return Ok(Err(Refusal::ListNotFound));
        }
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Delete the member's groups `ids` (all of them mine, or nothing happens).
    pub async fn delete_lists(&self, user_id: i64, ids: &[i64], now: i64) -> Change<()> {
        let mut tx = self.db.begin().await?;
        lock_member(&mut tx, user_id, now).await?;
        let mine = list_ids(&mut tx, user_id).await?;
        if ids.iter().any(|id| !mine.contains(id)) {
            return Ok(Err(Refusal::ListNotFound));
        }
        for &id in ids {
            delete_list(&mut tx, user_id, id).await?;
        }
        outbox::commit(&self.db, tx).await?;
        Ok(Ok(()))
    }

    /// Everything of a member who left (identity's `user_seceded`): the groups, their
    /// stocks (each removal published like any other) and the member's row. Idempotent: a
    /// member with nothing left deletes nothing. How many groups went.
    pub async fn erase_member(&self, user_id: i64, now: i64) -> anyhow::Result<usize> {
        let mut tx = self.db.begin().await?;
        // After a change of the member's still in flight, never beside it.
        lock_member(&mut tx, user_id, now).await?;
        let ids = list_ids(&mut tx, user_id).await?;
        for &id in &ids {
            delete_list(&mut tx, user_id, id).await?;
        }
        // No row: no groups, on every replica (`lists` reads the row first).
        sqlx::query("DELETE FROM favorite_members WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        outbox::commit(&self.db, tx).await?;
        self.cache.invalidate(&user_id);
        Ok(ids.len())
    }

    /// All or nothing: `ids` must be exactly the member's groups.
    pub async fn reorder_lists(&self, user_id: i64, ids: &[i64], now: i64) -> Change<()> {
        let mut tx = self.db.begin().await?;
        lock_member(&mut tx, user_id, now).await?;
        let mine = list_ids(&mut tx, user_id).await?;
        if !same_set(ids, &mine) {
            return Ok(Err(Refusal::InvalidOrder));
        }
        set_positions(&mut tx, "favorite_stock_lists", ids).await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// A new group, last, holding `security_ids` (already checked; at most the per-group
    /// limit).
    pub async fn construct_list(
        &self,
        user_id: i64,
        name: &str,
        security_ids: &[String],
        now: i64,
    ) -> Change<i64> {
        if security_ids.len() > self.limits.max_stocks_per_list as usize {
            return Ok(Err(Refusal::ListFull));
        }
        let mut tx = self.db.begin().await?;
        lock_member(&mut tx, user_id, now).await?;
        let count: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM favorite_stock_lists WHERE user_id = $1")
                .bind(user_id)
                .fetch_one(&mut *tx)
                .await?;
        if count >= i64::from(self.limits.max_lists) {
            return Ok(Err(Refusal::TooManyLists));
        }
        let id = insert_list(&mut tx, user_id, name, now).await?;
        let mut seen = HashSet::new();
        for security_id in security_ids.iter().filter(|s| seen.insert(s.as_str())) {
            insert_stock(&mut tx, id, security_id, now).await?;
            event(&mut tx, STOCK_ADDED, user_id, security_id, id).await?;
        }
        outbox::commit(&self.db, tx).await?;
        Ok(Ok(id))
    }

    /// Add `security_id` to group `list_id`, or to the member's first group (made as
    /// 관심그룹 if there is none). The stock, and whether it is new.
    pub async fn add_stock(
        &self,
        user_id: i64,
        list_id: Option<i64>,
        security_id: &str,
        now: i64,
    ) -> Change<(pb::FavoriteStock, bool)> {
        let mut tx = self.db.begin().await?;
        lock_member(&mut tx, user_id, now).await?;
        let mine = list_ids(&mut tx, user_id).await?;
        let list_id = match list_id {
            Some(id) if mine.contains(&id) => id,
            Some(_) => return Ok(Err(Refusal::ListNotFound)),
            None => match mine.first() {
                Some(&first) => first,
                None => insert_list(&mut tx, user_id, DEFAULT_LIST_NAME, now).await?,
            },
        };
        let existing: Option<i64> = sqlx::query_scalar(
            "SELECT id FROM favorite_stocks WHERE favorite_stock_list_id = $1 AND security_id = $2",
        )
        .bind(list_id)
        .bind(security_id)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(id) = existing {
            tx.commit().await?;
            let stock = pb::FavoriteStock {
                id,
                list_id,
                security_id: security_id.to_owned(),
            };
            return Ok(Ok((stock, false)));
        }
        let count: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM favorite_stocks WHERE favorite_stock_list_id = $1",
        )
        .bind(list_id)
        .fetch_one(&mut *tx)
        .await?;
        if count >= i64::from(self.limits.max_stocks_per_list) {
            return Ok(Err(Refusal::ListFull));
        }
        let id = insert_stock(&mut tx, list_id, security_id, now).await?;
        event(&mut tx, STOCK_ADDED, user_id, security_id, list_id).await?;
        outbox::commit(&self.db, tx).await?;
        let stock = pb::FavoriteStock {
            id,
            list_id,
            security_id: security_id.to_owned(),
        };
        Ok(Ok((stock, true)))
    }

    /// Remove the member's stocks `ids` (all of them mine, or nothing happens).
    pub async fn delete_stocks(&self, user_id: i64, ids: &[i64], now: i64) -> Change<()> {
        let mut tx = self.db.begin().await?;
        lock_member(&mut tx, user_id, now).await?;
        let mine = stocks_of(&mut tx, user_id).await?;
        let mut removed = Vec::with_capacity(ids.len());
        for id in ids {
            match mine.get(id) {
                Some(stock) => removed.push(stock.clone()),
                None => return Ok(Err(Refusal::StockNotFound)),
            }
        }
        for stock in removed {
            sqlx::query("DELETE FROM favorite_stocks WHERE id = $1")
                .bind(stock.id)
                .execute(&mut *tx)
                .await?;
            event(
                &mut tx,
                STOCK_REMOVED,
                user_id,
                &stock.security_id,
                stock.list_id,
            )
            .await?;
        }
        outbox::commit(&self.db, tx).await?;
        Ok(Ok(()))
    }

    /// All or nothing: `ids` must be exactly the group's stocks.
    pub async fn reorder_stocks(
        &self,
        user_id: i64,
        list_id: i64,
        ids: &[i64],
        now: i64,
    ) -> Change<()> {
        let mut tx = self.db.begin().await?;
        lock_member(&mut tx, user_id, now).await?;
        if !list_ids(&mut tx, user_id).await?.contains(&list_id) {
            return Ok(Err(Refusal::ListNotFound));
        }
        let current: Vec<i64> =
            sqlx::query_scalar("SELECT id FROM favorite_stocks WHERE favorite_stock_list_id = $1")
                .bind(list_id)
                .fetch_all(&mut *tx)
                .await?;
        if !same_set(ids, &current) {
            return Ok(Err(Refusal::InvalidOrder));
        }
        set_positions(&mut tx, "favorite_stocks", ids).await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// The member's stocks of `security_id`, one per group holding it.
    pub async fn stocks_by_security(
        &self,
        user_id: i64,
        security_id: &str,
    ) -> anyhow::Result<Vec<pb::FavoriteStock>> {
        let rows = sqlx::query(
            "SELECT s.id, s.favorite_stock_list_id, s.security_id FROM favorite_stocks s \
             JOIN favorite_stock_lists l ON l.id = s.favorite_stock_list_id \
             WHERE l.user_id = $1 AND s.security_id = $2 ORDER BY l.position, l.id",
        )
        .bind(user_id)
        .bind(security_id)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(stock_from_row).collect()
    }

    /// Which of `security_ids` any of the member's groups holds.
    pub async fn held(&self, user_id: i64) -> anyhow::Result<HashSet<String>> {
        let held: Vec<String> = sqlx::query_scalar(
            "SELECT DISTINCT s.security_id FROM favorite_stocks s \
             JOIN favorite_stock_lists l ON l.id = s.favorite_stock_list_id WHERE l.user_id = $1",
        )
        .bind(user_id)
        .fetch_all(&self.db.pool)
        .await?;
        Ok(held.into_iter().collect())
    }
}

/// Takes the member's lock for the rest of the transaction (see the module note).
async fn lock_member(conn: &mut AnyConnection, user_id: i64, now: i64) -> anyhow::Result<()> {
    sqlx::query(
        "INSERT INTO favorite_members (user_id, changed_at_ms, version) VALUES ($1, $2, 1) \
         ON CONFLICT (user_id) DO UPDATE SET changed_at_ms = excluded.changed_at_ms, \
         version = favorite_members.version + 1",
    )
    .bind(user_id)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Positions `ids` of `table` (a table of ours, never input) in the order given.
async fn set_positions(
    conn: &mut AnyConnection,
    table: &'static str,
    ids: &[i64],
) -> anyhow::Result<()> {
    for (position, id) in ids.iter().enumerate() {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE {table} SET position = $2 WHERE id = $1"
        )))
        .bind(id)
        .bind(position as i64)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Group `id` of `user_id` and its stocks, with a removal event per stock.
async fn delete_list(conn: &mut AnyConnection, user_id: i64, id: i64) -> anyhow::Result<()> {
    let removed: Vec<String> = sqlx::query_scalar(
        "SELECT security_id FROM favorite_stocks WHERE favorite_stock_list_id = $1",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    for security_id in removed {
        event(&mut *conn, STOCK_REMOVED, user_id, &security_id, id).await?;
    }
    // Stocks go with their group (ON DELETE CASCADE); deleted explicitly as well, since
    // SQLite enforces it only with its foreign keys on.
    sqlx::query("DELETE FROM favorite_stocks WHERE favorite_stock_list_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM favorite_stock_lists WHERE id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

async fn list_ids(conn: &mut AnyConnection, user_id: i64) -> anyhow::Result<Vec<i64>> {
    Ok(sqlx::query_scalar(
        "SELECT id FROM favorite_stock_lists WHERE user_id = $1 ORDER BY position, id",
    )
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await?)
}

async fn insert_list(
    conn: &mut AnyConnection,
    user_id: i64,
    name: &str,
    now: i64,
) -> anyhow::Result<i64> {
    Ok(sqlx::query_scalar(
        "INSERT INTO favorite_stock_lists (user_id, name, position, created_at_ms, updated_at_ms) \
         VALUES ($1, $2, (SELECT COALESCE(MAX(position), -1) + 1 FROM favorite_stock_lists \
         WHERE user_id = $1), $3, $3) RETURNING id",
    )
    .bind(user_id)
    .bind(name)
    .bind(now)
    .fetch_one(&mut *conn)
    .await?)
}

async fn insert_stock(
    conn: &mut AnyConnection,
    list_id: i64,
    security_id: &str,
    now: i64,
) -> anyhow::Result<i64> {
    Ok(sqlx::query_scalar(
        "INSERT INTO favorite_stocks (favorite_stock_list_id, security_id, position, created_at_ms) \
         VALUES ($1, $2, (SELECT COALESCE(MAX(position), -1) + 1 FROM favorite_stocks \
         WHERE favorite_stock_list_id = $1), $3) RETURNING id",
    )
    .bind(list_id)
    .bind(security_id)
    .bind(now)
    .fetch_one(&mut *conn)
    .await?)
}

fn stock_from_row(row: &sqlx::any::AnyRow) -> anyhow::Result<pb::FavoriteStock> {
    Ok(pb::FavoriteStock {
        id: row.try_get(0)?,
        list_id: row.try_get(1)?,
        security_id: row.try_get(2)?,
    })
}

async fn stocks_of(
    conn: &mut AnyConnection,
    user_id: i64,
) -> anyhow::Result<BTreeMap<i64, pb::FavoriteStock>> {
    let rows = sqlx::query(
        "SELECT s.id, s.favorite_stock_list_id, s.security_id FROM favorite_stocks s \
         JOIN favorite_stock_lists l ON l.id = s.favorite_stock_list_id WHERE l.user_id = $1",
    )
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|row| stock_from_row(row).map(|s| (s.id, s)))
        .collect()
}

async fn lists_of(
    conn: &mut AnyConnection,
    user_id: i64,
) -> anyhow::Result<Vec<pb::FavoriteStockList>> {
    let rows = sqlx::query(
        "SELECT id, name FROM favorite_stock_lists WHERE user_id = $1 ORDER BY position, id",
    )
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut lists: Vec<pb::FavoriteStockList> = rows
        .iter()
        .map(|row| {
            Ok(pb::FavoriteStockList {
                id: row.try_get(0)?,
                name: row.try_get(1)?,
                stocks: Vec::new(),
            })
        })
        .collect::<anyhow::Result<_>>()?;
    let stocks = sqlx::query(
        "SELECT s.id, s.favorite_stock_list_id, s.security_id FROM favorite_stocks s \
         JOIN favorite_stock_lists l ON l.id = s.favorite_stock_list_id \
         WHERE l.user_id = $1 ORDER BY s.position, s.id",
    )
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await?;
    for row in &stocks {
        let stock = stock_from_row(row)?;
        if let Some(list) = lists.iter_mut().find(|l| l.id == stock.list_id) {
            list.stocks.push(stock);
        }
    }
    Ok(lists)
}

async fn event(
    conn: &mut AnyConnection,
    subject: &str,
    user_id: i64,
    security_id: &str,
    list_id: i64,
) -> anyhow::Result<()> {
    let payload = pb::StockFavorited {
        user_id,
        security_id: security_id.to_owned(),
        list_id,
    };
    outbox::enqueue(conn, subject, Headers::new(), &payload.encode_to_vec()).await
}

/// Whether `ids` holds exactly the members of `current`, each once.
fn same_set(ids: &[i64], current: &[i64]) -> bool {
    let given: HashSet<i64> = ids.iter().copied().collect();
    given.len() == ids.len()
        && given.len() == current.len()
        && current.iter().all(|id| given.contains(id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sise_platform::db::testing::TestDatabase;

    const LIMITS: Limits = Limits {
        max_lists: 3,
        max_stocks_per_list: 10,
    };

    async fn store(backend: sise_platform::db::Backend) -> (Store, TestDatabase) {
        let test_db = TestDatabase::create(backend, "favorites")
            .await
            .expect("db");
        let db = Database::connect(&test_db.url, &MIGRATIONS)
            .await
            .expect("connect");
        (Store::new(db, LIMITS), test_db)
    }

    fn list(id: i64, stocks: usize) -> pb::FavoriteStockList {
        pb::FavoriteStockList {
            id,
            name: DEFAULT_LIST_NAME.into(),
            stocks: (0..stocks)
                .map(|n| pb::FavoriteStock {
                    id: n as i64,
                    list_id: id,
                    security_id: format!("KOREA-A{n:06}"),
                })
                .collect(),
        }
    }

    /// The cache is bounded by what its entries hold, not by how many there are: the member,
    /// each group and each stock count.
    #[test]
    fn the_cache_weighs_members_by_their_groups_and_stocks() {
        assert_eq!(weight(&[]), 1);
        assert_eq!(weight(&[list(1, 0)]), 2);
        assert_eq!(weight(&[list(1, 3), list(2, 0), list(3, 100)]), 1 + 3 + 103);
        let largest: Vec<_> = (0..20).map(|id| list(id, 100)).collect();
        assert_eq!(weight(&largest), 2_021);

        let cache = new_cache();
        cache.insert(1, (1, Arc::new(largest)));
        cache.insert(2, (1, Arc::new(vec![list(1, 3)])));
        cache.run_pending_tasks();
        assert_eq!(cache.weighted_size(), 2_021 + 5);
    }

    #[test]
    fn a_reorder_names_every_row_once() {
        assert!(same_set(&[3, 1, 2], &[1, 2, 3]));
        assert!(!same_set(&[1, 2], &[1, 2, 3]));
        assert!(!same_set(&[1, 1, 2], &[1, 2, 3]));
        assert!(!same_set(&[1, 2, 4], &[1, 2, 3]));
    }

    sise_platform::per_backend! {
        /// Both migration folders build the same schema: name length, one entry per security
        /// and group, and stocks going with their group.
        async fn schema_enforces_its_checks(backend) {
            let test_db = TestDatabase::create(backend, "favorites")
                .await
                .expect("db");
            let store = Store::new(
                Database::connect(&test_db.url, &MIGRATIONS)
                    .await
                    .expect("connect"),
                LIMITS,
            );
            let pool = store.database().writer();
            let list = |name: String| {
                sqlx::query_scalar::<_, i64>(
                    "INSERT INTO favorite_stock_lists (user_id, name, position, created_at_ms, \
                     updated_at_ms) VALUES ($1, $2, 0, 1, 1) RETURNING id",
                )
                .bind(7_i64)
                .bind(name)
                .fetch_one(pool)
            };
            // 12 characters (not bytes) are allowed; 13 or none are not.
            let list_id = list("관".repeat(12)).await.expect("12 characters");
            assert!(
                list("관".repeat(13)).await.is_err(),
                "name length on {backend:?}"
            );
            assert!(
                list(String::new()).await.is_err(),
                "empty name on {backend:?}"
            );

            let add = |security_id: &'static str| {
                sqlx::query(
                    "INSERT INTO favorite_stocks (favorite_stock_list_id, security_id, position, \
                     created_at_ms) VALUES ($1, $2, 0, 1)",
                )
                .bind(list_id)
                .bind(security_id)
                .execute(pool)
            };
            add("KOREA-A005930").await.expect("add");
            add("KOREA-A000660").await.expect("add another");
            assert!(
                add("KOREA-A005930").await.is_err(),
                "once per group on {backend:?}"
            );

            sqlx::query("DELETE FROM favorite_stock_lists WHERE id = $1")
                .bind(list_id)
                .execute(pool)
                .await
                .expect("delete group");
            let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM favorite_stocks")
                .fetch_one(pool)
                .await
                .expect("count");
            assert_eq!(left, 0, "stocks go with their group on {backend:?}");

            store.database().close().await;
            test_db.cleanup().await.expect("cleanup");
        }

        /// 100 adds at once to one group of 10: exactly 10 land, the rest are told the group
        /// is full; and the member's first add with no group makes 관심그룹.
        async fn concurrent_adds_never_pass_the_limit(backend) {
            let (store, test_db) = store(backend).await;
            let tasks: Vec<_> = (0..100)
                .map(|n| {
                    let store = store.clone();
                    tokio::spawn(async move {
                        store.add_stock(7, None, &format!("KOREA-A{n:06}"), n).await
                    })
                })
                .collect();
            let mut added = 0;
            let mut full = 0;
            for task in tasks {
                match task.await.expect("join").expect("no failure") {
                    Ok((_, true)) => added += 1,
                    Err(Refusal::ListFull) => full += 1,
                    other => panic!("unexpected {other:?} on {backend:?}"),
                }
            }
            assert_eq!((added, full), (10, 90), "on {backend:?}");
            let lists = store.lists(7).await.expect("lists");
            assert_eq!(lists.len(), 1, "one default group, not one per request, on {backend:?}");
            assert_eq!(lists[0].name, DEFAULT_LIST_NAME);
            assert_eq!(lists[0].stocks.len(), 10);

            // Two more groups, then the limit of three.
            let second = store.create_list(7, "둘", 1).await.expect("ok").expect("created");
            store.create_list(7, "셋", 1).await.expect("ok").expect("created");
            assert_eq!(store.create_list(7, "넷", 1).await.expect("ok"), Err(Refusal::TooManyLists));
            // Reorders are all or nothing.
            let ids: Vec<i64> = store.lists(7).await.expect("lists").iter().map(|l| l.id).collect();
            let reversed: Vec<i64> = ids.iter().rev().copied().collect();
            assert_eq!(store.reorder_lists(7, &ids[..2], 2).await.expect("ok"), Err(Refusal::InvalidOrder));
            store.reorder_lists(7, &reversed, 2).await.expect("ok").expect("reordered");
            let now: Vec<i64> = store.lists(7).await.expect("lists").iter().map(|l| l.id).collect();
            assert_eq!(now, reversed);
            // A second replica's change shows in this one's next read (the version moved).
            let replica = Store::new(
                Database::connect(&test_db.url, &MIGRATIONS).await.expect("connect"),
                LIMITS,
            );
            let cached = store.lists(7).await.expect("lists");
            replica.rename_list(7, second, "바뀐이름", 2).await.expect("ok").expect("renamed");
            let fresh = store.lists(7).await.expect("lists");
            assert_ne!(cached, fresh);
            assert!(fresh.iter().any(|l| l.name == "바뀐이름"), "on {backend:?}");
            replica.database().close().await;
            // Another member sees none of it and cannot touch it.
            assert!(store.lists(8).await.expect("lists").is_empty());
            assert_eq!(store.rename_list(8, second, "남의것", 3).await.expect("ok"), Err(Refusal::ListNotFound));
            assert_eq!(store.delete_lists(8, &[second], 3).await.expect("ok"), Err(Refusal::ListNotFound));
            let stock = lists[0].stocks[0].id;
            assert_eq!(store.delete_stocks(8, &[stock], 3).await.expect("ok"), Err(Refusal::StockNotFound));
            // Every add and removal went to the outbox.
            store.delete_lists(7, &[lists[0].id], 4).await.expect("ok").expect("deleted");
            let events: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox")
                .fetch_one(&store.database().pool)
                .await
                .expect("outbox");
            assert_eq!(events, 20, "10 added, 10 removed with their group, on {backend:?}");

            store.database().close().await;
            test_db.cleanup().await.expect("cleanup");
        }
    }
}
