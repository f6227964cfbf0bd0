//! ETFs (spec §3 `exchangeTradedAnalyses`, `exchangeTradedAssets`,
//! `exchangeTradedValues`): the 9 ETFs of the dataset are listed securities (see
//! [`crate::dataset`]: live simulated quotes, charts, search); this feature adds what only
//! an ETF has (docs/architecture.md, "Market data: ETFs"):
//! - `facts`: published facts with their sources (`data/etf_facts.csv`);
//! - `basket`: components weighted by the real market caps (an approximation of each
//!   index, computed by Sise: labelled as such);
//! - `nav`: NAV computed from the basket's real closes against the ETF's real close,
//!   premium or discount, tracking error;
//! - `grpc`: `sise.market.v1.EtfService`.

mod basket;
mod facts;
mod grpc;
mod nav;

use std::sync::Arc;

use sise_proto::market::v1::etf_service_server::EtfServiceServer;

use self::grpc::EtfGrpc;
use crate::feature::{Context, Feature};

/// `EtfService` over the dataset's facts and baskets; the NAV series are computed on the
/// first call that needs them (they read the Naver history, which start-up skips).
pub fn build(cx: &Context<'_>) -> anyhow::Result<Feature> {
    let facts = facts::load(cx.dataset_dir)?;
    for fact in &facts {
        anyhow::ensure!(
            cx.securities
                .iter()
                .any(|s| s.is_etf() && s.security_id.code() == fact.code),
            "ETF {} is not listed",
            fact.code
        );
    }
    let baskets = basket::load(cx.dataset_dir, &facts)?;
    Ok(Feature::default().serve(EtfServiceServer::new(EtfGrpc::new(
        cx.board.clone(),
        facts,
        baskets,
        Arc::from(cx.dataset_dir),
    ))))
}
