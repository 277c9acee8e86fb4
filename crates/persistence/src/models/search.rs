//! The overlord's one search box: schools, teachers, learners, purchase orders and e-mails whose
//! names, numbers, references or addresses hold the text, a few of each kind.

use crate::error::DbResult;
use crate::models::listing::matches_search;
use crate::models::school_participant::school_of_entry;
use crate::schema::{
    email_logs, jobs, learners, purchase_orders, school_participants, schools, teachers, users,
};
use crate::DbConnection;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::email::EmailOutcome;
use olympiad_domain::id::{JobId, OlympiadId, UserId};
use olympiad_domain::job::{JobKind, JobStatus};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Queryable, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolHit {
    pub id: i64,
    pub name: String,
    pub emis_number: Option<String>,
    pub town: String,
    pub province: String,
    pub email: String,
}

#[derive(Debug, Queryable, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeacherHit {
    pub id: i64,
    #[schema(value_type = i64)]
    pub user_id: UserId,
    pub first_name: String,
    pub last_name: String,
    pub email: Option<String>,
    pub school_name: Option<String>,
    /// What the teacher signs in with (their first e-mail address), which a reset link is made for.
    pub username: String,
}

#[derive(Debug, Queryable, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LearnerHit {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub grade: i32,
    pub school_id: i64,
    pub school_name: String,
}

/// A purchase order: its reference, the school's own order number, and where it stands.
#[derive(Debug, Queryable, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderHit {
    #[schema(value_type = i64)]
    pub id: olympiad_domain::id::PurchaseOrderId,
    #[schema(value_type = i64)]
    pub olympiad_id: OlympiadId,
    pub reference: String,
    #[serde(rename = "schoolsPO")]
    pub schools_po: String,
    /// None for a country's order or an order whose entry is gone.
    pub school_name: Option<String>,
    /// VAT included, in cents.
    pub total_cents: i64,
    pub paid: bool,
    pub deleted: bool,
}

/// (job id, status, payload, created at): the office reads whom and what from the payload.
pub type EmailHit = (JobId, JobStatus, String, NaiveDateTime);

/// An entry of the e-mail log: to whom, about what, and what became of it.
#[derive(Debug, Queryable, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailLogHit {
    pub id: i64,
    #[schema(value_type = Option<i64>)]
    pub olympiad_id: Option<OlympiadId>,
    pub recipient: String,
    pub subject: String,
    /// Sent, failed, skipped (shunned or unsubscribed) or bounced.
    pub result: EmailOutcome,
    /// The mail server's answer or why it was skipped.
    pub detail: String,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

pub fn schools(conn: &mut DbConnection, pattern: &str, limit: i64) -> DbResult<Vec<SchoolHit>> {
    Ok(schools::table
        .filter(
            matches_search(schools::name, pattern)
                .or(matches_search(schools::email, pattern))
                .or(schools::emis_number.like(pattern).escape('\\')),
        )
        .select((
            schools::id,
            schools::name,
            schools::emis_number,
            schools::town,
            schools::province,
            schools::email,
        ))
        .order(schools::name)
        .limit(limit)
        .load(conn)?)
}

pub fn teachers(conn: &mut DbConnection, pattern: &str, limit: i64) -> DbResult<Vec<TeacherHit>> {
    Ok(teachers::table
        .inner_join(users::table)
        .left_join(schools::table)
        .filter(
            matches_search(
                users::first_name.concat(" ").concat(users::last_name),
                pattern,
            )
            .or(matches_search(users::username, pattern))
            .or(matches_search(users::email.assume_not_null(), pattern)),
        )
        .select((
            teachers::id,
            users::id,
            users::first_name,
            users::last_name,
            users::email,
            schools::name.nullable(),
            users::username,
        ))
        .order((users::last_name, users::first_name))
        .limit(limit)
        .load(conn)?)
}

pub fn learners(conn: &mut DbConnection, pattern: &str, limit: i64) -> DbResult<Vec<LearnerHit>> {
    Ok(learners::table
        .inner_join(schools::table)
        .filter(
            matches_search(
                learners::first_name.concat(" ").concat(learners::last_name),
                pattern,
            )
            .or(matches_search(learners::email.assume_not_null(), pattern)),
        )
        .select((
            learners::id,
            learners::first_name,
            learners::last_name,
            learners::grade,
            schools::id,
            schools::name,
        ))
        .order((learners::last_name, learners::first_name))
        .limit(limit)
        .load(conn)?)
}

/// E-mails of the job table whose recipient, subject or text holds the text, newest first.
pub fn emails(conn: &mut DbConnection, pattern: &str, limit: i64) -> DbResult<Vec<EmailHit>> {
    Ok(jobs::table
        .filter(jobs::kind.eq(JobKind::Email.as_str()))
        .filter(matches_search(jobs::payload, pattern))
        .select((jobs::id, jobs::status, jobs::payload, jobs::created_at))
        .order(jobs::id.desc())
        .limit(limit)
        .load(conn)?)
}

/// Entries of the e-mail log (what became of each e-mail sent) whose recipient address or subject
/// holds the text, newest first.
pub fn email_log(conn: &mut DbConnection, pattern: &str, limit: i64) -> DbResult<Vec<EmailLogHit>> {
    Ok(email_logs::table
        .filter(
            matches_search(email_logs::recipient, pattern)
                .or(matches_search(email_logs::subject, pattern)),
        )
        .select((
            email_logs::id,
            email_logs::olympiad_id,
            email_logs::recipient,
            email_logs::subject,
            email_logs::status,
            email_logs::detail,
            email_logs::created_at,
        ))
        .order(email_logs::id.desc())
        .limit(limit)
        .load(conn)?)
}

/// Purchase orders whose payment reference or the school's own order number holds the text,
/// deleted ones too (marked), newest first.
pub fn orders(conn: &mut DbConnection, pattern: &str, limit: i64) -> DbResult<Vec<OrderHit>> {
    Ok(purchase_orders::table
        .left_join(school_participants::table)
        .left_join(school_of_entry())
        .filter(
            matches_search(purchase_orders::reference, pattern)
                .or(matches_search(purchase_orders::schools_po, pattern)),
        )
        .select((
            purchase_orders::id,
            purchase_orders::olympiad_id,
            purchase_orders::reference,
            purchase_orders::schools_po,
            schools::name.nullable(),
            purchase_orders::total_cents,
            purchase_orders::paid,
            purchase_orders::deleted_at.is_not_null(),
        ))
        .order(purchase_orders::id.desc())
        .limit(limit)
        .load(conn)?)
}
