//! `MarketService` and the service's shape over gRPC: a security with its live quote,
//! quotes of several, the shared request rules on a dated RPC, and health naming exactly
//! the services served.

use sise_platform::error::DomainError;
use sise_proto::market::v1 as pb;

use crate::helpers::{SAMSUNG, TestApp};

sise_platform::per_backend! {
    async fn a_security_comes_with_its_live_quote(backend) {
        let app = TestApp::spawn(backend).await;
        let response = app.get_security(SAMSUNG).await.expect("get security");
        let security = response.security.expect("security");
        assert_eq!((security.name.as_str(), security.code.as_str()), ("삼성전자", "005930"));
        let quote = response.quote.expect("quote");
        assert!(quote.price > 0.0 && quote.lower_limit <= quote.price && quote.price <= quote.upper_limit);

        let quotes = app.get_quotes(&[SAMSUNG, "KOREA-A000660", "KOREA-A999999"]).await.expect("quotes");
        let ids: Vec<&str> = quotes.quotes.iter().map(|q| q.security_id.as_str()).collect();
        assert_eq!(ids, [SAMSUNG, "KOREA-A000660"], "unknown ids match nothing");

        for (id, code) in [("KOREA-A999999", "security_not_found"), ("005930", "invalid_security_id")] {
            let status = app.get_security(id).await.expect_err(id);
            assert_eq!(DomainError::from_status(&status).code, code);
        }
        app.stop().await;
    }

    async fn dated_rpcs_share_the_request_rules(backend) {
        let app = TestApp::spawn(backend).await;
        let request = |limit: Option<i64>, to: Option<&str>| pb::GetDayCandlesRequest {
            security_id: SAMSUNG.to_owned(),
            limit,
            to: to.map(str::to_owned),
        };
        // An empty `to` is the same as none.
        let first = app.charts().get_day_candles(request(Some(3), Some(""))).await.expect("page");
        assert_eq!(first.into_inner().day_candles.len(), 3);
        for (limit, to, code) in [
            (Some(0), None, "invalid_limit"),
            (Some(501), None, "invalid_limit"),
            (None, Some("2026-13-45"), "invalid_date"),
            (None, Some("20260615"), "invalid_date"),
        ] {
            let status = app.charts().get_day_candles(request(limit, to)).await.expect_err(code);
            assert_eq!(DomainError::from_status(&status).code, code, "{limit:?} {to:?}");
        }
        app.stop().await;
    }

    async fn health_names_exactly_the_services_served(backend) {
        let app = TestApp::spawn(backend).await;
        let served = ["Market", "Chart", "Company", "Article", "Asset", "Etf"]
            .map(|name| format!("sise.market.v1.{name}Service"));
        let served: Vec<&str> = served.iter().map(String::as_str).collect();
        app.service.assert_health(&served, &["sise.social.v1.SocialService"]).await;
        app.stop().await;
    }
}
