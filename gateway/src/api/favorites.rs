//! Favorite groups (spec §7 "Favorites", "Topics: POST favorite-stocks topic"; main host):
//! a member's groups and their stocks, the picker's "which of my groups hold it", and the
//! hearts' existences. Every route is the member's own (docs/api.md, "Favorites"); another
//! member's ids answer 404. Another member's groups are readable when that member keeps
//! them public (identity's `open_favorite_stocks`). Answers are `Cache-Control: no-store`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use sise_platform::error::DomainError;
use sise_proto::favorites::v1 as pb;
use utoipa::{IntoParams, ToSchema};

use crate::api::params::SecurityId;
use crate::api::{ApiJson, ApiPath, ApiQuery, SecurityIdsQuery, id_list, no_content, private_json};
use crate::auth::SignedIn;
use crate::error::{ApiError, ApiErrorBody};
use crate::state::AppState;

/// Most ids one call names.
const MAX_IDS: usize = 200;

#[derive(Debug, Serialize, ToSchema)]
pub struct FavoriteStock {
    pub id: i64,
    pub favorite_stock_list_id: i64,
    pub security_id: String,
}

impl From<pb::FavoriteStock> for FavoriteStock {
    fn from(s: pb::FavoriteStock) -> Self {
        Self {
            id: s.id,
            favorite_stock_list_id: s.list_id,
            security_id: s.security_id,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FavoriteStockList {
    pub id: i64,
    pub name: String,
    pub favorite_stocks_count: usize,
    /// In the member's order.
    pub favorite_stocks: Vec<FavoriteStock>,
}

impl From<pb::FavoriteStockList> for FavoriteStockList {
    fn from(l: pb::FavoriteStockList) -> Self {
        Self {
            id: l.id,
            name: l.name,
            favorite_stocks_count: l.stocks.len(),
            favorite_stocks: l.stocks.into_iter().map(FavoriteStock::from).collect(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FavoriteStockLists {
    pub favorite_stock_lists: Vec<FavoriteStockList>,
    pub max_lists: u32,
    pub max_stocks_per_list: u32,
}

impl From<pb::ListsResponse> for FavoriteStockLists {
    fn from(lists: pb::ListsResponse) -> Self {
        Self {
            favorite_stock_lists: lists.lists.into_iter().map(Into::into).collect(),
            max_lists: lists.max_lists,
            max_stocks_per_list: lists.max_stocks_per_list,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FavoriteStockListBody {
    pub favorite_stock_list: FavoriteStockList,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FavoriteStockBody {
    pub favorite_stock: FavoriteStock,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SecurityFavorites {
    pub favorite_stocks: Vec<FavoriteStock>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Existence {
    /// The asset (security) id.
    pub id: String,
    pub exists: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Existences {
    pub favorite_stock_existences: Vec<Existence>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NameBody {
    /// 1 to 12 characters; empty is 관심그룹.
    #[serde(default)]
    #[schema(max_length = 12, pattern = r"^[^\x00-\x1f\x7f]*$")]
    pub name: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct OrderBody {
    /// Every id, in the new order.
    #[serde(default)]
    #[schema(min_items = 1, max_items = 200)]
    pub ids: Vec<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ConstructBody {
    #[serde(default)]
    #[schema(max_length = 12, pattern = r"^[^\x00-\x1f\x7f]*$")]
    pub name: String,
    /// Comma-joined security ids, 1 to 100.
    #[serde(default)]
    #[schema(pattern = r"^KOREA-A[0-9A-Z]{6}(,KOREA-A[0-9A-Z]{6})*$")]
    pub security_ids: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AddStockBody {
    #[serde(default)]
    #[schema(pattern = r"^KOREA-A[0-9A-Z]{6}$")]
    pub security_id: String,
    /// The group; absent: the member's first group, made as 관심그룹 if there is none.
    pub favorite_stock_list_id: Option<i64>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdsQuery {
    /// Comma-joined ids, 1 to 200.
    #[param(pattern = r"^[0-9]+(,[0-9]+)*$")]
    pub ids: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BySecurityQuery {
    #[param(value_type = SecurityId)]
    pub security_id: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExistencesQuery {
    /// Comma-joined asset (security) ids, 1 to 200.
    #[param(value_type = crate::api::params::SecurityIdList200)]
    pub asset_ids: Option<String>,
}

fn list_body(list: pb::FavoriteStockList) -> FavoriteStockListBody {
    FavoriteStockListBody {
        favorite_stock_list: list.into(),
    }
}

#[utoipa::path(
    get,
    path = "/api/favorite_stock_lists",
    tag = "main",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The member's groups with their stocks, in order; empty when none (the client shows a placeholder 관심그룹)", body = FavoriteStockLists),
        (status = 401, description = "Not signed in", body = ApiErrorBody),
    )
)]
pub async fn get_lists(
    State(state): State<AppState>,
    member: SignedIn,
) -> Result<Response, ApiError> {
    let lists = state
        .clients
        .favorites
        .clone()
        .list_lists(member.request(pb::ListListsRequest {}))
        .await?
        .into_inner();
    Ok(private_json(
        StatusCode::OK,
        FavoriteStockLists::from(lists),
    ))
}

#[utoipa::path(
    post,
    path = "/api/favorite_stock_lists",
    tag = "main",
    security(("bearer" = [])),
    request_body = NameBody,
    responses(
        (status = 201, description = "The new group, last", body = FavoriteStockListBody),
        (status = 400, description = "`invalid_list_name` (12글자 이내로 입력해주세요.)", body = ApiErrorBody),
        (status = 401, description = "Not signed in", body = ApiErrorBody),
        (status = 409, description = "`too_many_lists`", body = ApiErrorBody),
    )
)]
pub async fn create_list(
    State(state): State<AppState>,
    member: SignedIn,
    ApiJson(body): ApiJson<NameBody>,
) -> Result<Response, ApiError> {
    let list = state
        .clients
        .favorites
        .clone()
        .create_list(member.request(pb::CreateListRequest { name: body.name }))
        .await?
        .into_inner();
    Ok(private_json(StatusCode::CREATED, list_body(list)))
}

#[utoipa::path(
    put,
    path = "/api/favorite_stock_lists/{id}",
    tag = "main",
    security(("bearer" = ["own"])),
    params(("id" = i64, Path, minimum = 1, description = "The member's group")),
    request_body = NameBody,
    responses(
        (status = 200, description = "Renamed", body = FavoriteStockListBody),
        (status = 400, description = "`invalid_list_name`", body = ApiErrorBody),
        (status = 401, description = "Not signed in", body = ApiErrorBody),
        (status = 404, description = "`list_not_found` (or another member's)", body = ApiErrorBody),
    )
)]
pub async fn rename_list(
    State(state): State<AppState>,
    member: SignedIn,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<NameBody>,
) -> Result<Response, ApiError> {
    let list = state
        .clients
        .favorites
        .clone()
        .rename_list(member.request(pb::RenameListRequest {
            id,
            name: body.name,
        }))
        .await?
        .into_inner();
    Ok(private_json(StatusCode::OK, list_body(list)))
}

#[utoipa::path(
    delete,
    path = "/api/favorite_stock_lists",
    tag = "main",
    security(("bearer" = [])),
    params(IdsQuery),
    responses(
        (status = 204, description = "Deleted with their stocks"),
        (status = 400, description = "No or malformed ids", body = ApiErrorBody),
        (status = 401, description = "Not signed in", body = ApiErrorBody),
        (status = 404, description = "`list_not_found`: one is not the member's (nothing deleted)", body = ApiErrorBody),
    )
)]
pub async fn delete_lists(
    State(state): State<AppState>,
    member: SignedIn,
    ApiQuery(query): ApiQuery<IdsQuery>,
) -> Result<Response, ApiError> {
    let ids = id_list(query.ids.as_deref(), MAX_IDS)?;
    state
        .clients
        .favorites
        .clone()
        .delete_lists(member.request(pb::IdsRequest { ids }))
        .await?;
    Ok(no_content())
}

#[utoipa::path(
    put,
    path = "/api/favorite_stock_lists/order",
    tag = "main",
    security(("bearer" = [])),
    request_body = OrderBody,
    responses(
        (status = 204, description = "Reordered"),
        (status = 400, description = "`invalid_order`: not exactly the member's groups (nothing changed)", body = ApiErrorBody),
        (status = 401, description = "Not signed in", body = ApiErrorBody),
    )
)]
pub async fn reorder_lists(
    State(state): State<AppState>,
    member: SignedIn,
    ApiJson(body): ApiJson<OrderBody>,
) -> Result<Response, ApiError> {
    state
        .clients
        .favorites
        .clone()
        .reorder_lists(member.request(pb::IdsRequest { ids: body.ids }))
        .await?;
    Ok(no_content())
}

async fn construct(
    state: &AppState,
    member: &SignedIn,
    body: ConstructBody,
) -> Result<Response, ApiError> {
    let security_ids = SecurityIdsQuery {
        security_ids: Some(body.security_ids),
    }
    .ids(MAX_IDS)?;
    let list = state
        .clients
        .favorites
        .clone()
        .construct_list(member.request(pb::ConstructListRequest {
            name: body.name,
            security_ids,
        }))
        .await?
        .into_inner();
    Ok(private_json(StatusCode::CREATED, list_body(list)))
}

#[utoipa::path(
    post,
    path = "/api/favorite_stock_lists/construct",
    tag = "main",
    security(("bearer" = [])),
    request_body = ConstructBody,
    responses(
        (status = 201, description = "A new group holding the stocks (from recent views or a topic)", body = FavoriteStockListBody),
        (status = 400, description = "`invalid_list_name`, `missing_security_ids`", body = ApiErrorBody),
        (status = 401, description = "Not signed in", body = ApiErrorBody),
        (status = 404, description = "`security_not_found`", body = ApiErrorBody),
        (status = 409, description = "`too_many_lists`, `list_full`", body = ApiErrorBody),
    )
)]
pub async fn construct_list(
    State(state): State<AppState>,
    member: SignedIn,
    ApiJson(body): ApiJson<ConstructBody>,
) -> Result<Response, ApiError> {
    construct(&state, &member, body).await
}

#[utoipa::path(
    post,
    path = "/api/topics/favorite_stocks",
    tag = "main",
    security(("bearer" = [])),
    request_body = ConstructBody,
    responses(
        (status = 201, description = "A new group from a topic's stocks (spec §7 Topics)", body = FavoriteStockListBody),
        (status = 400, description = "`invalid_list_name`, `missing_security_ids`", body = ApiErrorBody),
        (status = 401, description = "Not signed in", body = ApiErrorBody),
        (status = 404, description = "`security_not_found`", body = ApiErrorBody),
        (status = 409, description = "`too_many_lists`, `list_full`", body = ApiErrorBody),
    )
)]
pub async fn topic_favorite_stocks(
    State(state): State<AppState>,
    member: SignedIn,
    ApiJson(body): ApiJson<ConstructBody>,
) -> Result<Response, ApiError> {
    construct(&state, &member, body).await
}

#[utoipa::path(
    post,
    path = "/api/favorite_stocks",
    tag = "main",
    security(("bearer" = [])),
    request_body = AddStockBody,
    responses(
        (status = 201, description = "Added", body = FavoriteStockBody),
        (status = 200, description = "Already in the group", body = FavoriteStockBody),
        (status = 400, description = "Malformed security id", body = ApiErrorBody),
        (status = 401, description = "Not signed in", body = ApiErrorBody),
        (status = 404, description = "`list_not_found`, `security_not_found`", body = ApiErrorBody),
        (status = 409, description = "`list_full`", body = ApiErrorBody),
    )
)]
pub async fn add_stock(
    State(state): State<AppState>,
    member: SignedIn,
    ApiJson(body): ApiJson<AddStockBody>,
) -> Result<Response, ApiError> {
    let added = state
        .clients
        .favorites
        .clone()
        .add_stock(member.request(pb::AddStockRequest {
            security_id: body.security_id,
            list_id: body.favorite_stock_list_id,
        }))
        .await?
        .into_inner();
    let stock = added
        .stock
        .ok_or_else(|| ApiError(DomainError::internal()))?;
    let status = if added.created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok(private_json(
        status,
        FavoriteStockBody {
            favorite_stock: stock.into(),
        },
    ))
}

#[utoipa::path(
    delete,
    path = "/api/favorite_stocks",
    tag = "main",
    security(("bearer" = [])),
    params(IdsQuery),
    responses(
        (status = 204, description = "Removed"),
        (status = 400, description = "No or malformed ids", body = ApiErrorBody),
        (status = 401, description = "Not signed in", body = ApiErrorBody),
        (status = 404, description = "`favorite_stock_not_found`: one is not the member's (nothing removed)", body = ApiErrorBody),
    )
)]
pub async fn delete_stocks(
    State(state): State<AppState>,
    member: SignedIn,
    ApiQuery(query): ApiQuery<IdsQuery>,
) -> Result<Response, ApiError> {
    let ids = id_list(query.ids.as_deref(), MAX_IDS)?;
    state
        .clients
        .favorites
        .clone()
        .delete_stocks(member.request(pb::IdsRequest { ids }))
        .await?;
    Ok(no_content())
}

#[utoipa::path(
    put,
    path = "/api/favorite_stock_lists/{id}/favorite_stocks/order",
    tag = "main",
    security(("bearer" = ["own"])),
    params(("id" = i64, Path, minimum = 1, description = "The member's group")),
    request_body = OrderBody,
    responses(
        (status = 204, description = "Reordered"),
        (status = 400, description = "`invalid_order`: not exactly the group's stocks (nothing changed)", body = ApiErrorBody),
        (status = 401, description = "Not signed in", body = ApiErrorBody),
        (status = 404, description = "`list_not_found` (or another member's)", body = ApiErrorBody),
    )
)]
pub async fn reorder_stocks(
    State(state): State<AppState>,
    member: SignedIn,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<OrderBody>,
) -> Result<Response, ApiError> {
    state
        .clients
        .favorites
        .clone()
        .reorder_stocks(member.request(pb::ReorderStocksRequest {
            list_id: id,
            ids: body.ids,
        }))
        .await?;
    Ok(no_content())
}

