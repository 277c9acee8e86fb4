//! The activity log: every change an admin, a teacher or the overlord makes is noted with who made
//! it (the overlord, when impersonating, with the user they acted as), their e-mail address, in
//! which olympiad, what changed (before and after, where the change has both), when, and the
//! address the request came from.

use crate::support::caller::Caller;
use crate::support::error::OfficeResult;
use olympiad_domain::id::OlympiadId;
use olympiad_persistence::models::{ActivityLog, ActivityLogInsertForm, User};
use olympiad_persistence::DbConnection;
use serde::Serialize;
use serde_json::{json, Value};

/// Notes in the activity log what a signed-in user did.
pub fn record_activity(
    conn: &mut DbConnection,
    caller: &Caller,
    action: &str,
    olympiad_id: Option<OlympiadId>,
    details: Value,
) -> OfficeResult<()> {
    let mut details = match details {
        Value::Object(fields) => fields,
        other => {
            let mut fields = serde_json::Map::new();
            fields.insert("details".into(), other);
            fields
        }
    };
    if caller.impersonator.is_some() {
        // The overlord is the actor; the user whose session it was is named beside them.
        details.insert("actingAs".into(), json!(caller.user_id));
    }
    let email = User::find(conn, caller.actor())
        .ok()
        .and_then(|user| user.email);
    let entry = ActivityLogInsertForm {
        user_id: Some(caller.actor()),
        email: email.as_deref(),
        olympiad_id: olympiad_id.or(caller.olympiad_id),
        action,
        details: &Value::Object(details).to_string(),
        address: caller.address.as_deref(),
    };
    Ok(ActivityLog::record(conn, &entry)?)
}

/// Notes a change with the object as it was and as it is now, beside what names it.
pub fn record_change<B: Serialize, A: Serialize>(
    conn: &mut DbConnection,
    caller: &Caller,
    action: &str,
    olympiad_id: Option<OlympiadId>,
    subject: Value,
    before: &B,
    after: &A,
) -> OfficeResult<()> {
    let mut details = match subject {
        Value::Object(fields) => fields,
        _ => serde_json::Map::new(),
    };
    details.insert("before".into(), json!(before));
    details.insert("after".into(), json!(after));
    record_activity(conn, caller, action, olympiad_id, Value::Object(details))
}
