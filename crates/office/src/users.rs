//! Staff users: the people who run the olympiads, as the overlord lists, creates, changes,
//! disables and enables them, resets their two-factor and signs in as them; and the list of
//! colleagues an admin chooses from.

use crate::accounts::{provision, Provision};
use crate::activity::record_activity;
use crate::support::caller::Caller;
use crate::support::error::{ErrorCode, OfficeError, OfficeResult};
use chrono::NaiveDateTime;
use olympiad_domain::credentials::{normalise_username, password_problem};
use olympiad_domain::id::{OlympiadId, UserId};
use olympiad_domain::Role;
use olympiad_persistence::models::{Account, AccountFilter, AccountView, User, UserUpdateForm};
use olympiad_persistence::{write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

/// Who a user is, as every list of users and the signed-in user show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserSummary {
    #[schema(value_type = i64)]
    pub id: UserId,
    pub username: String,
    pub email: Option<String>,
    pub first_name: String,
    pub last_name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserRow {
    #[serde(flatten)]
    pub user: UserSummary,
    pub disabled: bool,
    pub two_factor_on: bool,
    #[serde(with = "olympiad_domain::utc::option")]
    pub last_login_at: Option<NaiveDateTime>,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

impl From<User> for UserSummary {
    fn from(user: User) -> Self {
        UserSummary {
            id: user.id,
            username: user.username,
            email: user.email,
            first_name: user.first_name,
            last_name: user.last_name,
        }
    }
}

impl From<User> for UserRow {
    fn from(user: User) -> Self {
        UserRow {
            disabled: user.disabled,
            two_factor_on: user.totp_confirmed,
            last_login_at: user.last_login_at,
            created_at: user.created_at,
            user: user.into(),
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OlympiadQuery {
    /// Required for admins (their own olympiad); overlord may leave it out for every olympiad.
    #[param(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
}

/// The users of an olympiad (those with an account in it), or every user, with their accounts.
fn users_in(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: Option<OlympiadId>,
) -> OfficeResult<(Vec<User>, Vec<AccountView>)> {
    let olympiad_id = caller.olympiad_scope(olympiad_id)?;
    let accounts = Account::views(
        conn,
        AccountFilter {
            olympiad_id,
            ..Default::default()
        },
    )?;
    let users = match olympiad_id {
        Some(_) => {
            let mut ids: Vec<UserId> = accounts.iter().map(|a| a.user_id).collect();
            ids.dedup();
            User::list_by_ids(conn, &ids)?
        }
        None => User::list(conn)?,
    };
    Ok((users, accounts))
}

/// The people an admin chooses from: the users of their olympiad.
pub fn summaries(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: Option<OlympiadId>,
) -> OfficeResult<Vec<UserSummary>> {
    let (users, _) = users_in(conn, caller, olympiad_id)?;
    Ok(users.into_iter().map(UserSummary::from).collect())
}

/// The users of an olympiad, or every user, and their accounts.
pub fn list(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: Option<OlympiadId>,
) -> OfficeResult<(Vec<UserRow>, Vec<AccountView>)> {
    let (users, accounts) = users_in(conn, caller, olympiad_id)?;
    Ok((users.into_iter().map(UserRow::from).collect(), accounts))
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateUser {
    /// Also the username.
    #[validate(
        email(message = "must be an e-mail address"),
        length(max = 254, message = "is too long")
    )]
    #[schema(format = Email, max_length = 254)]
    pub email: String,
    #[schema(min_length = 8, max_length = 72, pattern = "\\S")]
    pub password: String,
    #[validate(length(max = 100, message = "is too long"))]
    #[serde(default)]
    #[schema(max_length = 100)]
    pub first_name: String,
    #[validate(length(max = 100, message = "is too long"))]
    #[serde(default)]
    #[schema(max_length = 100)]
    pub last_name: String,
    pub role: Role,
    /// Required for every role but overlord and teacher.
    #[schema(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
}

/// A new user with their first account. Someone who already has a user gets an account instead,
/// so that one person keeps one password. Blocking: the password is hashed at `bcrypt_cost`.
pub fn create(
    conn: &mut DbConnection,
    caller: &Caller,
    input: CreateUser,
    bcrypt_cost: u32,
) -> OfficeResult<UserRow> {
    if let Some(problem) = password_problem(&input.password) {
        return Err(OfficeError::invalid("password", problem));
    }
    let username = normalise_username(&input.email);
    // Hashed before the transaction, which would otherwise hold the write lock while it works.
    let password_hash = bcrypt::hash(input.password, bcrypt_cost)
        .map_err(|e| OfficeError::Internal(e.to_string()))?;
    let request = Provision {
        email: Some(username.clone()),
        username,
        password_hash,
        first_name: input.first_name.trim().to_owned(),
        last_name: input.last_name.trim().to_owned(),
        role: input.role,
        olympiad_id: input.olympiad_id,
    };
    write_transaction(conn, |conn| {
        let (user, account, created) = provision(conn, &request)?;
        if !created {
            return Err(OfficeError::conflict(
                "A user with this e-mail address already exists. Give them an account instead.",
            ));
        }
        record_activity(
            conn,
            caller,
            "user_created",
            account.olympiad_id,
            json!({ "userId": user.id, "role": account.role }),
        )?;
        Ok(UserRow::from(user))
    })
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateUser {
    /// The contact address; the username stays as it is.
    #[validate(email(message = "must be an e-mail address"))]
    #[schema(format = Email, max_length = 254)]
    pub email: Option<String>,
    #[validate(length(max = 100, message = "is too long"))]
    #[schema(max_length = 100)]
    pub first_name: Option<String>,
    #[validate(length(max = 100, message = "is too long"))]
    #[schema(max_length = 100)]
    pub last_name: Option<String>,
}

/// Changes a user's contact address or name.
pub fn update(
    conn: &mut DbConnection,
    caller: &Caller,
    id: UserId,
    input: UpdateUser,
) -> OfficeResult<UserRow> {
    let changes = UserUpdateForm {
        email: input.email.map(|e| Some(normalise_username(&e))),
        first_name: input.first_name.map(|n| n.trim().to_owned()),
        last_name: input.last_name.map(|n| n.trim().to_owned()),
        ..Default::default()
    };
    write_transaction(conn, |conn| {
        let user = User::update(conn, id, &changes)?;
        record_activity(conn, caller, "user_updated", None, json!({ "userId": id }))?;
        Ok(UserRow::from(user))
    })
}

/// Disables a user, ending every session of theirs at once, or enables them again. Nobody
/// disables themselves: the platform would be left without the overlord who asked.
pub fn set_disabled(
    conn: &mut DbConnection,
    caller: &Caller,
    id: UserId,
    disabled: bool,
) -> OfficeResult<UserRow> {
    if disabled && id == caller.user_id {
        return Err(OfficeError::Refused {
            code: ErrorCode::OwnAccount,
            message: "You cannot disable yourself.".into(),
        });
    }
    write_transaction(conn, |conn| {
        let changes = UserUpdateForm {
            disabled: Some(disabled),
            ..Default::default()
        };
        let user = User::update(conn, id, &changes)?;
        if disabled {
            User::end_sessions(conn, id)?;
        }
        let action = if disabled {
            "user_disabled"
        } else {
            "user_enabled"
        };
        record_activity(conn, caller, action, None, json!({ "userId": id }))?;
        Ok(UserRow::from(user))
    })
}

/// Forgets a user's two-factor secret: they set it up again at their next sign-in.
pub fn reset_two_factor(
    conn: &mut DbConnection,
    caller: &Caller,
    id: UserId,
) -> OfficeResult<UserRow> {
    write_transaction(conn, |conn| {
        User::reset_totp(conn, id)?;
        record_activity(
            conn,
            caller,
            "two_factor_reset",
            None,
            json!({ "userId": id }),
        )?;
        Ok(UserRow::from(User::find(conn, id)?))
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ImpersonateQuery {
    #[param(value_type = i64, minimum = 1)]
    pub olympiad_id: OlympiadId,
    #[param(min_length = 1)]
    pub user_email: String,
}

/// Whom the overlord signs in as: the user, and the account of theirs the session opens.
pub struct Impersonation {
    pub user: User,
    pub account: AccountView,
    pub role: Role,
    /// The account's olympiad, or for a teacher's global account the one asked for.
    pub olympiad_id: Option<OlympiadId>,
}

/// The user with this e-mail address and their account in the olympiad (else a teacher's global
/// one); never another overlord's account, never a disabled one.
pub fn impersonation(
    conn: &mut DbConnection,
    query: &ImpersonateQuery,
) -> OfficeResult<Impersonation> {
    let olympiad_id = query.olympiad_id;
    let user = User::by_username(conn, &normalise_username(&query.user_email))?
        .ok_or_else(|| OfficeError::NotFound("A user with this e-mail address".into()))?;
    let accounts = Account::views_of_user(conn, user.id)?;
    // An overlord is never impersonated, through whichever of their accounts: that would hand one
    // overlord another's rights under a session the log files as someone else's.
    if accounts.iter().any(|a| a.role == Role::Overlord.as_str()) {
        return Err(OfficeError::forbidden(
            "An overlord cannot be impersonated.",
        ));
    }
    let usable = |a: &&AccountView| !a.disabled;
    let global_teacher = |a: &&AccountView| {
        !a.disabled && a.role == Role::Teacher.as_str() && a.olympiad_id.is_none()
    };
    let account = accounts
        .iter()
        .filter(usable)
        .find(|a| a.olympiad_id == Some(olympiad_id))
        .or_else(|| accounts.iter().find(global_teacher))
        .cloned()
        .ok_or_else(|| OfficeError::NotFound("An account of this user in this olympiad".into()))?;
    let role = account
        .role
        .parse::<Role>()
        .map_err(|e| OfficeError::Internal(e.to_string()))?;
    Ok(Impersonation {
        olympiad_id: account.olympiad_id.or(Some(olympiad_id)),
        user,
        account,
        role,
    })
}
