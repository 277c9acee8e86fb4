//! Two-factor sign-in (TOTP) for staff and overlord. A correct password of someone without a
//! confirmed secret answers `2fa_notSetYet` with a short-lived set-up token; `setup` gives the secret
//! and its otpauth URI (the apps show it as a QR code); `confirm` checks a first code, switches
//! two-factor on, e-mails the user about it and signs them in.

use crate::auth::session_start::{finish_sign_in, SignInResult};
use crate::auth::tokens::{Claims, Purpose, Subject};
use crate::body::Body;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::rate_limit::client_address;
use crate::state::AppState;
use actix_web::{post, web, HttpMessage, HttpRequest};
use olympiad_mailer::{Email, Recipient};
use olympiad_office::mail::{olympiad_context, queue_email_of};
use olympiad_office::ErrorCode;
use olympiad_persistence::models::User;
use serde::{Deserialize, Serialize};
use totp_rs::{Builder, Secret, Totp};
use utoipa::ToSchema;
use validator::Validate;

const ISSUER: &str = "Olympiads";

/// Six digits every 30 seconds with SHA-1, one step of clock drift allowed either way: the
/// builder's defaults, which are what every authenticator app expects.
fn totp(secret_base32: &str, username: &str) -> Result<Totp, ApiError> {
    let secret = Secret::try_from_base32(secret_base32).map_err(ApiError::internal)?;
    Builder::new()
        .with_secret(secret)
        .with_issuer(Some(ISSUER))
        .with_account_name(username)
        .build()
        .map_err(|e| ApiError::internal(format!("{e:?}")))
}

fn new_secret() -> String {
    Secret::generate().to_base32()
}

/// The time step of `code` when it is right for now (a step either way allowed for clock drift).
fn matched_step(secret_base32: &str, username: &str, code: &str) -> Result<Option<i64>, ApiError> {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    let step = totp(secret_base32, username)?.check_current(&code);
    Ok(step.and_then(|step| i64::try_from(step).ok()))
}

fn wrong_code() -> ApiError {
    ApiError::unauthorized(
        ErrorCode::TwoFactorInvalid,
        "The code is not correct. Check your phone's clock and try the newest code.",
    )
}

/// Accepts `code` for the user only if it is right and its time step was not used before: a code
/// is good for one sign-in (RFC 6238, section 5.2).
async fn accept_code(
    state: &AppState,
    user: &User,
    secret_base32: &str,
    code: &str,
) -> Result<(), ApiError> {
    let step = matched_step(secret_base32, &user.username, code)?.ok_or_else(wrong_code)?;
    let user_id = user.id;
    let fresh = state
        .db
        .run(move |conn| Ok(User::use_totp_step(conn, user_id, step)?))
        .await?;
    if fresh {
        Ok(())
    } else {
        Err(ApiError::unauthorized(
            ErrorCode::TwoFactorInvalid,
            "This code was used already. Wait for the next code of your authenticator app.",
        ))
    }
}

