//! The team of a school's entry: the teachers who run it, one or more of them team admins. A team
//! admin invites a colleague by e-mail; a colleague without an account gets one, and a link to
//! choose their password.

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::ApiResult;
use crate::manifest::{Area, Kind, TEAM_OR_ADMIN};
use crate::routes::IdOf;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web};
use olympiad_domain::id::TeamMemberId;
use olympiad_office::teams::{self, Invitation, TeamMemberChanges, TeamQuery};
use olympiad_persistence::models::TeamMemberRow;

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("teams")
        .route(list, TEAM_OR_ADMIN)
        .names(Kind::Entry)
        .route(invite, TEAM_OR_ADMIN)
        .names(Kind::Entry)
        .route(update, TEAM_OR_ADMIN)
        .names(Kind::TeamMember)
        .route(remove, TEAM_OR_ADMIN)
        .names(Kind::TeamMember)
}

#[utoipa::path(
    operation_id = "team_member_list",
    tag = "schools",
    params(TeamQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<TeamMemberRow>>)))
)]
#[get("/api/team-member")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<TeamQuery>,
) -> ApiResult<Vec<TeamMemberRow>> {
    state
        .answer(move |conn| teams::list(conn, &caller, query.school_participant_id))
        .await
}

/// Invites a colleague into the team by e-mail (a team admin, or staff). Inviting someone twice
/// changes nothing but sends the e-mail again.
#[utoipa::path(
    operation_id = "team_member_invite",
    tag = "schools",
    request_body = Invitation,
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<TeamMemberRow>>)))
)]
#[post("/api/team-member")]
pub async fn invite(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<Invitation>,
) -> ApiResult<Vec<TeamMemberRow>> {
    let invitation = body.into_inner();
    let base_url = state.config.public_base_url.clone();
    state
        .answer(move |conn| teams::invite(conn, &caller, &base_url, &invitation))
        .await
}

#[utoipa::path(
    operation_id = "team_member_update",
    tag = "schools",
    params(IdOf<TeamMemberId>),
    request_body = TeamMemberChanges,
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<TeamMemberRow>>)), (status = 409, body = crate::error::ErrorBody))
)]
#[put("/api/team-member/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<TeamMemberId>>,
    body: Body<TeamMemberChanges>,
) -> ApiResult<Vec<TeamMemberRow>> {
    let changes = body.into_inner();
    state
        .answer(move |conn| teams::update(conn, &caller, path.id, &changes))
        .await
}

#[utoipa::path(
    operation_id = "team_member_delete",
    tag = "schools",
    params(IdOf<TeamMemberId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<TeamMemberRow>>)), (status = 409, body = crate::error::ErrorBody))
)]
#[delete("/api/team-member/{id}")]
pub async fn remove(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<TeamMemberId>>,
) -> ApiResult<Vec<TeamMemberRow>> {
    state
        .answer(move |conn| teams::remove(conn, &caller, path.id))
        .await
}
