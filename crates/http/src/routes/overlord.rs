//! The overlord's own tools: every olympiad (and a new one), the notes, the sanity logs, the one
//! search box and the job table.

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::ApiResult;
use crate::manifest::{Area, OVERLORD};
use crate::routes::IdOf;
use crate::state::AppState;
use actix_web::{get, post, put, web};
use olympiad_domain::id::JobId;
use olympiad_office::olympiads::{self, NewOlympiad, OlympiadListRow};
use olympiad_office::overlord::notes::{self, Note, NoteInput};
use olympiad_office::overlord::sanity::{self, SanityReport};
use olympiad_office::overlord::search::{self, SearchQuery, SearchResults};
use olympiad_office::overlord::tasks::{self, TaskList, TaskQuery, TaskView};
use serde::Deserialize;
use utoipa::IntoParams;

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("overlord")
        .route(every_olympiad, OVERLORD)
        .route(create_olympiad, OVERLORD)
        .route(get_note, OVERLORD)
        .unscoped("overlord only")
        .route(save_note, OVERLORD)
        .unscoped("overlord only")
        .route(sanity_log, OVERLORD)
        .route(sanity_run, OVERLORD)
        .route(search_everything, OVERLORD)
        .route(task_list, OVERLORD)
        .route(task_retry, OVERLORD)
        .unscoped("overlord only")
}

#[utoipa::path(operation_id = "olympiad_all", tag = "overlord",
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<OlympiadListRow>>))))]
#[get("/api/olympiad/all")]
pub async fn every_olympiad(state: web::Data<AppState>) -> ApiResult<Vec<OlympiadListRow>> {
    state.answer(olympiads::every_olympiad).await
}

/// A new olympiad, closed, with the default settings.
#[utoipa::path(operation_id = "olympiad_create", tag = "overlord", request_body = NewOlympiad,
    responses((status = 200, body = inline(crate::envelope::Envelope<OlympiadListRow>))))]
#[post("/api/olympiad")]
pub async fn create_olympiad(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<NewOlympiad>,
) -> ApiResult<OlympiadListRow> {
    let input = body.into_inner();
    state
        .answer(move |conn| olympiads::create_olympiad(conn, &caller, &input))
        .await
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct TopicPath {
    /// `before-olympiad` or `common-issues`.
    #[param(pattern = "^(before-olympiad|common-issues)$")]
    pub topic: String,
}

#[utoipa::path(operation_id = "note_get", tag = "overlord", params(TopicPath),
    responses((status = 200, body = inline(crate::envelope::Envelope<Note>))))]
#[get("/api/note/{topic}")]
pub async fn get_note(state: web::Data<AppState>, path: web::Path<TopicPath>) -> ApiResult<Note> {
    state
        .answer(move |conn| notes::note(conn, &path.topic))
        .await
}

/// Saves the note as a new revision (the old ones stay in its history).
#[utoipa::path(operation_id = "note_save", tag = "overlord", params(TopicPath), request_body = NoteInput,
    responses(
        (status = 200, body = inline(crate::envelope::Envelope<Note>)),
        (status = 413, description = "A body larger than the request limit", body = crate::error::ErrorBody)
    ))]
#[put("/api/note/{topic}")]
pub async fn save_note(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<TopicPath>,
    body: Body<NoteInput>,
) -> ApiResult<Note> {
    let input = body.into_inner();
    state
        .answer(move |conn| notes::save(conn, &caller, &path.topic, &input))
        .await
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SanityQuery {
    /// A run's id; default the newest.
    #[param(minimum = 1)]
    pub run_id: Option<i64>,
}

#[utoipa::path(operation_id = "sanity_log", tag = "overlord", params(SanityQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<SanityReport>))))]
#[get("/api/sanity-log")]
pub async fn sanity_log(
    state: web::Data<AppState>,
    query: web::Query<SanityQuery>,
) -> ApiResult<SanityReport> {
    state
        .answer(move |conn| sanity::report(conn, query.run_id))
        .await
}

/// Runs every consistency check now.
#[utoipa::path(operation_id = "sanity_run", tag = "overlord",
    responses((status = 200, body = inline(crate::envelope::Envelope<SanityReport>))))]
#[post("/api/sanity-log/run")]
pub async fn sanity_run(caller: Caller, state: web::Data<AppState>) -> ApiResult<SanityReport> {
    state
        .answer(move |conn| sanity::run_now(conn, &caller))
        .await
}

/// Schools, teachers, learners and e-mails that hold the text.
#[utoipa::path(operation_id = "search", tag = "overlord", params(SearchQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<SearchResults>))))]
#[get("/api/search")]
pub async fn search_everything(
    state: web::Data<AppState>,
    query: web::Query<SearchQuery>,
) -> ApiResult<SearchResults> {
    state.answer(move |conn| search::search(conn, &query)).await
}

/// The job table: counts per status and the newest jobs.
#[utoipa::path(operation_id = "task_list", tag = "overlord", params(TaskQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<TaskList>))))]
#[get("/api/task")]
pub async fn task_list(
    state: web::Data<AppState>,
    query: web::Query<TaskQuery>,
) -> ApiResult<TaskList> {
    state.answer(move |conn| tasks::list(conn, &query)).await
}

/// Sends a failed job round again.
#[utoipa::path(operation_id = "task_retry", tag = "overlord", params(IdOf<JobId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<TaskView>)),
        (status = 409, description = "Only a failed task goes round again", body = crate::error::ErrorBody)))]
#[post("/api/task/{id}/retry")]
pub async fn task_retry(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<JobId>>,
) -> ApiResult<TaskView> {
    state
        .answer(move |conn| tasks::retry(conn, &caller, path.id))
        .await
}
