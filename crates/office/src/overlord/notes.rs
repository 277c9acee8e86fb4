//! The overlord's notes: what to do before an olympiad, and the issues that come up each year.
//! Every save keeps the one before it, so the history of a note can be read and an old version
//! taken back.

use crate::activity::record_change;
use crate::support::caller::Caller;
use crate::support::error::{OfficeError, OfficeResult};
use olympiad_domain::overlord::NoteTopic;
use olympiad_domain::rich_text::RichText;
use olympiad_persistence::models::NoteRevision;
use olympiad_persistence::{write_transaction, DbConnection};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use validator::Validate;

/// Revisions kept in view; older ones stay stored.
const HISTORY: i64 = 50;
/// A note longer than this is refused: it is a page of notes, not a book.
pub const NOTE_MAX_CHARS: usize = 100_000;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Note {
    pub topic: NoteTopic,
    /// The newest revision's text (sanitised HTML); empty before the first save.
    pub body: String,
    /// Newest first: the first is the note as it stands.
    pub history: Vec<NoteRevision>,
}

fn topic_of(text: &str) -> OfficeResult<NoteTopic> {
    NoteTopic::parse(text).ok_or_else(|| OfficeError::NotFound(format!("The note '{text}'")))
}

pub fn note(conn: &mut DbConnection, topic: &str) -> OfficeResult<Note> {
    let topic = topic_of(topic)?;
    let history = NoteRevision::history(conn, topic.as_str(), HISTORY)?;
    Ok(Note {
        topic,
        body: history.first().map(|r| r.body.clone()).unwrap_or_default(),
        history,
    })
}

#[derive(Debug, Deserialize, Validate, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoteInput {
    /// HTML; it is sanitised.
    #[validate(length(max = 100000))]
    #[schema(max_length = 100000)]
    pub body: String,
}

/// Saves a new revision; saving the same text again adds none.
pub fn save(
    conn: &mut DbConnection,
    caller: &Caller,
    topic: &str,
    input: &NoteInput,
) -> OfficeResult<Note> {
    let topic = topic_of(topic)?;
    if input.body.chars().count() > NOTE_MAX_CHARS {
        return Err(OfficeError::invalid(
            "body",
            format!("must be at most {NOTE_MAX_CHARS} characters"),
        ));
    }
    let body = RichText::new(&input.body).into_string();
    write_transaction(conn, |conn| {
        let before = NoteRevision::history(conn, topic.as_str(), 1)?
            .pop()
            .map(|r| r.body)
            .unwrap_or_default();
        if before != body {
            let id = NoteRevision::save(conn, topic.as_str(), &body, caller.actor())?;
            record_change(
                conn,
                caller,
                "note_saved",
                None,
                json!({ "topic": topic, "revisionId": id }),
                &before,
                &body,
            )?;
        }
        note(conn, topic.as_str())
    })
}
