//! Teachers: the staff's Teachers, All Teachers and Team Admins grids, a teacher's details as staff
//! correct them, and a teacher's own profile.

use crate::activity::record_activity;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult, OrNotFound};
use crate::support::fields::{required_field, text_field};
use crate::support::listing::{when, Grid};
use crate::support::scope::find_in_reach;
use olympiad_documents::Table;
use olympiad_domain::id::{OlympiadId, SchoolId, TeacherId};
use olympiad_persistence::models::{
    Paged, School, Teacher, TeacherFilter, TeacherRow, TeacherUpdateForm, User, UserUpdateForm,
};
use olympiad_persistence::{write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TeacherListQuery {
    #[param(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
    /// Every teacher of the platform, not only those in a team of this olympiad.
    #[serde(default)]
    pub all: bool,
    /// Only team admins.
    #[serde(default)]
    pub team_admins: bool,
}

/// Teachers (this olympiad's, `all=false`), All Teachers (`all=true`) and Team Admins (`teamAdmins=true`).
pub fn list(
    conn: &mut DbConnection,
    caller: &Caller,
    query: &TeacherListQuery,
    grid: Grid,
) -> OfficeResult<Paged<TeacherRow>> {
    let filter = TeacherFilter {
        olympiad_id: caller.olympiad_scope(query.olympiad_id)?,
        all: query.all,
        team_admins: query.team_admins,
        search: grid.search,
        sort: grid.sort,
    };
    Ok(Teacher::list(conn, &filter, grid.page)?)
}

/// The teachers grids as a spreadsheet.
pub fn teacher_table(rows: &[TeacherRow]) -> Table {
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

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeacherInput {
    #[serde(default)]
    #[schema(max_length = 20)]
    pub title: String,
    #[schema(min_length = 1, max_length = 100, pattern = "\\S")]
    pub first_name: String,
    #[schema(min_length = 1, max_length = 100, pattern = "\\S")]
    pub last_name: String,
    #[serde(default)]
    #[schema(max_length = 40, pattern = "^$|^([^0-9]*[0-9]){9}")]
    pub cell: String,
    #[serde(default)]
    #[schema(max_length = 100)]
    pub subject: String,
    /// Staff only: the teacher's school.
    #[schema(value_type = Option<i64>, minimum = 1)]
    pub school_id: Option<SchoolId>,
}

/// Saves a teacher's names (on their user) and details.
fn save_teacher(
    conn: &mut DbConnection,
    teacher: &Teacher,
    input: &TeacherInput,
    school_id: Option<SchoolId>,
) -> OfficeResult<()> {
    if let Some(id) = school_id {
        School::find(conn, id).or_invalid("schoolId", "is not a school")?;
    }
    User::update(
        conn,
        teacher.user_id,
        &UserUpdateForm {
            first_name: Some(required_field("firstName", &input.first_name, 100)?),
            last_name: Some(required_field("lastName", &input.last_name, 100)?),
            ..Default::default()
        },
    )?;
    let cell = text_field("cell", &input.cell, 40)?;
    if !cell.is_empty() && cell.chars().filter(char::is_ascii_digit).count() < 9 {
        return Err(OfficeError::invalid(
            "cell",
            "must be a phone number (at least 9 digits)",
        ));
    }
    Teacher::update(
        conn,
        teacher.id,
        &TeacherUpdateForm {
            school_id,
            title: text_field("title", &input.title, 20)?,
            cell,
            subject: text_field("subject", &input.subject, 100)?,
        },
    )?;
    Ok(())
}

/// Staff correct a teacher's details, their school included.
pub fn update(
    conn: &mut DbConnection,
    caller: &Caller,
    id: TeacherId,
    input: &TeacherInput,
) -> OfficeResult<TeacherRow> {
    write_transaction(conn, |conn| {
        let teacher = find_in_reach::<Teacher>(conn, caller, id)?;
        save_teacher(conn, &teacher, input, input.school_id)?;
        record_activity(
            conn,
            caller,
            "teacher_updated",
            None,
            json!({ "teacherId": id }),
        )?;
        Teacher::rows_by_ids(conn, &[id], None)?
            .pop()
            .ok_or_else(|| OfficeError::NotFound("This teacher".into()))
    })
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

/// The signed-in teacher's own details.
pub fn profile(conn: &mut DbConnection, caller: &Caller) -> OfficeResult<TeacherProfile> {
    let user = User::find(conn, caller.user_id)?;
    let teacher = Teacher::by_user(conn, caller.user_id)?;
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

/// A teacher corrects their own details; their school stays as it is.
pub fn update_profile(
    conn: &mut DbConnection,
    caller: &Caller,
    input: &TeacherInput,
) -> OfficeResult<TeacherProfile> {
    write_transaction(conn, |conn| {
        let teacher = Teacher::ensure(conn, caller.user_id, None)?;
        // A teacher's school is set by the olympiad office (or by an entry), not by themselves.
        save_teacher(conn, &teacher, input, teacher.school_id)?;
        profile(conn, caller)
    })
}
