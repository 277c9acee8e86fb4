//! A participant's attempt at the olympiad: its clock, the device that holds it, its progress and
//! its marks. The rules of the clock live in `olympiad_domain::sitting`; these are the queries.

use crate::error::DbResult;
use crate::models::paper_sheet::LearnerOrder;
use crate::models::{Answer, OlympiadLearner, Question};
use crate::on_backend;
use crate::prepared::PreparedOnce;
use crate::schema::{
    attempts, learners, participants, school_participants, schools, sitting_pauses,
};
use crate::words::Stored;
use crate::{now, DbConnection};
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::{
    AttemptId, LearnerId, OlympiadId, ParticipantId, SchoolParticipantId, UserId,
};
use olympiad_domain::module_time::{ModuleClocks, ModuleOpened};
use olympiad_domain::school::ParticipantStatus;
use olympiad_domain::sitting::{
    mark_attempt, AttemptStatus, Clock, MarkedQuestion, PaperOrder, Scores,
};

#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = attempts)]
pub struct Attempt {
    pub id: AttemptId,
    pub participant_id: ParticipantId,
    pub olympiad_id: OlympiadId,
    pub school_participant_id: Option<SchoolParticipantId>,
    #[diesel(deserialize_as = Stored<AttemptStatus>)]
    pub status: AttemptStatus,
    pub superseded: bool,
    pub declaration_accepted_at: NaiveDateTime,
    pub recovery_code_hash: Option<String>,
    pub device_key_hash: String,
    pub paper_order: String,
    pub started_at: Option<NaiveDateTime>,
    pub allowed_seconds: i32,
    pub extra_seconds: i32,
    pub window_ends_at: Option<NaiveDateTime>,
    pub paused_seconds: i32,
    pub paused_at: Option<NaiveDateTime>,
    pub ends_at: Option<NaiveDateTime>,
    pub finished_at: Option<NaiveDateTime>,
    pub finish_reason: Option<String>,
    pub last_seen_at: Option<NaiveDateTime>,
    pub last_position: String,
    pub online: bool,
    pub score: Option<i64>,
    pub module_scores: String,
    pub marked_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    /// The timed modules the learner has opened (JSON; see [`Attempt::module_clocks`]).
    pub module_clocks: String,
}

/// How an attempt ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FinishReason {
    /// The learner finished.
    Submitted,
    /// The clock ran out (the learner's device may be gone).
    TimeUp,
}

impl FinishReason {
    pub fn as_str(self) -> &'static str {
        match self {
            FinishReason::Submitted => "submitted",
            FinishReason::TimeUp => "time_up",
        }
    }
}

/// What the clock of a newly started attempt is made of.
#[derive(Debug, Clone)]
pub struct AttemptStart {
    pub started_at: NaiveDateTime,
    pub allowed_seconds: i32,
    pub window_ends_at: Option<NaiveDateTime>,
    pub paper_order: PaperOrder,
    /// Set when the school's sitting is paused at this moment.
    pub paused_at: Option<NaiveDateTime>,
}

fn seconds(value: i32) -> i64 {
    i64::from(value)
}

impl Attempt {
    pub fn status(&self) -> AttemptStatus {
        self.status
    }

    /// The clock, once the attempt has started.
    pub fn clock(&self) -> Option<Clock> {
        Some(Clock {
            started_at: self.started_at?,
            allowed_seconds: seconds(self.allowed_seconds),
            extra_seconds: seconds(self.extra_seconds),
            window_ends_at: self.window_ends_at,
            paused_seconds: seconds(self.paused_seconds),
            paused_at: self.paused_at,
        })
    }

    pub fn order(&self) -> PaperOrder {
        serde_json::from_str(&self.paper_order).unwrap_or_default()
    }

    /// The timed modules the learner has opened, and when.
    pub fn module_clocks(&self) -> ModuleClocks {
        serde_json::from_str(&self.module_clocks).unwrap_or_default()
    }

    pub fn scores(&self) -> Option<Scores> {
        Some(Scores {
            total: self.score?,
            modules: serde_json::from_str(&self.module_scores).unwrap_or_default(),
        })
    }

    pub fn find(conn: &mut DbConnection, id: AttemptId) -> DbResult<Attempt> {
        Ok(attempts::table
            .find(id)
            .select(Attempt::as_select())
            .get_result(conn)?)
    }

