//! Schools' entries in olympiads (school participants): Participating Schools, and the teacher's
//! own entries in the portal.

use crate::access::Caller;
use crate::body::Body;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::listing::{given, when, GridQuery};
use crate::routes::user::IdPath;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web, HttpResponse};
use olympiad_documents::Table;
use olympiad_domain::school::EntryStatus;
use olympiad_domain::Role;
use olympiad_office::activity::record_activity;
use olympiad_office::find_in_reach;
use olympiad_office::OrNotFound;
use olympiad_persistence::models::{
    Olympiad, Participant, ParticipantFilter, SchoolParticipant, SchoolParticipantFilter,
    SchoolParticipantRow, Teacher, TeamMember,
};
use olympiad_persistence::DbConnection;
use serde::Deserialize;
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct EntryListQuery {
    /// Required for staff; a teacher without it sees their entries in every olympiad.
    pub olympiad_id: Option<i64>,
    pub status: Option<String>,
    pub province: Option<String>,
    pub school_id: Option<i64>,
}

fn entry_table(rows: &[SchoolParticipantRow]) -> Table {
    let mut table = Table::new(&[
        "School",
        "EMIS number",
        "Province",
        "Town",
        "Olympiad",
        "Status",
        "Entered",
        "Contact",
        "Contact e-mail",
        "Team admins",
        "Learners",
    ]);
    for row in rows {
        table.push(vec![
            row.school_name.as_str().into(),
            row.emis_number.clone().into(),
            row.province.as_str().into(),
            row.town.as_str().into(),
            row.olympiad_title.as_str().into(),
            row.entry.status.as_str().into(),
            when(Some(row.entry.entered_at)).into(),
            row.contact_name.clone().into(),
            row.contact_email.clone().into(),
            row.team_admins.join(", ").into(),
            row.learner_count.into(),
        ]);
    }
    table
}

