//! The overlord's one search box over schools, teachers, learners, purchase orders and e-mails
//! (those queued in the job table, and the e-mail log of what became of each one sent).

use crate::support::error::{OfficeError, OfficeResult};
use chrono::NaiveDateTime;
use olympiad_domain::id::JobId;
use olympiad_domain::job::JobStatus;
use olympiad_persistence::models::listing::contains_pattern;
use olympiad_persistence::models::search::{
    self, EmailLogHit, LearnerHit, OrderHit, SchoolHit, TeacherHit,
};
use olympiad_persistence::DbConnection;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// Hits of each kind answered at most.
const HITS: i64 = 25;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// At least two characters: part of a name, an e-mail address, an EMIS number.
    #[param(min_length = 2, max_length = 100)]
    pub q: String,
}

/// An e-mail of the job table: to whom, about what, and whether it went.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailHit {
    #[schema(value_type = i64)]
    pub job_id: JobId,
    pub status: JobStatus,
    pub to: String,
    pub subject: String,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchResults {
    pub schools: Vec<SchoolHit>,
    pub teachers: Vec<TeacherHit>,
    pub learners: Vec<LearnerHit>,
    pub orders: Vec<OrderHit>,
    pub emails: Vec<EmailHit>,
    pub email_log: Vec<EmailLogHit>,
}

/// The recipient and subject of an e-mail job's payload, whatever else it holds.
pub fn email_summary(payload: &str) -> (String, String) {
    let value: serde_json::Value = serde_json::from_str(payload).unwrap_or_default();
    let text = |name: &str| -> String {
        match value.get(name) {
            Some(serde_json::Value::String(s)) => s.clone(),
            Some(serde_json::Value::Array(list)) => list
                .iter()
                .filter_map(|v| {
                    v.as_str()
                        .map(str::to_owned)
                        .or_else(|| v.get("email").and_then(|e| e.as_str()).map(str::to_owned))
                })
                .collect::<Vec<_>>()
                .join(", "),
            Some(serde_json::Value::Object(o)) => o
                .get("email")
                .and_then(|e| e.as_str())
                .unwrap_or_default()
                .to_owned(),
            _ => String::new(),
        }
    };
    // Our e-mails name their kind rather than a subject line (the template writes that).
    let subject = match text("subject") {
        subject if subject.is_empty() => text("kind").replace('_', " "),
        subject => subject,
    };
    (text("to"), subject)
}

pub fn search(conn: &mut DbConnection, query: &SearchQuery) -> OfficeResult<SearchResults> {
    let text = query.q.trim();
    if text.chars().count() < 2 || text.chars().count() > 100 {
        return Err(OfficeError::invalid("q", "must be 2 to 100 characters"));
    }
    let pattern = contains_pattern(text)
        .ok_or_else(|| OfficeError::invalid("q", "must be 2 to 100 characters"))?;
    Ok(SearchResults {
        schools: search::schools(conn, &pattern, HITS)?,
        teachers: search::teachers(conn, &pattern, HITS)?,
        learners: search::learners(conn, &pattern, HITS)?,
        orders: search::orders(conn, &pattern, HITS)?,
        emails: search::emails(conn, &pattern, HITS)?
            .into_iter()
            .map(|(job_id, status, payload, created_at)| {
                let (to, subject) = email_summary(&payload);
                EmailHit {
                    job_id,
                    status,
                    to,
                    subject,
                    created_at,
                }
            })
            .collect(),
        email_log: search::email_log(conn, &pattern, HITS)?,
    })
}
