//! E-mail end to end against a real SMTP server on loopback: a mass mail queued (held), released
//! in a batch and singly, sent with one-click unsubscribe headers; a bounce through the webhook's
//! JSON form shuns an address and the next mass mail skips it, as it skips unsubscribed ones; the
//! queue retries a temporary
//! failure and gives up on a permanent one, each e-mail of a batch with its own outcome; e-mails
//! interrupted while handed over are not sent twice. DKIM, SNS and DNS have files of their own.

use crate::common::{
    interested, mass_mail, olympiad, overlord_in, received_by, smtp_mailer, worker, BASE,
};
use olympiad_domain::email::{Audience, BounceKind, EmailOutcome, MassMailStatus};
use olympiad_domain::id::{JobId, OlympiadId};
use olympiad_domain::job::{JobKind, JobStatus};
use olympiad_mailer::testing::{response, Refusal, SmtpServer};
use olympiad_office::email::bounces::{self, BounceInput};
use olympiad_office::email::copy::CopyInput;
use olympiad_office::email::mass_mails::{self, MassMailInput};
use olympiad_office::email::queue::{self, ReleaseBatchQuery};
use olympiad_office::email::unsubscribes;
use olympiad_persistence::models::job::INTERRUPTED;
use olympiad_persistence::models::{EmailLog, Job, QueuedEmail, QueuedEmailFilter};
use olympiad_persistence::testing::TestDatabase;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

/// A system e-mail to `to`, as it waits in the queue.
/// A mail server on which every address with "gone" in it does not exist (a permanent failure)
/// and every one with "busy" fails for now (a temporary one).
fn refusing_gone_and_busy() -> SmtpServer {
    let refuse: Refusal = Arc::new(|to: &str| {
        if to.contains("gone") {
            Some(response::NO_MAILBOX)
        } else if to.contains("busy") {
            Some(response::INTERNAL_ERROR)
        } else {
            None
        }
    });
    SmtpServer::start_refusing(Some(refuse))
}

fn two_factor(to: &str) -> serde_json::Value {
    serde_json::json!({ "kind": "two_factor_enabled", "to": { "email": to, "name": "A", "username": to } })
}

/// Makes jobs look as a worker that died left them: its lease ran out an hour ago.
fn lease_ran_out(db: &TestDatabase, ids: &[JobId]) {
    use diesel::prelude::*;
    use olympiad_persistence::schema::jobs;
    diesel::update(jobs::table.filter(jobs::id.eq_any(ids)))
        .set(jobs::locked_at.eq(olympiad_persistence::now() - chrono::Duration::hours(1)))
        .execute(&mut db.conn())
        .unwrap();
}

