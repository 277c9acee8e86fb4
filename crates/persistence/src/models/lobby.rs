//! The lobby's storage: staggered start windows (a window of the sitting for some schools only) and
//! the keys of the paper that learners fetch, encrypted, before their window opens.

use crate::error::{DbError, DbResult};
use crate::models::Olympiad;
use crate::schema::{lobby_keys, school_participants, start_window_schools, start_windows};
use crate::DbConnection;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use olympiad_domain::id::{OlympiadId, SchoolParticipantId};

#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = start_windows)]
pub struct StartWindow {
    pub id: i64,
    pub olympiad_id: OlympiadId,
    pub starts_at: NaiveDateTime,
    pub ends_at: NaiveDateTime,
    pub created_at: NaiveDateTime,
}

/// A start window as the admin sets it, with the schools it covers.
#[derive(Debug, Clone)]
pub struct StartWindowInsertForm {
    pub starts_at: NaiveDateTime,
    pub ends_at: NaiveDateTime,
    pub school_ids: Vec<i64>,
}

impl StartWindow {
    /// The olympiad's start windows, in order of opening, each with the schools it covers.
    pub fn for_olympiad(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
    ) -> DbResult<Vec<(StartWindow, Vec<i64>)>> {
        let windows: Vec<StartWindow> = start_windows::table
            .filter(start_windows::olympiad_id.eq(olympiad_id))
            .order((start_windows::starts_at, start_windows::id))
            .select(StartWindow::as_select())
            .load(conn)?;
        let ids: Vec<i64> = windows.iter().map(|w| w.id).collect();
        let covered: Vec<(i64, i64)> = start_window_schools::table
            .filter(start_window_schools::start_window_id.eq_any(&ids))
            .order(start_window_schools::school_id)
            .select((
                start_window_schools::start_window_id,
                start_window_schools::school_id,
            ))
            .load(conn)?;
        Ok(windows
            .into_iter()
            .map(|w| {
                let schools = covered
                    .iter()
                    .filter(|(window, _)| *window == w.id)
                    .map(|(_, school)| *school)
                    .collect();
                (w, schools)
            })
            .collect())
    }

    /// The start windows that cover the school of this entry, in its olympiad, in order of opening.
    pub fn for_entry(
        conn: &mut DbConnection,
        school_participant_id: SchoolParticipantId,
    ) -> DbResult<Vec<StartWindow>> {
        Ok(start_window_schools::table
            .inner_join(start_windows::table)
            .inner_join(
                school_participants::table
                    .on(school_participants::school_id.eq(start_window_schools::school_id)),
            )
            .filter(school_participants::id.eq(school_participant_id))
            .filter(start_windows::olympiad_id.eq(school_participants::olympiad_id))
            .order(start_windows::starts_at)
            .select(StartWindow::as_select())
            .load(conn)?)
    }

    /// Replaces the olympiad's start windows with these, and marks the olympiad changed: the
    /// learners' windows are kept in memory while their olympiad's `updated_at` stays the same.
    pub fn replace(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        windows: &[StartWindowInsertForm],
        at: NaiveDateTime,
    ) -> DbResult<()> {
        Olympiad::mark_changed(conn, olympiad_id, at)?;
        diesel::delete(start_windows::table.filter(start_windows::olympiad_id.eq(olympiad_id)))
            .execute(conn)?;
        for window in windows {
            let id: i64 = diesel::insert_into(start_windows::table)
                .values((
                    start_windows::olympiad_id.eq(olympiad_id),
                    start_windows::starts_at.eq(window.starts_at),
                    start_windows::ends_at.eq(window.ends_at),
                    start_windows::created_at.eq(at),
                ))
                .returning(start_windows::id)
                .get_result(conn)?;
            let mut schools = window.school_ids.clone();
            schools.sort_unstable();
            schools.dedup();
            for school_id in schools {
                diesel::insert_into(start_window_schools::table)
                    .values((
                        start_window_schools::start_window_id.eq(id),
                        start_window_schools::school_id.eq(school_id),
                    ))
                    .execute(conn)?;
            }
        }
        Ok(())
    }
}

/// The key of the paper for learners whose window opens at one moment.
pub struct LobbyKey;

impl LobbyKey {
    /// The key for this olympiad and opening moment, made with `fresh` the first time it is asked
    /// for. Two nodes asking at once keep the same key: the second insert meets the unique pair and
    /// reads the first one's.
    pub fn for_opening(
        conn: &mut DbConnection,
        olympiad_id: OlympiadId,
        opens_at: NaiveDateTime,
        fresh: impl FnOnce() -> String,
        at: NaiveDateTime,
    ) -> DbResult<String> {
        let stored = || {
            lobby_keys::table
                .filter(lobby_keys::olympiad_id.eq(olympiad_id))
                .filter(lobby_keys::opens_at.eq(opens_at))
                .select(lobby_keys::paper_key)
        };
        if let Some(key) = stored().first::<String>(conn).optional()? {
            return Ok(key);
        }
        // In a savepoint: inside the start's grouped transaction, a lost race must not abort it.
        let inserted = conn.transaction::<_, diesel::result::Error, _>(|conn| {
            diesel::insert_into(lobby_keys::table)
                .values((
                    lobby_keys::olympiad_id.eq(olympiad_id),
                    lobby_keys::opens_at.eq(opens_at),
                    lobby_keys::paper_key.eq(fresh()),
                    lobby_keys::created_at.eq(at),
                ))
                .execute(conn)
        });
        match inserted {
            Ok(_)
            | Err(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                _,
            )) => Ok(stored().first::<String>(conn)?),
            Err(e) => Err(DbError::from(e)),
        }
    }
}

/// The schools entered in an olympiad, by name: those a start window may cover.
pub fn entered_schools(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
) -> DbResult<Vec<(i64, String)>> {
    use crate::schema::schools;
    Ok(school_participants::table
        .inner_join(schools::table)
        .filter(school_participants::olympiad_id.eq(olympiad_id))
        .order((schools::name, schools::id))
        .select((schools::id, schools::name))
        .load(conn)?)
}
