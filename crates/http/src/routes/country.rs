//! The International Geography Olympiad's countries and their entries (country participants), and
//! merging a duplicate country.

use crate::access::Caller;
use crate::body::Body;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::listing::{given, GridQuery};
use crate::routes::user::IdPath;
use crate::routes::MergeQuery;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web, HttpResponse};
use olympiad_documents::Table;
use olympiad_domain::school::EntryStatus;
use olympiad_office::activity::record_activity;
use olympiad_office::fields::{email_field, merge_refusal, required_field, text_field};
use olympiad_office::find_in_reach;
use olympiad_office::OrNotFound;
use olympiad_persistence::models::merge::{country_merge_plan, merge_countries, CountryMergePlan};
use olympiad_persistence::models::{
    CountryFields, CountryFilter, CountryParticipant, CountryParticipantFields,
    CountryParticipantRow, CountryRow, IgeoCountry,
};
use serde::Deserialize;
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CountryListQuery {
    /// The olympiad whose entries the rows show (and, for country participants, list).
    pub olympiad_id: Option<i64>,
    pub status: Option<String>,
}

fn country_table(rows: &[CountryRow]) -> Table {
    let mut table = Table::new(&["Country", "ISO code", "Entered", "Entries"]);
    for row in rows {
        table.push(vec![
            row.country.name.as_str().into(),
            row.country.iso_code.as_str().into(),
            row.country_participant_id.is_some().into(),
            row.entry_count.into(),
        ]);
    }
    table
}

#[utoipa::path(
    operation_id = "igeo_country_list",
    tag = "countries",
    params(CountryListQuery, GridQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "A page of countries, or a CSV or XLSX file", body = inline(crate::envelope::Envelope<olympiad_persistence::models::Paged<CountryRow>>)), (status = 400, body = crate::error::ErrorBody))
)]
#[get("/api/igeo-country")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<CountryListQuery>,
    grid: web::Query<GridQuery>,
) -> Result<HttpResponse, ApiError> {
    let filter = CountryFilter {
        olympiad_id: caller.olympiad_scope(query.olympiad_id)?,
        search: grid.search(),
        status: None,
        sort: grid.sort(),
    };
    let page = grid.page()?;
    let rows = state
        .db
        .run(move |conn| Ok(IgeoCountry::list(conn, &filter, page)?))
        .await?;
    grid.respond(rows, "countries", country_table)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SingleCountryQuery {
    pub id: i64,
    /// The olympiad whose entry of the country to show beside it.
    pub olympiad_id: Option<i64>,
}

#[utoipa::path(
    operation_id = "igeo_country_single",
    tag = "countries",
    params(SingleCountryQuery),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<CountryRow>)), (status = 404, body = crate::error::ErrorBody))
)]
#[get("/api/igeo-country/single")]
pub async fn single(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<SingleCountryQuery>,
) -> ApiResult<CountryRow> {
    let olympiad_id = caller.olympiad_scope(query.olympiad_id)?;
    let id = query.id;
    ok(state
        .db
        .run(move |conn| {
            let country = IgeoCountry::find(conn, id).or_not_found("This country")?;
            let entries = CountryParticipant::for_country(conn, id)?;
            Ok(CountryRow {
                country_participant_id: entries
                    .iter()
                    .find(|e| Some(e.olympiad_id) == olympiad_id)
                    .map(|e| e.id),
                entry_count: entries.len() as i64,
                country,
            })
        })
        .await?)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountryInput {
    pub name: String,
    /// ISO 3166 alpha-2 (NA for Namibia).
    pub iso_code: String,
}

impl CountryInput {
    fn fields(&self) -> Result<CountryFields, ApiError> {
        let iso = self.iso_code.trim().to_ascii_uppercase();
        if iso.len() != 2 || !iso.chars().all(|c| c.is_ascii_uppercase()) {
            return Err(ApiError::invalid_field(
                "isoCode",
                "must be two letters (ISO 3166)",
            ));
        }
        Ok(CountryFields {
            name: required_field("name", &self.name, 100)?,
            iso_code: iso,
        })
    }
}

#[utoipa::path(
    operation_id = "igeo_country_create",
    tag = "countries",
    request_body = CountryInput,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<IgeoCountry>)), (status = 400, body = crate::error::ErrorBody))
)]
#[post("/api/igeo-country")]
pub async fn create(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<CountryInput>,
) -> ApiResult<IgeoCountry> {
    let fields = body.fields()?;
    ok(state
        .db
        .transaction(move |conn| {
            let country = IgeoCountry::create(conn, &fields)
                .or_taken("isoCode", "belongs to another country already")?;
            record_activity(
                conn,
                &caller,
                "country_created",
                None,
                json!({ "countryId": country.id }),
            )?;
            Ok(country)
        })
        .await?)
}

