//! Question modules: the sections of an olympiad's paper.

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::ApiResult;
use crate::manifest::{Area, Kind, ADMIN_OR_OVERLORD};
use crate::routes::IdOf;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web};
use olympiad_domain::id::ModuleId;
use olympiad_office::paper::{
    self, ConfirmQuery, ModuleInput, ModuleOrder, ModuleView, ModulesQuery,
};

/// This part's routes of the paper's manifest (see [`crate::manifest`]).
pub fn routes(area: Area) -> Area {
    area.route(reorder, ADMIN_OR_OVERLORD)
        .beyond_schema("ids must list every module of the olympiad exactly once")
        .route(list, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(create, ADMIN_OR_OVERLORD)
        .beyond_schema("title is required in at least one of the olympiad's languages")
        .route(update, ADMIN_OR_OVERLORD)
        .names(Kind::Module)
        .beyond_schema("title is required in at least one of the olympiad's languages")
        .route(delete, ADMIN_OR_OVERLORD)
        .names(Kind::Module)
}

#[utoipa::path(
    operation_id = "question_module_list",tag = "paper", params(ModulesQuery), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<ModuleView>>))))]
#[get("/api/question-module")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<ModulesQuery>,
) -> ApiResult<Vec<ModuleView>> {
    state
        .answer(move |conn| paper::list_modules(conn, &caller, query.olympiad_id))
        .await
}

#[utoipa::path(
    operation_id = "question_module_create",tag = "paper", params(ConfirmQuery), request_body = ModuleInput, responses((status = 200, body = inline(crate::envelope::Envelope<ModuleView>)), (status = 409, body = crate::error::ErrorBody)))]
#[post("/api/question-module")]
pub async fn create(
    caller: Caller,
    state: web::Data<AppState>,
    confirm: web::Query<ConfirmQuery>,
    body: Body<ModuleInput>,
) -> ApiResult<ModuleView> {
    let (confirm, body) = (confirm.confirm, body.into_inner());
    state
        .answer(move |conn| paper::create_module(conn, &caller, confirm, body))
        .await
}

#[utoipa::path(
    operation_id = "question_module_update",tag = "paper", params(IdOf<ModuleId>, ConfirmQuery), request_body = ModuleInput, responses((status = 200, body = inline(crate::envelope::Envelope<ModuleView>)), (status = 409, body = crate::error::ErrorBody)))]
#[put("/api/question-module/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<ModuleId>>,
    confirm: web::Query<ConfirmQuery>,
    body: Body<ModuleInput>,
) -> ApiResult<ModuleView> {
    let (id, confirm, body) = (path.id, confirm.confirm, body.into_inner());
    state
        .answer(move |conn| paper::update_module(conn, &caller, id, confirm, body))
        .await
}

#[utoipa::path(
    operation_id = "question_module_delete",tag = "paper", params(IdOf<ModuleId>, ConfirmQuery), responses((status = 200, description = "Deleted with its questions", body = inline(crate::envelope::Envelope<bool>)), (status = 409, body = crate::error::ErrorBody)))]
#[delete("/api/question-module/{id}")]
pub async fn delete(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<ModuleId>>,
    confirm: web::Query<ConfirmQuery>,
) -> ApiResult<bool> {
    state
        .answer(move |conn| paper::delete_module(conn, &caller, path.id, confirm.confirm))
        .await
}

#[utoipa::path(
    operation_id = "question_module_reorder",tag = "paper", params(ConfirmQuery), request_body = ModuleOrder, responses((status = 200, body = inline(crate::envelope::Envelope<Vec<ModuleView>>))))]
#[post("/api/question-module/reorder")]
pub async fn reorder(
    caller: Caller,
    state: web::Data<AppState>,
    confirm: web::Query<ConfirmQuery>,
    body: Body<ModuleOrder>,
) -> ApiResult<Vec<ModuleView>> {
    let (confirm, body) = (confirm.confirm, body.into_inner());
    state
        .answer(move |conn| paper::reorder_modules(conn, &caller, confirm, body))
        .await
}
