//! `sise.market.v1.EtfService` over gRPC (see `etfs.proto` for the calls and errors).

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use sise_platform::error::{DomainError, ErrorCode, internal_status};
use sise_platform::request::PageLimit;
use sise_proto::market::v1 as pb;
use tokio::sync::OnceCell;
use tonic::{Request, Response, Status};

use super::basket::Basket;
use super::facts::Facts;
use super::nav::{self, Series};
use crate::domain::{SecurityId, security_not_found};
use crate::feed::QuoteBoard;

pub const DEFAULT_COMPONENTS: u32 = 20;
pub const MAX_COMPONENTS: u32 = 200;
pub const DEFAULT_VALUES: u32 = 60;
pub const MAX_VALUES: u32 = nav::WINDOW_DAYS as u32;

pub struct EtfGrpc {
    board: Arc<QuoteBoard>,
    facts: HashMap<String, Facts>,
    baskets: Arc<HashMap<String, Basket>>,
    dataset_dir: Arc<Path>,
    series: OnceCell<Arc<HashMap<String, Series>>>,
}

impl EtfGrpc {
    pub fn new(
        board: Arc<QuoteBoard>,
        facts: Vec<Facts>,
        baskets: HashMap<String, Basket>,
        dataset_dir: Arc<Path>,
    ) -> Self {
        Self {
            board,
            facts: facts.into_iter().map(|f| (f.code.clone(), f)).collect(),
            baskets: Arc::new(baskets),
            dataset_dir,
            series: OnceCell::new(),
        }
    }

    /// The ETF's facts: 400 for a malformed id, 404 for an unknown security or a stock.
    fn facts(&self, security_id: &str) -> Result<&Facts, Status> {
        let id = SecurityId::parse(security_id)?;
        self.board
            .security(id.as_str())
            .ok_or_else(security_not_found)?;
        Ok(self
            .facts
            .get(id.code())
            .ok_or_else(|| DomainError::from(ErrorCode::EtfNotFound))?)
    }

    /// Every ETF's NAV series, computed once (CPU and file work, off the async workers).
    async fn series(&self) -> Result<Arc<HashMap<String, Series>>, Status> {
        self.series
            .get_or_try_init(|| async {
                let (dir, baskets) = (self.dataset_dir.clone(), self.baskets.clone());
                let series = tokio::task::spawn_blocking(move || nav::compute(&dir, &baskets))
                    .await
                    .map_err(|e| internal_status(anyhow::anyhow!(e)))?
                    .map_err(internal_status)?;
                Ok::<_, Status>(Arc::new(series))
            })
            .await
            .cloned()
    }

    fn basket(&self, code: &str) -> Option<&Basket> {
        self.baskets.get(code)
    }
}

fn no_nav_method(basket: Option<&Basket>) -> String {
    match basket {
        Some(b) if !b.components.is_empty() => {
            "구성종목의 실제 종가가 없어 순자산가치를 계산하지 못했습니다.".to_owned()
        }
        _ => "구성종목 시세가 데이터에 없어 순자산가치(NAV)를 계산하지 않습니다.".to_owned(),
    }
}

#[tonic::async_trait]
impl pb::etf_service_server::EtfService for EtfGrpc {
    async fn get_etf_analysis(
        &self,
        request: Request<pb::GetEtfAnalysisRequest>,
    ) -> Result<Response<pb::GetEtfAnalysisResponse>, Status> {
        let facts = self.facts(&request.get_ref().security_id)?;
        let all = self.series().await?;
        let series = all.get(&facts.code);
        let analysis = pb::EtfAnalysis {
            security_id: format!("KOREA-A{}", facts.code),
            name: facts.name.clone(),
            class: pb::EtfClass::from(facts.class) as i32,
            issuer: facts.issuer.clone(),
            tracking_index: facts.tracking_index.clone(),
            total_expense_ratio: facts.total_expense_ratio,
            distribution: facts.distribution.clone(),
            listing_date: facts.listing_date.clone(),
            unsourced: facts.unsourced.clone(),
            source: facts.source.clone(),
            tracking_error: series.and_then(|s| s.tracking_error),
            tracking_days: series.map_or(0, |s| s.values.len() as u32),
        };
        Ok(Response::new(pb::GetEtfAnalysisResponse {
            analysis: Some(analysis),
        }))
    }

    async fn get_etf_components(
        &self,
        request: Request<pb::GetEtfComponentsRequest>,
    ) -> Result<Response<pb::GetEtfComponentsResponse>, Status> {
        let request = request.into_inner();
        let facts = self.facts(&request.security_id)?;
        let limit = PageLimit::parse(request.limit, DEFAULT_COMPONENTS, MAX_COMPONENTS)?.get();
        let basket = self.basket(&facts.code);
        let components = basket.map_or(&[][..], |b| &b.components[..]);
        Ok(Response::new(pb::GetEtfComponentsResponse {
            components: components
                .iter()
                .take(limit)
                .map(|c| pb::EtfComponent {
                    security_id: format!("KOREA-A{}", c.code),
                    name: c.name.clone(),
                    weight: c.weight * 100.0,
                    market_cap: c.market_cap,
                })
                .collect(),
            total: components.len() as u32,
            method: basket.map(|b| b.method.clone()).unwrap_or_default(),
            computed: true,
        }))
    }

    async fn get_etf_values(
        &self,
        request: Request<pb::GetEtfValuesRequest>,
    ) -> Result<Response<pb::GetEtfValuesResponse>, Status> {
        let request = request.into_inner();
        let facts = self.facts(&request.security_id)?;
        let limit = PageLimit::parse(request.limit, DEFAULT_VALUES, MAX_VALUES)?.get();
        let all = self.series().await?;
        let Some(series) = all.get(&facts.code).filter(|s| !s.values.is_empty()) else {
            return Ok(Response::new(pb::GetEtfValuesResponse {
                values: Vec::new(),
                method: no_nav_method(self.basket(&facts.code)),
                coverage: 0.0,
            }));
        };
        Ok(Response::new(pb::GetEtfValuesResponse {
            values: series
                .values
                .iter()
                .rev()
                .take(limit)
                .map(|v| pb::EtfValue {
                    date: v.date.to_string(),
                    close: v.close,
                    nav: v.nav,
                    premium: (v.premium * 100.0).round() / 100.0,
                })
                .collect(),
            method: format!(
                "구성종목 실제 종가로 Sise가 계산한 값이며 운용사가 공시한 NAV가 아닙니다. \
                 기간 첫날 ETF 종가를 기준으로 구성종목 가중 수익률을 따라 계산했습니다 \
                 (실제 종가가 있는 구성종목 비중 {:.1}%).",
                series.coverage
            ),
            coverage: (series.coverage * 10.0).round() / 10.0,
        }))
    }
}
