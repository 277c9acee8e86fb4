//! Learners: the Learners grid, a learner's record, and loading a school's learners from a
//! spreadsheet (template, preview with every row's problems, commit in one transaction).

use crate::body::{read_file_part, Body, LaterJson};
use crate::caller::Caller;
use crate::envelope::ApiResult;
use crate::error::ApiError;
use crate::listing::{download, ExportFormat, GridQuery};
use crate::manifest::{Area, Kind, ADMIN_OR_OVERLORD, TEAM_ADMIN_OR_LEARNER, TEAM_OR_ADMIN};
use crate::routes::upload_target;
use crate::routes::IdOf;
use crate::state::AppState;
use actix_multipart::Multipart;
use actix_web::{delete, get, post, put, web, HttpResponse};
use olympiad_domain::id::LearnerId;
use olympiad_domain::id::SchoolParticipantId;
use olympiad_domain::roster::RosterRow;
use olympiad_office::learner_accounts::{Credential, NewPasswords};
use olympiad_office::learners::{
    self, EntryQuery, ImportPreview, ImportRows, LearnerChanges, LearnerCorrection, LearnerDetails,
    LearnerListQuery, NewLearner, SingleLearnerQuery, ROSTER_JSON_LIMIT_BYTES, ROSTER_LIMIT_BYTES,
};
use olympiad_persistence::models::{Learner, LearnerRow, SchoolParticipant};
use serde::Deserialize;
use utoipa::IntoParams;

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("learners")
        .route(list, ADMIN_OR_OVERLORD)
        .route(single, TEAM_ADMIN_OR_LEARNER)
        .names(Kind::Participant)
        .route(template, TEAM_OR_ADMIN)
        .route(import_preview, TEAM_OR_ADMIN)
        .beyond_schema("the file must be a spreadsheet (XLSX, ODS or CSV)")
        .route(import, TEAM_OR_ADMIN)
        .beyond_schema("a row's firstName, lastName and grade are required")
        .route(create, TEAM_OR_ADMIN)
        .names(Kind::Entry)
        .beyond_schema("a row's firstName, lastName and grade are required (rows are read like a spreadsheet's)")
        .route(correction, TEAM_OR_ADMIN)
        .names(Kind::Learner)
        .route(update, TEAM_OR_ADMIN)
        .names(Kind::Learner)
        .beyond_schema("firstName, lastName and grade are required")
        .route(delete_learner, TEAM_OR_ADMIN)
        .names(Kind::Learner)
}

#[utoipa::path(
    operation_id = "learner_list",
    tag = "learners",
    params(LearnerListQuery, GridQuery),
    responses((status = 200, description = "A page of learners, or a CSV or XLSX file", body = inline(crate::envelope::Envelope<olympiad_persistence::models::Paged<LearnerRow>>)))
)]
#[get("/api/learner")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<LearnerListQuery>,
    grid: web::Query<GridQuery>,
) -> Result<HttpResponse, ApiError> {
    grid.answer(
        &state.db,
        "learners",
        learners::learner_table,
        move |conn, asked| {
            learners::list(conn, &caller, &query, asked.search, asked.sort, asked.page)
        },
    )
    .await
}

/// The learner of a participant: for the learner themselves, their school's team and staff.
#[utoipa::path(
    operation_id = "learner_single",
    tag = "learners",
    params(SingleLearnerQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<LearnerDetails>)))
)]
#[get("/api/learner/single")]
pub async fn single(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<SingleLearnerQuery>,
) -> ApiResult<LearnerDetails> {
    state
        .answer(move |conn| learners::single(conn, &caller, query.participant_id))
        .await
}

/// A learner's record with each field the caller may not change now and why: a school's team
/// corrects the names until the results are released and the grade until the learner starts
/// writing; the olympiad's staff correct any field.
#[utoipa::path(
    operation_id = "learner_correction",
    tag = "learners",
    params(IdOf<LearnerId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<LearnerCorrection>)), (status = 404, body = crate::error::ErrorBody))
)]
#[get("/api/learner/{id}/correction")]
pub async fn correction(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<LearnerId>>,
) -> ApiResult<LearnerCorrection> {
    state
        .answer(move |conn| learners::correction(conn, &caller, path.id))
        .await
}

