use crate::error::DbResult;
use crate::models::learner::{Learner, LearnerForm};
use crate::models::listing::{
    contains_pattern, matches_search, page_of, sorted_by, Page, Paged, Sort,
};
use crate::models::{Account, AccountInsertForm, User, UserInsertForm};
use crate::schema::{accounts, attempts, learners, participants, schools, users};
use crate::{now, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::{
    LearnerId, OlympiadId, ParticipantId, SchoolId, SchoolParticipantId, UserId,
};
use olympiad_domain::school::ParticipantStatus;
use serde::Serialize;
use utoipa::ToSchema;

/// A learner entered in an olympiad. They sign in as their user (`user_id`): its username is the
/// generated one, and it has one learner account in the olympiad.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = participants)]
#[serde(rename_all = "camelCase")]
pub struct Participant {
    #[schema(value_type = i64)]
    pub id: ParticipantId,
    #[schema(value_type = i64)]
    pub olympiad_id: OlympiadId,
    #[schema(value_type = i64)]
    pub learner_id: LearnerId,
    /// The school's entry the learner writes under (the customer participant).
    #[schema(value_type = Option<i64>)]
    pub school_participant_id: Option<SchoolParticipantId>,
    #[schema(value_type = i64)]
    pub user_id: UserId,
    pub status: ParticipantStatus,
    /// The language the learner writes in: en or af.
    pub language: String,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub updated_at: NaiveDateTime,
}

/// A participant as the Participating Learners grid and the teacher's learner list show them.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ParticipantRow {
    #[serde(flatten)]
    pub participant: Participant,
    pub username: String,
    #[serde(with = "olympiad_domain::utc::option")]
    pub last_login_at: Option<NaiveDateTime>,
    pub first_name: String,
    pub last_name: String,
    pub grade: i32,
    pub class_name: String,
    pub gender: String,
    pub consent_given: bool,
    #[schema(value_type = i64)]
    pub school_id: SchoolId,
    pub school_name: String,
}

#[derive(Debug, Clone, Default)]
pub struct ParticipantFilter {
    pub olympiad_id: Option<OlympiadId>,
    pub school_participant_id: Option<SchoolParticipantId>,
    pub search: String,
    pub grade: Option<i32>,
    pub status: Option<String>,
    pub sort: Vec<Sort>,
    /// Only these participants.
    pub ids: Option<Vec<ParticipantId>>,
}

/// Everything needed to enter one learner: who they are, where, and the sign-in made for them.
pub struct LearnerEntry<'a> {
    pub olympiad_id: OlympiadId,
    pub school_id: SchoolId,
    pub school_participant_id: SchoolParticipantId,
    pub learner: &'a LearnerForm,
    pub language: &'a str,
    pub username: &'a str,
    pub password_hash: &'a str,
}

type ParticipantParts = (
    Participant,
    String,
    Option<NaiveDateTime>,
    (String, String, i32, String, String, bool),
    SchoolId,
    String,
);

/// The keys the grid of participants sorts by (see `sorted_by!`).
pub const SORT_KEYS: &[&str] = &["name", "grade", "username", "schoolName", "status"];

impl Participant {
    pub fn find(conn: &mut DbConnection, id: ParticipantId) -> DbResult<Participant> {
        Ok(participants::table
            .find(id)
            .select(Participant::as_select())
            .first(conn)?)
    }

    pub fn of_user(conn: &mut DbConnection, user_id: UserId) -> DbResult<Option<Participant>> {
        Ok(participants::table
            .filter(participants::user_id.eq(user_id))
            .select(Participant::as_select())
            .first(conn)
            .optional()?)
    }

    /// Makes the learner, their user with a learner account in the olympiad, and their entry.
    /// The one way a learner comes into an olympiad: the import, the admin screens, the demo data
    /// and the benchmark all call it.
    pub fn enter_new_learner(
        conn: &mut DbConnection,
        entry: &LearnerEntry,
    ) -> DbResult<(Learner, Participant)> {
        let learner = Learner::create(conn, entry.school_id, entry.learner)?;
        let user = User::create(
            conn,
            &UserInsertForm {
                username: entry.username,
                email: learner.email.as_deref(),
                password_hash: entry.password_hash,
                first_name: &learner.first_name,
                last_name: &learner.last_name,
            },
        )?;
        Account::ensure(
            conn,
            &AccountInsertForm {
                user_id: user.id,
                role: "learner",
                olympiad_id: Some(entry.olympiad_id),
            },
        )?;
        let participant = diesel::insert_into(participants::table)
            .values((
                participants::olympiad_id.eq(entry.olympiad_id),
                participants::learner_id.eq(learner.id),
                participants::school_participant_id.eq(entry.school_participant_id),
                participants::user_id.eq(user.id),
                participants::language.eq(entry.language),
            ))
            .returning(participants::all_columns)
            .get_result(conn)?;
        Ok((learner, participant))
    }

