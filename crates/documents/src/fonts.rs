//! The one font of every PDF we write: DejaVu Sans, regular and bold (committed under `fonts/`,
//! free licence in `fonts/DejaVu-LICENSE.txt`), embedded as a subset. The standard PDF fonts
//! cannot write ŋ or š, and South African names have them, so certificates, answer sheets and
//! login slips all write their text through this module.

use flate2::write::ZlibEncoder;
use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str};
use std::collections::{BTreeSet, HashMap};
use std::io::Write;
use subsetter::GlyphRemapper;

const REGULAR_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
const BOLD_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");

/// The names the fonts have in a page's resources.
pub const REGULAR: Name<'static> = Name(b"F1");
pub const BOLD: Name<'static> = Name(b"F2");
/// The objects the two fonts take, from the first one given to `write`.
pub const FONT_OBJECTS: i32 = 10;

#[derive(Debug, thiserror::Error)]
#[error("the font cannot be read: {0}")]
pub struct FontError(pub String);

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
    ascent: f32,
    descent: f32,
    cap_height: f32,
    bbox: Rect,
    /// Old glyph id of each character of the texts.
    glyphs: HashMap<char, u16>,
}

impl SubsetFont {
    fn new(
        data: &[u8],
        tag: &str,
        family: &str,
        chars: &BTreeSet<char>,
    ) -> Result<Self, FontError> {
        let face = ttf_parser::Face::parse(data, 0).map_err(|e| FontError(e.to_string()))?;
        let mut remapper = GlyphRemapper::new();
        let mut glyphs = HashMap::new();
        let mut cmap = Vec::new();
        for &c in chars {
            let old = face.glyph_index(c).map_or(0, |g| g.0);
            let new = remapper.remap(old);
            glyphs.insert(c, old);
            if old != 0 {
                cmap.push((new, c));
            }
        }
        let subset =
            subsetter::subset(data, 0, &remapper).map_err(|e| FontError(format!("{e:?}")))?;
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
            .map_err(|e| FontError(e.to_string()))?;
        let file = encoder.finish().map_err(|e| FontError(e.to_string()))?;
        let scale = |v: i16| f32::from(v) * 1000.0 / units_per_em;
        let b = face.global_bounding_box();
        Ok(SubsetFont {
            base_name: format!("{tag}+{family}"),
            file,
            remapper,
            widths,
            cmap,
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
        pdf.stream(file, &self.file)
            .filter(pdf_writer::Filter::FlateDecode);
        let mut map = UnicodeCmap::new(Name(b"Custom"), info);
        for &(glyph, c) in &self.cmap {
            map.pair(glyph, c);
        }
        pdf.cmap(unicode, &map.finish());
        type0
    }
}

/// DejaVu Sans regular and bold, subset to the characters of one document (or of one school's
/// certificates, which share it).
pub struct Fonts {
    regular: SubsetFont,
    bold: SubsetFont,
}

impl Fonts {
    /// The fonts for exactly these characters (and the space).
    pub fn for_chars(mut chars: BTreeSet<char>) -> Result<Self, FontError> {
        chars.insert(' ');
        // A six-letter tag per subset, as PDF asks: from the set's size, so it is the same each run.
        let tag: String = (0..6)
            .map(|i| char::from(b'A' + ((chars.len() >> (i * 4)) % 26) as u8))
            .collect();
        Ok(Fonts {
            regular: SubsetFont::new(REGULAR_TTF, &tag, "DejaVuSans", &chars)?,
            bold: SubsetFont::new(BOLD_TTF, &tag, "DejaVuSans-Bold", &chars)?,
        })
    }

    /// The fonts for the printable ASCII letters (the fixed words of a form) and for every
    /// character of `texts` (the names and schools it holds).
    pub fn for_texts<'a>(texts: impl IntoIterator<Item = &'a str>) -> Result<Self, FontError> {
        let mut chars: BTreeSet<char> = (' '..='~').collect();
        chars.insert('…');
        for text in texts {
            chars.extend(text.chars());
        }
        Self::for_chars(chars)
    }

    fn face(&self, bold: bool) -> (&SubsetFont, Name<'static>) {
        if bold {
            (&self.bold, BOLD)
        } else {
            (&self.regular, REGULAR)
        }
    }

    /// Writes both fonts from object `first` on (`FONT_OBJECTS` of them); answers their refs,
    /// regular then bold, for every page's resources.
    pub fn write(&self, pdf: &mut Pdf, first: i32) -> [(Name<'static>, Ref); 2] {
        [
            (REGULAR, self.regular.write(pdf, first)),
            (BOLD, self.bold.write(pdf, first + 5)),
        ]
    }

    /// The width of `text` at `size` points.
    pub fn width(&self, bold: bool, text: &str, size: f32) -> f32 {
        self.face(bold).0.encode(text, size).1
    }

    /// Writes `text` with its left end at (`x`, `y`).
    pub fn show(&self, content: &mut Content, bold: bool, size: f32, x: f32, y: f32, text: &str) {
        let (font, name) = self.face(bold);
        let (glyphs, _) = font.encode(text, size);
        content
            .begin_text()
            .set_font(name, size)
            .next_line(x, y)
            .show(Str(&glyphs))
            .end_text();
    }

    /// Writes `text` centred on `x`.
    pub fn show_centred(
        &self,
        content: &mut Content,
        bold: bool,
        size: f32,
        x: f32,
        y: f32,
        text: &str,
    ) {
        let width = self.width(bold, text, size);
        self.show(content, bold, size, x - width / 2.0, y, text);
    }

    /// `text` cut to what fits in `width` points at `size`, with "…" where it was cut.
    pub fn fitted(&self, bold: bool, text: &str, size: f32, width: f32) -> String {
        if self.width(bold, text, size) <= width {
            return text.to_owned();
        }
        let mut cut: String = text.to_owned();
        while !cut.is_empty() && self.width(bold, &format!("{cut}…"), size) > width {
            cut.pop();
        }
        format!("{}…", cut.trim_end())
    }
}

/// The text a PDF reader extracts from our PDFs, one string for each text shown, decoding the
/// shown glyph ids through the fonts' ToUnicode maps: what the tests read a PDF with.
pub mod extract {
    use std::collections::HashMap;

    /// Each shown string as text.
    pub fn shown_texts(pdf: &[u8]) -> Vec<String> {
        let text = String::from_utf8_lossy(pdf).into_owned();
        let mut map = HashMap::new();
        for line in text.lines() {
            // Lines of a bfchar block: <0003> <00EB>
            let parts: Vec<&str> = line.split_whitespace().collect();
            if parts.len() == 2 && parts[0].starts_with('<') && parts[1].starts_with('<') {
                let glyph = u16::from_str_radix(parts[0].trim_matches(['<', '>']), 16);
                let code = u32::from_str_radix(parts[1].trim_matches(['<', '>']), 16);
                if let (Ok(glyph), Ok(code)) = (glyph, code) {
                    map.insert(glyph, char::from_u32(code).unwrap_or('?'));
                }
            }
        }
        shown_strings(pdf)
            .into_iter()
            .map(|bytes| {
                bytes
                    .chunks(2)
                    .map(|pair| u16::from_be_bytes([pair[0], *pair.get(1).unwrap_or(&0)]))
                    .map(|g| map.get(&g).copied().unwrap_or('?'))
                    .collect()
            })
            .collect()
    }

    /// The bytes of every PDF string shown after a `Td`: a hex string (`<0012ab>`), or a literal
    /// one with its escapes (`\\ddd`, `\\n`, `\\(`) decoded and balanced parentheses kept, as
    /// pdf-writer writes them.
    fn shown_strings(pdf: &[u8]) -> Vec<Vec<u8>> {
        let mut found = Vec::new();
        let mut i = 0;
        while let Some(start) = pdf[i..]
            .windows(3)
            .position(|w| w == b"Td\n")
            .map(|p| p + i + 3)
        {
            i = start;
            match pdf.get(start) {
                Some(b'<') => {
                    let end = pdf[start..]
                        .iter()
                        .position(|&b| b == b'>')
                        .map_or(pdf.len(), |p| p + start);
                    let hex: Vec<u8> = pdf[start + 1..end]
                        .iter()
                        .copied()
                        .filter(u8::is_ascii_hexdigit)
                        .collect();
                    let bytes = hex
                        .chunks(2)
                        .map(|pair| {
                            let text = std::str::from_utf8(pair).unwrap_or("0");
                            u8::from_str_radix(text, 16).unwrap_or(0)
                        })
                        .collect();
                    found.push(bytes);
                    i = end;
                }
                Some(b'(') => {
                    let (mut out, mut j, mut depth) = (Vec::new(), start + 1, 0usize);
                    while j < pdf.len() && !(pdf[j] == b')' && depth == 0) {
                        match pdf[j] {
                            b'\\' if j + 1 < pdf.len() => {
                                if pdf[j + 1].is_ascii_digit() {
                                    let end = (j + 4).min(pdf.len());
                                    let digits =
                                        std::str::from_utf8(&pdf[j + 1..end]).unwrap_or("0");
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
                            }
                            byte => {
                                if byte == b'(' {
                                    depth += 1;
                                } else if byte == b')' {
                                    depth -= 1;
                                }
                                out.push(byte);
                                j += 1;
                            }
                        }
                    }
                    found.push(out);
                    i = j;
                }
                _ => {}
            }
        }
        found
    }
}
