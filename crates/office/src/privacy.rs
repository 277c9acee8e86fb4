//! Privacy (POPIA), for the overlord: a learner's or a user's data exported on request as one JSON
//! document, erased or anonymised on request (with a reason, once), and how long logs and
//! unfinished accounts are kept, swept once a day on one node.

use crate::activity::record_activity;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult};
use crate::support::fields::required_field;
use chrono::NaiveDateTime;
use olympiad_domain::id::UserId;
use olympiad_domain::privacy::{
    cutoff, erased_learner_name, valid_retention, ErasureOutcome, ErasureSubject, SWEEP_EVERY_HOURS,
};
use olympiad_persistence::models::privacy::{
    anonymise_learner, anonymise_user, delete_learner, replace_snapshot, rows_about,
    stored_snapshots, Cutoffs,
};
use olympiad_persistence::models::{
    LearnerKeys, PrivacyErasure, RetentionSettings, RetentionSettingsUpdateForm, RowKey,
    SweepCounts, UserKeys,
};
use olympiad_persistence::{hold_schedule_lock, now, write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use utoipa::ToSchema;
use validator::Validate;

/// Everything stored about one person: each table's rows about them, by the table's name, with
/// the columns as stored (secrets such as password hashes left out).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrivacyExport {
    pub subject: ErasureSubject,
    pub id: i64,
    #[serde(with = "olympiad_domain::utc")]
    #[schema(value_type = String, format = DateTime)]
    pub exported_at: NaiveDateTime,
    #[schema(value_type = Object)]
    pub tables: BTreeMap<String, Vec<Value>>,
    /// The learner's lines in the olympiads' released (final) results, with the olympiad's id.
    #[schema(value_type = Vec<Object>)]
    pub released_results: Vec<Value>,
    /// The erasure already done, if any (what is left is what must stay).
    pub erasure: Option<PrivacyErasure>,
}

fn table_rows(
    conn: &mut DbConnection,
    tables: &mut BTreeMap<String, Vec<Value>>,
    wanted: &[(&'static str, &'static str, RowKey)],
) -> OfficeResult<()> {
    for (table, column, key) in wanted {
        let rows = rows_about(conn, table, column, *key)?;
        tables.entry((*table).to_owned()).or_default().extend(rows);
    }
    Ok(())
}

fn by_email(
    conn: &mut DbConnection,
    tables: &mut BTreeMap<String, Vec<Value>>,
    email: &str,
) -> OfficeResult<()> {
    let key = RowKey::Email(email);
    table_rows(
        conn,
        tables,
        &[
            ("email_logs", "recipient", key),
            ("jobs", "recipient", key),
            ("unsubscribes", "email", key),
            ("bounces", "email", key),
            ("shunned_emails", "email", key),
        ],
    )
}

/// The learner's lines of each stored results snapshot, by their entries (participants).
fn snapshot_lines(
    conn: &mut DbConnection,
    keys: &LearnerKeys,
) -> OfficeResult<Vec<(i64, Value, Vec<usize>)>> {
    let mut found = Vec::new();
    for (results_id, text) in stored_snapshots(conn, &keys.olympiad_ids)? {
        let Ok(snapshot) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        let lines: Vec<usize> = snapshot["learners"]
            .as_array()
            .map(|learners| {
                learners
                    .iter()
                    .enumerate()
                    .filter(|(_, line)| {
                        line["participantId"]
                            .as_i64()
                            .is_some_and(|p| keys.participant_ids.contains(&p))
                    })
                    .map(|(i, _)| i)
                    .collect()
            })
            .unwrap_or_default();
        if !lines.is_empty() {
            found.push((results_id, snapshot, lines));
        }
    }
    Ok(found)
}

fn learner_keys(conn: &mut DbConnection, id: i64) -> OfficeResult<LearnerKeys> {
    LearnerKeys::of(conn, id)?.ok_or_else(|| OfficeError::NotFound("This learner".into()))
}

fn user_keys(conn: &mut DbConnection, id: UserId) -> OfficeResult<UserKeys> {
    UserKeys::of(conn, id.get())?.ok_or_else(|| OfficeError::NotFound("This user".into()))
}

