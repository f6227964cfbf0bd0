//! Insight articles and their contributors: who may publish (identity's role, kept from
//! its events), publishing (by operators, or by the service itself: [`Store::publish_insight_article`]
//! is the one door), withdrawing, the newest-first lists (every article, the featured ones,
//! a security's, a contributor's), one article with its neighbours, and the search.
//!
//! Comments and reactions on an article are `comments` and `reactions`' (the article's row
//! holds its counters, locked as a post's).

use sise_platform::error::ErrorCode;
use sise_proto::social::v1 as pb;
use sqlx::Row as _;
use sqlx::any::AnyRow;

use super::authors::Profile;
use super::{AUTHOR_COLUMNS, AuthorRow, Change, Sql, Store, Viewer, my_emotion, split_page};
use crate::domain::Emotion;
use crate::domain::insight::{Content, Format, search_form};

/// The columns of an article and its contributor (`t` the article, `a` the contributor's
/// author row, `c` the contributor).
fn columns(with_content: bool) -> String {
    let content = if with_content {
        "t.content"
    } else {
        "'' AS content"
    };
    format!(
        "t.id, t.contributor_id, t.title, t.summary, t.content_type, {content}, t.security_ids, \
         t.featured, t.likes_count, t.dislikes_count, t.comments_count, t.sample, \
         t.published_by, t.published_at_ms, t.withdrawn_by, t.withdrawn_at_ms, \
         c.bio AS contributor_bio, c.sample AS contributor_sample, \
         c.automated AS contributor_automated, c.articles_count AS contributor_articles, \
         {AUTHOR_COLUMNS}"
    )
}

fn select(with_content: bool) -> String {
    format!(
        "SELECT {} FROM insight_articles t LEFT JOIN contributors c ON c.id = t.contributor_id \
         LEFT JOIN authors a ON a.id = t.contributor_id",
        columns(with_content)
    )
}

/// A contributor as readers see them.
#[derive(Clone, Debug)]
pub struct ContributorRow {
    pub author: AuthorRow,
    pub bio: String,
    pub sample: bool,
    /// The service itself (the market recap's writer), no person.
    pub automated: bool,
    pub articles: i64,
}

impl ContributorRow {
    pub fn proto(&self) -> pb::Contributor {
        let author = self.author.proto();
        pb::Contributor {
            id: author.id,
            name: author.name,
            avatar_url: author.avatar_url,
            bio: self.bio.clone(),
            sample: self.sample,
            automated: self.automated,
            articles_count: self.articles,
        }
    }
}

/// An article as stored, with its contributor.
#[derive(Clone, Debug)]
pub struct ArticleRow {
    pub id: i64,
    pub title: String,
    pub summary: String,
    pub format: Format,
    /// Empty when read for a list.
    pub content: String,
    pub security_ids: Vec<String>,
    pub featured: bool,
    pub likes: i64,
    pub dislikes: i64,
    pub comments: i64,
    pub sample: bool,
    pub published_by: String,
    pub published_at_ms: i64,
    pub withdrawn: Option<(String, i64)>,
    pub contributor: ContributorRow,
}

