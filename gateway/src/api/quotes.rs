//! Quotes: a one-off read for many securities, and the live stream (Server-Sent Events).

use std::convert::Infallible;
use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures::{Stream, StreamExt};
use sise_proto::market::v1::GetQuotesRequest;

use crate::api::params::SecurityIdList200;
use crate::api::{ApiQuery, SecurityIdsQuery};
use crate::error::{ApiError, ApiErrorBody};
use crate::models::{Quote, QuoteList};
use crate::state::AppState;

/// Most securities one `GET /api/v1/quotes` may ask for.
pub const MAX_QUOTES: usize = 200;
/// Most securities one stream may watch.
pub const MAX_STREAM_SECURITIES: usize = 50;

#[utoipa::path(
    get,
    path = "/api/v1/quotes",
    tag = "main",
    params(("security_ids" = SecurityIdList200, Query, description = "The stocks, e.g. `KOREA-A005930,KOREA-A000660`")),
    responses(
        (status = 200, description = "Quotes of the known ids; unknown ids are left out", body = QuoteList),
        (status = 400, description = "Missing, malformed or too many ids", body = ApiErrorBody),
    )
)]
pub async fn get_quotes(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<SecurityIdsQuery>,
) -> Result<Json<QuoteList>, ApiError> {
    let security_ids = query.ids(MAX_QUOTES)?;
    Ok(Json(fetch(&state, security_ids).await?))
}

async fn fetch(state: &AppState, security_ids: Vec<String>) -> Result<QuoteList, ApiError> {
    let response = state
        .clients
        .market
        .clone()
        .get_quotes(GetQuotesRequest { security_ids })
        .await?
        .into_inner();
    Ok(QuoteList {
        quotes: response.quotes.into_iter().map(Quote::from).collect(),
    })
}

#[utoipa::path(
    get,
    path = "/api/v1/quotes/stream",
    tag = "main",
    params(SecurityIdsQuery),
    responses(
        (status = 200, description = "Server-Sent Events: one `snapshot` event (data: QuoteList), then a `quote` event (data: Quote) for every change, coalesced to at most one per security every 250 ms; `:` comments as heartbeats", content_type = "text/event-stream", body = String),
        (status = 400, description = "Missing, malformed or too many ids", body = ApiErrorBody),
    )
)]
pub async fn stream_quotes(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<SecurityIdsQuery>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let ids = query.ids(MAX_STREAM_SECURITIES)?;
    // Watch before the snapshot, so a tick between the two is not missed; the client keeps
    // whichever quote has the newer `traded_at`.
    let watches = state.quotes.watch(&ids);
    let snapshot = fetch(&state, ids).await?;
    let known: Vec<_> = watches
        .into_iter()
        .filter(|(id, _)| snapshot.quotes.iter().any(|q| &q.security_id == id))
        .map(|(_, rx)| rx)
        .collect();
    let first = Event::default()
        .event("snapshot")
        .retry(Duration::from_secs(3))
        .json_data(&snapshot)
        .unwrap_or_else(|_| Event::default().comment("snapshot unavailable"));
    let updates = crate::realtime::coalesced(known, state.quotes.coalesce_interval())
        .map(|json| Ok(Event::default().event("quote").data(json.as_ref())));
    // End with the server, or a graceful shutdown would wait for every open stream.
    let stream = futures::stream::once(async move { Ok(first) })
        .chain(updates)
        .take_until(state.shutdown.clone().cancelled_owned());
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}
