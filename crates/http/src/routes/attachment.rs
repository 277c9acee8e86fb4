//! The file manager: uploads judged by their content, stored once under DATA_DIR by hash, and
//! attached under a name to an olympiad; served to the people of that olympiad.

use crate::access::Caller;
use crate::body::read_file_part;
use crate::envelope::{ok, ApiResult};
use crate::error::ApiError;

use crate::routes::user::IdPath;
use crate::state::AppState;
use actix_multipart::Multipart;
use actix_web::http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE};
use actix_web::http::StatusCode;
use actix_web::{delete, get, post, web, HttpResponse};
use chrono::NaiveDateTime;
use olympiad_office::files::{clean_filename, sniff, store_bytes, stored_path};
use olympiad_office::find_in_reach;
use olympiad_office::ErrorCode;
use olympiad_office::OrNotFound;
use olympiad_persistence::models::{Attachment, NewUpload, Question, Upload};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttachmentView {
    pub id: i64,
    pub upload_id: i64,
    pub olympiad_id: Option<i64>,
    pub filename: String,
    pub content_type: String,
    pub size_bytes: i64,
    /// Where the file is served, for `<img src>` in questions.
    pub url: String,
    /// The questions that show it.
    pub used_by: Vec<i64>,
    pub created_at: NaiveDateTime,
}

fn view(
    conn: &mut olympiad_persistence::DbConnection,
    attachment: Attachment,
    upload: &Upload,
) -> Result<AttachmentView, ApiError> {
    let used_by = Question::using_attachment(conn, attachment.id)?
        .iter()
        .map(|q| q.id)
        .collect();
    Ok(AttachmentView {
        url: format!("/api/attachment/{}", attachment.id),
        id: attachment.id,
        upload_id: upload.id,
        olympiad_id: attachment.olympiad_id,
        filename: attachment.filename,
        content_type: upload.content_type.clone(),
        size_bytes: upload.size_bytes,
        used_by,
        created_at: attachment.created_at,
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AttachmentScope {
    /// Required for admins; overlord may leave it out (every olympiad, or a file of no olympiad).
    pub olympiad_id: Option<i64>,
}

#[utoipa::path(
    operation_id = "attachment_list",tag = "files", params(AttachmentScope), security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<AttachmentView>>))))]
#[get("/api/attachment")]
pub async fn list(
    caller: Caller,
    state: web::Data<AppState>,
    query: web::Query<AttachmentScope>,
) -> ApiResult<Vec<AttachmentView>> {
    let scope = caller.olympiad_scope(query.olympiad_id)?;
    ok(state
        .db
        .run(move |conn| {
            Attachment::list(conn, scope)?
                .into_iter()
                .map(|(a, u)| view(conn, a, &u))
                .collect()
        })
        .await?)
}

/// Multipart with one part named `file`. The type is judged from the content: PNG, JPEG, GIF and
/// WebP images and PDF documents are accepted.
#[utoipa::path(
    tag = "files",
    params(AttachmentScope),
    request_body(content_type = "multipart/form-data", description = "One part named `file`"),
    security(("bearer" = [])),
    responses(
        (status = 200, body = inline(crate::envelope::Envelope<AttachmentView>)),
        (status = 400, body = crate::error::ErrorBody),
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
    let olympiad_id = caller.olympiad_scope(query.olympiad_id)?;
    let (filename, bytes) = read_file_part(parts, state.config.upload_limit_bytes).await?;
    let filename = clean_filename(&filename)?;
    let content_type = sniff(&bytes).ok_or_else(|| {
        ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ErrorCode::FileType,
            "file: only PNG, JPEG, GIF or WebP images and PDF documents can be uploaded",
        )
    })?;
    let size = bytes.len();
    let root = state.config.uploads_dir.clone();
    // The file is kept before its record is written.
    let sha256 = web::block(move || store_bytes(&root, &bytes))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;

    let uploaded_by = caller.impersonator.unwrap_or(caller.user_id);
    ok(state
        .db
        .transaction(move |conn| {
            let upload = Upload::ensure(
                conn,
                &NewUpload {
                    sha256: &sha256,
                    size_bytes: i64::try_from(size).unwrap_or(i64::MAX),
                    content_type,
                    filename: &filename,
                    uploaded_by: Some(uploaded_by),
                },
            )?;
            let attachment = Attachment::create(conn, upload.id, olympiad_id, &filename)?;
            view(conn, attachment, &upload)
        })
        .await?)
}

