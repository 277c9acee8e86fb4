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

#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = email_copies)]
#[serde(rename_all = "camelCase")]
pub struct EmailCopy {
    pub id: i64,
    #[schema(value_type = Option<i64>)]
    pub olympiad_id: Option<OlympiadId>,
    pub kind: String,
    pub subject: String,
    pub html: String,
    pub text: String,
    #[serde(with = "olympiad_domain::utc")]
    pub updated_at: NaiveDateTime,
}

impl EmailCopy {
    /// The copy saved for `kind` in the olympiad (`None`: the platform's).
    pub fn find_exact(
        conn: &mut DbConnection,
        olympiad_id: Option<OlympiadId>,
        kind: &str,
    ) -> DbResult<Option<EmailCopy>> {
        let query = email_copies::table
            .filter(email_copies::kind.eq(kind.to_owned()))
            .select(EmailCopy::as_select())
            .into_boxed();
        let query = match olympiad_id {
            Some(id) => query.filter(email_copies::olympiad_id.eq(id)),
            None => query.filter(email_copies::olympiad_id.is_null()),
        };
        Ok(query.first(conn).optional()?)
    }

    /// The copy an e-mail of the olympiad is written in: the olympiad's own, else the platform's.
    pub fn in_force(
        conn: &mut DbConnection,
        olympiad_id: Option<OlympiadId>,
        kind: &str,
    ) -> DbResult<Option<EmailCopy>> {
        if olympiad_id.is_some() {
            if let Some(own) = EmailCopy::find_exact(conn, olympiad_id, kind)? {
                return Ok(Some(own));
            }
        }
        EmailCopy::find_exact(conn, None, kind)
    }

    /// Saves the copy of `kind` for the olympiad (or the platform), replacing what was saved.
    pub fn save(
        conn: &mut DbConnection,
        olympiad_id: Option<OlympiadId>,
        kind: &str,
        subject: &str,
        html: &str,
        text: &str,
    ) -> DbResult<EmailCopy> {
        conn.transaction(|conn| {
            match EmailCopy::find_exact(conn, olympiad_id, kind)? {
                Some(saved) => {
                    diesel::update(email_copies::table.find(saved.id))
                        .set((
                            email_copies::subject.eq(subject),
                            email_copies::html.eq(html),
                            email_copies::text.eq(text),
                            email_copies::updated_at.eq(now()),
                        ))
                        .execute(conn)?;
                }
                None => {
                    diesel::insert_into(email_copies::table)
                        .values((
                            email_copies::olympiad_id.eq(olympiad_id),
                            email_copies::kind.eq(kind),
                            email_copies::subject.eq(subject),
                            email_copies::html.eq(html),
                            email_copies::text.eq(text),
                            email_copies::updated_at.eq(now()),
                        ))
                        .execute(conn)?;
                }
            }
            EmailCopy::find_exact(conn, olympiad_id, kind)?.ok_or(crate::DbError::NotFound)
        })
    }

    /// Forgets the saved copy: the default (or the platform's) is used again. Answers whether there was one.
    pub fn reset(
        conn: &mut DbConnection,
        olympiad_id: Option<OlympiadId>,
        kind: &str,
    ) -> DbResult<bool> {
        let Some(saved) = EmailCopy::find_exact(conn, olympiad_id, kind)? else {
            return Ok(false);
        };
        diesel::delete(email_copies::table.find(saved.id)).execute(conn)?;
        Ok(true)
    }
}

#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = campaigns)]
#[serde(rename_all = "camelCase")]
pub struct Campaign {
    #[schema(value_type = i64)]
    pub id: CampaignId,
    pub name: String,
    pub notes: String,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

impl Campaign {
    pub fn create(conn: &mut DbConnection, name: &str, notes: &str) -> DbResult<Campaign> {
        let id: CampaignId = diesel::insert_into(campaigns::table)
            .values((
                campaigns::name.eq(name),
                campaigns::notes.eq(notes),
                campaigns::created_at.eq(now()),
            ))
            .returning(campaigns::id)
            .get_result(conn)?;
        Campaign::find(conn, id)
    }

    pub fn find(conn: &mut DbConnection, id: CampaignId) -> DbResult<Campaign> {
        Ok(campaigns::table
            .find(id)
            .select(Campaign::as_select())
            .first(conn)?)
    }

    pub fn list(conn: &mut DbConnection) -> DbResult<Vec<Campaign>> {
        Ok(campaigns::table
            .select(Campaign::as_select())
            .order(campaigns::id.desc())
            .limit(LIST_LIMIT)
            .load(conn)?)
    }

