//! Learners: the Learners grid, a learner's record, and loading a school's learners from a
//! spreadsheet (template, preview with every row's problems, commit in one transaction).

use crate::access::Caller;
use crate::body::{read_file_part, read_large, Body};
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::listing::{download, given, ExportFormat, GridQuery};
use crate::routes::user::IdPath;
use crate::state::AppState;
use actix_multipart::Multipart;
use actix_web::{delete, get, post, put, web, HttpRequest, HttpResponse};
use olympiad_documents::{read_table, Table};
use olympiad_domain::roster::{
    check_row, check_rows, heading_of, map_headings, LoadedLearner, RosterRow, RowCheck, COLUMNS,
};
use olympiad_office::activity::record_activity;
use olympiad_office::find_in_reach;
use olympiad_office::learner_accounts::{
    enter_learners, hash_passwords, new_passwords, Credential,
};
use olympiad_office::ErrorCode;
use olympiad_persistence::models::{
    Learner, LearnerFields, LearnerFilter, LearnerRow, Olympiad, Participant, ParticipantRow,
    SchoolParticipant,
};
use olympiad_persistence::DbConnection;
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
const ROSTER_JSON_LIMIT_BYTES: usize = 8 * 1024 * 1024;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LearnerListQuery {
    /// Learners of the schools entered in this olympiad; overlord may leave it out for every learner.
    pub olympiad_id: Option<i64>,
    pub school_id: Option<i64>,
    pub grade: Option<i32>,
    pub province: Option<String>,
}

fn learner_table(rows: &[LearnerRow]) -> Table {
    let mut table = Table::new(&[
        "First name",
        "Last name",
        "Grade",
        "Class",
        "Gender",
        "Home language",
        "E-mail",
        "School",
        "Province",
        "Consent given",
        "Consent by",
        "Relationship",
    ]);
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

#[utoipa::path(
    operation_id = "learner_list",
    tag = "learners",
    params(LearnerListQuery, GridQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "A page of learners, or a CSV or XLSX file", body = inline(crate::envelope::Envelope<olympiad_persistence::models::Paged<LearnerRow>>)), (status = 400, body = crate::error::ErrorBody))
)]
#[get("/api/learner")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<LearnerListQuery>,
    grid: web::Query<GridQuery>,
) -> Result<HttpResponse, ApiError> {
    let filter = LearnerFilter {
        olympiad_id: caller.olympiad_scope(query.olympiad_id)?,
        school_id: query.school_id,
        grade: query.grade,
        province: given(&query.province),
        search: grid.search(),
        sort: grid.sort(),
    };
    let page = grid.page()?;
    let rows = state
        .db
        .run(move |conn| Ok(Learner::list(conn, &filter, page)?))
        .await?;
    grid.respond(rows, "learners", learner_table)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SingleLearnerQuery {
    pub participant_id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LearnerDetails {
    pub learner: Learner,
    pub participant: ParticipantRow,
}

/// The learner of a participant: for the learner themselves, their school's team and staff.
#[utoipa::path(
    operation_id = "learner_single",
    tag = "learners",
    params(SingleLearnerQuery),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<LearnerDetails>)), (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody))
)]
#[get("/api/learner/single")]
pub async fn single(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<SingleLearnerQuery>,
) -> ApiResult<LearnerDetails> {
    let id = query.participant_id;
    ok(state
        .db
        .run(move |conn| {
            let participant = find_in_reach::<Participant>(conn, &caller, id)?;
            let learner = Learner::find(conn, participant.learner_id)?;
            let participant = Participant::rows_by_ids(conn, &[id])?
                .pop()
                .ok_or_else(|| ApiError::not_found("This participant"))?;
            Ok(LearnerDetails {
                learner,
                participant,
            })
        })
        .await?)
}

/// The learner fields of a checked row.
fn fields_of(
    row: &RosterRow,
    grades: &[i32],
    languages: &[&str],
) -> Result<LearnerFields, ApiError> {
    let learner =
        check_row(row, grades, languages).map_err(|problems| row_error(None, &problems))?;
    Ok(LearnerFields {
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
    })
}

