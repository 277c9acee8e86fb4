use crate::error::DbResult;
use crate::models::listing::matches_search;
use crate::schema::app_logs;
use crate::{now, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

/// Events of the platform itself, grouped by key (for example `mail`, `jobs`), for the overlord's
/// app-log viewer. Request lines go to the process log instead.
#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = app_logs)]
#[serde(rename_all = "camelCase")]
pub struct AppLog {
    pub id: i64,
    pub key: String,
    pub level: String,
    pub message: String,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

/// Which entries of the app log: of a key, of a level, whose message holds a text.
#[derive(Debug, Clone, Default)]
pub struct AppLogFilter {
    pub key: Option<String>,
    pub level: Option<String>,
    /// A `LIKE` pattern ([`crate::models::listing::contains_pattern`]) over the message.
    pub search: Option<String>,
}

impl AppLog {
    pub fn record(conn: &mut DbConnection, key: &str, level: &str, message: &str) -> DbResult<()> {
        diesel::insert_into(app_logs::table)
            .values((
                app_logs::key.eq(key),
                app_logs::level.eq(level),
                app_logs::message.eq(message),
                app_logs::created_at.eq(now()),
            ))
            .execute(conn)?;
        Ok(())
    }

    /// Newest first; `limit` below zero means all (the spec's default of -1).
    pub fn list(conn: &mut DbConnection, key: Option<&str>, limit: i64) -> DbResult<Vec<AppLog>> {
        Self::search(
            conn,
            &AppLogFilter {
                key: key.map(str::to_owned),
                ..Default::default()
            },
            limit,
        )
    }

    /// Newest first, of the entries the filter selects; `limit` below zero means all.
    pub fn search(
        conn: &mut DbConnection,
        filter: &AppLogFilter,
        limit: i64,
    ) -> DbResult<Vec<AppLog>> {
        let mut query = app_logs::table
            .select(AppLog::as_select())
            .order(app_logs::id.desc())
            .into_boxed();
        if let Some(key) = &filter.key {
            query = query.filter(app_logs::key.eq(key.clone()));
        }
        if let Some(level) = &filter.level {
            query = query.filter(app_logs::level.eq(level.clone()));
        }
        if let Some(pattern) = &filter.search {
            query = query.filter(matches_search(app_logs::message, pattern));
        }
        if limit >= 0 {
            query = query.limit(limit);
        }
        Ok(query.load(conn)?)
    }

    pub fn keys(conn: &mut DbConnection) -> DbResult<Vec<String>> {
        Ok(app_logs::table
            .select(app_logs::key)
            .distinct()
            .order(app_logs::key)
            .load(conn)?)
    }
}
