//! An olympiad's results: their state and medal bands, the released snapshot, the moderation
//! changes with their reasons, and the finished attempts that results are made from.

use crate::error::{DbError, DbResult};
use crate::models::listing::{sorted_by, Page, Sort};
use crate::schema::{
    answers, attempts, learners, olympiad_results, participants, result_changes, result_rows,
    school_participants, schools,
};
use crate::words::Word;
use crate::{now, placeholder, write_transaction, DbConnection};

type Backend = <DbConnection as diesel::Connection>::Backend;
use crate::models::attempt::counting;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::{
    AttemptId, OlympiadId, ParticipantId, QuestionId, SchoolId, SchoolParticipantId, UserId,
};
use olympiad_domain::results::{ResultChangeKind, ResultsState};
use olympiad_domain::sitting::AttemptStatus;

/// An olympiad's results: the row, and in it what a change of them writes.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = olympiad_results)]
pub struct OlympiadResults {
    pub id: i64,
    pub olympiad_id: OlympiadId,
    #[diesel(embed)]
    pub record: OlympiadResultsForm,
}

/// The results' state, version, bands and released snapshot: read with the row, and written
/// whole by every change of them.
#[derive(Debug, Clone, Queryable, Selectable, AsChangeset)]
#[diesel(table_name = olympiad_results)]
pub struct OlympiadResultsForm {
    #[diesel(serialize_as = Word)]
    pub state: ResultsState,
    pub version: i32,
    /// JSON of `MedalBands`.
    pub bands: String,
    /// JSON of the released results; empty until first final.
    pub snapshot: String,
    pub finalised_at: Option<NaiveDateTime>,
    pub updated_at: NaiveDateTime,
}

impl OlympiadResults {
    /// The olympiad's results row, made (provisional, default bands) the first time it is asked for.
    /// Two first requests at once both insert: the second insert gives way on the unique index
    /// (`ON CONFLICT DO NOTHING`, the same statement on both databases) and both read the one row.
    pub fn of_olympiad(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
    ) -> DbResult<OlympiadResults> {
        let found = olympiad_results::table
            .filter(olympiad_results::olympiad_id.eq(olympiad_id))
            .select(OlympiadResults::as_select())
            .first(conn)
            .optional()?;
        if let Some(found) = found {
            return Ok(found);
        }
        use diesel::sql_types::{BigInt, Text, Timestamp};
        let sql = format!(
            "INSERT INTO olympiad_results (olympiad_id, state, bands, updated_at) \
             VALUES ({}, {}, {}, {}) ON CONFLICT (olympiad_id) DO NOTHING",
            placeholder(conn, 1),
            placeholder(conn, 2),
            placeholder(conn, 3),
            placeholder(conn, 4),
        );
        // A write: on SQLite it waits for the writers' turn like every other, not in SQLite's busy
        // timeout, which polls with sleeps and on olympiad morning, with the committers writing
        // batch after batch, kept the first results read of the day waiting for a second.
        write_transaction(conn, |conn| {
            diesel::sql_query(sql)
                .bind::<BigInt, _>(olympiad_id)
                .bind::<Text, _>(ResultsState::Provisional.as_str())
                .bind::<Text, _>(
                    serde_json::to_string(&olympiad_domain::results::MedalBands::default())
                        .unwrap_or_default(),
                )
                .bind::<Timestamp, _>(now())
                .execute(conn)
                .map_err(DbError::from)
        })?;
        Ok(olympiad_results::table
            .filter(olympiad_results::olympiad_id.eq(olympiad_id))
            .select(OlympiadResults::as_select())
            .first(conn)?)
    }

    /// The version of the olympiad's released results: 0 until they are first made final. Reads
    /// only (`of_olympiad` makes the row).
    pub fn released_version(conn: &mut DbConnection, olympiad_id: OlympiadId) -> DbResult<i32> {
        Ok(olympiad_results::table
            .filter(olympiad_results::olympiad_id.eq(olympiad_id))
            .select(olympiad_results::version)
            .first::<i32>(conn)
            .optional()?
            .unwrap_or(0))
    }

