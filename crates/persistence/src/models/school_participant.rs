use crate::error::DbResult;
use crate::models::listing::{
    contains_pattern, matches_search, page_of, sorted_by, Page, Paged, Sort,
};
use crate::schema::{
    olympiads, participants, school_participants, schools, teachers, team_members, users,
};
use crate::{now, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::{OlympiadId, SchoolId, SchoolParticipantId, UserId};
use olympiad_domain::school::EntryStatus;
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

/// A school's entry in an olympiad. Its purchase orders and invoices attach to it.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = school_participants)]
#[serde(rename_all = "camelCase")]
pub struct SchoolParticipant {
    #[schema(value_type = i64)]
    pub id: SchoolParticipantId,
    #[schema(value_type = i64)]
    pub olympiad_id: OlympiadId,
    #[schema(value_type = i64)]
    pub school_id: SchoolId,
    pub status: EntryStatus,
    /// The user of the teacher the office contacts about this entry.
    #[schema(value_type = Option<i64>)]
    pub contact_teacher_id: Option<UserId>,
    #[serde(with = "olympiad_domain::utc")]
    pub entered_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub updated_at: NaiveDateTime,
}

/// An entry as the Participating Schools grid and the teacher portal show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolParticipantRow {
    #[serde(flatten)]
    pub entry: SchoolParticipant,
    pub olympiad_name: String,
    pub olympiad_title: String,
    pub school_name: String,
    pub emis_number: Option<String>,
    pub province: String,
    pub town: String,
    pub contact_name: Option<String>,
    pub contact_email: Option<String>,
    pub learner_count: i64,
    /// The team admins' names.
    pub team_admins: Vec<String>,
}

#[derive(Debug, Clone, Default)]
pub struct SchoolParticipantFilter {
    pub olympiad_id: Option<OlympiadId>,
    pub school_id: Option<SchoolId>,
    /// Only the entries whose team this user (a teacher) is in.
    pub team_user_id: Option<UserId>,
    pub search: String,
    pub status: Option<String>,
    pub province: Option<String>,
    pub sort: Vec<Sort>,
}

/// What the grid's query reads of an entry, before its learners and team admins are counted.
#[derive(Queryable)]
struct RowParts {
    entry: SchoolParticipant,
    olympiad_name: String,
    olympiad_title: String,
    school_name: String,
    emis_number: Option<String>,
    province: String,
    town: String,
    contact_first_name: Option<String>,
    contact_last_name: Option<String>,
    contact_email: Option<String>,
}

/// How a transaction holds a school's entry until it ends.
#[derive(Debug, Clone, Copy)]
pub enum EntryHold {
    /// Many at once: learners starting their clocks.
    Shared,
    /// One alone: a pause or resume of the school's sitting, which waits for every start in
    /// flight and makes later starts wait for it, so that no start misses a pause.
    Exclusive,
}

/// The keys the grid of entries in olympiads sorts by (see `sorted_by!`).
pub const SORT_KEYS: &[&str] = &[
    "schoolName",
    "province",
    "status",
    "enteredAt",
    "olympiadTitle",
];

impl SchoolParticipant {
    /// Holds the entry's row until the transaction ends (PostgreSQL row locks). SQLite needs no
    /// lock: a [`crate::write_transaction`] holds the whole database's.
    /// Written in the DSL, not as SQL text, so that each connection prepares it once: every
    /// learner's start takes the shared hold.
    pub fn hold(conn: &mut DbConnection, id: SchoolParticipantId, hold: EntryHold) -> DbResult<()> {
        if let DbConnection::Postgresql(pg) = conn {
            let row = school_participants::table
                .find(id)
                .select(school_participants::id);
            match hold {
                EntryHold::Shared => row.for_share().execute(pg)?,
                EntryHold::Exclusive => row.for_update().execute(pg)?,
            };
        }
        Ok(())
    }

