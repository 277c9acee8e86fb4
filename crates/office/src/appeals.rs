//! Appeals: once results are released, a school's team asks for a learner's mark on a question to
//! be looked at again, with its reason. The appeal waits in the queue of Results moderation; an
//! admin upholds it, setting the learner's marks through the moderation's adjustment (with the
//! reason, in the activity log, and not while the results are final), or dismisses it with a
//! reason. The team sees the outcome beside its results.

use crate::activity::record_activity;
use crate::results::{self, released, AdjustInput, LearnerResult, REASON_MAX};
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult, OrNotFound};
use crate::support::scope::find_in_reach;
use chrono::NaiveDateTime;
use olympiad_domain::appeals::{AppealOutcome, AppealState};
use olympiad_domain::id::{AppealId, AttemptId, OlympiadId, SchoolParticipantId};
use olympiad_persistence::models::{
    Appeal, AppealInsertForm, AppealRow, AppealUpdateForm, AppealsOf, Olympiad, OlympiadResults,
    Question, SchoolParticipant,
};
use olympiad_persistence::{now, write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;
use validator::Validate;

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppealView {
    #[schema(value_type = i64)]
    pub id: AppealId,
    #[schema(value_type = i64)]
    pub attempt_id: AttemptId,
    #[schema(value_type = i64)]
    pub school_participant_id: SchoolParticipantId,
    pub learner: String,
    pub grade: i32,
    pub school_name: String,
    /// The learner's score: as it stands (for admins), as released (for the team).
    pub score: Option<i64>,
    /// The question's number on the paper.
    pub question: i32,
    pub reason: String,
    pub state: AppealState,
    /// The admin's reason for the outcome.
    pub outcome: String,
    /// The marks an upheld appeal gave.
    pub marks: Option<i64>,
    #[serde(with = "olympiad_domain::utc")]
    #[schema(value_type = String, format = DateTime)]
    pub lodged_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub decided_at: Option<NaiveDateTime>,
}

fn view(row: AppealRow, learners: &HashMap<AttemptId, &LearnerResult>) -> AppealView {
    let learner = learners.get(&row.appeal.attempt_id);
    AppealView {
        id: row.appeal.id,
        attempt_id: row.appeal.attempt_id,
        school_participant_id: row.appeal.school_participant_id,
        learner: format!("{} {}", row.first_name, row.last_name),
        grade: row.grade,
        school_name: learner.map(|l| l.school_name.clone()).unwrap_or_default(),
        score: learner.map(|l| l.score),
        question: row.appeal.question,
        reason: row.appeal.reason,
        state: row.appeal.state,
        outcome: row.appeal.outcome,
        marks: row.appeal.marks,
        lodged_at: row.appeal.created_at,
        decided_at: row.appeal.decided_at,
    }
}

fn reason_of(field: &str, reason: &str) -> OfficeResult<String> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(OfficeError::invalid(field, "is required: say why"));
    }
    if reason.chars().count() > REASON_MAX {
        return Err(OfficeError::invalid(
            field,
            format!("must be at most {REASON_MAX} characters"),
        ));
    }
    Ok(reason.to_owned())
}

#[derive(Debug, Clone, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LodgeInput {
    #[schema(value_type = i64)]
    pub school_participant_id: SchoolParticipantId,
    /// The learner's attempt, as the school's released results name it.
    #[schema(value_type = i64)]
    pub attempt_id: AttemptId,
    /// The question's number on the paper (1, 2, …), at most the paper's number of questions.
    #[validate(range(min = 1, message = "must be a question of the paper, from 1"))]
    #[schema(minimum = 1)]
    pub question: i32,
    /// Why: required, not only spaces.
    #[schema(min_length = 1, max_length = 1000, pattern = "\\S")]
    pub reason: String,
}

/// The team lodges an appeal for one of its learners in the released results.
pub fn lodge(
    conn: &mut DbConnection,
    caller: &Caller,
    input: &LodgeInput,
) -> OfficeResult<AppealView> {
    write_transaction(conn, |conn| {
        let entry = find_in_reach::<SchoolParticipant>(conn, caller, input.school_participant_id)?;
        let reason = reason_of("reason", &input.reason)?;
        let questions = Question::for_olympiad(conn, entry.olympiad_id)?.len();
        if !(1..=i32::try_from(questions).unwrap_or(i32::MAX)).contains(&input.question) {
            return Err(OfficeError::invalid(
                "question",
                format!("must be a question of the paper, 1 to {questions}"),
            ));
        }
        let results = OlympiadResults::of_olympiad(conn, entry.olympiad_id)?;
        let snapshot = released(&results).ok_or_else(|| {
            OfficeError::conflict("The results are not released yet: appeals open once they are.")
        })?;
        let learner = snapshot
            .learners
            .iter()
            .find(|l| l.attempt_id == input.attempt_id && l.school_participant_id == entry.id)
            .ok_or_else(|| OfficeError::NotFound("This learner's result".into()))?;
        if Appeal::waiting(conn, input.attempt_id, input.question)? {
            return Err(OfficeError::conflict(
                "An appeal for this question of this learner is already waiting.",
            ));
        }
        let appeal = Appeal::create(
            conn,
            &AppealInsertForm {
                olympiad_id: entry.olympiad_id,
                attempt_id: input.attempt_id,
                school_participant_id: entry.id,
                question: input.question,
                reason: reason.clone(),
                state: AppealState::Lodged,
                lodged_by: Some(caller.actor()),
                created_at: now(),
            },
        )?;
        record_activity(
            conn,
            caller,
            "appeal_lodged",
            Some(entry.olympiad_id),
            serde_json::json!({ "appealId": appeal.id, "attemptId": input.attempt_id, "question": input.question, "reason": reason }),
        )?;
        let row = AppealRow {
            appeal,
            first_name: learner.first_name.clone(),
            last_name: learner.last_name.clone(),
            grade: learner.grade,
        };
        Ok(view(row, &HashMap::from([(learner.attempt_id, learner)])))
    })
}

