//! The OpenAPI document, generated from the routes of the three API hosts.
//!
//! Paths are host-relative (as a client of that host sends them); each operation is tagged
//! with its host. `docs/openapi.json` is this document; the webapp's types are generated
//! from that file, and a test keeps the file current.

use utoipa::openapi::content::ContentBuilder;
use utoipa::openapi::response::ResponseBuilder;
use utoipa::openapi::tag::TagBuilder;
use utoipa::openapi::{OpenApi, Ref, RefOr};

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
    add_edge_responses(&mut doc);
    doc
}

/// Answers of the edge that any operation can give (rate limit, request timeout), so the
/// document states every status a client can see.
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
