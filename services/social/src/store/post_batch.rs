//! Text posts written together (group commit): the posts waiting at one moment share one
//! transaction, a few statements over all of them and one commit, instead of a
//! transaction, six statements and a commit each (docs/benchmarks.md, "Figure 1").
//!
//! Each of `community.post_writers` writer tasks (a member always goes to the same one, so
//! a member's posts keep their order) takes up to [`MAX_BATCH`] waiting posts of distinct
//! members (a member's second post waits for the next batch, so it sees the first; at most
//! [`HELD`] posts wait so, and beyond that the bounded queue makes their callers wait; a post
//! whose caller gave up is dropped unwritten), and for all of them at once: locks their
//! `authors` rows, raises their day's counts, reads the duplicate rule's candidates, inserts
//! the posts and their events. The rules are those of a single post
//! ([`Store::admit_write`]): a refused post's count is taken back, a terminated member is
//! refused. If the batch fails as a whole (a deadlock with another replica's batch, a lost
//! connection), each of its posts is written alone, so one post's answer never depends on
//! another's fate.
//!
//! Posts with pictures are written alone: they are rare, and their renditions are large.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, OnceLock};

use prost::Message as _;
use sise_platform::bus::Headers;
use sise_platform::bus::acl::subjects::POST_CREATED;
use sise_platform::error::{DomainError, ErrorCode};
use sise_platform::outbox;
use sise_proto::social::v1 as pb;
use sqlx::Row as _;
use tokio::sync::{mpsc, oneshot};

use super::posts::{NewPost, PostRow};
use super::{AuthorRow, Change, Sql, Store};
use crate::domain::kst_day;
use crate::domain::rank::hot_rank;

/// Most posts in one transaction (seven bound values each: well under SQLite's 999).
pub const MAX_BATCH: usize = 64;

/// Posts that may wait for a writer before a new one waits to be queued.
const QUEUE: usize = 1024;

/// Most posts a writer holds over for later batches (a member's posts after the one in the
/// batch) before it stops taking from its queue (see [`next_batch`]).
const HELD: usize = QUEUE;

/// The writers' queues, started by the first post (a store made outside a runtime has none).
pub(crate) type Writer = Arc<OnceLock<Vec<mpsc::Sender<Job>>>>;

/// A post waiting for the writer, with the span of its request (its event joins that trace).
pub(crate) struct Job {
    post: NewPost,
    now: i64,
    span: tracing::Span,
    reply: oneshot::Sender<Change<PostRow>>,
}

impl Store {
    /// Writes a text post through the writer task (see the module note).
    pub(crate) async fn create_post_batched(&self, post: &NewPost, now: i64) -> Change<PostRow> {
        let queues = self.writer.get_or_init(|| {
            (0..self.rules.post_writers.max(1))
                .map(|_| {
                    let (sender, receiver) = mpsc::channel(QUEUE);
                    // A task's own store has no writer: it ends once every other store is gone.
                    let store = Store {
                        writer: Writer::default(),
                        ..self.clone()
                    };
                    tokio::spawn(run(store, receiver));
                    sender
                })
                .collect()
        });
        let queue = &queues[post.user_id.rem_euclid(queues.len() as i64) as usize];
        let (reply, answer) = oneshot::channel();
        let job = Job {
            post: post.clone(),
            now,
            span: tracing::Span::current(),
            reply,
        };
        if queue.send(job).await.is_err() {
            anyhow::bail!("the post writer stopped");
        }
        answer
            .await
            .map_err(|_| anyhow::anyhow!("the post writer dropped a post"))?
    }

    /// Writes `jobs` (of distinct members) in one transaction, or each alone if that fails.
    async fn write_batch(&self, jobs: Vec<Job>) {
        match self.try_batch(&jobs).await {
            Ok(results) => {
                for (job, result) in jobs.into_iter().zip(results) {
                    let _ = job.reply.send(Ok(result));
                }
            }
            Err(error) => {
                tracing::warn!(posts = jobs.len(), error = %format!("{error:#}"), "a batch of posts failed: each is written alone");
                for job in jobs {
                    // Its caller may have gone while the batch was tried.
                    if job.reply.is_closed() {
                        continue;
                    }
                    let result = self.create_post_alone(&job.post, job.now).await;
                    let _ = job.reply.send(result);
                }
            }
        }
    }

