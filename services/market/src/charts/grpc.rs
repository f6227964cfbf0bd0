//! `sise.market.v1.ChartService` over gRPC: day candles in keyset pages (`to` inclusive,
//! `last_key` the date of the first candle not returned) and today's minute candles.

use std::sync::Arc;

use chrono::NaiveDate;
use sise_platform::error::DomainError;
use sise_platform::request::{PageLimit, TradingDate};
use sise_proto::market::v1 as pb;
use tonic::{Request, Response, Status};

use super::candle::Candle;
use super::minute::IntradayBook;
use super::store::ChartStore;
use crate::domain::{SecurityId, security_not_found};
use crate::feed::QuoteBoard;
use crate::simulator::{TickGrid, classify};

/// Day candles per page when the request names no limit.
pub const DEFAULT_LIMIT: u32 = 60;
/// Most day candles per page.
pub const MAX_LIMIT: u32 = 500;

pub struct ChartGrpc {
    store: ChartStore,
    book: Arc<IntradayBook>,
    board: Arc<QuoteBoard>,
}

impl ChartGrpc {
    pub fn new(store: ChartStore, book: Arc<IntradayBook>, board: Arc<QuoteBoard>) -> Self {
        Self { store, book, board }
    }

    fn known(&self, security_id: &str) -> Result<SecurityId, DomainError> {
        let id = SecurityId::parse(security_id)?;
        if self.board.security(id.as_str()).is_none() || !self.book.contains(id.as_str()) {
            return Err(security_not_found());
        }
        Ok(id)
    }

    /// One page: the in-memory candles (today's, the day just closed), then the stored ones
    /// older than those, up to `to`; with the candle before the page (the previous close of
    /// its oldest) and the next page's key.
    pub async fn day_candles(
        &self,
        security_id: &str,
        limit: Option<i64>,
        to: Option<&str>,
    ) -> Result<(Vec<Candle>, Option<Candle>, Option<NaiveDate>), DomainError> {
        let id = self.known(security_id)?;
        let page = PageLimit::parse(limit, DEFAULT_LIMIT, MAX_LIMIT)?.get();
        let to = TradingDate::parse_optional(to)?.map(TradingDate::date);
        let mut candles = read_days(&self.store, &self.book, id.as_str(), to, page + 1)
            .await
            .map_err(|error| {
                tracing::error!(error = format!("{error:#}"), "day candles read failed");
                DomainError::internal()
            })?;
        let before = candles.get(page).copied();
        candles.truncate(page);
        Ok((candles, before, before.map(|c| c.date)))
    }
}

/// Up to `count` day candles of `security_id`, newest first, dated `to` or earlier: the
/// in-memory ones (today's, the day just closed), then the stored ones older than those.
pub async fn read_days(
    store: &ChartStore,
    book: &IntradayBook,
    security_id: &str,
    to: Option<NaiveDate>,
    count: usize,
) -> anyhow::Result<Vec<Candle>> {
    let mut candles: Vec<Candle> = book
        .recent(security_id)
        .into_iter()
        .filter(|c| to.is_none_or(|to| c.date <= to))
        .take(count)
        .collect();
    let bound = match candles.last() {
        Some(oldest) => oldest.date.pred_opt(),
        None => to,
    };
    let wanted = count.saturating_sub(candles.len());
    if wanted > 0 {
        candles.extend(store.page(security_id, bound, wanted as i64).await?);
    }
    Ok(candles)
}

/// `candle` with its change against `previous` (the next older candle), classified by the
/// KRX limit prices of the previous close, as the exchange's daily tables show it.
fn to_proto(grid: TickGrid, candle: &Candle, previous: Option<&Candle>) -> pb::DayCandle {
    let change_type =
        previous
            .filter(|p| p.close > 0)
            .map_or(pb::PriceChange::Unspecified, |previous| {
                let (upper, lower) = grid.price_limits(previous.close);
                classify(candle.close, previous.close, upper, lower).into()
            });
    pb::DayCandle {
        date: candle.date.to_string(),
        open: candle.open,
        high: candle.high,
        low: candle.low,
        close: candle.close,
        volume: candle.volume,
        trading_value: candle.trading_value,
        change_type: change_type as i32,
    }
}

#[tonic::async_trait]
impl pb::chart_service_server::ChartService for ChartGrpc {
    #[tracing::instrument(skip_all, fields(security_id = %request.get_ref().security_id))]
    async fn get_day_candles(
        &self,
        request: Request<pb::GetDayCandlesRequest>,
    ) -> Result<Response<pb::GetDayCandlesResponse>, Status> {
        let request = request.into_inner();
        let (candles, previous, last_key) = self
            .day_candles(&request.security_id, request.limit, request.to.as_deref())
            .await?;
        let older = candles.iter().skip(1).map(Some).chain([previous.as_ref()]);
        // ETFs' limits are on their own grid.
        let grid = TickGrid::of_etf(
            self.known(&request.security_id)
                .ok()
                .and_then(|id| self.board.security(id.as_str()))
                .is_some_and(|s| s.is_etf()),
        );
        Ok(Response::new(pb::GetDayCandlesResponse {
            day_candles: candles
                .iter()
                .zip(older)
                .map(|(candle, previous)| to_proto(grid, candle, previous))
                .collect(),
            last_key: last_key.map(|date| date.to_string()),
        }))
    }

    #[tracing::instrument(skip_all, fields(security_id = %request.get_ref().security_id))]
    async fn get_minute_candles(
        &self,
        request: Request<pb::GetMinuteCandlesRequest>,
    ) -> Result<Response<pb::GetMinuteCandlesResponse>, Status> {
        let id = self.known(&request.get_ref().security_id)?;
        let (date, bars) = self.book.minute_bars(id.as_str()).unwrap_or_default();
        let minute_candles = match date {
            Some(date) => bars
                .iter()
                .map(|bar| pb::MinuteCandle {
                    time_ms: bar.time_ms(date),
                    open: bar.open,
                    high: bar.high,
                    low: bar.low,
                    close: bar.close,
                    volume: bar.volume,
                })
                .collect(),
            None => Vec::new(),
        };
        Ok(Response::new(pb::GetMinuteCandlesResponse {
            date: date.map(|d| d.to_string()).unwrap_or_default(),
            minute_candles,
        }))
    }
}
