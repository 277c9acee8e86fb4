//! What the sitting monitor reads of the attempts: a teacher's entries, each school's sitting at a
//! glance, the learners with their current attempts, and the start times.

use super::*;
use crate::models::school_participant::school_of_entry;

/// The school entries a teacher belongs to (their teams), for what a teacher may watch and do.
pub fn entries_of_teacher(
    conn: &mut DbConnection,
    user_id: UserId,
) -> DbResult<Vec<SchoolParticipantId>> {
    use crate::schema::{teachers, team_members};
    Ok(team_members::table
        .inner_join(teachers::table)
        .filter(teachers::user_id.eq(user_id))
        .select(team_members::school_participant_id)
        .load(conn)?)
}

/// One school's sitting at a glance, for the live monitor.
#[derive(Debug, Clone, QueryableByName)]
pub struct SchoolSitting {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub school_participant_id: SchoolParticipantId,
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub school_name: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub registered: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub not_started: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub writing: i64,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub finished: i64,
    /// Writing, not paused, and not heard from since `stuck_before`.
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub stuck: i64,
}

impl SchoolSitting {
    /// Every entered school of the olympiad with its learners counted by where they are.
    pub fn for_olympiad(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        stuck_before: NaiveDateTime,
    ) -> DbResult<Vec<SchoolSitting>> {
        use diesel::sql_types::{BigInt, Timestamp};
        // Counted in one pass over the olympiad's participants; the same SQL on both databases.
        // SQLite numbers `$n` parameters in the order they appear, so they appear in order.
        Ok(diesel::sql_query(
            "SELECT sp.id AS school_participant_id, s.name AS school_name, \
               CAST(COUNT(p.id) AS BIGINT) AS registered, \
               CAST(COALESCE(SUM(CASE WHEN p.id IS NOT NULL AND (a.id IS NULL OR a.status = 'preparing') THEN 1 ELSE 0 END), 0) AS BIGINT) AS not_started, \
               CAST(COALESCE(SUM(CASE WHEN a.status = 'writing' THEN 1 ELSE 0 END), 0) AS BIGINT) AS writing, \
               CAST(COALESCE(SUM(CASE WHEN a.status = 'finished' THEN 1 ELSE 0 END), 0) AS BIGINT) AS finished, \
               CAST(COALESCE(SUM(CASE WHEN a.status = 'writing' AND a.paused_at IS NULL \
                 AND (a.last_seen_at IS NULL OR a.last_seen_at < $1) THEN 1 ELSE 0 END), 0) AS BIGINT) AS stuck \
             FROM school_participants sp \
             JOIN schools s ON s.id = sp.school_id \
             LEFT JOIN participants p ON p.school_participant_id = sp.id \
             LEFT JOIN attempts a ON a.participant_id = p.id AND a.superseded = FALSE \
             WHERE sp.olympiad_id = $2 \
             GROUP BY sp.id, s.name \
             ORDER BY s.name",
        )
        .bind::<Timestamp, _>(stuck_before)
        .bind::<BigInt, _>(olympiad_id)
        .load(conn)?)
    }
}

/// The learners of an olympiad (of one school's entry, when given), by name, each with their
/// current attempt: the sitting monitor's list.
pub fn learners_with_attempts(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
    school_participant_id: Option<SchoolParticipantId>,
) -> DbResult<Vec<(OlympiadLearner, Option<Attempt>)>> {
    let learners = OlympiadLearner::of_olympiad(
        conn,
        olympiad_id,
        school_participant_id,
        LearnerOrder::ByName,
    )?;
    let mut attempts = attempts::table
        .filter(attempts::olympiad_id.eq(olympiad_id))
        .filter(counting())
        .into_boxed();
    if let Some(entry) = school_participant_id {
        attempts = attempts.filter(
            attempts::participant_id.eq_any(
                participants::table
                    .filter(participants::school_participant_id.eq(entry))
                    .select(participants::id),
            ),
        );
    }
    let mut by_participant: std::collections::HashMap<ParticipantId, Attempt> = attempts
        .select(Attempt::as_select())
        .load(conn)?
        .into_iter()
        .map(|a| (a.participant_id, a))
        .collect();
    Ok(learners
        .into_iter()
        .map(|l| {
            let attempt = by_participant.remove(&l.participant_id);
            (l, attempt)
        })
        .collect())
}

/// The olympiad a school's entry belongs to.
pub fn entry_olympiad(
    conn: &mut DbConnection,
    school_participant_id: SchoolParticipantId,
) -> DbResult<OlympiadId> {
    Ok(school_participants::table
        .find(school_participant_id)
        .select(school_participants::olympiad_id)
        .first(conn)?)
}

/// When an attempt started, with its school's entry and name.
#[derive(Debug, Clone, Queryable)]
pub struct StartTime {
    pub school_participant_id: Option<SchoolParticipantId>,
    pub school_name: Option<String>,
    pub started_at: NaiveDateTime,
}

/// When each attempt of an olympiad started, earliest first.
pub fn start_times(conn: &mut DbConnection, olympiad_id: OlympiadId) -> DbResult<Vec<StartTime>> {
    Ok(attempts::table
        .left_join(school_participants::table)
        .left_join(school_of_entry())
        .filter(attempts::olympiad_id.eq(olympiad_id))
        .filter(counting())
        .filter(attempts::started_at.is_not_null())
        .order(attempts::started_at)
        .select((
            attempts::school_participant_id,
            schools::name.nullable(),
            attempts::started_at.assume_not_null(),
        ))
        .load(conn)?)
}
