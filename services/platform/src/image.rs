//! The image door: every picture a client sends (member photos, post pictures) goes
//! through [`ImageDoor`], so none can make a process hold more than a known amount of
//! memory.
//!
//! - **Checked by content**: JPEG, PNG, GIF or WebP by their bytes, never by name or
//!   declared type; anything else is `invalid_image`.
//! - **Sized from the header before any pixel is decoded**: more than
//!   [`ImageSettings::max_pixels`] (or a decoded buffer over 4 bytes a pixel of it, as a
//!   16-bit picture has) is `image_too_many_pixels`. The decoder's allocation limit is that
//!   budget plus [`DECODE_MARGIN_BYTES`], so a header that lies does not get further.
//! - **Two shapes**: squares ([`ImageDoor::squares`], member photos: the centred square)
//!   and the whole picture fitted within edges ([`ImageDoor::fit_within`], post pictures:
//!   the aspect ratio kept, never enlarged).
//! - **Least work per picture**: the picture (or its centred square) is shrunk straight
//!   from the decoded picture to the largest size wanted, the decoded picture is dropped,
//!   and only then are transparent pixels laid over white and the smaller sizes made from
//!   the small one. Re-encoding as JPEG drops every metadata block (GPS, camera, EXIF).
//! - **A few decodes at once**: at most [`ImageSettings::decode_permits`] pictures are
//!   decoded at a time (on blocking threads), at most [`ImageSettings::decode_queue`] more
//!   wait for a turn, and a request beyond that is refused at once with 503 `image_busy`
//!   and `Retry-After` instead of waiting in memory.
//!
//! Peak memory of one decode is about [`ImageSettings::max_pixels`] × 4 bytes for the
//! picture (× 9 to 11 for a progressive JPEG, whose decoder also keeps every coefficient),
//! plus twice the upload; the figures are measured in docs/benchmarks.md, "Image door".

use std::io::Cursor;
use std::sync::Arc;

use image::{
    DynamicImage, ImageDecoder, ImageError, ImageFormat, ImageReader, Limits, Rgb, RgbImage,
    RgbaImage, imageops,
};
use serde::Deserialize;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::{DomainError, ErrorCode};

/// What every rendition is stored as.
pub const CONTENT_TYPE: &str = "image/jpeg";
/// Allocations of a decoder besides the picture itself: row buffers, the zlib window, a
/// GIF frame that does not cover the whole screen.
pub const DECODE_MARGIN_BYTES: u64 = 16 * 1024 * 1024;
const JPEG_QUALITY: u8 = 85;

/// The bounds of the door (`services.{name}.images` of a service that takes pictures).
#[derive(Clone, Debug, Deserialize)]
#[serde(default)]
pub struct ImageSettings {
    /// Most pixels a picture may have (width × height from its header).
    pub max_pixels: u64,
    /// Pictures decoded at the same time in this service.
    pub decode_permits: usize,
    /// Requests that may wait for a decode slot; more are refused with `image_busy`.
    pub decode_queue: usize,
    /// The `Retry-After` of an `image_busy` refusal, in seconds.
    pub retry_after_secs: u64,
}

impl Default for ImageSettings {
    fn default() -> Self {
        Self {
            max_pixels: 16_000_000,
            decode_permits: 2,
            decode_queue: 4,
            retry_after_secs: 2,
        }
    }
}

impl ImageSettings {
    /// The largest decoded buffer accepted: 4 bytes (RGBA, 8 bits) a pixel of the budget.
    pub fn max_decoded_bytes(&self) -> u64 {
        self.max_pixels.saturating_mul(4)
    }
}

/// One stored size: a JPEG whose longer edge is at most `size` (a square's edge is `size`).
#[derive(Clone, Debug)]
pub struct Rendition {
    /// The size asked for: a square's edge, or the edge a picture was fitted within.
    pub size: u32,
    pub width: u32,
    pub height: u32,
    pub jpeg: Vec<u8>,
}

/// The bounded way in for pictures; cheap to clone (clones share the bounds).
#[derive(Clone, Debug)]
pub struct ImageDoor {
    settings: Arc<ImageSettings>,
    /// Decodes running.
    decode: Arc<Semaphore>,
    /// Requests inside the door: decoding or waiting to.
    places: Arc<Semaphore>,
}

/// A request let in, waiting for a decode slot ([`Admitted::ready`]).
#[derive(Debug)]
pub struct Admitted {
    place: OwnedSemaphorePermit,
    decode: Arc<Semaphore>,
}

