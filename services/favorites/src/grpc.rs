//! `sise.favorites.v1.FavoritesService` over gRPC: the member as the gateway signed it
//! (`sise_platform::member`), names and ids checked, security ids checked with market,
//! another member's groups only while identity says that member keeps them public (the
//! privacy rule lives here, with the data), refusals as catalogue errors.

use std::sync::LazyLock;

use opentelemetry::KeyValue;
use opentelemetry::metrics::Counter;
use sise_platform::error::{DomainError, ErrorCode, internal_status};
use sise_platform::member;
use sise_platform::time::now_ms;
use sise_proto::favorites::v1 as pb;
use sise_proto::identity::v1::GetPublicProfilesRequest;
use sise_proto::identity::v1::identity_service_client::IdentityServiceClient;
use sise_proto::market::v1::GetQuotesRequest;
use sise_proto::market::v1::market_service_client::MarketServiceClient;
use tonic::transport::Channel;
use tonic::{Request, Response, Status};

use crate::store::{DEFAULT_LIST_NAME, Refusal, Store};

/// A group's name: trimmed, 1 to 12 characters (spec §5).
pub const LIST_NAME_MAX_CHARS: usize = 12;
/// Most ids one call names (deletes, reorders, existences).
const MAX_IDS: usize = 200;

pub struct FavoritesGrpc {
    store: Store,
    market: MarketServiceClient<Channel>,
    identity: IdentityServiceClient<Channel>,
}

impl FavoritesGrpc {
    pub fn new(
        store: Store,
        market: MarketServiceClient<Channel>,
        identity: IdentityServiceClient<Channel>,
    ) -> Self {
        Self {
            store,
            market,
            identity,
        }
    }

    /// Whether `owner`'s groups may be shown to `reader`: one's own always; another's only
    /// while identity says that member keeps them public. A member identity does not know
    /// (never was, or seceded) is private like one who chose so: the caller cannot tell
    /// them apart, so member ids cannot be enumerated.
    async fn may_read(&self, reader: i64, owner: i64) -> Result<(), Status> {
        if reader == owner {
            return Ok(());
        }
        let private = || Status::from(DomainError::from(ErrorCode::FavoritesPrivate));
        if owner <= 0 {
            return Err(private());
        }
        let profiles = self
            .identity
            .clone()
            .get_public_profiles(GetPublicProfilesRequest {
                user_ids: vec![owner],
            })
            .await?
            .into_inner()
            .profiles;
        match profiles.iter().find(|p| p.id == owner) {
            Some(profile) if profile.open_favorite_stocks => Ok(()),
            _ => Err(private()),
        }
    }

    fn refusal(&self, refusal: Refusal) -> Status {
        let limits = self.store.limits();
        let error = match refusal {
            Refusal::ListNotFound => ErrorCode::ListNotFound.into(),
            Refusal::StockNotFound => ErrorCode::FavoriteStockNotFound.into(),
            Refusal::TooManyLists => {
                DomainError::with_max(ErrorCode::TooManyLists, limits.max_lists)
            }
            Refusal::ListFull => {
                DomainError::with_max(ErrorCode::ListFull, limits.max_stocks_per_list)
            }
            Refusal::InvalidOrder => ErrorCode::InvalidOrder.into(),
        };
        error.into()
    }

    fn settle<T>(&self, change: anyhow::Result<Result<T, Refusal>>) -> Result<T, Status> {
        change
            .map_err(internal_status)?
            .map_err(|r| self.refusal(r))
    }

    /// Every id must be a security market knows; the known ones in the order given.
    async fn known_securities(&self, ids: &[String]) -> Result<Vec<String>, Status> {
        if ids.is_empty() {
            return Err(DomainError::from(ErrorCode::MissingSecurityIds).into());
        }
        if ids.len() > MAX_IDS {
            return Err(DomainError::with_max(ErrorCode::TooManySecurities, MAX_IDS).into());
        }
        let quotes = self
            .market
            .clone()
            .get_quotes(GetQuotesRequest {
                security_ids: ids.to_vec(),
            })
            .await?
            .into_inner()
            .quotes;
        let known: std::collections::HashSet<&str> =
            quotes.iter().map(|q| q.security_id.as_str()).collect();
        if ids.iter().any(|id| !known.contains(id.as_str())) {
            return Err(DomainError::from(ErrorCode::SecurityNotFound).into());
        }
        Ok(ids.to_vec())
    }

