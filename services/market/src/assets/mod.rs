//! Indexes and forex as assets (spec §3 assets, dayForexes, tickForexes, forexCalcs; §7
//! assets, forex, market_condition; §9 index codes). See docs/architecture.md, "Market
//! data: indexes, FX and assets".
//!
//! Layout:
//! - `ids`: asset ids, `{BOARD}-{CODE}` and the `{BOARD}::{CODE}` form.
//! - `catalog`: the indexes of spec §9 and the 58 currencies of the bundled bank board.
//! - `history`: the daily history first stored (real, derived, sample), from the dataset.
//! - `walk`: deterministic series (daily closes, intraday paths, bridges).
//! - `clocks`: which day an asset's live value belongs to (KRX simulator, forex weekdays,
//!   foreign exchanges).
//! - `indexes`: KOSPI, KOSDAQ and KOSPI 200 from their constituents, fed by the quote feed.
//! - `value`: live values and minute bars of indexes and forex, and their proto form.
//! - `live`: the live board, the engine that advances it and the task that runs it.
//! - `forex`: converter, daily bank rates, chart points.
//! - `condition`: `market_condition`, and the trading days it shows closed.
//! - `store`: the `asset_day_candles` table.
//! - `grpc`: `sise.market.v1.AssetService`.
//!
//! [`build`] runs at start-up once the simulator is built: it seeds the history when the
//! dataset changed, continues every series up to its live day, and builds the engine.

mod catalog;
mod clocks;
mod condition;
mod forex;
mod grpc;
mod history;
mod ids;
mod indexes;
mod live;
mod store;
mod value;
mod walk;

use std::sync::Arc;
use std::time::Instant;

use prost::Message as _;
use serde::Deserialize;
use sise_proto::market::v1 as pb;
use sise_proto::market::v1::asset_service_server::AssetServiceServer;

use self::catalog::{Catalog, Series};
use self::clocks::KrxClock;
use self::grpc::AssetGrpc;
use self::history::ASSETS_DATASET_VERSION;
use self::indexes::CompositeFeed;
use self::live::{Engine, EngineState, SharedEngine, Start};
use self::store::AssetStore;
use crate::feature::{Context, Feature, Stage};

/// The `services.market.assets` configuration section.
#[derive(Clone, Debug, Deserialize)]
pub struct AssetSettings {
    /// Time between two points of a live forex or foreign-index path (a day has at least
    /// 60 and at most 8,640 points).
    #[serde(default = "default_path_step_secs")]
    pub path_step_secs: u64,
}

fn default_path_step_secs() -> u64 {
    10
}

impl Default for AssetSettings {
    fn default() -> Self {
        Self {
            path_step_secs: default_path_step_secs(),
        }
    }
}

/// An index or forex pair as search lists it.
pub struct CatalogEntry {
    pub asset_id: String,
    pub short_code: String,
    pub name: String,
    /// Codes that find it as typed: the short code, and a pair's currency (`USD`).
    pub codes: Vec<String>,
    pub is_index: bool,
    /// A pair's currency against the won (`USD`); `None` for an index.
    pub currency: Option<String>,
}

/// Every index and forex pair of the catalog, in display order.
pub(crate) fn catalog_entries(dataset_dir: &std::path::Path) -> anyhow::Result<Vec<CatalogEntry>> {
    let catalog = Catalog::new(catalog::load_currencies(dataset_dir)?)?;
    Ok(catalog
        .entries
        .iter()
        .map(|entry| {
            let mut codes = vec![entry.id.short_code().to_owned()];
            if let Some(currency) = entry.currency() {
                codes.push(currency.code.clone());
            }
            CatalogEntry {
                asset_id: entry.id.as_str().to_owned(),
                short_code: entry.id.short_code().to_owned(),
                name: entry.name.clone(),
                codes,
                is_index: entry.is_index(),
                currency: entry.currency().map(|currency| currency.code.clone()),
            }
        })
        .collect())
}

/// The live foreign indexes, grouped by [`catalog::FOREIGN_INDEX_GROUPS`] (for trends).
#[derive(Clone)]
pub struct ForeignIndexes(Arc<live::AssetBoard>);

