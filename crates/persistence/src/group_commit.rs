//! Group commit: many requests' short writes share one transaction. On a durable database each
//! commit costs an fsync; on olympiad morning thousands of learners each saving or starting would
//! queue for one apiece. Instead requests queue their pieces of work, and a few committer threads
//! each take whatever has queued (a batch), write it in one transaction, commit once, and only then
//! answer every piece: nothing is acknowledged before it is durable, and the cost of a commit is
//! shared by everything in it.
//!
//! The queue is bounded, so that an overloaded server answers "try again" at once instead of
//! letting requests pile up. What a batch writes, and how its pieces are answered when it commits,
//! fails or finds no connection, is the [`Batch`]'s.

use crate::{write_transaction, DbConnection, DbError, DbPool};
use diesel::r2d2::PoolError;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

/// How often a committer waiting for work looks whether the queue has been closed.
const CLOSED_CHECK: Duration = Duration::from_millis(100);

/// The pieces one committer took together, and how they are written and answered.
pub trait Batch: Sized + 'static {
    /// One request's work, as it waits in the queue.
    type Piece: Send + 'static;

    /// The most pieces one transaction takes: enough to share an fsync widely, few enough that
    /// the first request in it does not wait long behind the others.
    const MAX_PIECES: usize;

    /// What the committer threads are called (`<name>-<n>`), in logs and the thread list.
    const NAME: &'static str;

    /// The batch of these pieces, in the order they queued.
    fn of(pieces: Vec<Self::Piece>) -> Self;

    /// Writes the batch inside its one transaction; an error rolls the whole of it back.
    fn write(&mut self, conn: &mut DbConnection) -> Result<(), DbError>;

    /// The transaction committed: every piece is answered.
    fn committed(self);

    /// The transaction failed and was rolled back: every piece is answered, after writing again on
    /// `conn` whatever the batch writes again.
    fn failed(self, conn: &mut DbConnection, error: DbError);

    /// No connection could be had: every piece is answered without being written.
    fn unconnected(self, error: PoolError);
}

/// Why a piece was not queued.
#[derive(Debug, thiserror::Error)]
pub enum QueueError {
    /// The queue is full: the caller answers "busy", and the device tries again in a moment.
    #[error("the commit queue is full")]
    Busy,
    #[error("the committer stopped")]
    Stopped,
}

/// The queue in front of a batch's committer threads.
pub struct GroupCommitter<B: Batch> {
    queue: SyncSender<B::Piece>,
    committers: Arc<Committers>,
}

/// What every copy of one committer's queue shares: whether it is closed, and its threads.
#[derive(Default)]
struct Committers {
    closed: AtomicBool,
    threads: Mutex<Vec<JoinHandle<()>>>,
}

impl<B: Batch> Clone for GroupCommitter<B> {
    fn clone(&self) -> Self {
        GroupCommitter {
            queue: self.queue.clone(),
            committers: Arc::clone(&self.committers),
        }
    }
}

impl<B: Batch> GroupCommitter<B> {
    /// Starts `threads` committers over the pool (one suits SQLite, which has one writer at a time
    /// anyway; PostgreSQL gains from a few), behind a queue of `capacity` pieces.
    pub fn start(pool: DbPool, threads: usize, capacity: usize) -> Self {
        let (queue, pieces) = sync_channel(capacity);
        let pieces = Arc::new(Mutex::new(pieces));
        let committers = Arc::new(Committers::default());
        for n in 0..threads.max(1) {
            let (pool, pieces, shared) =
                (pool.clone(), Arc::clone(&pieces), Arc::clone(&committers));
            let name = format!("{}-{n}", B::NAME);
            let spawned = std::thread::Builder::new()
                .name(name.clone())
                .spawn(move || commit_loop::<B>(&pool, &pieces, &shared.closed));
            match spawned {
                Ok(thread) => committers.lock_threads().push(thread),
                Err(error) => log::error!("cannot start {name}: {error}"),
            }
        }
        GroupCommitter { queue, committers }
    }

    /// Queues a piece; it is answered the way its batch answers, once the batch has ended.
    pub fn submit(&self, piece: B::Piece) -> Result<(), QueueError> {
        if self.committers.closed.load(Ordering::Acquire) {
            return Err(QueueError::Stopped);
        }
        self.queue.try_send(piece).map_err(|error| match error {
            TrySendError::Full(_) => QueueError::Busy,
            TrySendError::Disconnected(_) => QueueError::Stopped,
        })
    }

    /// Closes the queue and waits until every piece queued before has been written and answered:
    /// what a server that is stopping does once it has stopped taking requests, so that nothing
    /// waiting for a commit is dropped with the process. Later pieces are refused (`Stopped`).
    pub fn close(&self) {
        self.committers.closed.store(true, Ordering::Release);
        let threads = std::mem::take(&mut *self.committers.lock_threads());
        for thread in threads {
            if thread.join().is_err() {
                log::error!("a {} thread ended in a panic", B::NAME);
            }
        }
    }
}

impl Committers {
    fn lock_threads(&self) -> std::sync::MutexGuard<'_, Vec<JoinHandle<()>>> {
        self.threads.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

fn commit_loop<B: Batch>(pool: &DbPool, pieces: &Mutex<Receiver<B::Piece>>, closed: &AtomicBool) {
    loop {
        let batch = {
            let Ok(pieces) = pieces.lock() else { return };
            // Wait for the first piece, then take whatever else has queued meanwhile; once the
            // queue is closed, a committer ends when it finds the queue empty.
            let first = match pieces.recv_timeout(CLOSED_CHECK) {
                Ok(piece) => piece,
                Err(RecvTimeoutError::Timeout) if !closed.load(Ordering::Acquire) => continue,
                Err(_) => return,
            };
            let mut batch = vec![first];
            while batch.len() < B::MAX_PIECES {
                match pieces.try_recv() {
                    Ok(piece) => batch.push(piece),
                    Err(_) => break,
                }
            }
            batch
        };
        commit::<B>(pool, batch);
    }
}

fn commit<B: Batch>(pool: &DbPool, pieces: Vec<B::Piece>) {
    let mut conn = match pool.get() {
        Ok(conn) => conn,
        Err(error) => return B::of(pieces).unconnected(error),
    };
    let mut batch = B::of(pieces);
    match write_transaction(&mut conn, |conn| batch.write(conn)) {
        Ok(()) => batch.committed(),
        Err(error) => batch.failed(&mut conn, error),
    }
}
