//! Answers written on paper: when a school has no power or no devices on the day, its learners
//! write on printed answer sheets (one a learner, the paper's questions numbered 1, 2, … in the
//! author's order, a box per option), and the admin later types the sheets into a spreadsheet:
//! one row a learner, the learner number (the learner's username, printed on the sheet) and one
//! column a question. These rules read such a spreadsheet into answers that the same marking as
//! online attempts marks, naming the row and column of every problem.

use crate::paper::QuestionKind;
use crate::sitting::{parse_number, AnswerValue, MAX_TYPED_ANSWER};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use utoipa::ToSchema;

/// The heading of the first column.
pub const LEARNER_COLUMN: &str = "Learner number";

/// A question of the paper as a sheet asks it: its number is its place in the paper, from 1.
#[derive(Debug, Clone)]
pub struct SheetQuestion {
    pub id: i64,
    pub kind: QuestionKind,
    /// The option keys in the author's order: option A is the first.
    pub options: Vec<String>,
}

/// The letter of the option at `index` (A, B, …), as the sheet prints its boxes.
pub fn option_letter(index: usize) -> char {
    char::from(b'A' + u8::try_from(index % 26).unwrap_or(0))
}

/// What a question's boxes say on the sheet: "A B C D", "T F", or nothing for a written answer.
pub fn boxes(question: &SheetQuestion) -> Vec<String> {
    match question.kind {
        QuestionKind::TrueFalse => vec!["T".into(), "F".into()],
        QuestionKind::SingleChoice | QuestionKind::MultipleChoice => (0..question.options.len())
            .map(|i| option_letter(i).to_string())
            .collect(),
        QuestionKind::Numeric | QuestionKind::ShortText => Vec::new(),
    }
}

/// The headings of the spreadsheet for a paper of `count` questions.
pub fn headings(count: usize) -> Vec<String> {
    std::iter::once(LEARNER_COLUMN.to_owned())
        .chain((1..=count).map(|n| n.to_string()))
        .collect()
}

/// Reads one cell as an answer to `question`: `None` when blank (not answered). Choice answers are
/// option letters (`B`; `A,C` or `AC` for several), true-or-false `T`/`F` (also True, False, Waar,
/// Onwaar), numbers as a learner writes them (`12,5`), written answers as they are.
pub fn read_answer(question: &SheetQuestion, cell: &str) -> Result<Option<AnswerValue>, String> {
    let cell = cell.trim();
    if cell.is_empty() {
        return Ok(None);
    }
    match question.kind {
        QuestionKind::TrueFalse => match cell.to_lowercase().as_str() {
            "t" | "true" | "waar" | "w" => Ok(Some(AnswerValue::Choices(vec!["true".into()]))),
            "f" | "false" | "onwaar" | "o" => Ok(Some(AnswerValue::Choices(vec!["false".into()]))),
            _ => Err("takes T or F".into()),
        },
        QuestionKind::SingleChoice | QuestionKind::MultipleChoice => {
            let letters: Vec<char> = cell
                .chars()
                .filter(|c| !matches!(c, ',' | ';' | ' ' | '/' | '&'))
                .map(|c| c.to_ascii_uppercase())
                .collect();
            let last = option_letter(question.options.len().saturating_sub(1));
            let mut keys = Vec::new();
            let mut seen = BTreeSet::new();
            for letter in letters {
                let index = (letter as u32).wrapping_sub(u32::from(b'A')) as usize;
                let Some(key) = question
                    .options
                    .get(index)
                    .filter(|_| letter.is_ascii_uppercase())
                else {
                    return Err(format!("takes option letters A to {last}"));
                };
                if !seen.insert(index) {
                    return Err(format!("names option {letter} twice"));
                }
                keys.push(key.clone());
            }
            if question.kind == QuestionKind::SingleChoice && keys.len() > 1 {
                return Err("takes one option".into());
            }
            Ok(Some(AnswerValue::Choices(keys)))
        }
        QuestionKind::Numeric => match parse_number(cell) {
            Some(_) => Ok(Some(AnswerValue::Text(cell.to_owned()))),
            None => Err("takes a number".into()),
        },
        QuestionKind::ShortText => {
            if cell.chars().count() > MAX_TYPED_ANSWER {
                Err(format!("holds more than {MAX_TYPED_ANSWER} characters"))
            } else {
                Ok(Some(AnswerValue::Text(cell.to_owned())))
            }
        }
    }
}

/// A problem in one cell (or with a whole row, in the learner column).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CellProblem {
    /// The column's heading: "Learner number", or the question's number.
    pub column: String,
    pub message: String,
}

