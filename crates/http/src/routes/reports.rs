//! The reports: every olympiad at a glance, one olympiad's overview per school, its graph data,
//! its questions by difficulty, and the learners' sign-ins.

use crate::caller::Caller;
use crate::envelope::{ok, ApiResult};
use crate::manifest::{Area, Kind, ADMIN_OR_OVERLORD, OVERLORD};
use crate::routes::IdOf;
use crate::state::AppState;
use actix_web::{get, post, web};
use olympiad_domain::id::OlympiadId;
use olympiad_office::reports::{
    self, GraphData, LearnerLoginQuery, LearnerLogins, OlympiadGlance, OlympiadOverview,
    OverviewQuery, QuestionsByDifficulty,
};

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("reports")
        .route(overview_all, ADMIN_OR_OVERLORD)
        .route(overview, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(graph_data, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(questions_by_difficulty, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(learner_logins, OVERLORD)
}

/// Every olympiad the caller reaches at a glance: schools entered, learners, started, finished.
#[utoipa::path(operation_id = "report_overview_all", tag = "reports",
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<OlympiadGlance>>))))]
#[post("/api/reports/olympiad/overview")]
pub async fn overview_all(
    caller: Caller,
    state: web::Data<AppState>,
) -> ApiResult<Vec<OlympiadGlance>> {
    ok(state
        .db
        .reader()
        .office(move |conn| reports::olympiads_at_a_glance(conn, &caller))
        .await?)
}

/// One olympiad's schools with their learners by status; `schoolId` -1 (or none) for all.
#[utoipa::path(operation_id = "report_overview", tag = "reports", params(IdOf<OlympiadId>, OverviewQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<OlympiadOverview>))))]
#[post("/api/reports/olympiad/overview/{id}")]
pub async fn overview(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<OlympiadId>>,
    query: web::Query<OverviewQuery>,
) -> ApiResult<OlympiadOverview> {
    let (id, school_id) = (path.id, query.school_id);
    ok(state
        .db
        .reader()
        .office(move |conn| reports::olympiad_overview(conn, &caller, id, school_id))
        .await?)
}

/// Entries and starts over time, and learners by province and by grade.
#[utoipa::path(operation_id = "report_graph_data", tag = "reports", params(IdOf<OlympiadId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<GraphData>))))]
#[post("/api/reports/olympiad/graph-data/{id}")]
pub async fn graph_data(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<OlympiadId>>,
) -> ApiResult<GraphData> {
    let id = path.id;
    ok(state
        .db
        .reader()
        .office(move |conn| reports::graph_data(conn, &caller, id))
        .await?)
}

/// Facility and discrimination of every question, from the finished scripts.
#[utoipa::path(operation_id = "report_questions_by_difficulty", tag = "reports", params(IdOf<OlympiadId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<QuestionsByDifficulty>))))]
#[post("/api/reports/olympiad/questions-by-difficulty/{id}")]
pub async fn questions_by_difficulty(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<OlympiadId>>,
) -> ApiResult<QuestionsByDifficulty> {
    let id = path.id;
    ok(state
        .db
        .reader()
        .office(move |conn| reports::questions_by_difficulty(conn, &caller, id))
        .await?)
}

/// Learners' sign-ins to an olympiad in a window of hours.
#[utoipa::path(operation_id = "report_learner_logins", tag = "reports", params(LearnerLoginQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<LearnerLogins>))))]
#[get("/api/reports/learner-logins")]
pub async fn learner_logins(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<LearnerLoginQuery>,
) -> ApiResult<LearnerLogins> {
    ok(state
        .db
        .reader()
        .office(move |conn| reports::learner_logins(conn, &caller, &query))
        .await?)
}
