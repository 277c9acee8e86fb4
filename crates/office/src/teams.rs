//! The team of a school's entry: the teachers who run it, one or more of them team admins. A team
//! admin invites a colleague by e-mail; a colleague without an account gets one, and a link to
//! choose their password. A team always keeps a team admin.

use crate::activity::record_activity;
use crate::mail::{queue_email_of, recipient};
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult, OrNotFound};
use crate::support::fields::text_field;
use crate::support::scope::{find_in_reach, ManagedEntry};
use crate::support::secrets::{new_token, token_hash};
use chrono::Duration;
use olympiad_domain::credentials::normalise_username;
use olympiad_domain::id::{SchoolParticipantId, TeamMemberId};
use olympiad_domain::text::looks_like_email;
use olympiad_mailer::Email;
use olympiad_persistence::models::{
    Account, AccountInsertForm, Olympiad, PasswordReset, School, SchoolParticipant, Teacher,
    TeacherUpdateForm, TeamMember, TeamMemberRow, User, UserInsertForm,
};
use olympiad_persistence::{now, write_transaction, DbConnection};
use serde::Deserialize;
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

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
                &UserInsertForm {
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
        &AccountInsertForm {
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
            &TeacherUpdateForm {
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

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TeamQuery {
    #[param(value_type = i64, minimum = 1)]
    pub school_participant_id: SchoolParticipantId,
}

/// The team of an entry the caller reaches.
pub fn list(
    conn: &mut DbConnection,
    caller: &Caller,
    entry_id: SchoolParticipantId,
) -> OfficeResult<Vec<TeamMemberRow>> {
    find_in_reach::<SchoolParticipant>(conn, caller, entry_id)?;
    Ok(TeamMember::team(conn, entry_id)?)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Invitation {
    #[schema(value_type = i64, minimum = 1)]
    pub school_participant_id: SchoolParticipantId,
    #[schema(format = Email, max_length = 254)]
    pub email: String,
    #[serde(default)]
    #[schema(max_length = 20)]
    pub title: String,
    #[serde(default)]
    #[schema(max_length = 100)]
    pub first_name: String,
    #[serde(default)]
    #[schema(max_length = 100)]
    pub last_name: String,
    /// Make them a team admin too.
    #[serde(default)]
    pub team_admin: bool,
}

/// Invites a colleague into the team by e-mail (a team admin, or staff). Inviting someone twice
/// changes nothing but sends the e-mail again. `base_url` is where the e-mail's link leads.
pub fn invite(
    conn: &mut DbConnection,
    caller: &Caller,
    base_url: &str,
    invitation: &Invitation,
) -> OfficeResult<Vec<TeamMemberRow>> {
    write_transaction(conn, |conn| {
        let ManagedEntry(entry) = find_in_reach(conn, caller, invitation.school_participant_id)?;
        let colleague = Colleague {
            email: &invitation.email,
            title: &text_field("title", &invitation.title, 20)?,
            first_name: &text_field("firstName", &invitation.first_name, 100)?,
            last_name: &text_field("lastName", &invitation.last_name, 100)?,
        };
        let joined = join_team(conn, base_url, &entry, &colleague, invitation.team_admin)?;
        let inviter = User::find(conn, caller.user_id)?;
        let olympiad = Olympiad::find(conn, entry.olympiad_id)?;
        let school = School::find(conn, entry.school_id)?;
        queue_email_of(
            conn,
            Some(olympiad.id),
            &Email::TeamInvitation {
                to: recipient(&joined.user),
                inviter: inviter.display_name(),
                olympiad: olympiad.title,
                school: school.details.name,
                link: joined.link,
                new_account: joined.new_account,
            },
        )?;
        let details = json!({ "schoolParticipantId": entry.id, "userId": joined.user.id });
        record_activity(
            conn,
            caller,
            "team_member_invited",
            Some(entry.olympiad_id),
            details,
        )?;
        Ok(TeamMember::team(conn, entry.id)?)
    })
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamMemberChanges {
    pub is_team_admin: bool,
}

/// The member, if the caller may manage their team, and the team's entry.
fn member_to_manage(
    conn: &mut DbConnection,
    caller: &Caller,
    id: TeamMemberId,
) -> OfficeResult<(TeamMember, SchoolParticipant)> {
    let member = TeamMember::find(conn, id).or_not_found("This team member")?;
    let ManagedEntry(entry) = find_in_reach(conn, caller, member.school_participant_id)?;
    Ok((member, entry))
}

/// The last team admin stays one.
fn keep_one_admin(conn: &mut DbConnection, member: &TeamMember) -> OfficeResult<()> {
    if member.is_team_admin && TeamMember::admin_count(conn, member.school_participant_id)? <= 1 {
        return Err(OfficeError::conflict(
            "A team needs a team admin: make someone else team admin first.",
        ));
    }
    Ok(())
}

/// Makes a member a team admin, or no longer one; answers the team.
pub fn update(
    conn: &mut DbConnection,
    caller: &Caller,
    id: TeamMemberId,
    changes: &TeamMemberChanges,
) -> OfficeResult<Vec<TeamMemberRow>> {
    let admin = changes.is_team_admin;
    write_transaction(conn, |conn| {
        let (member, entry) = member_to_manage(conn, caller, id)?;
        if !admin {
            keep_one_admin(conn, &member)?;
        }
        TeamMember::set_team_admin(conn, id, admin)?;
        let details = json!({ "teamMemberId": id, "isTeamAdmin": admin });
        record_activity(
            conn,
            caller,
            "team_admin_changed",
            Some(entry.olympiad_id),
            details,
        )?;
        Ok(TeamMember::team(conn, entry.id)?)
    })
}

/// Takes a member out of the team; answers the team.
pub fn remove(
    conn: &mut DbConnection,
    caller: &Caller,
    id: TeamMemberId,
) -> OfficeResult<Vec<TeamMemberRow>> {
    write_transaction(conn, |conn| {
        let (member, entry) = member_to_manage(conn, caller, id)?;
        keep_one_admin(conn, &member)?;
        TeamMember::delete(conn, id)?;
        let details = json!({ "teamMemberId": id });
        record_activity(
            conn,
            caller,
            "team_member_removed",
            Some(entry.olympiad_id),
            details,
        )?;
        Ok(TeamMember::team(conn, entry.id)?)
    })
}
