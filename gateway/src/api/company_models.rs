//! JSON shapes of the company calls (profile, sample statements, investors, traders,
//! related stocks, securities firms), converted from `sise.market.v1.CompanyService`.

use serde::Serialize;
use sise_proto::market::v1 as pb;
use utoipa::ToSchema;

use crate::models::{Market, Quote, Security};

/// A listed company: the real listing's profile (strings null where the dataset lacks
/// them) and its market cap at the current price.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Company {
    pub security_id: String,
    pub name: String,
    pub name_en: Option<String>,
    pub market: Market,
    /// KIND industry, e.g. `반도체 제조업`.
    pub industry: Option<String>,
    pub main_products: Option<String>,
    /// `YYYY-MM-DD`.
    pub listing_date: Option<String>,
    /// Month the fiscal year ends, 1..12.
    pub fiscal_month: Option<u32>,
    pub homepage: Option<String>,
    pub region: Option<String>,
    pub shares_outstanding: i64,
    /// Current price × shares outstanding, in won.
    pub market_cap: i64,
    pub wics_sector: Option<String>,
    pub wics_industry_group: Option<String>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CompanyDetail {
    pub company: Company,
}

/// One period of the SAMPLE financial statements. Money in won; ratios as ratios.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Statement {
    /// `2026Q1` (quarterly) or `2025` (yearly).
    pub period: String,
    pub revenue: i64,
    pub operating_profit: i64,
    pub net_income: i64,
    pub assets: i64,
    pub liabilities: i64,
    pub equity: i64,
    /// Net income / shares, in won.
    pub eps: i64,
    /// Current price / EPS (trailing four quarters for a quarter); null when not positive.
    pub per: Option<f64>,
    /// Current price / book value per share.
    pub pbr: Option<f64>,
    /// Net income / equity (trailing four quarters for a quarter), e.g. 0.12.
    pub roe: Option<f64>,
    pub dividend_per_share: i64,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct StatementList {
    /// Newest first: 8 quarters or 5 years.
    pub statements: Vec<Statement>,
}

/// One trading day's SAMPLE net buying by investor type.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Investor {
    /// `YYYY-MM-DD`.
    pub date: String,
    pub close: i64,
    /// Against the previous trading day's close (0 for the oldest day), e.g. 0.0123.
    pub change_rate: f64,
    /// Net buying in shares; individual + foreign + institution = 0.
    pub individual: i64,
    pub foreign: i64,
    pub institution: i64,
    /// Ratio 0..1.
    pub foreign_holding_ratio: f64,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct InvestorPage {
    /// Newest first.
    pub investors: Vec<Investor>,
    /// Pass as `to` for the next older page; null at the end.
    pub last_key: Option<String>,
}

/// A brokerage and its volume in shares.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Trader {
    /// e.g. `키움증권`.
    pub name: String,
    pub volume: i64,
}

/// The SAMPLE top brokerages of one trading day.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct DayTrader {
    /// `YYYY-MM-DD`.
    pub date: String,
    /// Top five sellers, largest first (fewer on days with almost no volume).
    pub sells: Vec<Trader>,
    /// Top five buyers, largest first.
    pub buys: Vec<Trader>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct DayTraderPage {
    /// Newest first.
    pub day_traders: Vec<DayTrader>,
    /// Pass as `to` for the next older page; null at the end.
    pub last_key: Option<String>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RecentTraderDetail {
    /// The latest trading day.
    pub recent_trader: DayTrader,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RelatedStock {
    pub security: Security,
    pub quote: Quote,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct RelatedStockList {
    /// Same WICS industry group, largest market cap first.
    pub related_stocks: Vec<RelatedStock>,
}

/// A securities firm of the order modal.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct SecurityFirm {
    /// Stable key, e.g. `kiwoom`.
    pub key: String,
    /// e.g. `키움증권`.
    pub name: String,
    /// Whether the app can route orders to it (the UI shows only enabled firms, and never
    /// the messenger provider's own, `kakaopay`).
    pub trading_enabled: bool,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct SecurityFirmList {
    /// In display order.
    pub security_firms: Vec<SecurityFirm>,
}

impl From<pb::Company> for Company {
    fn from(c: pb::Company) -> Self {
        Self {
            market: match c.market() {
                pb::Market::Kosdaq => Market::Kosdaq,
                _ => Market::Kospi,
            },
            security_id: c.security_id,
            name: c.name,
            name_en: c.name_en,
            industry: c.industry,
            main_products: c.main_products,
            listing_date: c.listing_date,
            fiscal_month: c.fiscal_month,
            homepage: c.homepage,
            region: c.region,
            shares_outstanding: c.shares_outstanding,
            market_cap: c.market_cap,
            wics_sector: c.wics_sector,
            wics_industry_group: c.wics_industry_group,
        }
    }
}

impl From<pb::Statement> for Statement {
    fn from(s: pb::Statement) -> Self {
        Self {
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
        }
    }
}

impl From<pb::Investor> for Investor {
    fn from(i: pb::Investor) -> Self {
        Self {
            date: i.date,
            close: i.close,
            change_rate: i.change_rate,
            individual: i.individual,
            foreign: i.foreign,
            institution: i.institution,
            foreign_holding_ratio: i.foreign_holding_ratio,
        }
    }
}

impl From<pb::Trader> for Trader {
    fn from(t: pb::Trader) -> Self {
        Self {
            name: t.name,
            volume: t.volume,
        }
    }
}

impl From<pb::DayTrader> for DayTrader {
    fn from(d: pb::DayTrader) -> Self {
        Self {
            date: d.date,
            sells: d.sells.into_iter().map(Trader::from).collect(),
            buys: d.buys.into_iter().map(Trader::from).collect(),
        }
    }
}

impl From<pb::SecurityFirm> for SecurityFirm {
    fn from(f: pb::SecurityFirm) -> Self {
        Self {
            key: f.key,
            name: f.name,
            trading_enabled: f.trading_enabled,
        }
    }
}
