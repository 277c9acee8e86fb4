//! Interested and Affected Parties: the olympiad office's useful contacts.

use crate::access::Caller;
use crate::body::Body;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::listing::GridQuery;
use crate::routes::user::IdPath;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web, HttpResponse};
use olympiad_documents::Table;
use olympiad_office::activity::record_activity;
use olympiad_office::fields::{email_field, required_field, text_field};
use olympiad_office::find_in_reach;
use olympiad_persistence::models::{ContactFields, UsefulContact};
use serde::Deserialize;
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ContactListQuery {
    pub olympiad_id: Option<i64>,
}

fn contact_table(rows: &[UsefulContact]) -> Table {
    let mut table = Table::new(&["Name", "Organisation", "Role", "E-mail", "Phone", "Notes"]);
    for c in rows {
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

#[utoipa::path(
    operation_id = "useful_contact_list",
    tag = "contacts",
    params(ContactListQuery, GridQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "A page of contacts, or a CSV or XLSX file", body = inline(crate::envelope::Envelope<olympiad_persistence::models::Paged<UsefulContact>>)), (status = 400, body = crate::error::ErrorBody))
)]
#[get("/api/useful-contact")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<ContactListQuery>,
    grid: web::Query<GridQuery>,
) -> Result<HttpResponse, ApiError> {
    let olympiad_id = caller.olympiad_scope(query.olympiad_id)?;
    let (search, sort, page) = (grid.search(), grid.sort(), grid.page()?);
    let rows = state
        .db
        .run(move |conn| {
            Ok(UsefulContact::list(
                conn,
                olympiad_id,
                &search,
                &sort,
                page,
            )?)
        })
        .await?;
    grid.respond(rows, "interested-and-affected-parties", contact_table)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactInput {
    /// Only when creating.
    pub olympiad_id: Option<i64>,
    pub name: String,
    #[serde(default)]
    pub organisation: String,
    #[serde(default)]
    pub role: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub notes: String,
}

impl ContactInput {
    fn fields(&self) -> Result<ContactFields, ApiError> {
        let notes = self.notes.trim().to_owned();
        if notes.chars().count() > 4000 {
            return Err(ApiError::invalid_field(
                "notes",
                "must be at most 4000 characters",
            ));
        }
        Ok(ContactFields {
            name: required_field("name", &self.name, 200)?,
            organisation: text_field("organisation", &self.organisation, 200)?,
            role: text_field("role", &self.role, 200)?,
            email: email_field("email", &self.email)?,
            phone: text_field("phone", &self.phone, 40)?,
            notes,
        })
    }
}

#[utoipa::path(
    operation_id = "useful_contact_create",
    tag = "contacts",
    request_body = ContactInput,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<UsefulContact>)), (status = 400, body = crate::error::ErrorBody))
)]
#[post("/api/useful-contact")]
pub async fn create(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<ContactInput>,
) -> ApiResult<UsefulContact> {
    let fields = body.fields()?;
    let olympiad_id = body
        .olympiad_id
        .ok_or_else(|| ApiError::invalid_field("olympiadId", "is required"))?;
    caller.require_olympiad(olympiad_id)?;
    ok(state
        .db
        .transaction(move |conn| {
            let contact = UsefulContact::create(conn, olympiad_id, &fields)?;
            record_activity(
                conn,
                &caller,
                "contact_created",
                Some(olympiad_id),
                json!({ "contactId": contact.id }),
            )?;
            Ok(contact)
        })
        .await?)
}

#[utoipa::path(
    operation_id = "useful_contact_update",
    tag = "contacts",
    params(IdPath),
    request_body = ContactInput,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<UsefulContact>)), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody))
)]
#[put("/api/useful-contact/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    body: Body<ContactInput>,
) -> ApiResult<UsefulContact> {
    let (id, fields) = (path.id, body.fields()?);
    ok(state
        .db
        .transaction(move |conn| {
            let contact = find_in_reach::<UsefulContact>(conn, &caller, id)?;
            let updated = UsefulContact::update(conn, id, &fields)?;
            record_activity(
                conn,
                &caller,
                "contact_updated",
                Some(contact.olympiad_id),
                json!({ "contactId": id }),
            )?;
            Ok(updated)
        })
        .await?)
}

#[utoipa::path(
    operation_id = "useful_contact_delete",
    tag = "contacts",
    params(IdPath),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 404, body = crate::error::ErrorBody))
)]
#[delete("/api/useful-contact/{id}")]
pub async fn delete_contact(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
) -> ApiResult<bool> {
    let id = path.id;
    state
        .db
        .transaction(move |conn| {
            let contact = find_in_reach::<UsefulContact>(conn, &caller, id)?;
            UsefulContact::delete(conn, id)?;
            Ok(record_activity(
                conn,
                &caller,
                "contact_deleted",
                Some(contact.olympiad_id),
                json!({ "contactId": id }),
            )?)
        })
        .await?;
    ok(true)
}
