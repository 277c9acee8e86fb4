//! The primary is lost for good: two nodes name both hosts in libpq's multi-host form (writes
//! with `target_session_attrs=read-write`, reads that can wait with `prefer-standby`), learners
//! save through both, the primary is stopped at once (`pg_ctl stop -m immediate`) and its
//! synchronous standby promoted. Every answer acknowledged before and after is on the new
//! primary, the saves refused in between were sent again by the devices, and the nodes found the
//! new primary without a restart. Prints how long writes stopped.
//!
//! PostgreSQL only (`TEST_DATABASE=postgres`); the pair of clusters is the test's own.

use super::devices::{save_through, seconds, seeded, started};
use crate::clusters::Cluster;
use crate::common::start_nodes;
use diesel::connection::SimpleConnection;
use diesel::dsl::sql;
use diesel::sql_types::Text;
use diesel::RunQueryDsl;
use olympiad_bench::client::client;
use olympiad_persistence::testing::backend;
use std::cell::Cell;
use std::path::Path;
use std::time::{Duration, Instant};

const LEARNERS: usize = 16;

/// `host:port` of a cluster's URL (`postgres://postgres@host:port/postgres`).
fn host(cluster: &Cluster) -> &str {
    let rest = cluster.url.split_once('@').unwrap().1;
    rest.split_once('/').unwrap().0
}

/// Makes the replica a synchronous standby: a commit is acknowledged once the replica has it, so
/// that the replica promoted holds everything a learner was told was saved.
fn synchronous(primary: &Cluster) {
    let mut conn = primary.connect();
    // Apart: ALTER SYSTEM refuses to run in the transaction a batch of statements makes.
    conn.batch_execute("ALTER SYSTEM SET synchronous_standby_names = '*'")
        .unwrap();
    conn.batch_execute("SELECT pg_reload_conf()").unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let state: Vec<String> = diesel::select(sql::<Text>(
            "coalesce((SELECT sync_state FROM pg_stat_replication LIMIT 1), 'none')",
        ))
        .load(&mut primary.connect())
        .unwrap();
        if state == ["sync"] {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the replica is {state:?}, not sync"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn failover() {
    if backend() != "postgres" {
        eprintln!("failing over needs PostgreSQL and its replica: run with TEST_DATABASE=postgres");
        return;
    }
    let primary = Cluster::primary();
    let replica = Cluster::replica_of(&primary);
    synchronous(&primary);
    let hosts = format!(
        "postgres://postgres@{},{}/postgres",
        host(&primary),
        host(&replica)
    );
    let writes = format!("{hosts}?target_session_attrs=read-write");
    let reads = format!("{hosts}?target_session_attrs=prefer-standby");

    let bin = Path::new(env!("CARGO_BIN_EXE_olympiad"));
    let data = tempfile::tempdir().unwrap();
    let usernames = seeded(bin, &writes, data.path(), LEARNERS);
    let settings = [
        (
            "JWT_SECRET",
            "a-jwt-secret-shared-by-both-nodes-of-the-failover",
        ),
        ("DATABASE_READ_URL", reads.as_str()),
    ];
    let nodes = start_nodes(bin, &writes, 2, &settings);
    let bases = nodes.bases.clone();

    let promoted_at = Cell::new(None);
    let run = actix_web::rt::System::new().block_on(async {
        let learners = started(&client(LEARNERS), &bases, &usernames).await;
        let fault = async {
            actix_web::rt::time::sleep(Duration::from_millis(1500)).await;
            // The primary's machine is gone; a second later the operator (or a failover manager)
            // promotes the standby.
            let (primary_dir, replica_dir) = (primary.dir.clone(), replica.dir.clone());
            actix_web::rt::task::spawn_blocking(move || {
                Cluster::crash_in(&primary_dir);
                std::thread::sleep(Duration::from_secs(1));
                Cluster::promote_in(&replica_dir);
            })
            .await
            .unwrap();
            promoted_at.set(Some(Instant::now()));
        };
        save_through(&bases, learners, fault, Duration::from_secs(3)).await
    });

    let promoted_at = promoted_at.get().unwrap();
    let (pause, _) = run.longest_pause();
    let back = seconds(promoted_at, run.first_acknowledged_after(promoted_at));
    println!(
        "failover: writes stopped for {:.1} s at most ({} saves not acknowledged, sent again); the first save acknowledged {back:.1} s after the promotion",
        pause.as_secs_f64(),
        run.unacknowledged(),
    );
    // The nodes found the new primary by themselves (a bound, not a timing).
    assert!(
        back < 30.0,
        "no save acknowledged within 30 s of the promotion"
    );
    run.assert_nothing_lost(&bases[0]);
}
