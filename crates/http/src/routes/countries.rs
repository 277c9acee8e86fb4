//! The International Geography Olympiad's countries and their entries (country participants), and
//! merging a duplicate country.

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::ApiResult;
use crate::error::ApiError;
use crate::listing::GridQuery;
use crate::manifest::{Area, Kind, ADMIN_OR_OVERLORD, OVERLORD, STAFF};
use crate::routes::IdOf;
use crate::routes::MergeQuery;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web, HttpResponse};
use olympiad_domain::id::{CountryId, CountryParticipantId};
use olympiad_office::countries::{
    self, CountryEntryInput, CountryInput, CountryListQuery, SingleCountryQuery, SingleEntryQuery,
};
use olympiad_office::merges;
use olympiad_persistence::models::merge::CountryMergePlan;
use olympiad_persistence::models::{
    CountryParticipant, CountryParticipantRow, CountryRow, IgeoCountry,
};

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("countries")
        .route(list, STAFF)
        .route(single, STAFF)
        .route(merge_preview, OVERLORD)
        .beyond_schema("survivorId must differ from the country merged into it")
        .route(merge, OVERLORD)
        .beyond_schema("survivorId must differ from the country merged into it")
        .route(create, ADMIN_OR_OVERLORD)
        .route(update, ADMIN_OR_OVERLORD)
        .names(Kind::Country)
        .beyond_schema("isoCode must not belong to another country")
        .route(delete_country, ADMIN_OR_OVERLORD)
        .names(Kind::Country)
        .route(list_entries, STAFF)
        .route(single_entry, STAFF)
        .names(Kind::CountryEntry)
        .route(create_entry, ADMIN_OR_OVERLORD)
        .beyond_schema("countryId must name a country")
        .route(update_entry, ADMIN_OR_OVERLORD)
        .names(Kind::CountryEntry)
        .route(delete_entry, ADMIN_OR_OVERLORD)
        .names(Kind::CountryEntry)
}

#[utoipa::path(
    operation_id = "igeo_country_list",
    tag = "countries",
    params(CountryListQuery, GridQuery),
    responses((status = 200, description = "A page of countries, or a CSV or XLSX file", body = inline(crate::envelope::Envelope<olympiad_persistence::models::Paged<CountryRow>>)))
)]
#[get("/api/igeo-country")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<CountryListQuery>,
    grid: web::Query<GridQuery>,
) -> Result<HttpResponse, ApiError> {
    grid.answer(
        &state.db,
        "countries",
        countries::country_table,
        move |conn, asked| countries::list(conn, &caller, &query, asked),
    )
    .await
}

#[utoipa::path(
    operation_id = "igeo_country_single",
    tag = "countries",
    params(SingleCountryQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<CountryRow>)))
)]
#[get("/api/igeo-country/single")]
pub async fn single(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<SingleCountryQuery>,
) -> ApiResult<CountryRow> {
    let query = query.into_inner();
    state
        .answer(move |conn| countries::single(conn, &caller, &query))
        .await
}

#[utoipa::path(
    operation_id = "igeo_country_create",
    tag = "countries",
    request_body = CountryInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<IgeoCountry>)))
)]
#[post("/api/igeo-country")]
pub async fn create(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<CountryInput>,
) -> ApiResult<IgeoCountry> {
    let input = body.into_inner();
    state
        .answer(move |conn| countries::create(conn, &caller, &input))
        .await
}

#[utoipa::path(
    operation_id = "igeo_country_update",
    tag = "countries",
    params(IdOf<CountryId>),
    request_body = CountryInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<IgeoCountry>)))
)]
#[put("/api/igeo-country/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<CountryId>>,
    body: Body<CountryInput>,
) -> ApiResult<IgeoCountry> {
    let input = body.into_inner();
    state
        .answer(move |conn| countries::update(conn, &caller, path.id, &input))
        .await
}

