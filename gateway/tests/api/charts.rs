//! Day and minute candles through the gateway, on both storage backends.

use std::time::Duration;

use chrono::NaiveDate;
use serde_json::Value;
use sise_market::simulator::clock::{
    is_trading_day, kst_date, kst_instant, next_trading_day, previous_trading_day, session_date,
};
use sise_market::simulator::{now_kst, price_limits};

use crate::helpers::{SAMSUNG, TestApp, repo_root, shared, spawn_app, spawn_app_with};

/// A stock whose only real candle is the 2026-05-08 listing snapshot.
const SAMPLE_STOCK: &str = "KOREA-A000040";

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").expect("date")
}

fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).expect("date")
}

/// The trading day the continuous simulator trades now: today's, or on a closed day the
/// last one.
fn today() -> NaiveDate {
    session_date(kst_date(now_kst()))
}

fn candles(body: &Value) -> Vec<Value> {
    body["day_candles"].as_array().cloned().unwrap_or_default()
}

fn date_of(candle: &Value) -> NaiveDate {
    date(candle["date"].as_str().expect("date string"))
}

fn int(value: &Value, key: &str) -> i64 {
    value[key]
        .as_i64()
        .unwrap_or_else(|| panic!("{key} in {value}"))
}

fn assert_candle_shape(candle: &Value) {
    let (open, high, low, close) = (
        int(candle, "open"),
        int(candle, "high"),
        int(candle, "low"),
        int(candle, "close"),
    );
    assert!(
        low > 0 && low <= open.min(close) && high >= open.max(close),
        "{candle}"
    );
    assert!(int(candle, "volume") >= 0 && int(candle, "trading_value") >= 0);
}

/// Every page from the newest with `limit`, following `last_key` to the end.
async fn all_pages(app: &TestApp, security_id: &str, limit: usize) -> Vec<Value> {
    let mut all = Vec::new();
    let mut to: Option<String> = None;
    for _ in 0..100 {
        let mut path = format!("/main/api/v1/securities/{security_id}/day_candles?limit={limit}");
        if let Some(to) = &to {
            path.push_str(&format!("&to={to}"));
        }
        let (status, body) = app.json(&path).await;
        assert_eq!(status, 200, "{path}: {body}");
        let page = candles(&body);
        assert!(page.len() <= limit);
        if let Some(to) = &to {
            assert!(
                page.first().is_none_or(|c| date_of(c) <= date(to)),
                "to is an upper bound"
            );
        }
        match body["last_key"].as_str() {
            Some(next) => {
                assert_eq!(page.len(), limit, "only the last page is short");
                // The next page starts at the candle right after this one.
                let last = date_of(page.last().expect("a full page"));
                assert!(date(next) < last);
                to = Some(next.to_owned());
                all.extend(page);
            }
            None => {
                assert!(body["last_key"].is_null(), "null at the end: {body}");
                all.extend(page);
                return all;
            }
        }
    }
    panic!("more than 100 pages");
}

/// Dates strictly descending; from `exact_from` on, every KRX trading day is there.
fn assert_history(candles: &[Value], exact_from: NaiveDate) {
    for pair in candles.windows(2) {
        let (newer, older) = (date_of(&pair[0]), date_of(&pair[1]));
        assert!(
            older < newer,
            "descending without duplicates: {older} {newer}"
        );
        assert!(is_trading_day(older), "{older} is a trading day");
        if older >= exact_from {
            assert_eq!(previous_trading_day(newer), older, "no gap before {newer}");
        }
        assert_change_type(&pair[0], int(&pair[1], "close"));
    }
    candles.iter().for_each(assert_candle_shape);
}

/// The day's change type against the previous close: by its sign, and a limit move exactly
/// when the close reached the KRX limit price (the previous close ± 30 %, down to the tick).
fn assert_change_type(candle: &Value, previous_close: i64) {
    let close = int(candle, "close");
    let rate = (close - previous_close) as f64 / previous_close as f64;
    let kind = candle["change_type"].as_str().expect("change_type");
    let expected = match close.cmp(&previous_close) {
        std::cmp::Ordering::Greater if rate >= 0.3 => &["UPPER_LIMIT"][..],
        std::cmp::Ordering::Greater if rate > 0.28 => &["RISE", "UPPER_LIMIT"][..],
        std::cmp::Ordering::Greater => &["RISE"][..],
        std::cmp::Ordering::Equal => &["EVEN"][..],
        std::cmp::Ordering::Less if rate <= -0.3 => &["LOWER_LIMIT"][..],
        std::cmp::Ordering::Less if rate < -0.28 => &["FALL", "LOWER_LIMIT"][..],
        std::cmp::Ordering::Less => &["FALL"][..],
    };
    assert!(expected.contains(&kind), "{candle} after {previous_close}");
}

