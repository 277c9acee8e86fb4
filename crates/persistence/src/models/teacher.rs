use crate::error::DbResult;
use crate::models::listing::{
    contains_pattern, matches_search, page_of, sorted_by, Page, Paged, Sort,
};
use crate::schema::{accounts, school_participants, schools, teachers, team_members, users};
use crate::{now, DbConnection};
use chrono::NaiveDateTime;
use diesel::dsl;
use diesel::prelude::*;
use olympiad_domain::id::{
    OlympiadId, SchoolId, SchoolParticipantId, TeacherId, TeamMemberId, UserId,
};
use serde::Serialize;
use utoipa::ToSchema;

/// A teacher: a user (names and e-mail there) with a school and these details.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = teachers)]
#[serde(rename_all = "camelCase")]
pub struct Teacher {
    #[schema(value_type = i64)]
    pub id: TeacherId,
    #[schema(value_type = i64)]
    pub user_id: UserId,
    #[schema(value_type = Option<i64>)]
    pub school_id: Option<SchoolId>,
    pub title: String,
    pub cell: String,
    pub subject: String,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = teachers, treat_none_as_null = true)]
pub struct TeacherUpdateForm {
    pub school_id: Option<SchoolId>,
    pub title: String,
    pub cell: String,
    pub subject: String,
}

/// A teacher as the Teachers grids and the profile show them.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeacherRow {
    #[serde(flatten)]
    pub teacher: Teacher,
    pub first_name: String,
    pub last_name: String,
    pub email: Option<String>,
    pub disabled: bool,
    #[serde(with = "olympiad_domain::utc::option")]
    pub last_login_at: Option<NaiveDateTime>,
    pub school_name: Option<String>,
    /// Their team places in the olympiad of the list (or in every olympiad for All Teachers).
    pub teams: Vec<TeamPlace>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamPlace {
    #[schema(value_type = i64)]
    pub team_member_id: TeamMemberId,
    #[schema(value_type = i64)]
    pub school_participant_id: SchoolParticipantId,
    #[schema(value_type = i64)]
    pub olympiad_id: OlympiadId,
    pub is_team_admin: bool,
}

#[derive(Debug, Clone, Default)]
pub struct TeacherFilter {
    /// With `all` false: only teachers in a team of an entry in this olympiad.
    pub olympiad_id: Option<OlympiadId>,
    pub all: bool,
    /// Only team admins (of this olympiad's entries).
    pub team_admins: bool,
    pub search: String,
    pub sort: Vec<Sort>,
}

/// A teacher's place in the team of a school's entry.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = team_members)]
#[serde(rename_all = "camelCase")]
pub struct TeamMember {
    #[schema(value_type = i64)]
    pub id: TeamMemberId,
    #[schema(value_type = i64)]
    pub school_participant_id: SchoolParticipantId,
    #[schema(value_type = i64)]
    pub teacher_id: TeacherId,
    pub is_team_admin: bool,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

/// A team member with their name, as the team page shows them.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamMemberRow {
    #[serde(flatten)]
    pub member: TeamMember,
    #[schema(value_type = i64)]
    pub user_id: UserId,
    pub title: String,
    pub first_name: String,
    pub last_name: String,
    pub email: Option<String>,
    pub cell: String,
    #[serde(with = "olympiad_domain::utc::option")]
    pub last_login_at: Option<NaiveDateTime>,
}

/// A team member, their user's id, title, names, e-mail, cell and last sign-in.
type MemberParts = (
    TeamMember,
    UserId,
    String,
    String,
    String,
    Option<String>,
    String,
    Option<NaiveDateTime>,
);

type TeacherParts = (
    Teacher,
    String,
    String,
    Option<String>,
    bool,
    Option<NaiveDateTime>,
    Option<String>,
);

