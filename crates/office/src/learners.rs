//! Learners: the Learners grid, a learner's record, and loading a school's learners from a
//! spreadsheet (the template, a preview with every row's problems, and the import, all rows in one
//! transaction or none).

use crate::activity::record_activity;
use crate::learner_accounts::{enter_learners, passwords_for, Credential, NewPasswords};
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult};
use crate::support::listing::given;
use crate::support::scope::find_in_reach;
use olympiad_documents::{read_table, Table};
use olympiad_domain::corrections::{fixed_fields, refusal, LearnerProgress};
use olympiad_domain::id::{LearnerId, OlympiadId, ParticipantId, SchoolId, SchoolParticipantId};
use olympiad_domain::roster::{
    check_rows, heading_of, map_headings, CheckedLearner, LoadedLearner, RosterRow, RowCheck,
    COLUMNS,
};
use olympiad_domain::Role;
use olympiad_persistence::models::{
    Learner, LearnerFilter, LearnerForm, LearnerRow, Olympiad, Page, Paged, Participant,
    ParticipantRow, SchoolParticipant, Sort,
};
use olympiad_persistence::{write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::BTreeMap;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

/// The largest learner spreadsheet accepted: a school's few thousand learners fit in far less.
pub const ROSTER_LIMIT_BYTES: usize = 2 * 1024 * 1024;
/// The most rows one file may hold.
pub const ROSTER_MAX_ROWS: usize = 5000;
/// The rows of the largest import, as JSON.
pub const ROSTER_JSON_LIMIT_BYTES: usize = 8 * 1024 * 1024;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LearnerListQuery {
    /// Learners of the schools entered in this olympiad; overlord may leave it out for every learner.
    #[param(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
    #[param(value_type = Option<i64>, minimum = 1)]
    pub school_id: Option<SchoolId>,
    pub grade: Option<i32>,
    pub province: Option<String>,
}

/// A page of the learners the query selects (every one for an export).
pub fn list(
    conn: &mut DbConnection,
    caller: &Caller,
    query: &LearnerListQuery,
    search: String,
    sort: Vec<Sort>,
    page: Option<Page>,
) -> OfficeResult<Paged<LearnerRow>> {
    let filter = LearnerFilter {
        olympiad_id: caller.olympiad_scope(query.olympiad_id)?,
        school_id: query.school_id,
        grade: query.grade,
        province: given(&query.province),
        search,
        sort,
    };
    Ok(Learner::list(conn, &filter, page)?)
}

/// The columns every spreadsheet of learners starts with: who they are and where they sit.
pub const LEARNER_COLUMNS: [&str; 5] = ["First name", "Last name", "Grade", "Class", "Gender"];

/// The learners as a spreadsheet.
pub fn learner_table(rows: &[LearnerRow]) -> Table {
    let more = [
        "Home language",
        "E-mail",
        "School",
        "Province",
        "Consent given",
        "Consent by",
        "Relationship",
    ];
    let mut table = Table::new(&[&LEARNER_COLUMNS[..], &more[..]].concat());
    for row in rows {
        let l = &row.learner;
        table.push(vec![
            l.first_name.as_str().into(),
            l.last_name.as_str().into(),
            l.grade.into(),
            l.class_name.as_str().into(),
            l.gender.as_str().into(),
            l.home_language.as_str().into(),
            l.email.clone().into(),
            row.school_name.as_str().into(),
            row.province.as_str().into(),
            l.consent_given.into(),
            l.consent_by.as_str().into(),
            l.consent_relationship.as_str().into(),
        ]);
    }
    table
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SingleLearnerQuery {
    #[param(value_type = i64, minimum = 1)]
    pub participant_id: ParticipantId,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LearnerDetails {
    pub learner: Learner,
    pub participant: ParticipantRow,
}

/// The learner of a participant the caller may reach, with their entry.
pub fn single(
    conn: &mut DbConnection,
    caller: &Caller,
    id: ParticipantId,
) -> OfficeResult<LearnerDetails> {
    let participant = find_in_reach::<Participant>(conn, caller, id)?;
    let learner = Learner::find(conn, participant.learner_id)?;
    let participant = Participant::rows_by_ids(conn, &[id])?
        .pop()
        .ok_or_else(|| OfficeError::NotFound("This participant".into()))?;
    Ok(LearnerDetails {
        learner,
        participant,
    })
}

/// A row's problems: each field named (`rows[3].grade` for the fourth row sent), and a sentence
/// with their headings.
fn row_problems(index: Option<usize>, problems: &BTreeMap<&'static str, String>) -> OfficeError {
    let name = |field: &str| match index {
        Some(i) => format!("rows[{i}].{field}"),
        None => field.to_owned(),
    };
    let summary = problems
        .iter()
        .map(|(field, problem)| format!("{}: {problem}", heading_of(field)))
        .collect::<Vec<_>>()
        .join("; ");
    OfficeError::Problems {
        message: match index {
            Some(i) => format!("Row {}: {summary}", i + 2),
            None => summary,
        },
        fields: problems.iter().map(|(f, p)| (name(f), p.clone())).collect(),
    }
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LearnerChanges {
    #[serde(flatten)]
    pub row: RosterRow,
}

/// A learner's record as the caller may correct it: the record, and each field that cannot change
/// now with the sentence that says why (none for the olympiad's staff).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LearnerCorrection {
    pub learner: Learner,
    /// Field (`grade`) to why it cannot change now.
    pub fixed: BTreeMap<String, String>,
}

/// The fields of the learner's record the caller may not change now: a school's team is held to
/// [`fixed_fields`], the olympiad's staff are not.
fn fixed_for(
    conn: &mut DbConnection,
    caller: &Caller,
    learner: &Learner,
) -> OfficeResult<BTreeMap<&'static str, String>> {
    if caller.role != Role::Teacher {
        return Ok(BTreeMap::new());
    }
    let progress = LearnerProgress {
        started_writing: Learner::started_writing(conn, learner.id)?,
        results_released: Learner::results_released(conn, learner.id)?,
    };
    Ok(fixed_fields(&learner.first_name, progress))
}

/// The grades a record may take: for a school's team, those of every olympiad the learner is
/// entered in (as the spreadsheet checks them); for the staff, and for a learner entered in none,
/// any school grade: a record is not of one olympiad.
fn grades_for(conn: &mut DbConnection, caller: &Caller, id: LearnerId) -> OfficeResult<Vec<i32>> {
    let mut grades: Vec<i32> = (1..=12).collect();
    if caller.role == Role::Teacher {
        for olympiad_id in Learner::olympiad_ids(conn, id)? {
            let of_olympiad = Olympiad::find(conn, olympiad_id)?.grades();
            grades.retain(|g| of_olympiad.contains(g));
        }
    }
    Ok(grades)
}

/// The fields a correction changes, by their names in the request.
fn changed_fields(before: &Learner, after: &CheckedLearner) -> Vec<&'static str> {
    [
        ("firstName", before.first_name != after.first_name),
        ("lastName", before.last_name != after.last_name),
        ("grade", before.grade != after.grade),
        ("className", before.class_name != after.class_name),
        ("gender", before.gender != after.gender),
        ("homeLanguage", before.home_language != after.home_language),
        ("email", before.email != after.email),
        ("consentGiven", before.consent_given != after.consent_given),
        ("consentBy", before.consent_by != after.consent_by),
        (
            "consentRelationship",
            before.consent_relationship != after.consent_relationship,
        ),
    ]
    .into_iter()
    .filter_map(|(field, changed)| changed.then_some(field))
    .collect()
}

/// A learner's record with what the caller may not change now.
pub fn correction(
    conn: &mut DbConnection,
    caller: &Caller,
    id: LearnerId,
) -> OfficeResult<LearnerCorrection> {
    let learner = find_in_reach::<Learner>(conn, caller, id)?;
    let fixed = fixed_for(conn, caller, &learner)?
        .into_iter()
        .map(|(field, why)| (field.to_owned(), why))
        .collect();
    Ok(LearnerCorrection { learner, fixed })
}

/// Corrects a learner's record, checked as a row of the learner spreadsheet is: the names' lengths,
/// the grade (see [`grades_for`]), and no other learner of the school with the same names in that
/// grade. A school's team changing a field that [`fixed_fields`] fixes now is refused (409, the
/// sentence naming the field and why), and nothing changes.
pub fn update(
    conn: &mut DbConnection,
    caller: &Caller,
    id: LearnerId,
    changes: &LearnerChanges,
) -> OfficeResult<Learner> {
    write_transaction(conn, |conn| {
        let before = find_in_reach::<Learner>(conn, caller, id)?;
        let grades = grades_for(conn, caller, id)?;
        let others = Learner::names_of_school_but(conn, before.school_id, id)?;
        let others = as_loaded(&others);
        let rows = std::slice::from_ref(&changes.row);
        let learner = check_rows(rows, &grades, &["en", "af"], &others)
            .remove(0)
            .map_err(|p| row_problems(None, &p))?;
        let changed = changed_fields(&before, &learner);
        if let Some(refused) = refusal(&fixed_for(conn, caller, &before)?, &changed) {
            return Err(OfficeError::conflict(refused));
        }
        let fields = LearnerForm {
            first_name: learner.first_name,
            last_name: learner.last_name,
            grade: learner.grade,
            class_name: learner.class_name,
            gender: learner.gender,
            home_language: learner.home_language,
            email: learner.email,
            consent_given: learner.consent_given,
            consent_by: learner.consent_by,
            consent_relationship: learner.consent_relationship,
        };
        let learner = Learner::update(conn, id, &fields)?;
        record_activity(
            conn,
            caller,
            "learner_updated",
            None,
            json!({ "learnerId": id, "fields": changed }),
        )?;
        Ok(learner)
    })
}

/// Deletes a learner with their entries and sign-ins; refused once they have started writing.
pub fn delete(conn: &mut DbConnection, caller: &Caller, id: LearnerId) -> OfficeResult<()> {
    write_transaction(conn, |conn| {
        let learner = find_in_reach::<Learner>(conn, caller, id)?;
        if Learner::has_started(conn, id)? {
            return Err(OfficeError::conflict(
                "This learner has started writing an olympiad; their work is kept.",
            ));
        }
        Learner::delete(conn, id)?;
        let details = json!({ "learnerId": id, "schoolId": learner.school_id });
        record_activity(conn, caller, "learner_deleted", None, details)
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct EntryQuery {
    /// The school's entry the learners are loaded into.
    #[param(value_type = i64, minimum = 1)]
    pub school_participant_id: SchoolParticipantId,
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewLearner {
    #[schema(value_type = i64, minimum = 1)]
    pub school_participant_id: SchoolParticipantId,
    #[serde(flatten)]
    pub row: RosterRow,
}

/// A school's learners already loaded (names and grade, as stored), as the roster's duplicate
/// check reads them.
fn as_loaded(names: &[(String, String, i32)]) -> Vec<LoadedLearner<'_>> {
    names
        .iter()
        .map(|(first_name, last_name, grade)| LoadedLearner {
            first_name,
            last_name,
            grade: *grade,
        })
        .collect()
}

/// Checks rows against the olympiad's grades and languages and the school's learners: one result
/// per row.
fn check_against_school(
    conn: &mut DbConnection,
    entry: &SchoolParticipant,
    rows: &[RosterRow],
) -> OfficeResult<Vec<RowCheck>> {
    let olympiad = Olympiad::find(conn, entry.olympiad_id)?;
    let grades = olympiad.grades();
    let languages: Vec<&str> = olympiad.languages().iter().map(|l| l.code()).collect();
    let loaded = Learner::names_of_school(conn, entry.school_id)?;
    let loaded = as_loaded(&loaded);
    Ok(check_rows(rows, &grades, &languages, &loaded))
}

/// Sign-ins for `count` learners about to be entered: refused for none or too many. Thousands take
/// seconds to hash: ask only once the caller is known to reach the entry. Blocking.
pub fn passwords_for_learners(count: usize) -> OfficeResult<NewPasswords> {
    if count == 0 {
        return Err(OfficeError::invalid(
            "rows",
            "must have at least one learner",
        ));
    }
    if count > ROSTER_MAX_ROWS {
        return Err(OfficeError::invalid(
            "rows",
            format!("must be at most {ROSTER_MAX_ROWS} learners at a time"),
        ));
    }
    passwords_for(count, None)
}

/// Enters rows that must all be good, in one transaction; answers their sign-ins. Retrying after a
/// failure is safe: nothing was written, and a second success would be refused as duplicates.
pub fn import(
    conn: &mut DbConnection,
    caller: &Caller,
    entry_id: SchoolParticipantId,
    rows: &[RosterRow],
    new: &NewPasswords,
) -> OfficeResult<Vec<Credential>> {
    write_transaction(conn, |conn| {
        // Again inside the transaction: the team may have changed while the passwords hashed.
        let entry = find_in_reach::<SchoolParticipant>(conn, caller, entry_id)?;
        let checked = check_against_school(conn, &entry, rows)?;
        let mut learners = Vec::with_capacity(checked.len());
        for (index, result) in checked.into_iter().enumerate() {
            learners.push(result.map_err(|problems| row_problems(Some(index), &problems))?);
        }
        let credentials = enter_learners(conn, &entry, &learners, &new.passwords, &new.hashes)?;
        let details = json!({ "schoolParticipantId": entry.id, "count": credentials.len() });
        record_activity(
            conn,
            caller,
            "learners_loaded",
            Some(entry.olympiad_id),
            details,
        )?;
        Ok(credentials)
    })
}

/// Adds one learner to a school's entry; answers their sign-in. Their fields are named plainly.
pub fn create(
    conn: &mut DbConnection,
    caller: &Caller,
    new: &NewLearner,
    passwords: &NewPasswords,
) -> OfficeResult<Credential> {
    let rows = std::slice::from_ref(&new.row);
    match import(conn, caller, new.school_participant_id, rows, passwords) {
        Ok(mut credentials) => Ok(credentials.remove(0)),
        Err(OfficeError::Problems { message, fields }) => Err(OfficeError::Problems {
            message,
            fields: fields
                .into_iter()
                .map(|(k, v)| (k.trim_start_matches("rows[0].").to_owned(), v))
                .collect(),
        }),
        Err(other) => Err(other),
    }
}

/// The learner spreadsheet to fill in: its headings.
fn template_sheet() -> Table {
    let headings: Vec<&str> = COLUMNS.iter().map(|c| c.heading).collect();
    Table::new(&headings)
}

/// The template as CSV: the headings only.
pub fn template_csv() -> Vec<u8> {
    template_sheet().to_csv()
}

/// The template as XLSX: the headings, and a sheet explaining each column.
pub fn template_xlsx() -> OfficeResult<Vec<u8>> {
    let mut help = Table::new(&["Column", "Required", "What to fill in"]);
    for column in COLUMNS {
        help.push(vec![
            column.heading.into(),
            column.required.into(),
            column.help.into(),
        ]);
    }
    let failed = |e: rust_xlsxwriter::XlsxError| OfficeError::Internal(e.to_string());
    let mut workbook = rust_xlsxwriter::Workbook::new();
    template_sheet()
        .add_sheet(&mut workbook, "Learners")
        .map_err(failed)?;
    help.add_sheet(&mut workbook, "How to fill it in")
        .map_err(failed)?;
    workbook.save_to_buffer().map_err(failed)
}

/// One row of the preview: what was read, and what is wrong with it (field to problem).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreviewRow {
    /// The row's number in the spreadsheet (the headings are row 1).
    pub line: usize,
    pub row: RosterRow,
    pub problems: BTreeMap<String, String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportPreview {
    pub rows: Vec<PreviewRow>,
    pub good: usize,
    pub bad: usize,
}

/// The learners of an uploaded spreadsheet, blank rows left out; refused (as `file`) when it is not
/// a spreadsheet, has unknown columns, no learners or too many. Blocking.
pub fn read_roster(bytes: &[u8]) -> OfficeResult<Vec<RosterRow>> {
    let table = read_table(bytes).map_err(|e| OfficeError::invalid("file", e.to_string()))?;
    let mapping = map_headings(&table.headings).map_err(|p| OfficeError::invalid("file", p))?;
    let rows: Vec<RosterRow> = table
        .rows
        .iter()
        .map(|cells| RosterRow::from_cells(&mapping, cells))
        .filter(|row| !row.is_blank())
        .collect();
    if rows.is_empty() {
        return Err(OfficeError::invalid(
            "file",
            "has no learners below the headings",
        ));
    }
    if rows.len() > ROSTER_MAX_ROWS {
        return Err(OfficeError::invalid(
            "file",
            format!("has more than {ROSTER_MAX_ROWS} learners; split it into smaller files"),
        ));
    }
    Ok(rows)
}

/// Checks every row read for the entry; writes nothing. The teacher fixes or drops rows and sends
/// the rest to the import.
pub fn preview(
    conn: &mut DbConnection,
    caller: &Caller,
    entry_id: SchoolParticipantId,
    rows: Vec<RosterRow>,
) -> OfficeResult<ImportPreview> {
    let entry = find_in_reach::<SchoolParticipant>(conn, caller, entry_id)?;
    let checked = check_against_school(conn, &entry, &rows)?;
    let preview: Vec<PreviewRow> = rows
        .into_iter()
        .zip(checked)
        .enumerate()
        .map(|(index, (row, result))| PreviewRow {
            line: index + 2,
            row,
            problems: result
                .err()
                .unwrap_or_default()
                .into_iter()
                .map(|(f, p)| (f.to_owned(), p))
                .collect(),
        })
        .collect();
    let bad = preview.iter().filter(|r| !r.problems.is_empty()).count();
    Ok(ImportPreview {
        good: preview.len() - bad,
        bad,
        rows: preview,
    })
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportRows {
    #[schema(min_items = 1)]
    pub rows: Vec<RosterRow>,
}
