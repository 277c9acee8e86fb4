//! The success envelope: `{"success": true, "data": ...}`.

use crate::error::ApiError;
use actix_web::web::Json;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct Envelope<T> {
    /// Always true: a failure is answered with the error envelope.
    pub success: bool,
    pub data: T,
}

pub type ApiResult<T> = Result<Json<Envelope<T>>, ApiError>;

pub fn ok<T: Serialize>(data: T) -> ApiResult<T> {
    Ok(Json(Envelope {
        success: true,
        data,
    }))
}
