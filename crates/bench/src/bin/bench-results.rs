//! Results and certificates: the results grid, Results moderation and the top-school calculation
//! over 100,000 finished attempts (through the real HTTP application; the results are computed
//! once and stored, then read), one computation of them, the next read after a single change and
//! the staff's changes (the stored results follow each in place), and 10,000 certificates made
//! into one ZIP per school on every core, as the certificate job makes them.

#![allow(clippy::expect_used, clippy::unwrap_used)] // a benchmark that cannot set up has failed

use actix_web::test::{init_service, TestRequest};
use diesel::connection::SimpleConnection;
use olympiad_bench::fixtures::{admin_token, entered_schools, geography_olympiad};
use olympiad_bench::{answered, database, median_ms, millis, report, state};
use olympiad_domain::id::{AttemptId, ParticipantId, SchoolParticipantId};
use olympiad_domain::results::Award;
use olympiad_office::certificates::{school_zip, CertificateDesign};
use olympiad_office::results::LearnerResult;
use olympiad_persistence::models::Olympiad;
use olympiad_persistence::DbConnection;
use std::time::Instant;

const ATTEMPTS: usize = 100_000;
const SCHOOLS: usize = 1_000;
const CERTIFICATES: usize = 10_000;
/// A school's learners, as the certificate job makes them.
const CLASS: usize = 30;

const FIRST_NAMES: &[&str] = &[
    "Lerato", "Sipho", "Zoë", "Pieter", "Ŋwana", "Naledi", "Hêlena", "Anika", "Šarlota", "Bongani",
];
const LAST_NAMES: &[&str] = &[
    "Molefe",
    "Dube",
    "van Wyk",
    "Môller",
    "Mašilo",
    "Nkosi",
    "Botha",
    "Müller",
    "du Plessis",
    "Steyn",
];

/// 100,000 learners, each entered and with a finished, marked attempt, in 1,000 schools: plain SQL
/// in batches (the fastest way in, and not what is measured).
fn fill(conn: &mut DbConnection, olympiad: &Olympiad) {
    let entries = entered_schools(conn, olympiad, SCHOOLS, |s| {
        format!("Results School {s:04}")
    });
    // Ids far above anything made so far, so that the rows can name each other.
    let base = 1_000_000usize;
    conn.batch_execute("BEGIN").unwrap();
    for batch in 0..ATTEMPTS / 1000 {
        let range = batch * 1000..(batch + 1) * 1000;
        let users: Vec<String> = range
            .clone()
            .map(|i| format!("({}, 'bench{i}', 'x')", base + i))
            .collect();
        let learners: Vec<String> = range
            .clone()
            .map(|i| {
                format!(
                    "({}, {}, '{}', '{} {i}', {})",
                    base + i,
                    entries[i % SCHOOLS].0,
                    FIRST_NAMES[i % FIRST_NAMES.len()],
                    LAST_NAMES[(i / 3) % LAST_NAMES.len()],
                    8 + (i % 5)
                )
            })
            .collect();
        let participants: Vec<String> = range
            .clone()
            .map(|i| {
                format!(
                    "({}, {}, {}, {}, {}, 'finished')",
                    base + i,
                    olympiad.id,
                    base + i,
                    entries[i % SCHOOLS].1,
                    base + i
                )
            })
            .collect();
        let attempts: Vec<String> = range
            .map(|i| {
                format!(
                    "({}, {}, {}, {}, 'finished', '2026-11-25 08:00:00', 'x', {}, '2026-11-25 09:00:00')",
                    base + i,
                    base + i,
                    olympiad.id,
                    entries[i % SCHOOLS].1,
                    (i * 7919) % 61
                )
            })
            .collect();
        conn.batch_execute(&format!(
            "INSERT INTO users (id, username, password_hash) VALUES {};\
             INSERT INTO learners (id, school_id, first_name, last_name, grade) VALUES {};\
             INSERT INTO participants (id, olympiad_id, learner_id, school_participant_id, user_id, status) VALUES {};\
             INSERT INTO attempts (id, participant_id, olympiad_id, school_participant_id, status, declaration_accepted_at, device_key_hash, score, finished_at) VALUES {};",
            users.join(","),
            learners.join(","),
            participants.join(","),
            attempts.join(",")
        ))
        .unwrap();
    }
    conn.batch_execute("COMMIT").unwrap();
}

/// 10,000 learners' results in schools of thirty, every award.
fn certificate_learners() -> Vec<LearnerResult> {
    let awards = [
        Award::Gold,
        Award::Silver,
        Award::Bronze,
        Award::Merit,
        Award::Participation,
    ];
    (0..CERTIFICATES)
        .map(|i| LearnerResult {
            attempt_id: AttemptId::new(i as i64),
            participant_id: ParticipantId::new(i as i64),
            first_name: FIRST_NAMES[i % FIRST_NAMES.len()].into(),
            last_name: format!("{} {i}", LAST_NAMES[(i / 3) % LAST_NAMES.len()]),
            grade: 8 + (i % 5) as i32,
            school_participant_id: SchoolParticipantId::new((i / CLASS) as i64),
            school_name: format!("Hoërskool Nommer {}", i / CLASS),
            province: "Gauteng".into(),
            score: (i % 61) as i64,
            marked_score: (i % 61) as i64,
            adjusted: false,
            disqualified: false,
            rank: 1 + i % 500,
            of: 2000,
            province_rank: 1,
            percentile: 50.0,
            award: Some(awards[i % awards.len()]),
            best_in_school: false,
            on_paper: false,
        })
        .collect()
}