    pub fn delete(conn: &mut DbConnection, id: CampaignId) -> DbResult<()> {
        diesel::delete(campaigns::table.find(id)).execute(conn)?;
        Ok(())
    }
}

#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = mass_mails)]
#[serde(rename_all = "camelCase")]
pub struct MassMail {
    #[schema(value_type = i64)]
    pub id: MassMailId,
    #[schema(value_type = Option<i64>)]
    pub olympiad_id: Option<OlympiadId>,
    #[schema(value_type = Option<i64>)]
    pub campaign_id: Option<CampaignId>,
    pub title: String,
    pub audience: Audience,
    pub subject: String,
    pub html: String,
    pub text: String,
    pub status: MassMailStatus,
    /// How many e-mails it was queued as.
    pub recipients: i32,
    #[schema(value_type = Option<i64>)]
    pub created_by: Option<UserId>,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, Clone, Insertable, AsChangeset)]
#[diesel(table_name = mass_mails)]
pub struct MassMailForm {
    pub olympiad_id: Option<OlympiadId>,
    pub campaign_id: Option<CampaignId>,
    pub title: String,
    #[diesel(serialize_as = Word)]
    pub audience: Audience,
    pub subject: String,
    pub html: String,
    pub text: String,
}

impl MassMail {
    pub fn create(
        conn: &mut DbConnection,
        form: MassMailForm,
        created_by: UserId,
    ) -> DbResult<MassMail> {
        let id: MassMailId = diesel::insert_into(mass_mails::table)
            .values((
                form,
                mass_mails::created_by.eq(created_by),
                mass_mails::created_at.eq(now()),
                mass_mails::updated_at.eq(now()),
            ))
            .returning(mass_mails::id)
            .get_result(conn)?;
        MassMail::find(conn, id)
    }

    pub fn update(
        conn: &mut DbConnection,
        id: MassMailId,
        form: MassMailForm,
    ) -> DbResult<MassMail> {
        diesel::update(mass_mails::table.find(id))
            .set((form, mass_mails::updated_at.eq(now())))
            .execute(conn)?;
        MassMail::find(conn, id)
    }

    pub fn set_status(
        conn: &mut DbConnection,
        id: MassMailId,
        status: MassMailStatus,
        recipients: Option<i32>,
    ) -> DbResult<()> {
        diesel::update(mass_mails::table.find(id))
            .set((
                mass_mails::status.eq(status.as_str()),
                mass_mails::updated_at.eq(now()),
            ))
            .execute(conn)?;
        if let Some(count) = recipients {
            diesel::update(mass_mails::table.find(id))
                .set(mass_mails::recipients.eq(count))
                .execute(conn)?;
        }
        Ok(())
    }

    pub fn find(conn: &mut DbConnection, id: MassMailId) -> DbResult<MassMail> {
        Ok(mass_mails::table
            .find(id)
            .select(MassMail::as_select())
            .first(conn)?)
    }

    /// The olympiad's mass mails, or every one (`None`), newest first.
    pub fn list(
        conn: &mut DbConnection,
        olympiad_id: Option<OlympiadId>,
    ) -> DbResult<Vec<MassMail>> {
        let mut query = mass_mails::table
            .select(MassMail::as_select())
            .order(mass_mails::id.desc())
            .limit(LIST_LIMIT)
            .into_boxed();
        if let Some(id) = olympiad_id {
            query = query.filter(mass_mails::olympiad_id.eq(id));
        }
        Ok(query.load(conn)?)
    }

    pub fn delete(conn: &mut DbConnection, id: MassMailId) -> DbResult<()> {
        diesel::delete(
            jobs::table
                .filter(jobs::mass_mail_id.eq(id))
                .filter(jobs::status.eq(JobStatus::Held.as_str())),
        )
        .execute(conn)?;
        diesel::delete(mass_mails::table.find(id)).execute(conn)?;
        Ok(())
    }

    /// How many of its e-mails are in each state of the queue.
    pub fn job_counts(conn: &mut DbConnection, id: MassMailId) -> DbResult<Vec<(JobStatus, i64)>> {
        Ok(jobs::table
            .filter(jobs::mass_mail_id.eq(id))
            .group_by(jobs::status)
            .select((jobs::status, diesel::dsl::count_star()))
            .load::<(JobStatus, i64)>(conn)?)
    }

    /// Releases up to `qty` of its held e-mails (oldest first) to the senders; answers how many.
    pub fn release(conn: &mut DbConnection, id: MassMailId, qty: i64) -> DbResult<usize> {
        let ids: Vec<JobId> = jobs::table
            .filter(jobs::mass_mail_id.eq(id))
            .filter(jobs::status.eq(JobStatus::Held.as_str()))
            .order(jobs::id)
            .limit(qty)
            .select(jobs::id)
            .load(conn)?;
        release_jobs(conn, &ids)
    }

