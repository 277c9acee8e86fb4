//! E-mail's tables: the copy staff saved for system e-mails, mass mails and their campaigns, the
//! log of what was sent, unsubscribes and their links, bounces, shunned addresses and each
//! address's health. Lists answer the newest first and at most [`LIST_LIMIT`] rows.

use crate::error::DbResult;
use crate::models::listing::{contains_pattern, matches_search};
use crate::schema::{
    bounces, campaigns, email_copies, email_health, email_logs, jobs, mass_mails, shunned_emails,
    unsubscribe_links, unsubscribes,
};
use crate::words::Word;
use crate::{now, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::email::{Audience, BounceKind, EmailOutcome, MailServers, MassMailStatus};
use olympiad_domain::id::{
    CampaignId, JobId, MassMailId, OlympiadId, SchoolId, ShunnedEmailId, UploadId, UserId,
};
use olympiad_domain::job::{JobKind, JobStatus};
use serde::Serialize;
use utoipa::ToSchema;

/// The most rows a list of this module answers (the newest).
pub const LIST_LIMIT: i64 = 5000;

mod bounce;
mod copy;
mod mass_mail;
mod queue;
mod unsubscribe;
pub use bounce::*;
pub use copy::*;
pub use mass_mail::*;
pub use queue::*;
pub use unsubscribe::*;
