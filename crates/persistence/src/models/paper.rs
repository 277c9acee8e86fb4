//! The paper of an olympiad: its modules, their questions, and the windows in which it is written.

use crate::error::DbResult;
use crate::models::Olympiad;
use crate::schema::{question_modules, questions, sitting_windows};
use crate::{now, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::{AttachmentId, ModuleId, OlympiadId, QuestionId};
use olympiad_domain::paper::{Localized, QuestionContent, QuestionKind};
use olympiad_domain::rich_text::LocalizedRichText;

#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = sitting_windows)]
pub struct SittingWindow {
    pub id: i64,
    pub olympiad_id: OlympiadId,
    pub starts_at: NaiveDateTime,
    pub ends_at: NaiveDateTime,
}

impl SittingWindow {
    pub fn for_olympiad(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
    ) -> DbResult<Vec<SittingWindow>> {
        Ok(sitting_windows::table
            .filter(sitting_windows::olympiad_id.eq(olympiad_id))
            .order(sitting_windows::starts_at)
            .select(SittingWindow::as_select())
            .load(conn)?)
    }

    /// Replaces the olympiad's windows with these (start, end) pairs, and marks the olympiad
    /// changed: the learners' windows are kept in memory while its `updated_at` stays the same.
    pub fn replace(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        windows: &[(NaiveDateTime, NaiveDateTime)],
    ) -> DbResult<()> {
        Olympiad::mark_changed(conn, olympiad_id, now())?;
        diesel::delete(sitting_windows::table.filter(sitting_windows::olympiad_id.eq(olympiad_id)))
            .execute(conn)?;
        for (starts_at, ends_at) in windows {
            diesel::insert_into(sitting_windows::table)
                .values((
                    sitting_windows::olympiad_id.eq(olympiad_id),
                    sitting_windows::starts_at.eq(starts_at),
                    sitting_windows::ends_at.eq(ends_at),
                ))
                .execute(conn)?;
        }
        Ok(())
    }
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = question_modules)]
pub struct QuestionModule {
    pub id: ModuleId,
    pub olympiad_id: OlympiadId,
    pub position: i32,
    /// JSON object per language; read with [`QuestionModule::title`].
    pub title: String,
    pub instructions: String,
    pub time_limit_minutes: Option<i32>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// A module's editable fields.
#[derive(Debug, Clone)]
pub struct QuestionModuleForm {
    pub title: Localized,
    pub instructions: LocalizedRichText,
    pub time_limit_minutes: Option<i32>,
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "{}".into())
}

impl QuestionModule {
    pub fn title(&self) -> Localized {
        serde_json::from_str(&self.title).unwrap_or_default()
    }

    /// Sanitised as it is read, whenever it was written.
    pub fn instructions(&self) -> LocalizedRichText {
        serde_json::from_str(&self.instructions).unwrap_or_default()
    }

    pub fn find(conn: &mut DbConnection, id: ModuleId) -> DbResult<QuestionModule> {
        Ok(question_modules::table
            .find(id)
            .select(QuestionModule::as_select())
            .first(conn)?)
    }

    pub fn for_olympiad(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
    ) -> DbResult<Vec<QuestionModule>> {
        Ok(question_modules::table
            .filter(question_modules::olympiad_id.eq(olympiad_id))
            .order((question_modules::position, question_modules::id))
            .select(QuestionModule::as_select())
            .load(conn)?)
    }

    /// Adds the module at the end of the olympiad's paper.
    pub fn create(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        fields: &QuestionModuleForm,
    ) -> DbResult<QuestionModule> {
        let last: Option<i32> = question_modules::table
            .filter(question_modules::olympiad_id.eq(olympiad_id))
            .select(diesel::dsl::max(question_modules::position))
            .first(conn)?;
        Ok(diesel::insert_into(question_modules::table)
            .values((
                question_modules::olympiad_id.eq(olympiad_id),
                question_modules::position.eq(last.unwrap_or(0) + 1),
                question_modules::title.eq(json(&fields.title)),
                question_modules::instructions.eq(json(&fields.instructions)),
                question_modules::time_limit_minutes.eq(fields.time_limit_minutes),
                question_modules::created_at.eq(now()),
                question_modules::updated_at.eq(now()),
            ))
            .returning(question_modules::all_columns)
            .get_result(conn)?)
    }

    pub fn update(
        conn: &mut DbConnection,
        id: ModuleId,
        fields: &QuestionModuleForm,
    ) -> DbResult<QuestionModule> {
        Ok(diesel::update(question_modules::table.find(id))
            .set((
                question_modules::title.eq(json(&fields.title)),
                question_modules::instructions.eq(json(&fields.instructions)),
                question_modules::time_limit_minutes.eq(fields.time_limit_minutes),
                question_modules::updated_at.eq(now()),
            ))
            .returning(question_modules::all_columns)
            .get_result(conn)?)
    }

    pub fn delete(conn: &mut DbConnection, id: ModuleId) -> DbResult<()> {
        diesel::delete(questions::table.filter(questions::module_id.eq(id))).execute(conn)?;
        match diesel::delete(question_modules::table.find(id)).execute(conn)? {
            0 => Err(crate::DbError::NotFound),
            _ => Ok(()),
        }
    }

