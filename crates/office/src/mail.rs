//! E-mails the office sends: queued in the job table in the same transaction as the change they
//! tell of, so that none goes out for a change that was rolled back; the worker sends them once it
//! commits, in the copy of their olympiad (see `email::copy`).

use crate::support::error::{OfficeError, OfficeResult};
use olympiad_domain::id::{JobId, OlympiadId};
use olympiad_mailer::{Email, Recipient};
use olympiad_persistence::models::{EmailJobPlace, Job, Olympiad, User};
use olympiad_persistence::DbConnection;

/// Queues an e-mail of no olympiad (written in the platform's copy).
pub fn queue_email(conn: &mut DbConnection, email: &Email) -> OfficeResult<()> {
    queue_email_of(conn, None, email)
}

/// Queues an e-mail of an olympiad, written in that olympiad's copy when it has its own.
pub fn queue_email_of(
    conn: &mut DbConnection,
    olympiad_id: Option<OlympiadId>,
    email: &Email,
) -> OfficeResult<()> {
    let place = EmailJobPlace {
        olympiad_id,
        mass_mail_id: None,
        recipient: olympiad_domain::email::normal_address(&email.to().email),
        held: false,
    };
    queue_email_in(conn, email, place)?;
    Ok(())
}

/// Mails that anyone on the public site may cause (a confirmation of an expression of interest,
/// a check of an address), all together, at most this many an hour: past it the site answers
/// "try again later" rather than let the platform's signed mail be sent to strangers in bulk.
pub const PUBLIC_MAILS_PER_HOUR: i64 = 200;

/// The kinds of mail that count against [`PUBLIC_MAILS_PER_HOUR`].
pub const PUBLIC_MAIL_KINDS: &[&str] = &["interest_verify", "address_check"];

/// Queues a mail that someone on the public site asked for, within the hourly ceiling.
pub fn queue_public_email(
    conn: &mut DbConnection,
    olympiad_id: Option<OlympiadId>,
    email: &Email,
) -> OfficeResult<()> {
    let since = olympiad_persistence::now() - chrono::Duration::hours(1);
    if Job::emails_of_kinds_since(conn, PUBLIC_MAIL_KINDS, since)? >= PUBLIC_MAILS_PER_HOUR {
        return Err(OfficeError::Refused {
            code: crate::support::error::ErrorCode::RateLimited,
            message: "Too many e-mails were asked for this hour. Please try again later.".into(),
        });
    }
    queue_email_of(conn, olympiad_id, email)
}

/// Queues an e-mail at its place in the queue (a mass mail's are held for release).
pub fn queue_email_in(
    conn: &mut DbConnection,
    email: &Email,
    place: EmailJobPlace,
) -> OfficeResult<JobId> {
    Ok(Job::enqueue_email(conn, &email_job(email)?, &place)?)
}

/// An e-mail as its job carries it, for the mail worker.
pub fn email_job(email: &Email) -> OfficeResult<serde_json::Value> {
    serde_json::to_value(email).map_err(|e| OfficeError::Internal(e.to_string()))
}

/// A user as the addressee of an e-mail.
pub fn recipient(user: &User) -> Recipient {
    Recipient {
        email: user.email.clone().unwrap_or_else(|| user.username.clone()),
        name: user.display_name(),
        username: user.username.clone(),
    }
}

/// The olympiad whose copy an e-mail about a person's own account (password reset, two-factor
/// notice) is written in: the one the request came from (`named`) when the person works in it,
/// else the only olympiad they work in; none (the platform's copy) when they work in several or
/// none, since any one olympiad's wording would be a guess.
pub fn olympiad_context(
    conn: &mut DbConnection,
    user: &User,
    named: Option<&str>,
) -> OfficeResult<Option<OlympiadId>> {
    let theirs = User::olympiads(conn, user.id)?;
    if let Some(name) = named {
        if let Some(olympiad) = Olympiad::by_name(conn, name)? {
            if theirs.contains(&olympiad.id) {
                return Ok(Some(olympiad.id));
            }
        }
    }
    Ok(match theirs.as_slice() {
        [only] => Some(*only),
        _ => None,
    })
}