/// One row of the spreadsheet, read and checked.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetRow {
    /// As the spreadsheet numbers it: the headings are row 1.
    pub row: usize,
    /// Lower case, as usernames are kept.
    pub learner_number: String,
    /// Question id to the answer given; blank cells are no answer.
    pub answers: BTreeMap<i64, AnswerValue>,
    pub problems: Vec<CellProblem>,
}

/// Which question each column holds (`None` for the learner column), or why the headings are not
/// those of this paper. A question's column is headed by its number (`3`, `Q3` or `Question 3`).
pub fn read_headings(headings: &[String], count: usize) -> Result<Vec<Option<usize>>, String> {
    let mut columns = Vec::with_capacity(headings.len());
    let mut learner = false;
    let mut seen = BTreeSet::new();
    for heading in headings {
        let plain = heading.trim().trim_end_matches('*').trim().to_lowercase();
        if plain.replace(' ', "") == LEARNER_COLUMN.to_lowercase().replace(' ', "") {
            learner = true;
            columns.push(None);
            continue;
        }
        let number = plain
            .trim_start_matches("question")
            .trim_start_matches('q')
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=count).contains(n));
        match number {
            Some(n) if seen.insert(n) => columns.push(Some(n - 1)),
            Some(n) => return Err(format!("Question {n} has two columns.")),
            None => {
                return Err(format!(
                    "The column \"{}\" is not a question of this paper (1 to {count}).",
                    heading.trim()
                ))
            }
        }
    }
    if !learner {
        return Err(format!("The column \"{LEARNER_COLUMN}\" is missing."));
    }
    let missing: Vec<String> = (1..=count)
        .filter(|n| !seen.contains(n))
        .map(|n| n.to_string())
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "The columns of questions {} are missing.",
            missing.join(", ")
        ));
    }
    Ok(columns)
}

