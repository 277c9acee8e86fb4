//! Storage of the olympiad platform: one diesel schema on SQLite (the embedded default) and PostgreSQL
//! (production), the connection pool, embedded migrations, and each table's model with its queries.

pub mod backup;
pub mod connection;
pub mod error;
pub mod group_commit;
pub mod models;
pub mod prepared;
pub mod schema;
#[cfg(feature = "testing")]
pub mod testing;
pub mod words;

pub use connection::{
    hold_schedule_lock, open_pool, open_read_pool, placeholder, read_snapshot, row_columns,
    run_migrations, write_transaction, Database, DbConnection, DbPool, PooledDb,
};
pub use error::{DbError, DbResult};

/// Naive UTC now: both databases store `TIMESTAMP` without a zone, always in UTC.
pub fn now() -> chrono::NaiveDateTime {
    chrono::Utc::now().naive_utc()
}
