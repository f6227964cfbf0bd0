//! `sise.market.v1.AssetService` over gRPC.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{NaiveDate, TimeDelta};
use sise_platform::error::{DomainError, ErrorCode, internal_status};
use sise_platform::request::{PageLimit, TradingDate};
use sise_proto::market::v1 as pb;
use sise_proto::market::v1::asset_service_server::AssetService;
use tonic::{Request, Response, Status};

use super::catalog::{Entry, MAJOR_CURRENCIES};
use super::condition::market_condition;
use super::forex::{self, Period};
use super::history::Bar;
use super::ids::{AssetId, Board};
use super::live::AssetBoard;
use super::store::AssetStore;
use super::value::change_type;
use super::walk::round_to;
use crate::simulator::now_kst;

/// Most ids one call may ask for.
pub const MAX_ASSETS_PER_CALL: usize = 100;
pub const DEFAULT_LIMIT: u32 = 60;
pub const MAX_LIMIT: u32 = 500;

pub struct AssetGrpc {
    board: Arc<AssetBoard>,
    store: AssetStore,
}

impl AssetGrpc {
    pub fn new(board: Arc<AssetBoard>, store: AssetStore) -> Self {
        Self { board, store }
    }

    /// An index or forex entry (stocks have their own chart API).
    fn series(&self, text: &str) -> Result<(usize, &Entry), DomainError> {
        let id = AssetId::parse(text)?;
        if id.board() == Board::Korea {
            return Err(DomainError::from(ErrorCode::UnsupportedAsset));
        }
        let position = self
            .board
            .catalog
            .position(&id)
            .ok_or_else(asset_not_found)?;
        Ok((position, &self.board.catalog.entries[position]))
    }

    /// A page of days, newest first: the live day's candle first once it has traded, then
    /// stored days before it. Returns the days and the next page's `to`.
    async fn day_page(
        &self,
        position: usize,
        entry: &Entry,
        limit: Option<i64>,
        to: Option<&str>,
    ) -> Result<(Vec<Bar>, Option<NaiveDate>, Option<f64>), Status> {
        let limit = PageLimit::parse(limit, DEFAULT_LIMIT, MAX_LIMIT)?.get();
        let to = TradingDate::parse_optional(to)?.map(TradingDate::date);
        let live = self.board.value(position);
        let mut days = Vec::with_capacity(limit);
        let mut upper = to;
        if let Some(live) = &live {
            // Stored days at or after the live day belong to it (or to nothing yet).
            let before_live = live.date - TimeDelta::days(1);
            upper = Some(upper.map_or(before_live, |t| t.min(before_live)));
            if let Some(bar) = live.bar().filter(|b| to.is_none_or(|t| b.date <= t)) {
                days.push(bar);
            }
        }
        let need = limit - days.len();
        let mut stored = self
            .store
            .page(&entry.id, upper, need + 1)
            .await
            .map_err(internal_status)?;
        let last_key = (stored.len() > need).then(|| stored[need].date);
        let after_page = (stored.len() > need).then(|| stored[need].close);
        stored.truncate(need);
        days.extend(stored);
        Ok((days, last_key, after_page))
    }
}

fn asset_not_found() -> DomainError {
    DomainError::from(ErrorCode::AssetNotFound)
}

/// Parse a list of ids: at least one, at most [`MAX_ASSETS_PER_CALL`], all well-formed.
fn parse_ids(ids: &[String]) -> Result<Vec<AssetId>, DomainError> {
    let ids: Vec<&str> = ids
        .iter()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .collect();
    if ids.is_empty() {
        return Err(DomainError::from(ErrorCode::MissingAssetIds));
    }
    if ids.len() > MAX_ASSETS_PER_CALL {
        return Err(DomainError::with_max(
            ErrorCode::TooManyAssets,
            MAX_ASSETS_PER_CALL,
        ));
    }
    ids.into_iter().map(AssetId::parse).collect()
}

fn to_candle(bar: &Bar) -> pb::AssetDayCandle {
    pb::AssetDayCandle {
        date: bar.date.to_string(),
        open: bar.open,
        high: bar.high,
        low: bar.low,
        close: bar.close,
        volume: bar.volume,
        trading_value: bar.trading_value,
    }
}

