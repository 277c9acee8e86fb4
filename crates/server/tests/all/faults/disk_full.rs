//! A full disk on exam morning, on a small tmpfs that the test fills with a filler file.
//!
//! `disk_full`: `DATA_DIR` fills (the database is elsewhere, so the sitting goes on). Uploads are
//! refused in the API's envelope with a sentence that says the storage is full (507), and no
//! half-written file is ever served; a certificate run fails as a job whose last error says why,
//! and makes its ZIPs once space is freed; `olympiad backup` onto the full disk fails and leaves
//! no archive; learners keep saving all the while.
//!
//! `sqlite_disk_full`: the SQLite file itself fills while learners save. Saves are refused with a
//! status the device sends again on (507), never acknowledged and then lost; the database is
//! sound; once the filler is gone saves are taken again, without a restart.
//!
//! Both mount a tmpfs, which needs root (the machines and CI run as root); otherwise they say so
//! and pass.

use super::devices::{assert_kept, started, Acknowledged, PASSWORD};
use diesel::prelude::*;
use olympiad_bench::client::{client, save_next, Learner};
use olympiad_bench::fixtures::enter_many;
use olympiad_bench::server::{command, free_port, ServerProcess};
use olympiad_persistence::testing::{backend, TestDatabase};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

const DEMO_PASSWORD: &str = "disk-full-demo";

/// A tmpfs of its own, unmounted (and its folder removed) when dropped, a failed test included.
struct Tmpfs {
    folder: tempfile::TempDir,
}

impl Tmpfs {
    /// A tmpfs of `size` (`8m`), or none, said why, when this process may not mount one.
    fn mount(size: &str) -> Option<Tmpfs> {
        let root = std::process::Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|id| String::from_utf8_lossy(&id.stdout).trim() == "0");
        if !root {
            eprintln!("a full disk is made by mounting a small tmpfs, which needs root: skipped");
            return None;
        }
        let folder = tempfile::tempdir().unwrap();
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(folder.path())
            .output()
            .unwrap();
        if !mounted.status.success() {
            eprintln!(
                "a tmpfs cannot be mounted here ({}): skipped",
                String::from_utf8_lossy(&mounted.stderr).trim()
            );
            return None;
        }
        Some(Tmpfs { folder })
    }

    fn path(&self) -> &Path {
        self.folder.path()
    }

    /// Fills what is left with one file; answers its path, which frees the space when removed.
    fn fill(&self) -> PathBuf {
        use std::io::Write;
        let filler = self.path().join("filler");
        let mut file = std::fs::File::create(&filler).unwrap();
        let block = vec![0x5a_u8; 64 * 1024];
        loop {
            match file.write(&block) {
                Ok(0) => break,
                Ok(_) => {}
                Err(e) => {
                    assert_eq!(e.raw_os_error(), Some(28), "{e}");
                    break;
                }
            }
        }
        // The last bytes too: a block smaller than the page left is taken byte by byte.
        while file.write(&[0x5a]).is_ok_and(|n| n == 1) {}
        filler
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        // Lazily: a server still holding a file there must not keep the mount.
        let _ = std::process::Command::new("umount")
            .arg("-l")
            .arg(self.folder.path())
            .status();
    }
}

fn olympiad(bin: &Path, db_url: &str, data: &Path, args: &[&str]) -> Output {
    command(bin, db_url, data).args(args).output().unwrap()
}

async fn send(
    request: awc::ClientRequest,
    token: &str,
    body: Option<(String, Vec<u8>)>,
) -> (u16, Vec<u8>) {
    let request = request.insert_header(("Authorization", format!("Bearer {token}")));
    let sent = match body {
        Some((content_type, bytes)) => request.content_type(content_type).send_body(bytes).await,
        None => request.send().await,
    };
    let mut response = sent.unwrap();
    let status = response.status().as_u16();
    let bytes = response.body().limit(64 << 20).await.unwrap();
    (status, bytes.to_vec())
}

