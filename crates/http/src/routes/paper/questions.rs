//! Questions: written, previewed, reordered and duplicated by the olympiad's admin.

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::ApiResult;
use crate::manifest::{Area, Kind, ADMIN_OR_OVERLORD};
use crate::routes::IdOf;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web};
use olympiad_domain::id::QuestionId;
use olympiad_office::paper::{
    self, ConfirmQuery, QuestionInput, QuestionOrder, QuestionView, QuestionsQuery,
};

/// This part's routes of the paper's manifest (see [`crate::manifest`]).
pub fn routes(area: Area) -> Area {
    area.route(reorder, ADMIN_OR_OVERLORD)
        .beyond_schema("ids must list every question of the module exactly once")
        .route(list, ADMIN_OR_OVERLORD)
        .route(create, ADMIN_OR_OVERLORD)
        .beyond_schema("the content's languages must be the olympiad's languages")
        .route(update, ADMIN_OR_OVERLORD)
        .names(Kind::Question)
        .beyond_schema("the content's languages must be the olympiad's languages")
        .route(delete, ADMIN_OR_OVERLORD)
        .names(Kind::Question)
        .route(duplicate, ADMIN_OR_OVERLORD)
        .names(Kind::Question)
}

#[utoipa::path(
    operation_id = "question_list",tag = "paper", params(QuestionsQuery), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<QuestionView>>))))]
#[get("/api/question")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<QuestionsQuery>,
) -> ApiResult<Vec<QuestionView>> {
    state
        .answer(move |conn| paper::list_questions(conn, &caller, query.question_module_id))
        .await
}

#[utoipa::path(
    operation_id = "question_create",tag = "paper", params(ConfirmQuery), request_body = QuestionInput, responses((status = 200, body = inline(crate::envelope::Envelope<QuestionView>)), (status = 409, body = crate::error::ErrorBody)))]
#[post("/api/question")]
pub async fn create(
    caller: Caller,
    state: web::Data<AppState>,
    confirm: web::Query<ConfirmQuery>,
    body: Body<QuestionInput>,
) -> ApiResult<QuestionView> {
    let (confirm, body) = (confirm.confirm, body.into_inner());
    state
        .answer(move |conn| paper::create_question(conn, &caller, confirm, body))
        .await
}

#[utoipa::path(
    operation_id = "question_update",tag = "paper", params(IdOf<QuestionId>, ConfirmQuery), request_body = QuestionInput, responses((status = 200, body = inline(crate::envelope::Envelope<QuestionView>)), (status = 409, body = crate::error::ErrorBody)))]
#[put("/api/question/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<QuestionId>>,
    confirm: web::Query<ConfirmQuery>,
    body: Body<QuestionInput>,
) -> ApiResult<QuestionView> {
    let (id, confirm, body) = (path.id, confirm.confirm, body.into_inner());
    state
        .answer(move |conn| paper::update_question(conn, &caller, id, confirm, body))
        .await
}

#[utoipa::path(
    operation_id = "question_delete",tag = "paper", params(IdOf<QuestionId>, ConfirmQuery), responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 409, body = crate::error::ErrorBody)))]
#[delete("/api/question/{id}")]
pub async fn delete(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<QuestionId>>,
    confirm: web::Query<ConfirmQuery>,
) -> ApiResult<bool> {
    state
        .answer(move |conn| paper::delete_question(conn, &caller, path.id, confirm.confirm))
        .await
}

/// A copy of the question at the end of its module, to write a similar one quickly.
#[utoipa::path(tag = "paper", params(IdOf<QuestionId>, ConfirmQuery), responses((status = 200, body = inline(crate::envelope::Envelope<QuestionView>))))]
#[post("/api/question/{id}/duplicate")]
pub async fn duplicate(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<QuestionId>>,
    confirm: web::Query<ConfirmQuery>,
) -> ApiResult<QuestionView> {
    state
        .answer(move |conn| paper::duplicate_question(conn, &caller, path.id, confirm.confirm))
        .await
}

#[utoipa::path(
    operation_id = "question_reorder",tag = "paper", params(ConfirmQuery), request_body = QuestionOrder, responses((status = 200, body = inline(crate::envelope::Envelope<Vec<QuestionView>>))))]
#[post("/api/question/reorder")]
pub async fn reorder(
    caller: Caller,
    state: web::Data<AppState>,
    confirm: web::Query<ConfirmQuery>,
    body: Body<QuestionOrder>,
) -> ApiResult<Vec<QuestionView>> {
    let (confirm, body) = (confirm.confirm, body.into_inner());
    state
        .answer(move |conn| paper::reorder_questions(conn, &caller, confirm, body))
        .await
}
