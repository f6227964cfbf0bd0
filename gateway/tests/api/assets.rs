//! Assets, forex and market condition on the mobile-web host.

use std::collections::HashSet;

use serde_json::Value;

use crate::helpers::{SAMSUNG, TestApp, shared};

const INDEXES: [&str; 11] = [
    "INDEX-KOSPI",
    "INDEX-KOSDAQ",
    "INDEX-KPI200",
    "INDEX-SSEC",
    "INDEX-HSI",
    "INDEX-N225",
    "INDEX-DJI",
    "INDEX-IXIC",
    "INDEX-GDAXI",
    "INDEX-FTSE",
    "INDEX-TOPIX",
];
const SESSIONS: [&str; 6] = [
    "PRE_MARKET",
    "OPENING_AUCTION",
    "REGULAR",
    "CLOSING_AUCTION",
    "AFTER_HOURS",
    "CLOSED",
];
/// KOSPI's last real close in the bundled data (2026-06-01).
const KOSPI_REAL_ANCHOR: f64 = 8_788.38;

/// A JSON 400/404 with the given code (never a 500, never a non-JSON body).
async fn assert_error(app: &TestApp, path: &str, status: u16, code: &str) {
    let response = app.get(path).await;
    assert_eq!(
        response.status().as_u16(),
        status,
        "{path} on {:?}",
        app.backend
    );
    let json = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    assert!(json, "{path} answers JSON");
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["error"], code, "{path}: {body}");
    assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
}

async fn ok(app: &TestApp, path: &str) -> Value {
    let (status, body) = app.json(path).await;
    assert_eq!(status, 200, "{path} on {:?}: {body}", app.backend);
    body
}

fn number(value: &Value, field: &str) -> f64 {
    value[field]
        .as_f64()
        .unwrap_or_else(|| panic!("{field} in {value}"))
}

fn assert_asset_shape(asset: &Value) {
    for field in [
        "price",
        "previous_close",
        "change",
        "change_rate",
        "open",
        "high",
        "low",
    ] {
        assert!(asset[field].is_number(), "{field} in {asset}");
    }
    assert!(number(asset, "price") > 0.0 && number(asset, "previous_close") > 0.0);
    assert!(asset["traded_at"].is_i64(), "{asset}");
    assert!(
        ["UPPER_LIMIT", "RISE", "EVEN", "FALL", "LOWER_LIMIT"]
            .contains(&asset["change_type"].as_str().expect("change_type"))
    );
    assert!(SESSIONS.contains(&asset["session"].as_str().expect("session")));
    assert!(["STOCK", "INDEX", "FOREX"].contains(&asset["kind"].as_str().expect("kind")));
}

