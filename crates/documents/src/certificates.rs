//! Certificates: one A4 landscape PDF per learner, and one ZIP of them per school.
//!
//! Names are written in DejaVu Sans (committed under `fonts/`, free licence in
//! `fonts/DejaVu-LICENSE.txt`), embedded and subset: the standard PDF fonts cannot write ŋ or š,
//! and South African names have them. A school's certificates share one subset, made once from
//! every text the school's certificates hold, so that a learner's PDF costs no font work.

use flate2::write::ZlibEncoder;
use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::io::Write;
use subsetter::GlyphRemapper;

const REGULAR_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
const BOLD_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");

/// A4 landscape, in points.
pub const PAGE_WIDTH: f32 = 842.0;
pub const PAGE_HEIGHT: f32 = 595.0;

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
    pub x: f32,
    pub y: f32,
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

/// A font cut down to the glyphs of a set of texts, ready to embed.
struct SubsetFont {
    base_name: String,
    /// The subset, zlib-compressed for `/FlateDecode`.
    file: Vec<u8>,
    remapper: GlyphRemapper,
    /// Widths of the new glyph ids, in thousandths of an em.
    widths: Vec<f32>,
    /// New glyph id to the character it writes.
    cmap: Vec<(u16, char)>,
    units_per_em: f32,
    ascent: f32,
    descent: f32,
    cap_height: f32,
    bbox: Rect,
    /// Old glyph id of each character of the texts.
    glyphs: std::collections::HashMap<char, u16>,
}

#[derive(Debug, thiserror::Error)]
pub enum CertificateError {
    #[error("the certificate font cannot be read: {0}")]
    Font(String),
    #[error("the ZIP cannot be written: {0}")]
    Zip(String),
}

impl SubsetFont {
    fn new(
        data: &[u8],
        tag: &str,
        family: &str,
        chars: &BTreeSet<char>,
    ) -> Result<Self, CertificateError> {
        let face =
            ttf_parser::Face::parse(data, 0).map_err(|e| CertificateError::Font(e.to_string()))?;
        let mut remapper = GlyphRemapper::new();
        let mut glyphs = std::collections::HashMap::new();
        let mut cmap = Vec::new();
        for &c in chars {
            let old = face.glyph_index(c).map_or(0, |g| g.0);
            let new = remapper.remap(old);
            glyphs.insert(c, old);
            if old != 0 {
                cmap.push((new, c));
            }
        }
        let subset = subsetter::subset(data, 0, &remapper)
            .map_err(|e| CertificateError::Font(format!("{e:?}")))?;
        let units_per_em = f32::from(face.units_per_em());
        let mut widths = vec![0.0; usize::from(remapper.num_gids())];
        for old in remapper.remapped_gids() {
            let new = remapper.get(old).unwrap_or(0);
            let advance = face
                .glyph_hor_advance(ttf_parser::GlyphId(old))
                .unwrap_or(0);
            widths[usize::from(new)] = f32::from(advance) * 1000.0 / units_per_em;
        }
        let mut encoder = ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        encoder
            .write_all(&subset)
            .map_err(|e| CertificateError::Font(e.to_string()))?;
        let file = encoder
            .finish()
            .map_err(|e| CertificateError::Font(e.to_string()))?;
        let scale = |v: i16| f32::from(v) * 1000.0 / units_per_em;
        let b = face.global_bounding_box();
        Ok(SubsetFont {
            base_name: format!("{tag}+{family}"),
            file,
            remapper,
            widths,
            cmap,
            units_per_em,
            ascent: scale(face.ascender()),
            descent: scale(face.descender()),
            cap_height: scale(face.capital_height().unwrap_or(face.ascender())),
            bbox: Rect::new(
                scale(b.x_min),
                scale(b.y_min),
                scale(b.x_max),
                scale(b.y_max),
            ),
            glyphs,
        })
    }

    /// The text as two-byte glyph ids of the subset (Identity-H), and its width at `size`.
    fn encode(&self, text: &str, size: f32) -> (Vec<u8>, f32) {
        let mut bytes = Vec::with_capacity(text.len() * 2);
        let mut width = 0.0;
        for c in text.chars() {
            let old = self.glyphs.get(&c).copied().unwrap_or(0);
            let new = self.remapper.get(old).unwrap_or(0);
            bytes.extend_from_slice(&new.to_be_bytes());
            width += self.widths.get(usize::from(new)).copied().unwrap_or(0.0);
        }
        let _ = self.units_per_em;
        (bytes, width * size / 1000.0)
    }

    /// Writes the font's objects from `first` on (five of them) and answers the font's ref.
    fn write(&self, pdf: &mut Pdf, first: i32) -> Ref {
        let (type0, cid, descriptor, file, unicode) = (
            Ref::new(first),
            Ref::new(first + 1),
            Ref::new(first + 2),
            Ref::new(first + 3),
            Ref::new(first + 4),
        );
        let name = Name(self.base_name.as_bytes());
        let info = SystemInfo {
            registry: Str(b"Adobe"),
            ordering: Str(b"Identity"),
            supplement: 0,
        };
        pdf.type0_font(type0)
            .base_font(name)
            .encoding_predefined(Name(b"Identity-H"))
            .descendant_font(cid)
            .to_unicode(unicode);
        let mut font = pdf.cid_font(cid);
        font.subtype(CidFontType::Type2)
            .base_font(name)
            .system_info(info)
            .font_descriptor(descriptor)
            .default_width(0.0)
            .cid_to_gid_map_predefined(Name(b"Identity"));
        font.widths().consecutive(0, self.widths.iter().copied());
        font.finish();
        pdf.font_descriptor(descriptor)
            .name(name)
            .flags(FontFlags::NON_SYMBOLIC)
            .bbox(self.bbox)
            .italic_angle(0.0)
            .ascent(self.ascent)
            .descent(self.descent)
            .cap_height(self.cap_height)
            .stem_v(80.0)
            .font_file2(file);
        pdf.stream(file, &self.file).filter(Filter::FlateDecode);
        let mut map = UnicodeCmap::new(Name(b"Custom"), info);
        for &(glyph, c) in &self.cmap {
            map.pair(glyph, c);
        }
        pdf.cmap(unicode, &map.finish());
        type0
    }
}

