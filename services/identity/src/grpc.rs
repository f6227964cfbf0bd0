//! `sise.identity.v1.IdentityService` over gRPC.

use sise_platform::error::{DomainError, ErrorCode, internal_status};
use sise_proto::identity::v1 as pb;
use tonic::{Request, Response, Status};

use crate::store::{Store, now_ms};

pub struct IdentityGrpc {
    store: Store,
}

impl IdentityGrpc {
    pub fn new(store: Store) -> Self {
        Self { store }
    }
}

/// The one answer for an empty, malformed, unknown or expired token: callers cannot tell
/// them apart.
fn invalid_token() -> DomainError {
    ErrorCode::InvalidToken.into()
}

#[tonic::async_trait]
impl pb::identity_service_server::IdentityService for IdentityGrpc {
    // The token is a credential: keep it out of the span.
    #[tracing::instrument(skip_all)]
    async fn authenticate(
        &self,
        request: Request<pb::AuthenticateRequest>,
    ) -> Result<Response<pb::AuthenticateResponse>, Status> {
        let token = &request.get_ref().access_token;
        if token.is_empty() {
            return Err(invalid_token().into());
        }
        let session = self
            .store
            .authenticate(token, now_ms())
            .await
            .map_err(internal_status)?
            .ok_or_else(invalid_token)?;
        Ok(Response::new(pb::AuthenticateResponse {
            user_id: session.user_id,
            expires_at_ms: session.expires_at_ms,
        }))
    }
}
