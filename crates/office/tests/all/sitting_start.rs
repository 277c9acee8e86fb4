//! The start of a learner's clock as the sitting's start step writes it: one statement on the
//! condition that the attempt is as the step read it before its transaction, and worked out again
//! from the attempt as it is when the office gave extra time in between.

use crate::common::{entered_learner, entered_school};
use chrono::{Duration, Timelike};
use olympiad_bench::fixtures::geography_olympiad;
use olympiad_domain::sitting::{AttemptStatus, PaperOrder};
use olympiad_persistence::models::{Attempt, AttemptStart};
use olympiad_persistence::now;
use olympiad_persistence::testing::TestDatabase;

#[test]
fn extra_time_given_between_the_read_and_the_start_counts_from_the_start() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let conn = &mut conn;
    let olympiad = geography_olympiad(conn, false);
    let entry = entered_school(conn, &olympiad, "Hoërskool Waterkloof", "Gauteng");
    let learner = entered_learner(conn, &entry, ("Anele", "Mthembu", 9));
    let seen = Attempt::begin(conn, learner, olympiad.id, Some(entry.id), "device").unwrap();
    // The office gives ten minutes after the step read the attempt, before it starts the clock.
    Attempt::give_extra_time(conn, &seen, 600).unwrap();

    // Whole seconds: PostgreSQL keeps microseconds.
    let at = now().with_nanosecond(0).unwrap();
    let start = AttemptStart {
        started_at: at,
        allowed_seconds: 3600,
        window_ends_at: None,
        paper_order: PaperOrder::default(),
        paused_at: None,
    };
    let started = Attempt::start(conn, &seen, &start).unwrap().unwrap();
    assert_eq!(started.status, AttemptStatus::Writing);
    assert_eq!(started.extra_seconds, 600);
    assert_eq!(started.ends_at, Some(at + Duration::seconds(3600 + 600)));

    // A second start (another tab, a retry) leaves the running clock as it is.
    let again = AttemptStart {
        started_at: at + Duration::seconds(30),
        ..start
    };
    assert!(Attempt::start(conn, &seen, &again).unwrap().is_none());
    assert!(Attempt::start(conn, &started, &again).unwrap().is_none());
    let stored = Attempt::find(conn, seen.id).unwrap();
    assert_eq!(stored.started_at, Some(at));
    assert_eq!(stored.ends_at, started.ends_at);
}