/// The close of `code` on `yyyymmdd` in the bundled KIS file.
fn kis_close(code: &str, yyyymmdd: &str) -> i64 {
    let path = repo_root().join("services/market/data/ohlcv_daily_263_kis_20251010_20260615.csv");
    let text = std::fs::read_to_string(path).expect("KIS file");
    text.lines()
        .map(|line| line.split(',').collect::<Vec<_>>())
        .find(|f| f[0] == code && f[2] == yyyymmdd)
        .and_then(|f| f[6].parse().ok())
        .expect("KIS row")
}

sise_platform::per_backend! {
    async fn day_candles_page_through_the_whole_history_without_gaps(backend) {
        let app = shared(backend).await;

        // Default page: 60 candles, newest first, with the date of the next one.
        let path = format!("/main/api/v1/securities/{SAMPLE_STOCK}/day_candles");
        let (status, body) = app.json(&path).await;
        assert_eq!(status, 200, "{body} on {backend:?}");
        let page = candles(&body);
        assert_eq!(page.len(), 60);
        let last_key = date(body["last_key"].as_str().expect("last_key"));
        assert_eq!(last_key, previous_trading_day(date_of(&page[59])));
        // The `.json` suffix answers the same. Both pages end at a past day: a stock that has
        // not traded yet today gets today's candle at its first trade, which may come between
        // two reads (it did, on a loaded machine, 2026-11-29).
        let bound = date_of(&page[1]);
        let (status, plain) = app.json(&format!("{path}?to={bound}&limit=60")).await;
        assert_eq!(status, 200);
        let (status, suffixed) = app.json(&format!("{path}.json?to={bound}&limit=60")).await;
        assert_eq!(status, 200);
        assert_eq!(suffixed["day_candles"], plain["day_candles"]);
        assert_eq!(suffixed["last_key"], plain["last_key"]);
        assert_eq!(candles(&plain).len(), 60);

        // A generated sample history of about a year around the real 2026-05-08 candle,
        // continued by the simulator: every trading day, once.
        let all = all_pages(&app, SAMPLE_STOCK, 500).await;
        assert!(all.len() >= 250, "{} candles", all.len());
        assert_history(&all, ymd(2025, 1, 2));
        assert!(all.iter().any(|c| date_of(c) == ymd(2026, 5, 8)));
        // Smaller pages give exactly the same candles (but for today's, which the stock's
        // first trade may add between the two walks).
        let before_today = |candles: &[Value]| -> Vec<Value> {
            candles.iter().filter(|c| date_of(c) < today()).cloned().collect()
        };
        assert_eq!(
            before_today(&all_pages(&app, SAMPLE_STOCK, 37).await),
            before_today(&all)
        );

        // Samsung: real history from 2021-04-21 (Naver) and to 2026-06-15 (KIS).
        let samsung = all_pages(&app, SAMSUNG, 500).await;
        assert_history(&samsung, ymd(2025, 1, 2));
        assert_eq!(samsung.last().map(date_of), Some(ymd(2021, 4, 21)));
        // The oldest day has no previous close to compare with.
        assert!(samsung.last().is_some_and(|c| c["change_type"].is_null()));
        // The history reaches today's date: the simulator trades the real calendar.
        assert_eq!(samsung.first().map(date_of), Some(today()));
        let last_real = samsung
            .iter()
            .find(|c| date_of(c) == ymd(2026, 6, 15))
            .expect("2026-06-15");
        assert_eq!(int(last_real, "close"), kis_close("005930", "20260615"));

        // `to` is inclusive; a weekend bound starts at the Friday before.
        let (_, body) = app
            .json(&format!(
                "/main/api/v1/securities/{SAMSUNG}/day_candles?to=2026-06-15&limit=3"
            ))
            .await;
        let dates: Vec<NaiveDate> = candles(&body).iter().map(date_of).collect();
        assert_eq!(
            dates,
            [ymd(2026, 6, 15), ymd(2026, 6, 12), ymd(2026, 6, 11)]
        );
        assert_eq!(body["last_key"], "2026-06-10");
        let (_, body) = app
            .json(&format!(
                "/main/api/v1/securities/{SAMSUNG}/day_candles?to=2026-06-14&limit=1"
            ))
            .await;
        assert_eq!(candles(&body).first().map(date_of), Some(ymd(2026, 6, 12)));
        // Before the first candle: empty, and the end.
        let (status, body) = app
            .json(&format!(
                "/main/api/v1/securities/{SAMSUNG}/day_candles?to=2000-01-01"
            ))
            .await;
        assert_eq!(status, 200);
        assert!(
            candles(&body).is_empty() && body["last_key"].is_null(),
            "{body}"
        );
        // The largest page.
        let (status, body) = app
            .json(&format!(
                "/main/api/v1/securities/{SAMSUNG}/day_candles?limit=500"
            ))
            .await;
        assert_eq!((status, candles(&body).len()), (200, 500));
    }
}