    /// Puts its released e-mails that no worker has taken yet back to waiting; answers how many.
    /// One that a worker holds goes on: it is being handed over.
    pub fn pause(conn: &mut DbConnection, id: MassMailId) -> DbResult<usize> {
        Ok(diesel::update(
            jobs::table
                .filter(jobs::mass_mail_id.eq(id))
                .filter(jobs::status.eq(JobStatus::Queued.as_str())),
        )
        .set((
            jobs::status.eq(JobStatus::Held.as_str()),
            jobs::updated_at.eq(now()),
        ))
        .execute(conn)?)
    }
}

/// Releases these held e-mails; answers how many were held.
pub fn release_jobs(conn: &mut DbConnection, ids: &[JobId]) -> DbResult<usize> {
    Ok(diesel::update(
        jobs::table
            .filter(jobs::id.eq_any(ids.to_vec()))
            .filter(jobs::status.eq(JobStatus::Held.as_str())),
    )
    .set((
        jobs::status.eq(JobStatus::Queued.as_str()),
        jobs::run_at.eq(now()),
        jobs::updated_at.eq(now()),
    ))
    .execute(conn)?)
}

/// An e-mail in the queue, as the queue's screens show it (never its links).
#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = jobs)]
#[serde(rename_all = "camelCase")]
pub struct QueuedEmail {
    #[schema(value_type = i64)]
    pub id: JobId,
    pub status: JobStatus,
    pub attempts: i32,
    #[serde(with = "olympiad_domain::utc")]
    pub run_at: NaiveDateTime,
    pub last_error: Option<String>,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub updated_at: NaiveDateTime,
    #[schema(value_type = Option<i64>)]
    pub olympiad_id: Option<OlympiadId>,
    #[schema(value_type = Option<i64>)]
    pub mass_mail_id: Option<MassMailId>,
    pub recipient: Option<String>,
}

/// Which e-mails of the queue to list.
#[derive(Debug, Clone, Default)]
pub struct QueuedEmailFilter {
    pub olympiad_id: Option<OlympiadId>,
    /// Only those not yet sent or failed for good.
    pub unsent_only: bool,
    pub search: Option<String>,
    pub mass_mail_id: Option<MassMailId>,
}

impl QueuedEmail {
    pub fn find(conn: &mut DbConnection, id: JobId) -> DbResult<QueuedEmail> {
        Ok(jobs::table
            .find(id)
            .filter(jobs::kind.eq(JobKind::Email.as_str()))
            .select(QueuedEmail::as_select())
            .first(conn)?)
    }

    pub fn list(conn: &mut DbConnection, filter: &QueuedEmailFilter) -> DbResult<Vec<QueuedEmail>> {
        let mut query = jobs::table
            .filter(jobs::kind.eq(JobKind::Email.as_str()))
            .select(QueuedEmail::as_select())
            .order(jobs::id.desc())
            .limit(LIST_LIMIT)
            .into_boxed();
        if let Some(id) = filter.olympiad_id {
            query = query.filter(jobs::olympiad_id.eq(id));
        }
        if let Some(id) = filter.mass_mail_id {
            query = query.filter(jobs::mass_mail_id.eq(id));
        }
        if filter.unsent_only {
            query = query.filter(jobs::status.eq_any([
                JobStatus::Held.as_str(),
                JobStatus::Queued.as_str(),
                JobStatus::Running.as_str(),
            ]));
        }
        if let Some(pattern) = filter.search.as_deref().and_then(contains_pattern) {
            query = query.filter(matches_search(jobs::recipient.assume_not_null(), &pattern));
        }
        Ok(query.load(conn)?)
    }
}

#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = email_logs)]
#[serde(rename_all = "camelCase")]
pub struct EmailLog {
    pub id: i64,
    #[schema(value_type = Option<i64>)]
    pub job_id: Option<JobId>,
    #[schema(value_type = Option<i64>)]
    pub olympiad_id: Option<OlympiadId>,
    #[schema(value_type = Option<i64>)]
    pub mass_mail_id: Option<MassMailId>,
    pub kind: String,
    pub recipient: String,
    pub subject: String,
    pub status: EmailOutcome,
    pub detail: String,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = email_logs)]
pub struct EmailLogInsertForm {
    pub job_id: Option<JobId>,
    pub olympiad_id: Option<OlympiadId>,
    pub mass_mail_id: Option<MassMailId>,
    pub kind: String,
    pub recipient: String,
    pub subject: String,
    #[diesel(serialize_as = Word)]
    pub status: EmailOutcome,
    pub detail: String,
}

