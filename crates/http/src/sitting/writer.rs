//! The answer writer: every answer save and progress ping of every learner goes through a queue to
//! a few writer threads, each of which takes whatever has queued and handles it in one transaction
//! (group commit): one query checks every attempt and its learner's session, one statement writes
//! every answer, one commit makes them durable, and only then are the waiting requests answered. An
//! answer is acknowledged only once it is durable, and a commit's cost (an fsync) is shared by
//! everything in it: on olympiad morning that is the difference between thousands of saves a second
//! and tens of thousands.

use chrono::NaiveDateTime;
use olympiad_domain::id::{AttemptId, UserId};
use olympiad_domain::module_time::{
    module_remaining_seconds, module_takes_saves, AttemptTime, ModuleClocks,
};
use olympiad_domain::sitting::{remaining_seconds, save_in_time, AttemptStatus};
use olympiad_office::sitting::DeviceKey;
use olympiad_persistence::models::attempt::SaveGuard;
use olympiad_persistence::models::{Answer, AnswerSave, Attempt};
use olympiad_persistence::{now, write_transaction, DbConnection, DbError, DbPool};
use std::collections::BTreeSet;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

/// The most jobs one transaction takes: enough to share an fsync widely, few enough that the
/// first request in it does not wait long.
const MAX_BATCH: usize = 1000;

/// Who claims to write in an attempt: the learner of the token, from the device of the key. The
/// writer checks both against the database with the attempt, in the same query.
#[derive(Debug, Clone)]
pub struct DeviceClaim {
    pub attempt_id: AttemptId,
    pub user_id: UserId,
    /// The token's session version: a signed-out or disabled learner writes nothing.
    pub session_version: i32,
    pub device_key_hash: String,
}

impl DeviceClaim {
    /// This learner's session, on the device of this key, in the key's attempt.
    pub fn new(caller: &olympiad_office::Caller, device: DeviceKey) -> DeviceClaim {
        DeviceClaim {
            attempt_id: device.attempt_id,
            user_id: caller.user_id,
            session_version: caller.session_version,
            device_key_hash: device.hash,
        }
    }
}

/// Why a job was not taken. Each is final for the job; the device decides whether to keep its
/// answers and send them again (a pause ends; a finished attempt does not reopen).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    NoAttempt,
    SessionEnded,
    OtherDevice,
    NotStarted,
    Finished,
    Paused,
    TimeUp,
    /// The save holds answers to a timed module whose time is up: these, by their index in it.
    ModuleTimeUp(Vec<usize>),
}

/// The attempt's clock as the writer found it, so that the device follows pauses and extra time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockState {
    pub at: NaiveDateTime,
    pub status: AttemptStatus,
    pub ends_at: Option<NaiveDateTime>,
    pub remaining_seconds: Option<i64>,
    pub paused: bool,
    /// For a ping from a timed module: the seconds left in it.
    pub module_remaining_seconds: Option<i64>,
}

/// A module with its own time limit, as a save or ping touches it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimedModule {
    pub module_id: i64,
    pub limit_minutes: i32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Durable: the job's answers are stored (or newer ones were already), or the ping noted.
    Taken(ClockState),
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

enum Work {
    /// The answers, and the timed module of each (by index) that has one.
    Save(Vec<AnswerSave>, Vec<(usize, TimedModule)>),
    /// Where the learner is (`<module>/<question>`), whether the device is online, and the timed
    /// module shown, which opens it.
    Ping(String, bool, Option<TimedModule>),
}

struct Job {
    claim: DeviceClaim,
    work: Work,
    reply: oneshot::Sender<Result<Outcome, String>>,
}

#[derive(Clone)]
pub struct AnswerWriter {
    queue: SyncSender<Job>,
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
            .try_send(Job { claim, work, reply })
            .map_err(|error| match error {
                TrySendError::Full(_) => WriterError::Busy,
                TrySendError::Disconnected(_) => WriterError::Failed("writer stopped".into()),
            })?;
        answer
            .await
            .map_err(|_| WriterError::Failed("writer stopped".into()))?
            .map_err(WriterError::Failed)
    }
}

