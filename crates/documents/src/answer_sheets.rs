//! Answer sheets for a school that writes on paper: one A4 page (or more, for a long paper) per
//! learner, with the learner's name, grade and learner number, and the paper's questions numbered
//! in the author's order, each with a box per option (A, B, C …; T and F) or a line to write on.
//! The admin later types each sheet into one row of the paper answers spreadsheet.

use crate::fonts::{FontError, Fonts};
use pdf_writer::{Content, Finish, Pdf, Rect, Ref, TextStr};

/// One learner's sheet.
pub struct AnswerSheet {
    pub name: String,
    /// "Grade 10 B"
    pub grade_and_class: String,
    pub learner_number: String,
}

pub struct AnswerSheets {
    /// The olympiad's title.
    pub title: String,
    pub school: String,
    /// Each question's boxes, in the paper's order ("A", "B", …); none for a written answer.
    pub questions: Vec<Vec<String>>,
    pub learners: Vec<AnswerSheet>,
}

const PAGE_WIDTH: f32 = 595.0;
const PAGE_HEIGHT: f32 = 842.0;
const MARGIN: f32 = 40.0;
const HEADER: f32 = 150.0;
const ROW: f32 = 24.0;
const COLUMNS: usize = 2;
/// Questions on one page: two columns of rows below the header.
pub const QUESTIONS_PER_PAGE: usize =
    COLUMNS * ((PAGE_HEIGHT - 2.0 * MARGIN - HEADER) / ROW) as usize;

fn header(
    content: &mut Content,
    fonts: &Fonts,
    sheets: &AnswerSheets,
    learner: &AnswerSheet,
    page: usize,
    of: usize,
) {
    let width = PAGE_WIDTH - 2.0 * MARGIN;
    let top = PAGE_HEIGHT - MARGIN;
    fonts.show(
        content,
        true,
        12.0,
        MARGIN,
        top - 12.0,
        &fonts.fitted(
            true,
            &format!("{} - answer sheet", sheets.title),
            12.0,
            width,
        ),
    );
    fonts.show(
        content,
        false,
        9.0,
        MARGIN,
        top - 28.0,
        &fonts.fitted(
            false,
            &format!("{} - page {page} of {of}", sheets.school),
            9.0,
            width,
        ),
    );
    fonts.show(
        content,
        true,
        15.0,
        MARGIN,
        top - 54.0,
        &fonts.fitted(true, &learner.name, 15.0, width * 0.6),
    );
    fonts.show(
        content,
        false,
        10.0,
        MARGIN,
        top - 70.0,
        &learner.grade_and_class,
    );
    // The learner number, large and in a box, to be read and typed without doubt.
    let box_x = MARGIN + width * 0.62;
    content
        .set_stroke_gray(0.0)
        .set_line_width(1.0)
        .rect(box_x, top - 80.0, width * 0.38, 44.0)
        .stroke();
    fonts.show(
        content,
        false,
        8.0,
        box_x + 8.0,
        top - 48.0,
        "Learner number",
    );
    fonts.show(
        content,
        true,
        16.0,
        box_x + 8.0,
        top - 70.0,
        &learner.learner_number,
    );
    fonts.show(content, false,
        8.5,
        MARGIN,
        top - 100.0,
        "Fill in one box for each answer (more than one only where the question asks for it); write numbers and words on the line.",
    );
    content
        .set_line_width(0.5)
        .move_to(MARGIN, top - 112.0)
        .line_to(PAGE_WIDTH - MARGIN, top - 112.0)
        .stroke();
}

fn question_row(
    content: &mut Content,
    fonts: &Fonts,
    number: usize,
    boxes: &[String],
    x: f32,
    y: f32,
    width: f32,
) {
    fonts.show(content, true, 10.0, x, y, &format!("{number}."));
    let start = x + 30.0;
    if boxes.is_empty() {
        content
            .set_line_width(0.5)
            .move_to(start, y - 2.0)
            .line_to(x + width - 16.0, y - 2.0)
            .stroke();
        return;
    }
    for (i, label) in boxes.iter().enumerate() {
        let bx = start + i as f32 * 26.0;
        if bx + 14.0 > x + width {
            break;
        }
        content
            .set_line_width(0.8)
            .rect(bx, y - 3.0, 13.0, 13.0)
            .stroke();
        fonts.show(content, false, 7.0, bx + 15.0, y, label);
    }
}

