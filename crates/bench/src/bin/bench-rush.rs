//! `bench-rush`: nine o'clock on olympiad morning, against the release binary on a fresh database
//! (SQLite, or PostgreSQL when `BENCH_DATABASE_URL` names a server) with the demo paper. Each of
//! `BENCH_LEARNERS` learners (10,000) goes through the whole start as their phone does it, one
//! request after the other: sign in, accept the declaration, get the recovery code, start (which
//! answers with the paper: the first question on screen); `BENCH_CONNECTIONS` (256) learners at a
//! time.
//!
//! It prints `rush_starts_per_second` (learners from sign-in to first question, a second),
//! `rush_first_question_p99` (one learner's whole start) and `rush_10000_seconds` (all of them).
//! On standard error it says where the time went: each step's mean time in the server, from the
//! server's own `/metrics`.
//!
//! Then, the server stopped, the machine's own bcrypt speed: a thread for each core this process
//! may run on (two on this machine; one when `scripts/bench.sh` gives PostgreSQL a core of its own
//! with `taskset`, and the server and this client the other) checks a learner's password at the
//! learners' cost (`LEARNER_BCRYPT_COST`) for `BENCH_BCRYPT_SECONDS` (3), printed as
//! `bcrypt_checks_per_second`, and `rush_bcrypt_ratio`, whole starts a second over bcrypt checks a
//! second: the share of those cores one whole start costs, counted in sign-in checks (1 would be
//! a start costing no more than its bcrypt check, with every core on it).

use actix_web::rt::System;
use olympiad_bench::client::{client, sign_in, start};
use olympiad_bench::rush::{timed_rush, RushReport};
use olympiad_bench::server::{Demo, LEARNER_PASSWORD};
use olympiad_bench::{database, finish, report, report_ratio, setting};
use olympiad_domain::credentials::LEARNER_BCRYPT_COST;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Lets the benchmark read the server's `/metrics` (a made-up secret for a throwaway server).
const SCRAPE_SECRET: &str = "bench-rush-scrape-secret-0123456789abcdef";
/// The routes of a learner's start, in its order, as `/metrics` names them.
const STEPS: [(&str, &str); 4] = [
    ("POST", "/api/auth/signin"),
    ("POST", "/api/sitting/declaration"),
    ("POST", "/api/sitting/recovery-code"),
    ("POST", "/api/sitting/start"),
];

fn main() -> ExitCode {
    let learners = setting("BENCH_LEARNERS", 10_000);
    let connections = setting("BENCH_CONNECTIONS", 256);
    finish("bench-rush", run(learners, connections))
}

fn run(learners: usize, connections: usize) -> Result<(), String> {
    let (demo, usernames) = Demo::with_learners(database(), learners)?;
    let mut server = demo.serve(&[("METRICS_SECRET", SCRAPE_SECRET)])?;
    let base = server.base_url.clone();
    let starts_per_second = System::new().block_on(async {
        let rate = rush(&base, usernames, connections).await?;
        where_the_time_went(&base).await?;
        Ok::<f64, String>(rate)
    })?;
    server.kill();
    let seconds = setting("BENCH_BCRYPT_SECONDS", 3) as u64;
    // The cores this process may use, as its affinity has them (`taskset`), not the machine's.
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let checks_per_second = bcrypt_checks_per_second(cores, Duration::from_secs(seconds))?;
    report(
        "bcrypt_checks_per_second",
        checks_per_second.round(),
        "per_second",
    );
    report_ratio("rush_bcrypt_ratio", starts_per_second / checks_per_second);
    Ok(())
}

/// Learners' password checks a second on `threads` threads for `lasting`: each thread checks the
/// learners' password against a hash made at the learners' cost, as a sign-in does.
fn bcrypt_checks_per_second(threads: usize, lasting: Duration) -> Result<f64, String> {
    let hash = bcrypt::hash(LEARNER_PASSWORD, LEARNER_BCRYPT_COST).map_err(|e| e.to_string())?;
    let began = Instant::now();
    let checks = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut checks = 0u64;
                    while began.elapsed() < lasting {
                        if !matches!(bcrypt::verify(LEARNER_PASSWORD, &hash), Ok(true)) {
                            return Err("the learners' password did not check".to_owned());
                        }
                        checks += 1;
                    }
                    Ok(checks)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| {
                w.join()
                    .map_err(|_| "a bcrypt thread panicked".to_owned())?
            })
            .sum::<Result<u64, String>>()
    })?;
    Ok(checks as f64 / began.elapsed().as_secs_f64())
}

/// Every learner from sign-in to their first question, `connections` learners at a time; each
/// learner's requests follow one another as on their phone.
async fn rush(base: &str, usernames: Vec<String>, connections: usize) -> Result<f64, String> {
    let http = client(connections);
    let names = RushReport {
        name: "rush",
        p99: "rush_first_question_p99",
    };
    timed_rush(names, usernames, connections, |username| {
        let http = &http;
        async move {
            let token = sign_in(http, base, &username, LEARNER_PASSWORD, "geography").await?;
            let learner = start(http, base, &username, &token).await?;
            if learner.answers.is_empty() {
                return Err(format!("{username} got a paper without questions"));
            }
            Ok(())
        }
    })
    .await
}

/// Each step's count and mean time in the server (from its `/metrics`), on standard error.
async fn where_the_time_went(base: &str) -> Result<(), String> {
    let mut response = client(1)
        .get(format!("{base}/metrics"))
        .insert_header(("Authorization", format!("Bearer {SCRAPE_SECRET}")))
        .send()
        .await
        .map_err(|e| e.to_string())?;
    let body = response
        .body()
        .limit(16 * 1024 * 1024)
        .await
        .map_err(|e| e.to_string())?;
    let metrics = String::from_utf8_lossy(&body);
    let value = |line_start: &str| -> f64 {
        metrics
            .lines()
            .find_map(|line| line.strip_prefix(line_start))
            .and_then(|rest| rest.trim().parse().ok())
            .unwrap_or(f64::NAN)
    };
    for (method, route) in STEPS {
        let labels = format!("{{method=\"{method}\",route=\"{route}\"}}");
        let sum = value(&format!(
            "olympiad_http_request_duration_seconds_sum{labels} "
        ));
        let count = value(&format!(
            "olympiad_http_request_duration_seconds_count{labels} "
        ));
        eprintln!(
            "rush step {method} {route}: {count} requests, mean {:.1} ms in the server",
            sum / count * 1000.0
        );
    }
    Ok(())
}
