//! Certificates: the olympiad's configuration, the list from the final results, runs that make
//! every school's ZIP in the background and send it through the mail queue (start, pause, watch),
//! one school made again and sent, and a school's ZIP for its team.

use crate::body::{read_file_part, Body};
use crate::caller::Caller;
use crate::envelope::ApiResult;
use crate::error::ApiError;
use crate::listing::download;
use crate::manifest::{Area, Kind, ADMIN_OR_OVERLORD, TEAM_OR_ADMIN};
use crate::routes::upload_target;
use crate::routes::IdOf;
use crate::state::AppState;
use actix_multipart::Multipart;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE};
use actix_web::{get, post, web, HttpResponse};
use olympiad_domain::id::OlympiadId;
use olympiad_office::certificates::{
    self, BatchView, CertificateDesign, CertificateImageView, ModeratedCertificate, PreviewQuery,
    RunStatus, CERTIFICATE_IMAGE_LIMIT_BYTES,
};
use olympiad_office::results::{EntryQuery, OlympiadQuery};
use olympiad_persistence::models::Olympiad;

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("certificates")
        .route(moderated, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(generation_status, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(send_status, ADMIN_OR_OVERLORD)
        .route(generate, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(send, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(pause, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(download_zip, TEAM_OR_ADMIN)
        .names(Kind::Entry)
        .route(regenerate_and_send, ADMIN_OR_OVERLORD)
        .names(Kind::Entry)
        // The address the specification gives it, without `/api` (see `manifest::OUTSIDE_API`).
        .route(regenerate_and_send_spec_path, ADMIN_OR_OVERLORD)
        .route(config, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(save_config, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(list, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(upload_image, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .beyond_schema("the file must be a PNG or a JPEG")
        .route(preview, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
}

#[utoipa::path(operation_id = "certificate_config", tag = "certificates", params(IdOf<OlympiadId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<CertificateDesign>))))]
#[get("/api/certificate/config/{id}")]
pub async fn config(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<OlympiadId>>,
) -> ApiResult<CertificateDesign> {
    state
        .answer(move |conn| certificates::config(conn, &caller, path.id))
        .await
}

/// Saves the olympiad's one configuration ("Certificate configuration saved").
#[utoipa::path(operation_id = "certificate_config_save", tag = "certificates", params(IdOf<OlympiadId>), request_body = CertificateDesign,
    responses((status = 200, body = inline(crate::envelope::Envelope<CertificateDesign>))))]
#[post("/api/certificate/config/{id}")]
pub async fn save_config(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<OlympiadId>>,
    body: Body<CertificateDesign>,
) -> ApiResult<CertificateDesign> {
    let input = body.into_inner();
    state
        .answer(move |conn| certificates::save_config(conn, &caller, path.id, &input))
        .await
}

/// A background or signature picture for the certificates (`{id}`: the olympiad), kept as an
/// attachment of the olympiad; the design then names it by `attachmentId`.
#[utoipa::path(
    operation_id = "certificate_image_upload",
    tag = "certificates",
    params(IdOf<OlympiadId>),
    request_body(content_type = "multipart/form-data", description = "One part named `file`: PNG or JPEG, at most 2 MB"),
    responses(
        (status = 200, body = inline(crate::envelope::Envelope<CertificateImageView>)),
        (status = 400, description = "`file`: missing, larger than 2 MB or unreadable", body = crate::error::ErrorBody),
        (status = 413, description = "Far larger than 2 MB", body = crate::error::ErrorBody),
        (status = 415, description = "Not a PNG or JPEG", body = crate::error::ErrorBody)
    )
)]
#[post("/api/certificate/image/{id}")]
pub async fn upload_image(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<OlympiadId>>,
    parts: Multipart,
) -> ApiResult<CertificateImageView> {
    let olympiad_id = upload_target::<Olympiad>(&state, &caller, path.id).await?;
    // A little over the limit is read, so that a file just too large is named as `file` (400).
    let (name, bytes) = read_file_part(parts, CERTIFICATE_IMAGE_LIMIT_BYTES + 64 * 1024).await?;
    let files = state.config.files.clone();
    state
        .answer(move |conn| {
            certificates::upload_image(conn, &caller, olympiad_id, &name, &bytes, &files)
        })
        .await
}

/// The certificate a design gives, saved or not, as the PDF the run makes: for a learner of the
/// released results (`participantId`) or a sample learner. Writes nothing.
#[utoipa::path(
    operation_id = "certificate_preview",
    tag = "certificates",
    params(IdOf<OlympiadId>, PreviewQuery),
    request_body = CertificateDesign,
    responses(
        (status = 200, description = "The certificate as a PDF", content_type = "application/pdf", body = Vec<u8>),
        (status = 400, description = "Each faulty field of the design", body = crate::error::ErrorBody)
    )
)]
#[post("/api/certificate/preview/{id}")]
pub async fn preview(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<OlympiadId>>,
    query: web::Query<PreviewQuery>,
    body: Body<CertificateDesign>,
) -> Result<HttpResponse, ApiError> {
    let (id, design, query) = (path.id, body.into_inner(), query.into_inner());
    let files = state.config.files.clone();
    let pdf = state
        .db
        .office(move |conn| certificates::preview(conn, &caller, id, &design, &query, &files))
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, "application/pdf"))
        .insert_header((CACHE_CONTROL, "no-store"))
        .insert_header((CONTENT_DISPOSITION, "inline; filename=\"certificate.pdf\""))
        .body(pdf))
}

