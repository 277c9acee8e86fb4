//! The background worker: takes jobs from the job table and does them. Every API node runs one;
//! the table's claim makes sure each job is done by one worker only.

use olympiad_domain::job::JobKind;
use olympiad_domain::sitting::SAVE_GRACE_SECONDS;
use olympiad_mailer::{Email, Mailer};
use olympiad_persistence::models::{AppLog, Attempt, FinishReason, Job};
use olympiad_persistence::{now, DbPool, DbResult};
use std::time::Duration;

/// How long an idle worker waits before looking for work again.
const IDLE: Duration = Duration::from_secs(1);

pub struct Worker {
    pub name: String,
    pub pool: DbPool,
    pub mailer: Mailer,
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

impl Worker {
    /// Does every job that is due; answers how many were taken.
    pub async fn run_due(&self) -> Result<usize, String> {
        let mut taken = 0;
        loop {
            let name = self.name.clone();
            let Some(job) = blocking(&self.pool, move |conn| Job::claim(conn, &name)).await? else {
                return Ok(taken);
            };
            taken += 1;
            let outcome = self.perform(&job).await;
            let (key, level, message) = match &outcome {
                Ok(summary) => (
                    "jobs",
                    "info",
                    format!("job {} ({}) done: {summary}", job.id, job.kind),
                ),
                Err(error) => (
                    "jobs",
                    "warn",
                    format!(
                        "job {} ({}) attempt {} failed: {error}",
                        job.id, job.kind, job.attempts
                    ),
                ),
            };
            log::log!(
                if outcome.is_ok() {
                    log::Level::Info
                } else {
                    log::Level::Warn
                },
                "{message}"
            );
            blocking(&self.pool, move |conn| {
                match &outcome {
                    Ok(_) => Job::complete(conn, &job)?,
                    Err(error) => Job::fail(conn, &job, error)?,
                }
                AppLog::record(conn, key, level, &message)
            })
            .await?;
        }
    }

    async fn perform(&self, job: &Job) -> Result<String, String> {
        match job.kind {
            JobKind::Email => {
                let email: Email = serde_json::from_str(&job.payload)
                    .map_err(|e| format!("unreadable e-mail job: {e}"))?;
                self.mailer.send(&email).await.map_err(|e| e.to_string())?;
                Ok(Mailer::summary(&email).into())
            }
            JobKind::Certificates => {
                let run: olympiad_office::certificates::RunJob = serde_json::from_str(&job.payload)
                    .map_err(|e| format!("unreadable certificate job: {e}"))?;
                let pool = self.pool.clone();
                actix_web::web::block(move || {
                    let mut conn = pool.get().map_err(|e| e.to_string())?;
                    olympiad_office::certificates::work_on_run(&mut conn, &run)
                        .map_err(|e| e.to_string())
                })
                .await
                .map_err(|e| e.to_string())?
            }
        }
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

    /// Runs the consistency checks of the sanity logs when their time has come.
    pub async fn run_sanity_checks_if_due(&self) -> Result<(), String> {
        let pool = self.pool.clone();
        let run = actix_web::web::block(move || {
            let mut conn = pool.get().map_err(|e| e.to_string())?;
            olympiad_office::sanity::run_if_due(&mut conn).map_err(|e| e.to_string())
        })
        .await
        .map_err(|e| e.to_string())??;
        if let Some(run) = run {
            log::info!("sanity checks run {}: {} finding(s)", run.id, run.findings);
        }
        Ok(())
    }

    /// Runs until the process ends.
    pub async fn run_forever(self) {
        loop {
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
