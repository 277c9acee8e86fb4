//! The queue of outgoing e-mail as staff see it (the job table's e-mails, never their links), its
//! release (one, or a batch of a mass mail), and the e-mail log.

use crate::activity::record_activity;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult, OrNotFound};
use crate::support::scope::find_in_reach;
use olympiad_domain::id::{JobId, MassMailId, OlympiadId};
use olympiad_domain::job::JobStatus;
use olympiad_domain::Role;
use olympiad_mailer::{Copy, Email};
use olympiad_persistence::models::job::LINK_REMOVED;
use olympiad_persistence::models::{
    release_jobs, EmailCopy, EmailLog, Job, MassMail, QueuedEmail, QueuedEmailFilter,
};
use olympiad_persistence::{write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct QueuedEmailQuery {
    /// Every e-mail, sent ones too; without it, only those not sent yet.
    pub all: Option<bool>,
    #[param(value_type = Option<i64>, minimum = 1)]
    pub mass_mail_id: Option<MassMailId>,
}

/// `GET /api/queued-email?all`, `/unsent`, `/search/{term}` (overlord: the whole queue).
pub fn list(
    conn: &mut DbConnection,
    unsent_only: bool,
    search: Option<&str>,
    mass_mail_id: Option<MassMailId>,
) -> OfficeResult<Vec<QueuedEmail>> {
    let search = search.map(str::trim).filter(|s| !s.is_empty());
    if search.is_some_and(|s| s.chars().count() > 254) {
        return Err(OfficeError::invalid("term", "at most 254 characters"));
    }
    Ok(QueuedEmail::list(
        conn,
        &QueuedEmailFilter {
            olympiad_id: None,
            unsent_only,
            search: search.map(str::to_owned),
            mass_mail_id,
        },
    )?)
}

/// `GET /api/queued-email/{id}`: an e-mail of the queue, opened: where it stands and the message
/// as it reads, every link that carries the addressee's secret hidden.
pub fn get(conn: &mut DbConnection, id: JobId) -> OfficeResult<OpenedEmail> {
    let queued = QueuedEmail::find(conn, id).or_not_found("This queued e-mail")?;
    let payload = Job::find(conn, id)?.payload;
    let message = message_of(conn, &queued, &payload)?;
    Ok(OpenedEmail { queued, message })
}

/// An e-mail of the queue as the overlord opens it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenedEmail {
    pub queued: QueuedEmail,
    /// `None` when the queued e-mail cannot be read (it fails with that error when sent).
    pub message: Option<QueuedMessage>,
}

/// The message of a queued e-mail: a system e-mail in the copy in force now (as it goes out when
/// it is sent, or in the copy that may since have changed when it went already), a mass mail as
/// written for its addressee.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueuedMessage {
    /// Its kind: `password_reset`, `team_invitation`, … or `bulk` for a mass mail.
    pub kind: String,
    pub to_name: String,
    pub subject: String,
    /// Shown only in a sandboxed frame: it is the e-mail's HTML, not the platform's.
    pub html: String,
    pub text: String,
    /// The names of the files it carries.
    pub attachments: Vec<String>,
    /// Whether links were hidden from this view because they carry the addressee's secret (a
    /// sign-in, password, confirmation or unsubscribe link of an e-mail not sent yet).
    pub links_hidden: bool,
}

/// Written in place of a link that carries the addressee's secret (reset, invitation,
/// confirmation, one-click unsubscribe), in an e-mail that still holds it: staff who may read the
/// queue must not be able to follow it.
pub const LINK_HIDDEN: &str = "(link hidden: it is the addressee's own)";

/// The payload's fields that hold links of the addressee's own: those the worker blanks once sent,
/// and a mass mail's unsubscribe addresses, which it keeps.
const SECRET_LINK_FIELDS: [&str; 3] = ["link", "unsubscribe", "unsubscribe_page"];

/// The payload with every link of the addressee's own hidden; answers whether any was there.
fn with_links_hidden(payload: &mut serde_json::Value) -> bool {
    let mut hidden = false;
    match payload {
        serde_json::Value::Object(fields) => {
            for (name, field) in fields.iter_mut() {
                match field {
                    serde_json::Value::String(link)
                        if SECRET_LINK_FIELDS.contains(&name.as_str()) =>
                    {
                        if link != LINK_REMOVED && link != LINK_HIDDEN {
                            *link = LINK_HIDDEN.to_owned();
                            hidden = true;
                        }
                    }
                    other => hidden |= with_links_hidden(other),
                }
            }
        }
        serde_json::Value::Array(items) => {
            for item in items {
                hidden |= with_links_hidden(item);
            }
        }
        _ => {}
    }
    hidden
}

