//! The learner's own calls, in the order of the sitting: see where they are (`GET /api/sitting`),
//! accept the declaration (the attempt begins on this device), get the recovery code, confirm their
//! details, start the clock, get the paper, save answers, ping progress, finish. A second device
//! takes the attempt over only with the recovery code.

use crate::access::Caller;
use crate::body::Body;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::rate_limit::client_address;
use crate::sitting::writer::{DeviceClaim, Outcome, Refusal, WriterError};
use crate::sitting::{paper_of, DeviceKey, LearnerModule, DEVICE_KEY_HEADER};
use crate::state::AppState;
use actix_web::http::StatusCode;
use actix_web::{get, post, put, web, HttpRequest};
use chrono::NaiveDateTime;
use olympiad_domain::credentials::readable_code;
use olympiad_domain::paper::Language;
use olympiad_domain::rich_text::LocalizedRichText;
use olympiad_domain::sitting::{answer_problem, paper_order, AnswerValue, AttemptStatus};
use olympiad_office::secrets::token_hash;
use olympiad_office::sitting::{closed, start_clock, window_at, ClockStart};
use olympiad_office::ErrorCode;
use olympiad_persistence::models::{
    Answer, AnswerSave, Attempt, FinishReason, Olympiad, Sitter, SittingWindow,
};
use olympiad_persistence::{now, DbConnection, DbError};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

/// Characters of a recovery code (`k7xm-p3qa`): short enough to copy from a phone to paper.
const RECOVERY_CODE_CHARS: usize = 8;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OlympiadForLearner {
    pub id: i64,
    pub name: String,
    pub title: String,
    pub duration_minutes: i32,
    pub languages: Vec<Language>,
    pub grades: Vec<i32>,
    /// Sanitised HTML per language.
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub instructions: LocalizedRichText,
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub declaration: LocalizedRichText,
    pub is_open: bool,
    /// The sitting window now open, or the next one.
    pub window_starts_at: Option<NaiveDateTime>,
    pub window_ends_at: Option<NaiveDateTime>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LearnerDetails {
    pub first_name: String,
    pub last_name: String,
    pub grade: i32,
    pub language: Language,
    pub school_name: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttemptView {
    pub id: i64,
    pub status: AttemptStatus,
    /// False when another device holds the attempt: this one needs the recovery code.
    pub on_this_device: bool,
    pub recovery_code_issued: bool,
    pub declaration_accepted_at: NaiveDateTime,
    pub started_at: Option<NaiveDateTime>,
    pub ends_at: Option<NaiveDateTime>,
    /// Count down from this, not from the device's clock.
    pub remaining_seconds: Option<i64>,
    /// The school's sitting is paused (load-shedding): the clock stands still.
    pub paused: bool,
    pub finished_at: Option<NaiveDateTime>,
    pub finish_reason: Option<String>,
    pub question_count: usize,
    pub answered_count: usize,
    /// The highest save sequence number stored: a device goes on counting after it.
    pub last_seq: i64,
    /// Where the learner was last (`<module>/<question>`, from their progress pings): a device
    /// that takes the attempt over resumes there.
    pub last_position: String,
}

/// Where the learner is in the sitting.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SittingView {
    pub server_time: NaiveDateTime,
    pub olympiad: OlympiadForLearner,
    pub learner: LearnerDetails,
    pub attempt: Option<AttemptView>,
    /// Present once: the secret this device sends as `X-Attempt-Key` from now on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attempt_key: Option<String>,
}

/// The learner's participant and olympiad; 404 for a learner who is not entered in one.
fn sitter_of(conn: &mut DbConnection, caller: &Caller) -> Result<(Sitter, Olympiad), ApiError> {
    let sitter = Sitter::by_user(conn, caller.user_id)?
        .ok_or_else(|| ApiError::not_found("Your entry in this olympiad"))?;
    let olympiad = Olympiad::find(conn, sitter.olympiad_id)?;
    Ok((sitter, olympiad))
}

/// Where the learner is, read from storage.
fn view(
    conn: &mut DbConnection,
    sitter: &Sitter,
    olympiad: &Olympiad,
    device: Option<&DeviceKey>,
) -> Result<SittingView, ApiError> {
    let current = match Attempt::current(conn, sitter.participant_id)? {
        Some(attempt) => {
            let answers = Answer::for_attempt(conn, attempt.id)?;
            Some((attempt, answers))
        }
        None => None,
    };
    let current = current.as_ref().map(|(a, answers)| (a, answers.as_slice()));
    view_with(conn, sitter, olympiad, current, device)
}

/// Where the learner is, with their current attempt and its answers as the caller has them.
fn view_with(
    conn: &mut DbConnection,
    sitter: &Sitter,
    olympiad: &Olympiad,
    current: Option<(&Attempt, &[Answer])>,
    device: Option<&DeviceKey>,
) -> Result<SittingView, ApiError> {
    let at = now();
    let windows = SittingWindow::for_olympiad(conn, olympiad.id)?;
    let window = window_at(&windows, at);
    let attempt = match current {
        Some((attempt, answers)) => {
            let clock = attempt.clock();
            Some(AttemptView {
                id: attempt.id,
                status: attempt.status(),
                on_this_device: DeviceKey::holds(device, attempt.id, &attempt.device_key_hash),
                recovery_code_issued: attempt.recovery_code_hash.is_some(),
                declaration_accepted_at: attempt.declaration_accepted_at,
                started_at: attempt.started_at,
                ends_at: clock.map(|c| c.ends_at(at)),
                remaining_seconds: clock
                    .filter(|_| attempt.status() == AttemptStatus::Writing)
                    .map(|c| c.remaining_seconds(at)),
                paused: attempt.paused_at.is_some(),
                finished_at: attempt.finished_at,
                finish_reason: attempt.finish_reason.clone(),
                question_count: attempt.order().question_count(),
                answered_count: answers.iter().filter(|a| a.value().is_some()).count(),
                last_seq: answers.iter().map(|a| a.seq).max().unwrap_or(0),
                last_position: attempt.last_position.clone(),
            })
        }
        None => None,
    };
    Ok(SittingView {
        server_time: at,
        olympiad: OlympiadForLearner {
            id: olympiad.id,
            name: olympiad.name.clone(),
            title: olympiad.title.clone(),
            duration_minutes: olympiad.duration_minutes,
            languages: olympiad.languages(),
            grades: olympiad.grades(),
            instructions: olympiad.instructions(),
            declaration: olympiad.declaration(),
            is_open: olympiad.is_open,
            window_starts_at: window.map(|w| w.starts_at),
            window_ends_at: window.map(|w| w.ends_at),
        },
        learner: LearnerDetails {
            first_name: sitter.first_name.clone(),
            last_name: sitter.last_name.clone(),
            grade: sitter.grade,
            language: Language::from_code(&sitter.language),
            school_name: sitter.school_name.clone(),
        },
        attempt,
        attempt_key: None,
    })
}

fn other_device() -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        ErrorCode::RecoveryNeeded,
        "Your olympiad was started on another device. Enter your recovery code to continue here.",
    )
}

