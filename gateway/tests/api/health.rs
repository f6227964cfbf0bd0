use crate::helpers::shared;

sise_platform::per_backend! {
    async fn liveness_readiness_and_openapi(backend) {
        let app = shared(backend).await;
        assert_eq!(app.get("/healthz").await.status(), 200);
        let (status, body) = app.json("/readyz").await;
        assert_eq!(status, 200, "{body}");
        let (status, doc) = app.json("/openapi.json").await;
        assert_eq!(status, 200);
        assert!(doc["paths"]["/api/v1/securities/{security_id}"]["get"].is_object());
        assert!(doc["components"]["schemas"]["Quote"].is_object());
    }
}

/// docs/openapi.json is what the webapp's types are generated from; it must match the
/// routes. Run with `UPDATE_OPENAPI=1` to rewrite it.
#[test]
fn openapi_document_is_current() {
    let (_, doc) = sise_gateway::startup::api_routers();
    let generated = format!("{}\n", doc.to_pretty_json().expect("json"));
    let path = crate::helpers::repo_root().join("docs/openapi.json");
    if std::env::var("UPDATE_OPENAPI").is_ok() {
        std::fs::write(&path, &generated).expect("write docs/openapi.json");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "docs/openapi.json is stale: run `UPDATE_OPENAPI=1 cargo test -p sise-gateway --test api openapi` \
         and `npm run gen:api` in webapp/"
    );
}
