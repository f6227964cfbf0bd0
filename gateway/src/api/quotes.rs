//! Quotes: a one-off read for many securities, and the live stream (Server-Sent Events).

use std::convert::Infallible;
use std::net::Ipv4Addr;
use std::sync::Arc;
use std::time::Duration;

use axum::Extension;
use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures::StreamExt;
use sise_proto::market::v1::GetQuotesRequest;

use crate::api::params::SecurityIdList200;
use crate::api::{ApiQuery, SecurityIdsQuery};
use crate::cache::{self, IfNoneMatch};
use crate::error::{ApiError, ApiErrorBody};
use crate::limits::ClientIp;
use crate::models::QuoteList;
use crate::state::AppState;

/// Most securities one `GET /api/v1/quotes` may ask for.
pub const MAX_QUOTES: usize = 200;
/// Most securities one stream may watch.
pub const MAX_STREAM_SECURITIES: usize = 50;

#[utoipa::path(
    get,
    path = "/api/v1/quotes",
    tag = "main",
    security(()),
    params(("security_ids" = SecurityIdList200, Query, description = "The stocks, e.g. `KOREA-A005930,KOREA-A000660`")),
    responses(
        (status = 200, description = "Quotes of the known ids; unknown ids are left out", body = QuoteList),
        (status = 400, description = "Missing, malformed or too many ids", body = ApiErrorBody),
    )
)]
pub async fn get_quotes(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<SecurityIdsQuery>,
    IfNoneMatch(if_none_match): IfNoneMatch,
) -> Result<Response, ApiError> {
    let security_ids = query.ids(MAX_QUOTES)?;
    let (_, quotes) = held_or_read(&state, security_ids).await?;
    let body = quote_list(&quotes);
    Ok(cache::validated(
        body.into_bytes().into(),
        if_none_match.as_ref(),
    ))
}

/// The quotes of the known ids among `ids` (in order, unknown ones left out) as JSON, with
/// those ids. Served from the hub's held quotes while ticks arrive; market only for what the
/// hub has not heard of lately (and then the hub holds its answer).
async fn held_or_read(
    state: &AppState,
    ids: Vec<String>,
) -> Result<(Vec<String>, Vec<Arc<str>>), ApiError> {
    if let Some(quotes) = state.quotes.fresh(&ids) {
        return Ok((ids, quotes));
    }
    let response = state
        .clients
        .market
        .clone()
        .get_quotes(GetQuotesRequest { security_ids: ids })
        .await?
        .into_inner();
    let known = response
        .quotes
        .iter()
        .map(|q| q.security_id.clone())
        .collect();
    Ok((known, state.quotes.remember(response.quotes)))
}

/// `{"quotes":[…]}` from quotes already serialised.
fn quote_list(quotes: &[Arc<str>]) -> String {
    let mut body = String::with_capacity(16 + quotes.iter().map(|q| q.len() + 1).sum::<usize>());
    body.push_str("{\"quotes\":[");
    for (i, quote) in quotes.iter().enumerate() {
        if i > 0 {
            body.push(',');
        }
        body.push_str(quote);
    }
    body.push_str("]}");
    body
}

#[utoipa::path(
    get,
    path = "/api/v1/quotes/stream",
    tag = "main",
    security(()),
    params(SecurityIdsQuery),
    responses(
        (status = 200, description = "Server-Sent Events: one `snapshot` event (data: QuoteList), then a `quote` event (data: Quote) for every change, at once (a client that reads slower than a security changes gets that security's latest change; with `gateway.quotes.stream_min_gap_ms` set, at most one per security per that gap), and a fresh `snapshot` whenever quotes may have been missed (the bus came back); `:` comments as heartbeats", content_type = "text/event-stream", body = String),
        (status = 400, description = "Missing, malformed or too many ids", body = ApiErrorBody),
        (status = 429, description = "Too many open streams (of this client or in all), or over the request rate; `Retry-After` says when to retry", body = ApiErrorBody),
    )
)]
pub async fn stream_quotes(
    State(state): State<AppState>,
    client: Option<Extension<ClientIp>>,
    ApiQuery(query): ApiQuery<SecurityIdsQuery>,
) -> Result<Response, ApiError> {
    let ids = query.ids(MAX_STREAM_SECURITIES)?;
    let client = client.map_or(ClientIp(Ipv4Addr::UNSPECIFIED.into()), |c| c.0);
    let slot = match state.streams.acquire(client) {
        Ok(slot) => slot,
        Err(refused) => return Ok(refused.into_response()),
    };
    // The hub holds an entry per watched id, so only ids the market knows are watched.
    let (known, _) = held_or_read(&state, ids).await?;
    // Watch before the snapshot the client gets, so a tick between the two is not missed;
    // the client keeps whichever quote has the newer `traded_at`. Hence a second read.
    let watches = state.quotes.watch(&known);
    let snapshot = if known.is_empty() {
        Vec::new()
    } else {
        held_or_read(&state, known.clone()).await?.1
    };
    let first = Event::default()
        .event("snapshot")
        .retry(Duration::from_secs(3))
        .data(quote_list(&snapshot));
    let updates = crate::realtime::gapped(watches, state.quotes.stream_min_gap())
        .map(|json| Ok::<_, Infallible>(Event::default().event("quote").data(json.as_ref())));
    // Quotes missed while the bus was away come back as a fresh snapshot. A stream of no
    // known security has nothing to resync: it ends after its snapshot.
    let resyncs = (!known.is_empty()).then(|| {
        let state = state.clone();
        tokio_stream::wrappers::WatchStream::from_changes(state.quotes.resyncs()).filter_map(
            move |_| {
                let (state, known) = (state.clone(), known.clone());
                async move {
                    let (_, snapshot) = held_or_read(&state, known).await.ok()?;
                    Some(Ok::<_, Infallible>(
                        Event::default()
                            .event("snapshot")
                            .data(quote_list(&snapshot)),
                    ))
                }
            },
        )
    });
    // End with the server, or a graceful shutdown would wait for every open stream. The
    // slot lives as long as the stream.
    let stream = futures::stream::once(async move { Ok(first) })
        .chain(futures::stream::select(
            updates,
            futures::stream::iter(resyncs).flatten(),
        ))
        .take_until(state.shutdown.clone().cancelled_owned())
        .map(move |event| {
            let _slot = &slot;
            crate::realtime::sent("quotes");
            event
        });
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response())
}