#[utoipa::path(
    operation_id = "igeo_country_update",
    tag = "countries",
    params(IdPath),
    request_body = CountryInput,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<IgeoCountry>)), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody))
)]
#[put("/api/igeo-country/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    body: Body<CountryInput>,
) -> ApiResult<IgeoCountry> {
    let (id, fields) = (path.id, body.fields()?);
    ok(state
        .db
        .transaction(move |conn| {
            find_in_reach::<IgeoCountry>(conn, &caller, id)?;
            let country = IgeoCountry::update(conn, id, &fields)
                .or_taken("isoCode", "belongs to another country already")?;
            record_activity(
                conn,
                &caller,
                "country_updated",
                None,
                json!({ "countryId": id }),
            )?;
            Ok(country)
        })
        .await?)
}

#[utoipa::path(
    operation_id = "igeo_country_delete",
    tag = "countries",
    params(IdPath),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 404, body = crate::error::ErrorBody), (status = 409, description = "It has entries: merge it instead", body = crate::error::ErrorBody))
)]
#[delete("/api/igeo-country/{id}")]
pub async fn delete_country(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
) -> ApiResult<bool> {
    let id = path.id;
    state
        .db
        .transaction(move |conn| {
            find_in_reach::<IgeoCountry>(conn, &caller, id)?;
            IgeoCountry::delete(conn, id)
                .or_in_use("This country has entries. Merge it into another country instead.")?;
            Ok(record_activity(
                conn,
                &caller,
                "country_deleted",
                None,
                json!({ "countryId": id }),
            )?)
        })
        .await?;
    ok(true)
}

#[utoipa::path(
    operation_id = "igeo_country_merge_preview",
    tag = "countries",
    params(MergeQuery),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<CountryMergePlan>)), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody))
)]
#[get("/api/igeo-country/merge-preview")]
pub async fn merge_preview(
    state: web::Data<AppState>,
    query: web::Query<MergeQuery>,
) -> ApiResult<CountryMergePlan> {
    let (duplicate, survivor) = (query.duplicate_id, query.survivor_id);
    ok(state
        .db
        .run(move |conn| {
            Ok(country_merge_plan(conn, duplicate, survivor)
                .map_err(|e| merge_refusal(e, "countries"))?)
        })
        .await?)
}

#[utoipa::path(
    operation_id = "igeo_country_merge",
    tag = "countries",
    params(MergeQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "What moved", body = inline(crate::envelope::Envelope<CountryMergePlan>)), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody))
)]
#[post("/api/igeo-country/merge")]
pub async fn merge(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<MergeQuery>,
) -> ApiResult<CountryMergePlan> {
    let (duplicate, survivor) = (query.duplicate_id, query.survivor_id);
    ok(state
        .db
        .transaction(move |conn| {
            let plan = merge_countries(conn, duplicate, survivor).map_err(|e| merge_refusal(e, "countries"))?;
            record_activity(
                conn,
                &caller,
                "countries_merged",
                None,
                json!({ "duplicateId": duplicate, "duplicateName": plan.duplicate.name, "survivorId": survivor, "entries": plan.entries, "schools": plan.schools }),
            )?;
            Ok(plan)
        })
        .await?)
}

fn entry_table(rows: &[CountryParticipantRow]) -> Table {
    let mut table = Table::new(&[
        "Country",
        "ISO code",
        "Olympiad",
        "Status",
        "Team leader",
        "Team leader e-mail",
        "Team leader phone",
        "Team members",
        "Invoice to",
        "Invoice e-mail",
        "Invoice address",
    ]);
    for row in rows {
        let e = &row.entry;
        table.push(vec![
            row.country_name.as_str().into(),
            row.iso_code.as_str().into(),
            row.olympiad_title.as_str().into(),
            e.status.as_str().into(),
            e.team_leader_name.as_str().into(),
            e.team_leader_email.as_str().into(),
            e.team_leader_phone.as_str().into(),
            row.team_members.join(", ").into(),
            e.invoice_name.as_str().into(),
            e.invoice_email.as_str().into(),
            e.invoice_address.as_str().into(),
        ]);
    }
    table
}

