//! Privacy (POPIA), for the overlord: a learner's or a user's data as one JSON document, their
//! erasure with a reason, and how long logs and unfinished accounts are kept.

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::ApiResult;
use crate::manifest::{Area, OVERLORD};
use crate::routes::{IdOf, IdPath};
use crate::state::AppState;
use actix_web::{get, post, put, web};
use olympiad_domain::id::UserId;
use olympiad_office::privacy::{self, ErasureInput, ErasureResult, PrivacyExport, RetentionInput};
use olympiad_persistence::models::RetentionSettings;

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("privacy")
        .route(export_learner, OVERLORD)
        .unscoped("overlord only")
        .route(export_user, OVERLORD)
        .unscoped("overlord only")
        .route(erase_learner, OVERLORD)
        .unscoped("overlord only")
        .route(erase_user, OVERLORD)
        .unscoped("overlord only")
        .route(retention, OVERLORD)
        .route(save_retention, OVERLORD)
}

/// Everything stored about the learner (answers and marks too). In the activity log.
#[utoipa::path(operation_id = "privacy_learner_export", tag = "privacy", params(IdPath),
    responses((status = 200, body = inline(crate::envelope::Envelope<PrivacyExport>))))]
#[get("/api/privacy/learner/{id}/export")]
pub async fn export_learner(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
) -> ApiResult<PrivacyExport> {
    state
        .answer(move |conn| privacy::export_learner(conn, &caller, path.id))
        .await
}

/// Everything stored about the user (a teacher's schools, orders and e-mails too). In the
/// activity log.
#[utoipa::path(operation_id = "privacy_user_export", tag = "privacy", params(IdOf<UserId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<PrivacyExport>))))]
#[get("/api/privacy/user/{id}/export")]
pub async fn export_user(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<UserId>>,
) -> ApiResult<PrivacyExport> {
    state
        .answer(move |conn| privacy::export_user(conn, &caller, path.id))
        .await
}

/// Anonymises the learner (when they wrote: their marks and places stay) or deletes them. A
/// second request answers the first erasure, changing nothing.
#[utoipa::path(operation_id = "privacy_learner_erase", tag = "privacy", params(IdPath),
    request_body = ErasureInput,
    responses(
        (status = 200, body = inline(crate::envelope::Envelope<ErasureResult>)),
        (status = 400, description = "No reason", body = crate::error::ErrorBody)
    ))]
#[post("/api/privacy/learner/{id}/erase")]
pub async fn erase_learner(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    body: Body<ErasureInput>,
) -> ApiResult<ErasureResult> {
    let input = body.into_inner();
    state
        .answer(move |conn| privacy::erase_learner(conn, &caller, path.id, &input))
        .await
}

/// Anonymises the user: they can no longer sign in; their orders and invoices stay.
#[utoipa::path(operation_id = "privacy_user_erase", tag = "privacy", params(IdOf<UserId>),
    request_body = ErasureInput,
    responses(
        (status = 200, body = inline(crate::envelope::Envelope<ErasureResult>)),
        (status = 400, description = "No reason", body = crate::error::ErrorBody),
        (status = 409, description = "`conflict`: the overlord's own user", body = crate::error::ErrorBody)
    ))]
#[post("/api/privacy/user/{id}/erase")]
pub async fn erase_user(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<UserId>>,
    body: Body<ErasureInput>,
) -> ApiResult<ErasureResult> {
    let input = body.into_inner();
    state
        .answer(move |conn| privacy::erase_user(conn, &caller, path.id, &input))
        .await
}

/// How many days logs and unfinished accounts are kept (null: for ever).
#[utoipa::path(operation_id = "privacy_retention_get", tag = "privacy",
    responses((status = 200, body = inline(crate::envelope::Envelope<RetentionSettings>))))]
#[get("/api/privacy/retention")]
pub async fn retention(state: web::Data<AppState>) -> ApiResult<RetentionSettings> {
    state.answer(privacy::retention).await
}

#[utoipa::path(operation_id = "privacy_retention_save", tag = "privacy",
    request_body = RetentionInput,
    responses(
        (status = 200, body = inline(crate::envelope::Envelope<RetentionSettings>)),
        (status = 400, description = "A setting out of range", body = crate::error::ErrorBody)
    ))]
#[put("/api/privacy/retention")]
pub async fn save_retention(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<RetentionInput>,
) -> ApiResult<RetentionSettings> {
    let input = body.into_inner();
    state
        .answer(move |conn| privacy::update_retention(conn, &caller, &input))
        .await
}
