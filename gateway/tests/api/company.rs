//! Company calls: profile, sample statements, investors, traders, related stocks and the
//! securities firms, on every backend.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use crate::helpers::{SAMSUNG, TestApp, shared};

const KOSDAQ_SMALL: &str = "KOREA-A950160"; // 코오롱티슈진: no WICS group
const NO_WICS: &str = "KOREA-A0126Z0"; // 삼성에피스홀딩스: listed 2025-11, no WICS yet

async fn ok(app: &TestApp, path: &str) -> Value {
    let (status, body) = app.json(path).await;
    assert_eq!(status, 200, "{path} on {:?}: {body}", app.backend);
    body
}

async fn error(app: &TestApp, path: &str, status: u16, code: &str) {
    let response = app.get(path).await;
    assert_eq!(response.status().as_u16(), status, "{path}");
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(content_type.starts_with("application/json"), "{path}");
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["error"], code, "{path}: {body}");
    assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
}

fn int(value: &Value) -> i64 {
    value
        .as_i64()
        .unwrap_or_else(|| panic!("integer expected: {value}"))
}

fn float(value: &Value) -> f64 {
    value
        .as_f64()
        .unwrap_or_else(|| panic!("number expected: {value}"))
}

fn text(value: &Value) -> &str {
    value
        .as_str()
        .unwrap_or_else(|| panic!("string expected: {value}"))
}

/// Every item of a `limit`/`to` paged list from `to` down to the end.
async fn all_pages(app: &TestApp, base: &str, key: &str, limit: u32, to: &str) -> Vec<Value> {
    let mut items = Vec::new();
    let mut to = to.to_owned();
    for _ in 0..200 {
        let body = ok(app, &format!("{base}?limit={limit}&to={to}")).await;
        let page = body[key].as_array().expect("array").clone();
        assert!(page.len() <= limit as usize);
        match body["last_key"].as_str() {
            Some(next) => {
                assert_eq!(page.len(), limit as usize, "a full page before the end");
                // The next page starts strictly after this one: no duplicates, no gaps.
                assert!(next < text(&page[page.len() - 1]["date"]));
                to = next.to_owned();
                items.extend(page);
            }
            None => {
                items.extend(page);
                return items;
            }
        }
    }
    panic!("{base} did not end within 200 pages");
}

/// The stored (closed) day candles from `to` down, keyed by date.
async fn candles(app: &TestApp, id: &str, to: &str) -> Vec<Value> {
    all_pages(
        app,
        &format!("/main/api/v1/securities/{id}/day_candles"),
        "day_candles",
        500,
        to,
    )
    .await
}

/// A closed trading day to pin pages at (today's live candle keeps changing).
async fn closed_day(app: &TestApp, id: &str) -> String {
    let body = ok(
        app,
        &format!("/main/api/v1/securities/{id}/day_candles?limit=2"),
    )
    .await;
    text(&body["day_candles"][1]["date"]).to_owned()
}

