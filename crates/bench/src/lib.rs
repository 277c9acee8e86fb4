//! What the benchmark binaries and the durability test share: a fresh database (SQLite, or
//! PostgreSQL when `BENCH_DATABASE_URL` names a server), the application on it (in this process,
//! or the real `olympiad` binary), a client that does what a learner's phone does, timing, and the
//! soak's judgement of whether a long run grows.

#![allow(clippy::expect_used, clippy::unwrap_used)] // a benchmark that cannot set up has failed

pub mod client;
pub mod fixtures;
pub mod rush;
pub mod server;
pub mod soak;
pub mod stats;

use actix_web::body::MessageBody;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::test::{call_service, read_body, TestRequest};
use actix_web::web;
use olympiad_http::{ApiConfig, AppState};
use olympiad_persistence::testing::TestDatabase;
use std::time::{Duration, Instant};

/// A fresh, migrated database: PostgreSQL on the server of `BENCH_DATABASE_URL` (a database made
/// for the run and dropped after), else a SQLite file in a temporary folder.
pub fn database() -> TestDatabase {
    match std::env::var("BENCH_DATABASE_URL")
        .ok()
        .filter(|u| !u.is_empty())
    {
        Some(url) => {
            // The test helper reads the server from here.
            std::env::set_var("TEST_DATABASE_URL", url);
            TestDatabase::postgres()
        }
        None => TestDatabase::sqlite(),
    }
}

pub fn state(db: &TestDatabase) -> web::Data<AppState> {
    web::Data::new(AppState::new(db.pool.clone(), ApiConfig::for_tests()))
}

/// Where the back office's in-process benchmarks start: a fresh database, the API's state over it
/// and the 2026 geography olympiad, open.
pub fn geography_office() -> (
    TestDatabase,
    web::Data<AppState>,
    olympiad_persistence::models::Olympiad,
) {
    let db = database();
    let olympiad = fixtures::geography_olympiad(&mut db.conn(), true);
    let state = state(&db);
    (db, state, olympiad)
}

/// A benchmark's size from the environment (`BENCH_LEARNERS`, `BENCH_CONNECTIONS`), or its default.
pub fn setting(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// How a benchmark binary ends: a failed run's error on standard error, named by the benchmark.
pub fn finish(bench: &str, outcome: Result<(), String>) -> std::process::ExitCode {
    match outcome {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("{bench}: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Prints one result line, the only thing a benchmark writes to standard output.
pub fn report(name: &str, value: f64, unit: &str) {
    println!("bench {name} {value:.1} {unit}");
}

/// Prints a ratio, with the three decimals a ratio near 1 needs.
pub fn report_ratio(name: &str, value: f64) {
    println!("bench {name} {value:.3} ratio");
}

pub fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

/// Sends the request with the bearer `token` to the application in this process, and answers the
/// body; a request that fails stops the benchmark (the timing of a refusal means nothing).
pub async fn answered<S, B>(app: &S, request: TestRequest, token: &str) -> web::Bytes
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let request = request.insert_header(("Authorization", format!("Bearer {token}")));
    let request = request.to_request();
    let uri = request.uri().to_string();
    let response = call_service(app, request).await;
    assert!(
        response.status().is_success(),
        "{uri}: {}",
        response.status()
    );
    read_body(response).await
}

/// The median of `runs` timings of `work` (after one run to warm caches), in milliseconds.
pub async fn median_ms<F, Fut>(runs: usize, mut work: F) -> f64
where
    F: FnMut() -> Fut,
    Fut: std::future::Future,
{
    work().await;
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let start = Instant::now();
        work().await;
        times.push(millis(start.elapsed()));
    }
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}
