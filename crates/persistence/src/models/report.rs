//! The counts behind the reports: an olympiad's entries and learners by status, over time, by
//! province and grade, and the marked scripts for item analysis. Each is one grouped query over
//! an index (`participants(olympiad_id, school_participant_id, status)` and its siblings), so a
//! report of 100,000 learners takes no more than a few index scans.

use crate::error::DbResult;
use crate::models::attempt::counting;
use crate::schema::{
    activity_logs, answers, attempts, learners, participants, purchase_orders, school_participants,
    schools,
};
use crate::DbConnection;
use chrono::NaiveDateTime;
use diesel::dsl::count_star;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use olympiad_domain::id::{OlympiadId, QuestionId, SchoolId, SchoolParticipantId, UserId};
use olympiad_domain::school::{EntryStatus, ParticipantStatus};
use olympiad_domain::sitting::AttemptStatus;

/// Schools entered (not withdrawn), per olympiad.
pub fn entries_per_olympiad(conn: &mut DbConnection) -> DbResult<Vec<(OlympiadId, i64)>> {
    Ok(school_participants::table
        .filter(school_participants::status.ne(EntryStatus::Withdrawn.as_str()))
        .group_by(school_participants::olympiad_id)
        .select((school_participants::olympiad_id, count_star()))
        .load(conn)?)
}

/// Orders paid (not deleted), per olympiad: (olympiad, orders, cents).
pub fn paid_orders_per_olympiad(conn: &mut DbConnection) -> DbResult<Vec<(OlympiadId, i64, i64)>> {
    Ok(purchase_orders::table
        .filter(purchase_orders::paid.eq(true))
        .filter(purchase_orders::deleted_at.is_null())
        .group_by(purchase_orders::olympiad_id)
        .select((
            purchase_orders::olympiad_id,
            count_star(),
            // SUM of BIGINT is NUMERIC on PostgreSQL; cast back to what the column holds.
            diesel::dsl::sql::<BigInt>(
                "CAST(COALESCE(SUM(purchase_orders.total_cents),0) AS BIGINT)",
            ),
        ))
        .load(conn)?)
}

/// Learners entered, per olympiad and status.
pub fn learners_per_olympiad(
    conn: &mut DbConnection,
) -> DbResult<Vec<(OlympiadId, ParticipantStatus, i64)>> {
    Ok(participants::table
        .group_by((participants::olympiad_id, participants::status))
        .select((
            participants::olympiad_id,
            participants::status,
            count_star(),
        ))
        .load(conn)?)
}

/// Learners entered in one olympiad, per school entry and status.
pub fn learners_per_entry(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
) -> DbResult<Vec<(Option<SchoolParticipantId>, ParticipantStatus, i64)>> {
    Ok(participants::table
        .filter(participants::olympiad_id.eq(olympiad_id))
        .group_by((participants::school_participant_id, participants::status))
        .select((
            participants::school_participant_id,
            participants::status,
            count_star(),
        ))
        .load(conn)?)
}

/// A school's entry: (entry id, school id, school, province, entry status).
pub type EntryRow = (SchoolParticipantId, SchoolId, String, String, String);

/// An olympiad's school entries.
pub fn entries_of(conn: &mut DbConnection, olympiad_id: OlympiadId) -> DbResult<Vec<EntryRow>> {
    Ok(school_participants::table
        .inner_join(schools::table)
        .filter(school_participants::olympiad_id.eq(olympiad_id))
        .select((
            school_participants::id,
            schools::id,
            schools::name,
            schools::province,
            school_participants::status,
        ))
        .order(schools::name)
        .load(conn)?)
}

#[derive(QueryableByName)]
struct GradeCount {
    #[diesel(sql_type = diesel::sql_types::Integer)]
    grade: i32,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// Learners entered in an olympiad, per grade and status.
pub fn learners_per_grade(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
) -> DbResult<Vec<(i32, ParticipantStatus, i64)>> {
    // Grouped by columns of two tables, which diesel's DSL does not express.
    let rows: Vec<GradeCount> = diesel::sql_query(
        "SELECT l.grade AS grade, p.status AS status, COUNT(*) AS n \
         FROM participants p JOIN learners l ON l.id = p.learner_id \
         WHERE p.olympiad_id = $1 GROUP BY l.grade, p.status",
    )
    .bind::<BigInt, _>(olympiad_id)
    .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|r| Some((r.grade, ParticipantStatus::parse(&r.status)?, r.n)))
        .collect())
}

