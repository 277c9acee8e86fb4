//! Who is asking, as a handler takes it: the middleware (`access::enforce`) has checked the token
//! and left the caller in the request.

use crate::error::ApiError;
use actix_web::{FromRequest, HttpMessage, HttpRequest};
use olympiad_office::ErrorCode;
use olympiad_persistence::models::SessionState;
use olympiad_persistence::DbConnection;
use std::future::{ready, Ready};

/// The signed-in user behind a request (see [`olympiad_office::Caller`]), as a handler takes it.
#[derive(Debug, Clone)]
pub struct Caller(pub olympiad_office::Caller);

impl std::ops::Deref for Caller {
    type Target = olympiad_office::Caller;

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

/// Handlers of signed-in routes take a `Caller`; the middleware has already checked it.
impl FromRequest for Caller {
    type Error = ApiError;
    type Future = Ready<Result<Caller, ApiError>>;

    fn from_request(req: &HttpRequest, _payload: &mut actix_web::dev::Payload) -> Self::Future {
        ready(
            req.extensions()
                .get::<Caller>()
                .cloned()
                .ok_or_else(|| ApiError::unauthorized(ErrorCode::SignedOut, "Please sign in.")),
        )
    }
}

/// A caller who may or may not be signed in (public routes that behave differently when they are).
pub struct MaybeCaller(pub Option<Caller>);

impl FromRequest for MaybeCaller {
    type Error = ApiError;
    type Future = Ready<Result<MaybeCaller, ApiError>>;

    fn from_request(req: &HttpRequest, _payload: &mut actix_web::dev::Payload) -> Self::Future {
        ready(Ok(MaybeCaller(req.extensions().get::<Caller>().cloned())))
    }
}

/// Whether the session of a token (already verified) still holds in the database: the user's
/// session version is the token's (no sign-out, pause of the learner or password change since),
/// neither the user nor the account is disabled, and an impersonating overlord's own session
/// holds. Read on every request, never cached, so that a sign-out on one node is seen at once on
/// every other. Routes declared `LearnerWriting` (`manifest::Allowed`) call it inside their
/// own work, on the connection their reads use anyway.
pub fn session_holds(
    conn: &mut DbConnection,
    caller: &olympiad_office::Caller,
) -> Result<(), ApiError> {
    let session = SessionState::load(conn, caller.user_id, caller.account_id)?;
    // An impersonation lasts only while the overlord's own session does.
    let impersonation_holds = match caller.impersonator {
        Some(overlord) => {
            SessionState::overlord_version(conn, overlord)? == caller.impersonator_version
        }
        None => true,
    };
    match session {
        Some(s)
            if s.session_version == caller.session_version
                && !s.user_disabled
                && !s.account_disabled
                && impersonation_holds =>
        {
            Ok(())
        }
        _ => Err(ApiError::unauthorized(
            ErrorCode::SessionEnded,
            "Your session has ended. Please sign in again.",
        )),
    }
}