/// A learner's data: the learner, their entries, sign-ins, attempts with every answer and its
/// marks, results changes and appeals, their activity, e-mails to them, and their lines in the
/// released results. The export is in the activity log (who asked, for whom).
pub fn export_learner(
    conn: &mut DbConnection,
    caller: &Caller,
    learner_id: i64,
) -> OfficeResult<PrivacyExport> {
    let keys = learner_keys(conn, learner_id)?;
    let mut tables = BTreeMap::new();
    let learner = [keys.learner_id];
    let (entries, users, attempts) = (
        RowKey::Ids(&keys.participant_ids),
        RowKey::Ids(&keys.user_ids),
        RowKey::Ids(&keys.attempt_ids),
    );
    table_rows(
        conn,
        &mut tables,
        &[
            ("learners", "id", RowKey::Ids(&learner)),
            ("participants", "id", entries),
            ("users", "id", users),
            ("accounts", "user_id", users),
            ("activity_logs", "user_id", users),
            ("attempts", "id", attempts),
            ("answers", "attempt_id", attempts),
            ("paper_sheets", "attempt_id", attempts),
            ("result_changes", "attempt_id", attempts),
            ("result_appeals", "attempt_id", attempts),
        ],
    )?;
    for email in &keys.emails {
        by_email(conn, &mut tables, email)?;
    }
    let released_results = snapshot_lines(conn, &keys)?
        .into_iter()
        .flat_map(|(results_id, snapshot, lines)| {
            lines
                .into_iter()
                .map(|i| json!({ "resultsId": results_id, "line": snapshot["learners"][i] }))
                .collect::<Vec<_>>()
        })
        .collect();
    let erasure = PrivacyErasure::of(conn, ErasureSubject::Learner, learner_id)?;
    record_activity(
        conn,
        caller,
        "privacy_export",
        None,
        json!({ "learnerId": learner_id }),
    )?;
    Ok(PrivacyExport {
        subject: ErasureSubject::Learner,
        id: learner_id,
        exported_at: now(),
        tables,
        released_results,
        erasure,
    })
}