sise_platform::per_backend! {
    async fn company_profile_from_the_listing_with_live_market_cap(backend) {
        let app = shared(backend).await;
        let body = ok(&app, &format!("/main/api/v1/securities/{SAMSUNG}/company")).await;
        let company = &body["company"];
        assert_eq!(company["security_id"], SAMSUNG);
        assert_eq!(company["name"], "삼성전자");
        assert_eq!(company["market"], "KOSPI");
        assert_eq!(company["industry"], "통신 및 방송 장비 제조업");
        assert!(text(&company["main_products"]).contains("반도체"));
        assert_eq!(company["listing_date"], "1975-06-11");
        assert_eq!(company["fiscal_month"], 12);
        assert_eq!(company["homepage"], "http://www.samsung.com/sec");
        assert_eq!(company["region"], "경기도");
        assert_eq!(company["wics_sector"], "IT");
        assert_eq!(company["wics_industry_group"], "반도체와반도체장비");
        let shares = int(&company["shares_outstanding"]);
        assert_eq!(shares, 5_846_278_608);
        // Market cap = a tradable price × shares.
        let cap = int(&company["market_cap"]);
        assert_eq!(cap % shares, 0, "{cap}");
        let price = (cap / shares) as f64;
        let quote = &ok(&app, &format!("/main/api/v1/securities/{SAMSUNG}")).await["quote"];
        assert!(price >= float(&quote["lower_limit"]) && price <= float(&quote["upper_limit"]));

        // A preferred share inherits its common share's profile, not its listing date.
        let body = ok(&app, "/main/api/v1/securities/KOREA-A005935/company.json").await;
        assert_eq!(body["company"]["wics_industry_group"], "반도체와반도체장비");
        assert_eq!(body["company"]["listing_date"], Value::Null);
        // Missing attributes are null.
        let body = ok(&app, &format!("/main/api/v1/securities/{NO_WICS}/company")).await;
        assert_eq!(body["company"]["wics_sector"], Value::Null);
        assert_eq!(body["company"]["listing_date"], "2025-11-24");
        let body = ok(&app, "/main/api/v1/securities/KOREA-A247540/company").await;
        assert_eq!(body["company"]["market"], "KOSDAQ");
    }
}

fn check_statement(s: &Value) {
    assert_eq!(
        int(&s["assets"]),
        int(&s["liabilities"]) + int(&s["equity"]),
        "{s}"
    );
    assert!(int(&s["revenue"]) > 0);
    assert!(int(&s["dividend_per_share"]) >= 0);
    if let Some(roe) = s["roe"].as_f64() {
        assert!(roe.abs() < 2.0, "{s}");
    }
}

/// The price a year's ratios were computed at: `per × eps` and `pbr × book value per
/// share`.
fn implied_prices(statements: &[Value], shares: i64) -> Vec<f64> {
    let mut prices = Vec::new();
    for s in statements {
        if let Some(pbr) = s["pbr"].as_f64() {
            prices.push(pbr * int(&s["equity"]) as f64 / shares as f64);
        }
        if let Some(per) = s["per"].as_f64() {
            prices.push(per * int(&s["eps"]) as f64);
        }
    }
    prices
}

