//! Schools: the Schools grids of staff and overlord, the teacher's own school, and merges.

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::ApiResult;
use crate::error::ApiError;
use crate::listing::GridQuery;
use crate::manifest::{Area, Kind, ADMIN_OR_OVERLORD, OVERLORD, SCHOOL_READERS, TEACHER};
use crate::routes::{IdOf, MergeQuery};
use crate::state::AppState;
use actix_web::{delete, get, post, put, web, HttpResponse};
use olympiad_domain::id::SchoolId;
use olympiad_office::merges;
use olympiad_office::schools::{self, MySchool, SchoolInput, SchoolListQuery, SingleQuery};
use olympiad_persistence::models::merge::SchoolMergePlan;
use olympiad_persistence::models::{School, SchoolRow};

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("schools")
        .route(list, SCHOOL_READERS)
        .route(single, TEACHER)
        .route(update_single, TEACHER)
        .beyond_schema("province is required for a school in South Africa")
        .route(merge_preview, OVERLORD)
        .beyond_schema("survivorId must differ from the school merged into it")
        .route(merge, OVERLORD)
        .beyond_schema("survivorId must differ from the school merged into it")
        .route(create, ADMIN_OR_OVERLORD)
        .beyond_schema(
            "province is required for a school in South Africa (countryCode ZA, the default)",
        )
        .route(update, ADMIN_OR_OVERLORD)
        .names(Kind::School)
        .beyond_schema("province is required for a school in South Africa")
        .route(delete_school, OVERLORD)
        .names(Kind::School)
}

/// The Schools grid: every school, with its entry in the olympiad (if any).
#[utoipa::path(
    operation_id = "school_list",
    tag = "schools",
    params(SchoolListQuery, GridQuery),
    responses(
        (status = 200, description = "A page of schools, or with `format` a CSV or XLSX file of every selected school", body = inline(crate::envelope::Envelope<olympiad_persistence::models::Paged<SchoolRow>>)),
    )
)]
#[get("/api/school")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<SchoolListQuery>,
    grid: web::Query<GridQuery>,
) -> Result<HttpResponse, ApiError> {
    grid.answer(
        &state.db,
        "schools",
        schools::school_table,
        move |conn, asked| schools::list(conn, &caller, &query, asked),
    )
    .await
}

#[utoipa::path(
    operation_id = "school_create",
    tag = "schools",
    request_body = SchoolInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<School>)))
)]
#[post("/api/school")]
pub async fn create(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<SchoolInput>,
) -> ApiResult<School> {
    let input = body.into_inner();
    state
        .answer(move |conn| schools::create(conn, &caller, &input))
        .await
}

#[utoipa::path(
    operation_id = "school_update",
    tag = "schools",
    params(IdOf<SchoolId>),
    request_body = SchoolInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<School>)))
)]
#[put("/api/school/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<SchoolId>>,
    body: Body<SchoolInput>,
) -> ApiResult<School> {
    let input = body.into_inner();
    state
        .answer(move |conn| schools::update(conn, &caller, path.id, &input))
        .await
}

/// Deletes a school that nothing refers to; one with entries, teachers or learners is merged instead.
#[utoipa::path(
    operation_id = "school_delete",
    tag = "schools",
    params(IdOf<SchoolId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 409, description = "Still has entries, teachers or learners: merge it instead", body = crate::error::ErrorBody))
)]
#[delete("/api/school/{id}")]
pub async fn delete_school(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<SchoolId>>,
) -> ApiResult<bool> {
    state
        .answer_done(move |conn| schools::delete(conn, &caller, path.id))
        .await
}

#[utoipa::path(
    operation_id = "school_single",
    tag = "schools",
    params(SingleQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<MySchool>)))
)]
#[get("/api/school/single")]
pub async fn single(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<SingleQuery>,
) -> ApiResult<MySchool> {
    let query = query.into_inner();
    state
        .answer(move |conn| schools::my_school(conn, &caller, &query))
        .await
}

/// A team admin corrects their school's details.
#[utoipa::path(
    operation_id = "school_update_single",
    tag = "schools",
    params(SingleQuery),
    request_body = SchoolInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<School>)))
)]
#[put("/api/school/single")]
pub async fn update_single(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<SingleQuery>,
    body: Body<SchoolInput>,
) -> ApiResult<School> {
    let (query, input) = (query.into_inner(), body.into_inner());
    state
        .answer(move |conn| schools::update_mine(conn, &caller, &query, &input))
        .await
}

/// What merging the duplicate into the survivor will move.
#[utoipa::path(
    operation_id = "school_merge_preview",
    tag = "schools",
    params(MergeQuery<SchoolId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<SchoolMergePlan>)))
)]
#[get("/api/school/merge-preview")]
pub async fn merge_preview(
    state: web::Data<AppState>,
    query: web::Query<MergeQuery<SchoolId>>,
) -> ApiResult<SchoolMergePlan> {
    let survivor = query.survivor_id;
    state
        .answer(move |conn| merges::preview(conn, query.duplicate_id, survivor))
        .await
}

/// Merges in one transaction and notes it in the activity log with everything that moved.
#[utoipa::path(
    operation_id = "school_merge",
    tag = "schools",
    params(MergeQuery<SchoolId>),
    responses((status = 200, description = "What moved", body = inline(crate::envelope::Envelope<SchoolMergePlan>)))
)]
#[post("/api/school/merge")]
pub async fn merge(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<MergeQuery<SchoolId>>,
) -> ApiResult<SchoolMergePlan> {
    let survivor = query.survivor_id;
    state
        .answer(move |conn| merges::merge(conn, &caller, query.duplicate_id, survivor))
        .await
}