    async fn try_batch(&self, jobs: &[Job]) -> anyhow::Result<Vec<Result<PostRow, DomainError>>> {
        let mut tx = self.db.begin().await?;
        let latest = jobs.iter().map(|j| j.now).max().unwrap_or_default();

        // The members' locks, in the order of their ids (PostgreSQL walks the primary key
        // in order; SQLite has taken its write lock with the first row).
        let mut ids: Vec<i64> = jobs.iter().map(|j| j.post.user_id).collect();
        ids.sort_unstable();
        let mut sql = Sql::new("UPDATE authors SET last_write_ms = ");
        let at = sql.int(latest);
        sql.push(&at).push(" WHERE id IN ");
        let list = sql.ints(&ids);
        sql.push(&list).push(
            " RETURNING id, terminated, name AS author_name, avatar_url AS author_avatar, \
             seceded AS author_seceded, sample AS author_sample",
        );
        let mut authors: HashMap<i64, (bool, AuthorRow)> = HashMap::new();
        for row in sql.fetch_all(&mut tx).await? {
            let id: i64 = row.try_get("id")?;
            let terminated = row.try_get::<i64, _>("terminated")? != 0;
            authors.insert(id, (terminated, AuthorRow::from_joined(&row, id)?));
        }
        if authors.len() != jobs.len() {
            anyhow::bail!("a member of the batch has no authors row");
        }

        // Each post's fate: `None` while it may still be written.
        let mut outcome: Vec<Option<DomainError>> = jobs
            .iter()
            .map(|j| {
                authors[&j.post.user_id]
                    .0
                    .then(|| ErrorCode::UserTerminated.into())
            })
            .collect();

        // The day's counts, raised first (the rule of a single post); refused posts give
        // theirs back below.
        let counted: Vec<usize> = (0..jobs.len()).filter(|&i| outcome[i].is_none()).collect();
        if !counted.is_empty() {
            let mut sql = Sql::new("INSERT INTO member_days (user_id, day, posts) VALUES ");
            for (n, &i) in counted.iter().enumerate() {
                let user = sql.int(jobs[i].post.user_id);
                let day = sql.int(kst_day(jobs[i].now));
                sql.push(if n == 0 { "" } else { ", " })
                    .push(&format!("({user}, {day}, 1)"));
            }
            sql.push(
                " ON CONFLICT (user_id, day) DO UPDATE SET posts = member_days.posts + 1 \
                 RETURNING user_id, posts, posts + comments AS written",
            );
            let mut days: HashMap<i64, (i64, i64)> = HashMap::new();
            for row in sql.fetch_all(&mut tx).await? {
                days.insert(
                    row.try_get("user_id")?,
                    (row.try_get("posts")?, row.try_get("written")?),
                );
            }
            let (limit, code) = self.daily_limit(crate::domain::Kind::Post);
            for &i in &counted {
                let job = &jobs[i];
                let (posts, written) = days
                    .get(&job.post.user_id)
                    .copied()
                    .ok_or_else(|| anyhow::anyhow!("no day's count returned"))?;
                // The day's first write: older days' rows go (as for a single post).
                if written == 1 {
                    sqlx::query("DELETE FROM member_days WHERE user_id = $1 AND day < $2")
                        .bind(job.post.user_id)
                        .bind(kst_day(job.now))
                        .execute(&mut *tx)
                        .await?;
                }
                if posts > limit {
                    outcome[i] = Some(DomainError::with_max(code, limit));
                }
            }
        }

        // The duplicate rule: the same text from the same member within the window.
        let open: Vec<usize> = (0..jobs.len()).filter(|&i| outcome[i].is_none()).collect();
        if !open.is_empty() {
            let window_ms = self.rules.duplicate_window_secs * 1000;
            let since = open.iter().map(|&i| jobs[i].now).min().unwrap_or_default() - window_ms;
            let users: Vec<i64> = open.iter().map(|&i| jobs[i].post.user_id).collect();
            let hashes: Vec<i64> = open
                .iter()
                .map(|&i| super::content_hash(&jobs[i].post.content))
                .collect();
            let mut sql =
                Sql::new("SELECT user_id, content, created_at_ms FROM posts WHERE user_id IN ");
            let users = sql.ints(&users);
            sql.push(&users).push(" AND content_hash IN ");
            let hashes = sql.ints(&hashes);
            let since = sql.int(since);
            sql.push(&hashes).push(&format!(
                " AND created_at_ms >= {since} AND deleted_at_ms IS NULL"
            ));
            let mut at: HashMap<(i64, String), i64> = HashMap::new();
            for row in sql.fetch_all(&mut tx).await? {
                let key = (
                    row.try_get::<i64, _>("user_id")?,
                    row.try_get::<String, _>("content")?,
                );
                let created: i64 = row.try_get("created_at_ms")?;
                let latest = at.entry(key.clone()).or_insert(created);
                *latest = (*latest).max(created);
            }
            for &i in &open {
                let job = &jobs[i];
                let key = (job.post.user_id, job.post.content.clone());
                if at
                    .get(&key)
                    .is_some_and(|&created| created >= job.now - window_ms)
                {
                    outcome[i] = Some(ErrorCode::DuplicateContent.into());
                }
            }
        }

        // Refused posts give back the count raised for them.
        let given_back: Vec<usize> = counted
            .iter()
            .copied()
            .filter(|&i| outcome[i].is_some())
            .collect();
        for &i in &given_back {
            sqlx::query("UPDATE member_days SET posts = posts - 1 WHERE user_id = $1 AND day = $2")
                .bind(jobs[i].post.user_id)
                .bind(kst_day(jobs[i].now))
                .execute(&mut *tx)
                .await?;
        }

        // The posts that pass, and their events.
        let taken: Vec<usize> = (0..jobs.len()).filter(|&i| outcome[i].is_none()).collect();
        let mut post_ids: HashMap<i64, i64> = HashMap::new();
        if !taken.is_empty() {
            let mut sql = Sql::new(
                "INSERT INTO posts (security_id, user_id, category, content, content_hash, \
                 hot_rank, created_at_ms) VALUES ",
            );
            for (n, &i) in taken.iter().enumerate() {
                let job = &jobs[i];
                let values = [
                    sql.text(&job.post.security_id),
                    sql.int(job.post.user_id),
                    sql.text(job.post.category.as_str()),
                    sql.text(&job.post.content),
                    sql.int(super::content_hash(&job.post.content)),
                    sql.int(hot_rank(0, 0, 0, job.now)),
                    sql.int(job.now),
                ];
                sql.push(if n == 0 { "(" } else { ", (" })
                    .push(&values.join(", "))
                    .push(")");
            }
            sql.push(" RETURNING id, user_id");
            for row in sql.fetch_all(&mut tx).await? {
                post_ids.insert(row.try_get("user_id")?, row.try_get("id")?);
            }
            let mut events = Vec::with_capacity(taken.len());
            for &i in &taken {
                let job = &jobs[i];
                let created = pb::PostCreated {
                    post_id: post_ids[&job.post.user_id],
                    security_id: job.post.security_id.clone(),
                    user_id: job.post.user_id,
                    category: job.post.category.proto() as i32,
                    created_at_ms: job.now,
                };
                let _request = job.span.enter();
                events.push(outbox::Event::new(
                    POST_CREATED,
                    Headers::new(),
                    &created.encode_to_vec(),
                )?);
            }
            outbox::enqueue_all(&mut tx, &events).await?;
        }
        outbox::commit(&self.db, tx).await?;

        Ok(jobs
            .iter()
            .zip(outcome)
            .map(|(job, refused)| match refused {
                Some(refused) => Err(refused),
                None => Ok(PostRow {
                    id: post_ids[&job.post.user_id],
                    security_id: job.post.security_id.clone(),
                    user_id: job.post.user_id,
                    category: job.post.category,
                    content: job.post.content.clone(),
                    likes: 0,
                    dislikes: 0,
                    comments: 0,
                    hot_rank: hot_rank(0, 0, 0, job.now),
                    sample: false,
                    created_at_ms: job.now,
                    deleted: false,
                    hiding: None,
                    author: authors[&job.post.user_id].1.clone(),
                }),
            })
            .collect())
    }
}

