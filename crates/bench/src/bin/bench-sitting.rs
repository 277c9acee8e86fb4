//! `bench-sitting`: olympiad morning against the release binary, on a fresh database (SQLite, or
//! PostgreSQL when `BENCH_DATABASE_URL` names a server) with the demo paper. It enters
//! `BENCH_LEARNERS` learners (10,000), then
//! 1. the spike: every learner signs in, then every learner accepts the declaration, gets the
//!    recovery code, starts and opens the paper, over `BENCH_CONNECTIONS` connections (256);
//! 2. sustained saves: the learners save answers over the same connections for `BENCH_SECONDS` (20);
//! 3. the raw ceiling of the same database: one-row upsert transactions, nothing else.
//!
//! It prints `bench <name> <value> <unit>` lines.

use actix_web::rt::System;
use futures_util::future::join_all;
use olympiad_bench::client::{client, save_next, sign_in, start, Learner};
use olympiad_bench::server::{Demo, LEARNER_PASSWORD};
use olympiad_bench::stats::Latencies;
use olympiad_bench::{database, finish, report, setting};
use olympiad_persistence::{open_pool, write_transaction, Database, DbConnection, DbError};
use std::cell::RefCell;
use std::process::ExitCode;
use std::rc::Rc;
use std::time::{Duration, Instant};

struct Plan {
    learners: usize,
    connections: usize,
    seconds: u64,
}

fn main() -> ExitCode {
    let plan = Plan {
        learners: setting("BENCH_LEARNERS", 10_000),
        connections: setting("BENCH_CONNECTIONS", 256),
        seconds: setting("BENCH_SECONDS", 20) as u64,
    };
    finish("bench-sitting", run(&plan))
}

fn run(plan: &Plan) -> Result<(), String> {
    let (demo, usernames) = Demo::with_learners(database(), plan.learners)?;
    let mut server = demo.serve(&[])?;
    let base = server.base_url.clone();
    let (connections, seconds) = (plan.connections, plan.seconds);
    System::new().block_on(async move {
        let learners = spike(&base, usernames, connections).await?;
        saves(&base, learners, connections, seconds).await;
        Ok::<(), String>(())
    })?;
    server.kill();
    raw_ceiling(&demo.db.database)
}

/// Runs `work` for every item, `connections` at a time; answers the results in order, the
/// latencies, and the seconds it all took.
async fn all_at_once<T, R, F, Fut>(
    items: Vec<T>,
    connections: usize,
    work: F,
) -> Result<(Vec<R>, Latencies, f64), String>
where
    F: Fn(T) -> Fut,
    Fut: std::future::Future<Output = Result<R, String>>,
{
    let queue = Rc::new(RefCell::new(items.into_iter().enumerate()));
    let results = Rc::new(RefCell::new(Vec::new()));
    let latencies = Rc::new(RefCell::new(Latencies::default()));
    let began = Instant::now();
    let workers = (0..connections).map(|_| {
        let (queue, results, latencies, work) = (
            Rc::clone(&queue),
            Rc::clone(&results),
            Rc::clone(&latencies),
            &work,
        );
        async move {
            loop {
                let Some((n, item)) = queue.borrow_mut().next() else {
                    break;
                };
                let at = Instant::now();
                let result = work(item).await?;
                latencies.borrow_mut().record(at.elapsed());
                results.borrow_mut().push((n, result));
            }
            Ok::<(), String>(())
        }
    });
    for outcome in join_all(workers).await {
        outcome?;
    }
    let elapsed = began.elapsed().as_secs_f64();
    let mut results = Rc::try_unwrap(results)
        .map_err(|_| "results still shared")?
        .into_inner();
    results.sort_by_key(|(n, _)| *n);
    let latencies = Rc::try_unwrap(latencies)
        .map_err(|_| "latencies still shared")?
        .into_inner();
    Ok((
        results.into_iter().map(|(_, r)| r).collect(),
        latencies,
        elapsed,
    ))
}

/// Olympiad morning: every learner signs in at once, then every learner starts (declaration,
/// recovery code, start, the paper) at once, `connections` at a time.
async fn spike(
    base: &str,
    usernames: Vec<String>,
    connections: usize,
) -> Result<Vec<Learner>, String> {
    let http = client(connections);
    let (tokens, mut signins, elapsed) = all_at_once(usernames.clone(), connections, |username| {
        let http = http.clone();
        async move {
            sign_in(&http, base, &username, LEARNER_PASSWORD, "geography")
                .await
                .map(|token| (username, token))
        }
    })
    .await?;
    report(
        "sitting_signins_per_second",
        (tokens.len() as f64 / elapsed).round(),
        "per_s",
    );
    report("sitting_signin_p50", signins.percentile_ms(50.0), "ms");
    report("sitting_signin_p99", signins.percentile_ms(99.0), "ms");
    let (learners, mut starts, elapsed) = all_at_once(tokens, connections, |(username, token)| {
        let http = http.clone();
        async move { start(&http, base, &username, &token).await }
    })
    .await?;
    report(
        "sitting_starts_per_second",
        (learners.len() as f64 / elapsed).round(),
        "per_s",
    );
    report("sitting_start_p50", starts.percentile_ms(50.0), "ms");
    report("sitting_start_p99", starts.percentile_ms(99.0), "ms");
    Ok(learners)
}

