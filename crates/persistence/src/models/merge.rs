//! Merging a duplicate school (or igeo country) into the one that survives: everything that refers
//! to the duplicate moves to the survivor, then the duplicate is deleted. The caller runs it in one
//! transaction; [`school_merge_plan`] says beforehand what will move.

use crate::error::{DbError, DbResult};
use crate::models::{CountryParticipant, IgeoCountry, School, SchoolForm, SchoolParticipant};
use crate::schema::{
    country_participants, expressions_of_interest, learners, olympiads, participants,
    school_participants, schools, teachers, team_members,
};
use crate::{now, DbConnection};
use diesel::prelude::*;
use olympiad_domain::id::{CountryId, CountryParticipantId, OlympiadId, SchoolId};
use serde::Serialize;
use utoipa::ToSchema;

/// What becomes of one entry of the duplicate.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntryMove {
    /// A school's or a country's entry, as the plan is for a school or a country.
    pub entry_id: i64,
    pub olympiad_title: String,
    /// `moves`: the entry becomes the survivor's; `joins`: the survivor has an entry in that
    /// olympiad already, so the team and learners join it and this entry is deleted.
    pub action: String,
    pub team_members: i64,
    pub participants: i64,
}

/// Everything a merge will move, for the person to see before they confirm.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolMergePlan {
    pub duplicate: School,
    pub survivor: School,
    pub entries: Vec<EntryMove>,
    pub teachers: i64,
    pub learners: i64,
    pub expressions_of_interest: i64,
    /// Fields empty on the survivor that take the duplicate's value.
    pub filled_fields: Vec<String>,
}

/// The survivor's fields with its empty ones taken from the duplicate; and the names of those.
fn filled(survivor: &School, duplicate: &School) -> (SchoolForm, Vec<String>) {
    let mut fields = survivor.details.clone();
    let other = &duplicate.details;
    let mut names = Vec::new();
    let mut take = |name: &str, mine: &mut String, theirs: &String| {
        if mine.trim().is_empty() && !theirs.trim().is_empty() {
            mine.clone_from(theirs);
            names.push(name.to_owned());
        }
    };
    take("district", &mut fields.district, &other.district);
    take("town", &mut fields.town, &other.town);
    take(
        "streetAddress",
        &mut fields.street_address,
        &other.street_address,
    );
    take(
        "postalAddress",
        &mut fields.postal_address,
        &other.postal_address,
    );
    take("phone", &mut fields.phone, &other.phone);
    take("email", &mut fields.email, &other.email);
    take("province", &mut fields.province, &other.province);
    take(
        "languageOfTeaching",
        &mut fields.language_of_teaching,
        &other.language_of_teaching,
    );
    if fields.emis_number.is_none() && other.emis_number.is_some() {
        fields.emis_number.clone_from(&other.emis_number);
        names.push("emisNumber".to_owned());
    }
    if fields.quintile.is_none() && other.quintile.is_some() {
        fields.quintile = other.quintile;
        names.push("quintile".to_owned());
    }
    (fields, names)
}

fn not_into_itself<T: PartialEq>(what: &str, duplicate_id: T, survivor_id: T) -> DbResult<()> {
    if duplicate_id == survivor_id {
        return Err(DbError::Conflict(format!(
            "a {what} cannot be merged into itself"
        )));
    }
    Ok(())
}

fn olympiad_title(conn: &mut DbConnection, olympiad_id: OlympiadId) -> DbResult<String> {
    Ok(olympiads::table
        .find(olympiad_id)
        .select(olympiads::title)
        .first(conn)?)
}

