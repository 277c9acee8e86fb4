//! The overlord's log viewers: the platform's own events (app log) and who did what (activity log).

use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::state::AppState;
use actix_web::{get, web};
use chrono::{Duration, NaiveDate, NaiveDateTime};
use olympiad_persistence::models::{ActivityLog, ActivityQuery, AppLog};
use serde::Deserialize;
use utoipa::IntoParams;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AppLogQuery {
    pub key: Option<String>,
    /// How many, newest first; -1 (the default) for all.
    pub limit: Option<i64>,
}

#[utoipa::path(tag = "logs", params(AppLogQuery), security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<AppLog>>))))]
#[get("/api/app-log/all")]
pub async fn app_log_all(
    state: web::Data<AppState>,
    query: web::Query<AppLogQuery>,
) -> ApiResult<Vec<AppLog>> {
    let AppLogQuery { key, limit } = query.into_inner();
    ok(state
        .db
        .run(move |conn| Ok(AppLog::list(conn, key.as_deref(), limit.unwrap_or(-1))?))
        .await?)
}

#[utoipa::path(tag = "logs", security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<String>>))))]
#[get("/api/app-log/keys")]
pub async fn app_log_keys(state: web::Data<AppState>) -> ApiResult<Vec<String>> {
    ok(state.db.run(|conn| Ok(AppLog::keys(conn)?)).await?)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ActivityLogQuery {
    /// `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS` (UTC); default: the last `timeWindow` hours.
    pub start_date: Option<String>,
    pub user_id: Option<i64>,
    pub email: Option<String>,
    /// Hours from the start date; default 24, at most 744 (31 days).
    pub time_window: Option<i64>,
}

/// At most this many entries are answered; narrow the window for more.
const ACTIVITY_LIMIT: i64 = 2000;

fn parse_start(text: &str) -> Result<NaiveDateTime, ApiError> {
    NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S")
        .or_else(|_| {
            NaiveDate::parse_from_str(text, "%Y-%m-%d")
                .map(|d| d.and_hms_opt(0, 0, 0).unwrap_or_default())
        })
        .map_err(|_| ApiError::invalid_field("startDate", "must be a date like 2026-11-22"))
}

#[utoipa::path(tag = "logs", params(ActivityLogQuery), security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<ActivityLog>>)), (status = 400, body = crate::error::ErrorBody)))]
#[get("/api/activity-log")]
pub async fn activity_log(
    state: web::Data<AppState>,
    query: web::Query<ActivityLogQuery>,
) -> ApiResult<Vec<ActivityLog>> {
    let query = query.into_inner();
    let hours = query.time_window.unwrap_or(24);
    if !(1..=744).contains(&hours) {
        return Err(ApiError::invalid_field(
            "timeWindow",
            "must be between 1 and 744 hours",
        ));
    }
    let window = Duration::hours(hours);
    let since = match query.start_date.as_deref() {
        Some(text) => parse_start(text)?,
        None => olympiad_persistence::now() - window,
    };
    let search = ActivityQuery {
        since: Some(since),
        until: Some(since + window),
        user_id: query.user_id,
        email: query.email.map(|e| e.trim().to_lowercase()),
        limit: ACTIVITY_LIMIT,
    };
    ok(state
        .db
        .run(move |conn| Ok(ActivityLog::search(conn, &search)?))
        .await?)
}
