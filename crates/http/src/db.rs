use crate::error::ApiError;
use actix_web::web;
use olympiad_office::OfficeResult;
use olympiad_persistence::{write_transaction, DbConnection, DbError, DbPool};

/// The pool, used only through [`Db::run`], which keeps diesel's blocking calls off the async workers.
#[derive(Clone)]
pub struct Db {
    pool: DbPool,
}

impl Db {
    pub fn new(pool: DbPool) -> Self {
        Db { pool }
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
