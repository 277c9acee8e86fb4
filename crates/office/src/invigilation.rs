//! Watching and steering a sitting: the live monitor per school, pausing a school's sitting when
//! the power goes, extra time for a learner, resetting one learner or all, a learner's answers as
//! submitted, start times, and marking again after a corrected answer key. An admin acts in their
//! olympiad; a teacher only for the school entries whose team they are in. Every change is written
//! to the activity log.

use crate::activity::record_activity;
use crate::paper_sight;
use crate::support::caller::Caller;
use crate::support::error::{ErrorCode, OfficeError, OfficeResult};
use crate::support::scope::find_in_reach;
use chrono::{Duration, NaiveDateTime, Timelike};
use olympiad_domain::id::{ModuleId, OlympiadId, ParticipantId, QuestionId, SchoolParticipantId};
use olympiad_domain::paper::{plain_text, Language};
use olympiad_domain::paper_sight::PaperSight;
use olympiad_domain::school::ParticipantStatus;
use olympiad_domain::sitting::{learner_options, AnswerValue, AttemptStatus, STUCK_AFTER_SECONDS};
use olympiad_domain::Role;
use olympiad_persistence::models::attempt::{
    entries_of_teacher, entry_olympiad, learners_with_attempts, start_times as starts_of,
    SchoolSitting,
};
use olympiad_persistence::models::paper_sheet::LearnerOrder;
use olympiad_persistence::models::school_participant::EntryHold;
use olympiad_persistence::models::{
    Answer, Attempt, Olympiad, OlympiadLearner, Participant, Question, QuestionModule,
    SchoolParticipant, Sitter, SittingPause,
};
use olympiad_persistence::{now, write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

/// Which school entries of an olympiad the caller may watch: all (staff), or their own (teacher).
enum Watch {
    All,
    Entries(Vec<SchoolParticipantId>),
}

impl Watch {
    fn covers(&self, school_participant_id: Option<SchoolParticipantId>) -> bool {
        match self {
            Watch::All => true,
            Watch::Entries(entries) => {
                school_participant_id.is_some_and(|id| entries.contains(&id))
            }
        }
    }
}

fn watch(conn: &mut DbConnection, caller: &Caller, olympiad_id: OlympiadId) -> OfficeResult<Watch> {
    caller.require_olympiad(olympiad_id)?;
    if caller.role != Role::Teacher {
        return Ok(Watch::All);
    }
    let mut mine = Vec::new();
    for entry in entries_of_teacher(conn, caller.user_id)? {
        if entry_olympiad(conn, entry)? == olympiad_id {
            mine.push(entry);
        }
    }
    Ok(Watch::Entries(mine))
}

/// The participant, whom the caller may steer.
fn steer_participant(
    conn: &mut DbConnection,
    caller: &Caller,
    participant_id: ParticipantId,
) -> OfficeResult<Sitter> {
    find_in_reach::<Participant>(conn, caller, participant_id)?;
    Ok(Sitter::by_participant(conn, participant_id)?)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MonitorQuery {
    #[param(value_type = i64, minimum = 1)]
    pub olympiad_id: OlympiadId,
    /// One school's entry; all that the caller may watch when left out.
    #[param(value_type = Option<i64>, minimum = 1)]
    pub school_participant_id: Option<SchoolParticipantId>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PauseView {
    pub reason: String,
    #[serde(with = "olympiad_domain::utc")]
    pub since: NaiveDateTime,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolSittingView {
    #[schema(value_type = i64)]
    pub school_participant_id: SchoolParticipantId,
    pub school_name: String,
    pub registered: i64,
    pub not_started: i64,
    pub writing: i64,
    pub finished: i64,
    /// Writing, but not heard from for two minutes.
    pub stuck: i64,
    pub paused: Option<PauseView>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Monitor {
    #[serde(with = "olympiad_domain::utc")]
    pub server_time: NaiveDateTime,
    pub schools: Vec<SchoolSittingView>,
    pub totals: SittingTotals,
}

#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SittingTotals {
    pub registered: i64,
    pub not_started: i64,
    pub writing: i64,
    pub finished: i64,
    pub stuck: i64,
}

/// The live monitor: per school, how many learners have not started, are writing, have finished,
/// or look stuck; and whether the school's sitting is paused.
pub fn monitor(
    conn: &mut DbConnection,
    caller: &Caller,
    query: MonitorQuery,
) -> OfficeResult<Monitor> {
    let MonitorQuery {
        olympiad_id,
        school_participant_id,
    } = query;
    let watch = watch(conn, caller, olympiad_id)?;
    let at = now();
    let pauses: BTreeMap<SchoolParticipantId, SittingPause> =
        SittingPause::open_for_olympiad(conn, olympiad_id)?
            .into_iter()
            .map(|p| (p.school_participant_id, p))
            .collect();
    let schools: Vec<SchoolSittingView> = SchoolSitting::for_olympiad(
        conn,
        olympiad_id,
        at - Duration::seconds(STUCK_AFTER_SECONDS),
    )?
    .into_iter()
    .filter(|s| watch.covers(Some(s.school_participant_id)))
    .filter(|s| school_participant_id.is_none_or(|id| id == s.school_participant_id))
    .map(|s| SchoolSittingView {
        paused: pauses.get(&s.school_participant_id).map(|p| PauseView {
            reason: p.reason.clone(),
            since: p.started_at,
        }),
        school_participant_id: s.school_participant_id,
        school_name: s.school_name,
        registered: s.registered,
        not_started: s.not_started,
        writing: s.writing,
        finished: s.finished,
        stuck: s.stuck,
    })
    .collect();
    let mut totals = SittingTotals::default();
    for s in &schools {
        totals.registered += s.registered;
        totals.not_started += s.not_started;
        totals.writing += s.writing;
        totals.finished += s.finished;
        totals.stuck += s.stuck;
    }
    Ok(Monitor {
        server_time: at,
        schools,
        totals,
    })
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LearnerSittingView {
    #[schema(value_type = i64)]
    pub participant_id: ParticipantId,
    #[schema(value_type = Option<i64>)]
    pub school_participant_id: Option<SchoolParticipantId>,
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    pub grade: i32,
    /// notStarted, preparing, writing or finished.
    pub state: String,
    #[serde(with = "olympiad_domain::utc::option")]
    pub started_at: Option<NaiveDateTime>,
    #[serde(with = "olympiad_domain::utc::option")]
    pub finished_at: Option<NaiveDateTime>,
    pub remaining_seconds: Option<i64>,
    pub extra_minutes: i64,
    #[serde(with = "olympiad_domain::utc::option")]
    pub last_seen_at: Option<NaiveDateTime>,
    /// `<module>/<question>` the learner was last on.
    pub position: String,
    pub stuck: bool,
    pub paused: bool,
}

/// Each learner of the olympiad (or of one school's entry) and where they are; a teacher names
/// one school's entry of theirs.
pub fn learners(
    conn: &mut DbConnection,
    caller: &Caller,
    query: MonitorQuery,
) -> OfficeResult<Vec<LearnerSittingView>> {
    let MonitorQuery {
        olympiad_id,
        school_participant_id,
    } = query;
    let watch = watch(conn, caller, olympiad_id)?;
    if school_participant_id.is_some() && !watch.covers(school_participant_id) {
        return Err(OfficeError::forbidden("You are not in this school's team."));
    }
    if school_participant_id.is_none() && !matches!(watch, Watch::All) {
        return Err(OfficeError::invalid("schoolParticipantId", "is required"));
    }
    let at = now();
    Ok(
        learners_with_attempts(conn, olympiad_id, school_participant_id)?
            .into_iter()
            .map(|(learner, attempt)| {
                let status = attempt.as_ref().map(Attempt::status);
                let clock = attempt.as_ref().and_then(Attempt::clock);
                let writing = status == Some(AttemptStatus::Writing);
                let paused = attempt.as_ref().is_some_and(|a| a.paused_at.is_some());
                let last_seen_at = attempt.as_ref().and_then(|a| a.last_seen_at);
                LearnerSittingView {
                    participant_id: learner.participant_id,
                    school_participant_id: learner.school_participant_id,
                    username: learner.username,
                    first_name: learner.first_name,
                    last_name: learner.last_name,
                    grade: learner.grade,
                    state: status.map_or("notStarted", AttemptStatus::as_str).into(),
                    started_at: attempt.as_ref().and_then(|a| a.started_at),
                    finished_at: attempt.as_ref().and_then(|a| a.finished_at),
                    remaining_seconds: clock.filter(|_| writing).map(|c| c.remaining_seconds(at)),
                    extra_minutes: attempt
                        .as_ref()
                        .map_or(0, |a| i64::from(a.extra_seconds) / 60),
                    stuck: writing
                        && !paused
                        && last_seen_at
                            .is_none_or(|seen| (at - seen).num_seconds() > STUCK_AFTER_SECONDS),
                    last_seen_at,
                    position: attempt.map(|a| a.last_position).unwrap_or_default(),
                    paused,
                }
            })
            .collect(),
    )
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PauseInput {
    #[schema(value_type = i64, minimum = 1)]
    pub school_participant_id: SchoolParticipantId,
    /// Why, for the activity log: "load-shedding", "fire drill".
    #[validate(length(min = 1, max = 200, message = "is required (at most 200 characters)"))]
    #[schema(min_length = 1, max_length = 200)]
    pub reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PauseResult {
    /// Learners whose clocks stopped (or started again).
    pub learners: usize,
    #[serde(with = "olympiad_domain::utc")]
    pub at: NaiveDateTime,
}

/// Stops the clocks of a school's writing learners (the power went); they keep the time they had.
pub fn pause(
    conn: &mut DbConnection,
    caller: &Caller,
    input: PauseInput,
) -> OfficeResult<PauseResult> {
    let PauseInput {
        school_participant_id,
        reason,
    } = input;
    let reason = reason.trim().to_owned();
    write_transaction(conn, |conn| {
        let olympiad_id =
            find_in_reach::<SchoolParticipant>(conn, caller, school_participant_id)?.olympiad_id;
        SchoolParticipant::hold(conn, school_participant_id, EntryHold::Exclusive)?;
        if SittingPause::open(conn, school_participant_id)?.is_some() {
            return Err(OfficeError::refused(
                ErrorCode::AlreadyPaused,
                "This school's sitting is already paused.",
            ));
        }
        let at = now();
        SittingPause::start(conn, school_participant_id, &reason, caller.actor(), at)?;
        let learners = Attempt::pause_school(conn, school_participant_id, at)?;
        record_activity(
            conn,
            caller,
            "sitting_paused",
            Some(olympiad_id),
            serde_json::json!({ "schoolParticipantId": school_participant_id, "reason": reason, "learners": learners }),
        )?;
        Ok(PauseResult { learners, at })
    })
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResumeInput {
    #[schema(value_type = i64, minimum = 1)]
    pub school_participant_id: SchoolParticipantId,
}

/// Starts the stopped clocks again, each with the time it had left.
pub fn resume(
    conn: &mut DbConnection,
    caller: &Caller,
    input: ResumeInput,
) -> OfficeResult<PauseResult> {
    let school_participant_id = input.school_participant_id;
    write_transaction(conn, |conn| {
        let olympiad_id =
            find_in_reach::<SchoolParticipant>(conn, caller, school_participant_id)?.olympiad_id;
        SchoolParticipant::hold(conn, school_participant_id, EntryHold::Exclusive)?;
        let pause = SittingPause::open(conn, school_participant_id)?.ok_or_else(|| {
            OfficeError::refused(ErrorCode::NotPaused, "This school's sitting is not paused.")
        })?;
        let at = now();
        SittingPause::end(conn, pause.id, caller.actor(), at)?;
        let learners = Attempt::resume_school(conn, school_participant_id, at)?;
        record_activity(
            conn,
            caller,
            "sitting_resumed",
            Some(olympiad_id),
            serde_json::json!({ "schoolParticipantId": school_participant_id, "pausedAt": pause.started_at, "learners": learners }),
        )?;
        Ok(PauseResult { learners, at })
    })
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExtraTimeInput {
    #[schema(value_type = i64, minimum = 1)]
    pub participant_id: ParticipantId,
    #[validate(range(min = 1, max = 240, message = "must be from 1 to 240 minutes"))]
    #[schema(minimum = 1, maximum = 240)]
    pub minutes: i64,
    #[validate(length(min = 1, max = 200, message = "is required (at most 200 characters)"))]
    #[schema(min_length = 1, max_length = 200)]
    pub reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExtraTimeResult {
    /// All extra time the learner now has.
    pub extra_minutes: i64,
    #[serde(with = "olympiad_domain::utc::option")]
    pub ends_at: Option<NaiveDateTime>,
}

/// Gives a learner extra time (a concession, or time lost to a problem of their own).
pub fn give_extra_time(
    conn: &mut DbConnection,
    caller: &Caller,
    input: ExtraTimeInput,
) -> OfficeResult<ExtraTimeResult> {
    let ExtraTimeInput {
        participant_id,
        minutes,
        reason,
    } = input;
    write_transaction(conn, |conn| {
        let sitter = steer_participant(conn, caller, participant_id)?;
        let attempt = Attempt::current(conn, participant_id)?.ok_or_else(|| {
            OfficeError::refused(
                ErrorCode::NoAttempt,
                "This learner has not begun the olympiad; extra time is given once they have.",
            )
        })?;
        if attempt.status() == AttemptStatus::Finished {
            return Err(OfficeError::refused(
                ErrorCode::Finished,
                "This learner has finished. Reset them to let them write again.",
            ));
        }
        Attempt::give_extra_time(conn, &attempt, minutes * 60)?;
        let attempt = Attempt::find(conn, attempt.id)?;
        record_activity(
            conn,
            caller,
            "sitting_extra_time",
            Some(sitter.olympiad_id),
            serde_json::json!({ "participantId": participant_id, "minutes": minutes, "reason": reason.trim() }),
        )?;
        Ok(ExtraTimeResult {
            extra_minutes: i64::from(attempt.extra_seconds) / 60,
            ends_at: attempt.clock().map(|c| c.ends_at(now())),
        })
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Path)]
pub struct ResetOnePath {
    #[param(value_type = i64, minimum = 1)]
    pub olympiad_id: OlympiadId,
    #[param(value_type = i64, minimum = 1)]
    pub participant_id: ParticipantId,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetResult {
    /// Attempts set aside: each learner starts again from the instructions.
    pub reset: usize,
}

/// Resets one learner: their attempt is set aside (kept, for the record) and they start again.
pub fn reset_one(
    conn: &mut DbConnection,
    caller: &Caller,
    path: ResetOnePath,
) -> OfficeResult<ResetResult> {
    let ResetOnePath {
        olympiad_id,
        participant_id,
    } = path;
    write_transaction(conn, |conn| {
        let sitter = steer_participant(conn, caller, participant_id)?;
        if sitter.olympiad_id != olympiad_id {
            return Err(OfficeError::NotFound("This learner's entry".into()));
        }
        let reset = Attempt::supersede(conn, &[participant_id])?;
        Sitter::set_status(conn, participant_id, ParticipantStatus::Registered)?;
        record_activity(
            conn,
            caller,
            "participant_reset",
            Some(olympiad_id),
            serde_json::json!({ "participantId": participant_id, "attempts": reset }),
        )?;
        Ok(ResetResult { reset })
    })
}

/// Resets every learner of the olympiad.
pub fn reset_all(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
) -> OfficeResult<ResetResult> {
    write_transaction(conn, |conn| {
        find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
        // Only who they are: their attempts are superseded below, not read.
        let participants: Vec<ParticipantId> =
            OlympiadLearner::of_olympiad(conn, olympiad_id, None, LearnerOrder::ByName)?
                .into_iter()
                .map(|l| l.participant_id)
                .collect();
        let reset = Attempt::supersede(conn, &participants)?;
        for id in &participants {
            Sitter::set_status(conn, *id, ParticipantStatus::Registered)?;
        }
        record_activity(
            conn,
            caller,
            "participants_reset_all",
            Some(olympiad_id),
            serde_json::json!({ "attempts": reset }),
        )?;
        Ok(ResetResult { reset })
    })
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubmittedAnswer {
    #[schema(value_type = i64)]
    pub module_id: ModuleId,
    /// Empty while the caller may not see the questions (`SubmittedData::shown`).
    pub module_title: String,
    #[schema(value_type = i64)]
    pub question_id: QuestionId,
    /// The question's place in the author's order, from 1 within its module.
    pub position: i32,
    pub kind: olympiad_domain::paper::QuestionKind,
    /// The question, as plain text in the learner's language; empty while the caller may not see
    /// the questions.
    pub question: String,
    /// Whether the learner has answered it (shown whatever the caller may see of the paper).
    pub answered: bool,
    /// None while the caller may not see the answers.
    pub answer: Option<AnswerValue>,
    /// The answer as the learner saw it: the options' texts, or what they typed; empty while the
    /// caller may not see the answers.
    pub answer_text: String,
    pub flagged: bool,
    #[serde(with = "olympiad_domain::utc::option")]
    pub saved_at: Option<NaiveDateTime>,
    /// While the caller may see marks.
    pub marks: Option<i32>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubmittedData {
    #[schema(value_type = i64)]
    pub participant_id: ParticipantId,
    pub first_name: String,
    pub last_name: String,
    pub grade: i32,
    pub school_name: Option<String>,
    pub status: Option<AttemptStatus>,
    #[serde(with = "olympiad_domain::utc::option")]
    pub started_at: Option<NaiveDateTime>,
    #[serde(with = "olympiad_domain::utc::option")]
    pub finished_at: Option<NaiveDateTime>,
    pub finish_reason: Option<String>,
    /// While the caller may see marks.
    pub score: Option<i64>,
    /// What of the paper the caller is shown now: a teacher sees the questions and answers once
    /// nobody can write the paper any more, and marks once the results are released.
    pub shown: PaperSight,
    pub answers: Vec<SubmittedAnswer>,
}

/// A title or a rich text as words, in the learner's language or else the first there is.
fn plain_in<T: AsRef<str>>(texts: &BTreeMap<Language, T>, language: Language) -> String {
    texts
        .get(&language)
        .or_else(|| texts.values().next())
        .map(|t| plain_text(t.as_ref()).trim().to_owned())
        .unwrap_or_default()
}

/// A learner's answers as submitted, every question of the paper in order, for admins and the
/// learner's own teachers: what each may see of it now is the paper rule's (`paper_sight`).
pub fn submitted_data(
    conn: &mut DbConnection,
    caller: &Caller,
    participant_id: ParticipantId,
) -> OfficeResult<SubmittedData> {
    let sitter = steer_participant(conn, caller, participant_id)?;
    let olympiad = Olympiad::find(conn, sitter.olympiad_id)?;
    let shown = paper_sight::of_learner(conn, caller, &olympiad, participant_id)?;
    let attempt = Attempt::current(conn, participant_id)?;
    let answers: BTreeMap<QuestionId, Answer> = match &attempt {
        Some(a) => Answer::for_attempt(conn, a.id)?
            .into_iter()
            .map(|x| (x.question_id, x))
            .collect(),
        None => BTreeMap::new(),
    };
    let language = Language::from_code(&sitter.language);
    let modules = QuestionModule::for_olympiad(conn, sitter.olympiad_id)?;
    let questions = Question::for_olympiad(conn, sitter.olympiad_id)?;
    let mut rows = Vec::new();
    for module in &modules {
        for question in questions.iter().filter(|q| q.module_id == module.id) {
            let kind = question.kind;
            let content = question.content();
            let saved = answers.get(&question.id);
            let answer = saved.and_then(Answer::value);
            let answered = answer.is_some();
            let answer = answer.filter(|_| shown.answers);
            let answer_text = match &answer {
                Some(AnswerValue::Choices(keys)) => {
                    let options = learner_options(kind, &content);
                    keys.iter()
                        .map(|k| {
                            options
                                .iter()
                                .find(|o| &o.key == k)
                                .map_or_else(|| k.clone(), |o| plain_in(&o.text, language))
                        })
                        .collect::<Vec<_>>()
                        .join("; ")
                }
                Some(AnswerValue::Text(typed)) => typed.clone(),
                None => String::new(),
            };
            let words = |text: String| if shown.questions { text } else { String::new() };
            rows.push(SubmittedAnswer {
                module_id: module.id,
                module_title: words(plain_in(&module.title(), language)),
                question_id: question.id,
                position: question.position,
                kind,
                question: words(plain_in(&content.stem, language)),
                answered,
                answer,
                answer_text: words(answer_text),
                flagged: saved.is_some_and(|s| s.flagged),
                saved_at: saved.map(|s| s.saved_at),
                marks: saved.and_then(|s| s.marks).filter(|_| shown.marks),
            });
        }
    }
    Ok(SubmittedData {
        participant_id,
        first_name: sitter.first_name,
        last_name: sitter.last_name,
        grade: sitter.grade,
        school_name: sitter.school_name,
        status: attempt.as_ref().map(Attempt::status),
        started_at: attempt.as_ref().and_then(|a| a.started_at),
        finished_at: attempt.as_ref().and_then(|a| a.finished_at),
        finish_reason: attempt.as_ref().and_then(|a| a.finish_reason.clone()),
        score: attempt
            .as_ref()
            .and_then(|a| a.score)
            .filter(|_| shown.marks),
        shown,
        answers: rows,
    })
}

/// The query of a report or list of one olympiad.
pub use crate::support::listing::OlympiadQuery;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolStarts {
    #[schema(value_type = Option<i64>)]
    pub school_participant_id: Option<SchoolParticipantId>,
    pub school_name: Option<String>,
    pub started: usize,
    #[serde(with = "olympiad_domain::utc")]
    pub first_start: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub last_start: NaiveDateTime,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MinuteStarts {
    #[serde(with = "olympiad_domain::utc")]
    pub minute: NaiveDateTime,
    pub started: usize,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StartTimes {
    pub started: usize,
    /// Starts per minute: the morning's spike.
    pub per_minute: Vec<MinuteStarts>,
    pub per_school: Vec<SchoolStarts>,
}

/// When learners started: per minute (the spike at the start) and per school.
pub fn start_times(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
) -> OfficeResult<StartTimes> {
    caller.require_olympiad(olympiad_id)?;
    let starts = starts_of(conn, olympiad_id)?;
    let mut per_minute: BTreeMap<NaiveDateTime, usize> = BTreeMap::new();
    let mut per_school: BTreeMap<Option<SchoolParticipantId>, SchoolStarts> = BTreeMap::new();
    for start in &starts {
        let (entry, name, started_at) = (
            &start.school_participant_id,
            &start.school_name,
            &start.started_at,
        );
        let minute = started_at
            .with_second(0)
            .and_then(|t| t.with_nanosecond(0))
            .unwrap_or(*started_at);
        *per_minute.entry(minute).or_default() += 1;
        let school = per_school.entry(*entry).or_insert_with(|| SchoolStarts {
            school_participant_id: *entry,
            school_name: name.clone(),
            started: 0,
            first_start: *started_at,
            last_start: *started_at,
        });
        school.started += 1;
        school.first_start = school.first_start.min(*started_at);
        school.last_start = school.last_start.max(*started_at);
    }
    let mut per_school: Vec<SchoolStarts> = per_school.into_values().collect();
    per_school.sort_by(|a, b| a.school_name.cmp(&b.school_name));
    Ok(StartTimes {
        started: starts.len(),
        per_minute: per_minute
            .into_iter()
            .map(|(minute, started)| MinuteStarts { minute, started })
            .collect(),
        per_school,
    })
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RemarkResult {
    pub marked: usize,
}

/// Marks every finished attempt again, after the answer key was corrected.
pub fn remark(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: OlympiadId,
) -> OfficeResult<RemarkResult> {
    write_transaction(conn, |conn| {
        find_in_reach::<Olympiad>(conn, caller, olympiad_id)?;
        let ids = Attempt::finished_ids(conn, olympiad_id)?;
        Attempt::mark(conn, olympiad_id, &ids)?;
        record_activity(
            conn,
            caller,
            "olympiad_remarked",
            Some(olympiad_id),
            serde_json::json!({ "attempts": ids.len() }),
        )?;
        Ok(RemarkResult { marked: ids.len() })
    })
}
