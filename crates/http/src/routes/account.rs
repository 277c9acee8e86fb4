//! Accounts: a user's role in an olympiad (or global), for the overlord's account screen.

use crate::access::Caller;
use crate::body::Body;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::routes::user::{IdPath, OlympiadQuery};
use crate::state::AppState;
use actix_web::{get, post, web};
use olympiad_domain::Role;
use olympiad_office::activity::record_activity;
use olympiad_office::OrNotFound;
use olympiad_persistence::models::{
    Account, AccountFilter, AccountView, NewAccount, Olympiad, User,
};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;
use validator::Validate;

#[utoipa::path(
    operation_id = "account_list",
    tag = "accounts",
    params(OlympiadQuery),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<AccountView>>)), (status = 403, body = crate::error::ErrorBody))
)]
#[get("/api/account")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
) -> ApiResult<Vec<AccountView>> {
    let olympiad_id = caller.olympiad_scope(query.olympiad_id)?;
    ok(state
        .db
        .run(move |conn| {
            Ok(Account::views(
                conn,
                AccountFilter {
                    olympiad_id,
                    ..Default::default()
                },
            )?)
        })
        .await?)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateAccount {
    pub user_id: i64,
    pub role: Role,
    /// Required for every role but overlord and teacher.
    pub olympiad_id: Option<i64>,
}

fn view_of(
    conn: &mut olympiad_persistence::DbConnection,
    account: &Account,
) -> Result<AccountView, ApiError> {
    Account::views(
        conn,
        AccountFilter {
            user_id: Some(account.user_id),
            ..Default::default()
        },
    )?
    .into_iter()
    .find(|view| view.id == account.id)
    .ok_or_else(|| ApiError::not_found("The account"))
}

#[utoipa::path(
    operation_id = "account_create",
    tag = "accounts",
    request_body = CreateAccount,
    security(("bearer" = [])),
    responses((status = 200, description = "The account (giving the same role twice is harmless)", body = inline(crate::envelope::Envelope<AccountView>)), (status = 400, body = crate::error::ErrorBody))
)]
#[post("/api/account")]
pub async fn create(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<CreateAccount>,
) -> ApiResult<AccountView> {
    let body = body.into_inner();
    if let Some(problem) = body.role.olympiad_problem(body.olympiad_id.is_some()) {
        return Err(ApiError::invalid_field("olympiadId", problem));
    }
    let view = state
        .db
        .transaction(move |conn| {
            User::find(conn, body.user_id).or_invalid("userId", "is not a user")?;
            if let Some(olympiad_id) = body.olympiad_id {
                Olympiad::find(conn, olympiad_id).or_invalid("olympiadId", "is not an olympiad")?;
            }
            let account = Account::ensure(
                conn,
                &NewAccount {
                    user_id: body.user_id,
                    role: body.role.as_str(),
                    olympiad_id: body.olympiad_id,
                },
            )?;
            record_activity(
                conn,
                &caller,
                "account_created",
                body.olympiad_id,
                json!({ "userId": body.user_id, "role": body.role }),
            )?;
            view_of(conn, &account)
        })
        .await?;
    ok(view)
}

async fn set_disabled(
    caller: Caller,
    state: &AppState,
    id: i64,
    disabled: bool,
) -> ApiResult<AccountView> {
    let view = state
        .db
        .transaction(move |conn| {
            let account = Account::set_disabled(conn, id, disabled)?;
            let action = if disabled {
                "account_disabled"
            } else {
                "account_enabled"
            };
            record_activity(
                conn,
                &caller,
                action,
                account.olympiad_id,
                json!({ "accountId": id }),
            )?;
            view_of(conn, &account)
        })
        .await?;
    ok(view)
}

#[utoipa::path(
    operation_id = "account_disable",tag = "accounts", params(IdPath), security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<AccountView>)), (status = 404, body = crate::error::ErrorBody)))]
#[post("/api/account/{id}/disable")]
pub async fn disable(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
) -> ApiResult<AccountView> {
    set_disabled(caller, &state, path.id, true).await
}

#[utoipa::path(
    operation_id = "account_enable",tag = "accounts", params(IdPath), security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<AccountView>)), (status = 404, body = crate::error::ErrorBody)))]
#[post("/api/account/{id}/enable")]
pub async fn enable(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
) -> ApiResult<AccountView> {
    set_disabled(caller, &state, path.id, false).await
}
