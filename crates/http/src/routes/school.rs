//! Schools: the Schools grids of staff and overlord, the teacher's own school, and merges.

use crate::access::Caller;
use crate::body::Body;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::listing::{given, GridQuery};
use crate::routes::user::IdPath;
use crate::routes::MergeQuery;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web, HttpResponse};
use olympiad_documents::{Cell, Table};
use olympiad_domain::school::{emis_number, province, quintile_problem, Sector};
use olympiad_office::activity::record_activity;
use olympiad_office::fields::{email_field, merge_refusal, required_field, text_field};
use olympiad_office::OrNotFound;
use olympiad_office::{find_in_reach, ManagedEntry};
use olympiad_persistence::models::merge::{merge_schools, school_merge_plan, SchoolMergePlan};
use olympiad_persistence::models::{
    Olympiad, School, SchoolFields, SchoolFilter, SchoolParticipant, SchoolParticipantFilter,
    SchoolParticipantRow, SchoolRow,
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SchoolListQuery {
    /// The olympiad whose entries the rows show; overlord may leave it out.
    pub olympiad_id: Option<i64>,
    pub province: Option<String>,
    /// public or independent
    pub sector: Option<String>,
    pub country_code: Option<String>,
    /// `yes`: only schools entered in the olympiad; `no`: only those not entered.
    pub entered: Option<String>,
}

fn school_table(rows: &[SchoolRow]) -> Table {
    let mut table = Table::new(&[
        "Name",
        "EMIS number",
        "Province",
        "District",
        "Town",
        "Street address",
        "Postal address",
        "Phone",
        "E-mail",
        "Sector",
        "Quintile",
        "Language of teaching",
        "Country",
        "Entry",
        "Entries",
    ]);
    for row in rows {
        let s = &row.school;
        table.push(vec![
            s.name.as_str().into(),
            s.emis_number.clone().into(),
            s.province.as_str().into(),
            s.district.as_str().into(),
            s.town.as_str().into(),
            s.street_address.as_str().into(),
            s.postal_address.as_str().into(),
            s.phone.as_str().into(),
            s.email.as_str().into(),
            s.sector.as_str().into(),
            s.quintile.into(),
            s.language_of_teaching.as_str().into(),
            s.country_code.as_str().into(),
            row.entry_status.clone().into(),
            Cell::from(row.entry_count),
        ]);
    }
    table
}

/// The Schools grid: every school, with its entry in the olympiad (if any).
#[utoipa::path(
    operation_id = "school_list",
    tag = "schools",
    params(SchoolListQuery, GridQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of schools, or with `format` a CSV or XLSX file of every selected school", body = inline(crate::envelope::Envelope<olympiad_persistence::models::Paged<SchoolRow>>)),
        (status = 400, body = crate::error::ErrorBody)
    )
)]
#[get("/api/school")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<SchoolListQuery>,
    grid: web::Query<GridQuery>,
) -> Result<HttpResponse, ApiError> {
    let olympiad_id = caller.olympiad_scope(query.olympiad_id)?;
    let filter = SchoolFilter {
        olympiad_id,
        search: grid.search(),
        province: given(&query.province),
        sector: given(&query.sector),
        country_code: given(&query.country_code),
        entered: given(&query.entered).map(|e| e == "yes"),
        sort: grid.sort(),
    };
    let page = grid.page()?;
    let rows = state
        .db
        .run(move |conn| Ok(School::list(conn, &filter, page)?))
        .await?;
    grid.respond(rows, "schools", school_table)
}

/// A school as a person types it in.
#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchoolInput {
    pub name: String,
    #[serde(default)]
    pub emis_number: String,
    /// One of the nine provinces; may be empty for a school outside South Africa.
    #[serde(default)]
    pub province: String,
    #[serde(default)]
    pub district: String,
    #[serde(default)]
    pub town: String,
    #[serde(default)]
    pub street_address: String,
    #[serde(default)]
    pub postal_address: String,
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub email: String,
    pub sector: Sector,
    pub quintile: Option<i32>,
    #[serde(default)]
    pub language_of_teaching: String,
    /// ISO 3166 alpha-2; default ZA.
    #[serde(default)]
    pub country_code: String,
}

