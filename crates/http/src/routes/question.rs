//! Questions: written, previewed, reordered and duplicated by the olympiad's admin.

use crate::access::Caller;
use crate::body::Body;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::routes::paper::{guard_open_paper, module_of, ConfirmQuery, QuestionView};
use crate::routes::user::IdPath;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web};
use olympiad_domain::paper::{QuestionContent, QuestionKind};
use olympiad_office::OrNotFound;
use olympiad_persistence::models::{Attachment, Question, QuestionFields};
use olympiad_persistence::DbConnection;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct QuestionsQuery {
    pub question_module_id: i64,
}

#[utoipa::path(
    operation_id = "question_list",tag = "paper", params(QuestionsQuery), security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<QuestionView>>)), (status = 404, body = crate::error::ErrorBody)))]
#[get("/api/question")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<QuestionsQuery>,
) -> ApiResult<Vec<QuestionView>> {
    let module_id = query.question_module_id;
    ok(state
        .db
        .run(move |conn| {
            module_of(conn, &caller, module_id)?;
            Ok(Question::for_module(conn, module_id)?
                .iter()
                .map(QuestionView::new)
                .collect())
        })
        .await?)
}

/// A question as the editor sends it. Without a correct answer it is saved as a draft: Verify
/// Questions reports it, and the olympiad cannot open until it is fixed.
#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionInput {
    /// Only when creating.
    pub module_id: Option<i64>,
    pub kind: QuestionKind,
    pub content: QuestionContent,
    #[validate(range(min = 0, max = 100, message = "must be from 0 to 100"))]
    pub marks: i32,
    #[validate(range(min = 1, max = 5, message = "must be from 1 to 5"))]
    pub difficulty: i32,
    pub attachment_id: Option<i64>,
}

fn fields_of(
    conn: &mut DbConnection,
    olympiad_id: i64,
    input: QuestionInput,
) -> Result<QuestionFields, ApiError> {
    if let Some(attachment_id) = input.attachment_id {
        let attachment = Attachment::find(conn, attachment_id).map_err(|_| {
            ApiError::invalid_field("attachmentId", "is not a file of this olympiad")
        })?;
        if attachment.olympiad_id != Some(olympiad_id) {
            return Err(ApiError::invalid_field(
                "attachmentId",
                "is not a file of this olympiad",
            ));
        }
    }
    Ok(QuestionFields {
        kind: input.kind,
        content: input.content,
        marks: input.marks,
        difficulty: input.difficulty,
        attachment_id: input.attachment_id,
    })
}

#[utoipa::path(
    operation_id = "question_create",tag = "paper", params(ConfirmQuery), request_body = QuestionInput, security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<QuestionView>)), (status = 400, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
#[post("/api/question")]
pub async fn create(
    caller: Caller,
    state: web::Data<AppState>,
    confirm: web::Query<ConfirmQuery>,
    body: Body<QuestionInput>,
) -> ApiResult<QuestionView> {
    let body = body.into_inner();
    let module_id = body
        .module_id
        .ok_or_else(|| ApiError::invalid_field("moduleId", "is required"))?;
    ok(state
        .db
        .transaction(move |conn| {
            let (_, olympiad) = module_of(conn, &caller, module_id)?;
            guard_open_paper(conn, &caller, &olympiad, confirm.confirm, "question added")?;
            let fields = fields_of(conn, olympiad.id, body)?;
            Ok(QuestionView::new(&Question::create(
                conn, module_id, &fields,
            )?))
        })
        .await?)
}

fn question_of(
    conn: &mut DbConnection,
    caller: &Caller,
    id: i64,
) -> Result<(Question, olympiad_persistence::models::Olympiad), ApiError> {
    let question = Question::find(conn, id).or_not_found("This question")?;
    let (_, olympiad) = module_of(conn, caller, question.module_id)?;
    Ok((question, olympiad))
}

#[utoipa::path(
    operation_id = "question_update",tag = "paper", params(IdPath, ConfirmQuery), request_body = QuestionInput, security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<QuestionView>)), (status = 400, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
#[put("/api/question/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    confirm: web::Query<ConfirmQuery>,
    body: Body<QuestionInput>,
) -> ApiResult<QuestionView> {
    let (id, body) = (path.id, body.into_inner());
    ok(state
        .db
        .transaction(move |conn| {
            let (_, olympiad) = question_of(conn, &caller, id)?;
            guard_open_paper(
                conn,
                &caller,
                &olympiad,
                confirm.confirm,
                "question changed",
            )?;
            let fields = fields_of(conn, olympiad.id, body)?;
            Ok(QuestionView::new(&Question::update(conn, id, &fields)?))
        })
        .await?)
}

