//! Answers written on paper: the learners an answer sheet is printed for, and the attempts made
//! from the admin's spreadsheet of the sheets (an attempt like any other, finished and marked,
//! with a `paper_sheets` row saying it was written on paper).

use crate::error::DbResult;
use crate::models::school_participant::school_of_entry;
use crate::schema::{
    answers, attempts, learners, paper_sheets, participants, school_participants, schools, users,
};
use crate::{now, DbConnection};
use diesel::prelude::*;
use olympiad_domain::id::{AttemptId, OlympiadId, ParticipantId, SchoolParticipantId, UserId};
use olympiad_domain::sitting::{AnswerValue, AttemptStatus};
use std::collections::{BTreeMap, BTreeSet};

/// A learner of the olympiad, as an answer sheet names them and the sitting monitor lists them.
#[derive(Debug, Clone, Queryable)]
pub struct OlympiadLearner {
    pub participant_id: ParticipantId,
    pub school_participant_id: Option<SchoolParticipantId>,
    /// The learner number on the sheet.
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    pub grade: i32,
    pub class_name: String,
    pub school_name: Option<String>,
}

/// The order of a list of learners, as the database's collation sorts names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LearnerOrder {
    /// By surname and first name: the sitting monitor.
    ByName,
    /// By grade, class and name: the answer sheets, as they are handed out.
    ByClass,
}

impl OlympiadLearner {
    /// The olympiad's learners (of one school's entry, when given), in the order asked for.
    pub fn of_olympiad(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        school_participant_id: Option<SchoolParticipantId>,
        order: LearnerOrder,
    ) -> DbResult<Vec<OlympiadLearner>> {
        let mut query = participants::table
            .inner_join(learners::table)
            .inner_join(users::table)
            .left_join(school_participants::table)
            .left_join(school_of_entry())
            .filter(participants::olympiad_id.eq(olympiad_id))
            .into_boxed();
        if let Some(entry) = school_participant_id {
            query = query.filter(participants::school_participant_id.eq(entry));
        }
        query = match order {
            LearnerOrder::ByName => {
                query.order((learners::last_name, learners::first_name, participants::id))
            }
            LearnerOrder::ByClass => query.order((
                learners::grade,
                learners::class_name,
                learners::last_name,
                learners::first_name,
                participants::id,
            )),
        };
        Ok(query
            .select((
                participants::id,
                participants::school_participant_id,
                users::username,
                learners::first_name,
                learners::last_name,
                learners::grade,
                learners::class_name,
                schools::name.nullable(),
            ))
            .load(conn)?)
    }
}

pub struct PaperSheet;

impl PaperSheet {
    /// The olympiad's attempts written on paper.
    pub fn attempt_ids(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
    ) -> DbResult<BTreeSet<AttemptId>> {
        Ok(paper_sheets::table
            .filter(paper_sheets::olympiad_id.eq(olympiad_id))
            .select(paper_sheets::attempt_id)
            .load::<AttemptId>(conn)?
            .into_iter()
            .collect())
    }

    pub fn is_paper(conn: &mut DbConnection, attempt_id: AttemptId) -> DbResult<bool> {
        Ok(paper_sheets::table
            .find(attempt_id)
            .select(paper_sheets::attempt_id)
            .first::<i64>(conn)
            .optional()?
            .is_some())
    }

    /// A finished attempt for a learner who wrote on paper, not yet marked.
    pub fn create_attempt(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        participant_id: ParticipantId,
        school_participant_id: Option<SchoolParticipantId>,
        imported_by: Option<UserId>,
    ) -> DbResult<AttemptId> {
        let at = now();
        let id: AttemptId = diesel::insert_into(attempts::table)
            .values((
                attempts::participant_id.eq(participant_id),
                attempts::olympiad_id.eq(olympiad_id),
                attempts::school_participant_id.eq(school_participant_id),
                attempts::status.eq(AttemptStatus::Finished.as_str()),
                attempts::declaration_accepted_at.eq(at),
                // No device holds it: no device key can match an empty hash.
                attempts::device_key_hash.eq(""),
                attempts::finished_at.eq(at),
                attempts::finish_reason.eq("paper"),
                attempts::online.eq(false),
                attempts::created_at.eq(at),
                attempts::updated_at.eq(at),
            ))
            .returning(attempts::id)
            .get_result(conn)?;
        diesel::insert_into(paper_sheets::table)
            .values((
                paper_sheets::attempt_id.eq(id),
                paper_sheets::olympiad_id.eq(olympiad_id),
                paper_sheets::imported_by.eq(imported_by),
                paper_sheets::imported_at.eq(at),
            ))
            .execute(conn)?;
        Ok(id)
    }

    /// Puts the sheet's answers in place of the attempt's (a second import of the same sheet
    /// leaves the same answers), and notes who imported them.
    pub fn replace_answers(
        conn: &mut DbConnection,
        attempt_id: AttemptId,
        given: &BTreeMap<i64, AnswerValue>,
        imported_by: Option<UserId>,
    ) -> DbResult<()> {
        let at = now();
        diesel::delete(answers::table.filter(answers::attempt_id.eq(attempt_id))).execute(conn)?;
        for (question_id, answer) in given {
            diesel::insert_into(answers::table)
                .values((
                    answers::attempt_id.eq(attempt_id),
                    answers::question_id.eq(question_id),
                    answers::answer
                        .eq(serde_json::to_string(&Some(answer)).unwrap_or_else(|_| "null".into())),
                    answers::flagged.eq(false),
                    answers::seq.eq(0_i64),
                    answers::saved_at.eq(at),
                ))
                .execute(conn)?;
        }
        diesel::update(paper_sheets::table.find(attempt_id))
            .set((
                paper_sheets::imported_by.eq(imported_by),
                paper_sheets::imported_at.eq(at),
            ))
            .execute(conn)?;
        Ok(())
    }
}
