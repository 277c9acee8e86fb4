//! Certificates: one A4 landscape PDF per learner, and one ZIP of them per school.
//!
//! Names are written in DejaVu Sans, embedded and subset (`crate::fonts`). A school's
//! certificates share one subset, made once from every text the school's certificates hold, so
//! that a learner's PDF costs no font work. A template may have a background picture over the
//! whole page and signature pictures placed in millimetres (`crate::images`), read once per run.

use crate::fonts::{Fonts, FONT_OBJECTS};
use crate::images::PdfImage;
use crate::layout::write_page;
use pdf_writer::{Content, Finish, Name, Pdf, Ref, TextStr};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::io::Write;
use std::sync::Arc;

/// A4 landscape, in points.
pub const PAGE_WIDTH: f32 = 842.0;
pub const PAGE_HEIGHT: f32 = 595.0;
/// A4 landscape, in millimetres: where pictures are placed.
pub const PAGE_WIDTH_MM: f32 = 297.0;
pub const PAGE_HEIGHT_MM: f32 = 210.0;
const POINTS_PER_MM: f32 = 72.0 / 25.4;

/// What one learner's certificate says.
#[derive(Debug, Clone)]
pub struct Certificate {
    /// The learner's name, as the school entered it.
    pub name: String,
    pub school: String,
    /// "Gold", "Merit", …
    pub award: String,
    /// "Score 42 of 60" or "Top 3 %", or empty.
    pub score: String,
    pub date: String,
    /// Where the certificate sits in the ZIP ("Grade 10/Nkosi Thandi.pdf").
    pub file_name: String,
}

/// The things a certificate places on its page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Field {
    Heading,
    Name,
    School,
    Award,
    Score,
    Date,
    Signature,
}

/// Where a field sits: its centre, as a percentage of the page's width from the left and of its
/// height from the top, and its size in points.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Placement {
    #[schema(minimum = 0, maximum = 100)]
    pub x: f32,
    #[schema(minimum = 0, maximum = 100)]
    pub y: f32,
    #[schema(minimum = 6, maximum = 72)]
    pub size: f32,
    pub bold: bool,
}

/// The design every certificate of a run shares.
#[derive(Debug, Clone)]
pub struct Design {
    /// The olympiad's heading ("Geography Olympiad 2026").
    pub heading: String,
    /// The signatory's line ("Dr N. Dlamini, Director").
    pub signature: String,
    pub fields: Vec<(Field, Placement)>,
    /// The frame's colour, per award (RGB 0–1); none for no frame.
    pub frame: Option<[f32; 3]>,
    /// A picture over the whole page, under everything else.
    pub background: Option<Arc<PdfImage>>,
    /// Signatures (or any picture), each fitted into its box on the page.
    pub pictures: Vec<(Arc<PdfImage>, PictureBox)>,
}

/// A picture's place on the page in points: left, bottom, width, height.
type Placed = (f32, f32, f32, f32);

/// Where a picture goes: its box's top left corner from the page's top left, and its size, in
/// millimetres. The picture is fitted in the box whole, keeping its shape, and centred.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PictureBox {
    pub x: f32,
    pub y: f32,
    pub width: f32,
    pub height: f32,
}

impl PictureBox {
    /// The picture's place on the page in points: left, bottom, width, height.
    fn fitted(&self, image: &PdfImage) -> Placed {
        let (box_w, box_h) = (self.width * POINTS_PER_MM, self.height * POINTS_PER_MM);
        let scale = (box_w / image.width as f32).min(box_h / image.height as f32);
        let (w, h) = (image.width as f32 * scale, image.height as f32 * scale);
        let left = self.x * POINTS_PER_MM + (box_w - w) / 2.0;
        let top = self.y * POINTS_PER_MM + (box_h - h) / 2.0;
        (left, PAGE_HEIGHT - top - h, w, h)
    }
}

