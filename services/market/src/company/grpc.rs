//! `sise.market.v1.CompanyService` over gRPC: the company profile, sample statements,
//! investors and traders, related stocks and the securities firms.

use std::sync::Arc;

use chrono::NaiveDate;
use sise_platform::error::{DomainError, ErrorCode, internal_status};
use sise_platform::request::{PageLimit, TradingDate};
use sise_proto::market::v1 as pb;
use tonic::{Request, Response, Status};

use super::firms::{SecurityFirm, validate_client};
use super::flows::{self, DayBar};
use super::profile::CompanyDirectory;
use super::statements::{self, Subject};
use super::store::DayHistory;
use crate::charts::Candle;
use crate::dataset::ListedStock;
use crate::domain::{SecurityId, security_not_found};
use crate::feed::QuoteBoard;
use crate::simulator::now_kst;

/// Trading days per investors / traders page.
pub const DEFAULT_DAYS: u32 = 20;
pub const MAX_DAYS: u32 = 100;
/// Related stocks per answer.
pub const DEFAULT_RELATED: u32 = 5;
pub const MAX_RELATED: u32 = 20;

pub struct CompanyGrpc {
    board: Arc<QuoteBoard>,
    directory: Arc<CompanyDirectory>,
    history: DayHistory,
    firms: Arc<Vec<SecurityFirm>>,
}

impl CompanyGrpc {
    pub fn new(
        board: Arc<QuoteBoard>,
        directory: Arc<CompanyDirectory>,
        history: DayHistory,
        firms: Arc<Vec<SecurityFirm>>,
    ) -> Self {
        Self {
            board,
            directory,
            history,
            firms,
        }
    }

    /// The parsed id, the listed stock and its current price.
    fn security(&self, security_id: &str) -> Result<(SecurityId, &ListedStock, pb::Quote), Status> {
        let id = SecurityId::parse(security_id)?;
        let (stock, quote) = self
            .board
            .security_with_quote(id.as_str())
            .ok_or_else(security_not_found)?;
        Ok((id, stock, quote))
    }

    /// How much foreign and institutional money trades the stock (from its size).
    fn participation(&self, id: &SecurityId) -> flows::Participation {
        flows::participation(
            id.as_str(),
            self.directory.reference_market_cap(id.as_str()),
        )
    }

    /// One page of trading days and the `last_key` cursor.
    async fn days(
        &self,
        id: &SecurityId,
        page: Option<&pb::DayPage>,
    ) -> Result<(Vec<DayBar>, Option<String>), Status> {
        let (to, limit) = day_page(page)?;
        let candles = self
            .history
            .page(id.as_str(), to, limit + 1)
            .await
            .map_err(internal_status)?;
        Ok(bars(&candles, limit))
    }
}

fn day_page(page: Option<&pb::DayPage>) -> Result<(Option<NaiveDate>, i64), DomainError> {
    let limit = PageLimit::parse(page.and_then(|p| p.limit), DEFAULT_DAYS, MAX_DAYS)?;
    let to = TradingDate::parse_optional(page.and_then(|p| p.to.as_deref()))?;
    Ok((to.map(TradingDate::date), limit.as_i64()))
}

/// Bars of the first `limit` candles (newest first), each with the close of the next
/// older candle, and the date of the candle after them as the next page's `to`.
fn bars(candles: &[Candle], limit: i64) -> (Vec<DayBar>, Option<String>) {
    let limit = usize::try_from(limit).unwrap_or(0);
    let bars = candles
        .iter()
        .take(limit)
        .enumerate()
        .map(|(i, c)| DayBar {
            date: c.date,
            close: c.close,
            volume: c.volume,
            previous_close: candles.get(i + 1).map(|p| p.close),
        })
        .collect();
    let last_key = candles.get(limit).map(|c| c.date.to_string());
    (bars, last_key)
}

fn market_cap(price: f64, shares: i64) -> i64 {
    let cap = price * shares as f64;
    if cap.is_finite() {
        cap.round() as i64
    } else {
        0
    }
}

fn day_trader_proto(day: flows::DayTraders) -> pb::DayTrader {
    let traders = |side: Vec<flows::Trader>| {
        side.into_iter()
            .map(|t| pb::Trader {
                name: t.name.to_owned(),
                volume: t.volume,
            })
            .collect()
    };
    pb::DayTrader {
        date: day.date.to_string(),
        sells: traders(day.sells),
        buys: traders(day.buys),
    }
}