/// A row's problems in the envelope: `fields` names each (`rows[3].grade` for the fourth row sent).
fn row_error(index: Option<usize>, problems: &BTreeMap<&'static str, String>) -> ApiError {
    let name = |field: &str| match index {
        Some(i) => format!("rows[{i}].{field}"),
        None => field.to_owned(),
    };
    let summary = problems
        .iter()
        .map(|(field, problem)| format!("{}: {problem}", heading_of(field)))
        .collect::<Vec<_>>()
        .join("; ");
    let mut error = ApiError::bad_request(
        ErrorCode::Validation,
        match index {
            Some(i) => format!("Row {}: {summary}", i + 2),
            None => summary,
        },
    );
    error.fields = problems.iter().map(|(f, p)| (name(f), p.clone())).collect();
    error
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LearnerChanges {
    #[serde(flatten)]
    pub row: RosterRow,
}

#[utoipa::path(
    operation_id = "learner_update",
    tag = "learners",
    params(IdPath),
    request_body = RosterRow,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<Learner>)), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody))
)]
#[put("/api/learner/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    body: Body<LearnerChanges>,
) -> ApiResult<Learner> {
    let id = path.id;
    // A learner's record is not of one olympiad: any school grade, in either language.
    let fields = fields_of(&body.row, &(1..=12).collect::<Vec<_>>(), &["en", "af"])?;
    ok(state
        .db
        .transaction(move |conn| {
            find_in_reach::<Learner>(conn, &caller, id)?;
            let learner = Learner::update(conn, id, &fields)?;
            record_activity(
                conn,
                &caller,
                "learner_updated",
                None,
                json!({ "learnerId": id }),
            )?;
            Ok(learner)
        })
        .await?)
}

