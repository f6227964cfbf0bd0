//! Live boards: the community's post events for the boards browsers hold open
//! (`GET /social/api/v1/securities/{security_id}/posts/stream`).
//!
//! The gateway's bus feed ([`crate::feed`]) hands every `events.social.post_created`,
//! `post_deleted` and `content_hidden` (of a post) to [`BoardHub::publish`], which passes it
//! to the watchers of that post's board. A board's channel exists only while someone
//! watches it: the first [`BoardHub::watch`] makes it, and dropping the last watcher
//! removes it, so the hub holds no more boards than open streams watch (and those are
//! bounded by the gateway's stream slots).
//!
//! Each board is a `broadcast` channel of [`BACKLOG`] events. A watcher that falls further
//! behind than that loses the oldest ones and gets [`BoardMessage::Resync`] instead: the
//! client reads the board's first page again, which is what the lost events would have
//! led to. No watcher can make the hub hold more than one backlog per board.
//!
//! Events published while the bus was away are lost for good (the gateway follows them
//! with a live subscription); the feed then bumps [`BoardHub::bump_resync`] and every open
//! board resyncs, as open quote streams take a new snapshot.

use std::collections::HashMap;
use std::pin::Pin;
use std::sync::{Arc, LazyLock, Mutex};
use std::task::{Context, Poll};

use futures::{Stream, StreamExt};
use opentelemetry::metrics::Counter;
use tokio::sync::{broadcast, watch};
use tokio_stream::wrappers::errors::BroadcastStreamRecvError;
use tokio_stream::wrappers::{BroadcastStream, WatchStream};

/// Events a board's slowest watcher may be behind before it is told to resync.
pub const BACKLOG: usize = 32;

/// What happened to a post of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardEventKind {
    Created,
    Deleted,
    Hidden,
}

impl BoardEventKind {
    /// The Server-Sent Event's name (docs/api.md, "Community").
    pub fn name(self) -> &'static str {
        match self {
            Self::Created => "post_created",
            Self::Deleted => "post_deleted",
            Self::Hidden => "post_hidden",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardEvent {
    pub kind: BoardEventKind,
    pub post_id: i64,
}

/// What a watcher reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardMessage {
    Event(BoardEvent),
    /// Events may have been missed: read the board again.
    Resync,
}

type Boards = Arc<Mutex<HashMap<String, broadcast::Sender<BoardEvent>>>>;

/// Cheap to clone (clones share the boards).
#[derive(Clone)]
pub struct BoardHub {
    boards: Boards,
    resync: Arc<watch::Sender<u64>>,
}

impl Default for BoardHub {
    fn default() -> Self {
        Self {
            boards: Arc::default(),
            resync: Arc::new(watch::channel(0).0),
        }
    }
}

impl BoardHub {
    /// A watcher of one board, which must exist (the caller checks it with market): the
    /// board's channel lives until its last watcher is dropped.
    pub fn watch(&self, security_id: &str) -> BoardWatch {
        let events = {
            let Ok(mut boards) = self.boards.lock() else {
                return BoardWatch::closed(self);
            };
            boards
                .entry(security_id.to_owned())
                .or_insert_with(|| broadcast::channel(BACKLOG).0)
                .subscribe()
        };
        let mut resyncs = self.resync.subscribe();
        resyncs.mark_unchanged();
        BoardWatch {
            events: Some(BroadcastStream::new(events)),
            resyncs: WatchStream::from_changes(resyncs),
            _guard: Guard {
                security_id: security_id.to_owned(),
                boards: self.boards.clone(),
            },
        }
    }

    /// Tells the board's watchers, if it has any; a board nobody watches costs nothing.
    pub(crate) fn publish(&self, security_id: &str, event: BoardEvent) {
        let Ok(boards) = self.boards.lock() else {
            return;
        };
        if let Some(sender) = boards.get(security_id) {
            // No receiver left is not an error: the last one is being dropped.
            let _ = sender.send(event);
        }
    }

    /// Board events may have been missed (the bus came back): every open board resyncs.
    pub(crate) fn bump_resync(&self) {
        self.resync.send_modify(|count| *count += 1);
    }

