//! Privacy (POPIA): the rows about one person as JSON (for an export), the changes that erase or
//! anonymise them, the record of each erasure, and the retention settings with their sweep.

use crate::error::DbResult;
use crate::schema::{
    accounts, activity_logs, app_logs, attempts, bounces, email_health, email_logs,
    expressions_of_interest, jobs, learners, olympiad_results, participants, password_resets,
    privacy_erasures, purchase_orders, result_appeals, retention_settings, school_participants,
    shunned_emails, teachers, team_members, unsubscribe_links, users,
};
use crate::{now, placeholder, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sql_types::Text;
use olympiad_domain::id::UserId;
use olympiad_domain::job::JobStatus;
use olympiad_domain::privacy::{
    erased_learner_name, erased_user_name, erased_username, is_secret_column, without_secrets,
    ErasureOutcome, ErasureSubject, NO_PASSWORD, SIGNIN_ACTIONS,
};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

/// Which rows of a table are about the person: those whose column holds one of these ids, or
/// this e-mail address (compared without regard to case).
#[derive(Debug, Clone, Copy)]
pub enum RowKey<'a> {
    Ids(&'a [i64]),
    Email(&'a str),
}

#[derive(QueryableByName)]
struct ColumnInfo {
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    kind: String,
}

#[derive(QueryableByName)]
struct RowJson {
    #[diesel(sql_type = Text)]
    row: String,
}

/// Every row of `table` about the person, each as a JSON object of its columns by their stored
/// names, secrets ([`is_secret_column`]) left out and timestamps in RFC 3339 UTC. `table` and
/// `column` are names written in our code, never a caller's text.
pub fn rows_about(
    conn: &mut DbConnection,
    table: &'static str,
    column: &'static str,
    key: RowKey,
) -> DbResult<Vec<Value>> {
    let filter = match key {
        RowKey::Ids([]) => return Ok(Vec::new()),
        RowKey::Ids(ids) => {
            let list: Vec<String> = ids.iter().map(i64::to_string).collect();
            format!("{column} IN ({})", list.join(", "))
        }
        RowKey::Email(_) => format!("LOWER({column}) = LOWER({})", placeholder(conn, 1)),
    };
    // Each database makes the JSON itself: PostgreSQL from the row, SQLite from its columns.
    let sql = match conn {
        DbConnection::Postgresql(_) => {
            format!("SELECT row_to_json(t)::text AS row FROM {table} t WHERE {filter} ORDER BY 1")
        }
        DbConnection::Sqlite(_) => {
            let columns: Vec<ColumnInfo> = diesel::sql_query(
                "SELECT name AS name, UPPER(type) AS kind FROM pragma_table_info(?) ORDER BY cid",
            )
            .bind::<Text, _>(table)
            .load(conn)?;
            let fields: Vec<String> = columns
                .iter()
                .map(|c| {
                    // SQLite keeps booleans as 0 and 1; the export says true and false.
                    let value = if c.kind.starts_with("BOOL") {
                        format!(
                            "CASE WHEN {0} IS NULL THEN NULL WHEN {0} THEN json('true') ELSE json('false') END",
                            c.name
                        )
                    } else {
                        c.name.clone()
                    };
                    format!("'{}', {value}", c.name)
                })
                .collect();
            format!(
                "SELECT json_object({}) AS row FROM {table} WHERE {filter} ORDER BY rowid",
                fields.join(", ")
            )
        }
    };
    let query = diesel::sql_query(sql);
    let rows: Vec<RowJson> = match key {
        RowKey::Email(email) => query.bind::<Text, _>(email).load(conn)?,
        RowKey::Ids(_) => query.load(conn)?,
    };
    Ok(rows
        .into_iter()
        .filter_map(|r| serde_json::from_str::<Value>(&r.row).ok())
        .map(tidy_row)
        .collect())
}

/// Leaves the secrets out and writes timestamps as RFC 3339 UTC, as the rest of the API does.
/// Secrets by the column's name ([`is_secret_column`]) and by what a value holds
/// ([`without_secrets`]: a link with a token, a token), also inside a column that stores JSON (a
/// queued e-mail's payload keeps its link until it is sent).
fn tidy_row(row: Value) -> Value {
    match row {
        Value::Object(fields) => Value::Object(
            fields
                .into_iter()
                .filter(|(name, _)| !is_secret_column(name))
                .map(|(name, value)| (name, tidy_row(value)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(tidy_row).collect()),
        Value::String(text) => Value::String(tidy_text(text)),
        other => other,
    }
}

fn tidy_text(text: String) -> String {
    if text.starts_with(['{', '[']) {
        if let Ok(inner @ (Value::Object(_) | Value::Array(_))) =
            serde_json::from_str::<Value>(&text)
        {
            return tidy_row(inner).to_string();
        }
    }
    if let Some(at) = as_utc(&text) {
        return at;
    }
    without_secrets(&text).unwrap_or(text)
}

/// A stored timestamp (`2026-11-25 09:00:00.123`, or with a `T`) in RFC 3339 UTC.
fn as_utc(text: &str) -> Option<String> {
    if !(19..=26).contains(&text.len()) || !text.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    ["%Y-%m-%d %H:%M:%S%.f", "%Y-%m-%dT%H:%M:%S%.f"]
        .iter()
        .find_map(|format| NaiveDateTime::parse_from_str(text, format).ok())
        .map(|at| {
            at.and_utc()
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
        })
}

/// A learner's rows by their keys: their entries (participants), the sign-ins those entries
/// have, and their attempts.
#[derive(Debug, Clone, Default)]
pub struct LearnerKeys {
    pub learner_id: i64,
    pub participant_ids: Vec<i64>,
    pub user_ids: Vec<i64>,
    pub attempt_ids: Vec<i64>,
    pub olympiad_ids: Vec<i64>,
    /// The learner's own address and their sign-ins' ones.
    pub emails: Vec<String>,
}

impl LearnerKeys {
    /// None when there is no such learner.
    pub fn of(conn: &mut DbConnection, learner_id: i64) -> DbResult<Option<LearnerKeys>> {
        let Some(email) = learners::table
            .find(learner_id)
            .select(learners::email)
            .first::<Option<String>>(conn)
            .optional()?
        else {
            return Ok(None);
        };
        let entries: Vec<(i64, i64, i64)> = participants::table
            .filter(participants::learner_id.eq(learner_id))
            .select((
                participants::id,
                participants::user_id,
                participants::olympiad_id,
            ))
            .order(participants::id)
            .load(conn)?;
        let participant_ids: Vec<i64> = entries.iter().map(|e| e.0).collect();
        let user_ids: Vec<i64> = entries.iter().map(|e| e.1).collect();
        let mut olympiad_ids: Vec<i64> = entries.iter().map(|e| e.2).collect();
        olympiad_ids.dedup();
        let attempt_ids = attempts::table
            .filter(attempts::participant_id.eq_any(&participant_ids))
            .select(attempts::id)
            .order(attempts::id)
            .load(conn)?;
        let mut emails: Vec<String> = users::table
            .filter(users::id.eq_any(&user_ids))
            .select(users::email)
            .load::<Option<String>>(conn)?
            .into_iter()
            .flatten()
            .chain(email)
            .filter(|e| e.contains('@'))
            .collect();
        emails.sort();
        emails.dedup();
        Ok(Some(LearnerKeys {
            learner_id,
            participant_ids,
            user_ids,
            attempt_ids,
            olympiad_ids,
            emails,
        }))
    }
}

/// A user's rows by their keys: their teacher rows, the schools and entries they are linked to,
/// and those entries' orders.
#[derive(Debug, Clone, Default)]
pub struct UserKeys {
    pub user_id: i64,
    pub email: Option<String>,
    pub teacher_ids: Vec<i64>,
    pub school_ids: Vec<i64>,
    pub entry_ids: Vec<i64>,
    pub order_ids: Vec<i64>,
}

impl UserKeys {
    /// None when there is no such user, or the user is a learner's sign-in (erased with the
    /// learner).
    pub fn of(conn: &mut DbConnection, user_id: i64) -> DbResult<Option<UserKeys>> {
        let Some(email) = users::table
            .find(user_id)
            .select(users::email)
            .first::<Option<String>>(conn)
            .optional()?
        else {
            return Ok(None);
        };
        let learner: bool = diesel::select(diesel::dsl::exists(
            participants::table.filter(participants::user_id.eq(user_id)),
        ))
        .get_result(conn)?;
        if learner {
            return Ok(None);
        }
        let teacher_rows: Vec<(i64, Option<i64>)> = teachers::table
            .filter(teachers::user_id.eq(user_id))
            .select((teachers::id, teachers::school_id))
            .load(conn)?;
        let teacher_ids: Vec<i64> = teacher_rows.iter().map(|t| t.0).collect();
        let mut entry_ids: Vec<i64> = team_members::table
            .filter(team_members::teacher_id.eq_any(&teacher_ids))
            .select(team_members::school_participant_id)
            .load(conn)?;
        entry_ids.extend(
            school_participants::table
                .filter(school_participants::contact_teacher_id.eq(user_id))
                .select(school_participants::id)
                .load::<i64>(conn)?,
        );
        entry_ids.sort_unstable();
        entry_ids.dedup();
        let mut school_ids: Vec<i64> = school_participants::table
            .filter(school_participants::id.eq_any(&entry_ids))
            .select(school_participants::school_id)
            .load(conn)?;
        school_ids.extend(teacher_rows.iter().filter_map(|t| t.1));
        school_ids.sort_unstable();
        school_ids.dedup();
        let order_ids = purchase_orders::table
            .filter(purchase_orders::school_participant_id.eq_any(&entry_ids))
            .select(purchase_orders::id)
            .order(purchase_orders::id)
            .load(conn)?;
        Ok(Some(UserKeys {
            user_id,
            email: email.filter(|e| e.contains('@')),
            teacher_ids,
            school_ids,
            entry_ids,
            order_ids,
        }))
    }
}

/// An erasure done: who, what became of them, and why (the reason stays here, out of the
/// activity log).
#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = privacy_erasures)]
#[serde(rename_all = "camelCase")]
pub struct PrivacyErasure {
    pub id: i64,
    pub subject: ErasureSubject,
    pub subject_id: i64,
    pub outcome: ErasureOutcome,
    pub reason: String,
    #[schema(value_type = Option<i64>)]
    pub erased_by: Option<UserId>,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

impl PrivacyErasure {
    pub fn of(
        conn: &mut DbConnection,
        subject: ErasureSubject,
        subject_id: i64,
    ) -> DbResult<Option<PrivacyErasure>> {
        Ok(privacy_erasures::table
            .filter(privacy_erasures::subject.eq(subject.as_str()))
            .filter(privacy_erasures::subject_id.eq(subject_id))
            .select(PrivacyErasure::as_select())
            .first(conn)
            .optional()?)
    }

    pub fn record(
        conn: &mut DbConnection,
        subject: ErasureSubject,
        subject_id: i64,
        outcome: ErasureOutcome,
        reason: &str,
        erased_by: UserId,
    ) -> DbResult<PrivacyErasure> {
        Ok(diesel::insert_into(privacy_erasures::table)
            .values((
                privacy_erasures::subject.eq(subject.as_str()),
                privacy_erasures::subject_id.eq(subject_id),
                privacy_erasures::outcome.eq(outcome.as_str()),
                privacy_erasures::reason.eq(reason),
                privacy_erasures::erased_by.eq(erased_by),
                privacy_erasures::created_at.eq(now()),
            ))
            .returning(privacy_erasures::all_columns)
            .get_result(conn)?)
    }
}

/// The olympiads' stored results (their released snapshots) that may name the learner.
pub fn stored_snapshots(
    conn: &mut DbConnection,
    olympiad_ids: &[i64],
) -> DbResult<Vec<(i64, String)>> {
    Ok(olympiad_results::table
        .filter(olympiad_results::olympiad_id.eq_any(olympiad_ids))
        .filter(olympiad_results::snapshot.ne(""))
        .select((olympiad_results::id, olympiad_results::snapshot))
        .load(conn)?)
}

pub fn replace_snapshot(conn: &mut DbConnection, results_id: i64, snapshot: &str) -> DbResult<()> {
    // `updated_at` stays: the results did not change, only a name in them.
    diesel::update(olympiad_results::table.find(results_id))
        .set(olympiad_results::snapshot.eq(snapshot))
        .execute(conn)?;
    Ok(())
}

/// Sign-ins that can no longer be used: no password, no second factor, sessions ended, disabled,
/// the names and address replaced.
fn close_sign_ins(conn: &mut DbConnection, subject: ErasureSubject, ids: &[i64]) -> DbResult<()> {
    for &id in ids {
        let (first, last) = match subject {
            ErasureSubject::Learner => erased_learner_name(id),
            ErasureSubject::User => erased_user_name(id),
        };
        diesel::update(users::table.find(id))
            .set((
                users::username.eq(erased_username(subject, id)),
                users::email.eq(None::<String>),
                users::password_hash.eq(NO_PASSWORD),
                users::first_name.eq(first),
                users::last_name.eq(last),
                users::totp_secret.eq(None::<String>),
                users::totp_confirmed.eq(false),
                users::session_version.eq(users::session_version + 1),
                users::disabled.eq(true),
                users::updated_at.eq(now()),
            ))
            .execute(conn)?;
    }
    diesel::update(accounts::table.filter(accounts::user_id.eq_any(ids)))
        .set(accounts::disabled.eq(true))
        .execute(conn)?;
    diesel::delete(password_resets::table.filter(password_resets::user_id.eq_any(ids)))
        .execute(conn)?;
    // The log keeps what was done, not by whose address from where.
    diesel::update(activity_logs::table.filter(activity_logs::user_id.eq_any(ids)))
        .set((
            activity_logs::email.eq(None::<String>),
            activity_logs::address.eq(None::<String>),
        ))
        .execute(conn)?;
    Ok(())
}

/// E-mails to the address: those not sent yet are dropped, the log of those sent forgets the
/// address, and mail health records go.
fn forget_address(conn: &mut DbConnection, email: &str) -> DbResult<()> {
    let lower = email.to_lowercase();
    let unsent = [JobStatus::Held.as_str(), JobStatus::Queued.as_str()];
    diesel::delete(
        jobs::table
            .filter(jobs::recipient.eq(&lower).or(jobs::recipient.eq(email)))
            .filter(jobs::status.eq_any(unsent)),
    )
    .execute(conn)?;
    diesel::update(
        email_logs::table.filter(
            email_logs::recipient
                .eq(&lower)
                .or(email_logs::recipient.eq(email)),
        ),
    )
    .set(email_logs::recipient.eq("(erased)"))
    .execute(conn)?;
    diesel::update(jobs::table.filter(jobs::recipient.eq(&lower).or(jobs::recipient.eq(email))))
        // The e-mails already sent or given up: their content (which names the person) goes too.
        .set((jobs::recipient.eq("(erased)"), jobs::payload.eq("{}")))
        .execute(conn)?;
    diesel::update(
        activity_logs::table.filter(
            activity_logs::email
                .eq(&lower)
                .or(activity_logs::email.eq(email)),
        ),
    )
    .set(activity_logs::email.eq(None::<String>))
    .execute(conn)?;
    diesel::delete(bounces::table.filter(bounces::email.eq(&lower).or(bounces::email.eq(email))))
        .execute(conn)?;
    diesel::delete(
        email_health::table.filter(
            email_health::email
                .eq(&lower)
                .or(email_health::email.eq(email)),
        ),
    )
    .execute(conn)?;
    diesel::delete(
        unsubscribe_links::table.filter(
            unsubscribe_links::email
                .eq(&lower)
                .or(unsubscribe_links::email.eq(email)),
        ),
    )
    .execute(conn)?;
    Ok(())
}

/// Replaces the learner's details where their results must stay: the name on every grid and
/// certificate becomes "Erased learner #id", contact details, consent names and sign-ins go, the
/// attempt's recovery and device keys go; the marks, the grade and the school stay, so nobody's
/// place changes.
pub fn anonymise_learner(conn: &mut DbConnection, keys: &LearnerKeys) -> DbResult<()> {
    let (first, last) = erased_learner_name(keys.learner_id);
    diesel::update(learners::table.find(keys.learner_id))
        .set((
            learners::first_name.eq(first),
            learners::last_name.eq(last),
            learners::email.eq(None::<String>),
            learners::gender.eq(""),
            learners::home_language.eq(""),
            learners::class_name.eq(""),
            learners::consent_by.eq(""),
            learners::consent_relationship.eq(""),
            learners::updated_at.eq(now()),
        ))
        .execute(conn)?;
    close_sign_ins(conn, ErasureSubject::Learner, &keys.user_ids)?;
    diesel::update(attempts::table.filter(attempts::id.eq_any(&keys.attempt_ids)))
        .set((
            attempts::recovery_code_hash.eq(None::<String>),
            attempts::device_key_hash.eq(""),
        ))
        .execute(conn)?;
    // An appeal's reason is free text about the learner's answer; its decision and marks stay.
    diesel::update(
        result_appeals::table.filter(result_appeals::attempt_id.eq_any(&keys.attempt_ids)),
    )
    .set(result_appeals::reason.eq("(erased)"))
    .execute(conn)?;
    for email in &keys.emails {
        forget_address(conn, email)?;
    }
    Ok(())
}

/// Deletes a learner who never wrote: the sign-ins (with their entries and accounts) and the
/// learner.
pub fn delete_learner(conn: &mut DbConnection, keys: &LearnerKeys) -> DbResult<()> {
    for email in &keys.emails {
        forget_address(conn, email)?;
    }
    diesel::update(activity_logs::table.filter(activity_logs::user_id.eq_any(&keys.user_ids)))
        .set((
            activity_logs::email.eq(None::<String>),
            activity_logs::address.eq(None::<String>),
        ))
        .execute(conn)?;
    diesel::delete(participants::table.filter(participants::learner_id.eq(keys.learner_id)))
        .execute(conn)?;
    diesel::delete(users::table.filter(users::id.eq_any(&keys.user_ids))).execute(conn)?;
    diesel::delete(learners::table.find(keys.learner_id)).execute(conn)?;
    Ok(())
}

/// Replaces a user's details: they cannot sign in, are on no team and no entry's contact, their
/// phone and title go, their interest forms forget them, e-mails not yet sent to them are dropped
/// and their address is shunned for bulk mail. Orders and invoices stay as they are: an invoice
/// carries the school's name and address, not the person's.
pub fn anonymise_user(conn: &mut DbConnection, keys: &UserKeys) -> DbResult<()> {
    close_sign_ins(conn, ErasureSubject::User, &[keys.user_id])?;
    diesel::update(teachers::table.filter(teachers::user_id.eq(keys.user_id)))
        .set((
            teachers::title.eq(""),
            teachers::cell.eq(""),
            teachers::subject.eq(""),
            teachers::updated_at.eq(now()),
        ))
        .execute(conn)?;
    diesel::delete(team_members::table.filter(team_members::teacher_id.eq_any(&keys.teacher_ids)))
        .execute(conn)?;
    diesel::update(
        school_participants::table.filter(school_participants::contact_teacher_id.eq(keys.user_id)),
    )
    .set(school_participants::contact_teacher_id.eq(None::<i64>))
    .execute(conn)?;
    if let Some(email) = &keys.email {
        let lower = email.to_lowercase();
        diesel::update(
            expressions_of_interest::table.filter(
                expressions_of_interest::email
                    .eq(&lower)
                    .or(expressions_of_interest::email.eq(email)),
            ),
        )
        .set((
            expressions_of_interest::title.eq(""),
            expressions_of_interest::first_name.eq(""),
            expressions_of_interest::last_name.eq(""),
            expressions_of_interest::email.eq(""),
            expressions_of_interest::phone.eq(""),
            expressions_of_interest::message.eq(""),
        ))
        .execute(conn)?;
        forget_address(conn, email)?;
        let shunned: bool = diesel::select(diesel::dsl::exists(
            shunned_emails::table.filter(shunned_emails::email.eq(&lower)),
        ))
        .get_result(conn)?;
        if !shunned {
            diesel::insert_into(shunned_emails::table)
                .values((
                    shunned_emails::email.eq(&lower),
                    shunned_emails::reason.eq("erased on request (POPIA)"),
                    shunned_emails::created_at.eq(now()),
                ))
                .execute(conn)?;
        }
    }
    Ok(())
}

/// How many days each kind of record is kept; None keeps it.
#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = retention_settings)]
#[serde(rename_all = "camelCase")]
pub struct RetentionSettings {
    #[serde(skip)]
    pub id: i64,
    pub app_log_days: Option<i32>,
    /// The activity log, but for sign-in records.
    pub activity_log_days: Option<i32>,
    pub email_log_days: Option<i32>,
    /// Sign-ins, sign-outs and impersonations in the activity log.
    pub signin_days: Option<i32>,
    /// Teachers' accounts never signed in to and on no team, learners entered nowhere, interest
    /// forms never confirmed.
    pub unfinished_account_days: Option<i32>,
    #[serde(with = "olympiad_domain::utc::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub last_swept_at: Option<NaiveDateTime>,
    #[serde(with = "olympiad_domain::utc")]
    #[schema(value_type = String, format = DateTime)]
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = retention_settings, treat_none_as_null = true)]
pub struct RetentionSettingsUpdateForm {
    pub app_log_days: Option<i32>,
    pub activity_log_days: Option<i32>,
    pub email_log_days: Option<i32>,
    pub signin_days: Option<i32>,
    pub unfinished_account_days: Option<i32>,
}

const THE_ROW: i64 = 1;

/// What one sweep deleted, by kind.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SweepCounts {
    pub app_logs: usize,
    pub activity_logs: usize,
    pub email_logs: usize,
    pub signins: usize,
    pub teachers: usize,
    pub learners: usize,
    pub interest_forms: usize,
}

pub struct Cutoffs {
    pub app_logs: Option<NaiveDateTime>,
    pub activity_logs: Option<NaiveDateTime>,
    pub email_logs: Option<NaiveDateTime>,
    pub signins: Option<NaiveDateTime>,
    pub unfinished_accounts: Option<NaiveDateTime>,
}

impl RetentionSettings {
    pub fn get(conn: &mut DbConnection) -> DbResult<RetentionSettings> {
        Ok(retention_settings::table
            .find(THE_ROW)
            .select(RetentionSettings::as_select())
            .first(conn)?)
    }

    pub fn update(
        conn: &mut DbConnection,
        form: &RetentionSettingsUpdateForm,
    ) -> DbResult<RetentionSettings> {
        Ok(diesel::update(retention_settings::table.find(THE_ROW))
            .set((form, retention_settings::updated_at.eq(now())))
            .returning(retention_settings::all_columns)
            .get_result(conn)?)
    }

    pub fn mark_swept(conn: &mut DbConnection, at: NaiveDateTime) -> DbResult<()> {
        diesel::update(retention_settings::table.find(THE_ROW))
            .set(retention_settings::last_swept_at.eq(at))
            .execute(conn)?;
        Ok(())
    }

    /// Deletes what is older than each cutoff; a kind without one is kept whole.
    pub fn sweep(conn: &mut DbConnection, cut: &Cutoffs) -> DbResult<SweepCounts> {
        let mut counts = SweepCounts::default();
        if let Some(before) = cut.app_logs {
            counts.app_logs =
                diesel::delete(app_logs::table.filter(app_logs::created_at.lt(before)))
                    .execute(conn)?;
        }
        if let Some(before) = cut.activity_logs {
            counts.activity_logs = diesel::delete(
                activity_logs::table
                    .filter(activity_logs::created_at.lt(before))
                    .filter(activity_logs::action.ne_all(SIGNIN_ACTIONS)),
            )
            .execute(conn)?;
        }
        if let Some(before) = cut.signins {
            counts.signins = diesel::delete(
                activity_logs::table
                    .filter(activity_logs::created_at.lt(before))
                    .filter(activity_logs::action.eq_any(SIGNIN_ACTIONS)),
            )
            .execute(conn)?;
        }
        if let Some(before) = cut.email_logs {
            counts.email_logs =
                diesel::delete(email_logs::table.filter(email_logs::created_at.lt(before)))
                    .execute(conn)?;
        }
        if let Some(before) = cut.unfinished_accounts {
            counts.learners = diesel::delete(
                learners::table
                    .filter(learners::created_at.lt(before))
                    .filter(diesel::dsl::not(diesel::dsl::exists(
                        participants::table.filter(participants::learner_id.eq(learners::id)),
                    ))),
            )
            .execute(conn)?;
            // A teacher's account made and never used: never signed in, on no team, the contact
            // of no entry, and a teacher only (no staff account).
            let idle: Vec<i64> = users::table
                .inner_join(teachers::table)
                .filter(users::created_at.lt(before))
                .filter(users::last_login_at.is_null())
                .filter(diesel::dsl::not(diesel::dsl::exists(
                    team_members::table.filter(team_members::teacher_id.eq(teachers::id)),
                )))
                .filter(diesel::dsl::not(diesel::dsl::exists(
                    school_participants::table
                        .filter(school_participants::contact_teacher_id.eq(users::id.nullable())),
                )))
                .filter(diesel::dsl::not(diesel::dsl::exists(
                    accounts::table
                        .filter(accounts::user_id.eq(users::id))
                        .filter(accounts::role.ne("teacher")),
                )))
                .filter(diesel::dsl::not(diesel::dsl::exists(
                    participants::table.filter(participants::user_id.eq(users::id)),
                )))
                .select(users::id)
                .load(conn)?;
            counts.teachers =
                diesel::delete(users::table.filter(users::id.eq_any(&idle))).execute(conn)?;
            counts.interest_forms = diesel::delete(
                expressions_of_interest::table
                    .filter(expressions_of_interest::created_at.lt(before))
                    .filter(expressions_of_interest::email_verified.eq(false)),
            )
            .execute(conn)?;
        }
        Ok(counts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Every column of the schema whose name says it is a token, a hash, a secret or a link is
    /// left out of an export: a column added later with such a name too.
    #[test]
    fn every_column_named_like_a_secret_is_left_out() {
        let schema = include_str!("../schema.rs");
        let columns: Vec<&str> = schema
            .lines()
            .filter_map(|line| line.trim().split_once(" -> "))
            .map(|(name, _)| name.trim())
            .collect();
        assert!(columns.contains(&"password_hash"), "the schema is read");
        let named_secret = |name: &str| {
            ["token", "hash", "secret", "link"]
                .iter()
                .any(|part| name.contains(part))
        };
        let secrets: Vec<&str> = columns.into_iter().filter(|c| named_secret(c)).collect();
        assert!(secrets.len() >= 6, "{secrets:?}");
        for name in secrets.into_iter().chain(["invite_token", "magic_link"]) {
            let row = tidy_row(json!({ "id": 1, name: "abc" }));
            assert_eq!(row, json!({ "id": 1 }), "{name} is handed out");
        }
    }

    #[test]
    fn a_link_inside_a_stored_payload_is_withheld() {
        let payload = json!({
            "kind": "password_reset",
            "link": "https://o.example/reset-password/0f3a9c2e7b1d4e5f8a6b3c2d1e0f9a8b",
            "unsubscribe": "https://o.example/api/unsubscribe/5d1f2c3a-9b8e-4c7d-a6b5-0e1f2a3b4c5d",
            "to": { "name": "Thandi" }
        });
        let row = tidy_row(json!({ "payload": payload.to_string() }));
        let text = row.to_string();
        assert!(
            !text.contains("0f3a9c2e") && !text.contains("5d1f2c3a"),
            "{text}"
        );
        assert!(text.contains("Thandi"), "{text}");
    }
}
