use diesel::result::{DatabaseErrorKind, Error as DieselError};
use std::sync::atomic::{AtomicU64, Ordering};

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
    /// Shown with the causes it wraps: a row that cannot be read names its field and its value.
    #[error("database error: {}", with_causes(.0))]
    Query(DieselError),
    #[error("no database connection: {0}")]
    Pool(String),
    #[error("migration failed: {0}")]
    Migration(String),
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

/// When a connection to the database was last found closed (seconds since the Unix epoch; 0:
/// never). See [`lost_connections_lately`].
static CONNECTION_LOST_AT: AtomicU64 = AtomicU64::new(0);

/// How long after a connection was found closed the pools test each connection they hand out and
/// take back: long enough for every connection of a restarted database to be taken once.
const TESTING_AFTER_LOSS_SECONDS: u64 = 60;

fn epoch_seconds() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Whether a connection was found closed lately (the database restarted or the network broke):
/// then the pools test connections before handing them out (see `DbManager`).
pub fn lost_connections_lately() -> bool {
    let at = CONNECTION_LOST_AT.load(Ordering::Relaxed);
    at != 0 && epoch_seconds().saturating_sub(at) < TESTING_AFTER_LOSS_SECONDS
}

/// Notes that a connection was found closed.
pub fn connection_lost() {
    CONNECTION_LOST_AT.store(epoch_seconds(), Ordering::Relaxed);
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
            connection_lost();
        }
        match error {
            DieselError::NotFound => DbError::NotFound,
            DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, info) => {
                DbError::Conflict(info.message().to_owned())
            }
            DieselError::DatabaseError(DatabaseErrorKind::ForeignKeyViolation, info) => {
                DbError::Reference(info.message().to_owned())
            }
            other => DbError::Query(other),
        }
    }
}

impl From<diesel::r2d2::PoolError> for DbError {
    fn from(error: diesel::r2d2::PoolError) -> Self {
        DbError::Pool(error.to_string())
    }
}

pub type DbResult<T> = Result<T, DbError>;
