//! Pictures on a certificate (its background, the signatures): PNG and JPEG, judged by their
//! content, made ready once as PDF image objects. A JPEG goes into the PDF as it is (`DCTDecode`:
//! PDF readers decode JPEG themselves); a PNG is decoded to its pixels, compressed again, and its
//! transparency becomes a soft mask, so that a signature scanned on white or cut out on
//! transparent sits on the background as drawn.

use flate2::write::ZlibEncoder;
use pdf_writer::{Filter, Finish, Name, Pdf, Ref};
use std::io::Write;

/// The largest picture decoded, in pixels: a full A4 page at 300 dpi is under 9 million.
const MAX_PIXELS: u64 = 40_000_000;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ImageError {
    #[error("only PNG and JPEG images can be used")]
    Unsupported,
    #[error("the image cannot be read: {0}")]
    Unreadable(String),
}

/// The kinds of picture a certificate takes, judged from the first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    Png,
    Jpeg,
}

impl ImageKind {
    pub fn of(bytes: &[u8]) -> Option<ImageKind> {
        match bytes {
            [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, ..] => Some(ImageKind::Png),
            [0xFF, 0xD8, 0xFF, ..] => Some(ImageKind::Jpeg),
            _ => None,
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            ImageKind::Png => "image/png",
            ImageKind::Jpeg => "image/jpeg",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Colours {
    Gray,
    Rgb,
    Cmyk,
}

impl Colours {
    fn name(self) -> Name<'static> {
        match self {
            Colours::Gray => Name(b"DeviceGray"),
            Colours::Rgb => Name(b"DeviceRGB"),
            Colours::Cmyk => Name(b"DeviceCMYK"),
        }
    }
}

/// A picture ready to write into any number of PDFs.
#[derive(Debug, Clone, PartialEq)]
pub struct PdfImage {
    pub width: u32,
    pub height: u32,
    colours: Colours,
    filter: Filter,
    data: Vec<u8>,
    /// The alpha channel, zlib-compressed, when the PNG has one that is not fully opaque.
    alpha: Option<Vec<u8>>,
    /// Adobe's CMYK JPEGs store their ink inverted.
    inverted: bool,
}

impl PdfImage {
    /// Reads a PNG or JPEG; anything else is refused.
    pub fn read(bytes: &[u8]) -> Result<PdfImage, ImageError> {
        match ImageKind::of(bytes) {
            Some(ImageKind::Png) => png_image(bytes),
            Some(ImageKind::Jpeg) => jpeg_image(bytes),
            None => Err(ImageError::Unsupported),
        }
    }

    /// Writes the picture as an image XObject at `id`, its soft mask (if any) at `mask`.
    pub fn write(&self, pdf: &mut Pdf, id: Ref, mask: Ref) {
        let mut image = pdf.image_xobject(id, &self.data);
        image.filter(self.filter);
        image
            .width(self.width as i32)
            .height(self.height as i32)
            .color_space_name(self.colours.name())
            .bits_per_component(8);
        if self.inverted {
            image.decode([1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0]);
        }
        if self.alpha.is_some() {
            image.s_mask(mask);
        }
        image.finish();
        if let Some(alpha) = &self.alpha {
            let mut soft = pdf.image_xobject(mask, alpha);
            soft.filter(Filter::FlateDecode);
            soft.width(self.width as i32)
                .height(self.height as i32)
                .color_space_name(Name(b"DeviceGray"))
                .bits_per_component(8);
            soft.finish();
        }
    }
}

fn unreadable(e: impl std::fmt::Display) -> ImageError {
    ImageError::Unreadable(e.to_string())
}

fn too_large(width: u32, height: u32) -> Result<(), ImageError> {
    if width == 0 || height == 0 {
        return Err(ImageError::Unreadable("it has no pixels".into()));
    }
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(ImageError::Unreadable(format!(
            "{width} × {height} pixels is more than a certificate needs"
        )));
    }
    Ok(())
}

fn deflate(bytes: &[u8]) -> Result<Vec<u8>, ImageError> {
    let mut encoder = ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).map_err(unreadable)?;
    encoder.finish().map_err(unreadable)
}

fn png_image(bytes: &[u8]) -> Result<PdfImage, ImageError> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    // Palettes and low bit depths become 8-bit grey or RGB; 16-bit channels become 8-bit.
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(unreadable)?;
    let (width, height) = reader.info().size();
    too_large(width, height)?;
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| unreadable("it is too large"))?;
    let mut pixels = vec![0; size];
    let frame = reader.next_frame(&mut pixels).map_err(unreadable)?;
    pixels.truncate(frame.buffer_size());
    let (colours, channels, has_alpha) = match frame.color_type {
        png::ColorType::Grayscale => (Colours::Gray, 1, false),
        png::ColorType::GrayscaleAlpha => (Colours::Gray, 2, true),
        png::ColorType::Rgb => (Colours::Rgb, 3, false),
        png::ColorType::Rgba => (Colours::Rgb, 4, true),
        png::ColorType::Indexed => return Err(unreadable("its palette could not be expanded")),
    };
    let (data, alpha) = if has_alpha {
        let colour_channels = channels - 1;
        let mut colour = Vec::with_capacity(pixels.len() / channels * colour_channels);
        let mut alpha = Vec::with_capacity(pixels.len() / channels);
        for pixel in pixels.chunks_exact(channels) {
            colour.extend_from_slice(&pixel[..colour_channels]);
            alpha.push(pixel[colour_channels]);
        }
        let opaque = alpha.iter().all(|&a| a == 255);
        (colour, (!opaque).then_some(alpha))
    } else {
        (pixels, None)
    };
    Ok(PdfImage {
        width,
        height,
        colours,
        filter: Filter::FlateDecode,
        data: deflate(&data)?,
        alpha: alpha.as_deref().map(deflate).transpose()?,
        inverted: false,
    })
}