/// The queue of Results moderation: every appeal of the olympiad, waiting ones first.
pub fn of_olympiad(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
) -> OfficeResult<Vec<AppealView>> {
    find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
    let rows = Appeal::list(conn, AppealsOf::Olympiad(olympiad_id))?;
    let attempt_ids: Vec<AttemptId> = rows.iter().map(|r| r.appeal.attempt_id).collect();
    let found = results::learners_of(conn, olympiad_id, &attempt_ids)?;
    let learners: HashMap<AttemptId, &LearnerResult> = found.iter().map(|(&a, l)| (a, l)).collect();
    Ok(rows.into_iter().map(|row| view(row, &learners)).collect())
}

/// A school's appeals and their outcomes, for its team.
pub fn of_school(
    conn: &mut DbConnection,
    caller: &Caller,
    entry_id: SchoolParticipantId,
) -> OfficeResult<Vec<AppealView>> {
    let entry = find_in_reach::<SchoolParticipant>(conn, caller, entry_id)?;
    let results = OlympiadResults::of_olympiad(conn, entry.olympiad_id)?;
    let snapshot = released(&results).unwrap_or_default();
    let learners: HashMap<AttemptId, &LearnerResult> = snapshot
        .learners
        .iter()
        .map(|l| (l.attempt_id, l))
        .collect();
    Ok(Appeal::list(conn, AppealsOf::Entry(entry.id))?
        .into_iter()
        .map(|row| view(row, &learners))
        .collect())
}

#[derive(Debug, Clone, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DecideInput {
    pub outcome: AppealOutcome,
    /// Why, as the team will read it.
    #[schema(min_length = 1, max_length = 1000, pattern = "\\S")]
    pub reason: String,
    /// The learner's total marks once upheld; required to uphold.
    #[validate(range(min = 0, max = 100_000, message = "must be from 0 to 100000"))]
    #[schema(minimum = 0, maximum = 100000)]
    pub marks: Option<i64>,
}

/// Upholds (adjusting the learner's marks, with the reason) or dismisses an appeal; once only.
pub fn decide(
    conn: &mut DbConnection,
    caller: &Caller,
    id: AppealId,
    input: &DecideInput,
) -> OfficeResult<AppealView> {
    write_transaction(conn, |conn| {
        let appeal = Appeal::find(conn, id).or_not_found("This appeal")?;
        find_in_reach::<Olympiad>(conn, caller, appeal.olympiad_id)?;
        let reason = reason_of("reason", &input.reason)?;
        let Some(state) = appeal.state.may_become(input.outcome) else {
            return Err(OfficeError::conflict(format!(
                "This appeal was already {}.",
                appeal.state.as_str()
            )));
        };
        let marks = match input.outcome {
            AppealOutcome::Upheld => {
                let marks = input
                    .marks
                    .ok_or_else(|| OfficeError::invalid("marks", "is required to uphold"))?;
                let adjustment = AdjustInput {
                    olympiad_id: appeal.olympiad_id,
                    attempt_id: appeal.attempt_id,
                    marks,
                    reason: reason.clone(),
                };
                results::adjust_as(conn, caller, &adjustment, |reason| {
                    format!("Appeal on question {} upheld: {reason}", appeal.question)
                })?;
                Some(marks)
            }
            AppealOutcome::Dismissed => None,
        };
        let decided = Appeal::decide(
            conn,
            appeal.id,
            &AppealUpdateForm {
                state,
                outcome: reason.clone(),
                marks,
                decided_by: Some(caller.actor()),
                decided_at: Some(now()),
            },
        )?;
        if !decided {
            return Err(OfficeError::conflict("This appeal was decided meanwhile."));
        }
        record_activity(
            conn,
            caller,
            &format!("appeal_{}", state.as_str()),
            Some(appeal.olympiad_id),
            serde_json::json!({ "appealId": appeal.id, "attemptId": appeal.attempt_id, "marks": marks, "reason": reason }),
        )?;
        // Current already: an upheld appeal's adjustment moved the stored results.
        let learner = results::learners_of(conn, appeal.olympiad_id, &[appeal.attempt_id])?;
        let learners: HashMap<AttemptId, &LearnerResult> =
            learner.iter().map(|(&id, l)| (id, l)).collect();
        let row = Appeal::list(conn, AppealsOf::Entry(appeal.school_participant_id))?
            .into_iter()
            .find(|r| r.appeal.id == appeal.id)
            .ok_or_else(|| OfficeError::NotFound("This appeal".into()))?;
        Ok(view(row, &learners))
    })
}
