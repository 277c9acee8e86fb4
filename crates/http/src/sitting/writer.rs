//! The answer writer: every answer save and progress ping of every learner goes through a queue to
//! a few writer threads, each of which takes whatever has queued and handles it in one transaction
//! (group commit, see [`olympiad_persistence::group_commit`]): one query checks every attempt and
//! its learner's session, one statement writes every answer, one commit makes them durable, and
//! only then are the waiting requests answered. An answer is acknowledged only once it is durable,
//! and a commit's cost (an fsync) is shared by everything in it: on olympiad morning that is the
//! difference between thousands of saves a second and tens of thousands. Whether each is taken is
//! the sitting's rule ([`olympiad_office::sitting::acceptance`]).

use chrono::NaiveDateTime;
use olympiad_domain::id::AttemptId;
use olympiad_office::sitting::acceptance::{
    judge, module_remaining, modules_to_open, ClockState, DeviceClaim, Outcome, Refusal, Sent,
    TimedModule,
};
use olympiad_persistence::group_commit::{Batch, GroupCommitter, QueueError};
use olympiad_persistence::models::attempt::SaveGuard;
use olympiad_persistence::models::{Answer, AnswerSave, Attempt};
use olympiad_persistence::{now, write_transaction, DbConnection, DbError, DbPool};
use std::collections::BTreeSet;
use tokio::sync::oneshot;

/// The queue is full or the writer is gone: the device keeps its answers and tries again.
#[derive(Debug, Clone, thiserror::Error)]
pub enum WriterError {
    #[error("the answer queue is full")]
    Busy,
    /// The database cannot be used just now (no connection, restarting, failing over) or the
    /// server is stopping: nothing was written, and the device sends the answers again.
    #[error("answers could not be written just now: {0}")]
    Unavailable(String),
    #[error("answers could not be written: {0}")]
    Failed(String),
    /// The database's disk is full: the answers were not kept, and the device sends them again.
    #[error("answers could not be written: {0}")]
    Full(String),
}

impl From<DbError> for WriterError {
    fn from(error: DbError) -> Self {
        match error {
            DbError::Full(_) => WriterError::Full(error.to_string()),
            unavailable if unavailable.is_unavailable() => {
                WriterError::Unavailable(unavailable.to_string())
            }
            other => WriterError::Failed(other.to_string()),
        }
    }
}

enum Work {
    /// The answers, and the timed module of each (by index) that has one.
    Save(Vec<AnswerSave>, Vec<(usize, TimedModule)>),
    /// Where the learner is (`<module>/<question>`), whether the device is online, and the timed
    /// module shown, which opens it.
    Ping(String, bool, Option<TimedModule>),
}

impl Work {
    /// What the acceptance rule weighs of it.
    fn sent(&self) -> Sent<'_> {
        match self {
            Work::Save(_, timed) => Sent::Save(timed),
            Work::Ping(_, _, module) => Sent::Ping(*module),
        }
    }
}

struct Job {
    claim: DeviceClaim,
    work: Work,
    reply: oneshot::Sender<Result<Outcome, WriterError>>,
}

#[derive(Clone)]
pub struct AnswerWriter {
    queue: GroupCommitter<Jobs>,
}

impl AnswerWriter {
    /// Starts `threads` writer threads over the pool (one suits SQLite, which has one writer at a
    /// time anyway; PostgreSQL gains from a few). `capacity` bounds the queue, so that an
    /// overloaded server answers "try again" at once instead of letting requests pile up.
    pub fn start(pool: DbPool, threads: usize, capacity: usize) -> AnswerWriter {
        AnswerWriter {
            queue: GroupCommitter::start(pool, threads, capacity),
        }
    }

    /// Writes every save and ping already queued and stops the writers, as a stopping server does
    /// once it has answered its last request.
    pub fn close(&self) {
        self.queue.close();
    }

    /// Queues a device's answers and waits until they are durable (or refused).
    pub async fn save(
        &self,
        claim: DeviceClaim,
        answers: Vec<AnswerSave>,
        timed: Vec<(usize, TimedModule)>,
    ) -> Result<Outcome, WriterError> {
        self.submit(claim, Work::Save(answers, timed)).await
    }

    /// Notes where the learner is; answers the attempt's clock.
    pub async fn ping(
        &self,
        claim: DeviceClaim,
        position: String,
        online: bool,
        module: Option<TimedModule>,
    ) -> Result<Outcome, WriterError> {
        self.submit(claim, Work::Ping(position, online, module))
            .await
    }

    async fn submit(&self, claim: DeviceClaim, work: Work) -> Result<Outcome, WriterError> {
        let (reply, answer) = oneshot::channel();
        self.queue
            .submit(Job { claim, work, reply })
            .map_err(|error| match error {
                QueueError::Busy => WriterError::Busy,
                QueueError::Stopped => WriterError::Unavailable("the writer stopped".into()),
            })?;
        answer
            .await
            .map_err(|_| WriterError::Unavailable("the writer stopped".into()))?
    }
}

