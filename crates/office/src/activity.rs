//! The activity log: every change an admin, a teacher or the overlord makes is noted with who made
//! it (the overlord, when impersonating), in which olympiad, and what changed.

use crate::caller::Caller;
use crate::error::OfficeResult;
use olympiad_persistence::models::{ActivityLog, ActivityLogInsertForm};
use olympiad_persistence::DbConnection;

/// Notes in the activity log what a signed-in user did.
pub fn record_activity(
    conn: &mut DbConnection,
    caller: &Caller,
    action: &str,
    olympiad_id: Option<i64>,
    details: serde_json::Value,
) -> OfficeResult<()> {
    let entry = ActivityLogInsertForm {
        user_id: Some(caller.actor()),
        email: None,
        olympiad_id: olympiad_id.or(caller.olympiad_id),
        action,
        details: details.to_string(),
        address: None,
    };
    Ok(ActivityLog::record(conn, &entry)?)
}