/// A decode slot, held for as long as the decode runs (even when its request is gone).
#[derive(Debug)]
pub struct DecodeSlot {
    _place: OwnedSemaphorePermit,
    _decode: OwnedSemaphorePermit,
}

impl ImageDoor {
    pub fn new(settings: ImageSettings) -> Self {
        let permits = settings.decode_permits.max(1);
        Self {
            decode: Arc::new(Semaphore::new(permits)),
            places: Arc::new(Semaphore::new(
                permits.saturating_add(settings.decode_queue),
            )),
            settings: Arc::new(settings),
        }
    }

    pub fn settings(&self) -> &ImageSettings {
        &self.settings
    }

    /// A place inside the door, or `image_busy` with `Retry-After` when every decode slot
    /// and every waiting place is taken.
    pub fn admit(&self) -> Result<Admitted, DomainError> {
        let place = Arc::clone(&self.places).try_acquire_owned().map_err(|_| {
            DomainError::from(ErrorCode::ImageBusy).retry_after(self.settings.retry_after_secs)
        })?;
        Ok(Admitted {
            place,
            decode: Arc::clone(&self.decode),
        })
    }

    /// `bytes` (at most `max_bytes`) as squares of each of `sizes`, in that order:
    /// `image_too_large`, `invalid_image`, `image_too_many_pixels` or `image_busy` if not.
    pub async fn squares(
        &self,
        bytes: Vec<u8>,
        max_bytes: usize,
        sizes: &[u32],
    ) -> Result<Vec<Rendition>, DomainError> {
        let sizes = sizes.to_vec();
        self.process(bytes, max_bytes, move |bytes, max_pixels| {
            squares(bytes, max_pixels, &sizes)
        })
        .await
    }

    /// `bytes` (at most `max_bytes`) fitted within each of `edges` (aspect ratio kept,
    /// never enlarged), in that order; refused as [`ImageDoor::squares`] refuses.
    pub async fn fit_within(
        &self,
        bytes: Vec<u8>,
        max_bytes: usize,
        edges: &[u32],
    ) -> Result<Vec<Rendition>, DomainError> {
        let edges = edges.to_vec();
        self.process(bytes, max_bytes, move |bytes, max_pixels| {
            fit_within(bytes, max_pixels, &edges)
        })
        .await
    }

    /// `work` on `bytes` inside the door's bounds: the length checked first, then a place
    /// and a decode slot.
    async fn process(
        &self,
        bytes: Vec<u8>,
        max_bytes: usize,
        work: impl FnOnce(Vec<u8>, u64) -> Result<Vec<Rendition>, DomainError> + Send + 'static,
    ) -> Result<Vec<Rendition>, DomainError> {
        check_length(bytes.len(), max_bytes)?;
        let slot = self.admit()?.ready().await;
        let max_pixels = self.settings.max_pixels;
        // CPU work off the async workers; the slot goes with it, so a request that gives up
        // (timeout, closed connection) does not free the slot while its decode still runs.
        tokio::task::spawn_blocking(move || {
            let _slot = slot;
            work(bytes, max_pixels)
        })
        .await
        .map_err(|error| {
            tracing::error!(%error, "picture task failed");
            DomainError::internal()
        })?
    }
}

impl Admitted {
    /// Wait for a decode slot (the place in the line is kept meanwhile).
    pub async fn ready(self) -> DecodeSlot {
        let decode = match self.decode.acquire_owned().await {
            Ok(permit) => permit,
            // The semaphore is never closed.
            Err(_) => unreachable!("the decode semaphore is never closed"),
        };
        DecodeSlot {
            _place: self.place,
            _decode: decode,
        }
    }
}

/// `image_too_large` (with the limit in MB) for an upload over `max_bytes`.
pub fn check_length(len: usize, max_bytes: usize) -> Result<(), DomainError> {
    if len > max_bytes {
        return Err(DomainError::with_max(
            ErrorCode::ImageTooLarge,
            max_bytes / (1024 * 1024),
        ));
    }
    Ok(())
}

