//! "Why it moved" on the main host: the largest moves of a stock's chart period, each with
//! the disclosures, news and board activity around it. The market service's `MoveService`
//! answers; see docs/architecture.md, "Why it moved".

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sise_platform::request::PageLimit;
use sise_proto::market::v1 as pb;
use utoipa::{IntoParams, ToSchema};

use crate::api::articles::{Disclosure, NewsItem};
use crate::api::params::{ChartPeriod, MovesLimit, SecurityId};
use crate::api::{ApiPath, ApiQuery};
use crate::error::{ApiError, ApiErrorBody};
use crate::state::AppState;

/// `MoveService`'s most moves per answer.
pub const MAX_MOVES: u32 = 10;

/// The stock's board in a window, against its usual rate.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct BoardActivity {
    /// Start and end (exclusive) of the counted window, epoch milliseconds.
    pub from: i64,
    pub until: i64,
    /// Posts written in the window.
    pub posts: i64,
    /// Posts the window would hold at the stock's usual rate (its posts of the rest of the
    /// last seven days, per hour, times the window's hours up to now).
    pub usual_posts: f64,
    /// `posts / usual_posts`; null when the stock had no posts the rest of the week.
    pub ratio: Option<f64>,
    /// False when the window starts more than seven days ago: posts that old are not kept,
    /// so the count says nothing.
    pub covered: bool,
}

/// One move of the chart and what happened around it.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Move {
    /// Trading date of the move, `YYYY-MM-DD`.
    pub date: String,
    /// The move's span on the chart's clock, epoch milliseconds: for `1d` the first and the
    /// last minute candle of its window (as the minute candles' `time`), for the day periods
    /// 00:00 KST of its date for both.
    pub start: i64,
    pub end: i64,
    /// Price before the move (the previous close) and at its end, in won.
    pub from_price: i64,
    pub to_price: i64,
    /// Percent, e.g. `4.25` for +4.25 %.
    pub change_rate: f64,
    /// The stock's disclosures received on the move's trading day or the one before,
    /// newest first, at most 5.
    pub disclosures: Vec<Disclosure>,
    /// News naming the stock published in the news window, newest first, at most 5.
    pub news: Vec<NewsItem>,
    pub board: BoardActivity,
    /// The news window, epoch milliseconds, `[from, until)`.
    pub news_from: i64,
    pub news_until: i64,
    /// Receipt dates of the disclosures looked at, `YYYY-MM-DD`, inclusive.
    pub disclosures_from: String,
    pub disclosures_to: String,
}

/// The largest moves of one chart period, largest first.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct MoveList {
    /// The period asked for.
    pub period: String,
    pub moves: Vec<Move>,
}

/// `period` and `limit` of the moves.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MovesQuery {
    /// The chart period: `1d` (today's minute candles), `1w`, `1m`, `3m` or `1y` (day
    /// candles).
    #[param(value_type = ChartPeriod)]
    pub period: String,
    /// Most moves, 1 to 10 (default 3).
    #[param(value_type = Option<MovesLimit>)]
    pub limit: Option<String>,
}

#[utoipa::path(
    get,
    path = "/api/v1/securities/{security_id}/moves",
    tag = "main",
    security(()),
    params(
        ("security_id" = SecurityId, Path, description = "The stock, e.g. KOREA-A005930"),
        MovesQuery,
    ),
    responses(
        (status = 200, description = "The period's largest non-overlapping moves, largest first (for `1d` the largest price changes over 10-minute windows of today's minute candles, for the other periods the days with the largest change against the previous close), each with the disclosures, news and board activity around it", body = MoveList),
        (status = 400, description = "Malformed id (`invalid_security_id`), `period` (`invalid_chart_period`; absent: `invalid_query`) or `limit` (`invalid_limit`)", body = ApiErrorBody),
        (status = 404, description = "Unknown security (`security_not_found`)", body = ApiErrorBody),
    )
)]
pub async fn get_moves(
    State(state): State<AppState>,
    ApiPath(security_id): ApiPath<String>,
    ApiQuery(query): ApiQuery<MovesQuery>,
) -> Result<Json<MoveList>, ApiError> {
    let limit = PageLimit::from_query(query.limit.as_deref(), MAX_MOVES)?;
    let response = state
        .clients
        .moves
        .clone()
        .explain_moves(pb::ExplainMovesRequest {
            security_id,
            period: query.period,
            limit,
        })
        .await?
        .into_inner();
    Ok(Json(MoveList {
        period: response.period,
        moves: response.moves.into_iter().map(Move::from).collect(),
    }))
}

impl From<pb::Move> for Move {
    fn from(m: pb::Move) -> Self {
        let board = m.board.unwrap_or_default();
        Self {
            date: m.date,
            start: m.start_ms,
            end: m.end_ms,
            from_price: m.from_price,
            to_price: m.to_price,
            change_rate: m.change_rate,
            disclosures: m.disclosures.into_iter().map(Disclosure::from).collect(),
            news: m.news.into_iter().map(NewsItem::from).collect(),
            board: BoardActivity {
                from: board.from_ms,
                until: board.until_ms,
                posts: board.posts,
                usual_posts: board.usual_posts,
                ratio: board.ratio,
                covered: board.covered,
            },
            news_from: m.news_from_ms,
            news_until: m.news_until_ms,
            disclosures_from: m.disclosures_from,
            disclosures_to: m.disclosures_to,
        }
    }
}
