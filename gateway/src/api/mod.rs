//! REST routes per API host. Each route comes with its OpenAPI operation (utoipa's
//! `routes!`), so the document is generated from the routes themselves.

pub mod articles;
pub mod assets;
pub mod charts;
pub mod company;
pub mod company_models;
pub mod etfs;
pub mod favorites;
pub mod identity;
pub mod insight;
pub mod insight_models;
pub mod moves;
pub mod params;
pub mod quotes;
pub mod search;
pub mod securities;
pub mod site;
pub mod social;
pub mod trends;

use axum::extract::FromRequestParts;
use serde::Deserialize;
use sise_platform::error::{DomainError, ErrorCode};
use utoipa_axum::router::UtoipaMethodRouter;
use utoipa_axum::routes;

use crate::error::ApiError;
use crate::hosts::HostKind;
use crate::state::AppState;

/// `Query` whose rejection is the API's JSON error.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct ApiQuery<T>(pub T);

/// `Path` whose rejection is the API's JSON error.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct ApiPath<T>(pub T);

/// `Json` whose rejection (no JSON content type, not JSON, wrong shape) is the API's 400
/// `invalid_request_body`.
#[derive(axum::extract::FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct ApiJson<T>(pub T);

/// `Cache-Control: no-store` on an answer about one member.
pub fn no_store(mut response: axum::response::Response) -> axum::response::Response {
    response.headers_mut().insert(
        http::header::CACHE_CONTROL,
        http::HeaderValue::from_static("no-store"),
    );
    response
}

/// A JSON answer about one member (`no-store`).
pub fn private_json<T: serde::Serialize>(
    status: http::StatusCode,
    body: T,
) -> axum::response::Response {
    use axum::response::IntoResponse as _;
    no_store((status, axum::Json(body)).into_response())
}

/// An empty answer to a member's change (`204`, `no-store`).
pub fn no_content() -> axum::response::Response {
    use axum::response::IntoResponse as _;
    no_store(http::StatusCode::NO_CONTENT.into_response())
}

/// A stored picture at a content-addressed address (the address changes with the picture,
/// so it is cached for a year; `nosniff`: only the type the service recorded).
pub fn immutable_image(content_type: &str, data: Vec<u8>) -> axum::response::Response {
    use axum::response::IntoResponse as _;
    use http::{HeaderValue, header};
    let content_type =
        HeaderValue::from_str(content_type).unwrap_or(HeaderValue::from_static("image/jpeg"));
    (
        [
            (header::CONTENT_TYPE, content_type),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=31536000, immutable"),
            ),
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
        ],
        data,
    )
        .into_response()
}

/// `ids=1,2,3` (comma-joined integers).
pub fn id_list(text: Option<&str>, max: usize) -> Result<Vec<i64>, ApiError> {
    let ids = text
        .unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<i64>()
                .map_err(|_| ApiError::from(ErrorCode::InvalidQuery))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if ids.is_empty() {
        return Err(ErrorCode::MissingIds.into());
    }
    if ids.len() > max {
        return Err(DomainError::with_max(ErrorCode::TooManyIds, max).into());
    }
    Ok(ids)
}

/// `security_ids=ID1,ID2` (comma-joined, spec §7).
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SecurityIdsQuery {
    /// Comma-joined security ids, e.g. `KOREA-A005930,KOREA-A000660`.
    #[param(value_type = params::SecurityIdList50Stream)]
    pub security_ids: Option<String>,
}

impl SecurityIdsQuery {
    /// Split, trim and drop empties; an absent or empty list is an error.
    pub fn ids(&self, max: usize) -> Result<Vec<String>, ApiError> {
        let ids: Vec<String> = self
            .security_ids
            .as_deref()
            .unwrap_or_default()
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect();
        if ids.is_empty() {
            return Err(ErrorCode::MissingSecurityIds.into());
        }
        if ids.len() > max {
            return Err(DomainError::with_max(ErrorCode::TooManySecurities, max).into());
        }
        Ok(ids)
    }
}

/// One host's routes, each with its OpenAPI operation.
pub type Routes = Vec<UtoipaMethodRouter<AppState>>;

/// The routes of every API host.
pub fn hosts() -> [(HostKind, Routes); 3] {
    [
        (HostKind::Main, main_routes()),
        (HostKind::Social, social_routes()),
        (HostKind::MobileWeb, mobile_web_routes()),
    ]
}