impl ForeignIndexes {
    pub fn groups(&self) -> pb::GetForeignIndexesResponse {
        let values = |codes: &[&str]| -> Vec<pb::Asset> {
            codes
                .iter()
                .filter_map(|code| self.0.asset(&ids::AssetId::index(code).ok()?))
                .collect()
        };
        let groups = &catalog::FOREIGN_INDEX_GROUPS;
        pb::GetForeignIndexesResponse {
            major_indexes: values(groups.major),
            asia_indexes: values(groups.asia),
            america_indexes: values(groups.america),
            europe_indexes: values(groups.europe),
        }
    }
}

/// The trading days the simulator has closed and the composite indexes on one of them
/// (for the closed days, `closed_days`).
#[derive(Clone)]
pub struct MarketDays {
    board: Arc<live::AssetBoard>,
    store: AssetStore,
}

impl MarketDays {
    /// The latest `limit` closed trading dates, newest first ([`condition::closed_days`]).
    pub fn closed_days(
        &self,
        now: chrono::DateTime<chrono::FixedOffset>,
        limit: usize,
    ) -> Vec<chrono::NaiveDate> {
        condition::market_condition(&self.board, None, now)
            .map(|c| condition::closed_days(&c, limit))
            .unwrap_or_default()
    }

    /// The trading date the live quotes belong to.
    pub fn live_date(&self, now: chrono::DateTime<chrono::FixedOffset>) -> chrono::NaiveDate {
        self.board.trading_date(now)
    }

    /// KOSPI and KOSDAQ at the close of `date` (`price` the close, against the close of the
    /// day before): the live value while the board still shows that day, otherwise the
    /// stored daily bars. An index without a bar of that date is left out.
    pub async fn index_closes(&self, date: chrono::NaiveDate) -> anyhow::Result<Vec<pb::Asset>> {
        let mut closes = Vec::with_capacity(2);
        for which in [catalog::Composite::Kospi, catalog::Composite::Kosdaq] {
            let Some(position) = self.board.catalog.composite(which) else {
                continue;
            };
            let entry = &self.board.catalog.entries[position];
            if let Some(live) = self.board.value(position)
                && live.date == date
            {
                if live.opened() {
                    closes.push(value::to_asset(entry, &live));
                }
                continue;
            }
            let bars = self.store.page(&entry.id, Some(date), 2).await?;
            let [day, before] = bars.as_slice() else {
                continue;
            };
            if day.date != date {
                continue;
            }
            let closed = value::LiveValue {
                date,
                price: day.close,
                previous_close: before.close,
                open: day.open,
                high: day.high,
                low: day.low,
                volume: day.volume,
                trading_value: day.trading_value,
                traded_at: crate::simulator::clock::kst_instant(
                    date,
                    crate::simulator::clock::MARKET_CLOSE,
                ),
                session: crate::simulator::Session::Closed,
            };
            closes.push(value::to_asset(entry, &closed));
        }
        Ok(closes)
    }
}

