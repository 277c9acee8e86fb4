//! A learner's answers: one row per question of an attempt, holding the latest save. Every save
//! carries the attempt's sequence number, and a save only replaces an answer with a lower one, so a
//! late or repeated save never overwrites a newer answer.

use crate::error::DbResult;
use crate::on_backend;
use crate::schema::answers;
use crate::{placeholder, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Text, Timestamp};
use olympiad_domain::id::{AttemptId, QuestionId};
use olympiad_domain::sitting::AnswerValue;
use std::collections::BTreeMap;

type Backend = <DbConnection as diesel::Connection>::Backend;

/// Six values an answer: 200 answers a statement stay far below both databases' limits of bound
/// values (SQLite 32,766; PostgreSQL 65,535).
const ROWS_PER_STATEMENT: usize = 200;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = answers)]
pub struct Answer {
    pub attempt_id: AttemptId,
    pub question_id: QuestionId,
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
    pub question_id: QuestionId,
    pub answer: Option<AnswerValue>,
    pub flagged: bool,
    pub seq: i64,
}

impl Answer {
    pub fn value(&self) -> Option<AnswerValue> {
        serde_json::from_str(&self.answer).unwrap_or(None)
    }

    pub fn for_attempt(conn: &mut DbConnection, attempt_id: AttemptId) -> DbResult<Vec<Answer>> {
        let answers = answers::table
            .filter(answers::attempt_id.eq(attempt_id))
            .order(answers::question_id);
        Ok(on_backend!(conn, c => answers.select(Answer::as_select()).load(c))?)
    }

    /// The answers that count for marking: cleared ones are no answer.
    pub fn values_for_attempt(
        conn: &mut DbConnection,
        attempt_id: AttemptId,
    ) -> DbResult<BTreeMap<QuestionId, AnswerValue>> {
        Ok(Answer::for_attempt(conn, attempt_id)?
            .into_iter()
            .filter_map(|a| a.value().map(|v| (a.question_id, v)))
            .collect())
    }

    /// Writes the saves of many attempts at once, each unless the stored answer came from a later
    /// save. The caller's transaction makes them durable together. One statement per few hundred
    /// answers: the answer writer's cost per answer is then mostly the database's own.
    pub fn save_many(
        conn: &mut DbConnection,
        saves: &[(AttemptId, &AnswerSave)],
        saved_at: NaiveDateTime,
    ) -> DbResult<()> {
        // A statement may not touch one row twice (PostgreSQL refuses): keep each answer's latest.
        let mut latest: BTreeMap<(AttemptId, QuestionId), &AnswerSave> = BTreeMap::new();
        for (attempt_id, save) in saves {
            let key = (*attempt_id, save.question_id);
            if latest.get(&key).is_none_or(|kept| kept.seq < save.seq) {
                latest.insert(key, save);
            }
        }
        let rows: Vec<_> = latest.into_iter().collect();
        for chunk in rows.chunks(ROWS_PER_STATEMENT) {
            let mut sql = String::from(
                "INSERT INTO answers (attempt_id, question_id, answer, flagged, seq, saved_at) VALUES ",
            );
            for i in 0..chunk.len() {
                let values: Vec<String> = (1..=6).map(|k| placeholder(conn, i * 6 + k)).collect();
                if i > 0 {
                    sql.push_str(", ");
                }
                sql.push_str(&format!("({})", values.join(", ")));
            }
            // The same statement on both databases (upserts do not compile through diesel's
            // connection enum, and their statements are never cached anyway).
            sql.push_str(
                " ON CONFLICT (attempt_id, question_id) DO UPDATE SET answer = excluded.answer, \
                 flagged = excluded.flagged, seq = excluded.seq, saved_at = excluded.saved_at \
                 WHERE answers.seq < excluded.seq",
            );
            let mut query = diesel::sql_query(sql).into_boxed::<Backend>();
            for ((attempt_id, question_id), save) in chunk {
                let answer = serde_json::to_string(&save.answer).unwrap_or_else(|_| "null".into());
                query = query
                    .bind::<BigInt, _>(*attempt_id)
                    .bind::<BigInt, _>(*question_id)
                    .bind::<Text, _>(answer)
                    .bind::<Bool, _>(save.flagged)
                    .bind::<BigInt, _>(save.seq)
                    .bind::<Timestamp, _>(saved_at);
            }
            query.execute(conn)?;
        }
        Ok(())
    }

    pub fn set_marks(
        conn: &mut DbConnection,
        attempt_id: AttemptId,
        marks: &BTreeMap<QuestionId, i32>,
    ) -> DbResult<()> {
        for (question_id, earned) in marks {
            diesel::update(answers::table.find((attempt_id, question_id)))
                .set(answers::marks.eq(earned))
                .execute(conn)?;
        }
        Ok(())
    }
}