/// The learner's entry, olympiad and current attempt, read outside any transaction: the writes of
/// the sitting are kept short, since on SQLite every write waits for the one before.
async fn read_sitter(
    state: &AppState,
    caller: &Caller,
) -> Result<(Sitter, Olympiad, Option<Attempt>), ApiError> {
    let caller = caller.clone();
    state
        .db
        .run(move |conn| {
            let (sitter, olympiad) = sitter_of(conn, &caller)?;
            let attempt = Attempt::current(conn, sitter.participant_id)?;
            Ok((sitter, olympiad, attempt))
        })
        .await
}

/// The view after a change, with the device's new key when it has just been given one.
async fn view_after(
    state: &AppState,
    sitter: Sitter,
    olympiad: Olympiad,
    device: Option<DeviceKey>,
    new_key: Option<String>,
) -> Result<SittingView, ApiError> {
    let device = new_key.as_deref().and_then(DeviceKey::parse).or(device);
    let mut view = state
        .db
        .run(move |conn| view(conn, &sitter, &olympiad, device.as_ref()))
        .await?;
    view.attempt_key = new_key;
    Ok(view)
}

/// The attempt, which this device must hold.
fn held(attempt: Option<Attempt>, device: Option<&DeviceKey>) -> Result<Attempt, ApiError> {
    let attempt = attempt.ok_or_else(|| {
        ApiError::new(
            StatusCode::CONFLICT,
            ErrorCode::NoAttempt,
            "Accept the declaration first.",
        )
    })?;
    if !DeviceKey::holds(device, attempt.id, &attempt.device_key_hash) {
        return Err(other_device());
    }
    Ok(attempt)
}

