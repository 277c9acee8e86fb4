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

/// Whether the session of a token (already verified) still holds in the database
/// ([`olympiad_office::Caller::session_holds`]); read on every request. The sitting's steps
/// (routes declared `LearnerWriting`, `manifest::Allowed`) check it with their own first read
/// instead.
pub fn session_holds(
    conn: &mut DbConnection,
    caller: &olympiad_office::Caller,
) -> Result<(), ApiError> {
    let session = SessionState::load(conn, caller.user_id, caller.account_id)?;
    Ok(caller.session_holds(conn, session)?)
}
