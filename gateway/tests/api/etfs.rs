//! ETF pages on the main host: the security says it is an ETF, and its facts, components
//! and NAV against price (computed, said so), on every backend.

use serde_json::Value;

use crate::helpers::{SAMSUNG, TestApp, shared};

const KODEX_200: &str = "KOREA-A069500";
const KODEX_KOSDAQ150: &str = "KOREA-A229200";
const CD_RATE: &str = "KOREA-A459580";

async fn ok(app: &TestApp, path: &str) -> Value {
    let (status, body) = app.json(path).await;
    assert_eq!(status, 200, "{path} on {:?}: {body}", app.backend);
    body
}

async fn error(app: &TestApp, path: &str, status: u16, code: &str) {
    let (got, body) = app.json(path).await;
    assert_eq!(got, status, "{path}: {body}");
    assert_eq!(body["error"], code, "{path}: {body}");
    assert!(
        body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{body}"
    );
}

fn float(value: &Value) -> f64 {
    value
        .as_f64()
        .unwrap_or_else(|| panic!("number expected: {value}"))
}

sise_platform::per_backend! {
    async fn an_etf_page_has_its_facts_components_and_nav(backend) {
        let app = shared(backend).await;
        let security = ok(&app, &format!("/main/api/v1/securities/{KODEX_200}")).await;
        assert_eq!(security["security"]["name"], "KODEX 200");
        assert_eq!(security["security"]["etf"], true);
        let stock = ok(&app, &format!("/main/api/v1/securities/{SAMSUNG}")).await;
        assert_eq!(stock["security"]["etf"], false);

        let analysis = ok(&app, &format!("/main/api/v1/securities/{KODEX_200}/exchange_traded_analysis")).await;
        let analysis = &analysis["exchange_traded_analysis"];
        assert_eq!(analysis["issuer"], "삼성자산운용");
        assert_eq!(analysis["class"], "domestic_index");
        assert_eq!(analysis["total_expense_ratio"], 0.15);
        assert_eq!(analysis["unsourced"], serde_json::json!([]));
        assert!(float(&analysis["tracking_error"]) > 0.0);

        let cd = ok(&app, &format!("/main/api/v1/securities/{CD_RATE}/exchange_traded_analysis")).await;
        let cd = &cd["exchange_traded_analysis"];
        assert_eq!(cd["class"], "money_market");
        assert_eq!(cd["unsourced"], serde_json::json!(["distribution"]));
        assert!(cd["tracking_error"].is_null());

        let components = ok(&app, &format!("/main/api/v1/securities/{KODEX_KOSDAQ150}/exchange_traded_assets?limit=150")).await;
        let list = components["exchange_traded_assets"].as_array().expect("array");
        assert_eq!((list.len(), components["total"].as_u64()), (150, Some(150)));
        assert_eq!(components["computed"], true);
        let sum: f64 = list.iter().map(|c| float(&c["weight"])).sum();
        assert!((sum - 100.0).abs() < 1e-6, "{sum}");
        let first = list[0]["security_id"].as_str().expect("id");
        let component = ok(&app, &format!("/main/api/v1/securities/{first}")).await;
        assert_eq!(component["security"]["market"], "KOSDAQ", "a component is a listed stock");
        let empty = ok(&app, &format!("/main/api/v1/securities/{CD_RATE}/exchange_traded_assets")).await;
        assert_eq!(empty["exchange_traded_assets"], serde_json::json!([]));
        assert!(empty["method"].as_str().is_some_and(|m| m.contains("구성종목이 없습니다")));

        let values = ok(&app, &format!("/main/api/v1/securities/{KODEX_200}/exchange_traded_values?limit=")).await;
        let days = values["exchange_traded_values"].as_array().expect("array");
        assert_eq!(days.len(), 60, "empty limit is the default");
        assert!(days.windows(2).all(|w| w[0]["date"].as_str() > w[1]["date"].as_str()), "newest first");
        assert!(float(&values["coverage"]) > 50.0);
        for day in days {
            let premium = (float(&day["close"]) / float(&day["nav"]) - 1.0) * 100.0;
            assert!((premium - float(&day["premium"])).abs() < 0.01, "{day}");
        }
    }

    async fn etf_calls_answer_clear_errors(backend) {
        let app = shared(backend).await;
        for call in ["exchange_traded_analysis", "exchange_traded_assets", "exchange_traded_values"] {
            error(&app, &format!("/main/api/v1/securities/{SAMSUNG}/{call}"), 404, "etf_not_found").await;
            error(&app, &format!("/main/api/v1/securities/KOREA-A999999/{call}"), 404, "security_not_found").await;
            error(&app, &format!("/main/api/v1/securities/069500/{call}"), 400, "invalid_security_id").await;
        }
        error(&app, &format!("/main/api/v1/securities/{KODEX_200}/exchange_traded_assets?limit=201"), 400, "invalid_limit").await;
        error(&app, &format!("/main/api/v1/securities/{KODEX_200}/exchange_traded_assets?limit=x"), 400, "invalid_limit").await;
        error(&app, &format!("/main/api/v1/securities/{KODEX_200}/exchange_traded_values?limit=101"), 400, "invalid_limit").await;
    }
}
