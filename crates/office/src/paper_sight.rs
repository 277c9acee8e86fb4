//! Who sees the paper, when (the rule is `olympiad_domain::paper_sight`): here the moment of an
//! olympiad, or of one learner's paper, is read from the database and the rule asked. Every use
//! case that returns question content, a learner's answers, marks or the answer key asks here.

use crate::support::caller::Caller;
use crate::support::error::OfficeResult;
use chrono::NaiveDateTime;
use olympiad_domain::id::{OlympiadId, ParticipantId};
use olympiad_domain::paper_sight::{paper_sight, PaperMoment, PaperSight};
use olympiad_persistence::models::{
    Attempt, Olympiad, OlympiadResults, SittingWindow, StartWindow,
};
use olympiad_persistence::{now, DbConnection};

/// The olympiad's moment: released once its results were first made final; closed once every
/// window (its own and its schools' staggered ones) has ended and no learner's clock still runs;
/// open while it is open; else before its opening. An olympiad without windows closes only by
/// releasing its results: being shut may be a pause.
pub fn olympiad_moment(conn: &mut DbConnection, olympiad: &Olympiad) -> OfficeResult<PaperMoment> {
    if OlympiadResults::released_version(conn, olympiad.id)? > 0 {
        return Ok(PaperMoment::Released);
    }
    if all_windows_over(conn, olympiad.id, now())? && !Attempt::any_running(conn, olympiad.id)? {
        return Ok(PaperMoment::Closed);
    }
    Ok(if olympiad.is_open {
        PaperMoment::Lobby
    } else {
        PaperMoment::BeforeOpening
    })
}

/// Whether the olympiad has windows and every one of them has ended.
fn all_windows_over(
    conn: &mut DbConnection,
    olympiad_id: OlympiadId,
    at: NaiveDateTime,
) -> OfficeResult<bool> {
    let own = SittingWindow::for_olympiad(conn, olympiad_id)?
        .into_iter()
        .map(|w| w.ends_at);
    let staggered = StartWindow::for_olympiad(conn, olympiad_id)?
        .into_iter()
        .map(|(w, _)| w.ends_at);
    let last_end = own.chain(staggered).max();
    Ok(last_end.is_some_and(|end| end <= at))
}

/// The moment of one learner's paper.
pub fn learner_moment(
    conn: &mut DbConnection,
    olympiad: &Olympiad,
    participant_id: ParticipantId,
) -> OfficeResult<PaperMoment> {
    let attempt = Attempt::current(conn, participant_id)?;
    Ok(PaperMoment::of_learner(
        olympiad_moment(conn, olympiad)?,
        attempt.as_ref().map(Attempt::status),
    ))
}

/// What the caller may see of this learner's paper now (the learner is in the caller's reach).
pub fn of_learner(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad: &Olympiad,
    participant_id: ParticipantId,
) -> OfficeResult<PaperSight> {
    Ok(paper_sight(
        caller.role,
        learner_moment(conn, olympiad, participant_id)?,
    ))
}

/// What the caller may see of the olympiad's paper now, with no learner in view.
pub fn of_olympiad(
    conn: &mut DbConnection,
    caller: &Caller,
    olympiad: &Olympiad,
) -> OfficeResult<PaperSight> {
    Ok(paper_sight(caller.role, olympiad_moment(conn, olympiad)?))
}
