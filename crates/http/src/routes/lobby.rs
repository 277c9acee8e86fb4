//! The lobby (before the learner's window opens: the server's clock, the paper sealed, and the
//! start, which starts the learner's clock and only then hands over the key) and the olympiad's
//! staggered start windows.

use super::sitting::start_step;
use crate::body::Body;
use crate::caller::Caller;
use crate::envelope::{ok, ApiResult, Envelope};
use crate::error::ApiError;
use crate::manifest::{Area, Kind, ADMIN_OR_OVERLORD, LEARNER};
use crate::sitting::device_key;
use crate::state::AppState;
use actix_web::http::header::{CACHE_CONTROL, ETAG, IF_NONE_MATCH};
use actix_web::{get, post, put, web, HttpRequest, HttpResponse};
use olympiad_domain::id::OlympiadId;
use olympiad_office::lobby::{self, LobbyStart, LobbyView, SealedPaper};
use olympiad_office::start_windows::{self, StartWindows, UpdateStartWindows};

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("lobby")
        .route(get_lobby, LEARNER)
        .route(get_sealed_paper, LEARNER)
        .route(start_from_lobby, LEARNER)
        .route(get_start_windows, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(update_start_windows, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .beyond_schema("schoolIds must name schools entered in the olympiad")
}

#[utoipa::path(operation_id = "sitting_lobby", tag = "sitting",
    responses((status = 200, description = "The server's clock and the learner's window: count down from `secondsToOpening`", body = inline(Envelope<LobbyView>)),
        (status = 404, description = "`not_found`: the learner is entered in no olympiad", body = crate::error::ErrorBody)))]
#[get("/api/sitting/lobby")]
pub async fn get_lobby(caller: Caller, state: web::Data<AppState>) -> ApiResult<LobbyView> {
    let shared = state.clone();
    state
        .answer(move |conn| lobby::lobby(conn, &shared.sitting_cache, &caller))
        .await
}

/// The learner's paper, sealed: the same bytes for every learner whose window opens at the same
/// moment, with an ETag; `If-None-Match` with it answers 304.
#[utoipa::path(operation_id = "sitting_lobby_paper", tag = "sitting",
    responses((status = 200, description = "Sealed with AES-256-GCM; the key comes with the start", body = inline(Envelope<SealedPaper>), headers(("ETag" = String))),
        (status = 304, description = "The device's copy is current"),
        (status = 404, description = "`not_found`: the learner is entered in no olympiad", body = crate::error::ErrorBody),
        (status = 409, description = "`closed`: the paper has no questions", body = crate::error::ErrorBody)))]
#[get("/api/sitting/lobby/paper")]
pub async fn get_sealed_paper(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let shared = state.clone();
    let sealed = state
        .db
        .office(move |conn| lobby::sealed_paper(conn, &shared.sitting_cache, &caller))
        .await?;
    let etag = format!("\"{}\"", sealed.version);
    // Kept by the device's own cache only: the answer depends on who asks.
    let cache = (CACHE_CONTROL, "private, no-cache");
    let known = req
        .headers()
        .get(IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|tag| tag.trim() == etag));
    if known {
        return Ok(HttpResponse::NotModified()
            .insert_header((ETAG, etag))
            .insert_header(cache)
            .finish());
    }
    Ok(HttpResponse::Ok()
        .insert_header((ETAG, etag))
        .insert_header(cache)
        .json(Envelope {
            success: true,
            data: sealed,
        }))
}

/// The start from the lobby: as `POST /api/sitting/start`, and the answer carries the key of the
/// sealed paper and the learner's order of it. Safe to repeat.
#[utoipa::path(operation_id = "sitting_lobby_start", tag = "sitting",
    responses((status = 200, description = "The clock runs; open the sealed paper with `paperKey`", body = inline(Envelope<LobbyStart>)),
        (status = 404, description = "`not_found`: the learner is entered in no olympiad", body = crate::error::ErrorBody),
        (status = 409, description = "`not_open_yet`: the learner's window has not opened; `closed`, `no_recovery_code`, `paused`, `recovery_needed`, `finished`, `no_attempt`", body = crate::error::ErrorBody)))]
#[post("/api/sitting/lobby/start")]
pub async fn start_from_lobby(
    caller: Caller,
    state: web::Data<AppState>,
    req: HttpRequest,
) -> ApiResult<LobbyStart> {
    let device = device_key(&req);
    ok(
        start_step(&state, caller, move |conn, cache, caller, first| {
            lobby::start(conn, cache, caller, first, device)
        })
        .await?,
    )
}

#[utoipa::path(tag = "olympiad", params(("id" = i64, Path, minimum = 1, description = "The olympiad's id")),
    responses((status = 200, body = inline(Envelope<StartWindows>))))]
#[get("/api/olympiad/{id}/start-windows")]
pub async fn get_start_windows(
    caller: Caller,
    state: web::Data<AppState>,
    id: web::Path<OlympiadId>,
) -> ApiResult<StartWindows> {
    let id = id.into_inner();
    state
        .answer(move |conn| start_windows::start_windows(conn, &caller, id))
        .await
}

/// Replaces the olympiad's staggered start windows (the whole list).
#[utoipa::path(tag = "olympiad", params(("id" = i64, Path, minimum = 1, description = "The olympiad's id")),
    request_body = UpdateStartWindows,
    responses((status = 200, body = inline(Envelope<StartWindows>))))]
#[put("/api/olympiad/{id}/start-windows")]
pub async fn update_start_windows(
    caller: Caller,
    state: web::Data<AppState>,
    id: web::Path<OlympiadId>,
    body: Body<UpdateStartWindows>,
) -> ApiResult<StartWindows> {
    let id = id.into_inner();
    state
        .answer(move |conn| start_windows::update_start_windows(conn, &caller, id, &body))
        .await
}
