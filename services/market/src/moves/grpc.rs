//! `sise.market.v1.MoveService`: the chart periods, the windows read around a move, and the
//! reads (candles from the charts, disclosures and news from the article store, posts from
//! `counted_posts`). Every list is bounded: at most [`MAX_LIMIT`] moves, each with at most
//! [`MAX_DISCLOSURES`] disclosures and [`MAX_NEWS`] news items.

use std::sync::Arc;

use chrono::{Days, NaiveDate};
use sise_platform::error::{DomainError, ErrorCode};
use sise_platform::request::PageLimit;
use sise_platform::time::now_ms;
use sise_proto::market::v1 as pb;
use tonic::{Request, Response, Status};

use super::finder::{FoundMove, Point, largest_moves};
use crate::articles::store::ArticleStore;
use crate::articles::{DisclosureKey, NewsKey, disclosure_to_proto, news_to_proto};
use crate::charts::{self, ChartStore, IntradayBook};
use crate::domain::{SecurityId, security_not_found};
use crate::feed::QuoteBoard;
use crate::simulator::clock::{kst_instant, previous_trading_day};
use crate::trends::posts::PostStore;

/// Moves per answer when the request names no limit, and the most.
pub const DEFAULT_LIMIT: u32 = 3;
pub const MAX_LIMIT: u32 = 10;
/// Length of an intraday move's window, in market minutes.
pub const INTRADAY_SPAN_MINUTES: i64 = 10;
/// Most disclosures and news items listed per move (the newest of its window).
pub const MAX_DISCLOSURES: usize = 5;
pub const MAX_NEWS: usize = 5;

const MINUTE_MS: i64 = 60_000;
const HOUR_MS: i64 = 3_600_000;
const DAY_MS: i64 = 24 * HOUR_MS;
/// The usual board rate is measured over the last week (market keeps eight days of posts).
const USUAL_RATE_MS: i64 = 7 * DAY_MS;
/// An intraday move's news window: from this long before its first minute …
const INTRADAY_NEWS_BEFORE_MS: i64 = 3 * HOUR_MS;
/// … to this long after its last; its board window reaches this far on both sides.
const INTRADAY_AFTER_MS: i64 = HOUR_MS;
/// A daily move's news window starts at the previous trading day's close (15:30 KST).
const CLOSE_SECONDS: u32 = 15 * 3600 + 30 * 60;

/// One of the chart's periods (the webapp's 1일 / 1주 / 1개월 / 3개월 / 1년).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Period {
    Day,
    Week,
    Month,
    Quarter,
    Year,
}

impl Period {
    pub fn parse(text: &str) -> Result<Self, DomainError> {
        match text {
            "1d" => Ok(Self::Day),
            "1w" => Ok(Self::Week),
            "1m" => Ok(Self::Month),
            "3m" => Ok(Self::Quarter),
            "1y" => Ok(Self::Year),
            _ => Err(ErrorCode::InvalidChartPeriod.into()),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Day => "1d",
            Self::Week => "1w",
            Self::Month => "1m",
            Self::Quarter => "3m",
            Self::Year => "1y",
        }
    }

    /// Calendar days a daily period looks back from its newest candle (inclusive), as the
    /// webapp's chart draws it; `None` for the day's minute chart.
    pub fn calendar_days(self) -> Option<u64> {
        match self {
            Self::Day => None,
            Self::Week => Some(7),
            Self::Month => Some(31),
            Self::Quarter => Some(92),
            Self::Year => Some(365),
        }
    }
}

/// Where a move is and the windows read around it.
#[derive(Clone, Debug, PartialEq)]
struct Located {
    found: FoundMove,
    date: NaiveDate,
    /// On the chart's clock.
    start_ms: i64,
    end_ms: i64,
    /// Real instants, `[from, until)`.
    news: (i64, i64),
    board: (i64, i64),
    /// Receipt dates, inclusive.
    disclosures: (NaiveDate, NaiveDate),
}

/// Disclosures are dated only: those received on the move's trading day or the one before
/// (filings after the previous close move the next day).
fn disclosure_dates(date: NaiveDate) -> (NaiveDate, NaiveDate) {
    (previous_trading_day(date), date)
}

fn ms(date: NaiveDate, seconds: u32) -> i64 {
    kst_instant(date, seconds).timestamp_millis()
}

