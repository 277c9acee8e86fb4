//! The learner's own calls, in the order of the sitting: see where they are (`GET /api/sitting`),
//! accept the declaration (the attempt begins on this device), get the recovery code, confirm their
//! details, start the clock (answered with the paper), get the paper (again, after a reload), save
//! answers, ping progress, finish. A second device takes the attempt over only with the recovery
//! code.
//!
//! The short writes of the morning's start (declaration, recovery code, details, start) are
//! committed together with other learners' (`Db::grouped`): one fsync for many learners. The
//! start's steps and the paper check the learner's session in their own first read of the
//! learner's entry (`olympiad_office::sitting`), rather than in a statement of its own before.

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::manifest::{Allowed::LearnerWriting, Area, LEARNER};
use crate::rate_limit::client_address;
use crate::sitting::{device_key, paper_of, required_device_key, taken};
use crate::state::AppState;
use actix_web::{get, post, put, web, HttpRequest};
use olympiad_office::sitting::acceptance::{DeviceClaim, TimedModule};
use olympiad_office::sitting::{
    self, ClockView, DeclarationInput, DetailsInput, LearnerPaper, RecoverInput, RecoveryCode,
    SaveAck, SaveInput, SittingView, TrackerInput, TrackerQuery,
};
use olympiad_office::sitting_cache::SittingCache;
use olympiad_office::OfficeResult;
use olympiad_persistence::models::FirstRead;
use olympiad_persistence::DbConnection;

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("sitting")
        .route(save_answers, LearnerWriting)
        .beyond_schema("X-Attempt-Key must be the key of the learner's started attempt")
        .route(participant_tracker, LearnerWriting)
        .beyond_schema("X-Attempt-Key must be the key of the learner's started attempt")
        .route(get_sitting, LEARNER)
        .route(accept_declaration, LearnerWriting)
        .route(recovery_code, LearnerWriting)
        .route(recover, LEARNER)
        .beyond_schema("recoveryCode must be the code the olympiad office gave out")
        .route(update_details, LearnerWriting)
        .beyond_schema(
            "grade must be one of the grades the olympiad is written in (data, not schema)",
        )
        .route(start, LearnerWriting)
        .route(get_paper, LearnerWriting)
        .route(finish, LEARNER)
}

/// A step of the morning's start as the learner's device takes it: the step checks the learner's
/// session in its first read (made with other learners' steps when they are committed together),
/// and what it writes is committed with other learners' short writes (`Db::grouped_step`).
pub(super) async fn start_step<T: Send + 'static>(
    state: &web::Data<AppState>,
    caller: Caller,
    step: impl FnOnce(&mut DbConnection, &SittingCache, &Caller, FirstRead) -> OfficeResult<T>
        + Send
        + 'static,
) -> Result<T, ApiError> {
    let shared = state.clone();
    let learner = (caller.user_id, caller.account_id);
    let done = state.db.grouped_step(learner, move |conn, first| {
        Ok(step(conn, &shared.sitting_cache, &caller, first)?)
    });
    done.await
}

#[utoipa::path(operation_id = "sitting_get", tag = "sitting",
    responses((status = 200, body = inline(crate::envelope::Envelope<SittingView>))))]
#[get("/api/sitting")]
pub async fn get_sitting(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
) -> ApiResult<SittingView> {
    let device = device_key(&req);
    let shared = state.clone();
    state
        .answer(move |conn| sitting::sitting(conn, &shared.sitting_cache, &caller, device))
        .await
}

#[utoipa::path(operation_id = "sitting_accept_declaration", tag = "sitting", request_body = DeclarationInput,
    responses((status = 200, description = "The attempt has begun on this device; `attemptKey` is its secret", body = inline(crate::envelope::Envelope<SittingView>)),
        (status = 409, description = "`recovery_needed`: another device holds the attempt; `closed`: the olympiad is not open", body = crate::error::ErrorBody)))]
