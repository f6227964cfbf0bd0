//! "Why it moved" (`MoveService/ExplainMoves`) on a fresh service: the moves against the
//! candles `ChartService` serves, the disclosures and news against what `ArticleService`
//! lists for the same windows, the board activity against posts published on the service's
//! bus (no other posts exist here, so the counts are exact), and the errors.

use std::time::Duration;

use sise_platform::error::{DomainError, ErrorCode};
use sise_platform::time::now_ms;
use sise_proto::market::v1 as pb;
use sise_proto::market::v1::article_service_client::ArticleServiceClient;
use sise_proto::market::v1::move_service_client::MoveServiceClient;

use crate::helpers::{SAMSUNG, TestApp};

const HOUR_MS: i64 = 3_600_000;
const DAY_MS: i64 = 24 * HOUR_MS;
const WEEK_MS: i64 = 7 * DAY_MS;

async fn explain(
    app: &TestApp,
    security_id: &str,
    period: &str,
    limit: Option<i64>,
) -> Result<Vec<pb::Move>, ErrorCode> {
    MoveServiceClient::new(app.service.channel.clone())
        .explain_moves(pb::ExplainMovesRequest {
            security_id: security_id.to_owned(),
            period: period.to_owned(),
            limit,
        })
        .await
        .map(|r| {
            let r = r.into_inner();
            assert_eq!(r.period, period);
            r.moves
        })
        .map_err(|status| DomainError::from_status(&status).code)
}

/// Every disclosure and news item of the stock, newest first, through `ArticleService`.
async fn all_articles(app: &TestApp) -> (Vec<pb::Disclosure>, Vec<pb::NewsItem>) {
    let mut client = ArticleServiceClient::new(app.service.channel.clone());
    let request = |cursor: String| pb::ListArticlesRequest {
        security_id: SAMSUNG.to_owned(),
        security_ids: Vec::new(),
        limit: Some(50),
        cursor,
    };
    let (mut disclosures, mut news) = (Vec::new(), Vec::new());
    let mut cursor = String::new();
    for _ in 0..100 {
        let page = client
            .list_disclosures(request(cursor))
            .await
            .expect("disclosures")
            .into_inner();
        disclosures.extend(page.disclosures);
        match page.next_cursor {
            Some(next) => cursor = next,
            None => break,
        }
    }
    let mut cursor = String::new();
    for _ in 0..100 {
        let page = client
            .list_news(request(cursor))
            .await
            .expect("news")
            .into_inner();
        news.extend(page.news);
        match page.next_cursor {
            Some(next) => cursor = next,
            None => break,
        }
    }
    (disclosures, news)
}

/// The move's lists are the newest five of what the article lists hold in its windows.
fn assert_context(
    period: &str,
    m: &pb::Move,
    disclosures: &[pb::Disclosure],
    news: &[pb::NewsItem],
) {
    let expected: Vec<&str> = disclosures
        .iter()
        .filter(|d| {
            d.rcept_dt.as_str() >= m.disclosures_from.as_str()
                && d.rcept_dt.as_str() <= m.disclosures_to.as_str()
        })
        .take(5)
        .map(|d| d.rcept_no.as_str())
        .collect();
    let got: Vec<&str> = m.disclosures.iter().map(|d| d.rcept_no.as_str()).collect();
    assert_eq!(got, expected, "{period} {}", m.date);
    assert!(m.disclosures_from <= m.date && m.date == m.disclosures_to);
    let expected: Vec<i64> = news
        .iter()
        .filter(|n| n.published_at_ms >= m.news_from_ms && n.published_at_ms < m.news_until_ms)
        .take(5)
        .map(|n| n.id)
        .collect();
    let got: Vec<i64> = m.news.iter().map(|n| n.id).collect();
    assert_eq!(got, expected, "{period} {}", m.date);
    assert!(
        m.news
            .iter()
            .all(|n| n.security_ids.iter().any(|s| s == SAMSUNG))
    );
}

fn rate(m: &pb::Move) -> f64 {
    m.change_rate.abs()
}

