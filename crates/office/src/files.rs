//! Stored files: uploads judged by their content, kept once in the file store by their hash,
//! and attached under a name to an olympiad (or, by the overlord, to none) for its questions to
//! show. An upload goes when nothing attaches it any more.

use crate::support::caller::Caller;
use crate::support::error::{ErrorCode, OfficeError, OfficeResult, OrNotFound};
use crate::support::scope::find_in_reach;
use crate::support::secrets::sha256_hex;
use olympiad_domain::id::{AttachmentId, OlympiadId, UploadId};
use olympiad_persistence::models::{Attachment, Question, Upload, UploadInsertForm};
use olympiad_persistence::{write_transaction, DbConnection};
use olympiad_storage::{Storage, StorageResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// What we accept, judged from the first bytes of the file, never from its name.
pub fn sniff(bytes: &[u8]) -> Option<&'static str> {
    match bytes {
        [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, ..] => Some("image/png"),
        [0xFF, 0xD8, 0xFF, ..] => Some("image/jpeg"),
        [b'G', b'I', b'F', b'8', b'7' | b'9', b'a', ..] => Some("image/gif"),
        [b'R', b'I', b'F', b'F', _, _, _, _, b'W', b'E', b'B', b'P', ..] => Some("image/webp"),
        [b'%', b'P', b'D', b'F', b'-', ..] => Some("application/pdf"),
        _ => None,
    }
}

/// A file name people can read, with nothing that could climb folders or break a header.
pub fn clean_filename(name: &str) -> OfficeResult<String> {
    let base = name.rsplit(['/', '\\']).next().unwrap_or("").trim();
    let cleaned: String = base
        .chars()
        .filter(|c| !c.is_control() && *c != '"')
        .take(200)
        .collect();
    if cleaned.is_empty() || cleaned == "." || cleaned == ".." {
        return Err(OfficeError::invalid("filename", "is required"));
    }
    Ok(cleaned)
}

/// An upload's key in the file store: `ab/ab12…`, by its SHA-256, as the uploads folder has
/// always kept it.
pub fn upload_key(sha256: &str) -> String {
    format!("{}/{sha256}", sha256.get(..2).unwrap_or_default())
}

/// A file written in the file store (by [`store_bytes`]) before any record names it, so
/// that no record points at nothing; [`StoredFile::record`] records it in the transaction that
/// uses it.
pub(crate) struct StoredFile {
    sha256: String,
    size_bytes: i64,
    content_type: &'static str,
}

/// Writes `bytes`, of the sniffed `content_type`, as an upload.
pub(crate) fn store(
    files: &Storage,
    bytes: &[u8],
    content_type: &'static str,
) -> OfficeResult<StoredFile> {
    Ok(StoredFile {
        sha256: store_bytes(files, upload_key, bytes)?,
        size_bytes: i64::try_from(bytes.len()).unwrap_or(i64::MAX),
        content_type,
    })
}

impl StoredFile {
    /// The file's upload record (one for each content, however often it is uploaded), made or
    /// found; `filename` and the caller are those of its first upload.
    pub(crate) fn record(
        &self,
        conn: &mut DbConnection,
        filename: &str,
        caller: &Caller,
    ) -> OfficeResult<Upload> {
        let form = UploadInsertForm {
            sha256: &self.sha256,
            size_bytes: self.size_bytes,
            content_type: self.content_type,
            filename,
            uploaded_by: Some(caller.actor()),
        };
        Ok(Upload::ensure(conn, &form)?)
    }
}

/// Keeps the bytes under the key `key_of` gives their SHA-256 (once, however often they are
/// uploaded) and answers the hash. The store shows a file whole or not at all, so that a record
/// never points at half a file. Blocking: call it off the async workers.
pub fn store_bytes(
    files: &Storage,
    key_of: fn(&str) -> String,
    bytes: &[u8],
) -> StorageResult<String> {
    let sha256 = sha256_hex(bytes);
    let key = key_of(&sha256);
    if !files.exists(&key)? {
        files.put(&key, bytes)?;
    }
    Ok(sha256)
}

/// The bytes of an upload, for serving: no more than its record says it has.
pub fn upload_bytes(files: &Storage, upload: &Upload) -> OfficeResult<Vec<u8>> {
    let size = u64::try_from(upload.size_bytes).unwrap_or(0);
    Ok(files.read(&upload_key(&upload.sha256), size)?)
}

