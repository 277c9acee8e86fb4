//! The job queue: background work (e-mail, certificate runs, mass mail) as rows that any number of
//! workers, on any number of API nodes, claim one at a time without taking the same row twice.

use crate::error::DbResult;
use crate::schema::jobs;
use crate::words::Word;
use crate::{now, DbConnection};
use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;
use diesel::sql_types::{Text, Timestamp};
use olympiad_domain::id::{JobId, MassMailId, OlympiadId};
use olympiad_domain::job::{JobKind, JobStatus};

#[derive(Debug, Clone, Queryable, QueryableByName, Selectable)]
#[diesel(table_name = jobs)]
pub struct Job {
    pub id: JobId,
    pub kind: JobKind,
    /// JSON, read by the worker of this kind.
    pub payload: String,
    pub status: JobStatus,
    pub attempts: i32,
    pub run_at: NaiveDateTime,
    pub locked_by: Option<String>,
    pub locked_at: Option<NaiveDateTime>,
    pub last_error: Option<String>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    /// An e-mail's olympiad (whose copy it is written in), mass mail and addressee.
    pub olympiad_id: Option<OlympiadId>,
    pub mass_mail_id: Option<MassMailId>,
    pub recipient: Option<String>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = jobs)]
pub struct JobInsertForm {
    #[diesel(serialize_as = Word)]
    pub kind: JobKind,
    pub payload: String,
    pub run_at: NaiveDateTime,
    #[diesel(serialize_as = Word)]
    pub status: JobStatus,
    pub olympiad_id: Option<OlympiadId>,
    pub mass_mail_id: Option<MassMailId>,
    pub recipient: Option<String>,
}

impl JobInsertForm {
    /// An e-mail's job at its place in the queue.
    fn email(payload: &serde_json::Value, place: &EmailJobPlace) -> JobInsertForm {
        JobInsertForm {
            kind: JobKind::Email,
            payload: payload.to_string(),
            run_at: now(),
            status: if place.held {
                JobStatus::Held
            } else {
                JobStatus::Queued
            },
            olympiad_id: place.olympiad_id,
            mass_mail_id: place.mass_mail_id,
            recipient: Some(place.recipient.clone()),
        }
    }
}

/// Where an e-mail job belongs, for the queue's screens and its release.
#[derive(Debug, Clone, Default)]
pub struct EmailJobPlace {
    pub olympiad_id: Option<OlympiadId>,
    pub mass_mail_id: Option<MassMailId>,
    pub recipient: String,
    /// A mass mail's e-mails wait until they are released.
    pub held: bool,
}

/// Jobs per status, and when the oldest job that is due was due.
pub type QueueGauges = (Vec<(String, i64)>, Option<NaiveDateTime>);

/// A job whose worker stopped answering for this long is handed to another worker.
const LEASE_MINUTES: i64 = 10;
/// After this many attempts a job is marked failed and left for a person to look at. With the
/// waits of [`retry_after`], the attempts span an hour: a mail server down for that long (a
/// relay's outage lasts about a quarter of an hour) loses no e-mail.
pub const MAX_ATTEMPTS: i32 = 16;
/// The wait after a job's first failed attempt; each next wait is twice the one before…
const FIRST_RETRY_SECONDS: i64 = 30;
/// …up to this, so that once what failed is back (the mail server), the waiting jobs go within
/// a few minutes rather than after an hour's doubling.
const LONGEST_RETRY_SECONDS: i64 = 5 * 60;

/// How long a job waits after its `attempts`th attempt failed, before it is tried again.
pub fn retry_after(attempts: i32) -> Duration {
    let doublings = u32::try_from(attempts.saturating_sub(1))
        .unwrap_or(0)
        .min(16);
    Duration::seconds((FIRST_RETRY_SECONDS << doublings).min(LONGEST_RETRY_SECONDS))
}

/// The last error of an e-mail that was interrupted while it was handed over.
pub const INTERRUPTED: &str =
    "interrupted while handing over to the mail server; not sent again so that nobody gets it twice";

/// Written in place of a link once its e-mail is sent or has failed for good.
pub const LINK_REMOVED: &str = "(removed once sent)";