async fn serve_file(
    state: &AppState,
    upload: Upload,
    filename: &str,
) -> Result<HttpResponse, ApiError> {
    let path = stored_path(&state.config.uploads_dir, &upload.sha256);
    let bytes = web::block(move || std::fs::read(path))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
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
#[utoipa::path(tag = "files", params(IdPath), security(("bearer" = [])), responses((status = 200, description = "The file itself"), (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
#[get("/api/attachment/{id}")]
pub async fn get_attachment(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id;
    let (attachment, upload) = state
        .db
        .run(move |conn| {
            let attachment = find_in_reach::<Attachment>(conn, &caller, id)?;
            let upload = Upload::find(conn, attachment.upload_id)?;
            Ok((attachment, upload))
        })
        .await?;
    serve_file(&state, upload, &attachment.filename).await
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UploadIdQuery {
    /// The attachment's upload, as a check that the right file is meant.
    pub upload_id: i64,
}

/// The attachment, if in reach and if `upload_id` is its file's: a check that the right file is meant.
fn attachment_of_upload(
    conn: &mut olympiad_persistence::DbConnection,
    caller: &Caller,
    id: i64,
    upload_id: i64,
) -> Result<Attachment, ApiError> {
    let attachment = find_in_reach::<Attachment>(conn, caller, id)?;
    if attachment.upload_id != upload_id {
        return Err(ApiError::invalid_field(
            "uploadId",
            "is not this file's upload",
        ));
    }
    Ok(attachment)
}

/// Removes the attachment, and the stored file when nothing else uses it. A file that questions
/// show is not removed: change those questions first.
#[utoipa::path(tag = "files", params(IdPath, UploadIdQuery), security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 404, body = crate::error::ErrorBody), (status = 409, description = "`in_use`: questions show it", body = crate::error::ErrorBody)))]
#[delete("/api/attachment/{id}")]
pub async fn delete_attachment(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    query: web::Query<UploadIdQuery>,
) -> ApiResult<bool> {
    let (id, upload_id) = (path.id, query.upload_id);
    let orphan = state
        .db
        .transaction(move |conn| {
            attachment_of_upload(conn, &caller, id, upload_id)?;
            let used_by = Question::using_attachment(conn, id)?;
            if !used_by.is_empty() {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    ErrorCode::InUse,
                    format!(
                        "{} question(s) show this file. Change them first.",
                        used_by.len()
                    ),
                ));
            }
            Attachment::delete(conn, id)?;
            let upload = Upload::find(conn, upload_id)?;
            Ok(Upload::delete_if_unused(conn, upload_id)?.then_some(upload))
        })
        .await?;
    if let Some(upload) = orphan {
        let path = stored_path(&state.config.uploads_dir, &upload.sha256);
        let _ = web::block(move || std::fs::remove_file(path)).await;
    }
    ok(true)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RenameQuery {
    pub upload_id: i64,
    pub filename: String,
}

#[utoipa::path(tag = "files", params(IdPath, RenameQuery), security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<AttachmentView>)), (status = 400, body = crate::error::ErrorBody)))]
#[post("/api/attachment/{id}/update-filename")]
pub async fn update_filename(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    query: web::Query<RenameQuery>,
) -> ApiResult<AttachmentView> {
    let (id, upload_id) = (path.id, query.upload_id);
    let filename = clean_filename(&query.filename)?;
    ok(state
        .db
        .transaction(move |conn| {
            attachment_of_upload(conn, &caller, id, upload_id)?;
            let attachment = Attachment::rename(conn, id, &filename)?;
            let upload = Upload::find(conn, upload_id)?;
            view(conn, attachment, &upload)
        })
        .await?)
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadView {
    #[serde(flatten)]
    pub upload: Upload,
    pub attachment_count: i64,
}

#[utoipa::path(tag = "files", security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<Vec<UploadView>>))))]
#[get("/api/upload")]
pub async fn list_uploads(state: web::Data<AppState>) -> ApiResult<Vec<UploadView>> {
    ok(state
        .db
        .run(|conn| {
            let uploads = Upload::list(conn)?;
            uploads
                .into_iter()
                .map(|upload| {
                    Ok(UploadView {
                        attachment_count: Upload::attachment_count(conn, upload.id)?,
                        upload,
                    })
                })
                .collect()
        })
        .await?)
}

#[utoipa::path(tag = "files", params(IdPath), security(("bearer" = [])), responses((status = 200, description = "The file itself"), (status = 404, body = crate::error::ErrorBody)))]
#[get("/api/upload/{id}")]
pub async fn get_upload(
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
) -> Result<HttpResponse, ApiError> {
    let id = path.id;
    let upload = state
        .db
        .run(move |conn| Ok(Upload::find(conn, id)?))
        .await?;
    let filename = upload.filename.clone();
    serve_file(&state, upload, &filename).await
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FilenameQuery {
    /// The upload's file name, as a check that the right file is meant.
    pub filename: String,
}

#[utoipa::path(tag = "files", params(IdPath, FilenameQuery), security(("bearer" = [])), responses((status = 200, body = inline(crate::envelope::Envelope<bool>)), (status = 400, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
#[delete("/api/upload/delete/{id}")]
pub async fn delete_upload(
    caller: Caller,
    state: web::Data<AppState>,
    path: web::Path<IdPath>,
    query: web::Query<FilenameQuery>,
) -> ApiResult<bool> {
    let (id, filename) = (path.id, query.into_inner().filename);
    let upload = state
        .db
        .transaction(move |conn| {
            let upload = Upload::find(conn, id).or_not_found("This upload")?;
            if upload.filename != filename {
                return Err(ApiError::invalid_field(
                    "filename",
                    "is not this upload's file name",
                ));
            }
            if !Upload::delete_if_unused(conn, id)? {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    ErrorCode::InUse,
                    "Olympiads still use this file. Remove it from them first.",
                ));
            }
            olympiad_office::activity::record_activity(
                conn,
                &caller,
                "upload_deleted",
                None,
                serde_json::json!({ "uploadId": id }),
            )?;
            Ok(upload)
        })
        .await?;
    let path = stored_path(&state.config.uploads_dir, &upload.sha256);
    let _ = web::block(move || std::fs::remove_file(path)).await;
    ok(true)
}
