//! SQLite's counterpart of a database that stops taking writes for a while: another process holds
//! the database's write lock longer than every writer waits for it (its busy timeout, 10 s), as a
//! long maintenance transaction or a copy taken the wrong way would. Saves waiting on the lock are
//! answered "try again" once their patience runs out, never acknowledged and dropped; the devices
//! send them again, and once the lock is let go everything is written without a restart.
//!
//! SQLite only (`TEST_DATABASE=sqlite`, the default).

use super::devices::{save_through, seconds, seeded, started};
use diesel::connection::SimpleConnection;
use diesel::{Connection, SqliteConnection};
use olympiad_bench::client::client;
use olympiad_bench::server::{free_port, ServerProcess};
use olympiad_persistence::testing::{backend, TestDatabase};
use olympiad_persistence::Database;
use std::path::Path;
use std::time::{Duration, Instant};

const LEARNERS: usize = 12;
/// Longer than the server's busy timeout, so that some saves give up waiting.
const LOCK_HELD: Duration = Duration::from_secs(12);

#[test]
fn sqlite_busy_storm() {
    if backend() != "sqlite" {
        eprintln!("SQLite's write lock: run with TEST_DATABASE=sqlite");
        return;
    }
    let db = TestDatabase::new();
    let Database::Sqlite(path) = Database::parse(&db.url()).unwrap() else {
        unreachable!("a SQLite test database")
    };
    let bin = Path::new(env!("CARGO_BIN_EXE_olympiad"));
    let data = tempfile::tempdir().unwrap();
    let usernames = seeded(bin, &db.url(), data.path(), LEARNERS);
    let port = free_port().unwrap();
    let node = ServerProcess::start(bin, &db.url(), data.path(), port).unwrap();
    let bases = vec![node.base_url.clone()];

    let run = actix_web::rt::System::new().block_on(async {
        let learners = started(&client(LEARNERS), &bases, &usernames).await;
        let fault = async {
            actix_web::rt::time::sleep(Duration::from_millis(1000)).await;
            actix_web::rt::task::spawn_blocking(move || {
                let mut holder = SqliteConnection::establish(&path).unwrap();
                // It waits its turn as the server's writers do, then keeps the lock.
                holder
                    .batch_execute("PRAGMA busy_timeout = 10000; BEGIN EXCLUSIVE")
                    .unwrap();
                std::thread::sleep(LOCK_HELD);
                holder.batch_execute("ROLLBACK").unwrap();
            })
            .await
            .unwrap();
        };
        let began = Instant::now();
        let run = save_through(&bases, learners, fault, Duration::from_secs(3)).await;
        (run, began)
    });
    let (run, began) = run;

    let (pause, ended) = run.longest_pause();
    println!(
        "sqlite_busy_storm: the lock held {} s from 1 s in; writes stopped for {:.1} s, until {:.1} s in ({} saves not acknowledged, sent again)",
        LOCK_HELD.as_secs(),
        pause.as_secs_f64(),
        seconds(began, ended),
        run.unacknowledged(),
    );
    run.assert_nothing_lost(&bases[0]);
}
