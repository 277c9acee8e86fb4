//! Teachers: the staff's Teachers, All Teachers and Team Admins grids, and a teacher's own profile.

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::ApiResult;
use crate::error::ApiError;
use crate::listing::GridQuery;
use crate::manifest::{Area, Kind, ADMIN_OR_OVERLORD, STAFF, TEACHER};
use crate::routes::IdOf;
use crate::state::AppState;
use actix_web::{get, put, web, HttpResponse};
use olympiad_domain::id::TeacherId;
use olympiad_office::teachers::{self, TeacherInput, TeacherListQuery, TeacherProfile};
use olympiad_persistence::models::TeacherRow;

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("teachers")
        .route(list, STAFF)
        .route(profile, TEACHER)
        .route(update_profile, TEACHER)
        .route(update, ADMIN_OR_OVERLORD)
        .names(Kind::Teacher)
}

/// Teachers (this olympiad's, `all=false`), All Teachers (`all=true`) and Team Admins (`teamAdmins=true`).
#[utoipa::path(
    operation_id = "teacher_list",
    tag = "schools",
    params(TeacherListQuery, GridQuery),
    responses((status = 200, description = "A page of teachers, or a CSV or XLSX file", body = inline(crate::envelope::Envelope<olympiad_persistence::models::Paged<TeacherRow>>)))
)]
#[get("/api/teacher")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<TeacherListQuery>,
    grid: web::Query<GridQuery>,
) -> Result<HttpResponse, ApiError> {
    let name = if query.team_admins {
        "team-admins"
    } else {
        "teachers"
    };
    grid.answer(
        &state.db,
        name,
        teachers::teacher_table,
        move |conn, asked| teachers::list(conn, &caller, &query, asked),
    )
    .await
}

#[utoipa::path(
    operation_id = "teacher_update",
    tag = "schools",
    params(IdOf<TeacherId>),
    request_body = TeacherInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<TeacherRow>)))
)]
#[put("/api/teacher/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<TeacherId>>,
    body: Body<TeacherInput>,
) -> ApiResult<TeacherRow> {
    let input = body.into_inner();
    state
        .answer(move |conn| teachers::update(conn, &caller, path.id, &input))
        .await
}

#[utoipa::path(
    operation_id = "teacher_profile",
    tag = "schools",
    responses((status = 200, body = inline(crate::envelope::Envelope<TeacherProfile>)))
)]
#[get("/api/teacher/profile")]
pub async fn profile(caller: Caller, state: web::Data<AppState>) -> ApiResult<TeacherProfile> {
    state
        .answer(move |conn| teachers::profile(conn, &caller))
        .await
}

#[utoipa::path(
    operation_id = "teacher_update_profile",
    tag = "schools",
    request_body = TeacherInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<TeacherProfile>)))
)]
#[put("/api/teacher/profile")]
pub async fn update_profile(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<TeacherInput>,
) -> ApiResult<TeacherProfile> {
    let input = body.into_inner();
    state
        .answer(move |conn| teachers::update_profile(conn, &caller, &input))
        .await
}