#[utoipa::path(
    operation_id = "igeo_country_delete",
    tag = "countries",
    params(IdOf<CountryId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 409, description = "It has entries: merge it instead", body = crate::error::ErrorBody))
)]
#[delete("/api/igeo-country/{id}")]
pub async fn delete_country(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<CountryId>>,
) -> ApiResult<bool> {
    state
        .answer_done(move |conn| countries::delete(conn, &caller, path.id))
        .await
}

#[utoipa::path(
    operation_id = "igeo_country_merge_preview",
    tag = "countries",
    params(MergeQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<CountryMergePlan>)))
)]
#[get("/api/igeo-country/merge-preview")]
pub async fn merge_preview(
    state: web::Data<AppState>,
    query: web::Query<MergeQuery<CountryId>>,
) -> ApiResult<CountryMergePlan> {
    let survivor = query.survivor_id;
    state
        .answer(move |conn| merges::preview(conn, query.duplicate_id, survivor))
        .await
}

#[utoipa::path(
    operation_id = "igeo_country_merge",
    tag = "countries",
    params(MergeQuery),
    responses((status = 200, description = "What moved", body = inline(crate::envelope::Envelope<CountryMergePlan>)))
)]
#[post("/api/igeo-country/merge")]
pub async fn merge(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<MergeQuery<CountryId>>,
) -> ApiResult<CountryMergePlan> {
    let survivor = query.survivor_id;
    state
        .answer(move |conn| merges::merge(conn, &caller, query.duplicate_id, survivor))
        .await
}

#[utoipa::path(
    operation_id = "igeo_country_participant_list",
    tag = "countries",
    params(CountryListQuery, GridQuery),
    responses((status = 200, description = "A page of country entries, or a CSV or XLSX file", body = inline(crate::envelope::Envelope<olympiad_persistence::models::Paged<CountryParticipantRow>>)))
)]
#[get("/api/igeo-country-participant")]
pub async fn list_entries(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<CountryListQuery>,
    grid: web::Query<GridQuery>,
) -> Result<HttpResponse, ApiError> {
    grid.answer(
        &state.db,
        "participating-countries",
        countries::entry_table,
        move |conn, asked| countries::list_entries(conn, &caller, &query, asked),
    )
    .await
}

#[utoipa::path(
    operation_id = "igeo_country_participant_single",
    tag = "countries",
    params(SingleEntryQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<CountryParticipantRow>)))
)]
#[get("/api/igeo-country-participant/single")]
pub async fn single_entry(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<SingleEntryQuery>,
) -> ApiResult<CountryParticipantRow> {
    state
        .answer(move |conn| countries::single_entry(conn, &caller, query.id))
        .await
}

#[utoipa::path(
    operation_id = "igeo_country_participant_create",
    tag = "countries",
    request_body = CountryEntryInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<CountryParticipant>)), (status = 409, body = crate::error::ErrorBody))
)]
#[post("/api/igeo-country-participant")]
pub async fn create_entry(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<CountryEntryInput>,
) -> ApiResult<CountryParticipant> {
    let input = body.into_inner();
    state
        .answer(move |conn| countries::enter(conn, &caller, &input))
        .await
}

#[utoipa::path(
    operation_id = "igeo_country_participant_update",
    tag = "countries",
    params(IdOf<CountryParticipantId>),
    request_body = CountryEntryInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<CountryParticipant>)))
)]
#[put("/api/igeo-country-participant/{id}")]
pub async fn update_entry(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<CountryParticipantId>>,
    body: Body<CountryEntryInput>,
) -> ApiResult<CountryParticipant> {
    let input = body.into_inner();
    state
        .answer(move |conn| countries::update_entry(conn, &caller, path.id, &input))
        .await
}

#[utoipa::path(
    operation_id = "igeo_country_participant_delete",
    tag = "countries",
    params(IdOf<CountryParticipantId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<bool>)))
)]
#[delete("/api/igeo-country-participant/{id}")]
pub async fn delete_entry(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<CountryParticipantId>>,
) -> ApiResult<bool> {
    state
        .answer_done(move |conn| countries::delete_entry(conn, &caller, path.id))
        .await
}
