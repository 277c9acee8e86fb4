//! Users: the overlord's user screens, the lists admins choose from, and impersonation.

use crate::access::Caller;
use crate::auth::password;
use crate::auth::session_start::{finish_sign_in, parse_role, SignInResult};
use crate::auth::tokens::Subject;
use crate::body::Body;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::web::Json;
use actix_web::{get, post, put, web};
use chrono::NaiveDateTime;
use olympiad_domain::credentials::{normalise_username, password_problem};
use olympiad_domain::Role;
use olympiad_office::accounts::{provision, Provision};
use olympiad_office::activity::record_activity;
use olympiad_office::ErrorCode;
use olympiad_persistence::models::{Account, AccountFilter, AccountView, User, UserChanges};
use olympiad_persistence::{DbConnection, DbError};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserSummary {
    pub id: i64,
    pub username: String,
    pub email: Option<String>,
    pub first_name: String,
    pub last_name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserRow {
    pub id: i64,
    pub username: String,
    pub email: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub disabled: bool,
    pub two_factor_on: bool,
    pub last_login_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
}

impl From<User> for UserRow {
    fn from(user: User) -> Self {
        UserRow {
            id: user.id,
            username: user.username,
            email: user.email,
            first_name: user.first_name,
            last_name: user.last_name,
            disabled: user.disabled,
            two_factor_on: user.totp_confirmed,
            last_login_at: user.last_login_at,
            created_at: user.created_at,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OlympiadQuery {
    /// Required for admins (their own olympiad); overlord may leave it out for every olympiad.
    pub olympiad_id: Option<i64>,
}

/// The users of an olympiad (those with an account in it), or every user.
fn users_in(
    conn: &mut DbConnection,
    olympiad_id: Option<i64>,
) -> Result<(Vec<User>, Vec<AccountView>), DbError> {
    let accounts = Account::views(
        conn,
        AccountFilter {
            olympiad_id,
            ..Default::default()
        },
    )?;
    let users = match olympiad_id {
        Some(_) => {
            let mut ids: Vec<i64> = accounts.iter().map(|a| a.user_id).collect();
            ids.dedup();
            User::list_by_ids(conn, &ids)?
        }
        None => User::list(conn)?,
    };
    Ok((users, accounts))
}

#[utoipa::path(
    tag = "users",
    params(OlympiadQuery),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<UserSummary>>)), (status = 403, body = crate::error::ErrorBody))
)]
#[get("/api/user/get-basic-list")]
pub async fn basic_list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
) -> ApiResult<Vec<UserSummary>> {
    let scope = caller.olympiad_scope(query.olympiad_id)?;
    let (users, _) = state.db.run(move |conn| Ok(users_in(conn, scope)?)).await?;
    ok(users
        .into_iter()
        .map(|u| UserSummary {
            id: u.id,
            username: u.username,
            email: u.email,
            first_name: u.first_name,
            last_name: u.last_name,
        })
        .collect())
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
    security(("bearer" = [])),
    responses((status = 200, body = UserList), (status = 403, body = crate::error::ErrorBody))
)]
#[get("/api/user")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
) -> Result<Json<UserList>, ApiError> {
    let scope = caller.olympiad_scope(query.olympiad_id)?;
    let (users, accounts) = state.db.run(move |conn| Ok(users_in(conn, scope)?)).await?;
    Ok(Json(UserList {
        success: true,
        data: users.into_iter().map(UserRow::from).collect(),
        accounts,
    }))
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateUser {
    /// Also the username.
    #[validate(
        email(message = "must be an e-mail address"),
        length(max = 254, message = "is too long")
    )]
    pub email: String,
    pub password: String,
    #[validate(length(max = 100, message = "is too long"))]
    #[serde(default)]
    pub first_name: String,
    #[validate(length(max = 100, message = "is too long"))]
    #[serde(default)]
    pub last_name: String,
    pub role: Role,
    /// Required for every role but overlord and teacher.
    pub olympiad_id: Option<i64>,
}

#[utoipa::path(
    operation_id = "user_create",
    tag = "users",
    request_body = CreateUser,
    security(("bearer" = [])),
    responses(
        (status = 200, body = inline(crate::envelope::Envelope<UserRow>)),
        (status = 400, body = crate::error::ErrorBody),
        (status = 409, description = "A user with this e-mail exists: add an account instead", body = crate::error::ErrorBody)
    )
)]
#[post("/api/user")]
pub async fn create(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<CreateUser>,
) -> ApiResult<UserRow> {
    let body = body.into_inner();
    if let Some(problem) = password_problem(&body.password) {
        return Err(ApiError::invalid_field("password", problem));
    }
    let username = normalise_username(&body.email);
    let provision_request = Provision {
        email: Some(username.clone()),
        username,
        password_hash: password::hash(body.password, state.config.bcrypt_cost).await?,
        first_name: body.first_name.trim().to_owned(),
        last_name: body.last_name.trim().to_owned(),
        role: body.role,
        olympiad_id: body.olympiad_id,
    };
    let user = state
        .db
        .transaction(move |conn| {
            let (user, account, created) = provision(conn, &provision_request)?;
            if !created {
                return Err(ApiError::conflict(
                    "A user with this e-mail address already exists. Give them an account instead.",
                ));
            }
            record_activity(
                conn,
                &caller,
                "user_created",
                account.olympiad_id,
                json!({ "userId": user.id, "role": account.role }),
            )?;
            Ok(user)
        })
        .await?;
    ok(UserRow::from(user))
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateUser {
    /// The contact address; the username stays as it is.
    #[validate(email(message = "must be an e-mail address"))]
    pub email: Option<String>,
    #[validate(length(max = 100, message = "is too long"))]
    pub first_name: Option<String>,
    #[validate(length(max = 100, message = "is too long"))]
    pub last_name: Option<String>,
}

pub use crate::routes::IdPath;

#[utoipa::path(
    operation_id = "user_update",
    tag = "users",
    params(IdPath),
    request_body = UpdateUser,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<UserRow>)), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody))
)]
#[put("/api/user/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    body: Body<UpdateUser>,
) -> ApiResult<UserRow> {
    let body = body.into_inner();
    let id = path.id;
    let changes = UserChanges {
        email: body.email.map(|e| Some(normalise_username(&e))),
        first_name: body.first_name.map(|n| n.trim().to_owned()),
        last_name: body.last_name.map(|n| n.trim().to_owned()),
        ..Default::default()
    };
    let user = state
        .db
        .transaction(move |conn| {
            let user = User::update(conn, id, &changes)?;
            record_activity(conn, &caller, "user_updated", None, json!({ "userId": id }))?;
            Ok(user)
        })
        .await?;
    ok(UserRow::from(user))
}

