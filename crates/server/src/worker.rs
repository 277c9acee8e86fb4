//! The background worker: takes jobs from the job table and does them. Every API node runs one;
//! the table's claim makes sure each job is done by one worker only. It works in two lanes at once:
//! certificate runs (minutes each) in one, every other job in the other, so that e-mails keep
//! going out while a node makes certificates.
//!
//! E-mail: taken in batches (about a second's worth at the configured rate), each written in the
//! copy of its olympiad and handed to the SMTP pool, as many at once as it has connections;
//! retried with back-off on a temporary failure and given up on a permanent one; its final state
//! kept in the e-mail log. A batch is committed as running before any of it is handed over, and
//! its outcomes are recorded together in one transaction; an e-mail found still running after its
//! lease is not sent again but reconciled as interrupted, so that a crash never makes a second copy.

use futures_util::StreamExt;
use olympiad_domain::email::EmailOutcome;
use olympiad_domain::sitting::SAVE_GRACE_SECONDS;
use olympiad_mailer::{Email, Mailer};
use olympiad_office::certificates::{work_on_leased_run, RunLease, RunWork};
use olympiad_office::email::sending::{before_send, log_outcome, Decision};
use olympiad_persistence::models::job::MAX_ATTEMPTS;
use olympiad_persistence::models::{AppLog, Attempt, FinishReason, Job, Lane};
use olympiad_persistence::{now, write_transaction, DbPool, DbResult};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Set when the server is stopping: each lane of the worker ends after the round it is in.
pub type Stopping = Arc<AtomicBool>;

/// How long an idle worker waits before looking for work again.
const IDLE: Duration = Duration::from_secs(1);

pub struct Worker {
    pub name: String,
    pub pool: DbPool,
    pub mailer: Mailer,
    /// Where certificate ZIPs are written and their pictures read.
    pub files: olympiad_storage::Storage,
    /// E-mails handed over per minute, at most.
    pub mail_rate_per_minute: u32,
}

async fn blocking<T: Send + 'static>(
    pool: &DbPool,
    work: impl FnOnce(&mut olympiad_persistence::DbConnection) -> DbResult<T> + Send + 'static,
) -> Result<T, String> {
    let pool = pool.clone();
    actix_web::web::block(move || {
        let mut conn = pool.get()?;
        work(&mut conn)
    })
    .await
    .map_err(|e| e.to_string())?
    .map_err(|e| e.to_string())
}

/// Reads a claimed e-mail and decides on it: sent in its copy, or settled at once (unreadable,
/// or to an address shunned or unsubscribed since it was queued).
fn prepare(conn: &mut olympiad_persistence::DbConnection, job: &Job) -> DbResult<Prepared> {
    let email: Email = match serde_json::from_str(&job.payload) {
        Ok(email) => email,
        Err(e) => {
            return Ok(Prepared::Settled(Taken {
                job: job.clone(),
                log: None,
                outcome: Outcome::GiveUp(format!("unreadable e-mail job: {e}")),
            }))
        }
    };
    Ok(match before_send(conn, job, &email)? {
        Decision::Send(copy) => Prepared::Send { email, copy },
        Decision::Skip(reason) => Prepared::Settled(Taken {
            job: job.clone(),
            log: Some(LogEntry {
                email,
                subject: String::new(),
                outcome: EmailOutcome::Skipped,
                detail: reason.to_owned(),
            }),
            outcome: Outcome::Done(format!("not sent: {reason}")),
        }),
    })
}

/// How a job ended this time.
enum Outcome {
    Done(String),
    /// Try again later.
    Retry(String),
    /// Never again.
    GiveUp(String),
    /// Another worker took the job over (this one's lease ran out): its row is theirs now.
    TakenOver(String),
}

impl Outcome {
    /// The line for the job log, and its level.
    fn log_line(&self, job: &Job) -> (log::Level, String) {
        match self {
            Outcome::Done(summary) => (
                log::Level::Info,
                format!("job {} ({}) done: {summary}", job.id, job.kind),
            ),
            Outcome::TakenOver(summary) => (
                log::Level::Warn,
                format!("job {} ({}): {summary}", job.id, job.kind),
            ),
            Outcome::Retry(error) | Outcome::GiveUp(error) => (
                log::Level::Warn,
                format!(
                    "job {} ({}) attempt {} failed: {error}",
                    job.id, job.kind, job.attempts
                ),
            ),
        }
    }

