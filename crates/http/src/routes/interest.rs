//! Expressions of interest: the public form (teachers and others), the verification of the address,
//! and the staff's list with possible matches beside each, processing (a teacher's becomes their
//! school's entry, with their account, in one step) and declining.

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::ApiResult;
use crate::error::ApiError;
use crate::listing::GridQuery;
use crate::manifest::{Allowed::Public, Area, Kind, STAFF};
use crate::rate_limit::client_address;
use crate::routes::IdOf;
use crate::state::AppState;
use actix_web::{delete, get, post, web, HttpRequest, HttpResponse};
use olympiad_domain::id::ExpressionOfInterestId;
use olympiad_domain::interest::InterestKind;
use olympiad_office::interest::{
    self, DeclineInterest, EmailVerified, InterestForm, InterestListQuery, InterestReceived,
    MatchQuery, PossibleMatches, ProcessInterest,
};
use olympiad_persistence::models::ExpressionOfInterest;

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("interest")
        .route(teacher_expression, Public)
        .beyond_schema("schoolName is required on the teachers' form (the form is shared)")
        .route(list, STAFF)
        .route(matches, STAFF)
        .names(Kind::Expression)
        .route(process, STAFF)
        .names(Kind::Expression)
        .route(decline, STAFF)
        .names(Kind::Expression)
        .route(delete_expression, STAFF)
        .names(Kind::Expression)
        .route(create, Public)
        .route(website_eoi, Public)
        .beyond_schema("schoolName is required on the teachers' form (the form is shared)")
        .route(website_other_interest, Public)
        .route(verify_email, Public)
        .unscoped("public: the id is the e-mailed secret")
}

/// Expressions of Interest, filterable as open, processed or declined.
#[utoipa::path(
    operation_id = "interest_list",
    tag = "interest",
    params(InterestListQuery, GridQuery),
    responses((status = 200, description = "A page of expressions of interest, or a CSV or XLSX file", body = inline(crate::envelope::Envelope<olympiad_persistence::models::Paged<ExpressionOfInterest>>)))
)]
#[get("/api/interest/expression-of-interest")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<InterestListQuery>,
    grid: web::Query<GridQuery>,
) -> Result<HttpResponse, ApiError> {
    grid.answer(
        &state.db,
        "expressions-of-interest",
        interest::interest_table,
        move |conn, asked| {
            interest::list(conn, &caller, &query, asked.search, asked.sort, asked.page)
        },
    )
    .await
}

/// Schools and teachers that look like the expression's: the same EMIS number, the same e-mail
/// address, or a school name that is alike.
#[utoipa::path(
    operation_id = "interest_possible_matches",
    tag = "interest",
    params(MatchQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<PossibleMatches>)))
)]
#[get("/api/interest/expression-of-interest/possible-matches")]
pub async fn matches(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<MatchQuery>,
) -> ApiResult<PossibleMatches> {
    state
        .answer(move |conn| interest::matches(conn, &caller, query.expression_id))
        .await
}

/// Processes an expression. A teacher's becomes, in one transaction, their school's entry with them
/// as its team admin (their account made or linked) and an e-mail to them; another's is marked
/// processed. A second call answers 409 and changes nothing.
#[utoipa::path(
    operation_id = "interest_process",
    tag = "interest",
    params(IdOf<ExpressionOfInterestId>),
    request_body = ProcessInterest,
    responses((status = 200, body = inline(crate::envelope::Envelope<ExpressionOfInterest>)), (status = 409, body = crate::error::ErrorBody))
)]
#[post("/api/interest/expression-of-interest/{id}/process")]
pub async fn process(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<ExpressionOfInterestId>>,
    body: Body<ProcessInterest>,
) -> ApiResult<ExpressionOfInterest> {
    let base_url = state.config.public_base_url.clone();
    state
        .answer(move |conn| interest::process(conn, &caller, path.id, &body, &base_url))
        .await
}

#[utoipa::path(
    operation_id = "interest_decline",
    tag = "interest",
    params(IdOf<ExpressionOfInterestId>),
    request_body = DeclineInterest,
    responses((status = 200, body = inline(crate::envelope::Envelope<ExpressionOfInterest>)), (status = 409, body = crate::error::ErrorBody))
)]
#[post("/api/interest/expression-of-interest/{id}/decline")]
pub async fn decline(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<ExpressionOfInterestId>>,
    body: Body<DeclineInterest>,
) -> ApiResult<ExpressionOfInterest> {
    state
        .answer(move |conn| interest::decline(conn, &caller, path.id, &body))
        .await
}

