//! An address's health: written well, its domain has mail servers, bounced
//! before, shunned; kept once checked (`doNotRecheck` answers what was kept), and overridable by
//! an admin who knows the address works. The mail server check asks the configured resolver; on
//! a machine without one it says "unknown" rather than guess.

use crate::activity::record_activity;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult};
use chrono::NaiveDateTime;
use olympiad_domain::email::{address_syntax_ok, normal_address, BounceKind, MailServers};
use olympiad_persistence::models::{Bounce, EmailHealthCheck, ShunnedEmail, Unsubscribe};
use olympiad_persistence::{write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct EmailHealthQuery {
    #[param(min_length = 1, max_length = 254)]
    pub email: String,
    /// Answer the kept result without checking the mail servers again.
    pub do_not_recheck: Option<bool>,
    /// Anyone but staff: the token of the link mailed to the address.
    #[param(max_length = 2000)]
    pub token: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EmailQuery {
    #[param(min_length = 1, max_length = 254)]
    pub email: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailHealth {
    pub email: String,
    pub syntax_ok: bool,
    pub mail_servers: MailServers,
    pub hard_bounces: i64,
    pub soft_bounces: i64,
    pub complaints: i64,
    pub shunned: bool,
    /// Unsubscribed from every olympiad's mail.
    pub unsubscribed: bool,
    /// An admin said the address works, whatever the checks say.
    pub overridden: bool,
    /// Whether mail should be sent to it.
    pub healthy: bool,
    #[serde(with = "olympiad_domain::utc::option")]
    pub checked_at: Option<NaiveDateTime>,
}

/// Looks up an address's mail servers; the server's settings choose how (or none).
pub trait MailServerCheck: Send + Sync {
    fn check(&self, domain: &str) -> MailServers;
}

/// No resolver configured: the check says it cannot tell.
pub struct CannotCheck;

impl MailServerCheck for CannotCheck {
    fn check(&self, _domain: &str) -> MailServers {
        MailServers::Unknown
    }
}

/// A lookup already made (outside the database's time): the check answers what it found.
pub struct Found(pub MailServers);

impl MailServerCheck for Found {
    fn check(&self, _domain: &str) -> MailServers {
        self.0
    }
}

impl MailServerCheck for olympiad_mailer::mx::MxResolver {
    fn check(&self, domain: &str) -> MailServers {
        self.mail_servers(domain)
    }
}

/// The domain whose mail servers [`email_health`] would look up for this query, if any: asked
/// first, so that the lookup (up to the resolver's timeout) holds no database connection.
pub fn domain_to_look_up(
    conn: &mut DbConnection,
    query: &EmailHealthQuery,
) -> OfficeResult<Option<String>> {
    let email = normal_address(&query.email);
    if !address_syntax_ok(&email) {
        return Ok(None);
    }
    let recheck =
        !query.do_not_recheck.unwrap_or(false) || EmailHealthCheck::find(conn, &email)?.is_none();
    Ok(recheck
        .then(|| olympiad_domain::email::address_domain(&email).map(str::to_owned))
        .flatten())
}

/// `GET /api/emailer/email-health`.
pub fn email_health(
    conn: &mut DbConnection,
    query: &EmailHealthQuery,
    servers: &dyn MailServerCheck,
) -> OfficeResult<EmailHealth> {
    let email = normal_address(&query.email);
    if email.is_empty() || email.len() > 254 {
        return Err(OfficeError::invalid(
            "email",
            "is required (at most 254 characters)",
        ));
    }
    let syntax_ok = address_syntax_ok(&email);
    let kept = EmailHealthCheck::find(conn, &email)?;
    let recheck = !query.do_not_recheck.unwrap_or(false) || kept.is_none();
    if recheck {
        let found = match olympiad_domain::email::address_domain(&email) {
            Some(domain) if syntax_ok => servers.check(domain),
            _ => MailServers::None,
        };
        // A check that could not tell keeps what an earlier one found.
        let found = match (&kept, found) {
            (Some(kept), MailServers::Unknown) => kept.mail_servers,
            (_, found) => found,
        };
        EmailHealthCheck::save(conn, &email, syntax_ok, found)?;
    }
    health_of(conn, &email)
}

fn health_of(conn: &mut DbConnection, email: &str) -> OfficeResult<EmailHealth> {
    let kept = EmailHealthCheck::find(conn, email)?;
    let hard_bounces = Bounce::count_of(conn, email, Some(BounceKind::Hard))?;
    let soft_bounces = Bounce::count_of(conn, email, Some(BounceKind::Soft))?;
    let complaints = Bounce::count_of(conn, email, Some(BounceKind::Complaint))?;
    let shunned = ShunnedEmail::is_shunned(conn, email)?;
    let unsubscribed = Unsubscribe::of_address(conn, email)?
        .iter()
        .any(|u| u.olympiad_id.is_none());
    let syntax_ok = address_syntax_ok(email);
    let mail_servers = kept
        .as_ref()
        .map_or(MailServers::Unknown, |k| k.mail_servers);
    let overridden = kept.as_ref().is_some_and(|k| k.overridden);
    let healthy =
        overridden || (syntax_ok && mail_servers != MailServers::None && !shunned && !unsubscribed);
    Ok(EmailHealth {
        email: email.to_owned(),
        syntax_ok,
        mail_servers,
        hard_bounces,
        soft_bounces,
        complaints,
        shunned,
        unsubscribed,
        overridden,
        healthy,
        checked_at: kept.map(|k| k.checked_at),
    })
}

/// `POST /api/emailer/email-health/link`: mails `link` (to the address's health, with a token
/// for it) to the address, so that whoever reads that mailbox, and only they, sees what we know
/// of it. Nothing is looked up and nothing kept about the address here.
pub fn mail_check_link(
    conn: &mut DbConnection,
    query: &EmailQuery,
    link: &str,
) -> OfficeResult<()> {
    let email = checked_address(query)?;
    // One link an hour to an address: asking again does not fill its mailbox.
    let hour_ago = olympiad_persistence::now() - chrono::Duration::hours(1);
    if olympiad_persistence::models::Job::emails_to_since(conn, &email, "address_check", hour_ago)?
        > 0
    {
        return Ok(());
    }
    crate::mail::queue_public_email(
        conn,
        None,
        &olympiad_mailer::Email::AddressCheck {
            to: olympiad_mailer::Recipient {
                email: email.clone(),
                name: String::new(),
                username: email,
            },
            link: link.to_owned(),
        },
    )
}

/// The address, normalised, when it is written as an address should be.
pub fn checked_address(query: &EmailQuery) -> OfficeResult<String> {
    let email = normal_address(&query.email);
    if email.len() > 254 || !address_syntax_ok(&email) {
        return Err(OfficeError::invalid("email", "must be an e-mail address"));
    }
    Ok(email)
}

/// `POST /api/emailer/override-email-health`: an admin vouches for the address; it is taken off
/// the shunned list.
pub fn override_health(
    conn: &mut DbConnection,
    caller: &Caller,
    query: &EmailQuery,
) -> OfficeResult<EmailHealth> {
    let email = normal_address(&query.email);
    if !address_syntax_ok(&email) {
        return Err(OfficeError::invalid("email", "must be an e-mail address"));
    }
    write_transaction(conn, |conn| {
        if EmailHealthCheck::find(conn, &email)?.is_none() {
            EmailHealthCheck::save(conn, &email, true, MailServers::Unknown)?;
        }
        EmailHealthCheck::set_overridden(conn, &email)?;
        ShunnedEmail::forgive(conn, &email)?;
        record_activity(
            conn,
            caller,
            "e-mail health overridden",
            None,
            json!({ "email": email }),
        )?;
        health_of(conn, &email)
    })
}