/// Corrects a learner's record, checked as a row of the learner spreadsheet; a change the caller
/// may not make now (`GET /api/learner/{id}/correction` names them) is refused with 409, saying
/// which field and why.
#[utoipa::path(
    operation_id = "learner_update",
    tag = "learners",
    params(IdOf<LearnerId>),
    request_body = RosterRow,
    responses(
        (status = 200, body = inline(crate::envelope::Envelope<Learner>)),
        (status = 400, description = "A field of the row is wrong, named in `fields`", body = crate::error::ErrorBody),
        (status = 409, description = "A field that cannot change now (the grade once the learner has started writing, the names once the results are released)", body = crate::error::ErrorBody)
    )
)]
#[put("/api/learner/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<LearnerId>>,
    body: Body<LearnerChanges>,
) -> ApiResult<Learner> {
    state
        .answer(move |conn| learners::update(conn, &caller, path.id, &body))
        .await
}

/// Deletes a learner with their entries and sign-ins; refused once they have started writing.
#[utoipa::path(
    operation_id = "learner_delete",
    tag = "learners",
    params(IdOf<LearnerId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 409, body = crate::error::ErrorBody))
)]
#[delete("/api/learner/{id}")]
pub async fn delete_learner(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<LearnerId>>,
) -> ApiResult<bool> {
    state
        .answer_done(move |conn| learners::delete(conn, &caller, path.id))
        .await
}

/// Sign-ins for `count` learners of the entry, hashed off the workers once the caller is known to
/// reach it: a password hashed for someone else's entry would cost the server for nothing.
async fn passwords_for(
    state: &AppState,
    caller: &Caller,
    entry_id: SchoolParticipantId,
    count: usize,
) -> Result<NewPasswords, ApiError> {
    upload_target::<SchoolParticipant>(state, caller, entry_id).await?;
    Ok(web::block(move || learners::passwords_for_learners(count))
        .await
        .map_err(ApiError::internal)??)
}

/// Adds one learner to a school's entry; answers their sign-in (shown once).
#[utoipa::path(
    operation_id = "learner_create",
    tag = "learners",
    request_body = NewLearner,
    responses((status = 200, body = inline(crate::envelope::Envelope<Credential>)))
)]
#[post("/api/learner")]
pub async fn create(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<NewLearner>,
) -> ApiResult<Credential> {
    let new = passwords_for(&state, &caller, body.school_participant_id, 1).await?;
    state
        .answer(move |conn| learners::create(conn, &caller, &body, &new))
        .await
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
    responses((status = 200, description = "The template as XLSX or CSV"))
)]
#[get("/api/learner/template")]
pub async fn template(query: web::Query<TemplateQuery>) -> Result<HttpResponse, ApiError> {
    Ok(match query.format.unwrap_or(ExportFormat::Xlsx) {
        ExportFormat::Csv => download(
            learners::template_csv(),
            "text/csv; charset=utf-8",
            "learners.csv",
        ),
        ExportFormat::Xlsx => download(
            learners::template_xlsx()?,
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "learners.xlsx",
        ),
    })
}

/// Reads the spreadsheet and checks every row; writes nothing. The teacher fixes or drops rows and
/// sends the rest to `POST /api/learner/import`.
#[utoipa::path(
    operation_id = "learner_import_preview",
    tag = "learners",
    params(EntryQuery),
    request_body(content_type = "multipart/form-data", description = "One part named `file`: XLSX, ODS or CSV"),
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
    let entry_id =
        upload_target::<SchoolParticipant>(&state, &caller, query.school_participant_id).await?;
    let (_, bytes) = read_file_part(parts, ROSTER_LIMIT_BYTES).await?;
    let rows = web::block(move || learners::read_roster(&bytes))
        .await
        .map_err(ApiError::internal)??;
    state
        .answer(move |conn| learners::preview(conn, &caller, entry_id, rows))
        .await
}

/// Enters every row in one transaction, or none when any row has a problem (named per row:
/// `rows[3].grade`). Answers the learners' sign-ins, shown once: print the slips from them.
#[utoipa::path(
    operation_id = "learner_import",
    tag = "learners",
    params(EntryQuery),
    request_body = ImportRows,
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<Credential>>)))
)]
#[post("/api/learner/import")]
pub async fn import(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<EntryQuery>,
    rows: LaterJson<ImportRows>,
) -> ApiResult<Vec<Credential>> {
    let entry_id = query.school_participant_id;
    // Megabytes of rows are read and parsed only for an entry the caller may load into.
    upload_target::<SchoolParticipant>(&state, &caller, entry_id).await?;
    // Thousands of rows are more than the usual JSON limit.
    let body = rows.read(ROSTER_JSON_LIMIT_BYTES).await?;
    let new = passwords_for(&state, &caller, entry_id, body.rows.len()).await?;
    state
        .answer(move |conn| learners::import(conn, &caller, entry_id, &body.rows, &new))
        .await
}
