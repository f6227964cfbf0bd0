//! Supervised background tasks: [`supervise`] runs a task until shutdown and starts it again,
//! with exponential [`Backoff`], whenever it panics, fails or returns early; a [`TaskMonitor`]
//! keeps what happened ([`TaskState`]) for readiness and logs.
//!
//! Each attempt runs in its own Tokio task, so a panic ends the attempt (caught through its
//! `JoinHandle`) and not the supervisor. A task must end on its own once the cancellation
//! token it was started with fires; the supervisor then marks it stopped. State a task keeps
//! across attempts (a simulator, pending rows) lives outside the future, with the caller.

use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Deserialize;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

/// Restart delays: `initial_ms` after the first failure, doubled on each further failure in a
/// row, at most `max_ms`. An attempt that stays up for `max_ms` resets the count.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
pub struct Backoff {
    #[serde(default = "default_initial_ms")]
    pub initial_ms: u64,
    #[serde(default = "default_max_ms")]
    pub max_ms: u64,
}

fn default_initial_ms() -> u64 {
    200
}

fn default_max_ms() -> u64 {
    10_000
}

impl Default for Backoff {
    fn default() -> Self {
        Self {
            initial_ms: default_initial_ms(),
            max_ms: default_max_ms(),
        }
    }
}

impl Backoff {
    /// The delay before the restart that follows `failures` failures in a row (1 or more).
    pub fn delay(&self, failures: u32) -> Duration {
        let initial = self.initial_ms.max(1);
        let factor = 1_u64
            .checked_shl(failures.saturating_sub(1).min(32))
            .unwrap_or(u64::MAX);
        Duration::from_millis(initial.saturating_mul(factor).min(self.max_ms.max(initial)))
    }

    /// The longest delay: a task down for longer than this is not coming back by itself.
    pub fn max(&self) -> Duration {
        Duration::from_millis(self.max_ms.max(self.initial_ms.max(1)))
    }
}

/// Where a supervised task stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TaskStatus {
    /// Never started, or ended at shutdown (or at the end of a leadership term).
    Stopped,
    Running,
    /// Failed; waiting for its backoff before the next attempt.
    Restarting,
}

impl TaskStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Stopped => "stopped",
            Self::Running => "running",
            Self::Restarting => "restarting",
        }
    }
}

/// A snapshot of a task's state.
#[derive(Clone, Debug)]
pub struct TaskState {
    pub status: TaskStatus,
    /// Restarts since the process started.
    pub restarts: u64,
    /// The last failure (a panic message, an error chain, or an early return).
    pub last_error: Option<String>,
    /// Since when the task has been failing without a stable run in between.
    pub down_since: Option<Instant>,
}

/// The shared state of one named task, cheap to clone; outlives the attempts and the
/// supervisors that run it (a task may be supervised again in a later leadership term).
#[derive(Clone, Debug)]
pub struct TaskMonitor {
    name: &'static str,
    state: Arc<Mutex<TaskState>>,
}

impl TaskMonitor {
    pub fn new(name: &'static str) -> Self {
        Self {
            name,
            state: Arc::new(Mutex::new(TaskState {
                status: TaskStatus::Stopped,
                restarts: 0,
                last_error: None,
                down_since: None,
            })),
        }
    }

