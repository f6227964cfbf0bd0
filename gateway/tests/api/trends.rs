//! Trends through the gateway: special stocks (whose membership is checked against the
//! rules, not against particular stocks: the shared system's simulator runs continuously,
//! so limit-up stocks may or may not exist at a given moment), ranked lists and their
//! cursors, foreign indexes, WICS sectors, popular stocks, discussion surges (토론 급증),
//! and bad input.

use std::collections::HashSet;

use serde_json::Value;

use crate::helpers::{SAMSUNG, TestApp, shared};

const CATEGORIES: [&str; 5] = [
    "top_limit",
    "bottom_limit",
    "high_52week",
    "low_52week",
    "vi",
];

async fn ok(app: &TestApp, path: &str) -> Value {
    let (status, body) = app.json(path).await;
    assert_eq!(status, 200, "{path}: {body}");
    body
}

async fn expect_error(app: &TestApp, path: &str, status: u16, code: &str) {
    let (got, body) = app.json(path).await;
    assert_eq!(
        (got, body["error"].as_str()),
        (status, Some(code)),
        "{path}: {body}"
    );
    assert!(
        body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{path}"
    );
}

fn f(value: &Value, key: &str) -> f64 {
    value[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} in {value}"))
}

fn ids(stocks: &Value) -> Vec<String> {
    stocks
        .as_array()
        .expect("stocks")
        .iter()
        .map(|s| s["security_id"].as_str().expect("id").to_owned())
        .collect()
}

/// Every page of a ranked list, following `next_cursor`; the ids in order.
async fn follow(app: &TestApp, path: &str, limit: u32) -> Vec<String> {
    let mut all = Vec::new();
    let mut cursor: Option<String> = None;
    for _ in 0..1_000 {
        let url = match &cursor {
            Some(c) => format!("{path}&limit={limit}&cursor={c}"),
            None => format!("{path}&limit={limit}"),
        };
        let body = ok(app, &url).await;
        let page = ids(&body["stocks"]);
        assert!(page.len() <= limit as usize, "{url}");
        all.extend(page);
        match body["next_cursor"].as_str() {
            Some(next) => cursor = Some(next.to_owned()),
            None => return all,
        }
    }
    panic!("cursor loop on {path}");
}

/// Today's high (low) against the highest high (lowest low) of the 52 weeks before, from
/// the stock's own day candles.
async fn year_extremes(app: &TestApp, id: &str) -> (f64, f64, f64, f64) {
    let body = ok(
        app,
        &format!("/main/api/v1/securities/{id}/day_candles?limit=300"),
    )
    .await;
    let candles = body["day_candles"].as_array().expect("candles");
    let today = &candles[0];
    let date = |c: &Value| {
        chrono::NaiveDate::parse_from_str(c["date"].as_str().expect("date"), "%Y-%m-%d")
            .expect("date")
    };
    let from = date(today) - chrono::Days::new(364);
    let before: Vec<&Value> = candles[1..].iter().filter(|c| date(c) >= from).collect();
    let high = before.iter().map(|c| f(c, "high")).fold(f64::MIN, f64::max);
    let low = before.iter().map(|c| f(c, "low")).fold(f64::MAX, f64::min);
    (f(today, "high"), high, f(today, "low"), low)
}

