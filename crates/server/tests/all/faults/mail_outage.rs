//! Mail down and back: the mail server stops (its port closed, its sessions cut) in the middle of a
//! mass mail, and stays down while a certificate run queues its e-mails to the teachers. The
//! e-mails back off and are tried again, none given up in half an hour of outage, each waiting at
//! most a few minutes between tries; the queue as staff see it (the overlord's queue screen's
//! route) says why they wait. When the server is back, every addressee gets exactly one copy, at
//! the configured rate. The test cannot wait out the back-off: between tries it makes the e-mails
//! due at once, adding the waits it skipped to the outage it has lasted.

use crate::common::{interested, mass_mail, olympiad, overlord_in, received_by, smtp_mailer, BASE};
use actix_web::test::{call_service, init_service, read_body, TestRequest};
use chrono::Duration as Span;
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use olympiad_domain::email::EmailOutcome;
use olympiad_domain::id::OlympiadId;
use olympiad_domain::job::{JobKind, JobStatus};
use olympiad_domain::Role;
use olympiad_mailer::testing::SmtpServer;
use olympiad_office::certificates::RunJob;
use olympiad_office::email::mass_mails;
use olympiad_office::email::queue::{self, ReleaseBatchQuery};
use olympiad_persistence::models::certificate::BATCH_SENT;
use olympiad_persistence::models::{CertificateBatch, CertificateRun, EmailLog, Job};
use olympiad_persistence::now;
use olympiad_persistence::schema::jobs;
use olympiad_persistence::testing::TestDatabase;
use olympiad_server::worker::Worker;
use serde_json::Value;
use std::time::{Duration, Instant};

/// `MAIL_RATE_PER_MINUTE` as deployed by default: batches of ten, at least a second apart.
const RATE_PER_MINUTE: u32 = 600;
const PER_BATCH: usize = 10;
/// Interested parties of the mass mail; the first `BEFORE` of them are released and sent before
/// the server stops.
const READERS: usize = 24;
const BEFORE: usize = 10;
/// Schools whose certificates are sent during the outage, two teachers on each team.
const SCHOOLS: [&str; 3] = ["a", "b", "c"];
/// How long the server stays down: twice the quarter of an hour a relay's outage lasts.
const OUTAGE_MINUTES: i64 = 30;
/// The longest wait between two tries, so that mail goes again soon after the server is back.
const LONGEST_WAIT_MINUTES: i64 = 5;

fn reader(n: usize) -> String {
    format!("reader{n}@school.example.org")
}

fn teacher(school: &str, n: usize) -> String {
    format!("teacher-{school}{n}@school.example.org")
}

/// Entered schools, two teachers on each team, and a certificate run whose ZIPs are made (the
/// making is another test's): answers the job that sends them, as staff queue it with "Send".
fn certificates_made(db: &TestDatabase, olympiad_id: OlympiadId) -> RunJob {
    let mut sql = String::new();
    for letter in SCHOOLS {
        let school = format!("(SELECT id FROM schools WHERE name = 'School {letter}')");
        let entry = format!(
            "(SELECT id FROM school_participants WHERE olympiad_id = {olympiad_id} AND school_id = {school})"
        );
        sql += &format!(
            "INSERT INTO schools (name, province, sector, country_code) VALUES ('School {letter}', 'Gauteng', 'public', 'ZA');
             INSERT INTO school_participants (olympiad_id, school_id) VALUES ({olympiad_id}, {school});"
        );
        for n in 1..=2 {
            let user = teacher(letter, n);
            sql += &format!(
                "INSERT INTO users (username, email, password_hash, first_name, last_name) VALUES ('{user}', '{user}', 'x', 'Teacher', '{letter}{n}');
                 INSERT INTO teachers (user_id, school_id) SELECT id, {school} FROM users WHERE username = '{user}';
                 INSERT INTO team_members (school_participant_id, teacher_id, is_team_admin)
                   SELECT {entry}, id, TRUE FROM teachers WHERE user_id = (SELECT id FROM users WHERE username = '{user}');"
            );
        }
    }
    sql += &format!(
        "INSERT INTO certificate_runs (olympiad_id, results_version, status, sending) VALUES ({olympiad_id}, 0, 'generated', TRUE);
         INSERT INTO certificate_batches (run_id, school_participant_id, status, certificates, file_path, bytes, made_at)
           SELECT (SELECT MAX(id) FROM certificate_runs), id, 'made', 5, 'made.zip', 1000, CURRENT_TIMESTAMP
           FROM school_participants WHERE olympiad_id = {olympiad_id};"
    );
    db.conn().batch_execute(&sql).unwrap();
    let run = CertificateRun::latest(&mut db.conn(), olympiad_id)
        .unwrap()
        .unwrap();
    RunJob {
        run_id: run.id,
        base_url: BASE.into(),
        send_entry: None,
    }
}