    pub fn update(
        conn: &mut DbConnection,
        id: ParticipantId,
        status: ParticipantStatus,
        language: &str,
    ) -> DbResult<Participant> {
        Ok(diesel::update(participants::table.find(id))
            .set((
                participants::status.eq(status.as_str()),
                participants::language.eq(language),
                participants::updated_at.eq(now()),
            ))
            .returning(participants::all_columns)
            .get_result(conn)?)
    }

    /// Takes the learner out of the olympiad: the entry and the user it signs in as; the learner
    /// stays with the school. Answers false, and removes nothing, once any attempt of theirs has
    /// started, whatever their status says (a team may set the status): the work would go too.
    pub fn withdraw(conn: &mut DbConnection, id: ParticipantId) -> DbResult<bool> {
        let participant = Self::find(conn, id)?;
        let has_written = diesel::select(diesel::dsl::exists(
            attempts::table
                .filter(attempts::participant_id.eq(id))
                .filter(attempts::started_at.is_not_null()),
        ))
        .get_result::<bool>(conn)?;
        if has_written {
            return Ok(false);
        }
        diesel::delete(participants::table.find(id)).execute(conn)?;
        diesel::delete(accounts::table.filter(accounts::user_id.eq(participant.user_id)))
            .execute(conn)?;
        diesel::delete(users::table.find(participant.user_id)).execute(conn)?;
        Ok(true)
    }

    /// These participants, class by class: the order of login slips.
    pub fn rows_by_ids(
        conn: &mut DbConnection,
        ids: &[ParticipantId],
    ) -> DbResult<Vec<ParticipantRow>> {
        let filter = ParticipantFilter {
            ids: Some(ids.to_vec()),
            sort: vec![
                Sort {
                    key: "grade".into(),
                    desc: false,
                },
                Sort {
                    key: "name".into(),
                    desc: false,
                },
            ],
            ..Default::default()
        };
        Ok(Self::list(conn, &filter, None)?.rows)
    }

    fn row(parts: ParticipantParts) -> ParticipantRow {
        let (participant, username, last_login_at, learner, school_id, school_name) = parts;
        let (first_name, last_name, grade, class_name, gender, consent_given) = learner;
        ParticipantRow {
            participant,
            username,
            last_login_at,
            first_name,
            last_name,
            grade,
            class_name,
            gender,
            consent_given,
            school_id,
            school_name,
        }
    }

    pub fn list(
        conn: &mut DbConnection,
        filter: &ParticipantFilter,
        page: Option<Page>,
    ) -> DbResult<Paged<ParticipantRow>> {
        let pattern = contains_pattern(&filter.search);
        macro_rules! selected {
            () => {{
                let mut query = participants::table
                    .inner_join(users::table)
                    .inner_join(learners::table.inner_join(schools::table))
                    .into_boxed();
                if let Some(olympiad_id) = filter.olympiad_id {
                    query = query.filter(participants::olympiad_id.eq(olympiad_id));
                }
                if let Some(id) = filter.school_participant_id {
                    query = query.filter(participants::school_participant_id.eq(id));
                }
                if let Some(ids) = &filter.ids {
                    query = query.filter(participants::id.eq_any(ids.clone()));
                }
                if let Some(grade) = filter.grade {
                    query = query.filter(learners::grade.eq(grade));
                }
                if let Some(status) = &filter.status {
                    query = query.filter(participants::status.eq(status.clone()));
                }
                if let Some(pattern) = &pattern {
                    query = query.filter(
                        matches_search(learners::first_name, pattern)
                            .or(matches_search(learners::last_name, pattern))
                            .or(matches_search(users::username, pattern))
                            .or(matches_search(schools::name, pattern)),
                    );
                }
                query
            }};
        }
        let total: i64 = selected!().count().get_result(conn)?;
        let mut query = selected!().select((
            Participant::as_select(),
            users::username,
            users::last_login_at,
            (
                learners::first_name,
                learners::last_name,
                learners::grade,
                learners::class_name,
                learners::gender,
                learners::consent_given,
            ),
            schools::id,
            schools::name,
        ));
        query = sorted_by!(query, &filter.sort, SORT_KEYS, {
            "name" => [learners::last_name, learners::first_name],
            "grade" => [learners::grade, learners::class_name],
            "username" => [users::username],
            "schoolName" => [schools::name],
            "status" => [participants::status],
        });
        query = page_of!(query, page, participants::id);
        let parts: Vec<ParticipantParts> = query.load(conn)?;
        Ok(Paged {
            rows: parts.into_iter().map(Self::row).collect(),
            total,
        })
    }
}