sise_platform::per_backend! {
    async fn sample_statements_keep_accounting_identities(backend) {
        let app = shared(backend).await;
        for id in [SAMSUNG, KOSDAQ_SMALL, "KOREA-A105560", "KOREA-A005935"] {
            let base = format!("/main/api/v1/securities/{id}/financial_statements");
            let shares = int(
                &ok(&app, &format!("/main/api/v1/securities/{id}/company")).await["company"]["shares_outstanding"],
            );
            let quarters = ok(&app, &format!("{base}/quarterly")).await["statements"]
                .as_array()
                .expect("quarters")
                .clone();
            let years = ok(&app, &format!("{base}/yearly.json")).await["statements"]
                .as_array()
                .expect("years")
                .clone();
            assert_eq!(quarters.len(), 8);
            assert_eq!(years.len(), 5);
            for s in quarters.iter().chain(&years) {
                check_statement(s);
            }
            // Newest first, consecutive periods.
            let labels: Vec<&str> = quarters.iter().map(|s| text(&s["period"])).collect();
            for pair in labels.windows(2) {
                let (y0, q0) = pair[0].split_once('Q').expect("quarter label");
                let (y1, q1) = pair[1].split_once('Q').expect("quarter label");
                let index = |y: &str, q: &str| {
                    y.parse::<i64>().expect("year") * 4 + q.parse::<i64>().expect("q")
                };
                assert_eq!(index(y0, q0) - 1, index(y1, q1), "{labels:?}");
            }
            let year_labels: Vec<i64> = years
                .iter()
                .map(|s| text(&s["period"]).parse().expect("year"))
                .collect();
            assert!(year_labels.windows(2).all(|w| w[0] - 1 == w[1]));
            // A year fully inside the quarterly window equals the sum of its quarters.
            let by_period: HashMap<&str, &Value> =
                quarters.iter().map(|s| (text(&s["period"]), s)).collect();
            let mut checked = 0;
            for year in &years {
                let label = text(&year["period"]);
                let parts: Option<Vec<&Value>> = (1..=4)
                    .map(|q| by_period.get(format!("{label}Q{q}").as_str()).copied())
                    .collect();
                let Some(parts) = parts else { continue };
                for field in [
                    "revenue",
                    "operating_profit",
                    "net_income",
                    "dividend_per_share",
                ] {
                    let sum: i64 = parts.iter().map(|s| int(&s[field])).sum();
                    assert_eq!(int(&year[field]), sum, "{id} {label} {field}");
                }
                for field in ["assets", "liabilities", "equity"] {
                    assert_eq!(year[field], parts[3][field], "{id} {label} {field} at Q4");
                }
                checked += 1;
            }
            assert!(checked >= 1, "{id}: no year inside the quarterly window");
            // Ratios share one current price; EPS follows net income; no PER on losses.
            for s in &years {
                let eps = int(&s["eps"]);
                let expected = (int(&s["net_income"]) as f64 / shares as f64).round() as i64;
                assert_eq!(eps, expected, "{id} {s}");
                assert_eq!(s["per"].is_null(), eps <= 0, "{id} {s}");
            }
            let prices = implied_prices(&years, shares);
            assert!(!prices.is_empty());
            for price in &prices {
                assert!(
                    (price - prices[0]).abs() / prices[0] < 1e-6,
                    "{id}: {prices:?}"
                );
            }
            // The same answer twice (deterministic; the price may tick in between, the
            // figures never do).
            let again = ok(&app, &format!("{base}/yearly")).await["statements"].clone();
            for (a, b) in years.iter().zip(again.as_array().expect("years")) {
                for field in ["period", "revenue", "net_income", "equity", "eps"] {
                    assert_eq!(a[field], b[field]);
                }
            }
        }
        error(
            &app,
            "/main/api/v1/securities/KOREA-A999999/financial_statements/yearly",
            404,
            "security_not_found",
        )
        .await;
        error(
            &app,
            "/main/api/v1/securities/A005930/financial_statements/quarterly",
            400,
            "invalid_security_id",
        )
        .await;
        error(
            &app,
            &format!("/main/api/v1/securities/{SAMSUNG}/financial_statements/monthly"),
            404,
            "not_found",
        )
        .await;
    }
}