/// The payload with the value of every `link` field, at any depth, replaced: reset and invitation
/// links carry secrets that must not stay in the database after they were sent.
pub fn without_links(payload: &str) -> String {
    fn scrub(value: &mut serde_json::Value) {
        match value {
            serde_json::Value::Object(fields) => {
                for (name, field) in fields.iter_mut() {
                    if name == "link" && field.is_string() {
                        *field = LINK_REMOVED.into();
                    } else {
                        scrub(field);
                    }
                }
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(scrub),
            _ => {}
        }
    }
    match serde_json::from_str::<serde_json::Value>(payload) {
        Ok(mut value) => {
            scrub(&mut value);
            value.to_string()
        }
        Err(_) => payload.to_owned(),
    }
}

/// Which jobs a worker loop takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lane {
    /// Certificate runs only.
    Certificates,
    /// Everything else: e-mails first of all.
    Mail,
}

impl Job {
    pub fn enqueue(
        conn: &mut DbConnection,
        kind: JobKind,
        payload: &serde_json::Value,
    ) -> DbResult<JobId> {
        let new = JobInsertForm {
            kind,
            payload: payload.to_string(),
            run_at: now(),
            status: JobStatus::Queued,
            olympiad_id: None,
            mass_mail_id: None,
            recipient: None,
        };
        Ok(diesel::insert_into(jobs::table)
            .values(new)
            .returning(jobs::id)
            .get_result(conn)?)
    }

    /// Queues an e-mail, held for release when it belongs to a mass mail.
    pub fn enqueue_email(
        conn: &mut DbConnection,
        payload: &serde_json::Value,
        place: &EmailJobPlace,
    ) -> DbResult<JobId> {
        Ok(diesel::insert_into(jobs::table)
            .values(JobInsertForm::email(payload, place))
            .returning(jobs::id)
            .get_result(conn)?)
    }

    /// Queues many e-mails (a mass mail's): on PostgreSQL in one statement.
    pub fn enqueue_emails(
        conn: &mut DbConnection,
        emails: &[(serde_json::Value, EmailJobPlace)],
    ) -> DbResult<()> {
        let jobs: Vec<JobInsertForm> = emails
            .iter()
            .map(|(payload, place)| JobInsertForm::email(payload, place))
            .collect();
        crate::insert_rows!(conn, jobs::table, jobs);
        Ok(())
    }

    /// How many e-mails of these kinds were queued since `since`, sent or not: for the hourly
    /// ceiling of the mail that anyone on the public site may cause.
    pub fn emails_of_kinds_since(
        conn: &mut DbConnection,
        kinds: &[&str],
        since: NaiveDateTime,
    ) -> DbResult<i64> {
        let mut count = 0;
        for kind in kinds {
            // The payload is the e-mail as JSON, its kind written by the mailer as `"kind":"…"`.
            let pattern = format!("%\"kind\":\"{kind}\"%");
            count += jobs::table
                .filter(jobs::kind.eq(JobKind::Email.as_str()))
                .filter(jobs::created_at.ge(since))
                .filter(jobs::payload.like(pattern))
                .count()
                .get_result::<i64>(conn)?;
        }
        Ok(count)
    }

    /// How many e-mails of this kind were queued to `recipient` (normalised) since `since`.
    pub fn emails_to_since(
        conn: &mut DbConnection,
        recipient: &str,
        kind: &str,
        since: NaiveDateTime,
    ) -> DbResult<i64> {
        let pattern = format!("%\"kind\":\"{kind}\"%");
        Ok(jobs::table
            .filter(jobs::kind.eq(JobKind::Email.as_str()))
            .filter(jobs::recipient.eq(recipient))
            .filter(jobs::created_at.ge(since))
            .filter(jobs::payload.like(pattern))
            .count()
            .get_result(conn)?)
    }

    /// How many jobs there are in each status, and when the oldest job that is due (queued, its
    /// time come) was due: for `/metrics`.
    pub fn queue_gauges(conn: &mut DbConnection) -> DbResult<QueueGauges> {
        let counts = jobs::table
            .group_by(jobs::status)
            .select((jobs::status, diesel::dsl::count_star()))
            .load::<(String, i64)>(conn)?;
        let oldest_due = jobs::table
            .filter(jobs::status.eq(JobStatus::Queued.as_str()))
            .filter(jobs::run_at.le(now()))
            .select(diesel::dsl::min(jobs::run_at))
            .first::<Option<NaiveDateTime>>(conn)?;
        Ok((counts, oldest_due))
    }

    /// Takes the oldest job that is due (or whose worker's lease ran out) for `worker`, or none.
    pub fn claim(conn: &mut DbConnection, worker: &str) -> DbResult<Option<Job>> {
        Ok(Job::claim_in(conn, worker, None, 1, Job::lease())?.pop())
    }