/// The columns of [`TeacherParts`]: the teacher, their user's name, address and sign-in, their
/// school's name.
fn teacher_parts<DB>() -> (
    dsl::AsSelect<Teacher, DB>,
    users::first_name,
    users::last_name,
    users::email,
    users::disabled,
    users::last_login_at,
    dsl::Nullable<schools::name>,
)
where
    DB: diesel::backend::Backend,
    Teacher: Selectable<DB>,
{
    (
        Teacher::as_select(),
        users::first_name,
        users::last_name,
        users::email,
        users::disabled,
        users::last_login_at,
        schools::name.nullable(),
    )
}

/// The keys the grid of teachers sorts by (see `sorted_by!`).
pub const SORT_KEYS: &[&str] = &["name", "email", "schoolName", "lastLoginAt"];

impl Teacher {
    pub fn find(conn: &mut DbConnection, id: TeacherId) -> DbResult<Teacher> {
        Ok(teachers::table
            .find(id)
            .select(Teacher::as_select())
            .first(conn)?)
    }

    /// The olympiads the teacher works in: those of the entries whose teams they are in, and those
    /// their user has an account in. A teacher is shared by all of them.
    pub fn olympiad_ids(conn: &mut DbConnection, id: TeacherId) -> DbResult<Vec<OlympiadId>> {
        let mut ids: Vec<OlympiadId> = team_members::table
            .inner_join(school_participants::table)
            .filter(team_members::teacher_id.eq(id))
            .select(school_participants::olympiad_id)
            .load(conn)?;
        let user_id: UserId = teachers::table
            .find(id)
            .select(teachers::user_id)
            .first(conn)?;
        ids.extend(
            accounts::table
                .filter(accounts::user_id.eq(user_id))
                .select(accounts::olympiad_id)
                .load::<Option<OlympiadId>>(conn)?
                .into_iter()
                .flatten(),
        );
        ids.sort_unstable();
        ids.dedup();
        Ok(ids)
    }

    pub fn by_user(conn: &mut DbConnection, user_id: UserId) -> DbResult<Option<Teacher>> {
        Ok(teachers::table
            .filter(teachers::user_id.eq(user_id))
            .select(Teacher::as_select())
            .first(conn)
            .optional()?)
    }

    /// The teacher record of this user, made when missing; a missing school is filled in.
    pub fn ensure(
        conn: &mut DbConnection,
        user_id: UserId,
        school_id: Option<SchoolId>,
    ) -> DbResult<Teacher> {
        if let Some(teacher) = Self::by_user(conn, user_id)? {
            if teacher.school_id.is_none() && school_id.is_some() {
                return Ok(diesel::update(teachers::table.find(teacher.id))
                    .set((
                        teachers::school_id.eq(school_id),
                        teachers::updated_at.eq(now()),
                    ))
                    .returning(teachers::all_columns)
                    .get_result(conn)?);
            }
            return Ok(teacher);
        }
        Ok(diesel::insert_into(teachers::table)
            .values((
                teachers::user_id.eq(user_id),
                teachers::school_id.eq(school_id),
            ))
            .returning(teachers::all_columns)
            .get_result(conn)?)
    }

    pub fn update(
        conn: &mut DbConnection,
        id: TeacherId,
        fields: &TeacherUpdateForm,
    ) -> DbResult<Teacher> {
        Ok(diesel::update(teachers::table.find(id))
            .set((fields, teachers::updated_at.eq(now())))
            .returning(teachers::all_columns)
            .get_result(conn)?)
    }

    /// Teachers with this e-mail address (their username), for the possible matches of an
    /// expression of interest.
    pub fn rows_by_email(conn: &mut DbConnection, email: &str) -> DbResult<Vec<TeacherRow>> {
        let ids: Vec<TeacherId> = teachers::table
            .inner_join(users::table)
            .filter(users::email.eq(email).or(users::username.eq(email)))
            .select(teachers::id)
            .load(conn)?;
        Self::rows_by_ids(conn, &ids, None)
    }

