//! Pictures for the image door's tests (`crate::image`), made without holding their
//! pixels: a PNG's rows are streamed through zlib, so a 20000×20000 picture costs its few
//! hundred compressed kilobytes; and the peak memory of this process, to measure a door.

use std::io::Write as _;

use flate2::Crc;
use flate2::write::ZlibEncoder;

/// The pixels of a PNG made by [`png_filled`], every one the same.
#[derive(Clone, Copy, Debug)]
pub enum Fill {
    /// One bit a pixel, white: the smallest file for its size (decoded at 1 byte a pixel).
    Gray1,
    /// 8-bit RGBA: decoded at 4 bytes a pixel, the most an accepted picture costs.
    Rgba8([u8; 4]),
}

/// A PNG of `width`×`height` in one colour, built row by row (never `width`×`height` in
/// memory).
pub fn png_filled(width: u32, height: u32, fill: Fill) -> Vec<u8> {
    let (bit_depth, color_type, row) = match fill {
        Fill::Gray1 => (1u8, 0u8, vec![0xFF; (width as usize).div_ceil(8)]),
        Fill::Rgba8(rgba) => (8, 6, rgba.repeat(width as usize)),
    };
    let mut scanline = Vec::with_capacity(row.len() + 1);
    scanline.push(0); // filter: none
    scanline.extend_from_slice(&row);
    let mut zlib = ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    for _ in 0..height {
        zlib.write_all(&scanline).expect("in memory");
    }
    let data = zlib.finish().expect("in memory");

    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&width.to_be_bytes());
    header.extend_from_slice(&height.to_be_bytes());
    header.extend_from_slice(&[bit_depth, color_type, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut png, b"IHDR", &header);
    chunk(&mut png, b"IDAT", &data);
    chunk(&mut png, b"IEND", &[]);
    png
}

fn chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    png.extend_from_slice(&u32::try_from(data.len()).expect("chunk").to_be_bytes());
    png.extend_from_slice(kind);
    png.extend_from_slice(data);
    let mut crc = Crc::new();
    crc.update(kind);
    crc.update(data);
    png.extend_from_slice(&crc.sum().to_be_bytes());
}

/// A baseline JPEG of `width`×`height` with content (gradients and a pattern, like a
/// photo's rather than one colour), quality 80.
pub fn photo_jpeg(width: u32, height: u32) -> Vec<u8> {
    let photo = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, ((x ^ y) % 256) as u8])
    });
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 80)
        .encode_image(&photo)
        .expect("jpeg");
    out
}

/// A small real JPEG whose frame header claims `width`×`height` (JPEG's dimensions live in
/// one header field, so a few kilobytes can claim 65535×65535).
pub fn jpeg_claiming(width: u16, height: u16) -> Vec<u8> {
    let mut out = photo_jpeg(16, 16);
    let sof = out
        .windows(2)
        .position(|pair| pair == [0xFF, 0xC0])
        .expect("a baseline frame header");
    // FFC0, length (2), precision (1), height (2), width (2).
    out[sof + 5..sof + 7].copy_from_slice(&height.to_be_bytes());
    out[sof + 7..sof + 9].copy_from_slice(&width.to_be_bytes());
    out
}

/// Peak resident memory of this process so far (`VmHWM`), in KiB.
pub fn peak_rss_kib() -> Option<u64> {
    status_kib("VmHWM:")
}

/// Resident memory of this process now (`VmRSS`), in KiB.
pub fn rss_kib() -> Option<u64> {
    status_kib("VmRSS:")
}

/// Start the peak over from the current resident memory (Linux ≥ 4.0), so what a test made
/// before (its pictures) does not count. False where the kernel does not allow it.
pub fn reset_peak_rss() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

fn status_kib(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with(field))?;
    line[field.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}
