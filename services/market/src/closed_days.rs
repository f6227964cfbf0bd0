//! Closed trading days (`sise.market.v1.ClosedDayService`, docs/architecture.md, "Closed
//! days"): the dates the simulator's clock has closed ([`MarketDays::closed_days`]) and
//! what one of them was. A closed day is read from the day candles as the charts show them
//! (stored rows, or the walk a stock's history will be materialized with:
//! `ChartStore::days_on`), or from the live quotes while the board still shows that day
//! (the KRX clock after its close); its stocks are ranked as the live lists rank them
//! ([`rank::ordered`]), its WICS groups summed as the live heatmap sums them, each mover
//! explained as a day move of the chart is (`moves::DayExplainer`), and the indexes are
//! their daily bars. Nothing is stored.

use std::collections::HashMap;

use chrono::{Days, NaiveDate};
use sise_platform::error::{DomainError, ErrorCode, internal_status};
use sise_platform::request::{PageLimit, TradingDate};
use sise_proto::market::v1 as pb;
use sise_proto::market::v1::closed_day_service_server::ClosedDayServiceServer;
use tonic::{Request, Response, Status};

use crate::articles::DisclosureKey;
use crate::articles::disclosure_to_proto;
use crate::articles::store::ArticleStore;
use crate::assets::MarketDays;
use crate::charts::{self, ChartStore, DayOf};
use crate::dataset::ListedStock;
use crate::feature::{Context, Feature};
use crate::feed::QuoteBoard;
use crate::moves::DayExplainer;
use crate::simulator::clock::kst_instant;
use crate::simulator::{TickGrid, classify, now_kst};
use crate::trends::posts::PostStore;
use crate::trends::rank::{self, Order, Row};
use crate::trends::sector_of;
use crate::trends::sectors::Sector;

/// Closed days listed, at most (and the window `GetClosedDay` answers from).
pub const MAX_CLOSED_DAYS: u32 = 10;
/// Risers and fallers of a closed day, each.
pub const DEFAULT_MOVERS: u32 = 5;
pub const MAX_MOVERS: u32 = 20;
/// The most traded stocks whose filings of the day are the notable ones (with the movers).
const NOTABLE_UNIVERSE: usize = 30;
/// Notable disclosures told.
const NOTABLE: usize = 10;
/// Ids the disclosure list takes at once.
const DISCLOSURE_IDS: usize = 50;

/// One stock's closed day as a quote: `price` its close against the previous close, its
/// change classified at the KRX limits of the previous close on its grid.
pub fn closed_quote(stock: &ListedStock, day: &DayOf) -> pb::Quote {
    let (candle, previous) = (day.candle, day.previous_close);
    let grid = TickGrid::of_etf(stock.is_etf());
    let (upper, lower) = grid.price_limits(previous);
    let change = candle.close - previous;
    pb::Quote {
        security_id: stock.security_id.as_str().to_owned(),
        price: candle.close as f64,
        previous_close: previous as f64,
        change: change as f64,
        change_rate: if previous > 0 {
            change as f64 / previous as f64
        } else {
            0.0
        },
        change_type: pb::PriceChange::from(classify(candle.close, previous, upper, lower)) as i32,
        open: candle.open as f64,
        high: candle.high as f64,
        low: candle.low as f64,
        volume: candle.volume,
        trading_value: candle.trading_value as f64,
        upper_limit: upper as f64,
        lower_limit: lower as f64,
        session: pb::Session::Closed as i32,
        traded_at_ms: 0,
        vi: false,
    }
}

/// A closed day's stocks ranked: the risers and fallers (`limit` each) and the most traded
/// ([`NOTABLE_UNIVERSE`]), ETFs left out as from every ordered list.
pub struct Ranked<'a> {
    pub rising: Vec<Row<'a>>,
    pub falling: Vec<Row<'a>>,
    pub most_traded: Vec<Row<'a>>,
}

pub fn ranked<'a>(rows: &[Row<'a>], limit: usize) -> Ranked<'a> {
    let stocks: Vec<Row<'a>> = rows.iter().filter(|r| !r.stock.is_etf()).cloned().collect();
    let top = |order: Order, n: usize| -> Vec<Row<'a>> {
        let mut list = rank::ordered(stocks.clone(), order);
        list.truncate(n);
        list
    };
    Ranked {
        rising: top(Order::Rising, limit),
        falling: top(Order::Falling, limit),
        most_traded: top(Order::TradingValue, NOTABLE_UNIVERSE),
    }
}