sise_platform::per_backend! {
    /// The daily periods: each move is a day of the period with its change against the
    /// day before, the largest first, and no other day of the period (but today, which is
    /// live) moved more than the smallest one taken.
    async fn moves_are_the_largest_days_with_their_articles(backend) {
        let app = TestApp::spawn(backend).await;
        let candles = app
            .charts()
            .get_day_candles(pb::GetDayCandlesRequest {
                security_id: SAMSUNG.to_owned(),
                limit: Some(400),
                to: None,
            })
            .await
            .expect("candles")
            .into_inner()
            .day_candles;
        let (disclosures, news) = all_articles(&app).await;
        assert!(!disclosures.is_empty() && !news.is_empty(), "the seeded articles");
        let today = candles[0].date.clone();
        let mut with_disclosures = 0;
        for (period, days) in [("1w", 7), ("1m", 31), ("3m", 92), ("1y", 365)] {
            let moves = explain(&app, SAMSUNG, period, Some(10)).await.expect(period);
            assert!(!moves.is_empty() && moves.len() <= 10, "{period}: {moves:?}");
            assert!(moves.windows(2).all(|w| rate(&w[0]) >= rate(&w[1])), "{period}");
            let newest = chrono::NaiveDate::parse_from_str(&today, "%Y-%m-%d").expect("date");
            let first = (newest - chrono::Days::new(days - 1)).to_string();
            // (date, previous close, close) of the period's days but today.
            let period_days: Vec<(&str, i64, i64)> = candles
                .windows(2)
                .filter(|w| w[0].date >= first && w[0].date != today)
                .map(|w| (w[0].date.as_str(), w[1].close, w[0].close))
                .collect();
            let mut dates: Vec<&str> = moves.iter().map(|m| m.date.as_str()).collect();
            dates.sort_unstable();
            dates.dedup();
            assert_eq!(dates.len(), moves.len(), "one move a day: {period}");
            for m in &moves {
                assert!(m.date >= first, "{period}: {} before {first}", m.date);
                assert_eq!(m.start_ms, m.end_ms);
                if m.date != today {
                    let day = period_days.iter().find(|d| d.0 == m.date).expect("a day of the period");
                    assert_eq!((m.from_price, m.to_price), (day.1, day.2), "{period} {}", m.date);
                }
                let expected = (m.to_price - m.from_price) as f64 / m.from_price as f64 * 100.0;
                assert!((m.change_rate - expected).abs() < 1e-9);
                assert_context(period, m, &disclosures, &news);
                with_disclosures += usize::from(!m.disclosures.is_empty());
            }
            let smallest = moves.iter().map(rate).fold(f64::INFINITY, f64::min);
            for (date, before, close) in &period_days {
                let change = ((close - before) as f64 / *before as f64 * 100.0).abs();
                assert!(
                    change <= smallest + 1e-9 || dates.contains(date) || moves.len() < 10,
                    "{period}: {date} moved {change:.2}% but is not among {moves:?}"
                );
            }
        }
        // Samsung files often (871 bundled filings from May to August 2026): some of its
        // largest days of the year come with filings.
        println!("{backend:?}: {with_disclosures} moves with disclosures");
        app.stop().await;
    }
}

