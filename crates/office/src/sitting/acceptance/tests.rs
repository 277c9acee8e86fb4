//! The acceptance of saves and pings, case by case, on attempts as the database would give them.

use super::*;
use chrono::{Duration, NaiveDate};
use olympiad_domain::module_time::ModuleOpened;
use olympiad_domain::sitting::SAVE_GRACE_SECONDS;

const MAP: TimedModule = TimedModule {
    module_id: 7,
    limit_minutes: 20,
};

fn nine_o_clock() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 3, 12)
        .and_then(|day| day.and_hms_opt(9, 0, 0))
        .unwrap_or_default()
}

fn minutes(n: i64) -> Duration {
    Duration::minutes(n)
}

fn claim() -> DeviceClaim {
    DeviceClaim {
        attempt_id: AttemptId::new(1),
        user_id: UserId::new(10),
        session_version: 3,
        device_key_hash: "phone".into(),
    }
}

/// An attempt of the claim's learner on the claim's device, writing since nine for an hour.
fn writing() -> SaveGuard {
    SaveGuard {
        attempt_id: AttemptId::new(1),
        status: AttemptStatus::Writing,
        superseded: false,
        device_key_hash: "phone".into(),
        ends_at: Some(nine_o_clock() + minutes(60)),
        paused_at: None,
        user_id: UserId::new(10),
        session_version: 3,
        user_disabled: false,
        account_disabled: Some(false),
        paused_seconds: 0,
        module_clocks: "{}".into(),
    }
}

/// The map module opened at `opened`, with `paused_seconds_before` of pauses before it.
fn map_opened(guard: &mut SaveGuard, opened: NaiveDateTime, paused_seconds_before: i64) {
    let clocks: ModuleClocks = [(
        MAP.module_id,
        ModuleOpened {
            opened_at: opened,
            paused_seconds_before,
        },
    )]
    .into();
    guard.module_clocks = serde_json::to_string(&clocks).unwrap_or_default();
}

const SAVE: Sent<'static> = Sent::Save(&[]);
const PING: Sent<'static> = Sent::Ping(None);

fn refusal(outcome: Outcome) -> Option<Refusal> {
    match outcome {
        Outcome::Taken(_) => None,
        Outcome::Refused(refusal) => Some(refusal),
    }
}

fn clock(outcome: Outcome) -> ClockState {
    match outcome {
        Outcome::Taken(clock) => clock,
        Outcome::Refused(refusal) => panic!("refused: {refusal:?}"),
    }
}

#[test]
fn a_save_in_time_is_taken_with_the_time_left() {
    let at = nine_o_clock() + minutes(15);
    let taken = clock(judge(&claim(), &writing(), SAVE, at));
    assert_eq!(taken.at, at);
    assert_eq!(taken.status, AttemptStatus::Writing);
    assert_eq!(taken.remaining_seconds, Some(45 * 60));
    assert!(!taken.paused);
    assert_eq!(taken.module_remaining_seconds, None);
}

#[test]
fn an_attempt_of_someone_else_or_superseded_is_no_attempt() {
    let at = nine_o_clock();
    let mut other = writing();
    other.user_id = UserId::new(11);
    let mut superseded = writing();
    superseded.superseded = true;
    for guard in [other, superseded] {
        for sent in [SAVE, PING] {
            assert_eq!(
                refusal(judge(&claim(), &guard, sent, at)),
                Some(Refusal::NoAttempt)
            );
        }
    }
}

#[test]
fn a_signed_out_or_disabled_learner_has_no_session() {
    let at = nine_o_clock();
    let mut signed_out = writing();
    signed_out.session_version = 4;
    let mut disabled = writing();
    disabled.user_disabled = true;
    let mut account_disabled = writing();
    account_disabled.account_disabled = Some(true);
    let mut no_account = writing();
    no_account.account_disabled = None;
    for guard in [signed_out, disabled, account_disabled, no_account] {
        for sent in [SAVE, PING] {
            assert_eq!(
                refusal(judge(&claim(), &guard, sent, at)),
                Some(Refusal::SessionEnded)
            );
        }
    }
}

#[test]
fn another_device_writes_nothing() {
    let mut moved = writing();
    moved.device_key_hash = "tablet".into();
    for sent in [SAVE, PING] {
        assert_eq!(
            refusal(judge(&claim(), &moved, sent, nine_o_clock())),
            Some(Refusal::OtherDevice)
        );
    }
}

#[test]
fn a_save_before_the_start_after_the_finish_or_while_paused_is_refused() {
    let at = nine_o_clock() + minutes(10);
    let mut preparing = writing();
    preparing.status = AttemptStatus::Preparing;
    preparing.ends_at = None;
    let mut finished = writing();
    finished.status = AttemptStatus::Finished;
    let mut paused = writing();
    paused.paused_at = Some(nine_o_clock() + minutes(5));
    let cases = [
        (preparing, Refusal::NotStarted),
        (finished, Refusal::Finished),
        (paused, Refusal::Paused),
    ];
    for (guard, expected) in cases {
        assert_eq!(refusal(judge(&claim(), &guard, SAVE, at)), Some(expected));
    }
}