impl ArticleRow {
    fn from_row(row: &AnyRow) -> anyhow::Result<Self> {
        let contributor_id: i64 = row.try_get("contributor_id")?;
        let securities: String = row.try_get("security_ids")?;
        let withdrawn_by: Option<String> = row.try_get("withdrawn_by")?;
        let withdrawn_at: Option<i64> = row.try_get("withdrawn_at_ms")?;
        Ok(Self {
            id: row.try_get("id")?,
            title: row.try_get("title")?,
            summary: row.try_get("summary")?,
            format: Format::from_db(&row.try_get::<String, _>("content_type")?),
            content: row.try_get("content")?,
            security_ids: securities
                .split(',')
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect(),
            featured: row.try_get::<i64, _>("featured")? != 0,
            likes: row.try_get("likes_count")?,
            dislikes: row.try_get("dislikes_count")?,
            comments: row.try_get("comments_count")?,
            sample: row.try_get::<i64, _>("sample")? != 0,
            published_by: row.try_get("published_by")?,
            published_at_ms: row.try_get("published_at_ms")?,
            withdrawn: withdrawn_at.map(|at| (withdrawn_by.unwrap_or_default(), at)),
            contributor: ContributorRow {
                author: AuthorRow::from_joined(row, contributor_id)?,
                bio: row
                    .try_get::<Option<String>, _>("contributor_bio")?
                    .unwrap_or_default(),
                sample: row
                    .try_get::<Option<i64>, _>("contributor_sample")?
                    .unwrap_or(0)
                    != 0,
                automated: row
                    .try_get::<Option<i64>, _>("contributor_automated")?
                    .unwrap_or(0)
                    != 0,
                articles: row
                    .try_get::<Option<i64>, _>("contributor_articles")?
                    .unwrap_or(0),
            },
        })
    }

    /// As everyone reads it, with the viewer's reaction: no operator names.
    pub fn public(&self, emotion: Option<Emotion>) -> pb::InsightArticle {
        pb::InsightArticle {
            id: self.id,
            title: self.title.clone(),
            summary: self.summary.clone(),
            content_type: self.format.proto() as i32,
            content: self.content.clone(),
            contributor: Some(self.contributor.proto()),
            security_ids: self.security_ids.clone(),
            featured: self.featured,
            likes_count: self.likes,
            dislikes_count: self.dislikes,
            comments_count: self.comments,
            my_emotion: Some(my_emotion(emotion)),
            sample: self.sample,
            published_at_ms: self.published_at_ms,
            ..Default::default()
        }
    }

    /// As operators read it: who published it, and who withdrew it when.
    pub fn for_operators(&self) -> pb::InsightArticle {
        let (withdrawn_by, withdrawn_at_ms) = self.withdrawn.clone().unwrap_or_default();
        pb::InsightArticle {
            published_by: self.published_by.clone(),
            withdrawn_by,
            withdrawn_at_ms,
            ..self.public(None)
        }
    }
}

/// Which newest-first list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArticleList {
    All,
    Featured,
    Security(String),
    Contributor(i64),
    /// Every article, withdrawn ones too (operators).
    Everything,
}

/// An article to publish: its content already cleaned ([`Content`]).
#[derive(Clone, Debug)]
pub struct NewArticle {
    pub contributor_id: i64,
    pub title: String,
    pub content: Content,
    /// Parsed security ids (`domain::insight::securities`); the stock cards of CUSTOM
    /// content join them.
    pub security_ids: Vec<String>,
    pub featured: bool,
    /// The operator, or the service's own writer (e.g. `service:recap`).
    pub published_by: String,
    pub sample: bool,
}

impl Store {
    /// Identity's change of `user_id`'s role (`bio` when they are a contributor), kept when
    /// newer than what is kept; their name and photo as of the change, for an author social
    /// had not heard of. Idempotent.
    pub async fn apply_contributor(
        &self,
        user_id: i64,
        contributor: bool,
        bio: &str,
        profile: &Profile,
    ) -> anyhow::Result<()> {
        self.apply_profile(user_id, profile).await?;
        sqlx::query(
            "INSERT INTO contributors (id, active, bio, version) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (id) DO UPDATE SET active = excluded.active, bio = excluded.bio, \
             version = excluded.version WHERE contributors.version < excluded.version",
        )
        .bind(user_id)
        .bind(i64::from(contributor))
        .bind(bio)
        .bind(profile.changed_at_ms)
        .execute(self.db.writer())
        .await?;
        Ok(())
    }

