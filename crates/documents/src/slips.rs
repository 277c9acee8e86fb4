//! Login slips: a learner's username and password on a card to cut out and hand over, twelve to an
//! A4 page, each class starting on a page of its own. The standard PDF fonts need no embedding, so
//! a page of slips is a few kilobytes.

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

pub struct Slip {
    pub name: String,
    /// "Grade 10 B"
    pub grade_and_class: String,
    pub username: String,
    pub password: String,
}

/// The slips of one class, under its heading.
pub struct SlipGroup {
    pub heading: String,
    pub slips: Vec<Slip>,
}

pub struct SlipSheet {
    /// The olympiad's title.
    pub title: String,
    pub school: String,
    /// Where learners sign in, printed on every slip.
    pub sign_in_url: String,
    pub groups: Vec<SlipGroup>,
}

const PAGE_WIDTH: f32 = 595.0;
const PAGE_HEIGHT: f32 = 842.0;
const MARGIN: f32 = 32.0;
const COLUMNS: usize = 2;
const ROWS: usize = 6;
pub const SLIPS_PER_PAGE: usize = COLUMNS * ROWS;

const REGULAR: Name = Name(b"F1");
const BOLD: Name = Name(b"F2");
const MONO: Name = Name(b"F3");

/// Text in the WinAnsi encoding of the standard fonts: Latin-1 letters as they are, curly quotes
/// and dashes as their plain forms, anything else as `?`.
pub(crate) fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            ' '..='~' => c as u8,
            '\u{a0}'..='\u{ff}' => c as u32 as u8,
            '‘' | '’' => b'\'',
            '“' | '”' => b'"',
            '–' | '—' => b'-',
            other => olympiad_domain::text::ascii_fold(&other.to_string())
                .bytes()
                .next()
                .unwrap_or(b'?'),
        })
        .collect()
}

/// Cuts `text` to what fits in `width` points at `size` (Helvetica averages about half an em).
pub(crate) fn fitted(text: &str, size: f32, width: f32) -> String {
    let fits = (width / (size * 0.55)) as usize;
    if text.chars().count() <= fits {
        text.to_owned()
    } else {
        let mut cut: String = text.chars().take(fits.saturating_sub(1)).collect();
        cut.push('…');
        cut
    }
}

pub(crate) fn line(content: &mut Content, font: Name, size: f32, x: f32, y: f32, text: &str) {
    content
        .begin_text()
        .set_font(font, size)
        .next_line(x, y)
        .show(Str(&win_ansi(text)))
        .end_text();
}