    /// Keeps the job's new state and its line in the job log.
    fn record(&self, conn: &mut olympiad_persistence::DbConnection, job: &Job) -> DbResult<()> {
        let (level, message) = self.log_line(job);
        log::log!(level, "{message}");
        match self {
            Outcome::Done(_) => Job::complete(conn, job)?,
            Outcome::Retry(error) => Job::fail(conn, job, error)?,
            Outcome::GiveUp(error) => Job::give_up(conn, job, error)?,
            Outcome::TakenOver(_) => {}
        }
        let level = if level == log::Level::Info {
            "info"
        } else {
            "warn"
        };
        AppLog::record(conn, "jobs", level, &message)
    }
}

/// One e-mail of a batch, from its claim to its outcome.
struct Taken {
    job: Job,
    /// What goes into the e-mail log when it has a final state this time.
    log: Option<LogEntry>,
    outcome: Outcome,
}

struct LogEntry {
    email: Email,
    subject: String,
    outcome: EmailOutcome,
    detail: String,
}

/// What the worker does with one claimed e-mail before anything goes out.
#[allow(clippy::large_enum_variant)] // a hundred at most, for the moment of one batch
enum Prepared {
    Send {
        email: Email,
        copy: Option<olympiad_mailer::Copy>,
    },
    Settled(Taken),
}

/// E-mails taken at once, at most: each batch costs two commits (taking, recording), so larger
/// batches cost less a message; a crash leaves at most this many failed "interrupted".
const MAX_BATCH: u32 = 100;

/// How many e-mails a batch takes, and the least time a batch may take, so that the rate per
/// minute holds: about one second's worth of sending a batch.
fn pacing(rate_per_minute: u32) -> (u32, Duration) {
    let rate = rate_per_minute.max(1);
    let batch = (rate / 60).clamp(1, MAX_BATCH);
    (
        batch,
        Duration::from_secs_f64(60.0 * f64::from(batch) / f64::from(rate)),
    )
}

impl Worker {
    /// Sends every e-mail that is due, in batches; answers how many were taken.
    pub async fn run_due(&self) -> Result<usize, String> {
        let (batch, least) = pacing(self.mail_rate_per_minute);
        let mut taken = 0;
        loop {
            let started = Instant::now();
            let sent = self.send_batch(batch).await?;
            if sent == 0 {
                return Ok(taken);
            }
            taken += sent;
            if let Some(rest) = least.checked_sub(started.elapsed()) {
                actix_web::rt::time::sleep(rest).await;
            }
        }
    }

    /// Takes up to `limit` due e-mails, commits them as running, hands them to the SMTP pool (as
    /// many at once as it has connections) and records every outcome in one transaction. Between
    /// the first commit and the second, a crash leaves them running: the next worker to look
    /// fails them as interrupted instead of sending them again.
    async fn send_batch(&self, limit: u32) -> Result<usize, String> {
        let name = self.name.clone();
        let claimed = blocking(&self.pool, move |conn| {
            let jobs = Job::claim_emails(conn, &name, i64::from(limit))?;
            let mut prepared = Vec::with_capacity(jobs.len());
            for job in jobs {
                let ready = prepare(conn, &job)?;
                prepared.push((job, ready));
            }
            Ok(prepared)
        })
        .await?;
        let count = claimed.len();
        if count == 0 {
            return Ok(0);
        }
        let in_flight = self.mailer.connections().max(1) as usize;
        let done: Vec<Taken> = futures_util::stream::iter(claimed)
            .map(|(job, prepared)| async move {
                match prepared {
                    Prepared::Settled(taken) => taken,
                    Prepared::Send { email, copy } => self.hand_over(job, email, copy).await,
                }
            })
            .buffer_unordered(in_flight)
            .collect()
            .await;
        blocking(&self.pool, move |conn| {
            write_transaction(conn, |conn| {
                for taken in &done {
                    taken.outcome.record(conn, &taken.job)?;
                    if let Some(entry) = &taken.log {
                        log_outcome(
                            conn,
                            &taken.job,
                            &entry.email,
                            &entry.subject,
                            entry.outcome,
                            &entry.detail,
                        )?;
                    }
                }
                Ok(())
            })
        })
        .await?;
        Ok(count)
    }