/// The work of the door without its bounds (the caller holds a [`DecodeSlot`]): `bytes`
/// decoded within `max_pixels`, as squares of each of `sizes`.
pub fn squares(
    bytes: Vec<u8>,
    max_pixels: u64,
    sizes: &[u32],
) -> Result<Vec<Rendition>, DomainError> {
    let Some(largest) = sizes.iter().copied().max().filter(|&size| size > 0) else {
        return Ok(Vec::new());
    };
    let image = decode(&bytes, max_pixels)?;
    drop(bytes);
    let side = image.width().min(image.height());
    if side == 0 {
        return Err(invalid());
    }
    let (x, y) = ((image.width() - side) / 2, (image.height() - side) / 2);
    let small = shrink(&image, (x, y, side, side), (largest, largest));
    drop(image);
    let flat = on_white(&small);
    drop(small);
    sizes
        .iter()
        .map(|&size| {
            if size == largest {
                return rendition(size, &flat);
            }
            rendition(size, &imageops::thumbnail(&flat, size.max(1), size.max(1)))
        })
        .collect()
}

/// The work of [`ImageDoor::fit_within`] without its bounds (the caller holds a
/// [`DecodeSlot`]): `bytes` decoded within `max_pixels`, the whole picture fitted within
/// each of `edges` (its longer side at most the edge, the ratio kept, never enlarged).
pub fn fit_within(
    bytes: Vec<u8>,
    max_pixels: u64,
    edges: &[u32],
) -> Result<Vec<Rendition>, DomainError> {
    let Some(largest) = edges.iter().copied().max().filter(|&edge| edge > 0) else {
        return Ok(Vec::new());
    };
    let image = decode(&bytes, max_pixels)?;
    drop(bytes);
    let (width, height) = (image.width(), image.height());
    if width == 0 || height == 0 {
        return Err(invalid());
    }
    let small = shrink(
        &image,
        (0, 0, width, height),
        fitted((width, height), largest),
    );
    drop(image);
    let flat = on_white(&small);
    drop(small);
    edges
        .iter()
        .map(|&edge| {
            let (w, h) = fitted((flat.width(), flat.height()), edge.max(1));
            if (w, h) == (flat.width(), flat.height()) {
                return rendition(edge, &flat);
            }
            rendition(edge, &imageops::thumbnail(&flat, w, h))
        })
        .collect()
}

/// `(width, height)` scaled to fit within `edge` × `edge` with its ratio kept (each side at
/// least one pixel); unchanged when it already fits.
pub fn fitted((width, height): (u32, u32), edge: u32) -> (u32, u32) {
    let longer = width.max(height);
    if longer <= edge {
        return (width, height);
    }
    let scale = |side: u32| {
        ((u64::from(side) * u64::from(edge) + u64::from(longer) / 2) / u64::from(longer)).max(1)
            as u32
    };
    (scale(width), scale(height))
}

fn rendition(size: u32, image: &RgbImage) -> Result<Rendition, DomainError> {
    Ok(Rendition {
        size,
        width: image.width(),
        height: image.height(),
        jpeg: encode(image)?,
    })
}

/// The picture, after its header said it fits the budget.
fn decode(bytes: &[u8], max_pixels: u64) -> Result<DynamicImage, DomainError> {
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|_| invalid())?;
    match reader.format() {
        Some(ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::Gif | ImageFormat::WebP) => {}
        _ => return Err(invalid()),
    }
    let max_decoded = max_pixels.saturating_mul(4);
    let mut limits = Limits::default();
    limits.max_alloc = Some(max_decoded.saturating_add(DECODE_MARGIN_BYTES));
    reader.limits(limits.clone());
    // Reads the header only.
    let mut decoder = reader.into_decoder().map_err(|e| refused(e, max_pixels))?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > max_pixels || decoder.total_bytes() > max_decoded {
        return Err(too_many_pixels(max_pixels));
    }
    // The picture's own buffer is counted, so the decoder keeps only the margin for itself.
    limits
        .reserve(decoder.total_bytes())
        .map_err(|e| refused(e, max_pixels))?;
    decoder
        .set_limits(limits)
        .map_err(|e| refused(e, max_pixels))?;
    DynamicImage::from_decoder(decoder).map_err(|e| refused(e, max_pixels))
}