/// A daily move on `date`: news from the previous trading day's close to the end of the
/// day, posts of the day (KST).
fn locate_day(found: FoundMove, date: NaiveDate) -> Located {
    let start = ms(date, 0);
    let end_of_day = start + DAY_MS;
    Located {
        found,
        date,
        start_ms: start,
        end_ms: start,
        news: (ms(previous_trading_day(date), CLOSE_SECONDS), end_of_day),
        board: (start, end_of_day),
        disclosures: disclosure_dates(date),
    }
}

/// An intraday move over the minutes `start_ms..=end_ms` (market clock) that were traded at
/// the real instants `real_first..=real_last`: news from three hours before to an hour
/// after, posts from an hour before to an hour after.
fn locate_minutes(
    found: FoundMove,
    date: NaiveDate,
    (start_ms, end_ms): (i64, i64),
    (real_first, real_last): (i64, i64),
) -> Located {
    let real_end = real_last + MINUTE_MS;
    Located {
        found,
        date,
        start_ms,
        end_ms,
        news: (
            real_first - INTRADAY_NEWS_BEFORE_MS,
            real_end + INTRADAY_AFTER_MS,
        ),
        board: (real_first - INTRADAY_AFTER_MS, real_end + INTRADAY_AFTER_MS),
        disclosures: disclosure_dates(date),
    }
}

/// Posts in `window` against the usual rate: the stock's posts of the last week outside the
/// window, per hour, times the hours of the window up to `now`.
fn board_activity(
    window: (i64, i64),
    now: i64,
    posts: i64,
    week_posts: i64,
    overlap_posts: i64,
) -> pb::BoardActivity {
    let week_from = now - USUAL_RATE_MS;
    let overlap_ms = (window.1.min(now) - window.0.max(week_from)).max(0);
    let rest_hours = (USUAL_RATE_MS - overlap_ms) as f64 / HOUR_MS as f64;
    let rate = if rest_hours > 0.0 {
        (week_posts - overlap_posts).max(0) as f64 / rest_hours
    } else {
        0.0
    };
    let elapsed_hours = (window.1.min(now) - window.0).max(0) as f64 / HOUR_MS as f64;
    let usual_posts = rate * elapsed_hours;
    pb::BoardActivity {
        from_ms: window.0,
        until_ms: window.1,
        posts,
        usual_posts,
        ratio: (usual_posts > 0.0).then(|| posts as f64 / usual_posts),
        covered: window.0 >= week_from,
    }
}

pub struct MoveGrpc {
    pub board: Arc<QuoteBoard>,
    pub store: ChartStore,
    pub book: Arc<IntradayBook>,
    pub articles: ArticleStore,
    pub posts: PostStore,
}

impl MoveGrpc {
    fn known(&self, id: SecurityId) -> Result<SecurityId, DomainError> {
        if self.board.security(id.as_str()).is_none() || !self.book.contains(id.as_str()) {
            return Err(security_not_found());
        }
        Ok(id)
    }

    /// The largest moves of today's minute candles.
    fn intraday_moves(&self, id: &str, limit: usize) -> Vec<Located> {
        let Some((date, bars)) = self.book.minute_bars_at(id) else {
            return Vec::new();
        };
        let points: Vec<Point> = bars
            .iter()
            .map(|(bar, _)| Point {
                time: i64::from(bar.minute),
                close: bar.close,
            })
            .collect();
        // The chart's baseline: the previous close (the first bar's open without one).
        let base = self
            .board
            .quote(id)
            .map(|q| q.previous_close.round() as i64)
            .filter(|&p| p > 0)
            .or_else(|| bars.first().map(|(bar, _)| bar.open));
        largest_moves(&points, base, INTRADAY_SPAN_MINUTES, limit)
            .into_iter()
            .map(|found| {
                let (first, real_first) = bars[found.first];
                let (last, real_last) = bars[found.last];
                locate_minutes(
                    found,
                    date,
                    (first.time_ms(date), last.time_ms(date)),
                    (real_first, real_last),
                )
            })
            .collect()
    }

