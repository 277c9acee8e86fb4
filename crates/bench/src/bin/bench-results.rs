//! Results at a national round's size, and certificates. `BENCH_LEARNERS` (300,000) learners in
//! 3,000 schools, each with a finished, marked attempt and its answers (19 of 20 questions,
//! about 5.7 million answers), beside two more olympiads of 25,000 learners with theirs: the
//! results grid (first and filtered page), Results moderation with its per-question figures, the
//! top schools, the reports' overview, the CSV export of every row (its time and the memory it
//! adds), the next read after a single change and the staff's changes (the stored results follow
//! each in place), one computation of them whole, and the process's peak memory; all through the
//! real HTTP application in this process. Then 10,000 certificates made into one ZIP per school on
//! every core, as the certificate job makes them. Figures are named by the size
//! (`results_grid_300k`).

#![allow(clippy::expect_used, clippy::unwrap_used)] // a benchmark that cannot set up has failed

use actix_web::body::MessageBody;
use actix_web::test::{init_service, TestRequest};
use diesel::connection::SimpleConnection;
use olympiad_bench::fixtures::{admin_token, entered_schools, geography_olympiad, overlord_token};
use olympiad_bench::{answered, database, median_ms, millis, report, setting, state};
use olympiad_domain::id::{AttemptId, ParticipantId, SchoolParticipantId};
use olympiad_domain::results::Award;
use olympiad_office::certificates::{school_zip, CertificateDesign};
use olympiad_office::results::LearnerResult;
use olympiad_persistence::models::Olympiad;
use olympiad_persistence::testing::olympiad_of_2026;
use olympiad_persistence::DbConnection;
use std::time::Instant;

/// The national round's schools.
const SCHOOLS: usize = 3_000;
/// Learners of each of the other two olympiads in the database.
const OTHER_LEARNERS: usize = 25_000;
/// The paper's questions; each learner answers all but one.
const QUESTIONS: usize = 20;
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

