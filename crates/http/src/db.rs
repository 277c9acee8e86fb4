use crate::error::ApiError;
use actix_web::web;
use olympiad_persistence::{DbConnection, DbPool, DbResult};

/// The pool, used only through [`Db::run`], which keeps diesel's blocking calls off the async workers.
#[derive(Clone)]
pub struct Db {
    pool: DbPool,
}

impl Db {
    pub fn new(pool: DbPool) -> Self {
        Db { pool }
    }

    /// Runs `work` with a connection on the blocking thread pool.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> DbResult<T> + Send + 'static,
    {
        let pool = self.pool.clone();
        web::block(move || {
            let mut conn = pool.get()?;
            work(&mut conn)
        })
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::from)
    }

    /// Like [`Db::run`], inside one transaction: all of `work` is written, or none of it.
    pub async fn transaction<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> Result<T, ApiError> + Send + 'static,
    {
        use diesel::Connection;
        let pool = self.pool.clone();
        web::block(move || {
            let mut conn = pool
                .get()
                .map_err(|e| ApiError::from(olympiad_persistence::DbError::from(e)))?;
            conn.transaction(|conn| work(conn))
        })
        .await
        .map_err(ApiError::internal)?
    }
}
