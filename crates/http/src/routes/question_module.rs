//! Question modules: the sections of an olympiad's paper.

use crate::access::Caller;
use crate::body::Body;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::routes::paper::{guard_open_paper, module_of, olympiad_of, ConfirmQuery, ModuleView};
use crate::routes::user::IdPath;
use crate::state::AppState;
use actix_web::{delete, get, post, put, web};
use olympiad_domain::paper::Localized;
use olympiad_domain::rich_text::LocalizedRichText;
use olympiad_persistence::models::{ModuleFields, Question, QuestionModule};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use validator::Validate;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ModulesQuery {
    pub olympiad_id: i64,
}

#[utoipa::path(
    operation_id = "question_module_list",tag = "paper", params(ModulesQuery), security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<ModuleView>>))))]
#[get("/api/question-module")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<ModulesQuery>,
) -> ApiResult<Vec<ModuleView>> {
    let olympiad_id = query.olympiad_id;
    ok(state
        .db
        .run(move |conn| {
            olympiad_of(conn, &caller, olympiad_id)?;
            let questions = Question::for_olympiad(conn, olympiad_id)?;
            let modules = QuestionModule::for_olympiad(conn, olympiad_id)?;
            Ok(modules
                .iter()
                .map(|m| {
                    ModuleView::new(m, questions.iter().filter(|q| q.module_id == m.id).count())
                })
                .collect())
        })
        .await?)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModuleInput {
    /// Only when creating.
    pub olympiad_id: Option<i64>,
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub title: Localized,
    /// Sanitised as it is read, like every rich text.
    #[serde(default)]
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub instructions: LocalizedRichText,
    #[validate(range(min = 1, max = 600, message = "must be from 1 to 600 minutes"))]
    pub time_limit_minutes: Option<i32>,
}

impl ModuleInput {
    fn fields(&self) -> Result<ModuleFields, ApiError> {
        let title: Localized = self
            .title
            .iter()
            .map(|(l, t)| (*l, t.trim().to_owned()))
            .filter(|(_, t)| !t.is_empty())
            .collect();
        if title.is_empty() {
            return Err(ApiError::invalid_field(
                "title",
                "is required in at least one language",
            ));
        }
        Ok(ModuleFields {
            title,
            instructions: self.instructions.clone(),
            time_limit_minutes: self.time_limit_minutes,
        })
    }
}

#[utoipa::path(
    operation_id = "question_module_create",tag = "paper", params(ConfirmQuery), request_body = ModuleInput, security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<ModuleView>)), (status = 400, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
#[post("/api/question-module")]
pub async fn create(
    caller: Caller,
    state: web::Data<AppState>,
    confirm: web::Query<ConfirmQuery>,
    body: Body<ModuleInput>,
) -> ApiResult<ModuleView> {
    let body = body.into_inner();
    let olympiad_id = body
        .olympiad_id
        .ok_or_else(|| ApiError::invalid_field("olympiadId", "is required"))?;
    let fields = body.fields()?;
    ok(state
        .db
        .transaction(move |conn| {
            let olympiad = olympiad_of(conn, &caller, olympiad_id)?;
            guard_open_paper(conn, &caller, &olympiad, confirm.confirm, "module added")?;
            Ok(ModuleView::new(
                &QuestionModule::create(conn, olympiad_id, &fields)?,
                0,
            ))
        })
        .await?)
}

#[utoipa::path(
    operation_id = "question_module_update",tag = "paper", params(IdPath, ConfirmQuery), request_body = ModuleInput, security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<ModuleView>)), (status = 400, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
#[put("/api/question-module/{id}")]
pub async fn update(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    confirm: web::Query<ConfirmQuery>,
    body: Body<ModuleInput>,
) -> ApiResult<ModuleView> {
    let id = path.id;
    let fields = body.fields()?;
    ok(state
        .db
        .transaction(move |conn| {
            let (_, olympiad) = module_of(conn, &caller, id)?;
            guard_open_paper(conn, &caller, &olympiad, confirm.confirm, "module changed")?;
            let module = QuestionModule::update(conn, id, &fields)?;
            Ok(ModuleView::new(
                &module,
                Question::for_module(conn, id)?.len(),
            ))
        })
        .await?)
}

#[utoipa::path(
    operation_id = "question_module_delete",tag = "paper", params(IdPath, ConfirmQuery), security(("bearer" = [])), responses((status = 200, description = "Deleted with its questions", body = inline(crate::envelope::Envelope<bool>)), (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
#[delete("/api/question-module/{id}")]
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
            let (_, olympiad) = module_of(conn, &caller, id)?;
            guard_open_paper(conn, &caller, &olympiad, confirm.confirm, "module deleted")?;
            QuestionModule::delete(conn, id)?;
            Ok(true)
        })
        .await?)
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModuleOrder {
    pub olympiad_id: i64,
    /// Every module of the olympiad, in the new order.
    pub ids: Vec<i64>,
}

#[utoipa::path(
    operation_id = "question_module_reorder",tag = "paper", params(ConfirmQuery), request_body = ModuleOrder, security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<ModuleView>>)), (status = 400, body = crate::error::ErrorBody)))]
#[post("/api/question-module/reorder")]
pub async fn reorder(
    caller: Caller,
    state: web::Data<AppState>,
    confirm: web::Query<ConfirmQuery>,
    body: Body<ModuleOrder>,
) -> ApiResult<Vec<ModuleView>> {
    let body = body.into_inner();
    ok(state
        .db
        .transaction(move |conn| {
            let olympiad = olympiad_of(conn, &caller, body.olympiad_id)?;
            let modules = QuestionModule::for_olympiad(conn, olympiad.id)?;
            let mut current: Vec<i64> = modules.iter().map(|m| m.id).collect();
            let mut wanted = body.ids.clone();
            current.sort_unstable();
            wanted.sort_unstable();
            if current != wanted {
                return Err(ApiError::invalid_field(
                    "ids",
                    "must list every module of the olympiad once",
                ));
            }
            guard_open_paper(
                conn,
                &caller,
                &olympiad,
                confirm.confirm,
                "modules reordered",
            )?;
            QuestionModule::reorder(conn, olympiad.id, &body.ids)?;
            let questions = Question::for_olympiad(conn, olympiad.id)?;
            Ok(QuestionModule::for_olympiad(conn, olympiad.id)?
                .iter()
                .map(|m| {
                    ModuleView::new(m, questions.iter().filter(|q| q.module_id == m.id).count())
                })
                .collect())
        })
        .await?)
}
