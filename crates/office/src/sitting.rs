//! The learner's sitting: which window is open, and starting the clock.

use crate::error::{ErrorCode, OfficeError, OfficeResult};
use chrono::NaiveDateTime;
use olympiad_domain::sitting::PaperOrder;
use olympiad_persistence::models::school_participant::EntryHold;
use olympiad_persistence::models::{
    Attempt, AttemptStart, SchoolParticipant, Sitter, SittingPause, SittingWindow,
};
use olympiad_persistence::{now, DbConnection};

/// The window open at `at`, else the next one to open: the one way a window is chosen.
pub fn window_at(windows: &[SittingWindow], at: NaiveDateTime) -> Option<&SittingWindow> {
    windows
        .iter()
        .find(|w| w.starts_at <= at && at < w.ends_at)
        .or_else(|| windows.iter().find(|w| w.starts_at > at))
}

pub fn closed() -> OfficeError {
    OfficeError::Conflict {
        code: ErrorCode::Closed,
        message: "This olympiad is not open for writing now.".into(),
    }
}

/// What starting a learner's clock needs, read before the transaction.
pub struct ClockStart {
    pub attempt_id: i64,
    pub sitter: Sitter,
    pub allowed_seconds: i32,
    pub paper_order: PaperOrder,
}

/// Starts the attempt's clock if a window is open and the school's sitting is not paused. The
/// window and the pause are read here, inside the caller's write transaction, with the school's
/// entry held: a pause that commits meanwhile either waits for this start (and then pauses it) or
/// is seen here. A second start (another tab, a retry) leaves a running clock as it is.
pub fn start_clock(conn: &mut DbConnection, start: ClockStart) -> OfficeResult<()> {
    let entry = start.sitter.school_participant_id;
    if let Some(entry) = entry {
        SchoolParticipant::hold(conn, entry, EntryHold::Shared)?;
    }
    let windows = SittingWindow::for_olympiad(conn, start.sitter.olympiad_id)?;
    let at = now();
    let window = window_at(&windows, at).filter(|w| w.starts_at <= at);
    if !windows.is_empty() && window.is_none() {
        return Err(closed());
    }
    if let Some(pause) = entry
        .map(|e| SittingPause::open(conn, e))
        .transpose()?
        .flatten()
    {
        return Err(OfficeError::Conflict {
            code: ErrorCode::Paused,
            message: format!(
                "Your school's sitting is paused: {}. Wait for your teacher.",
                pause.reason
            ),
        });
    }
    let clock = AttemptStart {
        started_at: at,
        allowed_seconds: start.allowed_seconds,
        window_ends_at: window.map(|w| w.ends_at),
        paper_order: start.paper_order,
        paused_at: None,
    };
    if Attempt::start(conn, start.attempt_id, &clock)? {
        Sitter::set_status(conn, start.sitter.participant_id, "writing")?;
    }
    Ok(())
}