    /// The days of a period with the largest daily change (close against the previous
    /// close).
    async fn daily_moves(&self, id: &str, days: u64, limit: usize) -> anyhow::Result<Vec<Located>> {
        // A trading day per calendar day at most, and the day before the period.
        let mut candles =
            charts::read_days(&self.store, &self.book, id, None, days as usize + 1).await?;
        candles.reverse();
        let Some(newest) = candles.last() else {
            return Ok(Vec::new());
        };
        let from = newest.date.checked_sub_days(Days::new(days - 1));
        let split = candles
            .iter()
            .position(|c| from.is_none_or(|from| c.date >= from))
            .unwrap_or(candles.len());
        let (before, period) = candles.split_at(split);
        let base = before.last().map(|c| c.close);
        let points: Vec<Point> = period
            .iter()
            .enumerate()
            .map(|(i, c)| Point {
                time: i as i64,
                close: c.close,
            })
            .collect();
        Ok(largest_moves(&points, base, 1, limit)
            .into_iter()
            .map(|found| locate_day(found, period[found.last].date))
            .collect())
    }
}

/// What happened around one move; `week_posts` the security's posts of the week to `now`
/// (the same for every move of an answer: counted once by the caller).
async fn explain(
    articles: &ArticleStore,
    posts: &PostStore,
    id: &str,
    located: Located,
    now: i64,
    week_posts: i64,
) -> anyhow::Result<pb::Move> {
    let ids = [id.to_owned()];
    let (disclosures_from, disclosures_to) = located.disclosures;
    // Strictly before the day after the window, newest first: the window's newest.
    let after_window = DisclosureKey {
        rcept_dt: disclosures_to
            .checked_add_days(Days::new(1))
            .unwrap_or(disclosures_to),
        rcept_no: String::new(),
    };
    let disclosures = articles
        .list_disclosures(&ids, Some(&after_window), MAX_DISCLOSURES)
        .await?
        .into_iter()
        .filter(|d| d.rcept_dt >= disclosures_from && d.rcept_dt <= disclosures_to)
        .map(disclosure_to_proto)
        .collect();
    let (news_from, news_until) = located.news;
    let before_until = NewsKey {
        published_at_ms: news_until,
        id: i64::MIN,
    };
    let news = articles
        .list_news(&ids, Some(&before_until), MAX_NEWS)
        .await?
        .into_iter()
        .filter(|n| n.published_at_ms >= news_from && n.published_at_ms < news_until)
        .map(news_to_proto)
        .collect();
    let (board_from, board_until) = located.board;
    let board_posts = posts.count_of(id, board_from, board_until).await?;
    let week_from = now - USUAL_RATE_MS;
    let overlap = (board_from.max(week_from), board_until.min(now));
    let overlap_posts = if overlap.0 < overlap.1 {
        posts.count_of(id, overlap.0, overlap.1).await?
    } else {
        0
    };
    let found = located.found;
    Ok(pb::Move {
        start_ms: located.start_ms,
        end_ms: located.end_ms,
        date: located.date.to_string(),
        from_price: found.from_price,
        to_price: found.to_price,
        change_rate: found.change_rate(),
        disclosures,
        news,
        board: Some(board_activity(
            located.board,
            now,
            board_posts,
            week_posts,
            overlap_posts,
        )),
        news_from_ms: news_from,
        news_until_ms: news_until,
        disclosures_from: disclosures_from.to_string(),
        disclosures_to: disclosures_to.to_string(),
    })
}

/// Explains one day's move outside a chart (a closed day's movers, `closed_days`): the
/// windows and reads of a daily period's move.
#[derive(Clone)]
pub struct DayExplainer {
    articles: ArticleStore,
    posts: PostStore,
}

impl DayExplainer {
    pub fn new(articles: ArticleStore, posts: PostStore) -> Self {
        Self { articles, posts }
    }

    /// The move of `security_id` on `date` from `from_price` (the previous close) to
    /// `to_price` (the close), with the disclosures, news and board activity around it.
    pub async fn explain_day(
        &self,
        security_id: &str,
        date: NaiveDate,
        from_price: i64,
        to_price: i64,
    ) -> anyhow::Result<pb::Move> {
        let now = now_ms();
        let week_posts = self
            .posts
            .count_of(security_id, now - USUAL_RATE_MS, now)
            .await?;
        let found = FoundMove {
            first: 0,
            last: 0,
            from_price,
            to_price,
        };
        explain(
            &self.articles,
            &self.posts,
            security_id,
            locate_day(found, date),
            now,
            week_posts,
        )
        .await
    }
}

