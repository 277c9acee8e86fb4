//! Text as people type it into a form: trimmed, bounded, and refused with the field's name when it
//! will not do. Every use case that takes a name, a note or an e-mail address reads it through these.

use crate::support::error::{OfficeError, OfficeResult};

/// Trimmed text, refused when longer than `max` characters.
pub fn text_field(field: &str, value: &str, max: usize) -> OfficeResult<String> {
    let value = olympiad_domain::text::clean_name(value);
    if value.chars().count() > max {
        return Err(OfficeError::invalid(
            field,
            format!("must be at most {max} characters"),
        ));
    }
    Ok(value)
}

/// A required name: trimmed, not empty, not too long.
pub fn required_field(field: &str, value: &str, max: usize) -> OfficeResult<String> {
    let value = text_field(field, value, max)?;
    if value.is_empty() {
        return Err(OfficeError::invalid(field, "is required"));
    }
    Ok(value)
}

/// An optional e-mail address: lower case, checked when given.
pub fn email_field(field: &str, value: &str) -> OfficeResult<String> {
    let value = value.trim().to_lowercase();
    if !value.is_empty() && !olympiad_domain::text::looks_like_email(&value) {
        return Err(OfficeError::invalid(field, "must be an e-mail address"));
    }
    Ok(value)
}

/// A merge (of schools or of countries) that storage refused, in words that name what could not
/// be merged.
pub fn merge_refusal(error: olympiad_persistence::DbError, what: &str) -> OfficeError {
    use olympiad_persistence::DbError;
    match error {
        DbError::Conflict(message) => OfficeError::invalid("survivorId", message),
        DbError::NotFound => OfficeError::NotFound(format!("One of the two {what}")),
        other => other.into(),
    }
}