sise_platform::per_backend! {
    async fn assets_are_keyed_by_id_and_cover_every_index(backend) {
        let app = shared(backend).await;
        let ids = format!(
            "{},FOREX-USDKRW,FOREX-JPYKRW,{SAMSUNG},INDEX-NOPE,FOREX-XYZKRW",
            INDEXES.join(",")
        );
        let body = ok(&app, &format!("/mweb/api/v1/assets?ids={ids}")).await;
        let assets = body["assets"].as_object().expect("assets map");
        assert_eq!(
            assets.len(),
            INDEXES.len() + 3,
            "unknown ids are left out: {body}"
        );
        for (id, asset) in assets {
            assert_eq!(asset["asset_id"], id.as_str());
            let short = id.split_once('-').map(|(_, code)| code).expect("dash form");
            assert_eq!(asset["short_code"], short);
            assert!(asset["name"].as_str().is_some_and(|n| !n.is_empty()));
            assert_asset_shape(asset);
        }
        for id in INDEXES {
            assert_eq!(assets[id]["kind"], "INDEX", "{id}");
        }
        assert_eq!(assets["INDEX-KOSPI"]["name"], "코스피");
        assert_eq!(assets["FOREX-USDKRW"]["kind"], "FOREX");
        assert_eq!(assets["FOREX-USDKRW"]["name"], "미국 USD");
        assert_eq!(assets["FOREX-JPYKRW"]["name"], "일본 JPY 100");
        let stock = &assets[SAMSUNG];
        assert_eq!(
            (&stock["kind"], &stock["short_code"], &stock["name"]),
            (&"STOCK".into(), &"A005930".into(), &"삼성전자".into())
        );

        // KOSPI continues its real history: the last real close, 8,788.38, walked on to
        // today's date as sample days pulled back towards it (a stationary spread of about
        // 16 %), so it stays well within half of it.
        let kospi = &assets["INDEX-KOSPI"];
        for field in ["previous_close", "price"] {
            let level = number(kospi, field);
            assert!(
                (level / KOSPI_REAL_ANCHOR - 1.0).abs() < 0.5,
                "KOSPI {field} {level} on {backend:?}"
            );
        }
        let kpi200 = number(&assets["INDEX-KPI200"], "price");
        let ratio = kpi200 / number(kospi, "price");
        assert!((0.12..0.15).contains(&ratio), "KOSPI 200 / KOSPI {ratio}");
        let usd = number(&assets["FOREX-USDKRW"], "price");
        assert!((1_200.0..1_800.0).contains(&usd), "USD/KRW {usd}");

        // The double-colon form, the single-asset route and the format suffix.
        let body = ok(&app, "/mweb/api/v1/assets.json?ids=INDEX::KOSDAQ").await;
        assert_eq!(body["assets"]["INDEX-KOSDAQ"]["short_code"], "KOSDAQ");
        let body = ok(&app, "/mweb/api/v1/assets/INDEX-DJI").await;
        assert_eq!(body["asset"]["name"], "다우존스");
        let body = ok(&app, &format!("/mweb/api/v1/assets/{SAMSUNG}.json")).await;
        assert_eq!(body["asset"]["kind"], "STOCK");
        let body = ok(&app, "/mweb/api/v1/assets/FOREX::EURKRW").await;
        assert_eq!(body["asset"]["asset_id"], "FOREX-EURKRW");

        assert_error(&app, "/mweb/api/v1/assets", 400, "missing_asset_ids").await;
        assert_error(
            &app,
            "/mweb/api/v1/assets?ids=%20,",
            400,
            "missing_asset_ids",
        )
        .await;
        for bad in [
            "INDEX-KOSPI,kospi",
            "US-DJI",
            "INDEX-KOSPI-",
            "%F0%9F%92%A9",
        ] {
            let path = format!("/mweb/api/v1/assets?ids={bad}");
            assert_error(&app, &path, 400, "invalid_asset_id").await;
        }
        let many = vec!["INDEX-KOSPI"; 101].join(",");
        let path = format!("/mweb/api/v1/assets?ids={many}");
        assert_error(&app, &path, 400, "too_many_assets").await;
        for unknown in ["INDEX-NOPE", "FOREX-XYZKRW", "KOREA-A999999"] {
            let path = format!("/mweb/api/v1/assets/{unknown}");
            assert_error(&app, &path, 404, "asset_not_found").await;
        }
        for malformed in ["KOSPI", "index-KOSPI", "FOREX-USD", "KOREA-005930"] {
            let path = format!("/mweb/api/v1/assets/{malformed}");
            assert_error(&app, &path, 400, "invalid_asset_id").await;
        }
    }
}

/// Every page of an asset's day candles, following `last_key` to the end.
async fn all_days(app: &TestApp, asset_id: &str, limit: usize) -> Vec<Value> {
    let mut days: Vec<Value> = Vec::new();
    let mut to: Option<String> = None;
    for _ in 0..100 {
        let path = match &to {
            Some(to) => format!("/mweb/api/v1/assets/{asset_id}/day_candles?limit={limit}&to={to}"),
            None => format!("/mweb/api/v1/assets/{asset_id}/day_candles?limit={limit}"),
        };
        let page = ok(app, &path).await;
        let candles = page["day_candles"].as_array().expect("candles");
        assert!(candles.len() <= limit);
        if let Some(to) = &to {
            assert_eq!(
                candles.first().map(|c| &c["date"]),
                Some(&Value::from(to.as_str()))
            );
        }
        days.extend(candles.iter().cloned());
        match page["last_key"].as_str() {
            Some(next) => {
                assert_eq!(candles.len(), limit, "a full page before the end");
                to = Some(next.to_owned());
            }
            None => return days,
        }
    }
    panic!("{asset_id}: no end after 100 pages");
}