/// An attachment with what the question editor shows of its file.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttachmentView {
    #[serde(flatten)]
    pub attachment: Attachment,
    pub content_type: String,
    pub size_bytes: i64,
    /// Where the file is served, for `<img src>` in questions.
    pub url: String,
    /// The questions that show it.
    #[schema(value_type = Vec<i64>)]
    pub used_by: Vec<olympiad_domain::id::QuestionId>,
}

fn view(
    conn: &mut DbConnection,
    attachment: Attachment,
    upload: &Upload,
) -> OfficeResult<AttachmentView> {
    let used_by = Question::using_attachment(conn, attachment.id)?
        .iter()
        .map(|q| q.id)
        .collect();
    Ok(AttachmentView {
        url: format!("/api/attachment/{}", attachment.id),
        content_type: upload.content_type.clone(),
        size_bytes: upload.size_bytes,
        used_by,
        attachment,
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AttachmentScope {
    /// Required for admins; overlord may leave it out (every olympiad, or a file of no olympiad).
    #[param(value_type = Option<i64>, minimum = 1)]
    pub olympiad_id: Option<OlympiadId>,
}

/// The files of an olympiad (of every olympiad, for the overlord), with the questions showing each.
pub fn attachments(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: Option<OlympiadId>,
) -> OfficeResult<Vec<AttachmentView>> {
    let scope = caller.olympiad_scope(olympiad_id)?;
    Attachment::list(conn, scope)?
        .into_iter()
        .map(|(a, u)| view(conn, a, &u))
        .collect()
}

/// Keeps an uploaded file in the file store and attaches it to the olympiad under its cleaned name.
/// The type is judged from the content: PNG, JPEG, GIF and WebP images and PDF documents are
/// kept. Blocking: the file is written before its record, so that no record points at nothing.
pub fn upload(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad_id: Option<OlympiadId>,
    filename: &str,
    bytes: &[u8],
    files: &Storage,
) -> OfficeResult<AttachmentView> {
    let olympiad_id = caller.olympiad_scope(olympiad_id)?;
    let filename = clean_filename(filename)?;
    let content_type = sniff(bytes).ok_or_else(|| {
        OfficeError::UnsupportedFile(
            "file: only PNG, JPEG, GIF or WebP images and PDF documents can be uploaded".into(),
        )
    })?;
    let file = store(files, bytes, content_type)?;
    write_transaction(conn, |conn| {
        let upload = file.record(conn, &filename, caller)?;
        let attachment = Attachment::create(conn, upload.id, olympiad_id, &filename)?;
        crate::activity::record_activity(
            conn,
            caller,
            "attachment_uploaded",
            olympiad_id,
            serde_json::json!({ "attachmentId": attachment.id, "uploadId": upload.id, "filename": filename }),
        )?;
        view(conn, attachment, &upload)
    })
}

/// The attachment and its stored file, to serve to whoever it is in reach of.
pub fn attachment_file(
    conn: &mut DbConnection,
    caller: &Caller,
    id: AttachmentId,
) -> OfficeResult<(Attachment, Upload)> {
    let attachment = find_in_reach::<Attachment>(conn, caller, id)?;
    let upload = Upload::find(conn, attachment.upload_id)?;
    Ok((attachment, upload))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UploadIdQuery {
    /// The attachment's upload, as a check that the right file is meant.
    #[param(value_type = i64, minimum = 1)]
    pub upload_id: UploadId,
}

/// The attachment, if in reach and if `upload_id` is its file's: a check that the right file is meant.
fn attachment_of_upload(
    conn: &mut DbConnection,
    caller: &Caller,
    id: AttachmentId,
    upload_id: UploadId,
) -> OfficeResult<Attachment> {
    let attachment = find_in_reach::<Attachment>(conn, caller, id)?;
    if attachment.upload_id != upload_id {
        return Err(OfficeError::invalid(
            "uploadId",
            "is not this file's upload",
        ));
    }
    Ok(attachment)
}

/// Removes the stored file of an upload no record names any more. One that cannot be removed is
/// only space: nothing points at it.
pub(crate) fn remove_stored(files: &Storage, upload: &Upload) {
    let _ = files.delete(&upload_key(&upload.sha256));
}

/// Removes the attachment, and the stored file when nothing else uses it. A file that questions
/// show is not removed: change those questions first.
pub fn delete_attachment(
    conn: &mut DbConnection,
    caller: &Caller,
    id: AttachmentId,
    upload_id: UploadId,
    files: &Storage,
) -> OfficeResult<()> {
    let orphan = write_transaction(conn, |conn| {
        attachment_of_upload(conn, caller, id, upload_id)?;
        let used_by = Question::using_attachment(conn, id)?;
        if !used_by.is_empty() {
            return Err(OfficeError::Conflict {
                code: ErrorCode::InUse,
                message: format!(
                    "{} question(s) show this file. Change them first.",
                    used_by.len()
                ),
            });
        }
        Attachment::delete(conn, id)?;
        crate::activity::record_activity(
            conn,
            caller,
            "attachment_deleted",
            None,
            serde_json::json!({ "attachmentId": id, "uploadId": upload_id }),
        )?;
        let upload = Upload::find(conn, upload_id)?;
        Ok(Upload::delete_if_unused(conn, upload_id)?.then_some(upload))
    })?;
    if let Some(upload) = orphan {
        remove_stored(files, &upload);
    }
    Ok(())
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RenameQuery {
    #[param(value_type = i64, minimum = 1)]
    pub upload_id: UploadId,
    #[param(pattern = r#"[^/\\"\s.\x00-\x1f\x7f-\x9f][^/\\]*$"#)]
    pub filename: String,
}

/// Gives the attachment another name; the stored file stays as it is.
pub fn rename(
    conn: &mut DbConnection,
    caller: &Caller,
    id: AttachmentId,
    query: &RenameQuery,
) -> OfficeResult<AttachmentView> {
    let filename = clean_filename(&query.filename)?;
    write_transaction(conn, |conn| {
        let before = attachment_of_upload(conn, caller, id, query.upload_id)?;
        let attachment = Attachment::rename(conn, id, &filename)?;
        crate::activity::record_change(
            conn,
            caller,
            "attachment_renamed",
            attachment.olympiad_id,
            serde_json::json!({ "attachmentId": id }),
            &before.filename,
            &attachment.filename,
        )?;
        let upload = Upload::find(conn, query.upload_id)?;
        view(conn, attachment, &upload)
    })
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadView {
    #[serde(flatten)]
    pub upload: Upload,
    pub attachment_count: i64,
}

/// Every stored file, with how many attachments name it.
pub fn uploads(conn: &mut DbConnection) -> OfficeResult<Vec<UploadView>> {
    Upload::list(conn)?
        .into_iter()
        .map(|upload| {
            Ok(UploadView {
                attachment_count: Upload::attachment_count(conn, upload.id)?,
                upload,
            })
        })
        .collect()
}

/// A stored file, to serve to the overlord.
pub fn stored_upload(conn: &mut DbConnection, id: UploadId) -> OfficeResult<Upload> {
    Ok(Upload::find(conn, id)?)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FilenameQuery {
    /// The upload's file name, as a check that the right file is meant.
    #[param(min_length = 1)]
    pub filename: String,
}

/// Removes a stored file that no olympiad attaches any more.
pub fn delete_upload(
    conn: &mut DbConnection,
    caller: &Caller,
    id: UploadId,
    filename: &str,
    files: &Storage,
) -> OfficeResult<()> {
    let upload = write_transaction(conn, |conn| {
        let upload = Upload::find(conn, id).or_not_found("This upload")?;
        if upload.filename != filename {
            return Err(OfficeError::invalid(
                "filename",
                "is not this upload's file name",
            ));
        }
        if !Upload::delete_if_unused(conn, id)? {
            return Err(OfficeError::Conflict {
                code: ErrorCode::InUse,
                message: "Olympiads still use this file. Remove it from them first.".into(),
            });
        }
        crate::activity::record_activity(
            conn,
            caller,
            "upload_deleted",
            None,
            serde_json::json!({ "uploadId": id }),
        )?;
        Ok(upload)
    })?;
    remove_stored(files, &upload);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_are_judged_by_content() {
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n...."), Some("image/png"));
        assert_eq!(sniff(b"\xff\xd8\xff\xe0"), Some("image/jpeg"));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), Some("image/webp"));
        assert_eq!(sniff(b"%PDF-1.7"), Some("application/pdf"));
        assert_eq!(sniff(b"<svg onload=alert(1)>"), None);
        assert_eq!(sniff(b"MZ\x90\0"), None);
    }

    #[test]
    fn file_names_cannot_climb_or_break_headers() {
        assert_eq!(
            clean_filename("../../etc/passwd").ok().as_deref(),
            Some("passwd")
        );
        assert_eq!(
            clean_filename("C:\\maps\\Map \"1\".png").ok().as_deref(),
            Some("Map 1.png")
        );
        assert!(clean_filename("..").is_err());
        assert!(clean_filename("  ").is_err());
    }
}
