//! The team of a school's entry: the teachers who run it, one or more of them team admins. A team
//! admin invites a colleague by e-mail; a colleague without an account gets one, and a link to
//! choose their password.

use crate::access::Caller;
use crate::body::Body;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::routes::user::IdPath;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web};
use chrono::Duration;
use olympiad_domain::credentials::normalise_username;
use olympiad_domain::text::looks_like_email;
use olympiad_mailer::{Email, Recipient};
use olympiad_office::activity::record_activity;
use olympiad_office::fields::text_field;
use olympiad_office::secrets::{new_token, token_hash};
use olympiad_office::OrNotFound;
use olympiad_office::{find_in_reach, ManagedEntry};
use olympiad_persistence::models::{
    Account, Job, NewAccount, NewUser, Olympiad, PasswordReset, School, SchoolParticipant, Teacher,
    TeamMember, TeamMemberRow, User,
};
use olympiad_persistence::{now, DbConnection};
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
) -> Result<Joined, ApiError> {
    let email = normalise_username(colleague.email);
    if !looks_like_email(&email) {
        return Err(ApiError::invalid_field(
            "email",
            "must be an e-mail address",
        ));
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
            return Err(ApiError::invalid_field(
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
            &olympiad_persistence::models::TeacherFields {
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

/// Queues an e-mail to send once the transaction commits (the worker reads the job table).
pub fn queue_email(conn: &mut DbConnection, email: &Email) -> Result<(), ApiError> {
    Job::enqueue(
        conn,
        "email",
        &serde_json::to_value(email).map_err(ApiError::internal)?,
    )?;
    Ok(())
}

pub fn recipient(user: &User) -> Recipient {
    Recipient {
        email: user.email.clone().unwrap_or_else(|| user.username.clone()),
        name: user.display_name(),
        username: user.username.clone(),
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TeamQuery {
    pub school_participant_id: i64,
}

#[utoipa::path(
    operation_id = "team_member_list",
    tag = "schools",
    params(TeamQuery),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<TeamMemberRow>>)), (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody))
)]
#[get("/api/team-member")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<TeamQuery>,
) -> ApiResult<Vec<TeamMemberRow>> {
    let id = query.school_participant_id;
    ok(state
        .db
        .run(move |conn| {
            find_in_reach::<SchoolParticipant>(conn, &caller, id)?;
            Ok(TeamMember::team(conn, id)?)
        })
        .await?)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Invitation {
    pub school_participant_id: i64,
    pub email: String,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub first_name: String,
    #[serde(default)]
    pub last_name: String,
    /// Make them a team admin too.
    #[serde(default)]
    pub team_admin: bool,
}

/// Invites a colleague into the team by e-mail (a team admin, or staff). Inviting someone twice
/// changes nothing but sends the e-mail again.
#[utoipa::path(
    operation_id = "team_member_invite",
    tag = "schools",
    request_body = Invitation,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<TeamMemberRow>>)), (status = 400, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody))
)]
#[post("/api/team-member")]
pub async fn invite(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<Invitation>,
) -> ApiResult<Vec<TeamMemberRow>> {
    let invitation = body.into_inner();
    let base_url = state.config.public_base_url.clone();
    ok(state
        .db
        .transaction(move |conn| {
            let ManagedEntry(entry) =
                find_in_reach(conn, &caller, invitation.school_participant_id)?;
            let colleague = Colleague {
                email: &invitation.email,
                title: &text_field("title", &invitation.title, 20)?,
                first_name: &text_field("firstName", &invitation.first_name, 100)?,
                last_name: &text_field("lastName", &invitation.last_name, 100)?,
            };
            let joined = join_team(conn, &base_url, &entry, &colleague, invitation.team_admin)?;
            let inviter = User::find(conn, caller.user_id)?;
            let olympiad = Olympiad::find(conn, entry.olympiad_id)?;
            let school = School::find(conn, entry.school_id)?;
            queue_email(
                conn,
                &Email::TeamInvitation {
                    to: recipient(&joined.user),
                    inviter: inviter.display_name(),
                    olympiad: olympiad.title,
                    school: school.name,
                    link: joined.link,
                    new_account: joined.new_account,
                },
            )?;
            record_activity(
                conn,
                &caller,
                "team_member_invited",
                Some(entry.olympiad_id),
                json!({ "schoolParticipantId": entry.id, "userId": joined.user.id }),
            )?;
            Ok(TeamMember::team(conn, entry.id)?)
        })
        .await?)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamMemberChanges {
    pub is_team_admin: bool,
}

/// The member, if the caller may manage their team; the last team admin stays one.
fn member_to_manage(
    conn: &mut DbConnection,
    caller: &Caller,
    id: i64,
) -> Result<(TeamMember, SchoolParticipant), ApiError> {
    let member = TeamMember::find(conn, id).or_not_found("This team member")?;
    let ManagedEntry(entry) = find_in_reach(conn, caller, member.school_participant_id)?;
    Ok((member, entry))
}

fn keep_one_admin(conn: &mut DbConnection, member: &TeamMember) -> Result<(), ApiError> {
    if member.is_team_admin && TeamMember::admin_count(conn, member.school_participant_id)? <= 1 {
        return Err(ApiError::conflict(
            "A team needs a team admin: make someone else team admin first.",
        ));
    }
    Ok(())
}

#[utoipa::path(
    operation_id = "team_member_update",
    tag = "schools",
    params(IdPath),
    request_body = TeamMemberChanges,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<TeamMemberRow>>)), (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody))
)]
#[put("/api/team-member/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    body: Body<TeamMemberChanges>,
) -> ApiResult<Vec<TeamMemberRow>> {
    let (id, admin) = (path.id, body.is_team_admin);
    ok(state
        .db
        .transaction(move |conn| {
            let (member, entry) = member_to_manage(conn, &caller, id)?;
            if !admin {
                keep_one_admin(conn, &member)?;
            }
            TeamMember::set_team_admin(conn, id, admin)?;
            record_activity(
                conn,
                &caller,
                "team_admin_changed",
                Some(entry.olympiad_id),
                json!({ "teamMemberId": id, "isTeamAdmin": admin }),
            )?;
            Ok(TeamMember::team(conn, entry.id)?)
        })
        .await?)
}

#[utoipa::path(
    operation_id = "team_member_delete",
    tag = "schools",
    params(IdPath),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<TeamMemberRow>>)), (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody))
)]
#[delete("/api/team-member/{id}")]
pub async fn remove(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
) -> ApiResult<Vec<TeamMemberRow>> {
    let id = path.id;
    ok(state
        .db
        .transaction(move |conn| {
            let (member, entry) = member_to_manage(conn, &caller, id)?;
            keep_one_admin(conn, &member)?;
            TeamMember::delete(conn, id)?;
            record_activity(
                conn,
                &caller,
                "team_member_removed",
                Some(entry.olympiad_id),
                json!({ "teamMemberId": id }),
            )?;
            Ok(TeamMember::team(conn, entry.id)?)
        })
        .await?)
}
