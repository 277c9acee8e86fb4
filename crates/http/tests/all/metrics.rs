//! `GET /metrics`: Prometheus' text format, for an overlord or a scraper with the configured secret;
//! requests are counted under the route the router matched, never the raw path; the answer writer's
//! batches, the job queue and the pool are on it.

use crate::common::*;
use actix_web::http::StatusCode;
use actix_web::test::TestRequest;
use olympiad_domain::Role;
use serde_json::json;

/// Set in the process the test runs in alone.
const ALONE: &str = "OLYMPIAD_TEST_ALONE";

/// The counters are the process's, and the other tests of this binary call the same routes: so
/// that the counts are this test's requests alone, the test runs again in a process of its own
/// (this binary, given only its name). Answers whether this is that process.
fn alone(test: &str) -> bool {
    if std::env::var_os(ALONE).is_some() {
        return true;
    }
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([test, "--exact", "--nocapture"])
        .env(ALONE, "1")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{said}");
    assert!(
        said.contains("1 passed"),
        "the test did not run alone: {said}"
    );
    false
}

#[actix_web::test]
async fn metrics_are_for_the_overlord_and_the_scraper_and_name_routes_by_pattern() {
    if !alone("metrics::metrics_are_for_the_overlord_and_the_scraper_and_name_routes_by_pattern") {
        return;
    }
    let (s, api, key) = Sitting::started().await;
    let fx = &s.fx;
    let overlord = fx.overlord();
    let admin = fx.admin("geography");

    // Two users' pages: one series, under the route's pattern.
    for id in [424_242, 434_343] {
        api.get(&format!("/api/user/{id}"), &overlord).await;
        api.send(with_token(
            put_json(&format!("/api/user/{id}"), json!({})),
            &overlord,
        ))
        .await;
    }
    // A learner's answers go through the writer, which counts its batches.
    let (status, body) = api
        .save_answers(
            &s.learner,
            Some(&key),
            save(s.questions[0], json!(["a"]), 1),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let page = |bearer: Option<&str>| {
        let request = TestRequest::get().uri("/metrics");
        match bearer {
            Some(bearer) => request.insert_header(("Authorization", format!("Bearer {bearer}"))),
            None => request,
        }
    };
    let (status, content_type, body) = api.file(page(Some(&overlord))).await;
    assert_eq!(status, StatusCode::OK);
    assert!(content_type.starts_with("text/plain; version=0.0.4"));
    let text = String::from_utf8(body).unwrap();
    assert!(
        text.contains(
            "olympiad_http_requests_total{method=\"PUT\",route=\"/api/user/{id}\",status=\"400\"} 2"
        ) || text.contains("route=\"/api/user/{id}\",status=\"404\"} 2"),
        "{text}"
    );
    assert!(!text.contains("424242"), "a raw path made a series");
    assert!(text.contains("olympiad_http_request_duration_seconds_bucket{method=\"GET\",route=\"/api/user/{id}\",le=\"+Inf\"} 2"));
    assert!(text.contains("# TYPE olympiad_answer_batch_size histogram"));
    let saves = text
        .lines()
        .find_map(|l| l.strip_prefix("olympiad_answer_saves_total "))
        .unwrap();
    assert!(saves.parse::<u64>().unwrap() >= 1, "{text}");
    assert!(text.contains("olympiad_jobs_oldest_due_seconds "));
    assert!(text.contains("olympiad_db_pool_size 4"), "{text}");
    assert!(text.contains("olympiad_db_pool_in_use "));

    // The scraper's secret opens it too; a wrong one, no token or another role do not.
    let (status, _, _) = api.file(page(Some("test-metrics-secret"))).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = api.send(page(Some("test-metrics-secreT"))).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    let (status, body) = api.send(page(None)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    let (status, body) = api.send(page(Some(&admin))).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let teacher = fx.user("metrics-teacher@example.org", Role::Teacher, None);
    let (status, _) = api.send(page(Some(&fx.token_for(teacher)))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}