#[test]
fn a_save_counts_until_the_grace_after_the_end_and_no_later() {
    let end = nine_o_clock() + minutes(60);
    let grace = Duration::seconds(SAVE_GRACE_SECONDS);
    let late = clock(judge(&claim(), &writing(), SAVE, end + grace));
    assert_eq!(late.remaining_seconds, Some(0));
    assert_eq!(
        refusal(judge(
            &claim(),
            &writing(),
            SAVE,
            end + grace + Duration::seconds(1)
        )),
        Some(Refusal::TimeUp)
    );
    let mut endless = writing();
    endless.ends_at = None;
    assert_eq!(
        refusal(judge(&claim(), &endless, SAVE, nine_o_clock())),
        Some(Refusal::TimeUp)
    );
}

#[test]
fn a_ping_is_taken_whatever_the_attempt_so_the_device_follows_it() {
    let at = nine_o_clock() + minutes(10);
    let mut preparing = writing();
    preparing.status = AttemptStatus::Preparing;
    preparing.ends_at = None;
    let taken = clock(judge(&claim(), &preparing, PING, at));
    assert_eq!(
        (taken.status, taken.remaining_seconds),
        (AttemptStatus::Preparing, None)
    );

    let mut finished = writing();
    finished.status = AttemptStatus::Finished;
    let taken = clock(judge(&claim(), &finished, PING, at));
    assert_eq!(taken.ends_at, finished.ends_at);
    assert_eq!(taken.remaining_seconds, None);

    // While paused, the time left stands at what it was when the pause began.
    let mut paused = writing();
    paused.paused_at = Some(nine_o_clock() + minutes(5));
    let taken = clock(judge(&claim(), &paused, PING, at));
    assert!(taken.paused);
    assert_eq!(taken.remaining_seconds, Some(55 * 60));

    let taken = clock(judge(
        &claim(),
        &writing(),
        PING,
        nine_o_clock() + minutes(90),
    ));
    assert_eq!(taken.remaining_seconds, Some(0));
}

#[test]
fn nothing_opens_without_a_timed_module_or_before_the_attempt_has_an_end() {
    let at = nine_o_clock();
    assert_eq!(modules_to_open(&writing(), SAVE, at), Ok(vec![]));
    assert_eq!(modules_to_open(&writing(), PING, at), Ok(vec![]));
    let mut preparing = writing();
    preparing.ends_at = None;
    let timed = [(0, MAP)];
    assert_eq!(
        modules_to_open(&preparing, Sent::Save(&timed), at),
        Ok(vec![])
    );
    assert_eq!(
        modules_to_open(&preparing, Sent::Ping(Some(MAP)), at),
        Ok(vec![])
    );
}

#[test]
fn a_save_or_ping_opens_its_timed_modules() {
    let at = nine_o_clock() + minutes(5);
    let timed = [(0, MAP), (2, MAP)];
    assert_eq!(
        modules_to_open(&writing(), Sent::Save(&timed), at),
        Ok(vec![MAP.module_id, MAP.module_id])
    );
    assert_eq!(
        modules_to_open(&writing(), Sent::Ping(Some(MAP)), at),
        Ok(vec![MAP.module_id])
    );
}

#[test]
fn saves_to_a_module_whose_time_is_up_are_refused_by_their_index() {
    let mut guard = writing();
    map_opened(&mut guard, nine_o_clock(), 0);
    let timed = [(1, MAP), (3, MAP)];
    let grace = Duration::seconds(SAVE_GRACE_SECONDS);
    let in_grace = nine_o_clock() + minutes(20) + grace;
    assert_eq!(
        modules_to_open(&guard, Sent::Save(&timed), in_grace),
        Ok(vec![MAP.module_id, MAP.module_id])
    );
    let after = in_grace + Duration::seconds(1);
    assert_eq!(
        modules_to_open(&guard, Sent::Save(&timed), after),
        Err(Refusal::ModuleTimeUp(vec![1, 3]))
    );
    // A ping from it is still taken, and says no time is left.
    assert_eq!(
        modules_to_open(&guard, Sent::Ping(Some(MAP)), after),
        Ok(vec![MAP.module_id])
    );
    let clocks = module_clocks(&guard);
    assert_eq!(module_remaining(&guard, &clocks, MAP, after), Some(0));
}

#[test]
fn a_pause_after_a_module_opened_is_given_back_to_it() {
    let mut guard = writing();
    // Opened at nine after a minute of pauses; ten more minutes of pauses since.
    map_opened(&mut guard, nine_o_clock(), 60);
    guard.paused_seconds = 11 * 60;
    guard.ends_at = Some(nine_o_clock() + minutes(70));
    let at = nine_o_clock() + minutes(25);
    assert_eq!(
        modules_to_open(&guard, Sent::Save(&[(0, MAP)]), at),
        Ok(vec![MAP.module_id])
    );
    let clocks = module_clocks(&guard);
    assert_eq!(module_remaining(&guard, &clocks, MAP, at), Some(5 * 60));
}

#[test]
fn a_module_never_runs_past_the_attempts_end() {
    let mut guard = writing();
    map_opened(&mut guard, nine_o_clock() + minutes(50), 0);
    let clocks = module_clocks(&guard);
    let at = nine_o_clock() + minutes(55);
    assert_eq!(module_remaining(&guard, &clocks, MAP, at), Some(5 * 60));
}

#[test]
fn a_module_not_open_has_no_time_left_to_tell() {
    let guard = writing();
    let clocks = module_clocks(&guard);
    assert_eq!(module_remaining(&guard, &clocks, MAP, nine_o_clock()), None);
}
