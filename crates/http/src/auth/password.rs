//! bcrypt on the blocking thread pool: a check costs milliseconds of CPU by design and must not
//! stall the async workers that answer everyone else.

use crate::error::ApiError;
use actix_web::web;

pub async fn hash(password: String, cost: u32) -> Result<String, ApiError> {
    web::block(move || bcrypt::hash(password, cost))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)
}

pub async fn verify(password: String, hash: String) -> Result<bool, ApiError> {
    // A malformed stored hash (for example an account that may not sign in with a password) is a
    // wrong password, not a server error.
    web::block(move || bcrypt::verify(password, &hash).unwrap_or(false))
        .await
        .map_err(ApiError::internal)
}
