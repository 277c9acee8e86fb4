//! Watching and steering a sitting: the live monitor per school, pausing a school's sitting when
//! the power goes, extra time for a learner, resetting one learner or all, a learner's answers as
//! submitted, start times, and marking again after a corrected answer key. An admin acts in their
//! olympiad; a teacher only for the school entries whose team they are in. Every change is written
//! to the activity log.

use crate::access::Caller;
use crate::body::Body;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::routes::paper::olympiad_of;
use crate::routes::user::IdPath;
use crate::state::AppState;
use actix_web::http::StatusCode;
use actix_web::{get, post, web};
use chrono::{Duration, NaiveDateTime, Timelike};
use olympiad_domain::paper::{plain_text, Language};
use olympiad_domain::sitting::{learner_options, AnswerValue, AttemptStatus, STUCK_AFTER_SECONDS};
use olympiad_domain::Role;
use olympiad_office::activity::record_activity;
use olympiad_office::find_in_reach;
use olympiad_office::ErrorCode;
use olympiad_persistence::models::attempt::{
    entries_of_teacher, entry_olympiad, start_times, LearnerSitting, SchoolSitting,
};
use olympiad_persistence::models::school_participant::EntryHold;
use olympiad_persistence::models::{
    Answer, Attempt, Question, QuestionModule, SchoolParticipant, Sitter, SittingPause,
};
use olympiad_persistence::{now, DbConnection};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

/// Which school entries of an olympiad the caller may watch: all (staff), or their own (teacher).
enum Watch {
    All,
    Entries(Vec<i64>),
}

impl Watch {
    fn covers(&self, school_participant_id: Option<i64>) -> bool {
        match self {
            Watch::All => true,
            Watch::Entries(entries) => {
                school_participant_id.is_some_and(|id| entries.contains(&id))
            }
        }
    }
}