impl Design {
    fn text<'a>(&'a self, field: Field, certificate: &'a Certificate) -> &'a str {
        match field {
            Field::Heading => &self.heading,
            Field::Name => &certificate.name,
            Field::School => &certificate.school,
            Field::Award => &certificate.award,
            Field::Score => &certificate.score,
            Field::Date => &certificate.date,
            Field::Signature => &self.signature,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum CertificateError {
    #[error("the certificate font cannot be read: {0}")]
    Font(String),
    #[error("the ZIP cannot be written: {0}")]
    Zip(String),
}

/// The certificates of one school, sharing one font subset.
pub struct SchoolCertificates {
    design: Design,
    fonts: Fonts,
}

impl SchoolCertificates {
    /// Prepares the fonts for every text of `certificates`.
    pub fn new(design: Design, certificates: &[Certificate]) -> Result<Self, CertificateError> {
        let mut chars: BTreeSet<char> = BTreeSet::new();
        for certificate in certificates {
            for (field, _) in &design.fields {
                chars.extend(design.text(*field, certificate).chars());
            }
        }
        Ok(SchoolCertificates {
            fonts: Fonts::for_chars(chars).map_err(|e| CertificateError::Font(e.0))?,
            design,
        })
    }

    /// One learner's certificate as a PDF.
    pub fn render(&self, certificate: &Certificate) -> Vec<u8> {
        let mut pdf = Pdf::new();
        let (catalog, tree, page, content_id, info) = (
            Ref::new(1),
            Ref::new(2),
            Ref::new(3),
            Ref::new(4),
            Ref::new(5),
        );
        let fonts = self.fonts.write(&mut pdf, 10);
        // Each picture takes two objects: itself and its soft mask.
        let first_picture = 10 + FONT_OBJECTS;
        let mut pictures: Vec<(Name, &PdfImage, Placed)> = Vec::new();
        if let Some(background) = &self.design.background {
            pictures.push((Name(b"Bg"), background, (0.0, 0.0, PAGE_WIDTH, PAGE_HEIGHT)));
        }
        const PICTURE_NAMES: [&[u8]; 4] = [b"P1", b"P2", b"P3", b"P4"];
        for ((image, at), name) in self.design.pictures.iter().zip(PICTURE_NAMES) {
            pictures.push((Name(name), image, at.fitted(image)));
        }
        let picture_refs: Vec<Ref> = (0..pictures.len())
            .map(|i| Ref::new(first_picture + 2 * i as i32))
            .collect();
        for ((_, image, _), id) in pictures.iter().zip(&picture_refs) {
            image.write(&mut pdf, *id, Ref::new(id.get() + 1));
        }
        pdf.catalog(catalog).pages(tree);
        pdf.pages(tree).kids([page]).count(1);
        pdf.document_info(info).title(TextStr(&format!(
            "{}: {}",
            self.design.heading, certificate.name
        )));
        let mut content = Content::new();
        for (name, _, (x, y, w, h)) in &pictures {
            content
                .save_state()
                .transform([*w, 0.0, 0.0, *h, *x, *y])
                .x_object(*name)
                .restore_state();
        }
        if let Some([r, g, b]) = self.design.frame {
            content
                .set_stroke_rgb(r, g, b)
                .set_line_width(6.0)
                .rect(24.0, 24.0, PAGE_WIDTH - 48.0, PAGE_HEIGHT - 48.0)
                .stroke()
                .set_line_width(1.0)
                .rect(36.0, 36.0, PAGE_WIDTH - 72.0, PAGE_HEIGHT - 72.0)
                .stroke();
        }
        for (field, at) in &self.design.fields {
            let text = self.design.text(*field, certificate);
            if text.is_empty() {
                continue;
            }
            let x = PAGE_WIDTH * at.x / 100.0;
            let y = PAGE_HEIGHT * (1.0 - at.y / 100.0) - at.size / 3.0;
            self.fonts
                .show_centred(&mut content, at.bold, at.size, x, y, text);
        }
        let refs = [page, tree, content_id];
        write_page(
            &mut pdf,
            refs,
            (PAGE_WIDTH, PAGE_HEIGHT),
            fonts,
            |resources| {
                if !pictures.is_empty() {
                    let mut x_objects = resources.x_objects();
                    for ((name, _, _), id) in pictures.iter().zip(&picture_refs) {
                        x_objects.pair(*name, *id);
                    }
                    x_objects.finish();
                }
            },
        );
        pdf.stream(content_id, &content.finish());
        pdf.finish()
    }

    /// Every certificate as a PDF in one ZIP.
    pub fn zip(&self, certificates: &[Certificate]) -> Result<Vec<u8>, CertificateError> {
        let files: Vec<(String, Vec<u8>)> = certificates
            .iter()
            .map(|c| (c.file_name.clone(), self.render(c)))
            .collect();
        zip_files(&files)
    }
}

/// Files into one ZIP; a name given twice gets " (2)", " (3)" before its extension.
pub fn zip_files(files: &[(String, Vec<u8>)]) -> Result<Vec<u8>, CertificateError> {
    use zip::write::SimpleFileOptions;
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .compression_level(Some(1));
    let mut seen = std::collections::HashMap::<String, usize>::new();
    for (name, bytes) in files {
        let count = seen.entry(name.clone()).or_insert(0);
        *count += 1;
        let unique = if *count == 1 {
            name.clone()
        } else {
            match name.rsplit_once('.') {
                Some((stem, ext)) => format!("{stem} ({count}).{ext}"),
                None => format!("{name} ({count})"),
            }
        };
        writer
            .start_file(unique, options)
            .map_err(|e| CertificateError::Zip(e.to_string()))?;
        writer
            .write_all(bytes)
            .map_err(|e| CertificateError::Zip(e.to_string()))?;
    }
    Ok(writer
        .finish()
        .map_err(|e| CertificateError::Zip(e.to_string()))?
        .into_inner())
}

/// A name fit for a file in a ZIP: letters (any script), digits, spaces and a few marks.
pub fn file_safe(text: &str) -> String {
    let cleaned: String = text
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || " -_'.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    let trimmed = cleaned.trim().trim_matches('.');
    if trimmed.is_empty() {
        "certificate".into()
    } else {
        trimmed.chars().take(80).collect()
    }
}

/// A school's name as the file name of a download: a header carries ASCII only ("Hoërskool" is
/// "Hoerskool"), and no quote, which would end the header's quoted name.
pub fn header_file_name(text: &str) -> String {
    file_safe(&olympiad_domain::text::ascii_fold(text)).replace('\'', "")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn design() -> Design {
        let at = |y: f32, size: f32, bold: bool| Placement {
            x: 50.0,
            y,
            size,
            bold,
        };
        Design {
            heading: "Afrikaans Olimpiade 2026".into(),
            signature: "Dr N. Dlamini".into(),
            fields: vec![
                (Field::Heading, at(15.0, 28.0, true)),
                (Field::Name, at(40.0, 32.0, true)),
                (Field::School, at(52.0, 16.0, false)),
                (Field::Award, at(64.0, 22.0, true)),
                (Field::Score, at(72.0, 12.0, false)),
                (Field::Date, at(85.0, 11.0, false)),
                (Field::Signature, at(90.0, 11.0, false)),
            ],
            frame: Some([0.8, 0.6, 0.1]),
            background: None,
            pictures: Vec::new(),
        }
    }

    fn learner(name: &str) -> Certificate {
        Certificate {
            name: name.into(),
            school: "Hoërskool Waterkloof".into(),
            award: "Gold".into(),
            score: "Score 57 of 60".into(),
            date: "25 November 2026".into(),
            file_name: format!("{}.pdf", file_safe(name)),
        }
    }

    /// The characters the PDF's ToUnicode map says its glyphs write: what a text extractor reads.
    fn unicode_map_chars(pdf: &[u8]) -> String {
        let text = String::from_utf8_lossy(pdf);
        let mut chars = String::new();
        for line in text.lines() {
            // Lines of a bfchar block: <0003> <00EB>
            let parts: Vec<&str> = line.split_whitespace().collect();
            if parts.len() == 2 && parts[0].starts_with('<') && parts[1].starts_with('<') {
                let hex = parts[1].trim_matches(['<', '>']);
                if let Ok(code) = u32::from_str_radix(hex, 16) {
                    chars.extend(char::from_u32(code));
                }
            }
        }
        chars
    }

    #[test]
    fn names_with_every_south_african_letter_are_embedded_and_subset() {
        let certificates = [
            learner("Zoë Ŋwenya-Šimunović"),
            learner("Hêlena Môller"),
            learner("Ŋoŋi Mašilo"),
        ];
        let school = SchoolCertificates::new(design(), &certificates).unwrap();
        let pdf = school.render(&certificates[0]);
        assert!(pdf.starts_with(b"%PDF-"));
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.contains("/FontFile2"), "the font is embedded");
        assert!(text.contains("+DejaVuSans"), "as a subset");
        // A subset of two fonts, compressed: far below the 1.4 MB of the whole fonts.
        assert!(pdf.len() < 120_000, "{} bytes", pdf.len());
        let mapped = unicode_map_chars(&pdf);
        for c in ['ë', 'ê', 'ô', 'š', 'Š', 'ŋ', 'Ŋ', 'Z'] {
            assert!(mapped.contains(c), "{c} is written with a glyph of its own");
        }
    }

    #[test]
    fn the_learners_name_is_in_the_text_of_the_certificate() {
        let certificates = [learner("Thandiwe Nkosi")];
        // The content stream holds glyph ids, never the name itself; only the map gives it back.
        let school = SchoolCertificates::new(design(), &certificates).unwrap();
        let pdf = school.render(&certificates[0]);
        let extracted = crate::fonts::extract::shown_texts(&pdf);
        assert!(
            extracted.iter().any(|t| t == "Thandiwe Nkosi"),
            "{extracted:?}"
        );
        assert!(
            extracted.iter().any(|t| t == "Hoërskool Waterkloof"),
            "{extracted:?}"
        );
    }

    #[test]
    fn a_background_and_signatures_are_image_objects_under_the_text() {
        use crate::images::samples;
        let background = Arc::new(PdfImage::read(&samples::png(60, 42, false)).unwrap());
        let signature = Arc::new(PdfImage::read(&samples::png(30, 10, true)).unwrap());
        let stamp = Arc::new(PdfImage::read(&samples::jpeg_header()).unwrap());
        let at = PictureBox {
            x: 30.0,
            y: 160.0,
            width: 60.0,
            height: 20.0,
        };
        let with_pictures = Design {
            background: Some(background),
            pictures: vec![(signature, at), (stamp, PictureBox { x: 200.0, ..at })],
            ..design()
        };
        let certificates = [learner("Šibongile Ŋcobo")];
        let school = SchoolCertificates::new(with_pictures, &certificates).unwrap();
        let pdf = school.render(&certificates[0]);
        let text = String::from_utf8_lossy(&pdf);
        // Three pictures and the signature's soft mask.
        assert_eq!(text.matches("/Subtype /Image").count(), 4, "{text}");
        assert_eq!(text.matches("/SMask").count(), 1);
        assert!(text.contains("/DCTDecode"), "the JPEG goes in as it is");
        assert!(text.contains("/Bg Do"), "the background is drawn");
        // The background fills the page and comes before the text.
        let background_at = text.find("842 0 0 595 0 0 cm").unwrap();
        assert!(background_at < text.find("BT").unwrap());
        // The signature (3:1) is fitted in its 60 × 20 mm box: 170 × 56.7 points.
        assert!(text.contains("170.0787"), "{text}");
        assert!(text.contains(" 0 0 56.6929"), "{text}");
        let extracted = crate::fonts::extract::shown_texts(&pdf);
        assert!(
            extracted.iter().any(|t| t == "Šibongile Ŋcobo"),
            "{extracted:?}"
        );
        assert!(extracted.iter().any(|t| t == "Hoërskool Waterkloof"));
    }

    #[test]
    fn a_schools_certificates_go_in_one_zip() {
        let certificates = [
            learner("Anna Botha"),
            learner("Anna Botha"),
            learner("Sipho Dube"),
        ];
        let school = SchoolCertificates::new(design(), &certificates).unwrap();
        let bytes = school.zip(&certificates).unwrap();
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
        assert_eq!(archive.len(), 3);
        let names: Vec<String> = (0..3)
            .map(|i| archive.by_index(i).unwrap().name().unwrap().into_owned())
            .collect();
        assert_eq!(
            names,
            vec!["Anna Botha.pdf", "Anna Botha (2).pdf", "Sipho Dube.pdf"]
        );
    }

    #[test]
    fn a_schools_name_in_a_download_header_is_ascii_without_quotes() {
        assert_eq!(
            header_file_name("Hoërskool Dr. O'Kennedy / Noord"),
            "Hoerskool Dr. OKennedy _ Noord"
        );
    }
}
