//! Post pictures: each through the image door (`sise_platform::image`), fitted within the
//! two stored edges (aspect ratio kept, JPEG without metadata), under a content-addressed
//! id: the hex SHA-256 of its author and the large rendition's bytes, so the same picture
//! of the same author is stored once and a new one gets a new address (served as
//! immutable).

use sha2::{Digest as _, Sha256};
use sise_platform::error::DomainError;
use sise_platform::image::ImageDoor;

use crate::store::posts::NewImage;

/// The large rendition (the post screen) and the small one (lists): longer edges in pixels.
pub const LARGE: u32 = 1280;
pub const SMALL: u32 = 360;
pub const EDGES: [u32; 2] = [LARGE, SMALL];
pub use sise_platform::image::CONTENT_TYPE;

/// `bytes` (at most `max_bytes`) of `author`'s picture, rendered and named.
pub async fn render(
    door: &ImageDoor,
    author: i64,
    bytes: Vec<u8>,
    max_bytes: usize,
) -> Result<NewImage, DomainError> {
    let renditions = door.fit_within(bytes, max_bytes, &EDGES).await?;
    let Some(large) = renditions.iter().find(|r| r.size == LARGE) else {
        return Err(DomainError::internal());
    };
    let id = content_id(author, &large.jpeg);
    Ok(NewImage {
        id,
        width: large.width,
        height: large.height,
        renditions: renditions
            .iter()
            .map(|r| (r.size, r.width, r.height, r.jpeg.clone()))
            .collect(),
    })
}

/// The hex SHA-256 of `author` and `jpeg`.
pub fn content_id(author: i64, jpeg: &[u8]) -> String {
    let mut hash = Sha256::new();
    hash.update(author.to_be_bytes());
    hash.update(jpeg);
    hex::encode(hash.finalize())
}

/// Whether `id` could be a picture's id (64 lowercase hex digits).
pub fn is_id(id: &str) -> bool {
    id.len() == 64
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The stored edge a request names: unspecified is the large one; another size is none.
pub fn stored_size(requested: u32) -> Option<u32> {
    match requested {
        0 => Some(LARGE),
        size if EDGES.contains(&size) => Some(size),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_name_author_and_bytes() {
        let id = content_id(7, b"jpeg");
        assert!(is_id(&id));
        assert_ne!(id, content_id(8, b"jpeg"));
        assert_ne!(id, content_id(7, b"jpeg2"));
        assert!(!is_id("ABC"));
        assert!(!is_id(&id.to_uppercase()));
        assert_eq!(stored_size(0), Some(1280));
        assert_eq!(stored_size(360), Some(360));
        assert_eq!(stored_size(240), None);
    }
}
