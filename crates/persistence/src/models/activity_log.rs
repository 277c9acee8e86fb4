use crate::error::DbResult;
use crate::models::listing::matches_search;
use crate::on_backend;
use crate::prepared::PreparedOnce;
use crate::schema::{activity_logs, users};
use crate::{now, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::{OlympiadId, UserId};
use serde::Serialize;
use utoipa::ToSchema;

/// Who did what, when: sign-ins, impersonation, resets, merges. Kept for audits and for support.
#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = activity_logs)]
#[serde(rename_all = "camelCase")]
pub struct ActivityLog {
    pub id: i64,
    #[schema(value_type = Option<i64>)]
    pub user_id: Option<UserId>,
    pub email: Option<String>,
    #[schema(value_type = Option<i64>)]
    pub olympiad_id: Option<OlympiadId>,
    pub action: String,
    /// A JSON object with what the action touched.
    pub details: String,
    pub address: Option<String>,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = activity_logs)]
pub struct ActivityLogInsertForm<'a> {
    pub user_id: Option<UserId>,
    pub email: Option<&'a str>,
    pub olympiad_id: Option<OlympiadId>,
    pub action: &'a str,
    pub details: &'a str,
    pub address: Option<&'a str>,
}

/// What a sign-in leaves: the activity log's line and, unless an overlord is acting as the user,
/// the user's last sign-in. At nine o'clock thousands of learners sign in together, so the notes of
/// a whole batch of them are written in two statements ([`SignInNote::write_all`]) rather than two
/// apiece.
#[derive(Debug, Clone)]
pub struct SignInNote {
    /// The user whose last sign-in is now (None when an overlord acts as them).
    pub last_sign_in_of: Option<UserId>,
    pub user_id: Option<UserId>,
    pub email: Option<String>,
    pub olympiad_id: Option<OlympiadId>,
    pub action: &'static str,
    pub details: String,
    pub address: Option<String>,
}

impl SignInNote {
    /// Writes every note: one update of the users' last sign-in, one insert of the log's lines.
    /// Fails whole when one of them cannot be written (its user erased meanwhile).
    pub fn write_all(conn: &mut DbConnection, notes: &[SignInNote]) -> DbResult<()> {
        let signed_in: Vec<UserId> = notes.iter().filter_map(|n| n.last_sign_in_of).collect();
        if !signed_in.is_empty() {
            let update = diesel::update(users::table.filter(users::id.eq_any(&signed_in)))
                .set(users::last_login_at.eq(now()));
            on_backend!(conn, c => update.execute(c))?;
        }
        let lines: Vec<ActivityLogInsertForm> = notes
            .iter()
            .map(|n| ActivityLogInsertForm {
                user_id: n.user_id,
                email: n.email.as_deref(),
                olympiad_id: n.olympiad_id,
                action: n.action,
                details: &n.details,
                address: n.address.as_deref(),
            })
            .collect();
        crate::insert_rows!(conn, activity_logs::table, lines);
        Ok(())
    }
}

/// The spec's activity-log query: since a date, for one user or e-mail, over a window of hours.
#[derive(Debug, Clone, Default)]
pub struct ActivityQuery {
    pub since: Option<NaiveDateTime>,
    pub until: Option<NaiveDateTime>,
    pub user_id: Option<UserId>,
    pub email: Option<String>,
    /// A `LIKE` pattern ([`crate::models::listing::contains_pattern`]) over who, what and the details.
    pub search: Option<String>,
    pub limit: i64,
}

impl ActivityLog {
    pub fn record(conn: &mut DbConnection, entry: &ActivityLogInsertForm) -> DbResult<()> {
        let insert = diesel::insert_into(activity_logs::table)
            .values(entry)
            .returning(activity_logs::id);
        on_backend!(conn, c => PreparedOnce(insert).get_result::<i64>(c))?;
        Ok(())
    }

    /// Newest first.
    pub fn search(conn: &mut DbConnection, query: &ActivityQuery) -> DbResult<Vec<ActivityLog>> {
        let mut select = activity_logs::table
            .select(ActivityLog::as_select())
            .into_boxed();
        if let Some(since) = query.since {
            select = select.filter(activity_logs::created_at.ge(since));
        }
        if let Some(until) = query.until {
            select = select.filter(activity_logs::created_at.lt(until));
        }
        if let Some(user_id) = query.user_id {
            select = select.filter(activity_logs::user_id.eq(user_id));
        }
        if let Some(email) = &query.email {
            select = select.filter(activity_logs::email.eq(email.clone()));
        }
        if let Some(pattern) = &query.search {
            select = select.filter(
                matches_search(activity_logs::action, pattern)
                    .or(matches_search(
                        activity_logs::email.assume_not_null(),
                        pattern,
                    ))
                    .or(matches_search(activity_logs::details, pattern)),
            );
        }
        Ok(select
            .order(activity_logs::id.desc())
            .limit(query.limit)
            .load(conn)?)
    }
}
