//! Forgotten passwords and password changes. A reset link is single-use, valid for one hour, and
//! only its hash is stored. Asking for one answers the same whether or not the user exists.

use crate::auth::password;
use crate::body::Body;
use crate::caller::MaybeCaller;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::rate_limit::client_address;
use crate::state::AppState;
use actix_web::{post, put, web, HttpRequest};
use chrono::Duration;
use olympiad_domain::credentials::{normalise_username, password_problem};
use olympiad_domain::id::UserId;
use olympiad_mailer::{Email, Recipient};
use olympiad_office::mail::{olympiad_context, queue_email_of};
use olympiad_office::support::secrets::{new_token, token_hash};
use olympiad_office::ErrorCode;
use olympiad_persistence::models::{ActivityLog, ActivityLogInsertForm, PasswordReset, User};
use olympiad_persistence::now;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

const RESET_VALID_MINUTES: i64 = 60;
/// Links a user may have waiting at once. Anyone may ask for a link for anyone, so past these
/// asking again sends nothing and keeps nothing (and answers the same): a user's rows and the
/// e-mails to them are bounded, however often an outsider asks.
const LIVE_RESETS_PER_USER: i64 = 3;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ForgotPasswordQuery {
    /// Carried into the link, so the reset page wears the olympiad's look.
    pub olympiad_name: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ResetRequested {
    /// Always true: whether the user exists is not revealed.
    pub sent: bool,
}

#[utoipa::path(
    tag = "auth",
    params(("username" = String, Path, description = "E-mail address or username"), ForgotPasswordQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<ResetRequested>)))
)]
#[post("/api/auth/forgot-password/{username}")]
pub async fn forgot_password(
    state: web::Data<AppState>,
    req: HttpRequest,
    username: web::Path<String>,
    query: web::Query<ForgotPasswordQuery>,
) -> ApiResult<ResetRequested> {
    let username = normalise_username(&username);
    state
        .limits
        .check_signin(&format!("reset:{username}"), &client_address(&req))
        .await?;
    let token = new_token();
    let mut link = format!("{}/reset-password/{token}", state.config.public_base_url);
    let olympiad_name = query
        .olympiad_name
        .clone()
        .filter(|o| o.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'));
    if let Some(olympiad) = &olympiad_name {
        link.push_str(&format!("?olympiadName={olympiad}"));
    }
    let hash = token_hash(&token);
    state
        .db
        .transaction(move |conn| {
            let Some(user) = User::by_username(conn, &username)? else {
                return Ok(());
            };
            let Some(email) = user.email.clone().filter(|_| !user.disabled) else {
                return Ok(());
            };
            PasswordReset::forget_spent(conn, user.id)?;
            if PasswordReset::live_count(conn, user.id)? >= LIVE_RESETS_PER_USER {
                return Ok(());
            }
            PasswordReset::create(
                conn,
                user.id,
                &hash,
                now() + Duration::minutes(RESET_VALID_MINUTES),
            )?;
            let message = Email::PasswordReset {
                to: Recipient {
                    email,
                    name: user.display_name(),
                    username: user.username.clone(),
                },
                link,
            };
            // Written in the copy of the olympiad the person works in, when there is one.
            let olympiad = olympiad_context(conn, &user, olympiad_name.as_deref())?;
            queue_email_of(conn, olympiad, &message)?;
            Ok(())
        })
        .await?;
    ok(ResetRequested { sent: true })
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetPasswordRequest {
    /// At least 8 characters, at most 72 bytes, not only spaces (`password_problem`).
    #[validate(length(max = 1024, message = "must be at most 1024 characters"))]
    #[schema(min_length = 8, max_length = 72, pattern = "\\S")]
    pub password: String,
    /// The token of a reset link; without it the signed-in user changes their own password.
    #[serde(default)]
    #[validate(length(max = 128, message = "is not a reset link's token"))]
    #[schema(max_length = 128)]
    pub token: Option<String>,
    /// Required without a token: a session left open on a shared computer must not be enough to
    /// take over the account.
    #[serde(default)]
    #[validate(length(max = 1024, message = "must be at most 1024 characters"))]
    #[schema(max_length = 1024)]
    pub current_password: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PasswordSet {
    /// A fresh access token when a signed-in user changed their password (their other sessions end).
    pub token: Option<String>,
}

#[utoipa::path(
    tag = "auth",
    request_body = SetPasswordRequest,
    responses(
        (status = 200, body = inline(crate::envelope::Envelope<PasswordSet>)),
        (status = 400, description = "`validation` (the password, or the current password when signed in), or `token_invalid` (the link expired or was used)", body = crate::error::ErrorBody),
        (status = 401, description = "No reset token and not signed in", body = crate::error::ErrorBody),
        (status = 429, description = "Too many wrong current passwords", body = crate::error::ErrorBody),
    )
)]
#[put("/api/auth/set-password")]
pub async fn set_password(
    state: web::Data<AppState>,
    req: HttpRequest,
    caller: MaybeCaller,
    body: Body<SetPasswordRequest>,
) -> ApiResult<PasswordSet> {
    let body = body.into_inner();
    if let Some(problem) = password_problem(&body.password) {
        return Err(ApiError::invalid_field("password", problem));
    }
    if let (None, Some(caller)) = (&body.token, &caller.0) {
        check_current_password(&state, &req, caller.user_id, body.current_password).await?;
    }
    let hash = password::hash(body.password, state.config.bcrypt_cost).await?;
    match (body.token, caller.0) {
        (Some(token), _) => {
            let token_hash = token_hash(&token);
            state
                .db
                .transaction(move |conn| {
                    let user_id = PasswordReset::redeem(conn, &token_hash)?.ok_or_else(|| {
                        ApiError::bad_request(
                            ErrorCode::TokenInvalid,
                            "This link has expired or was already used. Ask for a new one.",
                        )
                    })?;
                    User::set_password_hash(conn, user_id, &hash)?;
                    record(conn, user_id, "password_reset")
                })
                .await?;
            ok(PasswordSet { token: None })
        }
        (None, Some(caller)) => {
            let user_id = caller.user_id;
            let user = state
                .db
                .transaction(move |conn| {
                    User::set_password_hash(conn, user_id, &hash)?;
                    record(conn, user_id, "password_changed")?;
                    Ok(User::find(conn, user_id)?)
                })
                .await?;
            let subject = crate::auth::tokens::Subject {
                user_id,
                account_id: caller.account_id,
                role: caller.role,
                olympiad_id: caller.olympiad_id,
                olympiad_name: caller.olympiad_name.clone(),
                session_version: user.session_version,
                impersonator: caller.impersonator,
                impersonator_version: caller.impersonator_version,
            };
            ok(PasswordSet {
                token: Some(
                    state
                        .tokens
                        .issue(&subject, crate::auth::tokens::Purpose::Access)?,
                ),
            })
        }
        (None, None) => Err(ApiError::unauthorized(
            ErrorCode::SignedOut,
            "Please sign in, or use the link from your e-mail.",
        )),
    }
}

/// A signed-in change of password must name the password it replaces; wrong guesses count
/// against the same limit as sign-in.
async fn check_current_password(
    state: &AppState,
    req: &HttpRequest,
    user_id: UserId,
    current: Option<String>,
) -> Result<(), ApiError> {
    let current = current
        .filter(|c| !c.is_empty())
        .ok_or_else(|| ApiError::invalid_field("currentPassword", "is required"))?;
    let user = state
        .db
        .run(move |conn| Ok(User::find(conn, user_id)?))
        .await?;
    state
        .limits
        .check_signin(&user.username, &client_address(req))
        .await?;
    if password::verify(current, user.password_hash).await? {
        Ok(())
    } else {
        Err(ApiError::invalid_field(
            "currentPassword",
            "is not your current password",
        ))
    }
}

fn record(
    conn: &mut olympiad_persistence::DbConnection,
    user_id: UserId,
    action: &'static str,
) -> Result<(), ApiError> {
    ActivityLog::record(
        conn,
        &ActivityLogInsertForm {
            user_id: Some(user_id),
            email: None,
            olympiad_id: None,
            action,
            details: "{}",
            address: None,
        },
    )?;
    Ok(())
}