#[derive(QueryableByName)]
struct Bucket {
    #[diesel(sql_type = Text)]
    bucket: String,
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// Which stretch of time a bucket spans.
#[derive(Debug, Clone, Copy)]
pub enum Span {
    Day,
    Hour,
}

/// Counts rows of `table` in `olympiad_id` per day or hour of `column`: `YYYY-MM-DD` or
/// `YYYY-MM-DD HH`. The table and column are ours, never the caller's.
fn buckets(
    conn: &mut DbConnection,
    table: &'static str,
    column: &'static str,
    span: Span,
    olympiad_id: OlympiadId,
) -> DbResult<Vec<(String, i64)>> {
    // SQLite keeps a timestamp as `YYYY-MM-DD HH:MM:SS`; PostgreSQL formats its own.
    let bucket = match (&*conn, span) {
        (DbConnection::Sqlite(_), Span::Day) => format!("substr({column}, 1, 10)"),
        (DbConnection::Sqlite(_), Span::Hour) => format!("substr({column}, 1, 13)"),
        (DbConnection::Postgresql(_), Span::Day) => format!("to_char({column}, 'YYYY-MM-DD')"),
        (DbConnection::Postgresql(_), Span::Hour) => {
            format!("to_char({column}, 'YYYY-MM-DD HH24')")
        }
    };
    let sql = format!(
        "SELECT {bucket} AS bucket, COUNT(*) AS n FROM {table} \
         WHERE olympiad_id = $1 AND {column} IS NOT NULL GROUP BY 1 ORDER BY 1"
    );
    let rows: Vec<Bucket> = diesel::sql_query(sql)
        .bind::<BigInt, _>(olympiad_id)
        .load(conn)?;
    Ok(rows.into_iter().map(|b| (b.bucket, b.n)).collect())
}

/// Learners entered per day.
pub fn learners_per_day(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
) -> DbResult<Vec<(String, i64)>> {
    buckets(conn, "participants", "created_at", Span::Day, olympiad_id)
}

/// Schools entered per day.
pub fn entries_per_day(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
) -> DbResult<Vec<(String, i64)>> {
    buckets(
        conn,
        "school_participants",
        "entered_at",
        Span::Day,
        olympiad_id,
    )
}

/// Attempts started per hour (a reset attempt counts: the learner did start).
pub fn starts_per_hour(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
) -> DbResult<Vec<(String, i64)>> {
    buckets(conn, "attempts", "started_at", Span::Hour, olympiad_id)
}

/// The marked scripts of an olympiad: (attempt id, total) of every finished attempt in force, and
/// (attempt id, question id, marks) of their answers.
#[allow(clippy::type_complexity)]
pub fn scripts(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
) -> DbResult<(Vec<(i64, Option<i64>)>, Vec<(i64, QuestionId, Option<i32>)>)> {
    let finished = attempts::table
        .filter(attempts::olympiad_id.eq(olympiad_id))
        .filter(attempts::status.eq(AttemptStatus::Finished.as_str()))
        .filter(counting());
    let totals = finished
        .select((attempts::id, attempts::score))
        .load(conn)?;
    let marks = answers::table
        .inner_join(attempts::table)
        .filter(attempts::olympiad_id.eq(olympiad_id))
        .filter(attempts::status.eq(AttemptStatus::Finished.as_str()))
        .filter(counting())
        .select((answers::attempt_id, answers::question_id, answers::marks))
        .load(conn)?;
    Ok((totals, marks))
}

/// A learner's sign-in: (when, user id, first name, last name, grade, school, address).
pub type LearnerSignIn = (
    NaiveDateTime,
    Option<UserId>,
    String,
    String,
    i32,
    String,
    Option<String>,
);

/// Learners' sign-ins to an olympiad in a window, newest first.
pub fn learner_sign_ins(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
    since: NaiveDateTime,
    until: NaiveDateTime,
    limit: i64,
) -> DbResult<Vec<LearnerSignIn>> {
    Ok(activity_logs::table
        .inner_join(
            participants::table.on(participants::user_id
                .nullable()
                .eq(activity_logs::user_id)
                .and(
                    participants::olympiad_id
                        .nullable()
                        .eq(activity_logs::olympiad_id),
                )),
        )
        .inner_join(learners::table.on(learners::id.eq(participants::learner_id)))
        .inner_join(schools::table.on(schools::id.eq(learners::school_id)))
        .filter(activity_logs::action.eq("signin"))
        .filter(activity_logs::olympiad_id.eq(olympiad_id))
        .filter(activity_logs::created_at.ge(since))
        .filter(activity_logs::created_at.lt(until))
        .select((
            activity_logs::created_at,
            activity_logs::user_id,
            learners::first_name,
            learners::last_name,
            learners::grade,
            schools::name,
            activity_logs::address,
        ))
        .order(activity_logs::id.desc())
        .limit(limit)
        .load(conn)?)
}
