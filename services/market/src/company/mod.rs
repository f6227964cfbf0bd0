//! Company data of a stock (spec §3 `companies`, `quarterlyStatements`,
//! `yearlyStatements`, `investors`, `dayTraders`, `recentTraders`; §7 security calls and
//! `/v13/security_firms`).
//!
//! What is real and what is sample data (docs/architecture.md, "Market data: company,
//! investors, statements"):
//! - `profile`: REAL company profiles from the KRX/KIND/WICS listing, seeded into the
//!   `companies` table (`store`), and the in-memory directory with WICS industry groups
//!   for related stocks.
//! - `statements`: GENERATED sample financial statements, a pure function of the security
//!   id, its sector and its size.
//! - `flows`: GENERATED sample investor net buying, foreign holding ratio and brokerage
//!   traders, a pure function of the security id and each day's candle.
//! - `firms`: the securities firms of the order modal (hand-compiled data file).
//! - `noise`: the deterministic hashing behind the generated data.
//! - `grpc`: `sise.market.v1.CompanyService`.

mod firms;
pub(crate) mod flows;
mod grpc;
mod noise;
mod profile;
mod statements;
mod store;

use std::sync::Arc;

use sise_proto::market::v1::company_service_server::CompanyServiceServer;

use self::firms::load_firms;
use self::grpc::CompanyGrpc;
use self::profile::{CompanyDirectory, load_profiles};
use self::store::{CompanyStore, DayHistory};
use crate::charts;
use crate::feature::{Context, Feature};

/// Seed the profiles of the listing (the dataset as loaded, with its real last closes)
/// when their version changed, load them and the securities firms, and serve
/// `CompanyService` on the feed's board and the charts' candles.
pub async fn build(cx: &Context<'_>, charts: &charts::Prepared) -> anyhow::Result<Feature> {
    let store = CompanyStore::new(cx.db.clone());
    let profiles = load_profiles(cx.dataset_dir, cx.listing)?;
    if store.seed_companies(&profiles).await? {
        tracing::info!(companies = profiles.len(), "seeded company profiles");
    }
    let directory = CompanyDirectory::new(store.companies().await?, cx.listing);
    let firms = load_firms(cx.dataset_dir)?;
    Ok(
        Feature::default().serve(CompanyServiceServer::new(CompanyGrpc::new(
            cx.board.clone(),
            Arc::new(directory),
            DayHistory::new(charts.store.clone(), charts.book.clone()),
            Arc::new(firms),
        ))),
    )
}
