use diesel::result::{DatabaseErrorKind, Error as DieselError};
use std::cell::Cell;

/// What can go wrong in storage, in the words the API needs to answer a person.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("not found")]
    NotFound,
    /// A unique constraint refused the write; the text names what was duplicated.
    #[error("already exists: {0}")]
    Conflict(String),
    /// A foreign key refused the write: something it points at does not exist, or still points here.
    #[error("still referenced or refers to something missing: {0}")]
    Reference(String),
    /// A list was asked to sort by a key it does not have.
    #[error("unknown sort key {key}")]
    UnknownSortKey {
        key: String,
        known: &'static [&'static str],
    },
    /// The database's disk is full: SQLite's "database or disk is full", PostgreSQL's "No space
    /// left on device". Nothing of the write was kept; it may succeed once space is freed.
    #[error("the database's disk is full: {0}")]
    Full(String),
    /// Shown with the causes it wraps: a row that cannot be read names its field and its value.
    #[error("database error: {}", with_causes(.0))]
    Query(DieselError),
    #[error("no database connection: {0}")]
    Pool(String),
    #[error("migration failed: {0}")]
    Migration(String),
}

/// What the database says when it cannot be used just now, rather than refusing what was asked:
/// PostgreSQL shutting down, restarting, starting or in recovery (a failover), a connection cut;
/// SQLite busy beyond its timeout.
const UNAVAILABLE_MESSAGES: &[&str] = &[
    "terminating connection",
    "the database system is",
    "server closed the connection",
    "connection to server",
    "no connection to the server",
    "could not receive data from server",
    "cannot execute",
    "database is locked",
];

impl DbError {
    /// Whether the database could not be used at all (no connection, a connection lost, a
    /// restart or failover under way, SQLite busy past its timeout): nothing was
    /// written, and the same request may well succeed in a moment.
    pub fn is_unavailable(&self) -> bool {
        match self {
            DbError::Pool(_) => true,
            DbError::Query(DieselError::DatabaseError(kind, info)) => {
                matches!(
                    kind,
                    DatabaseErrorKind::ClosedConnection
                        | DatabaseErrorKind::UnableToSendCommand
                        | DatabaseErrorKind::ReadOnlyTransaction
                ) || says(info.message(), UNAVAILABLE_MESSAGES)
            }
            _ => false,
        }
    }
}

/// The error followed by each error that caused it.
fn with_causes(error: &DieselError) -> String {
    let mut text = error.to_string();
    let mut cause = std::error::Error::source(error);
    while let Some(inner) = cause {
        text.push_str(": ");
        text.push_str(&inner.to_string());
        cause = inner.source();
    }
    text
}

thread_local! {
    /// Whether a query on this thread found its connection closed since the thread last gave a
    /// connection back to its pool. The error is made where the connection is used, which knows
    /// nothing of its pool; the pool learns it when the connection is given back, on this same
    /// thread (see `DbManager::has_broken`), so each pool keeps its own account of losses.
    static CONNECTION_LOST_HERE: Cell<bool> = const { Cell::new(false) };
}

/// Whether a connection used on this thread was found closed since this was last asked; asking
/// forgets it.
pub(crate) fn take_connection_lost_here() -> bool {
    CONNECTION_LOST_HERE.replace(false)
}

impl From<DieselError> for DbError {
    fn from(error: DieselError) -> Self {
        if matches!(
            error,
            DieselError::DatabaseError(
                DatabaseErrorKind::ClosedConnection | DatabaseErrorKind::UnableToSendCommand,
                _
            )
        ) {
            CONNECTION_LOST_HERE.set(true);
        }
        match error {
            DieselError::NotFound => DbError::NotFound,
            DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, info) => {
                DbError::Conflict(info.message().to_owned())
            }
            DieselError::DatabaseError(DatabaseErrorKind::ForeignKeyViolation, info) => {
                DbError::Reference(info.message().to_owned())
            }
            DieselError::DatabaseError(_, info) if says(info.message(), DISK_FULL_MESSAGES) => {
                DbError::Full(info.message().to_owned())
            }
            other => DbError::Query(other),
        }
    }
}

/// What the database says when its disk is full: SQLite's SQLITE_FULL, or PostgreSQL's ENOSPC
/// (SQLSTATE 53100, "could not extend file …: No space left on device").
const DISK_FULL_MESSAGES: &[&str] = &["database or disk is full", "no space left on device"];

/// Whether the database's message says one of `phrases` (written in lower case), for the
/// conditions diesel gives no kind of its own; case-blind, as the two databases word them.
fn says(message: &str, phrases: &[&str]) -> bool {
    let message = message.to_lowercase();
    phrases.iter().any(|phrase| message.contains(phrase))
}

impl From<diesel::r2d2::PoolError> for DbError {
    fn from(error: diesel::r2d2::PoolError) -> Self {
        DbError::Pool(error.to_string())
    }
}

pub type DbResult<T> = Result<T, DbError>;
