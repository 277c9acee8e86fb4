//! General copy: texts an olympiad's admins keep for their olympiad (a letter's paragraph, the
//! portal's notice), and the platform's own that the overlord keeps (no olympiad), among them the
//! terms and conditions. Each is rich text under a key, through the one sanitiser.

use crate::activity::record_activity;
use crate::site::rich_body;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult, OrNotFound};
use crate::support::fields::text_field;
use olympiad_domain::id::OlympiadId;
use olympiad_domain::Role;
use olympiad_persistence::models::{GeneralCopy, GeneralCopyForm, Olympiad};
use olympiad_persistence::{write_transaction, DbConnection};
use serde::Deserialize;
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

/// The key of the platform's terms and conditions.
pub const TERMS_AND_CONDITIONS: &str = "terms-and-conditions";

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CopyQuery {
    /// An olympiad's copy; without it, the platform's own.
    #[param(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
}

/// The copies of one olympiad, or the platform's own; published text, readable by anyone.
pub fn list(
    conn: &mut DbConnection,
    olympiad_id: Option<OlympiadId>,
) -> OfficeResult<Vec<GeneralCopy>> {
    Ok(GeneralCopy::list(conn, olympiad_id)?
        .into_iter()
        .map(|mut copy| {
            copy.body = rich_body("body", &copy.body).unwrap_or_default();
            copy
        })
        .collect())
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GeneralCopyInput {
    /// The olympiad whose copy this is; none for the platform's own (the overlord's).
    #[schema(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
    /// Lower-case words joined by hyphens: `terms-and-conditions`.
    #[schema(min_length = 1, max_length = 60, pattern = "^[a-z0-9]+(-[a-z0-9]+)*$")]
    pub copy_key: String,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub title: String,
    /// Rich text; sanitised before it is kept.
    #[serde(default)]
    #[schema(max_length = 40000)]
    pub body: String,
}

fn key_field(key: &str) -> OfficeResult<String> {
    let key = key.trim();
    let words_ok = !key.is_empty()
        && key.len() <= 60
        && key.split('-').all(|w| {
            !w.is_empty()
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        });
    if words_ok {
        Ok(key.to_owned())
    } else {
        Err(OfficeError::invalid(
            "copyKey",
            "must be lower-case words joined by hyphens, at most 60 characters",
        ))
    }
}

/// Writes a copy, creating it the first time: an admin their olympiad's, the overlord any.
pub fn save(
    conn: &mut DbConnection,
    caller: &Caller,
    input: &GeneralCopyInput,
) -> OfficeResult<GeneralCopy> {
    let form = GeneralCopyForm {
        olympiad_id: input.olympiad_id,
        copy_key: key_field(&input.copy_key)?,
        title: text_field("title", &input.title, 200)?,
        body: rich_body("body", &input.body)?,
    };
    match form.olympiad_id {
        Some(id) => {
            caller.require_olympiad(id)?;
            Olympiad::find(conn, id).or_invalid("olympiadId", "is not an olympiad")?;
        }
        None if caller.role == Role::Overlord => {}
        None => return Err(OfficeError::invalid("olympiadId", "is required")),
    }
    write_transaction(conn, |conn| {
        let copy = GeneralCopy::save(conn, &form)?;
        record_activity(
            conn,
            caller,
            "general_copy_saved",
            copy.olympiad_id,
            json!({ "copyKey": copy.copy_key }),
        )?;
        Ok(copy)
    })
}
