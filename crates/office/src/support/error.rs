//! What can go wrong in the office's work, in words for the person who asked. The API answers each
//! kind with its status; the CLI prints the sentence.

use olympiad_persistence::DbError;
use std::collections::BTreeMap;

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
    /// Several fields of one request are wrong (a learner's row): the sentence, and each field
    /// (`rows[3].grade`) with its problem.
    #[error("{message}")]
    Problems {
        message: String,
        fields: BTreeMap<String, String>,
    },
    /// The request clashes with what is stored; `code` is the one the apps know it by.
    #[error("{message}")]
    Conflict { code: ErrorCode, message: String },
    /// The request cannot be done as asked, for a reason the apps tell apart by `code` (disabling
    /// one's own user).
    #[error("{message}")]
    Refused { code: ErrorCode, message: String },
    /// A file whose content is not of a type the platform keeps.
    #[error("{0}")]
    UnsupportedFile(String),
    /// Storage failed; a person can do nothing about it.
    #[error(transparent)]
    Storage(DbError),
    /// The file store (the data folder or the bucket) failed, or has not the file a record names.
    #[error(transparent)]
    Files(#[from] olympiad_storage::StorageError),
    /// Something that should not happen did (a hashing thread died).
    #[error("{0}")]
    Internal(String),
}

pub type OfficeResult<T> = Result<T, OfficeError>;

/// Every code a failure of the API can carry (`error` in the envelope), one per situation the apps
/// tell apart; the OpenAPI document lists them, so the generated client knows each.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
pub enum ErrorCode {
    #[serde(rename = "2fa_invalid")]
    TwoFactorInvalid,
    #[serde(rename = "2fa_no_secret")]
    TwoFactorNoSecret,
    #[serde(rename = "2fa_notSetYet")]
    TwoFactorNotSetYet,
    #[serde(rename = "2fa_required")]
    TwoFactorRequired,
    #[serde(rename = "already_paused")]
    AlreadyPaused,
    #[serde(rename = "body")]
    Body,
    #[serde(rename = "busy")]
    Busy,
    #[serde(rename = "closed")]
    Closed,
    /// The request clashes with what is stored.
    #[serde(rename = "conflict")]
    Conflict,
    #[serde(rename = "content_type")]
    ContentType,
    #[serde(rename = "file_type")]
    FileType,
    #[serde(rename = "finished")]
    Finished,
    /// The caller may not do this, or not to this object.
    #[serde(rename = "forbidden")]
    Forbidden,
    #[serde(rename = "in_use")]
    InUse,
    #[serde(rename = "method_not_allowed")]
    MethodNotAllowed,
    #[serde(rename = "no_attempt")]
    NoAttempt,
    #[serde(rename = "no_recovery_code")]
    NoRecoveryCode,
    #[serde(rename = "not_paused")]
    NotPaused,
    #[serde(rename = "not_started")]
    NotStarted,
    #[serde(rename = "own_account")]
    OwnAccount,
    #[serde(rename = "paper_in_use")]
    PaperInUse,
    #[serde(rename = "password")]
    Password,
    #[serde(rename = "path_not_canonical")]
    PathNotCanonical,
    #[serde(rename = "paused")]
    Paused,
    #[serde(rename = "recovery_needed")]
    RecoveryNeeded,
    #[serde(rename = "session_ended")]
    SessionEnded,
    #[serde(rename = "signed_out")]
    SignedOut,
    #[serde(rename = "started")]
    Started,
    #[serde(rename = "token_expired")]
    TokenExpired,
    #[serde(rename = "token_invalid")]
    TokenInvalid,
    #[serde(rename = "too_large")]
    TooLarge,
    /// The database cannot be used just now; nothing was saved, and trying again may succeed.
    #[serde(rename = "unavailable")]
    Unavailable,
    #[serde(rename = "upload")]
    Upload,
    #[serde(rename = "username")]
    Username,
    /// A field of the request is missing or wrong; `fields` names each.
    #[serde(rename = "validation")]
    Validation,
    /// What the address names does not exist.
    #[serde(rename = "not_found")]
    NotFound,
    /// Too many attempts; wait a minute.
    #[serde(rename = "rate_limited")]
    RateLimited,
    /// Something failed on the server; quote the `requestId`.
    #[serde(rename = "internal")]
    Internal,
    #[serde(rename = "not_ready")]
    NotReady,
    /// The file store (the data folder or the bucket) cannot be used just now; try again later.
    #[serde(rename = "files_unavailable")]
    FilesUnavailable,
    #[serde(rename = "xsrf")]
    Xsrf,
    #[serde(rename = "other_device")]
    OtherDevice,
    #[serde(rename = "time_up")]
    TimeUp,
    /// A save to a timed module whose own time is up; `fields` names each such answer.
    #[serde(rename = "module_time_up")]
    ModuleTimeUp,
    /// The lobby: the learner's window has not opened yet.
    #[serde(rename = "not_open_yet")]
    NotOpenYet,
}

