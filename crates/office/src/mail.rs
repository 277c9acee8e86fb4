//! E-mails the office sends: queued in the job table in the same transaction as the change they
//! tell of, so that none goes out for a change that was rolled back; the worker sends them once it
//! commits.

use crate::error::{OfficeError, OfficeResult};
use olympiad_domain::job::JobKind;
use olympiad_mailer::{Email, Recipient};
use olympiad_persistence::models::{Job, User};
use olympiad_persistence::DbConnection;

/// Queues an e-mail to send once the transaction commits (the worker reads the job table).
pub fn queue_email(conn: &mut DbConnection, email: &Email) -> OfficeResult<()> {
    let job = serde_json::to_value(email).map_err(|e| OfficeError::Internal(e.to_string()))?;
    Job::enqueue(conn, JobKind::Email, &job)?;
    Ok(())
}

/// A user as the addressee of an e-mail.
pub fn recipient(user: &User) -> Recipient {
    Recipient {
        email: user.email.clone().unwrap_or_else(|| user.username.clone()),
        name: user.display_name(),
        username: user.username.clone(),
    }
}