/// Reads every row: its learner (`learner_of` answers whether a learner number is one of the
/// olympiad's learners and, if not, why), its answers, and each cell's problem. A learner
/// number given twice is a problem on both rows.
pub fn read_rows(
    rows: &[Vec<String>],
    columns: &[Option<usize>],
    questions: &[SheetQuestion],
    learner_of: &dyn Fn(&str) -> Result<(), String>,
) -> Vec<SheetRow> {
    let mut read: Vec<SheetRow> = rows
        .iter()
        .enumerate()
        .map(|(index, cells)| {
            let mut row = SheetRow {
                row: index + 2,
                learner_number: String::new(),
                answers: BTreeMap::new(),
                problems: Vec::new(),
            };
            for (column, cell) in columns
                .iter()
                .zip(cells.iter().chain(std::iter::repeat(&String::new())))
            {
                match column {
                    None => row.learner_number = cell.trim().to_lowercase(),
                    Some(q) => {
                        let question = &questions[*q];
                        match read_answer(question, cell) {
                            Ok(Some(answer)) => {
                                row.answers.insert(question.id, answer);
                            }
                            Ok(None) => {}
                            Err(message) => row.problems.push(CellProblem {
                                column: (q + 1).to_string(),
                                message: format!("Question {} {message}.", q + 1),
                            }),
                        }
                    }
                }
            }
            let learner_problem = if row.learner_number.is_empty() {
                Some("The learner number is missing.".to_owned())
            } else {
                learner_of(&row.learner_number).err()
            };
            if let Some(message) = learner_problem {
                row.problems.insert(
                    0,
                    CellProblem {
                        column: LEARNER_COLUMN.into(),
                        message,
                    },
                );
            }
            row
        })
        .collect();
    let mut count: HashMap<String, usize> = HashMap::new();
    for row in &read {
        if !row.learner_number.is_empty() {
            *count.entry(row.learner_number.clone()).or_default() += 1;
        }
    }
    for row in &mut read {
        if count.get(&row.learner_number).copied().unwrap_or(0) > 1 {
            row.problems.insert(
                0,
                CellProblem {
                    column: LEARNER_COLUMN.into(),
                    message: format!(
                        "The learner number {} is on more than one row.",
                        row.learner_number
                    ),
                },
            );
        }
    }
    read
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paper() -> Vec<SheetQuestion> {
        let q = |id, kind, options: &[&str]| SheetQuestion {
            id,
            kind,
            options: options.iter().map(|o| (*o).to_owned()).collect(),
        };
        vec![
            q(10, QuestionKind::SingleChoice, &["a", "b", "c"]),
            q(11, QuestionKind::MultipleChoice, &["a", "b", "c"]),
            q(12, QuestionKind::Numeric, &[]),
            q(13, QuestionKind::ShortText, &[]),
            q(14, QuestionKind::TrueFalse, &[]),
        ]
    }

    fn choices(keys: &[&str]) -> Option<AnswerValue> {
        Some(AnswerValue::Choices(
            keys.iter().map(|k| (*k).to_owned()).collect(),
        ))
    }

    #[test]
    fn letters_name_options_in_the_authors_order() {
        let p = paper();
        assert_eq!(read_answer(&p[0], " b "), Ok(choices(&["b"])));
        assert_eq!(read_answer(&p[1], "A, C"), Ok(choices(&["a", "c"])));
        assert_eq!(read_answer(&p[1], "ca"), Ok(choices(&["c", "a"])));
        assert_eq!(read_answer(&p[0], ""), Ok(None));
        assert!(read_answer(&p[0], "AB").is_err(), "single choice takes one");
        assert!(read_answer(&p[0], "D").is_err(), "no option D");
        assert!(read_answer(&p[1], "AA").is_err(), "an option twice");
        assert!(read_answer(&p[0], "1").is_err());
        assert_eq!(boxes(&p[0]), ["A", "B", "C"]);
        assert_eq!(boxes(&p[4]), ["T", "F"]);
    }

    #[test]
    fn numbers_true_or_false_and_words_read_as_learners_write_them() {
        let p = paper();
        assert_eq!(
            read_answer(&p[2], "12,5"),
            Ok(Some(AnswerValue::Text("12,5".into())))
        );
        assert!(read_answer(&p[2], "twelve").is_err());
        assert_eq!(read_answer(&p[4], "Waar"), Ok(choices(&["true"])));
        assert_eq!(read_answer(&p[4], "f"), Ok(choices(&["false"])));
        assert!(read_answer(&p[4], "maybe").is_err());
        assert_eq!(
            read_answer(&p[3], " Limpopo "),
            Ok(Some(AnswerValue::Text("Limpopo".into())))
        );
        assert!(read_answer(&p[3], &"x".repeat(MAX_TYPED_ANSWER + 1)).is_err());
    }

    #[test]
    fn headings_must_be_the_learner_and_every_question() {
        let h = |names: &[&str]| names.iter().map(|n| (*n).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            read_headings(&h(&["Learner number*", "Q2", "1"]), 2),
            Ok(vec![None, Some(1), Some(0)])
        );
        assert!(
            read_headings(&h(&["1", "2"]), 2).is_err(),
            "no learner column"
        );
        assert!(read_headings(&h(&[LEARNER_COLUMN, "1"]), 2)
            .unwrap_err()
            .contains("2"));
        assert!(read_headings(&h(&[LEARNER_COLUMN, "1", "3"]), 2).is_err());
        assert!(read_headings(&h(&[LEARNER_COLUMN, "1", "Question 1"]), 1).is_err());
        assert_eq!(headings(2), [LEARNER_COLUMN, "1", "2"]);
    }

    #[test]
    fn every_problem_names_its_row_and_column() {
        let p = paper();
        let columns = read_headings(&headings(5), 5).unwrap();
        let row = |cells: &[&str]| cells.iter().map(|c| (*c).to_owned()).collect::<Vec<_>>();
        let rows = vec![
            row(&["TNkosi482", "B", "A,C", "12.5", "Limpopo", "T"]),
            row(&["ghost", "B", "", "", "", ""]),
            row(&["zmuller546", "Z", "", "lots", "", ""]),
            row(&["zmuller546"]),
        ];
        let known = |n: &str| {
            if n == "ghost" {
                Err("No learner of this olympiad has the learner number ghost.".to_owned())
            } else {
                Ok(())
            }
        };
        let read = read_rows(&rows, &columns, &p, &known);
        assert_eq!(read[0].row, 2);
        assert_eq!(read[0].learner_number, "tnkosi482");
        assert!(read[0].problems.is_empty());
        assert_eq!(read[0].answers.len(), 5);
        assert_eq!(read[1].problems[0].column, LEARNER_COLUMN);
        let columns_of_third: Vec<&str> =
            read[2].problems.iter().map(|c| c.column.as_str()).collect();
        assert_eq!(columns_of_third, [LEARNER_COLUMN, "1", "3"]);
        assert!(read[3].problems[0].message.contains("more than one row"));
        assert!(read[3].answers.is_empty(), "a short row is blank answers");
    }
}