    pub fn update(conn: &mut DbConnection, id: i64, form: &OlympiadResultsForm) -> DbResult<()> {
        diesel::update(olympiad_results::table.find(id))
            .set(form.clone())
            .execute(conn)?;
        Ok(())
    }

    /// The final results of the olympiads of a project, newest first (for the public pages).
    pub fn released_in_project(
        conn: &mut DbConnection,
        project_id: i64,
    ) -> DbResult<Vec<(OlympiadResults, String, i32)>> {
        use crate::schema::olympiads;
        Ok(olympiad_results::table
            .inner_join(olympiads::table)
            .filter(olympiads::project_id.eq(project_id))
            .filter(olympiad_results::version.gt(0))
            .order((olympiads::year.desc(), olympiads::id.desc()))
            .select((
                OlympiadResults::as_select(),
                olympiads::title,
                olympiads::year,
            ))
            .load(conn)?)
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = result_changes)]
pub struct ResultChange {
    pub id: i64,
    pub olympiad_id: OlympiadId,
    pub attempt_id: Option<AttemptId>,
    pub kind: ResultChangeKind,
    pub marks: Option<i64>,
    pub marks_before: Option<i64>,
    pub reason: String,
    pub made_by: Option<UserId>,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = result_changes)]
pub struct ResultChangeInsertForm {
    pub olympiad_id: OlympiadId,
    pub attempt_id: Option<AttemptId>,
    #[diesel(serialize_as = Word)]
    pub kind: ResultChangeKind,
    pub marks: Option<i64>,
    pub marks_before: Option<i64>,
    pub reason: String,
    pub made_by: Option<UserId>,
    pub created_at: NaiveDateTime,
}

impl ResultChange {
    pub fn record(conn: &mut DbConnection, form: &ResultChangeInsertForm) -> DbResult<()> {
        diesel::insert_into(result_changes::table)
            .values(form.clone())
            .execute(conn)?;
        Ok(())
    }

    /// The changes of one attempt, oldest first: later ones win.
    pub fn for_attempt(
        conn: &mut DbConnection,
        attempt_id: AttemptId,
    ) -> DbResult<Vec<ResultChange>> {
        Ok(result_changes::table
            .filter(result_changes::attempt_id.eq(attempt_id))
            .order(result_changes::id)
            .select(ResultChange::as_select())
            .load(conn)?)
    }

    /// Every change of the olympiad, oldest first: later ones win.
    pub fn for_olympiad(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
    ) -> DbResult<Vec<ResultChange>> {
        Ok(result_changes::table
            .filter(result_changes::olympiad_id.eq(olympiad_id))
            .order(result_changes::id)
            .select(ResultChange::as_select())
            .load(conn)?)
    }
}

/// A finished attempt with whose it is, as results are made from.
#[derive(Debug, Clone, Queryable)]
pub struct FinishedAttempt {
    pub attempt_id: AttemptId,
    pub participant_id: ParticipantId,
    pub first_name: String,
    pub last_name: String,
    pub grade: i32,
    pub school_participant_id: SchoolParticipantId,
    pub school_id: SchoolId,
    pub school_name: String,
    pub province: String,
    pub score: Option<i64>,
    pub module_scores: String,
}

impl FinishedAttempt {
    /// The olympiad's finished current attempts (of one school's entry, when given).
    pub fn for_olympiad(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        school_participant_id: Option<SchoolParticipantId>,
    ) -> DbResult<Vec<FinishedAttempt>> {
        Self::load(conn, olympiad_id, school_participant_id, None)
    }

    /// The attempt, if it is one of the olympiad's finished current attempts.
    pub fn of_attempt(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        attempt_id: AttemptId,
    ) -> DbResult<Option<FinishedAttempt>> {
        Ok(Self::load(conn, olympiad_id, None, Some(attempt_id))?.pop())
    }

