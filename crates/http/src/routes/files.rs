//! The file manager: uploads judged by their content, stored once in the file store by hash, and
//! attached under a name to an olympiad; served to the people of that olympiad.

use crate::body::read_file_part;
use crate::caller::Caller;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;
use crate::manifest::{Allowed::SignedIn, Area, Kind, ADMIN_OR_OVERLORD, OVERLORD};
use crate::routes::{upload_target, IdOf};
use crate::state::AppState;
use actix_multipart::Multipart;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE};
use actix_web::{delete, get, post, web, HttpResponse};
use olympiad_domain::id::{AttachmentId, UploadId};
use olympiad_office::files::{
    self, upload_bytes, AttachmentScope, AttachmentView, FilenameQuery, RenameQuery, UploadIdQuery,
    UploadView,
};
use olympiad_persistence::models::{Olympiad, Upload};

/// The area's routes (see [`crate::manifest`]).
pub fn manifest() -> Area {
    Area::new("files")
        .route(upload_attachment, ADMIN_OR_OVERLORD)
        .beyond_schema("the part must carry a Content-Type")
        .route(list, ADMIN_OR_OVERLORD)
        .names(Kind::Olympiad)
        .route(get_attachment, SignedIn)
        .names(Kind::Attachment)
        .route(delete_attachment, ADMIN_OR_OVERLORD)
        .names(Kind::Attachment)
        .beyond_schema("uploadId must be the file's own upload")
        .route(update_filename, ADMIN_OR_OVERLORD)
        .names(Kind::Attachment)
        .beyond_schema("uploadId must be the file's own upload")
        .route(list_uploads, OVERLORD)
        .route(delete_upload, OVERLORD)
        .unscoped("overlord only")
        .beyond_schema("filename must be the upload's own file name")
        .route(get_upload, OVERLORD)
        .unscoped("overlord only")
}

#[utoipa::path(
    operation_id = "attachment_list",tag = "files", params(AttachmentScope), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<AttachmentView>>))))]
#[get("/api/attachment")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<AttachmentScope>,
) -> ApiResult<Vec<AttachmentView>> {
    state
        .answer(move |conn| files::attachments(conn, &caller, query.olympiad_id))
        .await
}

/// Multipart with one part named `file`. The type is judged from the content: PNG, JPEG, GIF and
/// WebP images and PDF documents are accepted.
#[utoipa::path(
    tag = "files",
    params(AttachmentScope),
    request_body(content_type = "multipart/form-data", description = "One part named `file`"),
    responses(
        (status = 200, body = inline(crate::envelope::Envelope<AttachmentView>)),
        (status = 413, description = "Larger than UPLOAD_LIMIT_MB", body = crate::error::ErrorBody),
        (status = 415, description = "Not a type we accept", body = crate::error::ErrorBody)
    )
)]
#[post("/api/attachment/upload")]
pub async fn upload_attachment(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<AttachmentScope>,
    parts: Multipart,
) -> ApiResult<AttachmentView> {
    let olympiad_id = match query.olympiad_id {
        Some(id) => Some(upload_target::<Olympiad>(&state, &caller, id).await?),
        // The platform's own files: the overlord's alone (else 400 naming `olympiadId`).
        None => caller.olympiad_scope(None)?,
    };
    let (name, bytes) = read_file_part(parts, state.config.upload_limit_bytes).await?;
    let files = state.config.files.clone();
    state
        .answer(move |conn| files::upload(conn, &caller, olympiad_id, &name, &bytes, &files))
        .await
}

async fn serve_file(
    state: &AppState,
    upload: Upload,
    filename: &str,
) -> Result<HttpResponse, ApiError> {
    let (files, stored) = (state.config.files.clone(), upload.clone());
    let bytes = web::block(move || upload_bytes(&files, &stored))
        .await
        .map_err(ApiError::internal)??;
    Ok(HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, upload.content_type))
        // The content never changes under an id: phones keep it, and a second look costs no data.
        .insert_header((CACHE_CONTROL, "private, max-age=31536000, immutable"))
        .insert_header((
            CONTENT_DISPOSITION,
            format!("inline; filename=\"{filename}\""),
        ))
        .insert_header(("X-Content-Type-Options", "nosniff"))
        .body(bytes))
}

/// The file, for whoever it is in reach of (a learner sees the pictures of their own paper once writing).
#[utoipa::path(tag = "files", params(IdOf<AttachmentId>), responses((status = 200, description = "The file itself")))]
#[get("/api/attachment/{id}")]
pub async fn get_attachment(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<AttachmentId>>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id;
    let (attachment, upload) = state
        .db
        .office(move |conn| files::attachment_file(conn, &caller, id))
        .await?;
    serve_file(&state, upload, &attachment.filename).await
}

/// Removes the attachment, and the stored file when nothing else uses it. A file that questions
/// show is not removed: change those questions first.
#[utoipa::path(tag = "files", params(IdOf<AttachmentId>, UploadIdQuery), responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 409, description = "`in_use`: questions show it", body = crate::error::ErrorBody)))]
#[delete("/api/attachment/{id}")]
pub async fn delete_attachment(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<AttachmentId>>,
    query: web::Query<UploadIdQuery>,
) -> ApiResult<bool> {
    let (id, upload_id) = (path.id, query.upload_id);
    let files = state.config.files.clone();
    state
        .answer_done(move |conn| files::delete_attachment(conn, &caller, id, upload_id, &files))
        .await
}

#[utoipa::path(tag = "files", params(IdOf<AttachmentId>, RenameQuery), responses((status = 200, body = inline(crate::envelope::Envelope<AttachmentView>))))]
#[post("/api/attachment/{id}/update-filename")]
pub async fn update_filename(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<AttachmentId>>,
    query: web::Query<RenameQuery>,
) -> ApiResult<AttachmentView> {
    state
        .answer(move |conn| files::rename(conn, &caller, path.id, &query))
        .await
}

#[utoipa::path(tag = "files", responses((status = 200, body = inline(crate::envelope::Envelope<Vec<UploadView>>))))]
#[get("/api/upload")]
pub async fn list_uploads(state: web::Data<AppState>) -> ApiResult<Vec<UploadView>> {
    ok(state.db.run(|conn| Ok(files::uploads(conn)?)).await?)
}

#[utoipa::path(tag = "files", params(IdOf<UploadId>), responses((status = 200, description = "The file itself")))]
#[get("/api/upload/{id}")]
pub async fn get_upload(
    state: web::Data<AppState>,
    path: web::Path<IdOf<UploadId>>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id;
    let upload = state
        .db
        .office(move |conn| files::stored_upload(conn, id))
        .await?;
    let filename = upload.filename.clone();
    serve_file(&state, upload, &filename).await
}

#[utoipa::path(tag = "files", params(IdOf<UploadId>, FilenameQuery), responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 409, body = crate::error::ErrorBody)))]
#[delete("/api/upload/delete/{id}")]
pub async fn delete_upload(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdOf<UploadId>>,
    query: web::Query<FilenameQuery>,
) -> ApiResult<bool> {
    let files = state.config.files.clone();
    state
        .answer_done(move |conn| {
            files::delete_upload(conn, &caller, path.id, &query.filename, &files)
        })
        .await
}