fn write_loop(pool: &DbPool, jobs: &Mutex<Receiver<Job>>) {
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

fn write_batch(pool: &DbPool, batch: Vec<Job>) {
    let mut conn = match pool.get() {
        Ok(conn) => conn,
        Err(error) => {
            log::error!("answer writer has no connection: {error}");
            return batch
                .into_iter()
                .for_each(|job| reply(job, Err(error.to_string())));
        }
    };
    let saves: Vec<usize> = batch
        .iter()
        .filter_map(|job| match &job.work {
            Work::Save(answers, _) => Some(answers.len()),
            Work::Ping(..) => None,
        })
        .collect();
    match write_transaction(&mut conn, |conn| perform(conn, &batch)) {
        Ok(outcomes) => {
            crate::metrics::answer_batch(batch.len(), saves.len(), saves.iter().sum());
            for (job, outcome) in batch.into_iter().zip(outcomes) {
                reply(job, Ok(outcome));
            }
        }
        // One bad job must not keep failing the others: each goes again on its own.
        Err(error) => {
            crate::metrics::answer_batch_retried();
            log::warn!(
                "answer batch of {} failed ({error}); writing one by one",
                batch.len()
            );
            for job in batch {
                let outcome =
                    write_transaction(&mut conn, |conn| perform(conn, std::slice::from_ref(&job)))
                        .map(|mut outcomes| outcomes.remove(0))
                        .map_err(|e| e.to_string());
                if let Err(error) = &outcome {
                    log::error!("answer save failed: {error}");
                }
                reply(job, outcome);
            }
        }
    }
}

fn reply(job: Job, outcome: Result<Outcome, String>) {
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
        let outcome = match guards.get_mut(&job.claim.attempt_id) {
            None => Outcome::Refused(Refusal::NoAttempt),
            Some(guard) => match judge(job, guard, at) {
                Outcome::Taken(clock) => open_modules(conn, job, guard, clock, at)?,
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

/// Module time limits: a save to a timed module whose time is up is refused (naming those
/// answers); a save to, or a ping from, a timed module not opened yet opens it now. A ping answers
/// the seconds left in its module.
fn open_modules(
    conn: &mut DbConnection,
    job: &Job,
    guard: &mut SaveGuard,
    mut clock: ClockState,
    at: NaiveDateTime,
) -> Result<Outcome, DbError> {
    let timed: Vec<TimedModule> = match &job.work {
        Work::Save(_, timed) => timed.iter().map(|(_, m)| *m).collect(),
        Work::Ping(_, _, module) => module.iter().copied().collect(),
    };
    let (Some(ends_at), false) = (guard.ends_at, timed.is_empty()) else {
        return Ok(Outcome::Taken(clock));
    };
    let time = AttemptTime {
        ends_at,
        paused_seconds: i64::from(guard.paused_seconds),
        paused_at: guard.paused_at,
    };
    let opened: ModuleClocks = serde_json::from_str(&guard.module_clocks).unwrap_or_default();
    if let Work::Save(_, timed) = &job.work {
        let late: Vec<usize> = timed
            .iter()
            .filter(|(_, m)| {
                let open = opened.get(&m.module_id).copied();
                !module_takes_saves(open, Some(m.limit_minutes), time, at)
            })
            .map(|(index, _)| *index)
            .collect();
        if !late.is_empty() {
            return Ok(Outcome::Refused(Refusal::ModuleTimeUp(late)));
        }
    }
    let ids: Vec<i64> = timed.iter().map(|m| m.module_id).collect();
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
    if let Work::Ping(_, _, Some(module)) = &job.work {
        clock.module_remaining_seconds = clocks
            .get(&module.module_id)
            .map(|open| module_remaining_seconds(*open, module.limit_minutes, time, at));
    }
    Ok(Outcome::Taken(clock))
}

fn judge(job: &Job, guard: &SaveGuard, at: NaiveDateTime) -> Outcome {
    let claim = &job.claim;
    if guard.user_id != claim.user_id || guard.superseded {
        return Outcome::Refused(Refusal::NoAttempt);
    }
    if guard.session_version != claim.session_version
        || guard.user_disabled
        || guard.account_disabled != Some(false)
    {
        return Outcome::Refused(Refusal::SessionEnded);
    }
    if guard.device_key_hash != claim.device_key_hash {
        return Outcome::Refused(Refusal::OtherDevice);
    }
    let status = guard.status;
    let clock = ClockState {
        at,
        status,
        ends_at: guard.ends_at,
        remaining_seconds: guard
            .ends_at
            .filter(|_| status == AttemptStatus::Writing)
            .map(|ends_at| remaining_seconds(ends_at, guard.paused_at, at)),
        paused: guard.paused_at.is_some(),
        module_remaining_seconds: None,
    };
    if let Work::Save(..) = job.work {
        let refusal = match status {
            AttemptStatus::Preparing => Some(Refusal::NotStarted),
            AttemptStatus::Finished => Some(Refusal::Finished),
            AttemptStatus::Writing if guard.paused_at.is_some() => Some(Refusal::Paused),
            AttemptStatus::Writing if !guard.ends_at.is_some_and(|end| save_in_time(end, at)) => {
                Some(Refusal::TimeUp)
            }
            AttemptStatus::Writing => None,
        };
        if let Some(refusal) = refusal {
            return Outcome::Refused(refusal);
        }
    }
    Outcome::Taken(clock)
}