    fn load(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        school_participant_id: Option<SchoolParticipantId>,
        attempt_id: Option<AttemptId>,
    ) -> DbResult<Vec<FinishedAttempt>> {
        let mut query = attempts::table
            .inner_join(participants::table.inner_join(learners::table))
            .inner_join(school_participants::table.inner_join(schools::table))
            .filter(attempts::olympiad_id.eq(olympiad_id))
            .filter(attempts::status.eq(AttemptStatus::Finished.as_str()))
            .filter(counting())
            .into_boxed();
        if let Some(entry) = school_participant_id {
            query = query.filter(attempts::school_participant_id.eq(entry));
        }
        if let Some(attempt) = attempt_id {
            query = query.filter(attempts::id.eq(attempt));
        }
        Ok(query
            .order(attempts::id)
            .select((
                attempts::id,
                attempts::participant_id,
                learners::first_name,
                learners::last_name,
                learners::grade,
                school_participants::id,
                schools::id,
                schools::name,
                schools::province,
                attempts::score,
                attempts::module_scores,
            ))
            .load(conn)?)
    }
}

/// A question of the olympiad's paper in its place: module and question number, and its marks.
#[derive(Debug, QueryableByName)]
pub struct QuestionPlace {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub question_id: QuestionId,
    #[diesel(sql_type = diesel::sql_types::Integer)]
    pub module_position: i32,
    #[diesel(sql_type = diesel::sql_types::Integer)]
    pub position: i32,
    #[diesel(sql_type = diesel::sql_types::Integer)]
    pub out_of: i32,
}

impl QuestionPlace {
    pub fn for_olympiad(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
    ) -> DbResult<Vec<QuestionPlace>> {
        let sql = format!(
            "SELECT q.id AS question_id, m.position AS module_position, q.position AS position, \
               q.marks AS out_of \
             FROM questions q JOIN question_modules m ON m.id = q.module_id \
             WHERE m.olympiad_id = {} ORDER BY m.position, q.position",
            placeholder(conn, 1)
        );
        Ok(diesel::sql_query(sql)
            .bind::<diesel::sql_types::BigInt, _>(olympiad_id)
            .load(conn)?)
    }
}

/// How many answers to a question were given one mark (none: not marked): what Results
/// moderation's per-question figures are made from.
#[derive(Debug, Queryable, QueryableByName)]
pub struct MarksCount {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub question_id: QuestionId,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Integer>)]
    pub marks: Option<i32>,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub answers: i64,
}

impl MarksCount {
    /// Of every learner the stored results hold.
    pub fn of_results(conn: &mut DbConnection, results_id: i64) -> DbResult<Vec<MarksCount>> {
        let sql = format!(
            "SELECT an.question_id AS question_id, an.marks AS marks, \
               CAST(COUNT(*) AS BIGINT) AS answers \
             FROM answers an \
             WHERE an.attempt_id IN (SELECT attempt_id FROM result_rows WHERE results_id = {}) \
             GROUP BY an.question_id, an.marks",
            placeholder(conn, 1)
        );
        Ok(diesel::sql_query(sql)
            .bind::<diesel::sql_types::BigInt, _>(results_id)
            .load(conn)?)
    }

    /// Of these attempts.
    pub fn of_attempts(
        conn: &mut DbConnection,
        attempt_ids: &[AttemptId],
    ) -> DbResult<Vec<MarksCount>> {
        let mut counts = Vec::new();
        for chunk in attempt_ids.chunks(500) {
            counts.extend(
                answers::table
                    .filter(answers::attempt_id.eq_any(chunk))
                    .group_by((answers::question_id, answers::marks))
                    .select((
                        answers::question_id,
                        answers::marks,
                        diesel::dsl::count_star(),
                    ))
                    .load::<MarksCount>(conn)?,
            );
        }
        Ok(counts)
    }
}

// ---------------------------------------------------------------------------------------------
// Results computed once per generation

