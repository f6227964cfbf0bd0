//! Which boards exist: a security id is a board when market lists it (`GetQuotes`, which,
//! unlike `GetSecurity`, counts no page view). The ids market confirmed are kept in a
//! bounded cache, so reading a board does not ask market each time; unknown ids are asked
//! every time (a listing may arrive), bounded by the gateway's rate limits.

use sise_platform::error::{DomainError, ErrorCode};
use sise_proto::market::v1::GetQuotesRequest;
use sise_proto::market::v1::market_service_client::MarketServiceClient;
use tonic::Status;
use tonic::transport::Channel;

use crate::domain::SecurityId;

/// Known ids kept (market lists a few thousand).
const KNOWN_CAPACITY: u64 = 10_000;

#[derive(Clone)]
pub struct Securities {
    market: MarketServiceClient<Channel>,
    known: moka::sync::Cache<String, ()>,
}

impl Securities {
    pub fn new(market: MarketServiceClient<Channel>) -> Self {
        Self {
            market,
            known: moka::sync::Cache::new(KNOWN_CAPACITY),
        }
    }

    /// `text` as the id of a board market lists: `invalid_security_id`,
    /// `security_not_found`, or market's failure as it came.
    pub async fn board(&self, text: &str) -> Result<SecurityId, Status> {
        let id = SecurityId::parse(text)?;
        if self.known.contains_key(id.as_str()) {
            return Ok(id);
        }
        let quotes = self
            .market
            .clone()
            .get_quotes(GetQuotesRequest {
                security_ids: vec![id.as_str().to_owned()],
            })
            .await?
            .into_inner()
            .quotes;
        if !quotes.iter().any(|q| q.security_id == id.as_str()) {
            return Err(DomainError::from(ErrorCode::SecurityNotFound).into());
        }
        self.known.insert(id.as_str().to_owned(), ());
        Ok(id)
    }
}
