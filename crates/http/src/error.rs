//! The one error type of the API. Every failure, whatever its layer, becomes an `ApiError` and is
//! answered in the spec's envelope: `{"success": false, "error": "<code>", "errorMsg": "<sentence>"}`
//! with a fitting status. A 500 shows no cause; the request log has it under the request id.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use olympiad_office::ErrorCode;
use olympiad_persistence::DbError;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;
use utoipa::ToSchema;

/// Boxed, so that every `Result<_, ApiError>` stays one pointer wide on the happy path.
#[derive(Debug)]
pub struct ApiError(Box<ApiErrorDetails>);

#[derive(Debug)]
pub struct ApiErrorDetails {
    pub status: StatusCode,
    /// Stable, machine-readable: `validation`, `not_found`, `username`, `2fa_notSetYet`, ...
    pub code: ErrorCode,
    /// A sentence for the person using the screen.
    pub message: String,
    /// For validation errors: each faulty field and what is wrong with it.
    pub fields: BTreeMap<String, String>,
    /// Extra members of the failure envelope (for example the two-factor set-up token).
    pub extra: Option<(&'static str, String)>,
    /// The real cause of a 500, for the log only.
    pub cause: Option<String>,
}

/// The failure envelope as it goes over the wire.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    /// Always false.
    pub success: bool,
    pub error: ErrorCode,
    pub error_msg: String,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub fields: BTreeMap<String, String>,
    /// Present on a 500: quote it when reporting the problem.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// Present with `2fa_notSetYet`: the token for the two-factor set-up calls.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub setup_token: Option<String>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: ErrorCode, message: impl Into<String>) -> Self {
        ApiError(Box::new(ApiErrorDetails {
            status,
            code,
            message: message.into(),
            fields: BTreeMap::new(),
            extra: None,
            cause: None,
        }))
    }

    pub fn bad_request(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }

    /// One faulty field, named in `fields` and in the sentence.
    pub fn invalid_field(field: &str, problem: &str) -> Self {
        let mut error = Self::new(
            StatusCode::BAD_REQUEST,
            ErrorCode::Validation,
            format!("{field}: {problem}"),
        );
        error.fields.insert(field.to_owned(), problem.to_owned());
        error
    }

    pub fn unauthorized(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, code, message)
    }

    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, ErrorCode::Forbidden, message)
    }

    pub fn not_found(what: &str) -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            ErrorCode::NotFound,
            format!("{what} was not found."),
        )
    }

    pub fn conflict(message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, ErrorCode::Conflict, message)
    }

    pub fn too_many_requests() -> Self {
        Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::RateLimited,
            "Too many attempts. Wait a minute and try again.",
        )
    }

    /// Something went wrong on our side; the cause is logged, never shown.
    pub fn internal(cause: impl fmt::Display) -> Self {
        let mut error = Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::Internal,
            "Something went wrong on our side. Please try again.",
        );
        error.cause = Some(cause.to_string());
        error
    }

    /// The database cannot be used just now (restarting, failing over, busy past its patience):
    /// nothing was saved, and the same request may succeed in a moment (a learner's device
    /// keeps its answers and sends them again). The cause is logged, never shown.
    pub fn unavailable(cause: impl fmt::Display) -> Self {
        let mut error = Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::Unavailable,
            "The service is briefly unavailable, so nothing was saved. Please try again in a moment.",
        );
        error.cause = Some(cause.to_string());
        error
    }

    /// The server's disk (the data folder's, or the database's) is full: nothing was kept, and
    /// the person is told so and to try later (507: the request was sound, the space is not
    /// there), never a bare 500. Every full disk is answered here; the log has the cause, and the
    /// operator frees space (docs/operations.md).
    pub fn storage_full(code: ErrorCode, cause: impl fmt::Display) -> Self {
        let mut error = Self::new(
            StatusCode::INSUFFICIENT_STORAGE,
            code,
            "The server's storage is full, so nothing was saved. Please try again later.",
        );
        error.cause = Some(cause.to_string());
        error
    }

    pub fn with_extra(mut self, name: &'static str, value: String) -> Self {
        self.extra = Some((name, value));
        self
    }

    pub fn body(&self, request_id: Option<String>) -> ErrorBody {
        ErrorBody {
            success: false,
            error: self.code,
            error_msg: self.message.clone(),
            fields: self.fields.clone(),
            request_id,
            setup_token: self
                .extra
                .as_ref()
                .filter(|(name, _)| *name == "setupToken")
                .map(|(_, v)| v.clone()),
        }
    }
}

impl std::ops::Deref for ApiError {
    type Target = ApiErrorDetails;

    fn deref(&self) -> &ApiErrorDetails {
        &self.0
    }
}

impl std::ops::DerefMut for ApiError {
    fn deref_mut(&mut self) -> &mut ApiErrorDetails {
        &mut self.0
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}: {}",
            self.status.as_u16(),
            self.code,
            self.message
        )?;
        if let Some(cause) = &self.cause {
            write!(f, " ({cause})")?;
        }
        Ok(())
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        // The request id of a 500 is added by the request log, which knows it.
        HttpResponse::build(self.status).json(self.body(None))
    }
}