fn watch(conn: &mut DbConnection, caller: &Caller, olympiad_id: i64) -> Result<Watch, ApiError> {
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

/// The olympiad of a school entry that the caller may steer.
fn steer_entry(
    conn: &mut DbConnection,
    caller: &Caller,
    school_participant_id: i64,
) -> Result<i64, ApiError> {
    Ok(find_in_reach::<SchoolParticipant>(conn, caller, school_participant_id)?.olympiad_id)
}

/// The participant, whom the caller may steer.
fn steer_participant(
    conn: &mut DbConnection,
    caller: &Caller,
    participant_id: i64,
) -> Result<Sitter, ApiError> {
    find_in_reach::<olympiad_persistence::models::Participant>(conn, caller, participant_id)?;
    Ok(Sitter::by_participant(conn, participant_id)?)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MonitorQuery {
    pub olympiad_id: i64,
    /// One school's entry; all that the caller may watch when left out.
    pub school_participant_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PauseView {
    pub reason: String,
    pub since: NaiveDateTime,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolSittingView {
    pub school_participant_id: i64,
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
#[utoipa::path(operation_id = "sitting_monitor", tag = "invigilation", params(MonitorQuery), security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<Monitor>)), (status = 403, body = crate::error::ErrorBody)))]
#[get("/api/sitting/monitor")]
pub async fn sitting_monitor(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<MonitorQuery>,
) -> ApiResult<Monitor> {
    let MonitorQuery {
        olympiad_id,
        school_participant_id,
    } = query.into_inner();
    ok(state
        .db
        .run(move |conn| {
            let watch = watch(conn, &caller, olympiad_id)?;
            let at = now();
            let pauses: BTreeMap<i64, SittingPause> =
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
        })
        .await?)
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LearnerSittingView {
    pub participant_id: i64,
    pub school_participant_id: Option<i64>,
    pub username: String,
    pub first_name: String,
    pub last_name: String,
    pub grade: i32,
    /// notStarted, preparing, writing or finished.
    pub state: String,
    pub started_at: Option<NaiveDateTime>,
    pub finished_at: Option<NaiveDateTime>,
    pub remaining_seconds: Option<i64>,
    pub extra_minutes: i64,
    pub last_seen_at: Option<NaiveDateTime>,
    /// `<module>/<question>` the learner was last on.
    pub position: String,
    pub stuck: bool,
    pub paused: bool,
}

/// Each learner of the olympiad (or of one school's entry) and where they are.
#[utoipa::path(operation_id = "sitting_learners", tag = "invigilation", params(MonitorQuery), security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<LearnerSittingView>>)), (status = 403, body = crate::error::ErrorBody)))]
#[get("/api/sitting/learners")]
pub async fn sitting_learners(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<MonitorQuery>,
) -> ApiResult<Vec<LearnerSittingView>> {
    let MonitorQuery {
        olympiad_id,
        school_participant_id,
    } = query.into_inner();
    ok(state
        .db
        .run(move |conn| {
            let watch = watch(conn, &caller, olympiad_id)?;
            if school_participant_id.is_some() && !watch.covers(school_participant_id) {
                return Err(ApiError::forbidden("You are not in this school's team."));
            }
            if school_participant_id.is_none() && !matches!(watch, Watch::All) {
                return Err(ApiError::invalid_field(
                    "schoolParticipantId",
                    "is required",
                ));
            }
            let at = now();
            Ok(
                LearnerSitting::list(conn, olympiad_id, school_participant_id)?
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
                            remaining_seconds: clock
                                .filter(|_| writing)
                                .map(|c| c.remaining_seconds(at)),
                            extra_minutes: attempt
                                .as_ref()
                                .map_or(0, |a| i64::from(a.extra_seconds) / 60),
                            stuck: writing
                                && !paused
                                && last_seen_at.is_none_or(|seen| {
                                    (at - seen).num_seconds() > STUCK_AFTER_SECONDS
                                }),
                            last_seen_at,
                            position: attempt.map(|a| a.last_position).unwrap_or_default(),
                            paused,
                        }
                    })
                    .collect(),
            )
        })
        .await?)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PauseInput {
    pub school_participant_id: i64,
    /// Why, for the activity log: "load-shedding", "fire drill".
    #[validate(length(min = 1, max = 200, message = "is required (at most 200 characters)"))]
    pub reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PauseResult {
    /// Learners whose clocks stopped (or started again).
    pub learners: usize,
    pub at: NaiveDateTime,
}

/// Stops the clocks of a school's writing learners (the power went); they keep the time they had.
#[utoipa::path(operation_id = "sitting_pause", tag = "invigilation", request_body = PauseInput, security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<PauseResult>)), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody), (status = 409, description = "`already_paused`", body = crate::error::ErrorBody)))]
#[post("/api/sitting/pause")]
pub async fn pause_school(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<PauseInput>,
) -> ApiResult<PauseResult> {
    let PauseInput {
        school_participant_id,
        reason,
    } = body.into_inner();
    let reason = reason.trim().to_owned();
    ok(state
        .db
        .transaction(move |conn| {
            let olympiad_id = steer_entry(conn, &caller, school_participant_id)?;
            SchoolParticipant::hold(conn, school_participant_id, EntryHold::Exclusive)?;
            if SittingPause::open(conn, school_participant_id)?.is_some() {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    ErrorCode::AlreadyPaused,
                    "This school's sitting is already paused.",
                ));
            }
            let at = now();
            SittingPause::start(conn, school_participant_id, &reason, caller.impersonator.unwrap_or(caller.user_id), at)?;
            let learners = Attempt::pause_school(conn, school_participant_id, at)?;
            record_activity(
                conn,
                &caller,
                "sitting_paused",
                Some(olympiad_id),
                serde_json::json!({ "schoolParticipantId": school_participant_id, "reason": reason, "learners": learners }),
            )?;
            Ok(PauseResult { learners, at })
        })
        .await?)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResumeInput {
    pub school_participant_id: i64,
}

/// Starts the stopped clocks again, each with the time it had left.
#[utoipa::path(operation_id = "sitting_resume", tag = "invigilation", request_body = ResumeInput, security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<PauseResult>)), (status = 403, body = crate::error::ErrorBody),
        (status = 409, description = "`not_paused`", body = crate::error::ErrorBody)))]
#[post("/api/sitting/resume")]
pub async fn resume_school(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<ResumeInput>,
) -> ApiResult<PauseResult> {
    let school_participant_id = body.school_participant_id;
    ok(state
        .db
        .transaction(move |conn| {
            let olympiad_id = steer_entry(conn, &caller, school_participant_id)?;
            SchoolParticipant::hold(conn, school_participant_id, EntryHold::Exclusive)?;
            let pause = SittingPause::open(conn, school_participant_id)?.ok_or_else(|| {
                ApiError::new(
                    StatusCode::CONFLICT,
                    ErrorCode::NotPaused,
                    "This school's sitting is not paused.",
                )
            })?;
            let at = now();
            SittingPause::end(conn, pause.id, caller.impersonator.unwrap_or(caller.user_id), at)?;
            let learners = Attempt::resume_school(conn, school_participant_id, at)?;
            record_activity(
                conn,
                &caller,
                "sitting_resumed",
                Some(olympiad_id),
                serde_json::json!({ "schoolParticipantId": school_participant_id, "pausedAt": pause.started_at, "learners": learners }),
            )?;
            Ok(PauseResult { learners, at })
        })
        .await?)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExtraTimeInput {
    pub participant_id: i64,
    #[validate(range(min = 1, max = 240, message = "must be from 1 to 240 minutes"))]
    pub minutes: i64,
    #[validate(length(min = 1, max = 200, message = "is required (at most 200 characters)"))]
    pub reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExtraTimeResult {
    /// All extra time the learner now has.
    pub extra_minutes: i64,
    pub ends_at: Option<NaiveDateTime>,
}

/// Gives a learner extra time (a concession, or time lost to a problem of their own).
#[utoipa::path(operation_id = "sitting_extra_time", tag = "invigilation", request_body = ExtraTimeInput, security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<ExtraTimeResult>)), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody), (status = 409, description = "`no_attempt`, `finished`", body = crate::error::ErrorBody)))]
#[post("/api/sitting/extra-time")]
pub async fn extra_time(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<ExtraTimeInput>,
) -> ApiResult<ExtraTimeResult> {
    let ExtraTimeInput {
        participant_id,
        minutes,
        reason,
    } = body.into_inner();
    ok(state
        .db
        .transaction(move |conn| {
            let sitter = steer_participant(conn, &caller, participant_id)?;
            let attempt = Attempt::current(conn, participant_id)?.ok_or_else(|| {
                ApiError::new(
                    StatusCode::CONFLICT,
                    ErrorCode::NoAttempt,
                    "This learner has not begun the olympiad; extra time is given once they have.",
                )
            })?;
            if attempt.status() == AttemptStatus::Finished {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    ErrorCode::Finished,
                    "This learner has finished. Reset them to let them write again.",
                ));
            }
            Attempt::give_extra_time(conn, &attempt, minutes * 60)?;
            let attempt = Attempt::find(conn, attempt.id)?;
            record_activity(
                conn,
                &caller,
                "sitting_extra_time",
                Some(sitter.olympiad_id),
                serde_json::json!({ "participantId": participant_id, "minutes": minutes, "reason": reason.trim() }),
            )?;
            Ok(ExtraTimeResult {
                extra_minutes: i64::from(attempt.extra_seconds) / 60,
                ends_at: attempt.clock().map(|c| c.ends_at(now())),
            })
        })
        .await?)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Path)]
