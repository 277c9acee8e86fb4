//! The overlord's log viewers: the platform's own events (app log) and who did what (activity log).

use crate::envelope::{ok, ApiResult};
use crate::state::AppState;
use actix_web::{get, web};
use olympiad_office::logs::{self, ActivityLogQuery, AppLogQuery};
use olympiad_persistence::models::{ActivityLog, AppLog};

#[utoipa::path(tag = "logs", params(AppLogQuery), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<AppLog>>))))]
#[get("/api/app-log/all")]
pub async fn app_log_all(
    state: web::Data<AppState>,
    query: web::Query<AppLogQuery>,
) -> ApiResult<Vec<AppLog>> {
    ok(state
        .db
        .office(move |conn| logs::app_log(conn, &query))
        .await?)
}

#[utoipa::path(tag = "logs", responses((status = 200, body = inline(crate::envelope::Envelope<Vec<String>>))))]
#[get("/api/app-log/keys")]
pub async fn app_log_keys(state: web::Data<AppState>) -> ApiResult<Vec<String>> {
    ok(state.db.run(|conn| Ok(logs::app_log_keys(conn)?)).await?)
}

#[utoipa::path(tag = "logs", params(ActivityLogQuery), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<ActivityLog>>))))]
#[get("/api/activity-log")]
pub async fn activity_log(
    state: web::Data<AppState>,
    query: web::Query<ActivityLogQuery>,
) -> ApiResult<Vec<ActivityLog>> {
    ok(state
        .db
        .office(move |conn| logs::activity(conn, &query))
        .await?)
}