    /// The participant's attempt that counts (not one a reset set aside, see [`counting`]).
    pub fn current(
        conn: &mut DbConnection,
        participant_id: ParticipantId,
    ) -> DbResult<Option<Attempt>> {
        Ok(attempts::table
            .filter(attempts::participant_id.eq(participant_id))
            .filter(counting())
            .select(Attempt::as_select())
            .get_result(conn)
            .optional()?)
    }

    /// Whether every one of these attempts is still stored (a learner's data erased takes their
    /// attempt and its answers with it).
    pub fn all_kept(conn: &mut DbConnection, attempt_ids: &[AttemptId]) -> DbResult<bool> {
        let mut kept = 0;
        for chunk in attempt_ids.chunks(500) {
            kept += attempts::table
                .filter(attempts::id.eq_any(chunk))
                .count()
                .get_result::<i64>(conn)?;
        }
        Ok(usize::try_from(kept).is_ok_and(|kept| kept == attempt_ids.len()))
    }

    /// Begins an attempt when the learner accepts the declaration; its clock does not run yet.
    pub fn begin(
        conn: &mut DbConnection,
        participant_id: ParticipantId,
        olympiad_id: OlympiadId,
        school_participant_id: Option<SchoolParticipantId>,
        device_key_hash: &str,
    ) -> DbResult<Attempt> {
        let at = now();
        let insert = diesel::insert_into(attempts::table)
            .values((
                attempts::participant_id.eq(participant_id),
                attempts::olympiad_id.eq(olympiad_id),
                attempts::school_participant_id.eq(school_participant_id),
                attempts::status.eq(AttemptStatus::Preparing.as_str()),
                attempts::declaration_accepted_at.eq(at),
                attempts::device_key_hash.eq(device_key_hash),
                attempts::created_at.eq(at),
                attempts::updated_at.eq(at),
            ))
            .returning(attempts::all_columns);
        Ok(on_backend!(conn, c => PreparedOnce(insert).get_result(c))?)
    }

    /// Keeps the hash of a new recovery code, while the attempt is preparing on this device;
    /// answers false when it is not (the code is shown only before the start).
    pub fn set_recovery_code(
        conn: &mut DbConnection,
        id: AttemptId,
        device_key_hash: &str,
        code_hash: &str,
    ) -> DbResult<bool> {
        let update = diesel::update(
            attempts::table
                .find(id)
                .filter(attempts::status.eq(AttemptStatus::Preparing.as_str()))
                .filter(attempts::device_key_hash.eq(device_key_hash)),
        )
        .set((
            attempts::recovery_code_hash.eq(code_hash),
            attempts::updated_at.eq(now()),
        ))
        .returning(attempts::id);
        let changed =
            on_backend!(conn, c => PreparedOnce(update).get_result::<AttemptId>(c)).optional()?;
        Ok(changed.is_some())
    }

    /// Hands the attempt to another device (after the recovery code): the old one stops working.
    pub fn move_to_device(
        conn: &mut DbConnection,
        id: AttemptId,
        device_key_hash: &str,
    ) -> DbResult<()> {
        diesel::update(attempts::table.find(id))
            .set((
                attempts::device_key_hash.eq(device_key_hash),
                attempts::updated_at.eq(now()),
            ))
            .execute(conn)?;
        Ok(())
    }

    /// Starts the clock of a preparing attempt and answers it as started; `None` when it was not
    /// preparing (a second start leaves the running clock as it is). `seen` is the attempt as the
    /// step read it before its transaction: the start is one statement on the condition that it
    /// is still so, and is worked out again from the attempt as it is only when extra time was
    /// given meanwhile.
    pub fn start(
        conn: &mut DbConnection,
        seen: &Attempt,
        start: &AttemptStart,
    ) -> DbResult<Option<Attempt>> {
        if let Some(started) = Attempt::start_as(conn, seen, start)? {
            return Ok(Some(started));
        }
        let attempt = Attempt::find(conn, seen.id)?;
        if attempt.status() != AttemptStatus::Preparing {
            return Ok(None);
        }
        Attempt::start_as(conn, &attempt, start)
    }