/// Participating Schools; for a teacher, the entries whose team they are in.
#[utoipa::path(
    operation_id = "school_participant_list",
    tag = "schools",
    params(EntryListQuery, GridQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "A page of entries, or a CSV or XLSX file", body = inline(crate::envelope::Envelope<olympiad_persistence::models::Paged<SchoolParticipantRow>>)), (status = 400, body = crate::error::ErrorBody))
)]
#[get("/api/school-participant")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<EntryListQuery>,
    grid: web::Query<GridQuery>,
) -> Result<HttpResponse, ApiError> {
    let teacher = caller.role == Role::Teacher;
    let olympiad_id = if teacher {
        if let Some(id) = query.olympiad_id {
            caller.require_olympiad(id)?;
        }
        query.olympiad_id
    } else {
        caller.olympiad_scope(query.olympiad_id)?
    };
    let filter = SchoolParticipantFilter {
        olympiad_id,
        school_id: query.school_id,
        team_user_id: teacher.then_some(caller.user_id),
        search: grid.search(),
        status: given(&query.status),
        province: given(&query.province),
        sort: grid.sort(),
    };
    let page = grid.page()?;
    let rows = state
        .db
        .run(move |conn| Ok(SchoolParticipant::list(conn, &filter, page)?))
        .await?;
    grid.respond(rows, "participating-schools", entry_table)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewEntry {
    pub olympiad_id: i64,
    /// Staff: any school. A teacher: their own school (default).
    pub school_id: Option<i64>,
    /// The user of a teacher of the school, who becomes the contact and a team admin.
    pub contact_teacher_id: Option<i64>,
}

/// The teacher (by user) of `school_id`, checked to be one.
fn teacher_of_school(
    conn: &mut DbConnection,
    user_id: i64,
    school_id: i64,
) -> Result<Teacher, ApiError> {
    let teacher = Teacher::by_user(conn, user_id)?
        .ok_or_else(|| ApiError::invalid_field("contactTeacherId", "is not a teacher"))?;
    if teacher.school_id.is_some_and(|s| s != school_id) {
        return Err(ApiError::invalid_field(
            "contactTeacherId",
            "teaches at another school",
        ));
    }
    Teacher::ensure(conn, user_id, Some(school_id)).map_err(Into::into)
}

/// Enters a school in an olympiad. Staff enter any school; a teacher enters their own school in an
/// open olympiad and becomes its team admin. Entering twice answers the entry that exists.
#[utoipa::path(
    operation_id = "school_participant_create",
    tag = "schools",
    request_body = NewEntry,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<SchoolParticipant>)), (status = 400, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody))
)]
#[post("/api/school-participant")]
pub async fn create(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<NewEntry>,
) -> ApiResult<SchoolParticipant> {
    let body = body.into_inner();
    caller.require_olympiad(body.olympiad_id)?;
    let entered = state
        .db
        .transaction(move |conn| {
            let olympiad = Olympiad::find(conn, body.olympiad_id)
                .or_invalid("olympiadId", "is not an olympiad")?;
            let (school_id, contact) = if caller.role == Role::Teacher {
                if !olympiad.is_open {
                    return Err(ApiError::invalid_field(
                        "olympiadId",
                        "is not open for entries",
                    ));
                }
                let own = Teacher::by_user(conn, caller.user_id)?.and_then(|t| t.school_id);
                let school_id =
                    match (own, body.school_id) {
                        (Some(own), None) => own,
                        (Some(own), Some(asked)) if own == asked => own,
                        _ => return Err(ApiError::invalid_field(
                            "schoolId",
                            "must be your own school (ask the olympiad office to link you to it)",
                        )),
                    };
                (school_id, Some(caller.user_id))
            } else {
                let school_id = body
                    .school_id
                    .ok_or_else(|| ApiError::invalid_field("schoolId", "is required"))?;
                olympiad_persistence::models::School::find(conn, school_id)
                    .or_invalid("schoolId", "is not a school")?;
                (school_id, body.contact_teacher_id)
            };
            let teacher = contact
                .map(|user_id| teacher_of_school(conn, user_id, school_id))
                .transpose()?;
            let (entry, created) =
                SchoolParticipant::ensure(conn, olympiad.id, school_id, contact)?;
            if let Some(teacher) = teacher {
                // A teacher who enters a school already entered is answered that entry only if
                // they are in its team already: its team admins decide who joins, and entering
                // again must not make anyone a team admin.
                if caller.role == Role::Teacher && !created {
                    if TeamMember::of_user(conn, entry.id, caller.user_id)?.is_none() {
                        record_activity(
                            conn,
                            &caller,
                            "entry_join_refused",
                            Some(entry.olympiad_id),
                            json!({ "schoolParticipantId": entry.id, "schoolId": entry.school_id }),
                        )?;
                        return Ok(None);
                    }
                } else {
                    TeamMember::ensure(conn, entry.id, teacher.id, true)?;
                }
            }
            if created {
                record_activity(
                    conn,
                    &caller,
                    "school_entered",
                    Some(olympiad.id),
                    json!({ "schoolParticipantId": entry.id, "schoolId": school_id }),
                )?;
            }
            Ok(Some(entry))
        })
        .await?;
    // None: the school was entered already and the teacher is not in its team (the try is logged).
    entered.map(ok).unwrap_or_else(|| {
        Err(ApiError::forbidden(
            "Your school is already entered in this olympiad. Ask its team admin to add you to the team.",
        ))
    })
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntryChanges {
    pub status: EntryStatus,
    /// The user of a teacher in the entry's team.
    pub contact_teacher_id: Option<i64>,
}

#[utoipa::path(
    operation_id = "school_participant_update",
    tag = "schools",
    params(IdPath),
    request_body = EntryChanges,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<SchoolParticipant>)), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody))
)]
#[put("/api/school-participant/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    body: Body<EntryChanges>,
) -> ApiResult<SchoolParticipant> {
    let (id, changes) = (path.id, body.into_inner());
    ok(state
        .db
        .transaction(move |conn| {
            let entry = find_in_reach::<SchoolParticipant>(conn, &caller, id)?;
            if let Some(user_id) = changes.contact_teacher_id {
                if TeamMember::of_user(conn, id, user_id)?.is_none() {
                    return Err(ApiError::invalid_field(
                        "contactTeacherId",
                        "is not in this entry's team",
                    ));
                }
            }
            let updated = SchoolParticipant::update(
                conn,
                id,
                changes.status.as_str(),
                changes.contact_teacher_id,
            )?;
            record_activity(
                conn,
                &caller,
                "school_entry_updated",
                Some(entry.olympiad_id),
                json!({ "schoolParticipantId": id, "status": updated.status }),
            )?;
            Ok(updated)
        })
        .await?)
}

/// Removes an entry, its team and its learners' sign-ins. An entry whose learners have started
/// writing is withdrawn instead (status), so that their work is kept.
#[utoipa::path(
    operation_id = "school_participant_delete",
    tag = "schools",
    params(IdPath),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody))
)]
#[delete("/api/school-participant/{id}")]
pub async fn delete_entry(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
) -> ApiResult<bool> {
    let id = path.id;
    state
        .db
        .transaction(move |conn| {
            let entry = find_in_reach::<SchoolParticipant>(conn, &caller, id)?;
            let participants = Participant::list(
                conn,
                &ParticipantFilter { school_participant_id: Some(id), ..Default::default() },
                None,
            )?;
            if participants.rows.iter().any(|p| p.participant.status != "registered") {
                return Err(ApiError::conflict(
                    "Learners of this entry have started writing. Set its status to withdrawn instead.",
                ));
            }
            SchoolParticipant::delete(conn, id)?;
            Ok(record_activity(conn, &caller, "school_entry_deleted", Some(entry.olympiad_id), json!({ "schoolParticipantId": id, "schoolId": entry.school_id, "learners": participants.total }))?)
        })
        .await?;
    ok(true)
}