impl EmailLog {
    pub fn record(conn: &mut DbConnection, entry: EmailLogInsertForm) -> DbResult<()> {
        diesel::insert_into(email_logs::table)
            .values((entry, email_logs::created_at.eq(now())))
            .execute(conn)?;
        Ok(())
    }

    /// The newest `limit` entries of the olympiad (`None`: of every olympiad and none).
    pub fn newest(
        conn: &mut DbConnection,
        olympiad_id: Option<OlympiadId>,
        limit: i64,
    ) -> DbResult<Vec<EmailLog>> {
        let mut query = email_logs::table
            .select(EmailLog::as_select())
            .order(email_logs::id.desc())
            .limit(limit.clamp(1, LIST_LIMIT))
            .into_boxed();
        if let Some(id) = olympiad_id {
            query = query.filter(email_logs::olympiad_id.eq(id));
        }
        Ok(query.load(conn)?)
    }

    /// Entries whose address or subject contains `term`, in the olympiad or everywhere.
    pub fn search(
        conn: &mut DbConnection,
        olympiad_id: Option<OlympiadId>,
        term: &str,
    ) -> DbResult<Vec<EmailLog>> {
        let Some(pattern) = contains_pattern(term) else {
            return Ok(Vec::new());
        };
        let mut query = email_logs::table
            .filter(
                matches_search(email_logs::recipient, &pattern)
                    .or(matches_search(email_logs::subject, &pattern)),
            )
            .select(EmailLog::as_select())
            .order(email_logs::id.desc())
            .limit(LIST_LIMIT)
            .into_boxed();
        if let Some(id) = olympiad_id {
            query = query.filter(email_logs::olympiad_id.eq(id));
        }
        Ok(query.load(conn)?)
    }

    /// How many e-mails of a mass mail ended in each outcome.
    pub fn outcomes_of(
        conn: &mut DbConnection,
        mass_mail_id: MassMailId,
    ) -> DbResult<Vec<(EmailOutcome, i64)>> {
        Ok(email_logs::table
            .filter(email_logs::mass_mail_id.eq(mass_mail_id))
            .group_by(email_logs::status)
            .select((email_logs::status, diesel::dsl::count_star()))
            .load::<(EmailOutcome, i64)>(conn)?)
    }

    /// Marks the newest sent e-mail to `email` bounced, so a mass mail's summary counts it.
    pub fn mark_bounced(conn: &mut DbConnection, email: &str) -> DbResult<()> {
        let newest: Option<i64> = email_logs::table
            .filter(email_logs::recipient.eq(email))
            .filter(email_logs::status.eq(EmailOutcome::Sent.as_str()))
            .order(email_logs::id.desc())
            .select(email_logs::id)
            .first(conn)
            .optional()?;
        if let Some(id) = newest {
            diesel::update(email_logs::table.find(id))
                .set(email_logs::status.eq(EmailOutcome::Bounced.as_str()))
                .execute(conn)?;
        }
        Ok(())
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = unsubscribe_links)]
pub struct UnsubscribeLink {
    pub id: i64,
    pub reference: String,
    pub email: String,
    pub olympiad_id: Option<OlympiadId>,
    pub created_at: NaiveDateTime,
}

impl UnsubscribeLink {
    /// The reference for the address in the olympiad (or everywhere), made with `fresh` the first time.
    pub fn for_address(
        conn: &mut DbConnection,
        email: &str,
        olympiad_id: Option<OlympiadId>,
        fresh: impl FnOnce() -> String,
    ) -> DbResult<String> {
        let query = unsubscribe_links::table
            .filter(unsubscribe_links::email.eq(email.to_owned()))
            .select(unsubscribe_links::reference)
            .into_boxed();
        let query = match olympiad_id {
            Some(id) => query.filter(unsubscribe_links::olympiad_id.eq(id)),
            None => query.filter(unsubscribe_links::olympiad_id.is_null()),
        };
        if let Some(reference) = query.first::<String>(conn).optional()? {
            return Ok(reference);
        }
        let reference = fresh();
        diesel::insert_into(unsubscribe_links::table)
            .values((
                unsubscribe_links::reference.eq(&reference),
                unsubscribe_links::email.eq(email),
                unsubscribe_links::olympiad_id.eq(olympiad_id),
                unsubscribe_links::created_at.eq(now()),
            ))
            .execute(conn)?;
        Ok(reference)
    }

    pub fn find_by_reference(
        conn: &mut DbConnection,
        reference: &str,
    ) -> DbResult<Option<UnsubscribeLink>> {
        Ok(unsubscribe_links::table
            .filter(unsubscribe_links::reference.eq(reference.to_owned()))
            .select(UnsubscribeLink::as_select())
            .first(conn)
            .optional()?)
    }
}

