//! `sise.market.v1.TrendService` over gRPC (see `trends.proto` for the calls and errors).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use chrono::Days;
use sise_platform::error::{DomainError, ErrorCode, internal_status};
use sise_platform::request::PageLimit;
use sise_platform::time::now_ms;
use sise_proto::market::v1 as pb;
use tonic::{Request, Response, Status};

use super::posts::PostStore;
use super::rank::{self, Order, Row, SPECIALS, Special};
use super::sectors::{self, Component, Sector};
use super::surges::{self, HOUR_MS, TrendsSettings, USUAL_HOURS};
use super::year::YearRanges;
use crate::articles::store::ArticleStore;
use crate::assets::ForeignIndexes;
use crate::charts::IntradayBook;
use crate::company::flows::{self, DayBar, Participation};
use crate::dataset::ListedStock;
use crate::domain::Market;
use crate::feed::QuoteBoard;
use crate::search::offset_page;
use crate::search::store::SearchStore;
use crate::securities::SecurityStore;
use crate::simulator::now_kst;

/// Ordered stocks and sector securities (spec §9 paging constants 20 and 50).
pub const DEFAULT_LIMIT: u32 = 20;
pub const MAX_LIMIT: u32 = 50;
pub const DEFAULT_TOP_SECTORS: u32 = 5;
/// Popular stocks (spec §9: 5).
pub const DEFAULT_POPULAR: u32 = 5;
pub const MAX_POPULAR: u32 = 20;
/// Components shown with each sector of the sector list.
pub const SECTOR_COMPONENTS: usize = 5;
/// Popular stocks by news, searches and posts look at the last day.
const DAY_HOURS: i64 = 24;
/// Longest a call waits for the start-up computation of the 52-week ranges.
const YEAR_WAIT: Duration = Duration::from_secs(60);

pub struct TrendGrpc {
    pub board: Arc<QuoteBoard>,
    pub year: Arc<YearRanges>,
    pub sectors: Arc<Vec<Sector>>,
    pub participation: Arc<HashMap<String, Participation>>,
    pub book: Arc<IntradayBook>,
    pub views: SecurityStore,
    pub searches: SearchStore,
    pub articles: ArticleStore,
    pub posts: PostStore,
    /// The 토론 급증 thresholds.
    pub surge: TrendsSettings,
    pub foreign: ForeignIndexes,
}

/// A page of a ranked list by position ([`offset_page`]). A live list may have shrunk since
/// the previous page (fewer rising stocks now): a cursor past its end is an empty last page,
/// not an error.
fn rank_page<T>(
    items: Vec<T>,
    cursor: &str,
    limit: usize,
) -> Result<(Vec<T>, Option<String>), DomainError> {
    let past_end = cursor
        .parse::<usize>()
        .is_ok_and(|start| start > 0 && start >= items.len());
    if past_end {
        return Ok((Vec::new(), None));
    }
    offset_page(items, cursor, limit)
}

/// The hours `from..until` of the last day, the current hour included.
fn last_day_hours() -> (i64, i64) {
    let until = now_ms().div_euclid(HOUR_MS) + 1;
    (until - DAY_HOURS, until)
}

