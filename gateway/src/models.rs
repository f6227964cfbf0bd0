//! JSON shapes of the API (snake_case, as the spec's calls are), converted from gRPC.
//! The OpenAPI document and the webapp's types are generated from these.

use serde::Serialize;
use sise_proto::market::v1 as pb;
use utoipa::ToSchema;

#[derive(Clone, Copy, Debug, Serialize, ToSchema, PartialEq, Eq)]
pub enum Market {
    #[serde(rename = "KOSPI")]
    Kospi,
    #[serde(rename = "KOSDAQ")]
    Kosdaq,
}

/// Price change against the previous close (spec §3).
#[derive(Clone, Copy, Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PriceChange {
    UpperLimit,
    Rise,
    Even,
    Fall,
    LowerLimit,
}

/// Trading session on the KRX clock.
#[derive(Clone, Copy, Debug, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Session {
    PreMarket,
    OpeningAuction,
    Regular,
    ClosingAuction,
    AfterHours,
    Closed,
}

/// A listed stock.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Security {
    /// Asset id, e.g. `KOREA-A005930`.
    pub security_id: String,
    /// e.g. `A005930`.
    pub short_code: String,
    /// KRX code, e.g. `005930`.
    pub code: String,
    pub name: String,
    pub name_en: Option<String>,
    pub market: Market,
    /// 0 for an ETF (its listed units are not in the data).
    pub shares_outstanding: i64,
    /// An exchange-traded fund, with its ETF pages (`exchange_traded_*`), rather than a
    /// company's stock.
    pub etf: bool,
}

/// The current quote of a security.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Quote {
    pub security_id: String,
    pub price: f64,
    pub previous_close: f64,
    /// `price - previous_close`.
    pub change: f64,
    /// Ratio: 0.0123 is 1.23%.
    pub change_rate: f64,
    pub change_type: PriceChange,
    pub open: f64,
    pub high: f64,
    pub low: f64,
    pub volume: i64,
    pub trading_value: f64,
    pub upper_limit: f64,
    pub lower_limit: f64,
    pub session: Session,
    /// Epoch milliseconds of the last trade.
    pub traded_at: i64,
    /// Volatility interruption in force.
    pub vi: bool,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct SecurityDetail {
    pub security: Security,
    pub quote: Quote,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct QuoteList {
    pub quotes: Vec<Quote>,
}

impl From<pb::Security> for Security {
    fn from(s: pb::Security) -> Self {
        Self {
            market: match s.market() {
                pb::Market::Kosdaq => Market::Kosdaq,
                _ => Market::Kospi,
            },
            security_id: s.security_id,
            short_code: s.short_code,
            code: s.code,
            name: s.name,
            name_en: s.name_en,
            shares_outstanding: s.shares_outstanding,
            etf: s.etf,
        }
    }
}

impl From<pb::Quote> for Quote {
    fn from(q: pb::Quote) -> Self {
        Self {
            change_type: match q.change_type() {
                pb::PriceChange::UpperLimit => PriceChange::UpperLimit,
                pb::PriceChange::Rise => PriceChange::Rise,
                pb::PriceChange::Fall => PriceChange::Fall,
                pb::PriceChange::LowerLimit => PriceChange::LowerLimit,
                pb::PriceChange::Even | pb::PriceChange::Unspecified => PriceChange::Even,
            },
            session: match q.session() {
                pb::Session::PreMarket => Session::PreMarket,
                pb::Session::OpeningAuction => Session::OpeningAuction,
                pb::Session::Regular => Session::Regular,
                pb::Session::ClosingAuction => Session::ClosingAuction,
                pb::Session::AfterHours => Session::AfterHours,
                pb::Session::Closed | pb::Session::Unspecified => Session::Closed,
            },
            security_id: q.security_id,
            price: q.price,
            previous_close: q.previous_close,
            change: q.change,
            change_rate: q.change_rate,
            open: q.open,
            high: q.high,
            low: q.low,
            volume: q.volume,
            trading_value: q.trading_value,
            upper_limit: q.upper_limit,
            lower_limit: q.lower_limit,
            traded_at: q.traded_at_ms,
            vi: q.vi,
        }
    }
}
