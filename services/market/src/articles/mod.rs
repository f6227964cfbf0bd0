//! News and disclosures: ingestion, storage and the `ArticleService` (docs/architecture.md,
//! "Market data: news and disclosures").
//!
//! Layout:
//! - `config`: the `services.market.dart` and `services.market.news` sections.
//! - `dart`: the OpenDART `list.json` client and ingestor, the corp_code → stock mapping and
//!   the seed of real filings bundled in `data/`.
//! - `news`: the RSS/Atom ingestor and the labelled demo samples.
//! - `tagger`: finds the listed companies a text names (one Aho-Corasick pass).
//! - `store`: tables of migration `0005_articles.sql`, idempotent inserts, keyset pages.
//! - `cursor`: the opaque keyset cursors and the merged order.
//! - `grpc`: `sise.market.v1.ArticleService`.

pub mod config;
pub mod cursor;
pub mod dart;
pub mod grpc;
pub mod news;
pub mod store;
pub mod tagger;

use std::path::Path;
use std::sync::Arc;

use sise_platform::bus::Bus;
use sise_platform::db::Database;
use sise_proto::market::v1::article_service_server::ArticleServiceServer;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use self::config::{DartSettings, NewsSettings};
use self::dart::{CorpMap, DartIngestor};
use self::grpc::ArticleGrpc;
use self::news::NewsIngestor;
use self::store::ArticleStore;
use self::tagger::Tagger;
use crate::dataset::ListedStock;

/// Everything the articles part of the market service needs at run time.
pub struct Articles {
    store: ArticleStore,
    tagger: Arc<Tagger>,
    corp_map: Arc<CorpMap>,
    dart: DartSettings,
    news: NewsSettings,
}

impl Articles {
    /// Load the corp-code map and the tagger, and seed the bundled filings and the demo
    /// samples (each once per version, when enabled).
    pub async fn build(
        db: Database,
        dataset_dir: &Path,
        listing: &[ListedStock],
        dart: DartSettings,
        news: NewsSettings,
    ) -> anyhow::Result<Self> {
        let store = ArticleStore::new(db);
        let corp_map = Arc::new(CorpMap::load(dataset_dir, listing)?);
        if dart.seed
            && let Some(count) = dart::seed(&store, dataset_dir, &corp_map).await?
        {
            tracing::info!(count, "seeded disclosures from the bundled OpenDART sample");
        }
        let tagger = Arc::new(Tagger::new(listing)?);
        if news.seed_samples {
            let now = chrono::Utc::now().timestamp_millis();
            if let Some(count) = news::seed_samples(&store, dataset_dir, now).await? {
                tracing::info!(count, "seeded the labelled sample news");
            }
        }
        Ok(Self {
            store,
            tagger,
            corp_map,
            dart,
            news,
        })
    }

    pub fn store(&self) -> ArticleStore {
        self.store.clone()
    }

    pub fn tagger(&self) -> Arc<Tagger> {
        self.tagger.clone()
    }

    /// The gRPC service, for the server's routes.
    pub fn service(&self) -> ArticleServiceServer<ArticleGrpc> {
        ArticleServiceServer::new(ArticleGrpc::new(self.store.clone()))
    }

    /// Start the ingestors that are configured (OpenDART needs an API key, news at least
    /// one feed); they stop when `cancel` fires.
    pub fn spawn_ingestors(
        &self,
        bus: Bus,
        cancel: CancellationToken,
    ) -> anyhow::Result<Vec<JoinHandle<()>>> {
        let mut tasks = Vec::new();
        match DartIngestor::new(
            self.dart.clone(),
            self.store.clone(),
            bus.clone(),
            self.corp_map.clone(),
        )? {
            Some(ingestor) => {
                tracing::info!(base_url = self.dart.base_url, "OpenDART ingestor enabled");
                tasks.push(tokio::spawn(ingestor.run(cancel.clone())));
            }
            None => tracing::info!("OpenDART ingestor disabled (no dart.api_key)"),
        }
        match NewsIngestor::new(
            self.news.clone(),
            self.store.clone(),
            bus,
            self.tagger.clone(),
        )? {
            Some(ingestor) => {
                tracing::info!(feeds = self.news.feeds.len(), "news ingestor enabled");
                tasks.push(tokio::spawn(ingestor.run(cancel)));
            }
            None => tracing::info!("news ingestor disabled (no news.feeds)"),
        }
        Ok(tasks)
    }
}