    /// Publish `article` at `now`: only for an active contributor (`not_a_contributor`),
    /// whose article count moves in the same transaction. The one way an article is
    /// written, by operators (`InsightEditorialService`), the sample seeding or a writer of
    /// the service's own.
    pub async fn publish_insight_article(
        &self,
        article: &NewArticle,
        now: i64,
    ) -> Change<ArticleRow> {
        match self.publish(article, now, None).await? {
            Ok(Some(row)) => Ok(Ok(row)),
            Ok(None) => Err(anyhow::anyhow!("an unclaimed article was not written")),
            Err(refused) => Ok(Err(refused)),
        }
    }

    /// [`Self::publish_insight_article`] as the market recap of `trading_date`
    /// (`YYYY-MM-DD`): its `market_recaps` row is claimed in the same transaction, so a
    /// trading date has one recap however many replicas or restarts try; `None` when it
    /// had one already (nothing written).
    pub async fn publish_market_recap(
        &self,
        article: &NewArticle,
        trading_date: &str,
        now: i64,
    ) -> Change<Option<ArticleRow>> {
        self.publish(article, now, Some(trading_date)).await
    }

    async fn publish(
        &self,
        article: &NewArticle,
        now: i64,
        recap_of: Option<&str>,
    ) -> Change<Option<ArticleRow>> {
        let mut securities = article.security_ids.clone();
        for stock in &article.content.stocks {
            if !securities.contains(stock) {
                securities.push(stock.clone());
            }
        }
        let mut tx = self.db.begin().await?;
        // The contributor's row first: it is locked, and must be an active one.
        let counted: Option<i64> = sqlx::query_scalar(
            "UPDATE contributors SET articles_count = articles_count + 1 \
             WHERE id = $1 AND active = 1 RETURNING id",
        )
        .bind(article.contributor_id)
        .fetch_optional(&mut *tx)
        .await?;
        if counted.is_none() {
            return Ok(Err(ErrorCode::NotAContributor.into()));
        }
        let content = &article.content;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO insight_articles (contributor_id, title, summary, content_type, content, \
             security_ids, featured, search_title, search_text, sample, published_by, \
             published_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) \
             RETURNING id",
        )
        .bind(article.contributor_id)
        .bind(&article.title)
        .bind(content.summary())
        .bind(content.format.as_str())
        .bind(&content.body)
        .bind(securities.join(","))
        .bind(i64::from(article.featured))
        .bind(search_form(&article.title))
        .bind(search_form(&content.text))
        .bind(i64::from(article.sample))
        .bind(&article.published_by)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        for security_id in &securities {
            sqlx::query(
                "INSERT INTO insight_article_securities (security_id, article_id) VALUES ($1, $2)",
            )
            .bind(security_id)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        }
        super::insight_index::changed(&mut tx).await?;
        if let Some(trading_date) = recap_of {
            // Last, after every other write: a second writer waits here for the first one's
            // commit (PostgreSQL) or the write lock (SQLite), then claims nothing and rolls
            // its article back.
            let claimed = sqlx::query(
                "INSERT INTO market_recaps (trading_date, article_id, written_at_ms) \
                 VALUES ($1, $2, $3) ON CONFLICT (trading_date) DO NOTHING",
            )
            .bind(trading_date)
            .bind(id)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if claimed == 0 {
                tx.rollback().await?;
                return Ok(Ok(None));
            }
        }
        tx.commit().await?;
        let row = self
            .insight_article_row(id)
            .await?
            .ok_or_else(|| anyhow::anyhow!("insight article {id} gone"))?;
        Ok(Ok(Some(row)))
    }

    /// Withdraw article `id`: it leaves every list and its page; again changes nothing.
    pub async fn withdraw_insight_article(
        &self,
        id: i64,
        operator: &str,
        now: i64,
    ) -> Change<ArticleRow> {
        let mut tx = self.db.begin().await?;
        let withdrawn: Option<i64> = sqlx::query_scalar(
            "UPDATE insight_articles SET withdrawn_by = $2, withdrawn_at_ms = $3 \
             WHERE id = $1 AND withdrawn_at_ms IS NULL RETURNING contributor_id",
        )
        .bind(id)
        .bind(operator)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(contributor_id) = withdrawn {
            sqlx::query(
                "UPDATE contributors SET articles_count = articles_count - 1 WHERE id = $1",
            )
            .bind(contributor_id)
            .execute(&mut *tx)
            .await?;
            sqlx::query("DELETE FROM insight_article_securities WHERE article_id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await?;
            super::insight_index::changed(&mut tx).await?;
        }
        tx.commit().await?;
        match self.insight_article_row(id).await? {
            Some(row) => Ok(Ok(row)),
            None => Ok(Err(ErrorCode::InsightArticleNotFound.into())),
        }
    }

    /// Article `id` with its content, withdrawn or not.
    pub async fn insight_article_row(&self, id: i64) -> anyhow::Result<Option<ArticleRow>> {
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "{} WHERE t.id = $1",
            select(true)
        )))
        .bind(id)
        .fetch_optional(&self.db.pool)
        .await?;
        row.as_ref().map(ArticleRow::from_row).transpose()
    }

    /// Whether article `id` is shown (published, not withdrawn).
    pub async fn insight_article_shown(&self, id: i64) -> anyhow::Result<bool> {
        let found: Option<i64> = sqlx::query_scalar(
            "SELECT id FROM insight_articles WHERE id = $1 AND withdrawn_at_ms IS NULL",
        )
        .bind(id)
        .fetch_optional(&self.db.pool)
        .await?;
        Ok(found.is_some())
    }

    /// A shown article with its content, the viewer's reaction, and the newer (prev) and
    /// older (next) shown articles, without content.
    pub async fn insight_article(
        &self,
        id: i64,
        viewer: Viewer,
    ) -> anyhow::Result<Option<pb::InsightArticleDetail>> {
        let Some(row) = self.insight_article_row(id).await? else {
            return Ok(None);
        };
        if row.withdrawn.is_some() {
            return Ok(None);
        }
        let emotion = self.emotion_on(viewer, id).await?;
        let neighbour = |newer: bool| {
            let (op, order) = if newer { (">", "ASC") } else { ("<", "DESC") };
            format!(
                "{} WHERE t.id {op} $1 AND t.withdrawn_at_ms IS NULL ORDER BY t.id {order} LIMIT 1",
                select(false)
            )
        };
        let mut around = Vec::with_capacity(2);
        for newer in [true, false] {
            let found = sqlx::query(sqlx::AssertSqlSafe(neighbour(newer)))
                .bind(id)
                .fetch_optional(&self.db.pool)
                .await?;
            around.push(
                found
                    .as_ref()
                    .map(ArticleRow::from_row)
                    .transpose()?
                    .map(|r| r.public(None)),
            );
        }
        let next_article = around.pop().flatten();
        let prev_article = around.pop().flatten();
        Ok(Some(pb::InsightArticleDetail {
            article: Some(row.public(emotion)),
            prev_article,
            next_article,
        }))
    }

    /// The viewer's reaction to article `id`.
    async fn emotion_on(&self, viewer: Viewer, id: i64) -> anyhow::Result<Option<Emotion>> {
        let Some(user_id) = viewer else {
            return Ok(None);
        };
        let kind: Option<String> = sqlx::query_scalar(
            "SELECT kind FROM reactions WHERE user_id = $1 AND target_type = 'insight_article' \
             AND target_id = $2",
        )
        .bind(user_id)
        .bind(id)
        .fetch_optional(&self.db.pool)
        .await?;
        Ok(kind.as_deref().and_then(Emotion::from_db))
    }

    /// A page of `list`, newest first, after id `after` (without content). Whether more
    /// follow.
    pub async fn insight_articles(
        &self,
        list: &ArticleList,
        after: Option<i64>,
        limit: usize,
    ) -> anyhow::Result<(Vec<ArticleRow>, bool)> {
        let mut sql = Sql::new(&select(false));
        match list {
            ArticleList::All => {
                sql.push(" WHERE t.withdrawn_at_ms IS NULL");
            }
            ArticleList::Featured => {
                sql.push(" WHERE t.withdrawn_at_ms IS NULL AND t.featured = 1");
            }
            ArticleList::Contributor(id) => {
                let p = sql.int(*id);
                sql.push(&format!(
                    " WHERE t.contributor_id = {p} AND t.withdrawn_at_ms IS NULL"
                ));
            }
            ArticleList::Security(security_id) => {
                // Its rows are the shown articles only (they go with the withdrawal).
                let p = sql.text(security_id);
                sql.push(&format!(
                    " WHERE t.id IN (SELECT article_id FROM insight_article_securities \
                     WHERE security_id = {p})"
                ));
            }
            ArticleList::Everything => {
                sql.push(" WHERE 1 = 1");
            }
        }
        if let Some(after) = after {
            let p = sql.int(after);
            sql.push(&format!(" AND t.id < {p}"));
        }
        let p = sql.int(limit as i64 + 1);
        sql.push(&format!(" ORDER BY t.id DESC LIMIT {p}"));
        let mut conn = self.db.pool.acquire().await?;
        let rows = sql
            .fetch_all(&mut conn)
            .await?
            .iter()
            .map(ArticleRow::from_row)
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(split_page(rows, limit))
    }

    /// Shown articles matching `keyword`, ranked as the asset search ranks
    /// ([`insight_index`](super::insight_index)): the whole title or its start (rank 0),
    /// inside the title or with one typo (1), then the text's matches (2, the folded text
    /// holds the keyword); newest first within a rank; after `(rank, id)`. Whether more
    /// follow.
    pub async fn search_insight_articles(
        &self,
        keyword: &str,
        after: Option<(i64, i64)>,
        limit: usize,
    ) -> anyhow::Result<(Vec<(i64, ArticleRow)>, bool)> {
        let titled = self.titles.matches(&self.db, keyword).await?;
        let follows = |&(rank, id): &(i64, i64)| match after {
            None => true,
            Some((r, i)) => rank > r || (rank == r && id < i),
        };
        let mut ranked: Vec<(i64, i64)> = titled.iter().map(|(&id, &rank)| (rank, id)).collect();
        ranked.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        let mut page: Vec<(i64, i64)> =
            ranked.into_iter().filter(follows).take(limit + 1).collect();
        if page.len() <= limit {
            page.extend(
                self.text_matches(keyword, after, limit + 1 - page.len(), &titled)
                    .await?,
            );
        }
        let more = page.len() > limit;
        page.truncate(limit);
        if page.is_empty() {
            return Ok((Vec::new(), more));
        }
        let ids: Vec<i64> = page.iter().map(|&(_, id)| id).collect();
        let mut sql = Sql::new(&select(false));
        let list = sql.ints(&ids);
        sql.push(&format!(
            " WHERE t.withdrawn_at_ms IS NULL AND t.id IN {list}"
        ));
        let mut conn = self.db.pool.acquire().await?;
        let mut rows: std::collections::HashMap<i64, ArticleRow> = sql
            .fetch_all(&mut conn)
            .await?
            .iter()
            .map(|row| ArticleRow::from_row(row).map(|r| (r.id, r)))
            .collect::<anyhow::Result<_>>()?;
        // An article withdrawn since the index was read is left out.
        let found = page
            .into_iter()
            .filter_map(|(rank, id)| Some((rank, rows.remove(&id)?)))
            .collect();
        Ok((found, more))
    }

    /// Up to `wanted` shown articles whose folded text holds `keyword` and whose title did
    /// not match (`titled`), newest first, as `(2, id)` after the cursor.
    async fn text_matches(
        &self,
        keyword: &str,
        after: Option<(i64, i64)>,
        wanted: usize,
        titled: &std::collections::HashMap<i64, i64>,
    ) -> anyhow::Result<Vec<(i64, i64)>> {
        const TEXT: i64 = 2;
        let mut before = match after {
            Some((TEXT, id)) => Some(id),
            Some((rank, _)) if rank > TEXT => return Ok(Vec::new()),
            _ => None,
        };
        // LIKE's own characters are taken literally.
        let escaped = search_form(keyword)
            .replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_");
        let pattern = format!("%{escaped}%");
        let mut found = Vec::new();
        let mut conn = self.db.pool.acquire().await?;
        // Reads in batches that skip the title's matches; bounded, so a keyword whose
        // title matches are many costs a few batches at most.
        for _ in 0..8 {
            let batch = (wanted + titled.len()).min(500) as i64;
            let mut sql = Sql::new(
                "SELECT t.id FROM insight_articles t WHERE t.withdrawn_at_ms IS NULL \
                 AND t.search_text LIKE $1 ESCAPE '\\'",
            );
            sql.text(&pattern);
            if let Some(id) = before {
                let p = sql.int(id);
                sql.push(&format!(" AND t.id < {p}"));
            }
            let p = sql.int(batch);
            sql.push(&format!(" ORDER BY t.id DESC LIMIT {p}"));
            let ids = sql
                .fetch_all(&mut conn)
                .await?
                .iter()
                .map(|row| row.try_get::<i64, _>("id"))
                .collect::<Result<Vec<_>, _>>()?;
            let exhausted = (ids.len() as i64) < batch;
            for id in ids {
                before = Some(id);
                if !titled.contains_key(&id) {
                    found.push((TEXT, id));
                    if found.len() == wanted {
                        return Ok(found);
                    }
                }
            }
            if exhausted {
                break;
            }
        }
        Ok(found)
    }

    /// Contributor `id` while they are one.
    pub async fn contributor(&self, id: i64) -> anyhow::Result<Option<ContributorRow>> {
        let row = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT c.bio, c.sample, c.automated, c.articles_count, {AUTHOR_COLUMNS} \
             FROM contributors c \
             LEFT JOIN authors a ON a.id = c.id WHERE c.id = $1 AND c.active = 1"
        )))
        .bind(id)
        .fetch_optional(&self.db.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        Ok(Some(ContributorRow {
            author: AuthorRow::from_joined(&row, id)?,
            bio: row.try_get("bio")?,
            sample: row.try_get::<i64, _>("sample")? != 0,
            automated: row.try_get::<i64, _>("automated")? != 0,
            articles: row.try_get("articles_count")?,
        }))
    }

    /// The viewer's reactions do not show in lists: a list answers counts only.
    pub fn list_answer(rows: &[ArticleRow]) -> Vec<pb::InsightArticle> {
        rows.iter().map(|r| r.public(None)).collect()
    }
}

/// The `social_meta` key of the seeded sample contributors and articles.
const SEEDED: &str = "sample_insight_articles";

impl Store {
    /// Writes the sample contributors `(id, name, bio)` unless the samples were seeded
    /// before (the first statement claims the `social_meta` row, so another start or
    /// replica writes nothing); whether they were written now (then the caller publishes
    /// the sample articles).
    pub async fn seed_sample_contributors(
        &self,
        contributors: &[(i64, &str, &str)],
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
        for (id, name, bio) in contributors {
            sqlx::query(
                "INSERT INTO authors (id, name, sample) VALUES ($1, $2, 1) \
                 ON CONFLICT (id) DO UPDATE SET name = excluded.name, sample = 1",
            )
            .bind(id)
            .bind(name)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO contributors (id, active, bio, sample) VALUES ($1, 1, $2, 1) \
                 ON CONFLICT (id) DO UPDATE SET active = 1, bio = excluded.bio, sample = 1",
            )
            .bind(id)
            .bind(bio)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }
}
