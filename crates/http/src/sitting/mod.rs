//! The learner's sitting, the parts the routes share: which device sends a request, the paper from
//! the cache without leaving the async workers, and the answer writer with its refusals in the
//! API's words.

pub mod writer;

use crate::error::ApiError;
use actix_web::http::StatusCode;
use actix_web::HttpRequest;
use olympiad_domain::id::OlympiadId;
use olympiad_office::learner_paper::Paper;
use olympiad_office::sitting::acceptance::{ClockState, Outcome, Refusal};
use olympiad_office::sitting::DeviceKey;
use olympiad_office::ErrorCode;
use std::sync::Arc;
use writer::WriterError;

/// The header by which the device holding an attempt proves it: `<attempt id>.<secret>`. The
/// secret is handed out once (when the attempt begins, or after the recovery code) and kept on the
/// device; the server keeps only its hash.
pub const DEVICE_KEY_HEADER: &str = "X-Attempt-Key";

/// The device's claim to an attempt, if the request makes one.
pub fn device_key(req: &HttpRequest) -> Option<DeviceKey> {
    DeviceKey::parse(req.headers().get(DEVICE_KEY_HEADER)?.to_str().ok()?)
}

/// The device's claim, which answer saves and progress pings must make.
pub fn required_device_key(req: &HttpRequest) -> Result<DeviceKey, ApiError> {
    device_key(req).ok_or_else(|| ApiError::invalid_field(DEVICE_KEY_HEADER, "is required"))
}

/// The paper of the olympiad: from the cache without a trip to the blocking threads, else from the
/// database.
pub async fn paper_of(
    state: &crate::AppState,
    olympiad_id: OlympiadId,
) -> Result<Arc<Paper>, ApiError> {
    if let Some(paper) = state.sitting_cache.get(olympiad_id) {
        return Ok(paper);
    }
    let paper = state
        .db
        .run(move |conn| Ok(Paper::load(conn, olympiad_id)?))
        .await?;
    Ok(state.sitting_cache.put(olympiad_id, paper))
}

/// The writer's answer: the clock when the job was taken, else why not.
pub fn taken(outcome: Result<Outcome, WriterError>) -> Result<ClockState, ApiError> {
    match outcome? {
        Outcome::Taken(clock) => Ok(clock),
        Outcome::Refused(refusal) => Err(refusal.into()),
    }
}

impl From<WriterError> for ApiError {
    fn from(error: WriterError) -> Self {
        match error {
            WriterError::Busy => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                ErrorCode::Busy,
                "Many answers are arriving at once. Yours are kept on your device and sent again.",
            ),
            WriterError::Unavailable(cause) => ApiError::unavailable(cause),
            WriterError::Failed(cause) => ApiError::internal(cause),
            WriterError::Full(cause) => ApiError::storage_full(ErrorCode::Busy, cause),
        }
    }
}

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> Self {
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
            Refusal::ModuleTimeUp(late) => {
                let mut error = ApiError::new(
                    StatusCode::CONFLICT,
                    ErrorCode::ModuleTimeUp,
                    "The time for this module is over. Go on to the next module.",
                );
                // The device drops these answers and sends the others again.
                for index in late {
                    error.fields.insert(
                        format!("answers[{index}].questionId"),
                        "is in a module whose time is up".into(),
                    );
                }
                return error;
            }
        };
        ApiError::new(StatusCode::CONFLICT, code, message)
    }
}