/// The certificates of one school, sharing one font subset.
pub struct SchoolCertificates {
    design: Design,
    regular: SubsetFont,
    bold: SubsetFont,
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
        chars.insert(' ');
        // A six-letter tag per subset, as PDF asks: from the set's size, so it is the same each run.
        let tag: String = (0..6)
            .map(|i| char::from(b'A' + ((chars.len() >> (i * 4)) % 26) as u8))
            .collect();
        Ok(SchoolCertificates {
            regular: SubsetFont::new(REGULAR_TTF, &tag, "DejaVuSans", &chars)?,
            bold: SubsetFont::new(BOLD_TTF, &tag, "DejaVuSans-Bold", &chars)?,
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
        let regular = self.regular.write(&mut pdf, 10);
        let bold = self.bold.write(&mut pdf, 20);
        pdf.catalog(catalog).pages(tree);
        pdf.pages(tree).kids([page]).count(1);
        pdf.document_info(info).title(TextStr(&format!(
            "{}: {}",
            self.design.heading, certificate.name
        )));
        let mut content = Content::new();
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
            let (font, name) = if at.bold {
                (&self.bold, Name(b"F2"))
            } else {
                (&self.regular, Name(b"F1"))
            };
            let (glyphs, width) = font.encode(text, at.size);
            let x = PAGE_WIDTH * at.x / 100.0 - width / 2.0;
            let y = PAGE_HEIGHT * (1.0 - at.y / 100.0) - at.size / 3.0;
            content
                .begin_text()
                .set_font(name, at.size)
                .next_line(x, y)
                .show(Str(&glyphs))
                .end_text();
        }
        let mut page_writer = pdf.page(page);
        page_writer
            .media_box(Rect::new(0.0, 0.0, PAGE_WIDTH, PAGE_HEIGHT))
            .parent(tree)
            .contents(content_id);
        let mut resources = page_writer.resources();
        let mut fonts = resources.fonts();
        fonts.pair(Name(b"F1"), regular);
        fonts.pair(Name(b"F2"), bold);
        fonts.finish();
        resources.finish();
        page_writer.finish();
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

    /// The bytes of every PDF literal string shown with `Tj`, read from `at` on: escapes (`\\ddd`,
    /// `\\n`, `\\(`) decoded, and raw bytes (a glyph id may be a newline's byte) taken as they are.
    fn shown_strings(pdf: &[u8]) -> Vec<Vec<u8>> {
        let mut found = Vec::new();
        let mut i = 0;
        while let Some(start) = pdf[i..]
            .windows(3)
            .position(|w| w == b"Td\n")
            .map(|p| p + i + 3)
        {
            if pdf.get(start) != Some(&b'(') {
                i = start;
                continue;
            }
            let (mut out, mut j) = (Vec::new(), start + 1);
            while j < pdf.len() && pdf[j] != b')' {
                if pdf[j] == b'\\' {
                    if pdf[j + 1].is_ascii_digit() {
                        let digits = std::str::from_utf8(&pdf[j + 1..j + 4]).unwrap_or("0");
                        out.push(u8::from_str_radix(digits, 8).unwrap_or(0));
                        j += 4;
                    } else {
                        out.push(match pdf[j + 1] {
                            b'n' => b'\n',
                            b'r' => b'\r',
                            b't' => b'\t',
                            b'b' => 0x08,
                            b'f' => 0x0c,
                            other => other,
                        });
                        j += 2;
                    }
                } else {
                    out.push(pdf[j]);
                    j += 1;
                }
            }
            found.push(out);
            i = j;
        }
        found
    }

    #[test]
    fn the_learners_name_is_in_the_text_of_the_certificate() {
        let certificates = [learner("Thandiwe Nkosi")];
        // The content stream holds glyph ids, never the name itself; only the map gives it back.
        let school = SchoolCertificates::new(design(), &certificates).unwrap();
        let pdf = school.render(&certificates[0]);
        // Decode the shown glyphs through the ToUnicode map, as a PDF reader extracts text.
        let text = String::from_utf8_lossy(&pdf).into_owned();
        let mut map = std::collections::HashMap::new();
        for line in text.lines() {
            let parts: Vec<&str> = line.split_whitespace().collect();
            if parts.len() == 2 && parts[0].starts_with('<') && parts[1].starts_with('<') {
                let glyph = u16::from_str_radix(parts[0].trim_matches(['<', '>']), 16);
                let code = u32::from_str_radix(parts[1].trim_matches(['<', '>']), 16);
                if let (Ok(glyph), Ok(code)) = (glyph, code) {
                    map.insert(glyph, char::from_u32(code).unwrap_or('?'));
                }
            }
        }
        let mut extracted = Vec::new();
        for bytes in shown_strings(&pdf) {
            let glyphs: String = bytes
                .chunks(2)
                .map(|pair| u16::from_be_bytes([pair[0], *pair.get(1).unwrap_or(&0)]))
                .map(|g| map.get(&g).copied().unwrap_or('?'))
                .collect();
            extracted.push(glyphs);
        }
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
}
