//! The signed-in session: who am I, am I signed in, sign out.

use crate::auth::session_start::SignedInUser;
use crate::caller::{Caller, MaybeCaller};
use crate::envelope::{ok, ApiResult};
use crate::state::AppState;
use actix_web::{get, post, web};
use olympiad_domain::id::OlympiadId;
use olympiad_domain::Role;
use olympiad_persistence::models::{
    Account, AccountView, ActivityLog, ActivityLogInsertForm, User,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CurrentUserQuery {
    /// The part of the product asking (admin, portal, olympiad, overlord); kept for the log.
    pub section: Option<String>,
    /// When given, `authed` says whether the signed-in account may act in this olympiad.
    #[param(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CurrentUser {
    pub authed: bool,
    /// Why `authed` is false: `wrong_olympiad`.
    pub error: Option<String>,
    pub user: SignedInUser,
    /// Every account of this user, so the apps can offer a switch of olympiad.
    pub accounts: Vec<AccountView>,
}

#[utoipa::path(
    tag = "auth",
    params(CurrentUserQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<CurrentUser>)))
)]
#[get("/api/auth/current-user")]
pub async fn current_user(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<CurrentUserQuery>,
) -> ApiResult<CurrentUser> {
    let user_id = caller.user_id;
    let (user, accounts) = state
        .db
        .run(move |conn| {
            Ok((
                User::find(conn, user_id)?,
                Account::views_of_user(conn, user_id)?,
            ))
        })
        .await?;
    let authed = query.olympiad_id.is_none_or(|id| caller.may_act_in(id));
    ok(CurrentUser {
        authed,
        error: (!authed).then(|| "wrong_olympiad".to_owned()),
        user: SignedInUser {
            user: user.into(),
            role: caller.role,
            account_id: caller.account_id,
            olympiad_id: caller.olympiad_id,
            olympiad_name: caller.olympiad_name.clone(),
            impersonated_by: caller.impersonator,
        },
        accounts,
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LoginStatusQuery {
    pub section: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginStatus {
    pub logged_in: bool,
    pub role: Option<Role>,
}

#[utoipa::path(tag = "auth", params(LoginStatusQuery), responses((status = 200, body = inline(crate::envelope::Envelope<LoginStatus>))))]
#[get("/api/auth/get-login-status")]
pub async fn get_login_status(
    caller: MaybeCaller,
    _query: web::Query<LoginStatusQuery>,
) -> ApiResult<LoginStatus> {
    ok(LoginStatus {
        logged_in: caller.0.is_some(),
        role: caller.0.map(|c| c.role),
    })
}

#[utoipa::path(
    tag = "auth",
    responses((status = 200, description = "Every session of this user has ended; signing out of an impersonation ends the overlord's sessions, and so every impersonation they began, but not the sessions of the user acted as", body = inline(crate::envelope::Envelope<Option<bool>>)))
)]
#[post("/api/auth/signout")]
pub async fn signout(caller: Caller, state: web::Data<AppState>) -> ApiResult<Option<bool>> {
    // Signing out of an impersonation is the overlord signing out: the apps put the impersonation's
    // token in place of the overlord's own, so ending the overlord's sessions leaves no token of
    // theirs alive, and ends this impersonation with any other they began. The user acted as keeps
    // their own devices.
    let (ending, acting_as) = match caller.impersonator {
        Some(overlord) => (overlord, Some(caller.user_id)),
        None => (caller.user_id, None),
    };
    let olympiad_id = caller.olympiad_id;
    let details = match acting_as {
        Some(user) => serde_json::json!({ "actingAs": user }).to_string(),
        None => "{}".into(),
    };
    state
        .db
        .transaction(move |conn| {
            User::end_sessions(conn, ending)?;
            ActivityLog::record(
                conn,
                &ActivityLogInsertForm {
                    user_id: Some(ending),
                    email: None,
                    olympiad_id,
                    action: "signout",
                    details: &details,
                    address: None,
                },
            )?;
            Ok(())
        })
        .await?;
    ok(None)
}
