//! A module's own time limit within the sitting (for example twenty minutes for the map module),
//! on the server's clock like the sitting's end. A timed module's clock starts when the learner
//! first opens it, runs for its minutes, stands still while the school's sitting is paused (as the
//! sitting's clock does), and never runs past the attempt's own end. Saves to a module whose time
//! is up are refused like saves after the end; the grace for answers slowed by the network is the
//! same.

use crate::sitting::save_in_time;
use chrono::{Duration, NaiveDateTime};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// When the learner opened a timed module, and how much pause the attempt had had by then: only
/// pauses after the opening are given back to the module.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModuleOpened {
    pub opened_at: NaiveDateTime,
    pub paused_seconds_before: i64,
}

/// The opened timed modules of an attempt, by module id, as stored with it.
pub type ModuleClocks = BTreeMap<i64, ModuleOpened>;

/// The attempt's clock as a module's end depends on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttemptTime {
    /// When the attempt ends (pauses included, as the attempt's clock gives it).
    pub ends_at: NaiveDateTime,
    /// Time lost to pauses that have ended.
    pub paused_seconds: i64,
    /// Set while the school's sitting is paused.
    pub paused_at: Option<NaiveDateTime>,
}

/// When a module opened as `opened` with `limit_minutes` ends: its minutes after the opening plus
/// the pauses since, never after the attempt's end.
pub fn module_ends_at(
    opened: ModuleOpened,
    limit_minutes: i32,
    attempt: AttemptTime,
    now: NaiveDateTime,
) -> NaiveDateTime {
    let current_pause = attempt
        .paused_at
        .map(|at| (now - at.max(opened.opened_at)).num_seconds().max(0))
        .unwrap_or(0);
    let paused_since = (attempt.paused_seconds - opened.paused_seconds_before).max(0);
    let own = opened.opened_at
        + Duration::minutes(i64::from(limit_minutes.max(0)))
        + Duration::seconds(paused_since + current_pause);
    own.min(attempt.ends_at)
}

/// Whether a save to a module arriving at `now` counts. An untimed module, and a timed one not
/// opened yet (the save opens it), take saves while the attempt does.
pub fn module_takes_saves(
    opened: Option<ModuleOpened>,
    limit_minutes: Option<i32>,
    attempt: AttemptTime,
    now: NaiveDateTime,
) -> bool {
    match (opened, limit_minutes) {
        (Some(opened), Some(limit)) => {
            attempt.paused_at.is_none()
                && save_in_time(module_ends_at(opened, limit, attempt, now), now)
        }
        _ => true,
    }
}

/// Seconds left in a module; frozen while paused.
pub fn module_remaining_seconds(
    opened: ModuleOpened,
    limit_minutes: i32,
    attempt: AttemptTime,
    now: NaiveDateTime,
) -> i64 {
    let at = attempt.paused_at.unwrap_or(now).max(opened.opened_at);
    (module_ends_at(opened, limit_minutes, attempt, at) - at)
        .num_seconds()
        .max(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sitting::SAVE_GRACE_SECONDS;

    fn t(minute: i64, second: i64) -> NaiveDateTime {
        chrono::DateTime::from_timestamp(1_780_000_000, 0)
            .map(|d| d.naive_utc())
            .unwrap_or_default()
            + Duration::minutes(minute)
            + Duration::seconds(second)
    }

    fn attempt(ends_minute: i64) -> AttemptTime {
        AttemptTime {
            ends_at: t(ends_minute, 0),
            paused_seconds: 0,
            paused_at: None,
        }
    }

    fn opened(minute: i64) -> ModuleOpened {
        ModuleOpened {
            opened_at: t(minute, 0),
            paused_seconds_before: 0,
        }
    }

    #[test]
    fn a_module_ends_its_minutes_after_it_was_opened() {
        assert_eq!(
            module_ends_at(opened(5), 20, attempt(60), t(6, 0)),
            t(25, 0)
        );
        assert_eq!(
            module_remaining_seconds(opened(5), 20, attempt(60), t(24, 30)),
            30
        );
    }

    #[test]
    fn a_module_never_ends_after_the_attempt() {
        assert_eq!(
            module_ends_at(opened(50), 20, attempt(60), t(51, 0)),
            t(60, 0)
        );
    }

    #[test]
    fn saves_count_until_the_grace_after_the_module_ends() {
        let (open, limit) = (Some(opened(0)), Some(10));
        assert!(module_takes_saves(open, limit, attempt(60), t(10, 0)));
        assert!(module_takes_saves(
            open,
            limit,
            attempt(60),
            t(10, SAVE_GRACE_SECONDS)
        ));
        assert!(!module_takes_saves(
            open,
            limit,
            attempt(60),
            t(10, SAVE_GRACE_SECONDS + 1)
        ));
    }

    #[test]
    fn untimed_and_unopened_modules_take_saves() {
        assert!(module_takes_saves(None, Some(10), attempt(60), t(59, 0)));
        assert!(module_takes_saves(
            Some(opened(0)),
            None,
            attempt(60),
            t(59, 0)
        ));
    }

    #[test]
    fn pauses_after_the_opening_are_given_back_and_earlier_ones_are_not() {
        // Five minutes of pause before the module opened, three after.
        let time = AttemptTime {
            ends_at: t(68, 0),
            paused_seconds: 8 * 60,
            paused_at: None,
        };
        let open = ModuleOpened {
            opened_at: t(10, 0),
            paused_seconds_before: 5 * 60,
        };
        assert_eq!(module_ends_at(open, 20, time, t(12, 0)), t(33, 0));
    }

    #[test]
    fn a_paused_module_stands_still_and_takes_no_saves() {
        let time = AttemptTime {
            ends_at: t(60, 0),
            paused_seconds: 0,
            paused_at: Some(t(15, 0)),
        };
        // Paused at minute 15 of a module that would end at 20: five minutes left however long
        // the pause lasts.
        assert_eq!(module_remaining_seconds(opened(0), 20, time, t(40, 0)), 300);
        assert!(!module_takes_saves(
            Some(opened(0)),
            Some(20),
            time,
            t(16, 0)
        ));
    }
}
