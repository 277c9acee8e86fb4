use crate::error::ApiError;
use crate::group_commit::{self, GroupCommit, Learner, Piece, Reply, Short};
use actix_web::http::StatusCode;
use actix_web::web;
use olympiad_office::OfficeResult;
use olympiad_persistence::group_commit::QueueError;
use olympiad_persistence::models::{FirstRead, SignInNote};
use olympiad_persistence::{write_transaction, DbConnection, DbError, DbPool, PooledDb};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The pool, used only through [`Db::run`], which keeps diesel's blocking calls off the async workers.
#[derive(Clone)]
pub struct Db {
    pool: DbPool,
    grouped: GroupCommit,
    /// A streaming replica for [`Db::reader`], when `DATABASE_READ_URL` names one.
    replica: Option<Replica>,
}

/// How long a read waits to open a connection to the replica before it goes to the primary, and
/// how long the replica is then passed over before it is tried again. A learner never waits on
/// it; an admin's report waits this long once when the replica goes down.
const REPLICA_REACH: Duration = Duration::from_secs(2);
const REPLICA_RETRY_AFTER: Duration = Duration::from_secs(10);

#[derive(Clone)]
struct Replica {
    pool: DbPool,
    /// Set when the replica could not be reached: until then reads go to the primary.
    passed_over_until: Arc<Mutex<Option<Instant>>>,
    /// Reads that went to the primary because the replica could not be reached.
    fallbacks: Arc<AtomicU64>,
}

impl Replica {
    /// A connection to the replica, or none when it cannot be reached now.
    fn connection(&self) -> Option<PooledDb> {
        let mut passed_over = self
            .passed_over_until
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if passed_over.is_some_and(|until| Instant::now() < until) {
            self.fallbacks.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        *passed_over = None;
        drop(passed_over);
        // A pool with room for another connection that cannot give one quickly cannot connect;
        // a full pool may only be busy, and its reads queue as the primary's would.
        let state = self.pool.state();
        let wait = if state.connections < self.pool.max_size() {
            REPLICA_REACH
        } else {
            Duration::from_secs(10)
        };
        match self.pool.get_timeout(wait) {
            Ok(conn) => Some(conn),
            Err(error) => {
                log::warn!(
                    "the read replica cannot be reached ({error}); reads go to the primary for {} s",
                    REPLICA_RETRY_AFTER.as_secs()
                );
                *self
                    .passed_over_until
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner) =
                    Some(Instant::now() + REPLICA_RETRY_AFTER);
                self.fallbacks.fetch_add(1, Ordering::Relaxed);
                None
            }
        }
    }
}

/// Reads that can wait: see [`Db::reader`].
pub struct Reader<'a> {
    db: &'a Db,
    replica: bool,
}

impl Reader<'_> {
    /// Runs `work` like [`Db::run`], on the replica when there is one and it answers, else on
    /// the primary. `work` must only read.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> Result<T, ApiError> + Send + 'static,
    {
        let replica = self.db.replica.clone().filter(|_| self.replica);
        let primary = self.db.pool.clone();
        web::block(move || {
            let mut conn = match replica.as_ref().and_then(Replica::connection) {
                Some(conn) => conn,
                None => primary.get().map_err(DbError::from)?,
            };
            work(&mut conn)
        })
        .await
        .map_err(ApiError::internal)?
    }

    /// One read-only office use case, like [`Db::office`].
    pub async fn office<T, F>(&self, use_case: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> OfficeResult<T> + Send + 'static,
    {
        self.run(move |conn| Ok(use_case(conn)?)).await
    }
}

/// A pool's size, its open connections, and how many of them are idle (for `/metrics`).
#[derive(Debug, Clone, Copy, Default)]
pub struct PoolState {
    pub size: u32,
    pub connections: u32,
    pub idle: u32,
}

impl PoolState {
    fn of(pool: &DbPool) -> Self {
        let state = pool.state();
        PoolState {
            size: pool.max_size(),
            connections: state.connections,
            idle: state.idle_connections,
        }
    }
}

impl Db {
    /// The pool, and `committers` threads that commit the short writes of many requests together.
    pub fn new(pool: DbPool, committers: usize) -> Self {
        Db {
            grouped: group_commit::start(pool.clone(), committers),
            pool,
            replica: None,
        }
    }

    /// Writes what waits for the short writes' committers and stops them, as a stopping server does
    /// once it has answered its last request.
    pub fn close(&self) {
        self.grouped.close();
    }

    /// Sends [`Db::reader`]'s reads to this pool of a streaming replica of the primary.
    #[must_use]
    pub fn with_replica(mut self, pool: DbPool) -> Self {
        self.replica = Some(Replica {
            pool,
            passed_over_until: Arc::default(),
            fallbacks: Arc::default(),
        });
        self
    }

