use crate::helpers::{SAMSUNG, shared};

sise_platform::per_backend! {
    async fn security_with_quote_on_every_host_mapping(backend) {
        let app = shared(backend).await;
        let (status, body) = app
            .json(&format!("/main/api/v1/securities/{SAMSUNG}"))
            .await;
        assert_eq!(status, 200, "{body} on {:?}", app.backend);
        let security = &body["security"];
        assert_eq!(security["security_id"], SAMSUNG);
        assert_eq!(security["short_code"], "A005930");
        assert_eq!(security["code"], "005930");
        assert_eq!(security["name"], "삼성전자");
        assert_eq!(security["market"], "KOSPI");
        let quote = &body["quote"];
        let price = quote["price"].as_f64().expect("price");
        let previous = quote["previous_close"].as_f64().expect("previous close");
        assert!(price > 0.0 && previous > 0.0);
        assert!(price <= quote["upper_limit"].as_f64().expect("upper"));
        assert!(price >= quote["lower_limit"].as_f64().expect("lower"));
        let change = quote["change"].as_f64().expect("change");
        assert!((change - (price - previous)).abs() < 1e-9);
        assert!(
            ["UPPER_LIMIT", "RISE", "EVEN", "FALL", "LOWER_LIMIT"]
                .contains(&quote["change_type"].as_str().expect("type"))
        );

        // The optional format suffix, and the main host by Host header.
        let (status, body) = app
            .json(&format!("/main/api/v1/securities/{SAMSUNG}.json"))
            .await;
        assert_eq!(
            (status, &body["security"]["name"]),
            (200, &"삼성전자".into())
        );
        let response = app
            .get_on_host(
                "api.sise.localhost",
                &format!("/api/v1/securities/{SAMSUNG}.json"),
            )
            .await;
        assert_eq!(response.status(), 200);
        let body: serde_json::Value = response.json().await.expect("json");
        assert_eq!(body["security"]["code"], "005930");

        // A KOSDAQ stock.
        let (status, body) = app.json("/main/api/v1/securities/KOREA-A247540").await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["security"]["market"], "KOSDAQ");
    }
}
