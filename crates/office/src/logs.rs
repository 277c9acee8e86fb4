//! The overlord's logs: the platform's own events (the app log) and who did what in which olympiad
//! (the activity log), searched by a window of time, and exported as a table of the same entries.

use crate::support::error::{OfficeError, OfficeResult};
use chrono::{Duration, NaiveDate, NaiveDateTime};
use olympiad_documents::{Cell, Table};
use olympiad_domain::id::{OlympiadId, UserId};
use olympiad_domain::utc;
use olympiad_persistence::models::listing::contains_pattern;
use olympiad_persistence::models::{ActivityLog, ActivityQuery, AppLog, AppLogFilter};
use olympiad_persistence::DbConnection;
use serde::Deserialize;
use utoipa::IntoParams;

/// An export holds at most this many entries, newest first: a file the overlord can open, and a
/// request that cannot hold the server's memory. Narrow the filters for older entries.
pub const EXPORT_LIMIT: i64 = 50_000;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AppLogQuery {
    pub key: Option<String>,
    /// How many, newest first; -1 (the default) for all (an export: at most 50,000).
    pub limit: Option<i64>,
    /// `info`, `warn` or `error`.
    #[param(max_length = 10)]
    pub level: Option<String>,
    /// Part of the message, case-blind.
    #[param(max_length = 100)]
    pub search: Option<String>,
}

/// The `LIKE` pattern of a search box's text, none when it is empty.
fn search_pattern(text: Option<&str>) -> OfficeResult<Option<String>> {
    let text = text.unwrap_or("").trim();
    if text.chars().count() > 100 {
        return Err(OfficeError::invalid(
            "search",
            "must be at most 100 characters",
        ));
    }
    Ok(contains_pattern(text))
}

fn app_log_filter(query: &AppLogQuery) -> OfficeResult<AppLogFilter> {
    let level = match query.level.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(level @ ("info" | "warn" | "error")) => Some(level.to_owned()),
        Some(_) => return Err(OfficeError::invalid("level", "must be info, warn or error")),
    };
    Ok(AppLogFilter {
        key: query.key.clone(),
        level,
        search: search_pattern(query.search.as_deref())?,
    })
}

/// The app log's events, of one key or all.
pub fn app_log(conn: &mut DbConnection, query: &AppLogQuery) -> OfficeResult<Vec<AppLog>> {
    let filter = app_log_filter(query)?;
    Ok(AppLog::search(conn, &filter, query.limit.unwrap_or(-1))?)
}

/// The app log's events the query selects as a table to download, at most [`EXPORT_LIMIT`].
pub fn app_log_export(conn: &mut DbConnection, query: &AppLogQuery) -> OfficeResult<Table> {
    let filter = app_log_filter(query)?;
    let limit = match query.limit.unwrap_or(-1) {
        n if (0..=EXPORT_LIMIT).contains(&n) => n,
        _ => EXPORT_LIMIT,
    };
    let mut table = Table::new(&["When (UTC)", "Key", "Level", "Message"]);
    for entry in AppLog::search(conn, &filter, limit)? {
        table.push(vec![
            Cell::from(utc::format(&entry.created_at)),
            Cell::from(entry.key),
            Cell::from(entry.level),
            Cell::from(entry.message),
        ]);
    }
    Ok(table)
}

/// The keys the app log's events are filed under.
pub fn app_log_keys(conn: &mut DbConnection) -> OfficeResult<Vec<String>> {
    Ok(AppLog::keys(conn)?)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ActivityLogQuery {
    /// A date, `YYYY-MM-DD` (UTC); a date and time, `YYYY-MM-DDTHH:MM:SS`, is also read. Default:
    /// the last `timeWindow` hours.
    #[param(format = Date)]
    pub start_date: Option<String>,
    #[param(value_type = Option<i64>, minimum = 1)]
    pub user_id: Option<UserId>,
    pub email: Option<String>,
    /// Hours from the start date; default 24, at most 744 (31 days).
    #[param(minimum = 1, maximum = 744)]
    pub time_window: Option<i64>,
    /// Part of who, what or the details, case-blind.
    #[param(max_length = 100)]
    pub search: Option<String>,
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

fn activity_search(query: &ActivityLogQuery, limit: i64) -> OfficeResult<ActivityQuery> {
    let (since, until) = window(query.start_date.as_deref(), query.time_window)?;
    Ok(ActivityQuery {
        since: Some(since),
        until: Some(until),
        user_id: query.user_id,
        email: query.email.as_ref().map(|e| e.trim().to_lowercase()),
        search: search_pattern(query.search.as_deref())?,
        limit,
    })
}

/// The activity in a window of hours (the last day unless asked otherwise), of one user or all.
pub fn activity(
    conn: &mut DbConnection,
    query: &ActivityLogQuery,
) -> OfficeResult<Vec<ActivityLog>> {
    Ok(ActivityLog::search(
        conn,
        &activity_search(query, ACTIVITY_LIMIT)?,
    )?)
}

/// The activity the query selects as a table to download, at most [`EXPORT_LIMIT`] entries (the
/// grid shows 2,000).
pub fn activity_export(conn: &mut DbConnection, query: &ActivityLogQuery) -> OfficeResult<Table> {
    let mut table = Table::new(&[
        "When (UTC)",
        "User id",
        "E-mail",
        "Olympiad id",
        "Action",
        "Details",
        "From",
    ]);
    for entry in ActivityLog::search(conn, &activity_search(query, EXPORT_LIMIT)?)? {
        table.push(vec![
            Cell::from(utc::format(&entry.created_at)),
            Cell::from(entry.user_id.map(UserId::get)),
            Cell::from(entry.email),
            Cell::from(entry.olympiad_id.map(OlympiadId::get)),
            Cell::from(entry.action),
            Cell::from(entry.details),
            Cell::from(entry.address),
        ]);
    }
    Ok(table)
}
