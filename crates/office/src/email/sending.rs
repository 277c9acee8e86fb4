//! What the worker asks the office around sending one e-mail: the copy to write it in (and
//! whether it may go at all), and what to keep once it went or failed.

use olympiad_domain::email::{normal_address, EmailOutcome};
use olympiad_mailer::{Copy, Email};
use olympiad_persistence::models::{
    EmailCopy, EmailLog, EmailLogInsertForm, Job, ShunnedEmail, Unsubscribe,
};
use olympiad_persistence::{DbConnection, DbResult};

/// What to do with an e-mail the worker took.
pub enum Decision {
    /// Send it in this copy (`None`: its kind's default).
    Send(Option<Copy>),
    /// Do not send it; the reason goes to the log.
    Skip(&'static str),
}

/// Decides before sending: a mass mail to an address that was shunned or unsubscribed after it
/// was queued is skipped; a system e-mail is written in the copy of its olympiad.
pub fn before_send(conn: &mut DbConnection, job: &Job, email: &Email) -> DbResult<Decision> {
    let address = normal_address(&email.to().email);
    if let Email::Bulk { .. } = email {
        if ShunnedEmail::is_shunned(conn, &address)? {
            return Ok(Decision::Skip("the address is shunned"));
        }
        if Unsubscribe::blocks(conn, &address, job.olympiad_id)? {
            return Ok(Decision::Skip("the address unsubscribed"));
        }
        return Ok(Decision::Send(None));
    }
    let copy = EmailCopy::in_force(conn, job.olympiad_id, email.kind())?.map(|saved| Copy {
        subject: saved.subject,
        html: saved.html,
        text: saved.text,
    });
    Ok(Decision::Send(copy))
}

/// Notes the e-mail's final state in the e-mail log (a retry to come is not final).
pub fn log_outcome(
    conn: &mut DbConnection,
    job: &Job,
    email: &Email,
    subject: &str,
    outcome: EmailOutcome,
    detail: &str,
) -> DbResult<()> {
    EmailLog::record(
        conn,
        EmailLogInsertForm {
            job_id: Some(job.id),
            olympiad_id: job.olympiad_id,
            mass_mail_id: job.mass_mail_id,
            kind: email.kind().to_owned(),
            recipient: normal_address(&email.to().email),
            subject: subject.chars().take(300).collect(),
            status: outcome,
            detail: detail.chars().take(1000).collect(),
        },
    )
}
