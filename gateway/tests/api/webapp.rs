use crate::helpers::shared;

sise_platform::per_backend! {
    // Storage does not matter here, but on the shared systems both backends cost nothing.
    async fn serves_the_webapp_with_deep_links(backend) {
        let app = shared(backend).await;
        let response = app.get("/").await;
        assert_eq!(response.status(), 308);
        assert_eq!(response.headers()["location"], "/m");
        for path in [
            "/m",
            "/m/",
            "/m/stocks/KOREA-A005930",
            "/m/stocks/KOREA-A005930.json",
            "/m/no/such/page",
        ] {
            let response = app.get(path).await;
            assert_eq!(response.status(), 200, "{path}");
            assert!(
                response
                    .text()
                    .await
                    .expect("html")
                    .contains("<title>시세</title>"),
                "{path}"
            );
        }
        let response = app.get("/m/static/app.js").await;
        assert_eq!(response.status(), 200);
        assert!(
            response.headers()["cache-control"]
                .to_str()
                .expect("header")
                .contains("immutable")
        );
        assert_eq!(app.get("/m/static/missing.js").await.status(), 404);
    }
}
