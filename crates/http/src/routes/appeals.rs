//! Appeals: the school's team lodges one for a learner of its released results; admins see the
//! queue on Results moderation and uphold (adjusting the mark) or dismiss it, with a reason.

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::ApiResult;
use crate::manifest::{Area, ADMIN_OR_OVERLORD, TEAM_OR_ADMIN};
use crate::routes::IdOf;
use crate::state::AppState;
use actix_web::{get, post, web};
use olympiad_domain::id::AppealId;
use olympiad_office::appeals::{self, AppealView, DecideInput, LodgeInput};
use olympiad_office::results::{EntryQuery, OlympiadQuery};

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("appeals")
        .route(lodge, TEAM_OR_ADMIN)
        .beyond_schema("question must be a question of the paper (1 to its number of questions)")
        .route(queue, ADMIN_OR_OVERLORD)
        .route(of_school, TEAM_OR_ADMIN)
        .route(decide, ADMIN_OR_OVERLORD)
        .unscoped("an appeal is found by its id and then its olympiad in reach (find_in_reach); tests/all/appeals.rs has another olympiad's admin refused")
}

/// Lodges an appeal for one of the school's learners, once the results are released.
#[utoipa::path(operation_id = "results_appeal_lodge", tag = "results", request_body = LodgeInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<AppealView>)), (status = 409, description = "The results are not released, or the same appeal waits already", body = crate::error::ErrorBody)))]
#[post("/api/results/appeals")]
pub async fn lodge(
    caller: Caller,
    state: web::Data<AppState>,
    body: Body<LodgeInput>,
) -> ApiResult<AppealView> {
    let input = body.into_inner();
    state
        .answer(move |conn| appeals::lodge(conn, &caller, &input))
        .await
}

/// The queue of appeals of the olympiad, waiting ones first.
#[utoipa::path(operation_id = "results_appeals", tag = "results", params(OlympiadQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<AppealView>>))))]
#[get("/api/results/appeals")]
pub async fn queue(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
) -> ApiResult<Vec<AppealView>> {
    state
        .answer(move |conn| appeals::of_olympiad(conn, &caller, query.olympiad_id))
        .await
}

/// A school's appeals and their outcomes.
#[utoipa::path(operation_id = "results_appeals_of_school", tag = "results", params(EntryQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<AppealView>>))))]
#[get("/api/results/appeals/school")]
pub async fn of_school(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<EntryQuery>,
) -> ApiResult<Vec<AppealView>> {
    state
        .answer(move |conn| appeals::of_school(conn, &caller, query.school_participant_id))
        .await
}

/// Upholds (setting the learner's marks, with the reason) or dismisses an appeal, once.
#[utoipa::path(operation_id = "results_appeal_decide", tag = "results", params(IdOf<AppealId>), request_body = DecideInput,
    responses((status = 200, body = inline(crate::envelope::Envelope<AppealView>)), (status = 409, description = "Already decided, or the results are final", body = crate::error::ErrorBody)))]
#[post("/api/results/appeals/{id}/decide")]
pub async fn decide(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<AppealId>>,
    body: Body<DecideInput>,
) -> ApiResult<AppealView> {
    let input = body.into_inner();
    state
        .answer(move |conn| appeals::decide(conn, &caller, path.id, &input))
        .await
}
