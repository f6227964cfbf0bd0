use crate::helpers::{SAMSUNG, shared};

sise_platform::per_backend! {
    async fn quotes_for_many_securities(backend) {
        let app = shared(backend).await;
        let (status, body) = app
            .json(&format!(
                "/main/api/v1/quotes?security_ids={SAMSUNG},KOREA-A000660,KOREA-A999999"
            ))
            .await;
        assert_eq!(status, 200, "{body}");
        let quotes = body["quotes"].as_array().expect("quotes");
        let ids: Vec<_> = quotes.iter().map(|q| q["security_id"].as_str()).collect();
        assert_eq!(
            ids,
            [Some(SAMSUNG), Some("KOREA-A000660")],
            "unknown ids left out"
        );

        let (status, body) = app.json("/main/api/v1/quotes").await;
        assert_eq!(
            (status, &body["error"]),
            (400, &"missing_security_ids".into())
        );
        let (status, body) = app.json("/main/api/v1/quotes?security_ids=,,").await;
        assert_eq!(
            (status, &body["error"]),
            (400, &"missing_security_ids".into())
        );
        let (status, body) = app
            .json(&format!("/main/api/v1/quotes?security_ids={SAMSUNG},bogus"))
            .await;
        assert_eq!(
            (status, &body["error"]),
            (400, &"invalid_security_id".into())
        );
        let many = vec![SAMSUNG; 201].join(",");
        let (status, body) = app
            .json(&format!("/main/api/v1/quotes?security_ids={many}"))
            .await;
        assert_eq!(
            (status, &body["error"]),
            (400, &"too_many_securities".into())
        );
    }
}
