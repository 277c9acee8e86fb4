//! Schools' entries in an olympiad (school participants): Participating Schools for staff, a
//! teacher's own entries in the portal, entering a school, and withdrawing or removing an entry.

use crate::activity::record_activity;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult, OrNotFound};
use crate::support::listing::{given, when, Grid};
use crate::support::scope::find_in_reach;
use olympiad_documents::Table;
use olympiad_domain::id::{OlympiadId, SchoolId, SchoolParticipantId, UserId};
use olympiad_domain::school::{EntryStatus, ParticipantStatus};
use olympiad_domain::Role;
use olympiad_persistence::models::{
    Olympiad, Paged, Participant, ParticipantFilter, School, SchoolParticipant,
    SchoolParticipantFilter, SchoolParticipantRow, Teacher, TeamMember,
};
use olympiad_persistence::{write_transaction, DbConnection};
use serde::Deserialize;
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct EntryListQuery {
    /// Required for staff; a teacher without it sees their entries in every olympiad.
    #[param(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
    pub status: Option<String>,
    pub province: Option<String>,
    #[param(value_type = Option<i64>, minimum = 1)]
    pub school_id: Option<SchoolId>,
}

/// Participating Schools; for a teacher, the entries whose team they are in.
pub fn list(
    conn: &mut DbConnection,
    caller: &Caller,
    query: &EntryListQuery,
    grid: Grid,
) -> OfficeResult<Paged<SchoolParticipantRow>> {
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
        search: grid.search,
        status: given(&query.status),
        province: given(&query.province),
        sort: grid.sort,
    };
    Ok(SchoolParticipant::list(conn, &filter, grid.page)?)
}

