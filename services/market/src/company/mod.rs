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

pub mod firms;
pub mod flows;
pub mod grpc;
pub mod noise;
pub mod profile;
pub mod statements;
pub mod store;

use std::path::Path;
use std::sync::Arc;

use sise_proto::market::v1::company_service_server::CompanyServiceServer;

pub use firms::{SecurityFirm, load_firms};
pub use grpc::CompanyGrpc;
pub use profile::{CompanyDirectory, CompanyProfile, load_profiles};
pub use store::DayHistory;

use crate::charts::minute::IntradayBook;
use crate::charts::store::ChartStore;
use crate::dataset::ListedStock;
use crate::feed::QuoteBoard;
use crate::store::Store;

/// The company part of the market service, built at start-up.
pub struct Companies {
    directory: Arc<CompanyDirectory>,
    firms: Arc<Vec<SecurityFirm>>,
}

impl Companies {
    /// Seed the profiles of `listing` (the dataset as loaded, with its real last closes)
    /// when their version changed, load them and the securities firms.
    pub async fn build(
        store: &Store,
        dataset_dir: &Path,
        listing: &[ListedStock],
    ) -> anyhow::Result<Self> {
        let profiles = load_profiles(dataset_dir, listing)?;
        if store.seed_companies(&profiles).await? {
            tracing::info!(companies = profiles.len(), "seeded company profiles");
        }
        let directory = CompanyDirectory::new(store.companies().await?, listing);
        let firms = load_firms(dataset_dir)?;
        Ok(Self {
            directory: Arc::new(directory),
            firms: Arc::new(firms),
        })
    }

    /// `sise.market.v1.CompanyService`.
    pub fn service(
        &self,
        board: Arc<QuoteBoard>,
        charts: ChartStore,
        book: Arc<IntradayBook>,
    ) -> CompanyServiceServer<CompanyGrpc> {
        CompanyServiceServer::new(CompanyGrpc::new(
            board,
            self.directory.clone(),
            DayHistory::new(charts, book),
            self.firms.clone(),
        ))
    }
}
