//! Answers written on paper: the answer sheets a school prints when it has no power or no devices
//! on the day, and the admin's spreadsheet of those sheets, previewed row by row and then
//! imported as attempts marked by the same marking as online attempts. Importing the same file
//! again leaves the same answers and marks.

use crate::activity::record_activity;
use crate::results::not_final;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult};
use crate::support::scope::find_in_reach;
use olympiad_documents::answer_sheets::{answer_sheets, AnswerSheet, AnswerSheets};
use olympiad_documents::certificates::header_file_name;
use olympiad_documents::{read_table, Cell, Table};
use olympiad_domain::answer_sheets::{
    boxes, read_headings, read_rows, CellProblem, SheetQuestion, SheetRow, LEARNER_COLUMN,
};
use olympiad_domain::id::{AttemptId, OlympiadId, ParticipantId, SchoolParticipantId};
use olympiad_domain::school::ParticipantStatus;
use olympiad_persistence::models::paper_sheet::LearnerOrder;
use olympiad_persistence::models::{
    Attempt, Olympiad, OlympiadLearner, OlympiadResults, PaperSheet, Question, School,
    SchoolParticipant, Sitter,
};
use olympiad_persistence::{write_transaction, DbConnection};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use utoipa::ToSchema;

/// The largest paper answers file read.
pub const PAPER_ANSWERS_LIMIT_BYTES: usize = 2 * 1024 * 1024;
/// The most learners one file may hold.
pub const PAPER_ANSWERS_MAX_ROWS: usize = 5_000;

/// A school entry's learners as its answer sheets list them: by grade, class and name.
fn sheet_learners(
    conn: &mut DbConnection,
    entry: &SchoolParticipant,
) -> OfficeResult<Vec<OlympiadLearner>> {
    Ok(OlympiadLearner::of_olympiad(
        conn,
        entry.olympiad_id,
        Some(entry.id),
        LearnerOrder::ByClass,
    )?)
}

fn sheet_questions(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
) -> OfficeResult<Vec<SheetQuestion>> {
    Ok(Question::for_olympiad(conn, olympiad_id)?
        .iter()
        .map(|q| SheetQuestion {
            id: q.id.get(),
            kind: q.kind,
            options: q.content().options.into_iter().map(|o| o.key).collect(),
        })
        .collect())
}

/// A school's answer sheets as a PDF, for its team and the olympiad's admins: one sheet a learner.
pub fn sheets_pdf(
    conn: &mut DbConnection,
    caller: &Caller,
    school_participant_id: SchoolParticipantId,
) -> OfficeResult<(String, Vec<u8>)> {
    let entry = find_in_reach::<SchoolParticipant>(conn, caller, school_participant_id)?;
    let olympiad = Olympiad::find(conn, entry.olympiad_id)?;
    let school = School::find(conn, entry.school_id)?;
    let questions = sheet_questions(conn, entry.olympiad_id)?;
    let learners = sheet_learners(conn, &entry)?;
    let pdf = answer_sheets(&AnswerSheets {
        title: olympiad.title.clone(),
        school: school.details.name.clone(),
        questions: questions.iter().map(boxes).collect(),
        learners: learners
            .into_iter()
            .map(|l| AnswerSheet {
                name: format!("{} {}", l.first_name, l.last_name),
                grade_and_class: if l.class_name.is_empty() {
                    format!("Grade {}", l.grade)
                } else {
                    format!("Grade {} {}", l.grade, l.class_name)
                },
                learner_number: l.username,
            })
            .collect(),
    })
    .map_err(|e| OfficeError::Internal(e.to_string()))?;
    let name = header_file_name(&school.details.name);
    Ok((format!("{name} answer sheets.pdf"), pdf))
}