fn emails_in(db: &TestDatabase, status: JobStatus) -> Vec<Job> {
    jobs::table
        .filter(jobs::kind.eq(JobKind::Email.as_str()))
        .filter(jobs::status.eq(status.as_str()))
        .select(Job::as_select())
        .load(&mut db.conn())
        .unwrap()
}

/// Makes every waiting e-mail due now, as the passing of its back-off would; answers the time
/// skipped: until the last of them was due.
fn skip_the_wait(db: &TestDatabase) -> Span {
    let waiting = emails_in(db, JobStatus::Queued);
    let at = now();
    let skipped = waiting
        .iter()
        .map(|job| job.run_at - at)
        .max()
        .unwrap_or_else(Span::zero);
    diesel::update(jobs::table.filter(jobs::id.eq_any(waiting.iter().map(|job| job.id))))
        .set(jobs::run_at.eq(at - Span::seconds(1)))
        .execute(&mut db.conn())
        .unwrap();
    skipped.max(Span::zero())
}

#[actix_web::test]
async fn mail_outage() {
    let db = TestDatabase::new();
    let geography = olympiad(&db);
    let overlord = overlord_in(&db);
    for n in 0..READERS {
        interested(&db, geography.id, &reader(n));
    }
    let mail = mass_mail(&db, geography.id, "Entries close on Friday");
    mass_mails::queue(&mut db.conn(), &overlord, mail, BASE).unwrap();
    let release = |qty: i64| {
        let query = ReleaseBatchQuery {
            mass_mail_id: mail,
            qty,
        };
        queue::release_batch(&mut db.conn(), &overlord, &query).unwrap()
    };
    let server = SmtpServer::start();
    let worker = Worker {
        mail_rate_per_minute: RATE_PER_MINUTE,
        ..crate::common::worker(&db, smtp_mailer(&server))
    };

    // The mass mail's first batch goes; then the server stops.
    assert_eq!(release(BEFORE as i64).released, BEFORE);
    assert_eq!(worker.run_due().await.unwrap(), BEFORE);
    assert_eq!(server.received().len(), BEFORE);
    server.stop();

    // Down: the rest of the mass mail is released, and the certificates are sent to the teachers.
    release(READERS as i64);
    let run = certificates_made(&db, geography.id);
    Job::enqueue(
        &mut db.conn(),
        JobKind::Certificates,
        &serde_json::to_value(&run).unwrap(),
    )
    .unwrap();
    assert_eq!(worker.run_due_certificates().await.unwrap(), 1);
    let batches = CertificateBatch::of_run(&mut db.conn(), run.run_id).unwrap();
    assert!(
        batches.iter().all(|b| b.batch.status == BATCH_SENT),
        "queued for the teachers"
    );
    let waiting = READERS - BEFORE + 2 * SCHOOLS.len();

    // Tried, refused, tried again later, for the whole outage: never given up, never waiting long.
    let mut lasted = Span::zero();
    let mut tries = 0;
    while lasted < Span::minutes(OUTAGE_MINUTES) {
        assert_eq!(worker.run_due().await.unwrap(), waiting, "each tried again");
        tries += 1;
        assert_eq!(
            emails_in(&db, JobStatus::Failed).len(),
            0,
            "none given up {} minutes into the outage (try {tries})",
            lasted.num_minutes()
        );
        let queued = emails_in(&db, JobStatus::Queued);
        assert_eq!(queued.len(), waiting, "every one waits for another try");
        assert!(
            queued.iter().all(|job| job.run_at > now()),
            "after a back-off"
        );
        let wait = skip_the_wait(&db);
        assert!(
            wait <= Span::minutes(LONGEST_WAIT_MINUTES),
            "try {tries} waits {} s",
            wait.num_seconds()
        );
        lasted += wait;
    }
    assert_eq!(server.received().len(), BEFORE, "nothing went while down");
    assert!(
        EmailLog::newest(&mut db.conn(), None, 100)
            .unwrap()
            .iter()
            .all(|entry| entry.status == EmailOutcome::Sent),
        "no final failure in the e-mail log"
    );

    // The overlord's queue screen shows each waiting e-mail, its tries and why it waits.
    let config = {
        let mut config = olympiad_http::ApiConfig::for_tests();
        config.require_staff_2fa = false;
        config
    };
    let state = actix_web::web::Data::new(olympiad_http::AppState::new(db.pool.clone(), config));
    let (_, token) = olympiad_bench::fixtures::staff_token(
        &state,
        &mut db.conn(),
        "postmaster@example.org",
        Role::Overlord,
        None,
    );
    let app = init_service(olympiad_http::app(state.clone())).await;
    let unsent = || {
        TestRequest::get()
            .uri("/api/queued-email/unsent")
            .insert_header(("Authorization", format!("Bearer {token}")))
            .to_request()
    };
    let response = call_service(&app, unsent()).await;
    assert!(response.status().is_success(), "{}", response.status());
    let body: Value = serde_json::from_slice(&read_body(response).await).unwrap();
    let shown = body["data"].as_array().unwrap();
    assert_eq!(shown.len(), waiting, "{body}");
    for email in shown {
        assert_eq!(email["status"], "queued", "{email}");
        assert_eq!(email["attempts"], tries, "{email}");
        let why = email["lastError"].as_str().unwrap_or_default();
        assert!(
            why.contains(&server.port.to_string()) && why.to_lowercase().contains("refused"),
            "the last error names the server and the refusal: {email}"
        );
    }

    // Back: every e-mail goes within a wait, once, at the configured rate.
    server.restart();
    let longest = skip_the_wait(&db);
    assert!(longest <= Span::minutes(LONGEST_WAIT_MINUTES));
    let back = Instant::now();
    assert_eq!(worker.run_due().await.unwrap(), waiting);
    let mut everyone: Vec<String> = (0..READERS).map(reader).collect();
    for letter in SCHOOLS {
        everyone.extend((1..=2).map(|n| teacher(letter, n)));
    }
    let received = received_by(&server);
    for person in &everyone {
        assert_eq!(received.get(person), Some(&1), "{person}: {received:?}");
    }
    assert_eq!(received.len(), everyone.len(), "{received:?}");
    let mut since_back: Vec<Duration> = server
        .received()
        .iter()
        .filter(|message| message.at >= back)
        .map(|message| message.at - back)
        .collect();
    since_back.sort();
    assert_eq!(since_back.len(), waiting);
    for (n, at) in since_back.iter().enumerate() {
        // The rate: ten a second, each batch a second after the one before.
        let earliest = Duration::from_secs((n / PER_BATCH) as u64);
        assert!(*at >= earliest, "message {n} came {at:?} after the return");
    }

    // The queue is empty; every e-mail sent once in the log; the mass mail is complete.
    assert_eq!(
        emails_in(&db, JobStatus::Done).len(),
        READERS + 2 * SCHOOLS.len()
    );
    assert!(emails_in(&db, JobStatus::Done)
        .iter()
        .all(|job| job.last_error.is_none()));
    let response = call_service(&app, unsent()).await;
    let body: Value = serde_json::from_slice(&read_body(response).await).unwrap();
    assert_eq!(body["data"], serde_json::json!([]), "{body}");
    let logged = EmailLog::newest(&mut db.conn(), None, 100).unwrap();
    for person in &everyone {
        let sent: Vec<EmailOutcome> = logged
            .iter()
            .filter(|entry| &entry.recipient == person)
            .map(|entry| entry.status)
            .collect();
        assert_eq!(sent, [EmailOutcome::Sent], "{person}");
    }
    let view = mass_mails::get(&mut db.conn(), &overlord, mail).unwrap();
    assert_eq!(
        (
            view.progress.sent,
            view.progress.queued,
            view.progress.failed
        ),
        (READERS as i64, 0, 0)
    );
}
