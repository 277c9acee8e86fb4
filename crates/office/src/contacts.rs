//! Interested and affected parties: the people and organisations an olympiad office keeps in touch
//! with (sponsors, departments, universities), listed, exported and kept up to date by its staff.

use crate::activity::record_activity;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult, OrNotFound};
use crate::support::fields::{email_field, required_field, text_field};
use crate::support::scope::find_in_reach;
use olympiad_documents::Table;
use olympiad_domain::id::{OlympiadId, UsefulContactId};
use olympiad_persistence::models::{Olympiad, Page, Paged, Sort, UsefulContact, UsefulContactForm};
use olympiad_persistence::{write_transaction, DbConnection};
use serde::Deserialize;
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ContactListQuery {
    #[param(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
}

/// The contacts as a spreadsheet.
pub fn contact_table(rows: &[UsefulContact]) -> Table {
    let mut table = Table::new(&["Name", "Organisation", "Role", "E-mail", "Phone", "Notes"]);
    for c in rows.iter().map(|row| &row.details) {
        table.push(vec![
            c.name.as_str().into(),
            c.organisation.as_str().into(),
            c.role.as_str().into(),
            c.email.as_str().into(),
            c.phone.as_str().into(),
            c.notes.as_str().into(),
        ]);
    }
    table
}

/// A page of an olympiad's contacts (every olympiad's, for the overlord), or all of them.
pub fn list(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: Option<OlympiadId>,
    search: &str,
    sort: &[Sort],
    page: Option<Page>,
) -> OfficeResult<Paged<UsefulContact>> {
    let olympiad_id = caller.olympiad_scope(olympiad_id)?;
    Ok(UsefulContact::list(conn, olympiad_id, search, sort, page)?)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactInput {
    /// Only when creating.
    #[schema(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
    #[schema(min_length = 1, max_length = 200, pattern = "\\S")]
    pub name: String,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub organisation: String,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub role: String,
    #[serde(default)]
    #[schema(
        max_length = 254,
        pattern = r"^$|^[^@\s]+@[^@\s.][^@\s]*\.[^@\s]*[^@\s.]$"
    )]
    pub email: String,
    #[serde(default)]
    #[schema(max_length = 40)]
    pub phone: String,
    #[serde(default)]
    #[schema(max_length = 4000)]
    pub notes: String,
}

impl ContactInput {
    fn fields(&self) -> OfficeResult<UsefulContactForm> {
        let notes = self.notes.trim().to_owned();
        if notes.chars().count() > 4000 {
            return Err(OfficeError::invalid(
                "notes",
                "must be at most 4000 characters",
            ));
        }
        Ok(UsefulContactForm {
            name: required_field("name", &self.name, 200)?,
            organisation: text_field("organisation", &self.organisation, 200)?,
            role: text_field("role", &self.role, 200)?,
            email: email_field("email", &self.email)?,
            phone: text_field("phone", &self.phone, 40)?,
            notes,
        })
    }
}

/// A new contact of the olympiad the input names.
pub fn create(
    conn: &mut DbConnection,
    caller: &Caller,
    input: &ContactInput,
) -> OfficeResult<UsefulContact> {
    let fields = input.fields()?;
    let olympiad_id = input
        .olympiad_id
        .ok_or_else(|| OfficeError::invalid("olympiadId", "is required"))?;
    caller.require_olympiad(olympiad_id)?;
    Olympiad::find(conn, olympiad_id).or_invalid("olympiadId", "is not an olympiad")?;
    write_transaction(conn, |conn| {
        let contact = UsefulContact::create(conn, olympiad_id, &fields)?;
        record_activity(
            conn,
            caller,
            "contact_created",
            Some(olympiad_id),
            json!({ "contactId": contact.id }),
        )?;
        Ok(contact)
    })
}

/// Changes a contact's details; it stays in its olympiad.
pub fn update(
    conn: &mut DbConnection,
    caller: &Caller,
    id: UsefulContactId,
    input: &ContactInput,
) -> OfficeResult<UsefulContact> {
    let fields = input.fields()?;
    write_transaction(conn, |conn| {
        let contact = find_in_reach::<UsefulContact>(conn, caller, id)?;
        let updated = UsefulContact::update(conn, id, &fields)?;
        record_activity(
            conn,
            caller,
            "contact_updated",
            Some(contact.olympiad_id),
            json!({ "contactId": id }),
        )?;
        Ok(updated)
    })
}

/// Removes a contact from its olympiad's list.
pub fn delete(conn: &mut DbConnection, caller: &Caller, id: UsefulContactId) -> OfficeResult<()> {
    write_transaction(conn, |conn| {
        let contact = find_in_reach::<UsefulContact>(conn, caller, id)?;
        UsefulContact::delete(conn, id)?;
        record_activity(
            conn,
            caller,
            "contact_deleted",
            Some(contact.olympiad_id),
            json!({ "contactId": id }),
        )
    })
}
