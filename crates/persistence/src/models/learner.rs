use crate::error::DbResult;
use crate::models::listing::{
    contains_pattern, matches_search, page_of, sorted_by, Page, Paged, Sort,
};
use crate::schema::{
    accounts, attempts, learners, olympiad_results, participants, school_participants, schools,
    users,
};
use crate::{now, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::LearnerId;
use olympiad_domain::id::{OlympiadId, SchoolId, UserId};
use serde::Serialize;
use utoipa::ToSchema;

/// A learner of a school; their entries in olympiads are participants.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = learners)]
#[serde(rename_all = "camelCase")]
pub struct Learner {
    #[schema(value_type = i64)]
    pub id: LearnerId,
    #[schema(value_type = i64)]
    pub school_id: SchoolId,
    pub first_name: String,
    pub last_name: String,
    pub grade: i32,
    /// F, M, X or empty
    pub gender: String,
    pub home_language: String,
    /// The class within the grade (10B).
    pub class_name: String,
    pub email: Option<String>,
    /// Whether a parent or guardian consented to the learner's details being kept (POPIA).
    pub consent_given: bool,
    pub consent_by: String,
    pub consent_relationship: String,
    #[serde(with = "olympiad_domain::utc::option")]
    pub consent_recorded_at: Option<NaiveDateTime>,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub updated_at: NaiveDateTime,
}

/// Every field a person edits on a learner.
#[derive(Debug, Clone, Default, Insertable, AsChangeset)]
#[diesel(table_name = learners, treat_none_as_null = true)]
pub struct LearnerForm {
    pub first_name: String,
    pub last_name: String,
    pub grade: i32,
    pub class_name: String,
    pub gender: String,
    pub home_language: String,
    pub email: Option<String>,
    pub consent_given: bool,
    pub consent_by: String,
    pub consent_relationship: String,
}

/// A learner as the Learners grid shows them.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LearnerRow {
    #[serde(flatten)]
    pub learner: Learner,
    pub school_name: String,
    pub province: String,
}

#[derive(Debug, Clone, Default)]
pub struct LearnerFilter {
    /// Learners of the schools entered in this olympiad.
    pub olympiad_id: Option<OlympiadId>,
    pub school_id: Option<SchoolId>,
    pub search: String,
    pub grade: Option<i32>,
    pub province: Option<String>,
    pub sort: Vec<Sort>,
}

/// The keys the grid of learners sorts by (see `sorted_by!`).
pub const SORT_KEYS: &[&str] = &["name", "grade", "schoolName", "province"];

impl Learner {
    pub fn find(conn: &mut DbConnection, id: LearnerId) -> DbResult<Learner> {
        Ok(learners::table
            .find(id)
            .select(Learner::as_select())
            .first(conn)?)
    }

    pub fn create(
        conn: &mut DbConnection,
        school_id: SchoolId,
        fields: &LearnerForm,
    ) -> DbResult<Learner> {
        let consent_at = fields.consent_given.then(now);
        Ok(diesel::insert_into(learners::table)
            .values((
                fields,
                learners::school_id.eq(school_id),
                learners::consent_recorded_at.eq(consent_at),
            ))
            .returning(learners::all_columns)
            .get_result(conn)?)
    }

    pub fn update(
        conn: &mut DbConnection,
        id: LearnerId,
        fields: &LearnerForm,
    ) -> DbResult<Learner> {
        let before = Self::find(conn, id)?;
        // The moment of consent is kept from when it was first recorded.
        let consent_at = match (before.consent_given, fields.consent_given) {
            (false, true) => Some(now()),
            (true, true) => before.consent_recorded_at,
            _ => None,
        };
        let learner = diesel::update(learners::table.find(id))
            .set((
                fields,
                learners::consent_recorded_at.eq(consent_at),
                learners::updated_at.eq(now()),
            ))
            .returning(learners::all_columns)
            .get_result(conn)?;
        // The users the learner signs in as carry their names too.
        diesel::update(
            users::table.filter(
                users::id.eq_any(
                    participants::table
                        .filter(participants::learner_id.eq(id))
                        .select(participants::user_id),
                ),
            ),
        )
        .set((
            users::first_name.eq(&fields.first_name),
            users::last_name.eq(&fields.last_name),
            users::email.eq(&fields.email),
            users::updated_at.eq(now()),
        ))
        .execute(conn)?;
        Ok(learner)
    }

    /// Whether the learner has started writing in any olympiad (their work is then kept).
    pub fn has_started(conn: &mut DbConnection, id: LearnerId) -> DbResult<bool> {
        let started: i64 = participants::table
            .filter(participants::learner_id.eq(id))
            .filter(
                participants::status
                    .ne(olympiad_domain::school::ParticipantStatus::Registered.as_str()),
            )
            .count()
            .get_result(conn)?;
        Ok(started > 0)
    }

