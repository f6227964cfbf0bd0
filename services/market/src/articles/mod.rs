//! News and disclosures: ingestion, storage and the `ArticleService` (docs/architecture.md,
//! "Market data: news and disclosures").
//!
//! Layout:
//! - `config`: the `services.market.dart` and `services.market.news` sections.
//! - `dart`: the OpenDART `list.json` client and ingestor, the corp_code → stock mapping and
//!   the seed of real filings bundled in `data/`.
//! - `news`: the RSS/Atom ingestor, the pruning of old items and the labelled demo samples.
//! - `http`: the ingestors' HTTP client: body cap, same-host redirects, public addresses only.
//! - `text`: plain text from feed markup (entities decoded in one pass).
//! - `tagger`: finds the listed companies a text names (one Aho-Corasick pass).
//! - `store`: tables of migration `0005_articles.sql`, idempotent inserts, keyset pages.
//! - `cursor`: the opaque keyset cursors and the merged order.
//! - `grpc`: `sise.market.v1.ArticleService`.

pub mod config;
mod cursor;
pub mod dart;
mod grpc;
pub mod http;
pub mod news;
pub mod store;
pub mod tagger;
pub mod text;

use std::sync::Arc;

use sise_proto::market::v1::article_service_server::ArticleServiceServer;

use self::config::{DartSettings, NewsSettings};
pub(crate) use self::cursor::{DisclosureKey, NewsKey};
use self::dart::{CorpMap, DartIngestor};
use self::grpc::ArticleGrpc;
pub(crate) use self::grpc::{disclosure_to_proto, news_to_proto};
use self::news::NewsIngestor;
use self::store::ArticleStore;
use self::tagger::Tagger;
use crate::feature::{Context, Feature, Stage};

/// Load the corp-code map and the tagger, seed the bundled filings and the demo samples
/// (each once per version, when enabled), serve `ArticleService` and run the ingestors
/// that are configured (OpenDART needs an API key, news at least one feed) and the pruning
/// of old news items.
pub(crate) async fn build(
    cx: &Context<'_>,
    dart: &DartSettings,
    news: &NewsSettings,
) -> anyhow::Result<Feature> {
    let store = ArticleStore::new(cx.db.clone());
    let corp_map = Arc::new(CorpMap::load(cx.dataset_dir, cx.securities)?);
    if dart.seed
        && let Some(count) = dart::seed(&store, cx.dataset_dir, &corp_map).await?
    {
        tracing::info!(count, "seeded disclosures from the bundled OpenDART sample");
    }
    let tagger = Arc::new(Tagger::new(cx.securities)?);
    if news.seed_samples {
        let now = chrono::Utc::now().timestamp_millis();
        if let Some(count) = news::seed_samples(&store, cx.dataset_dir, now).await? {
            tracing::info!(count, "seeded the labelled sample news");
        }
    }
    let mut feature =
        Feature::default().serve(ArticleServiceServer::new(ArticleGrpc::new(store.clone())));
    let prune_store = store.clone();
    // Leader tasks: each attempt builds its ingestor afresh from the settings.
    if DartIngestor::new(dart.clone(), store.clone(), corp_map.clone())?.is_some() {
        tracing::info!(base_url = dart.base_url, "OpenDART ingestor enabled");
        let (dart, store) = (dart.clone(), store.clone());
        feature = feature.lead("dart_ingestor", Stage::WithFeed, move |cancel| {
            let made = DartIngestor::new(dart.clone(), store.clone(), corp_map.clone());
            async move {
                if let Some(ingestor) = made? {
                    ingestor.run(cancel).await;
                }
                Ok(())
            }
        });
    } else {
        tracing::info!("OpenDART ingestor disabled (no dart.api_key)");
    }
    if NewsIngestor::new(news.clone(), store.clone(), tagger.clone())?.is_some() {
        tracing::info!(feeds = news.feeds.len(), "news ingestor enabled");
        let news = news.clone();
        feature = feature.lead("news_ingestor", Stage::WithFeed, move |cancel| {
            let made = NewsIngestor::new(news.clone(), store.clone(), tagger.clone());
            async move {
                if let Some(ingestor) = made? {
                    ingestor.run(cancel).await;
                }
                Ok(())
            }
        });
    } else {
        tracing::info!("news ingestor disabled (no news.feeds)");
    }
    // Whether or not feeds are configured now, items stored earlier expire.
    let retention_ms = news.retention_ms();
    feature = feature.lead("news_pruner", Stage::WithFeed, move |cancel| {
        news::prune(prune_store.clone(), retention_ms, cancel)
    });
    Ok(feature)
}