/// Deletes a learner with their entries and sign-ins; refused once they have started writing.
#[utoipa::path(
    operation_id = "learner_delete",
    tag = "learners",
    params(IdPath),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody))
)]
#[delete("/api/learner/{id}")]
pub async fn delete_learner(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
) -> ApiResult<bool> {
    let id = path.id;
    state
        .db
        .transaction(move |conn| {
            let learner = find_in_reach::<Learner>(conn, &caller, id)?;
            if Learner::has_started(conn, id)? {
                return Err(ApiError::conflict(
                    "This learner has started writing an olympiad; their work is kept.",
                ));
            }
            Learner::delete(conn, id)?;
            Ok(record_activity(
                conn,
                &caller,
                "learner_deleted",
                None,
                json!({ "learnerId": id, "schoolId": learner.school_id }),
            )?)
        })
        .await?;
    ok(true)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct EntryQuery {
    /// The school's entry the learners are loaded into.
    pub school_participant_id: i64,
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewLearner {
    pub school_participant_id: i64,
    #[serde(flatten)]
    pub row: RosterRow,
}

/// The olympiad's grades and languages, which every row is checked against.
fn rules_of(
    conn: &mut DbConnection,
    olympiad_id: i64,
) -> Result<(Vec<i32>, Vec<String>), ApiError> {
    let olympiad = Olympiad::find(conn, olympiad_id)?;
    Ok((
        olympiad.grades(),
        olympiad
            .languages()
            .iter()
            .map(|l| l.code().to_owned())
            .collect(),
    ))
}

/// Checks rows against the olympiad and the school's learners: one result per row.
fn check_against_school(
    conn: &mut DbConnection,
    entry: &SchoolParticipant,
    rows: &[RosterRow],
) -> Result<Vec<RowCheck>, ApiError> {
    let (grades, languages) = rules_of(conn, entry.olympiad_id)?;
    let languages: Vec<&str> = languages.iter().map(String::as_str).collect();
    let loaded = Learner::names_of_school(conn, entry.school_id)?;
    let loaded: Vec<LoadedLearner> = loaded
        .iter()
        .map(|(first_name, last_name, grade)| LoadedLearner {
            first_name,
            last_name,
            grade: *grade,
        })
        .collect();
    Ok(check_rows(rows, &grades, &languages, &loaded))
}

/// The school's entry, if the caller may load learners into it. Asked before a file is read or a
/// password hashed, so that an upload to someone else's entry costs the server nothing.
async fn entry_to_load_into(
    state: &AppState,
    caller: &Caller,
    entry_id: i64,
) -> Result<SchoolParticipant, ApiError> {
    let caller = caller.clone();
    state
        .db
        .run(move |conn| Ok(find_in_reach::<SchoolParticipant>(conn, &caller, entry_id)?))
        .await
}

/// Enters rows that must all be good; answers their sign-ins. Retrying after a failure is safe:
/// nothing was written, and a second success would be refused as duplicates.
async fn commit_rows(
    state: &AppState,
    caller: Caller,
    entry_id: i64,
    rows: Vec<RosterRow>,
) -> Result<Vec<Credential>, ApiError> {
    // Thousands of passwords take seconds to hash: only for an entry the caller may load into.
    entry_to_load_into(state, &caller, entry_id).await?;
    if rows.is_empty() {
        return Err(ApiError::invalid_field(
            "rows",
            "must have at least one learner",
        ));
    }
    if rows.len() > ROSTER_MAX_ROWS {
        return Err(ApiError::invalid_field(
            "rows",
            &format!("must be at most {ROSTER_MAX_ROWS} learners at a time"),
        ));
    }
    let passwords = new_passwords(rows.len());
    let hashing = passwords.clone();
    let hashes = actix_web::web::block(move || hash_passwords(&hashing))
        .await
        .map_err(ApiError::internal)??;
    state
        .db
        .transaction(move |conn| {
            // Again inside the transaction: the team may have changed while the passwords hashed.
            let entry = find_in_reach::<SchoolParticipant>(conn, &caller, entry_id)?;
            let checked = check_against_school(conn, &entry, &rows)?;
            let mut learners = Vec::with_capacity(checked.len());
            for (index, result) in checked.into_iter().enumerate() {
                learners.push(result.map_err(|problems| row_error(Some(index), &problems))?);
            }
            let credentials = enter_learners(conn, &entry, &learners, &passwords, &hashes)?;
            record_activity(
                conn,
                &caller,
                "learners_loaded",
                Some(entry.olympiad_id),
                json!({ "schoolParticipantId": entry.id, "count": credentials.len() }),
            )?;
            Ok(credentials)
        })
        .await
}

/// Adds one learner to a school's entry; answers their sign-in (shown once).
#[utoipa::path(
    operation_id = "learner_create",
    tag = "learners",
    request_body = NewLearner,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<Credential>)), (status = 400, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody))
)]
#[post("/api/learner")]
pub async fn create(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<NewLearner>,
) -> ApiResult<Credential> {
    let body = body.into_inner();
    let mut credentials = commit_rows(&state, caller, body.school_participant_id, vec![body.row])
        .await
        .map_err(|mut error| {
            // One row: its fields are named plainly.
            error.fields = error
                .fields
                .iter()
                .map(|(k, v)| (k.trim_start_matches("rows[0].").to_owned(), v.clone()))
                .collect();
            error
        })?;
    ok(credentials.remove(0))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TemplateQuery {
    /// xlsx (default) or csv
    #[param(inline)]
    pub format: Option<ExportFormat>,
}

/// The learner spreadsheet to fill in: the headings, and (in XLSX) a sheet explaining each column.
#[utoipa::path(
    operation_id = "learner_template",
    tag = "learners",
    params(TemplateQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "The template as XLSX or CSV"))
)]
#[get("/api/learner/template")]
pub async fn template(query: web::Query<TemplateQuery>) -> Result<HttpResponse, ApiError> {
    let headings: Vec<&str> = COLUMNS.iter().map(|c| c.heading).collect();
    let sheet = Table::new(&headings);
    match query.format.unwrap_or(ExportFormat::Xlsx) {
        ExportFormat::Csv => Ok(download(
            sheet.to_csv(),
            "text/csv; charset=utf-8",
            "learners.csv",
        )),
        ExportFormat::Xlsx => {
            let mut help = Table::new(&["Column", "Required", "What to fill in"]);
            for column in COLUMNS {
                help.push(vec![
                    column.heading.into(),
                    column.required.into(),
                    column.help.into(),
                ]);
            }
            let mut workbook = rust_xlsxwriter::Workbook::new();
            sheet
                .add_sheet(&mut workbook, "Learners")
                .map_err(ApiError::internal)?;
            help.add_sheet(&mut workbook, "How to fill it in")
                .map_err(ApiError::internal)?;
            let bytes = workbook.save_to_buffer().map_err(ApiError::internal)?;
            Ok(download(
                bytes,
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                "learners.xlsx",
            ))
        }
    }
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

/// Reads the spreadsheet and checks every row; writes nothing. The teacher fixes or drops rows and
/// sends the rest to `POST /api/learner/import`.
#[utoipa::path(
    operation_id = "learner_import_preview",
    tag = "learners",
    params(EntryQuery),
    request_body(content_type = "multipart/form-data", description = "One part named `file`: XLSX, ODS or CSV"),
    security(("bearer" = [])),
    responses(
        (status = 200, body = inline(crate::envelope::Envelope<ImportPreview>)),
        (status = 400, description = "`file`: not a spreadsheet, password-protected, wrong columns, empty or too many rows", body = crate::error::ErrorBody),
        (status = 413, body = crate::error::ErrorBody)
    )
)]
#[post("/api/learner/import/preview")]
pub async fn import_preview(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<EntryQuery>,
    parts: Multipart,
) -> ApiResult<ImportPreview> {
    let entry = entry_to_load_into(&state, &caller, query.school_participant_id).await?;
    let (_, bytes) = read_file_part(parts, ROSTER_LIMIT_BYTES).await?;
    let table = web::block(move || read_table(&bytes))
        .await
        .map_err(ApiError::internal)?
        .map_err(|e| ApiError::invalid_field("file", &e.to_string()))?;
    let mapping = map_headings(&table.headings)
        .map_err(|problem| ApiError::invalid_field("file", &problem))?;
    let rows: Vec<RosterRow> = table
        .rows
        .iter()
        .map(|cells| RosterRow::from_cells(&mapping, cells))
        .filter(|row| !row.is_blank())
        .collect();
    if rows.is_empty() {
        return Err(ApiError::invalid_field(
            "file",
            "has no learners below the headings",
        ));
    }
    if rows.len() > ROSTER_MAX_ROWS {
        return Err(ApiError::invalid_field(
            "file",
            &format!("has more than {ROSTER_MAX_ROWS} learners; split it into smaller files"),
        ));
    }
    ok(state
        .db
        .run(move |conn| {
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
        })
        .await?)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportRows {
    pub rows: Vec<RosterRow>,
}

/// Enters every row in one transaction, or none when any row has a problem (named per row:
/// `rows[3].grade`). Answers the learners' sign-ins, shown once: print the slips from them.
#[utoipa::path(
    operation_id = "learner_import",
    tag = "learners",
    params(EntryQuery),
    request_body = ImportRows,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<Credential>>)), (status = 400, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody))
)]
#[post("/api/learner/import")]
pub async fn import(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<EntryQuery>,
    req: HttpRequest,
    payload: web::Payload,
) -> ApiResult<Vec<Credential>> {
    let entry_id = query.school_participant_id;
    // Megabytes of rows are read and parsed only for an entry the caller may load into.
    entry_to_load_into(&state, &caller, entry_id).await?;
    // Thousands of rows are more than the usual JSON limit.
    let body: ImportRows = read_large(&req, payload, ROSTER_JSON_LIMIT_BYTES).await?;
    ok(commit_rows(&state, caller, entry_id, body.rows).await?)
}
