//! Group commit for the short writes of olympiad morning: a learner's sign-in, declaration,
//! recovery code and start. Each is a small transaction, and on a durable database each commit
//! costs an fsync; ten thousand learners starting within a minute would queue for forty thousand
//! of them. Instead, a few committer threads each take whatever work has queued, run every piece
//! in a savepoint of one transaction (a piece that fails is rolled back alone and answers its own
//! error), commit once, and only then answer every waiting request: nothing is acknowledged before
//! it is durable, and the checks each piece makes are the same as on its own.

use diesel::connection::SimpleConnection;
use olympiad_persistence::{write_transaction, DbConnection, DbError, DbPool};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};

/// The most pieces one transaction takes: enough to share an fsync widely, few enough that the
/// first request in it does not wait long behind the others.
const MAX_BATCH: usize = 256;

/// Pieces that may wait for a committer before new ones are told to come back in a moment.
const QUEUE: usize = 20_000;

/// What a piece leaves to do once the transaction has ended: answer its request, with whether the
/// transaction committed.
pub type Reply = Box<dyn FnOnce(bool) + Send>;

/// A piece of work: it runs inside the batch's transaction and says whether to keep what it wrote.
pub type Piece = Box<dyn FnOnce(&mut DbConnection) -> (bool, Reply) + Send>;

/// Why a piece was not run.
#[derive(Debug, thiserror::Error)]
pub enum GroupError {
    #[error("the commit queue is full")]
    Busy,
    #[error("the committer stopped")]
    Stopped,
}

#[derive(Clone)]
pub struct GroupCommit {
    queue: SyncSender<Piece>,
}

impl GroupCommit {
    /// Starts `threads` committers over the pool: one suits SQLite (one writer at a time anyway),
    /// a few suit PostgreSQL.
    pub fn start(pool: DbPool, threads: usize) -> GroupCommit {
        let (queue, pieces) = sync_channel(QUEUE);
        let pieces = Arc::new(Mutex::new(pieces));
        for n in 0..threads.max(1) {
            let (pool, pieces) = (pool.clone(), Arc::clone(&pieces));
            let spawned = std::thread::Builder::new()
                .name(format!("committer-{n}"))
                .spawn(move || commit_loop(&pool, &pieces));
            if let Err(error) = spawned {
                log::error!("cannot start committer {n}: {error}");
            }
        }
        GroupCommit { queue }
    }

    pub fn submit(&self, piece: Piece) -> Result<(), GroupError> {
        self.queue.try_send(piece).map_err(|error| match error {
            TrySendError::Full(_) => GroupError::Busy,
            TrySendError::Disconnected(_) => GroupError::Stopped,
        })
    }
}

fn commit_loop(pool: &DbPool, pieces: &Mutex<Receiver<Piece>>) {
    loop {
        let batch = {
            let Ok(pieces) = pieces.lock() else { return };
            // Wait for the first piece, then take whatever else has queued meanwhile.
            let Ok(first) = pieces.recv() else { return };
            let mut batch = vec![first];
            while batch.len() < MAX_BATCH {
                match pieces.try_recv() {
                    Ok(piece) => batch.push(piece),
                    Err(_) => break,
                }
            }
            batch
        };
        commit_batch(pool, batch);
    }
}

fn commit_batch(pool: &DbPool, batch: Vec<Piece>) {
    let mut conn = match pool.get() {
        Ok(conn) => conn,
        Err(error) => {
            log::error!("committer has no connection: {error}");
            // Each request is answered with a server error (its reply is dropped unsent).
            return;
        }
    };
    let mut replies: Vec<Reply> = Vec::with_capacity(batch.len());
    let committed = write_transaction(&mut conn, |conn| {
        // Each piece in a savepoint of its own. What ends one piece's savepoint and begins the
        // next one's goes to the database as one message, and the commit ends the last one: one
        // trip per piece rather than two.
        let mut ended = PieceEnd::First;
        for piece in batch {
            conn.batch_execute(ended.then_next())?;
            ended = match catch_unwind(AssertUnwindSafe(|| piece(conn))) {
                Ok((true, reply)) => {
                    replies.push(reply);
                    PieceEnd::Kept
                }
                Ok((false, reply)) => {
                    replies.push(reply);
                    PieceEnd::Undone
                }
                // The piece's request is answered with a server error; the others go on.
                Err(_) => {
                    log::error!("a grouped write panicked");
                    PieceEnd::Undone
                }
            };
        }
        if ended == PieceEnd::Undone {
            conn.batch_execute("ROLLBACK TO SAVEPOINT piece")?;
        }
        Ok::<(), DbError>(())
    });
    if let Err(error) = &committed {
        log::error!("a group commit of {} writes failed: {error}", replies.len());
    }
    let committed = committed.is_ok();
    for reply in replies {
        reply(committed);
    }
}

/// How the piece before ended, which says what the next piece's savepoint is sent with.
#[derive(Clone, Copy, PartialEq, Eq)]
enum PieceEnd {
    First,
    Kept,
    Undone,
}

impl PieceEnd {
    fn then_next(self) -> &'static str {
        match self {
            PieceEnd::First => "SAVEPOINT piece",
            PieceEnd::Kept => "RELEASE SAVEPOINT piece; SAVEPOINT piece",
            PieceEnd::Undone => {
                "ROLLBACK TO SAVEPOINT piece; RELEASE SAVEPOINT piece; SAVEPOINT piece"
            }
        }
    }
}
