//! The answer writer: every answer save and progress ping of every learner goes through a queue to
//! a few writer threads, each of which commits whatever has queued in one transaction (group
//! commit) and only then answers the requests waiting on it. An answer is acknowledged only once
//! it is durable, and a commit's cost (an fsync) is shared by everything in it: on olympiad morning
//! that is the difference between thousands of saves a second and tens of thousands.

use chrono::NaiveDateTime;
use olympiad_domain::sitting::AttemptStatus;
use olympiad_persistence::models::{Answer, AnswerSave, Attempt};
use olympiad_persistence::{now, write_transaction, DbConnection, DbError, DbPool};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

/// The most jobs one transaction takes: enough to share an fsync widely, few enough that the
/// first request in it does not wait long.
const MAX_BATCH: usize = 1000;

/// One device's batch of answers for its attempt.
#[derive(Debug)]
pub struct SaveJob {
    pub attempt_id: i64,
    /// The signed-in learner: only the attempt's own learner may write in it.
    pub user_id: i64,
    /// Proves the request comes from the device that holds the attempt.
    pub device_key_hash: String,
    pub answers: Vec<AnswerSave>,
}

/// Where the learner is, from the device holding the attempt.
#[derive(Debug)]
pub struct PingJob {
    pub attempt_id: i64,
    pub device_key_hash: String,
    pub position: String,
    pub online: bool,
}

/// Why a save was not taken. Each is final for the batch that met it; the device decides whether
/// to keep the answers and send them again (a pause ends; a finished attempt does not reopen).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    NoAttempt,
    OtherDevice,
    NotStarted,
    Finished,
    Paused,
    TimeUp,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveOutcome {
    /// Durable: the batch's answers are stored, or newer ones were already.
    Saved {
        at: NaiveDateTime,
    },
    Refused(Refusal),
}

/// The queue is full or the writer is gone: the device keeps its answers and tries again.
#[derive(Debug, thiserror::Error)]
pub enum WriterError {
    #[error("the answer queue is full")]
    Busy,
    #[error("answers could not be written: {0}")]
    Failed(String),
}

enum WriteJob {
    Save(SaveJob, oneshot::Sender<Result<SaveOutcome, String>>),
    Ping(PingJob),
}

#[derive(Clone)]
pub struct AnswerWriter {
    queue: SyncSender<WriteJob>,
}

impl AnswerWriter {
    /// Starts `threads` writer threads over the pool (one suits SQLite, which has one writer at a
    /// time anyway; PostgreSQL gains from a few). `capacity` bounds the queue, so that an
    /// overloaded server answers "try again" at once instead of letting requests pile up.
    pub fn start(pool: DbPool, threads: usize, capacity: usize) -> AnswerWriter {
        let (queue, jobs) = sync_channel(capacity);
        let jobs = Arc::new(Mutex::new(jobs));
        for n in 0..threads.max(1) {
            let (pool, jobs) = (pool.clone(), Arc::clone(&jobs));
            let spawned = std::thread::Builder::new()
                .name(format!("answer-writer-{n}"))
                .spawn(move || write_loop(&pool, &jobs));
            if let Err(error) = spawned {
                log::error!("cannot start answer writer {n}: {error}");
            }
        }
        AnswerWriter { queue }
    }

    /// Queues the batch and waits until it is durable (or refused).
    pub async fn save(&self, job: SaveJob) -> Result<SaveOutcome, WriterError> {
        let (reply, answer) = oneshot::channel();
        self.queue
            .try_send(WriteJob::Save(job, reply))
            .map_err(|error| match error {
                TrySendError::Full(_) => WriterError::Busy,
                TrySendError::Disconnected(_) => WriterError::Failed("writer stopped".into()),
            })?;
        answer
            .await
            .map_err(|_| WriterError::Failed("writer stopped".into()))?
            .map_err(WriterError::Failed)
    }

    /// Queues a ping; pings are not worth waiting for.
    pub fn ping(&self, job: PingJob) -> Result<(), WriterError> {
        self.queue
            .try_send(WriteJob::Ping(job))
            .map_err(|_| WriterError::Busy)
    }
}

