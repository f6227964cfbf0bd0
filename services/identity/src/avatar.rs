//! Member photos: which squares identity keeps. Checking, decoding within bounds and
//! re-encoding are the image door's (`sise_platform::image`).

use sise_platform::error::DomainError;
use sise_platform::image::{ImageDoor, Rendition};

/// Square edges stored, in pixels: the list and comment avatar (32 CSS px at 3×) and
/// the profile screen's (80 CSS px at 3×).
pub const SIZES: [u32; 2] = [96, 240];
pub use sise_platform::image::CONTENT_TYPE;

/// `bytes` (at most `max_bytes`) as each of [`SIZES`], through the door.
pub async fn process(
    door: &ImageDoor,
    bytes: Vec<u8>,
    max_bytes: usize,
) -> Result<Vec<Rendition>, DomainError> {
    door.squares(bytes, max_bytes, &SIZES).await
}
