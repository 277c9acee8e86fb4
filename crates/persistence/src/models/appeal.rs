//! Appeals of a learner's mark: lodged by the school's team, decided (upheld or dismissed, with a
//! reason) by an admin.

use crate::error::DbResult;
use crate::schema::{attempts, learners, participants, result_appeals};
use crate::words::Word;
use crate::DbConnection;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::appeals::AppealState;
use olympiad_domain::id::{AppealId, AttemptId, OlympiadId, SchoolParticipantId, UserId};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = result_appeals)]
pub struct Appeal {
    pub id: AppealId,
    pub olympiad_id: OlympiadId,
    pub attempt_id: AttemptId,
    pub school_participant_id: SchoolParticipantId,
    pub question: i32,
    pub reason: String,
    pub state: AppealState,
    pub outcome: String,
    pub marks: Option<i64>,
    pub lodged_by: Option<UserId>,
    pub decided_by: Option<UserId>,
    pub created_at: NaiveDateTime,
    pub decided_at: Option<NaiveDateTime>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = result_appeals)]
pub struct AppealInsertForm {
    pub olympiad_id: OlympiadId,
    pub attempt_id: AttemptId,
    pub school_participant_id: SchoolParticipantId,
    pub question: i32,
    pub reason: String,
    #[diesel(serialize_as = Word)]
    pub state: AppealState,
    pub lodged_by: Option<UserId>,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = result_appeals)]
pub struct AppealUpdateForm {
    #[diesel(serialize_as = Word)]
    pub state: AppealState,
    pub outcome: String,
    pub marks: Option<i64>,
    pub decided_by: Option<UserId>,
    pub decided_at: Option<NaiveDateTime>,
}

/// An appeal with the learner it is about.
#[derive(Debug, Clone, Queryable)]
pub struct AppealRow {
    pub appeal: Appeal,
    pub first_name: String,
    pub last_name: String,
    pub grade: i32,
}

/// Which appeals a list holds.
pub enum AppealsOf {
    Olympiad(OlympiadId),
    Entry(SchoolParticipantId),
}

impl Appeal {
    pub fn find(conn: &mut DbConnection, id: AppealId) -> DbResult<Appeal> {
        Ok(result_appeals::table
            .find(id)
            .select(Appeal::as_select())
            .first(conn)?)
    }

    pub fn create(conn: &mut DbConnection, form: &AppealInsertForm) -> DbResult<Appeal> {
        let id: AppealId = diesel::insert_into(result_appeals::table)
            .values(form.clone())
            .returning(result_appeals::id)
            .get_result(conn)?;
        Appeal::find(conn, id)
    }

    /// Decides the appeal if it still waits; answers false when someone decided it first.
    pub fn decide(
        conn: &mut DbConnection,
        id: AppealId,
        form: &AppealUpdateForm,
    ) -> DbResult<bool> {
        let changed = diesel::update(
            result_appeals::table
                .find(id)
                .filter(result_appeals::state.eq(AppealState::Lodged.as_str())),
        )
        .set(form.clone())
        .execute(conn)?;
        Ok(changed == 1)
    }

    /// Whether the same question of the same attempt already waits in the queue.
    pub fn waiting(
        conn: &mut DbConnection,
        attempt_id: AttemptId,
        question: i32,
    ) -> DbResult<bool> {
        Ok(result_appeals::table
            .filter(result_appeals::attempt_id.eq(attempt_id))
            .filter(result_appeals::question.eq(question))
            .filter(result_appeals::state.eq(AppealState::Lodged.as_str()))
            .select(result_appeals::id)
            .first::<i64>(conn)
            .optional()?
            .is_some())
    }

    /// The olympiad's or one school's appeals, waiting ones first, then the newest.
    pub fn list(conn: &mut DbConnection, of: AppealsOf) -> DbResult<Vec<AppealRow>> {
        let query = result_appeals::table
            .inner_join(attempts::table.inner_join(participants::table.inner_join(learners::table)))
            .into_boxed();
        let query = match of {
            AppealsOf::Olympiad(id) => query.filter(result_appeals::olympiad_id.eq(id)),
            AppealsOf::Entry(id) => query.filter(result_appeals::school_participant_id.eq(id)),
        };
        let rows: Vec<AppealRow> = query
            .order(result_appeals::id.desc())
            .select((
                Appeal::as_select(),
                learners::first_name,
                learners::last_name,
                learners::grade,
            ))
            .load(conn)?;
        let (mut waiting, decided): (Vec<_>, Vec<_>) = rows
            .into_iter()
            .partition(|r| r.appeal.state == AppealState::Lodged);
        waiting.extend(decided);
        Ok(waiting)
    }
}