/// The rectangle `(x, y, w, h)` of `image` shrunk (or grown) to `(width, height)`, as
/// RGBA. Each pixel type is shrunk as itself (an 8-bit RGB photo without a per-pixel
/// conversion).
fn shrink(
    image: &DynamicImage,
    (x, y, w, h): (u32, u32, u32, u32),
    (width, height): (u32, u32),
) -> RgbaImage {
    if (x, y, w, h) == (0, 0, width, height) && (w, h) == (image.width(), image.height()) {
        // Already the size wanted: converted, not resampled.
        return image.to_rgba8();
    }
    macro_rules! typed {
        ($($variant:ident),*) => {
            match image {
                $(DynamicImage::$variant(buffer) => DynamicImage::from(imageops::thumbnail(
                    &*imageops::crop_imm(buffer, x, y, w, h),
                    width,
                    height,
                ))
                .into_rgba8(),)*
                other => imageops::thumbnail(&*imageops::crop_imm(other, x, y, w, h), width, height),
            }
        };
    }
    typed!(
        ImageLuma8,
        ImageLumaA8,
        ImageRgb8,
        ImageRgba8,
        ImageLuma16,
        ImageLumaA16,
        ImageRgb16,
        ImageRgba16
    )
}

/// Transparent pixels over white (JPEG has no alpha; dropping it would turn them black).
fn on_white(image: &RgbaImage) -> RgbImage {
    RgbImage::from_fn(image.width(), image.height(), |x, y| {
        let [r, g, b, a] = image.get_pixel(x, y).0;
        let blend =
            |c: u8| ((u16::from(c) * u16::from(a) + 255 * (255 - u16::from(a))) / 255) as u8;
        Rgb([blend(r), blend(g), blend(b)])
    })
}

fn encode(square: &RgbImage) -> Result<Vec<u8>, DomainError> {
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, JPEG_QUALITY)
        .encode_image(square)
        .map_err(|error| {
            tracing::warn!(%error, "picture encoding failed");
            DomainError::internal()
        })?;
    Ok(jpeg)
}

/// A decoder's refusal: over a limit is too many pixels, anything else not an image.
fn refused(error: ImageError, max_pixels: u64) -> DomainError {
    tracing::debug!(%error, "picture refused");
    match error {
        ImageError::Limits(_) => too_many_pixels(max_pixels),
        _ => invalid(),
    }
}

fn invalid() -> DomainError {
    ErrorCode::InvalidImage.into()
}

/// `image_too_many_pixels`, naming the budget in units of 10,000 (만) pixels.
fn too_many_pixels(max_pixels: u64) -> DomainError {
    DomainError::with_max(ErrorCode::ImageTooManyPixels, max_pixels / 10_000)
}

#[cfg(test)]
mod tests {
    use futures::FutureExt as _;
    use image::Rgba;

    use super::*;
    use crate::testing::images::{Fill, jpeg_claiming, photo_jpeg, png_filled};

    const SIZES: [u32; 2] = [96, 240];
    const BUDGET: u64 = 16_000_000;