sise_platform::per_backend! {
    async fn investors_follow_the_day_candles_and_page_to_the_end(backend) {
        let app = shared(backend).await;
        for id in [KOSDAQ_SMALL, SAMSUNG] {
            let to = closed_day(&app, id).await;
            let days = candles(&app, id, &to).await;
            let base = format!("/main/api/v1/securities/{id}/investors");
            let investors = all_pages(&app, &base, "investors", 97, &to).await;
            // One investor row per trading day of the candles, same order, no gaps.
            let dates: Vec<&str> = investors.iter().map(|i| text(&i["date"])).collect();
            let candle_dates: Vec<&str> = days.iter().map(|c| text(&c["date"])).collect();
            assert_eq!(dates, candle_dates, "{id} on {backend:?}");
            let unique: HashSet<&str> = dates.iter().copied().collect();
            assert_eq!(unique.len(), dates.len());
            let mut foreign_moves = 0;
            for (i, (row, candle)) in investors.iter().zip(&days).enumerate() {
                let volume = int(&candle["volume"]);
                assert_eq!(row["close"], candle["close"]);
                let (individual, foreign, institution) = (
                    int(&row["individual"]),
                    int(&row["foreign"]),
                    int(&row["institution"]),
                );
                assert_eq!(individual + foreign + institution, 0, "{row}");
                for net in [individual, foreign, institution] {
                    assert!(net.abs() as f64 <= 0.3 * volume as f64, "{row} of {volume}");
                }
                let ratio = float(&row["foreign_holding_ratio"]);
                assert!((0.0..=1.0).contains(&ratio));
                let change = float(&row["change_rate"]);
                match days.get(i + 1) {
                    Some(previous) => {
                        let previous = int(&previous["close"]) as f64;
                        let expected = (int(&candle["close"]) as f64 - previous) / previous;
                        assert!((change - expected).abs() < 1e-9, "{row}");
                    }
                    None => assert_eq!(change, 0.0),
                }
                if foreign != 0 {
                    foreign_moves += 1;
                }
            }
            assert!(
                foreign_moves > investors.len() / 2,
                "{id}: flows are generated"
            );
            // Pinned pages are stable.
            let again = ok(&app, &format!("{base}?limit=5&to={to}")).await;
            assert_eq!(
                again["investors"].as_array().expect("page")[..],
                investors[..5]
            );
        }
        // Large caps: foreigners own more.
        let ratio = |body: &Value| float(&body["investors"][0]["foreign_holding_ratio"]);
        let large = ok(
            &app,
            &format!("/main/api/v1/securities/{SAMSUNG}/investors?limit=1"),
        )
        .await;
        let small = ok(
            &app,
            &format!("/main/api/v1/securities/{KOSDAQ_SMALL}/investors?limit=1"),
        )
        .await;
        assert!(ratio(&large) > ratio(&small));
        // Default page size, and a page past the history is empty.
        let body = ok(
            &app,
            &format!("/main/api/v1/securities/{SAMSUNG}/investors"),
        )
        .await;
        assert_eq!(body["investors"].as_array().expect("page").len(), 20);
        let body = ok(
            &app,
            &format!("/main/api/v1/securities/{SAMSUNG}/investors?to=1990-01-01"),
        )
        .await;
        assert_eq!(body["investors"], serde_json::json!([]));
        assert_eq!(body["last_key"], Value::Null);
    }
}

fn check_side(side: &Value, volume: i64, known: &HashSet<&str>) {
    let traders = side.as_array().expect("traders");
    assert!(traders.len() <= 5);
    if volume >= 1_000 {
        assert_eq!(traders.len(), 5, "{side}");
    }
    let volumes: Vec<i64> = traders.iter().map(|t| int(&t["volume"])).collect();
    assert!(volumes.windows(2).all(|w| w[0] >= w[1]), "{side}");
    assert!(volumes.iter().all(|&v| v > 0));
    assert!(volumes.iter().sum::<i64>() <= volume, "{side} of {volume}");
    let names: HashSet<&str> = traders.iter().map(|t| text(&t["name"])).collect();
    assert_eq!(names.len(), traders.len());
    assert!(names.iter().all(|n| known.contains(n)), "{side}");
}

/// The securities firms the generated traders are drawn from.
const KNOWN_FIRMS: [&str; 30] = [
    "키움증권",
    "미래에셋증권",
    "한국투자증권",
    "NH투자증권",
    "삼성증권",
    "KB증권",
    "신한투자증권",
    "토스증권",
    "하나증권",
    "대신증권",
    "메리츠증권",
    "유안타증권",
    "한화투자증권",
    "교보증권",
    "LS증권",
    "DB증권",
    "현대차증권",
    "SK증권",
    "IBK투자증권",
    "카카오페이증권",
    "모건스탠리",
    "JP모간",
    "골드만삭스",
    "메릴린치",
    "UBS",
    "CS증권",
    "맥쿼리",
    "CLSA",
    "씨티그룹글로벌마켓",
    "노무라",
];

