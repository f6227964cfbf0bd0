//! Live boards: `GET /api/v1/securities/{security_id}/posts/stream`, Server-Sent Events of a
//! board's new, deleted and hidden posts ([`crate::boards`]). Counted with the quote streams
//! in the gateway's stream slots, checked with market first, ended with the server.

use std::convert::Infallible;
use std::net::Ipv4Addr;
use std::time::Duration;

use axum::Extension;
use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures::StreamExt;
use sise_platform::error::ErrorCode;
use sise_proto::market::v1::GetQuotesRequest;

use crate::api::ApiPath;
use crate::api::params::SecurityId;
use crate::boards::BoardMessage;
use crate::error::{ApiError, ApiErrorBody};
use crate::limits::ClientIp;
use crate::state::AppState;

/// Between heartbeats (`:` comments), so idle connections stay open through proxies.
const HEARTBEAT: Duration = Duration::from_secs(15);

#[utoipa::path(
    get,
    path = "/api/v1/securities/{security_id}/posts/stream",
    tag = "social",
    security(()),
    params(("security_id" = SecurityId, Path, description = "The board's stock")),
    responses(
        (status = 200, description = "Server-Sent Events of the open board: `post_created`, `post_deleted` and `post_hidden`, each with data `{\"post_id\": …}` (the board then reads the post), and `resync` (data `{}`) when events may have been missed (the reader fell behind, or the bus came back): read the board's first page again; `:` comments as heartbeats", content_type = "text/event-stream", body = String),
        (status = 400, description = "`invalid_security_id`", body = ApiErrorBody),
        (status = 404, description = "`security_not_found`", body = ApiErrorBody),
        (status = 429, description = "`too_many_streams`: too many open streams (quotes and boards, of this client or in all), or over the request rate; `Retry-After` says when to retry", body = ApiErrorBody),
    )
)]
pub async fn stream_board(
    State(state): State<AppState>,
    client: Option<Extension<ClientIp>>,
    ApiPath(security_id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let client = client.map_or(ClientIp(Ipv4Addr::UNSPECIFIED.into()), |c| c.0);
    let slot = match state.streams.acquire(client) {
        Ok(slot) => slot,
        Err(refused) => return Ok(refused.into_response()),
    };
    // The hub makes a board per watched id, so only boards of known stocks are watched.
    let known = state
        .clients
        .market
        .clone()
        .get_quotes(GetQuotesRequest {
            security_ids: vec![security_id.clone()],
        })
        .await?
        .into_inner();
    if known.quotes.is_empty() {
        return Err(ErrorCode::SecurityNotFound.into());
    }
    let watch = state.boards.watch(&security_id);
    let first = Event::default().retry(Duration::from_secs(3));
    let events = watch.map(|message| {
        Ok::<_, Infallible>(match message {
            BoardMessage::Event(event) => Event::default()
                .event(event.kind.name())
                .data(format!("{{\"post_id\":{}}}", event.post_id)),
            BoardMessage::Resync => Event::default().event("resync").data("{}"),
        })
    });
    // End with the server, or a graceful shutdown would wait for every open stream. The
    // slot lives as long as the stream.
    let stream = futures::stream::once(async move { Ok(first) })
        .chain(events)
        .take_until(state.shutdown.clone().cancelled_owned())
        .map(move |event| {
            let _slot = &slot;
            crate::realtime::sent("posts");
            event
        });
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(HEARTBEAT))
        .into_response())
}