#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = unsubscribes)]
#[serde(rename_all = "camelCase")]
pub struct Unsubscribe {
    pub id: i64,
    pub email: String,
    /// `None`: from every olympiad.
    #[schema(value_type = Option<i64>)]
    pub olympiad_id: Option<OlympiadId>,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

impl Unsubscribe {
    /// Unsubscribes the address (once: asking again changes nothing).
    pub fn add(
        conn: &mut DbConnection,
        email: &str,
        olympiad_id: Option<OlympiadId>,
    ) -> DbResult<()> {
        if Self::lists_left(conn, email)?.contains(&olympiad_id) {
            return Ok(());
        }
        diesel::insert_into(unsubscribes::table)
            .values((
                unsubscribes::email.eq(email),
                unsubscribes::olympiad_id.eq(olympiad_id),
                unsubscribes::created_at.eq(now()),
            ))
            .execute(conn)?;
        Ok(())
    }

    /// The lists the address has left: an olympiad's, or (`None`) every list. A few at the most.
    fn lists_left(conn: &mut DbConnection, email: &str) -> DbResult<Vec<Option<OlympiadId>>> {
        Ok(unsubscribes::table
            .filter(unsubscribes::email.eq(email))
            .select(unsubscribes::olympiad_id)
            .load(conn)?)
    }

    /// Whether mail of the olympiad may not go to the address: unsubscribed from it or from all
    /// (mail of no olympiad: from any list).
    pub fn blocks(
        conn: &mut DbConnection,
        email: &str,
        olympiad_id: Option<OlympiadId>,
    ) -> DbResult<bool> {
        Ok(Self::lists_left(conn, email)?
            .iter()
            .any(|left| olympiad_id.is_none() || left.is_none() || *left == olympiad_id))
    }

    /// Resubscribes: from the olympiad's list, or (`None`) from every list. Answers how many.
    pub fn remove(
        conn: &mut DbConnection,
        email: &str,
        olympiad_id: Option<OlympiadId>,
    ) -> DbResult<usize> {
        let query = diesel::delete(unsubscribes::table)
            .filter(unsubscribes::email.eq(email.to_owned()))
            .into_boxed();
        let query = match olympiad_id {
            Some(id) => query.filter(unsubscribes::olympiad_id.eq(id)),
            None => query,
        };
        Ok(query.execute(conn)?)
    }

    /// Takes the address off the list of every olympiad (the global one).
    pub fn remove_global(conn: &mut DbConnection, email: &str) -> DbResult<usize> {
        Ok(diesel::delete(
            unsubscribes::table
                .filter(unsubscribes::email.eq(email.to_owned()))
                .filter(unsubscribes::olympiad_id.is_null()),
        )
        .execute(conn)?)
    }

    /// The olympiad's unsubscribes and the global ones, or every one (`None`).
    pub fn list(
        conn: &mut DbConnection,
        olympiad_id: Option<OlympiadId>,
    ) -> DbResult<Vec<Unsubscribe>> {
        let mut query = unsubscribes::table
            .select(Unsubscribe::as_select())
            .order(unsubscribes::id.desc())
            .limit(LIST_LIMIT)
            .into_boxed();
        if let Some(id) = olympiad_id {
            query = query.filter(
                unsubscribes::olympiad_id
                    .is_null()
                    .or(unsubscribes::olympiad_id.eq(id)),
            );
        }
        Ok(query.load(conn)?)
    }

    pub fn of_address(conn: &mut DbConnection, email: &str) -> DbResult<Vec<Unsubscribe>> {
        Ok(unsubscribes::table
            .filter(unsubscribes::email.eq(email.to_owned()))
            .select(Unsubscribe::as_select())
            .load(conn)?)
    }
}

#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = bounces)]
#[serde(rename_all = "camelCase")]
pub struct Bounce {
    pub id: i64,
    pub email: String,
    pub kind: BounceKind,
    /// `ses`, `webhook` or `dsn`.
    pub source: String,
    pub detail: String,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

impl Bounce {
    pub fn record(
        conn: &mut DbConnection,
        email: &str,
        kind: BounceKind,
        source: &str,
        detail: &str,
    ) -> DbResult<()> {
        diesel::insert_into(bounces::table)
            .values((
                bounces::email.eq(email),
                bounces::kind.eq(kind.as_str()),
                bounces::source.eq(source),
                bounces::detail.eq(detail),
                bounces::created_at.eq(now()),
            ))
            .execute(conn)?;
        Ok(())
    }

    pub fn count_of(
        conn: &mut DbConnection,
        email: &str,
        kind: Option<BounceKind>,
    ) -> DbResult<i64> {
        let mut query = bounces::table
            .filter(bounces::email.eq(email.to_owned()))
            .into_boxed();
        if let Some(kind) = kind {
            query = query.filter(bounces::kind.eq(kind.as_str()));
        }
        Ok(query.count().get_result(conn)?)
    }