/// Every certificate the final results give (empty before release).
#[utoipa::path(operation_id = "certificate_moderated", tag = "certificates", params(OlympiadQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<ModeratedCertificate>>))))]
#[get("/api/certificate/moderated")]
pub async fn moderated(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
) -> ApiResult<Vec<ModeratedCertificate>> {
    state
        .answer(move |conn| certificates::moderated(conn, &caller, query.olympiad_id))
        .await
}

/// Each school's ZIP of the latest run, by school.
#[utoipa::path(operation_id = "certificate_list", tag = "certificates", params(IdOf<OlympiadId>),
    responses((status = 200, body = inline(crate::envelope::Envelope<Vec<BatchView>>))))]
#[get("/api/certificate/list/{id}")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<OlympiadId>>,
) -> ApiResult<Vec<BatchView>> {
    state
        .answer(move |conn| certificates::list(conn, &caller, path.id))
        .await
}

#[utoipa::path(operation_id = "certificate_generation_status", tag = "certificates", params(OlympiadQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<RunStatus>))))]
#[get("/api/certificate/generation-status")]
pub async fn generation_status(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
) -> ApiResult<RunStatus> {
    state
        .answer(move |conn| certificates::status(conn, &caller, query.olympiad_id, false))
        .await
}

#[utoipa::path(operation_id = "certificate_send_status", tag = "certificates", params(OlympiadQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<RunStatus>))))]
#[get("/api/certificate/send-status")]
pub async fn send_status(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
) -> ApiResult<RunStatus> {
    state
        .answer(move |conn| certificates::status(conn, &caller, query.olympiad_id, true))
        .await
}

/// Starts making every school's certificates from the final results (once per version: asking
/// again answers the run under way).
#[utoipa::path(operation_id = "certificate_generate", tag = "certificates", params(OlympiadQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<RunStatus>)), (status = 409, description = "The results are not final", body = crate::error::ErrorBody)))]
#[post("/api/certificate/generate")]
pub async fn generate(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
) -> ApiResult<RunStatus> {
    let base = state.config.public_base_url.clone();
    state
        .answer(move |conn| certificates::generate(conn, &caller, query.olympiad_id, &base))
        .await
}

/// Sends (or resumes sending) every school's certificates through the mail queue.
#[utoipa::path(operation_id = "certificate_send", tag = "certificates", params(OlympiadQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<RunStatus>)), (status = 409, description = "Nothing generated, or the results are not final", body = crate::error::ErrorBody)))]
#[post("/api/certificate/send")]
pub async fn send(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
) -> ApiResult<RunStatus> {
    let base = state.config.public_base_url.clone();
    state
        .answer(move |conn| certificates::send(conn, &caller, query.olympiad_id, &base))
        .await
}

/// Pauses sending after the school being sent now.
#[utoipa::path(operation_id = "certificate_pause", tag = "certificates", params(OlympiadQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<RunStatus>)), (status = 409, description = "Nothing is being sent", body = crate::error::ErrorBody)))]
#[post("/api/certificate/pause")]
pub async fn pause(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<OlympiadQuery>,
) -> ApiResult<RunStatus> {
    state
        .answer(move |conn| certificates::pause(conn, &caller, query.olympiad_id))
        .await
}

/// Makes one school's certificates again and sends them to its team.
#[utoipa::path(operation_id = "certificate_regenerate_and_send", tag = "certificates", params(EntryQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<BatchView>)), (status = 409, description = "Nothing generated, or the results are not final", body = crate::error::ErrorBody)))]
#[get("/api/certificates/regenerate-and-send-to-school")]
pub async fn regenerate_and_send(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<EntryQuery>,
) -> ApiResult<BatchView> {
    regenerate_and_send_to_school(caller, state, query).await
}

/// The same, at the address the specification gives it (without `/api`): declared in the access
/// table like every API route, so the same gate and the same roles answer it.
#[utoipa::path(operation_id = "certificate_regenerate_and_send_spec_path", tag = "certificates", params(EntryQuery),
    responses((status = 200, body = inline(crate::envelope::Envelope<BatchView>)), (status = 409, description = "Nothing generated, or the results are not final", body = crate::error::ErrorBody)))]
#[get("/certificates/regenerate-and-send-to-school")]
pub async fn regenerate_and_send_spec_path(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<EntryQuery>,
) -> ApiResult<BatchView> {
    regenerate_and_send_to_school(caller, state, query).await
}

async fn regenerate_and_send_to_school(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<EntryQuery>,
) -> ApiResult<BatchView> {
    let base = state.config.public_base_url.clone();
    state
        .answer(move |conn| {
            certificates::regenerate_and_send(conn, &caller, query.school_participant_id, &base)
        })
        .await
}

/// A school's certificates as one ZIP, for its team or staff.
#[utoipa::path(operation_id = "certificate_download", tag = "certificates", params(EntryQuery),
    responses((status = 200, description = "The school's certificates as a ZIP of PDFs")))]
#[get("/api/certificate/download")]
pub async fn download_zip(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<EntryQuery>,
) -> Result<HttpResponse, ApiError> {
    let (id, files) = (query.school_participant_id, state.config.files.clone());
    let (name, bytes) = state
        .db
        .office(move |conn| certificates::download(conn, &caller, id, &files))
        .await?;
    Ok(download(bytes, "application/zip", &name))
}