#[utoipa::path(operation_id = "sitting_get", tag = "sitting", security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<SittingView>)), (status = 404, body = crate::error::ErrorBody)))]
#[get("/api/sitting")]
pub async fn get_sitting(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
) -> ApiResult<SittingView> {
    let device = DeviceKey::from_request(&req);
    ok(state
        .db
        .run(move |conn| {
            let (sitter, olympiad) = sitter_of(conn, &caller)?;
            view(conn, &sitter, &olympiad, device.as_ref())
        })
        .await?)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeclarationInput {
    /// The learner declares they will write on their own, without help.
    pub accepted: bool,
}

#[utoipa::path(operation_id = "sitting_accept_declaration", tag = "sitting", request_body = DeclarationInput, security(("bearer" = [])),
    responses((status = 200, description = "The attempt has begun on this device; `attemptKey` is its secret", body = inline(crate::envelope::Envelope<SittingView>)),
        (status = 400, body = crate::error::ErrorBody), (status = 409, description = "`recovery_needed`: another device holds the attempt; `closed`: the olympiad is not open", body = crate::error::ErrorBody)))]
#[post("/api/sitting/declaration")]
pub async fn accept_declaration(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
    body: Body<DeclarationInput>,
) -> ApiResult<SittingView> {
    if !body.accepted {
        return Err(ApiError::invalid_field(
            "accepted",
            "must be accepted to write the olympiad",
        ));
    }
    let device = DeviceKey::from_request(&req);
    let (sitter, olympiad, attempt) = read_sitter(&state, &caller).await?;
    if let Some(attempt) = attempt {
        held(Some(attempt), device.as_ref())?;
        return ok(view_after(&state, sitter, olympiad, device, None).await?);
    }
    if !olympiad.is_open {
        return Err(closed().into());
    }
    let (secret, hash) = DeviceKey::secret();
    let (participant, olympiad_id, entry) = (
        sitter.participant_id,
        olympiad.id,
        sitter.school_participant_id,
    );
    let attempt = state
        .db
        .transaction(move |conn| {
            Attempt::begin(conn, participant, olympiad_id, entry, &hash).map_err(|e| match e {
                // Another device began at the same moment.
                DbError::Conflict(_) => other_device(),
                e => e.into(),
            })
        })
        .await?;
    let key = DeviceKey::text(attempt.id, &secret);
    ok(view_after(&state, sitter, olympiad, None, Some(key)).await?)
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCode {
    /// Shown once: the learner writes it down.
    pub recovery_code: String,
}

#[utoipa::path(operation_id = "sitting_recovery_code", tag = "sitting", security(("bearer" = [])),
    responses((status = 404, description = "`not_found`: the learner is entered in no olympiad", body = crate::error::ErrorBody), (status = 200, body = inline(crate::envelope::Envelope<RecoveryCode>)),
        (status = 409, description = "`started`: codes are given only before the start; `recovery_needed`", body = crate::error::ErrorBody)))]
#[post("/api/sitting/recovery-code")]
pub async fn recovery_code(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
) -> ApiResult<RecoveryCode> {
    let device = DeviceKey::from_request(&req);
    let (_, _, attempt) = read_sitter(&state, &caller).await?;
    let attempt = held(attempt, device.as_ref())?;
    let code = readable_code(RECOVERY_CODE_CHARS, |n| rand::random_range(0..n));
    let (hash, device_hash) = (token_hash(&code), attempt.device_key_hash.clone());
    // Once the clock runs, a code is never shown again: it is what a second device needs.
    let issued = state
        .db
        .transaction(move |conn| {
            Ok(Attempt::set_recovery_code(
                conn,
                attempt.id,
                &device_hash,
                &hash,
            )?)
        })
        .await?;
    if !issued {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            ErrorCode::Started,
            "The recovery code was shown before you started; it cannot be shown again.",
        ));
    }
    ok(RecoveryCode {
        recovery_code: code,
    })
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoverInput {
    #[validate(length(min = 1, max = 40, message = "is required"))]
    pub recovery_code: String,
}

