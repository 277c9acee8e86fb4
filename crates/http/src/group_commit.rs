//! Group commit for the short writes of olympiad morning: a learner's sign-in, declaration,
//! recovery code and start. Each is a small transaction, and on a durable database each commit
//! costs an fsync; ten thousand learners starting within a minute would queue for forty thousand
//! of them. Instead, a few committer threads each take whatever work has queued
//! ([`olympiad_persistence::group_commit`]), run every piece in a savepoint of one transaction (a
//! piece that fails is rolled back alone and answers its own error), commit once, and only then
//! answer every waiting request: nothing is acknowledged before it is durable, and the checks each
//! piece makes are the same as on its own. The sitting's steps in a batch begin from one read of
//! all their learners ([`Sitter::at_sitting_all`]) rather than a read each. Sign-ins are not
//! pieces but notes: the batch writes all of theirs in two statements after its pieces
//! ([`SignInNote::write_all`]), and only when that fails (a user erased meanwhile) each alone, in
//! a savepoint of its own.

use diesel::connection::SimpleConnection;
use diesel::r2d2::PoolError;
use diesel::RunQueryDsl;
use olympiad_domain::id::{AccountId, UserId};
use olympiad_persistence::group_commit::{Batch, GroupCommitter};
use olympiad_persistence::models::{FirstRead, SignInNote, Sitter};
use olympiad_persistence::prepared::PreparedOnce;
use olympiad_persistence::{DbConnection, DbError, DbPool};
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Pieces that may wait for a committer before new ones are told to come back in a moment.
const QUEUE: usize = 20_000;

/// What a piece leaves to do once the transaction has ended: answer its request, with whether the
/// transaction committed, or why not.
pub type Reply = Box<dyn FnOnce(Result<(), &DbError>) + Send>;

/// A piece of work: it runs inside the batch's transaction and says whether to keep what it wrote.
/// A step of the sitting is given its learner's first read as the batch made it.
pub type Piece = Box<dyn FnOnce(&mut DbConnection, FirstRead) -> (bool, Reply) + Send>;

/// The learner a step of the sitting is for: their user and the account of their token.
pub type Learner = (UserId, AccountId);

/// What waits for a committer.
pub enum Short {
    /// Work of its own, run in a savepoint of its own; a step of the sitting names its learner.
    Piece(Option<Learner>, Piece),
    /// A sign-in's note, written with the batch's other sign-ins; the reply is sent once the
    /// batch has ended.
    SignIn(SignInNote, Reply),
}

/// The queue of the short writes, in front of their committers.
pub type GroupCommit = GroupCommitter<ShortWrites>;

/// Starts `threads` committers over the pool: one suits SQLite (one writer at a time anyway), a
/// few suit PostgreSQL.
pub fn start(pool: DbPool, threads: usize) -> GroupCommit {
    GroupCommitter::start(pool, threads, QUEUE)
}

/// The pieces and sign-ins one committer took together; once written, the reply of each that ran
/// to its end.
pub struct ShortWrites {
    pieces: Vec<(Option<Learner>, Piece)>,
    sign_ins: Vec<(SignInNote, Reply)>,
    replies: Vec<Reply>,
}

impl Batch for ShortWrites {
    type Piece = Short;
    /// Enough to share an fsync widely, few enough that the first request in it does not wait
    /// long behind the others.
    const MAX_PIECES: usize = 256;
    const NAME: &'static str = "committer";

    fn of(queued: Vec<Short>) -> Self {
        let replies = Vec::with_capacity(queued.len());
        let (mut pieces, mut sign_ins) = (Vec::new(), Vec::new());
        for short in queued {
            match short {
                Short::Piece(learner, piece) => pieces.push((learner, piece)),
                Short::SignIn(note, reply) => sign_ins.push((note, reply)),
            }
        }
        ShortWrites {
            pieces,
            sign_ins,
            replies,
        }
    }