sise_platform::per_backend! {
    async fn special_stocks_follow_their_rules(backend) {
        let app = shared(backend).await;
        for (market, label) in [("kospi", "KOSPI"), ("kosdaq", "KOSDAQ")] {
            let body = ok(&app, &format!("/main/api/v1/trends/special_stocks?market={market}")).await;
            assert_eq!(body["market"], market);
            let special = &body["special_stocks"];
            for category in CATEGORIES {
                let stocks = special[category]["stocks"].as_array().unwrap_or_else(|| panic!("{category}: {special}"));
                assert_eq!(special[category]["stocks_count"].as_u64(), Some(stocks.len() as u64), "{category}");
                assert!(stocks.iter().all(|s| s["market"] == label), "{category} in {market}");
                assert_eq!(ids(&special[category]["stocks"]).iter().collect::<HashSet<_>>().len(), stocks.len());
            }
            // Seen, not asserted: what the moment holds.
            let seen: Vec<String> = CATEGORIES.iter().map(|c| format!("{c} {}", special[*c]["stocks_count"])).collect();
            println!("{backend:?} {market}: {}", seen.join(", "));
            let rate = |s: &Value| f(s, "change_rate");
            let value = |s: &Value| f(s, "trading_value");
            // Limits: the ±30% band's limit price, largest trading value first.
            let top = special["top_limit"]["stocks"].as_array().expect("top");
            assert!(top.iter().all(|s| s["change_type"] == "UPPER_LIMIT" && rate(s) > 0.28 && rate(s) <= 0.3 + 1e-9), "{top:?}");
            assert!(top.windows(2).all(|w| value(&w[0]) >= value(&w[1])));
            let bottom = special["bottom_limit"]["stocks"].as_array().expect("bottom");
            assert!(bottom.iter().all(|s| s["change_type"] == "LOWER_LIMIT" && rate(s) < -0.28 && rate(s) >= -0.3 - 1e-9), "{bottom:?}");
            // New highs and lows, checked against the stocks' own candles.
            let highs = special["high_52week"]["stocks"].as_array().expect("highs");
            assert!(highs.windows(2).all(|w| rate(&w[0]) >= rate(&w[1])));
            for stock in highs.iter().take(3) {
                let id = stock["security_id"].as_str().expect("id");
                let (today, before, _, _) = year_extremes(&app, id).await;
                assert!(today >= before, "{id}: high {today} under the 52-week high {before}");
            }
            let lows = special["low_52week"]["stocks"].as_array().expect("lows");
            assert!(lows.windows(2).all(|w| rate(&w[0]) <= rate(&w[1])));
            for stock in lows.iter().take(3) {
                let id = stock["security_id"].as_str().expect("id");
                let (_, _, today, before) = year_extremes(&app, id).await;
                assert!(today <= before, "{id}: low {today} over the 52-week low {before}");
            }
        }
        let counts = ok(&app, "/main/api/v1/trends/special_stocks/counts").await;
        for market in ["kospi", "kosdaq"] {
            for category in CATEGORIES {
                assert!(counts["special_stock_counts"][market][category].as_u64().is_some(), "{market} {category}: {counts}");
            }
        }
        expect_error(&app, "/main/api/v1/trends/special_stocks", 400, "invalid_market").await;
        for bad in ["KOSPI", "konex", "%20"] {
            expect_error(&app, &format!("/main/api/v1/trends/special_stocks?market={bad}"), 400, "invalid_market").await;
        }
    }

    async fn ordered_stocks_are_ranked_and_page_to_the_end(backend) {
        let app = shared(backend).await;
        let sorted = |stocks: &[Value], key: &str, ascending: bool| {
            stocks.windows(2).all(|w| {
                let (a, b) = (f(&w[0], key), f(&w[1], key));
                if ascending { a <= b } else { a >= b }
            })
        };
        for (key, field, ascending) in [
            ("rising", "change_rate", false),
            ("falling", "change_rate", true),
            ("trading_value", "trading_value", false),
            ("volume", "volume", false),
            ("foreign_net_buying", "score", false),
            ("popular", "score", false),
            ("collection_a", "trading_value", false),
        ] {
            let body = ok(&app, &format!("/main/api/v1/trends/ordered_stocks?key={key}&limit=50")).await;
            assert_eq!(body["key"], key);
            assert!(body["title"].as_str().is_some_and(|t| !t.is_empty()));
            let stocks = body["stocks"].as_array().expect("stocks");
            assert!(stocks.len() <= 50);
            assert!(sorted(stocks, field, ascending), "{key} by {field}");
            match key {
                "rising" => assert!(stocks.iter().all(|s| f(s, "change_rate") > 0.0)),
                "falling" => assert!(stocks.iter().all(|s| f(s, "change_rate") < 0.0)),
                _ => assert_eq!(stocks.len(), 50, "{key}: every stock is ranked"),
            }
        }
        let body = ok(&app, "/main/api/v1/trends/ordered_stocks?key=collection_b").await;
        assert_eq!((body["title"].as_str(), body["stocks"].as_array().map(Vec::len)), (Some("시가총액 상위"), Some(20)), "default page of 20");
        assert_eq!(body["stocks"][0]["security_id"], SAMSUNG, "the largest market cap");
        let kosdaq = ok(&app, "/main/api/v1/trends/ordered_stocks?key=market_cap&market=kosdaq&limit=50").await;
        assert!(kosdaq["stocks"].as_array().expect("stocks").iter().all(|s| s["market"] == "KOSDAQ"));
        // The market-cap order (at the previous close) stays put while prices move: the
        // whole KOSDAQ list to its end, no stock twice.
        let all = follow(&app, "/main/api/v1/trends/ordered_stocks?key=market_cap&market=kosdaq", 50).await;
        assert!(all.len() > 1_000, "{}", all.len());
        assert_eq!(all.iter().collect::<HashSet<_>>().len(), all.len(), "no repeats");

        expect_error(&app, "/main/api/v1/trends/ordered_stocks", 400, "invalid_trend_key").await;
        expect_error(&app, "/main/api/v1/trends/ordered_stocks?key=best", 400, "invalid_trend_key").await;
        expect_error(&app, "/main/api/v1/trends/ordered_stocks?key=rising&market=nyse", 400, "invalid_market").await;
        for bad in ["abc", "0", "-1"] {
            expect_error(&app, &format!("/main/api/v1/trends/ordered_stocks?key=volume&cursor={bad}"), 400, "invalid_cursor").await;
        }
        // Past the end of a list (it may have shrunk since the last page): an empty last page.
        let past = ok(&app, "/main/api/v1/trends/ordered_stocks?key=volume&cursor=999999").await;
        assert!(past["stocks"].as_array().is_some_and(Vec::is_empty) && past["next_cursor"].is_null(), "{past}");
        let (status, body) = app.json("/main/api/v1/trends/ordered_stocks?key=volume&limit=x").await;
        assert_eq!((status, body["error"].as_str()), (400, Some("invalid_limit")));
    }

    async fn foreign_indexes_are_grouped_by_region(backend) {
        let app = shared(backend).await;
        let body = ok(&app, "/main/api/v1/trends/foreign_indexes").await;
        let codes = |group: &str| -> Vec<String> {
            body[group].as_array().unwrap_or_else(|| panic!("{group}: {body}")).iter().map(|a| a["asset_id"].as_str().expect("id").to_owned()).collect()
        };
        assert_eq!(codes("major_indexes"), ["INDEX-DJI", "INDEX-IXIC", "INDEX-N225", "INDEX-SSEC"]);
        assert_eq!(codes("asia_indexes"), ["INDEX-SSEC", "INDEX-HSI", "INDEX-N225", "INDEX-TOPIX"]);
        assert_eq!(codes("america_indexes"), ["INDEX-DJI", "INDEX-IXIC"]);
        assert_eq!(codes("europe_indexes"), ["INDEX-GDAXI", "INDEX-FTSE"]);
        let dow = &body["major_indexes"][0];
        assert_eq!((dow["kind"].as_str(), dow["name"].as_str()), (Some("INDEX"), Some("다우존스")));
        assert!(f(dow, "price") > 0.0);
    }

    async fn wics_sectors_sum_their_components(backend) {
        let app = shared(backend).await;
        let body = ok(&app, "/main/api/v1/trends/wics_sectors").await;
        let sectors = body["wics_sectors"].as_array().expect("sectors");
        assert_eq!(sectors.len(), 28, "every WICS industry group");
        assert!(sectors.windows(2).all(|w| f(&w[0], "market_cap") >= f(&w[1], "market_cap")));
        for sector in sectors {
            let components = sector["components"].as_array().expect("components");
            let count = sector["components_count"].as_u64().expect("count");
            assert!(count > 0 && components.len() as u64 == count.min(5), "{sector}");
            assert!(sector["rising_count"].as_u64().expect("rising") + sector["falling_count"].as_u64().expect("falling") <= count);
            let caps: f64 = components.iter().map(|c| f(c, "market_cap")).sum();
            assert!(caps <= f(sector, "market_cap") * (1.0 + 1e-9), "{sector}");
            assert!(f(sector, "change_rate").abs() < 0.3);
        }
        let chips = sectors.iter().find(|s| s["wics_sector_code"] == "G4530").expect("chips");
        assert_eq!((chips["name"].as_str(), chips["parent_code"].as_str(), chips["parent_name"].as_str()), (Some("반도체와반도체장비"), Some("G45"), Some("IT")));
        assert_eq!(chips["components"][0]["security_id"], SAMSUNG);

        let top = ok(&app, "/main/api/v1/trends/top_sectors?limit=3").await;
        let top = top["wics_sectors"].as_array().expect("top");
        assert_eq!(top.len(), 3);
        assert!(top.windows(2).all(|w| f(&w[0], "change_rate") >= f(&w[1], "change_rate")));
        let default = ok(&app, "/main/api/v1/trends/top_sectors").await;
        assert_eq!(default["wics_sectors"].as_array().map(Vec::len), Some(5));

        // A sector's securities to the end: each component once, the largest first.
        let path = "/main/api/v1/trends/wics_sectors/G4530/securities?x=1";
        let all = follow(&app, path, 7).await;
        assert_eq!(all.len() as u64, chips["components_count"].as_u64().expect("count"));
        assert_eq!(all.iter().collect::<HashSet<_>>().len(), all.len(), "no repeats");
        let first: Vec<String> = ids(&chips["components"]);
        assert_eq!(all[..first.len()], first[..], "the same order as the sector list");
        let page = ok(&app, "/main/api/v1/trends/wics_sectors/G4530/securities").await;
        assert_eq!(page["wics_sector"]["wics_sector_code"], "G4530");
        assert_eq!(page["stocks"].as_array().map(Vec::len), Some(20));
        assert!(page["wics_sector"]["components"].as_array().is_some_and(Vec::is_empty));

        for unknown in ["G9999", "g4530", "X"] {
            expect_error(&app, &format!("/main/api/v1/trends/wics_sectors/{unknown}/securities"), 404, "sector_not_found").await;
        }
        expect_error(&app, "/main/api/v1/trends/wics_sectors/G4530/securities?cursor=abc", 400, "invalid_cursor").await;
    }

    async fn popular_stocks_count_what_people_did(backend) {
        let app = shared(backend).await;
        let traded = ok(&app, "/main/api/v1/popular_stocks/trading_value").await;
        assert_eq!(traded["by"], "trading_value");
        let stocks = traded["stocks"].as_array().expect("stocks");
        assert_eq!(stocks.len(), 5, "spec §9: five by default");
        assert!(stocks.iter().all(|s| f(s, "score") == f(s, "trading_value")));
        assert!(stocks.windows(2).all(|w| f(&w[0], "score") >= f(&w[1], "score")));
        // The labelled sample news of the last day names stocks.
        let news = ok(&app, "/main/api/v1/popular_stocks/news?limit=20").await;
        let named = news["stocks"].as_array().expect("stocks");
        assert!(!named.is_empty() && named.len() <= 20, "{news}");
        assert!(named.iter().all(|s| f(s, "score") >= 1.0));
        assert!(named.windows(2).all(|w| f(&w[0], "score") >= f(&w[1], "score")));
        // A search that finds 삼성전자 counts for it.
        let (status, _) = app.json("/main/api/v1/search/assets?keyword=%EC%82%BC%EC%84%B1%EC%A0%84%EC%9E%90").await;
        assert_eq!(status, 200);
        let searched = ok(&app, "/main/api/v1/popular_stocks/search?limit=20").await;
        assert!(ids(&searched["stocks"]).contains(&SAMSUNG.to_owned()), "{searched}");
        // Posts are counted from social's events (see the surge test below).
        let posts = ok(&app, "/main/api/v1/popular_stocks/posts").await;
        assert!(posts["stocks"].as_array().is_some_and(|s| s.len() <= 5));
        expect_error(&app, "/main/api/v1/popular_stocks/likes", 400, "invalid_popular_by").await;
    }

    /// Real posts through the social host on the shared system: social's outbox publishes
    /// `post_created`, market's consumer counts it, and a board far busier than usual is a
    /// surge. Two small boards no sample posts are seeded on and no other test writes on:
    /// 동화약품 gets five posts in the hour and nothing before (a surge: at least five, over
    /// three times the floor of the usual rate), 경방 four (fewer than five: none). The rule's
    /// ratios and a redelivered event counted once are market's own API test.
    async fn a_board_busier_than_usual_is_a_discussion_surge(backend) {
        const BUSY: &str = "KOREA-A000020";
        const QUIET: &str = "KOREA-A000050";
        let app = shared(backend).await;
        let (token, _, _) = crate::identity::member(&app, "급증개미").await;
        for (board, posts) in [(BUSY, 5), (QUIET, 4)] {
            for n in 0..posts {
                let (status, body, _) = crate::identity::call(
                    &app,
                    reqwest::Method::POST,
                    &format!("/social/api/v1/securities/{board}/posts"),
                    Some(&token),
                    Some(serde_json::json!({"content": format!("{board} 오늘 {n}번째 이야기"), "category": "opinion"})),
                )
                .await;
                assert_eq!(status, 201, "{body}");
            }
        }
        let path = "/main/api/v1/trends/discussion_surges?limit=20";
        let surge_of = |body: &Value, id: &str| {
            body["discussion_surges"]
                .as_array()
                .and_then(|s| s.iter().find(|s| s["stock"]["security_id"] == id).cloned())
        };
        // The events travel through the outbox and the bus: wait for them to be counted.
        let mut body = Value::Null;
        for _ in 0..500 {
            body = ok(&app, path).await;
            let counted = ok(&app, "/main/api/v1/popular_stocks/posts?limit=20").await;
            let counted = ids(&counted["stocks"]);
            if surge_of(&body, BUSY).is_some() && counted.contains(&QUIET.to_owned()) {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        let surge = surge_of(&body, BUSY).unwrap_or_else(|| panic!("no surge of {BUSY}: {body}"));
        assert!(surge_of(&body, QUIET).is_none(), "four posts are no surge: {body}");
        let mut keys: Vec<&str> = surge.as_object().expect("object").keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(keys, ["posts_last_hour", "stock", "usual_hourly_posts"]);
        assert_eq!((surge["posts_last_hour"].as_i64(), surge["usual_hourly_posts"].as_f64()), (Some(5), Some(0.0)));
        let stock = &surge["stock"];
        assert_eq!(stock["name"].as_str(), Some("동화약품"));
        assert_eq!(f(stock, "score"), 5.0, "the posts of the last hour");
        assert!(f(stock, "price") > 0.0 && stock["market"] == "KOSPI", "with its live quote");
        let list = body["discussion_surges"].as_array().expect("surges");
        assert!(
            list.windows(2).all(|w| {
                let ratio = |s: &Value| f(&s["stock"], "score") / s["usual_hourly_posts"].as_f64().unwrap_or(0.0).max(0.5);
                ratio(&w[0]) >= ratio(&w[1])
            }),
            "the largest surge first: {body}"
        );
        let one = ok(&app, "/main/api/v1/trends/discussion_surges?limit=1").await;
        assert_eq!(one["discussion_surges"].as_array().map(Vec::len), Some(1));
        for bad in ["0", "21", "abc"] {
            expect_error(&app, &format!("/main/api/v1/trends/discussion_surges?limit={bad}"), 400, "invalid_limit").await;
        }
    }
}
