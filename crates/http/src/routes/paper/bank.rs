//! A year's paper built from last year's: the question bank as a documented JSON file (export and
//! import), and simple single-choice banks from CSV.

use crate::body::LaterJson;
use crate::caller::Caller;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::manifest::{Area, Kind, ADMIN_OR_OVERLORD};
use crate::routes::upload_target;
use crate::state::AppState;
use crate::JSON_LIMIT_BYTES;
use actix_web::{get, post, web};
use olympiad_domain::id::OlympiadId;
use olympiad_office::paper::ConfirmQuery;
use olympiad_office::question_bank::{self, CsvImport, Imported, QuestionBank};
use olympiad_office::OfficeResult;
use olympiad_persistence::models::Olympiad;
use olympiad_persistence::DbConnection;
use serde::de::DeserializeOwned;
use validator::Validate;

/// This part's routes of the paper's manifest (see [`crate::manifest`]).
pub fn routes(area: Area) -> Area {
    area.route(export, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(import, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .beyond_schema("the modules' content must be in the olympiad's languages")
        .route(import_csv, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .beyond_schema(
            "the CSV text must have the columns question, a, b, c, d, correct, marks, difficulty",
        )
}

#[utoipa::path(tag = "paper", params(("id" = i64, Path, minimum = 1, description = "The olympiad's id")), responses((status = 200, body = inline(crate::envelope::Envelope<QuestionBank>))))]
#[get("/api/olympiad/{id}/question-bank")]
pub async fn export(
    caller: Caller,
    state: web::Data<AppState>,
    id: web::Path<OlympiadId>,
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
    id: web::Path<OlympiadId>,
    confirm: web::Query<ConfirmQuery>,
    bank: LaterJson<QuestionBank>,
) -> ApiResult<Imported> {
    let (id, confirm) = (id.into_inner(), confirm.confirm);
    ok(with_the_file(caller, state, id, confirm, bank, question_bank::import).await?)
}

#[utoipa::path(tag = "paper", params(("id" = i64, Path, minimum = 1, description = "The olympiad's id"), ConfirmQuery), request_body = CsvImport, responses((status = 200, body = inline(crate::envelope::Envelope<Imported>)), (status = 400, description = "Names each faulty row", body = crate::error::ErrorBody)))]
#[post("/api/olympiad/{id}/question-bank/csv")]
pub async fn import_csv(
    caller: Caller,
    state: web::Data<AppState>,
    id: web::Path<OlympiadId>,
    confirm: web::Query<ConfirmQuery>,
    csv: LaterJson<CsvImport>,
) -> ApiResult<Imported> {
    let (id, confirm) = (id.into_inner(), confirm.confirm);
    ok(with_the_file(caller, state, id, confirm, csv, question_bank::import_csv).await?)
}

/// Both imports: the olympiad found in reach, then the file read and checked, then the use case.
async fn with_the_file<B, T>(
    caller: Caller,
    state: web::Data<AppState>,
    olympiad_id: OlympiadId,
    confirm: bool,
    file: LaterJson<B>,
    use_case: fn(
        &mut DbConnection,
        &olympiad_office::Caller,
        OlympiadId,
        bool,
        B,
    ) -> OfficeResult<T>,
) -> Result<T, ApiError>
where
    B: DeserializeOwned + Validate + Send + 'static,
    T: Send + 'static,
{
    upload_target::<Olympiad>(&state, &caller, olympiad_id).await?;
    let file = file.read(JSON_LIMIT_BYTES).await?;
    state
        .db
        .office(move |conn| use_case(conn, &caller, olympiad_id, confirm, file))
        .await
}
