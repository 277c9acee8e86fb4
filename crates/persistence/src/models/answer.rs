//! A learner's answers: one row per question of an attempt, holding the latest save. Every save
//! carries the attempt's sequence number, and a save only replaces an answer with a lower one, so a
//! late or repeated save never overwrites a newer answer.

use crate::error::DbResult;
use crate::schema::answers;
use crate::DbConnection;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Text, Timestamp};
use olympiad_domain::sitting::AnswerValue;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = answers)]
pub struct Answer {
    pub attempt_id: i64,
    pub question_id: i64,
    /// JSON of an `Option<AnswerValue>`: `null` once cleared.
    pub answer: String,
    pub flagged: bool,
    pub seq: i64,
    pub marks: Option<i32>,
    pub saved_at: NaiveDateTime,
}

/// One answer as a device sends it.
#[derive(Debug, Clone)]
pub struct AnswerSave {
    pub question_id: i64,
    pub answer: Option<AnswerValue>,
    pub flagged: bool,
    pub seq: i64,
}

impl Answer {
    pub fn value(&self) -> Option<AnswerValue> {
        serde_json::from_str(&self.answer).unwrap_or(None)
    }

    pub fn for_attempt(conn: &mut DbConnection, attempt_id: i64) -> DbResult<Vec<Answer>> {
        Ok(answers::table
            .filter(answers::attempt_id.eq(attempt_id))
            .order(answers::question_id)
            .select(Answer::as_select())
            .load(conn)?)
    }

    /// The answers that count for marking: cleared ones are no answer.
    pub fn values_for_attempt(
        conn: &mut DbConnection,
        attempt_id: i64,
    ) -> DbResult<BTreeMap<i64, AnswerValue>> {
        Ok(Answer::for_attempt(conn, attempt_id)?
            .into_iter()
            .filter_map(|a| a.value().map(|v| (a.question_id, v)))
            .collect())
    }

    /// Writes the save unless the stored answer came from a later one. The caller's transaction
    /// makes a batch durable at once.
    pub fn save(
        conn: &mut DbConnection,
        attempt_id: i64,
        save: &AnswerSave,
        saved_at: NaiveDateTime,
    ) -> DbResult<()> {
        let answer = serde_json::to_string(&save.answer).unwrap_or_else(|_| "null".into());
        // Upserts do not compile through diesel's connection enum; this statement is the same on
        // both databases.
        diesel::sql_query(
            "INSERT INTO answers (attempt_id, question_id, answer, flagged, seq, saved_at) \
             VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (attempt_id, question_id) DO UPDATE SET answer = excluded.answer, \
             flagged = excluded.flagged, seq = excluded.seq, saved_at = excluded.saved_at \
             WHERE answers.seq < excluded.seq",
        )
        .bind::<BigInt, _>(attempt_id)
        .bind::<BigInt, _>(save.question_id)
        .bind::<Text, _>(answer)
        .bind::<Bool, _>(save.flagged)
        .bind::<BigInt, _>(save.seq)
        .bind::<Timestamp, _>(saved_at)
        .execute(conn)?;
        Ok(())
    }

    /// The highest sequence number stored for the attempt, so that a device taking it over goes on
    /// counting from there.
    pub fn last_seq(conn: &mut DbConnection, attempt_id: i64) -> DbResult<i64> {
        Ok(answers::table
            .filter(answers::attempt_id.eq(attempt_id))
            .select(diesel::dsl::max(answers::seq))
            .first::<Option<i64>>(conn)?
            .unwrap_or(0))
    }

    pub fn set_marks(
        conn: &mut DbConnection,
        attempt_id: i64,
        marks: &BTreeMap<i64, i32>,
    ) -> DbResult<()> {
        for (question_id, earned) in marks {
            diesel::update(answers::table.find((attempt_id, question_id)))
                .set(answers::marks.eq(earned))
                .execute(conn)?;
        }
        Ok(())
    }
}
