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

        // From memory, in the smallest encoding the client takes, with a validator.
        for (accept, encoding, body) in [
            ("gzip, deflate, br", Some("br"), "BR"),
            ("gzip", Some("gzip"), "GZ"),
            ("br;q=0, gzip;q=0.8", Some("gzip"), "GZ"),
            ("identity", None, "console.log(1)"),
        ] {
            let response = app
                .get_with_header("/m/static/app.js", "accept-encoding", accept)
                .await;
            assert_eq!(response.status(), 200, "{accept}");
            assert_eq!(
                response.headers().get("content-encoding").map(|v| v.to_str().expect("h")),
                encoding,
                "{accept}"
            );
            assert_eq!(response.headers()["vary"], "accept-encoding");
            assert_eq!(response.text().await.expect("body"), body, "{accept}");
        }
        let page = app
            .get_with_header("/m/stocks/KOREA-A005930", "accept-encoding", "gzip, br")
            .await;
        // index.html is gzipped at start (no brotli: see `webapp::index_file`).
        assert_eq!(page.headers()["content-encoding"], "gzip");
        assert_eq!(page.headers()["cache-control"], "no-cache");
        let etag = page.headers()["etag"].to_str().expect("etag").to_owned();
        let again = app
            .get_with_header("/m/stocks/KOREA-A005930", "if-none-match", &etag)
            .await;
        assert_eq!(again.status(), 304);
    }
}