    /// Puts the olympiad's modules in the order of `ids` (which must be all of them).
    pub fn reorder(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        ids: &[ModuleId],
    ) -> DbResult<()> {
        for (index, id) in ids.iter().enumerate() {
            diesel::update(
                question_modules::table
                    .find(id)
                    .filter(question_modules::olympiad_id.eq(olympiad_id)),
            )
            .set(question_modules::position.eq(position_of(index)))
            .execute(conn)?;
        }
        Ok(())
    }
}

fn position_of(index: usize) -> i32 {
    i32::try_from(index + 1).unwrap_or(i32::MAX)
}

#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = questions)]
pub struct Question {
    pub id: QuestionId,
    pub module_id: ModuleId,
    pub position: i32,
    pub kind: QuestionKind,
    /// JSON; read with [`Question::content`].
    pub content: String,
    pub marks: i32,
    pub difficulty: i32,
    pub attachment_id: Option<AttachmentId>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// A question's editable fields.
#[derive(Debug, Clone)]
pub struct QuestionForm {
    pub kind: QuestionKind,
    pub content: QuestionContent,
    pub marks: i32,
    pub difficulty: i32,
    pub attachment_id: Option<AttachmentId>,
}

impl Question {
    pub fn content(&self) -> QuestionContent {
        serde_json::from_str(&self.content).unwrap_or_default()
    }

    pub fn find(conn: &mut DbConnection, id: QuestionId) -> DbResult<Question> {
        Ok(questions::table
            .find(id)
            .select(Question::as_select())
            .first(conn)?)
    }

    pub fn for_module(conn: &mut DbConnection, module_id: ModuleId) -> DbResult<Vec<Question>> {
        Ok(questions::table
            .filter(questions::module_id.eq(module_id))
            .order((questions::position, questions::id))
            .select(Question::as_select())
            .load(conn)?)
    }

    /// Every question of the olympiad, in paper order (module, then question).
    pub fn for_olympiad(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
    ) -> DbResult<Vec<Question>> {
        Ok(questions::table
            .inner_join(question_modules::table)
            .filter(question_modules::olympiad_id.eq(olympiad_id))
            .order((
                question_modules::position,
                question_modules::id,
                questions::position,
                questions::id,
            ))
            .select(Question::as_select())
            .load(conn)?)
    }

    /// Adds the question at the end of its module.
    pub fn create(
        conn: &mut DbConnection,
        module_id: ModuleId,
        fields: &QuestionForm,
    ) -> DbResult<Question> {
        let last: Option<i32> = questions::table
            .filter(questions::module_id.eq(module_id))
            .select(diesel::dsl::max(questions::position))
            .first(conn)?;
        Ok(diesel::insert_into(questions::table)
            .values((
                questions::module_id.eq(module_id),
                questions::position.eq(last.unwrap_or(0) + 1),
                questions::kind.eq(fields.kind.as_str()),
                questions::content.eq(json(&fields.content)),
                questions::marks.eq(fields.marks),
                questions::difficulty.eq(fields.difficulty),
                questions::attachment_id.eq(fields.attachment_id),
                questions::created_at.eq(now()),
                questions::updated_at.eq(now()),
            ))
            .returning(questions::all_columns)
            .get_result(conn)?)
    }

    pub fn update(
        conn: &mut DbConnection,
        id: QuestionId,
        fields: &QuestionForm,
    ) -> DbResult<Question> {
        Ok(diesel::update(questions::table.find(id))
            .set((
                questions::kind.eq(fields.kind.as_str()),
                questions::content.eq(json(&fields.content)),
                questions::marks.eq(fields.marks),
                questions::difficulty.eq(fields.difficulty),
                questions::attachment_id.eq(fields.attachment_id),
                questions::updated_at.eq(now()),
            ))
            .returning(questions::all_columns)
            .get_result(conn)?)
    }

    pub fn delete(conn: &mut DbConnection, id: QuestionId) -> DbResult<()> {
        match diesel::delete(questions::table.find(id)).execute(conn)? {
            0 => Err(crate::DbError::NotFound),
            _ => Ok(()),
        }
    }

    /// Puts the module's questions in the order of `ids`.
    pub fn reorder(
        conn: &mut DbConnection,
        module_id: ModuleId,
        ids: &[QuestionId],
    ) -> DbResult<()> {
        for (index, id) in ids.iter().enumerate() {
            diesel::update(
                questions::table
                    .find(id)
                    .filter(questions::module_id.eq(module_id)),
            )
            .set(questions::position.eq(position_of(index)))
            .execute(conn)?;
        }
        Ok(())
    }

    /// Which questions show this attachment.
    pub fn using_attachment(
        conn: &mut DbConnection,
        attachment_id: AttachmentId,
    ) -> DbResult<Vec<Question>> {
        Ok(questions::table
            .filter(questions::attachment_id.eq(attachment_id))
            .select(Question::as_select())
            .load(conn)?)
    }
}
