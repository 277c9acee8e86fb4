//! The certificate job's lease: a worker renews it as it records each school, so that a run longer
//! than the lease is not taken by a second worker; a worker whose lease ran out and whose job
//! another worker took stops before recording anything more. The test shortens the lease.

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use chrono::Duration;
use diesel::prelude::*;
use olympiad_domain::job::JobStatus;
use olympiad_office::certificates::{work_on_leased_run, RunJob, RunLease, RunWork};
use olympiad_persistence::models::{Job, Lane};
use olympiad_persistence::now;
use olympiad_persistence::schema::jobs;
use serde_json::json;

/// The sitting finished, its results final and a certificate run asked for: one school waiting.
async fn run_asked() -> Sitting {
    let (s, api, key) = Sitting::started().await;
    api.answer_all(&s, &key).await;
    let finish = TestRequest::post().uri("/api/sitting/finish");
    api.ok(with_device(finish, &s.learner, Some(&key))).await;
    let o = s.olympiad_id;
    for state in ["moderated", "final"] {
        let body = json!({ "olympiadId": o, "state": state, "reason": "Done" });
        let (status, body) = api.post("/api/results/state", body, &s.admin).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let generate = format!("/api/certificate/generate?olympiadId={o}");
    let (status, body) = api.post(&generate, json!({}), &s.admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["data"]["waiting"], 1);
    s
}

async fn made(s: &Sitting) -> i64 {
    let api = s.fx.api().await;
    let (_, body) = api
        .get(
            &format!(
                "/api/certificate/generation-status?olympiadId={}",
                s.olympiad_id
            ),
            &s.admin,
        )
        .await;
    body["data"]["made"].as_i64().unwrap()
}

fn lease_of(job: &Job) -> RunLease {
    RunLease {
        job_id: job.id,
        worker: job.locked_by.clone().unwrap(),
    }
}

#[actix_web::test]
async fn a_worker_whose_lease_ran_out_and_was_taken_over_stops_before_recording_a_school() {
    let s = run_asked().await;
    let mut conn = s.fx.db.conn();
    let short = Duration::milliseconds(300);
    let first = Job::claim_lane_with_lease(&mut conn, "node-a", Lane::Certificates, short)
        .unwrap()
        .unwrap();
    // Node A stalls past its lease; node B takes the job over.
    std::thread::sleep(std::time::Duration::from_millis(400));
    let second = Job::claim_lane_with_lease(&mut conn, "node-b", Lane::Certificates, short)
        .unwrap()
        .unwrap();
    assert_eq!(second.id, first.id);
    let run: RunJob = serde_json::from_str(&first.payload).unwrap();

    let a = work_on_leased_run(
        &mut conn,
        &run,
        Some(&lease_of(&first)),
        &s.fx.state.config.files,
    )
    .unwrap();
    assert!(matches!(a, RunWork::LeaseLost(_)), "{a:?}");
    assert_eq!(made(&s).await, 0, "node A recorded nothing");
    let job = Job::find(&mut conn, first.id).unwrap();
    assert_eq!(
        (job.status, job.locked_by.as_deref()),
        (JobStatus::Running, Some("node-b"))
    );

    let b = work_on_leased_run(
        &mut conn,
        &run,
        Some(&lease_of(&second)),
        &s.fx.state.config.files,
    )
    .unwrap();
    assert!(matches!(b, RunWork::Finished(_)), "{b:?}");
    assert_eq!(made(&s).await, 1);
}

#[actix_web::test]
async fn a_worker_renews_its_lease_as_it_records_each_school() {
    let s = run_asked().await;
    let mut conn = s.fx.db.conn();
    let job = Job::claim_lane(&mut conn, "node-a", Lane::Certificates)
        .unwrap()
        .unwrap();
    // Node A has been at it for an hour (longer than the lease) when it records the school.
    diesel::update(jobs::table.find(job.id))
        .set(jobs::locked_at.eq(Some(now() - Duration::hours(1))))
        .execute(&mut conn)
        .unwrap();
    let run: RunJob = serde_json::from_str(&job.payload).unwrap();
    let worked = work_on_leased_run(
        &mut conn,
        &run,
        Some(&lease_of(&job)),
        &s.fx.state.config.files,
    )
    .unwrap();
    assert!(matches!(worked, RunWork::Finished(_)), "{worked:?}");
    assert_eq!(made(&s).await, 1);
    // Renewed: no other node may take the job while node A finishes it.
    let renewed = Job::find(&mut conn, job.id).unwrap().locked_at.unwrap();
    assert!(renewed > now() - Duration::minutes(1), "{renewed}");
    assert!(Job::claim_lane(&mut conn, "node-b", Lane::Certificates)
        .unwrap()
        .is_none());
}
