//! Throwaway PostgreSQL clusters of the tests' own, through `scripts/postgres-cluster.sh`: a
//! primary, a streaming replica of it, and the faults a real one meets (a crash, a promotion, a
//! restart).

use diesel::{Connection, PgConnection};
use olympiad_bench::server::free_port;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A cluster started by the script, stopped (and its folder removed) however the test ends.
pub struct Cluster {
    pub dir: PathBuf,
    pub url: String,
}

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/postgres-cluster.sh")
}

impl Cluster {
    fn run(args: &[&str]) -> String {
        let out = Command::new("bash")
            .arg(script())
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "postgres-cluster.sh {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap().trim().to_owned()
    }

    pub fn primary() -> Cluster {
        let dir = tempfile::Builder::new()
            .prefix("olympiad-primary.")
            .tempdir()
            .unwrap()
            .keep();
        let port = free_port().unwrap().to_string();
        let url = Self::run(&["start", dir.to_str().unwrap(), &port]);
        Cluster { dir, url }
    }

    pub fn replica_of(primary: &Cluster) -> Cluster {
        let dir = tempfile::Builder::new()
            .prefix("olympiad-replica.")
            .tempdir()
            .unwrap()
            .keep();
        let port = free_port().unwrap().to_string();
        let url = Self::run(&[
            "replica",
            primary.dir.to_str().unwrap(),
            dir.to_str().unwrap(),
            &port,
        ]);
        Cluster { dir, url }
    }

    pub fn connect(&self) -> PgConnection {
        PgConnection::establish(&self.url).unwrap()
    }

    pub fn stop(&self) {
        Self::run(&["stop", self.dir.to_str().unwrap()]);
    }

    /// Stops the cluster in `dir` at once, as a machine lost would (`pg_ctl stop -m immediate`).
    /// The faults take a cluster's folder, so that they can be done on a thread of their own.
    pub fn crash_in(dir: &Path) {
        Self::run(&["crash", dir.to_str().unwrap()]);
    }

    /// Makes the replica in `dir` the primary (`pg_ctl promote`), waiting until it takes writes.
    pub fn promote_in(dir: &Path) {
        Self::run(&["promote", dir.to_str().unwrap()]);
    }

    /// Restarts the cluster in `dir` with its fast shutdown (`pg_ctl restart -m fast`): every
    /// connection to it is dropped.
    pub fn restart_in(dir: &Path) {
        Self::run(&["restart", dir.to_str().unwrap()]);
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = Command::new("bash")
            .arg(script())
            .args(["stop", self.dir.to_str().unwrap()])
            .output();
    }
}