impl SchoolInput {
    pub fn fields(&self) -> Result<SchoolFields, ApiError> {
        let country_code = match self.country_code.trim() {
            "" => "ZA".to_owned(),
            code if code.len() == 2 && code.chars().all(|c| c.is_ascii_alphabetic()) => {
                code.to_ascii_uppercase()
            }
            _ => {
                return Err(ApiError::invalid_field(
                    "countryCode",
                    "must be two letters (ZA)",
                ))
            }
        };
        let province = match (self.province.trim(), country_code.as_str()) {
            ("", "ZA") => return Err(ApiError::invalid_field("province", "is required")),
            ("", _) => String::new(),
            (typed, _) => province(typed)
                .ok_or_else(|| {
                    ApiError::invalid_field("province", "must be one of the nine provinces")
                })?
                .to_owned(),
        };
        if let Some(problem) = quintile_problem(self.quintile) {
            return Err(ApiError::invalid_field("quintile", problem));
        }
        Ok(SchoolFields {
            name: required_field("name", &self.name, 200)?,
            emis_number: emis_number(&self.emis_number)
                .map_err(|problem| ApiError::invalid_field("emisNumber", problem))?,
            province,
            district: text_field("district", &self.district, 100)?,
            town: text_field("town", &self.town, 100)?,
            street_address: text_field("streetAddress", &self.street_address, 300)?,
            postal_address: text_field("postalAddress", &self.postal_address, 300)?,
            phone: text_field("phone", &self.phone, 40)?,
            email: email_field("email", &self.email)?,
            sector: self.sector.as_str().to_owned(),
            // Independent schools have no quintile.
            quintile: if self.sector == Sector::Independent {
                None
            } else {
                self.quintile
            },
            language_of_teaching: text_field("languageOfTeaching", &self.language_of_teaching, 60)?,
            country_code,
        })
    }
}

#[utoipa::path(
    operation_id = "school_create",
    tag = "schools",
    request_body = SchoolInput,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<School>)), (status = 400, body = crate::error::ErrorBody))
)]
#[post("/api/school")]
pub async fn create(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<SchoolInput>,
) -> ApiResult<School> {
    let fields = body.fields()?;
    ok(state
        .db
        .transaction(move |conn| {
            let school = School::create(conn, &fields)
                .or_taken("emisNumber", "belongs to another school already")?;
            record_activity(
                conn,
                &caller,
                "school_created",
                None,
                json!({ "schoolId": school.id }),
            )?;
            Ok(school)
        })
        .await?)
}

#[utoipa::path(
    operation_id = "school_update",
    tag = "schools",
    params(IdPath),
    request_body = SchoolInput,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<School>)), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody))
)]
#[put("/api/school/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    body: Body<SchoolInput>,
) -> ApiResult<School> {
    let fields = body.fields()?;
    let id = path.id;
    ok(state
        .db
        .transaction(move |conn| {
            find_in_reach::<School>(conn, &caller, id)?;
            let school = School::update(conn, id, &fields)
                .or_taken("emisNumber", "belongs to another school already")?;
            record_activity(
                conn,
                &caller,
                "school_updated",
                None,
                json!({ "schoolId": id }),
            )?;
            Ok(school)
        })
        .await?)
}

/// Deletes a school that nothing refers to; one with entries, teachers or learners is merged instead.
#[utoipa::path(
    operation_id = "school_delete",
    tag = "schools",
    params(IdPath),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 404, body = crate::error::ErrorBody), (status = 409, description = "Still has entries, teachers or learners: merge it instead", body = crate::error::ErrorBody))
)]
#[delete("/api/school/{id}")]
pub async fn delete_school(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
) -> ApiResult<bool> {
    let id = path.id;
    state
        .db
        .transaction(move |conn| {
            let school = School::find(conn, id).or_not_found("This school")?;
            School::delete(conn, id).or_in_use(
                "This school still has entries, teachers or learners. Merge it into another school instead.",
            )?;
            Ok(record_activity(conn, &caller, "school_deleted", None, json!({ "schoolId": id, "name": school.name }))?)
        })
        .await?;
    ok(true)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SingleQuery {
    pub olympiad_id: Option<i64>,
    /// The olympiad's URL name (`geography`), instead of its id.
    pub olympiad_var_name: Option<String>,
}

/// The teacher's school and its entry in one olympiad, as the portal shows them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MySchool {
    pub olympiad: crate::routes::suite::OlympiadSummary,
    pub school: Option<School>,
    /// The entry of the school in the olympiad, when the teacher is in its team.
    pub entry: Option<SchoolParticipantRow>,
    pub is_team_admin: bool,
    /// The grades the olympiad is written in.
    pub grades: Vec<i32>,
    pub languages: Vec<String>,
}

fn olympiad_named(
    conn: &mut olympiad_persistence::DbConnection,
    query: &SingleQuery,
) -> Result<Olympiad, ApiError> {
    let found = match (query.olympiad_id, query.olympiad_var_name.as_deref()) {
        (Some(id), _) => Olympiad::find(conn, id).ok(),
        (None, Some(name)) => Olympiad::by_name(conn, name)?,
        (None, None) => {
            return Err(ApiError::invalid_field(
                "olympiadId",
                "is required (or olympiadVarName)",
            ))
        }
    };
    found.ok_or_else(|| ApiError::not_found("This olympiad"))
}