pub struct ResetOnePath {
    pub olympiad_id: i64,
    pub participant_id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetResult {
    /// Attempts set aside: each learner starts again from the instructions.
    pub reset: usize,
}

/// Resets one learner: their attempt is set aside (kept, for the record) and they start again.
#[utoipa::path(operation_id = "participant_reset_one", tag = "invigilation", params(ResetOnePath), security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<ResetResult>)), (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
#[get("/api/participant/reset/{olympiadId}/{participantId}")]
pub async fn reset_one(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<ResetOnePath>,
) -> ApiResult<ResetResult> {
    let ResetOnePath {
        olympiad_id,
        participant_id,
    } = path.into_inner();
    ok(state
        .db
        .transaction(move |conn| {
            let sitter = steer_participant(conn, &caller, participant_id)?;
            if sitter.olympiad_id != olympiad_id {
                return Err(ApiError::not_found("This learner's entry"));
            }
            let reset = Attempt::supersede(conn, &[participant_id])?;
            Sitter::set_status(conn, participant_id, "registered")?;
            record_activity(
                conn,
                &caller,
                "participant_reset",
                Some(olympiad_id),
                serde_json::json!({ "participantId": participant_id, "attempts": reset }),
            )?;
            Ok(ResetResult { reset })
        })
        .await?)
}

/// Resets every learner of the olympiad (admins only; Settings and Actions asks for the
/// olympiad's name first).
#[utoipa::path(operation_id = "participant_reset_all", tag = "invigilation", params(IdPath), security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<ResetResult>)), (status = 403, body = crate::error::ErrorBody)))]
#[get("/api/participant/reset/{id}")]
pub async fn reset_all(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
) -> ApiResult<ResetResult> {
    let olympiad_id = path.id;
    ok(state
        .db
        .transaction(move |conn| {
            olympiad_of(conn, &caller, olympiad_id)?;
            let participants: Vec<i64> = LearnerSitting::list(conn, olympiad_id, None)?
                .into_iter()
                .map(|(l, _)| l.participant_id)
                .collect();
            let reset = Attempt::supersede(conn, &participants)?;
            for id in &participants {
                Sitter::set_status(conn, *id, "registered")?;
            }
            record_activity(
                conn,
                &caller,
                "participants_reset_all",
                Some(olympiad_id),
                serde_json::json!({ "attempts": reset }),
            )?;
            Ok(ResetResult { reset })
        })
        .await?)
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubmittedAnswer {
    pub module_id: i64,
    pub module_title: String,
    pub question_id: i64,
    /// The question's place in the author's order, from 1 within its module.
    pub position: i32,
    pub kind: olympiad_domain::paper::QuestionKind,
    /// The question, as plain text in the learner's language.
    pub question: String,
    pub answer: Option<AnswerValue>,
    /// The answer as the learner saw it: the options' texts, or what they typed.
    pub answer_text: String,
    pub flagged: bool,
    pub saved_at: Option<NaiveDateTime>,
    /// Admins only.
    pub marks: Option<i32>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubmittedData {
    pub participant_id: i64,
    pub first_name: String,
    pub last_name: String,
    pub grade: i32,
    pub school_name: Option<String>,
    pub status: Option<AttemptStatus>,
    pub started_at: Option<NaiveDateTime>,
    pub finished_at: Option<NaiveDateTime>,
    pub finish_reason: Option<String>,
    /// Admins only: teachers see marks with the released results.
    pub score: Option<i64>,
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
/// learner's own teachers.
#[utoipa::path(operation_id = "participant_submitted_data", tag = "invigilation", params(IdPath), security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<SubmittedData>)), (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
#[get("/api/participant/get-submitted-data/{id}")]
pub async fn submitted_data(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
) -> ApiResult<SubmittedData> {
    let participant_id = path.id;
    ok(state
        .db
        .run(move |conn| {
            let sitter = steer_participant(conn, &caller, participant_id)?;
            let staff = caller.role != Role::Teacher;
            let attempt = Attempt::current(conn, participant_id)?;
            let answers: BTreeMap<i64, Answer> = match &attempt {
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
                    let Some(kind) = question.kind() else {
                        continue;
                    };
                    let content = question.content();
                    let saved = answers.get(&question.id);
                    let answer = saved.and_then(Answer::value);
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
                    rows.push(SubmittedAnswer {
                        module_id: module.id,
                        module_title: plain_in(&module.title(), language),
                        question_id: question.id,
                        position: question.position,
                        kind,
                        question: plain_in(&content.stem, language),
                        answer,
                        answer_text,
                        flagged: saved.is_some_and(|s| s.flagged),
                        saved_at: saved.map(|s| s.saved_at),
                        marks: saved.and_then(|s| s.marks).filter(|_| staff),
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
                score: attempt.as_ref().and_then(|a| a.score).filter(|_| staff),
                answers: rows,
            })
        })
        .await?)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OlympiadQuery {
    pub olympiad_id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolStarts {
    pub school_participant_id: Option<i64>,
    pub school_name: Option<String>,
    pub started: usize,
    pub first_start: NaiveDateTime,
    pub last_start: NaiveDateTime,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MinuteStarts {
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
#[utoipa::path(operation_id = "report_start_times", tag = "invigilation", params(OlympiadQuery), security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<StartTimes>)), (status = 403, body = crate::error::ErrorBody)))]
#[get("/api/reports/olympiad/start-times")]
pub async fn report_start_times(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
) -> ApiResult<StartTimes> {
    let olympiad_id = query.olympiad_id;
    caller.require_olympiad(olympiad_id)?;
    let starts = state
        .db
        .run(move |conn| Ok(start_times(conn, olympiad_id)?))
        .await?;
    let mut per_minute: BTreeMap<NaiveDateTime, usize> = BTreeMap::new();
    let mut per_school: BTreeMap<Option<i64>, SchoolStarts> = BTreeMap::new();
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
    ok(StartTimes {
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
#[utoipa::path(operation_id = "olympiad_remark", tag = "invigilation", params(IdPath), security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<RemarkResult>)), (status = 403, body = crate::error::ErrorBody)))]
#[post("/api/olympiad/remark/{id}")]
pub async fn remark(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
) -> ApiResult<RemarkResult> {
    let olympiad_id = path.id;
    ok(state
        .db
        .transaction(move |conn| {
            olympiad_of(conn, &caller, olympiad_id)?;
            let ids = Attempt::finished_ids(conn, olympiad_id)?;
            Attempt::mark(conn, olympiad_id, &ids)?;
            record_activity(
                conn,
                &caller,
                "olympiad_remarked",
                Some(olympiad_id),
                serde_json::json!({ "attempts": ids.len() }),
            )?;
            Ok(RemarkResult { marked: ids.len() })
        })
        .await?)
}