/// Every group's day, the strongest first (ties by code), without components.
pub fn sectors_of(sectors: &[Sector], rows: &[Row<'_>]) -> Vec<pb::Sector> {
    let by_id: HashMap<&str, &Row<'_>> = rows
        .iter()
        .map(|r| (r.quote.security_id.as_str(), r))
        .collect();
    let mut days: Vec<pb::Sector> = sectors
        .iter()
        .map(|sector| {
            let members: Vec<Row<'_>> = sector
                .members
                .iter()
                .filter_map(|id| by_id.get(id.as_str()).map(|r| (*r).clone()))
                .collect();
            sector_of(sector, members, 0)
        })
        .collect();
    days.sort_by(|a, b| {
        b.change_rate
            .total_cmp(&a.change_rate)
            .then_with(|| a.wics_sector_code.cmp(&b.wics_sector_code))
    });
    days
}

/// `ClosedDayService`, on the sectors `trends` sums too.
pub(crate) fn build(
    cx: &Context<'_>,
    charts: &charts::Prepared,
    days: MarketDays,
    sectors: std::sync::Arc<Vec<Sector>>,
) -> Feature {
    let service = ClosedDayGrpc {
        board: cx.board.clone(),
        days,
        charts: charts.store.clone(),
        sectors,
        articles: ArticleStore::new(cx.db.clone()),
        posts: PostStore::new(cx.db.clone()),
        explainer: DayExplainer::new(
            ArticleStore::new(cx.db.clone()),
            PostStore::new(cx.db.clone()),
        ),
    };
    Feature::default().serve(ClosedDayServiceServer::new(service))
}

pub struct ClosedDayGrpc {
    pub board: std::sync::Arc<QuoteBoard>,
    pub days: MarketDays,
    pub charts: ChartStore,
    pub sectors: std::sync::Arc<Vec<Sector>>,
    pub articles: ArticleStore,
    pub posts: PostStore,
    pub explainer: DayExplainer,
}

impl ClosedDayGrpc {
    /// Every listed security's quote of `date`: the live board's while it shows that day
    /// (`None` until the simulator's step past the close has set the closing prices),
    /// otherwise from the day candles (`None` while a stock's close of the day is not
    /// stored yet).
    async fn quotes(&self, date: NaiveDate) -> anyhow::Result<Option<Vec<pb::Quote>>> {
        if date == self.days.live_date(now_kst()) {
            let quotes = self.board.quotes();
            let over = |q: &pb::Quote| {
                matches!(
                    pb::Session::try_from(q.session),
                    Ok(pb::Session::Closed | pb::Session::AfterHours)
                )
            };
            return Ok(quotes.iter().all(over).then_some(quotes));
        }
        let ids: Vec<String> = self
            .board
            .quotes()
            .into_iter()
            .map(|q| q.security_id)
            .collect();
        let Some(days) = self.charts.days_on(&ids, date).await? else {
            return Ok(None);
        };
        Ok(Some(
            ids.iter()
                .filter_map(|id| {
                    let stock = self.board.security(id)?;
                    Some(closed_quote(stock, days.get(id)?))
                })
                .collect(),
        ))
    }

    async fn mover(&self, date: NaiveDate, row: &Row<'_>) -> anyhow::Result<pb::ClosedMover> {
        let q = &row.quote;
        let found = self
            .explainer
            .explain_day(
                &q.security_id,
                date,
                q.previous_close.round() as i64,
                q.price.round() as i64,
            )
            .await?;
        Ok(pb::ClosedMover {
            stock: Some(row.to_proto()),
            r#move: Some(found),
        })
    }

    /// The day's filings of `ids`, newest first.
    async fn disclosures(
        &self,
        date: NaiveDate,
        ids: &[String],
    ) -> anyhow::Result<Vec<pb::Disclosure>> {
        // Strictly before the next day: the day's newest first.
        let after = DisclosureKey {
            rcept_dt: date.checked_add_days(Days::new(1)).unwrap_or(date),
            rcept_no: String::new(),
        };
        let mut filed = Vec::new();
        for chunk in ids.chunks(DISCLOSURE_IDS) {
            filed.extend(
                self.articles
                    .list_disclosures(chunk, Some(&after), NOTABLE)
                    .await?
                    .into_iter()
                    .filter(|d| d.rcept_dt == date),
            );
        }
        filed.sort_by(|a, b| b.rcept_no.cmp(&a.rcept_no));
        filed.truncate(NOTABLE);
        Ok(filed.into_iter().map(disclosure_to_proto).collect())
    }
}

fn failed(error: anyhow::Error) -> Status {
    internal_status(error)
}

#[tonic::async_trait]
impl pb::closed_day_service_server::ClosedDayService for ClosedDayGrpc {
    async fn list_closed_days(
        &self,
        request: Request<pb::ListClosedDaysRequest>,
    ) -> Result<Response<pb::ListClosedDaysResponse>, Status> {
        let limit = PageLimit::parse(request.get_ref().limit, 1, MAX_CLOSED_DAYS)?.get();
        Ok(Response::new(pb::ListClosedDaysResponse {
            dates: self
                .days
                .closed_days(now_kst(), limit)
                .iter()
                .map(ToString::to_string)
                .collect(),
        }))
    }

    #[tracing::instrument(skip_all, fields(date = %request.get_ref().date))]
    async fn get_closed_day(
        &self,
        request: Request<pb::GetClosedDayRequest>,
    ) -> Result<Response<pb::ClosedDay>, Status> {
        let request = request.into_inner();
        let date = TradingDate::parse(request.date.trim())?.date();
        let limit = PageLimit::parse(request.limit, DEFAULT_MOVERS, MAX_MOVERS)?.get();
        if !self
            .days
            .closed_days(now_kst(), MAX_CLOSED_DAYS as usize)
            .contains(&date)
        {
            return Err(DomainError::from(ErrorCode::DayNotClosed).into());
        }
        let Some(quotes) = self.quotes(date).await.map_err(failed)? else {
            return Err(Status::unavailable(
                "the day's simulated closes are still being stored",
            ));
        };
        let rows: Vec<Row<'_>> = quotes
            .into_iter()
            .filter_map(|quote| {
                Some(Row {
                    stock: self.board.security(&quote.security_id)?,
                    quote,
                    score: 0.0,
                })
            })
            .collect();
        let ranked = ranked(&rows, limit);
        let mut rising = Vec::with_capacity(ranked.rising.len());
        for row in &ranked.rising {
            rising.push(self.mover(date, row).await.map_err(failed)?);
        }
        let mut falling = Vec::with_capacity(ranked.falling.len());
        for row in &ranked.falling {
            falling.push(self.mover(date, row).await.map_err(failed)?);
        }
        let mut universe: Vec<String> = Vec::new();
        for row in ranked
            .rising
            .iter()
            .chain(&ranked.falling)
            .chain(&ranked.most_traded)
        {
            if !universe.contains(&row.quote.security_id) {
                universe.push(row.quote.security_id.clone());
            }
        }
        let disclosures = self.disclosures(date, &universe).await.map_err(failed)?;
        let by_id: HashMap<&str, &Row<'_>> = rows
            .iter()
            .map(|r| (r.quote.security_id.as_str(), r))
            .collect();
        // The day's posts per board, KST midnight to midnight.
        let from = kst_instant(date, 0).timestamp_millis();
        let until = from + 24 * 3_600_000;
        let mut counts = self.posts.counts(from, until).await.map_err(failed)?;
        counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let discussed = counts
            .iter()
            .filter(|(_, posts)| *posts > 0)
            .filter_map(|(id, posts)| {
                let row = by_id.get(id.as_str())?;
                Some(Row {
                    score: *posts as f64,
                    ..(*row).clone()
                })
            })
            .take(limit)
            .map(|row| row.to_proto())
            .collect();
        Ok(Response::new(pb::ClosedDay {
            date: date.to_string(),
            indexes: self.days.index_closes(date).await.map_err(failed)?,
            rising,
            falling,
            sectors: sectors_of(&self.sectors, &rows),
            disclosures,
            discussed,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::Candle;
    use crate::dataset::SecurityKind;
    use crate::domain::{Market, SecurityId};

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    fn stock(code: &str, kind: SecurityKind) -> ListedStock {
        ListedStock {
            security_id: SecurityId::parse(&format!("KOREA-A{code}")).expect("id"),
            name: format!("종목{code}"),
            name_en: None,
            market: Market::Kospi,
            shares_outstanding: 1_000_000,
            last_close: 10_000,
            last_close_date: date(2026, 5, 8),
            kind,
        }
    }

    fn day(previous_close: i64, close: i64, value: i64) -> DayOf {
        DayOf {
            candle: Candle {
                date: date(2026, 11, 27),
                open: previous_close,
                high: close.max(previous_close),
                low: close.min(previous_close),
                close,
                volume: 100,
                trading_value: value,
            },
            previous_close,
        }
    }

    #[test]
    fn a_closed_day_quotes_its_close_against_the_day_before() {
        let samsung = stock("005930", SecurityKind::Stock);
        let q = closed_quote(&samsung, &day(55_500, 72_100, 9));
        assert_eq!(
            (q.price, q.previous_close, q.change),
            (72_100.0, 55_500.0, 16_600.0)
        );
        assert!((q.change_rate - 16_600.0 / 55_500.0).abs() < 1e-12);
        // 72,100 is 55,500's upper limit.
        assert_eq!(q.change_type, pb::PriceChange::UpperLimit as i32);
        assert_eq!(q.session, pb::Session::Closed as i32);
        let falling = closed_quote(&samsung, &day(10_000, 9_900, 9));
        assert_eq!(falling.change_type, pb::PriceChange::Fall as i32);
        // An ETF's limits are on its 5-won grid: 1,604 is not an ETF price, 1,600 is.
        let etf = stock(
            "459580",
            SecurityKind::Etf {
                daily_sigma: 0.001,
                value_per_day: 1.0e9,
            },
        );
        let q = closed_quote(&etf, &day(1_234, 1_600, 9));
        assert_eq!(q.change_type, pb::PriceChange::UpperLimit as i32);
        assert_eq!(q.upper_limit, 1_600.0);
    }

    #[test]
    fn a_closed_day_ranks_its_stocks_as_the_live_lists_do() {
        let stocks: Vec<ListedStock> = ["000010", "000020", "000030", "000040", "000050"]
            .iter()
            .map(|code| stock(code, SecurityKind::Stock))
            .chain([stock(
                "069500",
                SecurityKind::Etf {
                    daily_sigma: 0.01,
                    value_per_day: 1.0e12,
                },
            )])
            .collect();
        // Changes: +10%, +2%, 0, −3%, −8%; the ETF +20% and the most traded.
        let days = [
            day(10_000, 11_000, 50),
            day(10_000, 10_200, 40),
            day(10_000, 10_000, 30),
            day(10_000, 9_700, 20),
            day(10_000, 9_200, 10),
            day(10_000, 12_000, 1_000),
        ];
        let rows: Vec<Row<'_>> = stocks
            .iter()
            .zip(&days)
            .map(|(stock, day)| Row {
                stock,
                quote: closed_quote(stock, day),
                score: 0.0,
            })
            .collect();
        let ids = |rows: &[Row<'_>]| -> Vec<String> {
            rows.iter().map(|r| r.quote.security_id.clone()).collect()
        };
        let ranked = ranked(&rows, 5);
        assert_eq!(
            ids(&ranked.rising),
            ["KOREA-A000010", "KOREA-A000020"],
            "rising stocks only, the ETF left out"
        );
        assert_eq!(ids(&ranked.falling), ["KOREA-A000050", "KOREA-A000040"]);
        assert_eq!(
            ids(&ranked.most_traded),
            [
                "KOREA-A000010",
                "KOREA-A000020",
                "KOREA-A000030",
                "KOREA-A000040",
                "KOREA-A000050"
            ]
        );
        assert_eq!(ids(&super::ranked(&rows, 1).rising), ["KOREA-A000010"]);

        // Two groups: the stronger first, market-cap weighted, with their counts.
        let group = |code: &str, members: &[&str]| Sector {
            code: code.to_owned(),
            name: format!("그룹{code}"),
            parent_code: "G1".to_owned(),
            parent_name: "부문".to_owned(),
            members: members.iter().map(|m| format!("KOREA-A{m}")).collect(),
        };
        let sectors = [
            group("G1010", &["000040", "000050"]),
            group("G1020", &["000010", "000030", "999999"]),
        ];
        let days = sectors_of(&sectors, &rows);
        assert_eq!(days.len(), 2);
        assert_eq!(days[0].wics_sector_code, "G1020");
        assert!(
            (days[0].change_rate - 0.05).abs() < 1e-12,
            "{}",
            days[0].change_rate
        );
        assert_eq!((days[0].rising_count, days[0].falling_count), (1, 0));
        assert_eq!(days[0].components_count, 2);
        assert!(days[0].components.is_empty());
        assert!((days[1].change_rate + 0.055).abs() < 1e-12);
        assert_eq!((days[1].rising_count, days[1].falling_count), (0, 2));
    }
}