/// The spreadsheet to type a school's sheets into, as the import reads it: the headings
/// (`Learner number`, then each question's number) and a row a learner in the sheets' order, the
/// learner number filled in and the answers left blank. A second sheet names each learner, for
/// the typist; the import reads the first sheet only.
pub fn answers_template(
    conn: &mut DbConnection,
    caller: &Caller,
    school_participant_id: SchoolParticipantId,
) -> OfficeResult<(String, Vec<u8>)> {
    let entry = find_in_reach::<SchoolParticipant>(conn, caller, school_participant_id)?;
    let school = School::find(conn, entry.school_id)?;
    let count = sheet_questions(conn, entry.olympiad_id)?.len();
    let learners = sheet_learners(conn, &entry)?;
    let headings = olympiad_domain::answer_sheets::headings(count);
    let heading_refs: Vec<&str> = headings.iter().map(String::as_str).collect();
    let mut answers = Table::new(&heading_refs);
    let mut names = Table::new(&[LEARNER_COLUMN, "Name", "Grade", "Class"]);
    for learner in &learners {
        let mut row = vec![Cell::from(learner.username.as_str())];
        row.resize(count + 1, Cell::Empty);
        answers.push(row);
        names.push(vec![
            learner.username.as_str().into(),
            format!("{} {}", learner.first_name, learner.last_name).into(),
            learner.grade.into(),
            learner.class_name.as_str().into(),
        ]);
    }
    let failed = |e: rust_xlsxwriter::XlsxError| OfficeError::Internal(e.to_string());
    let mut workbook = rust_xlsxwriter::Workbook::new();
    answers
        .add_sheet(&mut workbook, "Answers")
        .map_err(failed)?;
    names.add_sheet(&mut workbook, "Learners").map_err(failed)?;
    let bytes = workbook.save_to_buffer().map_err(failed)?;
    Ok((
        format!(
            "{} paper answers.xlsx",
            header_file_name(&school.details.name)
        ),
        bytes,
    ))
}