#[utoipa::path(operation_id = "sitting_recover", tag = "sitting", request_body = RecoverInput, security(("bearer" = [])),
    responses((status = 200, description = "This device now holds the attempt; the other one stops", body = inline(crate::envelope::Envelope<SittingView>)),
        (status = 400, description = "`recoveryCode` is wrong", body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
#[post("/api/sitting/recover")]
pub async fn recover(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
    body: Body<RecoverInput>,
) -> ApiResult<SittingView> {
    // Guessing the code is limited like guessing a password.
    state.limits.check_signin(
        &format!("recover:{}", caller.user_id),
        &client_address(&req),
    )?;
    let typed = body.into_inner().recovery_code.trim().to_lowercase();
    let (sitter, olympiad, attempt) = read_sitter(&state, &caller).await?;
    let wrong = || ApiError::invalid_field("recoveryCode", "is not the code of your olympiad");
    let attempt = attempt.ok_or_else(wrong)?;
    if attempt.status() == AttemptStatus::Finished {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            ErrorCode::Finished,
            "You have finished this olympiad.",
        ));
    }
    if attempt.recovery_code_hash.as_deref() != Some(token_hash(&typed).as_str()) {
        return Err(wrong());
    }
    let (secret, hash) = DeviceKey::secret();
    let (attempt_id, olympiad_id) = (attempt.id, olympiad.id);
    state
        .db
        .transaction(move |conn| {
            Attempt::move_to_device(conn, attempt_id, &hash)?;
            Ok(olympiad_office::activity::record_activity(
                conn,
                &caller,
                "sitting_recovered",
                Some(olympiad_id),
                serde_json::json!({ "attemptId": attempt_id }),
            )?)
        })
        .await?;
    let key = DeviceKey::text(attempt_id, &secret);
    ok(view_after(&state, sitter, olympiad, None, Some(key)).await?)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DetailsInput {
    #[validate(length(min = 1, max = 100, message = "is required (at most 100 characters)"))]
    pub first_name: String,
    #[validate(length(min = 1, max = 100, message = "is required (at most 100 characters)"))]
    pub last_name: String,
    pub grade: i32,
    /// The language of writing: the question text comes in it.
    pub language: Language,
}

#[utoipa::path(operation_id = "sitting_update_details", tag = "sitting", request_body = DetailsInput, security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<SittingView>)), (status = 400, body = crate::error::ErrorBody),
        (status = 409, description = "`started`: details are confirmed before the start", body = crate::error::ErrorBody)))]
#[put("/api/sitting/details")]
pub async fn update_details(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
    body: Body<DetailsInput>,
) -> ApiResult<SittingView> {
    let device = DeviceKey::from_request(&req);
    let input = body.into_inner();
    let (sitter, olympiad, attempt) = read_sitter(&state, &caller).await?;
    if !olympiad.grades().is_empty() && !olympiad.grades().contains(&input.grade) {
        return Err(ApiError::invalid_field(
            "grade",
            "is not a grade this olympiad is written in",
        ));
    }
    if !olympiad.languages().contains(&input.language) {
        return Err(ApiError::invalid_field(
            "language",
            "is not offered in this olympiad",
        ));
    }
    if let Some(attempt) = attempt {
        held(Some(attempt), device.as_ref())?;
    }
    let participant_id = sitter.participant_id;
    let sitter = state
        .db
        .transaction(move |conn| {
            // Checked again under the write lock: the start may have come in between.
            if Attempt::current(conn, participant_id)?
                .is_some_and(|a| a.status() != AttemptStatus::Preparing)
            {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    ErrorCode::Started,
                    "Your details were confirmed when you started.",
                ));
            }
            Sitter::update_details(
                conn,
                &sitter,
                input.first_name.trim(),
                input.last_name.trim(),
                input.grade,
                input.language.code(),
            )?;
            Ok(Sitter::by_participant(conn, participant_id)?)
        })
        .await?;
    ok(view_after(&state, sitter, olympiad, device, None).await?)
}

