//! Background jobs: what kind of work a job is, and where it is in the queue.

use crate::words::words;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The work a job does; each kind has its worker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum JobKind {
    /// One e-mail to send.
    Email,
    /// A certificate run: every school's ZIP of PDFs, school by school.
    Certificates,
}

words!(JobKind, "job kind" { Email => "email", Certificates => "certificates" });

/// Queued until a worker claims it (running), then done, or queued again until it has failed too
/// often. A mass mail's e-mails wait held until someone releases them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum JobStatus {
    Held,
    Queued,
    Running,
    Done,
    Failed,
}

words!(JobStatus, "job status" {
    Held => "held",
    Queued => "queued",
    Running => "running",
    Done => "done",
    Failed => "failed",
});