    /// Starts the clock if the attempt is preparing with the extra time it has in `attempt`.
    fn start_as(
        conn: &mut DbConnection,
        attempt: &Attempt,
        start: &AttemptStart,
    ) -> DbResult<Option<Attempt>> {
        let clock = Clock {
            started_at: start.started_at,
            allowed_seconds: seconds(start.allowed_seconds),
            // Extra time given before the start counts from the start.
            extra_seconds: seconds(attempt.extra_seconds),
            window_ends_at: start.window_ends_at,
            paused_seconds: 0,
            paused_at: start.paused_at,
        };
        let order = serde_json::to_string(&start.paper_order).unwrap_or_default();
        let preparing = attempts::table
            .find(attempt.id)
            .filter(attempts::status.eq(AttemptStatus::Preparing.as_str()))
            .filter(attempts::extra_seconds.eq(attempt.extra_seconds));
        let update = diesel::update(preparing)
            .set((
                attempts::status.eq(AttemptStatus::Writing.as_str()),
                attempts::paper_order.eq(order),
                attempts::started_at.eq(start.started_at),
                attempts::allowed_seconds.eq(start.allowed_seconds),
                attempts::window_ends_at.eq(start.window_ends_at),
                attempts::paused_at.eq(start.paused_at),
                attempts::ends_at.eq(clock.ends_at(start.started_at)),
                attempts::last_seen_at.eq(start.started_at),
                attempts::updated_at.eq(now()),
            ))
            .returning(attempts::all_columns);
        Ok(on_backend!(conn, c => PreparedOnce(update).get_result(c)).optional()?)
    }

    /// Writes a changed clock, and the end it now gives.
    fn save_clock(conn: &mut DbConnection, id: AttemptId, clock: &Clock) -> DbResult<()> {
        let at = now();
        diesel::update(attempts::table.find(id))
            .set((
                attempts::extra_seconds.eq(i32::try_from(clock.extra_seconds).unwrap_or(i32::MAX)),
                attempts::paused_seconds
                    .eq(i32::try_from(clock.paused_seconds).unwrap_or(i32::MAX)),
                attempts::paused_at.eq(clock.paused_at),
                attempts::ends_at.eq(clock.ends_at(at)),
                attempts::updated_at.eq(at),
            ))
            .execute(conn)?;
        Ok(())
    }

    /// Gives the learner more time (on top of any given before).
    pub fn give_extra_time(
        conn: &mut DbConnection,
        attempt: &Attempt,
        seconds: i64,
    ) -> DbResult<()> {
        match attempt.clock() {
            Some(mut clock) => {
                clock.extra_seconds += seconds;
                Attempt::save_clock(conn, attempt.id, &clock)
            }
            None => {
                // Not started: the extra time waits for the start.
                diesel::update(attempts::table.find(attempt.id))
                    .set(
                        attempts::extra_seconds
                            .eq(attempts::extra_seconds
                                + i32::try_from(seconds).unwrap_or(i32::MAX)),
                    )
                    .execute(conn)?;
                Ok(())
            }
        }
    }

    /// Stops the clocks of every writing attempt of a school's entry; answers how many.
    pub fn pause_school(
        conn: &mut DbConnection,
        school_participant_id: SchoolParticipantId,
        at: NaiveDateTime,
    ) -> DbResult<usize> {
        Ok(diesel::update(
            attempts::table
                .filter(attempts::school_participant_id.eq(school_participant_id))
                .filter(attempts::status.eq(AttemptStatus::Writing.as_str()))
                .filter(counting())
                .filter(attempts::paused_at.is_null()),
        )
        .set((attempts::paused_at.eq(at), attempts::updated_at.eq(at)))
        .execute(conn)?)
    }

    /// Restarts the clocks stopped by a pause, each with the time it had left; answers how many.
    pub fn resume_school(
        conn: &mut DbConnection,
        school_participant_id: SchoolParticipantId,
        at: NaiveDateTime,
    ) -> DbResult<usize> {
        let paused: Vec<Attempt> = attempts::table
            .filter(attempts::school_participant_id.eq(school_participant_id))
            .filter(counting())
            .filter(attempts::paused_at.is_not_null())
            .select(Attempt::as_select())
            .load(conn)?;
        for attempt in &paused {
            if let Some(clock) = attempt.clock() {
                Attempt::save_clock(conn, attempt.id, &clock.resumed(at))?;
            }
        }
        Ok(paused.len())
    }