#[tonic::async_trait]
impl AssetService for AssetGrpc {
    async fn get_assets(
        &self,
        request: Request<pb::GetAssetsRequest>,
    ) -> Result<Response<pb::GetAssetsResponse>, Status> {
        let ids = parse_ids(&request.get_ref().asset_ids)?;
        let assets: HashMap<String, pb::Asset> = ids
            .iter()
            .filter_map(|id| Some((id.as_str().to_owned(), self.board.asset(id)?)))
            .collect();
        Ok(Response::new(pb::GetAssetsResponse { assets }))
    }

    async fn get_asset(
        &self,
        request: Request<pb::GetAssetRequest>,
    ) -> Result<Response<pb::GetAssetResponse>, Status> {
        let id = AssetId::parse(&request.get_ref().asset_id)?;
        let asset = self.board.asset(&id).ok_or_else(asset_not_found)?;
        Ok(Response::new(pb::GetAssetResponse { asset: Some(asset) }))
    }

    async fn get_asset_day_candles(
        &self,
        request: Request<pb::GetAssetDayCandlesRequest>,
    ) -> Result<Response<pb::GetAssetDayCandlesResponse>, Status> {
        let request = request.into_inner();
        let (position, entry) = self.series(&request.asset_id)?;
        let (days, last_key, _) = self
            .day_page(position, entry, request.limit, request.to.as_deref())
            .await?;
        Ok(Response::new(pb::GetAssetDayCandlesResponse {
            day_candles: days.iter().map(to_candle).collect(),
            last_key: last_key.map(|d| d.to_string()),
        }))
    }

    async fn get_asset_minute_candles(
        &self,
        request: Request<pb::GetAssetMinuteCandlesRequest>,
    ) -> Result<Response<pb::GetAssetMinuteCandlesResponse>, Status> {
        let (position, _) = self.series(&request.get_ref().asset_id)?;
        let date = self
            .board
            .value(position)
            .map(|v| v.date.to_string())
            .unwrap_or_default();
        let minute_candles = self
            .board
            .minutes(position, now_kst())
            .into_iter()
            .map(|m| pb::AssetMinuteCandle {
                time_ms: m.time_ms,
                open: m.open,
                high: m.high,
                low: m.low,
                close: m.close,
                volume: m.volume,
            })
            .collect();
        Ok(Response::new(pb::GetAssetMinuteCandlesResponse {
            date,
            minute_candles,
        }))
    }

    async fn get_major_forex_ids(
        &self,
        _request: Request<pb::GetMajorForexIdsRequest>,
    ) -> Result<Response<pb::GetMajorForexIdsResponse>, Status> {
        let asset_ids = MAJOR_CURRENCIES
            .iter()
            .filter_map(|code| {
                let (position, _) = self.board.catalog.currency(code)?;
                Some(self.board.catalog.entries[position].id.as_str().to_owned())
            })
            .collect();
        Ok(Response::new(pb::GetMajorForexIdsResponse { asset_ids }))
    }

    async fn get_day_forexes(
        &self,
        request: Request<pb::GetDayForexesRequest>,
    ) -> Result<Response<pb::GetDayForexesResponse>, Status> {
        let request = request.into_inner();
        let (position, entry) = self.series(&request.asset_id)?;
        let Some(currency) = entry.currency() else {
            return Err(asset_not_found().into());
        };
        let (days, last_key, after_page) = self
            .day_page(position, entry, request.limit, request.to.as_deref())
            .await?;
        let live = self.board.value(position);
        let day_forexes = days
            .iter()
            .enumerate()
            .map(|(i, bar)| {
                let previous = match live.as_ref().filter(|l| l.date == bar.date) {
                    Some(live) => live.previous_close,
                    None => days
                        .get(i + 1)
                        .map(|b| b.close)
                        .or(after_page)
                        .unwrap_or(bar.open),
                };
                forex::day_forex(currency, entry.walk.decimals, bar, previous)
            })
            .collect();
        Ok(Response::new(pb::GetDayForexesResponse {
            day_forexes,
            last_key: last_key.map(|d| d.to_string()),
        }))
    }

