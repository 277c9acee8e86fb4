//! An olympiad's settings, opening and pinning, the admin's preview of the paper, and verification.

use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::ApiResult;
use crate::manifest::{Area, Kind, ADMIN_OR_OVERLORD};
use crate::state::AppState;
use actix_web::{get, post, put, web};
use olympiad_domain::id::OlympiadId;
use olympiad_domain::paper::Verification;
use olympiad_office::olympiads::{
    self, OlympiadIdQuery, OlympiadSettings, OpenQuery, PaperModule, PinQuery, UpdateSettings,
};

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("olympiads")
        .route(get_olympiad, ADMIN_OR_OVERLORD)
        .route(set_olympiad_open, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(set_pinned, ADMIN_OR_OVERLORD)
        .route(paper_modules, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(verify, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(update_settings, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .beyond_schema("each sitting window must end after it starts (a rule between two fields)")
}

#[utoipa::path(tag = "olympiad", params(OlympiadIdQuery), responses((status = 200, body = inline(crate::envelope::Envelope<OlympiadSettings>))))]
#[get("/api/olympiad")]
pub async fn get_olympiad(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadIdQuery>,
) -> ApiResult<OlympiadSettings> {
    state
        .answer(move |conn| olympiads::settings(conn, &caller, query.olympiad_id))
        .await
}

#[utoipa::path(
    tag = "olympiad",
    params(("id" = i64, Path, minimum = 1)),
    request_body = UpdateSettings,
    responses((status = 200, body = inline(crate::envelope::Envelope<OlympiadSettings>)))
)]
#[put("/api/olympiad/{id}")]
pub async fn update_settings(
    caller: Caller,
    state: web::Data<AppState>,
    id: web::Path<OlympiadId>,
    body: Body<UpdateSettings>,
) -> ApiResult<OlympiadSettings> {
    let (id, body) = (id.into_inner(), body.into_inner());
    state
        .answer(move |conn| olympiads::update_settings(conn, &caller, id, body))
        .await
}

/// Opens or closes the olympiad. `{query}` is the olympiad's id; `?open=false` closes it. Opening
/// is refused while verification finds errors, with the list of problems.
#[utoipa::path(
    tag = "olympiad",
    params(("query" = i64, Path, minimum = 1, description = "The olympiad's id"), OpenQuery),
    responses(
        (status = 200, body = inline(crate::envelope::Envelope<OlympiadSettings>)),
        (status = 409, description = "`not_ready`: the paper has errors (see GET /api/olympiad/verify/{id})", body = crate::error::ErrorBody)
    )
)]
#[get("/api/olympiad/set-olympiad-open/{query}")]
pub async fn set_olympiad_open(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<OlympiadId>,
    query: web::Query<OpenQuery>,
) -> ApiResult<OlympiadSettings> {
    let (id, open) = (path.into_inner(), query.open.unwrap_or(true));
    state
        .answer(move |conn| olympiads::set_open(conn, &caller, id, open))
        .await
}

#[utoipa::path(tag = "olympiad", params(PinQuery), responses((status = 200, body = inline(crate::envelope::Envelope<OlympiadSettings>))))]
#[post("/api/olympiad/set-pinned")]
pub async fn set_pinned(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<PinQuery>,
) -> ApiResult<OlympiadSettings> {
    let pinned = query.pinned.unwrap_or(true);
    state
        .answer(move |conn| olympiads::set_pinned(conn, &caller, query.olympiad_id, pinned))
        .await
}

/// The whole paper with its answers, for the admin's preview. Learners get theirs elsewhere,
/// without answers.
#[utoipa::path(tag = "olympiad", params(("id" = i64, Path, minimum = 1, description = "The olympiad's id")), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<PaperModule>>))))]
#[post("/api/olympiad/modules/{id}")]
pub async fn paper_modules(
    caller: Caller,
    state: web::Data<AppState>,
    id: web::Path<OlympiadId>,
) -> ApiResult<Vec<PaperModule>> {
    let id = id.into_inner();
    state
        .answer(move |conn| olympiads::whole_paper(conn, &caller, id))
        .await
}

#[utoipa::path(tag = "olympiad", params(("id" = i64, Path, minimum = 1, description = "The olympiad's id")), responses((status = 200, body = inline(crate::envelope::Envelope<Verification>))))]
#[get("/api/olympiad/verify/{id}")]
pub async fn verify(
    caller: Caller,
    state: web::Data<AppState>,
    id: web::Path<OlympiadId>,
) -> ApiResult<Verification> {
    let id = id.into_inner();
    state
        .answer(move |conn| olympiads::verify(conn, &caller, id))
        .await
}
