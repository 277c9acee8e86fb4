//! Interested and Affected Parties: the olympiad office's useful contacts.

use crate::access::Caller;
use crate::body::Body;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::listing::GridQuery;
use crate::routes::IdPath;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web, HttpResponse};
use olympiad_office::contacts::{self, contact_table, ContactInput, ContactListQuery};
use olympiad_persistence::models::UsefulContact;

#[utoipa::path(
    operation_id = "useful_contact_list",
    tag = "contacts",
    params(ContactListQuery, GridQuery),
    responses((status = 200, description = "A page of contacts, or a CSV or XLSX file", body = inline(crate::envelope::Envelope<olympiad_persistence::models::Paged<UsefulContact>>)))
)]
#[get("/api/useful-contact")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<ContactListQuery>,
    grid: web::Query<GridQuery>,
) -> Result<HttpResponse, ApiError> {
    let olympiad_id = query.olympiad_id;
    let (search, sort, page) = (grid.search(), grid.sort(), grid.page()?);
    let rows = state
        .db
        .reader_if(grid.can_wait())
        .office(move |conn| contacts::list(conn, &caller, olympiad_id, &search, &sort, page))
        .await?;
    grid.respond(rows, "interested-and-affected-parties", contact_table)
}

#[utoipa::path(
    operation_id = "useful_contact_create",
    tag = "contacts",
    request_body = ContactInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<UsefulContact>)))
)]
#[post("/api/useful-contact")]
pub async fn create(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<ContactInput>,
) -> ApiResult<UsefulContact> {
    let input = body.into_inner();
    ok(state
        .db
        .office(move |conn| contacts::create(conn, &caller, &input))
        .await?)
}

#[utoipa::path(
    operation_id = "useful_contact_update",
    tag = "contacts",
    params(IdPath),
    request_body = ContactInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<UsefulContact>)))
)]
#[put("/api/useful-contact/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    body: Body<ContactInput>,
) -> ApiResult<UsefulContact> {
    let (id, input) = (path.id, body.into_inner());
    ok(state
        .db
        .office(move |conn| contacts::update(conn, &caller, id, &input))
        .await?)
}

#[utoipa::path(
    operation_id = "useful_contact_delete",
    tag = "contacts",
    params(IdPath),
    responses((status = 200, body = inline(crate::envelope::Envelope<bool>)))
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
        .office(move |conn| contacts::delete(conn, &caller, id))
        .await?;
    ok(true)
}