async fn assert_error(app: &TestApp, path: &str, status: u16, code: &str) {
    let response = app.get(path).await;
    assert_eq!(response.status().as_u16(), status, "{path}");
    let body: Value = response.json().await.expect("a JSON error body");
    assert_eq!(body["error"], code, "{path}: {body}");
    assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
}

sise_platform::per_backend! {
    async fn candles_reject_bad_input_with_json_errors(backend) {
        let app = shared(backend).await;
        for kind in ["day_candles", "minute_candles"] {
            assert_error(
                &app,
                &format!("/main/api/v1/securities/KOREA-A999999/{kind}"),
                404,
                "security_not_found",
            )
            .await;
            for malformed in ["005930", "KOREA-A00593", "korea-a005930", "%F0%9F%92%A9"] {
                assert_error(
                    &app,
                    &format!("/main/api/v1/securities/{malformed}/{kind}"),
                    400,
                    "invalid_security_id",
                )
                .await;
            }
            // Not UTF-8 once decoded: rejected before the handler, still as JSON.
            assert_error(
                &app,
                &format!("/main/api/v1/securities/KOREA-A%FF%FE/{kind}"),
                400,
                "invalid_path",
            )
            .await;
        }
        let base = format!("/main/api/v1/securities/{SAMSUNG}/day_candles");
        for limit in ["0", "501", "-1", "abc", "1.5", "99999999999999999999"] {
            assert_error(&app, &format!("{base}?limit={limit}"), 400, "invalid_limit").await;
        }
        for to in [
            "2026-13-01",
            "2026-02-30",
            "abc",
            "2026-6-1",
            "20260615",
            "2026-06-15T00:00",
        ] {
            assert_error(&app, &format!("{base}?to={to}"), 400, "invalid_date").await;
        }
        // Bad values are checked before the id is looked up; an unknown id with good
        // values is a 404.
        assert_error(
            &app,
            "/main/api/v1/securities/KOREA-A999999/day_candles?limit=10&to=2026-06-15",
            404,
            "security_not_found",
        )
        .await;
    }
}

