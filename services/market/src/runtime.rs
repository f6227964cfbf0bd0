//! The market's background work at one or more replicas: every replica serves reads; one,
//! the leader ([`crate::leader`]), runs the feed and the features' leader tasks under
//! supervision (`sise_platform::task`), and the others follow its live ticks.
//!
//! A replica's life is a loop of two phases:
//! - **follower**: a supervised task applies the leader's `quotes.>` ticks to the quote
//!   board and every feature's followed subjects (`assets.>`) to theirs, while the replica
//!   tries to take the lock every `leader.retry_ms`;
//! - **leader**: the follower stops; if it had followed, the simulator resumes from the
//!   board it followed ([`feed::resume`]) and the features' takeover steps run; then the
//!   feed and the leader tasks start, each supervised. When the lock is lost (or at
//!   shutdown) the feed and the [`Stage::WithFeed`] tasks stop first, then the
//!   [`Stage::AfterFeed`] ones, which store what the feed's last steps produced.
//!
//! [`Status`] is what readiness reads: not ready while the feed (on the leader) or the
//! follower (on a follower) has been failing for longer than the longest backoff.

use std::sync::{Arc, Mutex};

use chrono::NaiveDate;
use futures::StreamExt as _;
use prost::Message as _;
use sise_platform::bus::{Bus, Event};
use sise_platform::task::{Backoff, TaskMonitor, supervise};
use sise_proto::market::v1 as pb;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use crate::charts::ChartStore;
use crate::feature::{Follow, LeaderTask, Stage, Takeover};
use crate::feed::{self, QuoteBoard, SharedFeed};
use crate::leader::Election;
use crate::simulator::{SimulatorSettings, now_kst};

/// This replica's part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Starting,
    Follower,
    Leader,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Starting => "starting",
            Self::Follower => "follower",
            Self::Leader => "leader",
        }
    }
}

/// The role and the tasks' states, shared with readiness.
#[derive(Clone)]
pub struct Status {
    role: Arc<Mutex<Role>>,
    backoff: Backoff,
    feed: TaskMonitor,
    follower: TaskMonitor,
    tasks: Vec<TaskMonitor>,
}

impl Status {
    pub fn role(&self) -> Role {
        self.role.lock().map_or(Role::Starting, |r| *r)
    }

    fn set_role(&self, role: Role) {
        if let Ok(mut held) = self.role.lock() {
            *held = role;
        }
    }

    /// Whether the critical task of this replica's role keeps running: the feed on the
    /// leader, the follower on a follower (each may fail and restart within its backoff).
    pub fn ready(&self) -> bool {
        let grace = self.backoff.max();
        match self.role() {
            Role::Starting => false,
            Role::Leader => !self.feed.down_longer_than(grace),
            Role::Follower => !self.follower.down_longer_than(grace),
        }
    }

    /// Log every task's state (when readiness fails).
    pub fn log(&self) {
        for monitor in [&self.feed, &self.follower].into_iter().chain(&self.tasks) {
            let state = monitor.state();
            tracing::warn!(
                role = self.role().as_str(),
                task = monitor.name(),
                status = state.status.as_str(),
                restarts = state.restarts,
                last_error = state.last_error.as_deref().unwrap_or(""),
                down_ms = state
                    .down_since
                    .map_or(0, |t| t.elapsed().as_millis() as u64),
                "market task state"
            );
        }
    }
}