#[tonic::async_trait]
impl pb::company_service_server::CompanyService for CompanyGrpc {
    #[tracing::instrument(skip_all, fields(security_id = %request.get_ref().security_id))]
    async fn get_company(
        &self,
        request: Request<pb::GetCompanyRequest>,
    ) -> Result<Response<pb::GetCompanyResponse>, Status> {
        let (id, stock, quote) = self.security(&request.get_ref().security_id)?;
        let profile = self.directory.get(id.as_str());
        let text = |f: fn(&super::profile::CompanyProfile) -> &Option<String>| {
            profile.and_then(|p| f(p).clone())
        };
        Ok(Response::new(pb::GetCompanyResponse {
            company: Some(pb::Company {
                security_id: id.as_str().to_owned(),
                name: stock.name.clone(),
                name_en: stock.name_en.clone(),
                market: pb::Market::from(stock.market) as i32,
                industry: text(|p| &p.industry),
                main_products: text(|p| &p.main_products),
                listing_date: profile.and_then(|p| p.listing_date).map(|d| d.to_string()),
                fiscal_month: profile.and_then(|p| p.fiscal_month),
                homepage: text(|p| &p.homepage),
                region: text(|p| &p.region),
                shares_outstanding: stock.shares_outstanding,
                market_cap: market_cap(quote.price, stock.shares_outstanding),
                wics_sector: text(|p| &p.wics_sector),
                wics_industry_group: text(|p| &p.wics_industry_group),
            }),
        }))
    }

    #[tracing::instrument(skip_all, fields(security_id = %request.get_ref().security_id))]
    async fn get_financial_statements(
        &self,
        request: Request<pb::GetFinancialStatementsRequest>,
    ) -> Result<Response<pb::GetFinancialStatementsResponse>, Status> {
        let request = request.get_ref();
        let (id, stock, quote) = self.security(&request.security_id)?;
        let subject = Subject {
            security_id: id.as_str(),
            wics_sector: self
                .directory
                .get(id.as_str())
                .and_then(|p| p.wics_sector.as_deref()),
            shares: stock.shares_outstanding,
            reference_market_cap: self.directory.reference_market_cap(id.as_str()),
        };
        let today = now_kst().date_naive();
        let generated = match request.period() {
            pb::StatementPeriod::Quarterly => statements::quarterly(
                &subject,
                statements::latest_reported_quarter(today),
                quote.price,
            ),
            pb::StatementPeriod::Yearly => statements::yearly(
                &subject,
                statements::latest_reported_year(today),
                quote.price,
            ),
            pb::StatementPeriod::Unspecified => {
                return Err(DomainError::from(ErrorCode::InvalidStatementPeriod).into());
            }
        };
        Ok(Response::new(pb::GetFinancialStatementsResponse {
            statements: generated
                .into_iter()
                .map(|s| pb::Statement {
                    period: s.period,
                    revenue: s.revenue,
                    operating_profit: s.operating_profit,
                    net_income: s.net_income,
                    assets: s.assets,
                    liabilities: s.liabilities,
                    equity: s.equity,
                    eps: s.eps,
                    per: s.per,
                    pbr: s.pbr,
                    roe: s.roe,
                    dividend_per_share: s.dividend_per_share,
                })
                .collect(),
        }))
    }

    #[tracing::instrument(skip_all, fields(security_id = %request.get_ref().security_id))]
    async fn get_investors(
        &self,
        request: Request<pb::GetInvestorsRequest>,
    ) -> Result<Response<pb::GetInvestorsResponse>, Status> {
        let request = request.get_ref();
        let (id, _, _) = self.security(&request.security_id)?;
        let (bars, last_key) = self.days(&id, request.page.as_ref()).await?;
        let participation = self.participation(&id);
        let investors = bars
            .iter()
            .map(|bar| {
                let day = flows::investors(id.as_str(), &participation, bar);
                pb::Investor {
                    date: day.date.to_string(),
                    close: day.close,
                    change_rate: day.change_rate,
                    individual: day.individual,
                    foreign: day.foreign,
                    institution: day.institution,
                    foreign_holding_ratio: day.foreign_holding_ratio,
                }
            })
            .collect();
        Ok(Response::new(pb::GetInvestorsResponse {
            investors,
            last_key,
        }))
    }

    #[tracing::instrument(skip_all, fields(security_id = %request.get_ref().security_id))]
    async fn get_day_traders(
        &self,
        request: Request<pb::GetDayTradersRequest>,
    ) -> Result<Response<pb::GetDayTradersResponse>, Status> {
        let request = request.get_ref();
        let (id, _, _) = self.security(&request.security_id)?;
        let (bars, last_key) = self.days(&id, request.page.as_ref()).await?;
        let participation = self.participation(&id);
        let day_traders = bars
            .iter()
            .map(|bar| day_trader_proto(flows::day_traders(id.as_str(), &participation, bar)))
            .collect();
        Ok(Response::new(pb::GetDayTradersResponse {
            day_traders,
            last_key,
        }))
    }

