//! The background worker: takes jobs from the job table and does them. Every API node runs one;
//! the table's claim makes sure each job is done by one worker only. It works in two lanes at once:
//! certificate runs (minutes each) in one, every other job in the other, so that e-mails keep
//! going out while a node makes certificates.
//!
//! E-mail: each is written in the copy of its olympiad, handed to the mail server at no more than
//! the configured rate, retried with back-off on a temporary failure and given up on a permanent
//! one, and its final state is kept in the e-mail log. The job is marked running (committed)
//! before it is handed over; one found still running after its lease is not sent again but
//! reconciled as interrupted, so that a crash never makes a second copy.

use olympiad_domain::email::EmailOutcome;
use olympiad_domain::job::JobKind;
use olympiad_domain::sitting::SAVE_GRACE_SECONDS;
use olympiad_mailer::{Email, Mailer};
use olympiad_office::certificates::{work_on_leased_run, RunLease, RunWork};
use olympiad_office::email::sending::{before_send, log_outcome, Decision};
use olympiad_persistence::models::job::MAX_ATTEMPTS;
use olympiad_persistence::models::{AppLog, Attempt, FinishReason, Job, Lane};
use olympiad_persistence::{now, DbPool, DbResult};
use std::time::{Duration, Instant};

/// How long an idle worker waits before looking for work again.
const IDLE: Duration = Duration::from_secs(1);

pub struct Worker {
    pub name: String,
    pub pool: DbPool,
    pub mailer: Mailer,
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

impl Worker {
    /// The pause between two e-mails that keeps to the rate.
    fn spacing(&self) -> Duration {
        Duration::from_secs_f64(60.0 / f64::from(self.mail_rate_per_minute.max(1)))
    }

    /// Does every job of the mail lane (all but certificate runs) that is due; answers how many
    /// were taken.
    pub async fn run_due(&self) -> Result<usize, String> {
        self.run_due_in(Lane::Mail).await
    }

    /// Does every certificate run that is due; answers how many were taken.
    pub async fn run_due_certificates(&self) -> Result<usize, String> {
        self.run_due_in(Lane::Certificates).await
    }

    async fn run_due_in(&self, lane: Lane) -> Result<usize, String> {
        let mut taken = 0;
        let spacing = self.spacing();
        loop {
            let name = self.name.clone();
            let Some(job) =
                blocking(&self.pool, move |conn| Job::claim_lane(conn, &name, lane)).await?
            else {
                return Ok(taken);
            };
            taken += 1;
            let started = Instant::now();
            let is_email = job.kind == JobKind::Email;
            let outcome = self.perform(&job).await?;
            let (level, message) = match &outcome {
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
            };
            log::log!(level, "{message}");
            blocking(&self.pool, move |conn| {
                match &outcome {
                    Outcome::Done(_) => Job::complete(conn, &job)?,
                    Outcome::Retry(error) => Job::fail(conn, &job, error)?,
                    Outcome::GiveUp(error) => Job::give_up(conn, &job, error)?,
                    Outcome::TakenOver(_) => {}
                }
                let level = if level == log::Level::Info {
                    "info"
                } else {
                    "warn"
                };
                AppLog::record(conn, "jobs", level, &message)
            })
            .await?;
            if is_email {
                if let Some(rest) = spacing.checked_sub(started.elapsed()) {
                    actix_web::rt::time::sleep(rest).await;
                }
            }
        }
    }

    async fn perform(&self, job: &Job) -> Result<Outcome, String> {
        match job.kind {
            JobKind::Email => self.send_email(job).await,
            JobKind::Certificates => {
                let run: olympiad_office::certificates::RunJob =
                    match serde_json::from_str(&job.payload) {
                        Ok(run) => run,
                        Err(e) => {
                            return Ok(Outcome::GiveUp(format!("unreadable certificate job: {e}")))
                        }
                    };
                // A run picks up where it stopped, so a failed attempt is simply tried again.
                let lease = RunLease {
                    job_id: job.id,
                    worker: self.name.clone(),
                };
                let made = blocking(&self.pool, move |conn| {
                    Ok(work_on_leased_run(conn, &run, Some(&lease)).map_err(|e| e.to_string()))
                })
                .await?;
                Ok(match made {
                    Ok(RunWork::Finished(summary)) => Outcome::Done(summary),
                    Ok(RunWork::LeaseLost(summary)) => Outcome::TakenOver(summary),
                    Err(error) => Outcome::Retry(error),
                })
            }
        }
    }

    /// Sends one queued e-mail and keeps its final state in the e-mail log.
    async fn send_email(&self, job: &Job) -> Result<Outcome, String> {
        let email: Email = match serde_json::from_str(&job.payload) {
            Ok(email) => email,
            Err(e) => return Ok(Outcome::GiveUp(format!("unreadable e-mail job: {e}"))),
        };
        let (for_decision, job_copy) = (email.clone(), job.clone());
        let decision = blocking(&self.pool, move |conn| {
            before_send(conn, &job_copy, &for_decision)
        })
        .await?;
        let copy = match decision {
            Decision::Send(copy) => copy,
            Decision::Skip(reason) => {
                self.log_email(job, &email, "", EmailOutcome::Skipped, reason)
                    .await?;
                return Ok(Outcome::Done(format!("not sent: {reason}")));
            }
        };
        let subject = email
            .written(copy.as_ref())
            .map(|w| w.subject)
            .unwrap_or_default();
        match self.mailer.send(&email, copy.as_ref()).await {
            Ok(()) => {
                self.log_email(job, &email, &subject, EmailOutcome::Sent, "")
                    .await?;
                Ok(Outcome::Done(Mailer::summary(&email)))
            }
            Err(error) if error.is_permanent() || job.attempts >= MAX_ATTEMPTS => {
                let error = error.to_string();
                self.log_email(job, &email, &subject, EmailOutcome::Failed, &error)
                    .await?;
                Ok(Outcome::GiveUp(error))
            }
            Err(error) => Ok(Outcome::Retry(error.to_string())),
        }
    }

    async fn log_email(
        &self,
        job: &Job,
        email: &Email,
        subject: &str,
        outcome: EmailOutcome,
        detail: &str,
    ) -> Result<(), String> {
        let (job, email, subject, detail) = (
            job.clone(),
            email.clone(),
            subject.to_owned(),
            detail.to_owned(),
        );
        blocking(&self.pool, move |conn| {
            log_outcome(conn, &job, &email, &subject, outcome, &detail)
        })
        .await
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
            olympiad_office::sanity::run_if_due(&mut conn).map_err(|e| e.to_string())
        })
        .await
        .map_err(|e| e.to_string())??;
        if let Some(run) = ran {
            log::info!("sanity checks: run {} found {}", run.id, run.findings);
        }
        Ok(())
    }

    /// Runs until the process ends: the certificate lane beside the mail lane, each waiting only
    /// on its own jobs (the work itself runs on the blocking pool).
    pub async fn run_forever(self) {
        let worker = std::rc::Rc::new(self);
        let certificates = worker.clone();
        actix_web::rt::spawn(async move {
            loop {
                if let Err(error) = certificates.run_due_certificates().await {
                    log::error!("worker {} (certificates): {error}", certificates.name);
                }
                actix_web::rt::time::sleep(IDLE).await;
            }
        });
        worker.run_mail_lane().await;
    }

    async fn run_mail_lane(&self) {
        loop {
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
            actix_web::rt::time::sleep(IDLE).await;
        }
    }
}
