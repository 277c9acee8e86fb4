//! What the use cases are tried on: schools entered in an olympiad, their learners entered the way
//! loading learners enters them, each with a finished attempt and its marks, and a paper of
//! questions for appeals and moderation's figures to name.

use diesel::prelude::*;
use olympiad_bench::fixtures::school;
use olympiad_domain::id::{AttemptId, ParticipantId, QuestionId};
use olympiad_domain::paper::QuestionKind;
use olympiad_domain::roster::CheckedLearner;
use olympiad_domain::sitting::AttemptStatus;
use olympiad_office::learner_accounts::enter_learners;
use olympiad_persistence::models::{
    Olympiad, Question, QuestionForm, QuestionModule, QuestionModuleForm, SchoolParticipant,
};
use olympiad_persistence::schema::{answers, attempts};
use olympiad_persistence::{now, DbConnection};

/// A public school entered in the olympiad: its entry.
pub fn entered_school(
    conn: &mut DbConnection,
    olympiad: &Olympiad,
    name: &str,
    province: &str,
) -> SchoolParticipant {
    let school = school(conn, name, province);
    SchoolParticipant::ensure(conn, olympiad.id, school.id, None)
        .unwrap()
        .0
}

/// Enters a learner of the school's entry (first name, last name, grade); their participant.
/// The password's hash is never checked here: no one signs in.
pub fn entered_learner(
    conn: &mut DbConnection,
    entry: &SchoolParticipant,
    (first_name, last_name, grade): (&str, &str, i32),
) -> ParticipantId {
    let learner = CheckedLearner {
        first_name: first_name.into(),
        last_name: last_name.into(),
        grade,
        class_name: "A".into(),
        gender: String::new(),
        home_language: String::new(),
        language: "en".into(),
        email: None,
        consent_given: true,
        consent_by: "Parent".into(),
        consent_relationship: "Parent".into(),
    };
    let credentials = enter_learners(
        conn,
        entry,
        &[learner],
        &["not used".to_owned()],
        &["not a hash".to_owned()],
    )
    .unwrap();
    credentials[0].participant_id
}

/// The participant's attempt, finished and marked `score`, as marking leaves it.
pub fn finished_attempt(
    conn: &mut DbConnection,
    entry: &SchoolParticipant,
    participant: ParticipantId,
    score: i64,
) -> AttemptId {
    let at = now();
    diesel::insert_into(attempts::table)
        .values((
            attempts::participant_id.eq(participant),
            attempts::olympiad_id.eq(entry.olympiad_id),
            attempts::school_participant_id.eq(Some(entry.id)),
            attempts::status.eq(AttemptStatus::Finished.as_str()),
            attempts::declaration_accepted_at.eq(at),
            attempts::device_key_hash.eq(""),
            attempts::started_at.eq(at),
            attempts::finished_at.eq(at),
            attempts::finish_reason.eq("submitted"),
            attempts::score.eq(Some(score)),
            attempts::marked_at.eq(at),
            attempts::created_at.eq(at),
            attempts::updated_at.eq(at),
        ))
        .returning(attempts::id)
        .get_result(conn)
        .unwrap()
}

/// A learner of the school who wrote and was marked `score`: their attempt.
pub fn wrote(
    conn: &mut DbConnection,
    entry: &SchoolParticipant,
    learner: (&str, &str, i32),
    score: i64,
) -> AttemptId {
    let participant = entered_learner(conn, entry, learner);
    finished_attempt(conn, entry, participant, score)
}

/// The olympiad's paper: one module with a numeric question for each of `marks` (what it is out
/// of), in order.
pub fn paper(conn: &mut DbConnection, olympiad: &Olympiad, marks: &[i32]) -> Vec<QuestionId> {
    let module = QuestionModule::create(
        conn,
        olympiad.id,
        &QuestionModuleForm {
            title: Default::default(),
            instructions: Default::default(),
            time_limit_minutes: None,
        },
    )
    .unwrap();
    marks
        .iter()
        .map(|&marks| {
            let form = QuestionForm {
                kind: QuestionKind::Numeric,
                content: Default::default(),
                marks,
                difficulty: 1,
                attachment_id: None,
            };
            Question::create(conn, module.id, &form).unwrap().id
        })
        .collect()
}

/// The learner's answer to the question, marked `marks`.
pub fn answered(conn: &mut DbConnection, attempt: AttemptId, question: QuestionId, marks: i32) {
    diesel::insert_into(answers::table)
        .values((
            answers::attempt_id.eq(attempt),
            answers::question_id.eq(question),
            answers::answer.eq("1"),
            answers::flagged.eq(false),
            answers::seq.eq(1_i64),
            answers::marks.eq(Some(marks)),
            answers::saved_at.eq(now()),
        ))
        .execute(conn)
        .unwrap();
}
