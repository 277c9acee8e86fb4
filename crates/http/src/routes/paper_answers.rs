//! Answers written on paper: a school's answer sheets as a PDF (for its team and the admins), and
//! the admin's spreadsheet of the sheets' answers, previewed row by row and then imported.

use crate::body::read_file_part;
use crate::caller::Caller;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::listing::download;
use crate::manifest::{Area, Kind, ADMIN_OR_OVERLORD, TEAM_OR_ADMIN};
use crate::routes::upload_target;
use crate::state::AppState;
use actix_multipart::Multipart;
use actix_web::{get, post, web, HttpResponse};
use olympiad_domain::id::{OlympiadId, SchoolParticipantId};
use olympiad_office::paper_answers::{
    self, PaperImported, PaperPreview, PAPER_ANSWERS_LIMIT_BYTES,
};
use olympiad_office::results::{EntryQuery, OlympiadQuery};
use olympiad_office::OfficeResult;
use olympiad_persistence::models::Olympiad;
use olympiad_persistence::DbConnection;

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("paper_answers")
        .route(sheets, TEAM_OR_ADMIN)
        .route(preview, ADMIN_OR_OVERLORD)
        .beyond_schema("the file must be a spreadsheet (XLSX, ODS or CSV)")
        .route(import, ADMIN_OR_OVERLORD)
        .beyond_schema("the file must be a spreadsheet (XLSX, ODS or CSV)")
        .route(template, TEAM_OR_ADMIN)
        .names(Kind::Entry)
}

/// A school's answer sheets: one A4 sheet a learner, with the learner number and a box for each
/// option of each question.
#[utoipa::path(operation_id = "results_paper_sheets", tag = "results", params(EntryQuery),
    responses((status = 200, description = "The school's answer sheets as a PDF", content_type = "application/pdf", body = Vec<u8>)))]
#[get("/api/results/paper/sheets")]
pub async fn sheets(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<EntryQuery>,
) -> Result<HttpResponse, ApiError> {
    let pdf = "application/pdf";
    school_file(caller, state, query, paper_answers::sheets_pdf, pdf).await
}

/// The spreadsheet to type a school's sheets into: the headings the import reads and a row a
/// learner with the learner number filled in (a second sheet names them).
#[utoipa::path(operation_id = "results_paper_template", tag = "results", params(EntryQuery),
    responses((status = 200, description = "The school's paper answers spreadsheet (XLSX)", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>)))]
#[get("/api/results/paper/template")]
pub async fn template(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<EntryQuery>,
) -> Result<HttpResponse, ApiError> {
    let xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    school_file(caller, state, query, paper_answers::answers_template, xlsx).await
}

/// A use case that finds a school's entry in reach and makes one of its files: its name and bytes.
type SchoolFileMaker = fn(
    &mut DbConnection,
    &olympiad_office::Caller,
    SchoolParticipantId,
) -> OfficeResult<(String, Vec<u8>)>;

/// Sheets and template alike: the use case finds the school's entry in reach and makes its file,
/// which is downloaded under the name it gives.
async fn school_file(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<EntryQuery>,
    make: SchoolFileMaker,
    content_type: &'static str,
) -> Result<HttpResponse, ApiError> {
    let id = query.school_participant_id;
    let (name, bytes) = state.db.office(move |conn| make(conn, &caller, id)).await?;
    Ok(download(bytes, content_type, &name))
}

/// Reads the spreadsheet of paper answers (learner number, then one column a question) and
/// checks every row, naming each problem's row and column; writes nothing.
#[utoipa::path(
    operation_id = "results_paper_preview",
    tag = "results",
    params(OlympiadQuery),
    request_body(content_type = "multipart/form-data", description = "One part named `file`: XLSX, ODS or CSV"),
    responses(
        (status = 200, body = inline(crate::envelope::Envelope<PaperPreview>)),
        (status = 400, description = "`file`: not a spreadsheet, wrong columns, empty or too many rows", body = crate::error::ErrorBody),
        (status = 409, description = "The paper has no questions", body = crate::error::ErrorBody),
        (status = 413, body = crate::error::ErrorBody)
    )
)]
#[post("/api/results/paper/preview")]
pub async fn preview(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
    parts: Multipart,
) -> ApiResult<PaperPreview> {
    let id = query.olympiad_id;
    ok(with_the_file(caller, state, id, parts, paper_answers::preview).await?)
}

/// Imports the same file: every row in one transaction, or none when any row has a problem
/// (`rows[4].q3`). A learner's earlier paper answers are replaced; each attempt is marked by the
/// marking of online attempts.
#[utoipa::path(
    operation_id = "results_paper_import",
    tag = "results",
    params(OlympiadQuery),
    request_body(content_type = "multipart/form-data", description = "One part named `file`: XLSX, ODS or CSV"),
    responses(
        (status = 200, body = inline(crate::envelope::Envelope<PaperImported>)),
        (status = 400, description = "`file`, or each row's problems as `rows[4].learnerNumber`, `rows[4].q3`", body = crate::error::ErrorBody),
        (status = 409, description = "The results are final, or the paper has no questions", body = crate::error::ErrorBody),
        (status = 413, body = crate::error::ErrorBody)
    )
)]
#[post("/api/results/paper/import")]
pub async fn import(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
    parts: Multipart,
) -> ApiResult<PaperImported> {
    let id = query.olympiad_id;
    ok(with_the_file(caller, state, id, parts, paper_answers::import).await?)
}

/// Preview and import alike: the olympiad found in reach, then the file read, then the use case.
async fn with_the_file<T: Send + 'static>(
    caller: Caller,
    state: web::Data<AppState>,
    olympiad_id: OlympiadId,
    parts: Multipart,
    use_case: fn(&mut DbConnection, &olympiad_office::Caller, OlympiadId, &[u8]) -> OfficeResult<T>,
) -> Result<T, ApiError> {
    upload_target::<Olympiad>(&state, &caller, olympiad_id).await?;
    let (_, bytes) = read_file_part(parts, PAPER_ANSWERS_LIMIT_BYTES).await?;
    state
        .db
        .office(move |conn| use_case(conn, &caller, olympiad_id, &bytes))
        .await
}