    pub fn list(conn: &mut DbConnection) -> DbResult<Vec<Bounce>> {
        Ok(bounces::table
            .select(Bounce::as_select())
            .order(bounces::id.desc())
            .limit(LIST_LIMIT)
            .load(conn)?)
    }

    pub fn find(conn: &mut DbConnection, id: i64) -> DbResult<Bounce> {
        Ok(bounces::table
            .find(id)
            .select(Bounce::as_select())
            .first(conn)?)
    }

    pub fn delete(conn: &mut DbConnection, id: i64) -> DbResult<()> {
        diesel::delete(bounces::table.find(id)).execute(conn)?;
        Ok(())
    }
}

#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = shunned_emails)]
#[serde(rename_all = "camelCase")]
pub struct ShunnedEmail {
    #[schema(value_type = i64)]
    pub id: ShunnedEmailId,
    pub email: String,
    pub reason: String,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

impl ShunnedEmail {
    /// Shuns the address (once).
    pub fn shun(conn: &mut DbConnection, email: &str, reason: &str) -> DbResult<()> {
        if ShunnedEmail::is_shunned(conn, email)? {
            return Ok(());
        }
        diesel::insert_into(shunned_emails::table)
            .values((
                shunned_emails::email.eq(email),
                shunned_emails::reason.eq(reason),
                shunned_emails::created_at.eq(now()),
            ))
            .execute(conn)?;
        Ok(())
    }

    pub fn is_shunned(conn: &mut DbConnection, email: &str) -> DbResult<bool> {
        Ok(diesel::select(diesel::dsl::exists(
            shunned_emails::table.filter(shunned_emails::email.eq(email.to_owned())),
        ))
        .get_result(conn)?)
    }

    pub fn list(conn: &mut DbConnection) -> DbResult<Vec<ShunnedEmail>> {
        Ok(shunned_emails::table
            .select(ShunnedEmail::as_select())
            .order(shunned_emails::id.desc())
            .limit(LIST_LIMIT)
            .load(conn)?)
    }

    pub fn find(conn: &mut DbConnection, id: ShunnedEmailId) -> DbResult<ShunnedEmail> {
        Ok(shunned_emails::table
            .find(id)
            .select(ShunnedEmail::as_select())
            .first(conn)?)
    }

    /// Takes the address off the list; answers whether it was on it.
    pub fn forgive(conn: &mut DbConnection, email: &str) -> DbResult<bool> {
        Ok(
            diesel::delete(
                shunned_emails::table.filter(shunned_emails::email.eq(email.to_owned())),
            )
            .execute(conn)?
                > 0,
        )
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = email_health)]
pub struct EmailHealthCheck {
    pub id: i64,
    pub email: String,
    pub syntax_ok: bool,
    pub mail_servers: MailServers,
    pub overridden: bool,
    pub checked_at: NaiveDateTime,
}

impl EmailHealthCheck {
    pub fn find(conn: &mut DbConnection, email: &str) -> DbResult<Option<EmailHealthCheck>> {
        Ok(email_health::table
            .filter(email_health::email.eq(email.to_owned()))
            .select(EmailHealthCheck::as_select())
            .first(conn)
            .optional()?)
    }

    /// Keeps the result of a check (the override stays as it was).
    pub fn save(
        conn: &mut DbConnection,
        email: &str,
        syntax_ok: bool,
        mail_servers: MailServers,
    ) -> DbResult<()> {
        let updated = diesel::update(email_health::table.filter(email_health::email.eq(email)))
            .set((
                email_health::syntax_ok.eq(syntax_ok),
                email_health::mail_servers.eq(mail_servers.as_str()),
                email_health::checked_at.eq(now()),
            ))
            .execute(conn)?;
        if updated == 0 {
            diesel::insert_into(email_health::table)
                .values((
                    email_health::email.eq(email),
                    email_health::syntax_ok.eq(syntax_ok),
                    email_health::mail_servers.eq(mail_servers.as_str()),
                    email_health::overridden.eq(false),
                    email_health::checked_at.eq(now()),
                ))
                .execute(conn)?;
        }
        Ok(())
    }