/// The writer: batch after batch until every other store is gone.
async fn run(store: Store, mut queue: mpsc::Receiver<Job>) {
    // A member's later posts, kept for the next batch.
    let mut held: VecDeque<Job> = VecDeque::new();
    while let Some(batch) = next_batch(&mut held, &mut queue).await {
        store.write_batch(batch).await;
    }
}

/// The next batch: up to [`MAX_BATCH`] posts of distinct members, those `held` over first,
/// then the queue's in their order; a member's later posts are held over for a later batch.
/// Once [`HELD`] posts are held, the writer takes no more from the queue until they shrink,
/// so a member's flood waits in the bounded queue (its senders wait) instead of here, and
/// each batch's pass over the held posts stays bounded. A post whose caller has gone (its
/// request was cancelled) is dropped unwritten. `None` once the queue is closed and nothing
/// is held.
async fn next_batch(held: &mut VecDeque<Job>, queue: &mut mpsc::Receiver<Job>) -> Option<Vec<Job>> {
    let mut batch: Vec<Job> = Vec::new();
    let mut members: HashSet<i64> = HashSet::new();
    let mut later: VecDeque<Job> = VecDeque::new();
    let mut take = |job: Job, batch: &mut Vec<Job>, later: &mut VecDeque<Job>| {
        if job.reply.is_closed() {
            return;
        }
        if batch.len() < MAX_BATCH && members.insert(job.post.user_id) {
            batch.push(job);
        } else {
            later.push_back(job);
        }
    };
    while let Some(job) = held.pop_front() {
        take(job, &mut batch, &mut later);
    }
    // An empty batch here means nothing is held over either (a held post would have started
    // it): wait for the queue.
    while batch.is_empty() {
        let job = queue.recv().await?;
        take(job, &mut batch, &mut later);
    }
    while batch.len() < MAX_BATCH && later.len() < HELD {
        match queue.try_recv() {
            Ok(job) => take(job, &mut batch, &mut later),
            Err(_) => break,
        }
    }
    *held = later;
    Some(batch)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Category;

    fn job(user_id: i64) -> (Job, oneshot::Receiver<Change<PostRow>>) {
        let (reply, answer) = oneshot::channel();
        let post = NewPost {
            user_id,
            security_id: "KOREA-A005930".to_owned(),
            category: Category::Opinion,
            content: "가즈아".to_owned(),
            images: Vec::new(),
        };
        let job = Job {
            post,
            now: 1,
            span: tracing::Span::none(),
            reply,
        };
        (job, answer)
    }

    /// One member's many posts: the writer holds at most [`HELD`] of them and leaves the
    /// rest in its queue, whose bound then makes the senders wait.
    #[tokio::test]
    async fn a_members_flood_stays_in_the_bounded_queue() {
        let (sender, mut queue) = mpsc::channel(QUEUE);
        let mut answers = Vec::new();
        let mut held = VecDeque::new();
        for written in 1..=3 {
            // The member's callers fill whatever room the queue has.
            while sender.capacity() > 0 {
                let (job, answer) = job(7);
                answers.push(answer);
                assert!(sender.try_send(job).is_ok(), "the queue has room");
            }
            let batch = next_batch(&mut held, &mut queue).await.expect("a batch");
            assert_eq!(batch.len(), 1, "one post a member");
            assert!(held.len() <= HELD, "{} held over", held.len());
            assert_eq!(
                written + held.len() + queue.len(),
                answers.len(),
                "nothing lost"
            );
        }
        assert!(!queue.is_empty(), "the rest waits in the queue");
    }

    /// Posts whose caller gave up are not written: held over or queued, they are dropped.
    #[tokio::test]
    async fn posts_whose_caller_has_gone_are_dropped() {
        let (sender, mut queue) = mpsc::channel(QUEUE);
        let (first, first_answer) = job(7);
        let (second, second_answer) = job(7);
        let (gone, gone_answer) = job(8);
        let (kept, _kept_answer) = job(9);
        for job in [first, second, gone, kept] {
            assert!(sender.try_send(job).is_ok());
        }
        drop(gone_answer);

        let mut held = VecDeque::new();
        let batch = next_batch(&mut held, &mut queue).await.expect("a batch");
        let members: Vec<i64> = batch.iter().map(|j| j.post.user_id).collect();
        assert_eq!(members, vec![7, 9], "member 8's caller has gone");
        assert_eq!(held.len(), 1, "member 7's second post is held over");

        // The held-over post's caller gives up too: the writer waits for the next post.
        drop(second_answer);
        let (next, _next_answer) = job(10);
        assert!(sender.try_send(next).is_ok());
        let batch = next_batch(&mut held, &mut queue).await.expect("a batch");
        let members: Vec<i64> = batch.iter().map(|j| j.post.user_id).collect();
        assert_eq!(members, vec![10]);
        assert!(held.is_empty());

        // A closed queue with nothing held ends the writer.
        drop(sender);
        assert!(next_batch(&mut held, &mut queue).await.is_none());
        drop(first_answer);
    }
}
