//! The team of a school's entry: the teachers who run it. A colleague joins by e-mail: found when
//! they have an account, given one (and a link to choose their password) when they have not.

use crate::error::{OfficeError, OfficeResult};
use crate::secrets::{new_token, token_hash};
use chrono::Duration;
use olympiad_domain::credentials::normalise_username;
use olympiad_domain::text::looks_like_email;
use olympiad_persistence::models::{
    Account, NewAccount, NewUser, PasswordReset, SchoolParticipant, Teacher, TeacherFields,
    TeamMember, User,
};
use olympiad_persistence::{now, DbConnection};

/// How long the link of a new teacher's welcome works.
const WELCOME_VALID_DAYS: i64 = 14;

/// A teacher to put in a team: found by e-mail, or made.
pub struct Colleague<'a> {
    pub email: &'a str,
    pub title: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
}

/// What came of [`join_team`]: the user, and the link their e-mail carries (choose a password for
/// a new account, sign in for an existing one).
pub struct Joined {
    pub user: User,
    pub new_account: bool,
    pub link: String,
}

/// Finds or makes the teacher's user (with a teacher account), links them to the entry's school and
/// puts them in its team. Used by invitations and by processing an expression of interest.
pub fn join_team(
    conn: &mut DbConnection,
    base_url: &str,
    entry: &SchoolParticipant,
    colleague: &Colleague,
    team_admin: bool,
) -> OfficeResult<Joined> {
    let email = normalise_username(colleague.email);
    if !looks_like_email(&email) {
        return Err(OfficeError::invalid("email", "must be an e-mail address"));
    }
    let (user, new_account) = match User::by_username(conn, &email)? {
        Some(user) => (user, false),
        None => {
            let user = User::create(
                conn,
                &NewUser {
                    username: &email,
                    email: Some(&email),
                    // No password yet: nothing matches this until they choose one by the link.
                    password_hash: "!no-password-chosen",
                    first_name: colleague.first_name,
                    last_name: colleague.last_name,
                },
            )?;
            (user, true)
        }
    };
    Account::ensure(
        conn,
        &NewAccount {
            user_id: user.id,
            role: "teacher",
            olympiad_id: None,
        },
    )?;
    if let Some(existing) = Teacher::by_user(conn, user.id)? {
        if existing.school_id.is_some_and(|s| s != entry.school_id) {
            return Err(OfficeError::invalid(
                "email",
                "belongs to a teacher of another school; the olympiad office can move them",
            ));
        }
    }
    let teacher = Teacher::ensure(conn, user.id, Some(entry.school_id))?;
    if new_account && !colleague.title.is_empty() {
        Teacher::update(
            conn,
            teacher.id,
            &TeacherFields {
                school_id: teacher.school_id,
                title: colleague.title.to_owned(),
                cell: teacher.cell.clone(),
                subject: teacher.subject.clone(),
            },
        )?;
    }
    TeamMember::ensure(conn, entry.id, teacher.id, team_admin)?;
    let link = if new_account {
        let token = new_token();
        PasswordReset::create(
            conn,
            user.id,
            &token_hash(&token),
            now() + Duration::days(WELCOME_VALID_DAYS),
        )?;
        format!("{base_url}/reset-password/{token}")
    } else {
        format!("{base_url}/login")
    };
    Ok(Joined {
        user,
        new_account,
        link,
    })
}