/// Everything the role loop needs; built by start-up.
pub struct Runtime {
    pub election: Election,
    pub feed: SharedFeed,
    pub board: Arc<QuoteBoard>,
    pub bus: Bus,
    pub settings: SimulatorSettings,
    pub backoff: Backoff,
    pub leader_tasks: Vec<LeaderTask>,
    pub follows: Vec<(&'static str, Follow)>,
    pub takeovers: Vec<Takeover>,
    /// Stored day candles: a new leader resumes after the newest stored day.
    pub charts: ChartStore,
    /// The start-up simulator's last close date (the earliest a resumed one may use).
    pub last_close_date: NaiveDate,
}

impl Runtime {
    pub fn status(&self) -> Status {
        Status {
            role: Arc::new(Mutex::new(Role::Starting)),
            backoff: self.backoff,
            feed: TaskMonitor::new("feed"),
            follower: TaskMonitor::new("follower"),
            tasks: self
                .leader_tasks
                .iter()
                .map(|t| TaskMonitor::new(t.name))
                .collect(),
        }
    }

    /// Follow or lead until `cancel` fires; returns once every task has stopped.
    pub async fn run(self, status: Status, cancel: CancellationToken) {
        let mut followed = false;
        loop {
            let Some(term) = self
                .follow_until_leader(&status, &cancel, &mut followed)
                .await
            else {
                return;
            };
            status.set_role(Role::Leader);
            tracing::info!(resumed = followed, "this replica leads the market feed");
            if followed {
                self.take_over().await;
            }
            let lost = self.lead(&status, term, &cancel).await;
            let Some(reason) = lost else {
                return;
            };
            tracing::warn!(reason, "lost market leadership; following again");
            followed = true;
        }
    }

    /// Try the lock at once, then every retry interval while following; `None` at shutdown.
    async fn follow_until_leader(
        &self,
        status: &Status,
        cancel: &CancellationToken,
        followed: &mut bool,
    ) -> Option<crate::leader::Term> {
        let mut follower: Option<(CancellationToken, JoinHandle<()>)> = None;
        let term = loop {
            match self.election.try_acquire().await {
                Ok(Some(term)) => break Some(term),
                Ok(None) => {}
                Err(error) => {
                    tracing::warn!(error = format!("{error:#}"), "cannot try the leader lock");
                }
            }
            if follower.is_none() {
                status.set_role(Role::Follower);
                *followed = true;
                let stop = cancel.child_token();
                let (board, bus, follows) =
                    (self.board.clone(), self.bus.clone(), self.follows.clone());
                let handle = supervise(
                    status.follower.clone(),
                    self.backoff,
                    stop.clone(),
                    move |cancel| follow(board.clone(), bus.clone(), follows.clone(), cancel),
                );
                follower = Some((stop, handle));
            }
            tokio::select! {
                () = tokio::time::sleep(self.election.retry()) => {}
                () = cancel.cancelled() => break None,
            }
        };
        if let Some((stop, handle)) = follower {
            stop.cancel();
            let _ = handle.await;
        }
        term
    }

    /// Resume the simulator from the followed board and run the takeover steps.
    async fn take_over(&self) {
        let stored = match self.charts.last_closes().await {
            Ok(stored) => stored,
            Err(error) => {
                tracing::warn!(
                    error = format!("{error:#}"),
                    "cannot read stored closes; resuming from the followed board only"
                );
                Default::default()
            }
        };
        let now = now_kst();
        let simulator = feed::resume(
            &self.board,
            &self.settings,
            now,
            &stored,
            self.last_close_date,
        );
        let mut state = self.feed.lock().await;
        state.simulator = simulator;
        for takeover in &self.takeovers {
            takeover(&state.simulator, now);
        }
    }