sise_platform::per_backend! {
    async fn day_traders_are_top_fives_within_the_volume(backend) {
        let app = shared(backend).await;
        let known: HashSet<&str> = KNOWN_FIRMS.into_iter().collect();
        for id in [SAMSUNG, KOSDAQ_SMALL] {
            let to = closed_day(&app, id).await;
            let days = candles(&app, id, &to).await;
            let base = format!("/main/api/v1/securities/{id}/day_traders");
            let traders = all_pages(&app, &base, "day_traders", 100, &to).await;
            assert_eq!(traders.len(), days.len(), "{id} on {backend:?}");
            let mut foreign_houses = 0;
            for (day, candle) in traders.iter().zip(&days) {
                assert_eq!(day["date"], candle["date"]);
                let volume = int(&candle["volume"]);
                check_side(&day["sells"], volume, &known);
                check_side(&day["buys"], volume, &known);
                foreign_houses += day["buys"]
                    .as_array()
                    .expect("buys")
                    .iter()
                    .filter(|t| ["모건스탠리", "JP모간", "골드만삭스"].contains(&text(&t["name"])))
                    .count();
            }
            if id == SAMSUNG {
                assert!(foreign_houses > 0, "foreign houses trade large caps");
            }
        }
        // The recent trader is the latest trading day.
        let first = ok(
            &app,
            &format!("/main/api/v1/securities/{SAMSUNG}/day_traders?limit=1"),
        )
        .await;
        let recent = ok(
            &app,
            &format!("/main/api/v1/securities/{SAMSUNG}/recent_trader.json"),
        )
        .await;
        let recent = &recent["recent_trader"];
        assert!(text(&recent["date"]) >= text(&first["day_traders"][0]["date"]));
        let latest = ok(
            &app,
            &format!("/main/api/v1/securities/{SAMSUNG}/day_candles?limit=1"),
        )
        .await;
        let latest_volume = int(&latest["day_candles"][0]["volume"]);
        assert!(text(&latest["day_candles"][0]["date"]) >= text(&recent["date"]));
        for side in ["sells", "buys"] {
            let total: i64 = recent[side]
                .as_array()
                .expect("side")
                .iter()
                .map(|t| int(&t["volume"]))
                .sum();
            assert!(total > 0);
            // Same day: the candle read later has at least the volume the traders split.
            if latest["day_candles"][0]["date"] == recent["date"] {
                assert!(total <= latest_volume, "{recent} of {latest_volume}");
            }
        }
        error(
            &app,
            "/main/api/v1/securities/KOREA-A999999/recent_trader",
            404,
            "security_not_found",
        )
        .await;
    }
}

sise_platform::per_backend! {
    async fn related_stocks_share_the_industry_group_by_market_cap(backend) {
        let app = shared(backend).await;
        let base = format!("/main/api/v1/securities/{SAMSUNG}/related_stocks");
        let body = ok(&app, &base).await;
        let related = body["related_stocks"].as_array().expect("list");
        assert_eq!(related.len(), 5, "default limit");
        let body = ok(&app, &format!("{base}?limit=20")).await;
        let related = body["related_stocks"].as_array().expect("list");
        assert_eq!(related.len(), 20);
        let ids: Vec<&str> = related
            .iter()
            .map(|r| text(&r["security"]["security_id"]))
            .collect();
        assert!(!ids.contains(&SAMSUNG));
        assert!(ids.contains(&"KOREA-A000660"), "SK하이닉스 is a peer");
        let caps: Vec<f64> = related
            .iter()
            .map(|r| {
                assert_eq!(r["quote"]["security_id"], r["security"]["security_id"]);
                float(&r["quote"]["price"]) * int(&r["security"]["shares_outstanding"]) as f64
            })
            .collect();
        assert!(caps.windows(2).all(|w| w[0] >= w[1]), "{caps:?}");
        for id in ids.iter().take(3) {
            let company = ok(&app, &format!("/main/api/v1/securities/{id}/company")).await;
            assert_eq!(
                company["company"]["wics_industry_group"],
                "반도체와반도체장비"
            );
        }
        // No group, no peers.
        let body = ok(
            &app,
            &format!("/main/api/v1/securities/{NO_WICS}/related_stocks"),
        )
        .await;
        assert_eq!(body["related_stocks"], serde_json::json!([]));
        for bad in ["0", "21", "-1", "abc"] {
            error(&app, &format!("{base}?limit={bad}"), 400, "invalid_limit").await;
        }
    }
}