/// The jobs one writer took together, and once written, the outcome of each.
struct Jobs {
    jobs: Vec<Job>,
    outcomes: Vec<Outcome>,
}

impl Batch for Jobs {
    type Piece = Job;
    /// Enough to share an fsync widely, few enough that the first request in it does not wait long.
    const MAX_PIECES: usize = 1000;
    const NAME: &'static str = "answer-writer";

    fn of(jobs: Vec<Job>) -> Self {
        Jobs {
            jobs,
            outcomes: Vec::new(),
        }
    }

    fn write(&mut self, conn: &mut DbConnection) -> Result<(), DbError> {
        self.outcomes = perform(conn, &self.jobs)?;
        Ok(())
    }

    fn committed(self) {
        let saves: Vec<usize> = self
            .jobs
            .iter()
            .filter_map(|job| match &job.work {
                Work::Save(answers, _) => Some(answers.len()),
                Work::Ping(..) => None,
            })
            .collect();
        crate::metrics::answer_batch(self.jobs.len(), saves.len(), saves.iter().sum());
        for (job, outcome) in self.jobs.into_iter().zip(self.outcomes) {
            reply(job, Ok(outcome));
        }
    }

    /// One bad job must not keep failing the others: each goes again on its own. When the
    /// database itself went away, none would fare better alone: each device sends again.
    fn failed(self, conn: &mut DbConnection, error: DbError) {
        if error.is_unavailable() || matches!(error, DbError::Full(_)) {
            log::warn!("answer batch of {} not written: {error}", self.jobs.len());
            let error = WriterError::from(error);
            for job in self.jobs {
                reply(job, Err(error.clone()));
            }
            return;
        }
        crate::metrics::answer_batch_retried();
        log::warn!(
            "answer batch of {} failed ({error}); writing one by one",
            self.jobs.len()
        );
        for job in self.jobs {
            let outcome = write_transaction(conn, |conn| perform(conn, std::slice::from_ref(&job)))
                .map(|mut outcomes| outcomes.remove(0))
                .map_err(WriterError::from);
            if let Err(error) = &outcome {
                log::error!("answer save failed: {error}");
            }
            reply(job, outcome);
        }
    }

    fn unconnected(self, error: diesel::r2d2::PoolError) {
        log::error!("answer writer has no connection: {error}");
        for job in self.jobs {
            reply(job, Err(WriterError::Unavailable(error.to_string())));
        }
    }
}

fn reply(job: Job, outcome: Result<Outcome, WriterError>) {
    // The request may have gone (the client gave up); its answers are stored all the same.
    let _ = job.reply.send(outcome);
}

/// Does a batch inside one transaction; answers each job's outcome, in order.
fn perform(conn: &mut DbConnection, batch: &[Job]) -> Result<Vec<Outcome>, DbError> {
    let at = now();
    let ids: Vec<AttemptId> = batch
        .iter()
        .map(|job| job.claim.attempt_id)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut guards = SaveGuard::load(conn, &ids)?;
    let mut outcomes = Vec::with_capacity(batch.len());
    let mut answers = Vec::new();
    for job in batch {
        let sent = job.work.sent();
        let outcome = match guards.get_mut(&job.claim.attempt_id) {
            None => Outcome::Refused(Refusal::NoAttempt),
            Some(guard) => match judge(&job.claim, guard, sent, at) {
                Outcome::Taken(clock) => open_modules(conn, guard, sent, clock, at)?,
                refused => refused,
            },
        };
        if let Outcome::Taken(_) = outcome {
            match &job.work {
                Work::Save(saves, _) => {
                    answers.extend(saves.iter().map(|s| (job.claim.attempt_id, s)))
                }
                Work::Ping(position, online, _) => Attempt::record_ping(
                    conn,
                    job.claim.attempt_id,
                    &job.claim.device_key_hash,
                    position,
                    *online,
                    at,
                )?,
            }
        }
        outcomes.push(outcome);
    }
    Answer::save_many(conn, &answers, at)?;
    Ok(outcomes)
}

/// Opens the timed modules a taken save or ping opens (a save to a module whose time is up is
/// refused instead); a ping answers the seconds left in its module.
fn open_modules(
    conn: &mut DbConnection,
    guard: &mut SaveGuard,
    sent: Sent<'_>,
    mut clock: ClockState,
    at: NaiveDateTime,
) -> Result<Outcome, DbError> {
    let ids = match modules_to_open(guard, sent, at) {
        Ok(ids) if ids.is_empty() => return Ok(Outcome::Taken(clock)),
        Ok(ids) => ids,
        Err(refusal) => return Ok(Outcome::Refused(refusal)),
    };
    let clocks = Attempt::open_modules(
        conn,
        guard.attempt_id,
        &guard.module_clocks,
        guard.paused_seconds,
        &ids,
        at,
    )?;
    // Later jobs of the batch for the same attempt see the opening.
    guard.module_clocks = serde_json::to_string(&clocks).unwrap_or_default();
    if let Sent::Ping(Some(module)) = sent {
        clock.module_remaining_seconds = module_remaining(guard, &clocks, module, at);
    }
    Ok(Outcome::Taken(clock))
}
