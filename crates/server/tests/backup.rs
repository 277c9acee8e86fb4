//! `olympiad backup` and `olympiad restore` on the backend TEST_DATABASE names: a database with the
//! demo data and learners' answers is backed up, restored into a new, empty database, and every
//! table of the two is compared row by row. A restore into a database that has tables is refused.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a test: a panic is the failure

use olympiad_bench::fixtures::enter_many;
use olympiad_bench::server::command;
use olympiad_persistence::backup::{table_names, table_rows};
use olympiad_persistence::testing::TestDatabase;
use std::path::Path;
use std::process::Output;

fn olympiad(db: &TestDatabase, data: &Path, args: &[&str]) -> Output {
    command(Path::new(env!("CARGO_BIN_EXE_olympiad")), &db.url(), data)
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn a_backup_restored_into_a_new_database_holds_every_row() {
    let data = tempfile::tempdir().unwrap();
    let original = TestDatabase::new();
    let seeded = olympiad(
        &original,
        data.path(),
        &["seed-demo", "--password", "backup-demo"],
    );
    assert!(seeded.status.success(), "{seeded:?}");
    enter_many(&mut original.conn(), "geography", 5, "backup-password").unwrap();

    let file = data.path().join("olympiad.backup");
    let file_arg = file.to_str().unwrap();
    let backed_up = olympiad(&original, data.path(), &["backup", file_arg]);
    assert!(backed_up.status.success(), "{backed_up:?}");
    // A backup never overwrites a file.
    assert!(!olympiad(&original, data.path(), &["backup", file_arg])
        .status
        .success());

    let restored = TestDatabase::blank();
    let done = olympiad(&restored, data.path(), &["restore", file_arg]);
    assert!(done.status.success(), "{done:?}");

    let (mut before, mut after) = (original.conn(), restored.conn());
    let tables = table_names(&mut before).unwrap();
    assert!(tables.len() > 40, "too few tables: {tables:?}");
    assert_eq!(tables, table_names(&mut after).unwrap());
    let mut rows = 0;
    for table in &tables {
        let expected = table_rows(&mut before, table).unwrap();
        assert_eq!(
            expected,
            table_rows(&mut after, table).unwrap(),
            "table {table} differs"
        );
        rows += expected.len();
    }
    assert!(rows > 200, "too little data compared: {rows} rows");
    drop((before, after));

    // The restored database is up to date and takes new rows (its sequences came along).
    let migrated = olympiad(&restored, data.path(), &["migrate"]);
    assert!(
        String::from_utf8_lossy(&migrated.stdout).starts_with("0 migration(s)"),
        "{migrated:?}"
    );
    let created = olympiad(
        &restored,
        data.path(),
        &[
            "create-user",
            "--email",
            "after-restore@example.org",
            "--password",
            "after-restore-password",
            "--role",
            "teacher",
        ],
    );
    assert!(created.status.success(), "{created:?}");

    // A database that has tables is never restored over.
    let refused = olympiad(&original, data.path(), &["restore", file_arg]);
    assert!(!refused.status.success());
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("new, empty database"),
        "{refused:?}"
    );
}