fn message_of(
    conn: &mut DbConnection,
    queued: &QueuedEmail,
    payload: &str,
) -> OfficeResult<Option<QueuedMessage>> {
    let Ok(mut value) = serde_json::from_str::<serde_json::Value>(payload) else {
        return Ok(None);
    };
    let links_hidden = with_links_hidden(&mut value);
    let Ok(email) = serde_json::from_value::<Email>(value) else {
        return Ok(None);
    };
    let copy = match email {
        Email::Bulk { .. } => None,
        _ => EmailCopy::in_force(conn, queued.olympiad_id, email.kind())?.map(|saved| Copy {
            subject: saved.subject,
            html: saved.html,
            text: saved.text,
        }),
    };
    let Ok(written) = email.written(copy.as_ref()) else {
        return Ok(None);
    };
    let attachments = match &email {
        Email::Bulk { attachments, .. } => attachments.iter().map(|a| a.filename.clone()).collect(),
        _ => Vec::new(),
    };
    Ok(Some(QueuedMessage {
        kind: email.kind().to_owned(),
        to_name: email.to().name.clone(),
        subject: written.subject,
        html: written.html,
        text: written.text,
        attachments,
        links_hidden,
    }))
}

/// `POST /api/queued-email/release/{id}`: one held e-mail goes to the senders.
pub fn release_one(
    conn: &mut DbConnection,
    caller: &Caller,
    id: JobId,
) -> OfficeResult<QueuedEmail> {
    write_transaction(conn, |conn| {
        let queued = QueuedEmail::find(conn, id).or_not_found("This queued e-mail")?;
        if queued.status != JobStatus::Held {
            return Err(OfficeError::conflict(format!(
                "This e-mail is {}: only a held e-mail is released.",
                queued.status
            )));
        }
        release_jobs(conn, &[id])?;
        if let Some(mass_mail_id) = queued.mass_mail_id {
            let mass_mail = MassMail::find(conn, mass_mail_id)?;
            if let Ok(next) = mass_mail
                .status
                .take(olympiad_domain::email::MassMailStep::Release)
            {
                MassMail::set_status(conn, mass_mail_id, next, None)?;
            }
        }
        record_activity(
            conn,
            caller,
            "queued e-mail released",
            queued.olympiad_id,
            json!({ "jobId": id, "massMailId": queued.mass_mail_id }),
        )?;
        Ok(QueuedEmail::find(conn, id)?)
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ReleaseBatchQuery {
    #[param(value_type = i64, minimum = 1)]
    pub mass_mail_id: MassMailId,
    /// How many of its held e-mails, oldest first.
    #[param(minimum = 1, maximum = 100000)]
    pub qty: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Released {
    pub released: usize,
    pub mass_mail: super::mass_mails::MassMailView,
}

/// `POST /api/queued-email/release-batch?massMailId&qty`.
pub fn release_batch(
    conn: &mut DbConnection,
    caller: &Caller,
    query: &ReleaseBatchQuery,
) -> OfficeResult<Released> {
    if !(1..=100_000).contains(&query.qty) {
        return Err(OfficeError::invalid("qty", "must be between 1 and 100000"));
    }
    find_in_reach::<MassMail>(conn, caller, query.mass_mail_id)
        .map_err(|_| OfficeError::invalid("massMailId", "is not a mass mail of yours"))?;
    let (released, mass_mail) =
        super::mass_mails::release(conn, caller, query.mass_mail_id, Some(query.qty))?;
    Ok(Released {
        released,
        mass_mail,
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Path)]
pub struct EmailLogPath {
    /// The olympiad; 0 for e-mails of no olympiad and every olympiad (overlord).
    #[param(minimum = 0)]
    pub olympiad_id: i64,
    /// How many of the newest entries.
    #[param(minimum = 1, maximum = 5000)]
    pub to_show: i64,
}

/// `GET /api/email-logs/{olympiadId}/{toShow}`.
pub fn logs(
    conn: &mut DbConnection,
    caller: &Caller,
    path: &EmailLogPath,
) -> OfficeResult<Vec<EmailLog>> {
    if !(1..=5000).contains(&path.to_show) {
        return Err(OfficeError::invalid("toShow", "must be between 1 and 5000"));
    }
    let asked = (path.olympiad_id != 0).then(|| OlympiadId::new(path.olympiad_id));
    let olympiad_id = caller.olympiad_scope(asked)?;
    Ok(EmailLog::newest(conn, olympiad_id, path.to_show)?)
}

/// `GET /api/email-logs/search/{term}`: staff search their olympiad's log, the overlord all.
pub fn search_logs(
    conn: &mut DbConnection,
    caller: &Caller,
    term: &str,
) -> OfficeResult<Vec<EmailLog>> {
    let term = term.trim();
    if term.is_empty() || term.chars().count() > 254 {
        return Err(OfficeError::invalid("term", "1 to 254 characters"));
    }
    let olympiad_id = match caller.role {
        Role::Overlord => None,
        _ => caller.olympiad_scope(caller.olympiad_id)?,
    };
    Ok(EmailLog::search(conn, olympiad_id, term)?)
}