    pub fn rows_by_ids(
        conn: &mut DbConnection,
        ids: &[TeacherId],
        olympiad_id: Option<OlympiadId>,
    ) -> DbResult<Vec<TeacherRow>> {
        let parts: Vec<TeacherParts> = teachers::table
            .inner_join(users::table)
            .left_join(schools::table)
            .filter(teachers::id.eq_any(ids))
            .order(teachers::id)
            .select(teacher_parts())
            .load(conn)?;
        Self::with_teams(conn, parts, olympiad_id)
    }

    fn with_teams(
        conn: &mut DbConnection,
        parts: Vec<TeacherParts>,
        olympiad_id: Option<OlympiadId>,
    ) -> DbResult<Vec<TeacherRow>> {
        let ids: Vec<TeacherId> = parts.iter().map(|p| p.0.id).collect();
        let mut query = team_members::table
            .inner_join(school_participants::table)
            .filter(team_members::teacher_id.eq_any(&ids))
            .select((
                team_members::id,
                team_members::teacher_id,
                team_members::school_participant_id,
                school_participants::olympiad_id,
                team_members::is_team_admin,
            ))
            .into_boxed();
        if let Some(olympiad_id) = olympiad_id {
            query = query.filter(school_participants::olympiad_id.eq(olympiad_id));
        }
        let places: Vec<(
            TeamMemberId,
            TeacherId,
            SchoolParticipantId,
            OlympiadId,
            bool,
        )> = query.load(conn)?;
        Ok(parts
            .into_iter()
            .map(
                |(teacher, first_name, last_name, email, disabled, last_login_at, school_name)| {
                    TeacherRow {
                        teams: places
                            .iter()
                            .filter(|p| p.1 == teacher.id)
                            .map(|p| TeamPlace {
                                team_member_id: p.0,
                                school_participant_id: p.2,
                                olympiad_id: p.3,
                                is_team_admin: p.4,
                            })
                            .collect(),
                        teacher,
                        first_name,
                        last_name,
                        email,
                        disabled,
                        last_login_at,
                        school_name,
                    }
                },
            )
            .collect())
    }

    pub fn list(
        conn: &mut DbConnection,
        filter: &TeacherFilter,
        page: Option<Page>,
    ) -> DbResult<Paged<TeacherRow>> {
        let pattern = contains_pattern(&filter.search);
        // Team admins only, or every team member.
        let admin_flags: &[bool] = if filter.team_admins {
            &[true]
        } else {
            &[true, false]
        };
        let in_olympiad = |olympiad_id: OlympiadId| {
            team_members::table
                .inner_join(school_participants::table)
                .filter(school_participants::olympiad_id.eq(olympiad_id))
                .filter(team_members::is_team_admin.eq_any(admin_flags))
                .select(team_members::teacher_id)
        };
        macro_rules! selected {
            () => {{
                let mut query = teachers::table
                    .inner_join(users::table)
                    .left_join(schools::table)
                    .into_boxed();
                if let Some(olympiad_id) = filter.olympiad_id {
                    if filter.team_admins || !filter.all {
                        query = query.filter(teachers::id.eq_any(in_olympiad(olympiad_id)));
                    }
                } else if filter.team_admins {
                    query = query.filter(
                        teachers::id.eq_any(
                            team_members::table
                                .filter(team_members::is_team_admin.eq(true))
                                .select(team_members::teacher_id),
                        ),
                    );
                }
                if let Some(pattern) = &pattern {
                    query = query.filter(
                        matches_search(users::first_name, pattern)
                            .or(matches_search(users::last_name, pattern))
                            .or(matches_search(users::username, pattern))
                            .or(matches_search(
                                schools::name.nullable().assume_not_null(),
                                pattern,
                            )),
                    );
                }
                query
            }};
        }
        let total: i64 = selected!().count().get_result(conn)?;
        let mut query = selected!().select(teacher_parts());
        query = sorted_by!(query, &filter.sort, SORT_KEYS, {
            "name" => [users::last_name, users::first_name],
            "email" => [users::username],
            "schoolName" => [schools::name],
            "lastLoginAt" => [users::last_login_at],
        });
        query = page_of!(query, page, teachers::id);
        let parts: Vec<TeacherParts> = query.load(conn)?;
        let scope = if filter.all { None } else { filter.olympiad_id };
        let rows = Self::with_teams(conn, parts, scope)?;
        Ok(Paged { rows, total })
    }
}