async fn call(
    http: &awc::Client,
    method: &str,
    url: &str,
    token: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let request = match method {
        "POST" => http.post(url),
        _ => http.get(url),
    };
    let body = body.map(|b| ("application/json".to_owned(), b.to_string().into_bytes()));
    let (status, bytes) = send(request, token, body).await;
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// One file in a part named `file`, as the apps upload it.
async fn upload(
    http: &awc::Client,
    url: &str,
    token: &str,
    filename: &str,
    bytes: &[u8],
) -> (u16, Value) {
    let boundary = "olympiaddiskfull";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{filename}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let content_type = format!("multipart/form-data; boundary={boundary}");
    let (status, bytes) = send(http.post(url), token, Some((content_type, body))).await;
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// The refusal of a full store: a 507 in the envelope, saying so and to try later.
fn assert_storage_full(what: &str, (status, body): &(u16, Value)) {
    assert_eq!(*status, 507, "{what}: {body}");
    assert_eq!(body["success"], false, "{what}: {body}");
    let message = body["errorMsg"].as_str().unwrap_or_default().to_lowercase();
    assert!(
        message.contains("storage is full") && message.contains("try again"),
        "{what}: {body}"
    );
}

/// A picture's bytes as the file manager judges them (a PNG's signature), distinct per test.
fn picture(seed: u8) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    bytes.extend((0..48 * 1024).map(|i| (i as u8).wrapping_mul(31) ^ seed));
    bytes
}

/// Every file under `root` whose name ends in `.partial`.
fn partial_files(root: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for item in std::fs::read_dir(&folder).into_iter().flatten() {
            let path = item.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "partial") {
                found.push(path);
            }
        }
    }
    found
}

async fn staff_token(http: &awc::Client, base: &str, username: &str, login: &str) -> String {
    let mut body = json!({ "username": username, "password": DEMO_PASSWORD, "loginType": login });
    if login != "overlord" {
        body["olympiadName"] = json!("geography");
    }
    let response = http
        .post(format!("{base}/api/auth/signin"))
        .send_json(&body)
        .await;
    let signed: Value = response.unwrap().json().await.unwrap();
    signed["data"]["token"]
        .as_str()
        .unwrap_or_else(|| panic!("{username}: {signed}"))
        .to_owned()
}

/// Each learner saves once more; every save must be acknowledged and is noted.
async fn all_save(
    http: &awc::Client,
    base: &str,
    learners: &mut [Learner],
    round: usize,
    acknowledged: &mut Acknowledged,
) {
    for (i, learner) in learners.iter_mut().enumerate() {
        let (answered, (question, seq, answer)) =
            save_next(http, base, learner, round).await.unwrap();
        assert_eq!(answered.status, 200, "{}", answered.body);
        acknowledged.insert((i, question), (seq, answer));
    }
}