    /// Hands one e-mail to the mail server; answers its outcome.
    async fn hand_over(
        &self,
        job: Job,
        email: Email,
        copy: Option<olympiad_mailer::Copy>,
    ) -> Taken {
        let subject = email
            .written(copy.as_ref())
            .map(|w| w.subject)
            .unwrap_or_default();
        let (outcome, log) = match self.mailer.send(&email, copy.as_ref()).await {
            Ok(()) => (
                Outcome::Done(Mailer::summary(&email)),
                Some((EmailOutcome::Sent, String::new())),
            ),
            Err(error) if error.is_permanent() || job.attempts >= MAX_ATTEMPTS => {
                let error = error.to_string();
                (
                    Outcome::GiveUp(error.clone()),
                    Some((EmailOutcome::Failed, error)),
                )
            }
            // Not final: the e-mail log shows it once it went or was given up.
            Err(error) => (Outcome::Retry(error.to_string()), None),
        };
        Taken {
            job,
            log: log.map(|(outcome, detail)| LogEntry {
                email,
                subject,
                outcome,
                detail,
            }),
            outcome,
        }
    }

    /// Does every certificate run that is due; answers how many were taken.
    pub async fn run_due_certificates(&self) -> Result<usize, String> {
        let mut taken = 0;
        loop {
            let name = self.name.clone();
            let Some(job) = blocking(&self.pool, move |conn| {
                Job::claim_lane(conn, &name, Lane::Certificates)
            })
            .await?
            else {
                return Ok(taken);
            };
            taken += 1;
            let outcome = self.make_certificates(&job).await?;
            blocking(&self.pool, move |conn| outcome.record(conn, &job)).await?;
        }
    }

    async fn make_certificates(&self, job: &Job) -> Result<Outcome, String> {
        let run: olympiad_office::certificates::RunJob = match serde_json::from_str(&job.payload) {
            Ok(run) => run,
            Err(e) => return Ok(Outcome::GiveUp(format!("unreadable certificate job: {e}"))),
        };
        // A run picks up where it stopped, so a failed attempt is simply tried again.
        let lease = RunLease {
            job_id: job.id,
            worker: self.name.clone(),
        };
        let files = self.files.clone();
        let made = blocking(&self.pool, move |conn| {
            Ok(work_on_leased_run(conn, &run, Some(&lease), &files).map_err(|e| e.to_string()))
        })
        .await?;
        Ok(match made {
            Ok(RunWork::Finished(summary)) => Outcome::Done(summary),
            Ok(RunWork::LeaseLost(summary)) => Outcome::TakenOver(summary),
            Err(error) => Outcome::Retry(error),
        })
    }

    /// E-mails left running by a worker that stopped: reconciled, never sent twice.
    pub async fn reconcile_interrupted_emails(&self) -> Result<usize, String> {
        let stuck = blocking(&self.pool, |conn| {
            let stuck = Job::reconcile_interrupted_emails(conn)?;
            for job in &stuck {
                if let Ok(email) = serde_json::from_str::<Email>(&job.payload) {
                    log_outcome(
                        conn,
                        job,
                        &email,
                        "",
                        EmailOutcome::Failed,
                        olympiad_persistence::models::job::INTERRUPTED,
                    )?;
                }
            }
            Ok(stuck.len())
        })
        .await?;
        if stuck > 0 {
            log::warn!("{stuck} e-mail(s) interrupted while handed over: not sent again");
        }
        Ok(stuck)
    }

    /// Ends the attempts whose time is up, with their answers marked, even when the learner's
    /// device is gone. Answers how many. Safe beside other nodes doing the same: an attempt ends once.
    pub async fn finish_expired_attempts(&self) -> Result<usize, String> {
        let before = now() - chrono::Duration::seconds(SAVE_GRACE_SECONDS);
        let expired = blocking(&self.pool, move |conn| Attempt::expired(conn, before, 500)).await?;
        let mut finished = 0;
        for id in expired {
            if blocking(&self.pool, move |conn| {
                Attempt::finish_and_mark(conn, id, FinishReason::TimeUp)
            })
            .await?
            {
                finished += 1;
            }
        }
        if finished > 0 {
            log::info!("{finished} attempt(s) ended: time up");
        }
        Ok(finished)
    }