    /// Notes a progress ping from the device holding the attempt.
    pub fn record_ping(
        conn: &mut DbConnection,
        id: AttemptId,
        device_key_hash: &str,
        position: &str,
        online: bool,
        at: NaiveDateTime,
    ) -> DbResult<()> {
        diesel::update(
            attempts::table
                .find(id)
                .filter(attempts::device_key_hash.eq(device_key_hash)),
        )
        .set((
            attempts::last_seen_at.eq(at),
            attempts::last_position.eq(position),
            attempts::online.eq(online),
        ))
        .execute(conn)?;
        Ok(())
    }

    /// Notes that the learner opened these timed modules now (those already opened keep their
    /// first opening); answers the attempt's module clocks as they now stand.
    pub fn open_modules(
        conn: &mut DbConnection,
        id: AttemptId,
        clocks: &str,
        paused_seconds: i32,
        module_ids: &[i64],
        at: NaiveDateTime,
    ) -> DbResult<ModuleClocks> {
        let mut clocks: ModuleClocks = serde_json::from_str(clocks).unwrap_or_default();
        let mut changed = false;
        for module_id in module_ids {
            clocks.entry(*module_id).or_insert_with(|| {
                changed = true;
                ModuleOpened {
                    opened_at: at,
                    paused_seconds_before: i64::from(paused_seconds),
                }
            });
        }
        if changed {
            diesel::update(attempts::table.find(id))
                .set(attempts::module_clocks.eq(serde_json::to_string(&clocks).unwrap_or_default()))
                .execute(conn)?;
        }
        Ok(clocks)
    }

    /// Ends a writing attempt; answers false when it was not writing (safe to repeat).
    pub fn finish(conn: &mut DbConnection, id: AttemptId, reason: FinishReason) -> DbResult<bool> {
        let at = now();
        let changed = diesel::update(
            attempts::table
                .find(id)
                .filter(attempts::status.eq(AttemptStatus::Writing.as_str())),
        )
        .set((
            attempts::status.eq(AttemptStatus::Finished.as_str()),
            attempts::finished_at.eq(at),
            attempts::finish_reason.eq(reason.as_str()),
            attempts::updated_at.eq(at),
        ))
        .execute(conn)?;
        Ok(changed == 1)
    }

    /// Writing attempts whose time ran out before `before` (the end plus the saves' grace).
    pub fn expired(
        conn: &mut DbConnection,
        before: NaiveDateTime,
        limit: i64,
    ) -> DbResult<Vec<AttemptId>> {
        Ok(attempts::table
            .filter(attempts::status.eq(AttemptStatus::Writing.as_str()))
            .filter(attempts::paused_at.is_null())
            .filter(attempts::ends_at.lt(before))
            .select(attempts::id)
            .limit(limit)
            .load(conn)?)
    }

    /// Marks the answers of the olympiad's attempts `ids` against its paper as it is now (read once
    /// for all of them), and keeps the marks of each answer and the scores. Running it again after a
    /// corrected answer key is safe: the same answers and key always give the same marks.
    pub fn mark(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        ids: &[AttemptId],
    ) -> DbResult<()> {
        let questions = Question::for_olympiad(conn, olympiad_id)?;
        let contents: Vec<_> = questions.iter().map(Question::content).collect();
        let marked: Vec<MarkedQuestion> = questions
            .iter()
            .zip(&contents)
            .map(|(question, content)| MarkedQuestion {
                id: question.id,
                module_id: question.module_id.get(),
                kind: question.kind,
                content,
                marks: question.marks,
            })
            .collect();
        for &id in ids {
            let answers = Answer::values_for_attempt(conn, id)?;
            let (per_question, scores) = mark_attempt(&marked, &answers);
            Answer::set_marks(conn, id, &per_question)?;
            Attempt::save_scores(conn, id, &scores)?;
        }
        Ok(())
    }

    /// Ends the attempt and marks it, in one transaction that takes the write lock first; answers
    /// false when it had already ended (safe to repeat, from the learner and the sweep at once).
    pub fn finish_and_mark(
        conn: &mut DbConnection,
        id: AttemptId,
        reason: FinishReason,
    ) -> DbResult<bool> {
        crate::write_transaction(conn, |conn| {
            if !Attempt::finish(conn, id, reason)? {
                return Ok(false);
            }
            let attempt = Attempt::find(conn, id)?;
            Attempt::mark(conn, attempt.olympiad_id, &[id])?;
            Sitter::set_status(conn, attempt.participant_id, ParticipantStatus::Finished)?;
            Ok(true)
        })
    }