async fn set_disabled(
    caller: Caller,
    state: &AppState,
    id: i64,
    disabled: bool,
) -> ApiResult<UserRow> {
    if disabled && id == caller.user_id {
        return Err(ApiError::bad_request(
            ErrorCode::OwnAccount,
            "You cannot disable yourself.",
        ));
    }
    let user = state
        .db
        .transaction(move |conn| {
            let user = User::update(
                conn,
                id,
                &UserChanges {
                    disabled: Some(disabled),
                    ..Default::default()
                },
            )?;
            if disabled {
                User::end_sessions(conn, id)?;
            }
            let action = if disabled {
                "user_disabled"
            } else {
                "user_enabled"
            };
            record_activity(conn, &caller, action, None, json!({ "userId": id }))?;
            Ok(user)
        })
        .await?;
    ok(UserRow::from(user))
}

#[utoipa::path(
    operation_id = "user_disable",tag = "users", params(IdPath), security(("bearer" = [])), responses((status = 200, description = "Disabled; every session ended", body = inline(crate::envelope::Envelope<UserRow>)), (status = 404, body = crate::error::ErrorBody)))]
#[post("/api/user/{id}/disable")]
pub async fn disable(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
) -> ApiResult<UserRow> {
    set_disabled(caller, &state, path.id, true).await
}

#[utoipa::path(
    operation_id = "user_enable",tag = "users", params(IdPath), security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<UserRow>)), (status = 404, body = crate::error::ErrorBody)))]
#[post("/api/user/{id}/enable")]
pub async fn enable(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
) -> ApiResult<UserRow> {
    set_disabled(caller, &state, path.id, false).await
}

#[utoipa::path(tag = "users", params(IdPath), security(("bearer" = [])), responses((status = 200, description = "The user sets two-factor up again at the next sign-in", body = inline(crate::envelope::Envelope<UserRow>)), (status = 404, body = crate::error::ErrorBody)))]
#[post("/api/user/{id}/reset-two-factor")]
pub async fn reset_two_factor(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
) -> ApiResult<UserRow> {
    let id = path.id;
    let user = state
        .db
        .transaction(move |conn| {
            User::reset_totp(conn, id)?;
            record_activity(
                conn,
                &caller,
                "two_factor_reset",
                None,
                json!({ "userId": id }),
            )?;
            Ok(User::find(conn, id)?)
        })
        .await?;
    ok(UserRow::from(user))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ImpersonateQuery {
    pub olympiad_id: i64,
    pub user_email: String,
}

#[utoipa::path(
    tag = "users",
    params(ImpersonateQuery),
    security(("bearer" = [])),
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
    let (olympiad_id, username) = (query.olympiad_id, normalise_username(&query.user_email));
    let found = state
        .db
        .run(move |conn| {
            let Some(user) = User::by_username(conn, &username)? else {
                return Ok(None);
            };
            let accounts = Account::views(
                conn,
                AccountFilter {
                    user_id: Some(user.id),
                    ..Default::default()
                },
            )?;
            Ok(Some((user, accounts)))
        })
        .await?;
    let (user, accounts) =
        found.ok_or_else(|| ApiError::not_found("A user with this e-mail address"))?;
    // Their account in this olympiad, else a teacher's global one; never another overlord's.
    let account = accounts
        .iter()
        .filter(|a| !a.disabled && a.role != Role::Overlord.as_str())
        .find(|a| a.olympiad_id == Some(olympiad_id))
        .or_else(|| {
            accounts.iter().find(|a| {
                !a.disabled && a.role == Role::Teacher.as_str() && a.olympiad_id.is_none()
            })
        })
        .ok_or_else(|| ApiError::not_found("An account of this user in this olympiad"))?;
    let subject = Subject {
        user_id: user.id,
        account_id: account.id,
        role: parse_role(&account.role)?,
        olympiad_id: account.olympiad_id.or(Some(olympiad_id)),
        olympiad_name: account.olympiad_name.clone(),
        session_version: user.session_version,
        impersonator: Some(caller.user_id),
        impersonator_version: Some(caller.session_version),
    };
    ok(finish_sign_in(&state, user, subject, "impersonate", None).await?)
}