/// The learners save answers, one answer a request, for `seconds`.
async fn saves(base: &str, learners: Vec<Learner>, connections: usize, seconds: u64) {
    let http = client(connections);
    let mut groups: Vec<Vec<Learner>> = (0..connections).map(|_| Vec::new()).collect();
    for (i, learner) in learners.into_iter().enumerate() {
        groups[i % connections].push(learner);
    }
    let began = Instant::now();
    let deadline = began + Duration::from_secs(seconds);
    let workers = groups
        .into_iter()
        .filter(|g| !g.is_empty())
        .map(|mut group| {
            let http = http.clone();
            async move {
                let (mut latencies, mut saved, mut errors) = (Latencies::default(), 0usize, 0usize);
                let mut n = 0;
                let size = group.len();
                while Instant::now() < deadline {
                    let learner = &mut group[n % size];
                    let at = Instant::now();
                    match save_next(&http, base, learner, n / size).await {
                        Ok((answered, _)) if answered.status == 200 => saved += 1,
                        _ => errors += 1,
                    }
                    latencies.record(at.elapsed());
                    n += 1;
                }
                (latencies, saved, errors)
            }
        });
    let (mut latencies, mut saved, mut errors) = (Latencies::default(), 0, 0);
    for (l, s, e) in join_all(workers).await {
        latencies.merge(l);
        saved += s;
        errors += e;
    }
    let elapsed = began.elapsed().as_secs_f64();
    report(
        "sitting_saves_per_second",
        (saved as f64 / elapsed).round(),
        "per_s",
    );
    report("sitting_save_p50", latencies.percentile_ms(50.0), "ms");
    report("sitting_save_p99", latencies.percentile_ms(99.0), "ms");
    report("sitting_save_errors", errors as f64, "errors");
}

/// One-row upsert transactions straight on the database, as fast as it takes them: one writer on
/// SQLite (it has one at a time), sixteen on PostgreSQL.
fn raw_ceiling(database: &Database) -> Result<(), String> {
    let writers = match database {
        Database::Postgres(_) => 16,
        Database::Sqlite(_) => 1,
    };
    let pool = open_pool(database, writers).map_err(|e| e.to_string())?;
    let mut conn = pool.get().map_err(|e| e.to_string())?;
    diesel::connection::SimpleConnection::batch_execute(
        &mut *conn,
        "CREATE TABLE bench_upserts (id BIGINT PRIMARY KEY, value BIGINT NOT NULL)",
    )
    .map_err(|e| e.to_string())?;
    drop(conn);
    let run_for = Duration::from_secs(5);
    let began = Instant::now();
    let threads: Vec<_> = (0..writers)
        .map(|w| {
            let pool = pool.clone();
            std::thread::spawn(move || -> Result<u64, String> {
                let mut conn = pool.get().map_err(|e| e.to_string())?;
                let mut done = 0u64;
                while began.elapsed() < run_for {
                    let id = i64::try_from(w as u64 * 1_000_000 + done % 1000).unwrap_or(0);
                    write_transaction(&mut conn, |conn| {
                        upsert(conn, id, i64::try_from(done).unwrap_or(0))
                    })
                    .map_err(|e| e.to_string())?;
                    done += 1;
                }
                Ok(done)
            })
        })
        .collect();
    let mut total = 0;
    for thread in threads {
        total += thread
            .join()
            .map_err(|_| "a writer panicked".to_string())??;
    }
    report(
        "sitting_raw_upserts_per_second",
        (total as f64 / began.elapsed().as_secs_f64()).round(),
        "per_s",
    );
    Ok(())
}

fn upsert(conn: &mut DbConnection, id: i64, value: i64) -> Result<(), DbError> {
    use diesel::sql_types::BigInt;
    use diesel::RunQueryDsl;
    diesel::sql_query(
        "INSERT INTO bench_upserts (id, value) VALUES ($1, $2) \
         ON CONFLICT (id) DO UPDATE SET value = excluded.value",
    )
    .bind::<BigInt, _>(id)
    .bind::<BigInt, _>(value)
    .execute(conn)?;
    Ok(())
}