/// The PDF of a school's sheets; a school without learners is one page saying so.
pub fn answer_sheets(sheets: &AnswerSheets) -> Result<Vec<u8>, FontError> {
    let fonts = Fonts::for_texts(
        [sheets.title.as_str(), sheets.school.as_str()]
            .into_iter()
            .chain(sheets.questions.iter().flatten().map(String::as_str))
            .chain(sheets.learners.iter().flat_map(|l| {
                [
                    l.name.as_str(),
                    l.grade_and_class.as_str(),
                    l.learner_number.as_str(),
                ]
            })),
    )?;
    let per_learner = sheets.questions.len().div_ceil(QUESTIONS_PER_PAGE).max(1);
    let mut contents = Vec::new();
    for learner in &sheets.learners {
        for page in 0..per_learner {
            let mut content = Content::new();
            header(&mut content, &fonts, sheets, learner, page + 1, per_learner);
            let on_page = sheets
                .questions
                .iter()
                .enumerate()
                .skip(page * QUESTIONS_PER_PAGE)
                .take(QUESTIONS_PER_PAGE);
            let rows = QUESTIONS_PER_PAGE / COLUMNS;
            let column_width = (PAGE_WIDTH - 2.0 * MARGIN) / COLUMNS as f32;
            for (slot, (index, boxes)) in on_page.enumerate() {
                let (col, row) = (slot / rows, slot % rows);
                let x = MARGIN + col as f32 * column_width;
                let y = PAGE_HEIGHT - MARGIN - HEADER + 14.0 - row as f32 * ROW;
                question_row(&mut content, &fonts, index + 1, boxes, x, y, column_width);
            }
            contents.push(content);
        }
    }
    if contents.is_empty() {
        let mut content = Content::new();
        fonts.show(
            &mut content,
            true,
            14.0,
            MARGIN,
            PAGE_HEIGHT - MARGIN - 14.0,
            "No learners to print.",
        );
        contents.push(content);
    }

    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let info = Ref::new(3);
    let font_refs = fonts.write(&mut pdf, 10);
    let first_page = 10 + crate::fonts::FONT_OBJECTS;
    let page_refs: Vec<Ref> = (0..contents.len())
        .map(|i| Ref::new(first_page + 2 * i as i32))
        .collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(page_refs.iter().copied())
        .count(page_refs.len() as i32);
    pdf.document_info(info)
        .title(TextStr(&format!("Answer sheets: {}", sheets.school)));
    for (index, content) in contents.into_iter().enumerate() {
        let page_id = page_refs[index];
        let content_id = Ref::new(page_id.get() + 1);
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, PAGE_WIDTH, PAGE_HEIGHT))
            .parent(tree)
            .contents(content_id);
        let mut resources = page.resources();
        let mut font_map = resources.fonts();
        for (name, id) in font_refs {
            font_map.pair(name, id);
        }
        font_map.finish();
        resources.finish();
        page.finish();
        pdf.stream(content_id, &content.finish());
    }
    Ok(pdf.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_sheet_a_learner_with_every_question_numbered() {
        let learner = |n: usize| AnswerSheet {
            name: format!("Zoë Learner {n}"),
            grade_and_class: "Grade 10 B".into(),
            learner_number: format!("zlearner{n}"),
        };
        let mut questions: Vec<Vec<String>> =
            vec![vec!["A".into(), "B".into(), "C".into()], vec![]];
        let sheets = AnswerSheets {
            title: "Geography Olympiad".into(),
            school: "Waterkloof High".into(),
            questions: questions.clone(),
            learners: vec![learner(1), learner(2)],
        };
        let pdf = answer_sheets(&sheets).unwrap();
        let text = String::from_utf8_lossy(&pdf);
        assert!(text.contains("/Count 2"), "one page a learner");
        let shown = crate::fonts::extract::shown_texts(&pdf);
        assert!(shown.iter().any(|t| t == "zlearner2"), "{shown:?}");
        assert!(shown.iter().any(|t| t == "2."), "questions are numbered");
        assert!(shown.iter().any(|t| t == "Zoë Learner 1"), "{shown:?}");
        // A paper longer than a page takes two pages a learner.
        questions.resize(QUESTIONS_PER_PAGE + 1, vec!["T".into(), "F".into()]);
        let long = answer_sheets(&AnswerSheets {
            questions,
            ..sheets
        })
        .unwrap();
        assert!(String::from_utf8_lossy(&long).contains("/Count 4"));
    }
}
