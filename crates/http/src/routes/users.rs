//! Users: the overlord's user screens, the lists admins choose from, and impersonation.

use crate::auth::session_start::{finish_sign_in, SignInResult};
use crate::auth::tokens::Subject;
use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::web::Json;
use actix_web::{get, post, put, web};
use olympiad_office::users::{
    self, CreateUser, ImpersonateQuery, OlympiadQuery, UpdateUser, UserRow, UserSummary,
};
use olympiad_persistence::models::AccountView;
use serde::Serialize;
use utoipa::ToSchema;

use crate::manifest::{Area, ADMIN_OR_OVERLORD, OVERLORD};
use crate::routes::IdOf;
use olympiad_domain::id::UserId;

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("users")
        .route(basic_list, ADMIN_OR_OVERLORD)
        .route(impersonate, OVERLORD)
        .route(list, ADMIN_OR_OVERLORD)
        .route(create, OVERLORD)
        .beyond_schema(
            "password is at most 72 bytes (UTF-8), which maxLength (characters) cannot state",
        )
        .route(update, OVERLORD)
        .unscoped("overlord only")
        .route(disable, OVERLORD)
        .unscoped("overlord only")
        .route(enable, OVERLORD)
        .unscoped("overlord only")
        .route(reset_two_factor, OVERLORD)
        .unscoped("overlord only")
}

#[utoipa::path(
    tag = "users",
    params(OlympiadQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<UserSummary>>)))
)]
#[get("/api/user/get-basic-list")]
pub async fn basic_list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
) -> ApiResult<Vec<UserSummary>> {
    state
        .answer(move |conn| users::summaries(conn, &caller, query.olympiad_id))
        .await
}

/// The spec's user list answers the users as `data` and their accounts beside it.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserList {
    pub success: bool,
    pub data: Vec<UserRow>,
    pub accounts: Vec<AccountView>,
}

#[utoipa::path(
    operation_id = "user_list",
    tag = "users",
    params(OlympiadQuery),
    responses((status = 200, body = UserList))
)]
#[get("/api/user")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
) -> Result<Json<UserList>, ApiError> {
    let olympiad_id = query.olympiad_id;
    let (data, accounts) = state
        .db
        .office(move |conn| users::list(conn, &caller, olympiad_id))
        .await?;
    Ok(Json(UserList {
        success: true,
        data,
        accounts,
    }))
}

#[utoipa::path(
    operation_id = "user_create",
    tag = "users",
    request_body = CreateUser,
    responses(
        (status = 200, body = inline(crate::envelope::Envelope<UserRow>)),
        (status = 409, description = "A user with this e-mail exists: add an account instead", body = crate::error::ErrorBody)
    )
)]
#[post("/api/user")]
pub async fn create(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<CreateUser>,
) -> ApiResult<UserRow> {
    let (input, cost) = (body.into_inner(), state.config.bcrypt_cost);
    state
        .answer(move |conn| users::create(conn, &caller, input, cost))
        .await
}

#[utoipa::path(
    operation_id = "user_update",
    tag = "users",
    params(IdOf<UserId>),
    request_body = UpdateUser,
    responses((status = 200, body = inline(crate::envelope::Envelope<UserRow>)))
)]
#[put("/api/user/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<UserId>>,
    body: Body<UpdateUser>,
) -> ApiResult<UserRow> {
    let input = body.into_inner();
    state
        .answer(move |conn| users::update(conn, &caller, path.id, input))
        .await
}

#[utoipa::path(
    operation_id = "user_disable",tag = "users", params(IdOf<UserId>), responses((status = 200, description = "Disabled; every session ended", body = inline(crate::envelope::Envelope<UserRow>))))]
#[post("/api/user/{id}/disable")]
pub async fn disable(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<UserId>>,
) -> ApiResult<UserRow> {
    state
        .answer(move |conn| users::set_disabled(conn, &caller, path.id, true))
        .await
}

#[utoipa::path(
    operation_id = "user_enable",tag = "users", params(IdOf<UserId>), responses((status = 200, body = inline(crate::envelope::Envelope<UserRow>))))]
#[post("/api/user/{id}/enable")]
pub async fn enable(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<UserId>>,
) -> ApiResult<UserRow> {
    state
        .answer(move |conn| users::set_disabled(conn, &caller, path.id, false))
        .await
}

#[utoipa::path(tag = "users", params(IdOf<UserId>), responses((status = 200, description = "The user sets two-factor up again at the next sign-in", body = inline(crate::envelope::Envelope<UserRow>))))]
#[post("/api/user/{id}/reset-two-factor")]
pub async fn reset_two_factor(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<UserId>>,
) -> ApiResult<UserRow> {
    state
        .answer(move |conn| users::reset_two_factor(conn, &caller, path.id))
        .await
}

#[utoipa::path(
    tag = "users",
    params(ImpersonateQuery),
    responses(
        (status = 200, description = "A session as that user, marked as an impersonation", body = inline(crate::envelope::Envelope<SignInResult>)),
        (status = 404, description = "No such user, or no account of theirs in the olympiad", body = crate::error::ErrorBody)
    )
)]
#[get("/api/user/impersonate")]
pub async fn impersonate(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<ImpersonateQuery>,
) -> ApiResult<SignInResult> {
    let query = query.into_inner();
    let found = state
        .db
        .office(move |conn| users::impersonation(conn, &query))
        .await?;
    let subject = Subject {
        user_id: found.user.id,
        account_id: found.account.id,
        role: found.role,
        olympiad_id: found.olympiad_id,
        olympiad_name: found.account.olympiad_name,
        session_version: found.user.session_version,
        impersonator: Some(caller.user_id),
        impersonator_version: Some(caller.session_version),
    };
    ok(finish_sign_in(&state, found.user, subject, "impersonate", None).await?)
}
