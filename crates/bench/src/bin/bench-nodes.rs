//! `bench-nodes`: the same morning on one API node and on two, against one PostgreSQL database (on
//! SQLite, which serves one node, it prints nothing). For each, on a fresh database: `BENCH_LEARNERS`
//! learners (2,000) sign in and start (declaration, recovery code, start, the paper) over
//! `BENCH_CONNECTIONS` connections (256), each learner's calls going to the nodes in turn (no sticky
//! sessions); then they save answers for `BENCH_SECONDS` (10), each save to the next node.
//!
//! It prints `bench nodes<k>_starts_per_second`, `nodes<k>_saves_per_second` and
//! `nodes<k>_save_p99` for k = 1 and 2.

use actix_web::rt::System;
use futures_util::future::join_all;
use olympiad_bench::client::{client, save_next, sign_in, start, Learner};
use olympiad_bench::server::{Demo, LEARNER_PASSWORD};
use olympiad_bench::stats::Latencies;
use olympiad_bench::{database, finish, report, setting};
use olympiad_persistence::Database;
use std::process::ExitCode;
use std::time::{Duration, Instant};

fn main() -> ExitCode {
    finish("bench-nodes", [1, 2].into_iter().try_for_each(run))
}

fn run(nodes: usize) -> Result<(), String> {
    let (learners, connections, seconds) = (
        setting("BENCH_LEARNERS", 2_000),
        setting("BENCH_CONNECTIONS", 256),
        setting("BENCH_SECONDS", 10) as u64,
    );
    let db = database();
    if matches!(db.database, Database::Sqlite(_)) {
        return Ok(());
    }
    let (demo, usernames) = Demo::with_learners(db, learners)?;
    // Started one after the other: each reads the JWT secret the first kept in the data folder.
    let mut servers = Vec::new();
    for _ in 0..nodes {
        servers.push(demo.serve(&[])?);
    }
    let bases: Vec<String> = servers.iter().map(|s| s.base_url.clone()).collect();
    System::new().block_on(async move {
        let http = client(connections);
        // Every learner's sign-in and start, `connections` learners at a time.
        let mut groups: Vec<Vec<(usize, String)>> = vec![Vec::new(); connections];
        for (i, username) in usernames.into_iter().enumerate() {
            groups[i % connections].push((i, username));
        }
        let began = Instant::now();
        let started = join_all(groups.into_iter().map(|group| {
            let (http, bases) = (http.clone(), &bases);
            async move {
                let mut learners = Vec::new();
                for (i, username) in group {
                    let (first, second) = (&bases[i % nodes], &bases[(i + 1) % nodes]);
                    let token =
                        sign_in(&http, first, &username, LEARNER_PASSWORD, "geography").await?;
                    learners.push(start(&http, second, &username, &token).await?);
                }
                Ok::<Vec<Learner>, String>(learners)
            }
        }))
        .await;
        let elapsed = began.elapsed().as_secs_f64();
        let mut groups = Vec::new();
        for group in started {
            groups.push(group?);
        }
        let count: usize = groups.iter().map(Vec::len).sum();
        report(
            &format!("nodes{nodes}_starts_per_second"),
            (count as f64 / elapsed).round(),
            "per_s",
        );

        let began = Instant::now();
        let deadline = began + Duration::from_secs(seconds);
        let outcomes = join_all(
            groups
                .into_iter()
                .filter(|g| !g.is_empty())
                .map(|mut group| {
                    let (http, bases) = (http.clone(), &bases);
                    async move {
                        let (mut latencies, mut saved) = (Latencies::default(), 0usize);
                        let mut n = 0;
                        let size = group.len();
                        while Instant::now() < deadline {
                            let at = Instant::now();
                            let base = &bases[n % nodes];
                            if let Ok((answered, _)) =
                                save_next(&http, base, &mut group[n % size], n / size).await
                            {
                                saved += usize::from(answered.status == 200);
                            }
                            latencies.record(at.elapsed());
                            n += 1;
                        }
                        (latencies, saved)
                    }
                }),
        )
        .await;
        let (mut latencies, mut saved) = (Latencies::default(), 0);
        for (l, s) in outcomes {
            latencies.merge(l);
            saved += s;
        }
        let elapsed = began.elapsed().as_secs_f64();
        report(
            &format!("nodes{nodes}_saves_per_second"),
            (saved as f64 / elapsed).round(),
            "per_s",
        );
        report(
            &format!("nodes{nodes}_save_p99"),
            latencies.percentile_ms(99.0),
            "ms",
        );
        Ok::<(), String>(())
    })?;
    drop(servers);
    Ok(())
}
