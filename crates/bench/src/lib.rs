//! What the benchmark binaries and the durability test share: a fresh database (SQLite, or
//! PostgreSQL when `BENCH_DATABASE_URL` names a server), the application on it (in this process,
//! or the real `olympiad` binary), a client that does what a learner's phone does, and timing.

#![allow(clippy::expect_used, clippy::unwrap_used)] // a benchmark that cannot set up has failed

pub mod client;
pub mod fixtures;
pub mod rush;
pub mod server;
pub mod stats;

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

pub fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

/// The median of `runs` timings of `work` (after one run to warm caches), in milliseconds.
pub async fn median_ms<F, Fut>(runs: usize, mut work: F) -> f64
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = ()>,
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
