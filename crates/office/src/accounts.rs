//! Accounts: a user (found by username, or created) with an account in an olympiad, as the
//! overlord's screens, `olympiad create-user` and the demo make them.

use crate::error::{OfficeError, OfficeResult, OrNotFound};
use olympiad_domain::Role;
use olympiad_persistence::models::{Account, NewAccount, NewUser, Olympiad, User};
use olympiad_persistence::DbConnection;

/// What to provision: a user (created when new) with one account.
pub struct Provision {
    pub username: String,
    pub email: Option<String>,
    pub password_hash: String,
    pub first_name: String,
    pub last_name: String,
    pub role: Role,
    pub olympiad_id: Option<i64>,
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
            let new = NewUser {
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
        &NewAccount {
            user_id: user.id,
            role: p.role.as_str(),
            olympiad_id: p.olympiad_id,
        },
    )?;
    Ok((user, account, created))
}