    #[tracing::instrument(skip_all, fields(security_id = %request.get_ref().security_id))]
    async fn get_recent_trader(
        &self,
        request: Request<pb::GetRecentTraderRequest>,
    ) -> Result<Response<pb::GetRecentTraderResponse>, Status> {
        let (id, _, _) = self.security(&request.get_ref().security_id)?;
        let (bars, _) = self
            .days(
                &id,
                Some(&pb::DayPage {
                    limit: Some(1),
                    to: None,
                }),
            )
            .await?;
        let bar = bars
            .first()
            .ok_or_else(|| DomainError::from(ErrorCode::TraderNotFound))?;
        let participation = self.participation(&id);
        Ok(Response::new(pb::GetRecentTraderResponse {
            recent_trader: Some(day_trader_proto(flows::day_traders(
                id.as_str(),
                &participation,
                bar,
            ))),
        }))
    }

    #[tracing::instrument(skip_all, fields(security_id = %request.get_ref().security_id))]
    async fn get_related_stocks(
        &self,
        request: Request<pb::GetRelatedStocksRequest>,
    ) -> Result<Response<pb::GetRelatedStocksResponse>, Status> {
        let request = request.get_ref();
        let (id, _, _) = self.security(&request.security_id)?;
        let limit = PageLimit::parse(request.limit, DEFAULT_RELATED, MAX_RELATED)?.as_i64();
        let mut peers: Vec<(i64, pb::RelatedStock)> = self
            .directory
            .peers(id.as_str())
            .into_iter()
            .filter_map(|peer| {
                let stock = self.board.security(peer.as_str())?;
                let quote = self.board.quote(peer.as_str())?;
                let cap = market_cap(quote.price, stock.shares_outstanding);
                Some((
                    cap,
                    pb::RelatedStock {
                        security: Some(pb::Security::from(stock)),
                        quote: Some(quote),
                    },
                ))
            })
            .collect();
        peers.sort_by(|a, b| {
            b.0.cmp(&a.0).then_with(|| {
                let id = |r: &pb::RelatedStock| {
                    r.security
                        .as_ref()
                        .map(|s| s.security_id.clone())
                        .unwrap_or_default()
                };
                id(&a.1).cmp(&id(&b.1))
            })
        });
        Ok(Response::new(pb::GetRelatedStocksResponse {
            related_stocks: peers
                .into_iter()
                .take(usize::try_from(limit).unwrap_or(0))
                .map(|(_, r)| r)
                .collect(),
        }))
    }

    async fn list_security_firms(
        &self,
        request: Request<pb::ListSecurityFirmsRequest>,
    ) -> Result<Response<pb::ListSecurityFirmsResponse>, Status> {
        let request = request.get_ref();
        validate_client(&request.os, &request.market_code, &request.version_code)?;
        Ok(Response::new(pb::ListSecurityFirmsResponse {
            security_firms: self
                .firms
                .iter()
                .map(|f| pb::SecurityFirm {
                    key: f.key.clone(),
                    name: f.name.clone(),
                    trading_enabled: f.trading_enabled,
                })
                .collect(),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    #[test]
    fn day_pages_follow_the_shared_request_rules() {
        let page = |limit: Option<i64>, to: Option<&str>| {
            day_page(Some(&pb::DayPage {
                limit,
                to: to.map(str::to_owned),
            }))
        };
        assert_eq!(day_page(None).expect("defaults"), (None, 20));
        // An empty `to` is absent, as on every dated call.
        assert_eq!(page(None, Some("")).expect("empty to"), (None, 20));
        assert_eq!(
            page(Some(100), Some("2026-06-15")).expect("max"),
            (Some(date(2026, 6, 15)), 100)
        );
        for bad in ["2026-6-15", "2026-06-31", "2026/06/15", "2026-06-15 "] {
            assert_eq!(page(None, Some(bad)).expect_err(bad).code, "invalid_date");
        }
        for bad in [0, -1, 101, i64::MIN] {
            let error = page(Some(bad), None).expect_err("bad");
            assert_eq!(error.code, "invalid_limit");
            assert_eq!(
                error.message,
                "조회 개수는 1부터 100까지 지정할 수 있습니다."
            );
        }
    }

    #[test]
    fn pages_bars_with_previous_closes() {
        let candle = |d: u32, close: i64| Candle {
            date: date(2026, 6, d),
            open: close,
            high: close,
            low: close,
            close,
            volume: 10,
            trading_value: close * 10,
        };
        let candles = vec![candle(15, 120), candle(12, 110), candle(11, 100)];
        let (page, last_key) = bars(&candles, 2);
        assert_eq!(page.len(), 2);
        assert_eq!(page[0].previous_close, Some(110));
        assert_eq!(
            page[1].previous_close,
            Some(100),
            "from the look-ahead candle"
        );
        assert_eq!(last_key.as_deref(), Some("2026-06-11"));
        let (page, last_key) = bars(&candles, 3);
        assert_eq!(page[2].previous_close, None);
        assert_eq!(last_key, None);
        assert_eq!(market_cap(70_000.0, 10), 700_000);
        assert_eq!(market_cap(f64::NAN, 10), 0);
    }
}