#[utoipa::path(
    operation_id = "igeo_country_participant_list",
    tag = "countries",
    params(CountryListQuery, GridQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "A page of country entries, or a CSV or XLSX file", body = inline(crate::envelope::Envelope<olympiad_persistence::models::Paged<CountryParticipantRow>>)), (status = 400, body = crate::error::ErrorBody))
)]
#[get("/api/igeo-country-participant")]
pub async fn list_entries(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<CountryListQuery>,
    grid: web::Query<GridQuery>,
) -> Result<HttpResponse, ApiError> {
    let filter = CountryFilter {
        olympiad_id: caller.olympiad_scope(query.olympiad_id)?,
        search: grid.search(),
        status: given(&query.status),
        sort: grid.sort(),
    };
    let page = grid.page()?;
    let rows = state
        .db
        .run(move |conn| Ok(CountryParticipant::list(conn, &filter, page)?))
        .await?;
    grid.respond(rows, "participating-countries", entry_table)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SingleEntryQuery {
    pub id: i64,
}

#[utoipa::path(
    operation_id = "igeo_country_participant_single",
    tag = "countries",
    params(SingleEntryQuery),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<CountryParticipantRow>)), (status = 404, body = crate::error::ErrorBody))
)]
#[get("/api/igeo-country-participant/single")]
pub async fn single_entry(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<SingleEntryQuery>,
) -> ApiResult<CountryParticipantRow> {
    let id = query.id;
    ok(state
        .db
        .run(move |conn| {
            let entry = find_in_reach::<CountryParticipant>(conn, &caller, id)?;
            let country = IgeoCountry::find(conn, entry.country_id)?;
            let olympiad = olympiad_persistence::models::Olympiad::find(conn, entry.olympiad_id)?;
            Ok(CountryParticipantRow {
                team_members: entry.members(),
                entry,
                country_name: country.name,
                iso_code: country.iso_code,
                olympiad_title: olympiad.title,
            })
        })
        .await?)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountryEntryInput {
    /// Only when creating.
    pub olympiad_id: Option<i64>,
    /// Only when creating.
    pub country_id: Option<i64>,
    pub status: EntryStatus,
    #[serde(default)]
    pub team_leader_name: String,
    #[serde(default)]
    pub team_leader_email: String,
    #[serde(default)]
    pub team_leader_phone: String,
    #[serde(default)]
    pub team_members: Vec<String>,
    #[serde(default)]
    pub invoice_name: String,
    #[serde(default)]
    pub invoice_email: String,
    #[serde(default)]
    pub invoice_address: String,
}

impl CountryEntryInput {
    fn fields(&self) -> Result<CountryParticipantFields, ApiError> {
        let members: Vec<String> = self
            .team_members
            .iter()
            .map(|m| text_field("teamMembers", m, 100))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .filter(|m| !m.is_empty())
            .collect();
        if members.len() > 20 {
            return Err(ApiError::invalid_field(
                "teamMembers",
                "must be at most 20 people",
            ));
        }
        Ok(CountryParticipantFields {
            status: self.status.as_str().to_owned(),
            team_leader_name: text_field("teamLeaderName", &self.team_leader_name, 100)?,
            team_leader_email: email_field("teamLeaderEmail", &self.team_leader_email)?,
            team_leader_phone: text_field("teamLeaderPhone", &self.team_leader_phone, 40)?,
            team_members: serde_json::to_string(&members).map_err(ApiError::internal)?,
            invoice_name: text_field("invoiceName", &self.invoice_name, 200)?,
            invoice_email: email_field("invoiceEmail", &self.invoice_email)?,
            invoice_address: text_field("invoiceAddress", &self.invoice_address, 500)?,
        })
    }
}

#[utoipa::path(
    operation_id = "igeo_country_participant_create",
    tag = "countries",
    request_body = CountryEntryInput,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<CountryParticipant>)), (status = 400, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody))
)]
#[post("/api/igeo-country-participant")]
pub async fn create_entry(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<CountryEntryInput>,
) -> ApiResult<CountryParticipant> {
    let fields = body.fields()?;
    let olympiad_id = body
        .olympiad_id
        .ok_or_else(|| ApiError::invalid_field("olympiadId", "is required"))?;
    let country_id = body
        .country_id
        .ok_or_else(|| ApiError::invalid_field("countryId", "is required"))?;
    caller.require_olympiad(olympiad_id)?;
    ok(state
        .db
        .transaction(move |conn| {
            IgeoCountry::find(conn, country_id).or_invalid("countryId", "is not a country")?;
            let entry = CountryParticipant::create(conn, olympiad_id, country_id, &fields)
                .or_taken("countryId", "is entered in this olympiad already")?;
            record_activity(
                conn,
                &caller,
                "country_entered",
                Some(olympiad_id),
                json!({ "countryParticipantId": entry.id }),
            )?;
            Ok(entry)
        })
        .await?)
}

#[utoipa::path(
    operation_id = "igeo_country_participant_update",
    tag = "countries",
    params(IdPath),
    request_body = CountryEntryInput,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<CountryParticipant>)), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody))
)]
#[put("/api/igeo-country-participant/{id}")]
pub async fn update_entry(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    body: Body<CountryEntryInput>,
) -> ApiResult<CountryParticipant> {
    let (id, fields) = (path.id, body.fields()?);
    ok(state
        .db
        .transaction(move |conn| {
            let entry = find_in_reach::<CountryParticipant>(conn, &caller, id)?;
            let updated = CountryParticipant::update(conn, id, &fields)?;
            record_activity(
                conn,
                &caller,
                "country_entry_updated",
                Some(entry.olympiad_id),
                json!({ "countryParticipantId": id }),
            )?;
            Ok(updated)
        })
        .await?)
}

#[utoipa::path(
    operation_id = "igeo_country_participant_delete",
    tag = "countries",
    params(IdPath),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 404, body = crate::error::ErrorBody))
)]
#[delete("/api/igeo-country-participant/{id}")]
pub async fn delete_entry(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
) -> ApiResult<bool> {
    let id = path.id;
    state
        .db
        .transaction(move |conn| {
            let entry = find_in_reach::<CountryParticipant>(conn, &caller, id)?;
            CountryParticipant::delete(conn, id)?;
            Ok(record_activity(
                conn,
                &caller,
                "country_entry_deleted",
                Some(entry.olympiad_id),
                json!({ "countryParticipantId": id }),
            )?)
        })
        .await?;
    ok(true)
}
