//! The overlord's support tools. `local-teacher-password-reset`: a teacher whose school's mail
//! server drops our e-mails cannot reset their password; the overlord makes the reset link here and
//! hands it over by phone or chat ("locally", not by e-mail). The link works once, for a day, and the
//! activity log notes who made it for whom.

use crate::access::Caller;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{get, web};
use chrono::{Duration, NaiveDateTime};
use olympiad_domain::credentials::normalise_username;
use olympiad_domain::Role;
use olympiad_office::activity::record_activity;
use olympiad_office::secrets::{new_token, token_hash};
use olympiad_persistence::models::{Account, AccountFilter, PasswordReset, User};
use olympiad_persistence::now;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

const LINK_VALID_HOURS: i64 = 24;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TeacherQuery {
    /// The teacher's e-mail address (their username).
    pub email: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetLink {
    pub username: String,
    pub name: String,
    /// Opens the page where the teacher chooses a new password.
    pub link: String,
    pub expires_at: NaiveDateTime,
}

#[utoipa::path(
    operation_id = "scratchpad_local_teacher_password_reset",
    tag = "users",
    params(TeacherQuery),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<ResetLink>)), (status = 404, description = "No teacher with this e-mail address", body = crate::error::ErrorBody))
)]
#[get("/api/scratchpad/local-teacher-password-reset")]
pub async fn local_teacher_password_reset(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<TeacherQuery>,
) -> ApiResult<ResetLink> {
    let username = normalise_username(&query.email);
    let token = new_token();
    let hash = token_hash(&token);
    let link = format!("{}/reset-password/{token}", state.config.public_base_url);
    ok(state
        .db
        .transaction(move |conn| {
            let user = User::by_username(conn, &username)?
                .filter(|u| !u.disabled)
                .ok_or_else(|| ApiError::not_found("A teacher with this e-mail address"))?;
            let teaches = Account::views(
                conn,
                AccountFilter {
                    user_id: Some(user.id),
                    ..Default::default()
                },
            )?
            .iter()
            .any(|a| a.role == Role::Teacher.as_str() && !a.disabled);
            if !teaches {
                return Err(ApiError::not_found("A teacher with this e-mail address"));
            }
            let expires_at = now() + Duration::hours(LINK_VALID_HOURS);
            PasswordReset::create(conn, user.id, &hash, expires_at)?;
            record_activity(
                conn,
                &caller,
                "teacher_reset_link_made",
                None,
                json!({ "userId": user.id }),
            )?;
            Ok(ResetLink {
                name: user.display_name(),
                username: user.username,
                link,
                expires_at,
            })
        })
        .await?)
}
