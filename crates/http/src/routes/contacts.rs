//! Interested and Affected Parties: the olympiad office's useful contacts.

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::ApiResult;
use crate::error::ApiError;
use crate::listing::GridQuery;
use crate::manifest::{Area, Kind, ADMIN_FUNDING};
use crate::routes::IdOf;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web, HttpResponse};
use olympiad_domain::id::UsefulContactId;
use olympiad_office::contacts::{self, contact_table, ContactInput, ContactListQuery};
use olympiad_persistence::models::UsefulContact;

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("contacts")
        .route(list, ADMIN_FUNDING)
        .names(Kind::Olympiad)
        .route(create, ADMIN_FUNDING)
        .route(update, ADMIN_FUNDING)
        .names(Kind::Contact)
        .route(delete_contact, ADMIN_FUNDING)
        .names(Kind::Contact)
}

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
    grid.answer(
        &state.db,
        "interested-and-affected-parties",
        contact_table,
        move |conn, asked| {
            contacts::list(
                conn,
                &caller,
                olympiad_id,
                &asked.search,
                &asked.sort,
                asked.page,
            )
        },
    )
    .await
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
    state
        .answer(move |conn| contacts::create(conn, &caller, &input))
        .await
}

#[utoipa::path(
    operation_id = "useful_contact_update",
    tag = "contacts",
    params(IdOf<UsefulContactId>),
    request_body = ContactInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<UsefulContact>)))
)]
#[put("/api/useful-contact/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<UsefulContactId>>,
    body: Body<ContactInput>,
) -> ApiResult<UsefulContact> {
    let input = body.into_inner();
    state
        .answer(move |conn| contacts::update(conn, &caller, path.id, &input))
        .await
}

#[utoipa::path(
    operation_id = "useful_contact_delete",
    tag = "contacts",
    params(IdOf<UsefulContactId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<bool>)))
)]
#[delete("/api/useful-contact/{id}")]
pub async fn delete_contact(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<UsefulContactId>>,
) -> ApiResult<bool> {
    state
        .answer_done(move |conn| contacts::delete(conn, &caller, path.id))
        .await
}
