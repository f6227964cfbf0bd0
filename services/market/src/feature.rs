//! The plug-in shape every market feature shares: start-up hands each one a [`Context`],
//! and each hands back a [`Feature`], what it adds to the service: observers of the feed,
//! tasks (on every replica, or supervised on the leader only), live subjects a follower
//! applies, a takeover step, and gRPC services.

use std::convert::Infallible;
use std::future::Future;
use std::path::Path;
use std::sync::Arc;

use chrono::{DateTime, FixedOffset};
use futures::future::BoxFuture;
use sise_platform::bus::{Bus, Event};
use sise_platform::db::Database;
use tokio_util::sync::CancellationToken;
use tonic::body::Body;
use tonic::codegen::{Service, http};
use tonic::server::NamedService;
use tonic::service::Routes;

use crate::dataset::ListedStock;
use crate::feed::{QuoteBoard, StepObserver};
use crate::simulator::{Simulator, SimulatorSettings};

/// What a feature is built from: the shared handles, the dataset, and the feed as it stands
/// before its first step.
pub struct Context<'a> {
    pub db: &'a Database,
    pub bus: &'a Bus,
    /// Fires at shutdown; a feature's tasks stop on it (or when the feed stops).
    pub cancel: &'a CancellationToken,
    /// Folder of the bundled KRX dataset.
    pub dataset_dir: &'a Path,
    /// The listing as the dataset has it, with its real last closes.
    pub listing: &'a [ListedStock],
    /// The securities as stored, in the order of the simulator's instruments.
    pub securities: &'a [ListedStock],
    /// The simulator as built, before its first step, and its settings.
    pub simulator: &'a Simulator,
    pub settings: &'a SimulatorSettings,
    /// The latest quote of every security, as the feed keeps it.
    pub board: &'a Arc<QuoteBoard>,
    /// The simulator's start instant.
    pub start: DateTime<FixedOffset>,
}

/// A gRPC service waiting to be added to the server's routes.
type AddService = Box<dyn FnOnce(Routes) -> Routes + Send>;

/// Starts one attempt of a supervised task; the attempt ends once its token fires.
pub type StartTask =
    Arc<dyn Fn(CancellationToken) -> BoxFuture<'static, anyhow::Result<()>> + Send + Sync>;

/// When a leader task is told to stop at the end of a term (or at shutdown).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// With the feed.
    WithFeed,
    /// Once the feed has stopped: a task that stores what the feed's last steps produced.
    AfterFeed,
}

/// A task only the leader runs, supervised (see `sise_platform::task`).
pub struct LeaderTask {
    pub name: &'static str,
    pub stage: Stage,
    pub start: StartTask,
}

/// Applies a live event the leader published, on a follower.
pub type Follow = Arc<dyn Fn(&Event) + Send + Sync>;

/// Runs when this replica becomes the leader, with the resumed simulator and the instant it
/// resumed at, before the leader tasks start.
pub type Takeover = Arc<dyn Fn(&Simulator, DateTime<FixedOffset>) + Send + Sync>;

/// What one feature contributes: observers of every feed step, tasks to run until
/// shutdown, leader tasks, followed subjects, a takeover step, and the gRPC services it
/// serves.
#[derive(Default)]
pub struct Feature {
    observers: Vec<Arc<dyn StepObserver>>,
    tasks: Vec<BoxFuture<'static, ()>>,
    leader_tasks: Vec<LeaderTask>,
    follows: Vec<(&'static str, Follow)>,
    takeovers: Vec<Takeover>,
    services: Vec<(&'static str, AddService)>,
}

impl Feature {
    /// Sees every step of the quote feed (see [`StepObserver`]).
    pub fn observe(mut self, observer: Arc<dyn StepObserver>) -> Self {
        self.observers.push(observer);
        self
    }

    /// Runs on every replica from the start of the service until it ends on its own, which
    /// a task must do once [`Context::cancel`] fires.
    pub fn run(mut self, task: impl Future<Output = ()> + Send + 'static) -> Self {
        self.tasks.push(Box::pin(task));
        self
    }

    /// Runs on the leader only, restarted with backoff when it panics, fails or returns
    /// before its token fires (see [`Stage`] for when that is).
    pub fn lead<F, Fut>(mut self, name: &'static str, stage: Stage, start: F) -> Self
    where
        F: Fn(CancellationToken) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = anyhow::Result<()>> + Send + 'static,
    {
        self.leader_tasks.push(LeaderTask {
            name,
            stage,
            start: Arc::new(move |cancel| Box::pin(start(cancel))),
        });
        self
    }

    /// On a follower, every live event on `pattern` (e.g. `assets.>`) goes to `apply`.
    /// The pattern must be one market may subscribe to (`sise_platform::bus::acl::MARKET`),
    /// or NATS would refuse it in production.
    pub fn follow(mut self, pattern: &'static str, apply: Follow) -> Self {
        assert!(
            sise_platform::bus::acl::MARKET
                .subscribes
                .contains(&pattern),
            "market follows {pattern} but may not subscribe to it: add it to bus::acl::MARKET"
        );
        self.follows.push((pattern, apply));
        self
    }

    /// Runs when this replica takes the lead (see [`Takeover`]).
    pub fn on_takeover(mut self, takeover: Takeover) -> Self {
        self.takeovers.push(takeover);
        self
    }

    /// Served on the service's port.
    pub fn serve<S>(mut self, service: S) -> Self
    where
        S: Service<http::Request<Body>, Response = http::Response<Body>, Error = Infallible>
            + NamedService
            + Clone
            + Send
            + Sync
            + 'static,
        S::Future: Send + 'static,
    {
        self.services.push((
            S::NAME,
            Box::new(move |routes: Routes| routes.add_service(service)),
        ));
        self
    }
}

/// Every feature's contributions, gathered for start-up to wire.
pub struct Assembly {
    pub observers: Vec<Arc<dyn StepObserver>>,
    pub tasks: Vec<BoxFuture<'static, ()>>,
    pub leader_tasks: Vec<LeaderTask>,
    pub follows: Vec<(&'static str, Follow)>,
    pub takeovers: Vec<Takeover>,
    pub routes: Routes,
    /// The gRPC names of the services in `routes`, for health.
    pub served: Vec<&'static str>,
}

/// Gather `features`, keeping their order (observers see a step in that order).
pub fn assemble(features: Vec<Feature>) -> Assembly {
    let mut assembly = Assembly {
        observers: Vec::new(),
        tasks: Vec::new(),
        leader_tasks: Vec::new(),
        follows: Vec::new(),
        takeovers: Vec::new(),
        routes: Routes::default(),
        served: Vec::new(),
    };
    for feature in features {
        assembly.observers.extend(feature.observers);
        assembly.tasks.extend(feature.tasks);
        assembly.leader_tasks.extend(feature.leader_tasks);
        assembly.follows.extend(feature.follows);
        assembly.takeovers.extend(feature.takeovers);
        for (name, add) in feature.services {
            assembly.served.push(name);
            assembly.routes = add(assembly.routes);
        }
    }
    assembly
}