    /// Takes the oldest due job of one lane: certificate runs take minutes, so a node works on
    /// them in a lane of their own and its e-mails keep flowing meanwhile.
    pub fn claim_lane(conn: &mut DbConnection, worker: &str, lane: Lane) -> DbResult<Option<Job>> {
        Ok(Job::claim_in(conn, worker, Some(lane), 1, Job::lease())?.pop())
    }

    /// As [`Job::claim_lane`], taking over jobs whose lease ran out after `lease` (tests shorten it).
    pub fn claim_lane_with_lease(
        conn: &mut DbConnection,
        worker: &str,
        lane: Lane,
        lease: Duration,
    ) -> DbResult<Option<Job>> {
        Ok(Job::claim_in(conn, worker, Some(lane), 1, lease)?.pop())
    }

    /// Takes up to `limit` due e-mails at once, oldest first, marked running in one statement (so
    /// committed as running before any is handed to the mail server). Workers of other nodes
    /// taking e-mails at the same moment get others.
    pub fn claim_emails(conn: &mut DbConnection, worker: &str, limit: i64) -> DbResult<Vec<Job>> {
        let mut jobs = Job::claim_in(conn, worker, Some(Lane::Mail), limit.max(1), Job::lease())?;
        jobs.sort_by_key(|job| (job.run_at, job.id));
        Ok(jobs)
    }

    /// How long a worker holds a job it took without renewing its lease.
    pub fn lease() -> Duration {
        Duration::minutes(LEASE_MINUTES)
    }

    /// Renews `worker`'s lease on the running job; false when the job is no longer that worker's
    /// (its lease ran out and another worker took it, or it ended). A long job renews as it goes
    /// and, in the same transaction, records its progress only when this answers true.
    pub fn renew_lease(conn: &mut DbConnection, id: JobId, worker: &str) -> DbResult<bool> {
        let at = now();
        let renewed = diesel::update(
            jobs::table
                .find(id)
                .filter(jobs::status.eq(JobStatus::Running.as_str()))
                .filter(jobs::locked_by.eq(worker)),
        )
        .set((jobs::locked_at.eq(at), jobs::updated_at.eq(at)))
        .execute(conn)?;
        Ok(renewed == 1)
    }

    fn claim_in(
        conn: &mut DbConnection,
        worker: &str,
        lane: Option<Lane>,
        limit: i64,
        lease: Duration,
    ) -> DbResult<Vec<Job>> {
        // One statement, so that the pick and the mark happen together. PostgreSQL skips rows that
        // another worker is taking at this moment; SQLite has a single writer, so it needs no clause.
        // An e-mail whose worker stopped while handing it over is not taken again (it may have
        // gone out): `reconcile_interrupted_emails` gives it a final state instead.
        let lock = match conn {
            DbConnection::Postgresql(_) => "FOR UPDATE SKIP LOCKED",
            DbConnection::Sqlite(_) => "",
        };
        let (queued, running, email) = (JobStatus::Queued, JobStatus::Running, JobKind::Email);
        let certificates = JobKind::Certificates;
        let lane = match lane {
            None => String::new(),
            Some(Lane::Certificates) => format!("AND kind = '{certificates}' "),
            Some(Lane::Mail) => format!("AND kind <> '{certificates}' "),
        };
        let sql = format!(
            "UPDATE jobs SET status = '{running}', locked_by = $1, locked_at = $2, attempts = attempts + 1, updated_at = $2 \
             WHERE id IN (SELECT id FROM jobs \
                          WHERE ((status = '{queued}' AND run_at <= $2) OR (status = '{running}' AND locked_at < $3 AND kind <> '{email}')) {lane}\
                          ORDER BY run_at, id LIMIT {limit} {lock}) \
             RETURNING id, kind, payload, status, attempts, run_at, locked_by, locked_at, last_error, created_at, updated_at, olympiad_id, mass_mail_id, recipient"
        );
        // In a write transaction: on a busy SQLite the claim waits its turn with the requests'
        // writes instead of giving up as "database is locked" when they keep the lock taken.
        crate::write_transaction(conn, |conn| {
            let at = now();
            Ok(diesel::sql_query(sql)
                .bind::<Text, _>(worker)
                .bind::<Timestamp, _>(at)
                .bind::<Timestamp, _>(at - lease)
                .load::<Job>(conn)?)
        })
    }

