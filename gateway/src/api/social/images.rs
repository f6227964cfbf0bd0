//! Post pictures: a stored rendition by its content address (public, immutable).

use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use sise_platform::error::ErrorCode;
use sise_proto::social::v1 as pb;
use utoipa::IntoParams;

use crate::api::params::{PostImageId, PostImageSize};
use crate::api::{ApiPath, ApiQuery};
use crate::error::{ApiError, ApiErrorBody};
use crate::state::AppState;

/// The stored edge lengths: the list's thumbnail and the viewer's.
const SIZES: [u32; 2] = [360, 1280];

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SizeQuery {
    #[param(value_type = Option<PostImageSize>)]
    pub size: Option<String>,
}

/// `size`: a stored edge length, or 0 (the large one) when empty or absent.
fn parse_size(text: Option<&str>) -> Result<u32, ApiError> {
    match text.unwrap_or_default() {
        "" => Ok(0),
        text => text
            .parse::<u32>()
            .ok()
            .filter(|size| SIZES.contains(size))
            .ok_or_else(|| ErrorCode::InvalidQuery.into()),
    }
}

#[utoipa::path(
    get,
    path = "/api/v1/post_images/{id}",
    tag = "social",
    security(()),
    params(("id" = PostImageId, Path), SizeQuery),
    responses(
        (status = 200, description = "The picture, JPEG within `size` px; immutable (the id is a hash of the author and the stored bytes)", content_type = "image/jpeg"),
        (status = 400, description = "`invalid_query`: a `size` other than 360 or 1280", body = ApiErrorBody),
        (status = 404, description = "`post_image_not_found`", body = ApiErrorBody),
    )
)]
pub async fn get_post_image(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<SizeQuery>,
) -> Result<Response, ApiError> {
    let size = parse_size(query.size.as_deref())?;
    if id.len() != 64 || !id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        return Err(ErrorCode::PostImageNotFound.into());
    }
    let image = state
        .clients
        .social
        .clone()
        .get_post_image(pb::GetPostImageRequest { id, size })
        .await?
        .into_inner();
    Ok(crate::api::immutable_image(&image.content_type, image.data))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_the_stored_ones() {
        assert_eq!(parse_size(None).ok(), Some(0));
        assert_eq!(parse_size(Some("")).ok(), Some(0));
        assert_eq!(parse_size(Some("360")).ok(), Some(360));
        assert_eq!(parse_size(Some("1280")).ok(), Some(1280));
        for bad in ["96", "0", "-360", "360.0", " 360", "abc"] {
            assert!(parse_size(Some(bad)).is_err(), "{bad}");
        }
    }
}
