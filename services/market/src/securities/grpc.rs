//! `sise.market.v1.MarketService` over gRPC.

use std::sync::Arc;

use prost::Message;
use sise_platform::bus::{BackgroundPublisher, Bus, Headers};
use sise_platform::error::{DomainError, ErrorCode};
use sise_proto::market::v1 as pb;
use tonic::{Request, Response, Status};

use crate::domain::{SecurityId, security_not_found};
use crate::feed::QuoteBoard;
use crate::simulator::now_kst;

/// Most ids one `GetQuotes` call may ask for.
pub const MAX_QUOTES_PER_CALL: usize = 200;

pub struct MarketGrpc {
    board: Arc<QuoteBoard>,
    views: BackgroundPublisher,
}

impl MarketGrpc {
    /// Needs a Tokio runtime (view events are published by a task of their own).
    pub fn new(board: Arc<QuoteBoard>, bus: Bus) -> Self {
        Self {
            board,
            views: bus.background_publisher(),
        }
    }
}

#[tonic::async_trait]
impl pb::market_service_server::MarketService for MarketGrpc {
    #[tracing::instrument(skip_all, fields(security_id = %request.get_ref().security_id))]
    async fn get_security(
        &self,
        request: Request<pb::GetSecurityRequest>,
    ) -> Result<Response<pb::GetSecurityResponse>, Status> {
        let id = SecurityId::parse(&request.get_ref().security_id)?;
        let (stock, quote) = self
            .board
            .security_with_quote(id.as_str())
            .ok_or_else(security_not_found)?;
        // A page view feeds popularity rankings; the read must not wait for the bus, and
        // losing one count is better than a slow page: queued, dropped when full.
        let event = pb::SecurityViewed {
            security_id: id.as_str().to_owned(),
            viewed_at_ms: now_kst().timestamp_millis(),
        };
        if let Err(error) = self.views.publish(
            sise_platform::bus::acl::subjects::SECURITY_VIEWED,
            Headers::new(),
            event.encode_to_vec().into(),
        ) {
            tracing::warn!(
                error = format!("{error:#}"),
                "failed to publish security_viewed"
            );
        }
        Ok(Response::new(pb::GetSecurityResponse {
            security: Some(pb::Security::from(stock)),
            quote: Some(quote),
        }))
    }

    async fn get_quotes(
        &self,
        request: Request<pb::GetQuotesRequest>,
    ) -> Result<Response<pb::GetQuotesResponse>, Status> {
        let ids = &request.get_ref().security_ids;
        if ids.len() > MAX_QUOTES_PER_CALL {
            return Err(
                DomainError::with_max(ErrorCode::TooManySecurities, MAX_QUOTES_PER_CALL).into(),
            );
        }
        let mut quotes = Vec::with_capacity(ids.len());
        for id in ids {
            let id = SecurityId::parse(id)?;
            if let Some(quote) = self.board.quote(id.as_str()) {
                quotes.push(quote);
            }
        }
        Ok(Response::new(pb::GetQuotesResponse { quotes }))
    }
}
