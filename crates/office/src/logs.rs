//! The overlord's logs: the platform's own events (the app log) and who did what in which olympiad
//! (the activity log), searched by a window of time.

use crate::error::{OfficeError, OfficeResult};
use chrono::{Duration, NaiveDate, NaiveDateTime};
use olympiad_persistence::models::{ActivityLog, ActivityQuery, AppLog};
use olympiad_persistence::DbConnection;
use serde::Deserialize;
use utoipa::IntoParams;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AppLogQuery {
    pub key: Option<String>,
    /// How many, newest first; -1 (the default) for all.
    pub limit: Option<i64>,
}

/// The app log's events, of one key or all.
pub fn app_log(conn: &mut DbConnection, query: &AppLogQuery) -> OfficeResult<Vec<AppLog>> {
    Ok(AppLog::list(
        conn,
        query.key.as_deref(),
        query.limit.unwrap_or(-1),
    )?)
}

/// The keys the app log's events are filed under.
pub fn app_log_keys(conn: &mut DbConnection) -> OfficeResult<Vec<String>> {
    Ok(AppLog::keys(conn)?)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ActivityLogQuery {
    /// `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS` (UTC); default: the last `timeWindow` hours.
    #[param(pattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}:[0-9]{2})?$")]
    pub start_date: Option<String>,
    #[param(minimum = 1)]
    pub user_id: Option<i64>,
    pub email: Option<String>,
    /// Hours from the start date; default 24, at most 744 (31 days).
    #[param(minimum = 1, maximum = 744)]
    pub time_window: Option<i64>,
}

/// At most this many entries are answered; narrow the window for more.
const ACTIVITY_LIMIT: i64 = 2000;

fn parse_start(text: &str) -> OfficeResult<NaiveDateTime> {
    NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S")
        .or_else(|_| {
            NaiveDate::parse_from_str(text, "%Y-%m-%d")
                .map(|d| d.and_hms_opt(0, 0, 0).unwrap_or_default())
        })
        .map_err(|_| OfficeError::invalid("startDate", "must be a date like 2026-11-22"))
}

/// The window `[since, until)` of a start date and a number of hours (24 unless given; the last
/// hours when no date is given).
pub fn window(
    start_date: Option<&str>,
    time_window: Option<i64>,
) -> OfficeResult<(NaiveDateTime, NaiveDateTime)> {
    let hours = time_window.unwrap_or(24);
    if !(1..=744).contains(&hours) {
        return Err(OfficeError::invalid(
            "timeWindow",
            "must be between 1 and 744 hours",
        ));
    }
    let window = Duration::hours(hours);
    let since = match start_date {
        Some(text) => parse_start(text)?,
        None => olympiad_persistence::now() - window,
    };
    Ok((since, since + window))
}

/// The activity in a window of hours (the last day unless asked otherwise), of one user or all.
pub fn activity(
    conn: &mut DbConnection,
    query: &ActivityLogQuery,
) -> OfficeResult<Vec<ActivityLog>> {
    let (since, until) = window(query.start_date.as_deref(), query.time_window)?;
    let search = ActivityQuery {
        since: Some(since),
        until: Some(until),
        user_id: query.user_id,
        email: query.email.as_ref().map(|e| e.trim().to_lowercase()),
        limit: ACTIVITY_LIMIT,
    };
    Ok(ActivityLog::search(conn, &search)?)
}