    /// The scheduled consistency checks (sanity logs), every few hours on one node.
    pub async fn run_sanity_checks_if_due(&self) -> Result<(), String> {
        let pool = self.pool.clone();
        let ran = actix_web::web::block(move || {
            let mut conn = pool.get().map_err(|e| e.to_string())?;
            olympiad_office::overlord::sanity::run_if_due(&mut conn).map_err(|e| e.to_string())
        })
        .await
        .map_err(|e| e.to_string())??;
        if let Some(run) = ran {
            log::info!("sanity checks: run {} found {}", run.id, run.findings);
        }
        Ok(())
    }

    /// The retention sweep (logs and unfinished accounts past their settings' days), once a day
    /// on one node.
    pub async fn sweep_if_due(&self) -> Result<(), String> {
        let pool = self.pool.clone();
        let swept = actix_web::web::block(move || {
            let mut conn = pool.get().map_err(|e| e.to_string())?;
            olympiad_office::privacy::sweep_if_due(&mut conn).map_err(|e| e.to_string())
        })
        .await
        .map_err(|e| e.to_string())??;
        if let Some(counts) = swept {
            log::info!("retention sweep: {counts:?}");
        }
        Ok(())
    }

    /// Works in two lanes, the certificate lane beside the mail lane, each waiting only on its own
    /// jobs (the work itself runs on the blocking pool), until `stopping` is set; then each lane
    /// ends after the round it is in: the mail lane's batch is sent and its outcomes recorded (so
    /// a stopping node leaves no e-mail to be reconciled as interrupted), while a certificate run
    /// in progress is left to its lease, which another node or this one restarted takes over.
    pub async fn run_until(self, stopping: Stopping) {
        let worker = std::rc::Rc::new(self);
        let (certificates, stopped) = (worker.clone(), stopping.clone());
        actix_web::rt::spawn(async move {
            while !stopped.load(Ordering::Acquire) {
                if let Err(error) = certificates.run_due_certificates().await {
                    log::error!("worker {} (certificates): {error}", certificates.name);
                }
                actix_web::rt::time::sleep(IDLE).await;
            }
        });
        worker.run_mail_lane(&stopping).await;
    }

    async fn run_mail_lane(&self, stopping: &AtomicBool) {
        while !stopping.load(Ordering::Acquire) {
            if let Err(error) = self.reconcile_interrupted_emails().await {
                log::error!("worker {}: reconciling e-mails: {error}", self.name);
            }
            if let Err(error) = self.run_due().await {
                log::error!("worker {}: {error}", self.name);
            }
            if let Err(error) = self.finish_expired_attempts().await {
                log::error!("worker {}: ending attempts: {error}", self.name);
            }
            if let Err(error) = self.run_sanity_checks_if_due().await {
                log::error!("worker {}: sanity checks: {error}", self.name);
            }
            if let Err(error) = self.sweep_if_due().await {
                log::error!("worker {}: retention sweep: {error}", self.name);
            }
            actix_web::rt::time::sleep(IDLE).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_follow_the_rate_per_minute() {
        // The default: ten a second, each batch at least a second apart.
        assert_eq!(pacing(600), (10, Duration::from_secs(1)));
        // Slower than one a second: one at a time, spaced out.
        assert_eq!(pacing(30), (1, Duration::from_secs(2)));
        // Fast: batches of the most at a time, hardly held back.
        let (batch, least) = pacing(u32::MAX);
        assert_eq!(batch, MAX_BATCH);
        assert!(least < Duration::from_millis(1));
        // Whatever the rate, a minute of batches never sends more than it.
        for rate in [1, 59, 61, 600, 6_001, 60_000] {
            let (batch, least) = pacing(rate);
            let per_minute = f64::from(batch) * 60.0 / least.as_secs_f64();
            assert!(
                per_minute <= f64::from(rate) + 0.001,
                "{rate}: {per_minute}"
            );
        }
    }
}