    /// Reads that can wait for the replica to catch up (usually well under a second; longer
    /// while it is loaded): reports, exports, the log viewers. They run on the replica when
    /// `DATABASE_READ_URL` names one, so that an export never holds up exam-morning writes, and
    /// on the primary when it does not or when the replica cannot be reached. Never for the
    /// sitting, sign-in, work that writes, or a screen that shows what its user has just saved.
    pub fn reader(&self) -> Reader<'_> {
        Reader {
            db: self,
            replica: true,
        }
    }

    /// Like [`Db::reader`] when `replica` holds, else the primary's; for routes that are
    /// sometimes a read that can wait (a grid's export) and sometimes not (its page).
    pub fn reader_if(&self, replica: bool) -> Reader<'_> {
        Reader { db: self, replica }
    }

    /// The replica's pool and the reads it passed to the primary, when there is a replica.
    pub fn replica_state(&self) -> Option<(PoolState, u64)> {
        self.replica.as_ref().map(|replica| {
            (
                PoolState::of(&replica.pool),
                replica.fallbacks.load(Ordering::Relaxed),
            )
        })
    }

    /// Runs `work` inside a transaction shared with other requests' short writes (group commit,
    /// see [`crate::group_commit`]), in a savepoint of its own: what it writes is kept when it
    /// succeeds, and answered only once committed. For the busiest small writes of olympiad
    /// morning; `work` may read too, but every piece of a batch waits for the others, so keep it
    /// short.
    pub async fn grouped<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> Result<T, ApiError> + Send + 'static,
    {
        self.grouped_piece(None, move |conn, _| work(conn)).await
    }

    /// A step of the sitting for `learner`, grouped like [`Db::grouped`]: `step` is given the
    /// learner's first read as the batch made it for all its steps, or to make itself.
    pub async fn grouped_step<T, F>(&self, learner: Learner, step: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection, FirstRead) -> Result<T, ApiError> + Send + 'static,
    {
        self.grouped_piece(Some(learner), step).await
    }

    async fn grouped_piece<T, F>(&self, learner: Option<Learner>, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection, FirstRead) -> Result<T, ApiError> + Send + 'static,
    {
        let (sender, answer) = tokio::sync::oneshot::channel();
        let piece: Piece = Box::new(move |conn, first| {
            let outcome = work(conn, first);
            (outcome.is_ok(), reply(sender, outcome))
        });
        self.submit(Short::Piece(learner, piece), answer).await
    }

    /// Notes a sign-in (the activity log's line, the user's last sign-in) with the other
    /// sign-ins of a batch of short writes; answered once committed.
    pub async fn note_sign_in(&self, note: SignInNote) -> Result<(), ApiError> {
        let (sender, answer) = tokio::sync::oneshot::channel();
        self.submit(Short::SignIn(note, reply(sender, Ok(()))), answer)
            .await
    }

    /// Queues a short write for a committer and waits for its answer.
    async fn submit<T>(
        &self,
        short: Short,
        answer: tokio::sync::oneshot::Receiver<Result<T, ApiError>>,
    ) -> Result<T, ApiError> {
        self.grouped.submit(short).map_err(|error| match error {
            QueueError::Busy => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                olympiad_office::ErrorCode::Busy,
                "Many learners are starting at once. Try again in a moment.",
            ),
            QueueError::Stopped => ApiError::unavailable(error),
        })?;
        // Dropped unanswered: the committer had no connection, or the server is stopping.
        answer
            .await
            .map_err(|_| ApiError::unavailable("the grouped write was not written"))?
    }

    /// Runs `work` with a connection on the blocking thread pool, outside a transaction: for
    /// reading, and for work that makes its own transactions.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> Result<T, ApiError> + Send + 'static,
    {
        let pool = self.pool.clone();
        web::block(move || {
            let mut conn = pool.get().map_err(DbError::from)?;
            work(&mut conn)
        })
        .await
        .map_err(ApiError::internal)?
    }

    /// The pool's size, its open connections and how many of them are idle (for `/metrics`).
    pub fn pool_state(&self) -> (u32, u32, u32) {
        let state = self.pool.state();
        (
            self.pool.max_size(),
            state.connections,
            state.idle_connections,
        )
    }

    /// Runs one office use case like [`Db::run`]; its refusals become the API's answers through
    /// `From<OfficeError> for ApiError`.
    pub async fn office<T, F>(&self, use_case: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> OfficeResult<T> + Send + 'static,
    {
        self.run(move |conn| Ok(use_case(conn)?)).await
    }

    /// Like [`Db::run`], inside one transaction: all of `work` is written, or none of it. The
    /// transaction holds the write lock from its start (see [`write_transaction`]), so work that
    /// reads before it writes never fails halfway on SQLite when another writer commits between.
    pub async fn transaction<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> Result<T, ApiError> + Send + 'static,
    {
        self.run(move |conn| write_transaction(conn, work)).await
    }
}

/// What answers a short write's request once its batch has ended, its own outcome being `outcome`.
fn reply<T: Send + 'static>(
    sender: tokio::sync::oneshot::Sender<Result<T, ApiError>>,
    outcome: Result<T, ApiError>,
) -> Reply {
    Box::new(move |committed| {
        // Nothing of the batch was kept: a full disk is said as such, a database gone away (a
        // batch fails whole only when its commit does) as "try again in a moment".
        let outcome = match committed {
            Ok(()) => outcome,
            Err(DbError::Full(cause)) => Err(DbError::Full(cause.clone()).into()),
            Err(error) if error.is_unavailable() => Err(ApiError::unavailable(error)),
            Err(error) => Err(ApiError::internal(format!(
                "the grouped transaction did not commit: {error}"
            ))),
        };
        // The request may have gone (the client gave up); what it wrote stays.
        let _ = sender.send(outcome);
    })
}