sise_platform::per_backend! {
    /// Posts counted in each move's board window (exactly: no posts but these), against the
    /// rest of the week; the day's minute moves; and the errors.
    async fn moves_count_the_board_and_refuse_bad_input(backend) {
        let app = TestApp::spawn(backend).await;
        let now = now_ms();
        // One a day over the last six days at this hour minus one, two at the same hour,
        // and four in the last minutes.
        let mut posts: Vec<i64> = (1..=6).map(|k| now - k * DAY_MS - HOUR_MS).collect();
        posts.extend([now - 3 * DAY_MS, now - 3 * DAY_MS + 60_000]);
        posts.extend((1..=4).map(|i| now - i * 60_000));
        // Older than what market keeps: not counted anywhere.
        app.post_created(1_000, SAMSUNG, now - 9 * DAY_MS).await;
        for (id, at) in posts.iter().enumerate() {
            app.post_created(id as i64 + 1, SAMSUNG, *at).await;
        }
        let within = |from: i64, until: i64| posts.iter().filter(|&&t| t >= from && t < until).count() as i64;
        // The usual count of a move's day from every post of the week outside it.
        let usual_of = |board: &pb::BoardActivity, now: i64| {
            let week = within(now - WEEK_MS, now);
            let overlap = (board.until_ms.min(now) - board.from_ms.max(now - WEEK_MS)).max(0);
            let rest = week - within(board.from_ms.max(now - WEEK_MS), board.until_ms.min(now));
            let hourly = rest as f64 / ((WEEK_MS - overlap) as f64 / HOUR_MS as f64);
            hourly * (board.until_ms.min(now) - board.from_ms) as f64 / HOUR_MS as f64
        };
        // Until every event is consumed: the moves' days and the rest of the week (on a day
        // without a move, as a weekend, the last minutes' posts are in no move's day).
        let mut moves = Vec::new();
        for _ in 0..500 {
            moves = explain(&app, SAMSUNG, "1w", Some(10)).await.expect("1w");
            let now = now_ms();
            let counted: i64 = moves.iter().map(|m| m.board.as_ref().expect("board").posts).sum();
            let expected: i64 = moves
                .iter()
                .map(|m| m.board.as_ref().map_or(0, |b| within(b.from_ms, b.until_ms)))
                .sum();
            let usual = moves.iter().filter_map(|m| m.board.as_ref()).all(|b| (b.usual_posts - usual_of(b, now)).abs() < 1e-3);
            if counted == expected && expected > 0 && usual {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let now = now_ms();
        let mut busy = 0;
        for m in &moves {
            let board = m.board.as_ref().expect("board");
            assert_eq!(board.posts, within(board.from_ms, board.until_ms), "{m:?}");
            assert_eq!(board.until_ms - board.from_ms, DAY_MS, "the move's day");
            assert!(board.covered, "within the week: {board:?}");
            let usual = usual_of(board, now);
            assert!((board.usual_posts - usual).abs() < 1e-3, "{board:?} against {usual}");
            match board.ratio {
                Some(ratio) => assert!((ratio - board.posts as f64 / board.usual_posts).abs() < 1e-9),
                None => assert_eq!(board.usual_posts, 0.0),
            }
            busy += usize::from(board.posts > 0);
        }
        assert!(busy > 0, "some move's day holds posts: {moves:?}");

        // The day's minutes: windows of at most ten market minutes, apart, on the minute
        // candles' clock.
        let mut intraday = Vec::new();
        for _ in 0..200 {
            intraday = explain(&app, SAMSUNG, "1d", None).await.expect("1d");
            if !intraday.is_empty() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(!intraday.is_empty() && intraday.len() <= 3, "{intraday:?}");
        let minutes = app
            .charts()
            .get_minute_candles(pb::GetMinuteCandlesRequest { security_id: SAMSUNG.to_owned() })
            .await
            .expect("minutes")
            .into_inner();
        let times: Vec<i64> = minutes.minute_candles.iter().map(|c| c.time_ms).collect();
        for m in &intraday {
            assert_eq!(m.date, minutes.date);
            assert!(times.contains(&m.start_ms) && times.contains(&m.end_ms), "{m:?}");
            assert!(m.start_ms <= m.end_ms && m.end_ms < m.start_ms + 10 * 60_000, "{m:?}");
            assert!(m.news_until_ms - m.news_from_ms >= 4 * HOUR_MS);
        }
        for (i, a) in intraday.iter().enumerate() {
            for b in &intraday[i + 1..] {
                assert!(a.end_ms < b.start_ms || b.end_ms < a.start_ms, "{a:?} {b:?}");
            }
        }
        assert!(intraday.windows(2).all(|w| rate(&w[0]) >= rate(&w[1])));

        // Errors: values before the lookup.
        for (id, period, limit, code) in [
            ("KOREA-A999999", "1m", None, ErrorCode::SecurityNotFound),
            ("005930", "1m", None, ErrorCode::InvalidSecurityId),
            (SAMSUNG, "", None, ErrorCode::InvalidChartPeriod),
            (SAMSUNG, "week", None, ErrorCode::InvalidChartPeriod),
            (SAMSUNG, "1m", Some(0), ErrorCode::InvalidLimit),
            (SAMSUNG, "1m", Some(11), ErrorCode::InvalidLimit),
            ("KOREA-A999999", "2y", None, ErrorCode::InvalidChartPeriod),
            ("KOREA-A999999", "1y", Some(-1), ErrorCode::InvalidLimit),
        ] {
            assert_eq!(explain(&app, id, period, limit).await.expect_err(period), code, "{id} {period} {limit:?}");
        }
        assert_eq!(explain(&app, SAMSUNG, "1y", Some(1)).await.expect("one").len(), 1);
        app.stop().await;
    }
}
