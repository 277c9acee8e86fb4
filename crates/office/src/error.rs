//! What can go wrong in the office's work, in words for the person who asked. The API answers each
//! kind with its status; the CLI prints the sentence.

use olympiad_persistence::DbError;

#[derive(Debug, thiserror::Error)]
pub enum OfficeError {
    /// Nothing with this id; the text names what was looked for ("This school").
    #[error("{0} was not found")]
    NotFound(String),
    /// The caller may not do this to this object.
    #[error("{0}")]
    Forbidden(String),
    /// One field of the request is wrong.
    #[error("{field}: {problem}")]
    Invalid { field: String, problem: String },
    /// The request clashes with what is stored; `code` is the one the apps know it by.
    #[error("{message}")]
    Conflict { code: &'static str, message: String },
    /// Storage failed; a person can do nothing about it.
    #[error(transparent)]
    Storage(DbError),
    /// Something that should not happen did (a hashing thread died).
    #[error("{0}")]
    Internal(String),
}

pub type OfficeResult<T> = Result<T, OfficeError>;

impl OfficeError {
    pub fn forbidden(message: impl Into<String>) -> Self {
        OfficeError::Forbidden(message.into())
    }

    pub fn invalid(field: &str, problem: impl Into<String>) -> Self {
        OfficeError::Invalid {
            field: field.to_owned(),
            problem: problem.into(),
        }
    }

    pub fn conflict(message: impl Into<String>) -> Self {
        OfficeError::Conflict {
            code: "conflict",
            message: message.into(),
        }
    }
}

impl From<DbError> for OfficeError {
    fn from(error: DbError) -> Self {
        match error {
            DbError::NotFound => OfficeError::NotFound("What you asked for".into()),
            other => OfficeError::Storage(other),
        }
    }
}

/// A lookup's "nothing found", in the words of what was looked for; any other failure of storage
/// stays what it is (a 500, never a misleading 404 or 400).
pub trait OrNotFound<T> {
    /// For the object a route names: nothing found is a 404 naming it.
    fn or_not_found(self, what: &str) -> OfficeResult<T>;
    /// For an id the request's body or query names: nothing found is that field's problem (400).
    fn or_invalid(self, field: &str, problem: &str) -> OfficeResult<T>;
    /// For a write that must be unique: a duplicate is that field's problem (400).
    fn or_taken(self, field: &str, problem: &str) -> OfficeResult<T>;
    /// For a removal: something still pointing at the object refuses it (409), in these words.
    fn or_in_use(self, message: &str) -> OfficeResult<T>;
}

impl<T> OrNotFound<T> for Result<T, DbError> {
    fn or_not_found(self, what: &str) -> OfficeResult<T> {
        self.map_err(|error| match error {
            DbError::NotFound => OfficeError::NotFound(what.to_owned()),
            other => OfficeError::Storage(other),
        })
    }

    fn or_invalid(self, field: &str, problem: &str) -> OfficeResult<T> {
        self.map_err(|error| match error {
            DbError::NotFound => OfficeError::invalid(field, problem),
            other => OfficeError::Storage(other),
        })
    }

    fn or_taken(self, field: &str, problem: &str) -> OfficeResult<T> {
        self.map_err(|error| match error {
            DbError::Conflict(_) => OfficeError::invalid(field, problem),
            other => other.into(),
        })
    }

    fn or_in_use(self, message: &str) -> OfficeResult<T> {
        self.map_err(|error| match error {
            DbError::Conflict(_) | DbError::Reference(_) => OfficeError::conflict(message),
            other => other.into(),
        })
    }
}