    pub fn set_overridden(conn: &mut DbConnection, email: &str) -> DbResult<()> {
        diesel::update(email_health::table.filter(email_health::email.eq(email)))
            .set(email_health::overridden.eq(true))
            .execute(conn)?;
        Ok(())
    }
}

/// One addressee of a mass mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Addressee {
    pub email: String,
    pub name: String,
    pub username: String,
}

/// The people an audience reaches in the olympiad (or, for all teachers, everywhere), each
/// address once, in a steady order.
pub fn audience(
    conn: &mut DbConnection,
    audience: Audience,
    olympiad_id: Option<OlympiadId>,
) -> DbResult<Vec<Addressee>> {
    use crate::schema::{
        expressions_of_interest as eoi, participants, school_participants as sp, teachers,
        team_members as tm, users,
    };
    // No olympiad has the id -1: without one, the olympiad's audiences are empty.
    let olympiad = olympiad_id.unwrap_or(OlympiadId::new(-1));
    let user_address = (
        users::email,
        users::first_name,
        users::last_name,
        users::username,
    );
    let rows: Vec<AddresseeRow> = match audience {
        Audience::ParticipatingTeachers | Audience::SchoolsWithoutLearners => {
            let mut query = tm::table
                .inner_join(sp::table)
                .inner_join(teachers::table.inner_join(users::table))
                .filter(sp::olympiad_id.eq(olympiad))
                .filter(users::disabled.eq(false))
                .select(user_address)
                .into_boxed();
            if audience == Audience::SchoolsWithoutLearners {
                query = query
                    .filter(tm::is_team_admin.eq(true))
                    .filter(diesel::dsl::not(diesel::dsl::exists(
                        participants::table
                            .filter(participants::school_participant_id.eq(sp::id.nullable())),
                    )));
            }
            query.load(conn)?
        }
        Audience::AllTeachers => teachers::table
            .inner_join(users::table)
            .filter(users::disabled.eq(false))
            .select(user_address)
            .load(conn)?,
        Audience::UnpaidOrders => unpaid_order_contacts(conn, olympiad)?,
        Audience::InterestedParties => eoi::table
            .filter(eoi::olympiad_id.eq(olympiad))
            .filter(eoi::status.eq(olympiad_domain::interest::InterestStatus::Open.as_str()))
            .select((
                eoi::email.nullable(),
                eoi::first_name,
                eoi::last_name,
                eoi::email,
            ))
            .load(conn)?,
    };
    let mut seen = std::collections::BTreeMap::new();
    for (email, first, last, username) in rows {
        let email = email
            .filter(|e| e.contains('@'))
            .or_else(|| username.contains('@').then(|| username.clone()));
        let Some(email) = email else { continue };
        let email = olympiad_domain::email::normal_address(&email);
        let name = format!("{first} {last}").trim().to_owned();
        seen.entry(email.clone()).or_insert(Addressee {
            email,
            name,
            username,
        });
    }
    Ok(seen.into_values().collect())
}

/// An addressee as the audience queries read them: e-mail (if any), first and last name, username.
type AddresseeRow = (Option<String>, String, String, String);

/// Whom the entries with an unpaid order (not paid, not pre-approved, not deleted) reach: the
/// team members of a school's entry, the team leader and invoice contact of a country's.
fn unpaid_order_contacts(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
) -> DbResult<Vec<AddresseeRow>> {
    use crate::schema::{
        country_participants as cp, purchase_orders as po, school_participants as sp, teachers,
        team_members as tm, users,
    };
    let unpaid = po::table
        .filter(po::olympiad_id.eq(olympiad_id))
        .filter(po::paid.eq(false))
        .filter(po::pre_approved.eq(false))
        .filter(po::deleted_at.is_null());
    let mut rows: Vec<AddresseeRow> = tm::table
        .inner_join(sp::table)
        .inner_join(teachers::table.inner_join(users::table))
        .filter(sp::olympiad_id.eq(olympiad_id))
        .filter(users::disabled.eq(false))
        .filter(diesel::dsl::exists(
            unpaid.filter(po::school_participant_id.eq(sp::id.nullable())),
        ))
        .select((
            users::email,
            users::first_name,
            users::last_name,
            users::username,
        ))
        .load(conn)?;
    let countries: Vec<(String, String, String)> = cp::table
        .filter(cp::olympiad_id.eq(olympiad_id))
        .filter(diesel::dsl::exists(
            unpaid.filter(po::country_participant_id.eq(cp::id.nullable())),
        ))
        .select((
            cp::team_leader_name,
            cp::team_leader_email,
            cp::invoice_email,
        ))
        .load(conn)?;
    for (leader, leader_email, invoice_email) in countries {
        for email in [leader_email, invoice_email] {
            rows.push((Some(email.clone()), leader.clone(), String::new(), email));
        }
    }
    Ok(rows)
}

/// A school as the School Emails Overview shows it: how it can be reached.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolReach {
    #[schema(value_type = i64)]
    pub school_id: SchoolId,
    pub name: String,
    pub province: String,
    /// The school's own address, if it has one.
    pub school_email: String,
    pub school_email_shunned: bool,
    /// Teachers of the school with an address.
    pub teachers: i64,
    /// Of those, the ones whose address is shunned or unsubscribed from everything.
    pub unreachable_teachers: i64,
    /// Whether any address of the school may be mailed.
    pub reachable: bool,
}

/// Every school (at most [`LIST_LIMIT`]) and how it can be reached.
pub fn school_reach(conn: &mut DbConnection) -> DbResult<Vec<SchoolReach>> {
    use crate::schema::{schools, teachers, users};
    let schools: Vec<(SchoolId, String, String, String)> = schools::table
        .select((
            schools::id,
            schools::name,
            schools::province,
            schools::email,
        ))
        .order(schools::name)
        .limit(LIST_LIMIT)
        .load(conn)?;
    let teacher_rows: Vec<(Option<SchoolId>, Option<String>, String)> = teachers::table
        .inner_join(users::table)
        .filter(teachers::school_id.is_not_null())
        .select((teachers::school_id, users::email, users::username))
        .load(conn)?;
    let shunned: std::collections::HashSet<String> = shunned_emails::table
        .select(shunned_emails::email)
        .load::<String>(conn)?
        .into_iter()
        .collect();
    let unsubscribed: std::collections::HashSet<String> = unsubscribes::table
        .filter(unsubscribes::olympiad_id.is_null())
        .select(unsubscribes::email)
        .load::<String>(conn)?
        .into_iter()
        .collect();
    let blocked = |email: &str| shunned.contains(email) || unsubscribed.contains(email);
    let mut per_school: std::collections::HashMap<SchoolId, (i64, i64)> = Default::default();
    for (school_id, email, username) in teacher_rows {
        let Some(school_id) = school_id else { continue };
        let address = email.unwrap_or(username);
        if !address.contains('@') {
            continue;
        }
        let address = olympiad_domain::email::normal_address(&address);
        let entry = per_school.entry(school_id).or_default();
        entry.0 += 1;
        if blocked(&address) {
            entry.1 += 1;
        }
    }
    Ok(schools
        .into_iter()
        .map(|(school_id, name, province, school_email)| {
            let (teachers, unreachable_teachers) =
                per_school.get(&school_id).copied().unwrap_or((0, 0));
            let normal = olympiad_domain::email::normal_address(&school_email);
            let school_email_shunned = !normal.is_empty() && blocked(&normal);
            let school_ok = normal.contains('@') && !school_email_shunned;
            SchoolReach {
                school_id,
                name,
                province,
                school_email,
                school_email_shunned,
                teachers,
                unreachable_teachers,
                reachable: school_ok || teachers > unreachable_teachers,
            }
        })
        .collect())
}

/// A file a mass mail carries: a stored upload under the name the addressee sees.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = crate::schema::mass_mail_attachments)]
#[serde(rename_all = "camelCase")]
pub struct MassMailAttachment {
    pub id: i64,
    #[schema(value_type = i64)]
    pub mass_mail_id: MassMailId,
    #[schema(value_type = i64)]
    pub upload_id: UploadId,
    pub filename: String,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

impl MassMailAttachment {
    /// The mass mail's files with their stored uploads, in the order they were added.
    pub fn of(
        conn: &mut DbConnection,
        mass_mail_id: MassMailId,
    ) -> DbResult<Vec<(MassMailAttachment, crate::models::Upload)>> {
        use crate::schema::{mass_mail_attachments as mma, uploads};
        Ok(mma::table
            .inner_join(uploads::table)
            .filter(mma::mass_mail_id.eq(mass_mail_id))
            .order(mma::id)
            .select((
                MassMailAttachment::as_select(),
                crate::models::Upload::as_select(),
            ))
            .load(conn)?)
    }

    pub fn find(conn: &mut DbConnection, id: i64) -> DbResult<MassMailAttachment> {
        use crate::schema::mass_mail_attachments as mma;
        Ok(mma::table
            .find(id)
            .select(MassMailAttachment::as_select())
            .first(conn)?)
    }

    pub fn create(
        conn: &mut DbConnection,
        mass_mail_id: MassMailId,
        upload_id: UploadId,
        filename: &str,
    ) -> DbResult<MassMailAttachment> {
        use crate::schema::mass_mail_attachments as mma;
        Ok(diesel::insert_into(mma::table)
            .values((
                mma::mass_mail_id.eq(mass_mail_id),
                mma::upload_id.eq(upload_id),
                mma::filename.eq(filename),
                mma::created_at.eq(now()),
            ))
            .returning(mma::all_columns)
            .get_result(conn)?)
    }

    pub fn delete(conn: &mut DbConnection, id: i64) -> DbResult<()> {
        use crate::schema::mass_mail_attachments as mma;
        diesel::delete(mma::table.find(id)).execute(conn)?;
        Ok(())
    }
}
