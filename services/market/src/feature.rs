//! The plug-in shape every market feature shares: start-up hands each one a [`Context`],
//! and each hands back a [`Feature`], what it adds to the service.

use std::convert::Infallible;
use std::future::Future;
use std::path::Path;
use std::sync::Arc;

use chrono::{DateTime, FixedOffset};
use futures::future::BoxFuture;
use sise_platform::bus::Bus;
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

/// What one feature contributes: observers of every feed step, tasks to run until
/// shutdown, and the gRPC services it serves.
#[derive(Default)]
pub struct Feature {
    observers: Vec<Arc<dyn StepObserver>>,
    tasks: Vec<BoxFuture<'static, ()>>,
    services: Vec<(&'static str, AddService)>,
}

impl Feature {
    /// Sees every step of the quote feed (see [`StepObserver`]).
    pub fn observe(mut self, observer: Arc<dyn StepObserver>) -> Self {
        self.observers.push(observer);
        self
    }

    /// Runs from the start of the service until it ends on its own, which a task must do
    /// once [`Context::cancel`] fires or the feed stops.
    pub fn run(mut self, task: impl Future<Output = ()> + Send + 'static) -> Self {
        self.tasks.push(Box::pin(task));
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
    pub routes: Routes,
    /// The gRPC names of the services in `routes`, for health.
    pub served: Vec<&'static str>,
}

/// Gather `features`, keeping their order (observers see a step in that order).
pub fn assemble(features: Vec<Feature>) -> Assembly {
    let mut assembly = Assembly {
        observers: Vec::new(),
        tasks: Vec::new(),
        routes: Routes::default(),
        served: Vec::new(),
    };
    for feature in features {
        assembly.observers.extend(feature.observers);
        assembly.tasks.extend(feature.tasks);
        for (name, add) in feature.services {
            assembly.served.push(name);
            assembly.routes = add(assembly.routes);
        }
    }
    assembly
}