    pub fn save_scores(conn: &mut DbConnection, id: AttemptId, scores: &Scores) -> DbResult<()> {
        diesel::update(attempts::table.find(id))
            .set((
                attempts::score.eq(scores.total),
                attempts::module_scores
                    .eq(serde_json::to_string(&scores.modules).unwrap_or_default()),
                attempts::marked_at.eq(now()),
            ))
            .execute(conn)?;
        Ok(())
    }

    /// Whether any learner of the olympiad has a clock that has started and not finished (a
    /// paused one included): while one has, somebody may still be writing the paper.
    pub fn any_running(conn: &mut DbConnection, olympiad_id: OlympiadId) -> DbResult<bool> {
        Ok(diesel::select(diesel::dsl::exists(
            attempts::table
                .filter(attempts::olympiad_id.eq(olympiad_id))
                .filter(counting())
                .filter(attempts::started_at.is_not_null())
                .filter(attempts::finished_at.is_null()),
        ))
        .get_result(conn)?)
    }

    /// Finished attempts of an olympiad, for marking again.
    pub fn finished_ids(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
    ) -> DbResult<Vec<AttemptId>> {
        Ok(attempts::table
            .filter(attempts::olympiad_id.eq(olympiad_id))
            .filter(attempts::status.eq(AttemptStatus::Finished.as_str()))
            .filter(counting())
            .order(attempts::id)
            .select(attempts::id)
            .load(conn)?)
    }

    /// Sets the current attempts of these participants aside, so that each may start again; the
    /// old attempts and their answers are kept. Answers how many were set aside.
    pub fn supersede(
        conn: &mut DbConnection,
        participant_ids: &[ParticipantId],
    ) -> DbResult<usize> {
        let mut count = 0;
        // Chunks keep the statement under SQLite's limit of bound values.
        for chunk in participant_ids.chunks(500) {
            count += diesel::update(
                attempts::table
                    .filter(attempts::participant_id.eq_any(chunk))
                    .filter(counting()),
            )
            .set((
                attempts::superseded.eq(true),
                attempts::updated_at.eq(now()),
            ))
            .execute(conn)?;
        }
        Ok(count)
    }
}

/// What the answer writer checks before it writes: the attempt, and its learner's session.
#[derive(Debug, Clone, QueryableByName)]
pub struct SaveGuard {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub attempt_id: AttemptId,
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub status: AttemptStatus,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    pub superseded: bool,
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub device_key_hash: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Timestamp>)]
    pub ends_at: Option<NaiveDateTime>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Timestamp>)]
    pub paused_at: Option<NaiveDateTime>,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub user_id: UserId,
    #[diesel(sql_type = diesel::sql_types::Integer)]
    pub session_version: i32,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    pub user_disabled: bool,
    /// The learner's account in the attempt's olympiad.
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Bool>)]
    pub account_disabled: Option<bool>,
    #[diesel(sql_type = diesel::sql_types::Integer)]
    pub paused_seconds: i32,
    /// The timed modules opened (JSON).
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub module_clocks: String,
}