#[test]
fn disk_full() {
    let Some(disk) = Tmpfs::mount("8m") else {
        return;
    };
    let db = TestDatabase::new();
    let data = disk.path().join("data");
    std::fs::create_dir(&data).unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_olympiad"));
    let seeded = olympiad(
        bin,
        &db.url(),
        &data,
        &["seed-demo", "--password", DEMO_PASSWORD],
    );
    assert!(seeded.status.success(), "{seeded:?}");
    let usernames = enter_many(&mut db.conn(), "geography", 4, PASSWORD).unwrap();
    // An order to which a proof of payment is uploaded.
    let order_id = olympiad_bench::fixtures::first_entry_order(&mut db.conn()).get();
    let geography: i64 = olympiad_persistence::schema::olympiads::table
        .filter(olympiad_persistence::schema::olympiads::name.eq("geography"))
        .select(olympiad_persistence::schema::olympiads::id)
        .first::<olympiad_domain::id::OlympiadId>(&mut db.conn())
        .map(|id| id.get())
        .unwrap();
    let server = ServerProcess::start(bin, &db.url(), &data, free_port().unwrap()).unwrap();
    let base = server.base_url.clone();
    let backups = disk.path().join("backups");
    std::fs::create_dir(&backups).unwrap();
    let archive = backups.join("olympiad.backup");

    let filler = actix_web::rt::System::new().block_on(async {
        let http = client(8);
        let mut learners = started(&http, std::slice::from_ref(&base), &usernames).await;
        // The first learner finishes, so that the final results have a school with certificates.
        let mut first = learners.remove(0);
        let mut acknowledged = Acknowledged::new();
        all_save(&http, &base, &mut learners, 0, &mut acknowledged).await;
        for n in 1..first.answers.len() {
            let (answered, _) = save_next(&http, &base, &mut first, n).await.unwrap();
            assert_eq!(answered.status, 200, "{}", answered.body);
        }
        let finished = http
            .post(format!("{base}/api/sitting/finish"))
            .insert_header(("Authorization", first.authorization.as_str()))
            .insert_header(("X-Attempt-Key", first.attempt_key.as_str()))
            .send()
            .await
            .unwrap();
        assert_eq!(finished.status().as_u16(), 200);
        let admin = staff_token(&http, &base, "admin@example.org", "admin").await;
        let overlord = staff_token(&http, &base, "overlord@example.org", "overlord").await;
        for state in ["moderated", "final"] {
            let body = json!({ "olympiadId": geography, "state": state, "reason": "Marked" });
            let (status, answer) = call(
                &http,
                "POST",
                &format!("{base}/api/results/state"),
                &admin,
                Some(body),
            )
            .await;
            assert_eq!(status, 200, "{answer}");
        }

        // The disk fills.
        let filler = disk.fill();

        // Uploads are refused, saying why, and leave no partial file behind.
        let attachment_url = format!("{base}/api/attachment/upload?olympiadId={geography}");
        let map = picture(1);
        let refused = upload(&http, &attachment_url, &admin, "gauteng-rivers.png", &map).await;
        assert_storage_full("a question picture", &refused);
        let proof_url = format!("{base}/api/purchase-order/{order_id}/proof");
        let proof = [b"%PDF-1.4 ".as_slice(), &picture(2)[8..]].concat();
        let refused = upload(&http, &proof_url, &admin, "proof.pdf", &proof).await;
        assert_storage_full("a proof of payment", &refused);
        // No proof was recorded, so none is served: the order's first proof is not found.
        let first_proof = format!("{proof_url}/1");
        let (status, _) = send(http.get(&first_proof), &admin, None).await;
        assert_eq!(status, 404);
        assert_eq!(partial_files(&data), Vec::<PathBuf>::new());
        let (_, attachments) = call(
            &http,
            "GET",
            &format!("{base}/api/attachment?olympiadId={geography}"),
            &admin,
            None,
        )
        .await;
        assert!(
            !attachments.to_string().contains("gauteng-rivers.png"),
            "{attachments}"
        );

        // Learners keep saving.
        all_save(&http, &base, &mut learners, 1, &mut acknowledged).await;

        // A certificate run fails as a job, with the reason for the staff to see.
        let (status, answer) = call(
            &http,
            "POST",
            &format!("{base}/api/certificate/generate?olympiadId={geography}"),
            &admin,
            Some(json!({})),
        )
        .await;
        assert_eq!(status, 200, "{answer}");
        let deadline = Instant::now() + Duration::from_secs(30);
        let failed = loop {
            let (_, tasks) = call(&http, "GET", &format!("{base}/api/task"), &overlord, None).await;
            let run = tasks["data"]["tasks"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|t| t["kind"] == "certificates" && !t["lastError"].is_null())
                .cloned();
            if let Some(run) = run {
                break run;
            }
            assert!(Instant::now() < deadline, "the run did not fail: {tasks}");
            actix_web::rt::time::sleep(Duration::from_millis(200)).await;
        };
        let reason = failed["lastError"].as_str().unwrap().to_lowercase();
        assert!(reason.contains("full"), "{failed}");
        let status_url = format!("{base}/api/certificate/generation-status?olympiadId={geography}");
        let (_, run) = call(&http, "GET", &status_url, &admin, None).await;
        assert_eq!(run["data"]["made"], 0, "{run}");
        assert_eq!(partial_files(&data), Vec::<PathBuf>::new());

        // Learners keep saving, and every save they were told of is kept.
        all_save(&http, &base, &mut learners, 2, &mut acknowledged).await;
        assert_kept(&http, &base, &learners, &acknowledged).await;
        filler
    });

    // A backup onto the full disk fails, saying so, and leaves no archive.
    let refused = olympiad(
        bin,
        &db.url(),
        &data,
        &["backup", archive.to_str().unwrap()],
    );
    assert!(!refused.status.success(), "{refused:?}");
    let said = String::from_utf8_lossy(&refused.stderr).to_lowercase();
    assert!(said.contains("full"), "{said}");
    assert!(!archive.exists(), "a partial backup was left");
    assert_eq!(
        std::fs::read_dir(&backups).unwrap().count(),
        0,
        "the backup's scratch files were left"
    );

    // Space freed: the run's next try makes its ZIPs, uploads and backups work again.
    std::fs::remove_file(&filler).unwrap();
    {
        // The retry is due at once rather than after its wait.
        use olympiad_persistence::schema::jobs;
        diesel::update(jobs::table.filter(jobs::kind.eq("certificates")))
            .set(jobs::run_at.eq(olympiad_persistence::now()))
            .execute(&mut db.conn())
            .unwrap();
    }
    actix_web::rt::System::new().block_on(async {
        let http = client(4);
        let admin = staff_token(&http, &base, "admin@example.org", "admin").await;
        let status_url = format!("{base}/api/certificate/generation-status?olympiadId={geography}");
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let (_, run) = call(&http, "GET", &status_url, &admin, None).await;
            if run["data"]["made"].as_i64().unwrap_or(0) >= 1 {
                assert_eq!(run["data"]["failed"], 0, "{run}");
                break;
            }
            assert!(
                Instant::now() < deadline,
                "the run was not made again: {run}"
            );
            actix_web::rt::time::sleep(Duration::from_millis(200)).await;
        }
        let attachment_url = format!("{base}/api/attachment/upload?olympiadId={geography}");
        let map = picture(1);
        let (status, stored) =
            upload(&http, &attachment_url, &admin, "gauteng-rivers.png", &map).await;
        assert_eq!(status, 200, "{stored}");
        let id = stored["data"]["id"].as_i64().unwrap();
        let request = http.get(format!("{base}/api/attachment/{id}"));
        let (status, served) = send(request, &admin, None).await;
        assert_eq!(status, 200);
        assert!(served == map, "the picture is served whole");
        let proof_url = format!("{base}/api/purchase-order/{order_id}/proof");
        let proof = [b"%PDF-1.4 ".as_slice(), &picture(2)[8..]].concat();
        let (status, stored) = upload(&http, &proof_url, &admin, "proof.pdf", &proof).await;
        assert_eq!(status, 200, "{stored}");
        let id = stored["data"]["id"].as_i64().unwrap();
        let (status, served) = send(http.get(format!("{proof_url}/{id}")), &admin, None).await;
        assert_eq!(status, 200);
        assert!(served == proof, "the proof is served whole");
    });
    let made = olympiad(
        bin,
        &db.url(),
        &data,
        &["backup", archive.to_str().unwrap()],
    );
    assert!(made.status.success(), "{made:?}");
    let verified = olympiad(
        bin,
        &db.url(),
        &data,
        &["verify-backup", archive.to_str().unwrap()],
    );
    assert!(
        String::from_utf8_lossy(&verified.stdout).contains("is sound"),
        "{verified:?}"
    );
    drop(server);
}