    async fn get_tick_forexes(
        &self,
        request: Request<pb::GetTickForexesRequest>,
    ) -> Result<Response<pb::GetTickForexesResponse>, Status> {
        let ids = parse_ids(&request.get_ref().asset_ids)?;
        let mut seen = std::collections::HashSet::new();
        let tick_forexes = ids
            .iter()
            .filter(|id| id.board() == Board::Forex && seen.insert(id.as_str().to_owned()))
            .filter_map(|id| {
                let position = self.board.catalog.position(id)?;
                let entry = &self.board.catalog.entries[position];
                let value = self.board.value(position)?;
                Some(pb::TickForex {
                    asset_id: id.as_str().to_owned(),
                    base_rate: value.price,
                    change: round_to(value.price - value.previous_close, entry.walk.decimals),
                    change_rate: if value.previous_close > 0.0 {
                        (value.price - value.previous_close) / value.previous_close
                    } else {
                        0.0
                    },
                    change_type: change_type(value.price, value.previous_close) as i32,
                    traded_at_ms: value.traded_at.timestamp_millis(),
                })
            })
            .collect();
        Ok(Response::new(pb::GetTickForexesResponse { tick_forexes }))
    }

    async fn calculate_forex(
        &self,
        request: Request<pb::CalculateForexRequest>,
    ) -> Result<Response<pb::CalculateForexResponse>, Status> {
        let request = request.into_inner();
        let from = forex::parse_currency(&request.from)?;
        let to = forex::parse_currency(&request.to)?;
        let amount = forex::validate_amount(request.amount)?;
        let now = now_kst();
        // Won per single unit of a currency, and when that rate was set.
        let rate_of = |code: &str| -> Result<(f64, i64), DomainError> {
            if code == "KRW" {
                return Ok((1.0, now.timestamp_millis()));
            }
            let (position, currency) = self
                .board
                .catalog
                .currency(code)
                .ok_or_else(forex::invalid_currency)?;
            let value = self
                .board
                .value(position)
                .ok_or_else(DomainError::unavailable)?;
            Ok((
                value.price / currency.unit,
                value.traded_at.timestamp_millis(),
            ))
        };
        let (from_rate, from_at) = rate_of(&from)?;
        let (to_rate, to_at) = rate_of(&to)?;
        let (result, rate) = forex::convert(amount, from_rate, to_rate);
        let rates_at_ms = match (from.as_str(), to.as_str()) {
            ("KRW", _) => to_at,
            (_, "KRW") => from_at,
            _ => from_at.max(to_at),
        };
        Ok(Response::new(pb::CalculateForexResponse {
            forex_calc: Some(pb::ForexCalc {
                from,
                to,
                amount,
                result,
                rate,
                rates_at_ms,
            }),
        }))
    }

    async fn get_forex_chart(
        &self,
        request: Request<pb::GetForexChartRequest>,
    ) -> Result<Response<pb::GetForexChartResponse>, Status> {
        let request = request.into_inner();
        let (position, entry) = self.series(&request.asset_id)?;
        if entry.currency().is_none() {
            return Err(asset_not_found().into());
        }
        let period = Period::parse(&request.period)?;
        let points = forex::chart(&self.board, &self.store, position, entry, period, now_kst())
            .await
            .map_err(internal_status)?;
        Ok(Response::new(pb::GetForexChartResponse { points }))
    }

    async fn get_market_condition(
        &self,
        request: Request<pb::GetMarketConditionRequest>,
    ) -> Result<Response<pb::GetMarketConditionResponse>, Status> {
        let condition = market_condition(
            &self.board,
            request.get_ref().security_id.as_deref(),
            now_kst(),
        )?;
        Ok(Response::new(pb::GetMarketConditionResponse {
            market_condition: Some(condition),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_id_lists() {
        let ids = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            parse_ids(&ids(&["", " "])).map_err(|e| e.code),
            Err(ErrorCode::MissingAssetIds)
        );
        assert_eq!(
            parse_ids(&ids(&["INDEX-KOSPI", "nope"])).map_err(|e| e.code),
            Err(ErrorCode::InvalidAssetId)
        );
        let many: Vec<String> = (0..=MAX_ASSETS_PER_CALL)
            .map(|_| "INDEX-KOSPI".into())
            .collect();
        assert_eq!(
            parse_ids(&many).map_err(|e| e.code),
            Err(ErrorCode::TooManyAssets)
        );
        let parsed = parse_ids(&ids(&["INDEX::KOSPI", " FOREX-USDKRW "])).expect("ids");
        assert_eq!(parsed[0].as_str(), "INDEX-KOSPI");
    }
}
