//! Teachers: the staff's Teachers, All Teachers and Team Admins grids, and a teacher's own profile.

use crate::access::Caller;
use crate::body::Body;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::listing::{when, GridQuery};
use crate::routes::user::IdPath;
use crate::state::AppState;
use actix_web::{get, put, web, HttpResponse};
use olympiad_documents::Table;
use olympiad_office::activity::record_activity;
use olympiad_office::fields::{required_field, text_field};
use olympiad_office::find_in_reach;
use olympiad_office::OrNotFound;
use olympiad_persistence::models::{
    School, Teacher, TeacherFields, TeacherFilter, TeacherRow, User, UserChanges,
};
use olympiad_persistence::DbConnection;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TeacherListQuery {
    pub olympiad_id: Option<i64>,
    /// Every teacher of the platform, not only those in a team of this olympiad.
    #[serde(default)]
    pub all: bool,
    /// Only team admins.
    #[serde(default)]
    pub team_admins: bool,
}

fn teacher_table(rows: &[TeacherRow]) -> Table {
    let mut table = Table::new(&[
        "Title",
        "First name",
        "Last name",
        "E-mail",
        "Cell",
        "Subject",
        "School",
        "Team admin",
        "Last sign-in",
    ]);
    for row in rows {
        table.push(vec![
            row.teacher.title.as_str().into(),
            row.first_name.as_str().into(),
            row.last_name.as_str().into(),
            row.email.clone().into(),
            row.teacher.cell.as_str().into(),
            row.teacher.subject.as_str().into(),
            row.school_name.clone().into(),
            row.teams.iter().any(|t| t.is_team_admin).into(),
            when(row.last_login_at).into(),
        ]);
    }
    table
}

/// Teachers (this olympiad's, `all=false`), All Teachers (`all=true`) and Team Admins (`teamAdmins=true`).
#[utoipa::path(
    operation_id = "teacher_list",
    tag = "schools",
    params(TeacherListQuery, GridQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "A page of teachers, or a CSV or XLSX file", body = inline(crate::envelope::Envelope<olympiad_persistence::models::Paged<TeacherRow>>)), (status = 400, body = crate::error::ErrorBody))
)]
#[get("/api/teacher")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<TeacherListQuery>,
    grid: web::Query<GridQuery>,
) -> Result<HttpResponse, ApiError> {
    let olympiad_id = caller.olympiad_scope(query.olympiad_id)?;
    let filter = TeacherFilter {
        olympiad_id,
        all: query.all,
        team_admins: query.team_admins,
        search: grid.search(),
        sort: grid.sort(),
    };
    let page = grid.page()?;
    let rows = state
        .db
        .run(move |conn| Ok(Teacher::list(conn, &filter, page)?))
        .await?;
    let name = if query.team_admins {
        "team-admins"
    } else {
        "teachers"
    };
    grid.respond(rows, name, teacher_table)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeacherInput {
    #[serde(default)]
    pub title: String,
    pub first_name: String,
    pub last_name: String,
    #[serde(default)]
    pub cell: String,
    #[serde(default)]
    pub subject: String,
    /// Staff only: the teacher's school.
    pub school_id: Option<i64>,
}

/// Saves a teacher's names (on their user) and details.
fn save_teacher(
    conn: &mut DbConnection,
    teacher: &Teacher,
    input: &TeacherInput,
    school_id: Option<i64>,
) -> Result<(), ApiError> {
    if let Some(id) = school_id {
        School::find(conn, id).or_invalid("schoolId", "is not a school")?;
    }
    User::update(
        conn,
        teacher.user_id,
        &UserChanges {
            first_name: Some(required_field("firstName", &input.first_name, 100)?),
            last_name: Some(required_field("lastName", &input.last_name, 100)?),
            ..Default::default()
        },
    )?;
    let cell = text_field("cell", &input.cell, 40)?;
    if !cell.is_empty() && cell.chars().filter(char::is_ascii_digit).count() < 9 {
        return Err(ApiError::invalid_field(
            "cell",
            "must be a phone number (at least 9 digits)",
        ));
    }
    Teacher::update(
        conn,
        teacher.id,
        &TeacherFields {
            school_id,
            title: text_field("title", &input.title, 20)?,
            cell,
            subject: text_field("subject", &input.subject, 100)?,
        },
    )?;
    Ok(())
}

#[utoipa::path(
    operation_id = "teacher_update",
    tag = "schools",
    params(IdPath),
    request_body = TeacherInput,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<TeacherRow>)), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody))
)]
#[put("/api/teacher/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    body: Body<TeacherInput>,
) -> ApiResult<TeacherRow> {
    let (id, input) = (path.id, body.into_inner());
    ok(state
        .db
        .transaction(move |conn| {
            let teacher = find_in_reach::<Teacher>(conn, &caller, id)?;
            save_teacher(conn, &teacher, &input, input.school_id)?;
            record_activity(
                conn,
                &caller,
                "teacher_updated",
                None,
                json!({ "teacherId": id }),
            )?;
            Teacher::rows_by_ids(conn, &[id], None)?
                .pop()
                .ok_or_else(|| ApiError::not_found("This teacher"))
        })
        .await?)
}

/// The signed-in teacher's own details.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeacherProfile {
    pub title: String,
    pub first_name: String,
    pub last_name: String,
    /// Also the username; the olympiad office changes it.
    pub email: Option<String>,
    pub cell: String,
    pub subject: String,
    pub school: Option<School>,
}

fn profile_of(conn: &mut DbConnection, user_id: i64) -> Result<TeacherProfile, ApiError> {
    let user = User::find(conn, user_id)?;
    let teacher = Teacher::by_user(conn, user_id)?;
    let school = match teacher.as_ref().and_then(|t| t.school_id) {
        Some(id) => Some(School::find(conn, id)?),
        None => None,
    };
    Ok(TeacherProfile {
        title: teacher
            .as_ref()
            .map(|t| t.title.clone())
            .unwrap_or_default(),
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email.or(Some(user.username)),
        cell: teacher.as_ref().map(|t| t.cell.clone()).unwrap_or_default(),
        subject: teacher.map(|t| t.subject).unwrap_or_default(),
        school,
    })
}

#[utoipa::path(
    operation_id = "teacher_profile",
    tag = "schools",
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<TeacherProfile>)))
)]
#[get("/api/teacher/profile")]
pub async fn profile(caller: Caller, state: web::Data<AppState>) -> ApiResult<TeacherProfile> {
    ok(state
        .db
        .run(move |conn| profile_of(conn, caller.user_id))
        .await?)
}

#[utoipa::path(
    operation_id = "teacher_update_profile",
    tag = "schools",
    request_body = TeacherInput,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<TeacherProfile>)), (status = 400, body = crate::error::ErrorBody))
)]
#[put("/api/teacher/profile")]
pub async fn update_profile(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<TeacherInput>,
) -> ApiResult<TeacherProfile> {
    let input = body.into_inner();
    ok(state
        .db
        .transaction(move |conn| {
            let teacher = Teacher::ensure(conn, caller.user_id, None)?;
            // A teacher's school is set by the olympiad office (or by an entry), not by themselves.
            save_teacher(conn, &teacher, &input, teacher.school_id)?;
            profile_of(conn, caller.user_id)
        })
        .await?)
}