impl TrendGrpc {
    /// Every stock of `market` (both when `None`) with its live quote. ETFs are not
    /// stocks of a market's lists (limit-ups, 52-week highs, rankings): they have their
    /// own list ([`Self::etf_rows`]).
    fn rows(&self, market: Option<Market>) -> Vec<Row<'_>> {
        self.rows_where(|stock| !stock.is_etf() && market.is_none_or(|m| stock.market == m))
    }

    /// Every ETF with its live quote.
    fn etf_rows(&self) -> Vec<Row<'_>> {
        self.rows_where(ListedStock::is_etf)
    }

    fn rows_where(&self, keep: impl Fn(&ListedStock) -> bool) -> Vec<Row<'_>> {
        self.board
            .quotes()
            .into_iter()
            .filter_map(|quote| {
                let stock = self.board.security(&quote.security_id)?;
                keep(stock).then_some(Row {
                    stock,
                    quote,
                    score: 0.0,
                })
            })
            .collect()
    }

    async fn special_rows<'a>(
        &self,
        rows: &[Row<'a>],
    ) -> Result<Vec<(Special, Vec<Row<'a>>)>, Status> {
        if !self.year.wait_ready(YEAR_WAIT).await {
            return Err(Status::unavailable("52-week ranges are being computed"));
        }
        Ok(SPECIALS
            .iter()
            .map(|&special| {
                (
                    special,
                    rank::special(rows, special, |id| self.year.extremes(id)),
                )
            })
            .collect())
    }

    /// Foreign net buying in won of the stock's latest day (sample data, as the investors
    /// call shows it).
    fn foreign_net_buying(&self, row: &Row<'_>) -> f64 {
        let id = row.quote.security_id.as_str();
        let (Some(participation), Some(candle)) = (
            self.participation.get(id),
            self.book.recent(id).into_iter().next(),
        ) else {
            return 0.0;
        };
        let today = candle.volume == row.quote.volume;
        let bar = DayBar {
            date: candle.date,
            close: candle.close,
            volume: candle.volume,
            previous_close: today.then(|| row.quote.previous_close.round() as i64),
        };
        flows::investors(id, participation, &bar).foreign as f64 * candle.close as f64
    }

    async fn scored(&self, rows: &mut [Row<'_>], order: Order) -> Result<(), Status> {
        match order {
            Order::ForeignNetBuying => {
                for row in rows.iter_mut() {
                    row.score = self.foreign_net_buying(row);
                }
            }
            Order::Popular => {
                let today = now_kst().date_naive();
                let since = today.checked_sub_days(Days::new(1)).unwrap_or(today);
                let views: HashMap<String, i64> = self
                    .views
                    .views_since(since)
                    .await
                    .map_err(internal_status)?
                    .into_iter()
                    .collect();
                for row in rows.iter_mut() {
                    row.score = views.get(&row.quote.security_id).copied().unwrap_or(0) as f64;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The sector's members that are on the board, with their quotes.
    fn members(&self, sector: &Sector) -> Vec<Row<'_>> {
        sector
            .members
            .iter()
            .filter_map(|id| {
                let (stock, quote) = self.board.security_with_quote(id)?;
                Some(Row {
                    stock,
                    quote,
                    score: 0.0,
                })
            })
            .collect()
    }

    /// Every sector with its first components, the largest `key` first (ties by code).
    fn sectors_by(&self, key: impl Fn(&pb::Sector) -> f64) -> Vec<pb::Sector> {
        let mut sectors: Vec<pb::Sector> = self
            .sectors
            .iter()
            .map(|sector| self.sector(sector, SECTOR_COMPONENTS))
            .collect();
        sectors.sort_by(|a, b| {
            key(b)
                .total_cmp(&key(a))
                .then_with(|| a.wics_sector_code.cmp(&b.wics_sector_code))
        });
        sectors
    }

    fn sector(&self, sector: &Sector, components: usize) -> pb::Sector {
        sector_of(sector, self.members(sector), components)
    }

    /// The stocks of `counts` (security id, count) on the board, the most first (then by
    /// trading value and id), with the count as their score.
    fn counted(&self, counts: Vec<(String, i64)>, limit: usize) -> Vec<pb::TrendStock> {
        let rows: Vec<Row<'_>> = counts
            .into_iter()
            .filter(|(_, count)| *count > 0)
            .filter_map(|(id, count)| {
                let (stock, quote) = self.board.security_with_quote(&id)?;
                Some(Row {
                    stock,
                    quote,
                    score: count as f64,
                })
            })
            .collect();
        rank::ordered(rows, Order::Popular)
            .iter()
            .take(limit)
            .map(Row::to_proto)
            .collect()
    }
}

/// A group's summary over `rows` (its members with their quotes), with its first
/// `components` by market cap.
pub(crate) fn sector_of(sector: &Sector, mut rows: Vec<Row<'_>>, components: usize) -> pb::Sector {
    let summary = sectors::summarize(rows.iter().map(|row| Component {
        price: row.quote.price,
        previous_close: row.quote.previous_close,
        shares: row.stock.shares_outstanding as f64,
        trading_value: row.quote.trading_value,
    }));
    rows = rank::ordered(rows, Order::MarketCap);
    pb::Sector {
        wics_sector_code: sector.code.clone(),
        name: sector.name.clone(),
        parent_code: sector.parent_code.clone(),
        parent_name: sector.parent_name.clone(),
        change_rate: summary.change_rate,
        market_cap: summary.market_cap,
        trading_value: summary.trading_value,
        components_count: rows.len() as i64,
        rising_count: summary.rising,
        falling_count: summary.falling,
        components: rows.iter().take(components).map(Row::to_proto).collect(),
    }
}

fn category(rows: &[Row<'_>]) -> pb::SpecialCategory {
    pb::SpecialCategory {
        stocks_count: rows.len() as i64,
        stocks: rows.iter().map(Row::to_proto).collect(),
    }
}

fn counts(specials: &[(Special, Vec<Row<'_>>)]) -> pb::SpecialCounts {
    let count = |wanted: Special| {
        specials
            .iter()
            .find(|(special, _)| *special == wanted)
            .map_or(0, |(_, rows)| rows.len() as i64)
    };
    pb::SpecialCounts {
        top_limit: count(Special::TopLimit),
        bottom_limit: count(Special::BottomLimit),
        high_52week: count(Special::High52Week),
        low_52week: count(Special::Low52Week),
        vi: count(Special::Vi),
    }
}

#[tonic::async_trait]
impl pb::trend_service_server::TrendService for TrendGrpc {
    async fn get_special_stocks(
        &self,
        request: Request<pb::GetSpecialStocksRequest>,
    ) -> Result<Response<pb::GetSpecialStocksResponse>, Status> {
        let market = rank::parse_market(&request.get_ref().market)?;
        let rows = self.rows(Some(market));
        let specials = self.special_rows(&rows).await?;
        let of = |wanted: Special| {
            specials
                .iter()
                .find(|(special, _)| *special == wanted)
                .map(|(_, rows)| category(rows))
        };
        Ok(Response::new(pb::GetSpecialStocksResponse {
            special_stocks: Some(pb::SpecialStocks {
                top_limit: of(Special::TopLimit),
                bottom_limit: of(Special::BottomLimit),
                high_52week: of(Special::High52Week),
                low_52week: of(Special::Low52Week),
                vi: of(Special::Vi),
            }),
        }))
    }

    async fn get_special_stock_counts(
        &self,
        _: Request<pb::GetSpecialStockCountsRequest>,
    ) -> Result<Response<pb::GetSpecialStockCountsResponse>, Status> {
        let kospi = self.rows(Some(Market::Kospi));
        let kosdaq = self.rows(Some(Market::Kosdaq));
        Ok(Response::new(pb::GetSpecialStockCountsResponse {
            kospi: Some(counts(&self.special_rows(&kospi).await?)),
            kosdaq: Some(counts(&self.special_rows(&kosdaq).await?)),
        }))
    }

    async fn list_ordered_stocks(
        &self,
        request: Request<pb::ListOrderedStocksRequest>,
    ) -> Result<Response<pb::ListOrderedStocksResponse>, Status> {
        let request = request.into_inner();
        let (order, title) = rank::parse_key(&request.key)?;
        let market = rank::parse_optional_market(&request.market)?;
        let limit = PageLimit::parse(request.limit, DEFAULT_LIMIT, MAX_LIMIT)?.get();
        let mut rows = if request.key.trim() == rank::ETF_KEY {
            self.etf_rows()
        } else {
            self.rows(market)
        };
        self.scored(&mut rows, order).await?;
        let (page, next_cursor) = rank_page(rank::ordered(rows, order), &request.cursor, limit)?;
        Ok(Response::new(pb::ListOrderedStocksResponse {
            stocks: page.iter().map(Row::to_proto).collect(),
            next_cursor,
            title: title.to_owned(),
        }))
    }

    async fn get_foreign_indexes(
        &self,
        _: Request<pb::GetForeignIndexesRequest>,
    ) -> Result<Response<pb::GetForeignIndexesResponse>, Status> {
        Ok(Response::new(self.foreign.groups()))
    }

    async fn list_sectors(
        &self,
        _: Request<pb::ListSectorsRequest>,
    ) -> Result<Response<pb::ListSectorsResponse>, Status> {
        let sectors = self.sectors_by(|sector| sector.market_cap);
        Ok(Response::new(pb::ListSectorsResponse { sectors }))
    }

    async fn top_sectors(
        &self,
        request: Request<pb::TopSectorsRequest>,
    ) -> Result<Response<pb::ListSectorsResponse>, Status> {
        let limit =
            PageLimit::parse(request.get_ref().limit, DEFAULT_TOP_SECTORS, MAX_LIMIT)?.get();
        let mut sectors = self.sectors_by(|sector| sector.change_rate);
        sectors.truncate(limit);
        Ok(Response::new(pb::ListSectorsResponse { sectors }))
    }

    async fn list_sector_securities(
        &self,
        request: Request<pb::ListSectorSecuritiesRequest>,
    ) -> Result<Response<pb::ListSectorSecuritiesResponse>, Status> {
        let request = request.into_inner();
        let limit = PageLimit::parse(request.limit, DEFAULT_LIMIT, MAX_LIMIT)?.get();
        let sector = self
            .sectors
            .iter()
            .find(|s| s.code == request.wics_sector_code)
            .ok_or_else(|| DomainError::from(ErrorCode::SectorNotFound))?;
        let rows = self.members(sector);
        let (page, next_cursor) = rank_page(
            rank::ordered(rows, Order::MarketCap),
            &request.cursor,
            limit,
        )?;
        Ok(Response::new(pb::ListSectorSecuritiesResponse {
            sector: Some(self.sector(sector, 0)),
            stocks: page.iter().map(Row::to_proto).collect(),
            next_cursor,
        }))
    }

    async fn list_popular_stocks(
        &self,
        request: Request<pb::ListPopularStocksRequest>,
    ) -> Result<Response<pb::ListPopularStocksResponse>, Status> {
        let request = request.into_inner();
        let limit = PageLimit::parse(request.limit, DEFAULT_POPULAR, MAX_POPULAR)?.get();
        let (from, until) = last_day_hours();
        // Counted over the last day, or (`trading_value`) ranked from the board.
        let counts = match request.by.trim() {
            "news" => Some(
                self.articles
                    .tagged_counts(from * HOUR_MS, until * HOUR_MS)
                    .await,
            ),
            "search" => Some(self.searches.counts(from, until).await),
            "posts" => Some(self.posts.counts(from * HOUR_MS, until * HOUR_MS).await),
            "trading_value" => None,
            _ => return Err(DomainError::from(ErrorCode::InvalidPopularBy).into()),
        };
        let stocks = match counts {
            Some(counts) => self.counted(counts.map_err(internal_status)?, limit),
            None => rank::ordered(self.rows(None), Order::TradingValue)
                .iter()
                .take(limit)
                .map(|row| Row {
                    score: row.quote.trading_value,
                    ..row.clone()
                })
                .map(|row| row.to_proto())
                .collect(),
        };
        Ok(Response::new(pb::ListPopularStocksResponse { stocks }))
    }

    async fn list_discussion_surges(
        &self,
        request: Request<pb::ListDiscussionSurgesRequest>,
    ) -> Result<Response<pb::ListDiscussionSurgesResponse>, Status> {
        let limit = PageLimit::parse(request.get_ref().limit, DEFAULT_POPULAR, MAX_POPULAR)?.get();
        let last_hour = now_ms() - HOUR_MS;
        let rates = self
            .posts
            .rates(
                last_hour - USUAL_HOURS * HOUR_MS,
                last_hour,
                self.surge.surge_min_posts,
            )
            .await
            .map_err(internal_status)?;
        let surges = surges::surges(rates, &self.surge)
            .into_iter()
            .filter_map(|surge| {
                let (stock, quote) = self.board.security_with_quote(&surge.security_id)?;
                let row = Row {
                    stock,
                    quote,
                    score: surge.posts_last_hour as f64,
                };
                Some(pb::DiscussionSurge {
                    stock: Some(row.to_proto()),
                    posts_last_hour: surge.posts_last_hour,
                    usual_hourly_posts: surge.usual_hourly_posts,
                })
            })
            .take(limit)
            .collect();
        Ok(Response::new(pb::ListDiscussionSurgesResponse { surges }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trends_a_cursor_past_a_shrunk_list_is_an_empty_last_page() {
        let items: Vec<u32> = (0..5).collect();
        assert_eq!(
            rank_page(items.clone(), "3", 2).ok(),
            Some((vec![3, 4], None))
        );
        assert_eq!(rank_page(items.clone(), "5", 2).ok(), Some((vec![], None)));
        assert_eq!(
            rank_page(items.clone(), "999999", 2).ok(),
            Some((vec![], None))
        );
        assert_eq!(
            rank_page(Vec::<u32>::new(), "1", 2).ok(),
            Some((vec![], None))
        );
        for bad in ["0", "-1", "x", "99999999999999999999"] {
            assert!(rank_page(items.clone(), bad, 2).is_err(), "{bad}");
        }
    }
}
