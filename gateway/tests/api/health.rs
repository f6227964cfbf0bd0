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
    let doc = sise_gateway::startup::api_document();
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

/// Every `$ref` in the document names a component it has (parameter schemas are added by
/// hand, the routers collect only bodies and responses).
#[test]
fn openapi_references_resolve() {
    let doc = sise_gateway::startup::api_document();
    let doc: serde_json::Value = serde_json::from_str(&doc.to_json().expect("json")).expect("json");
    let mut refs = Vec::new();
    collect_refs(&doc, &mut refs);
    assert!(!refs.is_empty());
    for reference in refs {
        let name = reference
            .strip_prefix("#/components/schemas/")
            .unwrap_or_else(|| panic!("unexpected reference {reference}"));
        assert!(
            doc["components"]["schemas"][name].is_object(),
            "{reference} does not resolve"
        );
    }
}

fn collect_refs(value: &serde_json::Value, refs: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(map) => {
            if let Some(serde_json::Value::String(r)) = map.get("$ref") {
                refs.push(r.clone());
            }
            map.values().for_each(|v| collect_refs(v, refs));
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| collect_refs(v, refs)),
        _ => {}
    }
}

/// The document states what the server checks: no parameter is a bare string or number.
/// A string parameter has a pattern, an enum or a format; a number has both bounds (or a
/// width, `int64`, and a lower bound). Schemathesis (`scripts/schemathesis.sh`) checks
/// that the server accepts everything these allow.
#[test]
fn openapi_parameters_state_their_rules() {
    let doc = sise_gateway::startup::api_document();
    let doc: serde_json::Value = serde_json::from_str(&doc.to_json().expect("json")).expect("json");
    let resolve = |schema: &serde_json::Value| -> serde_json::Value {
        match schema["$ref"].as_str() {
            Some(r) => {
                doc["components"]["schemas"][r.trim_start_matches("#/components/schemas/")].clone()
            }
            None => schema.clone(),
        }
    };
    let mut checked = 0;
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("item") {
            for parameter in operation["parameters"].as_array().into_iter().flatten() {
                let schema = resolve(&parameter["schema"]);
                let name = format!("{method} {path} {}", parameter["name"]);
                let stated = schema["anyOf"].is_array()
                    || match schema["type"].as_str() {
                        Some("string") => {
                            schema["pattern"].is_string()
                                || schema["enum"].is_array()
                                || schema["format"].is_string()
                        }
                        Some("integer") | Some("number") => {
                            (schema["minimum"].is_number()
                                || schema["exclusiveMinimum"].is_number())
                                && (schema["maximum"].is_number() || schema["format"] == "int64")
                        }
                        _ => false,
                    };
                assert!(stated, "{name} states no rule: {schema}");
                checked += 1;
            }
        }
    }
    assert!(checked > 40, "only {checked} parameters");
}

/// Paging operations link their next page (`next_cursor` → `cursor`, `last_key` → `to`);
/// every link names, as OpenAPI spells it (`operationId`), an operation of the document.
#[test]
fn openapi_links_name_operations() {
    let doc = sise_gateway::startup::api_document();
    let doc: serde_json::Value = serde_json::from_str(&doc.to_json().expect("json")).expect("json");
    let mut ids = Vec::new();
    let mut targets = Vec::new();
    for item in doc["paths"].as_object().expect("paths").values() {
        for operation in item.as_object().expect("item").values() {
            ids.push(
                operation["operationId"]
                    .as_str()
                    .expect("an operation id")
                    .to_owned(),
            );
            for response in operation["responses"].as_object().into_iter().flatten() {
                for link in response.1["links"].as_object().into_iter().flatten() {
                    assert!(link.1.get("operation_id").is_none(), "{link:?}");
                    targets.push(
                        link.1["operationId"]
                            .as_str()
                            .expect("operationId")
                            .to_owned(),
                    );
                }
            }
        }
    }
    assert!(targets.len() >= 11, "{targets:?}");
    for target in targets {
        assert!(
            ids.contains(&target),
            "a link to {target}, which is no operation"
        );
    }
}

/// The parameter schemas state the routes' own maxima.
#[test]
fn openapi_maxima_are_the_routes() {
    use sise_gateway::api::{articles, params, quotes};
    assert_eq!(params::MAX_ARTICLE_SECURITIES, articles::MAX_SECURITIES);
    assert_eq!(params::MAX_QUOTE_SECURITIES, quotes::MAX_QUOTES);
    assert_eq!(params::MAX_STREAM_SECURITIES, quotes::MAX_STREAM_SECURITIES);
    assert_eq!(params::MAX_ARTICLE_LIMIT, articles::MAX_LIMIT);
}
