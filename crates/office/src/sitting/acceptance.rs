//! Whether a device's answer save or progress ping is taken: the learner's session and device must
//! still be the attempt's, and a save must come while the attempt is being written, not paused, in
//! its time and in the time of each timed module it touches. A ping is taken whatever the
//! attempt's state, so that the device learns of a pause, extra time or the end. The answer writer
//! asks these questions of each attempt as it finds it in the database, inside the transaction
//! that then writes what was taken.

use crate::sitting::DeviceKey;
use crate::support::caller::Caller;
use chrono::NaiveDateTime;
use olympiad_domain::id::{AttemptId, UserId};
use olympiad_domain::module_time::{
    module_remaining_seconds, module_takes_saves, AttemptTime, ModuleClocks,
};
use olympiad_domain::sitting::{remaining_seconds, save_in_time, AttemptStatus};
use olympiad_persistence::models::attempt::SaveGuard;

/// Who claims to write in an attempt: the learner of the token, from the device of the key. Both
/// are checked against the attempt as the database has it.
#[derive(Debug, Clone)]
pub struct DeviceClaim {
    pub attempt_id: AttemptId,
    pub user_id: UserId,
    /// The token's session version: a signed-out or disabled learner writes nothing.
    pub session_version: i32,
    pub device_key_hash: String,
}

impl DeviceClaim {
    /// This learner's session, on the device of this key, in the key's attempt.
    pub fn new(caller: &Caller, device: DeviceKey) -> DeviceClaim {
        DeviceClaim {
            attempt_id: device.attempt_id,
            user_id: caller.user_id,
            session_version: caller.session_version,
            device_key_hash: device.hash,
        }
    }
}

/// Why a save or ping was not taken. Each is final for it; the device decides whether to keep its
/// answers and send them again (a pause ends; a finished attempt does not reopen).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    NoAttempt,
    SessionEnded,
    OtherDevice,
    NotStarted,
    Finished,
    Paused,
    TimeUp,
    /// The save holds answers to a timed module whose time is up: these, by their index in it.
    ModuleTimeUp(Vec<usize>),
}

/// The attempt's clock as it was found, so that the device follows pauses and extra time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockState {
    pub at: NaiveDateTime,
    pub status: AttemptStatus,
    pub ends_at: Option<NaiveDateTime>,
    pub remaining_seconds: Option<i64>,
    pub paused: bool,
    /// For a ping from a timed module: the seconds left in it.
    pub module_remaining_seconds: Option<i64>,
}

/// A module with its own time limit, as a save or ping touches it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimedModule {
    pub module_id: i64,
    pub limit_minutes: i32,
}

/// What the device sent, as far as its acceptance goes.
#[derive(Debug, Clone, Copy)]
pub enum Sent<'a> {
    /// Answers, with the timed module of each (by its index in the save) that has one.
    Save(&'a [(usize, TimedModule)]),
    /// A progress ping, with the timed module shown, which opens it.
    Ping(Option<TimedModule>),
}

impl Sent<'_> {
    /// The timed modules it touches, one for each answer to one.
    fn timed_modules(self) -> Vec<TimedModule> {
        match self {
            Sent::Save(timed) => timed.iter().map(|(_, module)| *module).collect(),
            Sent::Ping(module) => module.into_iter().collect(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Taken: a save's answers are to be stored (unless newer ones already are), a ping noted.
    Taken(ClockState),
    Refused(Refusal),
}

/// Whether the attempt of `guard` takes what was sent at `at`, timed modules aside (see
/// [`modules_to_open`]): the attempt's clock when it does.
pub fn judge(claim: &DeviceClaim, guard: &SaveGuard, sent: Sent<'_>, at: NaiveDateTime) -> Outcome {
    if guard.user_id != claim.user_id || guard.superseded {
        return Outcome::Refused(Refusal::NoAttempt);
    }
    if guard.session_version != claim.session_version
        || guard.user_disabled
        || guard.account_disabled != Some(false)
    {
        return Outcome::Refused(Refusal::SessionEnded);
    }
    if guard.device_key_hash != claim.device_key_hash {
        return Outcome::Refused(Refusal::OtherDevice);
    }
    let status = guard.status;
    let clock = ClockState {
        at,
        status,
        ends_at: guard.ends_at,
        remaining_seconds: guard
            .ends_at
            .filter(|_| status == AttemptStatus::Writing)
            .map(|ends_at| remaining_seconds(ends_at, guard.paused_at, at)),
        paused: guard.paused_at.is_some(),
        module_remaining_seconds: None,
    };
    if let Sent::Save(_) = sent {
        let refusal = match status {
            AttemptStatus::Preparing => Some(Refusal::NotStarted),
            AttemptStatus::Finished => Some(Refusal::Finished),
            AttemptStatus::Writing if guard.paused_at.is_some() => Some(Refusal::Paused),
            AttemptStatus::Writing if !guard.ends_at.is_some_and(|end| save_in_time(end, at)) => {
                Some(Refusal::TimeUp)
            }
            AttemptStatus::Writing => None,
        };
        if let Some(refusal) = refusal {
            return Outcome::Refused(refusal);
        }
    }
    Outcome::Taken(clock)
}

/// For what [`judge`] took: the timed modules it opens now (those already open keep their first
/// opening), or a save's refusal naming its answers to a timed module whose time is up. None when
/// it touches no timed module, or the attempt has no end yet (its modules have no clock).
pub fn modules_to_open(
    guard: &SaveGuard,
    sent: Sent<'_>,
    at: NaiveDateTime,
) -> Result<Vec<i64>, Refusal> {
    let timed = sent.timed_modules();
    let Some(time) = attempt_time(guard).filter(|_| !timed.is_empty()) else {
        return Ok(Vec::new());
    };
    if let Sent::Save(timed) = sent {
        let opened = module_clocks(guard);
        let late: Vec<usize> = timed
            .iter()
            .filter(|(_, m)| {
                let open = opened.get(&m.module_id).copied();
                !module_takes_saves(open, Some(m.limit_minutes), time, at)
            })
            .map(|(index, _)| *index)
            .collect();
        if !late.is_empty() {
            return Err(Refusal::ModuleTimeUp(late));
        }
    }
    Ok(timed.iter().map(|m| m.module_id).collect())
}

/// The seconds left in a timed module, by the attempt's module clocks once opened; none when it
/// is not open (or the attempt has no end).
pub fn module_remaining(
    guard: &SaveGuard,
    clocks: &ModuleClocks,
    module: TimedModule,
    at: NaiveDateTime,
) -> Option<i64> {
    let time = attempt_time(guard)?;
    clocks
        .get(&module.module_id)
        .map(|open| module_remaining_seconds(*open, module.limit_minutes, time, at))
}

/// The timed modules the attempt has opened, as stored with it.
fn module_clocks(guard: &SaveGuard) -> ModuleClocks {
    serde_json::from_str(&guard.module_clocks).unwrap_or_default()
}

/// The attempt's clock as its modules' ends depend on it, once it has an end.
fn attempt_time(guard: &SaveGuard) -> Option<AttemptTime> {
    Some(AttemptTime {
        ends_at: guard.ends_at?,
        paused_seconds: i64::from(guard.paused_seconds),
        paused_at: guard.paused_at,
    })
}

#[cfg(test)]
mod tests;
