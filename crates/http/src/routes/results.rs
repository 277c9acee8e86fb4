//! Results: moderation (adjust, disqualify, remark, each with a reason), the state from
//! provisional to final, medal bands, the results grid and its exports, top schools, the released
//! snapshot, a school's results for its team, and the public pages' top results and past winners.

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::listing::GridQuery;
use crate::manifest::{Allowed::Public, Area, Kind, ADMIN_OR_OVERLORD, TEAM_OR_ADMIN};
use crate::routes::IdOf;
use crate::state::AppState;
use actix_web::{get, post, put, web, HttpResponse};
use olympiad_domain::id::OlympiadId;
use olympiad_domain::results::MedalBands;
use olympiad_office::results::{
    self, AdjustInput, BandsInput, DisqualifyInput, EntryQuery, LearnerResult, Moderation,
    OlympiadQuery, PublicResults, RemarkInput, Remarked, ResultsQuery, SchoolResults, Snapshot,
    StateInput, StateView, TopSchool,
};
use olympiad_persistence::models::Paged;
use serde::Deserialize;
use utoipa::IntoParams;

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("results")
        .route(moderation, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(list, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(adjust, ADMIN_OR_OVERLORD)
        .route(disqualify, ADMIN_OR_OVERLORD)
        .route(remark, ADMIN_OR_OVERLORD)
        .route(set_state, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(set_bands, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .beyond_schema("the bands must be in order: gold, silver, bronze, merit")
        .route(top_school_calcs, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(download_details, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(of_school, TEAM_OR_ADMIN)
        .names(Kind::Entry)
        .route(top_results, Public)
        .unscoped("public: the released results")
        .route(past_winners, Public)
        .unscoped("public: the released results")
}

/// What Results moderation shows: distributions per grade and question, outliers, and every change.
#[utoipa::path(operation_id = "results_moderation", tag = "results", params(OlympiadQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<Moderation>))))]
#[get("/api/results/moderation")]
pub async fn moderation(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
) -> ApiResult<Moderation> {
    state
        .answer(move |conn| results::moderation(conn, &caller, query.olympiad_id))
        .await
}

/// The results as they stand, ranked: a page, or with `format` every selected row as CSV or XLSX.
#[utoipa::path(operation_id = "results_list", tag = "results", params(ResultsQuery, GridQuery),
    responses((status = 200, description = "A page of results, or with `format` a CSV or XLSX file of every selected row", body = inline(crate::envelope::Envelope<Paged<LearnerResult>>))))]
#[get("/api/results")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<ResultsQuery>,
    grid: web::Query<GridQuery>,
) -> Result<HttpResponse, ApiError> {
    let (exporter, exported) = (caller.clone(), query.clone());
    grid.answer_streamed(
        &state.db,
        "results",
        results::results_table,
        move |conn, asked| results::list(conn, &caller, &query, asked),
        move |conn, asked, sink| results::export(conn, &exporter, &exported, &asked, sink),
    )
    .await
}

/// Sets a learner's total by hand (an appeal upheld), with the reason; not while final.
#[utoipa::path(operation_id = "results_adjust", tag = "results", request_body = AdjustInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<LearnerResult>)), (status = 409, description = "The results are final", body = crate::error::ErrorBody)))]
#[post("/api/results/adjust")]
pub async fn adjust(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<AdjustInput>,
) -> ApiResult<LearnerResult> {
    let input = body.into_inner();
    state
        .answer(move |conn| results::adjust(conn, &caller, &input))
        .await
}

/// Disqualifies (or reinstates) a learner, with the reason; not while final.
#[utoipa::path(operation_id = "results_disqualify", tag = "results", request_body = DisqualifyInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<LearnerResult>)), (status = 409, description = "The results are final", body = crate::error::ErrorBody)))]
#[post("/api/results/disqualify")]
pub async fn disqualify(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<DisqualifyInput>,
) -> ApiResult<LearnerResult> {
    let input = body.into_inner();
    state
        .answer(move |conn| results::disqualify(conn, &caller, &input))
        .await
}

/// Marks every finished attempt again after a corrected answer key, with the reason.
#[utoipa::path(operation_id = "results_remark", tag = "results", request_body = RemarkInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<Remarked>)), (status = 409, description = "The results are final", body = crate::error::ErrorBody)))]
#[post("/api/results/remark")]
pub async fn remark(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<RemarkInput>,
) -> ApiResult<Remarked> {
    let input = body.into_inner();
    state
        .answer(move |conn| results::remark(conn, &caller, &input))
        .await
}

/// Moves the results: provisional ⇄ moderated → final (a snapshot, a new version) → moderated.
#[utoipa::path(operation_id = "results_state", tag = "results", request_body = StateInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<StateView>)), (status = 409, description = "Not a move the results may make", body = crate::error::ErrorBody)))]
#[post("/api/results/state")]
pub async fn set_state(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<StateInput>,
) -> ApiResult<StateView> {
    let input = body.into_inner();
    state
        .answer(move |conn| results::set_state(conn, &caller, &input))
        .await
}

/// The medal bands: percentages of each grade from the top.
#[utoipa::path(operation_id = "results_bands", tag = "results", request_body = BandsInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<MedalBands>)), (status = 409, description = "The results are final", body = crate::error::ErrorBody)))]
#[put("/api/results/bands")]
pub async fn set_bands(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<BandsInput>,
) -> ApiResult<MedalBands> {
    let input = body.into_inner();
    state
        .answer(move |conn| results::set_bands(conn, &caller, &input))
        .await
}

/// The schools ranked by the mean of their best five learners' scores.
#[utoipa::path(operation_id = "results_top_school_calcs", tag = "results", params(IdOf<OlympiadId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<TopSchool>>))))]
#[get("/api/reports/olympiad/top-school-calcs/{id}")]
pub async fn top_school_calcs(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<OlympiadId>>,
) -> ApiResult<Vec<TopSchool>> {
    let id = path.id;
    ok(state
        .db
        .reader()
        .office(move |conn| results::top_school_calcs(conn, &caller, id))
        .await?)
}

/// The released (final) results as they were made final; version 0 and empty before release.
#[utoipa::path(operation_id = "results_download_details", tag = "results", params(OlympiadQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<Snapshot>))))]
#[get("/api/results/downloads/details")]
pub async fn download_details(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
) -> ApiResult<Snapshot> {
    state
        .answer(move |conn| results::download_details(conn, &caller, query.olympiad_id))
        .await
}

/// A school's released results, for its team (nothing before release).
#[utoipa::path(operation_id = "results_of_school", tag = "results", params(EntryQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<SchoolResults>))))]
#[get("/api/results/school")]
pub async fn of_school(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<EntryQuery>,
) -> ApiResult<SchoolResults> {
    state
        .answer(move |conn| results::of_school(conn, &caller, query.school_participant_id))
        .await
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct ProjectPath {
    /// The project's slug (`geography`).
    pub project: String,
}

/// The newest released results of the project (public Top Results page); null before any release.
#[utoipa::path(operation_id = "results_top_results", tag = "results", params(ProjectPath),
    responses((status = 200, body = inline(crate::envelope::Envelope<Option<PublicResults>>))))]
#[get("/api/results/top-results/{project}")]
pub async fn top_results(
    state: web::Data<AppState>,
    path: web::Path<ProjectPath>,
) -> ApiResult<Option<PublicResults>> {
    let project = path.into_inner().project;
    state
        .answer(move |conn| results::top_results(conn, &project))
        .await
}

/// The first three of each grade of every released olympiad of the project, newest first.
#[utoipa::path(operation_id = "results_past_winners", tag = "results", params(ProjectPath),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<PublicResults>>))))]
#[get("/api/results/past-winners/{project}")]
pub async fn past_winners(
    state: web::Data<AppState>,
    path: web::Path<ProjectPath>,
) -> ApiResult<Vec<PublicResults>> {
    let project = path.into_inner().project;
    state
        .answer(move |conn| results::past_winners(conn, &project))
        .await
}