#[post("/api/sitting/declaration")]
pub async fn accept_declaration(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
    body: Body<DeclarationInput>,
) -> ApiResult<SittingView> {
    let device = device_key(&req);
    ok(
        start_step(&state, caller, move |conn, cache, caller, first| {
            sitting::accept_declaration(conn, cache, caller, first, device, &body)
        })
        .await?,
    )
}

#[utoipa::path(operation_id = "sitting_recovery_code", tag = "sitting",
    responses((status = 404, description = "`not_found`: the learner is entered in no olympiad", body = crate::error::ErrorBody), (status = 200, body = inline(crate::envelope::Envelope<RecoveryCode>)),
        (status = 409, description = "`started`: codes are given only before the start; `recovery_needed`", body = crate::error::ErrorBody)))]
#[post("/api/sitting/recovery-code")]
pub async fn recovery_code(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
) -> ApiResult<RecoveryCode> {
    let device = device_key(&req);
    ok(start_step(&state, caller, move |conn, _, caller, first| {
        sitting::recovery_code(conn, caller, first, device)
    })
    .await?)
}

#[utoipa::path(operation_id = "sitting_recover", tag = "sitting", request_body = RecoverInput,
    responses((status = 200, description = "This device now holds the attempt; the other one stops", body = inline(crate::envelope::Envelope<SittingView>)),
        (status = 400, description = "`recoveryCode` is wrong", body = crate::error::ErrorBody)))]
#[post("/api/sitting/recover")]
pub async fn recover(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
    body: Body<RecoverInput>,
) -> ApiResult<SittingView> {
    // Guessing the code is limited like guessing a password.
    state
        .limits
        .check_signin(
            &format!("recover:{}", caller.user_id),
            &client_address(&req),
        )
        .await?;
    let shared = state.clone();
    state
        .answer(move |conn| sitting::recover(conn, &shared.sitting_cache, &caller, &body))
        .await
}

#[utoipa::path(operation_id = "sitting_update_details", tag = "sitting", request_body = DetailsInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<SittingView>)),
        (status = 409, description = "`started`: details are confirmed before the start", body = crate::error::ErrorBody)))]
#[put("/api/sitting/details")]
pub async fn update_details(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
    body: Body<DetailsInput>,
) -> ApiResult<SittingView> {
    let device = device_key(&req);
    ok(
        start_step(&state, caller, move |conn, cache, caller, first| {
            sitting::update_details(conn, cache, caller, first, device, &body)
        })
        .await?,
    )
}

#[utoipa::path(operation_id = "sitting_start", tag = "sitting",
    responses((status = 404, description = "`not_found`: the learner is entered in no olympiad", body = crate::error::ErrorBody), (status = 200, description = "The clock runs, and the answer is the learner's paper, as `GET /api/sitting/paper` gives it; safe to repeat", body = inline(crate::envelope::Envelope<LearnerPaper>)),
        (status = 409, description = "`closed`, `no_recovery_code`, `paused`, `recovery_needed`, `finished`", body = crate::error::ErrorBody)))]
#[post("/api/sitting/start")]
pub async fn start(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
) -> ApiResult<LearnerPaper> {
    let device = device_key(&req);
    let writing = start_step(&state, caller, move |conn, cache, caller, first| {
        sitting::start(conn, cache, caller, first, device)
    })
    .await?;
    // Put together once committed, outside the transaction other learners' starts share.
    ok(writing.into_paper())
}

#[utoipa::path(operation_id = "sitting_paper", tag = "sitting",
    responses((status = 404, description = "`not_found`: the learner is entered in no olympiad", body = crate::error::ErrorBody), (status = 200, description = "In the learner's order and language; never with the answer key", body = inline(crate::envelope::Envelope<LearnerPaper>)),
        (status = 409, description = "`not_started`, `finished`, `recovery_needed`", body = crate::error::ErrorBody)))]
#[get("/api/sitting/paper")]
pub async fn get_paper(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
) -> ApiResult<LearnerPaper> {
    let device = device_key(&req);
    let shared = state.clone();
    ok(state
        .db
        .run(move |conn| {
            Ok(sitting::paper(
                conn,
                &shared.sitting_cache,
                &caller,
                device,
            )?)
        })
        .await?)
}