sise_platform::per_backend! {
    async fn day_candles_page_to_the_end_without_duplicates(backend) {
        let app = shared(backend).await;
        let days = all_days(&app, "INDEX-KOSPI", 300).await;
        let dates: Vec<&str> = days
            .iter()
            .map(|d| d["date"].as_str().expect("date"))
            .collect();
        assert!(
            dates.windows(2).all(|w| w[0] > w[1]),
            "strictly newest first"
        );
        let unique: HashSet<&&str> = dates.iter().collect();
        assert_eq!(unique.len(), dates.len());
        assert_eq!(
            dates.last(),
            Some(&"2023-01-02"),
            "down to the first real day"
        );
        assert!(dates.len() > 840, "{} days", dates.len());
        for day in &days {
            let (open, high, low, close) = (
                number(day, "open"),
                number(day, "high"),
                number(day, "low"),
                number(day, "close"),
            );
            assert!(low <= open.min(close) && high >= open.max(close), "{day}");
            assert!(day["volume"].is_i64() && day["trading_value"].is_number());
        }
        let real = days
            .iter()
            .find(|d| d["date"] == "2026-06-01")
            .expect("real day");
        assert_eq!(number(real, "close"), KOSPI_REAL_ANCHOR);
        let with_volume = days
            .iter()
            .find(|d| d["date"] == "2026-03-17")
            .expect("naver");
        assert_eq!(with_volume["volume"], 1_121_605_000_i64);

        // Forex days, and a page bounded by `to`.
        let page = ok(
            &app,
            "/mweb/api/v1/assets/FOREX-USDKRW/day_candles?limit=5&to=2026-02-13",
        )
        .await;
        let candles = page["day_candles"].as_array().expect("candles");
        assert_eq!(candles.len(), 5);
        assert_eq!(candles[0]["date"], "2026-02-13");
        assert_eq!(candles[0]["volume"], 0);
        assert!(page["last_key"].as_str().is_some_and(|n| n < "2026-02-09"));

        // Minute candles of an index computed from stocks, a foreign index and a pair.
        for id in ["INDEX-KOSDAQ", "INDEX-DJI", "FOREX-USDKRW"] {
            let mut minutes = Vec::new();
            for _ in 0..50 {
                let body = ok(&app, &format!("/mweb/api/v1/assets/{id}/minute_candles")).await;
                minutes = body["minute_candles"].as_array().expect("minutes").clone();
                if !minutes.is_empty() {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
            assert!(!minutes.is_empty(), "{id} minute candles");
            let times: Vec<i64> = minutes
                .iter()
                .map(|m| m["time"].as_i64().expect("time"))
                .collect();
            assert!(times.windows(2).all(|w| w[0] < w[1]), "{id} oldest first");
            assert!(times.iter().all(|t| t % 60_000 == 0), "{id} minute starts");
        }

        for (path, status, code) in [
            (
                "/mweb/api/v1/assets/INDEX-KOSPI/day_candles?limit=0",
                400,
                "invalid_limit",
            ),
            (
                "/mweb/api/v1/assets/INDEX-KOSPI/day_candles?limit=501",
                400,
                "invalid_limit",
            ),
            (
                "/mweb/api/v1/assets/INDEX-KOSPI/day_candles?limit=abc",
                400,
                "invalid_limit",
            ),
            (
                "/mweb/api/v1/assets/INDEX-KOSPI/day_candles?to=2026-13-01",
                400,
                "invalid_date",
            ),
            (
                "/mweb/api/v1/assets/INDEX-KOSPI/day_candles?to=yesterday",
                400,
                "invalid_date",
            ),
            (
                "/mweb/api/v1/assets/KOREA-A005930/day_candles",
                400,
                "unsupported_asset",
            ),
            (
                "/mweb/api/v1/assets/INDEX-KOSPI-/day_candles",
                400,
                "invalid_asset_id",
            ),
            (
                "/mweb/api/v1/assets/INDEX-NOPE/day_candles",
                404,
                "asset_not_found",
            ),
            (
                "/mweb/api/v1/assets/FOREX-XYZKRW/minute_candles",
                404,
                "asset_not_found",
            ),
            (
                "/mweb/api/v1/assets/nope/minute_candles",
                400,
                "invalid_asset_id",
            ),
        ] {
            assert_error(&app, path, status, code).await;
        }
    }
}

sise_platform::per_backend! {
    async fn forex_calls_have_their_shapes(backend) {
        let app = shared(backend).await;
        let body = ok(&app, "/mweb/api/v1/forexes/major_ids").await;
        assert_eq!(
            body["ids"],
            serde_json::json!([
                "FOREX-USDKRW",
                "FOREX-EURKRW",
                "FOREX-JPYKRW",
                "FOREX-CNYKRW"
            ])
        );

        // Day forexes page without overlap, with bank rates around the base rate.
        let first = ok(
            &app,
            "/mweb/api/v1/forexes/day?asset_id=FOREX-USDKRW&limit=10",
        )
        .await;
        let rows = first["day_forexes"].as_array().expect("rows");
        assert_eq!(rows.len(), 10);
        for row in rows {
            let base = number(row, "base_rate");
            assert!(
                number(row, "cash_buy") > base && number(row, "cash_sell") < base,
                "{row}"
            );
            assert!(number(row, "transfer_send") > base && number(row, "transfer_receive") < base);
            assert!(row["change"].is_number() && row["change_rate"].is_number());
        }
        let last_key = first["last_key"].as_str().expect("last_key");
        let second = ok(
            &app,
            &format!("/mweb/api/v1/forexes/day?asset_id=FOREX-USDKRW&limit=10&to={last_key}"),
        )
        .await;
        let older = second["day_forexes"].as_array().expect("rows");
        assert_eq!(older[0]["date"], last_key);
        let last_first = rows[9]["date"].as_str().expect("date");
        assert!(older[0]["date"].as_str().is_some_and(|d| d < last_first));
        // A row's change is against the next older row.
        let (newer, previous) = (&older[0], &older[1]);
        let expected = number(newer, "base_rate") - number(previous, "base_rate");
        assert!(
            (number(newer, "change") - expected).abs() < 0.011,
            "{newer} {previous}"
        );

        // Tick forexes: forex ids only.
        let body = ok(
            &app,
            "/mweb/api/v1/forexes/tick?asset_ids=FOREX-USDKRW,FOREX-JPYKRW,INDEX-KOSPI,FOREX-XYZKRW",
        )
        .await;
        let ticks = body["tick_forexes"].as_array().expect("ticks");
        assert_eq!(ticks.len(), 2);
        for tick in ticks {
            assert!(number(tick, "base_rate") > 0.0 && tick["traded_at"].is_i64());
            assert!(
                ["RISE", "EVEN", "FALL"].contains(&tick["change_type"].as_str().expect("type"))
            );
        }
        let usd = number(&ticks[0], "base_rate");
        let jpy_per_100 = number(&ticks[1], "base_rate");

        // The converter, JPY per 100.
        let body = ok(&app, "/mweb/api/v1/forex_calcs?from=USD&to=KRW&amount=100").await;
        let calc = &body["forex_calc"];
        assert_eq!(
            (&calc["from"], &calc["to"], &calc["amount"]),
            (&"USD".into(), &"KRW".into(), &100.0.into())
        );
        assert!(
            (number(calc, "result") / (100.0 * usd) - 1.0).abs() < 0.01,
            "{calc}"
        );
        assert!((number(calc, "rate") / usd - 1.0).abs() < 0.01);
        assert!(calc["rates_at"].is_i64());
        let body = ok(&app, "/mweb/api/v1/forex_calcs?from=jpy&to=KRW&amount=1000").await;
        let result = number(&body["forex_calc"], "result");
        assert!(
            (result / (10.0 * jpy_per_100) - 1.0).abs() < 0.01,
            "{result} vs {jpy_per_100}"
        );
        let body = ok(
            &app,
            "/mweb/api/v1/forex_calcs?from=KRW&to=USD&amount=1441900",
        )
        .await;
        assert!((number(&body["forex_calc"], "result") / (1_441_900.0 / usd) - 1.0).abs() < 0.01);

        for (query, code) in [
            ("from=XXX&to=KRW&amount=1", "invalid_currency"),
            ("from=USD&to=DOLLAR&amount=1", "invalid_currency"),
            ("to=KRW&amount=1", "invalid_currency"),
            ("from=USD&to=KRW&amount=0", "invalid_amount"),
            ("from=USD&to=KRW&amount=-5", "invalid_amount"),
            ("from=USD&to=KRW&amount=abc", "invalid_amount"),
            ("from=USD&to=KRW&amount=1e13", "invalid_amount"),
            ("from=USD&to=KRW&amount=NaN", "invalid_amount"),
            ("from=USD&to=KRW&amount=inf", "invalid_amount"),
            ("from=USD&to=KRW", "invalid_amount"),
        ] {
            assert_error(
                &app,
                &format!("/mweb/api/v1/forex_calcs?{query}"),
                400,
                code,
            )
            .await;
        }

        // Charts of every period, oldest first.
        for (period, least) in [("day", 1), ("week", 40), ("month", 15), ("year", 200)] {
            let body = ok(
                &app,
                &format!("/mweb/api/v1/forexes/FOREX-EURKRW/chart?period={period}"),
            )
            .await;
            let points = body["points"].as_array().expect("points");
            assert!(points.len() >= least, "{period}: {} points", points.len());
            let times: Vec<i64> = points
                .iter()
                .map(|p| p["time"].as_i64().expect("time"))
                .collect();
            assert!(
                times.windows(2).all(|w| w[0] < w[1]),
                "{period} oldest first"
            );
            assert!(
                points.iter().all(|p| number(p, "value") > 1_000.0),
                "{period}"
            );
        }
        for (path, status, code) in [
            (
                "/mweb/api/v1/forexes/FOREX-USDKRW/chart?period=decade",
                400,
                "invalid_period",
            ),
            (
                "/mweb/api/v1/forexes/FOREX-USDKRW/chart",
                400,
                "invalid_period",
            ),
            (
                "/mweb/api/v1/forexes/USDKRW/chart?period=day",
                400,
                "invalid_asset_id",
            ),
            (
                "/mweb/api/v1/forexes/INDEX-KOSPI/chart?period=day",
                404,
                "asset_not_found",
            ),
            (
                "/mweb/api/v1/forexes/day?asset_id=FOREX-XYZKRW",
                404,
                "asset_not_found",
            ),
            ("/mweb/api/v1/forexes/day", 400, "invalid_asset_id"),
            (
                "/mweb/api/v1/forexes/day?asset_id=FOREX-USDKRW&to=2026-02-31",
                400,
                "invalid_date",
            ),
            ("/mweb/api/v1/forexes/tick", 400, "missing_asset_ids"),
            (
                "/mweb/api/v1/forexes/tick?asset_ids=FOREX_USDKRW",
                400,
                "invalid_asset_id",
            ),
        ] {
            assert_error(&app, path, status, code).await;
        }
    }
}

sise_platform::per_backend! {
    async fn market_condition_reports_session_indexes_and_vi(backend) {
        let app = shared(backend).await;
        let body = ok(&app, "/mweb/api/v1/market_condition").await;
        let condition = &body["market_condition"];
        assert!(SESSIONS.contains(&condition["session"].as_str().expect("session")));
        assert_eq!(condition["kospi"]["asset_id"], "INDEX-KOSPI");
        assert_eq!(condition["kosdaq"]["asset_id"], "INDEX-KOSDAQ");
        assert_asset_shape(&condition["kospi"]);
        let date = condition["trading_date"].as_str().expect("trading date");
        assert!(chrono_like(date), "{date}");
        assert!(condition["vi"].is_null());

        let body = ok(
            &app,
            &format!("/mweb/api/v1/market_condition.json?security_id={SAMSUNG}"),
        )
        .await;
        assert!(body["market_condition"]["vi"].is_boolean(), "{body}");

        assert_error(
            &app,
            "/mweb/api/v1/market_condition?security_id=005930",
            400,
            "invalid_security_id",
        )
        .await;
        assert_error(
            &app,
            "/mweb/api/v1/market_condition?security_id=KOREA-A999999",
            404,
            "security_not_found",
        )
        .await;
    }
}

/// `YYYY-MM-DD`.
fn chrono_like(text: &str) -> bool {
    let parts: Vec<&str> = text.split('-').collect();
    parts.len() == 3
        && [4, 2, 2]
            .iter()
            .zip(&parts)
            .all(|(&n, p)| p.len() == n && p.bytes().all(|b| b.is_ascii_digit()))
}