/// One row of the file as the preview shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaperRowView {
    /// As the spreadsheet numbers it (the headings are row 1).
    pub row: usize,
    pub learner_number: String,
    /// The learner's name and school, when the number is known.
    pub learner: Option<String>,
    pub school_name: Option<String>,
    pub answered: usize,
    /// Each problem with the column it is in.
    pub problems: Vec<CellProblem>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaperPreview {
    pub questions: usize,
    pub rows: Vec<PaperRowView>,
    /// Rows without a problem.
    pub ready: usize,
    /// Rows of learners whose paper answers are already in (importing again replaces them).
    pub already_in: usize,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaperImported {
    /// Attempts made for learners new to paper, and attempts whose answers were replaced.
    pub created: usize,
    pub replaced: usize,
}

/// The file read and every row checked against the olympiad's learners and paper.
struct Checked {
    questions: usize,
    rows: Vec<SheetRow>,
    learners: HashMap<String, OlympiadLearner>,
    /// Participant to their current attempt: (id, written on paper).
    attempts: HashMap<ParticipantId, (AttemptId, bool)>,
}

fn check(conn: &mut DbConnection, olympiad_id: OlympiadId, bytes: &[u8]) -> OfficeResult<Checked> {
    let table = read_table(bytes).map_err(|e| OfficeError::invalid("file", e.to_string()))?;
    let questions = sheet_questions(conn, olympiad_id)?;
    if questions.is_empty() {
        return Err(OfficeError::conflict(
            "The olympiad's paper has no questions yet.",
        ));
    }
    let columns = read_headings(&table.headings, questions.len())
        .map_err(|p| OfficeError::invalid("file", p))?;
    let cells: Vec<Vec<String>> = table
        .rows
        .into_iter()
        .filter(|r| r.iter().any(|c| !c.trim().is_empty()))
        .collect();
    if cells.is_empty() {
        return Err(OfficeError::invalid(
            "file",
            "has no learners below the headings",
        ));
    }
    if cells.len() > PAPER_ANSWERS_MAX_ROWS {
        return Err(OfficeError::invalid(
            "file",
            format!("has more than {PAPER_ANSWERS_MAX_ROWS} learners; split it into smaller files"),
        ));
    }
    let learners: HashMap<String, OlympiadLearner> =
        OlympiadLearner::of_olympiad(conn, olympiad_id, None, LearnerOrder::ByClass)?
            .into_iter()
            .map(|l| (l.username.to_lowercase(), l))
            .collect();
    let paper = PaperSheet::attempt_ids(conn, olympiad_id)?;
    let mut attempts = HashMap::new();
    for learner in learners.values() {
        if let Some(attempt) = Attempt::current(conn, learner.participant_id)? {
            attempts.insert(
                learner.participant_id,
                (attempt.id, paper.contains(&attempt.id)),
            );
        }
    }
    let learner_of = |number: &str| match learners.get(number) {
        None => Err(format!(
            "No learner of this olympiad has the learner number {number}."
        )),
        Some(l) => match attempts.get(&l.participant_id) {
            Some((_, false)) => Err(format!(
                "{} {} wrote online; the online answers count.",
                l.first_name, l.last_name
            )),
            _ => Ok(()),
        },
    };
    let rows = read_rows(&cells, &columns, &questions, &learner_of);
    Ok(Checked {
        questions: questions.len(),
        rows,
        learners,
        attempts,
    })
}

/// Reads the spreadsheet of paper answers and checks every row; writes nothing.
pub fn preview(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
    bytes: &[u8],
) -> OfficeResult<PaperPreview> {
    find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
    let checked = check(conn, olympiad_id, bytes)?;
    let rows: Vec<PaperRowView> = checked
        .rows
        .iter()
        .map(|row| {
            let learner = checked.learners.get(&row.learner_number);
            PaperRowView {
                row: row.row,
                learner_number: row.learner_number.clone(),
                learner: learner.map(|l| format!("{} {}", l.first_name, l.last_name)),
                school_name: learner.and_then(|l| l.school_name.clone()),
                answered: row.answers.len(),
                problems: row.problems.clone(),
            }
        })
        .collect();
    let already_in = checked
        .rows
        .iter()
        .filter(|row| {
            checked
                .learners
                .get(&row.learner_number)
                .and_then(|l| checked.attempts.get(&l.participant_id))
                .is_some_and(|(_, paper)| *paper)
        })
        .count();
    Ok(PaperPreview {
        questions: checked.questions,
        ready: rows.iter().filter(|r| r.problems.is_empty()).count(),
        already_in,
        rows,
    })
}

/// The field a problem is named by: `rows[4].learnerNumber`, `rows[4].q3`.
fn field_of(row: usize, problem: &CellProblem) -> String {
    if problem.column == LEARNER_COLUMN {
        format!("rows[{row}].learnerNumber")
    } else {
        format!("rows[{row}].q{}", problem.column)
    }
}

/// Imports every row in one transaction, or none when any row has a problem (each named by its
/// row and column). A learner's paper answers replace those of an earlier import; every attempt
/// is then marked by the marking of online attempts. Not while the results are final.
pub fn import(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
    bytes: &[u8],
) -> OfficeResult<PaperImported> {
    write_transaction(conn, |conn| {
        find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
        not_final(&OlympiadResults::of_olympiad(conn, olympiad_id)?)?;
        let checked = check(conn, olympiad_id, bytes)?;
        let fields: BTreeMap<String, String> = checked
            .rows
            .iter()
            .flat_map(|row| {
                row.problems
                    .iter()
                    .map(|p| (field_of(row.row, p), p.message.clone()))
            })
            .collect();
        if !fields.is_empty() {
            return Err(OfficeError::Problems {
                message: format!(
                    "{} problems in the file: nothing was imported. Fix them and import it again.",
                    fields.len()
                ),
                fields,
            });
        }
        let by = Some(caller.actor());
        let (mut created, mut replaced) = (0, 0);
        let mut marked = Vec::with_capacity(checked.rows.len());
        for row in &checked.rows {
            let Some(learner) = checked.learners.get(&row.learner_number) else {
                continue;
            };
            let attempt_id = match checked.attempts.get(&learner.participant_id) {
                Some((id, _)) => {
                    replaced += 1;
                    *id
                }
                None => {
                    created += 1;
                    PaperSheet::create_attempt(
                        conn,
                        olympiad_id,
                        learner.participant_id,
                        learner.school_participant_id,
                        by,
                    )?
                }
            };
            PaperSheet::replace_answers(conn, attempt_id, &row.answers, by)?;
            Sitter::set_status(conn, learner.participant_id, ParticipantStatus::Finished)?;
            marked.push(attempt_id);
        }
        Attempt::mark(conn, olympiad_id, &marked)?;
        record_activity(
            conn,
            caller,
            "paper_answers_imported",
            Some(olympiad_id),
            serde_json::json!({ "created": created, "replaced": replaced }),
        )?;
        Ok(PaperImported { created, replaced })
    })
}
