//! Answer sheets for a school that writes on paper: one A4 page (or more, for a long paper) per
//! learner, with the learner's name, grade and learner number, and the paper's questions numbered
//! in the author's order, each with a box per option (A, B, C …; T and F) or a line to write on.
//! The admin later types each sheet into one row of the paper answers spreadsheet.

use crate::fonts::{FontError, Fonts};
use crate::layout::{a4_pdf, note_page, runs, Run, A4_HEIGHT, A4_WIDTH};
use pdf_writer::Content;

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

const PAGE_WIDTH: f32 = A4_WIDTH;
const PAGE_HEIGHT: f32 = A4_HEIGHT;
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
    let title = format!("{} - answer sheet", sheets.title);
    let school = format!("{} - page {page} of {of}", sheets.school);
    runs(
        content,
        fonts,
        MARGIN,
        top,
        width,
        &[
            Run::bold(12.0, 12.0, &title),
            Run::regular(9.0, 28.0, &school),
        ],
    );
    runs(
        content,
        fonts,
        MARGIN,
        top,
        width * 0.6,
        &[
            Run::bold(15.0, 54.0, &learner.name),
            Run::regular(10.0, 70.0, &learner.grade_and_class),
        ],
    );
    // The learner number, large and in a box, to be read and typed without doubt.
    let box_x = MARGIN + width * 0.62;
    content
        .set_stroke_gray(0.0)
        .set_line_width(1.0)
        .rect(box_x, top - 80.0, width * 0.38, 44.0)
        .stroke();
    runs(
        content,
        fonts,
        box_x + 8.0,
        top,
        width * 0.38 - 16.0,
        &[
            Run::regular(8.0, 48.0, "Learner number"),
            Run::bold(16.0, 70.0, &learner.learner_number),
        ],
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
        contents.push(note_page(&fonts, MARGIN, "No learners to print."));
    }
    let title = format!("Answer sheets: {}", sheets.school);
    Ok(a4_pdf(&fonts, &title, contents))
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
