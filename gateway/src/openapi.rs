//! The OpenAPI document, generated from the routes of the three API hosts.
//!
//! Paths are host-relative (as a client of that host sends them); each operation is tagged
//! with its host. `docs/openapi.json` is this document; the webapp's types are generated
//! from that file, and a test keeps the file current.

use utoipa::openapi::tag::TagBuilder;
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, RefOr, ResponseBuilder};

use crate::hosts::HostKind;

pub fn document(parts: Vec<(HostKind, OpenApi)>) -> OpenApi {
    let mut doc = utoipa::openapi::OpenApiBuilder::new()
        .info(
            utoipa::openapi::InfoBuilder::new()
                .title("Sise API")
                .version(env!("CARGO_PKG_VERSION"))
                .description(Some(
                    "Sise (시세) gateway. Paths are relative to their API host: main (tag `main`), \
                     social (`social`) and mobile-web (`mobile-web`). In single-origin mode the \
                     hosts are reached under the prefixes `/main`, `/social` and `/mweb`. Every \
                     path accepts an optional `.json` suffix. Errors are `{error, message}`.",
                ))
                .build(),
        )
        .build();
    let mut tags = Vec::new();
    for (kind, part) in parts {
        tags.push(
            TagBuilder::new()
                .name(kind.name())
                .description(Some(format!(
                    "The {} API host (single-origin prefix `{}`)",
                    kind.name(),
                    kind.prefix()
                )))
                .build(),
        );
        doc.merge(part);
    }
    doc.tags = Some(tags);
    let components = doc.components.get_or_insert_with(Default::default);
    components.schemas.extend(crate::api::params::components());
    // Member routes name it (`security(("bearer" = []))`); public ones an empty
    // requirement (`security(())`). The authorisation-matrix test requires one or the other.
    components.add_security_scheme(
        "bearer",
        utoipa::openapi::security::SecurityScheme::Http(
            utoipa::openapi::security::HttpBuilder::new()
                .scheme(utoipa::openapi::security::HttpAuthScheme::Bearer)
                .description(Some(
                    "The session token of `POST /api/session` (main, social); the mobile-web \
                     host reads it from an `Access-Token` header",
                ))
                .build(),
        ),
    );
    add_edge_responses(&mut doc);
    name_link_fields(&mut doc);
    doc
}

/// utoipa 5.5 writes a link's fields in snake_case (`operation_id`), where OpenAPI names
/// them `operationId`: move the operation into a field of the right name (extensions are
/// written as they are keyed), so clients and the fuzzer can follow the links.
fn name_link_fields(doc: &mut OpenApi) {
    for item in doc.paths.paths.values_mut() {
        for operation in [
            &mut item.get,
            &mut item.post,
            &mut item.put,
            &mut item.delete,
        ]
        .into_iter()
        .flatten()
        {
            for response in operation.responses.responses.values_mut() {
                let utoipa::openapi::RefOr::T(response) = response else {
                    continue;
                };
                for link in response.links.values_mut() {
                    let utoipa::openapi::RefOr::T(link) = link else {
                        continue;
                    };
                    let id = std::mem::take(&mut link.operation_id);
                    if !id.is_empty() {
                        link.extensions
                            .get_or_insert_with(Default::default)
                            .insert("operationId".to_owned(), id.into());
                    }
                }
            }
        }
    }
}

/// Answers that any operation can give, stated once here rather than on each route: a
/// service behind the gateway unavailable, the client over its rate, a request over the
/// gateway's time limit.
fn add_edge_responses(doc: &mut OpenApi) {
    let error = |description: &str| {
        RefOr::T(
            ResponseBuilder::new()
                .description(description)
                .content(
                    "application/json",
                    ContentBuilder::new()
                        .schema(Some(Ref::from_schema_name("ApiError")))
                        .build(),
                )
                .build(),
        )
    };
    let edge = [
        (
            "503",
            error("A service behind the gateway is unavailable (`unavailable`); retry later"),
        ),
        (
            "429",
            error(
                "Over the client's request rate (`too_many_requests`); `Retry-After` says \
                 when to retry",
            ),
        ),
        (
            "504",
            error("The request took longer than the gateway allows (`request_timeout`)"),
        ),
    ];
    for item in doc.paths.paths.values_mut() {
        let operations = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ];
        for operation in operations.into_iter().flatten() {
            for (status, response) in &edge {
                operation
                    .responses
                    .responses
                    .entry((*status).to_owned())
                    .or_insert_with(|| response.clone());
            }
        }
    }
}