/// Seed, continue and build (see the module documentation), then plug the composite
/// indexes into the feed, run the engine and serve `AssetService`. Also hands back the
/// live foreign indexes and the closed days.
pub async fn build(
    cx: &Context<'_>,
    assets: &AssetSettings,
) -> anyhow::Result<(Feature, ForeignIndexes, MarketDays)> {
    let Context {
        db,
        dataset_dir,
        securities,
        simulator,
        settings,
        start,
        ..
    } = *cx;
    let started = Instant::now();
    let catalog = Catalog::new(catalog::load_currencies(dataset_dir)?)?;
    let store = AssetStore::new(db.clone());
    let seed = settings.seed;
    let version = format!("{ASSETS_DATASET_VERSION};seed={seed}");
    if store.seeded_version().await?.as_deref() != Some(version.as_str()) {
        let history = history::seed_history(dataset_dir, securities, &catalog, seed)?;
        store.replace_history(&version, &history).await?;
        tracing::info!(
            rows = history.iter().map(|(_, b)| b.len()).sum::<usize>(),
            elapsed_ms = started.elapsed().as_millis() as u64,
            "seeded index and forex history"
        );
    }
    let first_day = simulator.trading_date();
    let krx = KrxClock {
        mode: settings.mode(),
        start,
    };
    let mut starts = Vec::with_capacity(catalog.entries.len());
    let mut composite_closes = Vec::new();
    let mut generated = Vec::new();
    let mut kospi = Vec::new();
    for entry in &catalog.entries {
        let live_date = match entry.series {
            Series::Composite(_) => first_day,
            _ => live::live_date(entry, &krx, start),
        };
        store.drop_simulated_from(&entry.id, live_date).await?;
        let last = store.last_before(&entry.id, live_date).await?;
        let seeded = store.last_seeded(&entry.id).await?;
        let fallback = match &entry.series {
            Series::Foreign(index) => index.anchor_level,
            Series::Forex(currency) => currency.board.last().map_or(1.0, |b| b.1),
            Series::Composite(_) => 1_000.0,
        };
        let anchor = match &entry.series {
            Series::Foreign(index) => index.anchor_level,
            _ => seeded.as_ref().map_or(fallback, |b| b.close),
        };
        let Some(last) = last else {
            tracing::warn!(asset_id = %entry.id, "no stored history; starting from a sample level");
            starts.push(Start {
                previous_close: fallback,
                anchor,
            });
            if matches!(entry.series, Series::Composite(_)) {
                composite_closes.push(fallback);
            }
            continue;
        };
        let bars = live::continuation(seed, entry, &krx, &last, live_date, anchor, &kospi);
        let previous_close = bars.last().map_or(last.close, |b| b.close);
        if entry.series == Series::Composite(catalog::Composite::Kospi) {
            kospi.clone_from(&bars);
        }
        if matches!(entry.series, Series::Composite(_)) {
            composite_closes.push(previous_close);
        }
        generated.extend(bars.into_iter().map(|b| (entry.id.clone(), b)));
        starts.push(Start {
            previous_close,
            anchor,
        });
    }
    if !generated.is_empty() {
        store.upsert(&generated).await?;
        tracing::info!(
            rows = generated.len(),
            "continued index and forex history to the present"
        );
    }
    let mode = settings.mode();
    let composites = Arc::new(CompositeFeed::new(
        &catalog,
        securities,
        simulator.quotes(),
        simulator.session(),
        &composite_closes,
        mode,
        start,
    ));
    let (engine, board) = Engine::new(
        catalog,
        krx,
        cx.board.clone(),
        composites.clone(),
        seed,
        assets.path_step_secs,
        &starts,
        start,
    );
    let engine: SharedEngine = Arc::new(tokio::sync::Mutex::new(EngineState::new(engine)));
    let (bus, interval) = (cx.bus.clone(), settings.tick_interval());
    let engine_store = store.clone();
    // A new leader's composites continue from the levels it followed.
    let takeover = {
        let (board, composites, securities) =
            (board.clone(), composites.clone(), securities.to_vec());
        move |simulator: &crate::simulator::Simulator, at| {
            let fresh = CompositeFeed::new(
                &board.catalog,
                &securities,
                simulator.quotes(),
                simulator.session(),
                &board.composite_previous_closes(),
                mode,
                at,
            );
            composites.replace_with(fresh);
        }
    };
    let follower = board.clone();
    let foreign = ForeignIndexes(board.clone());
    let days = MarketDays {
        board: board.clone(),
        store: store.clone(),
    };
    let feature = Feature::default()
        .observe(composites)
        // After the feed: the composite days its last steps closed are stored too.
        .lead("asset_engine", Stage::AfterFeed, move |cancel| {
            live::run(
                engine.clone(),
                engine_store.clone(),
                bus.clone(),
                interval,
                cancel,
            )
        })
        .follow(
            sise_platform::bus::acl::subjects::ASSETS,
            Arc::new(move |event| {
                if let Ok(tick) = pb::AssetTicked::decode(event.payload.clone())
                    && let Some(asset) = tick.asset
                {
                    follower.follow(&asset);
                }
            }),
        )
        .on_takeover(Arc::new(takeover))
        .serve(AssetServiceServer::new(AssetGrpc::new(board, store)));
    Ok((feature, foreign, days))
}
