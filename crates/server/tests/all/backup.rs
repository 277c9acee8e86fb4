//! `olympiad backup`, `verify-backup` and `restore` on the backend TEST_DATABASE names: the demo
//! data with learners, its question pictures and a paid order with its proof of payment are backed
//! up into one archive, checked, restored into a new, empty database and DATA_DIR, and every table
//! and every file of the two is compared. A damaged archive is refused before anything is written;
//! a restore into a database that has tables, or a DATA_DIR that has files, is refused.

use olympiad_bench::fixtures::enter_many;
use olympiad_bench::server::command;
use olympiad_persistence::backup::{table_names, table_rows};
use olympiad_persistence::testing::TestDatabase;
use std::path::{Path, PathBuf};
use std::process::Output;

fn olympiad(db: &TestDatabase, data: &Path, args: &[&str]) -> Output {
    command(Path::new(env!("CARGO_BIN_EXE_olympiad")), &db.url(), data)
        .args(args)
        .output()
        .unwrap()
}

/// Every file under `root` by its path relative to it, with its bytes.
fn files(root: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut found = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for item in std::fs::read_dir(&folder).unwrap() {
            let path = item.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                found.push((path.strip_prefix(root).unwrap().to_path_buf(), bytes));
            }
        }
    }
    found.sort();
    found
}

/// An order for the first school entry, paid from an uploaded proof of payment (a file).
fn paid_order_with_proof(db: &TestDatabase, uploads: &Path) {
    let mut conn = db.conn();
    let overlord = olympiad_bench::fixtures::overlord(&mut conn);
    let order = olympiad_bench::fixtures::first_entry_order(&mut conn);
    let proof = olympiad_office::payment_proofs::upload(
        &mut conn,
        &overlord,
        order,
        "proof.pdf",
        b"%PDF-1.4 the bank's proof of an EFT",
        &olympiad_storage::Storage::folder(uploads),
    )
    .unwrap();
    let paid =
        olympiad_office::payment_proofs::accept(&mut conn, &overlord, order, proof.id).unwrap();
    assert!(paid.row.order.paid);
}

#[test]
fn a_backup_restored_into_a_new_place_holds_every_row_and_every_file() {
    let data = tempfile::tempdir().unwrap();
    let original = TestDatabase::new();
    let seeded = olympiad(
        &original,
        data.path(),
        &["seed-demo", "--password", "backup-demo"],
    );
    assert!(seeded.status.success(), "{seeded:?}");
    enter_many(&mut original.conn(), "geography", 5, "backup-password").unwrap();
    paid_order_with_proof(&original, &data.path().join("uploads"));
    // The signing secret a served platform keeps in DATA_DIR.
    std::fs::write(data.path().join("jwt-secret"), "s".repeat(64)).unwrap();
    let stored = files(&data.path().join("uploads"));
    assert!(
        stored.len() >= 2,
        "the demo's pictures and the proof: {stored:?}"
    );

    let archives = tempfile::tempdir().unwrap();
    let file = archives.path().join("olympiad.backup");
    let file_arg = file.to_str().unwrap();
    let backed_up = olympiad(&original, data.path(), &["backup", file_arg]);
    assert!(backed_up.status.success(), "{backed_up:?}");
    // A backup never overwrites a file.
    assert!(!olympiad(&original, data.path(), &["backup", file_arg])
        .status
        .success());
    let verified = olympiad(&original, data.path(), &["verify-backup", file_arg]);
    assert!(
        String::from_utf8_lossy(&verified.stdout).contains("is sound"),
        "{verified:?}"
    );

    // One byte changed in the archive is found, and such an archive is not restored.
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x55;
    let damaged = archives.path().join("damaged.backup");
    std::fs::write(&damaged, bytes).unwrap();
    let checked = olympiad(
        &original,
        data.path(),
        &["verify-backup", damaged.to_str().unwrap()],
    );
    assert!(!checked.status.success(), "{checked:?}");
    let elsewhere = tempfile::tempdir().unwrap();
    let blank = TestDatabase::blank();
    let refused = olympiad(
        &blank,
        elsewhere.path(),
        &["restore", damaged.to_str().unwrap()],
    );
    assert!(!refused.status.success(), "{refused:?}");
    assert!(table_names(&mut blank.conn()).unwrap().is_empty());
    assert!(!elsewhere.path().join("jwt-secret").exists());

    let restored = TestDatabase::blank();
    let place = tempfile::tempdir().unwrap();
    let done = olympiad(&restored, place.path(), &["restore", file_arg]);
    assert!(done.status.success(), "{done:?}");
    assert_eq!(files(&place.path().join("uploads")), stored);
    assert_eq!(
        std::fs::read(place.path().join("jwt-secret")).unwrap(),
        std::fs::read(data.path().join("jwt-secret")).unwrap(),
        "signed-in people stay signed in"
    );

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
    let migrated = olympiad(&restored, place.path(), &["migrate"]);
    assert!(
        String::from_utf8_lossy(&migrated.stdout).starts_with("0 migration(s)"),
        "{migrated:?}"
    );
    let created = olympiad(
        &restored,
        place.path(),
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

    // A database that has tables, or a DATA_DIR with files, is never restored over.
    let refused = olympiad(&TestDatabase::blank(), place.path(), &["restore", file_arg]);
    assert!(!refused.status.success());
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("new, empty DATA_DIR"),
        "{refused:?}"
    );
    let refused = olympiad(&original, elsewhere.path(), &["restore", file_arg]);
    assert!(!refused.status.success());
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("new, empty database"),
        "{refused:?}"
    );
}
