//! The overlord's support tools. `local-teacher-password-reset`: a teacher whose school's mail
//! server drops our e-mails cannot reset their password; the overlord makes the reset link here and
//! hands it over by phone or chat ("locally", not by e-mail). The link works once, for a day, and the
//! activity log notes who made it for whom.

use crate::access::Caller;
use crate::access::OVERLORD;
use crate::envelope::ApiResult;
use crate::manifest::Area;
use crate::state::AppState;
use actix_web::{get, web};
use olympiad_office::accounts::{teacher_reset_link, ResetLink, TeacherQuery};

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("scratchpad").route(local_teacher_password_reset, OVERLORD)
}

#[utoipa::path(
    operation_id = "scratchpad_local_teacher_password_reset",
    tag = "users",
    params(TeacherQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<ResetLink>)), (status = 404, description = "No teacher with this e-mail address", body = crate::error::ErrorBody))
)]
#[get("/api/scratchpad/local-teacher-password-reset")]
pub async fn local_teacher_password_reset(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<TeacherQuery>,
) -> ApiResult<ResetLink> {
    let base_url = state.config.public_base_url.clone();
    state
        .answer(move |conn| teacher_reset_link(conn, &caller, &query.email, &base_url))
        .await
}
