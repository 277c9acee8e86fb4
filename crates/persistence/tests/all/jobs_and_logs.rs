//! The job queue, password resets and the logs on the backend named by TEST_DATABASE.

use chrono::Duration;
use olympiad_domain::id::JobId;
use olympiad_domain::job::{JobKind, JobStatus};
use olympiad_persistence::models::{
    ActivityLog, ActivityLogInsertForm, ActivityQuery, AppLog, Job, PasswordReset, User,
    UserInsertForm,
};
use olympiad_persistence::testing::TestDatabase;
use olympiad_persistence::{now, DbError};
use serde_json::json;
use std::collections::HashSet;

#[test]
fn each_job_is_claimed_once_even_by_racing_workers() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    for n in 0..20 {
        Job::enqueue(&mut conn, JobKind::Email, &json!({ "n": n })).unwrap();
    }
    drop(conn);
    let workers: Vec<_> = (0..4)
        .map(|w| {
            let pool = db.pool.clone();
            std::thread::spawn(move || {
                let mut conn = pool.get().unwrap();
                let mut mine = Vec::new();
                while let Some(job) = Job::claim(&mut conn, &format!("worker-{w}")).unwrap() {
                    assert_eq!(job.status, JobStatus::Running);
                    Job::complete(&mut conn, &job).unwrap();
                    mine.push(job.id);
                }
                mine
            })
        })
        .collect();
    let claimed: Vec<JobId> = workers
        .into_iter()
        .flat_map(|w| w.join().unwrap())
        .collect();
    assert_eq!(claimed.len(), 20, "every job claimed exactly once");
    assert_eq!(claimed.iter().collect::<HashSet<_>>().len(), 20);
    let mut conn = db.conn();
    assert_eq!(
        Job::count_by_status(&mut conn, JobStatus::Done).unwrap(),
        20
    );
}

#[test]
fn a_failed_job_waits_and_is_given_up_after_the_last_attempt() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let id = Job::enqueue(&mut conn, JobKind::Email, &json!({})).unwrap();
    let job = Job::claim(&mut conn, "w").unwrap().unwrap();
    assert_eq!((job.id, job.attempts), (id, 1));
    Job::fail(&mut conn, &job, "smtp down").unwrap();
    // Not due again yet.
    assert!(Job::claim(&mut conn, "w").unwrap().is_none());
    let waiting = Job::find(&mut conn, id).unwrap();
    assert_eq!(waiting.status, JobStatus::Queued);
    assert_eq!(waiting.last_error.as_deref(), Some("smtp down"));
    assert!(waiting.run_at > now());

    let exhausted = Job {
        attempts: olympiad_persistence::models::job::MAX_ATTEMPTS,
        ..waiting
    };
    Job::fail(&mut conn, &exhausted, "still down").unwrap();
    assert_eq!(Job::find(&mut conn, id).unwrap().status, JobStatus::Failed);
}

#[test]
fn a_sent_or_abandoned_email_keeps_no_link() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let email = |n: u32| json!({ "kind": "password_reset", "to": { "email": format!("t{n}@example.org") }, "link": format!("https://x/reset-password/secret{n}") });
    Job::enqueue(&mut conn, JobKind::Email, &email(1)).unwrap();
    let sent = Job::claim(&mut conn, "w").unwrap().unwrap();
    Job::complete(&mut conn, &sent).unwrap();
    let stored = Job::find(&mut conn, sent.id).unwrap().payload;
    assert!(!stored.contains("secret1"), "{stored}");
    assert!(stored.contains("t1@example.org"), "who it went to is kept");

    Job::enqueue(&mut conn, JobKind::Email, &email(2)).unwrap();
    let failing = Job::claim(&mut conn, "w").unwrap().unwrap();
    Job::fail(&mut conn, &failing, "smtp down").unwrap();
    assert!(
        Job::find(&mut conn, failing.id)
            .unwrap()
            .payload
            .contains("secret2"),
        "kept while it may still be sent"
    );
    let exhausted = Job {
        attempts: olympiad_persistence::models::job::MAX_ATTEMPTS,
        ..failing
    };
    Job::fail(&mut conn, &exhausted, "still down").unwrap();
    assert!(!Job::find(&mut conn, exhausted.id)
        .unwrap()
        .payload
        .contains("secret2"));
}

#[test]
fn a_reset_token_works_once_and_not_after_it_expires() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let user = User::create(
        &mut conn,
        &UserInsertForm {
            username: "t@example.org",
            email: None,
            password_hash: "h",
            first_name: "",
            last_name: "",
        },
    )
    .unwrap();
    PasswordReset::create(&mut conn, user.id, "fresh", now() + Duration::hours(1)).unwrap();
    PasswordReset::create(&mut conn, user.id, "stale", now() - Duration::minutes(1)).unwrap();
    assert_eq!(
        PasswordReset::redeem(&mut conn, "fresh").unwrap(),
        Some(user.id)
    );
    assert_eq!(
        PasswordReset::redeem(&mut conn, "fresh").unwrap(),
        None,
        "single use"
    );
    assert_eq!(
        PasswordReset::redeem(&mut conn, "stale").unwrap(),
        None,
        "expired"
    );
    assert_eq!(PasswordReset::redeem(&mut conn, "unknown").unwrap(), None);
    assert!(matches!(
        PasswordReset::create(&mut conn, user.id, "fresh", now()),
        Err(DbError::Conflict(_))
    ));
}

#[test]
fn activity_and_app_logs_are_searchable() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    for action in ["signin", "impersonate"] {
        ActivityLog::record(
            &mut conn,
            &ActivityLogInsertForm {
                user_id: None,
                email: Some("a@example.org"),
                olympiad_id: None,
                action,
                details: "{}",
                address: None,
            },
        )
        .unwrap();
    }
    let found = ActivityLog::search(
        &mut conn,
        &ActivityQuery {
            email: Some("a@example.org".into()),
            since: Some(now() - Duration::hours(1)),
            limit: 10,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(
        found.iter().map(|l| l.action.as_str()).collect::<Vec<_>>(),
        vec!["impersonate", "signin"]
    );

    AppLog::record(&mut conn, "mail", "info", "sent").unwrap();
    AppLog::record(&mut conn, "jobs", "warn", "retry").unwrap();
    AppLog::record(&mut conn, "mail", "error", "bounced").unwrap();
    assert_eq!(AppLog::keys(&mut conn).unwrap(), vec!["jobs", "mail"]);
    assert_eq!(AppLog::list(&mut conn, Some("mail"), -1).unwrap().len(), 2);
    assert_eq!(
        AppLog::list(&mut conn, None, 1).unwrap()[0].message,
        "bounced"
    );
}