/// Sum of the minute volumes and the minute candles of `security_id`.
async fn minutes(app: &TestApp, security_id: &str) -> (i64, Vec<Value>) {
    let (status, body) = app
        .json(&format!(
            "/main/api/v1/securities/{security_id}/minute_candles"
        ))
        .await;
    assert_eq!(status, 200, "{body}");
    let list = body["minute_candles"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    (list.iter().map(|c| int(c, "volume")).sum(), list)
}

sise_platform::per_backend! {
    async fn today_candle_comes_first_and_minute_candles_grow(backend) {
        // Fresh: it checks the simulator's first day, which a shared system leaves after
        // 600 s (one simulated day).
        let app = spawn_app(backend).await;
        // The continuous simulator opens today's trading day at once.
        let mut first = (0, Vec::new());
        for _ in 0..200 {
            first = minutes(&app, SAMSUNG).await;
            if !first.1.is_empty() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(!first.1.is_empty(), "minute candles on {backend:?}");
        let (status, body) = app
            .json(&format!(
                "/main/api/v1/securities/{SAMSUNG}/day_candles?limit=2"
            ))
            .await;
        assert_eq!(status, 200);
        let page = candles(&body);
        let today = date_of(&page[0]);
        assert_eq!(today, self::today(), "today's simulated candle first");
        assert_eq!(date_of(&page[1]), previous_trading_day(today));
        assert_candle_shape(&page[0]);
        let (upper, lower) = price_limits(int(&page[1], "close"));
        assert!((lower..=upper).contains(&int(&page[0], "close")));
        // Read after the minutes, the day holds at least their volume and their range.
        assert!(int(&page[0], "volume") >= first.0);
        let session_start = kst_instant(today, 9 * 3600).timestamp_millis();
        let close_time = kst_instant(today, 15 * 3600 + 30 * 60).timestamp_millis();
        // The day's opening price opens its first minute.
        assert_eq!(int(&first.1[0], "open"), int(&page[0], "open"));
        for pair in first.1.windows(2) {
            assert!(
                int(&pair[0], "time") < int(&pair[1], "time"),
                "oldest first"
            );
        }
        for minute in &first.1 {
            let time = int(minute, "time");
            assert_eq!(time % 60_000, 0, "start of a minute");
            assert!((session_start..=close_time).contains(&time));
            assert!(int(minute, "low") >= int(&page[0], "low"));
            assert!(int(minute, "high") <= int(&page[0], "high"));
            assert!(int(minute, "low") <= int(minute, "high"));
        }
        // The day goes on: more volume in more (or the same last) minutes.
        let mut grew = false;
        for _ in 0..300 {
            tokio::time::sleep(Duration::from_millis(100)).await;
            let now = minutes(&app, SAMSUNG).await;
            if now.0 > first.0 && now.1.len() >= first.1.len() {
                grew = true;
                break;
            }
        }
        assert!(
            grew,
            "minute candles grow while the simulator runs on {backend:?}"
        );
        app.stop().await;
    }
}

sise_platform::per_backend! {
    async fn sessions_replay_today_on_the_real_calendar(backend) {
        // Fresh: two-second sessions, which would restart every other test's "today".
        let app =
            spawn_app_with(backend, &[("services.market.simulator.day_length_secs", 2)]).await;
        let path = format!("/main/api/v1/securities/{SAMSUNG}/day_candles?limit=20");
        // The first read stores the stock's seeded history (once per process): a write, made
        // before the sessions start closing. Each two-second session stores every stock's
        // close, which keeps SQLite's one writer so busy that on a loaded machine the history's
        // write waited past the busy timeout and answered 500 (2026-11-29). The default
        // session is ten minutes long.
        let (status, _) = app.json(&path).await;
        assert_eq!(status, 200);
        // Three sessions of today go by.
        tokio::time::sleep(Duration::from_secs(6)).await;
        let (status, body) = app.json(&path).await;
        assert_eq!(status, 200);
        let page = candles(&body);
        // One candle per trading day up to today's: the sessions replayed the same date,
        // each from the same previous close, and stored no day beyond it.
        assert_history(&page, ymd(2025, 1, 2));
        let today = date_of(&page[0]);
        assert!(today == self::today() || next_trading_day(today) == self::today());
        assert_eq!(date_of(&page[1]), previous_trading_day(today));
        let (upper, lower) = price_limits(int(&page[1], "close"));
        assert!((lower..=upper).contains(&int(&page[0], "close")), "{page:?}");
        // Every trading day from the real 2026-06-15 to today, once.
        let all = all_pages(&app, SAMSUNG, 500).await;
        assert_history(&all, ymd(2025, 1, 2));
        let real = all
            .iter()
            .position(|c| date_of(c) == ymd(2026, 6, 15))
            .expect("the real last day");
        assert_eq!(int(&all[real], "close"), kis_close("005930", "20260615"));
        assert_eq!(date_of(&all[0]), today, "the live session's candle first");
        // The minutes all belong to one trading day, the newest (or, if the day rolled
        // between the two reads, the one before).
        let (_, list) = minutes(&app, SAMSUNG).await;
        let (status, body) = app
            .json(&format!(
                "/main/api/v1/securities/{SAMSUNG}/day_candles?limit=1"
            ))
            .await;
        assert_eq!(status, 200);
        let newest = date_of(&candles(&body)[0]);
        let days: std::collections::BTreeSet<NaiveDate> = list
            .iter()
            .map(|m| {
                chrono::DateTime::from_timestamp_millis(int(m, "time"))
                    .expect("time")
                    .with_timezone(&sise_market::simulator::KST)
                    .date_naive()
            })
            .collect();
        assert!(days.len() <= 1, "{days:?}");
        assert!(
            days.iter()
                .all(|d| *d == newest || next_trading_day(*d) == newest),
            "{days:?} {newest}"
        );
        app.stop().await;
    }
}
