//! The nodes are restarted one after the other during the sitting, as an upgrade does: each is
//! sent SIGTERM, stops taking requests, finishes those in flight, writes what its answer writer
//! and group commit hold, exits cleanly, and is started again before the next one goes. The
//! devices send their saves to whichever node answers; nothing acknowledged is lost.
//!
//! On PostgreSQL two nodes share the database; a SQLite file serves one node, so there the one
//! node is restarted and the devices wait for it.

use super::devices::{save_through, seeded, started};
use olympiad_bench::client::client;
use olympiad_bench::server::{free_port, ServerProcess};
use olympiad_persistence::testing::{backend, TestDatabase};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const LEARNERS: usize = 16;
const SETTINGS: [(&str, &str); 1] = [("JWT_SECRET", "a-jwt-secret-shared-by-every-node-restarted")];

/// A node as its service manager knows it: its place, and the process running there.
struct Node {
    port: u16,
    data: PathBuf,
    process: ServerProcess,
}

#[test]
fn rolling_restart() {
    let db = TestDatabase::new();
    let bin = Path::new(env!("CARGO_BIN_EXE_olympiad"));
    let data = tempfile::tempdir().unwrap();
    let usernames = seeded(bin, &db.url(), data.path(), LEARNERS);
    let count = if backend() == "postgres" { 2 } else { 1 };
    let folders: Vec<_> = (0..count).map(|_| tempfile::tempdir().unwrap()).collect();
    let nodes: Vec<Node> = folders
        .iter()
        .map(|folder| {
            let port = free_port().unwrap();
            let data = folder.path().to_path_buf();
            let process =
                ServerProcess::start_with(bin, &db.url(), &data, port, &SETTINGS).unwrap();
            Node {
                port,
                data,
                process,
            }
        })
        .collect();
    let bases: Vec<String> = nodes
        .iter()
        .map(|node| node.process.base_url.clone())
        .collect();
    let nodes = Arc::new(Mutex::new(nodes));

    let run = actix_web::rt::System::new().block_on(async {
        let learners = started(&client(LEARNERS), &bases, &usernames).await;
        let url = db.url();
        let fault = async {
            for n in 0..count {
                actix_web::rt::time::sleep(Duration::from_millis(1200)).await;
                let (nodes, url, bin) = (Arc::clone(&nodes), url.clone(), bin.to_path_buf());
                actix_web::rt::task::spawn_blocking(move || {
                    let mut nodes = nodes.lock().unwrap();
                    let node = &mut nodes[n];
                    let exit = node.process.terminate().unwrap();
                    assert!(exit.success(), "node {n} stopped with {exit}");
                    node.process =
                        ServerProcess::start_with(&bin, &url, &node.data, node.port, &SETTINGS)
                            .unwrap();
                })
                .await
                .unwrap();
            }
        };
        save_through(&bases, learners, fault, Duration::from_secs(2)).await
    });

    let (pause, _) = run.longest_pause();
    println!(
        "rolling_restart: {count} node(s) restarted in turn; writes stopped for {:.1} s at most ({} of {} saves not acknowledged, sent again)",
        pause.as_secs_f64(),
        run.unacknowledged(),
        run.saves.len()
    );
    run.assert_nothing_lost(&bases[0]);
}