/// Deletes an expression (spam, a test); the entry it became, if any, stays.
#[utoipa::path(
    operation_id = "interest_delete",
    tag = "interest",
    params(IdOf<ExpressionOfInterestId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<bool>)))
)]
#[delete("/api/interest/{id}")]
pub async fn delete_expression(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<ExpressionOfInterestId>>,
) -> ApiResult<bool> {
    state
        .answer_done(move |conn| interest::delete(conn, &caller, path.id))
        .await
}

/// A form of the public site. It mails whatever address it is given, so its attempts are
/// counted like sign-ins both per address and per client (a new address each time gains nothing),
/// and the confirmations of every client together stay within an hourly ceiling.
async fn receive(
    state: &AppState,
    req: &HttpRequest,
    form: InterestForm,
    kind: InterestKind,
) -> ApiResult<InterestReceived> {
    let email = form.checked_email()?;
    let client = client_address(req);
    state
        .limits
        .check_signin(&format!("interest:{email}"), &client)
        .await?;
    state
        .limits
        .check_signin(&format!("interest-from:{client}"), &client)
        .await?;
    let base_url = state.config.public_base_url.clone();
    state
        .answer(move |conn| interest::receive(conn, &form, kind, &base_url))
        .await
}

/// A teacher's expression of interest from the public site; the address is then verified by the
/// link e-mailed to it. Rate-limited like sign-in.
#[utoipa::path(
    operation_id = "teacher_expression",
    tag = "interest",
    request_body = InterestForm,
    responses((status = 200, body = inline(crate::envelope::Envelope<InterestReceived>)))
)]
#[post("/api/teacher/expression")]
pub async fn teacher_expression(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: Body<InterestForm>,
) -> ApiResult<InterestReceived> {
    receive(&state, &req, body.into_inner(), InterestKind::Teacher).await
}

/// Someone else's expression of interest (a parent, a learner, a tutor).
#[utoipa::path(
    operation_id = "interest_create",
    tag = "interest",
    request_body = InterestForm,
    responses((status = 200, body = inline(crate::envelope::Envelope<InterestReceived>)))
)]
#[post("/api/interest")]
pub async fn create(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: Body<InterestForm>,
) -> ApiResult<InterestReceived> {
    receive(&state, &req, body.into_inner(), InterestKind::Other).await
}

/// The public site's teacher form: the same as `POST /api/teacher/expression`, by the spec's
/// public-site path.
#[utoipa::path(
    operation_id = "website_eoi",
    tag = "interest",
    request_body = InterestForm,
    responses((status = 200, body = inline(crate::envelope::Envelope<InterestReceived>)))
)]
#[post("/api/website/eoi")]
pub async fn website_eoi(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: Body<InterestForm>,
) -> ApiResult<InterestReceived> {
    receive(&state, &req, body.into_inner(), InterestKind::Teacher).await
}

/// The public site's form for anyone else: the same as `POST /api/interest`.
#[utoipa::path(
    operation_id = "website_other_interest",
    tag = "interest",
    request_body = InterestForm,
    responses((status = 200, body = inline(crate::envelope::Envelope<InterestReceived>)))
)]
#[post("/api/website/other-interest")]
pub async fn website_other_interest(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: Body<InterestForm>,
) -> ApiResult<InterestReceived> {
    receive(&state, &req, body.into_inner(), InterestKind::Other).await
}

/// Confirms the address of an expression of interest by the secret of its link (`{id}`).
#[utoipa::path(
    operation_id = "website_verify_email",
    tag = "interest",
    params(("id" = String, Path, description = "The secret of the link e-mailed to the address")),
    responses((status = 200, body = inline(crate::envelope::Envelope<EmailVerified>)), (status = 404, description = "The link names nothing (mistyped, or the expression was deleted)", body = crate::error::ErrorBody))
)]
#[post("/api/website/verify-email/{id}")]
pub async fn verify_email(
    state: web::Data<AppState>,
    req: HttpRequest,
    token: web::Path<String>,
) -> ApiResult<EmailVerified> {
    let address = client_address(&req);
    state
        .limits
        .check_signin(&format!("verify-email:{address}"), &address)
        .await?;
    state
        .answer(move |conn| interest::verify_email(conn, &token))
        .await
}