/// The main API host.
fn main_routes() -> Routes {
    vec![
        routes!(securities::get_security),
        routes!(quotes::get_quotes),
        routes!(quotes::stream_quotes),
        routes!(charts::get_day_candles),
        routes!(charts::get_minute_candles),
        routes!(moves::get_moves),
        routes!(company::get_company),
        routes!(company::quarterly_statements),
        routes!(company::yearly_statements),
        routes!(company::get_investors),
        routes!(company::get_day_traders),
        routes!(company::get_recent_trader),
        routes!(company::get_related_stocks),
        routes!(company::list_security_firms),
        routes!(etfs::get_analysis),
        routes!(etfs::get_components),
        routes!(etfs::get_values),
        routes!(articles::security_news),
        routes!(articles::security_disclosures),
        routes!(articles::security_articles),
        routes!(articles::list_news),
        routes!(articles::list_disclosures),
        routes!(articles::list_articles),
        routes!(search::search_assets),
        routes!(search::autocomplete),
        routes!(search::search_news),
        routes!(search::search_news_related_assets),
        routes!(search::issue_keywords),
        routes!(search::popular_keywords),
        routes!(trends::special_stocks),
        routes!(trends::special_stock_counts),
        routes!(trends::ordered_stocks),
        routes!(trends::foreign_indexes),
        routes!(trends::wics_sectors),
        routes!(trends::top_sectors),
        routes!(trends::sector_securities),
        routes!(trends::popular_stocks),
        routes!(trends::discussion_surges),
        routes!(identity::create_session, identity::delete_session),
        routes!(identity::activate_session),
        routes!(identity::sign_up),
        routes!(identity::release_dormancy),
        routes!(identity::get_me, identity::update_me, identity::delete_me),
        routes!(identity::get_setting, identity::put_setting),
        routes!(identity::upload_avatar),
        routes!(identity::get_avatar),
        routes!(identity::my_sanctions),
        routes!(identity::object),
        routes!(
            favorites::get_lists,
            favorites::create_list,
            favorites::delete_lists
        ),
        routes!(favorites::rename_list),
        routes!(favorites::reorder_lists),
        routes!(favorites::construct_list),
        routes!(favorites::topic_favorite_stocks),
        routes!(
            favorites::add_stock,
            favorites::delete_stocks,
            favorites::stocks_by_security
        ),
        routes!(favorites::reorder_stocks),
        routes!(favorites::existences),
        routes!(favorites::member_lists),
        routes!(social::notices::list_notices),
        routes!(social::notices::get_notice),
        routes!(
            social::support::list_support_messages,
            social::support::send_support_message
        ),
        routes!(social::topics::get_topic),
        routes!(social::topics::featured_topics),
        routes!(social::topics::security_topics),
        routes!(social::topics::search_topics),
        routes!(insight::list_insight_articles),
        routes!(insight::featured_insight_articles),
        routes!(insight::get_insight_article),
        routes!(insight::security_insight_articles),
        routes!(insight::get_contributor),
        routes!(insight::contributor_insight_articles),
        routes!(insight::search_insight_articles),
        routes!(social::contests::list_contests),
        routes!(social::contests::get_contest),
        routes!(social::contests::enter_contest),
        routes!(social::contests::list_contest_rankers),
        routes!(social::contests::get_ranker),
        routes!(site::maintenance),
        routes!(site::promotion),
        routes!(site::record_analytics),
        routes!(site::report_client_error),
    ]
}

/// The social API host: the community's boards (docs/api.md, "Community").
fn social_routes() -> Routes {
    use social::{comments, images, posts, reactions, reports, stream};
    vec![
        routes!(posts::board_posts, posts::create_post),
        routes!(posts::all_posts),
        routes!(posts::get_post, posts::delete_post),
        routes!(posts::liked_users),
        routes!(stream::stream_board),
        routes!(images::get_post_image),
        routes!(reactions::like),
        routes!(reactions::dislike),
        routes!(reactions::unlike),
        routes!(comments::post_comments, comments::comment_on_post),
        routes!(comments::article_comments, comments::comment_on_article),
        routes!(reactions::like_article),
        routes!(reactions::dislike_article),
        routes!(reactions::unlike_article),
        routes!(comments::replies, comments::reply),
        routes!(comments::delete_comment),
        routes!(comments::my_comments),
        routes!(reports::report),
        routes!(reports::object_to_post),
        routes!(reports::object_to_comment),
    ]
}

/// A route's body limit where it takes more than axum's default 2 MB: pictures.
pub fn body_limit(path: &str) -> Option<axum::extract::DefaultBodyLimit> {
    match path {
        identity::AVATAR_PATH => Some(identity::avatar_body_limit()),
        social::posts::BOARD_PATH => Some(social::posts::body_limit()),
        _ => None,
    }
}

/// The mobile-web API host: assets (stocks, indexes, forex), forex calls, market condition.
fn mobile_web_routes() -> Routes {
    vec![
        routes!(assets::get_assets),
        routes!(assets::get_asset),
        routes!(assets::get_asset_day_candles),
        routes!(assets::get_asset_minute_candles),
        routes!(assets::get_major_forex_ids),
        routes!(assets::get_day_forexes),
        routes!(assets::get_tick_forexes),
        routes!(assets::get_forex_calc),
        routes!(assets::get_forex_chart),
        routes!(assets::get_market_condition),
    ]
}