/// Participating Schools as a spreadsheet.
pub fn entry_table(rows: &[SchoolParticipantRow]) -> Table {
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

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewEntry {
    #[schema(value_type = i64, minimum = 1)]
    pub olympiad_id: OlympiadId,
    /// Staff: any school. A teacher: their own school (default).
    #[schema(value_type = Option<i64>, minimum = 1)]
    pub school_id: Option<SchoolId>,
    /// The user of a teacher of the school, who becomes the contact and a team admin.
    #[schema(value_type = Option<i64>, minimum = 1)]
    pub contact_teacher_id: Option<UserId>,
}

/// The teacher (by user) of `school_id`, checked to be one.
fn teacher_of_school(
    conn: &mut DbConnection,
    user_id: UserId,
    school_id: SchoolId,
) -> OfficeResult<Teacher> {
    let teacher = Teacher::by_user(conn, user_id)?
        .ok_or_else(|| OfficeError::invalid("contactTeacherId", "is not a teacher"))?;
    if teacher.school_id.is_some_and(|s| s != school_id) {
        return Err(OfficeError::invalid(
            "contactTeacherId",
            "teaches at another school",
        ));
    }
    Ok(Teacher::ensure(conn, user_id, Some(school_id))?)
}

/// The school to enter and the user who becomes its contact: staff name any school and, if they
/// like, one of its teachers; a teacher enters their own school, in an open olympiad only.
fn school_and_contact(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad: &Olympiad,
    asked: &NewEntry,
) -> OfficeResult<(SchoolId, Option<UserId>)> {
    if caller.role != Role::Teacher {
        let school_id = asked
            .school_id
            .ok_or_else(|| OfficeError::invalid("schoolId", "is required"))?;
        School::find(conn, school_id).or_invalid("schoolId", "is not a school")?;
        return Ok((school_id, asked.contact_teacher_id));
    }
    if !olympiad.is_open {
        return Err(OfficeError::invalid(
            "olympiadId",
            "is not open for entries",
        ));
    }
    let own = Teacher::by_user(conn, caller.user_id)?.and_then(|t| t.school_id);
    match (own, asked.school_id) {
        (Some(own), None) => Ok((own, Some(caller.user_id))),
        (Some(own), Some(asked)) if own == asked => Ok((own, Some(caller.user_id))),
        _ => Err(OfficeError::invalid(
            "schoolId",
            "must be your own school (ask the olympiad office to link you to it)",
        )),
    }
}

/// Enters a school in an olympiad. Staff enter any school; a teacher enters their own school in an
/// open olympiad and becomes its team admin. Entering twice answers the entry that exists.
pub fn enter(
    conn: &mut DbConnection,
    caller: &Caller,
    asked: &NewEntry,
) -> OfficeResult<SchoolParticipant> {
    caller.require_olympiad(asked.olympiad_id)?;
    let entered = write_transaction(conn, |conn| -> OfficeResult<Option<SchoolParticipant>> {
        let olympiad = Olympiad::find(conn, asked.olympiad_id)
            .or_invalid("olympiadId", "is not an olympiad")?;
        let (school_id, contact) = school_and_contact(conn, caller, &olympiad, asked)?;
        let teacher = contact
            .map(|user_id| teacher_of_school(conn, user_id, school_id))
            .transpose()?;
        let (entry, created) = SchoolParticipant::ensure(conn, olympiad.id, school_id, contact)?;
        if let Some(teacher) = teacher {
            // A teacher who enters a school already entered is answered that entry only if
            // they are in its team already: its team admins decide who joins, and entering
            // again must not make anyone a team admin.
            if caller.role == Role::Teacher && !created {
                if TeamMember::of_user(conn, entry.id, caller.user_id)?.is_none() {
                    let details =
                        json!({ "schoolParticipantId": entry.id, "schoolId": entry.school_id });
                    let olympiad_id = Some(entry.olympiad_id);
                    record_activity(conn, caller, "entry_join_refused", olympiad_id, details)?;
                    return Ok(None);
                }
            } else {
                TeamMember::ensure(conn, entry.id, teacher.id, true)?;
            }
        }
        if created {
            let details = json!({ "schoolParticipantId": entry.id, "schoolId": school_id });
            record_activity(conn, caller, "school_entered", Some(olympiad.id), details)?;
        }
        Ok(Some(entry))
    })?;
    // None: the school was entered already and the teacher is not in its team. The refusal comes
    // after the transaction, so that the try stays in the activity log.
    entered.ok_or_else(|| {
        OfficeError::forbidden(
            "Your school is already entered in this olympiad. Ask its team admin to add you to the team.",
        )
    })
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntryChanges {
    pub status: EntryStatus,
    /// The user of a teacher in the entry's team.
    #[schema(value_type = Option<i64>, minimum = 1)]
    pub contact_teacher_id: Option<UserId>,
}

pub fn update(
    conn: &mut DbConnection,
    caller: &Caller,
    id: SchoolParticipantId,
    changes: &EntryChanges,
) -> OfficeResult<SchoolParticipant> {
    write_transaction(conn, |conn| {
        let entry = find_in_reach::<SchoolParticipant>(conn, caller, id)?;
        if let Some(user_id) = changes.contact_teacher_id {
            if TeamMember::of_user(conn, id, user_id)?.is_none() {
                return Err(OfficeError::invalid(
                    "contactTeacherId",
                    "is not in this entry's team",
                ));
            }
        }
        let updated =
            SchoolParticipant::update(conn, id, changes.status, changes.contact_teacher_id)?;
        let details = json!({ "schoolParticipantId": id, "status": updated.status });
        record_activity(
            conn,
            caller,
            "school_entry_updated",
            Some(entry.olympiad_id),
            details,
        )?;
        Ok(updated)
    })
}

/// Removes an entry, its team and its learners' sign-ins. An entry whose learners have started
/// writing is withdrawn instead (status), so that their work is kept.
pub fn delete(
    conn: &mut DbConnection,
    caller: &Caller,
    id: SchoolParticipantId,
) -> OfficeResult<()> {
    write_transaction(conn, |conn| {
        let entry = find_in_reach::<SchoolParticipant>(conn, caller, id)?;
        let participants = Participant::list(
            conn,
            &ParticipantFilter {
                school_participant_id: Some(id),
                ..Default::default()
            },
            None,
        )?;
        if participants
            .rows
            .iter()
            .any(|p| p.participant.status != ParticipantStatus::Registered)
        {
            return Err(OfficeError::conflict(
                "Learners of this entry have started writing. Set its status to withdrawn instead.",
            ));
        }
        SchoolParticipant::delete(conn, id)?;
        let details = json!({ "schoolParticipantId": id, "schoolId": entry.school_id, "learners": participants.total });
        record_activity(
            conn,
            caller,
            "school_entry_deleted",
            Some(entry.olympiad_id),
            details,
        )
    })
}