#[utoipa::path(operation_id = "sitting_start", tag = "sitting", security(("bearer" = [])),
    responses((status = 404, description = "`not_found`: the learner is entered in no olympiad", body = crate::error::ErrorBody), (status = 200, description = "The clock runs; safe to repeat", body = inline(crate::envelope::Envelope<SittingView>)),
        (status = 409, description = "`closed`, `no_recovery_code`, `paused`, `recovery_needed`, `finished`", body = crate::error::ErrorBody)))]
#[post("/api/sitting/start")]
pub async fn start(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
) -> ApiResult<SittingView> {
    let device = DeviceKey::from_request(&req);
    let (sitter, olympiad, attempt) = read_sitter(&state, &caller).await?;
    let attempt = held(attempt, device.as_ref())?;
    match attempt.status() {
        AttemptStatus::Writing => {
            return ok(view_after(&state, sitter, olympiad, device, None).await?)
        }
        AttemptStatus::Finished => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                ErrorCode::Finished,
                "You have finished this olympiad.",
            ))
        }
        AttemptStatus::Preparing => {}
    }
    if attempt.recovery_code_hash.is_none() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            ErrorCode::NoRecoveryCode,
            "Get your recovery code and write it down before you start.",
        ));
    }
    if !olympiad.is_open {
        return Err(closed().into());
    }
    let paper = paper_of(&state, olympiad.id).await?;
    let paper_order = paper_order(
        &paper.outline(),
        olympiad.shuffle_questions,
        olympiad.shuffle_options,
        rand::random::<u64>(),
    );
    if paper_order.question_count() == 0 {
        return Err(closed().into());
    }
    let start = ClockStart {
        attempt_id: attempt.id,
        sitter: sitter.clone(),
        allowed_seconds: olympiad.duration_minutes.saturating_mul(60),
        paper_order,
    };
    state
        .db
        .transaction(move |conn| Ok(start_clock(conn, start)?))
        .await?;
    ok(view_after(&state, sitter, olympiad, device, None).await?)
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedAnswer {
    pub question_id: i64,
    pub answer: Option<AnswerValue>,
    pub flagged: bool,
    pub seq: i64,
}

/// The learner's paper, with what they have answered so far.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LearnerPaper {
    pub language: Language,
    pub modules: Vec<LearnerModule>,
    pub answers: Vec<SavedAnswer>,
    pub sitting: SittingView,
}

#[utoipa::path(operation_id = "sitting_paper", tag = "sitting", security(("bearer" = [])),
    responses((status = 404, description = "`not_found`: the learner is entered in no olympiad", body = crate::error::ErrorBody), (status = 200, description = "In the learner's order and language; never with the answer key", body = inline(crate::envelope::Envelope<LearnerPaper>)),
        (status = 409, description = "`not_started`, `finished`, `recovery_needed`", body = crate::error::ErrorBody)))]