sise_platform::per_backend! {
    async fn security_firms_list_with_trading_flags(backend) {
        let app = shared(backend).await;
        let path = "/main/v13/security_firms?os=web&market_code=nomarket&version_code=-1";
        let body = ok(&app, path).await;
        let firms = body["security_firms"].as_array().expect("firms");
        assert!(firms.len() >= 20);
        let by_key: HashMap<&str, &Value> = firms.iter().map(|f| (text(&f["key"]), f)).collect();
        assert_eq!(by_key.len(), firms.len(), "unique keys");
        assert_eq!(by_key["kiwoom"]["name"], "키움증권");
        assert_eq!(by_key["kiwoom"]["trading_enabled"], true);
        assert_eq!(by_key["kakaopay"]["name"], "카카오페이증권");
        assert!(firms.iter().any(|f| f["trading_enabled"] == false));
        // On the main host by Host header, with the format suffix.
        let response = app
            .get_on_host(
                "api.sise.localhost",
                "/v13/security_firms.json?os=web&market_code=nomarket&version_code=-1",
            )
            .await;
        assert_eq!(response.status(), 200);
        for (query, code) in [
            ("market_code=nomarket&version_code=-1", "invalid_os"),
            (
                "os=desktop&market_code=nomarket&version_code=-1",
                "invalid_os",
            ),
            ("os=web&version_code=-1", "invalid_market_code"),
            (
                "os=web&market_code=store&version_code=-1",
                "invalid_market_code",
            ),
            ("os=web&market_code=nomarket", "invalid_version_code"),
            (
                "os=web&market_code=nomarket&version_code=x",
                "invalid_version_code",
            ),
            (
                "os=web&market_code=nomarket&version_code=-5",
                "invalid_version_code",
            ),
        ] {
            error(
                &app,
                &format!("/main/v13/security_firms?{query}"),
                400,
                code,
            )
            .await;
        }
    }
}

sise_platform::per_backend! {
    async fn malformed_input_is_a_json_400_and_unknown_ids_404(backend) {
        let app = shared(backend).await;
        let calls = [
            "company",
            "financial_statements/quarterly",
            "financial_statements/yearly",
            "investors",
            "day_traders",
            "recent_trader",
            "related_stocks",
        ];
        for call in calls {
            for bad in ["005930", "KOREA-A00593", "korea-a005930", "%F0%9F%92%A9"] {
                error(
                    &app,
                    &format!("/main/api/v1/securities/{bad}/{call}"),
                    400,
                    "invalid_security_id",
                )
                .await;
            }
            error(
                &app,
                &format!("/main/api/v1/securities/KOREA-A999999/{call}"),
                404,
                "security_not_found",
            )
            .await;
        }
        for call in ["investors", "day_traders"] {
            let base = format!("/main/api/v1/securities/{SAMSUNG}/{call}");
            for (query, code) in [
                ("limit=0", "invalid_limit"),
                ("limit=101", "invalid_limit"),
                ("limit=-3", "invalid_limit"),
                ("limit=99999999999999999999", "invalid_limit"),
                ("limit=ten", "invalid_limit"),
                ("to=2026-13-01", "invalid_date"),
                ("to=2026-6-1", "invalid_date"),
                ("to=yesterday", "invalid_date"),
                ("to=2026-06-15T00:00", "invalid_date"),
            ] {
                error(&app, &format!("{base}?{query}"), 400, code).await;
            }
            // An empty `to=` is absent, as on every dated route (request_rules.rs).
            ok(&app, &format!("{base}?to=")).await;
        }
    }
}