/// The PDF of the sheet; an empty sheet is one page saying so.
pub fn login_slips(sheet: &SlipSheet) -> Vec<u8> {
    // Each page: the group it belongs to, its number within the group, and its slips.
    let mut pages: Vec<(&SlipGroup, usize, usize, &[Slip])> = Vec::new();
    for group in &sheet.groups {
        let count = group.slips.len().div_ceil(SLIPS_PER_PAGE).max(1);
        for (index, chunk) in group.slips.chunks(SLIPS_PER_PAGE).enumerate() {
            pages.push((group, index + 1, count, chunk));
        }
    }

    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let fonts = [
        (REGULAR, Ref::new(3), "Helvetica"),
        (BOLD, Ref::new(4), "Helvetica-Bold"),
        (MONO, Ref::new(5), "Courier-Bold"),
    ];
    let info = Ref::new(6);
    let first_page = 7;
    let page_refs: Vec<Ref> = (0..pages.len().max(1))
        .map(|i| Ref::new(first_page + 2 * i as i32))
        .collect();

    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(page_refs.iter().copied())
        .count(page_refs.len() as i32);
    for (_, id, base) in fonts {
        pdf.type1_font(id)
            .base_font(Name(base.as_bytes()))
            .encoding_predefined(Name(b"WinAnsiEncoding"));
    }
    pdf.document_info(info)
        .title(TextStr(&format!("Login slips: {}", sheet.school)));

    let slip_width = (PAGE_WIDTH - 2.0 * MARGIN) / COLUMNS as f32;
    let slip_height = (PAGE_HEIGHT - 2.0 * MARGIN - 28.0) / ROWS as f32;
    let mut contents = Vec::new();
    if pages.is_empty() {
        let mut content = Content::new();
        line(
            &mut content,
            BOLD,
            14.0,
            MARGIN,
            PAGE_HEIGHT - MARGIN - 14.0,
            "No learners to print.",
        );
        contents.push(content);
    }
    for (group, number, count, slips) in &pages {
        let mut content = Content::new();
        let heading = format!(
            "{} - {} - page {number} of {count}",
            sheet.school, group.heading
        );
        line(
            &mut content,
            BOLD,
            11.0,
            MARGIN,
            PAGE_HEIGHT - MARGIN - 11.0,
            &fitted(&heading, 11.0, PAGE_WIDTH - 2.0 * MARGIN),
        );
        content
            .set_stroke_gray(0.6)
            .set_line_width(0.5)
            .set_dash_pattern([4.0, 3.0], 0.0);
        for (index, slip) in slips.iter().enumerate() {
            let (col, row) = (index % COLUMNS, index / COLUMNS);
            let x = MARGIN + col as f32 * slip_width;
            let top = PAGE_HEIGHT - MARGIN - 28.0 - row as f32 * slip_height;
            content
                .rect(x, top - slip_height, slip_width, slip_height)
                .stroke();
            let inner = slip_width - 24.0;
            let left = x + 12.0;
            line(
                &mut content,
                REGULAR,
                8.0,
                left,
                top - 18.0,
                &fitted(&sheet.title, 8.0, inner),
            );
            line(
                &mut content,
                BOLD,
                13.0,
                left,
                top - 36.0,
                &fitted(&slip.name, 13.0, inner),
            );
            line(
                &mut content,
                REGULAR,
                9.0,
                left,
                top - 50.0,
                &fitted(&slip.grade_and_class, 9.0, inner),
            );
            line(&mut content, REGULAR, 9.0, left, top - 70.0, "Username");
            line(
                &mut content,
                MONO,
                13.0,
                left + 58.0,
                top - 70.0,
                &slip.username,
            );
            line(&mut content, REGULAR, 9.0, left, top - 88.0, "Password");
            line(
                &mut content,
                MONO,
                13.0,
                left + 58.0,
                top - 88.0,
                &slip.password,
            );
            line(
                &mut content,
                REGULAR,
                7.5,
                left,
                top - 106.0,
                &fitted(&format!("Sign in at {}", sheet.sign_in_url), 7.5, inner),
            );
        }
        contents.push(content);
    }
    for (index, content) in contents.into_iter().enumerate() {
        let page_id = page_refs[index];
        let content_id = Ref::new(page_id.get() + 1);
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, PAGE_WIDTH, PAGE_HEIGHT))
            .parent(tree)
            .contents(content_id);
        let mut resources = page.resources();
        let mut font_map = resources.fonts();
        for (name, id, _) in fonts {
            font_map.pair(name, id);
        }
        font_map.finish();
        resources.finish();
        page.finish();
        pdf.stream(content_id, &content.finish());
    }
    pdf.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slip(n: usize) -> Slip {
        Slip {
            name: format!("Zoë Learner {n}"),
            grade_and_class: "Grade 10 B".into(),
            username: format!("zlearner{n}"),
            password: "kx7m-p3qa-9tcw".into(),
        }
    }

    #[test]
    fn each_class_starts_a_page_and_twelve_fit_on_one() {
        let sheet = SlipSheet {
            title: "Geography Olympiad".into(),
            school: "Waterkloof High".into(),
            sign_in_url: "https://olympiads.example/geography/login".into(),
            groups: vec![
                SlipGroup {
                    heading: "Grade 10 B".into(),
                    slips: (0..13).map(slip).collect(),
                },
                SlipGroup {
                    heading: "Grade 11 A".into(),
                    slips: (0..2).map(slip).collect(),
                },
            ],
        };
        let pdf = login_slips(&sheet);
        assert!(pdf.starts_with(b"%PDF-"));
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.contains("/Count 3"), "13 + 2 slips take 2 + 1 pages");
        assert!(text.contains("kx7m-p3qa-9tcw"));
        // Latin-1 in WinAnsi: ë is the byte 0xEB, written as a hex string.
        assert!(text.to_lowercase().contains("5a6feb"), "Zoë in WinAnsi");
    }

    #[test]
    fn an_empty_sheet_is_one_page() {
        let pdf = login_slips(&SlipSheet {
            title: String::new(),
            school: "X".into(),
            sign_in_url: String::new(),
            groups: vec![],
        });
        assert!(String::from_utf8_lossy(&pdf).contains("/Count 1"));
    }
}
