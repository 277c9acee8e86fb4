//! E-mail at scale: a mass mail to 10,000 interested parties is queued, released in one batch, and
//! the real worker hands every message over pooled SMTP connections to a sink on loopback (the
//! tests' SMTP server), with the rate limit lifted. The sink's count proves nothing went twice.

#![allow(clippy::expect_used, clippy::unwrap_used)] // a benchmark that cannot set up has failed

use olympiad_bench::fixtures::{geography_olympiad, interested_parties, overlord};
use olympiad_bench::{database, millis, report};
use olympiad_domain::email::Audience;
use olympiad_mailer::testing::SmtpServer;
use olympiad_mailer::Mailer;
use olympiad_office::email::copy::CopyInput;
use olympiad_office::email::mass_mails::{self, MassMailInput};
use olympiad_server::worker::Worker;
use std::collections::HashSet;
use std::time::{Duration, Instant};

const RECIPIENTS: usize = 10_000;

#[actix_web::main]
async fn main() {
    let db = database();
    let mut conn = db.conn();
    let olympiad = geography_olympiad(&mut conn, true);
    interested_parties(&mut conn, &olympiad, RECIPIENTS);
    let overlord = overlord(&mut conn);
    let input = MassMailInput {
        olympiad_id: Some(olympiad.id),
        campaign_id: None,
        title: "Entries close on Friday".into(),
        audience: Audience::InterestedParties,
        copy: CopyInput {
            subject: "Entries close on Friday".into(),
            html: "<p>Dear {{name}}, enter your school before Friday.</p>".into(),
            text: "Dear {{name}}, enter your school before Friday.".into(),
        },
    };
    let id = mass_mails::create(&mut conn, &overlord, &input)
        .unwrap()
        .mass_mail
        .id;

    let started = Instant::now();
    let queued = mass_mails::queue(&mut conn, &overlord, id, "http://127.0.0.1:8080").unwrap();
    assert_eq!(queued.queued, RECIPIENTS as i64);
    report("email_queue_10000_ms", millis(started.elapsed()), "ms");
    let started = Instant::now();
    let (released, _) = mass_mails::release(&mut conn, &overlord, id, None).unwrap();
    assert_eq!(released, RECIPIENTS);
    report("email_release_10000_ms", millis(started.elapsed()), "ms");
    drop(conn);

    let sink = SmtpServer::start();
    let worker = Worker {
        name: "bench-worker".into(),
        pool: db.pool.clone(),
        mailer: Mailer::new(
            Some(&sink.url()),
            std::env::temp_dir(),
            "Olympiads <no-reply@olympiads.test>",
        )
        .unwrap(),
        // The mass mail carries no file: the store is never read.
        files: olympiad_http::ApiConfig::for_tests().files,
        // The rate limit lifted: what is measured is the queue, the worker and SMTP.
        mail_rate_per_minute: u32::MAX,
    };
    let started = Instant::now();
    let mut taken = 0;
    while taken < RECIPIENTS {
        let now_taken = worker.run_due().await.unwrap();
        assert!(now_taken > 0, "the worker found nothing to send");
        taken += now_taken;
    }
    let received = sink.wait_for(RECIPIENTS, Duration::from_secs(60));
    let seconds = started.elapsed().as_secs_f64();

    // Nothing went twice, nothing was lost.
    let addressees: HashSet<&str> = received
        .iter()
        .flat_map(|r| r.to.iter().map(String::as_str))
        .collect();
    assert_eq!(received.len(), RECIPIENTS, "messages at the sink");
    assert_eq!(
        addressees.len(),
        RECIPIENTS,
        "distinct addressees at the sink"
    );
    let view = mass_mails::get(&mut db.conn(), &overlord, id).unwrap();
    assert_eq!(view.progress.sent, RECIPIENTS as i64);
    report("email_10000_seconds", seconds, "s");
    report(
        "email_messages_per_second",
        RECIPIENTS as f64 / seconds,
        "msg/s",
    );
}