    fn write(&mut self, conn: &mut DbConnection) -> Result<(), DbError> {
        let mut first_reads = self.first_reads(conn)?;
        // Each piece in a savepoint of its own, and the commit ends the last one.
        let mut ended = PieceEnd::First;
        for (learner, piece) in std::mem::take(&mut self.pieces) {
            let first = learner
                .and_then(|learner| first_reads.remove(&learner))
                .unwrap_or(FirstRead::ToMake);
            send(conn, ended.then_next())?;
            ended = match catch_unwind(AssertUnwindSafe(|| piece(conn, first))) {
                Ok((true, reply)) => {
                    self.replies.push(reply);
                    PieceEnd::Kept
                }
                Ok((false, reply)) => {
                    self.replies.push(reply);
                    PieceEnd::Undone
                }
                // The piece's request is answered with a server error; the others go on.
                Err(_) => {
                    log::error!("a grouped write panicked");
                    PieceEnd::Undone
                }
            };
        }
        ended = self.write_sign_ins(conn, ended)?;
        if ended == PieceEnd::Undone {
            send(conn, "ROLLBACK TO SAVEPOINT piece")?;
        }
        Ok(())
    }

    fn committed(self) {
        for reply in self.replies {
            reply(Ok(()));
        }
    }

    /// No request of the group is told it was saved.
    fn failed(self, _conn: &mut DbConnection, error: DbError) {
        let sign_ins = self.sign_ins.into_iter().map(|(_, reply)| reply);
        let replies: Vec<Reply> = self.replies.into_iter().chain(sign_ins).collect();
        log::error!("a group commit of {} writes failed: {error}", replies.len());
        for reply in replies {
            reply(Err(&error));
        }
    }

    /// Each request is answered with a server error (its reply is dropped unsent).
    fn unconnected(self, error: PoolError) {
        log::error!("committer has no connection: {error}");
    }
}

impl ShortWrites {
    /// The first read of every learner with a step in the batch, in one statement, made before
    /// any step runs. Each is given to the learner's first step only: a second step of theirs in
    /// the batch (a second tab, a retry beside the first try) reads for itself what the first
    /// may have changed.
    fn first_reads(&self, conn: &mut DbConnection) -> Result<HashMap<Learner, FirstRead>, DbError> {
        let mut learners: Vec<Learner> = self.pieces.iter().filter_map(|(l, _)| *l).collect();
        learners.sort_unstable();
        learners.dedup();
        match learners.as_slice() {
            // Alone, a step reads for itself, as it does outside a batch.
            [] | [_] => Ok(HashMap::new()),
            _ => Sitter::at_sitting_all(conn, &learners),
        }
    }

    /// Writes the batch's sign-ins after its pieces (`ended` says how the last piece ended) in a
    /// savepoint of their own, and answers how they ended. When one of them cannot be written, the
    /// rest are not held back: each is written again alone, and the one that fails answers its
    /// error.
    fn write_sign_ins(
        &mut self,
        conn: &mut DbConnection,
        ended: PieceEnd,
    ) -> Result<PieceEnd, DbError> {
        if self.sign_ins.is_empty() {
            return Ok(ended);
        }
        send(conn, ended.then_next())?;
        let (notes, replies): (Vec<SignInNote>, Vec<Reply>) =
            std::mem::take(&mut self.sign_ins).into_iter().unzip();
        if SignInNote::write_all(conn, &notes).is_ok() {
            self.replies.extend(replies);
            return Ok(PieceEnd::Kept);
        }
        let mut ended = PieceEnd::Undone;
        for (note, reply) in notes.into_iter().zip(replies) {
            send(conn, ended.then_next())?;
            match SignInNote::write_all(conn, std::slice::from_ref(&note)) {
                Ok(()) => {
                    self.replies.push(reply);
                    ended = PieceEnd::Kept;
                }
                Err(error) => {
                    reply(Err(&error));
                    ended = PieceEnd::Undone;
                }
            }
        }
        Ok(ended)
    }
}

/// Sends statements that answer nothing (`;`-separated). PostgreSQL takes them as one message,
/// one trip rather than two between pieces. SQLite would parse the text at every piece: each is
/// prepared once on the connection instead, and only run.
fn send(conn: &mut DbConnection, statements: &'static str) -> Result<(), DbError> {
    match conn {
        DbConnection::Sqlite(sqlite) => {
            for statement in statements.split("; ") {
                PreparedOnce(diesel::sql_query(statement)).execute(sqlite)?;
            }
        }
        DbConnection::Postgresql(pg) => pg.batch_execute(statements)?,
    }
    Ok(())
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
