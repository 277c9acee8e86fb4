//! Files: an upload is stored once, under its content hash; an attachment is its use, under a
//! name, in an olympiad. Deleting an attachment keeps the upload while another attachment uses it.

use crate::error::DbResult;
use crate::schema::{attachments, uploads};
use crate::{now, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::{AttachmentId, OlympiadId, UploadId, UserId};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = uploads)]
#[serde(rename_all = "camelCase")]
pub struct Upload {
    #[schema(value_type = i64)]
    pub id: UploadId,
    pub sha256: String,
    pub size_bytes: i64,
    pub content_type: String,
    pub filename: String,
    #[schema(value_type = Option<i64>)]
    pub uploaded_by: Option<UserId>,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = attachments)]
#[serde(rename_all = "camelCase")]
pub struct Attachment {
    #[schema(value_type = i64)]
    pub id: AttachmentId,
    #[schema(value_type = i64)]
    pub upload_id: UploadId,
    #[schema(value_type = Option<i64>)]
    pub olympiad_id: Option<OlympiadId>,
    pub filename: String,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

pub struct UploadInsertForm<'a> {
    pub sha256: &'a str,
    pub size_bytes: i64,
    pub content_type: &'a str,
    pub filename: &'a str,
    pub uploaded_by: Option<UserId>,
}

impl Upload {
    pub fn find(conn: &mut DbConnection, id: UploadId) -> DbResult<Upload> {
        Ok(uploads::table
            .find(id)
            .select(Upload::as_select())
            .first(conn)?)
    }

    pub fn list(conn: &mut DbConnection) -> DbResult<Vec<Upload>> {
        Ok(uploads::table
            .order(uploads::id.desc())
            .select(Upload::as_select())
            .load(conn)?)
    }

    /// The upload with this hash, recorded when new: the same file uploaded twice is kept once.
    pub fn ensure(conn: &mut DbConnection, new: &UploadInsertForm) -> DbResult<Upload> {
        if let Some(existing) = uploads::table
            .filter(uploads::sha256.eq(new.sha256))
            .select(Upload::as_select())
            .first(conn)
            .optional()?
        {
            return Ok(existing);
        }
        Ok(diesel::insert_into(uploads::table)
            .values((
                uploads::sha256.eq(new.sha256),
                uploads::size_bytes.eq(new.size_bytes),
                uploads::content_type.eq(new.content_type),
                uploads::filename.eq(new.filename),
                uploads::uploaded_by.eq(new.uploaded_by),
                uploads::created_at.eq(now()),
            ))
            .returning(uploads::all_columns)
            .get_result(conn)?)
    }

    /// How many attachments use the upload: the file manager's and the files mass mails carry.
    pub fn attachment_count(conn: &mut DbConnection, id: UploadId) -> DbResult<i64> {
        use crate::schema::mass_mail_attachments;
        let files: i64 = attachments::table
            .filter(attachments::upload_id.eq(id))
            .count()
            .get_result(conn)?;
        let mass_mails: i64 = mass_mail_attachments::table
            .filter(mass_mail_attachments::upload_id.eq(id))
            .count()
            .get_result(conn)?;
        Ok(files + mass_mails)
    }

    /// Removes the record of an upload that no attachment uses; answers whether it did.
    pub fn delete_if_unused(conn: &mut DbConnection, id: UploadId) -> DbResult<bool> {
        if Upload::attachment_count(conn, id)? > 0 {
            return Ok(false);
        }
        Ok(diesel::delete(uploads::table.find(id)).execute(conn)? > 0)
    }
}

impl Attachment {
    pub fn find(conn: &mut DbConnection, id: AttachmentId) -> DbResult<Attachment> {
        Ok(attachments::table
            .find(id)
            .select(Attachment::as_select())
            .first(conn)?)
    }

    /// An olympiad's attachments, or every attachment (`None`).
    pub fn list(
        conn: &mut DbConnection,
        olympiad_id: Option<OlympiadId>,
    ) -> DbResult<Vec<(Attachment, Upload)>> {
        let mut query = attachments::table
            .inner_join(uploads::table)
            .order(attachments::id.desc())
            .into_boxed();
        if let Some(olympiad_id) = olympiad_id {
            query = query.filter(attachments::olympiad_id.eq(olympiad_id));
        }
        Ok(query
            .select((Attachment::as_select(), Upload::as_select()))
            .load(conn)?)
    }

    pub fn create(
        conn: &mut DbConnection,
        upload_id: UploadId,
        olympiad_id: Option<OlympiadId>,
        filename: &str,
    ) -> DbResult<Attachment> {
        Ok(diesel::insert_into(attachments::table)
            .values((
                attachments::upload_id.eq(upload_id),
                attachments::olympiad_id.eq(olympiad_id),
                attachments::filename.eq(filename),
                attachments::created_at.eq(now()),
            ))
            .returning(attachments::all_columns)
            .get_result(conn)?)
    }

    pub fn rename(
        conn: &mut DbConnection,
        id: AttachmentId,
        filename: &str,
    ) -> DbResult<Attachment> {
        Ok(diesel::update(attachments::table.find(id))
            .set(attachments::filename.eq(filename))
            .returning(attachments::all_columns)
            .get_result(conn)?)
    }

    pub fn delete(conn: &mut DbConnection, id: AttachmentId) -> DbResult<()> {
        match diesel::delete(attachments::table.find(id)).execute(conn)? {
            0 => Err(crate::DbError::NotFound),
            _ => Ok(()),
        }
    }
}