    async fn list_answer(
        &self,
        user_id: i64,
        id: i64,
    ) -> Result<Response<pb::FavoriteStockList>, Status> {
        let list = self
            .store
            .list(user_id, id)
            .await
            .map_err(internal_status)?;
        list.map(Response::new)
            .ok_or_else(|| self.refusal(Refusal::ListNotFound))
    }
}

/// A group name as given: empty is 관심그룹, over 12 characters is refused.
pub fn list_name(raw: &str) -> Result<String, DomainError> {
    let name = raw.trim();
    if name.is_empty() {
        return Ok(DEFAULT_LIST_NAME.to_owned());
    }
    if name.chars().count() > LIST_NAME_MAX_CHARS || name.chars().any(char::is_control) {
        return Err(ErrorCode::InvalidListName.into());
    }
    Ok(name.to_owned())
}

fn ids(ids: &[i64]) -> Result<&[i64], Status> {
    if ids.is_empty() {
        return Err(DomainError::from(ErrorCode::MissingIds).into());
    }
    if ids.len() > MAX_IDS {
        return Err(DomainError::with_max(ErrorCode::TooManyIds, MAX_IDS).into());
    }
    Ok(ids)
}

#[tonic::async_trait]
impl pb::favorites_service_server::FavoritesService for FavoritesGrpc {
    #[tracing::instrument(skip_all)]
    async fn list_lists(
        &self,
        request: Request<pb::ListListsRequest>,
    ) -> Result<Response<pb::ListsResponse>, Status> {
        let user_id = member::required(&request)?;
        let limits = self.store.limits();
        Ok(Response::new(pb::ListsResponse {
            lists: self.store.lists(user_id).await.map_err(internal_status)?,
            max_lists: limits.max_lists,
            max_stocks_per_list: limits.max_stocks_per_list,
        }))
    }