/// One learner's computed result, as stored for the grid (see `result_rows` in the migration).
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = result_rows, treat_none_as_default_value = false)]
pub struct ResultRow {
    pub results_id: i64,
    pub attempt_id: AttemptId,
    pub participant_id: ParticipantId,
    pub first_name: String,
    pub last_name: String,
    pub grade: i32,
    pub school_participant_id: SchoolParticipantId,
    pub school_name: String,
    pub province: String,
    pub province_key: String,
    pub search_text: String,
    pub score: i64,
    pub marked_score: i64,
    pub adjusted: bool,
    pub disqualified: bool,
    /// See [`ResultRow::rank_key_of`].
    pub rank_key: i64,
    pub best_in_school: bool,
    pub on_paper: bool,
}

/// The scores `lowest..=highest` of a grade's ranked learners: an award is such a range in each
/// grade (awards follow the score), and so are the scores far from a grade's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoreRange {
    pub grade: i32,
    pub lowest: i64,
    pub highest: i64,
}

/// Which computed results the grid asks for.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ResultRowFilter {
    pub grade: Option<i32>,
    /// Only ranked learners with these scores (an award's, worked out from the counts).
    pub scores: Option<Vec<ScoreRange>>,
    pub school_participant_id: Option<SchoolParticipantId>,
    pub on_paper: Option<bool>,
    /// In ASCII lower case, as `province_key`.
    pub province_key: Option<String>,
    /// A `LIKE` pattern over `search_text` ([`crate::models::listing::contains_pattern`]).
    pub search: Option<String>,
}

/// What the stored results were computed at, and what was computed with them.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = olympiad_results)]
pub struct ComputedResults {
    pub id: i64,
    pub computed_generation: i64,
    pub computed_at: Option<NaiveDateTime>,
    /// JSON of each grade's ranked learners counted by score and province, with the medal bands
    /// and the highest score they were counted with: what places each row at read.
    pub computed_counts: String,
    /// JSON of the top-school calculation.
    pub computed_schools: String,
    /// JSON of each question's answers by their marks (Results moderation's per-question figures).
    pub computed_questions: String,
}

#[derive(QueryableByName)]
struct Generation {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    generation: i64,
}

/// Rows bound per insert: well under either database's limit of bound values.
const INSERT_CHUNK: usize = 1000;

/// The keys the grid of results sorts by (see `sorted_by!`).
pub const SORT_KEYS: &[&str] = &["rank", "score", "name", "school", "grade", "province"];

impl ResultRow {
    /// The row's place in the grid's order by place: the score negated, so that the best come
    /// first and a range of scores is a range of keys, with the disqualified after everyone.
    pub fn rank_key_of(score: i64, disqualified: bool) -> i64 {
        if disqualified {
            i64::MAX
        } else {
            score.saturating_neg()
        }
    }

    /// The olympiad's generation: raised (by the migration's triggers) in the same transaction as
    /// every write that can change its results.
    pub fn generation(conn: &mut DbConnection, olympiad_id: OlympiadId) -> DbResult<i64> {
        let sql = format!(
            "SELECT CAST(COALESCE(SUM(generation), 0) AS BIGINT) AS generation \
             FROM result_generations WHERE olympiad_id = {}",
            placeholder(conn, 1)
        );
        Ok(diesel::sql_query(sql)
            .bind::<diesel::sql_types::BigInt, _>(olympiad_id)
            .get_result::<Generation>(conn)?
            .generation)
    }

    /// Raises the olympiad's generation now, not at commit: PostgreSQL's triggers are deferred
    /// (SQLite's have run already, and then this is nothing). A writer that stores the results it
    /// has just changed stores them at the generation its commit leaves; the deferred trigger then
    /// finds the raise done and does not raise again.
    pub fn raise_now(conn: &mut DbConnection, olympiad_id: OlympiadId) -> DbResult<()> {
        if let DbConnection::Postgresql(_) = conn {
            diesel::sql_query("SELECT raise_result_generation($1)")
                .bind::<diesel::sql_types::BigInt, _>(olympiad_id)
                .execute(conn)?;
        }
        Ok(())
    }

