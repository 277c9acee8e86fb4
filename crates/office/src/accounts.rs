//! Accounts: a user's role in an olympiad (or a global one). A user (found by username, or
//! created) with an account, as the overlord's screens, `olympiad create-user` and the demo make
//! them; the overlord's account screen, which lists, gives, disables and enables accounts; and the
//! reset link the overlord hands a teacher whose school's mail server drops our e-mails.

use crate::activity::record_activity;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult, OrNotFound};
use crate::support::secrets::{new_token, token_hash};
use chrono::{Duration, NaiveDateTime};
use olympiad_domain::credentials::normalise_username;
use olympiad_domain::id::{AccountId, OlympiadId, UserId};
use olympiad_domain::Role;
use olympiad_persistence::models::{
    Account, AccountFilter, AccountInsertForm, AccountView, Olympiad, PasswordReset, User,
    UserInsertForm,
};
use olympiad_persistence::{now, write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

/// What to provision: a user (created when new) with one account.
pub struct Provision {
    pub username: String,
    pub email: Option<String>,
    pub password_hash: String,
    pub first_name: String,
    pub last_name: String,
    pub role: Role,
    pub olympiad_id: Option<OlympiadId>,
}

/// Creates the user, or finds the existing one, and gives them the account; the second answer
/// says whether the user is new. Used by the API and by `olympiad create-user`.
pub fn provision(conn: &mut DbConnection, p: &Provision) -> OfficeResult<(User, Account, bool)> {
    if let Some(problem) = p.role.olympiad_problem(p.olympiad_id.is_some()) {
        return Err(OfficeError::invalid("olympiadId", problem));
    }
    if let Some(olympiad_id) = p.olympiad_id {
        Olympiad::find(conn, olympiad_id).or_invalid("olympiadId", "is not an olympiad")?;
    }
    let (user, created) = match User::by_username(conn, &p.username)? {
        Some(user) => (user, false),
        None => {
            let new = UserInsertForm {
                username: &p.username,
                email: p.email.as_deref(),
                password_hash: &p.password_hash,
                first_name: &p.first_name,
                last_name: &p.last_name,
            };
            (User::create(conn, &new)?, true)
        }
    };
    let account = Account::ensure(
        conn,
        &AccountInsertForm {
            user_id: user.id,
            role: p.role.as_str(),
            olympiad_id: p.olympiad_id,
        },
    )?;
    Ok((user, account, created))
}

/// The accounts in an olympiad, or every account.
pub fn list(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: Option<OlympiadId>,
) -> OfficeResult<Vec<AccountView>> {
    let olympiad_id = caller.olympiad_scope(olympiad_id)?;
    Ok(Account::views(
        conn,
        AccountFilter {
            olympiad_id,
            ..Default::default()
        },
    )?)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateAccount {
    #[schema(value_type = i64, minimum = 1)]
    pub user_id: UserId,
    pub role: Role,
    /// Required for every role but overlord and teacher.
    #[schema(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
}

/// The account as the account screen shows it, with its olympiad.
fn view_of(conn: &mut DbConnection, account: &Account) -> OfficeResult<AccountView> {
    Account::views_of_user(conn, account.user_id)?
        .into_iter()
        .find(|view| view.id == account.id)
        .ok_or_else(|| OfficeError::NotFound("The account".into()))
}

/// Gives an existing user a role in an olympiad (or a global one); giving it twice is harmless.
pub fn create(
    conn: &mut DbConnection,
    caller: &Caller,
    input: CreateAccount,
) -> OfficeResult<AccountView> {
    if let Some(problem) = input.role.olympiad_problem(input.olympiad_id.is_some()) {
        return Err(OfficeError::invalid("olympiadId", problem));
    }
    write_transaction(conn, |conn| {
        User::find(conn, input.user_id).or_invalid("userId", "is not a user")?;
        if let Some(olympiad_id) = input.olympiad_id {
            Olympiad::find(conn, olympiad_id).or_invalid("olympiadId", "is not an olympiad")?;
        }
        let account = Account::ensure(
            conn,
            &AccountInsertForm {
                user_id: input.user_id,
                role: input.role.as_str(),
                olympiad_id: input.olympiad_id,
            },
        )?;
        record_activity(
            conn,
            caller,
            "account_created",
            input.olympiad_id,
            json!({ "userId": input.user_id, "role": input.role }),
        )?;
        view_of(conn, &account)
    })
}

/// Disables one account (the user keeps their others), or enables it again.
pub fn set_disabled(
    conn: &mut DbConnection,
    caller: &Caller,
    id: AccountId,
    disabled: bool,
) -> OfficeResult<AccountView> {
    write_transaction(conn, |conn| {
        let account = Account::set_disabled(conn, id, disabled)?;
        let action = if disabled {
            "account_disabled"
        } else {
            "account_enabled"
        };
        record_activity(
            conn,
            caller,
            action,
            account.olympiad_id,
            json!({ "accountId": id }),
        )?;
        view_of(conn, &account)
    })
}

/// How long a reset link made by the overlord works.
const LINK_VALID_HOURS: i64 = 24;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TeacherQuery {
    /// The teacher's e-mail address (their username).
    #[param(min_length = 1, max_length = 254)]
    pub email: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetLink {
    pub username: String,
    pub name: String,
    /// Opens the page where the teacher chooses a new password.
    pub link: String,
    #[serde(with = "olympiad_domain::utc")]
    pub expires_at: NaiveDateTime,
}

/// A password reset link for a teacher with an enabled account, to hand over by phone or chat
/// ("locally", not by e-mail). It works once, for a day; the activity log notes who made it for
/// whom.
pub fn teacher_reset_link(
    conn: &mut DbConnection,
    caller: &Caller,
    email: &str,
    base_url: &str,
) -> OfficeResult<ResetLink> {
    let username = normalise_username(email);
    let no_teacher = || OfficeError::NotFound("A teacher with this e-mail address".into());
    write_transaction(conn, |conn| {
        let user = User::by_username(conn, &username)?
            .filter(|u| !u.disabled)
            .ok_or_else(no_teacher)?;
        let teaches = Account::views_of_user(conn, user.id)?
            .iter()
            .any(|a| a.role == Role::Teacher.as_str() && !a.disabled);
        if !teaches {
            return Err(no_teacher());
        }
        let token = new_token();
        let expires_at = now() + Duration::hours(LINK_VALID_HOURS);
        PasswordReset::create(conn, user.id, &token_hash(&token), expires_at)?;
        let details = json!({ "userId": user.id });
        record_activity(conn, caller, "teacher_reset_link_made", None, details)?;
        Ok(ResetLink {
            name: user.display_name(),
            username: user.username,
            link: format!("{base_url}/reset-password/{token}"),
            expires_at,
        })
    })
}