/// After a correct password: passes when the user's code is right, otherwise answers what is needed.
pub async fn check_at_sign_in(
    state: &AppState,
    user: &User,
    subject: &Subject,
    code: Option<&str>,
) -> Result<(), ApiError> {
    let secret = match (&user.totp_secret, user.totp_confirmed) {
        (Some(secret), true) => secret,
        _ => {
            let setup_token = state.tokens.issue(subject, Purpose::TwoFactorSetup)?;
            return Err(ApiError::unauthorized(
                ErrorCode::TwoFactorNotSetYet,
                "Two-factor sign-in must be set up before you can continue.",
            )
            .with_extra("setupToken", setup_token));
        }
    };
    match code.map(str::trim).filter(|c| !c.is_empty()) {
        None => Err(ApiError::unauthorized(
            ErrorCode::TwoFactorRequired,
            "Enter the code from your authenticator app.",
        )),
        Some(code) => accept_code(state, user, secret, code).await,
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorSetup {
    /// Base32, for typing into an authenticator app by hand.
    pub secret: String,
    /// `otpauth://totp/...`, for a QR code.
    pub otpauth_uri: String,
}

/// The user of the set-up token that the access middleware checked.
async fn setup_subject(state: &AppState, req: &HttpRequest) -> Result<(User, Subject), ApiError> {
    let claims = req.extensions().get::<Claims>().cloned().ok_or_else(|| {
        ApiError::unauthorized(ErrorCode::SignedOut, "Sign in again to set up two-factor.")
    })?;
    let user_id = claims.sub;
    let user = state
        .db
        .run(move |conn| Ok(User::find(conn, user_id)?))
        .await?;
    if user.disabled || user.session_version != claims.ver {
        return Err(ApiError::unauthorized(
            ErrorCode::SessionEnded,
            "Sign in again to set up two-factor.",
        ));
    }
    let subject = Subject {
        user_id: claims.sub,
        account_id: claims.acc,
        role: claims.role,
        olympiad_id: claims.oly,
        olympiad_name: claims.oly_name,
        session_version: claims.ver,
        impersonator: None,
        impersonator_version: None,
    };
    Ok((user, subject))
}

#[utoipa::path(
    tag = "auth",
    security(("setupToken" = [])),
    responses(
        (status = 200, body = inline(crate::envelope::Envelope<TwoFactorSetup>)),
        (status = 401, description = "No valid set-up token", body = crate::error::ErrorBody),
        (status = 409, description = "Two-factor is already on", body = crate::error::ErrorBody),
    )
)]
#[post("/api/auth/2fa/setup")]
pub async fn setup(state: web::Data<AppState>, req: HttpRequest) -> ApiResult<TwoFactorSetup> {
    let (user, _) = setup_subject(&state, &req).await?;
    if user.totp_confirmed {
        return Err(ApiError::conflict(
            "Two-factor sign-in is already set up for this user.",
        ));
    }
    let secret = new_secret();
    let otpauth_uri = totp(&secret, &user.username)?
        .to_url()
        .map_err(|e| ApiError::internal(format!("{e:?}")))?;
    let (user_id, stored) = (user.id, secret.clone());
    state
        .db
        .run(move |conn| Ok(User::set_pending_totp_secret(conn, user_id, &stored)?))
        .await?;
    ok(TwoFactorSetup {
        secret,
        otpauth_uri,
    })
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
pub struct ConfirmTwoFactor {
    #[validate(length(min = 6, max = 8, message = "must be the 6-digit code"))]
    #[schema(min_length = 6, max_length = 8)]
    pub code: String,
}

#[utoipa::path(
    tag = "auth",
    security(("setupToken" = [])),
    request_body = ConfirmTwoFactor,
    responses(
        (status = 200, description = "Two-factor is on; signed in", body = inline(crate::envelope::Envelope<SignInResult>)),
        (status = 401, description = "`2fa_invalid`, or no valid set-up token", body = crate::error::ErrorBody),
    )
)]
#[post("/api/auth/2fa/confirm")]
pub async fn confirm(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: Body<ConfirmTwoFactor>,
) -> ApiResult<SignInResult> {
    let (user, subject) = setup_subject(&state, &req).await?;
    state
        .limits
        .check_signin(&user.username, &client_address(&req))
        .await?;
    let secret = user.totp_secret.clone().ok_or_else(|| {
        ApiError::bad_request(
            ErrorCode::TwoFactorNoSecret,
            "Start the two-factor set-up first.",
        )
    })?;
    accept_code(&state, &user, &secret, &body.code).await?;
    let notice = user.email.clone().map(|email| Email::TwoFactorEnabled {
        to: Recipient {
            email,
            name: user.display_name(),
            username: user.username.clone(),
        },
    });
    let user_id = user.id;
    state
        .db
        .transaction(move |conn| {
            User::confirm_totp(conn, user_id)?;
            if let Some(notice) = notice {
                // Written in the copy of the olympiad the person works in, when there is one.
                let user = User::find(conn, user_id)?;
                let olympiad = olympiad_context(conn, &user, None)?;
                queue_email_of(conn, olympiad, &notice)?;
            }
            Ok(())
        })
        .await?;
    ok(finish_sign_in(
        &state,
        user,
        subject,
        "two_factor_enabled",
        Some(client_address(&req)),
    )
    .await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_current_code_is_accepted_and_a_wrong_one_is_not() {
        let secret = new_secret();
        let current = totp(&secret, "admin@example.org")
            .unwrap()
            .generate_current()
            .to_string();
        assert!(matched_step(&secret, "admin@example.org", &current)
            .unwrap()
            .is_some());
        let spaced = format!("{} {}", &current[..3], &current[3..]);
        assert!(matched_step(&secret, "admin@example.org", &spaced)
            .unwrap()
            .is_some());
        let wrong = if current == "000000" {
            "111111"
        } else {
            "000000"
        };
        assert!(matched_step(&secret, "admin@example.org", wrong)
            .unwrap()
            .is_none());
    }

    #[test]
    fn the_uri_names_the_issuer_and_the_user() {
        let secret = new_secret();
        let uri = totp(&secret, "admin@example.org")
            .unwrap()
            .to_url()
            .unwrap();
        assert!(
            uri.starts_with("otpauth://totp/Olympiads:admin%40example.org?"),
            "{uri}"
        );
        assert!(uri.contains(&format!("secret={secret}")));
    }
}
