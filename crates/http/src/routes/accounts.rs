//! Accounts: a user's role in an olympiad (or global), for the overlord's account screen; and the
//! overlord's reset link for a teacher whom e-mail does not reach.

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::ApiResult;
use crate::manifest::{Area, ADMIN_OR_OVERLORD, OVERLORD};
use crate::routes::IdOf;
use crate::state::AppState;
use actix_web::{get, post, web};
use olympiad_domain::id::AccountId;
use olympiad_office::accounts::{self, teacher_reset_link, CreateAccount, ResetLink, TeacherQuery};
use olympiad_office::users::OlympiadQuery;
use olympiad_persistence::models::AccountView;

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("accounts")
        .route(list, ADMIN_OR_OVERLORD)
        .route(create, OVERLORD)
        .beyond_schema(
            "olympiadId is required for an olympiad's staff and must be empty for an overlord",
        )
        .route(disable, OVERLORD)
        .unscoped("overlord only")
        .route(enable, OVERLORD)
        .unscoped("overlord only")
        .route(local_teacher_password_reset, OVERLORD)
}

#[utoipa::path(
    operation_id = "account_list",
    tag = "accounts",
    params(OlympiadQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<AccountView>>)))
)]
#[get("/api/account")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
) -> ApiResult<Vec<AccountView>> {
    state
        .answer(move |conn| accounts::list(conn, &caller, query.olympiad_id))
        .await
}

#[utoipa::path(
    operation_id = "account_create",
    tag = "accounts",
    request_body = CreateAccount,
    responses((status = 200, description = "The account (giving the same role twice is harmless)", body = inline(crate::envelope::Envelope<AccountView>)))
)]
#[post("/api/account")]
pub async fn create(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<CreateAccount>,
) -> ApiResult<AccountView> {
    let input = body.into_inner();
    state
        .answer(move |conn| accounts::create(conn, &caller, input))
        .await
}

#[utoipa::path(
    operation_id = "account_disable",tag = "accounts", params(IdOf<AccountId>), responses((status = 200, body = inline(crate::envelope::Envelope<AccountView>))))]
#[post("/api/account/{id}/disable")]
pub async fn disable(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<AccountId>>,
) -> ApiResult<AccountView> {
    state
        .answer(move |conn| accounts::set_disabled(conn, &caller, path.id, true))
        .await
}

#[utoipa::path(
    operation_id = "account_enable",tag = "accounts", params(IdOf<AccountId>), responses((status = 200, body = inline(crate::envelope::Envelope<AccountView>))))]
#[post("/api/account/{id}/enable")]
pub async fn enable(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<AccountId>>,
) -> ApiResult<AccountView> {
    state
        .answer(move |conn| accounts::set_disabled(conn, &caller, path.id, false))
        .await
}

// The overlord's support tool for a teacher whose school's mail server drops our e-mails and who
// so cannot reset their password: the overlord makes the reset link here and hands it over by
// phone or chat ("locally", not by e-mail). The link works once, for a day, and the activity log
// notes who made it for whom.
#[utoipa::path(
    operation_id = "scratchpad_local_teacher_password_reset",
    tag = "users",
    params(TeacherQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<ResetLink>)), (status = 404, description = "No teacher with this e-mail address", body = crate::error::ErrorBody))
)]
#[get("/api/scratchpad/local-teacher-password-reset")]
pub async fn local_teacher_password_reset(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<TeacherQuery>,
) -> ApiResult<ResetLink> {
    let base_url = state.config.public_base_url.clone();
    state
        .answer(move |conn| teacher_reset_link(conn, &caller, &query.email, &base_url))
        .await
}