#[derive(QueryableByName)]
struct Integrity {
    #[diesel(sql_type = diesel::sql_types::Text)]
    integrity_check: String,
}

#[test]
fn sqlite_disk_full() {
    if backend() != "sqlite" {
        eprintln!("the SQLite file itself filling: run with TEST_DATABASE=sqlite");
        return;
    }
    let Some(disk) = Tmpfs::mount("16m") else {
        return;
    };
    let data = tempfile::tempdir().unwrap();
    let path = disk.path().join("olympiad.db");
    let url = format!("sqlite://{}", path.display());
    let bin = Path::new(env!("CARGO_BIN_EXE_olympiad"));
    let seeded = olympiad(
        bin,
        &url,
        data.path(),
        &["seed-demo", "--password", DEMO_PASSWORD],
    );
    assert!(seeded.status.success(), "{seeded:?}");
    let database = olympiad_persistence::Database::Sqlite(path.display().to_string());
    let usernames = {
        let pool = olympiad_persistence::open_pool(&database, 1).unwrap();
        enter_many(&mut pool.get().unwrap(), "geography", 7, PASSWORD).unwrap()
    };
    // The last signs in only once the disk is full.
    let (usernames, late) = usernames.split_at(6);
    let late = late[0].clone();
    let server = ServerProcess::start(bin, &url, data.path(), free_port().unwrap()).unwrap();
    let base = server.base_url.clone();

    actix_web::rt::System::new().block_on(async {
        let http = client(8);
        let mut learners = started(&http, std::slice::from_ref(&base), usernames).await;
        let mut acknowledged = Acknowledged::new();
        all_save(&http, &base, &mut learners, 0, &mut acknowledged).await;

        // The disk fills while they save: each save is acknowledged, or refused with a status the
        // device sends again on; never a server error.
        let filler = disk.fill();
        let mut refused = 0;
        let began = Instant::now();
        let mut round = 1;
        while refused < learners.len() && began.elapsed() < Duration::from_secs(60) {
            for (i, learner) in learners.iter_mut().enumerate() {
                let (answered, (question, seq, answer)) =
                    save_next(&http, &base, learner, round).await.unwrap();
                match answered.status {
                    200 => {
                        acknowledged.insert((i, question), (seq, answer));
                    }
                    507 => {
                        let message = answered.body["errorMsg"].as_str().unwrap_or_default();
                        assert!(message.contains("storage is full"), "{}", answered.body);
                        refused += 1;
                    }
                    other => panic!("save answered {other}: {}", answered.body),
                }
            }
            round += 1;
        }
        assert!(refused > 0, "the full disk refused no save in a minute");
        // Signing in writes too (the session): refused the same way, not a server error.
        let signed = http
            .post(format!("{base}/api/auth/signin"))
            .send_json(&json!({ "username": late, "password": PASSWORD,
                                "olympiadName": "geography", "loginType": "learner" }))
            .await;
        let mut signed = signed.unwrap();
        let body: Value = signed.json().await.unwrap_or(Value::Null);
        assert_eq!(signed.status().as_u16(), 507, "{body}");

        // Space freed: saves are taken again by the same server, and nothing acknowledged is lost.
        std::fs::remove_file(&filler).unwrap();
        all_save(&http, &base, &mut learners, round, &mut acknowledged).await;
        assert_kept(&http, &base, &learners, &acknowledged).await;
    });
    drop(server);

    let mut conn = diesel::SqliteConnection::establish(&path.display().to_string()).unwrap();
    let checked: Vec<Integrity> = diesel::sql_query("PRAGMA integrity_check")
        .load(&mut conn)
        .unwrap();
    let checked: Vec<&str> = checked.iter().map(|c| c.integrity_check.as_str()).collect();
    assert_eq!(checked, ["ok"]);
}