impl ErrorCode {
    /// The code as it goes over the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::TwoFactorInvalid => "2fa_invalid",
            ErrorCode::TwoFactorNoSecret => "2fa_no_secret",
            ErrorCode::TwoFactorNotSetYet => "2fa_notSetYet",
            ErrorCode::TwoFactorRequired => "2fa_required",
            ErrorCode::AlreadyPaused => "already_paused",
            ErrorCode::Body => "body",
            ErrorCode::Busy => "busy",
            ErrorCode::Closed => "closed",
            ErrorCode::Conflict => "conflict",
            ErrorCode::ContentType => "content_type",
            ErrorCode::FileType => "file_type",
            ErrorCode::Finished => "finished",
            ErrorCode::Forbidden => "forbidden",
            ErrorCode::InUse => "in_use",
            ErrorCode::MethodNotAllowed => "method_not_allowed",
            ErrorCode::NoAttempt => "no_attempt",
            ErrorCode::NoRecoveryCode => "no_recovery_code",
            ErrorCode::NotPaused => "not_paused",
            ErrorCode::NotStarted => "not_started",
            ErrorCode::OwnAccount => "own_account",
            ErrorCode::PaperInUse => "paper_in_use",
            ErrorCode::Password => "password",
            ErrorCode::PathNotCanonical => "path_not_canonical",
            ErrorCode::Paused => "paused",
            ErrorCode::RecoveryNeeded => "recovery_needed",
            ErrorCode::SessionEnded => "session_ended",
            ErrorCode::SignedOut => "signed_out",
            ErrorCode::Started => "started",
            ErrorCode::TokenExpired => "token_expired",
            ErrorCode::TokenInvalid => "token_invalid",
            ErrorCode::TooLarge => "too_large",
            ErrorCode::Unavailable => "unavailable",
            ErrorCode::Upload => "upload",
            ErrorCode::Username => "username",
            ErrorCode::Validation => "validation",
            ErrorCode::NotFound => "not_found",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::Internal => "internal",
            ErrorCode::NotReady => "not_ready",
            ErrorCode::FilesUnavailable => "files_unavailable",
            ErrorCode::Xsrf => "xsrf",
            ErrorCode::OtherDevice => "other_device",
            ErrorCode::TimeUp => "time_up",
            ErrorCode::ModuleTimeUp => "module_time_up",
            ErrorCode::NotOpenYet => "not_open_yet",
        }
    }
}

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
            code: ErrorCode::Conflict,
            message: message.into(),
        }
    }

    /// A refusal the apps tell apart by its code (`paused`, `finished`, ...): the request clashes
    /// with the state the object is in.
    pub fn refused(code: ErrorCode, message: impl Into<String>) -> Self {
        OfficeError::Conflict {
            code,
            message: message.into(),
        }
    }
}

impl From<DbError> for OfficeError {
    fn from(error: DbError) -> Self {
        match error {
            DbError::NotFound => OfficeError::NotFound("What you asked for".into()),
            DbError::UnknownSortKey { key, known } => OfficeError::invalid(
                "sort",
                format!("cannot sort by {key}; sort by {}", known.join(", ")),
            ),
            other => OfficeError::Storage(other),
        }
    }
}

/// The validator's findings as one refusal: each faulty field by its path in the body, with its
/// first problem. A use case that is also called with input no request brought (an appeal's
/// adjustment, a question bank's rows) checks it with the same attributes this way.
impl From<validator::ValidationErrors> for OfficeError {
    fn from(errors: validator::ValidationErrors) -> Self {
        let mut fields = BTreeMap::new();
        faulty_fields(&errors, "", &mut fields);
        let message = fields
            .iter()
            .map(|(field, problem)| format!("{field}: {problem}"))
            .collect::<Vec<_>>()
            .join("; ");
        OfficeError::Problems { message, fields }
    }
}

/// Each faulty field by its path in the body, a nested one too (`content.tolerance`,
/// `bands[2].feeCents`), with its first problem.
fn faulty_fields(
    errors: &validator::ValidationErrors,
    prefix: &str,
    fields: &mut BTreeMap<String, String>,
) {
    use validator::ValidationErrorsKind;
    for (field, kind) in errors.errors() {
        let path = format!("{prefix}{}", camel_case(field));
        match kind {
            ValidationErrorsKind::Field(problems) => {
                let problem = problems
                    .first()
                    .and_then(|p| p.message.as_ref().map(ToString::to_string))
                    .unwrap_or_else(|| "is not valid".to_owned());
                fields.insert(path, problem);
            }
            ValidationErrorsKind::Struct(inner) => {
                faulty_fields(inner, &format!("{path}."), fields);
            }
            ValidationErrorsKind::List(items) => {
                for (i, inner) in items {
                    faulty_fields(inner, &format!("{path}[{i}]."), fields);
                }
            }
        }
    }
}

/// validator names Rust fields (`first_name`); the API speaks camelCase (`firstName`).
fn camel_case(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    let mut upper = false;
    for c in field.chars() {
        match (c, upper) {
            ('_', _) => upper = true,
            (c, true) => {
                out.extend(c.to_uppercase());
                upper = false;
            }
            (c, false) => out.push(c),
        }
    }
    out
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

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
