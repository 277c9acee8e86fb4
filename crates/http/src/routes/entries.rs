//! Schools' entries in olympiads (school participants): Participating Schools, and the teacher's
//! own entries in the portal.

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::ApiResult;
use crate::error::ApiError;
use crate::listing::GridQuery;
use crate::manifest::{Area, Kind, ADMIN_OR_OVERLORD, FINANCE_OR_TEAM, TEAM_OR_ADMIN};
use crate::routes::IdOf;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web, HttpResponse};
use olympiad_domain::id::SchoolParticipantId;
use olympiad_office::entries::{self, EntryChanges, EntryListQuery, NewEntry};
use olympiad_persistence::models::{SchoolParticipant, SchoolParticipantRow};

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("entries")
        .route(list, FINANCE_OR_TEAM)
        .route(create, TEAM_OR_ADMIN)
        .beyond_schema("a teacher may enter only their own school")
        .route(update, ADMIN_OR_OVERLORD)
        .names(Kind::Entry)
        .route(delete_entry, ADMIN_OR_OVERLORD)
        .names(Kind::Entry)
}

/// Participating Schools; for a teacher, the entries whose team they are in.
#[utoipa::path(
    operation_id = "school_participant_list",
    tag = "schools",
    params(EntryListQuery, GridQuery),
    responses((status = 200, description = "A page of entries, or a CSV or XLSX file", body = inline(crate::envelope::Envelope<olympiad_persistence::models::Paged<SchoolParticipantRow>>)))
)]
#[get("/api/school-participant")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<EntryListQuery>,
    grid: web::Query<GridQuery>,
) -> Result<HttpResponse, ApiError> {
    grid.answer(
        &state.db,
        "participating-schools",
        entries::entry_table,
        move |conn, asked| entries::list(conn, &caller, &query, asked),
    )
    .await
}

/// Enters a school in an olympiad. Staff enter any school; a teacher enters their own school in an
/// open olympiad and becomes its team admin. Entering twice answers the entry that exists.
#[utoipa::path(
    operation_id = "school_participant_create",
    tag = "schools",
    request_body = NewEntry,
    responses((status = 200, body = inline(crate::envelope::Envelope<SchoolParticipant>)))
)]
#[post("/api/school-participant")]
pub async fn create(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<NewEntry>,
) -> ApiResult<SchoolParticipant> {
    let asked = body.into_inner();
    state
        .answer(move |conn| entries::enter(conn, &caller, &asked))
        .await
}

#[utoipa::path(
    operation_id = "school_participant_update",
    tag = "schools",
    params(IdOf<SchoolParticipantId>),
    request_body = EntryChanges,
    responses((status = 200, body = inline(crate::envelope::Envelope<SchoolParticipant>)))
)]
#[put("/api/school-participant/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<SchoolParticipantId>>,
    body: Body<EntryChanges>,
) -> ApiResult<SchoolParticipant> {
    let changes = body.into_inner();
    state
        .answer(move |conn| entries::update(conn, &caller, path.id, &changes))
        .await
}

/// Removes an entry, its team and its learners' sign-ins. An entry whose learners have started
/// writing is withdrawn instead (status), so that their work is kept.
#[utoipa::path(
    operation_id = "school_participant_delete",
    tag = "schools",
    params(IdOf<SchoolParticipantId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 409, body = crate::error::ErrorBody))
)]
#[delete("/api/school-participant/{id}")]
pub async fn delete_entry(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<SchoolParticipantId>>,
) -> ApiResult<bool> {
    state
        .answer_done(move |conn| entries::delete(conn, &caller, path.id))
        .await
}
