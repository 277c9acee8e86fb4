//! The overlord's Tasks: the job table (e-mails to send, and whatever background work joins them)
//! with what is queued, running, done and failed, and a failed job sent round again.

use crate::activity::record_activity;
use crate::overlord::search::email_summary;
use crate::support::caller::Caller;
use crate::support::error::{ErrorCode, OfficeError, OfficeResult, OrNotFound};
use chrono::NaiveDateTime;
use olympiad_domain::id::JobId;
use olympiad_domain::job::{JobKind, JobStatus};
use olympiad_persistence::models::Job;
use olympiad_persistence::{write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::BTreeMap;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TaskQuery {
    pub status: Option<JobStatus>,
    /// How many, newest first; default 500, at most 5,000.
    #[param(minimum = 1, maximum = 5000)]
    pub limit: Option<i64>,
}

/// A job as the Tasks screen shows it: never its payload, which may hold a link meant for one
/// person only; an e-mail's recipient and kind instead.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaskView {
    #[schema(value_type = i64)]
    pub id: JobId,
    pub kind: JobKind,
    pub status: JobStatus,
    /// `to`, `subject` of an e-mail.
    pub summary: String,
    pub attempts: i32,
    #[serde(with = "olympiad_domain::utc")]
    pub run_at: NaiveDateTime,
    pub locked_by: Option<String>,
    pub last_error: Option<String>,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub updated_at: NaiveDateTime,
}

impl From<Job> for TaskView {
    fn from(job: Job) -> Self {
        let summary = match job.kind {
            JobKind::Email => {
                let (to, subject) = email_summary(&job.payload);
                format!("{subject} to {to}")
            }
            JobKind::Certificates => {
                let run = serde_json::from_str::<serde_json::Value>(&job.payload)
                    .ok()
                    .and_then(|v| v.get("runId")?.as_i64());
                match run {
                    Some(run) => format!("Certificates, run {run}"),
                    None => "Certificates".to_owned(),
                }
            }
        };
        TaskView {
            id: job.id,
            kind: job.kind,
            status: job.status,
            summary,
            attempts: job.attempts,
            run_at: job.run_at,
            locked_by: job.locked_by,
            last_error: job.last_error,
            created_at: job.created_at,
            updated_at: job.updated_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaskList {
    /// How many jobs are in each status, in the whole table.
    pub counts: BTreeMap<String, i64>,
    pub tasks: Vec<TaskView>,
}

pub fn list(conn: &mut DbConnection, query: &TaskQuery) -> OfficeResult<TaskList> {
    let limit = query.limit.unwrap_or(500);
    if !(1..=5000).contains(&limit) {
        return Err(OfficeError::invalid("limit", "must be between 1 and 5000"));
    }
    let mut counts: BTreeMap<String, i64> = JobStatus::ALL
        .iter()
        .map(|s| (s.as_str().to_owned(), 0))
        .collect();
    for (status, n) in Job::counts(conn)? {
        counts.insert(status, n);
    }
    Ok(TaskList {
        counts,
        tasks: Job::list(conn, query.status, limit)?
            .into_iter()
            .map(TaskView::from)
            .collect(),
    })
}

/// Sends a failed job round again; any other is refused (409): it is queued, running or done.
pub fn retry(conn: &mut DbConnection, caller: &Caller, id: JobId) -> OfficeResult<TaskView> {
    write_transaction(conn, |conn| {
        let before = Job::find(conn, id).or_not_found("This task")?;
        if !Job::retry(conn, id)? {
            return Err(OfficeError::Conflict {
                code: ErrorCode::Conflict,
                message: format!(
                    "Only a failed task can be retried; this one is {}.",
                    before.status
                ),
            });
        }
        record_activity(
            conn,
            caller,
            "task_retried",
            None,
            json!({ "taskId": id, "kind": before.kind, "before": before.status, "after": JobStatus::Queued, "lastError": before.last_error }),
        )?;
        Ok(Job::find(conn, id)?.into())
    })
}