    pub fn computed(conn: &mut DbConnection, results_id: i64) -> DbResult<ComputedResults> {
        Ok(olympiad_results::table
            .find(results_id)
            .select(ComputedResults::as_select())
            .first(conn)?)
    }

    /// Locks the results row until the transaction ends (PostgreSQL; SQLite's writer holds the
    /// whole database), so that two nodes do not compute the same generation at once.
    pub fn lock(conn: &mut DbConnection, results_id: i64) -> DbResult<()> {
        match conn {
            DbConnection::Postgresql(_) => {
                diesel::sql_query("SELECT id FROM olympiad_results WHERE id = $1 FOR UPDATE")
                    .bind::<diesel::sql_types::BigInt, _>(results_id)
                    .execute(conn)?;
            }
            DbConnection::Sqlite(_) => {}
        }
        Ok(())
    }

    /// Replaces the stored rows of the results with `rows`.
    pub fn replace(conn: &mut DbConnection, results_id: i64, rows: &[ResultRow]) -> DbResult<()> {
        diesel::delete(result_rows::table.filter(result_rows::results_id.eq(results_id)))
            .execute(conn)?;
        Self::insert(conn, rows)
    }

    /// Many rows a statement, on each database's own connection (the two-database connection has
    /// no multi-row insert).
    fn insert(conn: &mut DbConnection, rows: &[ResultRow]) -> DbResult<()> {
        for chunk in rows.chunks(INSERT_CHUNK) {
            let insert = diesel::insert_into(result_rows::table).values(chunk);
            match conn {
                DbConnection::Postgresql(pg) => insert.execute(pg)?,
                DbConnection::Sqlite(sqlite) => insert.execute(sqlite)?,
            };
        }
        Ok(())
    }

    /// Replaces these stored rows (of one results) and removes those of `removed`.
    pub fn put(
        conn: &mut DbConnection,
        results_id: i64,
        rows: &[ResultRow],
        removed: &[AttemptId],
    ) -> DbResult<()> {
        let attempts: Vec<AttemptId> = rows
            .iter()
            .map(|r| r.attempt_id)
            .chain(removed.iter().copied())
            .collect();
        for chunk in attempts.chunks(500) {
            diesel::delete(
                result_rows::table
                    .filter(result_rows::results_id.eq(results_id))
                    .filter(result_rows::attempt_id.eq_any(chunk)),
            )
            .execute(conn)?;
        }
        Self::insert(conn, rows)
    }

    /// Marks the stored results computed at `generation`, with what was computed with them (JSON
    /// as [`ComputedResults`] names it).
    pub fn computed_at(
        conn: &mut DbConnection,
        results_id: i64,
        generation: i64,
        [counts, schools, questions]: [&str; 3],
    ) -> DbResult<()> {
        diesel::update(olympiad_results::table.find(results_id))
            .set((
                olympiad_results::computed_generation.eq(generation),
                olympiad_results::computed_at.eq(now()),
                olympiad_results::computed_counts.eq(counts),
                olympiad_results::computed_schools.eq(schools),
                olympiad_results::computed_questions.eq(questions),
            ))
            .execute(conn)?;
        Ok(())
    }

    /// A page of the stored results (every row when `page` is None) in the grid's order, and how
    /// many the filter selects: counted here unless `total` already says (a count of every row
    /// of a national round is tens of milliseconds on PostgreSQL).
    pub fn page(
        conn: &mut DbConnection,
        results_id: i64,
        filter: &ResultRowFilter,
        sorts: &[Sort],
        page: Option<Page>,
        total: Option<i64>,
    ) -> DbResult<(Vec<ResultRow>, i64)> {
        let total: i64 = match total {
            Some(total) => total,
            None => Self::selected(results_id, filter)
                .count()
                .get_result(conn)?,
        };
        let mut query = Self::ordered(Self::selected(results_id, filter), sorts)?
            .select(ResultRow::as_select());
        if let Some(page) = page {
            query = query.offset(page.offset).limit(page.limit);
        }
        Ok((query.load(conn)?, total))
    }