#[get("/api/sitting/paper")]
pub async fn get_paper(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
) -> ApiResult<LearnerPaper> {
    let device = DeviceKey::from_request(&req);
    let olympiad_id = caller
        .olympiad_id
        .ok_or_else(|| ApiError::not_found("Your entry in this olympiad"))?;
    let paper = paper_of(&state, olympiad_id).await?;
    ok(state
        .db
        .run(move |conn| {
            let (sitter, olympiad) = sitter_of(conn, &caller)?;
            let attempt = held(
                Attempt::current(conn, sitter.participant_id)?,
                device.as_ref(),
            )?;
            match attempt.status() {
                AttemptStatus::Writing => {}
                AttemptStatus::Preparing => {
                    return Err(ApiError::new(
                        StatusCode::CONFLICT,
                        ErrorCode::NotStarted,
                        "Start the olympiad first.",
                    ))
                }
                AttemptStatus::Finished => {
                    return Err(ApiError::new(
                        StatusCode::CONFLICT,
                        ErrorCode::Finished,
                        "You have finished this olympiad.",
                    ))
                }
            }
            let language = Language::from_code(&sitter.language);
            let stored = Answer::for_attempt(conn, attempt.id)?;
            let sitting = view_with(
                conn,
                &sitter,
                &olympiad,
                Some((&attempt, &stored)),
                device.as_ref(),
            )?;
            let answers = stored
                .iter()
                .map(|a| SavedAnswer {
                    question_id: a.question_id,
                    answer: a.value(),
                    flagged: a.flagged,
                    seq: a.seq,
                })
                .collect();
            Ok(LearnerPaper {
                language,
                modules: paper.for_learner(&attempt.order(), language),
                answers,
                sitting,
            })
        })
        .await?)
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnswerInput {
    pub question_id: i64,
    /// The chosen option keys, or the typed text; null clears the answer.
    pub answer: Option<AnswerValue>,
    #[serde(default)]
    pub flagged: bool,
    /// The device's count of its saves in this attempt, one higher each time: a save never
    /// replaces an answer from a later one. From 1.
    pub seq: i64,
}

/// At most 200 answers: a device back from a long time offline sends in parts.
#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveInput {
    #[validate(length(min = 1, max = 200, message = "must hold 1 to 200 answers"))]
    pub answers: Vec<AnswerInput>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveAck {
    /// Every answer of the request is durable (or a later one already was).
    pub saved: usize,
    pub server_time: NaiveDateTime,
    /// The clock as the server has it now: count down from this.
    pub remaining_seconds: Option<i64>,
}

/// Saves a batch of answers: acknowledged only once they are durable. Refusals say whether to keep
/// the answers: `paused` and `busy` pass; `time_up`, `finished` and `other_device` do not.
#[utoipa::path(operation_id = "sitting_save_answers", tag = "sitting", request_body = SaveInput, security(("bearer" = [])),
    params(("X-Attempt-Key" = String, Header, description = "The device's attempt key")),
    responses((status = 200, body = inline(crate::envelope::Envelope<SaveAck>)), (status = 400, body = crate::error::ErrorBody),
        (status = 409, description = "`paused`, `time_up`, `finished`, `other_device`, `not_started`", body = crate::error::ErrorBody),
        (status = 503, description = "`busy`: send again in a moment", body = crate::error::ErrorBody)))]
#[post("/api/sitting/answers")]
pub async fn save_answers(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
    body: Body<SaveInput>,
) -> ApiResult<SaveAck> {
    let device = DeviceKey::from_request(&req)
        .ok_or_else(|| ApiError::invalid_field(DEVICE_KEY_HEADER, "is required"))?;
    let olympiad_id = caller
        .olympiad_id
        .ok_or_else(|| ApiError::not_found("Your entry in this olympiad"))?;
    let input = body.into_inner();
    let paper = paper_of(&state, olympiad_id).await?;
    let mut answers = Vec::with_capacity(input.answers.len());
    for (i, given) in input.answers.into_iter().enumerate() {
        if given.seq < 1 {
            return Err(ApiError::invalid_field(
                &format!("answers[{i}].seq"),
                "must be 1 or more",
            ));
        }
        let question = paper.questions.get(&given.question_id).ok_or_else(|| {
            ApiError::invalid_field(
                &format!("answers[{i}].questionId"),
                "is not a question of this olympiad",
            )
        })?;
        if let Some(answer) = &given.answer {
            if let Some(problem) = answer_problem(question.kind, &question.content, answer) {
                return Err(ApiError::invalid_field(
                    &format!("answers[{i}].answer"),
                    problem,
                ));
            }
        }
        answers.push(AnswerSave {
            question_id: given.question_id,
            answer: given.answer,
            flagged: given.flagged,
            seq: given.seq,
        });
    }
    let count = answers.len();
    let claim = claim_of(&caller, device);
    match state
        .answers
        .save(claim, answers)
        .await
        .map_err(writer_error)?
    {
        Outcome::Taken(clock) => ok(SaveAck {
            saved: count,
            server_time: clock.at,
            remaining_seconds: clock.remaining_seconds,
        }),
        Outcome::Refused(refusal) => Err(refused(refusal)),
    }
}

/// What the writer checks: this learner's session, on this device, in this attempt.
fn claim_of(caller: &Caller, device: DeviceKey) -> DeviceClaim {
    DeviceClaim {
        attempt_id: device.attempt_id,
        user_id: caller.user_id,
        session_version: caller.session_version,
        device_key_hash: device.hash,
    }
}

fn writer_error(error: WriterError) -> ApiError {
    match error {
        WriterError::Busy => ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::Busy,
            "Many answers are arriving at once. Yours are kept on your device and sent again.",
        ),
        WriterError::Failed(cause) => ApiError::internal(cause),
    }
}

