use crate::error::DbResult;
use crate::schema::{note_revisions, users};
use crate::{now, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::UserId;
use serde::Serialize;
use utoipa::ToSchema;

/// One saved version of one of the overlord's notes; the newest of a topic is the note.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoteRevision {
    pub id: i64,
    pub topic: String,
    /// Sanitised HTML.
    pub body: String,
    #[schema(value_type = Option<i64>)]
    pub author_id: Option<UserId>,
    /// The author's name, or their username when they have none.
    pub author_name: Option<String>,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
}

type Row = (
    i64,
    String,
    String,
    Option<UserId>,
    NaiveDateTime,
    Option<(String, String, String)>,
);

fn revision((id, topic, body, author_id, created_at, author): Row) -> NoteRevision {
    let author_name = author.map(|(first, last, username)| {
        let name = format!("{first} {last}").trim().to_owned();
        if name.is_empty() {
            username
        } else {
            name
        }
    });
    NoteRevision {
        id,
        topic,
        body,
        author_id,
        author_name,
        created_at,
    }
}

impl NoteRevision {
    /// The revisions of a topic, newest first.
    pub fn history(
        conn: &mut DbConnection,
        topic: &str,
        limit: i64,
    ) -> DbResult<Vec<NoteRevision>> {
        let rows: Vec<Row> = note_revisions::table
            .left_join(users::table)
            .filter(note_revisions::topic.eq(topic))
            .order(note_revisions::id.desc())
            .limit(limit)
            .select((
                note_revisions::id,
                note_revisions::topic,
                note_revisions::body,
                note_revisions::author_id,
                note_revisions::created_at,
                (users::first_name, users::last_name, users::username).nullable(),
            ))
            .load(conn)?;
        Ok(rows.into_iter().map(revision).collect())
    }

    pub fn save(
        conn: &mut DbConnection,
        topic: &str,
        body: &str,
        author_id: UserId,
    ) -> DbResult<i64> {
        Ok(diesel::insert_into(note_revisions::table)
            .values((
                note_revisions::topic.eq(topic),
                note_revisions::body.eq(body),
                note_revisions::author_id.eq(author_id),
                note_revisions::created_at.eq(now()),
            ))
            .returning(note_revisions::id)
            .get_result(conn)?)
    }
}