/// The signed-in teacher's school, and its entry in the olympiad (by id or by URL name).
pub fn my_school(
    conn: &mut olympiad_persistence::DbConnection,
    caller: &Caller,
    query: &SingleQuery,
) -> Result<MySchool, ApiError> {
    use olympiad_persistence::models::{Teacher, TeamMember};
    let olympiad = olympiad_named(conn, query)?;
    caller.require_olympiad(olympiad.id)?;
    let entries = SchoolParticipant::list(
        conn,
        &SchoolParticipantFilter {
            olympiad_id: Some(olympiad.id),
            team_user_id: Some(caller.user_id),
            ..Default::default()
        },
        None,
    )?;
    let entry = entries.rows.into_iter().next();
    let school = match (&entry, Teacher::by_user(conn, caller.user_id)?) {
        (Some(entry), _) => Some(School::find(conn, entry.entry.school_id)?),
        (None, Some(teacher)) => teacher
            .school_id
            .map(|id| School::find(conn, id))
            .transpose()?,
        (None, None) => None,
    };
    let is_team_admin = match &entry {
        Some(entry) => TeamMember::of_user(conn, entry.entry.id, caller.user_id)?
            .is_some_and(|m| m.is_team_admin),
        None => false,
    };
    Ok(MySchool {
        grades: olympiad.grades(),
        languages: olympiad
            .languages()
            .iter()
            .map(|l| l.code().to_owned())
            .collect(),
        olympiad: crate::routes::suite::OlympiadSummary {
            id: olympiad.id,
            name: olympiad.name,
            title: olympiad.title,
            year: olympiad.year,
            is_open: olympiad.is_open,
        },
        school,
        entry,
        is_team_admin,
    })
}

#[utoipa::path(
    operation_id = "school_single",
    tag = "schools",
    params(SingleQuery),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<MySchool>)), (status = 404, body = crate::error::ErrorBody))
)]
#[get("/api/school/single")]
pub async fn single(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<SingleQuery>,
) -> ApiResult<MySchool> {
    let query = query.into_inner();
    ok(state
        .db
        .run(move |conn| my_school(conn, &caller, &query))
        .await?)
}

/// A team admin corrects their school's details.
#[utoipa::path(
    operation_id = "school_update_single",
    tag = "schools",
    params(SingleQuery),
    request_body = SchoolInput,
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<School>)), (status = 400, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody))
)]
#[put("/api/school/single")]
pub async fn update_single(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<SingleQuery>,
    body: Body<SchoolInput>,
) -> ApiResult<School> {
    let fields = body.fields()?;
    let query = query.into_inner();
    ok(state
        .db
        .transaction(move |conn| {
            let mine = my_school(conn, &caller, &query)?;
            let entry = mine
                .entry
                .ok_or_else(|| ApiError::not_found("Your school's entry in this olympiad"))?;
            find_in_reach::<ManagedEntry>(conn, &caller, entry.entry.id)?;
            let school = School::update(conn, entry.entry.school_id, &fields)
                .or_taken("emisNumber", "belongs to another school already")?;
            record_activity(
                conn,
                &caller,
                "school_updated",
                Some(entry.entry.olympiad_id),
                json!({ "schoolId": school.id }),
            )?;
            Ok(school)
        })
        .await?)
}

/// What merging the duplicate into the survivor will move.
#[utoipa::path(
    operation_id = "school_merge_preview",
    tag = "schools",
    params(MergeQuery),
    security(("bearer" = [])),
    responses((status = 200, body = inline(crate::envelope::Envelope<SchoolMergePlan>)), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody))
)]
#[get("/api/school/merge-preview")]
pub async fn merge_preview(
    state: web::Data<AppState>,
    query: web::Query<MergeQuery>,
) -> ApiResult<SchoolMergePlan> {
    let (duplicate, survivor) = (query.duplicate_id, query.survivor_id);
    ok(state
        .db
        .run(move |conn| {
            Ok(school_merge_plan(conn, duplicate, survivor)
                .map_err(|e| merge_refusal(e, "schools"))?)
        })
        .await?)
}

/// Merges in one transaction and notes it in the activity log with everything that moved.
#[utoipa::path(
    operation_id = "school_merge",
    tag = "schools",
    params(MergeQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "What moved", body = inline(crate::envelope::Envelope<SchoolMergePlan>)), (status = 400, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody))
)]
#[post("/api/school/merge")]
pub async fn merge(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<MergeQuery>,
) -> ApiResult<SchoolMergePlan> {
    let (duplicate, survivor) = (query.duplicate_id, query.survivor_id);
    ok(state
        .db
        .transaction(move |conn| {
            let plan = merge_schools(conn, duplicate, survivor)
                .map_err(|e| merge_refusal(e, "schools"))?;
            record_activity(
                conn,
                &caller,
                "schools_merged",
                None,
                json!({
                    "duplicateId": duplicate,
                    "duplicateName": plan.duplicate.name,
                    "survivorId": survivor,
                    "entries": plan.entries,
                    "teachers": plan.teachers,
                    "learners": plan.learners,
                    "expressionsOfInterest": plan.expressions_of_interest,
                    "filledFields": plan.filled_fields,
                }),
            )?;
            Ok(plan)
        })
        .await?)
}
