//! The queue of outgoing e-mail as staff see it (the job table's e-mails, never their links), its
//! release (one, or a batch of a mass mail), and the e-mail log.

use crate::activity::record_activity;
use crate::caller::Caller;
use crate::error::{OfficeError, OfficeResult, OrNotFound};
use crate::scope::find_in_reach;
use olympiad_domain::id::{JobId, MassMailId, OlympiadId};
use olympiad_domain::job::JobStatus;
use olympiad_domain::Role;
use olympiad_persistence::models::{
    release_jobs, EmailLog, MassMail, QueuedEmail, QueuedEmailFilter,
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

/// `GET /api/queued-email/{id}`.
pub fn get(conn: &mut DbConnection, id: JobId) -> OfficeResult<QueuedEmail> {
    QueuedEmail::find(conn, id).or_not_found("This queued e-mail")
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