    /// Whether the clock of an attempt of the learner has started, in any olympiad.
    pub fn started_writing(conn: &mut DbConnection, id: LearnerId) -> DbResult<bool> {
        let started: i64 = attempts::table
            .inner_join(participants::table)
            .filter(participants::learner_id.eq(id))
            .filter(attempts::started_at.is_not_null())
            .count()
            .get_result(conn)?;
        Ok(started > 0)
    }

    /// Whether the results of an olympiad the learner is entered in have been released (made
    /// final at least once: a released version stays until a new one replaces it).
    pub fn results_released(conn: &mut DbConnection, id: LearnerId) -> DbResult<bool> {
        let released: i64 = olympiad_results::table
            .filter(
                olympiad_results::olympiad_id.eq_any(
                    participants::table
                        .filter(participants::learner_id.eq(id))
                        .select(participants::olympiad_id),
                ),
            )
            .filter(olympiad_results::version.gt(0))
            .count()
            .get_result(conn)?;
        Ok(released > 0)
    }

    /// The olympiads the learner is entered in.
    pub fn olympiad_ids(conn: &mut DbConnection, id: LearnerId) -> DbResult<Vec<OlympiadId>> {
        Ok(participants::table
            .filter(participants::learner_id.eq(id))
            .select(participants::olympiad_id)
            .distinct()
            .load(conn)?)
    }

    /// Deletes the learner, their entries and the users those entries sign in as.
    pub fn delete(conn: &mut DbConnection, id: LearnerId) -> DbResult<()> {
        let user_ids: Vec<UserId> = participants::table
            .filter(participants::learner_id.eq(id))
            .select(participants::user_id)
            .load(conn)?;
        let deleted = diesel::delete(learners::table.find(id)).execute(conn)?;
        if deleted == 0 {
            return Err(crate::DbError::NotFound);
        }
        diesel::delete(accounts::table.filter(accounts::user_id.eq_any(&user_ids)))
            .execute(conn)?;
        diesel::delete(users::table.filter(users::id.eq_any(&user_ids))).execute(conn)?;
        Ok(())
    }

    /// The names and grades of the school's learners, for the duplicate check of an import.
    pub fn names_of_school(
        conn: &mut DbConnection,
        school_id: SchoolId,
    ) -> DbResult<Vec<(String, String, i32)>> {
        Ok(learners::table
            .filter(learners::school_id.eq(school_id))
            .select((learners::first_name, learners::last_name, learners::grade))
            .load(conn)?)
    }

    /// The names and grades of the school's other learners, for the duplicate check of a
    /// correction.
    pub fn names_of_school_but(
        conn: &mut DbConnection,
        school_id: SchoolId,
        but: LearnerId,
    ) -> DbResult<Vec<(String, String, i32)>> {
        Ok(learners::table
            .filter(learners::school_id.eq(school_id))
            .filter(learners::id.ne(but))
            .select((learners::first_name, learners::last_name, learners::grade))
            .load(conn)?)
    }

    pub fn list(
        conn: &mut DbConnection,
        filter: &LearnerFilter,
        page: Option<Page>,
    ) -> DbResult<Paged<LearnerRow>> {
        let pattern = contains_pattern(&filter.search);
        macro_rules! selected {
            () => {{
                let mut query = learners::table.inner_join(schools::table).into_boxed();
                if let Some(olympiad_id) = filter.olympiad_id {
                    query = query.filter(
                        learners::school_id.eq_any(
                            school_participants::table
                                .filter(school_participants::olympiad_id.eq(olympiad_id))
                                .select(school_participants::school_id),
                        ),
                    );
                }
                if let Some(school_id) = filter.school_id {
                    query = query.filter(learners::school_id.eq(school_id));
                }
                if let Some(grade) = filter.grade {
                    query = query.filter(learners::grade.eq(grade));
                }
                if let Some(province) = &filter.province {
                    query = query.filter(schools::province.eq(province.clone()));
                }
                if let Some(pattern) = &pattern {
                    query = query.filter(
                        matches_search(learners::first_name, pattern)
                            .or(matches_search(learners::last_name, pattern))
                            .or(matches_search(schools::name, pattern)),
                    );
                }
                query
            }};
        }
        let total: i64 = selected!().count().get_result(conn)?;
        let mut query =
            selected!().select((Learner::as_select(), schools::name, schools::province));
        query = sorted_by!(query, &filter.sort, SORT_KEYS, {
            "name" => [learners::last_name, learners::first_name],
            "grade" => [learners::grade],
            "schoolName" => [schools::name],
            "province" => [schools::province],
        });
        query = page_of!(query, page, learners::id);
        let rows: Vec<(Learner, String, String)> = query.load(conn)?;
        Ok(Paged {
            rows: rows
                .into_iter()
                .map(|(learner, school_name, province)| LearnerRow {
                    learner,
                    school_name,
                    province,
                })
                .collect(),
            total,
        })
    }
}