/// Every school's ZIP, the schools shared among the cores, each ZIP written to disk.
fn make_certificates(learners: &[LearnerResult], folder: &std::path::Path) -> (usize, u64) {
    let design = CertificateDesign {
        heading: "Geography Olympiad 2026".into(),
        date: "25 November 2026".into(),
        ..Default::default()
    };
    let schools: Vec<&[LearnerResult]> = learners.chunks(CLASS).collect();
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let results: Vec<(usize, u64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..cores)
            .map(|core| {
                let (design, schools) = (&design, &schools);
                scope.spawn(move || {
                    let (mut count, mut bytes) = (0, 0u64);
                    for (index, school) in schools.iter().enumerate().skip(core).step_by(cores) {
                        let refs: Vec<&LearnerResult> = school.iter().collect();
                        let (n, zip) = school_zip(design, &refs).unwrap();
                        std::fs::write(folder.join(format!("{index}.zip")), &zip).unwrap();
                        count += n;
                        bytes += zip.len() as u64;
                    }
                    (count, bytes)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    results
        .into_iter()
        .fold((0, 0), |(c, b), (n, z)| (c + n, b + z))
}

#[actix_web::main]
async fn main() {
    // Certificates first: they need no database.
    let learners = certificate_learners();
    let folder = tempfile::tempdir().unwrap();
    let start = Instant::now();
    let (count, bytes) = make_certificates(&learners, folder.path());
    assert_eq!(count, CERTIFICATES);
    report(
        "certificates_10000_with_zips",
        millis(start.elapsed()) / 1000.0,
        "s",
    );
    report(
        "certificates_zip_bytes_per_certificate",
        bytes as f64 / count as f64,
        "B",
    );

    let db = database();
    let state = state(&db);
    let mut conn = db.conn();
    let olympiad = geography_olympiad(&mut conn, false);
    fill(&mut conn, &olympiad);
    let token = admin_token(&state, &mut conn, &olympiad);
    drop(conn);
    let app = init_service(olympiad_http::app(state.clone())).await;
    let o = olympiad.id;
    for (name, path) in [
        (
            "results_grid_page_100000_attempts",
            format!("/api/results?olympiadId={o}&page=1&pageSize=50&sort=rank"),
        ),
        (
            "results_grid_filtered_100000_attempts",
            format!("/api/results?olympiadId={o}&grade=10&award=gold&pageSize=50"),
        ),
        (
            "results_moderation_100000_attempts",
            format!("/api/results/moderation?olympiadId={o}"),
        ),
        (
            "top_school_calcs_100000_attempts",
            format!("/api/reports/olympiad/top-school-calcs/{o}"),
        ),
    ] {
        let ms = median_ms(5, || async {
            answered(&app, TestRequest::get().uri(&path), &token).await;
        })
        .await;
        report(name, ms, "ms");
    }
    // What the first read after a change pays: every attempt ranked again and stored.
    let mut conn = db.conn();
    conn.batch_execute(&format!(
        "UPDATE olympiad_results SET computed_generation = -1 WHERE olympiad_id = {o}"
    ))
    .unwrap();
    // Where it goes: ranking every attempt (read and computed), the rest storing them.
    let start = Instant::now();
    olympiad_office::results::live(&mut conn, o).unwrap();
    report(
        "results_rank_100000_attempts",
        millis(start.elapsed()),
        "ms",
    );
    let start = Instant::now();
    olympiad_office::results::recompute(&mut conn, o).unwrap();
    report(
        "results_recompute_100000_attempts",
        millis(start.elapsed()),
        "ms",
    );

    // The next read after one change: an attempt marked (as a learner finishing moves the
    // results), then the grid read, which follows what moved.
    let grid = format!("/api/results?olympiadId={o}&page=1&pageSize=50&sort=rank");
    let mut times = Vec::with_capacity(CHANGES);
    for change in 0..CHANGES {
        let attempt = 1_000_000 + (change * 3_331) % ATTEMPTS;
        let score = (change * 13) % 61;
        conn.batch_execute(&format!(
            "UPDATE attempts SET score = {score} WHERE id = {attempt}"
        ))
        .unwrap();
        let start = Instant::now();
        answered(&app, TestRequest::get().uri(&grid), &token).await;
        times.push(millis(start.elapsed()));
    }
    report("results_change_p99", p99(times), "ms");

    // The staff's changes, each answered with the results it moved in its own transaction: a mark
    // set by hand (as an upheld appeal sets it), a disqualification and its reinstatement.
    let mut times = Vec::with_capacity(CHANGES);
    for change in 0..CHANGES {
        let attempt = 1_000_000 + (change / 3 * 7_919) % ATTEMPTS;
        let (path, body) = match change % 3 {
            0 => (
                "/api/results/adjust",
                serde_json::json!({ "olympiadId": o, "attemptId": attempt,
                    "marks": (change * 17) % 61, "reason": "Script read again" }),
            ),
            step => (
                "/api/results/disqualify",
                serde_json::json!({ "olympiadId": o, "attemptId": attempt,
                    "disqualified": step == 1, "reason": "Wrote with a phone on the desk" }),
            ),
        };
        let start = Instant::now();
        answered(&app, TestRequest::post().uri(path).set_json(body), &token).await;
        times.push(millis(start.elapsed()));
    }
    report("results_adjust_p99", p99(times), "ms");
}

/// Changes whose next read (or whose own answer) is timed.
const CHANGES: usize = 36;

/// The 99th percentile: of a few dozen, the slowest.
fn p99(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    let index = (times.len() * 99).div_ceil(100).saturating_sub(1);
    times[index]
}