#[utoipa::path(
    operation_id = "question_delete",tag = "paper", params(IdPath, ConfirmQuery), security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
#[delete("/api/question/{id}")]
pub async fn delete(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    confirm: web::Query<ConfirmQuery>,
) -> ApiResult<bool> {
    let id = path.id;
    ok(state
        .db
        .transaction(move |conn| {
            let (_, olympiad) = question_of(conn, &caller, id)?;
            guard_open_paper(
                conn,
                &caller,
                &olympiad,
                confirm.confirm,
                "question deleted",
            )?;
            Question::delete(conn, id)?;
            Ok(true)
        })
        .await?)
}

/// A copy of the question at the end of its module, to write a similar one quickly.
#[utoipa::path(tag = "paper", params(IdPath, ConfirmQuery), security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<QuestionView>)), (status = 404, body = crate::error::ErrorBody)))]
#[post("/api/question/{id}/duplicate")]
pub async fn duplicate(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    confirm: web::Query<ConfirmQuery>,
) -> ApiResult<QuestionView> {
    let id = path.id;
    ok(state
        .db
        .transaction(move |conn| {
            let (question, olympiad) = question_of(conn, &caller, id)?;
            guard_open_paper(
                conn,
                &caller,
                &olympiad,
                confirm.confirm,
                "question duplicated",
            )?;
            let fields = QuestionFields {
                kind: question.kind().unwrap_or(QuestionKind::SingleChoice),
                content: question.content(),
                marks: question.marks,
                difficulty: question.difficulty,
                attachment_id: question.attachment_id,
            };
            Ok(QuestionView::new(&Question::create(
                conn,
                question.module_id,
                &fields,
            )?))
        })
        .await?)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionOrder {
    pub module_id: i64,
    /// Every question of the module, in the new order.
    pub ids: Vec<i64>,
}

#[utoipa::path(
    operation_id = "question_reorder",tag = "paper", params(ConfirmQuery), request_body = QuestionOrder, security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<QuestionView>>)), (status = 400, body = crate::error::ErrorBody)))]
#[post("/api/question/reorder")]
pub async fn reorder(
    caller: Caller,
    state: web::Data<AppState>,
    confirm: web::Query<ConfirmQuery>,
    body: Body<QuestionOrder>,
) -> ApiResult<Vec<QuestionView>> {
    let body = body.into_inner();
    ok(state
        .db
        .transaction(move |conn| {
            let (_, olympiad) = module_of(conn, &caller, body.module_id)?;
            let mut current: Vec<i64> = Question::for_module(conn, body.module_id)?
                .iter()
                .map(|q| q.id)
                .collect();
            let mut wanted = body.ids.clone();
            current.sort_unstable();
            wanted.sort_unstable();
            if current != wanted {
                return Err(ApiError::invalid_field(
                    "ids",
                    "must list every question of the module once",
                ));
            }
            guard_open_paper(
                conn,
                &caller,
                &olympiad,
                confirm.confirm,
                "questions reordered",
            )?;
            Question::reorder(conn, body.module_id, &body.ids)?;
            Ok(Question::for_module(conn, body.module_id)?
                .iter()
                .map(QuestionView::new)
                .collect())
        })
        .await?)
}