#[actix_web::test]
async fn a_mass_mail_waits_is_released_and_carries_one_click_unsubscribe() {
    let db = TestDatabase::new();
    let geography = olympiad(&db);
    let overlord = overlord_in(&db);
    for name in ["a", "b", "c"] {
        interested(&db, geography.id, &format!("{name}@school.example.org"));
    }
    let id = mass_mail(&db, geography.id, "Reminder");
    let queued = mass_mails::queue(&mut db.conn(), &overlord, id, BASE).unwrap();
    assert_eq!((queued.queued, queued.skipped), (3, 0));
    assert_eq!(queued.mass_mail.mass_mail.status, MassMailStatus::Queued);
    // Queueing twice is refused: it would send twice.
    assert!(mass_mails::queue(&mut db.conn(), &overlord, id, BASE).is_err());

    let server = SmtpServer::start();
    let worker = worker(&db, smtp_mailer(&server));
    assert_eq!(worker.run_due().await.unwrap(), 0, "held e-mails wait");

    let released = queue::release_batch(
        &mut db.conn(),
        &overlord,
        &ReleaseBatchQuery {
            mass_mail_id: id,
            qty: 2,
        },
    )
    .unwrap();
    assert_eq!(released.released, 2);
    assert_eq!(worker.run_due().await.unwrap(), 2);
    let received = server.wait_for(2, Duration::from_secs(5));
    assert_eq!(received.len(), 2);
    let data = &received[0].data;
    assert!(
        data.contains("List-Unsubscribe: <http://127.0.0.1:8080/api/unsubscribe/"),
        "{data}"
    );
    assert!(data.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"));
    assert!(data.contains("http://127.0.0.1:8080/geography/unsubscribe/"));
    // Sent side by side over the pool, so in either order.
    assert!(received.iter().any(|m| m.data.contains("Dear Thandi a")));

    // The last one, released singly.
    let held = QueuedEmail::list(
        &mut db.conn(),
        &QueuedEmailFilter {
            mass_mail_id: Some(id),
            unsent_only: true,
            ..QueuedEmailFilter::default()
        },
    )
    .unwrap();
    assert_eq!(held.len(), 1);
    assert_eq!(held[0].status, JobStatus::Held);
    queue::release_one(&mut db.conn(), &overlord, held[0].id).unwrap();
    assert!(
        queue::release_one(&mut db.conn(), &overlord, held[0].id).is_err(),
        "released once"
    );
    assert_eq!(worker.run_due().await.unwrap(), 1);
    assert_eq!(server.wait_for(3, Duration::from_secs(5)).len(), 3);
    let view = mass_mails::get(&mut db.conn(), &overlord, id).unwrap();
    assert_eq!(view.progress.sent, 3);

    // The one-click address unsubscribes; the page's reference shows it.
    let start = data.find("/api/unsubscribe/").unwrap() + "/api/unsubscribe/".len();
    let reference: String = data[start..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    let link = unsubscribes::one_click(&mut db.conn(), &reference).unwrap();
    assert!(link.unsubscribed);
    assert!(!link.email.contains("@school.example.org") || link.email.contains('…'));
}

#[actix_web::test]
async fn a_bounce_shuns_the_address_and_the_next_mass_mail_skips_it() {
    let db = TestDatabase::new();
    let geography = olympiad(&db);
    let overlord = overlord_in(&db);
    interested(&db, geography.id, "gone@school.example.org");
    interested(&db, geography.id, "here@school.example.org");
    assert!(bounces::check_secret(Some("s3cret-of-the-webhook"), Some("wrong")).is_err());
    assert!(bounces::check_secret(None, Some("anything")).is_err());
    bounces::check_secret(Some("s3cret-of-the-webhook"), Some("s3cret-of-the-webhook")).unwrap();
    let receipt = bounces::receive_json(
        &mut db.conn(),
        &BounceInput {
            email: "Gone@School.example.org".into(),
            kind: BounceKind::Hard,
            detail: "550 5.1.1 no such user".into(),
        },
    )
    .unwrap();
    assert_eq!(receipt.shunned, vec!["gone@school.example.org"]);

    let id = mass_mail(&db, geography.id, "After the bounce");
    let queued = mass_mails::queue(&mut db.conn(), &overlord, id, BASE).unwrap();
    assert_eq!((queued.queued, queued.skipped), (1, 1));
    let logged = EmailLog::newest(&mut db.conn(), Some(geography.id), 10).unwrap();
    assert!(logged
        .iter()
        .any(|l| l.recipient == "gone@school.example.org" && l.status == EmailOutcome::Skipped));
}

#[actix_web::test]
async fn unsubscribed_addresses_are_skipped_and_each_keeps_one_link() {
    use diesel::prelude::*;
    use olympiad_persistence::models::Unsubscribe;
    use olympiad_persistence::schema::{jobs, unsubscribe_links};
    let db = TestDatabase::new();
    let geography = olympiad(&db);
    let overlord = overlord_in(&db);
    for name in ["stays", "left.geography", "left.everything"] {
        interested(&db, geography.id, &format!("{name}@school.example.org"));
    }
    let mut conn = db.conn();
    Unsubscribe::add(
        &mut conn,
        "left.geography@school.example.org",
        Some(geography.id),
    )
    .unwrap();
    Unsubscribe::add(&mut conn, "left.everything@school.example.org", None).unwrap();
    let links = |conn: &mut _| -> Vec<(String, String)> {
        unsubscribe_links::table
            .select((unsubscribe_links::email, unsubscribe_links::reference))
            .load(conn)
            .unwrap()
    };
    for title in ["First", "Second"] {
        let id = mass_mail(&db, geography.id, title);
        let queued = mass_mails::queue(&mut conn, &overlord, id, BASE).unwrap();
        assert_eq!((queued.queued, queued.skipped), (1, 2), "{title}");
        let payloads: Vec<String> = jobs::table
            .filter(jobs::mass_mail_id.eq(id))
            .select(jobs::payload)
            .load(&mut conn)
            .unwrap();
        let [payload] = payloads.as_slice() else {
            panic!("{title}: {} e-mails queued", payloads.len())
        };
        // The one address queued, with the one link it keeps from one mass mail to the next.
        let [(email, reference)] = links(&mut conn).try_into().unwrap();
        assert_eq!(email, "stays@school.example.org");
        assert!(payload.contains(&format!("/api/unsubscribe/{reference}")));
        assert!(payload.contains(&format!("/geography/unsubscribe/{reference}")));
    }
}

#[actix_web::test]
async fn the_queue_retries_a_temporary_failure_and_gives_up_on_a_permanent_one() {
    let db = TestDatabase::new();
    let server = refusing_gone_and_busy();
    let worker = worker(&db, smtp_mailer(&server));
    let email = |to: &str| serde_json::json!({ "kind": "two_factor_enabled", "to": { "email": to, "name": "A", "username": to } });
    let busy = Job::enqueue(&mut db.conn(), JobKind::Email, &email("busy@example.org")).unwrap();
    let gone = Job::enqueue(&mut db.conn(), JobKind::Email, &email("gone@example.org")).unwrap();
    assert_eq!(worker.run_due().await.unwrap(), 2);
    let busy = Job::find(&mut db.conn(), busy).unwrap();
    assert_eq!(busy.status, JobStatus::Queued, "tried again later");
    assert!(
        busy.run_at > olympiad_persistence::now(),
        "after a back-off"
    );
    let gone = Job::find(&mut db.conn(), gone).unwrap();
    assert_eq!(
        gone.status,
        JobStatus::Failed,
        "a refused address is not tried again"
    );
    let logged = EmailLog::newest(&mut db.conn(), None, 10).unwrap();
    assert_eq!(logged.len(), 1);
    assert_eq!(logged[0].status, EmailOutcome::Failed);
}

#[actix_web::test]
async fn a_batch_records_each_outcome_and_sends_nothing_twice() {
    let db = TestDatabase::new();
    let geography = olympiad(&db);
    let overlord = overlord_in(&db);
    let server = refusing_gone_and_busy();
    let worker = worker(&db, smtp_mailer(&server));
    let mut jobs = HashMap::new();
    for to in [
        "ok1@example.org",
        "busy1@example.org",
        "ok2@example.org",
        "gone1@example.org",
        "busy2@example.org",
        "ok3@example.org",
        "gone2@example.org",
    ] {
        let id = Job::enqueue(&mut db.conn(), JobKind::Email, &two_factor(to)).unwrap();
        jobs.insert(to, id);
    }
    // A mass mail in the same batch: one of its addressees bounced for good after it was queued.
    interested(&db, geography.id, "reader@school.example.org");
    interested(&db, geography.id, "bounced@school.example.org");
    let mail = mass_mail(&db, geography.id, "In one batch");
    mass_mails::queue(&mut db.conn(), &overlord, mail, BASE).unwrap();
    queue::release_batch(
        &mut db.conn(),
        &overlord,
        &ReleaseBatchQuery {
            mass_mail_id: mail,
            qty: 10,
        },
    )
    .unwrap();
    bounces::receive_json(
        &mut db.conn(),
        &BounceInput {
            email: "bounced@school.example.org".into(),
            kind: BounceKind::Hard,
            detail: "550 5.1.1 no such user".into(),
        },
    )
    .unwrap();

    assert_eq!(worker.run_due().await.unwrap(), 9, "all taken, one batch");
    let received = received_by(&server);
    let mut delivered: Vec<&str> = received.keys().map(String::as_str).collect();
    delivered.sort_unstable();
    assert_eq!(
        delivered,
        [
            "ok1@example.org",
            "ok2@example.org",
            "ok3@example.org",
            "reader@school.example.org"
        ]
    );
    assert!(received.values().all(|n| *n == 1), "{received:?}");

    let status = |to: &str| Job::find(&mut db.conn(), jobs[to]).unwrap();
    for ok in ["ok1@example.org", "ok2@example.org", "ok3@example.org"] {
        assert_eq!(status(ok).status, JobStatus::Done, "{ok}");
    }
    for busy in ["busy1@example.org", "busy2@example.org"] {
        let job = status(busy);
        assert_eq!(job.status, JobStatus::Queued, "{busy}: tried again later");
        assert_eq!(job.attempts, 1);
        assert!(job.run_at > olympiad_persistence::now(), "after a back-off");
    }
    for gone in ["gone1@example.org", "gone2@example.org"] {
        let job = status(gone);
        assert_eq!(job.status, JobStatus::Failed, "{gone}: not tried again");
        assert!(job.last_error.unwrap_or_default().contains("550"));
    }
    // The e-mail log holds each final outcome once; a retry to come is not final.
    let logged = EmailLog::newest(&mut db.conn(), None, 50).unwrap();
    let outcome = |to: &str| -> Vec<EmailOutcome> {
        logged
            .iter()
            .filter(|l| l.recipient == to)
            .map(|l| l.status)
            .collect()
    };
    assert_eq!(outcome("ok2@example.org"), [EmailOutcome::Sent]);
    assert_eq!(outcome("reader@school.example.org"), [EmailOutcome::Sent]);
    assert_eq!(outcome("gone1@example.org"), [EmailOutcome::Failed]);
    assert_eq!(outcome("busy1@example.org"), []);
    assert_eq!(
        outcome("bounced@school.example.org"),
        [EmailOutcome::Skipped]
    );
    let view = mass_mails::get(&mut db.conn(), &overlord, mail).unwrap();
    assert_eq!((view.progress.sent, view.progress.skipped), (1, 1));

    // Nothing is taken again until its back-off is over; then only the temporary failures.
    assert_eq!(worker.run_due().await.unwrap(), 0);
    {
        use diesel::prelude::*;
        use olympiad_persistence::schema::jobs as table;
        diesel::update(table::table.filter(table::status.eq(JobStatus::Queued.as_str())))
            .set(table::run_at.eq(olympiad_persistence::now() - chrono::Duration::seconds(1)))
            .execute(&mut db.conn())
            .unwrap();
    }
    assert_eq!(worker.run_due().await.unwrap(), 2, "the two busy ones");
    assert_eq!(status("busy2@example.org").attempts, 2);
    assert_eq!(received_by(&server), received, "nothing sent twice");
}

#[actix_web::test]
async fn e_mails_interrupted_while_handed_over_are_not_sent_again() {
    let db = TestDatabase::new();
    let mut taken = Vec::new();
    for to in ["a@example.org", "b@example.org", "c@example.org"] {
        taken.push(Job::enqueue(&mut db.conn(), JobKind::Email, &two_factor(to)).unwrap());
    }
    // A worker took them as one batch (committed as running) and died before handing them over
    // or recording anything; its lease has run out.
    let claimed = Job::claim_emails(&mut db.conn(), "dead-worker", 10).unwrap();
    assert_eq!(claimed.len(), 3);
    assert!(claimed.iter().all(|job| job.status == JobStatus::Running));
    lease_ran_out(&db, &taken);
    let fresh = Job::enqueue(&mut db.conn(), JobKind::Email, &two_factor("d@example.org")).unwrap();

    let server = SmtpServer::start();
    let worker = worker(&db, smtp_mailer(&server));
    assert_eq!(worker.run_due().await.unwrap(), 1, "only the fresh one");
    assert_eq!(worker.reconcile_interrupted_emails().await.unwrap(), 3);
    assert_eq!(worker.reconcile_interrupted_emails().await.unwrap(), 0);
    for id in &taken {
        let job = Job::find(&mut db.conn(), *id).unwrap();
        assert_eq!(job.status, JobStatus::Failed);
        assert_eq!(job.last_error.as_deref(), Some(INTERRUPTED));
    }
    assert_eq!(
        Job::find(&mut db.conn(), fresh).unwrap().status,
        JobStatus::Done
    );
    let logged = EmailLog::newest(&mut db.conn(), None, 10).unwrap();
    let interrupted: Vec<&str> = logged
        .iter()
        .filter(|l| l.status == EmailOutcome::Failed && l.detail == INTERRUPTED)
        .map(|l| l.recipient.as_str())
        .collect();
    assert_eq!(interrupted.len(), 3, "{logged:?}");
    assert_eq!(worker.run_due().await.unwrap(), 0, "never taken again");
    let received = received_by(&server);
    assert_eq!(received.len(), 1);
    assert_eq!(received.get("d@example.org"), Some(&1));
}

/// An entered school with one teacher on its team and a purchase order in the given state.
fn entry_with_order(db: &TestDatabase, olympiad_id: OlympiadId, letter: &str, order: &str) {
    use diesel::connection::SimpleConnection;
    let school = format!("(SELECT id FROM schools WHERE name = 'School {letter}')");
    let user = format!("{letter}@school.example.org");
    let (paid, pre, deleted) = match order {
        "paid" => ("TRUE", "FALSE", "NULL"),
        "pre" => ("FALSE", "TRUE", "NULL"),
        "deleted" => ("FALSE", "FALSE", "CURRENT_TIMESTAMP"),
        _ => ("FALSE", "FALSE", "NULL"),
    };
    db.conn()
        .batch_execute(&format!(
            "INSERT INTO schools (name, province, sector, country_code) VALUES ('School {letter}', 'Gauteng', 'public', 'ZA');
             INSERT INTO users (username, email, password_hash, first_name, last_name) VALUES ('{user}', '{user}', 'x', 'Teacher', '{letter}');
             INSERT INTO teachers (user_id, school_id) SELECT id, {school} FROM users WHERE username = '{user}';
             INSERT INTO school_participants (olympiad_id, school_id) VALUES ({olympiad_id}, {school});
             INSERT INTO team_members (school_participant_id, teacher_id, is_team_admin)
               SELECT sp.id, t.id, TRUE FROM school_participants sp, teachers t
               WHERE sp.school_id = {school} AND t.user_id = (SELECT id FROM users WHERE username = '{user}');
             INSERT INTO purchase_orders (olympiad_id, school_participant_id, reference, pay_token, learners, unit_cents, subtotal_cents, vat_cents, total_cents, paid, pre_approved, deleted_at)
               SELECT {olympiad_id}, id, 'REF-{letter}', 'token-{letter}', 5, 5000, 25000, 3750, 28750, {paid}, {pre}, {deleted}
               FROM school_participants WHERE school_id = {school};"
        ))
        .unwrap();
}

#[actix_web::test]
async fn the_unpaid_orders_audience_reaches_only_entries_that_owe() {
    let db = TestDatabase::new();
    let geography = olympiad(&db);
    let overlord = overlord_in(&db);
    entry_with_order(&db, geography.id, "owes", "unpaid");
    entry_with_order(&db, geography.id, "paid", "paid");
    entry_with_order(&db, geography.id, "trusted", "pre");
    entry_with_order(&db, geography.id, "withdrawn", "deleted");
    let input = MassMailInput {
        olympiad_id: Some(geography.id),
        campaign_id: None,
        title: "Your order is unpaid".into(),
        audience: Audience::UnpaidOrders,
        copy: CopyInput {
            subject: "Your order is unpaid".into(),
            html: "<p>Dear {{name}}, please pay.</p>".into(),
            text: "Dear {{name}}, please pay.".into(),
        },
    };
    let id = mass_mails::create(&mut db.conn(), &overlord, &input)
        .unwrap()
        .mass_mail
        .id;
    let queued = mass_mails::queue(&mut db.conn(), &overlord, id, BASE).unwrap();
    assert_eq!((queued.queued, queued.skipped), (1, 0));
    let held = QueuedEmail::list(
        &mut db.conn(),
        &QueuedEmailFilter {
            mass_mail_id: Some(id),
            ..QueuedEmailFilter::default()
        },
    )
    .unwrap();
    assert_eq!(held.len(), 1);
    assert_eq!(
        held[0].recipient.as_deref(),
        Some("owes@school.example.org")
    );
}

#[actix_web::test]
async fn each_message_of_a_mass_mail_carries_its_files() {
    use base64::Engine;
    use olympiad_office::OfficeError;
    let db = TestDatabase::new();
    let uploads = tempfile::tempdir().unwrap();
    let unique = uploads.path().file_name().unwrap().to_string_lossy();
    let files = olympiad_storage::for_tests(uploads.path(), &unique).unwrap();
    let geography = olympiad(&db);
    let overlord = overlord_in(&db);
    interested(&db, geography.id, "a@school.example.org");
    let id = mass_mail(&db, geography.id, "With the entry form");
    let form: &[u8] = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << >> endobj\n%%EOF\n";
    let attach = |name: &str, bytes: &[u8]| {
        mass_mails::attach(&mut db.conn(), &overlord, id, name, bytes, &files)
    };
    let view = attach("entry-form.pdf", form).unwrap();
    assert_eq!(view.attachments.len(), 1);
    assert_eq!(view.attachments[0].content_type, "application/pdf");
    // Judged by content, not name: a script called .pdf is refused.
    assert!(matches!(
        attach("form.pdf", b"#!/bin/sh\necho hi\n"),
        Err(OfficeError::UnsupportedFile(_))
    ));
    // Too large for one file: a validation naming the file.
    let mut big = b"%PDF-1.4\n".to_vec();
    big.resize(olympiad_domain::email::MASS_MAIL_MAX_FILE_BYTES + 1, b' ');
    assert!(matches!(
        attach("big.pdf", &big),
        Err(OfficeError::Invalid { ref field, .. }) if field == "file"
    ));
    // A fourth file is a conflict; removing one makes room.
    let second = attach("second.pdf", b"%PDF-1.4\n% second\n").unwrap();
    attach("third.pdf", b"%PDF-1.4\n% third\n").unwrap();
    assert!(matches!(
        attach("fourth.pdf", b"%PDF-1.4\n% fourth\n"),
        Err(OfficeError::Conflict { .. })
    ));
    for file in &second.attachments[1..] {
        mass_mails::detach(&mut db.conn(), &overlord, id, file.id, &files).unwrap();
    }
    attach("fourth.pdf", b"%PDF-1.4\n% fourth\n").unwrap();

    mass_mails::queue(&mut db.conn(), &overlord, id, BASE).unwrap();
    // Once queued, its files are fixed.
    assert!(matches!(
        attach("late.pdf", form),
        Err(OfficeError::Conflict { .. })
    ));
    queue::release_batch(
        &mut db.conn(),
        &overlord,
        &ReleaseBatchQuery {
            mass_mail_id: id,
            qty: 10,
        },
    )
    .unwrap();
    let server = SmtpServer::start();
    let worker = worker(&db, smtp_mailer(&server).with_files_from(files.clone()));
    assert_eq!(worker.run_due().await.unwrap(), 1);
    let data = server.wait_for(1, Duration::from_secs(5))[0].data.clone();
    assert!(data.contains("Content-Type: multipart/mixed"), "{data}");
    assert!(data.contains("Content-Disposition: attachment; filename=\"entry-form.pdf\""));
    assert!(data.contains("Content-Disposition: attachment; filename=\"fourth.pdf\""));
    assert!(!data.contains("filename=\"second.pdf\""));
    let unfolded = data.replace("\r\n", "");
    let encoded = base64::engine::general_purpose::STANDARD.encode(form);
    assert!(unfolded.contains(&encoded), "the file's bytes arrive whole");
    assert!(data.contains("Dear Thandi a"), "the message is still there");
}