pub fn school_merge_plan(
    conn: &mut DbConnection,
    duplicate_id: SchoolId,
    survivor_id: SchoolId,
) -> DbResult<SchoolMergePlan> {
    not_into_itself("school", duplicate_id, survivor_id)?;
    let duplicate = School::find(conn, duplicate_id)?;
    let survivor = School::find(conn, survivor_id)?;
    let survivor_olympiads: Vec<OlympiadId> = SchoolParticipant::for_school(conn, survivor_id)?
        .iter()
        .map(|e| e.olympiad_id)
        .collect();
    let mut entries = Vec::new();
    for entry in SchoolParticipant::for_school(conn, duplicate_id)? {
        entries.push(EntryMove {
            entry_id: entry.id.get(),
            olympiad_title: olympiad_title(conn, entry.olympiad_id)?,
            action: if survivor_olympiads.contains(&entry.olympiad_id) {
                "joins".into()
            } else {
                "moves".into()
            },
            team_members: team_members::table
                .filter(team_members::school_participant_id.eq(entry.id))
                .count()
                .get_result(conn)?,
            participants: participants::table
                .filter(participants::school_participant_id.eq(entry.id))
                .count()
                .get_result(conn)?,
        });
    }
    let entry_ids: Vec<i64> = entries.iter().map(|e| e.entry_id).collect();
    let (_, filled_fields) = filled(&survivor, &duplicate);
    Ok(SchoolMergePlan {
        teachers: teachers::table
            .filter(teachers::school_id.eq(duplicate_id))
            .count()
            .get_result(conn)?,
        learners: learners::table
            .filter(learners::school_id.eq(duplicate_id))
            .count()
            .get_result(conn)?,
        expressions_of_interest: expressions_of_interest::table
            .filter(expressions_of_interest::school_participant_id.eq_any(&entry_ids))
            .count()
            .get_result(conn)?,
        duplicate,
        survivor,
        entries,
        filled_fields,
    })
}

/// Merges the duplicate into the survivor; answers the plan it carried out. Run it inside a
/// transaction: halfway is never a state to leave behind.
pub fn merge_schools(
    conn: &mut DbConnection,
    duplicate_id: SchoolId,
    survivor_id: SchoolId,
) -> DbResult<SchoolMergePlan> {
    let plan = school_merge_plan(conn, duplicate_id, survivor_id)?;
    for entry in SchoolParticipant::for_school(conn, duplicate_id)? {
        match SchoolParticipant::find_for(conn, entry.olympiad_id, survivor_id)? {
            Some(kept) => {
                // A teacher already in the survivor's team keeps that place (the higher one).
                let members: Vec<(i64, i64, bool)> = team_members::table
                    .filter(team_members::school_participant_id.eq(entry.id))
                    .select((
                        team_members::id,
                        team_members::teacher_id,
                        team_members::is_team_admin,
                    ))
                    .load(conn)?;
                for (member_id, teacher_id, is_admin) in members {
                    let existing: Option<(i64, bool)> = team_members::table
                        .filter(team_members::school_participant_id.eq(kept.id))
                        .filter(team_members::teacher_id.eq(teacher_id))
                        .select((team_members::id, team_members::is_team_admin))
                        .first(conn)
                        .optional()?;
                    match existing {
                        Some((kept_member, kept_admin)) => {
                            if is_admin && !kept_admin {
                                diesel::update(team_members::table.find(kept_member))
                                    .set(team_members::is_team_admin.eq(true))
                                    .execute(conn)?;
                            }
                            diesel::delete(team_members::table.find(member_id)).execute(conn)?;
                        }
                        None => {
                            diesel::update(team_members::table.find(member_id))
                                .set(team_members::school_participant_id.eq(kept.id))
                                .execute(conn)?;
                        }
                    }
                }
                diesel::update(
                    participants::table.filter(participants::school_participant_id.eq(entry.id)),
                )
                .set(participants::school_participant_id.eq(kept.id))
                .execute(conn)?;
                diesel::update(
                    expressions_of_interest::table
                        .filter(expressions_of_interest::school_participant_id.eq(entry.id)),
                )
                .set(expressions_of_interest::school_participant_id.eq(kept.id))
                .execute(conn)?;
                if kept.contact_teacher_id.is_none() && entry.contact_teacher_id.is_some() {
                    diesel::update(school_participants::table.find(kept.id))
                        .set(school_participants::contact_teacher_id.eq(entry.contact_teacher_id))
                        .execute(conn)?;
                }
                diesel::delete(school_participants::table.find(entry.id)).execute(conn)?;
            }
            None => {
                diesel::update(school_participants::table.find(entry.id))
                    .set((
                        school_participants::school_id.eq(survivor_id),
                        school_participants::updated_at.eq(now()),
                    ))
                    .execute(conn)?;
            }
        }
    }
    diesel::update(teachers::table.filter(teachers::school_id.eq(duplicate_id)))
        .set(teachers::school_id.eq(survivor_id))
        .execute(conn)?;
    diesel::update(learners::table.filter(learners::school_id.eq(duplicate_id)))
        .set(learners::school_id.eq(survivor_id))
        .execute(conn)?;
    // The EMIS number is unique: the duplicate lets go of it before the survivor takes it.
    diesel::update(schools::table.find(duplicate_id))
        .set(schools::emis_number.eq(None::<String>))
        .execute(conn)?;
    let (fields, _) = filled(&plan.survivor, &plan.duplicate);
    School::update(conn, survivor_id, &fields)?;
    School::delete(conn, duplicate_id)?;
    Ok(plan)
}

