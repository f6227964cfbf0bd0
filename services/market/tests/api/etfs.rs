//! The 9 ETFs of the dataset: listed securities with live quotes, and `EtfService`.

use sise_platform::error::DomainError;
use sise_proto::market::v1 as pb;

use crate::helpers::{SAMSUNG, TestApp};

const KODEX_200: &str = "KOREA-A069500";
const TIGER_SP500: &str = "KOREA-A360750";
const SEMIS: &str = "KOREA-A396500";
const ETF_CODES: [&str; 9] = [
    "069500", "102110", "133690", "229200", "360750", "379800", "396500", "459580", "488770",
];

fn code(status: &tonic::Status) -> String {
    DomainError::from_status(status).code.to_string()
}

sise_platform::per_backend! {
    async fn an_etf_is_a_security_with_its_etf_pages(backend) {
        let app = TestApp::spawn(backend).await;
        let response = app.get_security(KODEX_200).await.expect("security");
        let security = response.security.expect("security");
        assert_eq!(security.name, "KODEX 200");
        assert!(security.etf);
        assert!(response.quote.expect("quote").price > 0.0, "a live quote");
        assert!(!app.get_security(SAMSUNG).await.expect("stock").security.expect("s").etf);

        let mut etfs = app.etfs();
        let analysis = etfs
            .get_etf_analysis(pb::GetEtfAnalysisRequest { security_id: KODEX_200.to_owned() })
            .await
            .expect("analysis")
            .into_inner()
            .analysis
            .expect("analysis");
        assert_eq!((analysis.issuer.as_str(), analysis.tracking_index.as_str()), ("삼성자산운용", "코스피 200"));
        assert_eq!(analysis.class(), pb::EtfClass::DomesticIndex);
        assert_eq!(analysis.listing_date, "2002-10-14");
        assert!(analysis.source.contains("https://"));
        assert!(analysis.tracking_error.is_some_and(|te| te > 0.0 && te < 20.0), "{analysis:?}");
        assert_eq!(analysis.tracking_days, 100);

        let components = etfs
            .get_etf_components(pb::GetEtfComponentsRequest { security_id: KODEX_200.to_owned(), limit: Some(5) })
            .await
            .expect("components")
            .into_inner();
        assert_eq!((components.components.len(), components.total), (5, 200));
        assert_eq!(components.components[0].name, "삼성전자");
        assert!(components.computed && components.method.contains("근사"));
        assert!(components.components.windows(2).all(|w| w[0].weight >= w[1].weight));
        let all = etfs
            .get_etf_components(pb::GetEtfComponentsRequest { security_id: SEMIS.to_owned(), limit: Some(200) })
            .await
            .expect("semis")
            .into_inner();
        let sum: f64 = all.components.iter().map(|c| c.weight).sum();
        assert_eq!(all.components.len(), 10);
        assert!((sum - 100.0).abs() < 1e-6, "weights in percent add up to 100: {sum}");

        let values = etfs
            .get_etf_values(pb::GetEtfValuesRequest { security_id: KODEX_200.to_owned(), limit: Some(3) })
            .await
            .expect("values")
            .into_inner();
        assert_eq!(values.values.len(), 3);
        assert_eq!(values.values[0].date, "2026-03-17", "newest first");
        assert_eq!(values.values[0].close, 84_635);
        let v = &values.values[0];
        assert!(((v.close as f64 / v.nav - 1.0) * 100.0 - v.premium).abs() < 0.01);
        assert!(values.method.contains("운용사가 공시한 NAV가 아닙니다"));

        // A foreign-index ETF: facts, but no basket and no NAV (said why).
        let foreign = etfs
            .get_etf_values(pb::GetEtfValuesRequest { security_id: TIGER_SP500.to_owned(), limit: None })
            .await
            .expect("foreign values")
            .into_inner();
        assert!(foreign.values.is_empty() && !foreign.method.is_empty());
        let foreign = etfs
            .get_etf_analysis(pb::GetEtfAnalysisRequest { security_id: TIGER_SP500.to_owned() })
            .await
            .expect("foreign")
            .into_inner()
            .analysis
            .expect("analysis");
        assert_eq!(foreign.tracking_error, None);
        app.stop().await;
    }

    async fn etf_calls_refuse_what_is_not_an_etf(backend) {
        let app = TestApp::spawn(backend).await;
        let mut etfs = app.etfs();
        for (id, expected) in [
            (SAMSUNG, "etf_not_found"),
            ("KOREA-A999999", "security_not_found"),
            ("069500", "invalid_security_id"),
        ] {
            let analysis = etfs
                .get_etf_analysis(pb::GetEtfAnalysisRequest { security_id: id.to_owned() })
                .await
                .expect_err(id);
            assert_eq!(code(&analysis), expected, "{id}");
            let components = etfs
                .get_etf_components(pb::GetEtfComponentsRequest { security_id: id.to_owned(), limit: None })
                .await
                .expect_err(id);
            assert_eq!(code(&components), expected, "{id}");
            let values = etfs
                .get_etf_values(pb::GetEtfValuesRequest { security_id: id.to_owned(), limit: None })
                .await
                .expect_err(id);
            assert_eq!(code(&values), expected, "{id}");
        }
        for limit in [0, 201] {
            let status = etfs
                .get_etf_components(pb::GetEtfComponentsRequest { security_id: KODEX_200.to_owned(), limit: Some(limit) })
                .await
                .expect_err("limit");
            assert_eq!(code(&status), "invalid_limit");
        }
        let status = etfs
            .get_etf_values(pb::GetEtfValuesRequest { security_id: KODEX_200.to_owned(), limit: Some(101) })
            .await
            .expect_err("limit");
        assert_eq!(code(&status), "invalid_limit");
        app.stop().await;
    }

    async fn etfs_are_left_out_of_the_stock_lists_and_have_their_own(backend) {
        let app = TestApp::spawn(backend).await;
        let mut trends = app.trends();
        let ordered = |key: &str| pb::ListOrderedStocksRequest {
            key: key.to_owned(),
            market: String::new(),
            limit: Some(50),
            cursor: String::new(),
        };
        let is_etf = |id: &str| ETF_CODES.iter().any(|code| id.ends_with(code));
        let etfs = trends.list_ordered_stocks(ordered("etf")).await.expect("etf").into_inner();
        assert_eq!(etfs.title, "ETF 거래대금 상위");
        assert_eq!(etfs.stocks.len(), 9);
        assert!(etfs.stocks.iter().all(|s| is_etf(&s.security_id)));
        let mut stocks = Vec::new();
        let mut cursor = String::new();
        loop {
            let page = trends
                .list_ordered_stocks(pb::ListOrderedStocksRequest { cursor: cursor.clone(), ..ordered("trading_value") })
                .await
                .expect("page")
                .into_inner();
            stocks.extend(page.stocks);
            cursor = page.next_cursor.unwrap_or_default();
            if cursor.is_empty() || stocks.len() > 400 {
                break;
            }
        }
        assert!(!stocks.is_empty());
        assert!(stocks.iter().all(|s| !is_etf(&s.security_id)), "no ETF among the stocks");
        app.stop().await;
    }
}