    /// Boards with at least one watcher.
    pub fn len(&self) -> usize {
        self.boards.lock().map(|b| b.len()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// One watcher of one board, as a stream of [`BoardMessage`]s; ends when the hub is gone.
pub struct BoardWatch {
    // Dropped before the guard (fields drop in order), which then counts the others only.
    events: Option<BroadcastStream<BoardEvent>>,
    resyncs: WatchStream<u64>,
    _guard: Guard,
}

impl BoardWatch {
    /// A watcher that only ever resyncs (the hub's lock was poisoned: never in practice).
    fn closed(hub: &BoardHub) -> Self {
        Self {
            events: None,
            resyncs: WatchStream::from_changes(hub.resync.subscribe()),
            _guard: Guard {
                security_id: String::new(),
                boards: hub.boards.clone(),
            },
        }
    }
}

impl Stream for BoardWatch {
    type Item = BoardMessage;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<BoardMessage>> {
        let this = &mut *self;
        if let Poll::Ready(Some(_)) = this.resyncs.poll_next_unpin(cx) {
            return Poll::Ready(Some(BoardMessage::Resync));
        }
        let Some(events) = this.events.as_mut() else {
            return Poll::Pending;
        };
        match events.poll_next_unpin(cx) {
            Poll::Ready(Some(Ok(event))) => Poll::Ready(Some(BoardMessage::Event(event))),
            Poll::Ready(Some(Err(BroadcastStreamRecvError::Lagged(missed)))) => {
                tracing::debug!(missed, "a slow board reader resyncs");
                DROPPED.add(missed, &[]);
                Poll::Ready(Some(BoardMessage::Resync))
            }
            Poll::Ready(None) => Poll::Ready(None),
            Poll::Pending => Poll::Pending,
        }
    }
}

/// `sise.sse.dropped`: board events a slow reader missed (its channel overflowed); the
/// reader resyncs from a fresh page instead.
static DROPPED: LazyLock<Counter<u64>> = LazyLock::new(|| {
    sise_platform::metrics::meter()
        .u64_counter("sise.sse.dropped")
        .with_description("Board events a slow live reader missed (it resyncs)")
        .build()
});

/// Removes its board's channel when no receiver is left.
struct Guard {
    security_id: String,
    boards: Boards,
}

impl Drop for Guard {
    fn drop(&mut self) {
        let Ok(mut boards) = self.boards.lock() else {
            return;
        };
        // The lock orders this against `watch`, which subscribes under it.
        if boards
            .get(&self.security_id)
            .is_some_and(|sender| sender.receiver_count() == 0)
        {
            boards.remove(&self.security_id);
        }
    }
}

#[cfg(test)]
mod tests {
    use futures::FutureExt as _;

    use super::*;

    const SAMSUNG: &str = "KOREA-A005930";

    fn created(post_id: i64) -> BoardEvent {
        BoardEvent {
            kind: BoardEventKind::Created,
            post_id,
        }
    }

    #[tokio::test]
    async fn a_board_hears_its_own_posts_only() {
        let hub = BoardHub::default();
        let mut samsung = hub.watch(SAMSUNG);
        hub.publish("KOREA-A000660", created(1));
        hub.publish(SAMSUNG, created(2));
        hub.publish(
            SAMSUNG,
            BoardEvent {
                kind: BoardEventKind::Hidden,
                post_id: 2,
            },
        );
        assert_eq!(samsung.next().await, Some(BoardMessage::Event(created(2))));
        let hidden = samsung.next().await;
        assert!(
            matches!(
                hidden,
                Some(BoardMessage::Event(BoardEvent {
                    kind: BoardEventKind::Hidden,
                    post_id: 2
                }))
            ),
            "{hidden:?}"
        );
        assert!(samsung.next().now_or_never().is_none(), "nothing else");
    }

    #[test]
    fn the_last_watcher_removes_the_board() {
        let hub = BoardHub::default();
        let first = hub.watch(SAMSUNG);
        let second = hub.watch(SAMSUNG);
        let other = hub.watch("KOREA-A000660");
        assert_eq!(hub.len(), 2);
        drop(first);
        assert_eq!(hub.len(), 2, "Samsung is still watched");
        drop(second);
        drop(other);
        assert!(hub.is_empty());
        // Posts of boards nobody watches create nothing.
        hub.publish(SAMSUNG, created(1));
        assert!(hub.is_empty());
    }

    #[tokio::test]
    async fn a_slow_reader_resyncs_instead_of_holding_a_backlog() {
        let hub = BoardHub::default();
        let mut slow = hub.watch(SAMSUNG);
        let mut quick = hub.watch(SAMSUNG);
        for id in 0..(BACKLOG as i64 * 3) {
            hub.publish(SAMSUNG, created(id));
            assert_eq!(quick.next().await, Some(BoardMessage::Event(created(id))));
        }
        // Behind by more than the backlog: one resync, then the newest events only.
        assert_eq!(slow.next().await, Some(BoardMessage::Resync));
        let first_kept = BACKLOG as i64 * 2;
        for id in first_kept..first_kept + BACKLOG as i64 {
            assert_eq!(slow.next().await, Some(BoardMessage::Event(created(id))));
        }
        tokio::task::yield_now().await; // a fresh coop budget for the next poll
        assert!(slow.next().now_or_never().is_none(), "nothing more held");
    }

    #[tokio::test]
    async fn a_bus_outage_resyncs_every_open_board() {
        let hub = BoardHub::default();
        let mut samsung = hub.watch(SAMSUNG);
        let mut hynix = hub.watch("KOREA-A000660");
        hub.bump_resync();
        assert_eq!(samsung.next().await, Some(BoardMessage::Resync));
        assert_eq!(hynix.next().await, Some(BoardMessage::Resync));
        // A watcher made afterwards does not replay it.
        let mut later = hub.watch(SAMSUNG);
        assert!(later.next().now_or_never().is_none());
    }
}