    fn code(result: Result<Vec<Rendition>, DomainError>) -> Option<&'static str> {
        result.err().map(|e| e.code.as_str())
    }

    /// A PNG of `w`×`h` in one half-transparent red.
    fn png(w: u32, h: u32) -> Vec<u8> {
        png_filled(w, h, Fill::Rgba8([200, 30, 30, 128]))
    }

    /// The header of a PNG claiming `w`×`h`, and data for one row: a few bytes whatever
    /// it claims.
    fn png_header_only(w: u32, h: u32) -> Vec<u8> {
        let mut claimed = png_filled(w, 1, Fill::Gray1);
        // IHDR's height (bytes 20..24), and its CRC (29..33), which decoders check.
        claimed[20..24].copy_from_slice(&h.to_be_bytes());
        let mut crc = flate2::Crc::new();
        crc.update(&claimed[12..29]);
        claimed[29..33].copy_from_slice(&crc.sum().to_be_bytes());
        claimed
    }

    #[test]
    fn photos_are_reencoded_squares_over_white() {
        let renditions = squares(png(400, 300), BUDGET, &SIZES).expect("processed");
        assert_eq!(renditions.iter().map(|r| r.size).collect::<Vec<_>>(), SIZES);
        for rendition in renditions {
            assert_eq!(
                image::guess_format(&rendition.jpeg).expect("format"),
                ImageFormat::Jpeg
            );
            let decoded = image::load_from_memory(&rendition.jpeg).expect("jpeg");
            assert_eq!(
                (decoded.width(), decoded.height()),
                (rendition.size, rendition.size)
            );
            // Half-transparent red over white (about 227, 142, 142), not over black.
            let [r, g, b] = decoded.to_rgb8().get_pixel(10, 10).0;
            assert!(
                r > 200 && (120..170).contains(&g) && (120..170).contains(&b),
                "{r} {g} {b}"
            );
        }
        // Smaller than the largest size: grown to it.
        let tiny = squares(png(20, 10), BUDGET, &SIZES).expect("processed");
        let decoded = image::load_from_memory(&tiny[1].jpeg).expect("jpeg");
        assert_eq!((decoded.width(), decoded.height()), (240, 240));
    }

    #[test]
    fn pictures_fit_within_their_edges_with_their_ratio() {
        assert_eq!(fitted((4000, 3000), 1280), (1280, 960));
        assert_eq!(fitted((3000, 4000), 360), (270, 360));
        assert_eq!(fitted((800, 600), 1280), (800, 600));
        assert_eq!(fitted((20_000, 3), 1280), (1280, 1));
        let renditions = fit_within(png(400, 300), BUDGET, &[1280, 360]).expect("processed");
        let sizes: Vec<_> = renditions
            .iter()
            .map(|r| (r.size, r.width, r.height))
            .collect();
        // Never enlarged; the smaller edge shrinks it with its ratio.
        assert_eq!(sizes, [(1280, 400, 300), (360, 360, 270)]);
        for rendition in &renditions {
            let decoded = image::load_from_memory(&rendition.jpeg).expect("jpeg");
            assert_eq!(
                (decoded.width(), decoded.height()),
                (rendition.width, rendition.height)
            );
            // Half-transparent red over white.
            let [r, g, b] = decoded.to_rgb8().get_pixel(10, 10).0;
            assert!(r > 200 && (120..170).contains(&g), "{r} {g} {b}");
        }
        // A 12 MP phone photo: both sizes, shrunk.
        let renditions = fit_within(photo_jpeg(4000, 3000), BUDGET, &[1280, 360]).expect("12 MP");
        assert_eq!(
            renditions
                .iter()
                .map(|r| (r.width, r.height))
                .collect::<Vec<_>>(),
            [(1280, 960), (360, 270)]
        );
        // The same budget as the squares: refused from the header.
        assert_eq!(
            code(fit_within(png_header_only(20_000, 20_000), BUDGET, &[1280])),
            Some("image_too_many_pixels")
        );
        assert_eq!(
            code(fit_within(b"not a picture".to_vec(), BUDGET, &[1280])),
            Some("invalid_image")
        );
    }

    #[test]
    fn a_twelve_megapixel_phone_photo_is_taken() {
        let photo = photo_jpeg(4000, 3000);
        let renditions = squares(photo, BUDGET, &SIZES).expect("a 12 MP photo");
        let large = image::load_from_memory(&renditions[1].jpeg).expect("jpeg");
        assert_eq!((large.width(), large.height()), (240, 240));
        // The centre square, shrunk: not a flat colour.
        let pixels = large.to_rgb8();
        let first = pixels.get_pixel(0, 0);
        assert!(pixels.pixels().any(|p| p != first));
    }

    #[test]
    fn too_many_pixels_are_refused_from_the_header() {
        // 20000×20000 in one colour: a few dozen KB of PNG, 400 MB decoded (1.6 GB in RGBA).
        let huge = png_filled(20_000, 20_000, Fill::Gray1);
        assert!(huge.len() < 512 << 10, "{}", huge.len());
        let refused = squares(huge, BUDGET, &SIZES).expect_err("refused");
        assert_eq!(refused.code, ErrorCode::ImageTooManyPixels);
        assert_eq!(
            refused.message,
            "사진의 해상도가 너무 큽니다. (최대 1600만 화소)"
        );
        // Headers that claim it: answered without decoding (the bytes hold no such picture,
        // so a decoder that went on would say invalid_image).
        assert_eq!(
            code(squares(png_header_only(20_000, 20_000), BUDGET, &SIZES)),
            Some("image_too_many_pixels")
        );
        assert_eq!(
            code(squares(jpeg_claiming(20_000, 20_000), BUDGET, &SIZES)),
            Some("image_too_many_pixels")
        );
        // Just over the budget; just under it is decoded (and then found truncated).
        assert_eq!(
            code(squares(png_header_only(4001, 4000), BUDGET, &SIZES)),
            Some("image_too_many_pixels")
        );
        assert_eq!(
            code(squares(png_header_only(4000, 4000), BUDGET, &SIZES)),
            Some("invalid_image")
        );
    }

    #[test]
    fn sixteen_bits_a_channel_count_double() {
        // 3000×3000 RGBA at 16 bits: 9 MP, but 72 MB decoded (over 16 MP × 4 bytes).
        let mut deep = png_header_only(3000, 3000);
        deep[24..26].copy_from_slice(&[16, 6]);
        let mut crc = flate2::Crc::new();
        crc.update(&deep[12..29]);
        deep[29..33].copy_from_slice(&crc.sum().to_be_bytes());
        assert_eq!(
            code(squares(deep, BUDGET, &SIZES)),
            Some("image_too_many_pixels")
        );
    }

    #[test]
    fn refuses_what_is_not_an_image() {
        let code = |bytes: &[u8]| code(squares(bytes.to_vec(), BUDGET, &SIZES));
        assert_eq!(code(b"GIF89a\x01"), Some("invalid_image"));
        assert_eq!(
            code(b"<svg xmlns='http://www.w3.org/2000/svg'/>"),
            Some("invalid_image")
        );
        assert_eq!(code(b""), Some("invalid_image"));
        let mut truncated = png(50, 50);
        truncated.truncate(60);
        assert_eq!(code(&truncated), Some("invalid_image"));
        // A format the door does not take (a BMP header), however well formed.
        assert_eq!(
            code(b"BM\x3a\0\0\0\0\0\0\0\x36\0\0\0"),
            Some("invalid_image")
        );
        assert_eq!(
            check_length(11, 10).err().map(|e| e.message),
            Some("사진은 0MB까지 올릴 수 있습니다.".into())
        );
        assert!(check_length(10, 10).is_ok());
    }

    #[test]
    fn other_formats_and_alpha() {
        let image = RgbaImage::from_pixel(64, 32, Rgba([0, 0, 255, 0]));
        for format in [ImageFormat::Gif, ImageFormat::WebP] {
            let mut bytes = Vec::new();
            if image
                .write_to(&mut Cursor::new(&mut bytes), format)
                .is_err()
            {
                continue;
            }
            let renditions = squares(bytes, BUDGET, &SIZES).expect("decoded");
            let decoded = image::load_from_memory(&renditions[0].jpeg).expect("jpeg");
            // Fully transparent: white.
            let [r, g, b] = decoded.to_rgb8().get_pixel(5, 5).0;
            assert!(r > 240 && g > 240 && b > 240, "{format:?}: {r} {g} {b}");
        }
    }

    #[tokio::test]
    async fn a_full_door_answers_busy_with_retry_after() {
        let door = ImageDoor::new(ImageSettings {
            decode_permits: 2,
            decode_queue: 1,
            retry_after_secs: 3,
            ..ImageSettings::default()
        });
        // Two decoding, one waiting.
        let first = door.admit().expect("a slot").ready().await;
        let second = door.admit().expect("a slot").ready().await;
        let waiting = door.admit().expect("a place in line");
        let mut turn = Box::pin(waiting.ready());
        assert!((&mut turn).now_or_never().is_none(), "no slot is free yet");
        // One more: refused at once.
        let refused = door.admit().expect_err("the door is full");
        assert_eq!(refused.code, ErrorCode::ImageBusy);
        assert_eq!(refused.retry_after_secs, Some(3));
        assert_eq!(
            refused.kind().http_status(),
            http::StatusCode::SERVICE_UNAVAILABLE
        );
        let through_the_door = door.squares(png(10, 10), 1 << 20, &SIZES).await;
        assert_eq!(code(through_the_door), Some("image_busy"));
        // A decode ends: the waiting one gets its slot, and a place in line is free again.
        drop(first);
        let third = turn.await;
        let queued = door.admit().expect("a place in line again");
        drop((second, third, queued));
        // Free again: a picture goes through.
        let renditions = door
            .squares(png(10, 10), 1 << 20, &SIZES)
            .await
            .expect("through");
        assert_eq!(renditions.len(), 2);
        let fitted = door
            .fit_within(png(10, 20), 1 << 20, &[1280, 5])
            .await
            .expect("through");
        assert_eq!(
            fitted
                .iter()
                .map(|r| (r.width, r.height))
                .collect::<Vec<_>>(),
            [(10, 20), (3, 5)]
        );
    }

    #[tokio::test]
    async fn the_length_is_checked_before_the_door() {
        let door = ImageDoor::new(ImageSettings {
            decode_permits: 1,
            decode_queue: 0,
            ..ImageSettings::default()
        });
        let _busy = door.admit().expect("a slot");
        let refused = door.squares(vec![0; 2 << 20], 1 << 20, &SIZES).await;
        assert_eq!(code(refused), Some("image_too_large"));
    }
}
