//! The mail queue as staff see it, and the log of what was sent.

use super::*;

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