/// A JPEG's size and colours from its frame header (SOFn); the data goes in as it is.
fn jpeg_image(bytes: &[u8]) -> Result<PdfImage, ImageError> {
    let mut at = 2;
    let mut adobe = false;
    while at + 4 <= bytes.len() {
        if bytes[at] != 0xFF {
            return Err(unreadable("a JPEG marker is missing"));
        }
        let marker = bytes[at + 1];
        // Fill bytes, and markers that stand alone.
        if marker == 0xFF {
            at += 1;
            continue;
        }
        if marker == 0x01 || (0xD0..=0xD7).contains(&marker) {
            at += 2;
            continue;
        }
        let length = usize::from(u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]));
        let segment = bytes
            .get(at + 4..at + 2 + length)
            .ok_or_else(|| unreadable("it ends too soon"))?;
        if marker == 0xEE && segment.starts_with(b"Adobe") {
            adobe = true;
        }
        let frame = matches!(marker, 0xC0..=0xCF) && !matches!(marker, 0xC4 | 0xC8 | 0xCC);
        if frame {
            if segment.len() < 6 {
                return Err(unreadable("its frame header is short"));
            }
            let height = u32::from(u16::from_be_bytes([segment[1], segment[2]]));
            let width = u32::from(u16::from_be_bytes([segment[3], segment[4]]));
            too_large(width, height)?;
            let colours = match segment[5] {
                1 => Colours::Gray,
                3 => Colours::Rgb,
                4 => Colours::Cmyk,
                n => return Err(unreadable(format!("it has {n} colour channels"))),
            };
            if segment[0] != 8 {
                return Err(unreadable("only 8-bit JPEGs can be used"));
            }
            return Ok(PdfImage {
                width,
                height,
                colours,
                filter: Filter::DctDecode,
                data: bytes.to_vec(),
                alpha: None,
                inverted: adobe && colours == Colours::Cmyk,
            });
        }
        if marker == 0xDA {
            break;
        }
        at += 2 + length;
    }
    Err(unreadable("it has no frame header"))
}

/// Test pictures, made here so that no binary file is committed for them.
pub mod samples {
    /// A PNG of `width` × `height`: a red square on transparent (or white, when opaque).
    pub fn png(width: u32, height: u32, transparent: bool) -> Vec<u8> {
        let mut out = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut out, width, height);
            encoder.set_color(png::ColorType::Rgba);
            encoder.set_depth(png::BitDepth::Eight);
            let Ok(mut writer) = encoder.write_header() else {
                return Vec::new();
            };
            let mut pixels = Vec::with_capacity((width * height * 4) as usize);
            for y in 0..height {
                for x in 0..width {
                    let inside =
                        x > width / 4 && x < width * 3 / 4 && y > height / 4 && y < height * 3 / 4;
                    let alpha = if inside || !transparent { 255 } else { 0 };
                    let (r, g, b) = if inside {
                        (200, 30, 30)
                    } else {
                        (255, 255, 255)
                    };
                    pixels.extend_from_slice(&[r, g, b, alpha]);
                }
            }
            if writer.write_image_data(&pixels).is_err() {
                return Vec::new();
            }
        }
        out
    }

    /// The smallest baseline JPEG header a reader needs to size it: SOI, SOF0 of 16 × 8 RGB, and
    /// an empty scan. Enough for the PDF's image object; not a picture to look at.
    pub fn jpeg_header() -> Vec<u8> {
        let mut out = vec![0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10];
        out.extend_from_slice(b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0");
        out.extend_from_slice(&[
            0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x08, 0x00, 0x10, 0x03, 0x01, 0x22, 0x00, 0x02,
            0x11, 0x01, 0x03, 0x11, 0x01,
        ]);
        out.extend_from_slice(&[0xFF, 0xD9]);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_png_with_transparency_gets_a_soft_mask_and_an_opaque_one_none() {
        let image = PdfImage::read(&samples::png(40, 20, true)).unwrap();
        assert_eq!((image.width, image.height), (40, 20));
        assert_eq!(image.colours, Colours::Rgb);
        assert!(image.alpha.is_some());
        let opaque = PdfImage::read(&samples::png(40, 20, false)).unwrap();
        assert!(opaque.alpha.is_none());
    }

    #[test]
    fn a_jpeg_goes_in_as_it_is_sized_by_its_frame_header() {
        let bytes = samples::jpeg_header();
        let image = PdfImage::read(&bytes).unwrap();
        assert_eq!((image.width, image.height), (16, 8));
        assert_eq!(image.filter, Filter::DctDecode);
        assert_eq!(image.data, bytes);
    }

    #[test]
    fn anything_else_is_refused_and_a_broken_picture_is_unreadable() {
        assert_eq!(PdfImage::read(b"GIF89a...."), Err(ImageError::Unsupported));
        assert_eq!(PdfImage::read(b"<svg/>"), Err(ImageError::Unsupported));
        assert!(matches!(
            PdfImage::read(b"\x89PNG\r\n\x1a\nbroken"),
            Err(ImageError::Unreadable(_))
        ));
        assert!(matches!(
            PdfImage::read(&[0xFF, 0xD8, 0xFF, 0xE0, 0x00]),
            Err(ImageError::Unreadable(_))
        ));
    }
}