impl SaveGuard {
    /// The guards of these attempts, in one query. On PostgreSQL the attempts are locked until the
    /// transaction ends, so none finishes while its answers are being written: an answer
    /// acknowledged as saved is always one that marking sees. SQLite needs no lock: a
    /// [`crate::write_transaction`] holds the whole database's.
    ///
    /// The lock is the one an update of the attempt takes (not a shared one), and taken in the
    /// order of the ids: writers of several nodes (or threads) that meet on the same attempts, one
    /// noting a progress ping (an update) while another saves, then queue one behind the other
    /// instead of each holding a shared lock the other's update waits for, a deadlock.
    pub fn load(
        conn: &mut DbConnection,
        attempt_ids: &[AttemptId],
    ) -> DbResult<std::collections::HashMap<AttemptId, SaveGuard>> {
        let mut guards = std::collections::HashMap::with_capacity(attempt_ids.len());
        let lock = match conn {
            DbConnection::Postgresql(_) => " FOR NO KEY UPDATE OF a",
            DbConnection::Sqlite(_) => "",
        };
        for chunk in attempt_ids.chunks(500) {
            let places: Vec<String> = (1..=chunk.len())
                .map(|n| crate::placeholder(conn, n))
                .collect();
            let sql = format!(
                "SELECT a.id AS attempt_id, a.status, a.superseded, a.device_key_hash, a.ends_at, \
                   a.paused_at, u.id AS user_id, u.session_version, u.disabled AS user_disabled, \
                   ac.disabled AS account_disabled, a.paused_seconds, a.module_clocks \
                 FROM attempts a \
                 JOIN participants p ON p.id = a.participant_id \
                 JOIN users u ON u.id = p.user_id \
                 LEFT JOIN accounts ac ON ac.user_id = u.id AND ac.olympiad_id = a.olympiad_id \
                   AND ac.role = 'learner' \
                 WHERE a.id IN ({}) ORDER BY a.id{lock}",
                places.join(", ")
            );
            let mut query = diesel::sql_query(sql)
                .into_boxed::<<DbConnection as diesel::Connection>::Backend>();
            for id in chunk {
                query = query.bind::<diesel::sql_types::BigInt, _>(*id);
            }
            for guard in query.load::<SaveGuard>(conn)? {
                guards.insert(guard.attempt_id, guard);
            }
        }
        Ok(guards)
    }
}

/// A pause of a school's sitting (load-shedding), with who paused it and why.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = sitting_pauses)]
pub struct SittingPause {
    pub id: i64,
    pub school_participant_id: SchoolParticipantId,
    pub reason: String,
    pub paused_by: Option<UserId>,
    pub started_at: NaiveDateTime,
    pub resumed_by: Option<UserId>,
    pub ended_at: Option<NaiveDateTime>,
}

impl SittingPause {
    /// The pause in force for this school's entry, if any.
    pub fn open(
        conn: &mut DbConnection,
        school_participant_id: SchoolParticipantId,
    ) -> DbResult<Option<SittingPause>> {
        let open = sitting_pauses::table
            .filter(sitting_pauses::school_participant_id.eq(school_participant_id))
            .filter(sitting_pauses::ended_at.is_null());
        Ok(
            on_backend!(conn, c => open.select(SittingPause::as_select()).get_result(c))
                .optional()?,
        )
    }

    pub fn open_for_olympiad(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
    ) -> DbResult<Vec<SittingPause>> {
        Ok(sitting_pauses::table
            .inner_join(school_participants::table)
            .filter(school_participants::olympiad_id.eq(olympiad_id))
            .filter(sitting_pauses::ended_at.is_null())
            .select(SittingPause::as_select())
            .load(conn)?)
    }

    pub fn start(
        conn: &mut DbConnection,
        school_participant_id: SchoolParticipantId,
        reason: &str,
        by: UserId,
        at: NaiveDateTime,
    ) -> DbResult<SittingPause> {
        Ok(diesel::insert_into(sitting_pauses::table)
            .values((
                sitting_pauses::school_participant_id.eq(school_participant_id),
                sitting_pauses::reason.eq(reason),
                sitting_pauses::paused_by.eq(by),
                sitting_pauses::started_at.eq(at),
            ))
            .returning(sitting_pauses::all_columns)
            .get_result(conn)?)
    }

    pub fn end(conn: &mut DbConnection, id: i64, by: UserId, at: NaiveDateTime) -> DbResult<()> {
        diesel::update(sitting_pauses::table.find(id))
            .set((
                sitting_pauses::ended_at.eq(at),
                sitting_pauses::resumed_by.eq(by),
            ))
            .execute(conn)?;
        Ok(())
    }
}

mod monitor;
mod sitter;
pub use monitor::{
    entries_of_teacher, entry_olympiad, learners_with_attempts, start_times, SchoolSitting,
    StartTime,
};
pub use sitter::{AtSitting, FirstRead, Sitter};

/// The attempts that count: not set aside by a reset. Written `NOT superseded` rather than
/// `superseded = false`: diesel binds `false` as a parameter, and SQLite, weighing the bound value
/// against the partial index `attempts_current` (`WHERE superseded = FALSE`), prepares the
/// statement again at every run.
pub fn counting() -> diesel::dsl::not<attempts::superseded> {
    diesel::dsl::not(attempts::superseded)
}