    pub fn find(conn: &mut DbConnection, id: SchoolParticipantId) -> DbResult<SchoolParticipant> {
        Ok(school_participants::table
            .find(id)
            .select(SchoolParticipant::as_select())
            .first(conn)?)
    }

    pub fn find_for(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        school_id: SchoolId,
    ) -> DbResult<Option<SchoolParticipant>> {
        Ok(school_participants::table
            .filter(school_participants::olympiad_id.eq(olympiad_id))
            .filter(school_participants::school_id.eq(school_id))
            .select(SchoolParticipant::as_select())
            .first(conn)
            .optional()?)
    }

    pub fn for_school(
        conn: &mut DbConnection,
        school_id: SchoolId,
    ) -> DbResult<Vec<SchoolParticipant>> {
        Ok(school_participants::table
            .filter(school_participants::school_id.eq(school_id))
            .order(school_participants::id)
            .select(SchoolParticipant::as_select())
            .load(conn)?)
    }

    /// The entry of the school in the olympiad, made when missing (entering twice is harmless).
    pub fn ensure(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        school_id: SchoolId,
        contact_teacher_id: Option<UserId>,
    ) -> DbResult<(SchoolParticipant, bool)> {
        if let Some(existing) = Self::find_for(conn, olympiad_id, school_id)? {
            return Ok((existing, false));
        }
        let created = diesel::insert_into(school_participants::table)
            .values((
                school_participants::olympiad_id.eq(olympiad_id),
                school_participants::school_id.eq(school_id),
                school_participants::contact_teacher_id.eq(contact_teacher_id),
            ))
            .returning(school_participants::all_columns)
            .get_result(conn)?;
        Ok((created, true))
    }

    pub fn update(
        conn: &mut DbConnection,
        id: SchoolParticipantId,
        status: EntryStatus,
        contact_teacher_id: Option<UserId>,
    ) -> DbResult<SchoolParticipant> {
        Ok(diesel::update(school_participants::table.find(id))
            .set((
                school_participants::status.eq(status.as_str()),
                school_participants::contact_teacher_id.eq(contact_teacher_id),
                school_participants::updated_at.eq(now()),
            ))
            .returning(school_participants::all_columns)
            .get_result(conn)?)
    }

    /// Removes the entry with its team and its learners' entries and sign-ins; the learners'
    /// records stay with the school.
    pub fn delete(conn: &mut DbConnection, id: SchoolParticipantId) -> DbResult<()> {
        let user_ids: Vec<UserId> = participants::table
            .filter(participants::school_participant_id.eq(id))
            .select(participants::user_id)
            .load(conn)?;
        let deleted = diesel::delete(school_participants::table.find(id)).execute(conn)?;
        if deleted == 0 {
            return Err(crate::DbError::NotFound);
        }
        diesel::delete(users::table.filter(users::id.eq_any(user_ids))).execute(conn)?;
        Ok(())
    }

    pub fn learner_counts(
        conn: &mut DbConnection,
        ids: &[SchoolParticipantId],
    ) -> DbResult<HashMap<SchoolParticipantId, i64>> {
        let counts: Vec<(Option<SchoolParticipantId>, i64)> = participants::table
            .filter(participants::school_participant_id.eq_any(ids))
            .group_by(participants::school_participant_id)
            .select((
                participants::school_participant_id,
                diesel::dsl::count_star(),
            ))
            .load(conn)?;
        Ok(counts
            .into_iter()
            .filter_map(|(id, count)| id.map(|id| (id, count)))
            .collect())
    }

