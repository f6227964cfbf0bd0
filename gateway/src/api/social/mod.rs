//! The community on the social host (docs/api.md, "Community"): a board per security with
//! posts, comments, reactions, reports and objections, over the social service
//! (`sise.social.v1.SocialService`).
//!
//! Layout: `models` (the JSON shapes and request bodies), then one module per resource:
//! `posts` (boards, one post, writing and deleting, liked users), `comments`, `reactions`,
//! `reports` (reports and the author's objections), `images` (post pictures) and `stream`
//! (live boards, Server-Sent Events).
//!
//! Reads are public and take the member when the request carries a token ([`Viewer`]):
//! the answer then says what is theirs (`my_emotion`, `is_mine`, their hidden content) and
//! is `Cache-Control: no-store`. Writes are member routes ([`crate::auth::SignedIn`]); the
//! service checks ownership from the signed member id, and another member's post or
//! comment is 404 to delete or object to.

pub mod comments;
pub mod contests;
pub mod images;
pub mod models;
pub mod notices;
pub mod posts;
pub mod reactions;
pub mod reports;
pub mod stream;
pub mod support;
pub mod topics;

use axum::response::{IntoResponse, Response};
use http::{HeaderValue, StatusCode, header};
use sise_platform::error::ErrorCode;
use sise_platform::request::PageLimit;
use sise_proto::social::v1 as pb;

use crate::api::private_json;
use crate::auth::Viewer;
use crate::error::ApiError;

/// Largest page of every community list (posts, comments, liked users).
pub const MAX_LIMIT: u32 = 50;

/// A public read's answer: the member's own (`no-store`), or the one every visitor gets.
/// Either way it varies with the token, which shared caches must know.
pub(crate) fn answer<T: serde::Serialize>(viewer: &Viewer, body: T) -> Response {
    let mut response = if viewer.is_member() {
        private_json(StatusCode::OK, body)
    } else {
        axum::Json(body).into_response()
    };
    response
        .headers_mut()
        .insert(header::VARY, HeaderValue::from_static("authorization"));
    response
}

/// `scope`: `all` (also empty or absent) or `mine`.
fn parse_scope(text: Option<&str>) -> Result<pb::Scope, ApiError> {
    match text.unwrap_or_default() {
        "" | "all" => Ok(pb::Scope::All),
        "mine" => Ok(pb::Scope::Mine),
        _ => Err(ErrorCode::InvalidScope.into()),
    }
}

/// `sort`: `RECENT` (also empty or absent) or `RANK_DESC`.
fn parse_sort(text: Option<&str>) -> Result<pb::Sort, ApiError> {
    match text.unwrap_or_default() {
        "" | "RECENT" => Ok(pb::Sort::Recent),
        "RANK_DESC" => Ok(pb::Sort::RankDesc),
        _ => Err(ErrorCode::InvalidSort.into()),
    }
}

/// A category a post is written in: one of the three.
fn parse_category(text: &str) -> Result<pb::Category, ApiError> {
    match text {
        "opinion" => Ok(pb::Category::Opinion),
        "question" => Ok(pb::Category::Question),
        "news" => Ok(pb::Category::News),
        _ => Err(ErrorCode::InvalidCategory.into()),
    }
}

/// A board's filter: one category, or every one (empty or absent).
fn parse_category_filter(text: Option<&str>) -> Result<pb::Category, ApiError> {
    match text.unwrap_or_default() {
        "" => Ok(pb::Category::Unspecified),
        text => parse_category(text),
    }
}

/// `(limit, cursor)` of a page for the service, which checks the range and the cursor.
pub(crate) fn page(
    limit: Option<&str>,
    cursor: Option<String>,
) -> Result<(Option<i64>, String), ApiError> {
    let limit = PageLimit::from_query(limit, MAX_LIMIT)?;
    Ok((limit, cursor.unwrap_or_default()))
}

/// The service's `next_cursor`: empty on the last page, which JSON says with null.
fn next_cursor(cursor: String) -> Option<String> {
    (!cursor.is_empty()).then_some(cursor)
}

fn post_ref(id: i64) -> Option<pb::ContentRef> {
    Some(pb::ContentRef {
        r#type: pb::ContentType::Post as i32,
        id,
    })
}

fn article_ref(id: i64) -> Option<pb::ContentRef> {
    Some(pb::ContentRef {
        r#type: pb::ContentType::InsightArticle as i32,
        id,
    })
}

fn comment_ref(id: i64) -> Option<pb::ContentRef> {
    Some(pb::ContentRef {
        r#type: pb::ContentType::Comment as i32,
        id,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_is_absent_and_anything_else_is_refused() {
        assert_eq!(parse_scope(None).ok(), Some(pb::Scope::All));
        assert_eq!(parse_scope(Some("")).ok(), Some(pb::Scope::All));
        assert_eq!(parse_scope(Some("mine")).ok(), Some(pb::Scope::Mine));
        assert_eq!(
            parse_scope(Some("MINE")).err().map(|e| e.0.code),
            Some(ErrorCode::InvalidScope)
        );
        assert_eq!(parse_sort(Some("RANK_DESC")).ok(), Some(pb::Sort::RankDesc));
        assert_eq!(
            parse_sort(Some("recent")).err().map(|e| e.0.code),
            Some(ErrorCode::InvalidSort)
        );
        assert_eq!(
            parse_category_filter(Some("")).ok(),
            Some(pb::Category::Unspecified)
        );
        assert_eq!(
            parse_category_filter(Some("news")).ok(),
            Some(pb::Category::News)
        );
        // Writing needs one: empty is refused.
        assert_eq!(
            parse_category("").err().map(|e| e.0.code),
            Some(ErrorCode::InvalidCategory)
        );
    }
}
