//! Watching and steering a sitting: the live monitor per school, pausing a school's sitting when
//! the power goes, extra time for a learner, resetting one learner or all, a learner's answers as
//! submitted, start times, and marking again after a corrected answer key. An admin acts in their
//! olympiad; a teacher only for the school entries whose team they are in. Every change is written
//! to the activity log.

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::{ok, ApiResult};
use crate::manifest::{Area, Kind, ADMIN_OR_OVERLORD, TEAM_OR_ADMIN};
use crate::routes::IdOf;
use crate::state::AppState;
use actix_web::{get, post, web};
use olympiad_domain::id::OlympiadId;
use olympiad_domain::id::ParticipantId;
use olympiad_office::invigilation::{
    self, ExtraTimeInput, ExtraTimeResult, LearnerSittingView, Monitor, MonitorQuery,
    OlympiadQuery, PauseInput, PauseResult, RemarkResult, ResetOnePath, ResetResult, ResumeInput,
    StartTimes, SubmittedData,
};

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("invigilation")
        .route(sitting_monitor, TEAM_OR_ADMIN)
        .names(Kind::Olympiad)
        .route(sitting_learners, TEAM_OR_ADMIN)
        .route(pause_school, TEAM_OR_ADMIN)
        .names(Kind::Entry)
        .route(resume_school, TEAM_OR_ADMIN)
        .names(Kind::Entry)
        .route(extra_time, TEAM_OR_ADMIN)
        .route(reset_one, TEAM_OR_ADMIN)
        .names(Kind::Participant)
        .route(reset_all, ADMIN_OR_OVERLORD)
        .names(Kind::Participant)
        .route(submitted_data, TEAM_OR_ADMIN)
        .names(Kind::Participant)
        .route(report_start_times, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(remark, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
}

/// The live monitor: per school, how many learners have not started, are writing, have finished,
/// or look stuck; and whether the school's sitting is paused.
#[utoipa::path(operation_id = "sitting_monitor", tag = "invigilation", params(MonitorQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<Monitor>))))]
#[get("/api/sitting/monitor")]
pub async fn sitting_monitor(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<MonitorQuery>,
) -> ApiResult<Monitor> {
    state
        .answer(move |conn| invigilation::monitor(conn, &caller, query.into_inner()))
        .await
}

/// Each learner of the olympiad (or of one school's entry) and where they are.
#[utoipa::path(operation_id = "sitting_learners", tag = "invigilation", params(MonitorQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<LearnerSittingView>>))))]
#[get("/api/sitting/learners")]
pub async fn sitting_learners(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<MonitorQuery>,
) -> ApiResult<Vec<LearnerSittingView>> {
    state
        .answer(move |conn| invigilation::learners(conn, &caller, query.into_inner()))
        .await
}

/// Stops the clocks of a school's writing learners (the power went); they keep the time they had.
#[utoipa::path(operation_id = "sitting_pause", tag = "invigilation", request_body = PauseInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<PauseResult>)),
        (status = 409, description = "`already_paused`", body = crate::error::ErrorBody)))]
#[post("/api/sitting/pause")]
pub async fn pause_school(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<PauseInput>,
) -> ApiResult<PauseResult> {
    state
        .answer(move |conn| invigilation::pause(conn, &caller, body.into_inner()))
        .await
}

/// Starts the stopped clocks again, each with the time it had left.
#[utoipa::path(operation_id = "sitting_resume", tag = "invigilation", request_body = ResumeInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<PauseResult>)),
        (status = 409, description = "`not_paused`", body = crate::error::ErrorBody)))]
#[post("/api/sitting/resume")]
pub async fn resume_school(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<ResumeInput>,
) -> ApiResult<PauseResult> {
    state
        .answer(move |conn| invigilation::resume(conn, &caller, body.into_inner()))
        .await
}

/// Gives a learner extra time (a concession, or time lost to a problem of their own).
#[utoipa::path(operation_id = "sitting_extra_time", tag = "invigilation", request_body = ExtraTimeInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<ExtraTimeResult>)),
        (status = 409, description = "`no_attempt`, `finished`", body = crate::error::ErrorBody)))]
#[post("/api/sitting/extra-time")]
pub async fn extra_time(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<ExtraTimeInput>,
) -> ApiResult<ExtraTimeResult> {
    state
        .answer(move |conn| invigilation::give_extra_time(conn, &caller, body.into_inner()))
        .await
}

/// Resets one learner: their attempt is set aside (kept, for the record) and they start again.
#[utoipa::path(operation_id = "participant_reset_one", tag = "invigilation", params(ResetOnePath),
    responses((status = 200, body = inline(crate::envelope::Envelope<ResetResult>))))]
#[get("/api/participant/reset/{olympiadId}/{participantId}")]
pub async fn reset_one(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<ResetOnePath>,
) -> ApiResult<ResetResult> {
    state
        .answer(move |conn| invigilation::reset_one(conn, &caller, path.into_inner()))
        .await
}

/// Resets every learner of the olympiad (admins only; Settings and Actions asks for the
/// olympiad's name first).
#[utoipa::path(operation_id = "participant_reset_all", tag = "invigilation", params(IdOf<OlympiadId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<ResetResult>))))]
#[get("/api/participant/reset/{id}")]
pub async fn reset_all(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<OlympiadId>>,
) -> ApiResult<ResetResult> {
    state
        .answer(move |conn| invigilation::reset_all(conn, &caller, path.id))
        .await
}

/// A learner's answers as submitted, every question of the paper in order, for admins and the
/// learner's own teachers.
#[utoipa::path(operation_id = "participant_submitted_data", tag = "invigilation", params(IdOf<ParticipantId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<SubmittedData>))))]
#[get("/api/participant/get-submitted-data/{id}")]
pub async fn submitted_data(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<ParticipantId>>,
) -> ApiResult<SubmittedData> {
    state
        .answer(move |conn| invigilation::submitted_data(conn, &caller, path.id))
        .await
}

/// When learners started: per minute (the spike at the start) and per school.
#[utoipa::path(operation_id = "report_start_times", tag = "invigilation", params(OlympiadQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<StartTimes>))))]
#[get("/api/reports/olympiad/start-times")]
pub async fn report_start_times(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
) -> ApiResult<StartTimes> {
    ok(state
        .db
        .reader()
        .office(move |conn| invigilation::start_times(conn, &caller, query.olympiad_id))
        .await?)
}

/// Marks every finished attempt again, after the answer key was corrected.
#[utoipa::path(operation_id = "olympiad_remark", tag = "invigilation", params(IdOf<OlympiadId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<RemarkResult>))))]
#[post("/api/olympiad/remark/{id}")]
pub async fn remark(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<OlympiadId>>,
) -> ApiResult<RemarkResult> {
    state
        .answer(move |conn| invigilation::remark(conn, &caller, path.id))
        .await
}