/// A user's data (a teacher's, or staff's): the user and their accounts, teacher rows and teams,
/// the schools and entries they are linked to with those entries' orders, invoices and payments,
/// their interest forms, activity, and the e-mails sent to them. In the activity log.
pub fn export_user(
    conn: &mut DbConnection,
    caller: &Caller,
    user_id: UserId,
) -> OfficeResult<PrivacyExport> {
    let keys = user_keys(conn, user_id)?;
    let mut tables = BTreeMap::new();
    let user = [keys.user_id];
    let user = RowKey::Ids(&user);
    let orders = RowKey::Ids(&keys.order_ids);
    table_rows(
        conn,
        &mut tables,
        &[
            ("users", "id", user),
            ("accounts", "user_id", user),
            ("teachers", "user_id", user),
            ("team_members", "teacher_id", RowKey::Ids(&keys.teacher_ids)),
            ("schools", "id", RowKey::Ids(&keys.school_ids)),
            ("school_participants", "id", RowKey::Ids(&keys.entry_ids)),
            ("purchase_orders", "id", orders),
            ("invoices", "purchase_order_id", orders),
            ("payments", "purchase_order_id", orders),
            ("purchase_order_comments", "user_id", user),
            ("payment_proofs", "uploaded_by", user),
            ("uploads", "uploaded_by", user),
            ("password_resets", "user_id", user),
            ("activity_logs", "user_id", user),
        ],
    )?;
    if let Some(email) = &keys.email {
        by_email(conn, &mut tables, email)?;
        table_rows(
            conn,
            &mut tables,
            &[
                ("expressions_of_interest", "email", RowKey::Email(email)),
                ("email_health", "email", RowKey::Email(email)),
                ("unsubscribe_links", "email", RowKey::Email(email)),
            ],
        )?;
    }
    let erasure = PrivacyErasure::of(conn, ErasureSubject::User, user_id.get())?;
    record_activity(
        conn,
        caller,
        "privacy_export",
        None,
        json!({ "userId": user_id }),
    )?;
    Ok(PrivacyExport {
        subject: ErasureSubject::User,
        id: user_id.get(),
        exported_at: now(),
        tables,
        released_results: Vec::new(),
        erasure,
    })
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErasureInput {
    /// Why (the person's request, by whom and when): kept with the erasure, not in the log.
    #[schema(min_length = 1, max_length = 500, pattern = "\\S")]
    pub reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErasureResult {
    pub erasure: PrivacyErasure,
    /// False when the person had already been erased: a second request changes nothing.
    pub changed: bool,
}

/// The erasure already done answers a second request as it is, unchanged (a retry after a lost
/// answer must not fail, and there is nothing left to do).
fn erase_once(
    conn: &mut DbConnection,
    caller: &Caller,
    subject: ErasureSubject,
    id: i64,
    input: &ErasureInput,
    erase: impl FnOnce(&mut DbConnection) -> OfficeResult<ErasureOutcome>,
) -> OfficeResult<ErasureResult> {
    let reason = required_field("reason", &input.reason, 500)?;
    write_transaction(conn, |conn| {
        if let Some(erasure) = PrivacyErasure::of(conn, subject, id)? {
            return Ok(ErasureResult {
                erasure,
                changed: false,
            });
        }
        let outcome = erase(conn)?;
        let erasure = PrivacyErasure::record(conn, subject, id, outcome, &reason, caller.actor())?;
        // Only ids: the log must not keep what was erased.
        record_activity(
            conn,
            caller,
            "privacy_erasure",
            None,
            json!({ "subject": subject, "id": id, "outcome": outcome, "erasureId": erasure.id }),
        )?;
        Ok(ErasureResult {
            erasure,
            changed: true,
        })
    })
}

/// Erases a learner: one who wrote is anonymised (their results, places and certificates' ranks
/// stay, named "Erased learner #id", in the released results too); one who never did is deleted.
pub fn erase_learner(
    conn: &mut DbConnection,
    caller: &Caller,
    learner_id: i64,
    input: &ErasureInput,
) -> OfficeResult<ErasureResult> {
    erase_once(
        conn,
        caller,
        ErasureSubject::Learner,
        learner_id,
        input,
        |conn| {
            let keys = learner_keys(conn, learner_id)?;
            if keys.attempt_ids.is_empty() {
                delete_learner(conn, &keys)?;
                return Ok(ErasureOutcome::Deleted);
            }
            anonymise_learner(conn, &keys)?;
            let (first, last) = erased_learner_name(learner_id);
            for (results_id, mut snapshot, lines) in snapshot_lines(conn, &keys)? {
                for i in lines {
                    snapshot["learners"][i]["firstName"] = json!(first);
                    snapshot["learners"][i]["lastName"] = json!(last);
                }
                replace_snapshot(conn, results_id, &snapshot.to_string())?;
            }
            Ok(ErasureOutcome::Anonymised)
        },
    )
}

/// Erases a user (a teacher, or staff): anonymised, never deleted, so that the orders, invoices
/// and entries they made stay; they can no longer sign in, and their address is shunned for bulk
/// mail.
pub fn erase_user(
    conn: &mut DbConnection,
    caller: &Caller,
    user_id: UserId,
    input: &ErasureInput,
) -> OfficeResult<ErasureResult> {
    if user_id == caller.actor() {
        return Err(OfficeError::Conflict {
            code: crate::ErrorCode::Conflict,
            message: "The overlord cannot erase their own user.".into(),
        });
    }
    erase_once(
        conn,
        caller,
        ErasureSubject::User,
        user_id.get(),
        input,
        |conn| {
            let keys = user_keys(conn, user_id)?;
            anonymise_user(conn, &keys)?;
            Ok(ErasureOutcome::Anonymised)
        },
    )
}

pub fn retention(conn: &mut DbConnection) -> OfficeResult<RetentionSettings> {
    Ok(RetentionSettings::get(conn)?)
}

/// Days each kind of record is kept; none (null) keeps it for ever.
#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RetentionInput {
    #[schema(minimum = 1, maximum = 3650)]
    pub app_log_days: Option<i32>,
    #[schema(minimum = 1, maximum = 3650)]
    pub activity_log_days: Option<i32>,
    #[schema(minimum = 1, maximum = 3650)]
    pub email_log_days: Option<i32>,
    #[schema(minimum = 1, maximum = 3650)]
    pub signin_days: Option<i32>,
    #[schema(minimum = 1, maximum = 3650)]
    pub unfinished_account_days: Option<i32>,
}

pub fn update_retention(
    conn: &mut DbConnection,
    caller: &Caller,
    input: &RetentionInput,
) -> OfficeResult<RetentionSettings> {
    let fields = [
        ("appLogDays", input.app_log_days),
        ("activityLogDays", input.activity_log_days),
        ("emailLogDays", input.email_log_days),
        ("signinDays", input.signin_days),
        ("unfinishedAccountDays", input.unfinished_account_days),
    ];
    let problems: BTreeMap<String, String> = fields
        .iter()
        .filter(|(_, days)| !valid_retention(*days))
        .map(|(field, _)| {
            (
                (*field).to_owned(),
                "must be empty or 1 to 3650 days".to_owned(),
            )
        })
        .collect();
    if !problems.is_empty() {
        return Err(OfficeError::Problems {
            message: "A retention setting is out of range.".into(),
            fields: problems,
        });
    }
    let form = RetentionSettingsUpdateForm {
        app_log_days: input.app_log_days,
        activity_log_days: input.activity_log_days,
        email_log_days: input.email_log_days,
        signin_days: input.signin_days,
        unfinished_account_days: input.unfinished_account_days,
    };
    write_transaction(conn, |conn| {
        let settings = RetentionSettings::update(conn, &form)?;
        record_activity(
            conn,
            caller,
            "retention_updated",
            None,
            json!(fields
                .iter()
                .map(|(field, days)| ((*field).to_owned(), json!(days)))
                .collect::<serde_json::Map<_, _>>()),
        )?;
        Ok(settings)
    })
}

/// Deletes what the settings no longer keep, as of `at`.
pub fn sweep(conn: &mut DbConnection, at: NaiveDateTime) -> OfficeResult<SweepCounts> {
    write_transaction(conn, |conn| sweep_in(conn, at))
}

fn sweep_in(conn: &mut DbConnection, at: NaiveDateTime) -> OfficeResult<SweepCounts> {
    let settings = RetentionSettings::get(conn)?;
    let cut = Cutoffs {
        app_logs: cutoff(at, settings.app_log_days),
        activity_logs: cutoff(at, settings.activity_log_days),
        email_logs: cutoff(at, settings.email_log_days),
        signins: cutoff(at, settings.signin_days),
        unfinished_accounts: cutoff(at, settings.unfinished_account_days),
    };
    let counts = RetentionSettings::sweep(conn, &cut)?;
    RetentionSettings::mark_swept(conn, at)?;
    Ok(counts)
}

/// Key of the lock that lets one node at a time decide whether the sweep is due.
const SWEEP_SCHEDULE_LOCK: i64 = 72_127_016;

fn due(conn: &mut DbConnection, at: NaiveDateTime) -> OfficeResult<bool> {
    Ok(match RetentionSettings::get(conn)?.last_swept_at {
        Some(last) => at - last >= chrono::Duration::hours(SWEEP_EVERY_HOURS),
        None => true,
    })
}

/// The sweep, when the last one is a day old (or there was none); the worker of every node calls
/// it, and the second look and the sweep share one transaction under a lock, as the consistency
/// checks do, so it runs on one node.
pub fn sweep_if_due(conn: &mut DbConnection) -> OfficeResult<Option<SweepCounts>> {
    let at = now();
    if !due(conn, at)? {
        return Ok(None);
    }
    write_transaction(conn, |conn| {
        hold_schedule_lock(conn, SWEEP_SCHEDULE_LOCK)?;
        if !due(conn, at)? {
            return Ok(None);
        }
        sweep_in(conn, at).map(Some)
    })
}
