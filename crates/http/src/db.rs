use crate::error::ApiError;
use crate::group_commit::{GroupCommit, GroupError, Piece, Reply};
use actix_web::http::StatusCode;
use actix_web::web;
use olympiad_office::OfficeResult;
use olympiad_persistence::{write_transaction, DbConnection, DbError, DbPool};

/// The pool, used only through [`Db::run`], which keeps diesel's blocking calls off the async workers.
#[derive(Clone)]
pub struct Db {
    pool: DbPool,
    grouped: GroupCommit,
}

impl Db {
    /// The pool, and `committers` threads that commit the short writes of many requests together.
    pub fn new(pool: DbPool, committers: usize) -> Self {
        Db {
            grouped: GroupCommit::start(pool.clone(), committers),
            pool,
        }
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
        let (sender, answer) = tokio::sync::oneshot::channel::<Result<T, ApiError>>();
        let piece: Piece = Box::new(move |conn| {
            let outcome = work(conn);
            let keep = outcome.is_ok();
            let reply: Reply = Box::new(move |committed| {
                let outcome = if committed {
                    outcome
                } else {
                    Err(ApiError::internal("the grouped transaction did not commit"))
                };
                // The request may have gone (the client gave up); what it wrote stays.
                let _ = sender.send(outcome);
            });
            (keep, reply)
        });
        self.grouped.submit(piece).map_err(|error| match error {
            GroupError::Busy => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                olympiad_office::ErrorCode::Busy,
                "Many learners are starting at once. Try again in a moment.",
            ),
            GroupError::Stopped => ApiError::internal(error),
        })?;
        answer
            .await
            .map_err(|_| ApiError::internal("the grouped write was dropped"))?
    }

    /// One office use case, grouped like [`Db::grouped`].
    pub async fn grouped_office<T, F>(&self, use_case: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> OfficeResult<T> + Send + 'static,
    {
        self.grouped(move |conn| Ok(use_case(conn)?)).await
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