impl TeamMember {
    pub fn find(conn: &mut DbConnection, id: TeamMemberId) -> DbResult<TeamMember> {
        Ok(team_members::table
            .find(id)
            .select(TeamMember::as_select())
            .first(conn)?)
    }

    /// Puts the teacher in the entry's team (made team admin when `team_admin`; never demoted here).
    pub fn ensure(
        conn: &mut DbConnection,
        school_participant_id: SchoolParticipantId,
        teacher_id: TeacherId,
        team_admin: bool,
    ) -> DbResult<TeamMember> {
        let existing = team_members::table
            .filter(team_members::school_participant_id.eq(school_participant_id))
            .filter(team_members::teacher_id.eq(teacher_id))
            .select(TeamMember::as_select())
            .first(conn)
            .optional()?;
        match existing {
            Some(member) if team_admin && !member.is_team_admin => {
                Self::set_team_admin(conn, member.id, true)
            }
            Some(member) => Ok(member),
            None => Ok(diesel::insert_into(team_members::table)
                .values((
                    team_members::school_participant_id.eq(school_participant_id),
                    team_members::teacher_id.eq(teacher_id),
                    team_members::is_team_admin.eq(team_admin),
                ))
                .returning(team_members::all_columns)
                .get_result(conn)?),
        }
    }

    pub fn set_team_admin(
        conn: &mut DbConnection,
        id: TeamMemberId,
        admin: bool,
    ) -> DbResult<TeamMember> {
        Ok(diesel::update(team_members::table.find(id))
            .set(team_members::is_team_admin.eq(admin))
            .returning(team_members::all_columns)
            .get_result(conn)?)
    }

    pub fn delete(conn: &mut DbConnection, id: TeamMemberId) -> DbResult<()> {
        diesel::delete(team_members::table.find(id)).execute(conn)?;
        Ok(())
    }

    /// The user's place in the entry's team, if they have one.
    pub fn of_user(
        conn: &mut DbConnection,
        school_participant_id: SchoolParticipantId,
        user_id: UserId,
    ) -> DbResult<Option<TeamMember>> {
        Ok(team_members::table
            .inner_join(teachers::table)
            .filter(team_members::school_participant_id.eq(school_participant_id))
            .filter(teachers::user_id.eq(user_id))
            .select(TeamMember::as_select())
            .first(conn)
            .optional()?)
    }

    pub fn team(
        conn: &mut DbConnection,
        school_participant_id: SchoolParticipantId,
    ) -> DbResult<Vec<TeamMemberRow>> {
        let rows: Vec<MemberParts> = team_members::table
            .inner_join(teachers::table.inner_join(users::table))
            .filter(team_members::school_participant_id.eq(school_participant_id))
            .order((
                team_members::is_team_admin.desc(),
                users::last_name,
                users::first_name,
            ))
            .select((
                TeamMember::as_select(),
                users::id,
                teachers::title,
                users::first_name,
                users::last_name,
                users::email,
                teachers::cell,
                users::last_login_at,
            ))
            .load(conn)?;
        Ok(rows
            .into_iter()
            .map(
                |(member, user_id, title, first_name, last_name, email, cell, last_login_at)| {
                    TeamMemberRow {
                        member,
                        user_id,
                        title,
                        first_name,
                        last_name,
                        email,
                        cell,
                        last_login_at,
                    }
                },
            )
            .collect())
    }

    pub fn admin_count(
        conn: &mut DbConnection,
        school_participant_id: SchoolParticipantId,
    ) -> DbResult<i64> {
        Ok(team_members::table
            .filter(team_members::school_participant_id.eq(school_participant_id))
            .filter(team_members::is_team_admin.eq(true))
            .count()
            .get_result(conn)?)
    }
}