#[utoipa::path(
    get,
    path = "/api/favorite_stocks",
    tag = "main",
    security(("bearer" = [])),
    params(BySecurityQuery),
    responses(
        (status = 200, description = "Which of the member's groups hold the security (the picker)", body = SecurityFavorites),
        (status = 400, description = "No or a malformed security id", body = ApiErrorBody),
        (status = 401, description = "Not signed in", body = ApiErrorBody),
    )
)]
pub async fn stocks_by_security(
    State(state): State<AppState>,
    member: SignedIn,
    ApiQuery(query): ApiQuery<BySecurityQuery>,
) -> Result<Response, ApiError> {
    let security_id = SecurityIdsQuery {
        security_ids: query.security_id,
    }
    .ids(1)?
    .remove(0);
    let stocks = state
        .clients
        .favorites
        .clone()
        .stocks_by_security(member.request(pb::StocksBySecurityRequest { security_id }))
        .await?
        .into_inner();
    Ok(private_json(
        StatusCode::OK,
        SecurityFavorites {
            favorite_stocks: stocks.stocks.into_iter().map(Into::into).collect(),
        },
    ))
}

#[utoipa::path(
    get,
    path = "/api/favorite_stock_existences",
    tag = "main",
    security(("bearer" = [])),
    params(ExistencesQuery),
    responses(
        (status = 200, description = "For each id, whether any of the member's groups holds it", body = Existences),
        (status = 400, description = "No or too many ids", body = ApiErrorBody),
        (status = 401, description = "Not signed in", body = ApiErrorBody),
    )
)]
pub async fn existences(
    State(state): State<AppState>,
    member: SignedIn,
    ApiQuery(query): ApiQuery<ExistencesQuery>,
) -> Result<Response, ApiError> {
    let security_ids = SecurityIdsQuery {
        security_ids: query.asset_ids,
    }
    .ids(MAX_IDS)?;
    let found = state
        .clients
        .favorites
        .clone()
        .existences(member.request(pb::ExistencesRequest { security_ids }))
        .await?
        .into_inner();
    Ok(private_json(
        StatusCode::OK,
        Existences {
            favorite_stock_existences: found
                .existences
                .into_iter()
                .map(|e| Existence {
                    id: e.security_id,
                    exists: e.exists,
                })
                .collect(),
        },
    ))
}

#[utoipa::path(
    get,
    path = "/api/users/{user_id}/favorite_stock_lists",
    tag = "main",
    security(("bearer" = [])),
    params(("user_id" = i64, Path, minimum = 1, description = "Another member (or oneself)")),
    responses(
        (status = 200, description = "The member's groups, read-only, when the member keeps them public (`open_favorite_stocks`); one's own always", body = FavoriteStockLists),
        (status = 401, description = "Not signed in", body = ApiErrorBody),
        (status = 403, description = "`favorites_private`: the member keeps them private, or there is no such member (the same answer, so member ids cannot be probed)", body = ApiErrorBody),
    )
)]
pub async fn member_lists(
    State(state): State<AppState>,
    member: SignedIn,
    ApiPath(user_id): ApiPath<i64>,
) -> Result<Response, ApiError> {
    // The favorites service applies the owner's privacy setting itself.
    let lists = state
        .clients
        .favorites
        .clone()
        .list_lists_of(member.request(pb::ListListsOfRequest { user_id }))
        .await?
        .into_inner();
    Ok(private_json(
        StatusCode::OK,
        FavoriteStockLists::from(lists),
    ))
}
