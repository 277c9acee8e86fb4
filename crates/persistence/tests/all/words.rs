//! Statuses and kinds are stored as their words, on the backend named by TEST_DATABASE: each value
//! is written and read back as itself, and a word the enum does not know is a clear error.

use diesel::prelude::*;
use diesel::sql_types::Text;
use olympiad_domain::id::JobId;
use olympiad_domain::job::{JobKind, JobStatus};
use olympiad_persistence::models::Job;
use olympiad_persistence::testing::TestDatabase;
use olympiad_persistence::{placeholder, DbConnection, DbError};
use serde_json::json;

#[test]
fn every_status_and_kind_is_stored_as_its_word_and_read_back() {
    let db = TestDatabase::new();
    let checked = olympiad_persistence::words::round_trip_every_word(&mut db.conn()).unwrap();
    // Every value of the twenty stored enums; one more enum stored means a larger count here.
    assert_eq!(checked, 72);
}

fn set_job_status(conn: &mut DbConnection, id: JobId, status: &str) {
    let sql = format!(
        "UPDATE jobs SET status = {} WHERE id = {}",
        placeholder(conn, 1),
        placeholder(conn, 2)
    );
    diesel::sql_query(sql)
        .bind::<Text, _>(status)
        .bind::<diesel::sql_types::BigInt, _>(id)
        .execute(conn)
        .unwrap();
}

#[test]
fn a_job_row_keeps_its_kind_and_status_as_words() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let id = Job::enqueue(&mut conn, JobKind::Email, &json!({})).unwrap();
    let (kind, status): (String, String) = olympiad_persistence::schema::jobs::table
        .find(id)
        .select((
            olympiad_persistence::schema::jobs::kind,
            olympiad_persistence::schema::jobs::status,
        ))
        .first(&mut conn)
        .unwrap();
    assert_eq!((kind.as_str(), status.as_str()), ("email", "queued"));
    let job = Job::find(&mut conn, id).unwrap();
    assert_eq!((job.kind, job.status), (JobKind::Email, JobStatus::Queued));
}

#[test]
fn a_row_with_an_unknown_status_reads_as_an_error_naming_it() {
    let db = TestDatabase::new();
    let mut conn = db.conn();
    let id = Job::enqueue(&mut conn, JobKind::Email, &json!({})).unwrap();
    set_job_status(&mut conn, id, "paused");
    let error = Job::find(&mut conn, id).unwrap_err();
    assert!(matches!(error, DbError::Query(_)), "{error:?}");
    assert_eq!(
        error.to_string(),
        "database error: Error deserializing field 'status': unknown job status \"paused\"; \
         expected one of held, queued, running, done, failed"
    );
}
