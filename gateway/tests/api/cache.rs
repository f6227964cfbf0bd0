//! Cached reads through the real services: validators and `304`, `Cache-Control`, and
//! answers that follow the quote ticks of the bus rather than their time to live.

use std::time::Duration;

use crate::helpers::{SAMSUNG, shared, spawn_app_with_settings};

sise_platform::per_backend! {
    async fn cacheable_reads_carry_validators_and_answer_304(backend) {
        let app = shared(backend).await;
        for (path, cache_control) in [
            (format!("/main/api/v1/securities/{SAMSUNG}"), "no-cache"),
            (format!("/main/api/v1/quotes?security_ids={SAMSUNG}"), "no-cache"),
            (format!("/main/api/v1/securities/{SAMSUNG}/company"), "no-cache"),
            (format!("/main/api/v1/securities/{SAMSUNG}/day_candles"), "no-cache"),
            (format!("/main/api/v1/securities/{SAMSUNG}/news"), "no-cache"),
            (
                "/main/v13/security_firms?os=web&market_code=nomarket&version_code=-1".to_owned(),
                "public, max-age=300",
            ),
            ("/mweb/api/v1/assets/INDEX-KOSPI".to_owned(), "no-cache"),
        ] {
            let response = app.get(&path).await;
            assert_eq!(response.status(), 200, "{path}");
            assert_eq!(response.headers()["cache-control"], cache_control, "{path}");
            let etag = response.headers()["etag"].to_str().expect("etag").to_owned();
            assert!(etag.starts_with('"') && etag.ends_with('"'), "{path}: {etag}");
            // Unchanged: 304 and no body. A tick in between: 200 under a new tag.
            let again = app.get_with_header(&path, "if-none-match", &etag).await;
            match again.status().as_u16() {
                304 => {
                    assert_eq!(again.headers()["etag"], etag.as_str(), "{path}");
                    assert!(again.bytes().await.expect("body").is_empty(), "{path}");
                }
                200 => assert_ne!(again.headers()["etag"], etag.as_str(), "{path}"),
                other => panic!("{path}: {other}"),
            }
            let other = app.get_with_header(&path, "if-none-match", "\"0\"").await;
            assert_eq!(other.status(), 200, "{path}");
        }
        // Errors are answered, not kept: an unknown security stays a 404 with its body.
        for _ in 0..2 {
            let (status, body) = app.json("/main/api/v1/securities/KOREA-A999999").await;
            assert_eq!((status, body["error"].as_str()), (404, Some("security_not_found")));
        }
    }
}

sise_platform::per_backend! {
    // A time to live of ten minutes: only the ticks from the bus can move the answers.
    async fn cached_answers_follow_the_ticks(backend) {
        let app = spawn_app_with_settings(
            backend,
            &[("gateway.cache.live_ttl_ms", "600000")],
        )
        .await;
        let path = format!("/main/api/v1/securities/{SAMSUNG}");
        let (status, first) = app.json(&path).await;
        assert_eq!(status, 200, "{first}");
        tokio::time::timeout(Duration::from_secs(20), async {
            loop {
                tokio::time::sleep(Duration::from_millis(100)).await;
                let (_, now) = app.json(&path).await;
                if now["quote"]["traded_at"] != first["quote"]["traded_at"] {
                    return;
                }
            }
        })
        .await
        .expect("the cached security follows its quote ticks");
        app.stop().await;
    }
}