impl From<olympiad_office::OfficeError> for ApiError {
    fn from(error: olympiad_office::OfficeError) -> Self {
        use olympiad_office::OfficeError;
        match error {
            OfficeError::NotFound(what) => ApiError::not_found(&what),
            OfficeError::Forbidden(message) => ApiError::forbidden(message),
            OfficeError::Invalid { field, problem } => ApiError::invalid_field(&field, &problem),
            OfficeError::Problems { message, fields } => {
                let mut error = ApiError::bad_request(ErrorCode::Validation, message);
                error.fields = fields;
                error
            }
            OfficeError::Conflict { code, message } => {
                ApiError::new(StatusCode::CONFLICT, code, message)
            }
            OfficeError::Refused {
                code: code @ ErrorCode::RateLimited,
                message,
            } => ApiError::new(StatusCode::TOO_MANY_REQUESTS, code, message),
            OfficeError::Refused {
                code: code @ ErrorCode::SessionEnded,
                message,
            } => ApiError::unauthorized(code, message),
            OfficeError::Refused { code, message } => ApiError::bad_request(code, message),
            OfficeError::UnsupportedFile(message) => ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                ErrorCode::FileType,
                message,
            ),
            OfficeError::Storage(error) => error.into(),
            OfficeError::Files(error) => error.into(),
            OfficeError::Internal(cause) => ApiError::internal(cause),
        }
    }
}

impl From<olympiad_storage::StorageError> for ApiError {
    /// A store that cannot be used is said as such (503: it may be back soon), naming the file
    /// store but not its place; the log has the store and the cause, never a credential. Any
    /// other failure (a file a record names is gone) is ours: a 500.
    fn from(error: olympiad_storage::StorageError) -> Self {
        match error {
            unavailable @ olympiad_storage::StorageError::Unavailable { .. } => {
                let mut error = ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    ErrorCode::FilesUnavailable,
                    "The file storage cannot be used just now, so no file was saved or read. Please try again in a few minutes.",
                );
                error.cause = Some(unavailable.to_string());
                error
            }
            full @ olympiad_storage::StorageError::Full { .. } => {
                ApiError::storage_full(ErrorCode::FilesUnavailable, full)
            }
            other => ApiError::internal(other),
        }
    }
}

impl From<DbError> for ApiError {
    fn from(error: DbError) -> Self {
        match error {
            DbError::NotFound => ApiError::not_found("What you asked for"),
            DbError::Conflict(what) => {
                let mut conflict = ApiError::conflict("This already exists.");
                conflict.cause = Some(what);
                conflict
            }
            DbError::Reference(what) => {
                let mut reference = ApiError::conflict(
                    "This is still in use, or refers to something that does not exist.",
                );
                reference.cause = Some(what);
                reference
            }
            full @ DbError::Full(_) => ApiError::storage_full(ErrorCode::Busy, full),
            unknown @ DbError::UnknownSortKey { .. } => {
                olympiad_office::OfficeError::from(unknown).into()
            }
            unavailable if unavailable.is_unavailable() => ApiError::unavailable(unavailable),
            other => ApiError::internal(other),
        }
    }
}

impl From<diesel::result::Error> for ApiError {
    fn from(error: diesel::result::Error) -> Self {
        DbError::from(error).into()
    }
}

impl From<validator::ValidationErrors> for ApiError {
    fn from(errors: validator::ValidationErrors) -> Self {
        olympiad_office::OfficeError::from(errors).into()
    }
}

/// Answers JSON, query and path errors of actix's extractors in the envelope, naming the field.
pub fn extractor_error(cause: impl fmt::Display, source: &str) -> actix_web::Error {
    let text = cause.to_string();
    // "Query deserialize error: missing field `olympiadId`" -> olympiadId: is required
    let message = text
        .split_once(": ")
        .map_or(text.as_str(), |(_, rest)| rest);
    let (field, problem) = describe(message);
    ApiError::invalid_field(&field.unwrap_or_else(|| source.to_owned()), &problem).into()
}

/// Turns serde's sentence into a problem a person can act on, and the field it names, if it does.
pub fn describe(message: &str) -> (Option<String>, String) {
    // serde appends " at line 1 column 16"; the person does not need it.
    let message = message.split(" at line ").next().unwrap_or(message);
    let quoted = || message.split('`').nth(1).map(str::to_owned);
    if message.starts_with("missing field") {
        (quoted(), "is required".into())
    } else if message.starts_with("unknown variant") {
        // serde lists the choices as "`a`", "`a` or `b`" or "one of `a`, `b`, `c`".
        let expected = message.split(", expected ").nth(1).unwrap_or("");
        let choices = expected
            .trim_start_matches("one of ")
            .replace("` or `", ", ")
            .replace('`', "");
        (None, format!("must be one of {choices}"))
    } else if let Some(expected) = message
        .strip_prefix("invalid type: ")
        .and_then(|m| m.split(", expected ").nth(1))
    {
        (None, format!("must be {expected}"))
    } else {
        (None, message.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::describe;

    #[test]
    fn an_unknown_choice_is_answered_with_every_choice_serde_names() {
        for (serde_says, answer) in [
            ("unknown variant `xh`, expected `en` or `af`", "must be one of en, af"),
            ("unknown variant `x`, expected `en`", "must be one of en"),
            (
                "unknown variant `x`, expected one of `open`, `processed`, `declined` at line 1 column 9",
                "must be one of open, processed, declined",
            ),
        ] {
            assert_eq!(describe(serde_says), (None, answer.to_owned()), "{serde_says}");
        }
    }
}