    /// The attempts of every row the filter selects, in the grid's order: what an export reads
    /// first, to read the rows themselves a few at a time (eight bytes a row held, not the row).
    pub fn ordered_attempts(
        conn: &mut DbConnection,
        results_id: i64,
        filter: &ResultRowFilter,
        sorts: &[Sort],
    ) -> DbResult<Vec<AttemptId>> {
        Ok(Self::ordered(Self::selected(results_id, filter), sorts)?
            .select(result_rows::attempt_id)
            .load(conn)?)
    }

    /// The rows of one results that the filter selects.
    fn selected(
        results_id: i64,
        filter: &ResultRowFilter,
    ) -> result_rows::BoxedQuery<'static, Backend> {
        let mut query = result_rows::table
            .filter(result_rows::results_id.eq(results_id))
            .into_boxed();
        if let Some(grade) = filter.grade {
            query = query.filter(result_rows::grade.eq(grade));
        }
        if let Some(scores) = &filter.scores {
            query = query.filter(within(scores));
        }
        if let Some(school) = filter.school_participant_id {
            query = query.filter(result_rows::school_participant_id.eq(school));
        }
        if let Some(on_paper) = filter.on_paper {
            query = query.filter(result_rows::on_paper.eq(on_paper));
        }
        if let Some(province) = &filter.province_key {
            query = query.filter(result_rows::province_key.eq(province.clone()));
        }
        if let Some(pattern) = &filter.search {
            query = query.filter(result_rows::search_text.like(pattern.clone()).escape('\\'));
        }
        query
    }

    /// The rows in the grid's order: its sort keys, then grade, place (the disqualified last) and
    /// attempt, so that every row has one place however many tie.
    fn ordered(
        query: result_rows::BoxedQuery<'static, Backend>,
        sorts: &[Sort],
    ) -> DbResult<result_rows::BoxedQuery<'static, Backend>> {
        let query = sorted_by!(query, sorts, SORT_KEYS, {
            "rank" => [result_rows::rank_key],
            "score" => [result_rows::score],
            "name" => [result_rows::last_name, result_rows::first_name],
            "school" => [result_rows::school_name],
            "grade" => [result_rows::grade],
            "province" => [result_rows::province],
        });
        Ok(query
            .then_order_by(result_rows::grade.asc())
            .then_order_by(result_rows::rank_key.asc())
            .then_order_by(result_rows::attempt_id.asc()))
    }

    /// The ranked learners with these scores and the adjusted ones, by grade and attempt: where
    /// Results moderation finds the learners to check first. Two statements, each on its index
    /// (SQLite scans every row for the two conditions joined by OR).
    pub fn far_or_adjusted(
        conn: &mut DbConnection,
        results_id: i64,
        far: &[ScoreRange],
    ) -> DbResult<Vec<ResultRow>> {
        let of_results = || {
            result_rows::table
                .filter(result_rows::results_id.eq(results_id))
                .select(ResultRow::as_select())
                .into_boxed()
        };
        let mut rows: Vec<ResultRow> = of_results()
            .filter(result_rows::adjusted.eq(true))
            .filter(result_rows::disqualified.eq(false))
            .load(conn)?;
        if !far.is_empty() {
            rows.extend(of_results().filter(within(far)).load(conn)?);
        }
        rows.sort_by_key(|r| (r.grade, r.attempt_id));
        rows.dedup_by_key(|r| r.attempt_id);
        Ok(rows)
    }

    /// How many ranked learners of `grade` each school's entry has at each of `scores`:
    /// `(entry, score, learners)`.
    pub fn counted_by_school(
        conn: &mut DbConnection,
        results_id: i64,
        grade: i32,
        scores: &[i64],
    ) -> DbResult<Vec<(SchoolParticipantId, i64, i64)>> {
        let keys: Vec<i64> = scores
            .iter()
            .map(|&s| Self::rank_key_of(s, false))
            .collect();
        let counted: Vec<(SchoolParticipantId, i64, i64)> = result_rows::table
            .filter(result_rows::results_id.eq(results_id))
            .filter(result_rows::grade.eq(grade))
            .filter(result_rows::rank_key.eq_any(keys))
            .group_by((result_rows::school_participant_id, result_rows::rank_key))
            .select((
                result_rows::school_participant_id,
                result_rows::rank_key,
                diesel::dsl::count_star(),
            ))
            .load(conn)?;
        Ok(counted
            .into_iter()
            .map(|(entry, key, learners)| (entry, key.saturating_neg(), learners))
            .collect())
    }

    /// The highest score among the stored results (the disqualified too), 0 when there are none.
    pub fn highest(conn: &mut DbConnection, results_id: i64) -> DbResult<i64> {
        Ok(result_rows::table
            .filter(result_rows::results_id.eq(results_id))
            .select(diesel::dsl::max(result_rows::score))
            .first::<Option<i64>>(conn)?
            .unwrap_or(0))
    }

    /// The stored results of these schools' entries, by attempt.
    pub fn of_schools(
        conn: &mut DbConnection,
        results_id: i64,
        entries: &[SchoolParticipantId],
    ) -> DbResult<Vec<ResultRow>> {
        let mut rows = Vec::new();
        for chunk in entries.chunks(500) {
            rows.extend(
                result_rows::table
                    .filter(result_rows::results_id.eq(results_id))
                    .filter(result_rows::school_participant_id.eq_any(chunk))
                    .select(ResultRow::as_select())
                    .load(conn)?,
            );
        }
        rows.sort_by_key(|r| r.attempt_id);
        Ok(rows)
    }

    /// Takes what moved the olympiad's results (see the migration `result_moves`): each attempt
    /// whose result moved, none when everything may have moved.
    pub fn take_moves(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
    ) -> DbResult<Vec<Option<AttemptId>>> {
        #[derive(QueryableByName)]
        struct Move {
            #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::BigInt>)]
            attempt_id: Option<i64>,
        }
        let sql = format!(
            "DELETE FROM result_moves WHERE olympiad_id = {} RETURNING attempt_id",
            placeholder(conn, 1)
        );
        Ok(diesel::sql_query(sql)
            .bind::<diesel::sql_types::BigInt, _>(olympiad_id)
            .load::<Move>(conn)?
            .into_iter()
            .map(|m| m.attempt_id.map(AttemptId::new))
            .collect())
    }

    /// The stored results of these attempts.
    pub fn of_attempts(
        conn: &mut DbConnection,
        results_id: i64,
        attempt_ids: &[AttemptId],
    ) -> DbResult<Vec<ResultRow>> {
        let mut rows = Vec::new();
        // An export reads two thousand at a time: one statement each, well under either
        // database's limit of bound values.
        for chunk in attempt_ids.chunks(2_000) {
            rows.extend(
                result_rows::table
                    .filter(result_rows::results_id.eq(results_id))
                    .filter(result_rows::attempt_id.eq_any(chunk))
                    .select(ResultRow::as_select())
                    .load(conn)?,
            );
        }
        Ok(rows)
    }
}

type RowCondition =
    Box<dyn BoxableExpression<result_rows::table, Backend, SqlType = diesel::sql_types::Bool>>;

/// The rows of ranked learners within any of `ranges` (none when there are none).
fn within(ranges: &[ScoreRange]) -> RowCondition {
    let range = |r: &ScoreRange| -> RowCondition {
        Box::new(
            result_rows::grade
                .eq(r.grade)
                .and(result_rows::rank_key.between(
                    ResultRow::rank_key_of(r.highest, false),
                    ResultRow::rank_key_of(r.lowest, false),
                )),
        )
    };
    let Some((first, rest)) = ranges.split_first() else {
        return Box::new(diesel::dsl::sql::<diesel::sql_types::Bool>("1 = 0"));
    };
    rest.iter()
        .fold(range(first), |any, r| Box::new(any.or(range(r))))
}