fn write_loop(pool: &DbPool, jobs: &Mutex<Receiver<WriteJob>>) {
    loop {
        let batch = {
            let Ok(jobs) = jobs.lock() else { return };
            // Wait for the first job, then take whatever else has queued meanwhile.
            let Ok(first) = jobs.recv() else { return };
            let mut batch = vec![first];
            while batch.len() < MAX_BATCH {
                match jobs.try_recv() {
                    Ok(job) => batch.push(job),
                    Err(_) => break,
                }
            }
            batch
        };
        write_batch(pool, batch);
    }
}

fn write_batch(pool: &DbPool, batch: Vec<WriteJob>) {
    let mut conn = match pool.get() {
        Ok(conn) => conn,
        Err(error) => return answer_all(batch, &error.to_string()),
    };
    let together = write_transaction(&mut conn, |conn| {
        batch
            .iter()
            .map(|job| perform(conn, job))
            .collect::<Result<Vec<_>, DbError>>()
    });
    match together {
        Ok(outcomes) => {
            for (job, outcome) in batch.into_iter().zip(outcomes) {
                reply(job, Ok(outcome));
            }
        }
        // One bad job must not keep failing the others: each goes again on its own.
        Err(error) => {
            log::warn!(
                "answer batch of {} failed ({error}); writing one by one",
                batch.len()
            );
            for job in batch {
                let outcome = write_transaction(&mut conn, |conn| perform(conn, &job))
                    .map_err(|e| e.to_string());
                if let Err(error) = &outcome {
                    log::error!("answer save failed: {error}");
                }
                reply(job, outcome);
            }
        }
    }
}

fn reply(job: WriteJob, outcome: Result<SaveOutcome, String>) {
    if let WriteJob::Save(_, reply) = job {
        // The request may have gone (client disconnected); its answers are stored all the same.
        let _ = reply.send(outcome);
    }
}

fn answer_all(batch: Vec<WriteJob>, error: &str) {
    log::error!("answer writer has no connection: {error}");
    for job in batch {
        reply(job, Err(error.to_owned()));
    }
}

/// Does one job inside the batch's transaction. A ping has no outcome worth reporting.
fn perform(conn: &mut DbConnection, job: &WriteJob) -> Result<SaveOutcome, DbError> {
    let at = now();
    match job {
        WriteJob::Ping(ping) => {
            Attempt::record_ping(
                conn,
                ping.attempt_id,
                &ping.device_key_hash,
                &ping.position,
                ping.online,
                at,
            )?;
            Ok(SaveOutcome::Saved { at })
        }
        WriteJob::Save(save, _) => {
            Attempt::lock_for_saves(conn, save.attempt_id)?;
            let Some((attempt, owner)) = Attempt::with_owner(conn, save.attempt_id)? else {
                return Ok(SaveOutcome::Refused(Refusal::NoAttempt));
            };
            if let Some(refusal) = refusal(&attempt, owner, save, at) {
                return Ok(SaveOutcome::Refused(refusal));
            }
            for answer in &save.answers {
                Answer::save(conn, attempt.id, answer, at)?;
            }
            Ok(SaveOutcome::Saved { at })
        }
    }
}

fn refusal(attempt: &Attempt, owner: i64, save: &SaveJob, at: NaiveDateTime) -> Option<Refusal> {
    if owner != save.user_id || attempt.superseded {
        return Some(Refusal::NoAttempt);
    }
    if attempt.device_key_hash != save.device_key_hash {
        return Some(Refusal::OtherDevice);
    }
    match attempt.status() {
        AttemptStatus::Preparing => return Some(Refusal::NotStarted),
        AttemptStatus::Finished => return Some(Refusal::Finished),
        AttemptStatus::Writing => {}
    }
    let Some(clock) = attempt.clock() else {
        return Some(Refusal::NotStarted);
    };
    if clock.paused_at.is_some() {
        Some(Refusal::Paused)
    } else if !clock.takes_saves_at(at) {
        Some(Refusal::TimeUp)
    } else {
        None
    }
}
