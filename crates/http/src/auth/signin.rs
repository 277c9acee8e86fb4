//! `POST /api/auth/signin`: username and password, in an olympiad, for a login type. A failure
//! names the faulty part, `username` or `password`.

use crate::auth::password;
use crate::auth::session_start::{finish_sign_in, parse_role, SignInResult};
use crate::auth::tokens::Subject;
use crate::auth::two_factor;
use crate::body::Body;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::rate_limit::client_address;
use crate::state::AppState;
use actix_web::{post, web, HttpRequest};
use olympiad_domain::credentials::{normalise_username, teacher_password, LEARNER_BCRYPT_COST};
use olympiad_domain::{LoginType, Role};
use olympiad_office::ErrorCode;
use olympiad_persistence::models::{Account, AccountView};
use serde::Deserialize;
use utoipa::ToSchema;
use validator::Validate;

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignInRequest {
    /// E-mail address for staff and teachers; the generated username for learners.
    #[validate(length(min = 1, max = 254, message = "is required"))]
    #[schema(min_length = 1, max_length = 254)]
    pub username: String,
    /// Teachers' passwords arrive percent-escaped.
    #[validate(length(min = 1, max = 1024, message = "is required"))]
    #[schema(min_length = 1, max_length = 1024)]
    pub password: String,
    /// Required for learners and staff (login type `admin`).
    #[serde(default)]
    pub olympiad_name: Option<String>,
    pub login_type: LoginType,
    /// The six-digit code of the authenticator app, once two-factor is set up (spaces between the
    /// digits are left out, as in `123 456`).
    #[serde(default)]
    #[validate(length(max = 8, message = "must be the 6-digit code"))]
    #[schema(max_length = 8)]
    pub totp_code: Option<String>,
}

#[utoipa::path(
    tag = "auth",
    request_body = SignInRequest,
    responses(
        (status = 200, description = "Signed in", body = inline(crate::envelope::Envelope<SignInResult>)),
        (status = 400, description = "A field is missing or malformed", body = crate::error::ErrorBody),
        (status = 401, description = "`username` or `password` is wrong, or two-factor is needed: `2fa_notSetYet` (with `setupToken`), `2fa_required`, `2fa_invalid`", body = crate::error::ErrorBody),
        (status = 429, description = "Too many attempts", body = crate::error::ErrorBody),
    )
)]
#[post("/api/auth/signin")]
pub async fn signin(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: Body<SignInRequest>,
) -> ApiResult<SignInResult> {
    let body = body.into_inner();
    let username = normalise_username(&body.username);
    state
        .limits
        .check_signin(&username, &client_address(&req))
        .await?;
    let login_type = body.login_type;
    let olympiad_name = body
        .olympiad_name
        .map(|n| n.trim().to_owned())
        .filter(|n| !n.is_empty());
    if login_type.needs_olympiad() && olympiad_name.is_none() {
        return Err(ApiError::invalid_field(
            "olympiadName",
            "is required for this login type",
        ));
    }

    let lookup = username.clone();
    let found = state
        .db
        .run(move |conn| Ok(Account::of_username(conn, &lookup)?))
        .await?;
    // Nothing is said about the username before its password was checked, and an unknown
    // username costs the same bcrypt work as a known one, so neither the answer nor its time tells
    // whether an account exists.
    let password = match login_type {
        LoginType::Teacher => teacher_password(&body.password),
        _ => body.password,
    };
    let Some((user, accounts)) = found else {
        let cost = match login_type {
            LoginType::Learner => LEARNER_BCRYPT_COST,
            _ => state.config.bcrypt_cost,
        };
        password::verify(password, unknown_user_hash(cost).await?).await?;
        return Err(wrong_credentials());
    };
    if !password::verify(password, user.password_hash.clone()).await? {
        return Err(wrong_credentials());
    }
    if user.disabled {
        return Err(ApiError::unauthorized(
            ErrorCode::Username,
            "This user has been disabled. Please contact the olympiad office.",
        ));
    }
    let account =
        choose_account(&accounts, login_type, olympiad_name.as_deref()).ok_or_else(|| {
            let place = olympiad_name
                .as_deref()
                .map(|n| format!(" in the olympiad {n}"))
                .unwrap_or_default();
            ApiError::unauthorized(
                ErrorCode::Username,
                format!("This user has no {} account{place}.", login_type.noun()),
            )
        })?;
    let role = parse_role(&account.role)?;
    let subject = Subject {
        user_id: user.id,
        account_id: account.id,
        role,
        olympiad_id: account.olympiad_id,
        olympiad_name: account.olympiad_name.clone(),
        session_version: user.session_version,
        impersonator: None,
        impersonator_version: None,
    };
    // Two-factor belongs to the person, whichever account they open: a staff member who also
    // has a teacher's account gives their code for it too.
    let staff_person = accounts
        .iter()
        .filter(|a| !a.disabled)
        .any(|a| a.role.parse::<Role>().is_ok_and(Role::needs_two_factor));
    if user.totp_confirmed || (state.config.require_staff_2fa && staff_person) {
        two_factor::check_at_sign_in(&state, &user, &subject, body.totp_code.as_deref()).await?;
    }
    ok(finish_sign_in(&state, user, subject, "signin", Some(client_address(&req))).await?)
}

/// The one answer for an unknown username and for a wrong password (spec: a failure names
/// `username` or `password`; here the password of that username is what is wrong).
fn wrong_credentials() -> ApiError {
    ApiError::unauthorized(
        ErrorCode::Password,
        "The username or password is not correct.",
    )
}

/// A hash that no password matches, of the cost of the login type's real hashes (learners' are
/// cheaper), checked against for unknown usernames.
async fn unknown_user_hash(cost: u32) -> Result<String, ApiError> {
    use tokio::sync::OnceCell;
    static LEARNER: OnceCell<String> = OnceCell::const_new();
    static OTHERS: OnceCell<String> = OnceCell::const_new();
    let cell = if cost == LEARNER_BCRYPT_COST {
        &LEARNER
    } else {
        &OTHERS
    };
    cell.get_or_try_init(|| password::hash(olympiad_office::support::secrets::new_token(), cost))
        .await
        .cloned()
}

/// The account a login type opens: for learners and staff the one in the named olympiad; for a
/// teacher the one in that olympiad, else a global one; for overlord the global one.
pub fn choose_account<'a>(
    accounts: &'a [AccountView],
    login_type: LoginType,
    olympiad_name: Option<&str>,
) -> Option<&'a AccountView> {
    let usable = || {
        accounts.iter().filter(|a| !a.disabled).filter(|a| {
            a.role
                .parse::<Role>()
                .is_ok_and(|role| login_type.admits(role))
        })
    };
    match login_type {
        LoginType::Learner | LoginType::Admin => {
            usable().find(|a| a.olympiad_name.as_deref() == olympiad_name)
        }
        LoginType::Teacher => usable()
            .find(|a| olympiad_name.is_some() && a.olympiad_name.as_deref() == olympiad_name)
            .or_else(|| usable().find(|a| a.olympiad_id.is_none()))
            .or_else(|| usable().next()),
        LoginType::Overlord => usable().next(),
    }
}