fn refused(refusal: Refusal) -> ApiError {
    let (code, message) = match refusal {
        Refusal::NoAttempt => (ErrorCode::NoAttempt, "You have no olympiad in progress."),
        Refusal::SessionEnded => {
            return ApiError::unauthorized(
                ErrorCode::SessionEnded,
                "Your session has ended. Please sign in again.",
            )
        }
        Refusal::OtherDevice => (
            ErrorCode::OtherDevice,
            "Your olympiad continues on another device.",
        ),
        Refusal::NotStarted => (ErrorCode::NotStarted, "Start the olympiad first."),
        Refusal::Finished => (ErrorCode::Finished, "You have finished this olympiad."),
        Refusal::Paused => (
            ErrorCode::Paused,
            "Your school's sitting is paused. Your answers are kept and sent when it resumes.",
        ),
        Refusal::TimeUp => (ErrorCode::TimeUp, "The time for this olympiad is over."),
    };
    ApiError::new(StatusCode::CONFLICT, code, message)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TrackerQuery {
    pub olympiad_id: i64,
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackerInput {
    /// Where the learner is: `<module>/<question>`, or a screen's name.
    #[validate(length(max = 40, message = "must be at most 40 characters"))]
    pub position: String,
    /// False when the device has answers it could not send.
    #[serde(default = "yes")]
    pub online: bool,
}

fn yes() -> bool {
    true
}

/// The clock as the server has it, so that the device follows pauses and extra time.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClockView {
    pub server_time: NaiveDateTime,
    pub status: AttemptStatus,
    pub remaining_seconds: Option<i64>,
    pub ends_at: Option<NaiveDateTime>,
    pub paused: bool,
}

/// A progress ping (spec: participant tracker): kept for the monitor, answered with the clock.
#[utoipa::path(operation_id = "participant_tracker_ping", tag = "sitting", params(TrackerQuery, ("X-Attempt-Key" = String, Header, description = "The device's attempt key")),
    request_body = TrackerInput, security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<ClockView>)), (status = 400, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
#[post("/api/participant-tracker")]
pub async fn participant_tracker(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
    query: web::Query<TrackerQuery>,
    body: Body<TrackerInput>,
) -> ApiResult<ClockView> {
    caller.require_olympiad(query.olympiad_id)?;
    let device = DeviceKey::from_request(&req)
        .ok_or_else(|| ApiError::invalid_field(DEVICE_KEY_HEADER, "is required"))?;
    let input = body.into_inner();
    let claim = claim_of(&caller, device);
    match state
        .answers
        .ping(claim, input.position, input.online)
        .await
        .map_err(writer_error)?
    {
        Outcome::Taken(clock) => ok(ClockView {
            server_time: clock.at,
            status: clock.status,
            remaining_seconds: clock.remaining_seconds,
            ends_at: clock.ends_at,
            paused: clock.paused,
        }),
        Outcome::Refused(refusal) => Err(refused(refusal)),
    }
}

#[utoipa::path(operation_id = "sitting_finish", tag = "sitting", security(("bearer" = [])),
    responses((status = 404, description = "`not_found`: the learner is entered in no olympiad", body = crate::error::ErrorBody), (status = 200, description = "Finished and marked; safe to repeat. Marks are not shown until results are released.", body = inline(crate::envelope::Envelope<SittingView>)),
        (status = 409, description = "`not_started`, `recovery_needed`", body = crate::error::ErrorBody)))]
#[post("/api/sitting/finish")]
pub async fn finish(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
) -> ApiResult<SittingView> {
    let device = DeviceKey::from_request(&req);
    let (sitter, olympiad, attempt) = read_sitter(&state, &caller).await?;
    let attempt = held(attempt, device.as_ref())?;
    match attempt.status() {
        AttemptStatus::Preparing => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                ErrorCode::NotStarted,
                "Start the olympiad first.",
            ))
        }
        // Ending and marking take the write lock first, so they run outside a read transaction.
        AttemptStatus::Writing => {
            state
                .db
                .run(move |conn| {
                    Ok(Attempt::finish_and_mark(
                        conn,
                        attempt.id,
                        FinishReason::Submitted,
                    )?)
                })
                .await?;
        }
        AttemptStatus::Finished => {}
    }
    ok(state
        .db
        .run(move |conn| view(conn, &sitter, &olympiad, device.as_ref()))
        .await?)
}
