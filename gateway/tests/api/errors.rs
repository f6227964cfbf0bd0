use crate::helpers::{SAMSUNG, shared};

async fn assert_error(app: &crate::helpers::TestApp, path: &str, status: u16, code: &str) {
    let response = app.get(path).await;
    assert_eq!(response.status().as_u16(), status, "{path}");
    assert!(
        response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("application/json")),
        "{path} answers JSON"
    );
    let body: serde_json::Value = response.json().await.expect("json");
    assert_eq!(body["error"], code, "{path}: {body}");
    assert!(
        body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{path} has a message"
    );
}

sise_platform::per_backend! {
    async fn bad_input_gets_clear_json_errors(backend) {
        let app = shared(backend).await;
        assert_error(
            &app,
            "/main/api/v1/securities/KOREA-A999999",
            404,
            "security_not_found",
        )
        .await;
        for malformed in [
            "005930",
            "KOREA-A00593",
            "korea-a005930",
            "KOREA-A005930%20",
            "%F0%9F%92%A9",
        ] {
            assert_error(
                &app,
                &format!("/main/api/v1/securities/{malformed}"),
                400,
                "invalid_security_id",
            )
            .await;
        }
        // Paths that do not decode to UTF-8 are JSON 400s on every route with a path id.
        for path in [
            "/main/api/v1/securities/KOREA-A%FF%FE",
            "/main/api/v1/securities/KOREA-A%FF%FE/company",
            "/main/api/v1/securities/KOREA-A%FF%FE/news",
            "/mweb/api/v1/assets/INDEX-%FF",
        ] {
            assert_error(&app, path, 400, "invalid_path").await;
        }
        // Every paged call words a bad `limit` the same way, number or not.
        for (path, max) in [
            (
                format!("/main/api/v1/securities/{SAMSUNG}/day_candles"),
                500,
            ),
            (format!("/main/api/v1/securities/{SAMSUNG}/investors"), 100),
            (
                format!("/main/api/v1/securities/{SAMSUNG}/related_stocks"),
                20,
            ),
            (format!("/main/api/v1/securities/{SAMSUNG}/news"), 50),
            (
                "/mweb/api/v1/assets/INDEX-KOSPI/day_candles".to_owned(),
                500,
            ),
            (
                "/mweb/api/v1/forexes/day?asset_id=FOREX-USDKRW".to_owned(),
                500,
            ),
        ] {
            for limit in ["0", "x"] {
                let separator = if path.contains('?') { '&' } else { '?' };
                let url = format!("{path}{separator}limit={limit}");
                let response = app.get(&url).await;
                assert_eq!(response.status(), 400, "{url}");
                let body: serde_json::Value = response.json().await.expect("json");
                assert_eq!(body["error"], "invalid_limit", "{url}");
                assert_eq!(
                    body["message"],
                    format!("조회 개수는 1부터 {max}까지 지정할 수 있습니다."),
                    "{url}"
                );
            }
        }
        assert_error(&app, "/main/api/v1/no-such-thing", 404, "not_found").await;
        assert_error(&app, "/social/api/v1/no-such-thing", 404, "not_found").await;
        assert_error(&app, "/mweb/api/v1/no-such-thing", 404, "not_found").await;
        assert_error(&app, "/nothing-here", 404, "not_found").await;
        let response = app
            .get_on_host("api.sise.localhost", "/api/v1/nothing.json")
            .await;
        assert_eq!(response.status(), 404);

        let response = app
            .post(&format!("/main/api/v1/securities/{SAMSUNG}"))
            .await;
        assert_eq!(response.status(), 405);
        let body: serde_json::Value = response.json().await.expect("json");
        assert_eq!(body["error"], "method_not_allowed");
        // The probes and the document answer the same JSON.
        for path in ["/healthz", "/openapi.json"] {
            let response = app.post(path).await;
            assert_eq!(response.status(), 405, "{path}");
            let body: serde_json::Value = response.json().await.expect("json");
            assert_eq!(body["error"], "method_not_allowed", "{path}");
        }
        // A body over the route's limit (2 MB) is too large, not malformed.
        let response = app
            .request(reqwest::Method::POST, "/main/api/session")
            .header("content-type", "application/json")
            .body(format!("{{\"kakao_access_token\": \"{}\"}}", "가".repeat(1_000_000)))
            .send()
            .await
            .expect("post");
        assert_eq!(response.status(), 413);
        assert_eq!(response.headers()["connection"], "close");
        let body: serde_json::Value = response.json().await.expect("json");
        assert_eq!(body["error"], "request_body_too_large");

        // A token the identity service does not know is a 401, so the client drops it.
        let response = app
            .get_with_bearer(
                &format!("/main/api/v1/securities/{SAMSUNG}"),
                "not-a-session",
            )
            .await;
        assert_eq!(response.status(), 401);
        let body: serde_json::Value = response.json().await.expect("json");
        assert_eq!(body["error"], "invalid_token");
        let response = app
            .get_with_header("/mweb/api/v1/forexes/major_ids", "access-token", "not-a-session")
            .await;
        assert_eq!(response.status(), 401);
    }
}