    #[tracing::instrument(skip_all, fields(owner = request.get_ref().user_id))]
    async fn list_lists_of(
        &self,
        request: Request<pb::ListListsOfRequest>,
    ) -> Result<Response<pb::ListsResponse>, Status> {
        let reader = member::required(&request)?;
        let owner = request.get_ref().user_id;
        self.may_read(reader, owner).await?;
        let limits = self.store.limits();
        Ok(Response::new(pb::ListsResponse {
            lists: self.store.lists(owner).await.map_err(internal_status)?,
            max_lists: limits.max_lists,
            max_stocks_per_list: limits.max_stocks_per_list,
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_list(
        &self,
        request: Request<pb::CreateListRequest>,
    ) -> Result<Response<pb::FavoriteStockList>, Status> {
        let user_id = member::required(&request)?;
        let name = list_name(&request.get_ref().name)?;
        let id = self.settle(self.store.create_list(user_id, &name, now_ms()).await)?;
        changed("create_list");
        self.list_answer(user_id, id).await
    }

    #[tracing::instrument(skip_all)]
    async fn rename_list(
        &self,
        request: Request<pb::RenameListRequest>,
    ) -> Result<Response<pb::FavoriteStockList>, Status> {
        let user_id = member::required(&request)?;
        let id = request.get_ref().id;
        let name = list_name(&request.get_ref().name)?;
        self.settle(self.store.rename_list(user_id, id, &name, now_ms()).await)?;
        self.list_answer(user_id, id).await
    }

    #[tracing::instrument(skip_all)]
    async fn delete_lists(
        &self,
        request: Request<pb::IdsRequest>,
    ) -> Result<Response<pb::Empty>, Status> {
        let user_id = member::required(&request)?;
        let ids = ids(&request.get_ref().ids)?;
        self.settle(self.store.delete_lists(user_id, ids, now_ms()).await)?;
        changed("delete_lists");
        Ok(Response::new(pb::Empty {}))
    }

    #[tracing::instrument(skip_all)]
    async fn reorder_lists(
        &self,
        request: Request<pb::IdsRequest>,
    ) -> Result<Response<pb::Empty>, Status> {
        let user_id = member::required(&request)?;
        let ids = ids(&request.get_ref().ids)?;
        self.settle(self.store.reorder_lists(user_id, ids, now_ms()).await)?;
        Ok(Response::new(pb::Empty {}))
    }

    #[tracing::instrument(skip_all)]
    async fn construct_list(
        &self,
        request: Request<pb::ConstructListRequest>,
    ) -> Result<Response<pb::FavoriteStockList>, Status> {
        let user_id = member::required(&request)?;
        let name = list_name(&request.get_ref().name)?;
        let securities = self
            .known_securities(&request.get_ref().security_ids)
            .await?;
        let id = self.settle(
            self.store
                .construct_list(user_id, &name, &securities, now_ms())
                .await,
        )?;
        changed("construct_list");
        self.list_answer(user_id, id).await
    }

    #[tracing::instrument(skip_all)]
    async fn add_stock(
        &self,
        request: Request<pb::AddStockRequest>,
    ) -> Result<Response<pb::AddStockResponse>, Status> {
        let user_id = member::required(&request)?;
        let request = request.get_ref();
        let security_id = self
            .known_securities(std::slice::from_ref(&request.security_id))
            .await?
            .remove(0);
        let (stock, created) = self.settle(
            self.store
                .add_stock(user_id, request.list_id, &security_id, now_ms())
                .await,
        )?;
        if created {
            changed("add_stock");
        }
        Ok(Response::new(pb::AddStockResponse {
            stock: Some(stock),
            created,
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn delete_stocks(
        &self,
        request: Request<pb::IdsRequest>,
    ) -> Result<Response<pb::Empty>, Status> {
        let user_id = member::required(&request)?;
        let ids = ids(&request.get_ref().ids)?;
        self.settle(self.store.delete_stocks(user_id, ids, now_ms()).await)?;
        changed("delete_stocks");
        Ok(Response::new(pb::Empty {}))
    }

    #[tracing::instrument(skip_all)]
    async fn reorder_stocks(
        &self,
        request: Request<pb::ReorderStocksRequest>,
    ) -> Result<Response<pb::Empty>, Status> {
        let user_id = member::required(&request)?;
        let request = request.get_ref();
        let order = ids(&request.ids)?;
        self.settle(
            self.store
                .reorder_stocks(user_id, request.list_id, order, now_ms())
                .await,
        )?;
        Ok(Response::new(pb::Empty {}))
    }

    #[tracing::instrument(skip_all)]
    async fn stocks_by_security(
        &self,
        request: Request<pb::StocksBySecurityRequest>,
    ) -> Result<Response<pb::FavoriteStocks>, Status> {
        let user_id = member::required(&request)?;
        let stocks = self
            .store
            .stocks_by_security(user_id, &request.get_ref().security_id)
            .await
            .map_err(internal_status)?;
        Ok(Response::new(pb::FavoriteStocks { stocks }))
    }

    #[tracing::instrument(skip_all)]
    async fn existences(
        &self,
        request: Request<pb::ExistencesRequest>,
    ) -> Result<Response<pb::ExistencesResponse>, Status> {
        let user_id = member::required(&request)?;
        let wanted = &request.get_ref().security_ids;
        if wanted.is_empty() {
            return Err(DomainError::from(ErrorCode::MissingAssetIds).into());
        }
        if wanted.len() > MAX_IDS {
            return Err(DomainError::with_max(ErrorCode::TooManyAssets, MAX_IDS).into());
        }
        let held = self.store.held(user_id).await.map_err(internal_status)?;
        Ok(Response::new(pb::ExistencesResponse {
            existences: wanted
                .iter()
                .map(|id| pb::Existence {
                    security_id: id.clone(),
                    exists: held.contains(id),
                })
                .collect(),
        }))
    }
}

/// `sise.favorites.changes`: members' changes to their groups, by `kind` (`add_stock`,
/// `delete_stocks`, `create_list`, `delete_lists`, `construct_list`).
static CHANGES: LazyLock<Counter<u64>> = LazyLock::new(|| {
    sise_platform::metrics::meter()
        .u64_counter("sise.favorites.changes")
        .with_description("Members' changes to their favorite groups, by kind")
        .build()
});

fn changed(kind: &'static str) {
    CHANGES.add(1, &[KeyValue::new("kind", kind)]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_names() {
        assert_eq!(list_name("  ").ok().as_deref(), Some("관심그룹"));
        assert_eq!(list_name(" 반도체 ").ok().as_deref(), Some("반도체"));
        assert!(list_name(&"가".repeat(12)).is_ok());
        let refused = list_name(&"가".repeat(13)).expect_err("13");
        assert_eq!(refused.message, "12글자 이내로 입력해주세요.");
    }
}