    pub fn list(
        conn: &mut DbConnection,
        filter: &SchoolParticipantFilter,
        page: Option<Page>,
    ) -> DbResult<Paged<SchoolParticipantRow>> {
        let pattern = contains_pattern(&filter.search);
        macro_rules! selected {
            () => {{
                let mut query = school_participants::table
                    .inner_join(schools::table)
                    .inner_join(olympiads::table)
                    .left_join(
                        users::table.on(users::id
                            .nullable()
                            .eq(school_participants::contact_teacher_id)),
                    )
                    .into_boxed();
                if let Some(olympiad_id) = filter.olympiad_id {
                    query = query.filter(school_participants::olympiad_id.eq(olympiad_id));
                }
                if let Some(school_id) = filter.school_id {
                    query = query.filter(school_participants::school_id.eq(school_id));
                }
                if let Some(user_id) = filter.team_user_id {
                    query = query.filter(
                        school_participants::id.eq_any(
                            team_members::table
                                .inner_join(teachers::table)
                                .filter(teachers::user_id.eq(user_id))
                                .select(team_members::school_participant_id),
                        ),
                    );
                }
                if let Some(status) = &filter.status {
                    query = query.filter(school_participants::status.eq(status.clone()));
                }
                if let Some(province) = &filter.province {
                    query = query.filter(schools::province.eq(province.clone()));
                }
                if let Some(pattern) = &pattern {
                    query = query.filter(
                        matches_search(schools::name, pattern)
                            .or(matches_search(schools::town, pattern))
                            .or(schools::emis_number.like(pattern.clone()).escape('\\')),
                    );
                }
                query
            }};
        }
        let total: i64 = selected!().count().get_result(conn)?;
        let mut query = selected!().select((
            SchoolParticipant::as_select(),
            olympiads::name,
            olympiads::title,
            schools::name,
            schools::emis_number,
            schools::province,
            schools::town,
            users::first_name.nullable(),
            users::last_name.nullable(),
            users::email.nullable(),
        ));
        query = sorted_by!(query, &filter.sort, SORT_KEYS, {
            "schoolName" => [schools::name],
            "province" => [schools::province],
            "status" => [school_participants::status],
            "enteredAt" => [school_participants::entered_at],
            "olympiadTitle" => [olympiads::year],
        });
        query = page_of!(query, page, school_participants::id);
        let parts: Vec<RowParts> = query.load(conn)?;
        let ids: Vec<SchoolParticipantId> = parts.iter().map(|p| p.entry.id).collect();
        let counts = Self::learner_counts(conn, &ids)?;
        let admins: Vec<(SchoolParticipantId, String, String)> = team_members::table
            .inner_join(teachers::table.inner_join(users::table))
            .filter(team_members::school_participant_id.eq_any(&ids))
            .filter(team_members::is_team_admin.eq(true))
            .select((
                team_members::school_participant_id,
                users::first_name,
                users::last_name,
            ))
            .load(conn)?;
        let rows = parts
            .into_iter()
            .map(|p| {
                let id = p.entry.id;
                SchoolParticipantRow {
                    learner_count: counts.get(&id).copied().unwrap_or(0),
                    team_admins: admins
                        .iter()
                        .filter(|a| a.0 == id)
                        .map(|a| format!("{} {}", a.1, a.2).trim().to_owned())
                        .collect(),
                    entry: p.entry,
                    olympiad_name: p.olympiad_name,
                    olympiad_title: p.olympiad_title,
                    school_name: p.school_name,
                    emis_number: p.emis_number,
                    province: p.province,
                    town: p.town,
                    contact_name: p
                        .contact_first_name
                        .zip(p.contact_last_name)
                        .map(|(f, l)| format!("{f} {l}").trim().to_owned()),
                    contact_email: p.contact_email,
                }
            })
            .collect();
        Ok(Paged { rows, total })
    }
}

/// The school of an entry, to join after the entry itself with a LEFT JOIN: `.left_join(
/// school_participants::table).left_join(school_of_entry())`. Joined flat rather than as
/// `LEFT JOIN (school_participants JOIN schools)`, which SQLite builds whole (every school entry
/// with its school) at every call before looking one up; flat, each is one look-up by key.
pub fn school_of_entry() -> diesel::dsl::On<
    schools::table,
    diesel::dsl::Eq<
        diesel::dsl::Nullable<schools::id>,
        diesel::dsl::Nullable<school_participants::school_id>,
    >,
> {
    schools::table.on(schools::id
        .nullable()
        .eq(school_participants::school_id.nullable()))
}