    pub fn name(&self) -> &'static str {
        self.name
    }

    pub fn state(&self) -> TaskState {
        match self.state.lock() {
            Ok(state) => state.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Whether the task has been failing for longer than `grace` without a stable run.
    pub fn down_longer_than(&self, grace: Duration) -> bool {
        self.state()
            .down_since
            .is_some_and(|since| since.elapsed() > grace)
    }

    fn update(&self, change: impl FnOnce(&mut TaskState)) {
        match self.state.lock() {
            Ok(mut state) => change(&mut state),
            Err(poisoned) => change(&mut poisoned.into_inner()),
        }
    }
}

/// Run `start(cancel)` under supervision until `cancel` fires and the running attempt has
/// ended. A panic, an `Err` or an `Ok` before `cancel` counts as a failure: it is logged with
/// the task's name and restart count, recorded in `monitor`, and followed by a new attempt
/// after the backoff.
pub fn supervise<F, Fut>(
    monitor: TaskMonitor,
    backoff: Backoff,
    cancel: CancellationToken,
    mut start: F,
) -> JoinHandle<()>
where
    F: FnMut(CancellationToken) -> Fut + Send + 'static,
    Fut: Future<Output = anyhow::Result<()>> + Send + 'static,
{
    tokio::spawn(async move {
        let name = monitor.name();
        let mut failures: u32 = 0;
        loop {
            if cancel.is_cancelled() {
                monitor.update(|s| s.status = TaskStatus::Stopped);
                return;
            }
            monitor.update(|s| s.status = TaskStatus::Running);
            let mut attempt = tokio::spawn(start(cancel.clone()));
            // A run that lasts `stable` clears the failure streak.
            let stable = backoff.max();
            let joined = tokio::select! {
                joined = &mut attempt => joined,
                () = tokio::time::sleep(stable) => {
                    failures = 0;
                    monitor.update(|s| s.down_since = None);
                    attempt.await
                }
            };
            let error = match joined {
                Ok(Ok(())) if cancel.is_cancelled() => None,
                Ok(Ok(())) => Some("returned before shutdown".to_owned()),
                Ok(Err(error)) => Some(format!("{error:#}")),
                Err(join) if join.is_panic() => Some(format!(
                    "panicked: {}",
                    panic_message(join.into_panic().as_ref())
                )),
                Err(join) => Some(format!("aborted: {join}")),
            };
            let Some(error) = error else {
                monitor.update(|s| {
                    s.status = TaskStatus::Stopped;
                    s.down_since = None;
                });
                return;
            };
            if cancel.is_cancelled() {
                tracing::warn!(task = name, error, "background task failed during shutdown");
                monitor.update(|s| {
                    s.status = TaskStatus::Stopped;
                    s.last_error = Some(error);
                });
                return;
            }
            failures = failures.saturating_add(1);
            let delay = backoff.delay(failures);
            let restarts = {
                let mut restarts = 0;
                monitor.update(|s| {
                    s.status = TaskStatus::Restarting;
                    s.restarts += 1;
                    s.last_error = Some(error.clone());
                    s.down_since.get_or_insert_with(Instant::now);
                    restarts = s.restarts;
                });
                restarts
            };
            tracing::error!(
                task = name,
                error,
                restarts,
                delay_ms = delay.as_millis() as u64,
                "background task failed; restarting after backoff"
            );
            tokio::select! {
                () = tokio::time::sleep(delay) => {}
                () = cancel.cancelled() => {}
            }
        }
    })
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "non-text panic payload".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU32, Ordering};

    use super::*;

    fn fast() -> Backoff {
        Backoff {
            initial_ms: 10,
            max_ms: 40,
        }
    }

    #[test]
    fn backoff_doubles_up_to_its_max() {
        let backoff = Backoff {
            initial_ms: 100,
            max_ms: 1_000,
        };
        let delays: Vec<u64> = (1..=6)
            .map(|n| backoff.delay(n).as_millis() as u64)
            .collect();
        assert_eq!(delays, [100, 200, 400, 800, 1_000, 1_000]);
        assert_eq!(backoff.delay(u32::MAX), Duration::from_secs(1));
    }

    #[tokio::test]
    async fn a_panicking_task_is_restarted_and_its_state_kept() {
        let monitor = TaskMonitor::new("flaky");
        let attempts = Arc::new(AtomicU32::new(0));
        let cancel = CancellationToken::new();
        let counter = attempts.clone();
        let handle = supervise(monitor.clone(), fast(), cancel.clone(), move |cancel| {
            let attempt = counter.fetch_add(1, Ordering::SeqCst);
            async move {
                match attempt {
                    0 => panic!("boom"),
                    1 => anyhow::bail!("broken pipe"),
                    2 => Ok(()),
                    _ => {
                        cancel.cancelled().await;
                        Ok(())
                    }
                }
            }
        });
        tokio::time::timeout(Duration::from_secs(10), async {
            while attempts.load(Ordering::SeqCst) < 4 {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        })
        .await
        .expect("restarted three times");
        let state = monitor.state();
        assert_eq!(state.status, TaskStatus::Running);
        assert_eq!(state.restarts, 3);
        assert_eq!(
            state.last_error.as_deref(),
            Some("returned before shutdown")
        );
        assert!(state.down_since.is_some(), "no stable run yet");
        cancel.cancel();
        handle.await.expect("supervisor");
        assert_eq!(monitor.state().status, TaskStatus::Stopped);
        assert_eq!(attempts.load(Ordering::SeqCst), 4);
    }

    #[tokio::test]
    async fn a_crash_loop_stays_down_and_a_stable_run_clears_it() {
        let monitor = TaskMonitor::new("looping");
        let cancel = CancellationToken::new();
        let healthy = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let flag = healthy.clone();
        let handle = supervise(monitor.clone(), fast(), cancel.clone(), move |cancel| {
            let healthy = flag.load(Ordering::SeqCst);
            async move {
                if !healthy {
                    panic!("always");
                }
                cancel.cancelled().await;
                Ok(())
            }
        });
        tokio::time::timeout(Duration::from_secs(10), async {
            while !monitor.down_longer_than(fast().max()) {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        })
        .await
        .expect("down for longer than the longest backoff");
        assert!(monitor.state().restarts >= 2);
        assert!(
            monitor
                .state()
                .last_error
                .is_some_and(|e| e.contains("always"))
        );
        healthy.store(true, Ordering::SeqCst);
        tokio::time::timeout(Duration::from_secs(10), async {
            while monitor.down_longer_than(Duration::ZERO) {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        })
        .await
        .expect("a stable run clears the streak");
        cancel.cancel();
        handle.await.expect("supervisor");
    }
}
