use crate::error::DbResult;
use crate::schema::olympiads;
use crate::words::{Stored, Word};
use crate::DbConnection;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::OlympiadId;
use olympiad_domain::olympiad::OlympiadKind;
use olympiad_domain::paper::Language;
use olympiad_domain::rich_text::LocalizedRichText;
use serde::Serialize;
use utoipa::ToSchema;

/// One year's competition of a project; `name` is the `{olympiadName}` of every URL.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Serialize, ToSchema)]
#[diesel(table_name = olympiads)]
#[serde(rename_all = "camelCase")]
pub struct Olympiad {
    #[schema(value_type = i64)]
    pub id: OlympiadId,
    pub project_id: i64,
    pub sub_project_id: Option<i64>,
    pub name: String,
    pub title: String,
    pub year: i32,
    pub is_open: bool,
    pub is_pinned: bool,
    #[serde(with = "olympiad_domain::utc")]
    pub created_at: NaiveDateTime,
    #[serde(with = "olympiad_domain::utc")]
    pub updated_at: NaiveDateTime,
    #[diesel(deserialize_as = Stored<OlympiadKind>)]
    pub kind: OlympiadKind,
    pub duration_minutes: i32,
    /// JSON list of grades; read with [`Olympiad::grades`].
    #[serde(skip)]
    pub grades: String,
    /// JSON list of language codes; read with [`Olympiad::languages`].
    #[serde(skip)]
    pub languages: String,
    /// JSON object per language.
    #[serde(skip)]
    pub instructions: String,
    /// JSON object per language.
    #[serde(skip)]
    pub declaration: String,
    pub shuffle_questions: bool,
    pub shuffle_options: bool,
}

/// The column text of rich text per language: only sanitised text can be written.
pub fn json_of_rich_text(texts: &LocalizedRichText) -> String {
    serde_json::to_string(texts).unwrap_or_else(|_| "{}".into())
}

/// The settings an admin edits on Settings and Actions.
#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = olympiads)]
pub struct OlympiadSettingsUpdateForm {
    pub title: String,
    pub year: i32,
    #[diesel(serialize_as = Word)]
    pub kind: OlympiadKind,
    pub duration_minutes: i32,
    pub grades: String,
    pub languages: String,
    /// JSON of a [`LocalizedRichText`], written with [`json_of_rich_text`].
    pub instructions: String,
    pub declaration: String,
    pub shuffle_questions: bool,
    pub shuffle_options: bool,
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = olympiads)]
pub struct OlympiadInsertForm<'a> {
    pub project_id: i64,
    pub name: &'a str,
    pub title: &'a str,
    pub year: i32,
    pub is_open: bool,
}

impl Olympiad {
    pub fn grades(&self) -> Vec<i32> {
        serde_json::from_str(&self.grades).unwrap_or_default()
    }

    pub fn languages(&self) -> Vec<Language> {
        serde_json::from_str(&self.languages).unwrap_or_default()
    }

    /// Sanitised as it is read, whenever it was written.
    pub fn instructions(&self) -> LocalizedRichText {
        serde_json::from_str(&self.instructions).unwrap_or_default()
    }

    /// Sanitised as it is read, whenever it was written.
    pub fn declaration(&self) -> LocalizedRichText {
        serde_json::from_str(&self.declaration).unwrap_or_default()
    }

    pub fn update_settings(
        conn: &mut DbConnection,
        id: OlympiadId,
        changes: &OlympiadSettingsUpdateForm,
    ) -> DbResult<Olympiad> {
        Ok(diesel::update(olympiads::table.find(id))
            .set(changes.clone())
            .returning(olympiads::all_columns)
            .get_result(conn)?)
    }

    pub fn set_open(conn: &mut DbConnection, id: OlympiadId, open: bool) -> DbResult<Olympiad> {
        Ok(diesel::update(olympiads::table.find(id))
            .set((
                olympiads::is_open.eq(open),
                olympiads::updated_at.eq(crate::now()),
            ))
            .returning(olympiads::all_columns)
            .get_result(conn)?)
    }

    /// Marks the olympiad changed (`updated_at`): what its windows' writers do, since the
    /// learners' windows are kept in memory while their olympiad's `updated_at` stays the same.
    pub fn mark_changed(
        conn: &mut DbConnection,
        id: OlympiadId,
        at: NaiveDateTime,
    ) -> DbResult<()> {
        diesel::update(olympiads::table.find(id))
            .set(olympiads::updated_at.eq(at))
            .execute(conn)?;
        Ok(())
    }

    pub fn set_pinned(conn: &mut DbConnection, id: OlympiadId, pinned: bool) -> DbResult<Olympiad> {
        Ok(diesel::update(olympiads::table.find(id))
            .set((
                olympiads::is_pinned.eq(pinned),
                olympiads::updated_at.eq(crate::now()),
            ))
            .returning(olympiads::all_columns)
            .get_result(conn)?)
    }

    pub fn list(conn: &mut DbConnection) -> DbResult<Vec<Olympiad>> {
        Ok(olympiads::table
            .order((
                olympiads::is_pinned.desc(),
                olympiads::year.desc(),
                olympiads::name,
            ))
            .select(Olympiad::as_select())
            .load(conn)?)
    }

    pub fn for_project(conn: &mut DbConnection, project_id: i64) -> DbResult<Vec<Olympiad>> {
        Ok(olympiads::table
            .filter(olympiads::project_id.eq(project_id))
            .order((olympiads::year.desc(), olympiads::name))
            .select(Olympiad::as_select())
            .load(conn)?)
    }

    pub fn find(conn: &mut DbConnection, id: OlympiadId) -> DbResult<Olympiad> {
        Ok(olympiads::table
            .find(id)
            .select(Olympiad::as_select())
            .get_result(conn)?)
    }

    pub fn by_name(conn: &mut DbConnection, name: &str) -> DbResult<Option<Olympiad>> {
        Ok(olympiads::table
            .filter(olympiads::name.eq(name))
            .select(Olympiad::as_select())
            .get_result(conn)
            .optional()?)
    }

    /// The olympiad with this name, created when missing (used by the demo seed; safe to repeat).
    pub fn ensure(conn: &mut DbConnection, new: &OlympiadInsertForm) -> DbResult<Olympiad> {
        if let Some(existing) = Olympiad::by_name(conn, new.name)? {
            return Ok(existing);
        }
        Ok(diesel::insert_into(olympiads::table)
            .values(new)
            .returning(olympiads::all_columns)
            .get_result(conn)?)
    }
}
