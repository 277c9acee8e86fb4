//! A year's paper built from last year's: the question bank as a documented JSON file (export and
//! import), and simple single-choice banks from CSV.

use crate::access::Caller;
use crate::body::Body;
use crate::envelope::ApiResult;
use crate::state::AppState;
use actix_web::{get, post, web};
use olympiad_office::paper::ConfirmQuery;
use olympiad_office::question_bank::{self, CsvImport, Imported, QuestionBank};

#[utoipa::path(tag = "paper", params(("id" = i64, Path, minimum = 1, description = "The olympiad's id")), responses((status = 200, body = inline(crate::envelope::Envelope<QuestionBank>))))]
#[get("/api/olympiad/{id}/question-bank")]
pub async fn export(
    caller: Caller,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> ApiResult<QuestionBank> {
    let id = id.into_inner();
    state
        .answer(move |conn| question_bank::export(conn, &caller, id))
        .await
}

#[utoipa::path(tag = "paper", params(("id" = i64, Path, minimum = 1, description = "The olympiad's id"), ConfirmQuery), request_body = QuestionBank, responses((status = 200, body = inline(crate::envelope::Envelope<Imported>))))]
#[post("/api/olympiad/{id}/question-bank")]
pub async fn import(
    caller: Caller,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    confirm: web::Query<ConfirmQuery>,
    body: Body<QuestionBank>,
) -> ApiResult<Imported> {
    let (id, confirm, bank) = (id.into_inner(), confirm.confirm, body.into_inner());
    state
        .answer(move |conn| question_bank::import(conn, &caller, id, confirm, bank))
        .await
}

#[utoipa::path(tag = "paper", params(("id" = i64, Path, minimum = 1, description = "The olympiad's id"), ConfirmQuery), request_body = CsvImport, responses((status = 200, body = inline(crate::envelope::Envelope<Imported>)), (status = 400, description = "Names each faulty row", body = crate::error::ErrorBody)))]
#[post("/api/olympiad/{id}/question-bank/csv")]
pub async fn import_csv(
    caller: Caller,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    confirm: web::Query<ConfirmQuery>,
    body: Body<CsvImport>,
) -> ApiResult<Imported> {
    let (id, confirm, body) = (id.into_inner(), confirm.confirm, body.into_inner());
    state
        .answer(move |conn| question_bank::import_csv(conn, &caller, id, confirm, body))
        .await
}
