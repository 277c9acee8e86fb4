//! Login slips: a learner's username and password on a card to cut out and hand over, twelve to an
//! A4 page, each class starting on a page of its own. Written in the embedded DejaVu subset
//! (`crate::fonts`), so that every name prints as the school entered it.

use crate::fonts::{FontError, Fonts};
use crate::layout::{a4_pdf, note_page, runs, Run, A4_HEIGHT, A4_WIDTH};
use pdf_writer::Content;

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

const PAGE_WIDTH: f32 = A4_WIDTH;
const PAGE_HEIGHT: f32 = A4_HEIGHT;
const MARGIN: f32 = 32.0;
const COLUMNS: usize = 2;
const ROWS: usize = 6;
pub const SLIPS_PER_PAGE: usize = COLUMNS * ROWS;

/// The PDF of the sheet; an empty sheet is one page saying so.
pub fn login_slips(sheet: &SlipSheet) -> Result<Vec<u8>, FontError> {
    let fonts = Fonts::for_texts(
        [
            sheet.title.as_str(),
            sheet.school.as_str(),
            sheet.sign_in_url.as_str(),
        ]
        .into_iter()
        .chain(sheet.groups.iter().flat_map(|group| {
            std::iter::once(group.heading.as_str()).chain(group.slips.iter().flat_map(|s| {
                [
                    s.name.as_str(),
                    s.grade_and_class.as_str(),
                    s.username.as_str(),
                    s.password.as_str(),
                ]
            }))
        })),
    )?;
    // Each page: the group it belongs to, its number within the group, and its slips.
    let mut pages: Vec<(&SlipGroup, usize, usize, &[Slip])> = Vec::new();
    for group in &sheet.groups {
        let count = group.slips.len().div_ceil(SLIPS_PER_PAGE).max(1);
        for (index, chunk) in group.slips.chunks(SLIPS_PER_PAGE).enumerate() {
            pages.push((group, index + 1, count, chunk));
        }
    }

    let slip_width = (PAGE_WIDTH - 2.0 * MARGIN) / COLUMNS as f32;
    let slip_height = (PAGE_HEIGHT - 2.0 * MARGIN - 28.0) / ROWS as f32;
    let sign_in = format!("Sign in at {}", sheet.sign_in_url);
    let mut contents = Vec::new();
    if pages.is_empty() {
        contents.push(note_page(&fonts, MARGIN, "No learners to print."));
    }
    for (group, number, count, slips) in &pages {
        let mut content = Content::new();
        let heading = format!(
            "{} - {} - page {number} of {count}",
            sheet.school, group.heading
        );
        let (top, width) = (PAGE_HEIGHT - MARGIN, PAGE_WIDTH - 2.0 * MARGIN);
        runs(
            &mut content,
            &fonts,
            MARGIN,
            top,
            width,
            &[Run::bold(11.0, 11.0, &heading)],
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
            runs(
                &mut content,
                &fonts,
                left,
                top,
                inner,
                &[
                    Run::regular(8.0, 18.0, &sheet.title),
                    Run::bold(13.0, 36.0, &slip.name),
                    Run::regular(9.0, 50.0, &slip.grade_and_class),
                    Run::regular(9.0, 70.0, "Username"),
                    Run::regular(9.0, 88.0, "Password"),
                    Run::regular(7.5, 106.0, &sign_in),
                ],
            );
            runs(
                &mut content,
                &fonts,
                left + 58.0,
                top,
                inner - 58.0,
                &[
                    Run::bold(13.0, 70.0, &slip.username),
                    Run::bold(13.0, 88.0, &slip.password),
                ],
            );
        }
        contents.push(content);
    }
    let title = format!("Login slips: {}", sheet.school);
    Ok(a4_pdf(&fonts, &title, contents))
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
        let pdf = login_slips(&sheet).unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.contains("/Count 3"), "13 + 2 slips take 2 + 1 pages");
        assert!(text.contains("+DejaVuSans"), "the embedded subset");
        let shown = crate::fonts::extract::shown_texts(&pdf);
        assert!(shown.iter().any(|t| t == "kx7m-p3qa-9tcw"), "{shown:?}");
        assert!(shown.iter().any(|t| t == "Zoë Learner 1"), "{shown:?}");
    }

    #[test]
    fn an_empty_sheet_is_one_page() {
        let pdf = login_slips(&SlipSheet {
            title: String::new(),
            school: "X".into(),
            sign_in_url: String::new(),
            groups: vec![],
        })
        .unwrap();
        assert!(String::from_utf8_lossy(&pdf).contains("/Count 1"));
    }
}
