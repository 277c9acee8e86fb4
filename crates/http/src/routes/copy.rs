//! General copy (`/api/copy`) and the platform's switches (`/api/system-config`).

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::ApiResult;
use crate::manifest::{Allowed::Public, Area, ADMIN_OR_OVERLORD, OVERLORD};
use crate::state::AppState;
use actix_web::{get, put, web};
use olympiad_office::copy::{self, CopyQuery, GeneralCopyInput};
use olympiad_office::system::{self, SystemConfigInput};
use olympiad_persistence::models::{GeneralCopy, SystemConfig};

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("copy")
        .route(list, Public)
        .route(save, ADMIN_OR_OVERLORD)
        .route(system_config, Public)
        .route(update_system_config, OVERLORD)
}

/// An olympiad's general copy, or the platform's own (the terms and conditions among them).
#[utoipa::path(
    operation_id = "copy_list",
    tag = "public site",
    params(CopyQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<GeneralCopy>>)))
)]
#[get("/api/copy")]
pub async fn list(
    state: web::Data<AppState>,
    query: web::Query<CopyQuery>,
) -> ApiResult<Vec<GeneralCopy>> {
    state
        .answer(move |conn| copy::list(conn, query.olympiad_id))
        .await
}

/// Writes one copy, creating it the first time.
#[utoipa::path(
    operation_id = "copy_save",
    tag = "public site",
    request_body = GeneralCopyInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<GeneralCopy>)))
)]
#[put("/api/copy")]
pub async fn save(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<GeneralCopyInput>,
) -> ApiResult<GeneralCopy> {
    let input = body.into_inner();
    state
        .answer(move |conn| copy::save(conn, &caller, &input))
        .await
}

/// The platform's switches: whether the public sites are in maintenance.
#[utoipa::path(
    operation_id = "system_config_get",
    tag = "public site",
    responses((status = 200, body = inline(crate::envelope::Envelope<SystemConfig>)))
)]
#[get("/api/system-config")]
pub async fn system_config(state: web::Data<AppState>) -> ApiResult<SystemConfig> {
    state.answer(system::get).await
}

#[utoipa::path(
    operation_id = "system_config_update",
    tag = "public site",
    request_body = SystemConfigInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<SystemConfig>)))
)]
#[put("/api/system-config")]
pub async fn update_system_config(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<SystemConfigInput>,
) -> ApiResult<SystemConfig> {
    let input = body.into_inner();
    state
        .answer(move |conn| system::update(conn, &caller, &input))
        .await
}
