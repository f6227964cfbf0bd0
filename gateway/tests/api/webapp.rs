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
            "/m/stocks/KOREA-A005930.json",
            "/m/stocks/KOREA-A005930/quotations",
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
            .get_with_header("/m/no/such/page", "accept-encoding", "gzip, br")
            .await;
        // index.html is gzipped at start (no brotli: see `webapp::index_file`).
        assert_eq!(page.headers()["content-encoding"], "gzip");
        assert_eq!(page.headers()["cache-control"], "no-cache");
        let etag = page.headers()["etag"].to_str().expect("etag").to_owned();
        let again = app
            .get_with_header("/m/no/such/page", "if-none-match", &etag)
            .await;
        assert_eq!(again.status(), 304);
    }

    async fn answers_the_home_and_stock_pages_prerendered(backend) {
        let app = shared(backend).await;
        for path in ["/m", "/m/"] {
            let home = app.get(path).await.text().await.expect("html");
            assert!(home.contains("홈 미리 그림"), "{path}");
        }

        // The stock page: its id, header, title and data filled in, from the securities API.
        let page = app.get("/m/stocks/KOREA-A005930").await;
        assert_eq!(page.status(), 200);
        assert_eq!(page.headers()["cache-control"], "no-cache");
        let html = page.text().await.expect("html");
        assert!(html.contains("<title>삼성전자 005930 : 시세</title>"), "{html}");
        assert!(html.contains(r#"data-prerendered-path="/m/stocks/KOREA-A005930""#));
        assert!(html.contains(r#"<h1 class="price-header__name">삼성전자</h1>"#));
        assert!(html.contains(r#"data-testid="quote-price">"#));
        assert!(!html.contains("KOREA-SISESECURITYID") && !html.contains("불러오는 중"));
        let opening = r#"id="sise-initial-data">"#;
        let start = html.find(opening).expect("data") + opening.len();
        let end = start + html[start..].find("</script>").expect("end");
        let data: serde_json::Value = serde_json::from_str(&html[start..end]).expect("json");
        assert_eq!(data["security_id"], "KOREA-A005930");
        assert_eq!(data["security"]["security"]["name"], "삼성전자");
        assert!(data["security"]["quote"]["price"].as_f64().expect("price") > 0.0);
        assert!(data["fetched_at"].as_i64().expect("time") > 0);

        // Nothing to fill it with: the plain page, whose script says why.
        for path in ["/m/stocks/KOREA-A999999", "/m/stocks/KOREA-A005930/quotations"] {
            let html = app.get(path).await.text().await.expect("html");
            assert!(html.contains("<title>시세</title>"), "{path}");
            assert!(!html.contains("sise-initial-data"), "{path}");
        }
    }
}