/// `learners` learners of the olympiad in `schools` schools, each entered and with a finished,
/// marked attempt, their ids from `base`, and the olympiad's paper of 20 questions with the
/// answers of every attempt to 19 of them: plain SQL in batches (the fastest way in, and not what
/// is measured).
fn fill(
    conn: &mut DbConnection,
    olympiad: &Olympiad,
    learners: usize,
    schools: usize,
    base: usize,
) {
    let title = olympiad.name.clone();
    let entries = entered_schools(conn, olympiad, schools, |s| {
        format!("{title} School {s:04}")
    });
    conn.batch_execute("BEGIN").unwrap();
    for batch in 0..learners.div_ceil(1000) {
        let range = batch * 1000..learners.min((batch + 1) * 1000);
        let users: Vec<String> = range
            .clone()
            .map(|i| format!("({}, 'bench{}', 'x')", base + i, base + i))
            .collect();
        let rows: Vec<String> = range
            .clone()
            .map(|i| {
                format!(
                    "({}, {}, '{}', '{} {i}', {})",
                    base + i,
                    entries[i % schools].0,
                    FIRST_NAMES[i % FIRST_NAMES.len()],
                    LAST_NAMES[(i / 3) % LAST_NAMES.len()],
                    8 + (i % 5)
                )
            })
            .collect();
        let participants: Vec<String> = range
            .clone()
            .map(|i| {
                let (id, entry) = (base + i, entries[i % schools].1);
                format!("({id}, {}, {id}, {entry}, {id}, 'finished')", olympiad.id)
            })
            .collect();
        let attempts: Vec<String> = range
            .map(|i| {
                let (id, entry) = (base + i, entries[i % schools].1);
                format!(
                    "({id}, {id}, {}, {entry}, 'finished', '2026-11-25 08:00:00', 'x', {}, '2026-11-25 09:00:00')",
                    olympiad.id,
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
            rows.join(","),
            participants.join(","),
            attempts.join(",")
        ))
        .unwrap();
    }
    let o = olympiad.id;
    let questions: Vec<String> = (1..=QUESTIONS)
        .map(|q| format!("((SELECT id FROM question_modules WHERE olympiad_id = {o}), {q}, 'single', '{{}}', 3)"))
        .collect();
    conn.batch_execute(&format!(
        "INSERT INTO question_modules (olympiad_id, position) VALUES ({o}, 1);
         INSERT INTO questions (module_id, position, kind, content, marks) VALUES {};
         INSERT INTO answers (attempt_id, question_id, answer, flagged, seq, marks, saved_at)
         SELECT a.id, q.id, '\"b\"', false, 1, (a.id * 7 + q.position * 3) % 4, '2026-11-25 08:30:00'
         FROM attempts a
         JOIN question_modules m ON m.olympiad_id = a.olympiad_id
         JOIN questions q ON q.module_id = m.id
         WHERE a.olympiad_id = {o} AND (a.id + q.position) % {QUESTIONS} <> 0;
         COMMIT",
        questions.join(",")
    ))
    .unwrap();
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
    let learners = setting("BENCH_LEARNERS", 300_000);
    let size = format!("{}k", learners / 1000);
    let db = database();
    let state = state(&db);
    let mut conn = db.conn();
    let olympiad = geography_olympiad(&mut conn, false);
    let start = Instant::now();
    fill(&mut conn, &olympiad, learners, SCHOOLS, 1_000_000);
    for (n, (name, title)) in [
        ("history", "History Olympiad"),
        ("afrikaans", "Afrikaans Olympiad"),
    ]
    .into_iter()
    .enumerate()
    {
        let other = olympiad_of_2026(&mut conn, name, title, false);
        fill(&mut conn, &other, OTHER_LEARNERS, 100, 10_000_000 * (n + 1));
    }
    if let DbConnection::Postgresql(_) = &*conn {
        conn.batch_execute("ANALYZE").unwrap();
    }
    eprintln!(
        "filled {learners} learners with their answers and two more olympiads in {:.0} s",
        start.elapsed().as_secs_f64()
    );
    let token = admin_token(&state, &mut conn, &olympiad);
    let overlord = overlord_token(&state, &mut conn);
    drop(conn);
    let app = init_service(olympiad_http::app(state.clone())).await;
    let o = olympiad.id;
    // The first read computes the results whole and stores them; what follows reads them.
    let start = Instant::now();
    answered(
        &app,
        TestRequest::get().uri(&format!("/api/results?olympiadId={o}")),
        &token,
    )
    .await;
    eprintln!(
        "results computed whole at the first read in {:.0} ms",
        millis(start.elapsed())
    );
    let get = |path: String, token: String| {
        let app = &app;
        async move { answered(app, TestRequest::get().uri(&path), &token).await }
    };
    let post = |path: String, token: String| {
        let app = &app;
        async move { answered(app, TestRequest::post().uri(&path), &token).await }
    };
    let timed = [
        (
            "results_grid",
            format!("/api/results?olympiadId={o}&page=1&pageSize=50&sort=rank"),
        ),
        (
            "results_grid_filtered",
            format!("/api/results?olympiadId={o}&grade=10&award=gold&search=van&pageSize=50"),
        ),
        (
            "moderation",
            format!("/api/results/moderation?olympiadId={o}"),
        ),
        (
            "top_schools",
            format!("/api/reports/olympiad/top-school-calcs/{o}"),
        ),
    ];
    for (name, path) in timed {
        let ms = median_ms(5, || get(path.clone(), token.clone())).await;
        report(&format!("{name}_{size}"), ms, "ms");
    }
    let body = post("/api/reports/olympiad/overview".into(), overlord.clone()).await;
    let every: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(
        every["data"].as_array().unwrap().len(),
        3,
        "three olympiads"
    );
    let ms = median_ms(5, || {
        post("/api/reports/olympiad/overview".into(), overlord.clone())
    })
    .await;
    report(&format!("overview_{size}"), ms, "ms");
    let path = format!("/api/reports/olympiad/overview/{o}?schoolId=-1");
    let ms = median_ms(5, || post(path.clone(), token.clone())).await;
    report(&format!("overview_per_school_{size}"), ms, "ms");

    // The CSV of every row, read as a browser reads a download; the memory it adds is the peak
    // during it over what the process held before.
    let mut peak = memory_mb("VmHWM");
    reset_peak_memory();
    let before = memory_mb("VmRSS");
    let start = Instant::now();
    let csv = format!("/api/results?olympiadId={o}&format=csv&sort=rank");
    let (bytes, lines) = drained(&app, TestRequest::get().uri(&csv), &token).await;
    report(
        &format!("results_csv_{size}"),
        start.elapsed().as_secs_f64(),
        "s",
    );
    assert_eq!(lines, learners + 1, "every row and the headings");
    let during = memory_mb("VmHWM");
    report(&format!("results_csv_memory_{size}"), during - before, "MB");
    eprintln!(
        "the CSV of {learners} results is {:.1} MB",
        bytes as f64 / 1e6
    );
    peak = peak.max(during);

    // What a move of everything pays: every attempt ranked again (read and computed) and stored.
    let mut conn = db.conn();
    let start = Instant::now();
    olympiad_office::results::live(&mut conn, o).unwrap();
    report(
        &format!("results_rank_{size}"),
        millis(start.elapsed()),
        "ms",
    );
    conn.batch_execute(&format!(
        "UPDATE olympiad_results SET computed_generation = -1 WHERE olympiad_id = {o}"
    ))
    .unwrap();
    let start = Instant::now();
    olympiad_office::results::recompute(&mut conn, o).unwrap();
    report(
        &format!("results_recompute_{size}"),
        millis(start.elapsed()),
        "ms",
    );

    // The next read after one change: an attempt marked (as a learner finishing moves the
    // results), then the grid read, which follows what moved.
    let grid = format!("/api/results?olympiadId={o}&page=1&pageSize=50&sort=rank");
    let mut times = Vec::with_capacity(CHANGES);
    for change in 0..CHANGES {
        let attempt = 1_000_000 + (change * 3_331) % learners;
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
        let attempt = 1_000_000 + (change / 3 * 7_919) % learners;
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
    drop(conn);
    report(
        &format!("peak_rss_{size}"),
        peak.max(memory_mb("VmHWM")),
        "MB",
    );

    // Certificates last: they need no database, and their memory is not the results'.
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
}

/// This process's memory from `/proc/self/status` (`VmRSS` now, `VmHWM` its peak), in MB.
fn memory_mb(field: &str) -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|line| line.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|rest| {
            rest.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<f64>()
                .ok()
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

/// Starts `VmHWM` again from what the process holds now (Linux's `clear_refs`, value 5).
fn reset_peak_memory() {
    std::fs::write("/proc/self/clear_refs", "5").unwrap();
}

/// Reads a download to its end a part at a time, as a browser saves it, holding none of it;
/// answers its bytes and lines.
async fn drained<S, B>(app: &S, request: TestRequest, token: &str) -> (usize, usize)
where
    S: actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<B>,
        Error = actix_web::Error,
    >,
    B: MessageBody,
{
    let request = request.insert_header(("Authorization", format!("Bearer {token}")));
    let response = actix_web::test::call_service(app, request.to_request()).await;
    assert!(response.status().is_success(), "{}", response.status());
    let mut body = std::pin::pin!(response.into_body());
    let (mut bytes, mut lines) = (0, 0);
    while let Some(part) = std::future::poll_fn(|cx| body.as_mut().poll_next(cx)).await {
        let part = part.map_err(Into::into).unwrap();
        bytes += part.len();
        lines += part.iter().filter(|&&b| b == b'\n').count();
    }
    (bytes, lines)
}

/// Changes whose next read (or whose own answer) is timed.
const CHANGES: usize = 36;

/// The 99th percentile: of a few dozen, the slowest.
fn p99(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    // The slowest few beside the median: whether the p99 is one slow step or every step.
    eprintln!(
        "of {} steps: median {:.1} ms, slowest {:.1?} ms",
        times.len(),
        times[times.len() / 2],
        &times[times.len().saturating_sub(3)..]
    );
    let index = (times.len() * 99).div_ceil(100).saturating_sub(1);
    times[index]
}