#[tonic::async_trait]
impl pb::move_service_server::MoveService for MoveGrpc {
    #[tracing::instrument(skip_all, fields(security_id = %request.get_ref().security_id))]
    async fn explain_moves(
        &self,
        request: Request<pb::ExplainMovesRequest>,
    ) -> Result<Response<pb::ExplainMovesResponse>, Status> {
        let request = request.into_inner();
        // Bad values are refused before the id is looked up, as on every market call.
        let id = SecurityId::parse(&request.security_id)?;
        let period = Period::parse(&request.period)?;
        let limit = PageLimit::parse(request.limit, DEFAULT_LIMIT, MAX_LIMIT)?.get();
        let id = self.known(id)?;
        let fail = |error: anyhow::Error| {
            tracing::error!(error = format!("{error:#}"), "moves read failed");
            Status::from(DomainError::internal())
        };
        let located = match period.calendar_days() {
            None => self.intraday_moves(id.as_str(), limit),
            Some(days) => self
                .daily_moves(id.as_str(), days, limit)
                .await
                .map_err(fail)?,
        };
        let now = now_ms();
        let week_posts = self
            .posts
            .count_of(id.as_str(), now - USUAL_RATE_MS, now)
            .await
            .map_err(fail)?;
        let mut moves = Vec::with_capacity(located.len());
        for located in located {
            moves.push(
                explain(
                    &self.articles,
                    &self.posts,
                    id.as_str(),
                    located,
                    now,
                    week_posts,
                )
                .await
                .map_err(fail)?,
            );
        }
        Ok(Response::new(pb::ExplainMovesResponse {
            period: period.as_str().to_owned(),
            moves,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    const MOVE: FoundMove = FoundMove {
        first: 0,
        last: 0,
        from_price: 100,
        to_price: 110,
    };

    #[test]
    fn periods_parse_as_the_chart_names_them() {
        for name in ["1d", "1w", "1m", "3m", "1y"] {
            assert_eq!(Period::parse(name).expect(name).as_str(), name);
        }
        for bad in ["", "1D", "day", "2y", " 1d"] {
            assert_eq!(
                Period::parse(bad).expect_err(bad).code,
                ErrorCode::InvalidChartPeriod
            );
        }
    }

    #[test]
    fn a_monday_move_reads_from_fridays_close() {
        // Monday 2026-11-23: news since Friday 15:30 KST, disclosures received Friday or
        // Monday, posts of Monday.
        let located = locate_day(MOVE, date(2026, 11, 23));
        assert_eq!(located.news.0, ms(date(2026, 11, 20), CLOSE_SECONDS));
        assert_eq!(located.news.1, ms(date(2026, 11, 24), 0));
        assert_eq!(
            located.disclosures,
            (date(2026, 11, 20), date(2026, 11, 23))
        );
        assert_eq!(
            located.board,
            (ms(date(2026, 11, 23), 0), ms(date(2026, 11, 24), 0))
        );
    }

    #[test]
    fn an_intraday_move_reads_hours_around_its_real_instants() {
        let day = date(2026, 11, 23);
        let located = locate_minutes(
            MOVE,
            day,
            (1, 2),
            (10 * HOUR_MS, 10 * HOUR_MS + 9 * MINUTE_MS),
        );
        assert_eq!((located.start_ms, located.end_ms), (1, 2));
        assert_eq!(located.news, (7 * HOUR_MS, 11 * HOUR_MS + 10 * MINUTE_MS));
        assert_eq!(located.board, (9 * HOUR_MS, 11 * HOUR_MS + 10 * MINUTE_MS));
    }

    #[test]
    fn board_activity_against_the_rest_of_the_week() {
        let now = 100 * DAY_MS;
        // A past day with 24 posts; the week holds 24 + 144 (one an hour elsewhere).
        let day = (now - 3 * DAY_MS, now - 2 * DAY_MS);
        let board = board_activity(day, now, 24, 24 + 144, 24);
        assert!(board.covered);
        assert!((board.usual_posts - 24.0).abs() < 1e-9, "{board:?}");
        assert_eq!(board.ratio, Some(1.0));
        // Today, half elapsed: 12 hours at the usual rate.
        let today = (now - 12 * HOUR_MS, now + 12 * HOUR_MS);
        let board = board_activity(today, now, 48, 48 + 156, 48);
        assert!((board.usual_posts - 12.0).abs() < 1e-9, "{board:?}");
        assert_eq!(board.ratio, Some(4.0));
        // No posts before: no ratio. Older than the kept posts: not covered.
        let board = board_activity(today, now, 3, 3, 3);
        assert_eq!((board.usual_posts, board.ratio), (0.0, None));
        let old = (now - 30 * DAY_MS, now - 29 * DAY_MS);
        assert!(!board_activity(old, now, 0, 10, 0).covered);
    }
}