    /// Marks a job done; an e-mail's links are taken out of its payload, since they are of use
    /// only to the person they were sent to.
    pub fn complete(conn: &mut DbConnection, job: &Job) -> DbResult<()> {
        diesel::update(jobs::table.find(job.id))
            .set((
                jobs::status.eq(JobStatus::Done.as_str()),
                jobs::payload.eq(without_links(&job.payload)),
                jobs::last_error.eq(None::<String>),
                jobs::updated_at.eq(now()),
            ))
            .execute(conn)?;
        Ok(())
    }

    /// Puts the job back for a later try (waiting longer each time), or marks it failed for good
    /// (and then, as when done, without its links: the person asks for a new one).
    pub fn fail(conn: &mut DbConnection, job: &Job, error: &str) -> DbResult<()> {
        let (status, run_at, payload) = if job.attempts >= MAX_ATTEMPTS {
            (JobStatus::Failed, job.run_at, without_links(&job.payload))
        } else {
            (
                JobStatus::Queued,
                now() + retry_after(job.attempts),
                job.payload.clone(),
            )
        };
        diesel::update(jobs::table.find(job.id))
            .set((
                jobs::status.eq(status.as_str()),
                jobs::payload.eq(payload),
                jobs::run_at.eq(run_at),
                jobs::last_error.eq(error),
                jobs::locked_by.eq(None::<String>),
                jobs::updated_at.eq(now()),
            ))
            .execute(conn)?;
        Ok(())
    }

    /// E-mails whose worker stopped (crashed, was killed) after taking them and before recording
    /// the outcome: they may or may not have reached the mail server, so they are not sent again
    /// (a second copy is worse than asking the person); they fail with that said. Answers them.
    pub fn reconcile_interrupted_emails(conn: &mut DbConnection) -> DbResult<Vec<Job>> {
        let before = now() - Duration::minutes(LEASE_MINUTES);
        let stuck: Vec<Job> = jobs::table
            .filter(jobs::kind.eq(JobKind::Email.as_str()))
            .filter(jobs::status.eq(JobStatus::Running.as_str()))
            .filter(jobs::locked_at.lt(before))
            .select(Job::as_select())
            .load(conn)?;
        for job in &stuck {
            diesel::update(jobs::table.find(job.id))
                .filter(jobs::status.eq(JobStatus::Running.as_str()))
                .set((
                    jobs::status.eq(JobStatus::Failed.as_str()),
                    jobs::payload.eq(without_links(&job.payload)),
                    jobs::last_error.eq(INTERRUPTED),
                    jobs::locked_by.eq(None::<String>),
                    jobs::updated_at.eq(now()),
                ))
                .execute(conn)?;
        }
        Ok(stuck)
    }

    /// Fails the job now, without another try (the server refused the address for good).
    pub fn give_up(conn: &mut DbConnection, job: &Job, error: &str) -> DbResult<()> {
        diesel::update(jobs::table.find(job.id))
            .set((
                jobs::status.eq(JobStatus::Failed.as_str()),
                jobs::payload.eq(without_links(&job.payload)),
                jobs::last_error.eq(error),
                jobs::locked_by.eq(None::<String>),
                jobs::updated_at.eq(now()),
            ))
            .execute(conn)?;
        Ok(())
    }

    pub fn find(conn: &mut DbConnection, id: JobId) -> DbResult<Job> {
        Ok(jobs::table.find(id).select(Job::as_select()).first(conn)?)
    }

    pub fn count_by_status(conn: &mut DbConnection, status: JobStatus) -> DbResult<i64> {
        Ok(jobs::table
            .filter(jobs::status.eq(status.as_str()))
            .count()
            .get_result(conn)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_up_to_a_few_minutes() {
        let waits: Vec<i64> = (1..=7).map(|n| retry_after(n).num_seconds()).collect();
        assert_eq!(waits, [30, 60, 120, 240, 300, 300, 300]);
        assert_eq!(retry_after(0), Duration::seconds(30));
        assert_eq!(retry_after(i32::MAX), Duration::minutes(5));
    }

    #[test]
    fn the_attempts_outlast_an_hour_of_outage() {
        // The last attempt comes after every wait before it: a job that failed on each attempt
        // until then is given up only if what it needs was down all that time.
        let before_the_last: Duration = (1..MAX_ATTEMPTS).map(retry_after).sum();
        assert!(before_the_last >= Duration::hours(1), "{before_the_last}");
        assert!(before_the_last < Duration::hours(2), "{before_the_last}");
    }
}
