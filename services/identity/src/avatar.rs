//! Member photos: checked by content (not by name or declared type), decoded within
//! limits, re-encoded as JPEG (which drops every metadata block: GPS, camera, EXIF
//! orientation notes) and resized to the squares the UI shows.

use std::io::Cursor;

use image::{DynamicImage, ImageFormat, ImageReader, Limits, Rgb, RgbImage};
use sise_platform::error::{DomainError, ErrorCode};

/// Square edges stored, in pixels: the list and comment avatar (32 CSS px at 3×) and
/// the profile screen's (80 CSS px at 3×).
pub const SIZES: [u32; 2] = [96, 240];
pub const CONTENT_TYPE: &str = "image/jpeg";
/// Largest edge decoded; larger pictures are refused before their pixels are allocated.
const MAX_EDGE: u32 = 8_000;
const MAX_DECODE_BYTES: u64 = 256 * 1024 * 1024;
const JPEG_QUALITY: u8 = 85;

/// One stored size.
#[derive(Clone, Debug)]
pub struct Rendition {
    pub size: u32,
    pub jpeg: Vec<u8>,
}

/// `bytes` as each of [`SIZES`], or `invalid_image` / `image_too_large`.
pub fn process(bytes: &[u8], max_bytes: usize) -> Result<Vec<Rendition>, DomainError> {
    if bytes.len() > max_bytes {
        return Err(DomainError::with_max(
            ErrorCode::ImageTooLarge,
            max_bytes / (1024 * 1024),
        ));
    }
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|_| invalid())?;
    match reader.format() {
        Some(ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::Gif | ImageFormat::WebP) => {}
        _ => return Err(invalid()),
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_EDGE);
    limits.max_image_height = Some(MAX_EDGE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    let image = reader.decode().map_err(|error| {
        tracing::debug!(%error, "photo refused");
        invalid()
    })?;
    let flat = on_white(&image);
    SIZES
        .iter()
        .map(|&size| {
            let square = DynamicImage::ImageRgb8(flat.clone()).resize_to_fill(
                size,
                size,
                image::imageops::FilterType::Triangle,
            );
            let mut jpeg = Vec::new();
            image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, JPEG_QUALITY)
                .encode_image(&square)
                .map_err(|error| {
                    tracing::warn!(%error, "photo encoding failed");
                    DomainError::internal()
                })?;
            Ok(Rendition { size, jpeg })
        })
        .collect()
}

fn invalid() -> DomainError {
    ErrorCode::InvalidImage.into()
}

/// Transparent pixels over white (JPEG has no alpha; dropping it would turn them black).
fn on_white(image: &DynamicImage) -> RgbImage {
    let rgba = image.to_rgba8();
    RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let blend =
            |c: u8| ((u16::from(c) * u16::from(a) + 255 * (255 - u16::from(a))) / 255) as u8;
        Rgb([blend(r), blend(g), blend(b)])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG of `w`×`h` with a text chunk standing for metadata.
    pub(crate) fn png(w: u32, h: u32) -> Vec<u8> {
        let image = image::RgbaImage::from_pixel(w, h, image::Rgba([200, 30, 30, 128]));
        let mut out = Vec::new();
        image
            .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .expect("png");
        out
    }

    #[test]
    fn photos_are_reencoded_squares() {
        let renditions = process(&png(400, 300), 5 << 20).expect("processed");
        assert_eq!(renditions.len(), SIZES.len());
        for rendition in renditions {
            let decoded = image::load_from_memory(&rendition.jpeg).expect("jpeg");
            assert_eq!(
                (decoded.width(), decoded.height()),
                (rendition.size, rendition.size)
            );
            assert_eq!(
                image::guess_format(&rendition.jpeg).expect("format"),
                ImageFormat::Jpeg
            );
            // Half-transparent red over white, not over black.
            let pixel = decoded.to_rgb8().get_pixel(10, 10).0;
            assert!(pixel[1] > 90, "{pixel:?}");
        }
    }

    #[test]
    fn refuses_what_is_not_an_image() {
        let code = |bytes: &[u8]| process(bytes, 5 << 20).err().map(|e| e.code.as_str());
        assert_eq!(code(b"GIF89a but not really"), Some("invalid_image"));
        assert_eq!(
            code(b"<svg xmlns='http://www.w3.org/2000/svg'/>"),
            Some("invalid_image")
        );
        assert_eq!(code(b""), Some("invalid_image"));
        let mut truncated = png(50, 50);
        truncated.truncate(60);
        assert_eq!(code(&truncated), Some("invalid_image"));
        assert_eq!(
            process(&png(50, 50), 10).err().map(|e| e.code.as_str()),
            Some("image_too_large")
        );
    }
}