    /// Run the feed and the leader tasks until the term is lost (`Some(reason)`) or
    /// `cancel` fires (`None`).
    async fn lead(
        &self,
        status: &Status,
        mut term: crate::leader::Term,
        cancel: &CancellationToken,
    ) -> Option<String> {
        let with_feed = cancel.child_token();
        let after_feed = CancellationToken::new();
        let feed = {
            let (state, board, bus, settings) = (
                self.feed.clone(),
                self.board.clone(),
                self.bus.clone(),
                self.settings.clone(),
            );
            supervise(
                status.feed.clone(),
                self.backoff,
                with_feed.clone(),
                move |cancel| {
                    feed::run(
                        state.clone(),
                        board.clone(),
                        bus.clone(),
                        settings.clone(),
                        cancel,
                    )
                },
            )
        };
        let mut first = Vec::new();
        let mut second = Vec::new();
        for (task, monitor) in self.leader_tasks.iter().zip(&status.tasks) {
            let start = task.start.clone();
            let (token, handles) = match task.stage {
                Stage::WithFeed => (with_feed.clone(), &mut first),
                Stage::AfterFeed => (after_feed.clone(), &mut second),
            };
            handles.push(supervise(
                monitor.clone(),
                self.backoff,
                token,
                move |cancel| start(cancel),
            ));
        }
        let reason = tokio::select! {
            reason = term.lost() => Some(reason),
            () = cancel.cancelled() => None,
        };
        with_feed.cancel();
        let _ = feed.await;
        for handle in first {
            let _ = handle.await;
        }
        after_feed.cancel();
        for handle in second {
            let _ = handle.await;
        }
        status.set_role(Role::Follower);
        term.release().await;
        reason
    }
}

/// Apply the leader's live ticks until cancelled: `quotes.>` to the board, each followed
/// pattern to its feature. Fails (to be restarted) when a subscription ends.
async fn follow(
    board: Arc<QuoteBoard>,
    bus: Bus,
    follows: Vec<(&'static str, Follow)>,
    cancel: CancellationToken,
) -> anyhow::Result<()> {
    // Each subscription ends with a `None` of its own: merged, the others would go on
    // without it (an in-process subscriber that falls behind is ended, having lost ticks).
    let ended = || futures::stream::once(std::future::ready(None));
    let quotes = bus
        .subscribe(sise_platform::bus::acl::subjects::QUOTES)
        .await?
        .map(|event| Some((None, event)))
        .chain(ended())
        .boxed();
    let mut streams = vec![quotes];
    for (i, (pattern, _)) in follows.iter().enumerate() {
        let stream = bus.subscribe(pattern).await?;
        streams.push(
            stream
                .map(move |event| Some((Some(i), event)))
                .chain(ended())
                .boxed(),
        );
    }
    let mut events = futures::stream::select_all(streams);
    loop {
        let next: Option<(Option<usize>, Event)> = tokio::select! {
            biased;
            () = cancel.cancelled() => return Ok(()),
            next = events.next() => next.flatten(),
        };
        match next {
            None => anyhow::bail!("a followed subscription ended"),
            Some((None, event)) => {
                if let Ok(tick) = pb::QuoteTicked::decode(event.payload)
                    && let Some(quote) = tick.quote
                {
                    board.follow(quote);
                }
            }
            Some((Some(i), event)) => {
                if let Some((_, apply)) = follows.get(i) {
                    apply(&event);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    /// A leader whose feed keeps failing turns not ready once it has been down for longer
    /// than the longest backoff; a follower is judged by its follower task instead.
    #[tokio::test]
    async fn readiness_follows_the_critical_task_of_the_role() {
        let backoff = Backoff {
            initial_ms: 10,
            max_ms: 50,
        };
        let status = Status {
            role: Arc::new(Mutex::new(Role::Starting)),
            backoff,
            feed: TaskMonitor::new("feed"),
            follower: TaskMonitor::new("follower"),
            tasks: Vec::new(),
        };
        assert!(!status.ready(), "no role yet");
        status.set_role(Role::Leader);
        assert!(status.ready());
        let cancel = CancellationToken::new();
        let feed = supervise(status.feed.clone(), backoff, cancel.clone(), |_| async {
            anyhow::bail!("database gone")
        });
        tokio::time::timeout(Duration::from_secs(10), async {
            while status.ready() {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
        .await
        .expect("not ready while the feed is down");
        status.set_role(Role::Follower);
        assert!(status.ready(), "a follower does not run the feed");
        cancel.cancel();
        feed.await.expect("supervisor");
    }
}