/// What a country merge will move.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountryMergePlan {
    pub duplicate: IgeoCountry,
    pub survivor: IgeoCountry,
    /// The duplicate's entries: `moves`, or `dropped` where the survivor has one in that olympiad.
    pub entries: Vec<EntryMove>,
    /// Schools whose country code becomes the survivor's.
    pub schools: i64,
}

pub fn country_merge_plan(
    conn: &mut DbConnection,
    duplicate_id: CountryId,
    survivor_id: CountryId,
) -> DbResult<CountryMergePlan> {
    not_into_itself("country", duplicate_id, survivor_id)?;
    let duplicate = IgeoCountry::find(conn, duplicate_id)?;
    let survivor = IgeoCountry::find(conn, survivor_id)?;
    let kept: Vec<OlympiadId> = CountryParticipant::for_country(conn, survivor_id)?
        .iter()
        .map(|e| e.olympiad_id)
        .collect();
    let mut entries = Vec::new();
    for entry in CountryParticipant::for_country(conn, duplicate_id)? {
        entries.push(EntryMove {
            entry_id: entry.id.get(),
            olympiad_title: olympiad_title(conn, entry.olympiad_id)?,
            action: if kept.contains(&entry.olympiad_id) {
                "dropped"
            } else {
                "moves"
            }
            .into(),
            team_members: entry.members().len() as i64,
            participants: 0,
        });
    }
    Ok(CountryMergePlan {
        schools: schools::table
            .filter(schools::country_code.eq(&duplicate.iso_code))
            .count()
            .get_result(conn)?,
        duplicate,
        survivor,
        entries,
    })
}

pub fn merge_countries(
    conn: &mut DbConnection,
    duplicate_id: CountryId,
    survivor_id: CountryId,
) -> DbResult<CountryMergePlan> {
    let plan = country_merge_plan(conn, duplicate_id, survivor_id)?;
    for entry in &plan.entries {
        if entry.action == "dropped" {
            CountryParticipant::delete(conn, CountryParticipantId::new(entry.entry_id))?;
        } else {
            diesel::update(
                country_participants::table.find(CountryParticipantId::new(entry.entry_id)),
            )
            .set((
                country_participants::country_id.eq(survivor_id),
                country_participants::updated_at.eq(now()),
            ))
            .execute(conn)?;
        }
    }
    diesel::update(schools::table.filter(schools::country_code.eq(&plan.duplicate.iso_code)))
        .set(schools::country_code.eq(&plan.survivor.iso_code))
        .execute(conn)?;
    IgeoCountry::delete(conn, duplicate_id)?;
    Ok(plan)
}
