//! PostgreSQL restarts mid-sitting (an upgrade, a crash, a provider's maintenance):
//! `pg_ctl restart -m fast` drops every pooled connection of two nodes at once while learners
//! save through both. The pools drop the dead connections and open new ones, no save is refused
//! for longer than the restart's own time, nothing acknowledged is lost, and neither node needs a
//! restart. Prints how long writes stopped.
//!
//! PostgreSQL only (`TEST_DATABASE=postgres`); the cluster is the test's own, as restarting the
//! one the other tests share would fail them.

use super::devices::{save_through, seconds, seeded, started};
use crate::clusters::Cluster;
use crate::common::start_nodes;
use olympiad_bench::client::client;
use olympiad_persistence::testing::backend;
use std::cell::Cell;
use std::path::Path;
use std::time::{Duration, Instant};

const LEARNERS: usize = 16;

#[test]
fn pg_restart() {
    if backend() != "postgres" {
        eprintln!("a PostgreSQL restart needs PostgreSQL: run with TEST_DATABASE=postgres");
        return;
    }
    let cluster = Cluster::primary();
    let bin = Path::new(env!("CARGO_BIN_EXE_olympiad"));
    let data = tempfile::tempdir().unwrap();
    let usernames = seeded(bin, &cluster.url, data.path(), LEARNERS);
    let settings = [(
        "JWT_SECRET",
        "a-jwt-secret-shared-by-both-nodes-of-the-restart",
    )];
    let nodes = start_nodes(bin, &cluster.url, 2, &settings);
    let bases = nodes.bases.clone();

    let restart = Cell::new(None);
    let run = actix_web::rt::System::new().block_on(async {
        let learners = started(&client(LEARNERS), &bases, &usernames).await;
        let fault = async {
            actix_web::rt::time::sleep(Duration::from_millis(1500)).await;
            let dir = cluster.dir.clone();
            let began = Instant::now();
            actix_web::rt::task::spawn_blocking(move || Cluster::restart_in(&dir))
                .await
                .unwrap();
            restart.set(Some((began, Instant::now())));
        };
        save_through(&bases, learners, fault, Duration::from_secs(3)).await
    });

    let (began, restarted) = restart.get().unwrap();
    let (pause, _) = run.longest_pause();
    println!(
        "pg_restart: the restart took {:.1} s; writes stopped for {:.1} s at most ({} saves not acknowledged, sent again)",
        seconds(began, restarted),
        pause.as_secs_f64(),
        run.unacknowledged(),
    );
    // No longer than the restart itself and the pools' reconnection (a bound, not a timing).
    assert!(
        pause < Duration::from_secs(15),
        "writes stopped for {pause:?} around a restart of {:?}",
        restarted - began
    );
    run.assert_nothing_lost(&bases[1]);
}