/// Saves a batch of answers: acknowledged only once they are durable. Refusals say whether to keep
/// the answers: `paused` and `busy` pass; `time_up`, `finished` and `other_device` do not.
#[utoipa::path(operation_id = "sitting_save_answers", tag = "sitting", request_body = SaveInput,
    params(("X-Attempt-Key" = String, Header, description = "The device's attempt key")),
    responses((status = 200, body = inline(crate::envelope::Envelope<SaveAck>)),
        (status = 409, description = "`paused`, `time_up`, `finished`, `other_device`, `not_started`; `module_time_up` (`fields` names each answer to a timed module whose time is up: drop those, send the others again)", body = crate::error::ErrorBody),
        (status = 503, description = "`busy`: send again in a moment", body = crate::error::ErrorBody)))]
#[post("/api/sitting/answers")]
pub async fn save_answers(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
    body: Body<SaveInput>,
) -> ApiResult<SaveAck> {
    let device = required_device_key(&req)?;
    let paper = paper_of(&state, sitting::entered_olympiad(&caller)?).await?;
    let answers = sitting::answers_to_save(&paper, body.into_inner())?;
    let timed = sitting::timed_modules_of(&paper, &answers)
        .into_iter()
        .map(|(index, module_id, limit_minutes)| {
            let module = TimedModule {
                module_id,
                limit_minutes,
            };
            (index, module)
        })
        .collect();
    let saved = answers.len();
    let claim = DeviceClaim::new(&caller, device);
    let clock = taken(state.answers.save(claim, answers, timed).await)?;
    ok(SaveAck {
        saved,
        server_time: clock.at,
        remaining_seconds: clock.remaining_seconds,
    })
}

/// A progress ping (spec: participant tracker): kept for the monitor, answered with the clock.
#[utoipa::path(operation_id = "participant_tracker_ping", tag = "sitting", params(TrackerQuery, ("X-Attempt-Key" = String, Header, description = "The device's attempt key")),
    request_body = TrackerInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<ClockView>)), (status = 409, body = crate::error::ErrorBody)))]
#[post("/api/participant-tracker")]
pub async fn participant_tracker(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
    query: web::Query<TrackerQuery>,
    body: Body<TrackerInput>,
) -> ApiResult<ClockView> {
    caller.require_olympiad(query.olympiad_id)?;
    let claim = DeviceClaim::new(&caller, required_device_key(&req)?);
    let TrackerInput {
        position,
        online,
        module_id,
    } = body.into_inner();
    // A timed module shown starts its own clock.
    let module = match module_id {
        Some(module_id) => paper_of(&state, query.olympiad_id)
            .await?
            .module_limit(module_id)
            .map(|limit_minutes| TimedModule {
                module_id,
                limit_minutes,
            }),
        None => None,
    };
    let clock = taken(state.answers.ping(claim, position, online, module).await)?;
    ok(ClockView {
        server_time: clock.at,
        status: clock.status,
        remaining_seconds: clock.remaining_seconds,
        ends_at: clock.ends_at,
        paused: clock.paused,
        module_remaining_seconds: clock.module_remaining_seconds,
    })
}

#[utoipa::path(operation_id = "sitting_finish", tag = "sitting",
    responses((status = 404, description = "`not_found`: the learner is entered in no olympiad", body = crate::error::ErrorBody), (status = 200, description = "Finished and marked; safe to repeat. Marks are not shown until results are released.", body = inline(crate::envelope::Envelope<SittingView>)),
        (status = 409, description = "`not_started`, `recovery_needed`", body = crate::error::ErrorBody)))]
#[post("/api/sitting/finish")]
pub async fn finish(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
) -> ApiResult<SittingView> {
    let device = device_key(&req);
    let shared = state.clone();
    state
        .answer(move |conn| sitting::finish(conn, &shared.sitting_cache, &caller, device))
        .await
}
